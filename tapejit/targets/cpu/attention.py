"""The CPU's attention kernels: the primitives of :mod:`tapejit.ops.attention`
on NumPy arrays, without the scores in memory
(:mod:`tapejit.targets.cpu.attention_ir`).

The forward kernel takes a few query rows of one matrix at a time (many
items, handed out dynamically to the threads tapejit decides); the
gradient kernel a whole matrix (its keys' and values' gradients sum over
every row).  Each row's keys are bounded by the first and last its mask
keeps, so that a causal mask's rows skip the keys after them.  The tiles
come from this CPU's vector width and registers
(:func:`tapejit.compiler.contraction.attention_tile`); each kernel is
compiled once per dtype and tile and kept in the store.

>>> import numpy as np
>>> q = np.ones((2, 8, 16), np.float32)
>>> mask = np.tril(np.ones((8, 8), bool))
>>> attention(q, q, q * np.arange(8, dtype=np.float32)[:, None], mask)[0, :3, 0].tolist()
[0.0, 0.5, 1.0]
"""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy

from tapejit.backends import host_arrays, threads
from tapejit.compiler import contraction as C
from tapejit.ops.registry import install_host_kernel
from tapejit.targets.cpu.attention_ir import attention_ir, block_rows, slot_elements
from tapejit.targets.cpu.buffers import scratch
from tapejit.compiler.attention import fuse_attention
from tapejit.targets.cpu.contraction import _DTYPES, _kernel, first_level, machine, supported

__all__ = ['takes_shapes', 'fuse_attention_here', 'takes_attention', 'takes_attention_grad',
           'attention', 'attention_grad',
           'describe']


def _tile(dtype: Any, columns: int) -> Optional[tuple]:
    lanes, regs = machine(dtype)
    return C.attention_tile(lanes, regs, columns)


def _sizes(q: numpy.ndarray, k: numpy.ndarray, v: numpy.ndarray) -> tuple:
    """``(G, s, t, d, e)``: the stack's matrices and their sizes."""
    return (math.prod(q.shape[:-2]),) + q.shape[-2:-1] + k.shape[-2:] + v.shape[-1:]


def _takes_mask(mask: Any) -> bool:
    return mask is None or (type(mask) is numpy.ndarray and mask.dtype == numpy.bool_)


def takes_shapes(q: tuple, k: tuple, v: tuple, dtype: Any) -> bool:
    """Whether the kernels compute attention of operands of these shapes
    and ``dtype`` (float32 or float64, nonempty, the values' rows whole
    vectors of this CPU): the compiler's attention pass asks it.

    >>> takes_shapes((2, 8, 16), (2, 8, 16), (2, 8, 16), numpy.float32)
    True
    >>> takes_shapes((2, 8, 16), (2, 8, 16), (2, 8, 3), numpy.float32)
    False
    """
    dtype = numpy.dtype(dtype)
    return (dtype in _DTYPES and all(math.prod(x) > 0 for x in (q, k, v))
            and _tile(dtype, v[-1]) is not None)


def fuse_attention_here(g: Any) -> Any:
    """The compiler's attention pass for the graphs of this target: the
    attentions its kernels compute."""
    return fuse_attention(g, takes_shapes)


def takes_attention(q: Any, k: Any, v: Any, mask: Any = None) -> bool:
    """Whether the forward kernel computes ``attention(q, k, v, mask)``:
    NumPy float32 or float64 arrays of one dtype, nonempty, whose values'
    rows are a whole number of vectors of this CPU.

    >>> x = numpy.ones((2, 8, 16), numpy.float32)
    >>> takes_attention(x, x, x), takes_attention(x, x, x[..., :3])
    (True, False)
    """
    return (supported(q, k, v) and _takes_mask(mask) and q.size > 0 and k.size > 0
            and v.size > 0 and _tile(q.dtype, v.shape[-1]) is not None)


def takes_attention_grad(q: Any, k: Any, v: Any, gy: Any, mask: Any = None) -> bool:
    """Whether the gradient kernel computes ``attention_grad(q, k, v, gy,
    mask)`` (as :func:`takes_attention`, ``gy`` of the same dtype).

    >>> x = numpy.ones((2, 8, 16), numpy.float32)
    >>> takes_attention_grad(x, x, x, x)
    True
    """
    return takes_attention(q, k, v, mask) and supported(q, gy)


def _masks(mask: Any, batch: tuple, s: int, t: int, dtype: numpy.dtype) -> tuple:
    """``(keep, smb, ranges, srb)``: the mask as 0 / 1 of ``dtype`` (one
    matrix where it is the same for the whole stack: batch stride ``smb``
    0) and each row's first kept key and one past its last (all keys where
    it keeps none), int64 pairs of batch stride ``srb``."""
    if mask is None:
        ranges = numpy.zeros((s, 2), numpy.int64)
        ranges[:, 1] = t
        return numpy.zeros(1, dtype), 0, ranges.reshape(-1), 0
    full = numpy.broadcast_to(mask, batch + (s, t))
    shared = all(st == 0 for st in full.strides[:len(batch)])
    m = full[(0,) * len(batch)][None] if shared else full.reshape(-1, s, t)
    m = numpy.ascontiguousarray(m)
    kept = m.any(axis=-1)
    ranges = numpy.empty(m.shape[:2] + (2,), numpy.int64)
    ranges[..., 0] = numpy.where(kept, m.argmax(axis=-1), 0)
    ranges[..., 1] = numpy.where(kept, t - m[..., ::-1].argmax(axis=-1), t)
    return (m.astype(dtype).reshape(-1), 0 if shared else s * t, ranges.reshape(-1),
            0 if shared else 2 * s)


def _flat(a: numpy.ndarray) -> numpy.ndarray:
    """``a``'s elements in order, row-major and aligned (a copy where they
    are not: the kernels load whole vectors of aligned elements)."""
    a = numpy.ascontiguousarray(a)
    return (a if a.flags.aligned else a.copy()).reshape(-1)


def _result(out: Any, shape: tuple, dtype: numpy.dtype, *operands: Any) -> numpy.ndarray:
    """``out`` where the kernel may write it directly, else a new array."""
    if (out is not None and type(out) is numpy.ndarray and out.shape == shape
            and out.dtype == dtype and out.flags.c_contiguous and out.flags.writeable
            and out.flags.aligned
            and not any(numpy.may_share_memory(out, a) for a in operands if a is not None)):
        return out
    return host_arrays.empty(shape, dtype)


def _run(grad: bool, q: Any, k: Any, v: Any, gy: Any, mask: Any, out: Any,
         shape: tuple) -> numpy.ndarray:
    dtype = q.dtype
    g, s, t, d, e = _sizes(q, k, v)
    lanes, _ = machine(dtype)
    tile = _tile(dtype, e)      # (the gradient's q, k and v: one shape, d == e)
    keep, smb, ranges, srb = _masks(mask, q.shape[:-2], s, t, dtype)
    # (Per multiply-add: scores, and weights times v; twice that again for
    # the gradients.  Bounded rows skip some: counted whole.)
    madds = float(g) * s * t * (d + e) * (3 if grad else 1)
    items = g if grad else g * -(-s // block_rows(tile[0]))
    width = max(1, min(items, threads.product_width(madds, threads.available_cores())))
    slot = slot_elements(t, d, lanes, tile, grad)
    # Keys a product with v, k or q takes at a time: their rows in a third
    # of the first-level cache, beside the weights' and the tiles' lines.
    chunk = max(tile[0], first_level()[0] // 3 // (e * dtype.itemsize))
    buf = scratch('attention slots', width * slot, dtype)
    entered = numpy.zeros(1, numpy.int64)
    c = _result(out, shape, dtype, q, k, v, gy)
    fn = _kernel('attention_grad' if grad else 'attention', tile, dtype, (lanes,),
                 lambda symbol: attention_ir(symbol, dtype, lanes, tile, grad))
    operands = [_flat(q), _flat(k), _flat(v)] + ([_flat(gy)] if grad else [])
    threads.Chunked(fn, width)(s, 1, items, s, t, d, e, int(mask is not None), smb, srb, slot,
                               chunk, *operands, keep, ranges, entered, buf, c.reshape(-1))
    if out is not None and c is not out:
        out[...] = c
        return out
    return c


def attention(q: numpy.ndarray, k: numpy.ndarray, v: numpy.ndarray, mask: Any = None,
              out: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """``softmax(where(mask, q @ k^T, -inf)) @ v`` (see
    :mod:`tapejit.ops.attention`), into ``out`` where given; the arrays as
    :func:`takes_attention` says."""
    return _run(False, q, k, v, None, mask, out, q.shape[:-1] + v.shape[-1:])


def attention_grad(q: numpy.ndarray, k: numpy.ndarray, v: numpy.ndarray, gy: numpy.ndarray,
                   mask: Any = None, out: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """The gradients of ``attention(q, k, v, mask)`` with respect to ``q``,
    ``k`` and ``v`` for the output's gradient ``gy``, stacked (``q``, ``k``
    and ``v`` of one shape)."""
    return _run(True, q, k, v, gy, mask, out, (3,) + q.shape)


def describe(s: int, t: int, d: int, e: int, dtype: Any, grad: bool = False) -> str:
    """How the forward (or, ``grad``, the gradient) kernel computes
    attention of ``s`` queries over ``t`` keys (``d`` and ``e`` columns).

    >>> describe(256, 256, 64, 64, 'float32')  # doctest: +ELLIPSIS
    'attention: blocks of 48 query rows, scores in tiles of ... rows x ... vectors of ...'
    """
    dtype = numpy.dtype(dtype)
    lanes, _ = machine(dtype)
    tile = _tile(dtype, e)
    if tile is None:
        return f'attention: rows of {e} are not whole vectors of {lanes}: NumPy operations'
    mr, nv, nvo = tile
    item = 'a whole matrix an item, ' if grad else ''
    return (f'attention{"_grad" if grad else ""}: {item}blocks of {block_rows(mr)} query rows, '
            f'scores in tiles of {mr} rows x {nv} vectors of {lanes}, keys in '
            f'{-(-t // (nv * lanes))} panels of k^T, products with '
            f'{"v, k and q" if grad else "v"} in tiles of {mr} x {nvo} vectors; no score '
            f'matrix in memory, {dtype.name}')


install_host_kernel('attention', attention, takes_attention)
install_host_kernel('attention_grad', attention_grad, takes_attention_grad)
