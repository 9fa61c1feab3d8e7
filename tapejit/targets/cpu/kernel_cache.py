"""Compiled kernels, in memory and on disk.

Numba's ``cache=True`` cannot cache code built with ``exec``, so each
generated kernel is written as a module file in the store's folder
``numba/``, named by a hash of its source and the store's fingerprint, and
run from there; Numba caches its machine code beside it.  Nothing on disk is
trusted as it stands:

- the module runs from the source this process generated (the file only
  names it for Numba), and a file that does not hold that source is
  rewritten with a warning;
- Numba's own cache files (pickles with no integrity check) are verified
  before Numba reads them against their SHA-256 digests, recorded after each
  save in an authenticated store entry (folder ``numba-files/``); a file that
  differs is deleted, with one warning, and Numba compiles the kernel again.
  Where it cannot be deleted (a read-only cache), Numba's cache is not read.

An unwritable directory means in-memory compilation and one warning.
``TAPEJIT_DEBUG=1`` prints each kernel's source as it compiles.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import os
import sys
import tempfile
import threading
import types
from typing import Any, Callable, Iterator, Optional

from tapejit.compiler import store
from tapejit.compiler.store import cache_dir, warn_once
from tapejit.targets.cpu import native as native_kernels

_lock = threading.Lock()
_memory: dict = {}          # key -> dispatcher

HEADER = ('import math\nimport numpy as np\nfrom numba import njit\n'
          'from tapejit.targets.cpu.vecmath import tanh_f32\n\n')


def _fingerprint() -> str:
    from tapejit.targets.cpu.host_cpu import host_cpu
    # (Numba's version from its metadata: importing Numba only to key a
    # kernel would cost a process that runs native kernels alone.)
    return store.fingerprint('numba', 'llvmlite', cpu='|'.join(host_cpu()))


_FP: Optional[str] = None


def _key(source: str, flags: str) -> str:
    global _FP
    if _FP is None:
        _FP = _fingerprint()
    return hashlib.sha256(f'{_FP}\n{flags}\n{source}'.encode()).hexdigest()[:24]


def _decorate(name: str, source: str, fastmath: Any, cache: bool) -> str:
    # error_model="numpy": a float division by zero gives inf/NaN as in NumPy
    # instead of raising, and leaves the loop without an exit so it vectorizes.
    # (Numba compiles the parallel kernels only: serial over a range of
    # chunks, without the GIL, so that the plan's threads run them at once.)
    return (HEADER + f'@njit(fastmath={fastmath}, cache={cache}, '
            'nogil=True, boundscheck=False, error_model="numpy")\n'
            + source.replace(f'def {name}(', 'def kernel(', 1))


def _in_memory(text: str, modname: str) -> Any:
    mod = types.ModuleType(modname)
    exec(compile(text, f'<{modname}>', 'exec'), mod.__dict__)
    return mod


def load_module(path: str, text: str, modname: str) -> Any:
    """Run ``text`` as the module of the file at ``path``, written atomically
    first where absent or different (then with a warning).  The module runs
    from ``text`` itself, never from a bytecode file; its Numba dispatchers'
    disk caches are verified (:func:`guard_numba_cache`).
    """
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
    exec(compile(text, path, 'exec'), mod.__dict__)
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


def _numba_files(path: str, base: str) -> dict:
    """``{file name: SHA-256}`` of the cache files Numba keeps for the
    function whose index is ``<path>/<base>.nbi``."""
    out: dict = {}
    try:
        names = os.listdir(path)
    except OSError:
        return out
    for n in names:
        if n.startswith(base + '.') and n.endswith(('.nbi', '.nbc')) and '.tmp.' not in n:
            try:
                with open(os.path.join(path, n), 'rb') as f:
                    out[n] = hashlib.sha256(f.read()).hexdigest()
            except OSError:
                out[n] = 'unreadable'
    return out


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
    disk cache only once its files are verified against the digests kept in
    the store, and record the digests each time it saves; where its cache
    files cannot be located, it caches nothing on disk.

    >>> class Disp:                        # (no Numba cache: nothing to guard)
    ...     _cache = py_func = None
    >>> guard_numba_cache(Disp(), 'demo')
    """
    cache = getattr(dispatcher, '_cache', None)
    if cache is None or not hasattr(cache, 'load_overload'):
        return
    path = getattr(cache, '_cache_path', None)
    index = getattr(getattr(cache, '_cache_file', None), '_index_path', None)
    module = inspect.getsourcefile(dispatcher.py_func) if path and index else None
    if not module or not index.endswith('.nbi'):
        from numba.core.caching import NullCache
        dispatcher._cache = NullCache()  # (unknown layout: never read unverified files)
        return
    base = os.path.basename(index)[:-len('.nbi')]
    d = store.cache_dir()
    folder = os.path.join(d, 'numba-files') if d else None
    key = f'numba-files\n{name}\n{base}'
    trusted = folder is not None

    def verify() -> bool:
        """Whether Numba may read the files (each as recorded); others are
        deleted, with one warning, for Numba to write again."""
        nonlocal trusted
        files = _numba_files(path, base)
        if not files or not trusted:
            return trusted
        blob = store.read(folder, key, 'recompiling the kernel')
        known = dict(line.split(' ', 1) for line in blob.decode().splitlines()) if blob else {}
        bad = sorted(n for n, h in files.items() if known.get(n) != h)
        if not bad:
            return True
        warn_once(f'{path}/{base}',
                  f'tapejit: Numba cache files {", ".join(bad)} in {path} do not match '
                  f'their recorded digests (damaged, stale or planted); recompiling it')
        if not all([_unlink(os.path.join(path, n)) for n in files]):
            trusted = False  # (read-only: never read them, compile in memory)
        return trusted

    load, save = cache.load_overload, cache.save_overload

    def load_overload(sig: Any, target_context: Any) -> Any:
        with _locked(module, False):
            return load(sig, target_context) if verify() else None

    def save_overload(sig: Any, data: Any) -> None:
        with _locked(module, True):
            if verify():
                save(sig, data)
                files = _numba_files(path, base)
                store.write(folder, key,
                            ''.join(f'{n} {h}\n' for n, h in sorted(files.items())).encode())

    cache.load_overload, cache.save_overload = load_overload, save_overload


def load(key: str, label: str, text: str, from_disk: Callable[[str], Any],
          from_memory: Callable[[], Any]) -> Any:
    """The dispatcher filed under ``key``: from this process's memory, else
    the disk cache directory (``from_disk(dir)``), else compiled in memory
    (no usable directory).  ``label`` and ``text`` are what
    ``TAPEJIT_DEBUG=1`` prints."""
    with _lock:
        k = _memory.get(key)
        if k is not None:
            return k
        if os.environ.get('TAPEJIT_DEBUG', '') not in ('', '0'):
            print(f'--- tapejit {label} {key}\n{text}', file=sys.stderr)
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


def get_kernel(name: str, source: str, kernel: Any, *, parallel: bool,
               fastmath: Any = False, exclusive: bool = False) -> Any:
    """The kernel rendered as ``source`` (a function named ``name``) from
    the loop IR ``kernel``: the Numba dispatcher of ``source`` where it is
    ``parallel``, else compiled natively (:class:`native.NativeKernel`,
    ``exclusive`` as there).  ``fastmath``: a bool, or a set of LLVM
    fast-math flags."""
    flags = f'parallel={parallel} fastmath={fastmath}'
    if not parallel:
        # Keyed without _key: that reads Numba's version, which a process
        # loading only native kernels never needs.
        mkey = (f'native|{exclusive}|'
                + hashlib.sha256(f'{flags}\n{source}'.encode()).hexdigest()[:24])

        def make(d: Optional[str]) -> Any:
            return native_kernels.NativeKernel(name, kernel, fastmath, d, exclusive=exclusive)
        return load(mkey, f'native kernel ({flags})', source,
                    lambda d: make(os.path.join(d, 'native')), lambda: make(None))
    key = _key(source, flags)
    return load_source(key, f'kernel ({flags})', source, f'tapejit_kernel_{key}',
                       os.path.join('numba', f'k_{key}.py'),
                       lambda cache: _decorate(name, source, fastmath, cache))


def load_source(key: str, label: str, source: str, modname: str, path: str,
                text: Callable[[bool], str],
                kernel: Callable[[Any], Any] = lambda mod: mod.kernel) -> Any:
    """The dispatcher of a generated kernel filed under ``key`` (see
    :func:`load`): the module ``text(cache)`` run as ``modname`` from the
    file ``path`` in the cache directory (:func:`load_module`), else in
    memory; ``kernel(module)`` is the dispatcher.

    >>> text = lambda cache: f'class kernel:\\n    signatures = [{cache}]\\n'
    >>> k = load_source('e' * 24, 'demo', '', 'tapejit_demo', 'demo.py', text)
    >>> k.signatures in ([True], [False])        # (False: the disk cache is off)
    True
    """
    return load(key, label, source, lambda d: kernel(load_module(os.path.join(d, path),
                                                                 text(True), modname)),
                lambda: kernel(_in_memory(text(False), modname)))


def compile_in_memory(name: str, source: str, fastmath: Any = False) -> Any:
    """Compile the parallel kernel ``source`` without the disk cache (after
    a cache entry failed to load)."""
    key = _key(source, f'parallel=True fastmath={fastmath}')
    k = _in_memory(_decorate(name, source, fastmath, False), f'tapejit_kernel_{key}').kernel
    with _lock:
        _memory[key] = k
    return k


def compiled_signatures() -> int:
    """How many (kernel, argument types) pairs this process has compiled or
    loaded, natively compiled one-call plans included: a new batch size must
    not add any.

    >>> compiled_signatures() >= 0
    True
    """
    with _lock:
        kernels = sum(len(k.signatures) for k in _memory.values())
    with native_kernels.lock():
        plans = sum(1 for symbol in native_kernels._entries if symbol.startswith('tjplan_'))
    return kernels + plans
