"""RMSprop (Tieleman and Hinton) and Graves' variant with momentum."""

from __future__ import annotations

from typing import Any

from tapejit.optimizers import _arrays as A
from tapejit.optimizers.optimizer import (GradientMethod, HyperparameterProxy,
                                          UpdateRule)


class RMSpropRule(UpdateRule):
    """``ms = alpha ms + (1 - alpha) g^2; param -= lr g / (sqrt(ms) + eps)``
    (``eps_inside_sqrt``: ``sqrt(ms + eps)``).

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import RMSpropRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([2.0])
    >>> rule = RMSpropRule(lr=0.1, alpha=0.75, eps=0.0)
    >>> rule.update(p); p.array  # ms = 1: 1 - 0.1 * 2 / 1
    array([0.8])
    """

    _defaults = dict(lr=0.01, alpha=0.99, eps=1e-8, eps_inside_sqrt=False)

    def init_state(self, param: Any) -> None:
        d = param.array
        self.state['ms'] = A.zeros(d.shape, d.dtype, d)

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        if not A.is_traced(grad) and hp.eps != 0 and dt.type(hp.eps) == 0:
            raise ValueError(f'eps of RMSprop optimizer is too small for {dt.name} ({hp.eps})')
        ms = self.state['ms']
        ms *= A.as_dtype(hp.alpha, dt)
        ms += A.as_dtype(1 - hp.alpha, dt) * grad * grad
        self.state['ms'] = ms
        eps = A.as_dtype(hp.eps, dt)
        denom = A.sqrt(ms + eps) if hp.eps_inside_sqrt else A.sqrt(ms) + eps
        data = param.array
        data -= A.as_dtype(hp.lr, dt) * grad / denom
        param.array = data


class RMSprop(GradientMethod):
    """RMSprop(lr=0.01, alpha=0.99, eps=1e-08, eps_inside_sqrt=False): divide each
    gradient by the root of its running mean square.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.RMSprop(lr=0.1, alpha=0.75, eps=0.0).setup(model)
    >>> model.w.grad = np.array([2.0]); opt.update(); model.w.array
    array([0.8])
    """

    lr = HyperparameterProxy('lr')
    alpha = HyperparameterProxy('alpha')
    eps = HyperparameterProxy('eps')
    eps_inside_sqrt = HyperparameterProxy('eps_inside_sqrt')

    def __init__(self, lr: float = 0.01, alpha: float = 0.99, eps: float = 1e-8,
                 eps_inside_sqrt: bool = False) -> None:
        super().__init__()
        hp = self.hyperparam
        hp.lr, hp.alpha, hp.eps, hp.eps_inside_sqrt = lr, alpha, eps, eps_inside_sqrt

    def create_update_rule(self) -> RMSpropRule:
        return RMSpropRule(self.hyperparam)


class RMSpropGravesRule(UpdateRule):
    """Graves' RMSprop: ``n``, ``g`` running means of ``grad^2`` and ``grad``;
    ``delta = momentum delta - lr grad / sqrt(n - g^2 + eps); param += delta``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import RMSpropGravesRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([2.0])
    >>> rule = RMSpropGravesRule(lr=0.1, alpha=0.5, momentum=0.9, eps=0.0)
    >>> rule.update(p); p.array  # n = 2, g = 1: 1 - 0.1 * 2 / 1
    array([0.8])
    """

    _defaults = dict(lr=1e-4, alpha=0.95, momentum=0.9, eps=1e-4)

    def init_state(self, param: Any) -> None:
        d = param.array
        for key in ('n', 'g', 'delta'):
            self.state[key] = A.zeros(d.shape, d.dtype, d)

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        alpha = A.as_dtype(hp.alpha, dt)
        rest = A.as_dtype(1 - hp.alpha, dt)
        n, g, delta = self.state['n'], self.state['g'], self.state['delta']
        n *= alpha
        n += rest * grad * grad
        g *= alpha
        g += rest * grad
        delta *= A.as_dtype(hp.momentum, dt)
        delta -= A.as_dtype(hp.lr, dt) * grad / A.sqrt(n - g * g + A.as_dtype(hp.eps, dt))
        self.state['n'], self.state['g'], self.state['delta'] = n, g, delta
        data = param.array
        data += delta
        param.array = data


class RMSpropGraves(GradientMethod):
    """RMSpropGraves(lr=1e-4, alpha=0.95, momentum=0.9, eps=1e-4): Graves' RMSprop
    (centred, with momentum).

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.RMSpropGraves(lr=0.1, alpha=0.5, eps=0.0).setup(model)
    >>> model.w.grad = np.array([2.0]); opt.update(); model.w.array
    array([0.8])
    """

    lr = HyperparameterProxy('lr')
    alpha = HyperparameterProxy('alpha')
    momentum = HyperparameterProxy('momentum')
    eps = HyperparameterProxy('eps')

    def __init__(self, lr: float = 1e-4, alpha: float = 0.95, momentum: float = 0.9,
                 eps: float = 1e-4) -> None:
        super().__init__()
        hp = self.hyperparam
        hp.lr, hp.alpha, hp.momentum, hp.eps = lr, alpha, momentum, eps

    def create_update_rule(self) -> RMSpropGravesRule:
        return RMSpropGravesRule(self.hyperparam)
