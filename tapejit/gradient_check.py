"""Finite-difference checks of backward and double-backward rules (Chainer's API).

``check_backward`` compares the analytical gradient with a central difference
along a random direction (two evaluations of the function, whatever the input
size), as Chainer does; ``dtype=numpy.float64`` runs the finite differences in
double precision.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.backprop import grad as _grad
from tapejit.core.variable import Variable


class NondifferentiableError(Exception):
    """The function looks non-differentiable at the point checked."""


def _as_tuple(x: Any) -> tuple:
    if x is None:
        return ()
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def numerical_grad(f: Callable[[], Any], inputs: Sequence[Any], grad_outputs: Sequence[Any],
                   eps: float = 1e-3, detect_nondifferentiable: bool = False,
                   diff_atol: float = 0, diff_rtol: float = 1e-2,
                   center_outputs: Any = None) -> tuple:
    """Central-difference gradient of ``f`` w.r.t. each array in ``inputs``.

    ``f()`` reads the arrays in ``inputs`` (which are perturbed in place and
    restored) and returns a tuple of output arrays; ``grad_outputs`` weighs them.

    >>> import numpy as np
    >>> from tapejit.gradient_check import numerical_grad
    >>> x = np.array([1.0, 2.0])
    >>> gx, = numerical_grad(lambda: (x * x,), (x,), (np.ones(2),))
    >>> np.round(gx, 6)
    array([2., 4.])
    """
    if eps <= 0:
        raise ValueError(f'numerical_grad: eps must be positive, got {eps}')
    inputs = tuple(inputs)
    grad_outputs = tuple(grad_outputs)

    def weighted() -> float:
        ys = _as_tuple(f())
        total = 0.0
        for y, gy in zip(ys, grad_outputs):
            if gy is None or y is None:
                continue
            y = backends.CPU.send(getattr(y, 'array', y))
            total += float(numpy.sum(numpy.asarray(y, numpy.float64)
                                     * backends.CPU.send(gy).astype(numpy.float64)))
        return total

    grads = []
    for x in inputs:
        if x is None or x.dtype.kind not in 'fc':
            grads.append(None)
            continue
        xp = backends.get_array_module(x)
        gx = xp.zeros(x.shape, dtype=numpy.float64)
        for i in numpy.ndindex(*x.shape):
            orig = x[i].item()
            vals = []
            for d in ((-2 * eps, -eps, eps, 2 * eps) if detect_nondifferentiable
                      else (-eps, eps)):
                x[i] = orig + d
                vals.append(weighted())
            x[i] = orig
            if detect_nondifferentiable:
                left = (vals[1] - vals[0]) / eps
                right = (vals[3] - vals[2]) / eps
                if abs(left - right) > diff_atol + diff_rtol * max(abs(left), abs(right)):
                    raise NondifferentiableError(
                        f'numerical_grad: one-sided slopes {left} and {right} differ at '
                        f'element {i}: the function looks non-differentiable there')
                gx[i] = (vals[2] - vals[1]) / (2 * eps)
            else:
                gx[i] = (vals[1] - vals[0]) / (2 * eps)
        grads.append(gx.astype(x.dtype))
    return tuple(grads)


def _directional_check(func: Callable, xs: tuple, y_grad: tuple, params: tuple,
                       eps: float, atol: float, rtol: float, no_grads: Sequence[bool],
                       dtype: Any, detect_nondifferentiable: bool, what: str) -> None:
    x_vars = [Variable(x, requires_grad=not ng) for x, ng in zip(xs, no_grads)]
    ys = _as_tuple(func(*x_vars))
    if not ys:
        raise ValueError(f'{what}: func returned no outputs')
    if y_grad is None or len(y_grad) == 0:
        if any(y.size != 1 for y in ys):
            raise ValueError(f'{what}: y_grad is None but func returned outputs of shapes '
                             f'{[y.shape for y in ys]}; pass y_grad for non-scalar outputs')
        y_grad = tuple(backends.get_array_module(y.array).ones_like(y.array) for y in ys)
    if len(y_grad) != len(ys):
        raise ValueError(f'{what}: func returned {len(ys)} outputs but y_grad has '
                         f'{len(y_grad)} entries')
    targets = [v for v, ng in zip(x_vars, no_grads) if not ng] + list(params)
    if not targets:
        return
    pairs = [(y, gy) for y, gy in zip(ys, y_grad) if gy is not None
             and y.dtype.kind in 'fc']
    gxs = _grad([y for y, _ in pairs], targets, grad_outputs=[gy for _, gy in pairs])

    rng = numpy.random.default_rng(0)
    arrays = [v.array for v in targets]
    dirs = [rng.standard_normal(a.shape) for a in arrays]
    norm = numpy.sqrt(sum(float(numpy.sum(d * d)) for d in dirs)) or 1.0
    dirs = [d / norm for d in dirs]
    analytical = 0.0
    for g, d in zip(gxs, dirs):
        if g is not None:
            analytical += float(numpy.sum(backends.CPU.send(g.array).astype(numpy.float64)
                                          * d))

    num_dtype = numpy.dtype(dtype) if dtype is not None else None
    base = [a.astype(num_dtype) if num_dtype is not None else a.copy() for a in arrays]
    weights = [None if gy is None else backends.CPU.send(gy).astype(numpy.float64)
               for gy in y_grad]

    def evaluate(step: float) -> float:
        xp = backends.get_array_module(*arrays)
        k = 0
        args = []
        for x, ng in zip(xs, no_grads):
            if ng:
                # Float inputs that are not checked still follow `dtype`, so that
                # the function sees one dtype throughout.
                cast = num_dtype is not None and x.dtype.kind == 'f'
                args.append(x.astype(num_dtype) if cast else x)
            else:
                step_k = xp.asarray(dirs[k] * step, base[k].dtype)
                args.append(Variable(xp.asarray(base[k] + step_k)))
                k += 1
        saved = [p.array for p in params]
        try:
            for p, b, d in zip(params, base[k:], dirs[k:]):
                p.array = xp.asarray(b + xp.asarray(d * step, b.dtype))
            # Backprop mode stays on: the double-backward check evaluates a
            # function that itself calls grad().
            outs = _as_tuple(func(*args))
        finally:
            for p, s in zip(params, saved):
                p.array = s
        total = 0.0
        for y, w in zip(outs, weights):
            if w is not None:
                total += float(numpy.sum(backends.CPU.send(y.array).astype(numpy.float64)
                                         * w))
        return total

    if detect_nondifferentiable:
        vals = [evaluate(s) for s in (-2 * eps, -eps, eps, 2 * eps)]
        left, right = (vals[1] - vals[0]) / eps, (vals[3] - vals[2]) / eps
        if abs(left - right) > atol + rtol * max(abs(left), abs(right)):
            raise NondifferentiableError(
                f'{what}: one-sided directional slopes {left} and {right} differ: the '
                'function looks non-differentiable at this point')
        numerical = (vals[2] - vals[1]) / (2 * eps)
    else:
        numerical = (evaluate(eps) - evaluate(-eps)) / (2 * eps)
    if not abs(numerical - analytical) <= atol + rtol * abs(numerical):
        raise AssertionError(
            f'{what}: the analytical gradient does not match finite differences.\n'
            f'  directional derivative, numerical:  {numerical!r}\n'
            f'  directional derivative, analytical: {analytical!r}\n'
            f'  |difference| = {abs(numerical - analytical)!r} > atol + rtol * |numerical|'
            f' = {atol + rtol * abs(numerical)!r}\n'
            f'  input shapes: {[a.shape for a in arrays]}, dtypes: '
            f'{[str(a.dtype) for a in arrays]}, eps={eps}')


def check_backward(func: Callable, x_data: Any, y_grad: Any, params: Sequence[Variable] = (),
                   eps: float = 1e-3, atol: float = 1e-5, rtol: float = 1e-4,
                   no_grads: Optional[Sequence[bool]] = None, dtype: Any = None,
                   detect_nondifferentiable: bool = False) -> None:
    """Check ``func``'s gradients against finite differences; raise AssertionError if off.

    ``x_data``: an array or a tuple of arrays (the inputs); ``y_grad``: the output
    gradient(s), or None for a one-element output. Integer inputs (and those
    flagged in ``no_grads``) are not checked. ``params``: Variables used inside
    ``func`` whose gradients are checked as well.

    >>> import numpy as np, tapejit.functions as F
    >>> from tapejit.gradient_check import check_backward
    >>> x = np.random.default_rng(0).standard_normal((3, 4))
    >>> check_backward(F.tanh, x, np.ones((3, 4)), dtype=np.float64)
    """
    xs = _as_tuple(x_data)
    if no_grads is None:
        no_grads = [x.dtype.kind not in 'fc' for x in xs]
    elif len(no_grads) != len(xs):
        raise ValueError(f'check_backward: no_grads has {len(no_grads)} entries but there '
                         f'are {len(xs)} inputs')
    _directional_check(func, xs, _as_tuple(y_grad) if y_grad is not None else None,
                       tuple(params), eps, atol, rtol, no_grads, dtype,
                       detect_nondifferentiable, 'check_backward')


def check_double_backward(func: Callable, x_data: Any, y_grad: Any, x_grad_grad: Any,
                          params: Sequence[Variable] = (),
                          params_grad_grad: Sequence[Any] = (), eps: float = 1e-3,
                          atol: float = 1e-4, rtol: float = 1e-3,
                          no_grads: Optional[Sequence[bool]] = None, dtype: Any = None,
                          detect_nondifferentiable: bool = False) -> None:
    """Check second derivatives: the backward of ``func``'s backward, by finite differences.

    The first-order gradient, as a function of the inputs and of ``y_grad``, is
    differentiated with ``x_grad_grad`` as its output gradient.

    >>> import numpy as np, tapejit.functions as F
    >>> from tapejit.gradient_check import check_double_backward
    >>> rng = np.random.default_rng(0)
    >>> x, gy, ggx = (rng.standard_normal(5) for _ in range(3))
    >>> check_double_backward(F.tanh, x, gy, ggx, dtype=np.float64)
    """
    xs = _as_tuple(x_data)
    if no_grads is None:
        no_grads = [x.dtype.kind not in 'fc' for x in xs]
    all_gys = _as_tuple(y_grad)
    # A None output gradient leaves that output out of the first backward (as
    # Chainer's check does), so it is no input of the function checked here.
    gys = tuple(g for g in all_gys if g is not None)
    n_x, n_p = len(xs), len(params)
    if params and len(params_grad_grad) != n_p:
        raise ValueError('check_double_backward: params_grad_grad needs one entry per param')

    def first_order(*args: Variable) -> tuple:
        in_vars, gy_vars = args[:n_x], iter(args[n_x:])
        ys = _as_tuple(func(*in_vars))
        if len(ys) != len(all_gys):
            raise ValueError(f'check_double_backward: func returned {len(ys)} outputs but '
                             f'y_grad has {len(all_gys)} entries')
        pairs = [(y, next(gy_vars)) for y, g in zip(ys, all_gys) if g is not None]
        targets = [v for v, ng in zip(in_vars, no_grads) if not ng] + list(params)
        gs = _grad([y for y, _ in pairs], targets, grad_outputs=[gy for _, gy in pairs],
                   enable_double_backprop=True)
        return tuple(g if g is not None else Variable(numpy.zeros(t.shape, t.dtype))
                     for g, t in zip(gs, targets))

    ggs = tuple(g for g, ng in zip(_as_tuple(x_grad_grad), no_grads) if not ng) \
        if len(_as_tuple(x_grad_grad)) == n_x else _as_tuple(x_grad_grad)
    ggs = ggs + tuple(params_grad_grad)
    _directional_check(first_order, xs + gys, ggs, tuple(params), eps, atol, rtol,
                       list(no_grads) + [False] * len(gys), dtype,
                       detect_nondifferentiable, 'check_double_backward')
