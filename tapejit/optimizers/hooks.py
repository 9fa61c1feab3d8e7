"""Optimizer hooks (Chainer's ``chainer.optimizer_hooks``): gradient transforms
run before each update.  Their settings (``rate``, ``threshold``) are read on
every call of a compiled step, like hyperparameters."""

from __future__ import annotations

from typing import Any


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
