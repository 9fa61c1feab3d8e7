"""Compiled kernels, in memory and on disk.

Numba's ``cache=True`` cannot cache code built with ``exec``, so each
generated kernel is written as a module file in the cache directory and
imported; Numba then caches its machine code beside it (``__pycache__``) and
a later process starts warm.  The file name is a hash of the source, the
Numba/llvmlite versions and the CPU, so an entry from another version or
machine is never picked up.  Files are written atomically (a temporary file
renamed into place); a file that does not hold the expected source (corrupt,
truncated) is rewritten with a warning; an unwritable directory means
in-memory compilation and one warning.

``TAPEJIT_CACHE_DIR`` moves the directory (default
``$XDG_CACHE_HOME/tapejit`` or ``~/.cache/tapejit``); ``TAPEJIT_CACHE=0``
turns the disk cache off.  ``TAPEJIT_DEBUG=1`` prints each kernel's source as
it compiles.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import tempfile
import threading
from typing import Any, Callable, Optional

from tapejit.compiler.store import cache_dir, warn_once
from tapejit.targets.cpu import native as native_kernels

_lock = threading.Lock()
_memory: dict = {}          # key -> dispatcher

HEADER = ('import math\nimport numpy as np\nfrom numba import njit, prange\n'
          'from tapejit.targets.cpu.vecmath import tanh_f32\n\n')


def _fingerprint() -> str:
    # Numba's version from its metadata: importing Numba (about 0.2 s) only
    # to key a kernel would cost a process that runs native kernels alone.
    from importlib.metadata import version

    import llvmlite

    from tapejit.targets.cpu.host_cpu import host_cpu
    cpu = ''.join(host_cpu())
    # Kernels inline the vecmath functions into their machine code: a change
    # to them is a new kernel.
    h = hashlib.sha256()
    with open(os.path.join(os.path.dirname(__file__), 'vecmath.py'), 'rb') as f:
        h.update(f.read())
    vm = h.hexdigest()[:12]
    return f'{version("numba")}|{llvmlite.__version__}|{sys.version_info[:2]}|{cpu}|{vm}'


_FP: Optional[str] = None


def _key(source: str, flags: str) -> str:
    global _FP
    if _FP is None:
        _FP = _fingerprint()
    return hashlib.sha256(f'{_FP}\n{flags}\n{source}'.encode()).hexdigest()[:24]


def _decorate(name: str, source: str, parallel: bool, fastmath: Any, cache: bool) -> str:
    # error_model="numpy": a float division by zero gives inf/NaN as in NumPy
    # instead of raising, and leaves the loop without an exit so it vectorizes.
    return (HEADER + f'@njit(parallel={parallel}, fastmath={fastmath}, cache={cache}, '
            'nogil=True, boundscheck=False, error_model="numpy")\n'
            + source.replace(f'def {name}(', 'def kernel(', 1))


def _from_memory(text: str, name: str) -> Callable:
    ns: dict = {}
    exec(compile(text, f'<tapejit kernel {name}>', 'exec'), ns)
    return ns['kernel']


def load_module(path: str, text: str, modname: str) -> Any:
    """Import the module file at ``path`` holding ``text``: written atomically
    first when absent or different (damaged, truncated, not even UTF-8: it is
    rewritten with a warning, never trusted)."""
    ok = False
    if os.path.exists(path):
        try:
            # Bytes, not text: a damaged entry need not even be UTF-8.
            with open(path, 'rb') as f:
                ok = f.read() == text.encode()
        except OSError:
            ok = False
        if not ok:
            warn_once(path, f'tapejit: kernel cache entry {path} is damaged; rewriting it')
    if not ok:
        d = os.path.dirname(path)
        os.makedirs(d, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix='.tmp-', suffix='.py')
        with os.fdopen(fd, 'wb') as f:
            f.write(text.encode())
        os.replace(tmp, path)  # atomic: a reader sees the old file or the whole new one
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    # Numba's cache re-imports the module by name when it loads a kernel.
    sys.modules[modname] = mod
    spec.loader.exec_module(mod)
    return mod


def _from_disk(d: str, key: str, text: str) -> Callable:
    return load_module(os.path.join(d, f'k_{key}.py'), text, f'tapejit_kernel_{key}').kernel


def _load(key: str, label: str, text: str, from_disk: Callable[[str], Any],
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


def get_kernel(name: str, source: str, *, parallel: Any, fastmath: Any = False,
               native: bool = True, exclusive: bool = False) -> Any:
    # fastmath: a bool, or a set of LLVM fast-math flags such as {'reassoc'}
    """The kernel of ``source`` (a function named ``name``): a serial one
    compiled by :mod:`~tapejit.targets.cpu.native` where ``native`` and that
    path is on (it falls back to Numba by itself), else the Numba dispatcher
    (``parallel=True``: Numba's parallel variant).  ``exclusive``: the
    caller promises that an array the kernel writes never shares memory
    with another argument (see :class:`native.NativeKernel`)."""
    flags = f'parallel={parallel} fastmath={fastmath}'
    if native and parallel is False and native_kernels.enabled():
        return _native_kernel(name, source, fastmath, flags, exclusive)
    par = parallel is True
    key = _key(source, flags)
    return _load(key, f'kernel ({flags})', source,
                 lambda d: _from_disk(d, key, _decorate(name, source, par, fastmath, True)),
                 lambda: _from_memory(_decorate(name, source, par, fastmath, False), name))


def _native_kernel(name: str, source: str, fastmath: Any, flags: str, exclusive: bool) -> Any:
    # Keyed without _key: that imports Numba, which a process loading only
    # native kernels from the cache never needs.
    mkey = f'native|{exclusive}|' + hashlib.sha256(f'{flags}\n{source}'.encode()).hexdigest()[:24]

    def make(d: Optional[str]) -> Any:
        return native_kernels.NativeKernel(
            name, source, fastmath, d,
            fallback=lambda: get_kernel(name, source, parallel=False, fastmath=fastmath,
                                        native=False),
            exclusive=exclusive)
    return _load(mkey, f'native kernel ({flags})', source,
                 lambda d: make(os.path.join(d, 'native')), lambda: make(None))


def kernel_key(source: str, parallel: bool, fastmath: Any = False) -> str:
    """The key :func:`get_kernel` files the kernel of ``source`` under."""
    return _key(source, f'parallel={parallel} fastmath={fastmath}')


def compile_in_memory(name: str, source: str, *, parallel: bool,
                      fastmath: Any = False) -> Any:
    """Compile ``source`` without the disk cache (after a cache entry failed to load)."""
    flags = f'parallel={parallel} fastmath={fastmath}'
    k = _from_memory(_decorate(name, source, parallel is True, fastmath, False), name)
    with _lock:
        _memory[_key(source, flags)] = k
    return k


def compiled_signatures() -> int:
    """How many (kernel, argument types) pairs this process has compiled or
    loaded, natively compiled one-call plans included: a new batch size must
    not add any.

    >>> compiled_signatures() >= 0
    True
    """
    from tapejit.targets.cpu import native
    with _lock:
        kernels = sum(len(k.signatures) for k in _memory.values())
    with native.lock():
        plans = sum(1 for symbol in native._entries if symbol.startswith('tjplan_'))
    return kernels + plans
