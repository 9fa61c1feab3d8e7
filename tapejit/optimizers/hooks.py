"""Optimizer hooks (Chainer's ``chainer.optimizer_hooks``): gradient transforms
run before each update.  Their settings (``rate``, ``threshold``) are read on
every call of a compiled step, like hyperparameters."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.optimizers import _arrays as A


class WeightDecay:
    """Add ``rate * param`` to each gradient (L2 regularization).

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers, optimizer_hooks
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([2.0]))
    >>> opt = optimizers.SGD(lr=1.0).setup(model)
    >>> opt.add_hook(optimizer_hooks.WeightDecay(0.25))
    >>> model.w.grad = np.array([0.0]); opt.update(); model.w.array
    array([1.5])
    """

    name = 'WeightDecay'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate: float) -> None:
        self.rate = rate

    def __call__(self, rule: Any, param: Any) -> None:
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        rate = A.dynamic_attr(self, 'rate', 'WeightDecay.rate')
        if param._loss_scale is not None:
            # The gradient is still scaled: scale the decay term alike.
            rate = rate * param._loss_scale
        g += A.as_dtype(rate, g.dtype) * p
        param.grad = g


class GradientClipping:
    """Rescale all gradients together so that their L2 norm is at most ``threshold``.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers, optimizer_hooks
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([0.0, 0.0]))
    >>> opt = optimizers.SGD(lr=1.0).setup(model)
    >>> opt.add_hook(optimizer_hooks.GradientClipping(1.0))
    >>> model.w.grad = np.array([3.0, 4.0]); opt.update(); model.w.array
    array([-0.6, -0.8])
    """

    name = 'GradientClipping'
    timing = 'pre'

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold

    def __call__(self, opt: Any) -> None:
        params = [p for p in opt.target.params(False) if p.grad is not None]
        if not params:
            return
        sq = None
        for p in params:
            g = p.grad
            s = A.total(g * g)
            sq = s if sq is None else sq + s
        norm = A.sqrt(sq)
        threshold = A.dynamic_attr(self, 'threshold', 'GradientClipping.threshold')
        rate = threshold / norm
        if not A.is_traced(rate):
            if rate >= 1:
                return  # nothing to clip (a compiled step multiplies by 1 instead)
        else:
            rate = A.minimum(rate, rate.dtype.type(1.0))
        for p in params:
            g = p.grad
            g *= A.as_dtype(rate, g.dtype)
            p.grad = g


def _sign(p: Any) -> Any:
    from tapejit.functions.math import sign
    return sign(p).array


class Lasso:
    """Add ``rate * sign(param)`` to each gradient (L1 regularization).

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers, optimizer_hooks
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([2.0, -3.0]))
    >>> opt = optimizers.SGD(lr=1.0).setup(model)
    >>> opt.add_hook(optimizer_hooks.Lasso(0.5))
    >>> model.w.grad = np.array([0.0, 0.0]); opt.update(); model.w.array
    array([ 1.5, -2.5])
    """

    name = 'Lasso'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate: float) -> None:
        self.rate = rate

    def __call__(self, rule: Any, param: Any) -> None:
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        rate = A.dynamic_attr(self, 'rate', 'Lasso.rate')
        if param._loss_scale is not None:
            rate = rate * param._loss_scale
        g += A.as_dtype(rate, g.dtype) * _sign(p).astype(g.dtype)
        param.grad = g


class GradientHardClipping:
    """Clip each gradient element into ``[lower_bound, upper_bound]``.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers, optimizer_hooks
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([0.0, 0.0, 0.0]))
    >>> opt = optimizers.SGD(lr=1.0).setup(model)
    >>> opt.add_hook(optimizer_hooks.GradientHardClipping(-0.5, 1.0))
    >>> model.w.grad = np.array([-2.0, 0.25, 3.0]); opt.update(); model.w.array
    array([ 0.5 , -0.25, -1.  ])
    """

    name = 'GradientHardClipping'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, lower_bound: float, upper_bound: float) -> None:
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def __call__(self, rule: Any, param: Any) -> None:
        g = param.grad
        if g is None:
            return
        lower = A.dynamic_attr(self, 'lower_bound', 'GradientHardClipping.lower_bound')
        upper = A.dynamic_attr(self, 'upper_bound', 'GradientHardClipping.upper_bound')
        if param._loss_scale is not None:
            # The gradient is still scaled: scale the bounds alike.
            lower = lower * param._loss_scale
            upper = upper * param._loss_scale
        clipped = A.minimum(A.maximum(g, A.as_dtype(lower, g.dtype)), A.as_dtype(upper, g.dtype))
        if A.is_traced(g):
            A.assign(g, clipped)
        else:
            g[...] = clipped
        param.grad = g


def exponential_decay_noise(xp: Any, shape: tuple, dtype: Any, hook: 'GradientNoise',
                            opt: Any) -> Any:
    """Gaussian noise of standard deviation ``sqrt(eta / (1 + t) ** 0.55)``
    (Neelakantan et al.), ``t`` the update rule's step.

    >>> import numpy as np
    >>> from types import SimpleNamespace as NS
    >>> from tapejit.optimizers.hooks import exponential_decay_noise
    >>> np.random.seed(0)
    >>> n = exponential_decay_noise(np, (10000,), np.float32, NS(eta=0.25), NS(t=0))
    >>> n.dtype, round(float(n.std()), 1)
    (dtype('float32'), 0.5)
    """
    std = numpy.sqrt(hook.eta / numpy.power(1 + opt.t, 0.55))
    return xp.random.normal(0, std, shape).astype(dtype)


class GradientNoise:
    """Add noise ``noise_func(xp, shape, dtype, hook, rule)`` to each gradient
    (default: :func:`exponential_decay_noise`).

    The noise is drawn on the host at every step, so this hook runs eagerly
    only: inside ``@tapejit.jit`` it raises (the noise of the trace would be
    frozen into the plan); train with ``StandardUpdater(..., eager=True)``.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers, optimizer_hooks
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([0.0]))
    >>> opt = optimizers.SGD(lr=1.0).setup(model)
    >>> opt.add_hook(optimizer_hooks.GradientNoise(
    ...     0.1, noise_func=lambda xp, shape, dtype, hook, rule: xp.full(shape, 0.5, dtype)))
    >>> model.w.grad = np.array([1.0]); opt.update(); model.w.array
    array([-1.5])
    """

    name = 'GradientNoise'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, eta: float, noise_func: Any = exponential_decay_noise) -> None:
        self.eta = eta
        self.noise_func = noise_func

    def __call__(self, rule: Any, param: Any) -> None:
        g = param.grad
        if g is None:
            return
        if A.is_traced(g):
            from tapejit.core.abstract import TraceError
            raise TraceError('GradientNoise draws its noise on the host at every step and '
                             'cannot run inside @tapejit.jit (the noise would be frozen into '
                             'the plan); update eagerly (StandardUpdater(..., eager=True))')
        xp = backends.get_array_module(g)
        g += self.noise_func(xp, g.shape, g.dtype, self, rule)
        param.grad = g
