"""Primitives the CPU computes with its own kernels where NumPy is slow,
eagerly and in compiled plans alike: ``where``, ``maximum``, ``minimum``
and ``add_rows`` on large arrays.

NumPy's ``where`` branches on every element: on a mask of random signs (a
ReLU's gradient, a max pooling's) it runs several times slower than a
multiply over the same arrays.  The kernel here is a loop of selects,
which LLVM vectorizes into blends.  NumPy's ``maximum`` and ``minimum``
(a ReLU, a clip) run three to four times slower than its ``add`` over the
same arrays; the kernels here compute them as the plans' fused loops do
(a NaN operand gives NaN).  These three run on the threads tapejit
decides, in pieces the threads claim, into results from
:mod:`tapejit.backends.host_arrays`.

NumPy's ``sum`` over the outer and inner axes of an array, keeping those
between (a convolution's bias gradient: axes 0, 2 and 3 of NCHW), runs
several times slower than over contiguous axes.  :func:`sum_axes` sums
each piece of the outer axis into its own row of float64 partial sums, as
the plans' fused sums do, and adds the rows.

``add_rows`` (an embedding's gradient: rows of ``g`` added into the rows
``ids`` name) is ``numpy.add.at``, which costs tens of nanoseconds per
element.  The kernel adds each row of ``g`` into its row of the output in
``g``'s order, a vector loop over the row: the same sums as ``add.at``, in
the same order, bit for bit.

Both are the loop IR of :mod:`tapejit.compiler.loop_ir`, compiled once per
dtype and operand kind by :func:`tapejit.targets.cpu.kernel_cache.get_kernel`
and kept in the store, as a fused kernel of a plan is.

>>> import numpy as np
>>> c = np.arange(1 << 16) % 3 == 0
>>> x = np.arange(1 << 16, dtype=np.float32)
>>> where(c, np.float32(-1), x)[:4]
array([-1.,  1.,  2., -1.], dtype=float32)
"""

from __future__ import annotations

import math
from typing import Any

import numpy

from tapejit.backends import host_arrays, threads
from tapejit.compiler import loop_ir as L
from tapejit.ops.registry import install_host_kernel
from tapejit.ops.window import rows_at
from tapejit.targets.cpu.kernel_cache import get_kernel

__all__ = ['where', 'takes_where', 'maximum', 'minimum', 'takes_binary', 'sum_axes', 'takes_sum',
           'add_rows', 'takes_add_rows']

# Elements from which the kernel beats NumPy's call overhead as well.
WHERE_MIN = 1 << 15
_DTYPES = frozenset(numpy.dtype(t) for t in ('float32', 'float64', 'int32', 'int64'))
_BOOL = numpy.dtype(numpy.bool_)
# Elements of g from which add_rows' kernel beats numpy.add.at's call as well.
ADD_ROWS_MIN = 1 << 10
_FLOATS = frozenset(numpy.dtype(t) for t in ('float32', 'float64'))
_kernels: dict = {}


def _flat(a: Any, shape: tuple) -> bool:
    """Whether ``a`` is read elementwise (of ``shape``, C-contiguous)."""
    return a.shape == shape and a.flags.c_contiguous


def takes_where(c: Any, a: Any, b: Any) -> bool:
    """Whether :func:`where` computes ``where(c, a, b)``: NumPy arrays, a
    bool mask of the result's shape, C-contiguous, with many elements, and
    values of one dtype that broadcast to it."""
    if not all(type(v) is numpy.ndarray for v in (c, a, b)):
        return False
    shape = c.shape
    if max(a.ndim, b.ndim) > c.ndim:     # (an operand adds axes)
        return False
    return (c.dtype == _BOOL and c.size >= WHERE_MIN and c.flags.c_contiguous
            and a.dtype == b.dtype and a.dtype in _DTYPES and a.dtype.isnative
            and all(_broadcasts(v.shape, shape) for v in (a, b)))


def _broadcasts(shape: tuple, to: tuple) -> bool:
    """Whether an array of ``shape`` broadcasts to ``to`` (no more axes)."""
    return all(s in (1, t) for s, t in zip(shape[::-1], to[::-1]))


def _as_operand(v: numpy.ndarray, shape: tuple) -> numpy.ndarray:
    """``v`` as :func:`_elementwise` reads an operand of a result of
    ``shape``: as it is where it is of that shape and C-contiguous, its one
    element where every element is that one (a gradient broadcast from a
    sum's, strides of 0), else a C-contiguous copy of its broadcast (NumPy's
    ``where`` of broadcast operands ran about 4 ns an element)."""
    if _flat(v, shape) or v.size == 1:
        return v
    if not any(st for st, n in zip(v.strides, v.shape) if n > 1):
        return numpy.array(v.reshape(-1)[:1])
    return numpy.ascontiguousarray(numpy.broadcast_to(v, shape))


def takes_binary(a: Any, b: Any) -> bool:
    """Whether :func:`maximum` and :func:`minimum` compute ``op(a, b)``:
    NumPy arrays of one native float dtype, each of the result's shape or a
    single element, C-contiguous, and many of them."""
    if type(a) is not numpy.ndarray or type(b) is not numpy.ndarray:
        return False
    shape = a.shape if a.size >= b.size else b.shape
    if max(a.ndim, b.ndim) > len(shape):
        return False                     # (a one-element operand adds axes)
    return (a.dtype == b.dtype and a.dtype in _FLOATS and a.dtype.isnative
            and math.prod(shape) >= WHERE_MIN
            and all(_flat(v, shape) or v.size == 1 for v in (a, b)))


def _operand(name: str, whole: bool) -> Any:
    return L.Load(name, ('i',) if whole else (0,))


def _kernel(op: str, dtypes: tuple, wholes: tuple) -> Any:
    """The parallel kernel ``out[i] = op(x0[i], x1[i], ...)`` over flat
    arrays of ``dtypes`` (an operand not ``whole``: its one element)."""
    key = (op, dtypes, wholes)
    k = _kernels.get(key)
    if k is None:
        names = [f'x{j}' for j in range(len(dtypes))]
        body = [L.Assign(L.Load('out', ('i',)), L.Apply(
            op, tuple(_operand(v, w) for v, w in zip(names, wholes)), {}, dtypes,
            dtypes[-1]))]
        ir = L.Kernel(op, names + ['out'], [],
                      L.ChunkLoop(True, [], [L.ChunkRange('i', body)], []))
        k = _kernels[key] = threads.Chunked(get_kernel(ir, exclusive=True))
    return k


def _elementwise(op: str, shape: tuple, *operands: numpy.ndarray) -> numpy.ndarray:
    """``op`` of ``operands`` (each of ``shape``, C-contiguous, or of one
    element) into a new array of ``shape``, in pieces of
    :data:`threads.UFUNC_PIECE` elements."""
    out = host_arrays.empty(shape, operands[-1].dtype)
    n = out.size
    kernel = _kernel(op, tuple(v.dtype for v in operands),
                     tuple(_flat(v, shape) for v in operands))
    piece = threads.UFUNC_PIECE
    kernel(numpy.array([n]), piece, -(-n // piece), *(v.reshape(-1) for v in operands),
           out.reshape(-1))
    return out


def where(c: numpy.ndarray, a: numpy.ndarray, b: numpy.ndarray) -> numpy.ndarray:
    """``numpy.where(c, a, b)`` for the arrays :func:`takes_where` accepts
    (see the module's example)."""
    return _elementwise('where', c.shape, c, _as_operand(a, c.shape), _as_operand(b, c.shape))


def maximum(a: numpy.ndarray, b: numpy.ndarray) -> numpy.ndarray:
    """``numpy.maximum(a, b)`` for the arrays :func:`takes_binary` accepts.

    >>> x = numpy.linspace(-1, 1, 1 << 16, dtype=numpy.float32)
    >>> maximum(x, numpy.zeros((), numpy.float32))[[0, -1]]
    array([0., 1.], dtype=float32)
    """
    return _elementwise('maximum', a.shape if a.size >= b.size else b.shape, a, b)


def minimum(a: numpy.ndarray, b: numpy.ndarray) -> numpy.ndarray:
    """``numpy.minimum(a, b)`` for the arrays :func:`takes_binary` accepts.

    >>> x = numpy.linspace(-1, 1, 1 << 16, dtype=numpy.float32)
    >>> minimum(numpy.zeros((), numpy.float32), x)[[0, -1]]
    array([-1.,  0.], dtype=float32)
    """
    return _elementwise('minimum', a.shape if a.size >= b.size else b.shape, a, b)


def takes_sum(x: Any) -> bool:
    """Whether :func:`sum_axes` computes sums of ``x``: a NumPy array of a
    native float dtype, C-contiguous, with many elements (for other axes
    than it serves, it calls NumPy)."""
    return (type(x) is numpy.ndarray and x.dtype in _FLOATS and x.dtype.isnative
            and x.size >= WHERE_MIN and x.flags.c_contiguous)


def _kept_run(ndim: int, axis: Any) -> Any:
    """``(first, last)`` kept axes, where the axes ``axis`` reduces are
    some before and some after one run of kept ones; else None."""
    if axis is None:
        return None
    given = (axis,) if isinstance(axis, int) else tuple(axis)
    axes = {a % ndim for a in given}
    if len(axes) != len(given):          # (a repeated axis: NumPy's error)
        return None
    kept = [d for d in range(ndim) if d not in axes]
    if not kept or kept[0] == 0 or kept[-1] == ndim - 1 or kept[-1] - kept[0] + 1 != len(kept):
        return None
    return kept[0], kept[-1]


def _sum_kernel(dtype: numpy.dtype) -> Any:
    """``part[c, j] += x[i, j, k]`` over chunk ``c``'s ``i``, in float64."""
    k = _kernels.get(('sum', dtype))
    if k is None:
        f64 = numpy.dtype(numpy.float64)
        body = [L.For('j', 1, [L.For('k', 2, [L.Accumulate(
            'sum', L.Load('part', ('c', 'j')), L.Cast(L.Load('x', ('i', 'j', 'k')), f64))])])]
        ir = L.Kernel('sum_axes', ['x', 'part'], [],
                      L.ChunkLoop(True, [], [L.ChunkRange('i', body)], []))
        k = _kernels['sum', dtype] = threads.Chunked(
            get_kernel(ir, fastmath={'reassoc'}, exclusive=True))
    return k


def sum_axes(x: numpy.ndarray, axis: Any = None, keepdims: bool = False) -> numpy.ndarray:
    """``x.sum(axis, keepdims=keepdims)`` for the arrays :func:`takes_sum`
    accepts: where ``axis`` holds axes before and after the ones it keeps,
    each piece of the outer axes summed in float64 by the kernel; else
    NumPy's sum.

    >>> x = numpy.ones((64, 3, 32, 32), numpy.float32)
    >>> sum_axes(x, (0, 2, 3))
    array([65536., 65536., 65536.], dtype=float32)
    """
    run = _kept_run(x.ndim, axis)
    if run is None:
        return x.sum(axis=axis, keepdims=keepdims)
    first, last = run
    outer, mid = math.prod(x.shape[:first]), math.prod(x.shape[first:last + 1])
    sizes = numpy.array([outer, mid, x.size // (outer * mid)])
    # (Pieces of about UFUNC_PIECE elements each.)
    ch = max(1, threads.UFUNC_PIECE // (x.size // outer))
    nch = -(-outer // ch)
    part = numpy.zeros((nch, mid), numpy.float64)
    _sum_kernel(x.dtype)(sizes, ch, nch, x.reshape(tuple(sizes)), part)
    total = part.sum(axis=0).astype(x.dtype)
    shape = (tuple(1 if d < first or d > last else n for d, n in enumerate(x.shape))
             if keepdims else x.shape[first:last + 1])
    return total.reshape(shape)


install_host_kernel('where', where, takes_where)
install_host_kernel('sum', sum_axes, takes_sum)
install_host_kernel('maximum', maximum, takes_binary)
install_host_kernel('minimum', minimum, takes_binary)


def takes_add_rows(g: Any, ids: Any) -> bool:
    """Whether :func:`add_rows` computes ``add_rows(g, ids, rows)``: NumPy
    arrays, ``g`` of a native float dtype with many elements."""
    return (type(g) is numpy.ndarray and type(ids) is numpy.ndarray
            and g.dtype in _FLOATS and g.dtype.isnative and g.size >= ADD_ROWS_MIN)


def _add_rows_kernel(dtype: numpy.dtype) -> Any:
    key = ('add_rows', dtype)
    k = _kernels.get(key)
    if k is None:
        # (for i: r = ids[i]; out[r, :] += g[i, :]; serial, as rows repeat.)
        body = [L.Assign(L.Local('r'), L.Load('ids', ('i',))),
                L.For('j', 1, [L.Accumulate('sum', L.Load('out', ('r', 'j')),
                                            L.Load('g', ('i', 'j')))])]
        ir = L.Kernel('add_rows', ['ids', 'g', 'out'], [],
                      L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
        k = _kernels[key] = get_kernel(ir, exclusive=True)
    return k


def add_rows(g: numpy.ndarray, ids: numpy.ndarray, rows: int) -> numpy.ndarray:
    """``out`` of ``rows`` rows, zeros plus each row ``g[i]`` (``g``'s axes
    after those of ``ids``) added into row ``ids[i]``, for the arrays
    :func:`takes_add_rows` accepts.

    >>> g = numpy.ones((1024, 2), numpy.float32)
    >>> add_rows(g, numpy.arange(1024) % 3, 3)
    array([[342., 342.],
           [341., 341.],
           [341., 341.]], dtype=float32)
    """
    k = ids.ndim
    if rows == 0 and ids.size:
        raise IndexError(f'add_rows: ids of shape {ids.shape} name rows of an array of none')
    width = int(numpy.prod(g.shape[k:], dtype=numpy.int64))
    flat_g = numpy.ascontiguousarray(g).reshape(-1, width)
    flat_ids = numpy.ascontiguousarray(rows_at(numpy, ids.reshape(-1), rows), numpy.int64)
    out = numpy.zeros((rows,) + g.shape[k:], g.dtype)
    n = flat_g.shape[0]
    if n and width:
        _add_rows_kernel(g.dtype)(numpy.array([n, width]), n, 1, flat_ids, flat_g,
                                  out.reshape(rows, width))
    return out


install_host_kernel('add_rows', add_rows, takes_add_rows)
