"""Reductions and softmax-like functions with Chainer's names."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._fused_eager import fused_when_eager
from tapejit.functions._util import array_of, check_var
from tapejit.ops import elementwise as E
from tapejit.ops import reduction as R
from tapejit.ops.elementwise import sub as _sub_p
from tapejit.ops.registry import normalize_axis
from tapejit.ops.reduction import broadcast_to as _broadcast_p
from tapejit.ops.structure import reshape as _reshape_p


def _axes(name: str, x: Any, axis: Any) -> tuple:
    check_var(name, x)
    return normalize_axis(name, axis, array_of(x).ndim)


def _one_axis(name: str, x: Any, axis: Any) -> Optional[int]:
    if axis is not None and not isinstance(axis, (int, numpy.integer)):
        raise TypeError(f'{name}: axis must be an int or None, got {axis!r}')
    axes = _axes(name, x, axis)
    return None if axes is None else axes[0]


def sum(x: Any, axis: Any = None, keepdims: bool = False) -> Variable:
    """Sum over ``axis`` (all axes when None).

    >>> import numpy as np, tapejit.functions as F
    >>> F.sum(np.array([[1.0, 2.0], [3.0, 4.0]]), axis=0)
    variable([4., 6.])
    """
    return R.sum(x, axis=_axes('sum', x, axis), keepdims=bool(keepdims))


def mean(x: Any, axis: Any = None, weights: Any = None, keepdims: bool = False) -> Variable:
    """Mean over ``axis`` (all axes when None), optionally weighted (Chainer's ``average``).

    ``weights`` has the shape of ``x`` when ``axis`` is None, else the length of
    the single ``axis``. float16 inputs are summed in float32 and integer inputs
    in float64 (as NumPy's ``mean`` does), so the sum neither overflows nor wraps.

    >>> import numpy as np, tapejit.functions as F
    >>> F.mean(np.array([[1.0, 2.0], [3.0, 4.0]]))
    variable(2.5)
    >>> y = F.mean(np.full(1000, 100.0, np.float16))
    >>> y.array, y.dtype
    (array(100., dtype=float16), dtype('float16'))
    """
    axes = _axes('mean', x, axis)
    shape = array_of(x).shape
    dt = array_of(x).dtype
    if weights is not None:
        return _weighted_mean(x, axes, axis, weights, keepdims)
    n = 1
    for a in (range(len(shape)) if axes is None else axes):
        n *= shape[a]
    scale = 1.0 / n if n else numpy.nan
    if dt == numpy.float16:
        s = R.sum(E.cast(x, dtype=numpy.dtype(numpy.float32)), axis=axes,
                  keepdims=bool(keepdims))
        return E.cast(s * scale, dtype=dt)
    if dt.kind in 'fc':
        return R.sum(x, axis=axes, keepdims=bool(keepdims)) * scale
    s = R.sum(E.cast(x, dtype=numpy.dtype(numpy.float64)), axis=axes,
              keepdims=bool(keepdims))
    return s * scale


def _weighted_mean(x: Any, axes: Any, axis: Any, weights: Any, keepdims: bool) -> Variable:
    shape = array_of(x).shape
    check_var('mean', weights, 'weights')
    wshape = array_of(weights).shape
    if axes is not None and len(axes) != 1:
        raise ValueError(f'mean: weights need a single axis or axis=None, got axis={axis!r}')
    if axes is None:
        if wshape != shape:
            raise ShapeError(f'mean: weights have shape {wshape}; expected {shape}, the '
                             'shape of x, when axis is None')
        w = weights
    else:
        if wshape != (shape[axes[0]],):
            raise ShapeError(f'mean: weights have shape {wshape}; expected '
                             f'({shape[axes[0]]},) to match axis {axes[0]} of x of shape '
                             f'{shape}')
        bshape = [1] * len(shape)
        bshape[axes[0]] = shape[axes[0]]
        w = _reshape_p(weights, shape=tuple(bshape))
    return sum(x * w, axis=axes, keepdims=keepdims) / sum(weights)


def average(x: Any, axis: Any = None, weights: Any = None, keepdims: bool = False) -> Variable:
    """Weighted average over ``axis``: Chainer's name for :func:`mean`.

    >>> import numpy as np, tapejit.functions as F
    >>> F.average(np.array([1.0, 3.0]), weights=np.array([3.0, 1.0]))
    variable(1.5)
    """
    return mean(x, axis=axis, weights=weights, keepdims=keepdims)


def max(x: Any, axis: Any = None, keepdims: bool = False) -> Variable:
    """Maximum over ``axis``; ties all receive the gradient (as in Chainer).

    >>> import numpy as np, tapejit.functions as F
    >>> F.max(np.array([[1.0, 5.0], [3.0, 4.0]]), axis=1)
    variable([5., 4.])
    """
    return R.max(x, axis=_axes('max', x, axis), keepdims=bool(keepdims))


def min(x: Any, axis: Any = None, keepdims: bool = False) -> Variable:
    """Minimum over ``axis``; ties all receive the gradient (as in Chainer).

    >>> import numpy as np, tapejit.functions as F
    >>> F.min(np.array([[1.0, 5.0], [3.0, 4.0]]), axis=1)
    variable([1., 3.])
    """
    return R.min(x, axis=_axes('min', x, axis), keepdims=bool(keepdims))


def argmax(x: Any, axis: Optional[int] = None) -> Variable:
    """Index of the maximum along ``axis`` (not differentiable).

    >>> import numpy as np, tapejit.functions as F
    >>> F.argmax(np.array([[1.0, 5.0], [3.0, 4.0]]), axis=1)
    variable([1, 1])
    """
    return R.argmax(x, axis=_one_axis('argmax', x, axis))


def argmin(x: Any, axis: Optional[int] = None) -> Variable:
    """Index of the minimum along ``axis`` (not differentiable).

    >>> import numpy as np, tapejit.functions as F
    >>> F.argmin(np.array([[1.0, 5.0], [3.0, 4.0]]), axis=1)
    variable([0, 0])
    """
    return R.argmin(x, axis=_one_axis('argmin', x, axis))


def logsumexp(x: Any, axis: Any = None) -> Variable:
    """``log(sum(exp(x)))`` over ``axis``, computed without overflow.

    >>> import numpy as np, tapejit.functions as F
    >>> F.logsumexp(np.array([1000.0, 1000.0]))
    variable(1000.69314718)
    """
    return R.logsumexp(x, axis=_axes('logsumexp', x, axis), keepdims=False)


def log_softmax(x: Any, axis: int = 1) -> Variable:
    """``x - logsumexp(x, axis)``, the log of :func:`softmax`, stable.

    >>> import numpy as np, tapejit.functions as F
    >>> F.log_softmax(np.array([[0.0, 0.0]]))
    variable([[-0.69314718, -0.69314718]])
    """
    return _log_softmax('log_softmax', x, axis)


def _log_softmax(name: str, x: Any, axis: Any) -> Variable:
    axes = _axes(name, x, axis)
    a = array_of(x)
    _check_floating(name, a)
    if not (a.size and a.dtype.kind == 'f'):
        lse = R.logsumexp(x, axis=axes, keepdims=True)
        return _sub_p(x, _broadcast_p(lse, shape=a.shape))
    return _log_softmax_of_floats(x, axes)


@fused_when_eager
def _log_softmax_of_floats(x: Any, axes: tuple) -> Variable:
    a = array_of(x)
    x = _shifted(x, a, axes)
    # (The shifted values' maximum is 0, or the row is all -inf, +inf or
    # NaN: the sum of their exponentials needs no shift of its own.)
    e = E.exp(x)
    if a.dtype == numpy.float16:
        # Summed in float32: a float16 sum of many exponentials overflows.
        s = R.sum(E.cast(e, dtype=numpy.dtype(numpy.float32)), axis=axes, keepdims=True)
        lse = E.cast(E.log(s), dtype=a.dtype)
    else:
        lse = E.log(R.sum(e, axis=axes, keepdims=True))
    return _sub_p(x, _broadcast_p(lse, shape=a.shape))


def _check_floating(name: str, a: Any) -> None:
    if a.dtype.kind not in 'fc':
        raise DTypeError(f'{name}: got dtype {a.dtype}; expected a floating dtype '
                         '(float16, float32 or float64)')


def _shifted(x: Any, a: Any, axes: Any) -> Variable:
    """``x`` less its maximum along ``axes``.

    Shifted by the (constant) maximum first: ``x - logsumexp(x)`` would round
    the large logsumexp to the precision of |x| (1e-5 relative at x ~ 500 in
    float32); ``(x - m) - logsumexp(x - m)`` keeps the result exact to the
    precision of the (small) shifted values.  The shift does not change the
    value, nor the gradient.  Computed from the array (not the Variable), so
    no gradient flows into it; made of primitives, so it is traced like the
    rest.  Clamping to the finite range keeps all -inf rows at -inf rather
    than nan."""
    fi = numpy.finfo(a.dtype)
    xp = numpy if a.__class__ is TracedArray else backends.get_array_module(a)
    m = R.max(a, axis=None if a.ndim == 0 else axes, keepdims=True)
    m = E.minimum(E.maximum(m, xp.asarray(fi.min, a.dtype)), xp.asarray(fi.max, a.dtype))
    return _sub_p(x, m._data)


def softmax(x: Any, axis: int = 1) -> Variable:
    """Softmax along ``axis`` (Chainer's default axis is 1).

    >>> import numpy as np, tapejit.functions as F
    >>> F.softmax(np.array([[0.0, 0.0]]))
    variable([[0.5, 0.5]])
    """
    axes = _axes('softmax', x, axis)
    a = array_of(x)
    _check_floating('softmax', a)
    if not (a.size and a.dtype.kind == 'f'):
        return E.exp(_log_softmax('softmax', x, axis))
    return _softmax_of_floats(x, axes)


@fused_when_eager
def _softmax_of_floats(x: Any, axes: tuple) -> Variable:
    # One exponential per element: e / sum(e), e of the shifted values (the
    # sum broadcast by the division: its gradient keeps the sum, not a copy
    # the size of e).
    e = E.exp(_shifted(x, array_of(x), axes))
    return E.div(e, R.sum(e, axis=axes, keepdims=True))
