"""Neural-network functions with Chainer's names: activations, linear,
layer normalization, losses and dropout, composed from primitives."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray, TraceError, where_in_user_code
from tapejit.core.config import config
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.function_node import FunctionNode
from tapejit.core.variable import Variable
from tapejit.functions._fused_eager import fused_when_eager
from tapejit.functions._util import array_of, check_labels_in_range, check_var
from tapejit.functions.array import reshape, wide_labels
from tapejit.functions.math import matmul
from tapejit.functions.reduction import log_softmax, mean
from tapejit.ops import elementwise as E
from tapejit.ops import random
from tapejit.ops import reduction as R
from tapejit.ops import structure as S
from tapejit.ops.registry import native_dtype


def _var(name: str, x: Any) -> Variable:
    check_var(name, x)
    return x if isinstance(x, Variable) else Variable._make(x, False)


def _zero(x: Variable) -> Any:
    return backends.get_array_module(x._data).zeros((), x.dtype)


def _same_dtype(name: str, named: tuple) -> None:
    """Raise ``"<name>: x has dtype float32 and W has dtype float64; ..."``."""
    dts = [(k, array_of(v).dtype) for k, v in named]
    if any(native_dtype(dt) != native_dtype(dts[0][1]) for _, dt in dts[1:]):
        raise DTypeError(f'{name}: ' + ' and '.join(f'{k} has dtype {dt}' for k, dt in dts)
                         + '; expected one dtype (cast with F.cast)')


def relu(x: Any) -> Variable:
    """``max(x, 0)``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.relu(np.array([-1.0, 2.0]))
    variable([0., 2.])
    """
    return _relu(_var('relu', x))


# (One NumPy call forward, but its gradient a comparison and a selection,
# two passes over the array and a mask between them: as a fused plan, one
# kernel.)
@fused_when_eager
def _relu(x: Variable) -> Variable:
    # maximum(0, x): at x == 0 the tie sends the gradient to the constant, so the
    # gradient there is 0, as in Chainer (``gy * (y > 0)``).
    return E.maximum(_zero(x), x)


def leaky_relu(x: Any, slope: float = 0.2) -> Variable:
    """``x`` for ``x > 0``, else ``slope * x`` (the derivative at 0 is ``slope``).

    >>> import numpy as np, tapejit.functions as F
    >>> F.leaky_relu(np.array([-1.0, 2.0]))
    variable([-0.2,  2. ])
    """
    return _leaky_relu(_var('leaky_relu', x), slope)


# (The composites below are several elementwise primitives, each a pass over
# the array when run one by one eagerly, and as many again backward: as
# fused plans, one kernel each way.)
@fused_when_eager
def _leaky_relu(x: Variable, slope: float) -> Variable:
    # As Chainer 7.8.1 computes it (``y[x <= 0] *= slope`` forward, ``gy[y <= 0]
    # *= slope`` backward): at 0 the gradient is ``slope``, and 0 * slope keeps
    # the value 0.
    return E.where(E.less_equal(x, _zero(x)), x * slope, x)


def elu(x: Any, alpha: float = 1.0) -> Variable:
    """``x`` for ``x >= 0``, else ``alpha * (exp(x) - 1)``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.elu(np.array([0.0, 2.0]))
    variable([0., 2.])
    """
    return _elu(_var('elu', x), alpha)


@fused_when_eager
def _elu(x: Variable, alpha: float) -> Variable:
    z = _zero(x)
    # expm1 of the clamped input: no overflow in the branch that is not taken.
    neg = E.expm1(E.minimum(x, z)) * alpha
    return E.where(E.greater(x, z), x, neg)


def sigmoid(x: Any) -> Variable:
    """Logistic sigmoid ``1 / (1 + exp(-x))``, computed without overflow.

    >>> import numpy as np, tapejit.functions as F
    >>> F.sigmoid(np.array([0.0]))
    variable([0.5])
    """
    x = _var('sigmoid', x)
    if x.dtype.kind not in 'fc':
        return E.sigmoid(x)     # (its error, the same at every call)
    return _sigmoid(x)


@fused_when_eager
def _sigmoid(x: Variable) -> Variable:
    # (One primitive, but NumPy computes it in four passes on one core, and
    # its gradient in three: the plan's kernels make one each way.)
    return E.sigmoid(x)


def softplus(x: Any, beta: float = 1.0) -> Variable:
    """``log(1 + exp(beta * x)) / beta``, computed without overflow.

    >>> import numpy as np, tapejit.functions as F
    >>> F.softplus(np.array([0.0]))
    variable([0.69314718])
    """
    return _softplus_of(_var('softplus', x), beta)


@fused_when_eager
def _softplus_of(x: Variable, beta: float) -> Variable:
    bx = x * beta if beta != 1.0 else x
    y = _softplus(bx)
    return y * (1.0 / beta) if beta != 1.0 else y


def _softplus(x: Variable) -> Variable:
    """``log(1 + exp(x))`` without overflow, with the right derivatives at 0.

    ``max(x, 0) + log1p(exp(-|x|))`` has the right values, but its gradient at
    ``x == 0`` would be 1 (the tie of ``max``) plus 0 (``sign(0)``) instead of
    ``sigmoid(0) = 1/2``.  Here ``-|x|`` is ``minimum(x, -x)``, whose tie sends the
    gradient to ``x``, and ``max(0, x)`` sends its tie to the constant: the first
    and second derivatives at 0 are 1/2 and 1/4, as they should be.
    """
    z = _zero(x)
    return E.log1p(E.exp(E.minimum(x, -x))) + E.maximum(z, x)


def _promoted(name: str, named: tuple) -> tuple:
    """The floating inputs cast to their common dtype (NumPy's promotion), and that dtype.

    Chainer's linear accepts floating inputs of different dtypes: it computes in
    the promoted dtype and returns ``x``'s; each gradient comes back in its input's
    dtype through the casts.
    """
    dts = [array_of(v).dtype for _, v in named]
    for (k, _), dt in zip(named, dts):
        if dt.kind != 'f':
            raise DTypeError(f'{name}: {k} has dtype {dt}; expected a floating dtype '
                             '(float16, float32 or float64)')
    common = numpy.result_type(*dts)
    return tuple(v if dt == common else E.cast(v, dtype=common)
                 for (_, v), dt in zip(named, dts)), common


def check_bias_dtype(name: str, x: Any, b: Any) -> None:
    """Raise unless the bias ``b`` (None: none) has ``x``'s dtype.

    Chainer's linear and 2-d (de)convolutions accept filters of another floating
    dtype than ``x`` but not a bias (``b.dtype == x.dtype``): a float32 link
    applied to float64 input is an error there, not a silent float64 computation.
    Byte order is not a difference (the values are the same); a dtype that is not
    floating is left to the op's own check, whose message says so.  As Chainer's
    type checks, it is skipped where ``config.type_check`` is False (then the
    inputs are promoted, as NumPy computes Chainer's op).
    """
    if not getattr(config, 'type_check', True):
        return
    xd = getattr(array_of(x), 'dtype', None)
    bd = None if b is None else getattr(array_of(b), 'dtype', None)
    if xd is None or bd is None:
        return  # (no bias, or one not yet initialized: nothing to compare)
    if xd != bd and xd.kind == bd.kind == 'f' and native_dtype(xd) != native_dtype(bd):
        raise DTypeError(f'{name}: x has dtype {xd} but b has dtype {bd} (x of shape '
                         f'{tuple(array_of(x).shape)}, b of shape {tuple(array_of(b).shape)}); '
                         f"expected b of x's dtype, {xd}: cast x (F.cast(x, numpy.{bd.name})) "
                         "or use parameters of x's dtype")


def linear(x: Any, W: Any, b: Any = None, n_batch_axes: int = 1) -> Variable:
    """``x W^T + b``; ``x`` is flattened to ``(batch, in_size)`` past ``n_batch_axes``.

    Inputs of different floating dtypes are computed in their promoted dtype and the
    result has ``x``'s dtype (as in Chainer); ``b`` must have ``x``'s dtype.

    >>> import numpy as np, tapejit.functions as F
    >>> F.linear(np.ones((2, 3)), np.ones((4, 3)), np.zeros(4)).shape
    (2, 4)
    >>> F.linear(np.ones((2, 3), np.float16), np.ones((4, 3), np.float32)).dtype
    dtype('float16')
    """
    check_var('linear', x, 'x')
    check_var('linear', W, 'W')
    xs, ws = array_of(x).shape, array_of(W).shape
    if n_batch_axes < 1:
        raise ValueError(f'linear: n_batch_axes must be at least 1, got {n_batch_axes}')
    if len(xs) < n_batch_axes + 1:
        raise ShapeError(f'linear: x has shape {xs}; expected at least {n_batch_axes + 1} '
                         f'dimensions ({n_batch_axes} batch axes, then the features)')
    if b is not None:
        check_var('linear', b, 'b')
    out_dtype = array_of(x).dtype
    named = (('x', x), ('W', W)) + ((('b', b),) if b is not None else ())
    promoted, common = _promoted('linear', named)
    check_bias_dtype('linear', x, b)
    x, W = promoted[:2]
    if b is not None:
        b = promoted[2]
    if len(ws) != 2:
        raise ShapeError(f'linear: W has shape {ws}; expected (out_size, in_size)')
    batch = xs[:n_batch_axes]
    nb = int(numpy.prod(batch)) if batch else 1
    if len(xs) != n_batch_axes + 1:
        x = reshape(x, (nb, -1))
    elif n_batch_axes != 1:
        x = reshape(x, (nb, xs[-1]))
    in_size = array_of(x).shape[-1]
    if in_size != ws[1]:
        raise ShapeError(f'linear: x has shape {xs} ({in_size} input features) but W '
                         f'has shape {ws}; expected W of shape (out_size, {in_size})')
    y = matmul(x, W, transb=True)
    if b is not None:
        if array_of(b).shape != (ws[0],):
            raise ShapeError(f'linear: b has shape {array_of(b).shape}; expected '
                             f'({ws[0]},)')
        y = y + b
    if n_batch_axes != 1:
        y = reshape(y, batch + (ws[0],))
    if common != out_dtype:
        y = E.cast(y, dtype=out_dtype)
    return y


def layer_normalization(x: Any, gamma: Any, beta: Any, eps: float = 1e-5) -> Variable:
    """Normalize each row over the last axis, then scale by ``gamma``, shift by ``beta``.

    >>> import numpy as np, tapejit.functions as F
    >>> y = F.layer_normalization(np.array([[1.0, 3.0]]), np.ones(2), np.zeros(2))
    >>> np.round(y.array, 4)
    array([[-1.,  1.]])
    """
    x = _var('layer_normalization', x)
    shape = x.shape
    if len(shape) < 1:
        raise ShapeError('layer_normalization: x must have at least one axis')
    d = shape[-1]
    for name, p in (('gamma', gamma), ('beta', beta)):
        check_var('layer_normalization', p, name)
        _same_dtype('layer_normalization', (('x', x), (name, p)))
        if array_of(p).shape != (d,):
            raise ShapeError(f'layer_normalization: {name} has shape {array_of(p).shape}; '
                             f'expected ({d},) to match x of shape {shape}')
    return _layer_normalized(x, gamma, beta, eps)


@fused_when_eager
def _layer_normalized(x: Any, gamma: Any, beta: Any, eps: float) -> Variable:
    shape = x.shape
    ax = (len(shape) - 1,)
    # (float16 rows are summed in float32: a float16 sum overflows past 65504.)
    mu = mean(x, axis=ax, keepdims=True)
    xc = x - R.broadcast_to(mu, shape=shape)
    var = mean(xc * xc, axis=ax, keepdims=True)
    inv = E.pow_const(var + eps, p=-0.5)
    return xc * R.broadcast_to(inv, shape=shape) * gamma + beta


def mean_squared_error(x0: Any, x1: Any) -> Variable:
    """Mean of ``(x0 - x1) ** 2`` over all elements (float16 inputs computed
    and summed in float32, the mean cast back).

    >>> import numpy as np, tapejit.functions as F
    >>> F.mean_squared_error(np.array([1.0, 2.0]), np.array([0.0, 0.0]))
    variable(2.5)
    """
    check_var('mean_squared_error', x0, 'x0')
    check_var('mean_squared_error', x1, 'x1')
    a, b = array_of(x0), array_of(x1)
    if a.shape != b.shape:
        raise ShapeError(f'mean_squared_error: shapes {a.shape} and {b.shape} differ; '
                         'expected equal shapes')
    _same_dtype('mean_squared_error', (('x0', x0), ('x1', x1)))
    if a.dtype.kind != 'f':
        raise DTypeError(f'mean_squared_error: x0 and x1 have dtype {a.dtype}; expected a '
                         'floating dtype (float16, float32 or float64)')
    if a.dtype == numpy.float16:
        # In float32, the mean cast back: a float16 sum of squares overflows
        # past 65504, and each float16 addition (and difference) rounds.
        f32 = numpy.dtype(numpy.float32)
        x0, x1 = E.cast(x0, dtype=f32), E.cast(x1, dtype=f32)
    return _as_dtype(_mean_square(x0, x1, 1.0 / max(a.size, 1)), a.dtype)


# (Three NumPy passes forward, a difference, its square and their sum, and
# as many back: as a fused plan, one kernel each way.)
@fused_when_eager
def _mean_square(x0: Any, x1: Any, scale: float) -> Variable:
    d = E.sub(x0, x1)
    return R.sum(d * d, axis=None, keepdims=False) * scale


def _check_labels(name: str, x_shape: tuple, t: Any, class_axis: bool) -> Any:
    t = array_of(t)
    if not backends.is_array(t):
        raise TypeError(f'{name}: t must be an integer array, got {type(t).__name__}')
    if t.dtype.kind not in 'iu':
        raise DTypeError(f'{name}: t has dtype {t.dtype}; expected an integer dtype')
    want = (x_shape[:1] + x_shape[2:]) if class_axis else x_shape
    if t.shape != want:
        raise ShapeError(f'{name}: x has shape {x_shape} and t has shape {t.shape}; '
                         f'expected t of shape {want}')
    return t


def _class_weight(class_weight: Any, n_cls: int, dtype: Any, device: Any = None) -> Any:
    if isinstance(class_weight, Variable):
        # A weight is a setting: it gets no gradient, so a Variable (which
        # suggests one) is refused, as in Chainer.
        raise ValueError('softmax_cross_entropy: class_weight must be a numpy.ndarray or '
                         'cupy.ndarray, got a Variable (weights get no gradient: pass '
                         'its .array)')
    w = array_of(class_weight)
    if not backends.is_array(w):
        raise TypeError('softmax_cross_entropy: class_weight must be an array, got '
                        f'{type(class_weight).__name__}')
    if w.shape != (n_cls,):
        raise ShapeError(f'softmax_cross_entropy: class_weight has shape {w.shape}; '
                         f'expected ({n_cls},), one weight per class')
    if w.dtype.kind != 'f':
        # ValueError, as Chainer raises for a class_weight of the wrong kind.
        raise ValueError(f'softmax_cross_entropy: class_weight has dtype {w.dtype}; '
                         'expected a floating dtype')
    if device is not None:  # a setting, like ignore_label: it follows x to its device
        w = device.send(w)
    return w.astype(dtype, copy=False)


def softmax_cross_entropy(x: Any, t: Any, normalize: bool = True, cache_score: bool = True,
                          class_weight: Any = None, ignore_label: int = -1,
                          reduce: str = 'mean', enable_double_backprop: bool = False,
                          soft_target_loss: str = 'cross-entropy') -> Variable:
    """Cross entropy of ``softmax(x, axis=1)`` against integer labels ``t``.

    Labels equal to ``ignore_label`` contribute nothing.  With ``reduce='mean'``
    the loss is averaged over the valid labels (``normalize=True``) or over the
    batch; ``reduce='no'`` returns the per-element loss.  A label outside
    ``[0, classes)`` raises ValueError (under ``jit`` too: the compiled function
    checks its labels on every call).  A floating ``t`` of ``x``'s shape is a soft target
    (a distribution over the classes): the loss is ``-sum(t * log_softmax(x))``
    over the class axis, or the KL divergence with
    ``soft_target_loss='kl-divergence'``; ``t`` gets no gradient.  The result is
    always differentiable to any order (``enable_double_backprop`` is accepted for
    Chainer's sake).  Eagerly the result's ``creator`` is a
    :class:`SoftmaxCrossEntropy` node whose ``y`` is the softmax of ``x``
    (None unless ``cache_score``), as in Chainer.  float16
    losses are summed in float32.

    >>> import numpy as np, tapejit.functions as F
    >>> x = np.array([[0.0, 0.0], [0.0, 0.0]])
    >>> F.softmax_cross_entropy(x, np.array([0, -1]))
    variable(0.69314718)
    >>> F.softmax_cross_entropy(x, np.array([[0.5, 0.5], [1.0, 0.0]]))
    variable(0.69314718)
    """
    loss, log_y = _softmax_cross_entropy(x, t, normalize, class_weight, ignore_label, reduce,
                                         soft_target_loss)
    if loss.creator is None or isinstance(loss._data, TracedArray):
        return loss
    node = SoftmaxCrossEntropy(log_y.array if cache_score else None, normalize, cache_score,
                               class_weight, ignore_label, reduce, soft_target_loss)
    return node.apply((loss,))[0]


def _softmax_cross_entropy(x: Any, t: Any, normalize: bool, class_weight: Any,
                           ignore_label: int, reduce: str, soft_target_loss: str) -> tuple:
    """(the loss, ``log_softmax(x, axis=1)``) of :func:`softmax_cross_entropy`."""
    x = _var('softmax_cross_entropy', x)
    if x.ndim < 2:
        raise ShapeError(f'softmax_cross_entropy: x has shape {x.shape}; expected '
                         '(batch, classes, ...)')
    if reduce not in ('mean', 'no'):
        raise ValueError(f"softmax_cross_entropy: reduce must be 'mean' or 'no', got "
                         f'{reduce!r}')
    if soft_target_loss not in ('cross-entropy', 'kl-divergence'):
        raise ValueError("softmax_cross_entropy: soft_target_loss must be 'cross-entropy' "
                         f"or 'kl-divergence', got {soft_target_loss!r}")
    xp = numpy if isinstance(x._data, TracedArray) else backends.get_array_module(x._data)
    w = None
    if class_weight is not None:  # checked first, as Chainer checks its settings
        dev = None if xp is numpy else backends.get_device_from_array(x._data)
        w = _class_weight(class_weight, x.shape[1], x.dtype, dev)
    ta = array_of(t)
    if getattr(ta, 'dtype', None) is not None and ta.dtype.kind == 'f' \
            and tuple(ta.shape) == x.shape:
        return _soft_target_cross_entropy(x, t, reduce, soft_target_loss)
    tt = _check_labels('softmax_cross_entropy', x.shape, t, True)
    n_cls = x.shape[1]
    shape_t = tt.shape
    tt = wide_labels(tt)
    check_labels_in_range(
        tt, n_cls, ValueError, lambda got: f'softmax_cross_entropy: got label(s) {got} for x '
        f'with {n_cls} classes; expected labels in [0, {n_cls}) or equal to '
        f'ignore_label={ignore_label}', ignore=ignore_label)
    return _label_cross_entropy(x, tt, shape_t, ignore_label, normalize, reduce, w)


# (Its one-hot mask, selection, weights and sums are a NumPy pass each,
# forward and back: as a fused plan, with the log-softmax, a few kernels.)
@fused_when_eager
def _label_cross_entropy(x: Variable, tt: Any, shape_t: tuple, ignore_label: int,
                         normalize: bool, reduce: str, w: Any) -> tuple:
    """(the loss, ``log_softmax(x, axis=1)``) against the checked int64
    labels ``tt`` (of shape ``shape_t`` before :func:`wide_labels`)."""
    xp = numpy if isinstance(x._data, TracedArray) else backends.get_array_module(x._data)
    n_cls = x.shape[1]
    log_p = log_y = log_softmax(x, axis=1)
    if x.ndim > 2:  # move the class axis last, flatten the rest
        perm = (0,) + tuple(range(2, x.ndim)) + (1,)
        log_y = reshape(S.transpose(log_y, axes=perm), (-1, n_cls))
    m = log_y.shape[0]
    # Pick log_y[i, t[i]] through a one-hot mask: made of primitives only, so it
    # works the same on concrete and on traced labels, and fuses in compiled code.
    onehot = _onehot(tt, m, n_cls, xp)
    zero = xp.zeros((), x.dtype)
    picked = R.sum(E.where(onehot, log_y, zero), axis=(1,), keepdims=False)
    valid = E.not_equal(S.reshape(tt, shape=(m,)), xp.asarray(ignore_label, numpy.int64))
    mask = E.cast(valid, dtype=x.dtype)
    weight = mask
    if w is not None:
        w = S.reshape(w, shape=(1, n_cls))
        weight = mask * R.sum(E.where(onehot, w, zero), axis=(1,), keepdims=False)
    loss = -(picked * weight)
    if reduce == 'no':
        return reshape(loss, shape_t), log_p
    total = _total(loss)
    if normalize:
        count = R.sum(E.cast(valid, dtype=total.dtype), axis=None, keepdims=False)
        ret = total / E.maximum(count, xp.ones((), total.dtype))
    else:
        ret = total * (1.0 / x.shape[0])
    return (ret if ret.dtype == x.dtype else E.cast(ret, dtype=x.dtype)), log_p


def _total(loss: Variable) -> Variable:
    """The sum of ``loss``, in float32 when it is float16 (a float16 sum overflows)."""
    if loss.dtype == numpy.float16:
        loss = E.cast(loss, dtype=numpy.dtype(numpy.float32))
    return R.sum(loss, axis=None, keepdims=False)


def _soft_target_cross_entropy(x: Variable, t: Any, reduce: str, kind: str) -> tuple:
    """(the loss, ``log_softmax(x, axis=1)``) against a soft target."""
    log_y = log_softmax(x, axis=1)
    # The target is a constant, as in Chainer (whose backward gives t no
    # gradient): a soft target Variable gets none either.
    tv = Variable._make(array_of(t), False)
    if tv.dtype != x.dtype:
        tv = E.cast(tv, dtype=x.dtype)
    if kind == 'kl-divergence':
        loss = R.sum(tv * (E.log(tv + 1e-7) - log_y), axis=(1,), keepdims=False)
    else:
        loss = -R.sum(tv * log_y, axis=(1,), keepdims=False)
    if reduce == 'no':
        return loss, log_y
    ret = _total(loss) * (x.shape[1] / x.size)
    return (ret if ret.dtype == x.dtype else E.cast(ret, dtype=x.dtype)), log_y


class SoftmaxCrossEntropy(FunctionNode):
    """The node an eager :func:`softmax_cross_entropy` ends with, as Chainer's:
    its settings, and ``y``, the softmax of ``x`` (None unless ``cache_score``).

    The loss itself is computed by tapejit's primitives before it; the node
    passes it on, and its gradient back, unchanged (so the loss stays
    differentiable to any order).

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> x = tapejit.Variable(np.zeros((1, 2)))
    >>> loss = F.softmax_cross_entropy(x, np.array([0]))
    >>> type(loss.creator).__name__, loss.creator.y
    ('SoftmaxCrossEntropy', array([[0.5, 0.5]]))
    """

    def __init__(self, log_y: Any, normalize: bool = True, cache_score: bool = True,
                 class_weight: Any = None, ignore_label: int = -1, reduce: str = 'mean',
                 soft_target_loss: str = 'cross-entropy') -> None:
        self.normalize, self.cache_score, self.class_weight = normalize, cache_score, class_weight
        self.ignore_label, self.reduce = ignore_label, reduce
        self.soft_target_loss = soft_target_loss
        self._log_y = log_y
        self._y: Any = None

    @property
    def y(self) -> Any:
        """The softmax of ``x`` (computed at the first read), or None."""
        if self._y is None and self._log_y is not None:
            self._y = backends.get_array_module(self._log_y).exp(self._log_y)
        return self._y

    def forward(self, inputs: tuple) -> tuple:
        return inputs

    def backward(self, indexes: tuple, grad_outputs: tuple) -> tuple:
        return grad_outputs


def _onehot(t: Any, m: int, n_cls: int, xp: Any) -> Variable:
    """Boolean (m, n_cls) mask, True at [i, t[i]]; labels outside [0, n_cls) match nothing.

    ``t`` holds int64 labels (:func:`wide_labels`), so no class number wraps."""
    classes = xp.arange(n_cls, dtype=numpy.int64).reshape(1, n_cls)
    return E.equal(S.reshape(t, shape=(m, 1)), classes)


def sigmoid_cross_entropy(x: Any, t: Any, normalize: bool = True,
                          reduce: str = 'mean') -> Variable:
    """Cross entropy of ``sigmoid(x)`` against binary labels ``t`` (``-1`` is ignored).

    float16 ``x`` is computed (and its losses summed) in float32, the result
    cast back to float16.

    >>> import numpy as np, tapejit.functions as F
    >>> F.sigmoid_cross_entropy(np.array([[0.0, 0.0]]), np.array([[1, -1]]))
    variable(0.69314718)
    """
    x = _var('sigmoid_cross_entropy', x)
    if reduce not in ('mean', 'no'):
        raise ValueError(f"sigmoid_cross_entropy: reduce must be 'mean' or 'no', got "
                         f'{reduce!r}')
    tt = _check_labels('sigmoid_cross_entropy', x.shape, t, False)
    xp = numpy if isinstance(x._data, TracedArray) else backends.get_array_module(x._data)
    dt = x.dtype
    if dt == numpy.float16:
        # Computed in float32, the result cast back: a float16 sum of the
        # losses (and the count of labels) overflows past 65504.
        x = E.cast(x, dtype=numpy.dtype(numpy.float32))
    mask = E.cast(E.not_equal(tt, xp.asarray(-1, tt.dtype)), dtype=x.dtype)
    tf = E.cast(tt, dtype=x.dtype) * mask
    # -(t log s + (1 - t) log(1 - s)), s = sigmoid(x), is softplus(x) - x t,
    # which is softplus((1 - 2 t) x) for t in {0, 1}: the latter never
    # subtracts, where the former cancels to 0 for a confident x.
    per = _softplus(x * (1.0 - 2.0 * tf)) * mask
    if reduce == 'no':
        return _as_dtype(per, dt)
    total = R.sum(per, axis=None, keepdims=False)
    if normalize:
        return _as_dtype(total / E.maximum(R.sum(mask, axis=None, keepdims=False),
                                           xp.ones((), x.dtype)), dt)
    return _as_dtype(total * (1.0 / x.shape[0]), dt)


def _as_dtype(y: Variable, dtype: Any) -> Variable:
    return y if y.dtype == dtype else E.cast(y, dtype=dtype)


def set_dropout_seed(seed: Optional[int]) -> None:
    """Give :func:`dropout`, :func:`gaussian`, distributions' samples and
    ``WalkerAlias`` a generator of tapejit's own,
    ``numpy.random.RandomState(seed)``, eagerly and in compiled steps alike;
    ``None``: draw from NumPy's global generator again (the default, as
    Chainer does).

    Under :func:`tapejit.jit` it raises :class:`~tapejit.TraceError`: a
    seed set inside a jitted function would be set once, when traced, not at
    every call; seed outside it.

    >>> import tapejit.functions as F
    >>> F.set_dropout_seed(0)
    >>> F.set_dropout_seed(None)
    """
    if config.trace is not None:
        raise TraceError('set_dropout_seed inside @tapejit.jit: the seed would be set once, '
                         'while tracing, not at every call; seed outside the jitted function '
                         f'(at {where_in_user_code()})')
    random.seed(seed)


class Dropout(FunctionNode):
    """Chainer's dropout node: ``y = x * mask``, the mask drawn at the first
    ``apply`` (unless given) and kept, so that applying the node again repeats it.

    ``F.dropout`` builds one per call (its result's ``creator``, whose ``mask``
    is the mask used); its backward is ``gy * mask``, differentiable again.

    >>> import numpy as np, tapejit
    >>> node = tapejit.functions.noise.dropout.Dropout(0.5)
    >>> y1, = node.apply((np.ones(4),))
    >>> y2, = node.apply((np.ones(4),))
    >>> bool((y1.array == y2.array).all()), bool((y1.array == node.mask).all())
    (True, True)
    """

    def __init__(self, dropout_ratio: float, mask: Any = None, return_mask: bool = False,
                 rng: Any = None) -> None:
        random.check_ratio(dropout_ratio)
        self.dropout_ratio = dropout_ratio
        self.mask = mask
        self.return_mask = return_mask
        self._rng = rng

    def forward(self, inputs: tuple) -> tuple:
        x, = inputs
        if x.dtype.kind != 'f':
            raise DTypeError(f'dropout: x has dtype {x.dtype}; expected a floating dtype '
                             '(float16, float32 or float64)')
        if self.mask is None:
            self.mask = random.draw_mask(x, self.dropout_ratio, self._rng)
        elif self.mask.shape != x.shape:
            raise ShapeError(f'dropout: mask has shape {self.mask.shape} and x has shape '
                             f'{x.shape}; expected the same shape')
        return (x * self.mask).astype(x.dtype, copy=False),

    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        gy, = grad_outputs
        return gy * self.mask,


def dropout(x: Any, ratio: float = 0.5, *, mask: Any = None, return_mask: bool = False,
            rng: Any = None) -> Any:
    """Zero each element with probability ``ratio`` and scale the rest by
    ``1 / (1 - ratio)``; the identity when ``tapejit.config.train`` is False.

    Eagerly the result's ``creator`` is a :class:`Dropout` node holding the
    mask (as in Chainer).  The mask is Chainer's draw,
    ``numpy.random.rand(*x.shape) >= ratio`` from NumPy's global generator
    (or the one :func:`set_dropout_seed` made); a compiled step draws a new
    mask at every call, as eager calls would.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> with tapejit.using_config('train', False):
    ...     F.dropout(np.ones(3))
    variable([1., 1., 1.])
    """
    x = _var('dropout', x)
    random.check_ratio(ratio)
    if not config.train:
        return (x, None) if return_mask else x
    if mask is None and config.trace is not None:
        if rng is not None:
            raise TraceError(
                'dropout under @tapejit.jit draws its masks from the generator that '
                'F.set_dropout_seed seeds; a generator passed as rng= is not read by '
                'compiled steps: pass mask=... from outside the jitted function, or '
                f'seed with F.set_dropout_seed; at {where_in_user_code()}')
        # (Drawn anew at every call of the plan, from the generator eager dropout uses.)
        mask = random.dropout_mask(x, ratio=float(ratio))
    if mask is not None:
        mask = array_of(mask)
    if config.trace is not None or isinstance(mask, TracedArray):
        # Traced: the product of primitives, which the plan compiles.
        y = x * mask
        return (y, mask) if return_mask else y
    node = Dropout(ratio, mask, return_mask, rng)
    y, = node.apply((x,))
    return (y, node.mask) if return_mask else y
