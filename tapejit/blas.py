"""The BLAS library tapejit's matrix products call, eager and compiled.

NumPy's wheels bundle OpenBLAS, which picks one set of kernels for the CPU
when it loads.  The set it picks is not always the fastest: on an AMD EPYC
(Zen 4) it takes its AVX-512 ``SkylakeX`` kernels, whose float32 products
of an ``mlp_big`` step took 11.9 ms where its AVX2 ``Haswell`` kernels took
11.1 (7% less, every shape of the five faster).

So tapejit measures, once per machine, NumPy's set against ``Haswell`` on a
256x256 by 256x1024 float32 product on one core (8-14% faster there); where
``Haswell`` is at least 3% faster, it
loads a private copy of NumPy's OpenBLAS with ``OPENBLAS_CORETYPE=Haswell``
(a copy: the dynamic loader shares one file's library) and its products
call that copy.  The choice is kept in the cache directory
(``blas/choice-<key>.json``, keyed by the CPU and the library), the copy
beside it (about 25 MB).  ``TAPEJIT_BLAS_CORETYPE`` overrides it: ``numpy`` for NumPy's
own, or an OpenBLAS core name (``Haswell``, ``SkylakeX``, ...); without it,
an ``OPENBLAS_CORETYPE`` the user set for NumPy is kept too.

2-D float32/float64 products of at least :data:`MIN_WORK` multiply-adds go
there, from eager mode and compiled plans alike (an operand that is neither
C-ordered nor the transpose of a C-ordered array is copied first); anything
else is NumPy's (smaller products never use OpenBLAS's threads, so its pool
and NumPy's do not spin at once; batched products do).
The library's thread pool also runs the parallel kernels of compiled plans
(:mod:`tapejit.compiler.blas_pool`).

>>> import numpy as np
>>> a = np.ones((64, 32), np.float32)
>>> b = np.ones((32, 128), np.float32)
>>> matmul(a, b)[0, :3]
array([32., 32., 32.], dtype=float32)
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import shutil
import tempfile
import threading
import time
import warnings
from typing import Any, Optional

import numpy

__all__ = ['Library', 'library', 'matmul']

# Products smaller than this many multiply-adds stay with NumPy (a ctypes
# call costs about 2 us, NumPy's own about 1).
MIN_WORK = 1 << 18
# Haswell is taken where it is at least this much faster.
MIN_GAIN = 0.03
# The product measured (m, k, n), float32: 1.4 ms on one core of the EPYC.
_SHAPE = (256, 256, 1024)

_ROW_MAJOR, _NO_TRANS, _TRANS = 101, 111, 112
_THREADS = ('get_num_threads', 'get_num_threads_')
_SET_THREADS = ('set_num_threads', 'set_num_threads_')


class Library:
    """One loaded OpenBLAS: its products and its thread pool.

    >>> import ctypes
    >>> path = numpy_openblas()
    >>> lib = Library(ctypes.CDLL(path), path, private=False) if path else None
    >>> lib is None or numpy.dtype('float32') in lib.gemm
    True
    """

    def __init__(self, lib: Any, path: str, private: bool) -> None:
        self.lib, self.path, self.private = lib, path, private
        self.prefix, self.suffix = _naming(lib)
        pre, suf = self.prefix, self.suffix
        integer = ctypes.c_int64 if suf.startswith('64') else ctypes.c_int
        # The largest size or leading dimension its integers hold.
        self.max_dim = 2 ** 63 - 1 if integer is ctypes.c_int64 else 2 ** 31 - 1
        self.gemm = {}
        for dt, scalar, name in (('float32', ctypes.c_float, 'sgemm'),
                                 ('float64', ctypes.c_double, 'dgemm')):
            f = getattr(lib, f'{pre}cblas_{name}{suf}')
            f.restype = None
            f.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, integer, integer, integer,
                          scalar, ctypes.c_void_p, integer, ctypes.c_void_p, integer,
                          scalar, ctypes.c_void_p, integer]
            self.gemm[numpy.dtype(dt)] = f
        self.threads = self._func(_THREADS, ctypes.c_int, [])
        self.set_threads = self._func(_SET_THREADS, None, [ctypes.c_int])
        core = self._func(('get_corename',), ctypes.c_char_p, [])
        self.core = core().decode() if core else '?'
        run = getattr(lib, 'gotoblas_pthread', None)
        self.pool_run = ctypes.cast(run, ctypes.c_void_p).value if run else None

    def _func(self, names: tuple, restype: Any, argtypes: list) -> Any:
        for n in names:
            f = getattr(self.lib, f'{self.prefix}openblas_{n}{self.suffix}', None)
            if f is not None:
                f.restype, f.argtypes = restype, argtypes
                return f
        return None

    def __repr__(self) -> str:
        whose = 'private copy' if self.private else 'NumPy'
        return f'<OpenBLAS {self.core} ({whose}): {self.path}>'


def _naming(lib: Any) -> tuple:
    """(prefix, suffix) of this build's symbols: NumPy's wheels have
    ``scipy_cblas_sgemm64_``; a plain build ``cblas_sgemm``."""
    for pre, suf in (('scipy_', '64_'), ('scipy_', ''), ('', '64_'), ('', '')):
        if hasattr(lib, f'{pre}cblas_sgemm{suf}'):
            return pre, suf
    raise OSError('no cblas_sgemm')


def numpy_openblas() -> Optional[str]:
    """The path of the OpenBLAS NumPy loaded (Linux), else None.

    >>> path = numpy_openblas()
    >>> path is None or 'openblas' in path.lower()
    True
    """
    paths = set()
    try:
        with open('/proc/self/maps') as f:
            for line in f:
                path = line.split()[-1]
                name = os.path.basename(path).lower()
                if path.startswith('/') and 'openblas' in name and '.so' in name:
                    paths.add(path)
    except OSError:  # not Linux
        return None
    top = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(numpy.__file__))), 'numpy')
    # NumPy's first (SciPy may bring another); never a private copy of ours.
    ranked = sorted((p for p in paths if '/tapejit/blas/' not in p),
                    key=lambda p: (not p.startswith(top), p))
    return ranked[0] if ranked else None


_lock = threading.Lock()
_chosen: list = []  # [Library or None], once decided


def library() -> Optional[Library]:
    """The OpenBLAS tapejit's products call (see the module's text), or
    None where NumPy's BLAS is not an OpenBLAS this module can call.

    >>> lib = library()
    >>> lib is None or lib.core != ''
    True
    """
    if _chosen:
        return _chosen[0]
    with _lock:
        if not _chosen:
            try:
                _chosen.append(_choose())
            except Exception as e:  # an OpenBLAS we cannot call: NumPy's matmul
                warnings.warn(f'tapejit: calling NumPy\'s BLAS directly failed '
                              f'({type(e).__name__}: {e}); products use numpy.matmul',
                              RuntimeWarning, stacklevel=3)
                _chosen.append(None)
    return _chosen[0]


def _choose() -> Optional[Library]:
    path = numpy_openblas()
    if path is None:
        return None
    own = Library(ctypes.CDLL(path), path, private=False)
    want = os.environ.get('TAPEJIT_BLAS_CORETYPE', '').strip()
    if want.lower() == 'numpy' or want.lower() == own.core.lower():
        return own
    if want:
        return _private(path, want, own) or own
    if own.core.lower() == 'haswell' or os.environ.get('OPENBLAS_CORETYPE'):
        return own  # (nothing to compare, or the user chose NumPy's kernels)
    if own.threads is None or own.set_threads is None:
        return own  # (cannot time both on one thread)
    key, record = _record(path, own)
    if record is not None and record.get('key') == key:
        if record['core'] == 'Haswell':
            return _private(path, 'Haswell', own) or own
        return own
    other = _private(path, 'Haswell', own)
    if other is None or other.set_threads is None:
        return own
    t_own, t_other = _race(own, other)
    faster = t_other < (1 - MIN_GAIN) * t_own
    _remember(key, {'key': key, 'core': 'Haswell' if faster else own.core,
                    'ms': {own.core: round(t_own * 1e3, 4), 'Haswell': round(t_other * 1e3, 4)}})
    return other if faster else own


def _race(own: Library, other: Library, rounds: int = 2, reps: int = 2) -> tuple:
    """The best times of one float32 product (:data:`_SHAPE`) through each
    library, on one thread: a pool's workers spin after a product, and would
    slow the other library's down (its thread counts are restored after)."""
    m, k, n = _SHAPE
    a = numpy.ones((m, k), numpy.float32)
    b = numpy.ones((k, n), numpy.float32)
    out = numpy.empty((m, n), numpy.float32)
    threads = [lib.threads() for lib in (own, other)]
    best = [float('inf')] * 2
    try:
        for lib in (own, other):
            lib.set_threads(1)
        for _ in range(rounds):
            for i, lib in enumerate((own, other)):
                for _ in range(reps):
                    t = time.perf_counter()
                    _call(lib, a, b, out, _NO_TRANS, _NO_TRANS, k, n)
                    best[i] = min(best[i], time.perf_counter() - t)
    finally:
        for lib, t in zip((own, other), threads):
            lib.set_threads(t)
    return best[0], best[1]


def _cache_root() -> Optional[str]:
    from tapejit.compiler.kernel_cache import cache_dir
    d = cache_dir()
    return os.path.join(os.path.dirname(d), 'blas') if d else None


def _record(path: str, own: Library) -> tuple:
    from tapejit.compiler.host_cpu import host_cpu
    st = os.stat(path)
    key = hashlib.sha256(f'{"".join(host_cpu())}|{path}|{st.st_size}|{st.st_mtime_ns}|'
                         f'{own.core}'.encode()).hexdigest()[:24]
    root = _cache_root()
    if root is None:
        return key, None
    try:
        with open(os.path.join(root, f'choice-{key}.json')) as f:
            rec = json.load(f)
        return key, rec if isinstance(rec, dict) and rec.get('core') else None
    except (OSError, ValueError):
        return key, None


def _remember(key: str, record: dict) -> None:
    root = _cache_root()
    if root is None:
        return
    try:
        os.makedirs(root, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=root, suffix='.tmp')
        with os.fdopen(fd, 'w') as f:
            json.dump(record, f)
        os.replace(tmp, os.path.join(root, f'choice-{key}.json'))
    except OSError:
        pass  # (measured again next time)


def _private(path: str, core: str, own: Library) -> Optional[Library]:
    """A private copy of the library at ``path`` loaded with kernel set
    ``core``, with ``own``'s thread count; None if that fails.  The copy
    keeps the library's file name (in a directory of its own), so tools
    that find OpenBLAS by name, such as threadpoolctl, see it too."""
    root = _cache_root()
    st = os.stat(path)
    tag = hashlib.sha256(f'{path}|{st.st_size}|{st.st_mtime_ns}'.encode()).hexdigest()[:16]
    made: list = []  # files to remove if loading fails (or, without a cache, after)
    try:
        if root is None:
            home = tempfile.mkdtemp(prefix='tapejit-blas-')
            copy = os.path.join(home, os.path.basename(path))
            made += [copy, home]
            shutil.copyfile(path, copy)
        else:
            home = os.path.join(root, tag)
            copy = os.path.join(home, os.path.basename(path))
            if not os.path.exists(copy) or os.path.getsize(copy) != st.st_size:
                os.makedirs(home, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=home, suffix='.tmp')
                os.close(fd)
                made.append(tmp)
                shutil.copyfile(path, tmp)
                os.replace(tmp, copy)  # (atomic: another process sees all or nothing)
                made.remove(tmp)
        # OpenBLAS reads its kernel set from the environment as it loads.
        # (Set for the moment of loading only; a thread starting a process
        # just then would inherit it.)
        before = os.environ.get('OPENBLAS_CORETYPE')
        os.environ['OPENBLAS_CORETYPE'] = core
        try:
            lib = ctypes.CDLL(copy)
        finally:
            if before is None:
                del os.environ['OPENBLAS_CORETYPE']
            else:
                os.environ['OPENBLAS_CORETYPE'] = before
        other = Library(lib, copy, private=True)
    except OSError as e:
        warnings.warn(f'tapejit: could not load OpenBLAS with the {core} kernels '
                      f'({e}); products use NumPy\'s', RuntimeWarning, stacklevel=4)
        return None
    finally:
        for f in made:  # (a loaded library stays mapped once its file is gone)
            try:
                os.rmdir(f) if os.path.isdir(f) else os.unlink(f)
            except OSError:
                pass
    if other.core.lower() != core.lower():
        return None  # (this build lacks that kernel set)
    if own.threads and other.set_threads:
        other.set_threads(own.threads())
    return other


def _operand(x: numpy.ndarray) -> Optional[tuple]:
    """(transpose flag, leading dimension) of a 2-D operand BLAS reads in
    place: C-ordered rows, or the transpose of C-ordered rows."""
    s0, s1 = x.strides
    item = x.itemsize
    rows, cols = x.shape
    if s1 == item and s0 % item == 0 and s0 >= cols * item:
        return _NO_TRANS, s0 // item
    if s0 == item and s1 % item == 0 and s1 >= rows * item:
        return _TRANS, s1 // item
    return None


def _call(lib: Library, a: Any, b: Any, out: Any, ta: int, tb: int, lda: int, ldb: int) -> None:
    m, k = a.shape
    n = b.shape[1]
    lib.gemm[a.dtype](_ROW_MAJOR, ta, tb, m, n, k, 1.0, a.ctypes.data, lda,
                      b.ctypes.data, ldb, 0.0, out.ctypes.data, n)


def matmul(a: numpy.ndarray, b: numpy.ndarray,
           out: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """``a @ b`` for 2-D NumPy arrays, through :func:`library` where the
    product is large enough, else ``numpy.matmul`` (written into ``out``
    when given).

    >>> import numpy as np
    >>> a = np.arange(6, dtype=np.float64).reshape(2, 3)
    >>> matmul(a, a.T)
    array([[ 5., 14.],
           [14., 50.]])
    """
    if a.ndim == 2 and b.ndim == 2 and a.shape[1] != b.shape[0]:
        raise ValueError(f'tapejit.blas.matmul: shapes {a.shape} ({a.dtype}) and {b.shape} '
                         f'({b.dtype}) are not aligned: expected a.shape[1] == b.shape[0], '
                         f'got {a.shape[1]} != {b.shape[0]}')
    lib = _chosen[0] if _chosen else library()
    if (lib is not None and a.ndim == 2 and b.ndim == 2 and a.dtype == b.dtype
            and a.dtype in lib.gemm and a.shape[0] * a.shape[1] * b.shape[1] >= MIN_WORK):
        fa, fb = _operand(a), _operand(b)
        # Operands BLAS cannot read in place are copied (the copy is cheap
        # beside the product): NumPy's own OpenBLAS, threading such a
        # product, would spin its pool beside this one.
        if fa is None:
            a = numpy.ascontiguousarray(a)
            fa = _operand(a)
        if fb is None:
            b = numpy.ascontiguousarray(b)
            fb = _operand(b)
        shape = (a.shape[0], b.shape[1])
        if fa is not None and fb is not None and max(fa[1], fb[1], *shape,
                                                     a.shape[1]) <= lib.max_dim and (
                out is None or (out.shape == shape and out.dtype == a.dtype
                                and out.flags.c_contiguous and out.flags.writeable
                                and not numpy.may_share_memory(out, a)
                                and not numpy.may_share_memory(out, b))):
            if out is None:
                out = numpy.empty(shape, a.dtype)
            _call(lib, a, b, out, fa[0], fb[0], fa[1], fb[1])
            return out
    return numpy.matmul(a, b, out=out)
