"""Stochastic gradient descent, with and without momentum."""

from __future__ import annotations

from typing import Any, Optional

from tapejit.optimizers import _arrays as A
from tapejit.optimizers.optimizer import (GradientMethod, Hyperparameter,
                                          HyperparameterProxy, UpdateRule)


class SGDRule(UpdateRule):
    """``param -= lr * grad``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import SGDRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([2.0])
    >>> SGDRule(lr=0.25).update(p); p.array
    array([0.5])
    """

    _defaults = dict(lr=0.01)

    def __init__(self, parent_hyperparam: Optional[Hyperparameter] = None,
                 lr: Optional[float] = None) -> None:
        super().__init__(parent_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        data = param.array
        data -= A.as_dtype(self.hyperparam.lr, data.dtype) * grad
        param.array = data


class SGD(GradientMethod):
    """Vanilla stochastic gradient descent: ``param -= lr * grad``.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0, 2.0]))
    >>> opt = optimizers.SGD(lr=0.5).setup(model)
    >>> model.w.grad = np.array([1.0, -1.0])
    >>> opt.update(); model.w.array
    array([0.5, 2.5])
    """

    lr = HyperparameterProxy('lr')

    def __init__(self, lr: float = 0.01) -> None:
        super().__init__()
        self.hyperparam.lr = lr

    def create_update_rule(self) -> SGDRule:
        return SGDRule(self.hyperparam)


class MomentumSGDRule(UpdateRule):
    """``v = momentum * v - lr * grad; param += v``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import MomentumSGDRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([2.0])
    >>> rule = MomentumSGDRule(lr=0.25, momentum=0.5)
    >>> rule.update(p); rule.update(p); p.array, rule.state['v']
    (array([-0.25]), array([-0.75]))
    """

    _defaults = dict(lr=0.01, momentum=0.9)

    def __init__(self, parent_hyperparam: Optional[Hyperparameter] = None,
                 lr: Optional[float] = None, momentum: Optional[float] = None) -> None:
        super().__init__(parent_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr
        if momentum is not None:
            self.hyperparam.momentum = momentum

    def init_state(self, param: Any) -> None:
        d = param.array
        self.state['v'] = A.zeros(d.shape, d.dtype, d)

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        v = self.state['v']
        v *= A.as_dtype(hp.momentum, dt)
        v -= A.as_dtype(hp.lr, dt) * grad
        self.state['v'] = v
        data = param.array
        data += v
        param.array = data


class MomentumSGD(GradientMethod):
    """Stochastic gradient descent with momentum.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.MomentumSGD(lr=0.1, momentum=0.5).setup(model)
    >>> for _ in range(2):
    ...     model.w.grad = np.array([1.0]); opt.update()
    >>> model.w.array  # 1 - 0.1 - (0.5 * 0.1 + 0.1)
    array([0.75])
    """

    lr = HyperparameterProxy('lr')
    momentum = HyperparameterProxy('momentum')

    def __init__(self, lr: float = 0.01, momentum: float = 0.9) -> None:
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.momentum = momentum

    def create_update_rule(self) -> MomentumSGDRule:
        return MomentumSGDRule(self.hyperparam)


class CorrectedMomentumSGDRule(MomentumSGDRule):
    """``v = momentum * v - grad; param += lr * v`` (the learning rate applied after
    the momentum, so changing it rescales the whole velocity).

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import CorrectedMomentumSGDRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([2.0])
    >>> rule = CorrectedMomentumSGDRule(lr=0.25, momentum=0.5)
    >>> rule.update(p); rule.update(p); p.array, rule.state['v']
    (array([-0.25]), array([-3.]))
    """

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        v = self.state['v']
        v *= A.as_dtype(hp.momentum, dt)
        v -= grad
        self.state['v'] = v
        data = param.array
        data += A.as_dtype(hp.lr, dt) * v
        param.array = data


class CorrectedMomentumSGD(MomentumSGD):
    """Momentum SGD with the momentum correction of Goyal et al., "Accurate, Large
    Minibatch SGD" (their equation 9): the velocity accumulates raw gradients and
    the learning rate scales the step.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.CorrectedMomentumSGD(lr=0.1, momentum=0.5).setup(model)
    >>> for _ in range(2):
    ...     model.w.grad = np.array([1.0]); opt.update()
    >>> model.w.array  # 1 - 0.1 * 1 - 0.1 * (0.5 * 1 + 1)
    array([0.75])
    """

    def create_update_rule(self) -> CorrectedMomentumSGDRule:
        return CorrectedMomentumSGDRule(self.hyperparam)
