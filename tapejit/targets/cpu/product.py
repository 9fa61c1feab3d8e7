"""The CPU's matrix product kernels: ``a @ b`` for 2-d float arrays, in two
generated passes on the threads tapejit decides
(:mod:`tapejit.targets.cpu.product_ir`).

First ``b`` is packed into panels of ``NR`` columns, each row of a panel
one aligned run of ``NR`` elements, zero past the last column (a
transposed ``b``, as ``x @ W.T`` gives, is transposed block by block in
registers on the way).  Then each item computes a tile of ``MR`` rows by
``NR`` columns of the result in ``MR * NV`` vector registers: per step
along the shared axis, ``NV`` vectors of the panel and ``MR`` broadcast
elements of ``a`` (row-major or transposed, read where they lie) feed
``MR * NV`` fused multiply-adds.  A panel's items are consecutive, so a
thread's claim reads its panel from cache.  The tile comes from the
vector width and register count of this CPU
(:func:`tapejit.compiler.contraction.product_tile`); each kernel is
compiled once per dtype and tile and kept in the store.

>>> import numpy as np
>>> a = np.arange(12.0, dtype=np.float32).reshape(3, 4)
>>> b = np.ones((4, 5), np.float32)
>>> matmul(a, b)[:, 0].tolist()
[6.0, 22.0, 38.0]
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.backends import host_arrays, threads
from tapejit.compiler import contraction as C
from tapejit.ops.registry import install_host_kernel
from tapejit.targets.cpu.buffers import scratch
from tapejit.targets.cpu.contraction import _cache_bytes, _kernel, machine, supported
from tapejit.targets.cpu.product_ir import product_ir

__all__ = ['takes_product', 'takes_shape', 'matmul', 'describe']

# Hand-offs' time a product takes at least to run here (see takes_product):
# below 16, products of 0.5-2 million multiply-adds ran up to 1.4x slower
# than BLAS's, from 8 million up 1.2-1.8x faster.
MIN_HANDOFFS = 16
# Items (parts of panels) a product is cut into per thread at least: a
# late thread holds up one, and each part packs its panel again.
ITEMS_PER_THREAD = 4


def takes_product(a: Any, b: Any) -> bool:
    """Whether these kernels compute ``a @ b``: :func:`supported` 2-d
    row- or column-major arrays, at least a tile's rows and a panel's
    columns, and long enough to take :data:`MIN_HANDOFFS` of this machine's
    hand-offs to a thread at its measured product rate
    (:func:`tapejit.backends.threads.calibration`).  Shorter products spend
    more on packing and calling than they save: BLAS runs them.

    >>> x = numpy.ones((512, 512), numpy.float32)
    >>> takes_product(x, x), takes_product(x, x[:, ::2]), takes_product(x[:8], x[:, :8])
    (True, False, False)
    """
    if not (supported(a, b) and a.ndim == 2 and b.ndim == 2):
        return False
    if _unit_axis(a) is None or _unit_axis(b) is None:
        return False
    return takes_shape(a.shape[0], a.shape[1], b.shape[1], a.dtype)


def takes_shape(m: int, k: int, n: int, dtype: Any) -> bool:
    """Whether these kernels compute an ``(m, k) @ (k, n)`` product of
    float ``dtype`` of row- or column-major operands (see
    :func:`takes_product`).

    >>> takes_shape(256, 784, 1024, numpy.float32), takes_shape(8, 8, 8, numpy.float32)
    (True, False)
    """
    lanes, regs = machine(dtype)
    mr, nv = C.product_tile(lanes, regs)
    if m < mr or n < nv * lanes:
        return False
    cal = threads.calibration()
    return float(m) * k * n >= MIN_HANDOFFS * cal.handoff_s * cal.madds_per_s


def _unit_axis(x: numpy.ndarray) -> Optional[int]:
    """1 for a row-major ``x``, 0 for a column-major one (a transpose), else
    None."""
    if x.flags.c_contiguous:
        return 1
    return 0 if x.flags.f_contiguous else None


def _steps(x: numpy.ndarray) -> tuple:
    """``x``'s strides in elements (an axis of one: any)."""
    return tuple(s // x.itemsize if n > 1 else 1 for s, n in zip(x.strides, x.shape))


def matmul(a: numpy.ndarray, b: numpy.ndarray, out: Optional[numpy.ndarray] = None,
           width: Optional[int] = None) -> numpy.ndarray:
    """``a @ b`` (see the module's docstring) into ``out`` where given,
    on ``width`` threads (None: as many as its size pays for on the cores
    this process may use)."""
    dtype = a.dtype
    lanes, regs = machine(dtype)
    mr, nv = C.product_tile(lanes, regs)
    nr = nv * lanes
    m, k = a.shape
    n = b.shape[1]
    c = out if out is not None and out.flags.c_contiguous else host_arrays.empty((m, n), dtype)
    if k == 0:
        c.fill(0)
        return _copied(c, out)
    if width is None:
        width = threads.product_width(float(m) * n * k, threads.available_cores())
    width = max(1, width)
    panels, blocks = -(-n // nr), -(-m // mr)
    # Enough items that a late thread holds up a small part of the work;
    # each part of a panel packs it again.
    parts = min(blocks, -(-ITEMS_PER_THREAD * width // panels))
    kc = _k_block(k, nr, dtype.itemsize, lanes)
    width = min(width, panels * parts)
    slots = numpy.zeros(1, numpy.int64)      # (held until every thread is done)
    buf = scratch('product panels', width * kc * nr, dtype)
    transposed = _unit_axis(b) == 0 and n > 1
    fn = _kernel('product', (mr, nv, transposed), dtype, (lanes,),
                 lambda s: product_ir(s, dtype, lanes, (mr, nv), transposed))
    (sam, sak), (sbk, sbn) = _steps(a), _steps(b)
    threads.Chunked(fn, width)(m, 1, panels * parts, n, k, kc, parts, slots.ctypes.data, sam,
                               sak, sbk, sbn, _flat(a), _flat(b), buf, c.reshape(-1))
    return _copied(c, out)


def _k_block(k: int, nr: int, itemsize: int, lanes: int) -> int:
    """Rows of ``B`` packed at a time: a panel's rows fill at most half
    this core's second-level cache, a whole number of vectors of rows."""
    fit = max(lanes, _cache_bytes() // 2 // (nr * itemsize) // lanes * lanes)
    return min(k, fit)


def _flat(x: numpy.ndarray) -> numpy.ndarray:
    """The memory of row- or column-major ``x`` as one 1-d array, which the
    kernels index with ``x``'s strides."""
    return x.reshape(-1) if x.flags.c_contiguous else x.T.reshape(-1)


def _copied(c: numpy.ndarray, out: Optional[numpy.ndarray]) -> numpy.ndarray:
    if out is None or out is c:
        return c
    out[...] = c
    return out


def describe(m: int, k: int, n: int, dtype: Any) -> str:
    """How the kernels compute an ``(m, k) @ (k, n)`` product of ``dtype``.

    >>> describe(256, 784, 1024, 'float32')  # doctest: +ELLIPSIS
    'matmul: ... rows x ... vectors of ... (... vector registers), b packed in ... panels...'
    """
    dtype = numpy.dtype(dtype)
    lanes, regs = machine(dtype)
    mr, nv = C.product_tile(lanes, regs)
    panels = -(-n // (nv * lanes))
    return (f'matmul: tile {mr} rows x {nv} vectors of {lanes} ({regs} vector registers), '
            f'b packed in {panels} panels of {nv * lanes} columns, {dtype.name}')


install_host_kernel('matmul', matmul, takes_product)
