"""Batch normalization and local response normalization, with Chainer's
signatures (``chainer.functions.normalization``).

Both are compositions of primitives (means, variances, elementwise
arithmetic), so they differentiate to any order and compile under ``jit``.
Running statistics are updated in place, as Chainer does; under ``jit`` they
must be held by Variables (as :class:`tapejit.links.BatchNormalization`
holds them), whose in-place updates the compiled step replays on every call.
"""

from __future__ import annotations

import warnings
from typing import Any, Optional

import numpy

from tapejit.core.abstract import TracedArray, TraceError, where_in_user_code
from tapejit.core.config import config
from tapejit.core.errors import ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._fused_eager import fused_when_eager
from tapejit.functions._util import array_of, check_var
from tapejit.functions.connection import _floats, _out
from tapejit.functions.reduction import mean as average
from tapejit.ops import elementwise as E
from tapejit.ops import structure as S


def _axes(name: str, x_shape: tuple, gamma_shape: tuple, axis: Any) -> tuple:
    """(reduced axes, the shape gamma broadcasts to over ``x``)."""
    nd = len(x_shape)
    if axis is None:
        axis = (0,) + tuple(range(len(gamma_shape) + 1, nd))
    elif isinstance(axis, int):
        axis = (axis,)
    axis = tuple(a + nd if a < 0 else a for a in axis)
    if list(axis) != sorted(set(axis)) or any(not 0 <= a < nd for a in axis):
        raise ValueError(f'{name}: axis {axis} must be distinct axes of x (shape {x_shape}) '
                         'in increasing order')
    keep = tuple(d for d in range(nd) if d not in axis)
    if tuple(x_shape[d] for d in keep) != tuple(gamma_shape):
        raise ShapeError(f'{name}: x has shape {x_shape} and gamma {gamma_shape}; expected '
                         f'gamma of the shape of the axes not normalized over, '
                         f'{tuple(x_shape[d] for d in keep)}')
    return axis, tuple(x_shape[d] if d in keep else 1 for d in range(nd))


def _normalize(x: Any, gamma: Any, beta: Any, mean: Any, var: Any, eps: float,
               bshape: tuple) -> Variable:
    inv_std = E.pow_const(var + numpy.asarray(eps, array_of(x).dtype), p=-0.5)
    g = S.reshape(gamma, shape=bshape)
    b = S.reshape(beta, shape=bshape)
    return (x - mean) * (inv_std * g) + b


def _update_running(name: str, running: Any, value: Any, decay: float) -> None:
    """``running = decay * running + (1 - decay) * value``, in place."""
    if isinstance(running, Variable):
        data = running.array
    else:
        data = running
        if isinstance(array_of(value), TracedArray) or config.trace is not None:
            raise TraceError(
                f'{name}: a running statistic given as an array cannot be updated by a '
                f'jitted function (at {where_in_user_code()}); pass a Variable holding it '
                '(requires_grad=False), as L.BatchNormalization does, so that the compiled '
                'step updates it on every call')
    new = array_of(value)
    new = new.reshape(data.shape).astype(data.dtype, copy=False)
    data *= decay
    data += (1 - decay) * new


def batch_normalization(x: Any, gamma: Any, beta: Any, eps: float = 2e-5,
                        running_mean: Any = None, running_var: Any = None,
                        decay: float = 0.9, axis: Any = None) -> Variable:
    """Normalize ``x`` with the mean and variance of the batch over ``axis``
    (by default every axis but the channels), then scale by ``gamma`` and
    shift by ``beta``.

    ``running_mean`` and ``running_var`` (arrays, or Variables under ``jit``),
    when given, are updated in place: ``r = decay * r + (1 - decay) * stat``,
    the variance unbiased (times ``m / (m - 1)``).

    >>> import numpy as np, tapejit.functions as F
    >>> x = np.array([[1.0, 2.0], [3.0, 6.0]])
    >>> F.batch_normalization(x, np.ones(2), np.zeros(2), eps=0.0).array
    array([[-1., -1.],
           [ 1.,  1.]])
    """
    x0 = x
    (x, gamma, beta), dt = _floats('batch_normalization', x=x, gamma=gamma, beta=beta)
    xs, gs = array_of(x).shape, array_of(gamma).shape
    if array_of(beta).shape != gs:
        raise ShapeError(f'batch_normalization: gamma has shape {gs} and beta '
                         f'{array_of(beta).shape}; expected the same shape')
    if (running_mean is None) != (running_var is None):
        raise ValueError('batch_normalization: give both running_mean and running_var, '
                         'or neither')
    axis, bshape = _axes('batch_normalization', xs, gs, axis)
    m = int(numpy.prod([xs[a] for a in axis]))
    if m == 1:
        warnings.warn('batch_normalization: the statistics are taken over a single element '
                      f'(x of shape {xs}, axis {axis}), so the output is all zeros (beta); '
                      'in evaluation, set tapejit.config.train = False to use the running '
                      'averages', UserWarning, stacklevel=2)
    if m == 0:
        warnings.warn(f'batch_normalization: x has shape {xs}, an empty batch over axis {axis}: '
                      'its mean and variance are NaN, so the output is empty and running_mean '
                      'and running_var, when given, become NaN (as in Chainer); skip empty '
                      'batches to keep the running averages', RuntimeWarning, stacklevel=2)
    if running_mean is not None:
        for what, r in (('running_mean', running_mean), ('running_var', running_var)):
            check_var('batch_normalization', r, what)
    y, mean, var = _normalized_batch(x, gamma, beta, eps, axis, bshape, m == 0)
    if running_mean is not None:
        adjust = m / max(m - 1.0, 1.0)
        _update_running('batch_normalization', running_mean, mean, decay)
        _update_running('batch_normalization', running_var, var * numpy.asarray(adjust, dt),
                        decay)
    return _out(y, x0)


@fused_when_eager
def _normalized_batch(x: Any, gamma: Any, beta: Any, eps: float, axis: tuple, bshape: tuple,
                      empty: bool) -> tuple:
    """``(y, mean, var)``: ``x`` normalized by its statistics over ``axis``,
    scaled and shifted (``empty``: a batch of no elements)."""
    # The variance is the mean square of x less its mean, that mean held as
    # a constant (the variance does not depend on it, so no gradient flows
    # to it), less the square of what remains of the mean: exact, and both
    # sums come from one pass over x, where the mean of the centered square
    # needs the mean first. Their gradient is then one pass of sums and one
    # elementwise pass, where the centered square's takes three. float16 is
    # taken in float32: its squares overflow past 256.
    data = array_of(x)
    wide = data.dtype == numpy.float16
    xs = E.cast(x, dtype=numpy.float32) if wide else x
    shift = _batch_mean(xs, axis, empty)
    d = xs - shift
    mean_d = average(d, axis=axis, keepdims=True)
    var = average(d * d, axis=axis, keepdims=True) - mean_d * mean_d
    mean = mean_d + shift
    if wide:
        mean, var = E.cast(mean, dtype=data.dtype), E.cast(var, dtype=data.dtype)
    if empty:
        # The output is empty whatever the statistics are; finite ones keep
        # the gradients of gamma and beta zero (sums over no elements), not NaN.
        zeros = numpy.zeros(bshape, array_of(x).dtype)
        return _normalize(x, gamma, beta, zeros, zeros, eps, bshape), mean, var
    return _normalize(x, gamma, beta, mean, var, eps, bshape), mean, var


def _batch_mean(x: Any, axis: tuple, empty: bool) -> Any:
    """The mean of ``x`` over ``axis`` (kept as axes of 1), as an array:
    a constant, no gradient (zeros for an empty batch)."""
    data = array_of(x)
    if empty:
        shape = tuple(1 if d in axis else n for d, n in enumerate(data.shape))
        return numpy.zeros(shape, data.dtype)
    return array_of(average(data, axis=axis, keepdims=True))


def fixed_batch_normalization(x: Any, gamma: Any, beta: Any, mean: Any, var: Any,
                              eps: float = 2e-5, axis: Any = None) -> Variable:
    """Batch normalization with given statistics ``mean`` and ``var`` (the
    running averages, in test mode).

    >>> import numpy as np, tapejit.functions as F
    >>> F.fixed_batch_normalization(np.array([[2.0, 4.0]]), np.ones(2), np.zeros(2),
    ...                             np.array([1.0, 2.0]), np.array([1.0, 4.0]), eps=0.0).array
    array([[1., 1.]])
    """
    x0 = x
    (x, gamma, beta, mean, var), _ = _floats('fixed_batch_normalization', x=x, gamma=gamma,
                                             beta=beta, mean=mean, var=var)
    xs, gs = array_of(x).shape, array_of(gamma).shape
    for what, v in (('beta', beta), ('mean', mean), ('var', var)):
        if array_of(v).shape != gs:
            raise ShapeError(f'fixed_batch_normalization: gamma has shape {gs} and {what} '
                             f'{array_of(v).shape}; expected the same shape')
    axis, bshape = _axes('fixed_batch_normalization', xs, gs, axis)
    return _out(_normalize(x, gamma, beta, S.reshape(mean, shape=bshape),
                           S.reshape(var, shape=bshape), eps, bshape), x0)


def local_response_normalization(x: Any, n: int = 5, k: float = 2, alpha: float = 1e-4,
                                 beta: float = 0.75) -> Variable:
    """``x / (k + alpha * s) ** beta``, ``s`` the sum of squares of ``x`` over
    the ``n`` channels around each one (axis 1, zero past the ends).

    >>> import numpy as np, tapejit.functions as F
    >>> F.local_response_normalization(np.ones((1, 3, 1, 1)), n=3, k=1, alpha=1,
    ...                                beta=1).array.ravel()
    array([0.33333333, 0.25      , 0.33333333])
    """
    (x,), dt = _floats('local_response_normalization', x=x)
    xs = array_of(x).shape
    if len(xs) < 2:
        raise ShapeError(f'local_response_normalization: x has shape {xs}; expected '
                         '(batch, channels, ...)')
    half = n // 2
    sq = x * x
    c = xs[1]
    zeros = numpy.zeros((xs[0], half) + tuple(xs[2:]), dt)
    padded = S.concat(zeros, sq, zeros, axis=1) if half else sq
    total: Optional[Any] = None
    for i in range(2 * half + 1):
        part = S.get_item(padded, slices=(slice(None), slice(i, i + c)))
        total = part if total is None else total + part
    base = total * numpy.asarray(alpha, dt) + numpy.asarray(k, dt)
    return x * E.pow_const(base, p=-float(beta))


__all__ = ['batch_normalization', 'fixed_batch_normalization', 'local_response_normalization']
