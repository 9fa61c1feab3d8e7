"""Primitives the CPU computes with its own kernels where NumPy is slow,
eagerly and in compiled plans alike: ``where`` and ``add_rows`` on large
arrays.

NumPy's ``where`` branches on every element: on a mask of random signs (a
ReLU's gradient, a max pooling's) it runs several times slower than a
multiply over the same arrays.  The kernel here is a loop of selects,
which LLVM vectorizes into blends.

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

from typing import Any

import numpy

from tapejit.compiler import loop_ir as L
from tapejit.ops.registry import install_host_kernel
from tapejit.ops.window import rows_at
from tapejit.targets.cpu.kernel_cache import get_kernel

__all__ = ['where', 'takes_where', 'add_rows', 'takes_add_rows']

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
    bool mask of the result's shape, the values of one dtype each of that
    shape or a single element, C-contiguous, and many of them."""
    if not all(type(v) is numpy.ndarray for v in (c, a, b)):
        return False
    shape = c.shape
    return (c.dtype == _BOOL and c.size >= WHERE_MIN and c.flags.c_contiguous
            and a.dtype == b.dtype and a.dtype in _DTYPES and a.dtype.isnative
            and all(_flat(v, shape) or v.size == 1 for v in (a, b)))


def _operand(name: str, whole: bool) -> Any:
    return L.Load(name, ('i',) if whole else (0,))


def _kernel(dtype: numpy.dtype, whole_a: bool, whole_b: bool) -> Any:
    key = (dtype, whole_a, whole_b)
    k = _kernels.get(key)
    if k is None:
        body = [L.Assign(L.Load('out', ('i',)), L.Apply(
            'where', (L.Load('c', ('i',)), _operand('a', whole_a), _operand('b', whole_b)),
            {}, (_BOOL, dtype, dtype), dtype))]
        ir = L.Kernel('where', ['c', 'a', 'b', 'out'], [],
                      L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
        k = _kernels[key] = get_kernel(ir, exclusive=True)
    return k


def where(c: numpy.ndarray, a: numpy.ndarray, b: numpy.ndarray) -> numpy.ndarray:
    """``numpy.where(c, a, b)`` for the arrays :func:`takes_where` accepts
    (see the module's example)."""
    a, b = numpy.asarray(a), numpy.asarray(b)
    whole_a, whole_b = _flat(a, c.shape), _flat(b, c.shape)
    out = numpy.empty(c.shape, a.dtype)
    n = c.size
    _kernel(a.dtype, whole_a, whole_b)(numpy.array([n]), n, 1, c.reshape(-1), a.reshape(-1),
                                       b.reshape(-1), out.reshape(-1))
    return out


install_host_kernel('where', where, takes_where)


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
