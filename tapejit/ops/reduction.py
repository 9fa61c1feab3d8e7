"""Reduction primitives: sum, max, min, argmax, argmin, logsumexp; and
broadcast_to with ``sum_to``, the adjoints of sum and of broadcasting, which
differentiate each other.

``axis`` is normalised to a sorted tuple (or None) before binding, so equal
reductions carry equal parameters.

``max`` gives its gradient to every element equal to the maximum (as
Chainer's ``F.max``); with ``ties='first'`` to the first of them only, in
row-major order over the reduced axes (as Chainer's max pooling, whose
windows are those axes).
"""

from __future__ import annotations

import itertools

from typing import Any

import numpy

from tapejit.core.abstract import TracedArray
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.ops.elementwise import _xp, _zeros_like_scalar, cast, equal, exp, mul, where
from tapejit.ops.registry import Aval, host_kernel, install_sum_to, primitive
from tapejit.ops.structure import reshape


def reduced_shape(shape: tuple, axis: Any, keepdims: bool) -> tuple:
    if axis is None:
        return tuple(1 for _ in shape) if keepdims else ()
    if keepdims:
        return tuple(1 if i in axis else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in axis)


def _np_axis(x: Any, axis: Any) -> Any:
    # normalize_axis accepts axis 0 (or -1) for a 0-d array, as the whole array;
    # NumPy does not, so a 0-d array is reduced with axis=None.
    return None if x.ndim == 0 else axis


def _sum_dtype(dt: Any) -> Any:
    """The dtype NumPy's sum gives: small (and bool) integers widen to the platform's."""
    dt = numpy.dtype(dt)
    if dt.kind == 'b' or (dt.kind == 'i' and dt.itemsize < numpy.dtype(numpy.int_).itemsize):
        return numpy.dtype(numpy.int_)
    if dt.kind == 'u' and dt.itemsize < numpy.dtype(numpy.uint).itemsize:
        return numpy.dtype(numpy.uint)
    return dt


def _reduce_eval(name: str, out_dtype: Any = None, nonempty: bool = False):
    def abstract_eval(x: Aval, axis: Any = None, keepdims: bool = False) -> Aval:
        if nonempty:
            axes = range(len(x.shape)) if axis is None or not x.shape else axis
            if any(x.shape[a] == 0 for a in axes):
                raise ValueError(f'{name}: cannot reduce an empty axis of an array of '
                                 f'shape {x.shape}; expected a non-zero size along axis '
                                 f'{axis}')
        if out_dtype is None:
            dt = x.dtype
        elif callable(out_dtype):
            dt = out_dtype(x.dtype)
        else:
            dt = numpy.dtype(out_dtype)
        return Aval(reduced_shape(x.shape, axis, keepdims), dt)
    return abstract_eval


def _expand_back(n, g):
    """Broadcast a reduced gradient (or reduced output) back to the input shape."""
    axis, keepdims = n.params['axis'], n.params['keepdims']
    shape = n.in_shape(0)
    if not keepdims:
        g = reshape(g, shape=reduced_shape(shape, axis, True))
    return broadcast_to(g, shape=shape)


def _sum_impl(x, axis=None, keepdims=False):
    kernel = host_kernel('sum', x)
    if kernel is not None:
        return kernel(x, axis, keepdims)
    return x.sum(axis=_np_axis(x, axis), keepdims=keepdims)


sum = primitive('sum', kind='reduction',
                impl=_sum_impl, abstract_eval=_reduce_eval('sum', _sum_dtype),
                vjp=lambda n, gy, need: (_expand_back(n, gy),))


# ---------------------------------------------------------- broadcast_to
def _broadcast_to_eval(x: Aval, shape: tuple) -> Aval:
    nd = len(shape)
    ok = len(x.shape) <= nd and all(
        s == 1 or s == t for s, t in zip(x.shape, shape[nd - len(x.shape):]))
    if not ok:
        raise ShapeError(f'broadcast_to: cannot broadcast shape {x.shape} to {shape}')
    return Aval(tuple(shape), x.dtype)


broadcast_to = primitive(
    'broadcast_to', kind='broadcast', impl=lambda x, shape: _xp(x).broadcast_to(x, shape),
    abstract_eval=_broadcast_to_eval,
    vjp=lambda n, gy, need: (sum_to(gy, n.in_shape(0)),))


def sum_to(x: Any, shape: tuple) -> Any:
    """Sum ``x`` over the axes that broadcasting added, down to ``shape``."""
    xs = x.shape
    shape = tuple(shape)
    if xs == shape:
        return x
    lead = len(xs) - len(shape)
    if lead < 0 or any(s != 1 and s != xs[i + lead] for i, s in enumerate(shape)):
        raise ShapeError(f'sum_to: cannot sum shape {xs} to shape {shape}; expected a '
                         f'shape that broadcasts to {xs}')
    axes = tuple(range(lead)) + tuple(
        i + lead for i, s in enumerate(shape) if s == 1 and xs[i + lead] != 1)
    y = sum(x, axis=axes, keepdims=False) if axes else x
    if y.shape != tuple(shape):
        y = reshape(y, shape=tuple(shape))
    return y


install_sum_to(sum_to)


def _minmax_vjp(n, gy, need):
    if n.params.get('ties', 'all') == 'first':
        return (_first_max_grad(n, gy),)
    cond = equal(n.x(0), _expand_back(n, n.y()))
    return (where(cond, _expand_back(n, gy), _zeros_like_scalar(gy)),)


def _first_max_grad(n, gy):
    """``gy`` at the first maximum of each reduced slice (row-major over the
    reduced axes), zero elsewhere: a slice of k equal values passes ``gy``
    once, not k times.

    Made of fusable primitives, so compiled code needs no kernel of its own:
    each element holding the maximum scores ``count - position``, any other
    0, and the slice's largest score marks its first maximum.  The scores
    are products of casts, not selects: a select inside a reduction loop
    branches on the data and does not vectorize.  The mask is not
    differentiable, so the gradient is linear in ``gy`` and differentiates
    again."""
    x, shape = n.x(0), n.in_shape(0)
    axis = n.params['axis']
    axes = tuple(range(len(shape))) if axis is None else axis
    count = 1
    for a in axes:
        count *= shape[a]
    idt = numpy.dtype(numpy.int32 if count < 2 ** 31 else numpy.int64)
    xp = numpy if isinstance(x._data, TracedArray) else _xp(x._data)
    # count - position, the position row-major over the reduced axes (1 at
    # the last element, so that 0 is no maximum), broadcast along the rest.
    rank = xp.arange(count, 0, -1, dtype=idt).reshape(
        tuple(s if d in axes else 1 for d, s in enumerate(shape)))
    # (A slice holding a NaN has the maximum NaN, equal to nothing: it passes
    # no gradient, as with ties='all'.)
    at_max = cast(equal(x, _expand_back(n, n.y())), dtype=idt)
    first = max(mul(at_max, rank), axis=axis, keepdims=True)
    return where(equal(rank, first), _expand_back(n, gy), _zeros_like_scalar(gy))


def _check_ties(ties: Any) -> None:
    if ties not in ('all', 'first'):
        raise ValueError(f"max: ties must be 'all' (each maximum gets the gradient) or "
                         f"'first' (the first maximum of each slice), got {ties!r}")


# A reduction over axes holding at most this many elements (a pooling
# window's) runs as that many elementwise operations on strided views:
# NumPy's own reduction over short inner axes is tens of times slower.
SMALL_WINDOW = 64


def _window_reduce(x, axis, keepdims, ufunc):
    """``ufunc.reduce`` of ``x`` over ``axis`` (ints), one view of ``x`` per
    element of the reduced axes combined elementwise, where those hold few
    elements; None elsewhere."""
    if axis is None or x.ndim == 0:
        return None
    axes = tuple(sorted(a % x.ndim for a in ((axis,) if isinstance(axis, int) else axis)))
    count = 1
    for a in axes:
        count *= x.shape[a]
    if not axes or count < 2 or count > SMALL_WINDOW or x.size < 16 * count:
        return None
    out = None
    for at in itertools.product(*(range(x.shape[a]) for a in axes)):
        index = [slice(None)] * x.ndim
        for a, i in zip(axes, at):
            index[a] = i
        view = x[tuple(index)]
        out = view.copy() if out is None else ufunc(out, view, out=out)
    if keepdims:
        out = out.reshape(tuple(1 if d in axes else s for d, s in enumerate(x.shape)))
    return out


def _max_impl(x, axis=None, keepdims=False, ties='all'):
    if ties != 'all':
        _check_ties(ties)
    y = _window_reduce(x, axis, keepdims, _xp(x).maximum)
    return x.max(axis=_np_axis(x, axis), keepdims=keepdims) if y is None else y


def _min_impl(x, axis=None, keepdims=False):
    y = _window_reduce(x, axis, keepdims, _xp(x).minimum)
    return x.min(axis=_np_axis(x, axis), keepdims=keepdims) if y is None else y


_max_shape = _reduce_eval('max', nonempty=True)


def _max_eval(x: Aval, axis: Any = None, keepdims: bool = False, ties: str = 'all') -> Aval:
    _check_ties(ties)
    return _max_shape(x, axis, keepdims)


max = primitive('max', kind='reduction',
                impl=_max_impl, abstract_eval=_max_eval,
                save_inputs=(0,), save_output=True, vjp=_minmax_vjp)
min = primitive('min', kind='reduction',
                impl=_min_impl, abstract_eval=_reduce_eval('min', nonempty=True),
                save_inputs=(0,), save_output=True, vjp=_minmax_vjp)


def _arg_eval(name):
    def abstract_eval(x: Aval, axis: Any = None) -> Aval:
        if x.shape and (axis is None and 0 in x.shape or axis is not None
                        and x.shape[axis] == 0):
            raise ValueError(f'{name}: cannot take {name} of an empty axis (shape '
                             f'{x.shape}, axis {axis})')
        shape = () if axis is None else tuple(s for i, s in enumerate(x.shape) if i != axis)
        return Aval(shape, numpy.dtype(numpy.intp))
    return abstract_eval


argmax = primitive('argmax', kind='call', impl=lambda x, axis=None: x.argmax(axis=axis),
                   abstract_eval=_arg_eval('argmax'), vjp=None)
argmin = primitive('argmin', kind='call', impl=lambda x, axis=None: x.argmin(axis=axis),
                   abstract_eval=_arg_eval('argmin'), vjp=None)


def _logsumexp_impl(x, axis=None, keepdims=False):
    if x.dtype.kind not in 'fc':
        raise DTypeError(f'logsumexp: got dtype {x.dtype}; expected a floating dtype')
    xp = _xp(x)
    axis = _np_axis(x, axis)
    m = x.max(axis=axis, keepdims=True)
    # An all -inf slice has max -inf; shifting by it would give nan.
    m = xp.where(xp.isfinite(m), m, xp.zeros((), x.dtype))
    y = xp.log(xp.exp(x - m).sum(axis=axis, keepdims=True)) + m
    if not keepdims:
        y = y.reshape(reduced_shape(x.shape, axis, False))
    return y


def _logsumexp_vjp(n, gy, need):
    return (_expand_back(n, gy) * exp(n.x(0) - _expand_back(n, n.y())),)


def _logsumexp_eval(x: Aval, axis: Any = None, keepdims: bool = False) -> Aval:
    if x.dtype.kind not in 'fc':
        raise DTypeError(f'logsumexp: got dtype {x.dtype}; expected a floating dtype')
    return _reduce_eval('logsumexp', nonempty=True)(x, axis, keepdims)


logsumexp = primitive('logsumexp', kind='call', impl=_logsumexp_impl, abstract_eval=_logsumexp_eval,
                      save_inputs=(0,), save_output=True, vjp=_logsumexp_vjp)
