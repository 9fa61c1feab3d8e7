"""Structural primitives: reshape, transpose, get_item and its adjoint
scatter_add, concat.  (broadcast_to, whose adjoint is a sum, is in
:mod:`tapejit.ops.reduction`.)"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray, TraceError, where_in_user_code
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.ops.registry import Aval, native_dtype, primitive


def _xp(a: Any) -> Any:
    return numpy if type(a) is numpy.ndarray else backends.get_array_module(a)


# ---------------------------------------------------------------- reshape
def resolve_shape(name: str, in_shape: tuple, shape: Any) -> tuple:
    """Resolve one ``-1`` in ``shape``; raise if the sizes differ."""
    if isinstance(shape, (int, numpy.integer)):
        shape = (shape,)
    shape = tuple(int(s) for s in shape)
    size = 1
    for s in in_shape:
        size *= s
    if shape.count(-1) > 1:
        raise ShapeError(f'{name}: at most one -1 is allowed in shape {shape}')
    known = 1
    for s in shape:
        if s != -1:
            known *= s
    if -1 in shape:
        if known == 0 or size % known:
            raise ShapeError(f'{name}: cannot reshape an array of shape {in_shape} '
                             f'(size {size}) into shape {shape}')
        shape = tuple(size // known if s == -1 else s for s in shape)
    elif known != size:
        raise ShapeError(f'{name}: cannot reshape an array of shape {in_shape} '
                         f'(size {size}) into shape {shape}; expected a shape of size '
                         f'{size}')
    return shape


reshape = primitive(
    'reshape', kind='view', impl=lambda x, shape: x.reshape(shape),
    abstract_eval=lambda x, shape: Aval(resolve_shape('reshape', x.shape, shape), x.dtype),
    vjp=lambda n, gy, need: (reshape(gy, shape=n.in_shape(0)),))


# -------------------------------------------------------------- transpose
def _transpose_eval(x: Aval, axes: tuple) -> Aval:
    if sorted(axes) != list(range(len(x.shape))):
        raise ShapeError(f'transpose: axes {axes} are not a permutation of the '
                         f'{len(x.shape)} axes of shape {x.shape}')
    return Aval(tuple(x.shape[a] for a in axes), x.dtype)


transpose = primitive(
    'transpose', kind='view', impl=lambda x, axes: x.transpose(axes), abstract_eval=_transpose_eval,
    vjp=lambda n, gy, need: (transpose(
        gy, axes=tuple(int(a) for a in numpy.argsort(n.params['axes']))),))


# --------------------------------------------------------------- get_item
class InvalidIndexError(IndexError, ValueError):
    """An index that no array takes (two ellipses): an :class:`IndexError`, as
    NumPy raises, and a :class:`ValueError`, as Chainer's ``get_item`` raises.

    >>> issubclass(InvalidIndexError, IndexError) and issubclass(InvalidIndexError, ValueError)
    True
    """


def normalize_index(x_shape: tuple, slices: Any) -> tuple:
    """Indices as a tuple of int/slice/None/Ellipsis/array (Variables unwrapped)."""
    from tapejit.core.variable import Variable
    if not isinstance(slices, tuple):
        slices = (slices,)
    n_ellipsis = sum(1 for s in slices if s is Ellipsis)
    if n_ellipsis > 1:
        raise InvalidIndexError(f'get_item: index {slices!r} has {n_ellipsis} ellipses '
                                "('...'); an index can have only one")
    out = []
    n_bool = 0
    for s in slices:
        if isinstance(s, Variable):
            s = s.array
        if isinstance(s, list):
            # An empty list (or nested empty lists, [[]]) selects nothing: an
            # integer index, as in NumPy (whose asarray([]) alone would be float64).
            s = numpy.asarray(s)
            if s.size == 0:
                s = s.astype(numpy.intp)
        if isinstance(s, numpy.integer):
            s = int(s)
        if isinstance(s, TracedArray):
            raise TraceError(
                'get_item: an index array computed inside @tapejit.jit is a traced value, '
                'and indices must be known when tracing; pass it from outside the '
                'jitted function as a static value, or use F.select_item / F.where; at '
                f'{where_in_user_code()}')
        if backends.is_array(s):
            if s.dtype == numpy.bool_:
                n_bool += 1
            elif s.dtype.kind not in 'iu':
                raise DTypeError(f'get_item: index arrays must be integer or boolean, '
                                 f'got dtype {s.dtype}')
        elif not (s is None or s is Ellipsis or isinstance(s, (int, slice))):
            raise TypeError(f'get_item: unsupported index {s!r} of type '
                            f'{type(s).__name__}; expected int, slice, None, Ellipsis, '
                            'or an integer or boolean array')
        out.append(s)
    if n_bool > 1:
        raise IndexError('get_item: at most one boolean array is supported in an index')
    return tuple(out)


def is_advanced(slices: tuple) -> bool:
    return any(backends.is_array(s) for s in slices)


def _index_shape(name: str, shape: tuple, dtype: Any, slices: tuple) -> tuple:
    dummy = numpy.broadcast_to(numpy.empty((), dtype=numpy.int8), shape)
    host = tuple(backends.CPU.send(s) if backends.is_array(s) else s for s in slices)
    try:
        return dummy[host].shape
    except IndexError as e:
        raise IndexError(f'{name}: index {slices!r} does not fit an array of shape '
                         f'{shape}: {e}') from None


def _get_item_vjp(n, gy, need):
    return (scatter_add(gy, shape=n.in_shape(0), slices=n.params['slices']),)


def _on_device_of(x: Any, slices: tuple) -> tuple:
    """Index arrays of ``slices`` moved to the device of ``x`` (a GPU array)."""
    if x.__class__ is numpy.ndarray or not is_advanced(slices):
        return slices
    dev = backends.get_device_from_array(x)
    return tuple(dev.send(s) if backends.is_array(s) else s for s in slices)


get_item = primitive(
    'get_item', kind='call', impl=lambda x, slices: x[_on_device_of(x, slices)],
    abstract_eval=lambda x, slices: Aval(_index_shape('get_item', x.shape, x.dtype, slices),
                                         x.dtype),
    vjp=_get_item_vjp)


def _scatter_add_impl(g, shape, slices):
    xp = _xp(g)
    z = xp.zeros(shape, dtype=g.dtype)
    slices = _on_device_of(g, slices)
    if is_advanced(slices):
        if xp is numpy:
            numpy.add.at(z, slices, g)
        else:
            import cupyx
            cupyx.scatter_add(z, slices, g)
    else:
        z[slices] = g
    return z


def _scatter_add_eval(g: Aval, shape: tuple, slices: tuple) -> Aval:
    want = _index_shape('scatter_add', shape, g.dtype, slices)
    try:
        numpy.broadcast_shapes(g.shape, want)
    except ValueError:
        raise ShapeError(f'scatter_add: values of shape {g.shape} do not fit the '
                         f'selection of shape {want}') from None
    return Aval(tuple(shape), g.dtype)


scatter_add = primitive(
    'scatter_add', kind='call', impl=_scatter_add_impl, abstract_eval=_scatter_add_eval,
    vjp=lambda n, gy, need: (get_item(gy, slices=n.params['slices']),))


# ----------------------------------------------------------------- concat
def _concat_eval(*xs: Aval, axis: int) -> Aval:
    if not xs:
        raise ValueError('concat: needs at least one input')
    ref = xs[0]
    for x in xs[1:]:
        if x.dtype != ref.dtype and native_dtype(x.dtype) != native_dtype(ref.dtype):
            raise DTypeError('concat: dtypes ' + ' and '.join(str(v.dtype) for v in xs)
                             + ' differ; expected one dtype')
        if len(x.shape) != len(ref.shape) or any(
                a != b for i, (a, b) in enumerate(zip(x.shape, ref.shape)) if i != axis):
            raise ShapeError('concat: shapes ' + ' and '.join(str(v.shape) for v in xs)
                             + f' differ outside axis {axis}; expected equal sizes there')
    shape = list(ref.shape)
    shape[axis] = int(numpy.sum([x.shape[axis] for x in xs]))
    return Aval(tuple(shape), ref.dtype)


def _concat_impl(*xs, axis):
    _concat_eval(*[Aval(x.shape, x.dtype) for x in xs], axis=axis)
    return _xp(xs[0]).concatenate(xs, axis=axis)


def _concat_vjp(n, gy, need):
    axis = n.params['axis']
    out = []
    start = 0
    for i in range(len(n.inputs)):
        size = n.in_shape(i)[axis]
        if need[i]:
            idx = (slice(None),) * axis + (slice(start, start + size),)
            out.append(get_item(gy, slices=idx))
        else:
            out.append(None)
        start += size
    return tuple(out)


concat = primitive('concat', kind='call', impl=_concat_impl, abstract_eval=_concat_eval,
                   vjp=_concat_vjp)
