"""Generated ``numba.cuda`` kernels on disk
(:mod:`tapejit.targets.cuda.executable`), and the in-memory table of every
compiled kernel of either target (the CPU's native ones too,
:mod:`tapejit.targets.cpu.kernel_cache`), filed by the key its target gives
it (a hash of the kernel's loop-IR digest, :func:`tapejit.compiler.loop_ir.digest`,
what the IR leaves out and the store's fingerprint).

Numba's ``cache=True`` cannot cache code built with ``exec``, so each
generated kernel is written as a module file in a folder of the store
(``cuda/<arch>`` for a GPU), named by its key, and
run from there; Numba keeps its machine code beside it (or wherever its
``NUMBA_CACHE_DIR`` says).  Nothing on disk is trusted as it stands:

- the module runs from the source this process generated (the file only
  names it for Numba), and a file that does not hold that source is
  rewritten with a warning;
- Numba's own cache files (pickles with no integrity check) are read by
  tapejit in Numba's place: each file is read once, its bytes are checked
  against the SHA-256 digest recorded when they were written, in an
  authenticated store entry (folder ``numba-files/``), and those very bytes
  are unpickled.  Nothing is opened again after the check, so a file
  swapped in meanwhile (another user's, in a shared ``NUMBA_CACHE_DIR``) is
  never loaded.  A file that differs is deleted, with one warning, and
  Numba compiles the kernel again; where it cannot be deleted (a read-only
  cache), Numba's cache is not read.

An unwritable directory, or one where Numba finds nowhere to keep its files,
means in-memory compilation and one warning.
``TAPEJIT_DEBUG=1`` prints each kernel's source as it compiles.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import io
import itertools
import os
import pickle
import sys
import tempfile
import threading
import types
from typing import Any, Callable, Iterator, Optional

from tapejit.compiler import store
from tapejit.compiler.store import cache_dir, warn_once

_lock = threading.Lock()
_memory: dict = {}          # key -> compiled kernel (a dispatcher, a native kernel)


def _in_memory(text: str, modname: str) -> Any:
    mod = types.ModuleType(modname)
    exec(compile(text, f'<{modname}>', 'exec'), mod.__dict__)
    return mod


def load_module(path: str, text: str, modname: str) -> Any:
    """Run ``text`` as the module of the file at ``path``, written atomically
    first where absent or different (then with a warning).  The module runs
    from ``text`` itself (after the line that marks the file as the
    store's, :data:`store.MODULE_MARK`), never from a bytecode file; its
    Numba dispatchers read their disk caches only as verified bytes
    (:func:`guard_numba_cache`).  Raises OSError where the file cannot be
    written or Numba finds no directory for its cache files.
    """
    text = store.MODULE_MARK.decode() + text
    data = text.encode()
    try:
        # Bytes, not text: a damaged entry need not even be UTF-8.
        with open(path, 'rb') as f:
            ok = f.read() == data
    except FileNotFoundError:
        ok = None
    except OSError:
        ok = False
    if ok is False:
        warn_once(path, f'tapejit: kernel cache entry {path} is damaged; rewriting it')
    if not ok:
        d = os.path.dirname(path)
        os.makedirs(d, mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix='.tmp-', suffix='.py')
        try:
            with os.fdopen(fd, 'wb') as f:
                f.write(data)
            os.replace(tmp, path)  # atomic: a reader sees the old file or the whole new one
        except BaseException:
            _unlink(tmp)
            raise
    mod = types.ModuleType(modname)
    mod.__file__ = path
    # Numba's cache re-imports the module by name when it loads a kernel.
    sys.modules[modname] = mod
    try:
        exec(compile(text, path, 'exec'), mod.__dict__)
    except RuntimeError as e:
        # ``cache=True`` where Numba can write neither beside the module (a
        # read-only cache) nor in its own directories (no NUMBA_CACHE_DIR,
        # an unwritable home): the caller compiles in memory instead.
        if not str(e).startswith('cannot cache function'):
            raise
        sys.modules.pop(modname, None)
        raise OSError(f'Numba finds no writable directory for the machine code of '
                      f'{os.path.basename(path)}') from e
    for name, value in list(vars(mod).items()):
        if getattr(getattr(value, 'py_func', None), '__module__', None) == modname:
            guard_numba_cache(value, f'{modname}.{name}')
    return mod


def _unlink(path: str) -> bool:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError:
        return False
    return True


def _function_files(path: str, base: str) -> list:
    """The names of the cache files Numba keeps in ``path`` for the function
    whose index is ``<base>.nbi``."""
    try:
        names = os.listdir(path)
    except OSError:
        return []
    return [n for n in names
            if n.startswith(base + '.') and n.endswith(('.nbi', '.nbc')) and '.tmp.' not in n]


class _Untrusted(Exception):
    """A cache file whose bytes are not those recorded for it (its name)."""


class _VerifiedFiles:
    """Numba's index and data files of one function, in the format of the
    ``IndexDataCacheFile`` (``original``) this stands in for, each read
    once and unpickled only where its bytes have the digest that
    :attr:`digests` records for its name (else :class:`_Untrusted`);
    :attr:`digests` gains the digest of each file written.

    >>> class Original:                    # (what Numba's cache file holds)
    ...     _cache_path, _index_name = tempfile.mkdtemp(), 'f-1.py311.nbi'
    ...     _data_name_pattern, _source_stamp, _version = 'f-1.py311.{number:d}.nbc', 's', 'v'
    ...     _dump = staticmethod(pickle.dumps)
    >>> files = _VerifiedFiles(Original())
    >>> files.save(('sig',), {'code': 1})
    >>> files.load(('sig',))
    {'code': 1}
    >>> files.digests.clear()              # (no record: nothing is trusted)
    >>> files.load(('sig',))
    Traceback (most recent call last):
      ...
    tapejit.targets.numba_cache._Untrusted: f-1.py311.nbi
    """

    def __init__(self, original: Any) -> None:
        self.path: str = original._cache_path
        self.index_name: str = original._index_name
        self._data_names: str = original._data_name_pattern
        self._stamp = original._source_stamp
        self._version = original._version
        # (Its own serializer: the CPU's and the CUDA target's differ.)
        self._dump = original._dump
        self.digests: dict = {}

    def _read(self, name: str) -> Optional[bytes]:
        try:
            with open(os.path.join(self.path, name), 'rb') as f:
                blob = f.read()
        except FileNotFoundError:
            return None
        except OSError as e:
            raise _Untrusted(name) from e
        if hashlib.sha256(blob).hexdigest() != self.digests.get(name):
            raise _Untrusted(name)
        return blob

    def _write(self, name: str, blob: bytes) -> None:
        # (A file of its own, renamed into place: a reader, or another
        # user of a shared directory, never gets to write into it.)
        fd, tmp = tempfile.mkstemp(dir=self.path, prefix='.tmp-')
        try:
            with os.fdopen(fd, 'wb') as f:
                f.write(blob)
            os.replace(tmp, os.path.join(self.path, name))
        except BaseException:
            _unlink(tmp)
            raise
        self.digests[name] = hashlib.sha256(blob).hexdigest()

    def _load_index(self) -> dict:
        blob = self._read(self.index_name)
        if blob is None:
            return {}
        f = io.BytesIO(blob)
        if pickle.load(f) != self._version:
            return {}
        stamp, overloads = pickle.loads(f.read())
        return overloads if stamp == self._stamp else {}

    def _save_index(self, overloads: dict) -> None:
        self._write(self.index_name, pickle.dumps(self._version, protocol=-1)
                    + self._dump((self._stamp, overloads)))

    def load(self, key: Any) -> Any:
        """The data saved under ``key``, or None."""
        name = self._load_index().get(key)
        blob = self._read(name) if name is not None else None
        return None if blob is None else pickle.loads(blob)

    def save(self, key: Any, data: Any) -> None:
        """Save ``data`` under ``key`` (its data file first, then the index
        that names it)."""
        overloads = self._load_index()
        name = overloads.get(key)
        if name is None:
            used = set(overloads.values())
            names = (self._data_names.format(number=i) for i in itertools.count(1))
            name = next(n for n in names if n not in used)
        self._write(name, self._dump(data))
        if overloads.get(key) != name:
            overloads[key] = name
            self._save_index(overloads)

    def flush(self) -> None:
        """Forget every entry."""
        self._save_index({})


@contextlib.contextmanager
def _locked(path: str, exclusive: bool) -> Iterator[None]:
    """A lock between processes on the file ``path`` (where ``fcntl`` can)."""
    try:
        import fcntl
        fd = os.open(path, os.O_RDONLY)
    except (ImportError, OSError):
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)


def guard_numba_cache(dispatcher: Any, name: str) -> None:
    """Have ``dispatcher`` (a Numba dispatcher with ``cache=True``) read its
    disk cache through :class:`_VerifiedFiles`, checked against the digests
    kept in the store (entry ``numba-files/<name>``), and record the digests
    of what it saves; where its cache files cannot be located, it caches
    nothing on disk.

    >>> class Disp:                        # (no Numba cache: nothing to guard)
    ...     _cache = py_func = None
    >>> guard_numba_cache(Disp(), 'demo')
    """
    cache = getattr(dispatcher, '_cache', None)
    if cache is None or not hasattr(cache, 'load_overload'):
        return
    try:
        files = _VerifiedFiles(cache._cache_file)
        module = inspect.getsourcefile(dispatcher.py_func)
    except (AttributeError, TypeError):
        files = module = None
    if files is None or not module or not files.index_name.endswith('.nbi'):
        from numba.core.caching import NullCache
        dispatcher._cache = NullCache()  # (unknown layout: never read unverified files)
        return
    cache._cache_file = files  # (what Numba's own load and save go through)
    path, base = files.path, files.index_name[:-len('.nbi')]
    d = store.cache_dir()
    folder = os.path.join(d, 'numba-files') if d else None
    key = f'numba-files\n{name}\n{base}'
    trusted = folder is not None

    def recorded() -> dict:
        """The digests recorded for the function's files (authenticated)."""
        blob = store.read(folder, key, 'recompiling the kernel')
        lines = blob.decode(errors='replace').splitlines() if blob else []
        return dict(ln.split(' ', 1) for ln in lines if ' ' in ln)

    def distrust(bad: _Untrusted) -> None:
        """Warn of the file ``bad`` names and delete the function's files for
        Numba to write again; where they stay, read none from then on."""
        nonlocal trusted
        warn_once(f'{path}/{base}',
                  f'tapejit: Numba cache files {bad} in {path} do not match their recorded '
                  f'digests (damaged, stale or planted); recompiling it')
        if not all([_unlink(os.path.join(path, n)) for n in _function_files(path, base)]):
            trusted = False  # (read-only: never read them, compile in memory)
        files.digests = {}

    load, save = cache.load_overload, cache.save_overload

    def load_overload(sig: Any, target_context: Any) -> Any:
        if not trusted:
            return None
        with _locked(module, False):
            files.digests = recorded()
            try:
                return load(sig, target_context)
            except _Untrusted as e:
                distrust(e)
                return None

    def save_overload(sig: Any, data: Any) -> None:
        if not trusted:
            return
        with _locked(module, True):
            before = recorded()
            files.digests = dict(before)
            try:
                for attempt in (0, 1):  # (again once the mismatched files are gone)
                    try:
                        save(sig, data)
                        break
                    except _Untrusted as e:
                        distrust(e)
                        if not trusted or attempt:
                            return
            except OSError as e:
                warn_once('unwritable', f'tapejit: cannot write Numba\'s cache files in {path} '
                                        f'({e.strerror or e}); compiling in memory only')
                return
            if files.digests != before:
                lines = ''.join(f'{n} {h}\n' for n, h in sorted(files.digests.items()))
                store.write(folder, key, lines.encode())

    cache.load_overload, cache.save_overload = load_overload, save_overload


def load(key: str, label: str, source: Callable[[], str], from_disk: Callable[[str], Any],
         from_memory: Callable[[], Any]) -> Any:
    """The kernel filed under ``key``: from this process's memory, else the
    disk cache directory (``from_disk(dir)``), else compiled in memory (no
    usable directory).  ``label`` and ``source()`` are what
    ``TAPEJIT_DEBUG=1`` prints."""
    with _lock:
        k = _memory.get(key)
        if k is not None:
            return k
        if os.environ.get('TAPEJIT_DEBUG', '') not in ('', '0'):
            print(f'--- tapejit {label} {key}\n{source()}', file=sys.stderr)
        d = cache_dir()
        k = None
        if d is not None:
            try:
                k = from_disk(d)
            except OSError as e:
                warn_once('unwritable', f'tapejit: cannot use the kernel cache directory '
                           f'{d} ({e}); compiling in memory only')
        if k is None:
            k = from_memory()
        _memory[key] = k
        return k


def load_source(key: str, label: str, source: str, modname: str, path: str,
                text: Callable[[bool], str],
                kernel: Callable[[Any], Any] = lambda mod: mod.kernel) -> Any:
    """The dispatcher of a generated kernel (``source``) filed under ``key``
    (see :func:`load`): the module ``text(cache)`` run as ``modname`` from
    the file ``path`` in the cache directory (:func:`load_module`), else in
    memory; ``kernel(module)`` is the dispatcher.

    >>> text = lambda cache: f'class kernel:\\n    signatures = [{cache}]\\n'
    >>> k = load_source('e' * 24, 'demo', '', 'tapejit_demo', 'demo.py', text)
    >>> k.signatures in ([True], [False])        # (False: the disk cache is off)
    True
    """
    return load(key, label, lambda: source,
                lambda d: kernel(load_module(os.path.join(d, path), text(True), modname)),
                lambda: kernel(_in_memory(text(False), modname)))


def loaded() -> list:
    """The kernels this process has filed in memory (each has ``signatures``).

    >>> all(hasattr(k, 'signatures') for k in loaded())
    True
    """
    with _lock:
        return list(_memory.values())
