"""Table-driven tests of every function in ``tapejit.functions.__all__``.

Each table entry gives a constructor of inputs (from a seeded NumPy Generator,
kept away from non-differentiable points), the function under test, a NumPy
reference of its forward value and flags.  For float32 and float64 inputs:

* the forward value is compared with the reference (a tolerance per dtype);
* backward is compared with finite differences (``check_backward``);
* double backward is compared with finite differences (``check_double_backward``),
  also for functions whose second derivative is identically zero;
* non-differentiable functions (sign, floor_divide, argmax, argmin) instead must
  return outputs that do not require grad and have no creator;
* gradients have the shape and dtype of their inputs, and the gradient w.r.t. one
  input does not depend on which other inputs need a gradient.

While every test here runs, ``tapejit.ops.registry.bind`` is wrapped so that each
primitive applied (forward and backward) has its ``abstract_eval`` checked
against the shape and dtype its ``impl`` actually produced.
"""

from __future__ import annotations

import itertools

import math
import warnings
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable
from tapejit.functions.loss.hierarchical_softmax import TreeParser, paths_and_codes
from tapejit.gradient_check import check_backward, check_double_backward
from tapejit.ops import registry
from tapejit.ops.registry import Aval

DTYPES = (np.float32, np.float64)
# Forward tolerances against a float64 NumPy reference, per output dtype.
FWD_TOL = {np.float32: dict(rtol=1e-5, atol=1e-6), np.float64: dict(rtol=1e-12, atol=1e-13)}


# --------------------------------------------------------------------------- table
@dataclass
class Case:
    fn: str                      # the name in F.__all__
    variant: str
    make: Callable               # rng -> tuple of arrays (floats as float64)
    func: Callable               # (*inputs) -> Variable or tuple of Variables
    ref: Callable                # (*float64 arrays) -> array or tuple of arrays
    diff: bool = True            # False: outputs must not require grad
    out_dtype: Optional[Callable] = None   # input float dtype -> output dtype
    fwd_tol: dict = field(default_factory=dict)   # dtype -> tolerance override
    bwd: dict = field(default_factory=dict)       # extra check_backward kwargs
    dbl: dict = field(default_factory=dict)       # extra check_double_backward kwargs

    @property
    def id(self) -> str:
        return f'{self.fn}-{self.variant}'


CASES: list = []


def case(fn: str, variant: str, make: Callable, func: Callable, ref: Callable,
         **kw: Any) -> None:
    CASES.append(Case(fn, variant, make, func, ref, **kw))


# ----------------------------------------------------------- input constructors
def normal(*shape: int, scale: float = 1.0) -> Callable:
    return lambda r: r.standard_normal(shape) * scale


def uniform(lo: float, hi: float, *shape: int) -> Callable:
    return lambda r: r.uniform(lo, hi, shape)


def away(*shape: int, lo: float = 0.3, hi: float = 2.0) -> Callable:
    """Values with |x| in [lo, hi] and a random sign: away from 0."""
    return lambda r: r.uniform(lo, hi, shape) * r.choice([-1.0, 1.0], shape)


def distinct(*shape: int) -> Callable:
    """Values at least ~0.25 apart: no ties for max/min/argmax."""
    def f(r):
        n = int(np.prod(shape)) if shape else 1
        v = (r.permutation(n) - n / 2) * 0.3 + r.uniform(-0.02, 0.02, n)
        return v.reshape(shape)
    return f


def grid(*shape: int, offset: float = 0.0) -> Callable:
    """Values on a grid of step 0.5 (+offset) with small noise: two grids with
    offsets 0 and 0.25 never come within 0.05 of each other."""
    return lambda r: (r.integers(-4, 5, shape) * 0.5 + offset
                      + r.uniform(-0.1, 0.1, shape))


def labels(n_cls: int, *shape: int, ignore: bool = False) -> Callable:
    def f(r):
        t = r.integers(0, n_cls, shape).astype(np.int32)
        if ignore:
            t.reshape(-1)[::3] = -1
        return t
    return f


def mk(*parts: Callable) -> Callable:
    return lambda r: tuple(p(r) for p in parts)


# ------------------------------------------------------------ NumPy references
def np_erf(x):
    return np.vectorize(math.erf, otypes=[np.float64])(x)


def np_lse(x, axis=None, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    y = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    if keepdims:
        return y
    return y.reshape(()) if axis is None else np.squeeze(y, axis=axis)


def np_log_softmax(x, axis=1):
    return x - np_lse(x, axis, True)


def np_softmax(x, axis=1):
    return np.exp(np_log_softmax(x, axis))


def np_softplus(x, beta=1.0):
    return np.logaddexp(0.0, beta * x) / beta


def np_sigmoid(x):
    return np.exp(-np.logaddexp(0.0, -x))


def np_sce(x, t, normalize=True, reduce='mean', class_weight=None, ignore_label=-1):
    c = x.shape[1]
    ls = np.moveaxis(np_log_softmax(x, 1), 1, -1).reshape(-1, c)
    tf = t.reshape(-1)
    valid = tf != ignore_label
    tt = np.where(valid, tf, 0)
    w = valid.astype(np.float64)
    if class_weight is not None:
        w = w * class_weight[tt]
    loss = -ls[np.arange(tf.size), tt] * w
    if reduce == 'no':
        return loss.reshape(t.shape)
    count = valid.sum() if normalize else x.shape[0]
    return np.asarray(loss.sum() / count)


def np_sigmoid_ce(x, t, normalize=True, reduce='mean'):
    valid = t != -1
    tf = np.where(valid, t, 0).astype(np.float64)
    per = -(tf * -np.logaddexp(0.0, -x) + (1 - tf) * -np.logaddexp(0.0, x)) * valid
    if reduce == 'no':
        return per
    count = valid.sum() if normalize else x.shape[0]
    return np.asarray(per.sum() / count)


def np_layer_norm(x, g, b, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


def np_gelu(x):
    return x * 0.5 * (1.0 + np_erf(x / math.sqrt(2.0)))


def np_gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def np_dropout_mask(seed, shape, ratio):
    # (Chainer's rule, from the generator F.set_dropout_seed makes.)
    keep = np.random.RandomState(seed).rand(*shape) >= ratio
    return keep / (1.0 - ratio)


def _pad_image(x, top, bottom, left, right, value=0.0):
    n, c, h, w = x.shape
    out = np.full((n, c, h + top + bottom, w + left + right), value)
    out[:, :, top:top + h, left:left + w] = x
    return out


def np_conv2d(x, W, b=None, stride=(1, 1), pad=(0, 0), dilate=(1, 1), groups=1,
              cover_all=False):
    """A direct loop over the output pixels (no im2col)."""
    (sy, sx), (ph, pw), (dy, dx) = stride, pad, dilate
    n, c, h, w = x.shape
    oc, cg, kh, kw = W.shape
    ekh, ekw = (kh - 1) * dy + 1, (kw - 1) * dx + 1
    extra = (sy - 1, sx - 1) if cover_all else (0, 0)
    oh = (h + 2 * ph - ekh + extra[0]) // sy + 1
    ow = (w + 2 * pw - ekw + extra[1]) // sx + 1
    xp = _pad_image(x, ph, ph + sy + ekh, pw, pw + sx + ekw)
    ocg = oc // groups
    y = np.zeros((n, oc, oh, ow))
    for g in range(groups):
        wg = W[g * ocg:(g + 1) * ocg]
        for i in range(oh):
            for j in range(ow):
                patch = xp[:, g * cg:(g + 1) * cg, i * sy:i * sy + ekh:dy, j * sx:j * sx + ekw:dx]
                y[:, g * ocg:(g + 1) * ocg, i, j] = np.tensordot(patch, wg,
                                                                 ((1, 2, 3), (1, 2, 3)))
    return y if b is None else y + b.reshape(1, -1, 1, 1)


def np_deconv2d(x, W, b=None, stride=(1, 1), pad=(0, 0), outsize=None, dilate=(1, 1),
                groups=1):
    """Each input pixel's filter response added over its window of the output."""
    (sy, sx), (ph, pw), (dy, dx) = stride, pad, dilate
    n, c, h, w = x.shape
    _, ocg, kh, kw = W.shape
    ekh, ekw = (kh - 1) * dy + 1, (kw - 1) * dx + 1
    if outsize is None:
        outsize = (sy * (h - 1) + ekh - 2 * ph, sx * (w - 1) + ekw - 2 * pw)
    cg = c // groups
    full = np.zeros((n, ocg * groups, outsize[0] + 2 * ph + ekh + sy,
                     outsize[1] + 2 * pw + ekw + sx))
    for g in range(groups):
        wg = W[g * cg:(g + 1) * cg]
        for i in range(h):
            for j in range(w):
                resp = np.tensordot(x[:, g * cg:(g + 1) * cg, i, j], wg, (1, 0))
                full[:, g * ocg:(g + 1) * ocg, i * sy:i * sy + ekh:dy,
                     j * sx:j * sx + ekw:dx] += resp
    y = full[:, :, ph:ph + outsize[0], pw:pw + outsize[1]]
    return y if b is None else y + b.reshape(1, -1, 1, 1)


def np_pool(x, k, s, p, how, cover_all=False):
    n, c, h, w = x.shape
    extra = s - 1 if cover_all else 0
    oh = (h + 2 * p - k + extra) // s + 1
    ow = (w + 2 * p - k + extra) // s + 1
    xp = _pad_image(x, p, p + s + k, p, p + s + k, -np.inf if how == 'max' else 0.0)
    y = np.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            win = xp[:, :, i * s:i * s + k, j * s:j * s + k]
            y[:, :, i, j] = win.max(axis=(2, 3)) if how == 'max' else win.sum(axis=(2, 3)) / k / k
    return y


def np_unpool(x, k, s, p, outsize):
    n, c, h, w = x.shape
    full = np.zeros((n, c, outsize[0] + 2 * p + k + s, outsize[1] + 2 * p + k + s))
    for i in range(h):
        for j in range(w):
            full[:, :, i * s:i * s + k, j * s:j * s + k] += x[:, :, i, j][..., None, None]
    return full[:, :, p:p + outsize[0], p:p + outsize[1]]


def np_batch_norm(x, g, b, eps=2e-5, axis=None):
    axis = (0,) + tuple(range(2, x.ndim)) if axis is None else axis
    shape = [1 if d in axis else x.shape[d] for d in range(x.ndim)]
    mu = x.mean(axis=axis, keepdims=True)
    var = x.var(axis=axis, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g.reshape(shape) + b.reshape(shape)


def np_lrn(x, n=5, k=2.0, alpha=1e-4, beta=0.75):
    c = x.shape[1]
    s = np.zeros_like(x)
    for i in range(c):
        lo, hi = max(0, i - n // 2), min(c, i + n // 2 + 1)
        s[:, i] = (x[:, lo:hi] ** 2).sum(axis=1)
    return x / (k + alpha * s) ** beta


def np_lstm(c_prev, x):
    b, hsize = x.shape[0], c_prev.shape[1]
    g = x.reshape((b, hsize, 4) + x.shape[2:])
    a, i, f, o = (g[:, :, k] for k in range(4))
    c = np.tanh(a) * np_sigmoid(i) + c_prev[:b] * np_sigmoid(f)
    h = np.tanh(c) * np_sigmoid(o)
    return np.concatenate([c, c_prev[b:]]), h


def np_lstm_steps(h, c, xs, w, b):
    """An LSTM layer over the steps ``xs`` with Chainer's n_step formulas (a
    step of n rows updates the first n rows of the state); (h, c, outputs)."""
    ys = []
    for x in xs:
        n = x.shape[0]
        pre = [x @ w[k].T + b[k] + h[:n] @ w[k + 4].T + b[k + 4] for k in range(4)]
        i, f, a, o = np_sigmoid(pre[0]), np_sigmoid(pre[1]), np.tanh(pre[2]), np_sigmoid(pre[3])
        cn = f * c[:n] + i * a
        y = o * np.tanh(cn)
        c = np.concatenate([cn, c[n:]])
        h = np.concatenate([y, h[n:]])
        ys.append(y)
    return h, c, ys


def np_n_step_lstm(hx, cx, x0, x1, *wb):
    """One layer over two steps (batches 2, then 1), Chainer's formulas."""
    h, c, ys = np_lstm_steps(hx[0], cx[0], (x0, x1), wb[:8], wb[8:])
    return (h[None], c[None]) + tuple(ys)


def np_n_step_bilstm(hx, cx, x0, x1, *wb):
    """One bidirectional layer: forward as np_n_step_lstm, backward over the
    steps reversed (the shorter sequence's rows waiting with their state)."""
    fw = np_n_step_lstm(hx[:1], cx[:1], x0, x1, *wb[:16])
    h, c, ys = np_lstm_steps(hx[1], cx[1], (x1, x0), wb[16:24], wb[24:])
    return (np.concatenate([fw[0], h[None]]), np.concatenate([fw[1], c[None]]),
            np.concatenate([fw[2], ys[1]], axis=1), np.concatenate([fw[3], ys[0]], axis=1))


def other_float(dt):
    return np.dtype(np.float64) if np.dtype(dt) == np.float32 else np.dtype(np.float32)


# ------------------------------------------------------------------ the entries
# Unary elementwise.
for _name, _make, _ref in (
        ('exp', normal(2, 3), np.exp),
        ('log', uniform(0.5, 3.0, 2, 3), np.log),
        ('log1p', uniform(-0.5, 2.0, 2, 3), np.log1p),
        ('log2', uniform(0.5, 3.0, 2, 3), np.log2),
        ('log10', uniform(0.5, 3.0, 2, 3), np.log10),
        ('identity', normal(2, 3), lambda x: x),
        ('expm1', normal(2, 3), np.expm1),
        ('sqrt', uniform(0.5, 3.0, 2, 3), np.sqrt),
        ('rsqrt', uniform(0.5, 3.0, 2, 3), lambda x: 1.0 / np.sqrt(x)),
        ('sin', normal(2, 3), np.sin),
        ('cos', normal(2, 3), np.cos),
        ('tan', uniform(-1.0, 1.0, 2, 3), np.tan),
        ('tanh', normal(2, 3), np.tanh),
        ('arcsin', uniform(-0.9, 0.9, 2, 3), np.arcsin),
        ('arccos', uniform(-0.9, 0.9, 2, 3), np.arccos),
        ('arctan', normal(2, 3), np.arctan),
        ('erf', normal(2, 3), np_erf),
        ('sigmoid', normal(2, 3, scale=2.0), np_sigmoid),
        ('neg', normal(2, 3), np.negative),
        ('square', normal(2, 3), np.square),
        ('absolute', away(2, 3), np.abs),
        ('relu', away(2, 3), lambda x: np.maximum(x, 0)),
        ('softplus', normal(2, 3, scale=2.0), np_softplus),
        ('gelu', normal(2, 3, scale=2.0), np_gelu),
        ('elu', away(2, 3), lambda x: np.where(x >= 0, x, np.expm1(x))),
        ('leaky_relu', away(2, 3), lambda x: np.where(x >= 0, x, 0.2 * x)),
):
    case(_name, 'basic', mk(_make), getattr(F, _name), _ref)

case('exp', '0d', mk(normal()), F.exp, np.exp)
case('sigmoid', 'large', mk(lambda r: np.array([-80.0, -30.0, 0.0, 30.0, 80.0])), F.sigmoid,
     np_sigmoid)
case('softplus', 'beta2', mk(normal(2, 3)), lambda x: F.softplus(x, beta=2.0),
     lambda x: np_softplus(x, 2.0))
# softplus is smooth at 0: its gradient there is 1/2 (and its second derivative 1/4).
case('softplus', 'at-zero', mk(lambda r: np.array([0.0, 0.0, -1.5, 2.0])), F.softplus,
     np_softplus)
case('softplus', 'large', mk(lambda r: np.array([-200.0, -50.0, 50.0, 200.0])), F.softplus,
     np_softplus)
case('gelu', 'tanh', mk(normal(2, 3, scale=2.0)), lambda x: F.gelu(x, approximate='tanh'),
     np_gelu_tanh)
case('elu', 'alpha', mk(away(2, 3)), lambda x: F.elu(x, alpha=0.5),
     lambda x: np.where(x >= 0, x, 0.5 * np.expm1(x)))
case('leaky_relu', 'slope', mk(away(2, 3)), lambda x: F.leaky_relu(x, slope=0.1),
     lambda x: np.where(x >= 0, x, 0.1 * x))

# Non-differentiable elementwise.
case('sign', 'basic', mk(away(2, 3)), F.sign, np.sign, diff=False)
case('floor_divide', 'basic', mk(grid(2, 3, offset=0.25), uniform(0.6, 2.0, 3)),
     F.floor_divide, np.floor_divide, diff=False)
case('floor_divide', 'scalar', mk(grid(2, 3, offset=0.25)),
     lambda x: F.floor_divide(x, 2.0), lambda x: np.floor_divide(x, 2.0), diff=False)

# Binary arithmetic, with broadcasting.
BCAST = (('same', (2, 3), (2, 3)), ('row', (2, 3), (3,)), ('outer', (2, 1), (1, 3)),
         ('0d', (), (2, 3)), ('0d-right', (2, 3), ()))
for _v, _sa, _sb in BCAST:
    case('add', _v, mk(normal(*_sa), normal(*_sb)), F.add, np.add)
    case('sub', _v, mk(normal(*_sa), normal(*_sb)), F.sub, np.subtract)
    case('mul', _v, mk(normal(*_sa), normal(*_sb)), F.mul, np.multiply)
    case('div', _v, mk(normal(*_sa), away(*_sb, lo=0.5)), F.div, np.true_divide)
    case('pow', _v, mk(uniform(0.5, 2.0, *_sa), normal(*_sb)), F.pow, np.power)
    case('maximum', _v, mk(grid(*_sa), grid(*_sb, offset=0.25)), F.maximum, np.maximum)
    case('minimum', _v, mk(grid(*_sa), grid(*_sb, offset=0.25)), F.minimum, np.minimum)
    # (x1 away from 0: no point on the branch cut, the negative x2 axis)
    case('arctan2', _v, mk(away(*_sa), normal(*_sb)), F.arctan2, np.arctan2)
case('add', 'three', mk(normal(2, 3), normal(3), normal(2, 1)), F.add,
     lambda a, b, c: a + b + c)
case('add', 'scalar', mk(normal(2, 3)), lambda x: F.add(x, 1.5), lambda x: x + 1.5)
case('sub', 'rscalar', mk(normal(2, 3)), lambda x: F.sub(1.5, x), lambda x: 1.5 - x)
case('mul', 'scalar', mk(normal(2, 3)), lambda x: F.mul(x, -2.5), lambda x: x * -2.5)
case('div', 'rscalar', mk(away(2, 3, lo=0.5)), lambda x: F.div(2.0, x), lambda x: 2.0 / x)
case('maximum', 'scalar', mk(grid(2, 3, offset=0.25)), lambda x: F.maximum(x, 0.5),
     lambda x: np.maximum(x, 0.5))
case('minimum', 'scalar', mk(grid(2, 3, offset=0.25)), lambda x: F.minimum(x, 0.5),
     lambda x: np.minimum(x, 0.5))
for _p in (2, 3, 0.5, -1, 1, 0, -1.5):
    case('pow', f'const{_p}', mk(uniform(0.5, 2.0, 2, 3)), lambda x, p=_p: F.pow(x, p),
         lambda x, p=_p: np.power(x, p))
case('pow', 'rscalar', mk(normal(2, 3)), lambda x: F.pow(2.0, x), lambda x: 2.0 ** x)

case('clip', 'basic', mk(grid(2, 3, offset=0.25)), lambda x: F.clip(x, -1.0, 1.0),
     lambda x: np.clip(x, -1.0, 1.0))
case('clip', 'lower-only', mk(grid(2, 3, offset=0.25)), lambda x: F.clip(x, 0.0, None),
     lambda x: np.maximum(x, 0.0))
case('where', 'basic', mk(lambda r: r.random((2, 3)) > 0.5, normal(2, 3), normal(2, 3)),
     F.where, np.where)
case('where', 'broadcast', mk(lambda r: r.random((2, 1)) > 0.5, normal(3), normal(2, 3)),
     F.where, np.where)
case('where', 'scalar', mk(lambda r: np.array([True, False, True]), normal(3)),
     lambda c, x: F.where(c, x, 0.0), lambda c, x: np.where(c, x, 0.0))
case('cast', 'other-float', mk(normal(2, 3)), lambda x: F.cast(x, other_float(x.dtype)),
     lambda x: x, out_dtype=other_float,
     # float64 -> float32 loses digits: a wider step keeps the (linear) difference exact,
     # and the double-backward check keeps the dtypes the function sees.
     bwd=dict(eps=1e-1), dbl=dict(eps=1e-1, dtype=None))
case('cast', 'same', mk(normal(2, 3)), lambda x: F.cast(x, x.dtype), lambda x: x)

case('matmul', '2d', mk(normal(2, 3), normal(3, 4)), F.matmul, np.matmul)
case('matmul', 'transa', mk(normal(3, 2), normal(3, 4)),
     lambda a, b: F.matmul(a, b, transa=True), lambda a, b: a.T @ b)
case('matmul', 'transb', mk(normal(2, 3), normal(4, 3)),
     lambda a, b: F.matmul(a, b, transb=True), lambda a, b: a @ b.T)
case('matmul', 'transab', mk(normal(3, 2), normal(4, 3)),
     lambda a, b: F.matmul(a, b, transa=True, transb=True), lambda a, b: a.T @ b.T)
case('matmul', 'batched', mk(normal(2, 2, 3), normal(2, 3, 4)), F.matmul, np.matmul)
case('matmul', 'batch-bcast', mk(normal(2, 3), normal(2, 3, 4)), F.matmul, np.matmul)
case('matmul', 'batch-bcast-transb', mk(normal(2, 1, 2, 3), normal(3, 4, 3)),
     lambda a, b: F.matmul(a, b, transb=True), lambda a, b: a @ np.swapaxes(b, -1, -2))
case('matmul', 'vec-mat', mk(normal(3), normal(3, 4)), F.matmul, np.matmul)
case('matmul', 'mat-vec', mk(normal(2, 3), normal(3)), F.matmul, np.matmul)
case('matmul', 'vec-vec', mk(normal(3), normal(3)), F.matmul, np.matmul)
# A 1-D operand ignores its transa/transb (as in Chainer); the other one is transposed.
case('matmul', 'vec-transb', mk(normal(3), normal(4, 3)),
     lambda a, b: F.matmul(a, b, transa=True, transb=True), lambda a, b: a @ b.T)
case('matmul', 'transa-vec', mk(normal(3, 2), normal(3)),
     lambda a, b: F.matmul(a, b, transa=True, transb=True), lambda a, b: a.T @ b)
case('matmul', 'vec-batched', mk(normal(3), normal(2, 3, 4)), F.matmul, np.matmul)


def _batch_matmul(*args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)  # deprecated, as in Chainer
        return F.batch_matmul(*args, **kw)


case('batch_matmul', '3d', mk(normal(2, 2, 3), normal(2, 3, 4)), _batch_matmul, np.matmul)
case('batch_matmul', 'vectors-transa', mk(normal(2, 3), normal(2, 3)),
     lambda a, b: _batch_matmul(a, b, transa=True),
     lambda a, b: np.matmul(a[:, None, :], b[:, :, None]))

# Reductions: axis None, int, negative, tuple; keepdims.
AXES = (('none', None, False), ('none-keep', None, True), ('1', 1, False),
        ('neg', -1, True), ('tuple', (0, 2), False), ('tuple-neg-keep', (-1, 0), True))
for _v, _ax, _kd in AXES:
    case('sum', _v, mk(normal(2, 3, 4)),
         lambda x, a=_ax, k=_kd: F.sum(x, axis=a, keepdims=k),
         lambda x, a=_ax, k=_kd: np.sum(x, axis=a, keepdims=k))
    case('mean', _v, mk(normal(2, 3, 4)),
         lambda x, a=_ax, k=_kd: F.mean(x, axis=a, keepdims=k),
         lambda x, a=_ax, k=_kd: np.mean(x, axis=a, keepdims=k))
    case('max', _v, mk(distinct(2, 3, 4)),
         lambda x, a=_ax, k=_kd: F.max(x, axis=a, keepdims=k),
         lambda x, a=_ax, k=_kd: np.max(x, axis=a, keepdims=k))
    case('min', _v, mk(distinct(2, 3, 4)),
         lambda x, a=_ax, k=_kd: F.min(x, axis=a, keepdims=k),
         lambda x, a=_ax, k=_kd: np.min(x, axis=a, keepdims=k))
case('sum', '0d', mk(normal()), F.sum, np.sum)
# A 0-d array takes axis 0 or -1 as "the whole array".
case('sum', '0d-axis', mk(normal()), lambda x: F.sum(x, axis=0), np.sum)
case('max', '0d-axis', mk(normal()), lambda x: F.max(x, axis=-1, keepdims=True), np.max)
case('logsumexp', '0d-axis', mk(normal()), lambda x: F.logsumexp(x, axis=0), lambda x: x)
case('mean', 'weights', mk(normal(2, 3), uniform(0.5, 1.5, 3)),
     lambda x, w: F.mean(x, axis=1, weights=w),
     lambda x, w: np.average(x, axis=1, weights=w))
case('average', 'weights-all-axes', mk(normal(2, 3), uniform(0.5, 1.5, 2, 3)),
     lambda x, w: F.average(x, weights=w), lambda x, w: np.average(x, weights=w))
case('average', 'keepdims', mk(normal(2, 3)), lambda x: F.average(x, axis=0, keepdims=True),
     lambda x: np.mean(x, axis=0, keepdims=True))
for _v, _ax in (('none', None), ('1', 1), ('neg', -1), ('tuple', (0, 2))):
    case('logsumexp', _v, mk(normal(2, 3, 4)), lambda x, a=_ax: F.logsumexp(x, axis=a),
         lambda x, a=_ax: np_lse(x, a))
case('logsumexp', 'large', mk(lambda r: r.standard_normal((2, 3)) + 1000.0),
     lambda x: F.logsumexp(x, axis=1), lambda x: np_lse(x, 1))
for _v, _ax in (('none', None), ('0', 0), ('neg', -1)):
    case('argmax', _v, mk(distinct(3, 4)), lambda x, a=_ax: F.argmax(x, axis=a),
         lambda x, a=_ax: np.argmax(x, axis=a), diff=False,
         out_dtype=lambda dt: np.dtype(np.intp))
    case('argmin', _v, mk(distinct(3, 4)), lambda x, a=_ax: F.argmin(x, axis=a),
         lambda x, a=_ax: np.argmin(x, axis=a), diff=False,
         out_dtype=lambda dt: np.dtype(np.intp))
case('accuracy', 'plain', mk(distinct(6, 4), labels(4, 6)), lambda y, t: F.accuracy(y, t),
     lambda y, t: np.asarray(np.mean(y.argmax(axis=1) == t), y.dtype), diff=False)
case('accuracy', 'ignore', mk(distinct(6, 4), labels(4, 6, ignore=True)),
     lambda y, t: F.accuracy(y, t, ignore_label=-1),
     lambda y, t: np.asarray(np.mean((y.argmax(axis=1) == t)[t != -1]), y.dtype), diff=False)
for _v, _ax in (('default', 1), ('0', 0), ('neg', -1)):
    case('softmax', _v, mk(normal(2, 3, 4)), lambda x, a=_ax: F.softmax(x, axis=a),
         lambda x, a=_ax: np_softmax(x, a))
    case('log_softmax', _v, mk(normal(2, 3, 4)), lambda x, a=_ax: F.log_softmax(x, axis=a),
         lambda x, a=_ax: np_log_softmax(x, a))
case('softmax', 'large', mk(lambda r: r.standard_normal((2, 3)) * 3 + 500.0), F.softmax,
     np_softmax)

# Array manipulation.
case('reshape', 'basic', mk(normal(2, 3, 4)), lambda x: F.reshape(x, (4, -1)),
     lambda x: x.reshape(4, -1))
case('reshape', 'to-0d', mk(normal(1, 1)), lambda x: F.reshape(x, ()),
     lambda x: x.reshape(()))
case('flatten', 'basic', mk(normal(2, 3, 4)), F.flatten, lambda x: x.reshape(-1))
case('transpose', 'reverse', mk(normal(2, 3, 4)), F.transpose, lambda x: x.transpose())
case('transpose', 'axes', mk(normal(2, 3, 4)), lambda x: F.transpose(x, (1, -1, 0)),
     lambda x: x.transpose(1, 2, 0))
case('broadcast', 'two', mk(normal(2, 1), normal(3)), F.broadcast,
     lambda a, b: tuple(np.broadcast_arrays(a, b)))
case('identity', 'two', mk(normal(2), normal(3)), F.identity, lambda a, b: (a, b))
case('broadcast_to', 'row', mk(normal(3)), lambda x: F.broadcast_to(x, (2, 3)),
     lambda x: np.broadcast_to(x, (2, 3)))
case('broadcast_to', 'inner', mk(normal(2, 1)), lambda x: F.broadcast_to(x, (4, 2, 3)),
     lambda x: np.broadcast_to(x, (4, 2, 3)))
case('broadcast_to', '0d', mk(normal()), lambda x: F.broadcast_to(x, (2, 2)),
     lambda x: np.broadcast_to(x, (2, 2)))
case('sum_to', 'lead', mk(normal(2, 3)), lambda x: F.sum_to(x, (3,)),
     lambda x: x.sum(axis=0))
case('sum_to', 'keep', mk(normal(2, 3)), lambda x: F.sum_to(x, (1, 3)),
     lambda x: x.sum(axis=0, keepdims=True))
case('sum_to', 'mixed', mk(normal(2, 3, 4)), lambda x: F.sum_to(x, (3, 1)),
     lambda x: x.sum(axis=(0, 2))[:, None])
case('sum_to', '0d', mk(normal(2, 3)), lambda x: F.sum_to(x, ()), lambda x: x.sum())
case('expand_dims', '0', mk(normal(2, 3)), lambda x: F.expand_dims(x, 0),
     lambda x: np.expand_dims(x, 0))
case('expand_dims', 'neg', mk(normal(2, 3)), lambda x: F.expand_dims(x, -1),
     lambda x: np.expand_dims(x, -1))
case('squeeze', 'all', mk(normal(1, 3, 1)), F.squeeze, np.squeeze)
case('squeeze', 'axis', mk(normal(1, 3, 1)), lambda x: F.squeeze(x, axis=-1),
     lambda x: np.squeeze(x, axis=-1))
case('concat', 'default-axis', mk(normal(2, 1), normal(2, 3)), lambda a, b: F.concat((a, b)),
     lambda a, b: np.concatenate((a, b), axis=1))
case('concat', 'axis0-three', mk(normal(1, 3), normal(2, 3), normal(1, 3)),
     lambda a, b, c: F.concat((a, b, c), axis=0),
     lambda a, b, c: np.concatenate((a, b, c), axis=0))
case('concat', 'neg', mk(normal(2, 2, 1), normal(2, 2, 2)),
     lambda a, b: F.concat([a, b], axis=-1), lambda a, b: np.concatenate((a, b), axis=-1))
for _ax in (0, 1, -1):
    case('stack', f'axis{_ax}', mk(normal(2, 3), normal(2, 3)),
         lambda a, b, ax=_ax: F.stack([a, b], axis=ax),
         lambda a, b, ax=_ax: np.stack([a, b], axis=ax))
case('split_axis', 'sections', mk(normal(2, 6)), lambda x: F.split_axis(x, 3, axis=1),
     lambda x: tuple(np.split(x, 3, axis=1)))
case('split_axis', 'indices', mk(normal(5, 2)), lambda x: F.split_axis(x, [1, 3], axis=0),
     lambda x: tuple(np.split(x, [1, 3], axis=0)))
case('split_axis', 'single', mk(normal(2, 3)),
     lambda x: F.split_axis(x, 1, axis=-1, force_tuple=False), lambda x: x)
case('get_item', 'slice', mk(normal(3, 4)), lambda x: F.get_item(x, (slice(1, None), 2)),
     lambda x: x[1:, 2])
case('get_item', 'int', mk(normal(3, 4)), lambda x: F.get_item(x, 1), lambda x: x[1])
case('get_item', 'step', mk(normal(3, 4)), lambda x: F.get_item(x, (slice(None, None, -2),)),
     lambda x: x[::-2])
case('get_item', 'ellipsis-newaxis', mk(normal(2, 3, 4)),
     lambda x: F.get_item(x, (Ellipsis, None, 1)), lambda x: x[..., None, 1])
case('get_item', 'int-array-dups', mk(normal(3, 4)),
     lambda x: F.get_item(x, np.array([0, 2, 0, 0])), lambda x: x[[0, 2, 0, 0]])
case('get_item', 'int-arrays', mk(normal(3, 4)),
     lambda x: F.get_item(x, (np.array([0, 2, 2]), np.array([1, 3, 1]))),
     lambda x: x[[0, 2, 2], [1, 3, 1]])
case('get_item', 'bool-mask', mk(normal(2, 3)),
     lambda x: F.get_item(x, np.array([[True, False, True], [False, True, True]])),
     lambda x: x[np.array([[True, False, True], [False, True, True]])])
case('get_item', 'list', mk(normal(3, 4)), lambda x: F.get_item(x, [2, 1]),
     lambda x: x[[2, 1]])
case('select_item', 'basic', mk(normal(4, 3), labels(3, 4)), F.select_item,
     lambda x, t: x[np.arange(4), t])

# Neural-network functions.
case('linear', 'basic', mk(normal(2, 3), normal(4, 3), normal(4)), F.linear,
     lambda x, W, b: x @ W.T + b)
case('linear', 'nobias', mk(normal(2, 3), normal(4, 3)), F.linear, lambda x, W: x @ W.T)
case('linear', 'flatten', mk(normal(2, 3, 2), normal(4, 6), normal(4)), F.linear,
     lambda x, W, b: x.reshape(2, 6) @ W.T + b)
case('linear', 'batch-axes2', mk(normal(2, 3, 5), normal(4, 5), normal(4)),
     lambda x, W, b: F.linear(x, W, b, n_batch_axes=2), lambda x, W, b: x @ W.T + b)
case('layer_normalization', 'basic', mk(normal(3, 4), normal(4), normal(4)),
     F.layer_normalization, np_layer_norm)
case('layer_normalization', '3d', mk(normal(2, 2, 5, scale=3.0), normal(5), normal(5)),
     F.layer_normalization, np_layer_norm)
case('mean_squared_error', 'basic', mk(normal(2, 3), normal(2, 3)), F.mean_squared_error,
     lambda a, b: np.asarray(np.mean((a - b) ** 2)))
case('softmax_cross_entropy', 'basic', mk(normal(4, 3), labels(3, 4)),
     F.softmax_cross_entropy, np_sce)
case('softmax_cross_entropy', 'ignore', mk(normal(4, 3), labels(3, 4, ignore=True)),
     F.softmax_cross_entropy, np_sce)
case('softmax_cross_entropy', 'no-normalize', mk(normal(4, 3), labels(3, 4, ignore=True)),
     lambda x, t: F.softmax_cross_entropy(x, t, normalize=False),
     lambda x, t: np_sce(x, t, normalize=False))
case('softmax_cross_entropy', 'reduce-no', mk(normal(4, 3), labels(3, 4, ignore=True)),
     lambda x, t: F.softmax_cross_entropy(x, t, reduce='no'),
     lambda x, t: np_sce(x, t, reduce='no'))
case('softmax_cross_entropy', 'spatial', mk(normal(2, 3, 4), labels(3, 2, 4, ignore=True)),
     F.softmax_cross_entropy, np_sce)
case('softmax_cross_entropy', 'class-weight', mk(normal(4, 3), labels(3, 4)),
     lambda x, t: F.softmax_cross_entropy(x, t, class_weight=np.array([0.5, 1.0, 2.0])),
     lambda x, t: np_sce(x, t, class_weight=np.array([0.5, 1.0, 2.0])))
case('sigmoid_cross_entropy', 'basic',
     mk(normal(3, 4, scale=2.0), lambda r: r.integers(0, 2, (3, 4)).astype(np.int32)),
     F.sigmoid_cross_entropy, np_sigmoid_ce)
case('sigmoid_cross_entropy', 'ignore',
     mk(normal(3, 4, scale=2.0), lambda r: r.integers(-1, 2, (3, 4)).astype(np.int32)),
     F.sigmoid_cross_entropy, np_sigmoid_ce)
case('sigmoid_cross_entropy', 'reduce-no',
     mk(normal(3, 4, scale=2.0), lambda r: r.integers(-1, 2, (3, 4)).astype(np.int32)),
     lambda x, t: F.sigmoid_cross_entropy(x, t, reduce='no'),
     lambda x, t: np_sigmoid_ce(x, t, reduce='no'))
case('sigmoid_cross_entropy', 'no-normalize',
     mk(normal(3, 4, scale=2.0), lambda r: r.integers(-1, 2, (3, 4)).astype(np.int32)),
     lambda x, t: F.sigmoid_cross_entropy(x, t, normalize=False),
     lambda x, t: np_sigmoid_ce(x, t, normalize=False))
# Zero logits (a common initial state): the gradient there is sigmoid(0) - t.
case('sigmoid_cross_entropy', 'zero-logits',
     mk(lambda r: np.zeros((2, 3)), lambda r: np.array([[1, 0, 1], [0, 1, -1]], np.int32)),
     F.sigmoid_cross_entropy, np_sigmoid_ce)
case('sigmoid_cross_entropy', 'large',
     mk(lambda r: np.array([[-100.0, 100.0], [60.0, -60.0]]),
        lambda r: np.array([[1, 0], [1, 0]], np.int32)),
     F.sigmoid_cross_entropy, np_sigmoid_ce)
# huber_loss: differences kept away from the kink at |d| = delta.
def _huber_data(r):
    t = r.standard_normal((3, 4))
    d = r.uniform(0.2, 0.8, (3, 4)) * r.choice([-1.0, 1.0], (3, 4))
    d[:, ::2] *= 3.0                                   # (half of them past delta = 1)
    return t + d, t


def np_huber(x, t, delta=1.0):
    d = np.abs(x - t)
    return np.where(d <= delta, 0.5 * d * d, delta * (d - 0.5 * delta)).sum(axis=1)


case('huber_loss', 'sum-along-second-axis', _huber_data, lambda x, t: F.huber_loss(x, t, 1.0),
     np_huber)
case('binary_accuracy', 'ignore', mk(away(3, 4), lambda r: r.integers(-1, 2, (3, 4)).astype(
    np.int32)), F.binary_accuracy,
     lambda y, t: np.asarray(np.mean(((y >= 0) == (t == 1))[t != -1]), y.dtype), diff=False)
case('transpose_sequence', 'decreasing', mk(normal(3, 2), normal(2, 2), normal(1, 2)),
     lambda a, b, c: F.transpose_sequence([a, b, c]),
     lambda a, b, c: (np.stack([a[0], b[0], c[0]]), np.stack([a[1], b[1]]), a[2:3]))


def _crf_data(r):
    return (r.standard_normal((3, 3)),) + tuple(r.standard_normal((2, 3)) for _ in range(3)) \
        + tuple(r.integers(0, 3, 2).astype(np.int32) for _ in range(3))


def np_crf1d(cost, x0, x1, x2, y0, y1, y2):
    """The mean over the batch of log(sum over paths of exp(score)) - score
    of the labels' path, every path of 3 labels over 3 steps enumerated."""
    xs, ys = (x0, x1, x2), (y0, y1, y2)

    def score(path, b):
        return sum(xs[i][b, path[i]] for i in range(3)) + sum(
            cost[path[i], path[i + 1]] for i in range(2))
    total = 0.0
    for b in range(2):
        scores = [score(p, b) for p in itertools.product(range(3), repeat=3)]
        total += np.log(np.sum(np.exp(scores))) - score([y[b] for y in ys], b)
    return np.asarray(total / 2)


def np_argmax_crf1d_score(cost, x0, x1, x2):
    xs = (x0, x1, x2)
    return np.array([max(sum(xs[i][b, p[i]] for i in range(3)) + sum(
        cost[p[i], p[i + 1]] for i in range(2)) for p in itertools.product(range(3), repeat=3))
        for b in range(2)])


case('crf1d', 'mean', _crf_data,
     lambda cost, x0, x1, x2, y0, y1, y2: F.crf1d(cost, [x0, x1, x2], [y0, y1, y2]), np_crf1d)
case('argmax_crf1d', 'score', mk(normal(3, 3), normal(2, 3), normal(2, 3), normal(2, 3)),
     lambda cost, x0, x1, x2: F.argmax_crf1d(cost, [x0, x1, x2])[0], np_argmax_crf1d_score)
case('dropout', 'rng', mk(normal(3, 4)),
     lambda x: F.dropout(x, 0.3, rng=np.random.default_rng(7)),
     lambda x: x * ((np.random.default_rng(7).random((3, 4)) >= 0.3) / 0.7))


def _dropout_test_mode(x):
    with tapejit.using_config('train', False):
        return F.dropout(x, 0.5)


case('dropout', 'test-mode', mk(normal(3, 4)), _dropout_test_mode, lambda x: x)


def _seeded_dropout(x):
    from tapejit.ops import random
    saved = random._generator["own"]
    try:
        F.set_dropout_seed(11)
        return F.dropout(x, 0.5)
    finally:
        random._generator["own"] = saved  # leave the global generator as it was


# set_dropout_seed makes dropout without an explicit rng reproducible.
case('set_dropout_seed', 'reproducible', mk(normal(3, 4)), _seeded_dropout,
     lambda x: x * np_dropout_mask(11, (3, 4), 0.5))


def _seeded_gaussian(mean, ln_var):
    from tapejit.ops import random
    saved = random._generator["own"]
    try:
        F.set_dropout_seed(5)
        return F.gaussian(mean, ln_var)
    finally:
        random._generator["own"] = saved


def _np_gaussian(mean, ln_var):
    eps = np.random.RandomState(5).standard_normal(np.shape(mean))
    return mean + np.exp(ln_var * 0.5) * eps.astype(np.asarray(mean).dtype)


# The draw comes from the generator set_dropout_seed seeds.
case('gaussian', 'seeded', mk(normal(3, 4), normal(3, 4, scale=0.5)), _seeded_gaussian,
     _np_gaussian)


# Convolution, pooling, normalization, embeddings, recurrent cells.
case('convolution_2d', 'basic', mk(normal(2, 3, 5, 4), normal(4, 3, 3, 2), normal(4)),
     F.convolution_2d, np_conv2d)
case('convolution_2d', 'stride-pad-cover', mk(normal(2, 2, 5, 6), normal(3, 2, 2, 3)),
     lambda x, W: F.convolution_2d(x, W, stride=(2, 3), pad=1, cover_all=True),
     lambda x, W: np_conv2d(x, W, stride=(2, 3), pad=(1, 1), cover_all=True))
case('convolution_2d', 'dilate-groups', mk(normal(1, 4, 6, 5), normal(6, 2, 2, 2), normal(6)),
     lambda x, W, b: F.convolution_2d(x, W, b, pad=(1, 0), dilate=2, groups=2),
     lambda x, W, b: np_conv2d(x, W, b, pad=(1, 0), dilate=(2, 2), groups=2))
case('deconvolution_2d', 'basic', mk(normal(2, 3, 3, 2), normal(3, 2, 3, 2), normal(2)),
     F.deconvolution_2d, np_deconv2d)
case('deconvolution_2d', 'stride-pad-outsize', mk(normal(1, 2, 3, 3), normal(2, 3, 3, 3)),
     lambda x, W: F.deconvolution_2d(x, W, stride=2, pad=1, outsize=(6, 5)),
     lambda x, W: np_deconv2d(x, W, stride=(2, 2), pad=(1, 1), outsize=(6, 5)))
case('deconvolution_2d', 'dilate-groups', mk(normal(1, 4, 3, 2), normal(4, 1, 2, 2)),
     lambda x, W: F.deconvolution_2d(x, W, dilate=(2, 1), groups=2),
     lambda x, W: np_deconv2d(x, W, dilate=(2, 1), groups=2))
case('max_pooling_2d', 'basic', mk(distinct(2, 2, 4, 6)), lambda x: F.max_pooling_2d(x, 2),
     lambda x: np_pool(x, 2, 2, 0, 'max'))
case('max_pooling_2d', 'overlap-pad-cover', mk(distinct(1, 2, 5, 5)),
     lambda x: F.max_pooling_2d(x, 3, stride=2, pad=1),
     lambda x: np_pool(x, 3, 2, 1, 'max', cover_all=True))
case('average_pooling_2d', 'basic', mk(normal(2, 2, 4, 6)),
     lambda x: F.average_pooling_2d(x, 2), lambda x: np_pool(x, 2, 2, 0, 'mean'))
case('average_pooling_2d', 'overlap-pad', mk(normal(1, 2, 5, 5)),
     lambda x: F.average_pooling_2d(x, 3, stride=2, pad=1),
     lambda x: np_pool(x, 3, 2, 1, 'mean'))
case('unpooling_2d', 'basic', mk(normal(2, 2, 2, 3)),
     lambda x: F.unpooling_2d(x, 2, cover_all=False), lambda x: np_unpool(x, 2, 2, 0, (4, 6)))
case('unpooling_2d', 'overlap-pad', mk(normal(1, 2, 3, 3)),
     lambda x: F.unpooling_2d(x, 3, stride=2, pad=1, outsize=(5, 4)),
     lambda x: np_unpool(x, 3, 2, 1, (5, 4)))
case('batch_normalization', 'conv', mk(normal(3, 2, 2, 3), normal(2), normal(2)),
     F.batch_normalization, np_batch_norm, bwd=dict(atol=1e-4, rtol=1e-3))
case('batch_normalization', 'axis', mk(normal(2, 3, 4), normal(3, 4), normal(3, 4)),
     lambda x, g, b: F.batch_normalization(x, g, b, axis=0),
     lambda x, g, b: np_batch_norm(x, g, b, axis=(0,)), bwd=dict(atol=1e-4, rtol=1e-3))
case('fixed_batch_normalization', 'basic',
     mk(normal(3, 2, 2), normal(2), normal(2), normal(2), uniform(0.5, 2.0, 2)),
     F.fixed_batch_normalization,
     lambda x, g, b, m, v: (x - m.reshape(1, 2, 1)) / np.sqrt(v.reshape(1, 2, 1) + 2e-5)
     * g.reshape(1, 2, 1) + b.reshape(1, 2, 1))
case('local_response_normalization', 'basic', mk(normal(2, 7, 2, 2, scale=3.0)),
     lambda x: F.local_response_normalization(x, n=3, k=1.0, alpha=0.1, beta=0.75),
     lambda x: np_lrn(x, n=3, k=1.0, alpha=0.1, beta=0.75))
case('embed_id', 'basic', mk(labels(5, 2, 3), normal(5, 4)),
     lambda t, W: F.embed_id(t, W), lambda t, W: W[t])
case('embed_id', 'ignore', mk(labels(5, 7, ignore=True), normal(5, 4)),
     lambda t, W: F.embed_id(t, W, ignore_label=-1),
     lambda t, W: np.where((t >= 0)[:, None], W[np.maximum(t, 0)], 0.0))


def _fixed_negatives(shape):
    return ((np.arange(shape[0] * shape[1]).reshape(shape) * 7 + 1) % 6).astype(np.int32)


def np_negative_sampling(x, t, W, reduce='sum'):
    samples = _fixed_negatives((len(t), 3))
    samples[:, 0] = t
    f = np.einsum('ij,ikj->ik', x, W[samples])
    f[:, 0] *= -1
    loss = np.logaddexp(f, 0).sum(axis=1) * (t != -1)
    return np.asarray(loss.sum()) if reduce == 'sum' else loss


case('negative_sampling', 'sum', mk(normal(4, 3), labels(6, 4, ignore=True), normal(6, 3)),
     lambda x, t, W: F.negative_sampling(x, t, W, _fixed_negatives, 2), np_negative_sampling)
case('negative_sampling', 'reduce-no',
     mk(normal(4, 3), labels(6, 4, ignore=True), normal(6, 3)),
     lambda x, t, W: F.negative_sampling(x, t, W, _fixed_negatives, 2, reduce='no'),
     lambda x, t, W: np_negative_sampling(x, t, W, reduce='no'))

HSM_TREE = ((0, 1), ((2, 3), (4, (5, 6))))


def np_hsm(x, t, W):
    parser = TreeParser(np.float64)
    parser.parse(HSM_TREE)
    loss = 0.0
    for xi, ti in zip(x, t):
        path, code = parser.get_paths()[int(ti)], parser.get_codes()[int(ti)]
        loss += np.logaddexp(0.0, -(W[path] @ xi) * code).sum()
    return np.asarray(loss)


def _hsm(x, t, W):
    return F.binary_hierarchical_softmax(x, t, W, *paths_and_codes(HSM_TREE))


case('binary_hierarchical_softmax', 'basic', mk(normal(5, 3), labels(7, 5), normal(6, 3)),
     _hsm, np_hsm)
case('lstm', 'basic', mk(normal(3, 2), normal(3, 8)), F.lstm, np_lstm)
case('lstm', 'shrinking-batch', mk(normal(3, 2, 2), normal(2, 8, 2)), F.lstm, np_lstm)
case('pad', 'constant', mk(normal(2, 3)),
     lambda x: F.pad(x, ((1, 0), (2, 1)), 'constant', constant_values=0.5),
     lambda x: np.pad(x, ((1, 0), (2, 1)), constant_values=0.5))
case('tile', 'basic', mk(normal(2, 3)), lambda x: F.tile(x, (2, 1, 3)),
     lambda x: np.tile(x, (2, 1, 3)))
case('repeat', 'int', mk(normal(2, 3)), lambda x: F.repeat(x, 2, axis=1),
     lambda x: np.repeat(x, 2, axis=1))
case('repeat', 'counts-flat', mk(normal(2, 2)), lambda x: F.repeat(x, (1, 0, 3, 2)),
     lambda x: np.repeat(x, (1, 0, 3, 2)))
case('swapaxes', 'basic', mk(normal(2, 3, 4)), lambda x: F.swapaxes(x, 0, -1),
     lambda x: np.swapaxes(x, 0, -1))

case('n_step_lstm', 'two-steps',
     mk(normal(1, 2, 3), normal(1, 2, 3), normal(2, 2), normal(1, 2),
        *([normal(3, 2, scale=0.5)] * 4 + [normal(3, 3, scale=0.5)] * 4 + [normal(3)] * 8)),
     lambda hx, cx, x0, x1, *wb: (lambda hy, cy, ys: (hy, cy) + tuple(ys))(
         *F.n_step_lstm(1, 0.0, hx, cx, [wb[:8]], [wb[8:]], [x0, x1])),
     np_n_step_lstm)

case('n_step_bilstm', 'two-steps',
     mk(normal(2, 2, 3), normal(2, 2, 3), normal(2, 2), normal(1, 2),
        *([normal(3, 2, scale=0.5)] * 4 + [normal(3, 3, scale=0.5)] * 4 + [normal(3)] * 8) * 2),
     lambda hx, cx, x0, x1, *wb: (lambda hy, cy, ys: (hy, cy) + tuple(ys))(
         *F.n_step_bilstm(1, 0.0, hx, cx, [wb[:8], wb[16:24]], [wb[8:16], wb[24:]], [x0, x1])),
     np_n_step_bilstm)


CASE_IDS = [c.id for c in CASES]
assert len(set(CASE_IDS)) == len(CASE_IDS), 'duplicate case ids'


# ----------------------------------------------------- abstract_eval vs impl hook
_real_bind = registry.bind


def _checked_bind(prim, args, params):
    out = _real_bind(prim, args, params)
    avals = [Aval(tuple(a.shape), a.dtype) for a in
             (a.array if isinstance(a, Variable) else a for a in args)]
    got = prim.abstract_eval(*avals, **params)
    assert tuple(got.shape) == out.shape and np.dtype(got.dtype) == out.dtype, (
        f'{prim.name}: abstract_eval gives shape {tuple(got.shape)} dtype {got.dtype} but '
        f'impl gives shape {out.shape} dtype {out.dtype} (inputs {avals}, params {params})')
    return out


@pytest.fixture(autouse=True)
def _check_abstract_eval(monkeypatch):
    monkeypatch.setattr(registry, 'bind', _checked_bind)


# ----------------------------------------------------------------------- helpers
def _inputs(c: Case, dtype: Any) -> tuple:
    rng = np.random.default_rng(zlib.crc32(c.id.encode()))
    xs = c.make(rng)
    xs = tuple(np.array(x, dtype=dtype if x.dtype.kind == 'f' else x.dtype, order='C')
               for x in xs)
    assert all(x.shape == np.shape(x0) for x, x0 in zip(xs, c.make(
        np.random.default_rng(zlib.crc32(c.id.encode())))))
    return xs


def _as_tuple(y: Any) -> tuple:
    return tuple(y) if isinstance(y, (tuple, list)) else (y,)


def _call(c: Case, xs: tuple) -> tuple:
    args = [Variable(x) if x.dtype.kind == 'f' else x for x in xs]
    return _as_tuple(c.func(*args))


def _grad_outputs(c: Case, xs: tuple, rng: Any) -> tuple:
    ys = _call(c, xs)
    return tuple(rng.standard_normal(y.shape).astype(y.dtype) for y in ys)


# ------------------------------------------------------------------------- tests
def test_table_covers_all_functions():
    names = {c.fn for c in CASES}
    missing = sorted(set(F.__all__) - names)
    assert not missing, f'functions in tapejit.functions.__all__ without a table entry: ' \
                        f'{missing}'
    unknown = sorted(names - set(F.__all__))
    assert not unknown, f'table entries for names not in __all__: {unknown}'


@pytest.mark.parametrize('dtype', DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('c', CASES, ids=CASE_IDS)
def test_forward(c, dtype):
    xs = _inputs(c, dtype)
    ys = _call(c, xs)
    refs = _as_tuple(c.ref(*[x.astype(np.float64) if x.dtype.kind == 'f' else x for x in xs]))
    assert len(ys) == len(refs)
    want_dtype = np.dtype(c.out_dtype(dtype) if c.out_dtype else dtype)
    # The tolerance follows the output's precision (cast changes it).
    tol = c.fwd_tol.get(dtype, FWD_TOL.get(want_dtype.type))
    for y, r in zip(ys, refs):
        assert isinstance(y, Variable)
        assert y.dtype == want_dtype, f'{c.id}: dtype {y.dtype}, expected {want_dtype}'
        assert y.shape == np.shape(r), f'{c.id}: shape {y.shape}, expected {np.shape(r)}'
        assert isinstance(y.array, np.ndarray)
        if want_dtype.kind in 'iu':
            np.testing.assert_array_equal(y.array, r)
        else:
            np.testing.assert_allclose(y.array.astype(np.float64), r, **tol)


@pytest.mark.parametrize('dtype', DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('c', CASES, ids=CASE_IDS)
def test_backward(c, dtype):
    xs = _inputs(c, dtype)
    if not c.diff:
        ys = _call(c, xs)
        for y in ys:
            assert not y.requires_grad, f'{c.id}: a non-differentiable output requires grad'
            assert y.creator is None, f'{c.id}: a non-differentiable output has a creator'
        return
    rng = np.random.default_rng(1)
    gys = _grad_outputs(c, xs, rng)
    check_backward(c.func, xs, gys, dtype=np.float64, **c.bwd)


@pytest.mark.parametrize('dtype', DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('c', CASES, ids=CASE_IDS)
def test_double_backward(c, dtype):
    if not c.diff:
        pytest.skip('not differentiable: test_backward checks that no graph is recorded')
    xs = _inputs(c, dtype)
    rng = np.random.default_rng(2)
    gys = _grad_outputs(c, xs, rng)
    ggxs = tuple(rng.standard_normal(x.shape).astype(x.dtype) if x.dtype.kind == 'f'
                 else None for x in xs)
    kw = dict(dtype=np.float64)
    kw.update(c.dbl)
    check_double_backward(c.func, xs, gys, ggxs, **kw)


@pytest.mark.parametrize('dtype', DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize('c', [c for c in CASES if c.diff],
                         ids=[c.id for c in CASES if c.diff])
def test_gradient_dtypes(c, dtype):
    """backward gives each float input a gradient of its own shape and dtype."""
    xs = _inputs(c, dtype)
    vs = [Variable(x) if x.dtype.kind == 'f' else x for x in xs]
    ys = [y for y in _as_tuple(c.func(*vs)) if y.dtype.kind == 'f']
    gs = tapejit.grad(ys, [v for v in vs if isinstance(v, Variable)],
                      grad_outputs=[np.ones(y.shape, y.dtype) for y in ys])
    for v, g in zip([v for v in vs if isinstance(v, Variable)], gs):
        if g is not None:
            assert g.shape == v.shape and g.dtype == v.dtype


MULTI = [c for c in CASES if c.diff and sum(1 for x in c.make(np.random.default_rng(0))
                                            if x.dtype.kind == 'f') > 1]


@pytest.mark.parametrize('c', MULTI, ids=[c.id for c in MULTI])
def test_partial_gradients(c):
    """The gradient w.r.t. one input is the same whether or not the others need one
    (vjp rules skip the gradients nobody needs)."""
    xs = _inputs(c, np.float64)
    floats = [i for i, x in enumerate(xs) if x.dtype.kind == 'f']
    rng = np.random.default_rng(3)
    gys = _grad_outputs(c, xs, rng)

    def grads(requires, wrt):
        vs = [Variable(x, requires_grad=i in requires) if x.dtype.kind == 'f' else x
              for i, x in enumerate(xs)]
        ys = _as_tuple(c.func(*vs))
        pairs = [(y, g) for y, g in zip(ys, gys) if y.dtype.kind == 'f']
        return tapejit.grad([y for y, _ in pairs], [vs[i] for i in wrt],
                            grad_outputs=[g for _, g in pairs])

    full = grads(set(floats), floats)
    for k, i in enumerate(floats):
        for requires in ({i}, set(floats)):
            g, = grads(requires, [i])
            np.testing.assert_allclose(g.array, full[k].array, rtol=1e-12, atol=1e-12)
