"""M-SVAG: Adam's moments with a variance-adapted factor (Balles and Hennig,
"Dissecting Adam: The Sign, Magnitude and Variance of Stochastic Gradients")."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.optimizers import _arrays as A
from tapejit.optimizers.optimizer import (GradientMethod, Hyperparameter,
                                          HyperparameterProxy, UpdateRule, _intermediate_dtype)


class MSVAGRule(UpdateRule):
    """The update of one parameter by :class:`MSVAG`.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import MSVAGRule
    >>> p = tapejit.Parameter(np.array([1.0, 1.0])); p.grad = np.array([0.5, -2.0])
    >>> MSVAGRule(lr=0.1).update(p); p.array
    array([0.95, 1.2 ])
    """

    _defaults = dict(lr=0.1, beta=0.9, eta=1.0, weight_decay_rate=0)

    def __init__(self, parent_hyperparam: Optional[Hyperparameter] = None,
                 lr: Optional[float] = None, beta: Optional[float] = None,
                 eta: Optional[float] = None, weight_decay_rate: Optional[float] = None) -> None:
        super().__init__(parent_hyperparam, lr=lr, beta=beta, eta=eta,
                         weight_decay_rate=weight_decay_rate)

    @property
    def beta_power(self) -> Any:
        """``beta ** t`` at this rule's step (Chainer keeps it as a running product)."""
        t = self.t
        if A.is_traced(t):
            return self.hyperparam.beta ** t.astype(numpy.float64)
        return self.hyperparam.beta ** max(int(t), 1)

    def init_state(self, param: Any) -> None:
        d = param.array
        dt = _intermediate_dtype(d.dtype)
        self.state['m'] = A.zeros(d.shape, dt, d)
        self.state['v'] = A.zeros(d.shape, dt, d)

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = _intermediate_dtype(param.array.dtype)
        grad = grad.astype(dt, copy=False)
        bp = self.beta_power
        rho = ((1.0 - hp.beta) ** 2) * (1.0 - bp ** 2) / (((1.0 - bp) ** 2)
                                                          * (1.0 - hp.beta ** 2))
        rho = A.minimum(rho, 0.9999) if A.is_traced(rho) else min(rho, 0.9999)
        rho = A.as_dtype(rho, dt)
        one_minus_beta = A.as_dtype(1.0 - hp.beta, dt)
        m = self.state['m']
        m += one_minus_beta * (grad - m)
        self.state['m'] = m
        v = self.state['v']
        v += one_minus_beta * (grad * grad - v)
        self.state['v'] = v
        fix = A.as_dtype(1.0 - bp, dt)
        mt = m / fix
        mt2 = mt * mt
        s = (v / fix - mt2) / (1.0 - rho)
        denom = mt2 + rho * s
        # 0/0 where the moments are still zero: no step there (Chainer's NaN -> 0).
        if A.is_traced(denom):
            zero = denom == 0
            factor = A.where(zero, A.as_dtype(0.0, dt), mt2 / A.where(zero, 1.0, denom))
        else:
            xp = backends.get_array_module(denom)
            with numpy.errstate(divide='ignore', invalid='ignore'):
                factor = xp.nan_to_num(xp.asarray(mt2 / denom), nan=0.0)
        factor = A.minimum(A.maximum(factor, A.as_dtype(0.0, dt)), A.as_dtype(1.0, dt))
        data = param.array
        upd = A.as_dtype(hp.lr, dt) * mt * factor + A.as_dtype(
            hp.weight_decay_rate, dt) * data.astype(dt, copy=False)
        data -= (A.as_dtype(hp.eta, dt) * upd).astype(data.dtype, copy=False)
        param.array = data


class MSVAG(GradientMethod):
    """MSVAG(lr=0.1, beta=0.9, eta=1.0, weight_decay_rate=0)

    M-SVAG: the bias-corrected first moment ``m`` scaled elementwise by
    ``m^2 / (m^2 + rho s)``, clipped to [0, 1], where ``s`` estimates the
    gradient's variance; ``eta`` scales the step and ``weight_decay_rate`` is
    decoupled weight decay, as in AdamW.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.MSVAG(lr=0.5).setup(model)
    >>> model.w.grad = np.array([1.0]); opt.update(); model.w.array
    array([0.5])
    """

    lr = HyperparameterProxy('lr')
    beta = HyperparameterProxy('beta')
    eta = HyperparameterProxy('eta')
    weight_decay_rate = HyperparameterProxy('weight_decay_rate')

    def __init__(self, lr: float = 0.1, beta: float = 0.9, eta: float = 1.0,
                 weight_decay_rate: float = 0) -> None:
        super().__init__()
        hp = self.hyperparam
        hp.lr, hp.beta, hp.eta, hp.weight_decay_rate = lr, beta, eta, weight_decay_rate

    def create_update_rule(self) -> MSVAGRule:
        return MSVAGRule(self.hyperparam)


__all__ = ['MSVAG', 'MSVAGRule']
