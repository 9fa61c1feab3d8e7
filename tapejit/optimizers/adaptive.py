"""AdaGrad, AdaDelta, Nesterov's accelerated gradient and SMORMS3."""

from __future__ import annotations

from typing import Any

from tapejit import backends
from tapejit.optimizers import _arrays as A
from tapejit.optimizers.optimizer import (GradientMethod, HyperparameterProxy,
                                          UpdateRule)


class AdaGradRule(UpdateRule):
    """``h += g^2; param -= lr g / (sqrt(h) + eps)``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import AdaGradRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([2.0])
    >>> rule = AdaGradRule(lr=0.5, eps=0.0)
    >>> rule.update(p); p.array
    array([0.5])
    """

    _defaults = dict(lr=0.001, eps=1e-8)

    def init_state(self, param: Any) -> None:
        self._zeros(param, 'h')

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        h = self.state['h']
        h += grad * grad
        self.state['h'] = h
        data = param.array
        data -= A.as_dtype(hp.lr, dt) * grad / (A.sqrt(h) + A.as_dtype(hp.eps, dt))
        param.array = data


class AdaGrad(GradientMethod):
    """AdaGrad(lr=0.001, eps=1e-08): divide by the root of the summed squared gradients.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.AdaGrad(lr=0.5, eps=0.0).setup(model)
    >>> model.w.grad = np.array([2.0]); opt.update(); model.w.array
    array([0.5])
    """

    lr = HyperparameterProxy('lr')
    eps = HyperparameterProxy('eps')

    def __init__(self, lr: float = 0.001, eps: float = 1e-8) -> None:
        super().__init__()
        self.hyperparam.lr, self.hyperparam.eps = lr, eps

    def create_update_rule(self) -> AdaGradRule:
        return AdaGradRule(self.hyperparam)


class AdaDeltaRule(UpdateRule):
    """Zeiler's AdaDelta: ``msg``, ``msdx`` running means of ``g^2`` and of the step^2;
    ``dx = sqrt((msdx + eps) / (msg + eps)) g; param -= dx``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import AdaDeltaRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([1.0])
    >>> rule = AdaDeltaRule(rho=0.0, eps=1.0)
    >>> rule.update(p); p.array  # dx = sqrt(1 / 2)
    array([0.29289322])
    """

    _defaults = dict(rho=0.95, eps=1e-6)

    def init_state(self, param: Any) -> None:
        self._zeros(param, 'msg', 'msdx')

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        rho, rest, eps = (A.as_dtype(hp.rho, dt), A.as_dtype(1 - hp.rho, dt),
                          A.as_dtype(hp.eps, dt))
        msg, msdx = self.state['msg'], self.state['msdx']
        msg *= rho
        msg += rest * grad * grad
        dx = A.sqrt((msdx + eps) / (msg + eps)) * grad
        msdx *= rho
        msdx += rest * dx * dx
        self.state['msg'], self.state['msdx'] = msg, msdx
        data = param.array
        data -= dx
        param.array = data


class AdaDelta(GradientMethod):
    """AdaDelta(rho=0.95, eps=1e-06): step sizes from running means of the squared
    gradients and squared steps (no learning rate).

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.AdaDelta(rho=0.0, eps=1.0).setup(model)
    >>> model.w.grad = np.array([1.0]); opt.update(); model.w.array
    array([0.29289322])
    """

    rho = HyperparameterProxy('rho')
    eps = HyperparameterProxy('eps')

    def __init__(self, rho: float = 0.95, eps: float = 1e-6) -> None:
        super().__init__()
        self.hyperparam.rho, self.hyperparam.eps = rho, eps

    def create_update_rule(self) -> AdaDeltaRule:
        return AdaDeltaRule(self.hyperparam)


class NesterovAGRule(UpdateRule):
    """``v = momentum v - lr g; param += momentum^2 v - (1 + momentum) lr g``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import NesterovAGRule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([1.0])
    >>> rule = NesterovAGRule(lr=0.1, momentum=0.5)
    >>> rule.update(p); p.array  # 1 + 0.25 * -0.1 - 1.5 * 0.1
    array([0.825])
    """

    _defaults = dict(lr=0.01, momentum=0.9)

    def init_state(self, param: Any) -> None:
        self._zeros(param, 'v')

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        lr, momentum = A.as_dtype(hp.lr, dt), A.as_dtype(hp.momentum, dt)
        v = self.state['v']
        v *= momentum
        v -= lr * grad
        self.state['v'] = v
        data = param.array
        data += momentum * momentum * v
        data -= (1 + momentum) * lr * grad
        param.array = data


class NesterovAG(GradientMethod):
    """NesterovAG(lr=0.01, momentum=0.9): Nesterov's accelerated gradient.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.NesterovAG(lr=0.1, momentum=0.5).setup(model)
    >>> model.w.grad = np.array([1.0]); opt.update(); model.w.array
    array([0.825])
    """

    lr = HyperparameterProxy('lr')
    momentum = HyperparameterProxy('momentum')

    def __init__(self, lr: float = 0.01, momentum: float = 0.9) -> None:
        super().__init__()
        self.hyperparam.lr, self.hyperparam.momentum = lr, momentum

    def create_update_rule(self) -> NesterovAGRule:
        return NesterovAGRule(self.hyperparam)


class SMORMS3Rule(UpdateRule):
    """Funk's SMORMS3: running means ``g``, ``g2`` with a per-element memory ``mem``;
    ``param -= grad min(lr, g^2 / g2) / (sqrt(g2) + eps)``.

    >>> import numpy as np, tapejit
    >>> from tapejit.optimizers import SMORMS3Rule
    >>> p = tapejit.Parameter(np.array([1.0])); p.grad = np.array([2.0])
    >>> rule = SMORMS3Rule(lr=0.1, eps=0.0)
    >>> rule.update(p); p.array, rule.state["mem"]  # g = 1, g2 = 2, x = 0.5: 1 - 2 * 0.1 / sqrt(2)
    (array([0.85857864]), array([1.5]))
    """

    _defaults = dict(lr=0.001, eps=1e-16)

    def init_state(self, param: Any) -> None:
        d = param.array
        xp = backends.get_array_module(d)
        self.state['mem'] = xp.ones(d.shape, d.dtype)
        self._zeros(param, 'g', 'g2')

    def update_core(self, param: Any) -> None:
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        dt = grad.dtype
        eps = A.as_dtype(hp.eps, dt)
        mem, g, g2 = self.state['mem'], self.state['g'], self.state['g2']
        r = 1 / (mem + 1)
        g = (1 - r) * g + r * grad
        g2 = (1 - r) * g2 + r * grad * grad
        x = g * g / (g2 + eps)
        data = param.array
        data -= grad * A.minimum(x, A.as_dtype(hp.lr, dt)) / (A.sqrt(g2) + eps)
        param.array = data
        self.state['mem'], self.state['g'], self.state['g2'] = 1 + mem * (1 - x), g, g2


class SMORMS3(GradientMethod):
    """SMORMS3(lr=0.001, eps=1e-16): Simon Funk's squared mean over root mean squared
    cubed.

    >>> import numpy as np, tapejit
    >>> from tapejit import optimizers
    >>> model = tapejit.Chain()
    >>> with model.init_scope():
    ...     model.w = tapejit.Parameter(np.array([1.0]))
    >>> opt = optimizers.SMORMS3(lr=0.1, eps=0.0).setup(model)
    >>> model.w.grad = np.array([2.0]); opt.update(); model.w.array
    array([0.85857864])
    """

    lr = HyperparameterProxy('lr')
    eps = HyperparameterProxy('eps')

    def __init__(self, lr: float = 0.001, eps: float = 1e-16) -> None:
        super().__init__()
        self.hyperparam.lr, self.hyperparam.eps = lr, eps

    def create_update_rule(self) -> SMORMS3Rule:
        return SMORMS3Rule(self.hyperparam)
