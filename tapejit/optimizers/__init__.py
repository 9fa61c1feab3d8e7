"""Optimizers with Chainer's API: ``opt = Adam().setup(model)``, then
``opt.update()`` after ``loss.backward()`` or ``opt.update(lossfun, *args)``.

They work eagerly and inside ``@tapejit.jit``: there the update becomes part
of the compiled step, parameters and optimizer state (momenta, step counters,
the loss scale) are updated in place, and hyperparameters such as ``lr`` are
read on every call, so changing them needs no retrace.

>>> import numpy as np, tapejit, tapejit.functions as F
>>> from tapejit import links as L, optimizers
>>> np.random.seed(0)
>>> model = L.Linear(3, 1)
>>> opt = optimizers.Adam(alpha=0.05).setup(model)
>>> x = np.ones((4, 3), np.float32); t = np.zeros((4, 1), np.float32)
>>> @tapejit.jit
... def step(x, t):
...     loss = F.mean_squared_error(model(x), t)
...     model.cleargrads()
...     loss.backward()
...     opt.update()
...     return loss
>>> losses = [float(step(x, t).array) for _ in range(50)]
>>> losses[-1] < 0.01 * losses[0], step.cache_info().traces
(True, 1)
"""

from tapejit.optimizers.adam import AdaBound, Adam, AdamRule, AdamW, AMSBound, AMSGrad
from tapejit.optimizers.adaptive import (SMORMS3, AdaDelta, AdaDeltaRule, AdaGrad, AdaGradRule,
                                         NesterovAG, NesterovAGRule, SMORMS3Rule)
from tapejit.optimizers.hooks import (GradientClipping, GradientHardClipping, GradientNoise,
                                      Lasso, WeightDecay)
from tapejit.optimizers.msvag import MSVAG, MSVAGRule
from tapejit.optimizers.optimizer import (GradientMethod, Hyperparameter, HyperparameterProxy,
                                          Optimizer, UpdateRule)
from tapejit.optimizers.rmsprop import RMSprop, RMSpropGraves, RMSpropGravesRule, RMSpropRule
from tapejit.optimizers.sgd import (SGD, CorrectedMomentumSGD, CorrectedMomentumSGDRule,
                                   MomentumSGD, MomentumSGDRule, SGDRule)

__all__ = [
    'AdaDelta', 'AdaDeltaRule', 'CorrectedMomentumSGD', 'CorrectedMomentumSGDRule', 'MSVAG',
    'MSVAGRule', 'AdaGrad', 'AdaGradRule', 'NesterovAG', 'NesterovAGRule',
    'RMSprop', 'RMSpropGraves', 'RMSpropGravesRule', 'RMSpropRule', 'SMORMS3', 'SMORMS3Rule',
    'AdaBound', 'Adam', 'AdamRule', 'AdamW', 'AMSBound', 'AMSGrad', 'GradientClipping',
    'GradientHardClipping', 'GradientNoise', 'Lasso',
    'GradientMethod', 'Hyperparameter',
    'HyperparameterProxy', 'MomentumSGD', 'MomentumSGDRule', 'Optimizer', 'SGD', 'SGDRule',
    'UpdateRule', 'WeightDecay',
]
