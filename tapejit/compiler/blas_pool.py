"""The BLAS library's thread pool, lent to the kernels of plans that call BLAS.

A plan with a matrix product calls OpenBLAS (:mod:`tapejit.blas`), whose
worker threads keep spinning for a while after each product.  A parallel
kernel on another pool (Numba's OpenMP threads) would then fight them for
the same cores, so such plans ran their kernels serially: on two cores,
about 0.5 ms of an ``mlp_big`` step's elementwise work and updates ran on
one core while the other spun.

OpenBLAS runs any function on its own pool: ``gotoblas_pthread(n, fn,
args, stride)`` calls ``fn(args + i * stride)`` for ``i < n``, the first
on the calling thread and the others on its workers (those spinning just
after a product pick the work up at once).  The native kernels of such plans
(:mod:`tapejit.compiler.native`, a ``prange`` over chunks) split their
chunks into one range per thread and run them there.  The chunks of a
kernel are independent (a reduction writes one partial result per chunk),
so the pool may run the ranges in any order or one after another: the
results are the same bits as the serial kernel's.

Without an OpenBLAS (another BLAS under NumPy), or with
``TAPEJIT_BLAS_POOL=0`` (read once per process), such plans run their
kernels serially as before.

>>> isinstance(available(), bool)
True
"""

from __future__ import annotations

import ctypes
import os
from typing import Any, Optional

from tapejit import blas

__all__ = ['available', 'symbols', 'threads']


_decided: list = []  # [the library or None]: decided once, as native kernels bind it once


def _library() -> Optional[Any]:
    if not _decided:
        lib = None
        if os.environ.get('TAPEJIT_BLAS_POOL', '1').lower() not in ('0', 'false', 'off', 'no'):
            lib = blas.library()
        _decided.append(lib if lib is not None and lib.pool_run and lib.threads else None)
    return _decided[0]


def available() -> bool:
    """Whether the BLAS products call lends its thread pool (see the module's text)."""
    return _library() is not None


def threads() -> int:
    """How many threads the pool runs a kernel on (1 without one).

    >>> threads() >= 1
    True
    """
    lib = _library()
    return max(1, int(lib.threads())) if lib is not None else 1


def symbols() -> dict:
    """The addresses native kernels bind: ``tj_pool_run`` (OpenBLAS's
    ``gotoblas_pthread``) and ``tj_pool_size`` (its thread count); empty
    without a pool.

    >>> set(symbols()) <= {'tj_pool_run', 'tj_pool_size'}
    True
    """
    lib = _library()
    if lib is None:
        return {}
    return {'tj_pool_run': lib.pool_run,
            'tj_pool_size': ctypes.cast(lib.threads, ctypes.c_void_p).value}
