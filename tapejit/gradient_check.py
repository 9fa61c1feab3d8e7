"""Finite-difference checks of backward and double-backward rules (Chainer's API).

``check_backward`` compares the analytical gradient with a central difference
along a random direction (two evaluations of the function, whatever the input
size), as Chainer does; ``dtype=numpy.float64`` runs the finite differences in
double precision.  Inputs that are not checked (integer inputs, and those
flagged in ``no_grads``) reach the function as Variables that do not require
a gradient, as in Chainer.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.backprop import grad as _grad
from tapejit.core.config import using_config
from tapejit.core.parameter import Parameter
from tapejit.core.variable import Variable


class NondifferentiableError(Exception):
    """The function looks non-differentiable at the point checked."""


class InvalidEpsError(ValueError, AssertionError):
    """``numerical_grad`` was given an ``eps`` that is not positive.

    A ValueError, and an AssertionError as Chainer's own check raises.
    """


def _as_tuple(x: Any) -> tuple:
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _cpu64(a: Any) -> Any:
    """``a`` (an array, a Variable, a scalar or None) as a float64 NumPy array."""
    if a is None:
        return None
    a = a.array if isinstance(a, Variable) else a
    return numpy.array(backends.CPU.send(a) if backends.is_array(a) else a, numpy.float64)


def _format_props(arrays: Sequence[Any]) -> str:
    return ', '.join('None' if a is None else f'{tuple(a.shape)}:{a.dtype}' for a in arrays)


# ------------------------------------------------------------- numerical_grad
def numerical_grad(f: Callable[[], Any], inputs: Sequence[Any], grad_outputs: Sequence[Any],
                   eps: float = 1e-3, detect_nondifferentiable: bool = False,
                   diff_atol: float = 0, diff_rtol: float = 1e-2,
                   center_outputs: Any = None) -> tuple:
    """Central-difference gradient of ``f`` w.r.t. each array in ``inputs``.

    ``f()`` reads the arrays in ``inputs`` (which are perturbed in place and
    restored) and returns a tuple of output arrays; ``grad_outputs`` (arrays,
    scalars or None) weighs them.  With ``detect_nondifferentiable`` each
    element is sampled at five points (``x``, ``x +- eps/2``, ``x +- eps``): an
    output whose finiteness changes among them, or that a quadratic does not
    fit within ``diff_atol + diff_rtol * (max - min)``, raises
    :class:`NondifferentiableError`; the gradient is then of third order in
    ``eps``.  ``center_outputs`` is accepted for Chainer's signature and
    ignored (the outputs at ``x`` are recomputed in float64, as Chainer does).

    >>> import numpy as np
    >>> from tapejit.gradient_check import numerical_grad
    >>> x = np.array([1.0, 2.0])
    >>> gx, = numerical_grad(lambda: (x * x,), (x,), (np.ones(2),))
    >>> np.round(gx, 6)
    array([2., 4.])
    """
    if not eps > 0:
        raise InvalidEpsError(f'numerical_grad: eps must be positive, got {eps}')
    inputs = tuple(inputs)
    for i, x in enumerate(inputs):
        if x.dtype.kind != 'f':
            raise RuntimeError(f'numerical_grad: input {i} has dtype {x.dtype}; the inputs '
                               'must be of a floating dtype')
    devices = {backends.get_device_from_array(a) for a in inputs + tuple(grad_outputs)
               if backends.is_array(a)}
    if len(devices) > 1:
        raise RuntimeError('numerical_grad: inputs and grad_outputs live on different '
                           f'devices ({", ".join(sorted(map(str, devices)))}); do not mix '
                           'GPU and CPU arrays')
    weights = tuple(_cpu64(g) for g in grad_outputs)
    steps = (-eps, -eps / 2, 0.0, eps / 2, eps) if detect_nondifferentiable else (-eps, eps)
    # Type checks are off while sampling, as in Chainer: the samples may run in
    # another dtype (check_backward's ``dtype``) than the arrays f does not
    # perturb, e.g. a link's bias left in its own dtype.
    with using_config('type_check', False):
        return _numerical_grads(f, inputs, weights, steps, eps, detect_nondifferentiable,
                                diff_atol, diff_rtol)


def _numerical_grads(f: Callable, inputs: tuple, weights: tuple, steps: tuple, eps: float,
                     detect_nondifferentiable: bool, diff_atol: float,
                     diff_rtol: float) -> tuple:
    grads = []
    for i_in, x in enumerate(inputs):
        gx = numpy.zeros(x.shape, numpy.float64)
        for idx in numpy.ndindex(x.shape):
            orig = x[idx].copy()
            samples = []
            for d in steps:
                x[idx] = orig + d
                try:
                    samples.append(tuple(_cpu64(y) for y in _as_tuple(f())))
                finally:
                    x[idx] = orig
            if len(samples[0]) != len(weights):
                raise ValueError(f'numerical_grad: f returned {len(samples[0])} outputs but '
                                 f'grad_outputs has {len(weights)} entries')
            if detect_nondifferentiable:
                _detect(samples, i_in, idx, eps, diff_atol, diff_rtol)
            gx[idx] = _slope(samples, weights, eps)
        xp = backends.get_array_module(x)
        grads.append(xp.asarray(gx.astype(x.dtype)))
    return tuple(grads)


def _slope(samples: list, weights: tuple, eps: float) -> float:
    """The weighted sum of the outputs' central differences (second order with two
    samples, fourth-point stencil of third order with five)."""
    total = 0.0
    scale = 2 * eps if len(samples) == 2 else 6 * eps
    for k, w in enumerate(weights):
        if w is None or samples[0][k] is None:
            continue
        if len(samples) == 2:
            diff = samples[1][k] - samples[0][k]
        else:
            ys = [s[k] for s in samples]
            diff = -ys[4] + 8 * ys[3] - 8 * ys[1] + ys[0]
        total += float(numpy.sum(diff * w))
    return total / scale


def _detect(samples: list, i_in: int, idx: tuple, eps: float, diff_atol: float,
            diff_rtol: float) -> None:
    """Raise NondifferentiableError if the five samples of the outputs around
    ``x[idx]`` do not look like a smooth function of the step."""
    outs = [k for k, y in enumerate(samples[0]) if y is not None]
    if all(samples[0][k].size == 0 for k in outs):
        return
    where = f'input {i_in}, element {idx}, eps={eps}'
    finite = {k: [numpy.isfinite(s[k]) for s in samples] for k in outs}
    for k in outs:
        if any((finite[k][0] != f).any() for f in finite[k][1:]):
            raise NondifferentiableError(
                f'numerical_grad: output {k} is finite at some of the points sampled '
                f'around {where} and not at others: the function looks non-'
                'differentiable there\n' + _samples_text(samples, k))
    # A function non-finite throughout the neighbourhood (log left of 0) is
    # not called non-differentiable: there is nothing to fit.
    if not all(f.all() for k in outs for f in finite[k]):
        return
    stack = numpy.stack([numpy.concatenate([s[k].ravel() for k in outs]) for s in samples])
    _, (residuals, _, _, _) = numpy.polynomial.polynomial.polyfit(
        numpy.arange(len(samples)), stack, deg=2, full=True)
    errors = numpy.sqrt(numpy.asarray(residuals) / len(samples))
    if errors.size != stack.shape[1]:  # (an exact fit reports no residuals)
        return
    start = 0
    for k in outs:
        ys = numpy.stack([s[k] for s in samples])
        size = ys[0].size
        err = errors[start:start + size].reshape(ys.shape[1:])
        start += size
        spread = ys.max(axis=0) - ys.min(axis=0)
        bad = (diff_atol + diff_rtol * spread < err) & (spread != 0)
        if bad.any():
            raise NondifferentiableError(
                f'numerical_grad: output {k} does not fit a quadratic around {where} '
                f'(fitting errors {err[bad].tolist()} exceed diff_atol + diff_rtol * '
                f'(max - min) = {(diff_atol + diff_rtol * spread)[bad].tolist()}): the '
                'function looks non-differentiable there\n' + _samples_text(samples, k))


def _samples_text(samples: list, k: int) -> str:
    names = ('x-eps', 'x-eps/2', 'x', 'x+eps/2', 'x+eps')
    return '\n'.join(f'  y[{n}]: {s[k]}' for n, s in zip(names, samples))


# ------------------------------------------------------------- check_backward
class _CheckBackward:
    """One gradient check of ``func`` along a random direction (Chainer's algorithm).

    With ``immutable_params`` the parameters are arrays and ``func(xs, params)``
    gets them as fresh Parameters each call; otherwise they are Variables that
    ``func`` reads, perturbed in place and restored.
    """

    def __init__(self, func: Callable, xs: Any, gys: Any, params: Any, eps: float,
                 atol: float, rtol: float, no_gxs: Optional[Sequence[bool]], dtype: Any,
                 detect_nondifferentiable: bool, immutable_params: bool = False,
                 what: str = 'check_backward') -> None:
        if dtype is not None and numpy.dtype(dtype).kind != 'f':
            raise ValueError(f'{what}: dtype must be a floating dtype or None, got {dtype}')
        self.xs = _as_tuple(xs)
        if no_gxs is None:
            no_gxs = [x is None or x.dtype.kind != 'f' for x in self.xs]
        elif len(no_gxs) != len(self.xs):
            raise ValueError(f'{what}: no_grads has {len(no_gxs)} entries but there are '
                             f'{len(self.xs)} inputs; they must match')
        self.func, self.what = func, what
        self.gys = None if gys is None else _as_tuple(gys)
        self.params = () if params is None else _as_tuple(params)
        self.no_gxs = [bool(n) or x is None for n, x in zip(no_gxs, self.xs)]
        self.eps, self.atol, self.rtol, self.dtype = eps, atol, rtol, dtype
        self.detect = detect_nondifferentiable
        self.immutable = immutable_params

    def _call(self, xs: list, params: Sequence[Any]) -> tuple:
        if self.immutable:
            return _as_tuple(self.func(xs, tuple(
                p if isinstance(p, Parameter) else Parameter(p) for p in params)))
        return _as_tuple(self.func(*xs))

    def run(self) -> None:
        xs = [None if x is None else Variable(x, requires_grad=x.dtype.kind == 'f')
              for x in self.xs]
        if self.immutable:  # (new Parameters, as Chainer's link tests expect)
            params = [Parameter(p) for p in self.params]
        else:
            params = list(self.params)
        ys = self._call(xs, params)
        if self.gys is None:
            if not (len(ys) == 1 and ys[0] is not None and ys[0].shape == ()):
                raise ValueError(
                    f'{self.what}: y_grad can be omitted only for a function with a single '
                    'output of shape () (a loss); the outputs have shapes '
                    f'{[None if y is None else y.shape for y in ys]}')
            gys = (backends.get_array_module(ys[0].array).ones_like(ys[0].array),)
        else:
            gys = self.gys
            _check_outputs_and_grad_outputs(self.what, ys, gys)
        gys = tuple(None if y is None else gy for y, gy in zip(ys, gys))
        shapes = [x.shape for x, no in zip(self.xs, self.no_gxs) if not no]
        shapes += [p.shape for p in params]
        xp = backends.get_array_module(*[x for x in self.xs if x is not None])
        directions = _unpack(self._sample_unit_vector(sum(_size(s) for s in shapes), xp),
                             shapes)
        analytical = self._backward(xs, ys, gys, params, directions)
        numerical = self._numerical(gys, directions, xp)
        if not abs(numerical - analytical) <= self.atol + self.rtol * abs(analytical):
            raise AssertionError(
                f'{self.what}: the analytical gradient does not match finite differences.\n'
                f'  directional derivative, numerical:  {numerical!r}\n'
                f'  directional derivative, analytical: {analytical!r}\n'
                f'  |difference| = {abs(numerical - analytical)!r} > atol + rtol * '
                f'|analytical| = {self.atol + self.rtol * abs(analytical)!r}\n'
                f'  inputs: {_format_props(self.xs)}; eps={self.eps}')

    @staticmethod
    def _sample_unit_vector(size: int, xp: Any) -> Any:
        """A random unit vector of ``size`` elements on ``xp``'s current device,
        whose every element is at least ``0.1 / sqrt(size)`` in magnitude (a tiny
        component would make the comparison unstable)."""
        d = xp.random.normal(size=(size,))
        if size == 0:
            return d
        sq = d * d
        # The weighted quadratic mean of |d| / |d|_2 and 1 / sqrt(size): a unit
        # vector again, with the small components raised.
        return xp.copysign(xp.sqrt(sq * (0.99 / sq.sum()) + 0.01 / size), d)

    def _backward(self, xs: list, ys: tuple, gys: tuple, params: list,
                  directions: tuple) -> float:
        pairs = [(y, gy) for y, gy in zip(ys, gys) if y is not None and gy is not None
                 and y.dtype.kind in 'fc']
        targets = [x for x in xs if x is not None and x.requires_grad] + params
        grads = [None] * len(targets)
        if pairs and targets:
            # Copies: a rule that writes into its output gradient must not
            # change the weights of the finite differences.
            grads = _grad([y for y, _ in pairs], targets,
                          grad_outputs=[gy.copy() for _, gy in pairs])
        by_var = dict(zip(map(id, targets), grads))
        checked = []
        for i, (x, no) in enumerate(zip(xs, self.no_gxs)):
            g = None if x is None else by_var.get(id(x))
            if no and g is not None:
                raise RuntimeError(
                    f'{self.what}: input {i} is not checked (no_grads, or not of a floating '
                    'dtype) but backward computed a gradient for it; the gradient of such '
                    'an input must be None')
            if not no:
                checked.append(g)
        checked += grads[len(grads) - len(params):] if params else []
        total = 0.0
        for g, d in zip(checked, directions):
            if g is not None:
                total += float(numpy.sum(_cpu64(g) * backends.CPU.send(d)))
        return total

    def _numerical(self, gys: tuple, directions: tuple, xp: Any) -> float:
        dt = None if self.dtype is None else numpy.dtype(self.dtype)
        fixed = [None if x is None else Variable(
            x.astype(dt) if dt is not None and no and x.dtype.kind == 'f' else x,
            requires_grad=False) for x, no in zip(self.xs, self.no_gxs)]
        base = [x for x, no in zip(self.xs, self.no_gxs) if not no]
        base += [p if self.immutable else p.array for p in self.params]
        base = [b if dt is None else b.astype(dt) for b in base]
        delta = xp.zeros((), numpy.float64)

        def perturbed(b: Any, d: Any) -> Any:
            return xp.asarray((b.astype(numpy.float64) + delta * d).astype(b.dtype))

        def g() -> tuple:
            moved = iter(perturbed(b, d) for b, d in zip(base, directions))
            args = [x if no else Variable(next(moved))
                    for x, no in zip(fixed, self.no_gxs)]
            ps = list(moved)
            saved = [] if self.immutable else [p.array for p in self.params]
            try:
                if not self.immutable:
                    for p, a in zip(self.params, ps):
                        p.array = a
                ys = self._call(args, ps)
            finally:
                for p, a in zip(self.params if not self.immutable else (), saved):
                    p.array = a
            return tuple(None if y is None else y.array for y in ys)

        gx, = numerical_grad(g, (delta,), gys, eps=self.eps,
                             detect_nondifferentiable=self.detect, diff_atol=0,
                             diff_rtol=self.rtol)
        return float(gx)


def _size(shape: tuple) -> int:
    return int(numpy.prod(shape, dtype=numpy.int64))


def _unpack(flat: Any, shapes: list) -> tuple:
    out, start = [], 0
    for s in shapes:
        out.append(flat[start:start + _size(s)].reshape(s))
        start += _size(s)
    return tuple(out)


def _check_outputs_and_grad_outputs(what: str, ys: tuple, gys: tuple) -> None:
    if len(ys) != len(gys):
        raise ValueError(f'{what}: func returned {len(ys)} outputs but y_grad has '
                         f'{len(gys)} entries; they must match.\n  outputs: '
                         f'{_format_props(ys)}\n  y_grad: {_format_props(gys)}')
    for y, gy in zip(ys, gys):
        if gy is None or y is None:
            continue
        if y.shape != gy.shape or y.dtype != gy.dtype:
            raise ValueError(f'{what}: the shapes and dtypes of the outputs and of y_grad '
                             f'differ.\n  outputs: {_format_props(ys)}\n  y_grad: '
                             f'{_format_props(gys)}')


def check_backward(func: Callable, x_data: Any, y_grad: Any, params: Any = (),
                   eps: float = 1e-3, atol: float = 1e-5, rtol: float = 1e-4,
                   no_grads: Optional[Sequence[bool]] = None, dtype: Any = None,
                   detect_nondifferentiable: bool = False) -> None:
    """Check ``func``'s gradients against finite differences; raise AssertionError if off.

    ``x_data``: an array or a tuple of arrays (the inputs; None stays None);
    ``y_grad``: the output gradient(s), or None for a loss (one output of shape
    ``()``). Inputs that are not checked (integer ones, and those flagged in
    ``no_grads``) are passed as Variables that do not require a gradient, and a
    gradient computed for one raises RuntimeError. ``params``: Variables used
    inside ``func`` whose gradients are checked as well. ``atol``/``rtol``
    bound the difference relative to the analytical directional derivative.

    >>> import numpy as np, tapejit.functions as F
    >>> from tapejit.gradient_check import check_backward
    >>> x = np.random.default_rng(0).standard_normal((3, 4))
    >>> check_backward(F.tanh, x, np.ones((3, 4)), dtype=np.float64)
    """
    _CheckBackward(func, x_data, y_grad, params, eps, atol, rtol, no_grads, dtype,
                   detect_nondifferentiable).run()


def _check_backward_with_params(func: Callable, x_data: Any, y_grad: Any, params: Any = (),
                                eps: float = 1e-3, atol: float = 1e-5, rtol: float = 1e-4,
                                no_grads: Optional[Sequence[bool]] = None, dtype: Any = None,
                                detect_nondifferentiable: bool = False) -> None:
    """:func:`check_backward` with ``params`` as arrays: ``func(xs, params)`` gets
    them as new Parameters on every call (Chainer's link tests use it)."""
    _CheckBackward(func, x_data, y_grad, params, eps, atol, rtol, no_grads, dtype,
                   detect_nondifferentiable, immutable_params=True).run()


def check_double_backward(func: Callable, x_data: Any, y_grad: Any, x_grad_grad: Any,
                          params: Any = (), params_grad_grad: Any = (), eps: float = 1e-3,
                          atol: float = 1e-4, rtol: float = 1e-3,
                          no_grads: Optional[Sequence[bool]] = None, dtype: Any = None,
                          detect_nondifferentiable: bool = False) -> None:
    """Check second derivatives: the backward of ``func``'s backward, by finite differences.

    The first-order gradients (of the inputs of a floating dtype, then of
    ``params``), as a function of the inputs and of ``y_grad``, are checked
    with :func:`check_backward`, ``x_grad_grad`` and ``params_grad_grad`` being
    their output gradients. A None entry of ``y_grad`` leaves that output out
    of the first backward, and a first-order gradient that is None (an input
    the outputs do not depend on) is left out of the second.
    ``no_grads`` covers the inputs, or the inputs and then ``y_grad``.

    >>> import numpy as np, tapejit.functions as F
    >>> from tapejit.gradient_check import check_double_backward
    >>> rng = np.random.default_rng(0)
    >>> x, gy, ggx = (rng.standard_normal(5) for _ in range(3))
    >>> check_double_backward(F.tanh, x, gy, ggx, dtype=np.float64)
    """
    xs = _as_tuple(x_data)
    gys = _as_tuple(y_grad)
    params = () if params is None else _as_tuple(params)
    n_x = len(xs)
    differentiated = [x is not None and x.dtype.kind == 'f' for x in xs]
    ggxs = _as_tuple(x_grad_grad)
    if len(ggxs) == n_x and sum(differentiated) != n_x:
        # One entry per input given: those of the inputs not differentiated go.
        ggxs = tuple(g for g, d in zip(ggxs, differentiated) if d)
    if no_grads is not None and len(no_grads) == n_x:
        no_grads = list(no_grads) + [g is None or g.dtype.kind != 'f' for g in gys]

    def first_order_grad(*inputs: Any) -> tuple:
        in_xs, in_gys = inputs[:n_x], inputs[n_x:]
        ys = _as_tuple(func(*in_xs))
        if len(ys) != len(in_gys):
            raise ValueError(f'check_double_backward: func returned {len(ys)} outputs but '
                             f'y_grad has {len(in_gys)} entries; they must match')
        # The finite differences may run in another dtype than an output's.
        from tapejit.functions.math import cast
        in_gys = [None if gy is None or y is None else
                  (gy if gy.dtype == y.dtype else cast(gy, y.dtype))
                  for y, gy in zip(ys, in_gys)]
        pairs = [(y, gy) for y, gy in zip(ys, in_gys) if y is not None and gy is not None]
        targets = [x for x, d in zip(in_xs, differentiated) if d] + list(params)
        if not pairs:
            return (None,) * len(targets)
        return tuple(_grad([y for y, _ in pairs], targets,
                           grad_outputs=[gy for _, gy in pairs],
                           enable_double_backprop=True))

    try:
        check_backward(first_order_grad, xs + gys, ggxs + _as_tuple(params_grad_grad),
                       params=params, eps=eps, atol=atol, rtol=rtol, no_grads=no_grads,
                       dtype=dtype, detect_nondifferentiable=detect_nondifferentiable)
    except AssertionError as e:
        raise AssertionError(f'check_double_backward failed (eps={eps} atol={atol} '
                             f'rtol={rtol}): {e}') from e
