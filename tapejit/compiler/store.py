"""The disk cache: one store for every artifact a compile writes, built so
that nothing in it can be turned against its user (docs/reliability.md,
section 3): its root (``TAPEJIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/tapejit``
or ``~/.cache/tapejit``) is created 0700 and refused when another user owns
it or others can write it; an entry is ``MAGIC``, an HMAC-SHA256 under a
per-user secret key kept outside the cache (``TAPEJIT_KEY_FILE``), the key it
was written for and the payload, and nothing is unpickled or run before
:func:`read` checks both; a damaged entry is a miss with one warning, repaired
by the next (atomic) :func:`write`.

>>> import os, tempfile
>>> folder = os.path.join(tempfile.mkdtemp(), 'demo')
>>> write(folder, 'the key', b'payload')
>>> read(folder, 'the key')
b'payload'
>>> read(folder, 'another key') is None   # never another key's payload
True
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import os
import re
import stat
import sys
import tempfile
import threading
import time
import warnings
from typing import Optional

MAGIC = b'TJSTORE2'
_MAC = 32
_HEAD = len(MAGIC) + _MAC + 4
warned: set = set()  # tags already warned of in this process
_lock = threading.Lock()
_roots: dict = {}            # cache directory -> whether it passed the checks
_secret: list = []           # [(key file path, key or None)]


def warn_once(tag: str, msg: str) -> None:
    """Warn ``msg`` unless a warning tagged ``tag`` was given already.

    >>> warn_once('demo-tag', 'tapejit: a demo warning')  # doctest: +SKIP
    """
    if tag not in warned:
        warned.add(tag)
        warnings.warn(msg, RuntimeWarning, stacklevel=3)


def _off() -> bool:
    return os.environ.get('TAPEJIT_CACHE', '1').lower() in ('0', 'false', 'off', 'no')


_home_paths: dict = {}  # (HOME, USERPROFILE, default, names) -> the path under the home


def _setting(name: str, xdg: str, default: str, *names: str) -> str:
    """The path the environment variable ``name`` sets, else ``names`` under
    the XDG directory ``xdg`` (else ``~/default``).  Read at every entry
    read or written: the home directory's path is kept per ``HOME`` (and
    ``USERPROFILE``, Windows's)."""
    env = os.environ
    given = env.get(name)
    if given:
        return given
    base = env.get(xdg)
    if base:
        return os.path.join(base, *names)
    key = (env.get('HOME'), env.get('USERPROFILE'), default, names)
    path = _home_paths.get(key)
    if path is None:
        path = _home_paths[key] = os.path.join(os.path.expanduser('~'), default, *names)
    return path


def _root_dir() -> str:
    return _setting('TAPEJIT_CACHE_DIR', 'XDG_CACHE_HOME', '.cache', 'tapejit')


def cache_dir() -> Optional[str]:
    """The store's directory (``<root>/kernels``), or None (compiling in
    memory) where the cache is off (``TAPEJIT_CACHE=0``), its root is refused
    or no secret key can be had (each with one warning but the first).

    >>> cache_dir() is None or cache_dir().endswith('kernels')
    True
    """
    if _off():
        return None
    top = _root_dir()
    d = os.path.join(top, 'kernels')
    with _lock:
        ok = _roots.get(d)
        if ok is None:
            ok = _roots[d] = _check_root(top, d) and secret() is not None
    return d if ok else None


def forget() -> None:
    """Check the root and read the secret key again (as a new process would),
    and give the once-per-process warnings again.

    >>> forget()
    """
    with _lock:
        _roots.clear()
        _secret.clear()
        warned.clear()


def _unsafe(path: str) -> Optional[str]:
    """Why the directory ``path`` is not the user's own, or None."""
    try:
        st = os.stat(path)
    except OSError as e:
        return f'cannot be read ({e.strerror})'
    if not stat.S_ISDIR(st.st_mode):
        return 'is not a directory'
    if hasattr(os, 'geteuid') and st.st_uid != os.geteuid():
        return f'is owned by another user (uid {st.st_uid})'
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f'is writable by group or others (mode {stat.S_IMODE(st.st_mode):o})'
    return None


def _check_root(top: str, d: str) -> bool:
    """Create the root and its folder (0700) where missing; refuse, with one
    warning, a root or folder another user owns or others can write."""
    for path in (top, d):
        if not os.path.exists(path):
            try:
                os.makedirs(path, mode=0o700, exist_ok=True)
            except OSError:
                # A read-only place: nothing to read either; writes warn.
                return True
        why = _unsafe(path)
        if why is not None:
            warn_once('refused', f'tapejit: cannot use the kernel cache directory {path}: it '
                                 f'{why}; compiling in memory only (give it a directory of '
                                 'your own, mode 700: TAPEJIT_CACHE_DIR)')
            return False
    return True


def secret() -> Optional[bytes]:
    """The per-user key that authenticates entries (``TAPEJIT_KEY_FILE``, else
    ``$XDG_CONFIG_HOME/tapejit/key`` or ``~/.config/tapejit/key``; created 0600
    on first use); None, with one warning, where it can be neither read nor
    created or others could read it.

    >>> k = secret()
    >>> k is None or len(k) == 32
    True
    """
    path = _setting('TAPEJIT_KEY_FILE', 'XDG_CONFIG_HOME', '.config', 'tapejit', 'key')
    if _secret and _secret[0][0] == path:
        return _secret[0][1]
    key = None
    try:
        key = _read_key(path) or _create_key(path)  # (a key read is never empty)
    except OSError as e:
        warn_once('key', f'tapejit: cannot read or create the cache key {path} '
                         f'({e.strerror or e}); compiling in memory only (set '
                         f'TAPEJIT_KEY_FILE to a file in a writable directory of your own)')
    except ValueError as e:
        warn_once('key', f'tapejit: refusing the cache key {path}: {e}; compiling in '
                         f'memory only')
    _secret[:] = [(path, key)]
    return key


def _read_key(path: str) -> Optional[bytes]:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, 'O_NOFOLLOW', 0))
    except FileNotFoundError:
        return None
    with os.fdopen(fd, 'rb') as f:
        st = os.fstat(f.fileno())
        if hasattr(os, 'geteuid') and st.st_uid != os.geteuid():
            raise ValueError(f'it is owned by another user (uid {st.st_uid})')
        if st.st_mode & 0o077:
            raise ValueError(f'others may read or write it (mode {stat.S_IMODE(st.st_mode):o}; '
                             f'chmod 600 it)')
        key = f.read(64)
    if len(key) != 32:
        raise ValueError(f'it holds {len(key)} bytes, not 32 (delete it: a new one is made)')
    return key


def _create_key(path: str) -> bytes:
    d = os.path.dirname(path) or '.'
    os.makedirs(d, mode=0o700, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=d, prefix='.key-')  # mode 0600
    try:
        with os.fdopen(fd, 'wb') as f:
            f.write(os.urandom(32))
        try:
            os.link(tmp, path)  # never over a key another process just made
        except FileExistsError:
            pass
    finally:
        os.unlink(tmp)
    key = _read_key(path)
    if key is None:
        raise OSError(f'{path} vanished')
    return key


# ------------------------------------------------------------------ entries
def entry_path(folder: str, key: str, name: Optional[str] = None) -> str:
    """The file of ``key``'s entry in ``folder``: ``name``, else a hash of
    the key (the entry records the key itself either way).

    >>> os.path.basename(entry_path('/c/plan', 'k'))[-4:]
    '.bin'
    """
    return os.path.join(folder, name or hashlib.sha256(key.encode()).hexdigest()[:40] + '.bin')


def read(folder: str, key: str, redo: str = 'recompiling it',
         name: Optional[str] = None) -> Optional[bytes]:
    """The payload written under ``key`` in ``folder``; None where there is
    none, or (with one warning ending in ``redo``) where the entry fails a
    check.  ``name``: the entry's file name, as written.

    >>> import tempfile
    >>> read(tempfile.mkdtemp(), 'never written') is None
    True
    """
    path = entry_path(folder, key, name)
    try:
        with open(path, 'rb') as f:
            blob = f.read()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        why = f'cannot be read ({e.strerror})'
    else:
        why = _check(blob, key)
        if why is None:
            return blob[_HEAD + len(key.encode()):]
    warn_once(path, f'tapejit: cache entry {path} {why}; {redo}')
    return None


def _check(blob: bytes, key: str) -> Optional[str]:
    """Why ``blob`` is not an authentic entry for ``key``, or None."""
    k = secret()
    if k is None:
        return 'cannot be checked (no key)'
    framed = parse(blob)
    if framed is None:
        return 'is damaged (not an entry: truncated, emptied or foreign)'
    mac = hmac.digest(k, memoryview(blob)[len(MAGIC) + _MAC:], 'sha256')
    if not hmac.compare_digest(mac, blob[len(MAGIC):len(MAGIC) + _MAC]):
        return 'is damaged (it fails authentication: damaged or forged)'
    if framed[0] != key:
        return 'was written for another key (swapped or stale)'
    return None


def parse(blob: bytes) -> Optional[tuple]:
    """``(key, payload)`` of an entry's bytes, NOT authenticated (for
    inspection and tests; :func:`read` is what loads); None where ``blob``
    is not framed as an entry.

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> write(d, 'k', b'x')
    >>> parse(open(entry_path(d, 'k'), 'rb').read())
    ('k', b'x')
    """
    if len(blob) < _HEAD or blob[:len(MAGIC)] != MAGIC:
        return None
    n = int.from_bytes(blob[_HEAD - 4:_HEAD], 'little')
    try:
        return blob[_HEAD:_HEAD + n].decode(), blob[_HEAD + n:]
    except UnicodeDecodeError:
        return None


def write(folder: str, key: str, payload: bytes, name: Optional[str] = None) -> None:
    """Write ``payload`` under ``key`` in ``folder`` (over a damaged entry:
    that repairs it); where that cannot be done (read-only, full, no key),
    warn once a process and go on (the caller keeps what it compiled).

    >>> import tempfile
    >>> write(tempfile.mkdtemp(), 'k', b'x')
    """
    k = secret()
    if k is None:
        return
    kb = key.encode()
    body = len(kb).to_bytes(4, 'little') + kb + payload
    blob = MAGIC + hmac.digest(k, body, 'sha256') + body
    tmp = None
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix='.tmp-')
        with os.fdopen(fd, 'wb') as f:
            f.write(blob)
        os.replace(tmp, entry_path(folder, key, name))
        tmp = None
    except OSError as e:
        warn_once('unwritable', f'tapejit: cannot use the kernel cache directory {folder} '
                                f'for writing ({e.strerror or e}); compiling in memory only')
    finally:
        if tmp is not None:  # (a full disk: leave no partial file behind)
            with contextlib.suppress(OSError):
                os.unlink(tmp)


# -------------------------------------------------------------- fingerprint
def _version(lib: str) -> str:
    mod = sys.modules.get(lib.replace('-', '_'))
    v = getattr(mod, '__version__', None)
    if v is None and lib in ('numpy', 'llvmlite'):
        # (Their packages import cheaply: no LLVM library is loaded.)
        import importlib
        v = getattr(importlib.import_module(lib), '__version__', None)
    if v is None:
        # Not imported (Numba is slow to import): its metadata says the version.
        from importlib import metadata
        try:
            v = metadata.version(lib)
        except metadata.PackageNotFoundError:
            v = 'absent'
    return str(v)


_TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# A file changed this recently may change again within the file system's
# clock tick, keeping its size and times: sources this young are hashed
# again by the next process rather than known by their stamp.
SETTLED_S = 2.0


@functools.lru_cache(maxsize=None)
def _sources(top: str = _TOP) -> str:
    """A digest of the source files under ``top`` (tapejit's own): each
    one's path and contents, hashed once per process.  Contents, not sizes
    and modification times: ``cp -p``, tar, container layers and
    reproducible builds give two versions the same sizes and times.  What
    a process hashed it keeps in the store under the files' stamp
    (:func:`_source_stamp`), which a later process reads instead of the
    files: a file written since has another change time, which no copy
    keeps.

    >>> len(_sources())
    64
    """
    files = _source_files(top)
    stamp, settled = _source_stamp(files)
    d = cache_dir()
    folder = os.path.join(d, 'sources') if d else None
    key = f'sources\n{top}\n{stamp}'
    if folder is not None:
        known = read(folder, key, 'hashing the sources again')
        if known is not None:
            return known.decode()
    digest = _source_contents(files)
    if folder is not None and settled:
        write(folder, key, digest.encode())
    return digest


def _source_files(top: str) -> list:
    """``(relative path, DirEntry)`` of each ``.py`` file under ``top``:
    files in name order, then folders (one order on every machine),
    ``__pycache__`` left out."""
    found: list = []

    def walk(folder: str, rel: str) -> None:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
        found.extend((f'{rel}{e.name}', e) for e in entries
                     if e.name.endswith('.py') and not e.is_dir())
        for e in entries:
            if e.name != '__pycache__' and e.is_dir(follow_symlinks=False):
                walk(e.path, f'{rel}{e.name}/')
    walk(top, '')
    return found


def _source_stamp(files: list) -> tuple:
    """``(stamp, settled)``: a hash of each file's path, device, inode,
    size and modification and change times in nanoseconds, and whether
    every file changed longer than :data:`SETTLED_S` ago.  The change time
    is the kernel's, set at every write, rename or copy, and kept by none
    of them (unlike the modification time)."""
    h = hashlib.sha256()
    oldest = time.time() - SETTLED_S
    settled = True
    for rel, e in files:
        try:
            st = e.stat()
        except OSError as err:
            h.update(f'{rel}|unreadable {err.errno}\n'.encode())
            settled = False
            continue
        h.update(f'{rel}|{st.st_dev}|{st.st_ino}|{st.st_size}|{st.st_mtime_ns}|'
                 f'{st.st_ctime_ns}\n'.encode())
        settled = settled and st.st_ctime < oldest and st.st_mtime < oldest
    return h.hexdigest(), settled


def _source_contents(files: list) -> str:
    """The digest of ``files``' paths and contents."""
    h = hashlib.sha256()
    for rel, e in files:
        try:
            with open(e.path, 'rb') as f:
                data = f.read()
        except OSError as err:
            # (Such a package cannot import that module: any digest will do.)
            h.update(f'{rel}|unreadable {err.errno}\n'.encode())
            continue
        # The length first: no two lists of files make the same stream.
        h.update(f'{rel}|{len(data)}\n'.encode())
        h.update(data)
    return h.hexdigest()


@functools.lru_cache(maxsize=None)
def fingerprint(*libraries: str, cpu: str = '') -> str:
    """What every cached artifact of a kind depends on, as one hash: tapejit's
    sources (their contents), the interpreter's, NumPy's and ``libraries``'
    versions and ``cpu`` (the CPU as LLVM sees it, or a GPU architecture).

    >>> len(fingerprint('llvmlite', cpu='skylake|+avx2'))
    64
    >>> fingerprint(cpu='a') != fingerprint(cpu='b')
    True
    """
    parts = [_sources(), sys.version, _version('numpy')]
    parts += [f'{lib} {_version(lib)}' for lib in libraries]
    parts.append(cpu)
    return hashlib.sha256('\n'.join(parts).encode()).hexdigest()


# --------------------------------------------------------------- inspection
# What the store and the kernel caches built on it write under its directory,
# recognized by name and format: nothing else there is counted or deleted.
LEGACY_MAGIC = (b'TJOBJ1\n',)  # entries of earlier versions: stale, cleared
MODULE_MARK = b'# tapejit kernel module (generated; safe to delete)\n'
# (Kernel modules written before they carried the mark began with this.)
_LEGACY_MODULE = b'import math\nimport numpy as np\nfrom numba import '
_MODULE_NAME = re.compile(r'k_[0-9a-f]{24}\.py')
# Numba's index and data files for a kernel module, and their temporaries.
_NUMBA_NAME = re.compile(r'k_[0-9a-f]{24}\..+\.(nbi|nbc)(\.tmp\.[0-9a-f]+)?')
# Files being written (by this module and the kernel caches): tempfile's names.
_TMP_NAME = re.compile(r'\.tmp-[a-z0-9_]{8}(\.py)?')
# The folders the store makes, removed when emptied.
_FOLDERS = re.compile(r'(plan|code|native|cpu|sources|reads|numba-files|numba(/__pycache__)?'
                      r'|cuda(/[A-Za-z0-9_]+(/__pycache__)?)?)')


def written_by_store(path: str) -> bool:
    """Whether the file ``path`` (under the store's directory) is one the
    store or a kernel cache wrote: an entry (framed with :data:`MAGIC`, or
    an earlier version's framing), a generated kernel module, Numba's cache
    file of one, or a temporary file left by an interrupted write.  Links
    and other files are not.

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> write(d, 'k', b'x')
    >>> written_by_store(entry_path(d, 'k'))
    True
    >>> mine = os.path.join(d, 'notes.txt')
    >>> with open(mine, 'w') as f:
    ...     _ = f.write('my own file')
    >>> written_by_store(mine)
    False
    """
    name = os.path.basename(path)
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return False
        if _TMP_NAME.fullmatch(name):
            return True
        fd = os.open(path, os.O_RDONLY | getattr(os, 'O_NOFOLLOW', 0))
        try:
            head = os.read(fd, max(len(MODULE_MARK), len(_LEGACY_MODULE), len(MAGIC)))
        finally:
            os.close(fd)
    except OSError:
        return False
    if _MODULE_NAME.fullmatch(name):
        return head.startswith((MODULE_MARK, _LEGACY_MODULE))
    m = _NUMBA_NAME.fullmatch(name)
    if m:
        # (A pickle; a temporary may still be empty.)
        return head[:1] == b'\x80' or (m.group(2) is not None and not head)
    return head.startswith((MAGIC,) + LEGACY_MAGIC)


def info(clear: bool = False) -> dict:
    """The store's ``directory``, the size in ``bytes`` of what it wrote
    there, those files per folder (``entries``) and whether it was
    ``refused`` (not the user's own, or writable by others);
    ``clear=True`` deletes those files first (and the folders they leave
    empty): every later process compiles again.  Other files in the
    directory are neither counted nor deleted.  (``tapejit.cache_info``.)

    >>> info()['bytes'] >= 0, sorted(info())
    (True, ['bytes', 'directory', 'entries', 'refused'])
    """
    d = cache_dir()
    path = d or os.path.join(_root_dir(), 'kernels')
    if clear and d is not None and os.path.isdir(d):
        _clear(d)
        with _lock:
            _roots.pop(d, None)
    counts: dict = {}
    size = 0
    if d is not None:
        for dirpath, _, files in os.walk(d):
            folder = os.path.relpath(dirpath, d).split(os.sep)[0]
            for name in files:
                full = os.path.join(dirpath, name)
                if not written_by_store(full):
                    continue
                try:
                    size += os.lstat(full).st_size
                except OSError:
                    continue
                counts[folder] = counts.get(folder, 0) + 1
    return {'directory': path, 'bytes': size, 'entries': counts,
            'refused': d is None and not _off()}


def _clear(d: str) -> None:
    """Delete what the store wrote under ``d``, then the store's folders
    that this leaves empty (never ``d`` itself, nor another folder)."""
    for dirpath, dirs, files in os.walk(d, topdown=False):
        for name in files:
            full = os.path.join(dirpath, name)
            if written_by_store(full):
                with contextlib.suppress(OSError):
                    os.unlink(full)
        for name in dirs:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, d).replace(os.sep, '/')
            if _FOLDERS.fullmatch(rel) and not os.path.islink(full):
                with contextlib.suppress(OSError):  # (not empty: someone else's files)
                    os.rmdir(full)
