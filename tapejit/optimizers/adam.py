"""Adam (Kingma and Ba), with the AMSGrad, AdaBound and decoupled weight decay (AdamW)
options, and Chainer's classes for them (AdamW, AMSGrad, AdaBound, AMSBound)."""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy

from tapejit.optimizers import _arrays as A
from tapejit.optimizers.optimizer import (GradientMethod, Hyperparameter,
                                          HyperparameterProxy, UpdateRule,
                                          _intermediate_dtype)


def _learning_rate(hp: Hyperparameter, t: Any) -> Any:
    """``alpha * sqrt(1 - beta2**t) / (1 - beta1**t)``: the bias-corrected step size."""
    if A.is_traced(t):
        tf = t.astype(numpy.float64)
        fix1 = 1.0 - hp.beta1 ** tf
        fix2 = 1.0 - hp.beta2 ** tf
        return hp.alpha * A.sqrt(fix2) / fix1
    if t == 0:
        raise RuntimeError("Can't determine the learning rate of Adam optimizer because "
                           'the update steps have not been started.')
    fix1 = 1.0 - math.pow(hp.beta1, t)
    fix2 = 1.0 - math.pow(hp.beta2, t)
    return hp.alpha * math.sqrt(fix2) / fix1


def _bounds(hp: Hyperparameter, t: Any, initial_alpha: float) -> tuple:
    """AdaBound's ``(lower, upper)`` clip of the step size at step ``t``."""
    if not A.is_traced(t) and t == 0:
        raise RuntimeError("Can't determine the bounds of AdaBound optimizer because the "
                           'update steps have not been started.')
    tf = t.astype(numpy.float64) if A.is_traced(t) else float(t)
    # final_lr follows later changes of alpha (a schedule), as in Chainer.
    if initial_alpha == 0:
        raise ValueError('AdaBound: the initial alpha is 0, so final_lr cannot follow '
                         'changes of alpha; start from a positive alpha')
    final_lr = hp.final_lr * hp.alpha / initial_alpha
    lower = final_lr * (1.0 - 1.0 / (hp.gamma * tf + 1))
    upper = final_lr * (1.0 + 1.0 / (hp.gamma * tf))
    return lower, upper


class AdamRule(UpdateRule):
    """The Adam update of one parameter (state ``m``, ``v``, and ``vhat`` for AMSGrad).

    Made by :class:`Adam`, whose hyperparameters it reads (or overrides).

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.Adam().setup(model)
    >>> rule = model.w.update_rule
    >>> rule.hyperparam.alpha = 0.5  # this parameter only
    >>> model.w.grad = np.array([3.0]); opt.update()
    >>> model.w.array.round(6), sorted(rule.state)
    (array([0.5]), ['m', 'v'])
    """

    _defaults = dict(alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0,
                     weight_decay_rate=0, amsgrad=False, adabound=False, final_lr=0.1,
                     gamma=1e-3)

    def __init__(self, parent_hyperparam: Optional[Hyperparameter] = None,
                 **hyperparams: Any) -> None:
        super().__init__(parent_hyperparam, **hyperparams)
        self.initial_alpha = self.hyperparam.alpha

    @property
    def bounds(self) -> tuple:
        """AdaBound's ``(lower, upper)`` bounds of the step size at this rule's step."""
        return _bounds(self.hyperparam, self.t, self.initial_alpha)

    def init_state(self, param: Any) -> None:
        d = param.array
        dt = _intermediate_dtype(d.dtype)
        self.state['m'] = A.zeros(d.shape, dt, d)
        self.state['v'] = A.zeros(d.shape, dt, d)
        if self.hyperparam.amsgrad:
            self.state['vhat'] = A.zeros(d.shape, dt, d)

    def _check_eps(self, dtype: Any) -> None:
        eps = self.hyperparam.eps
        if eps != 0 and dtype.type(eps) == 0:
            raise ValueError(f'eps of Adam optimizer is too small for {dtype.name} update '
                             f'({eps})')

    @property
    def alpha_t(self) -> Any:
        """The bias-corrected step size at this rule's step ``t``."""
        return _learning_rate(self.hyperparam, self.t)

    @property
    def lr(self) -> Any:
        """Same as :attr:`alpha_t`."""
        return self.alpha_t

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = _intermediate_dtype(param.array.dtype)
        if not A.is_traced(grad):
            self._check_eps(dt)
        grad = grad.astype(dt, copy=False)
        m = self.state['m']
        m += A.as_dtype(1 - hp.beta1, dt) * (grad - m)
        self.state['m'] = m
        v = self.state['v']
        v += A.as_dtype(1 - hp.beta2, dt) * (grad * grad - v)
        self.state['v'] = v
        if hp.amsgrad:
            vhat = A.maximum(self.state['vhat'], v)
            self.state['vhat'] = vhat
        else:
            vhat = v
        step = A.as_dtype(self.alpha_t, dt) / (A.sqrt(vhat) + A.as_dtype(hp.eps, dt))
        if hp.adabound:
            lower, upper = self.bounds
            step = A.minimum(A.maximum(step, A.as_dtype(lower, dt)), A.as_dtype(upper, dt))
        data = param.array
        wd = hp.weight_decay_rate
        upd = step * m + A.as_dtype(wd, dt) * data.astype(dt, copy=False)
        upd = A.as_dtype(hp.eta, dt) * upd
        data -= upd.astype(data.dtype, copy=False)
        param.array = data


class Adam(GradientMethod):
    """Adam(alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-08, eta=1.0,
    weight_decay_rate=0, amsgrad=False, adabound=False, final_lr=0.1, gamma=1e-3)

    ``m += (1 - beta1) (g - m)``, ``v += (1 - beta2) (g^2 - v)``,
    ``param -= eta (lr m / (sqrt(v) + eps) + weight_decay_rate param)`` with
    the bias-corrected ``lr = alpha sqrt(1 - beta2^t) / (1 - beta1^t)``
    (:attr:`lr`).  ``amsgrad=True`` uses the running maximum of ``v``;
    ``adabound=True`` clips the step size ``lr / (sqrt(v) + eps)`` to
    ``final_lr (1 -+ 1 / (gamma t + 1))``-shaped bounds that close on ``final_lr``
    (scaled by ``alpha / initial alpha``).
    float16 parameters keep float32 moments.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0, 1.0]))
    >>> opt = optimizers.Adam(alpha=0.1).setup(model)
    >>> model.w.grad = np.array([0.5, -2.0]); opt.update()
    >>> model.w.array.round(6)  # the first step moves each element by about alpha
    array([0.9, 1.1])
    >>> round(opt.lr, 6), opt.t
    (0.031623, 1)
    """

    alpha = HyperparameterProxy('alpha')
    beta1 = HyperparameterProxy('beta1')
    beta2 = HyperparameterProxy('beta2')
    eps = HyperparameterProxy('eps')
    eta = HyperparameterProxy('eta')
    weight_decay_rate = HyperparameterProxy('weight_decay_rate')
    amsgrad = HyperparameterProxy('amsgrad')
    adabound = HyperparameterProxy('adabound')
    final_lr = HyperparameterProxy('final_lr')
    gamma = HyperparameterProxy('gamma')

    def __init__(self, alpha: float = 0.001, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-08, eta: float = 1.0, weight_decay_rate: float = 0,
                 amsgrad: bool = False, adabound: bool = False, final_lr: float = 0.1,
                 gamma: float = 1e-3) -> None:
        super().__init__()
        hp = self.hyperparam
        hp.alpha, hp.beta1, hp.beta2, hp.eps = alpha, beta1, beta2, eps
        hp.eta, hp.weight_decay_rate, hp.amsgrad = eta, weight_decay_rate, amsgrad
        hp.adabound, hp.final_lr, hp.gamma = adabound, final_lr, gamma

    def create_update_rule(self) -> AdamRule:
        return AdamRule(self.hyperparam)

    @property
    def alpha_t(self) -> Any:
        """The bias-corrected step size at the optimizer's step ``t``."""
        return _learning_rate(self.hyperparam, self.t)

    @property
    def lr(self) -> Any:
        """Same as :attr:`alpha_t` (Chainer's ``Adam.lr``); set ``alpha`` to change it."""
        return self.alpha_t


class AdamW(Adam):
    """Adam with decoupled weight decay: ``Adam(..., weight_decay_rate=...)``.

    >>> from tapejit import optimizers
    >>> optimizers.AdamW(weight_decay_rate=0.01).weight_decay_rate
    0.01
    """

    def __init__(self, alpha: float = 0.001, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-08, eta: float = 1.0, weight_decay_rate: float = 0) -> None:
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         weight_decay_rate=weight_decay_rate)


class AMSGrad(Adam):
    """Adam with the running maximum of ``v``: ``Adam(..., amsgrad=True)``.

    >>> from tapejit import optimizers
    >>> optimizers.AMSGrad().amsgrad
    True
    """

    def __init__(self, alpha: float = 0.001, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-08, eta: float = 1.0) -> None:
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=True)


class AdaBound(Adam):
    """Adam whose step size is clipped to bounds closing on ``final_lr``:
    ``Adam(..., adabound=True)``.

    >>> from tapejit import optimizers
    >>> opt = optimizers.AdaBound(final_lr=0.2)
    >>> opt.adabound, opt.amsgrad, opt.final_lr
    (True, False, 0.2)
    """

    def __init__(self, alpha: float = 0.001, beta1: float = 0.9, beta2: float = 0.999,
                 final_lr: float = 0.1, gamma: float = 1e-3, eps: float = 1e-08,
                 eta: float = 1.0) -> None:
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=False, adabound=True, final_lr=final_lr, gamma=gamma)


class AMSBound(Adam):
    """AdaBound with AMSGrad's running maximum: ``Adam(..., amsgrad=True, adabound=True)``.

    >>> from tapejit import optimizers
    >>> opt = optimizers.AMSBound()
    >>> opt.adabound, opt.amsgrad
    (True, True)
    """

    def __init__(self, alpha: float = 0.001, beta1: float = 0.9, beta2: float = 0.999,
                 final_lr: float = 0.1, gamma: float = 1e-3, eps: float = 1e-08,
                 eta: float = 1.0) -> None:
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=True, adabound=True, final_lr=final_lr, gamma=gamma)
