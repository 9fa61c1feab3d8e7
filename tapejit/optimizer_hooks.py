"""Hooks for optimizers (Chainer's ``chainer.optimizer_hooks``).

>>> from tapejit import optimizer_hooks
>>> optimizer_hooks.WeightDecay(1e-4).rate
0.0001
"""

from tapejit.optimizers.hooks import (GradientClipping, GradientHardClipping, GradientNoise,
                                      Lasso, WeightDecay, exponential_decay_noise)

__all__ = ['GradientClipping', 'GradientHardClipping', 'GradientNoise', 'Lasso', 'WeightDecay',
           'exponential_decay_noise']
