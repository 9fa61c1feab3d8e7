"""The BLAS library's thread pool, lent to the kernels of plans that call BLAS.

A plan with a matrix product calls NumPy's BLAS (OpenBLAS in NumPy's
wheels), whose worker threads keep spinning for a while after each product.
A parallel kernel on another pool (Numba's OpenMP threads) would then fight
them for the same cores, so such plans ran their kernels serially: on two
cores, about 0.5 ms of an ``mlp_big`` step's elementwise work and updates
ran on one core while the other spun.

OpenBLAS runs any function on its own pool: ``gotoblas_pthread(n, fn,
args, stride)`` calls ``fn(args + i * stride)`` for ``i < n``, the first
on the calling thread and the others on its workers (those spinning just
after a product pick the work up at once).  The native kernels of such plans
(:mod:`tapejit.compiler.native`, a ``prange`` over chunks) split their
chunks into one range per thread and run them there.  The chunks of a
kernel are independent (a reduction writes one partial result per chunk),
so the pool may run the ranges in any order or one after another: the
results are the same bits as the serial kernel's.

Only an OpenBLAS that NumPy has loaded is used; with another BLAS, or
``TAPEJIT_BLAS_POOL=0``, such plans run their kernels serially as before.

>>> isinstance(available(), bool)
True
"""

from __future__ import annotations

import ctypes
import os
from typing import Optional

__all__ = ['available', 'symbols', 'threads']

# Symbol names of "how many threads" across OpenBLAS builds: NumPy's wheels
# (scipy-openblas, 64-bit integers, prefixed), then plain builds.
_THREADS = ('scipy_openblas_get_num_threads64_', 'scipy_openblas_get_num_threads',
            'openblas_get_num_threads64_', 'openblas_get_num_threads')
_RUN = 'gotoblas_pthread'

_found: Optional[dict] = None


def _loaded_openblas() -> list:
    """Paths of the OpenBLAS libraries in this process, NumPy's first."""
    import numpy  # (loads NumPy's BLAS)
    paths = set()
    try:
        with open('/proc/self/maps') as f:
            for line in f:
                path = line.split()[-1]
                name = os.path.basename(path).lower()
                if path.startswith('/') and 'openblas' in name and '.so' in name:
                    paths.add(path)
    except OSError:  # not Linux
        return []
    top = os.path.dirname(os.path.dirname(os.path.abspath(numpy.__file__)))
    return sorted(paths, key=lambda p: (not p.startswith(os.path.join(top, 'numpy')), p))


def _find() -> dict:
    global _found
    if _found is not None:
        return _found
    _found = {}
    if os.environ.get('TAPEJIT_BLAS_POOL', '1').lower() in ('0', 'false', 'off', 'no'):
        return _found
    for path in _loaded_openblas():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        run = getattr(lib, _RUN, None)
        count = next((getattr(lib, n) for n in _THREADS if hasattr(lib, n)), None)
        if run is None or count is None:
            continue
        count.restype = ctypes.c_int
        count.argtypes = []
        _found = {'tj_pool_run': ctypes.cast(run, ctypes.c_void_p).value,
                  'tj_pool_size': ctypes.cast(count, ctypes.c_void_p).value,
                  'count': count, 'path': path}
        break
    return _found


def available() -> bool:
    """Whether NumPy's BLAS lends its thread pool (see the module's text)."""
    return bool(_find())


def threads() -> int:
    """How many threads the pool runs a kernel on (1 without one).

    >>> threads() >= 1
    True
    """
    found = _find()
    return max(1, int(found['count']())) if found else 1


def symbols() -> dict:
    """The addresses native kernels bind: ``tj_pool_run`` (OpenBLAS's
    ``gotoblas_pthread``) and ``tj_pool_size`` (its thread count); empty
    without a pool.

    >>> set(symbols()) <= {'tj_pool_run', 'tj_pool_size'}
    True
    """
    found = _find()
    return {k: found[k] for k in ('tj_pool_run', 'tj_pool_size')} if found else {}
