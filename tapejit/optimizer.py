"""Chainer's ``chainer.optimizer`` module: the optimizer base classes (those of
:mod:`tapejit.optimizers`) and, deprecated as in Chainer, its old optimizer
hooks (``chainer.optimizer.WeightDecay``, ``GradientClipping``... which
Chainer's examples still use): the classes of :mod:`tapejit.optimizer_hooks`
that warn with a ``DeprecationWarning`` when made.

>>> import warnings
>>> from tapejit import optimizer, optimizer_hooks, optimizers
>>> optimizer.GradientMethod is optimizers.GradientMethod
True
>>> with warnings.catch_warnings(record=True) as w:
...     warnings.simplefilter('always')
...     hook = optimizer.WeightDecay(1e-4)
>>> isinstance(hook, optimizer_hooks.WeightDecay), w[0].category.__name__
(True, 'DeprecationWarning')
"""

from typing import Any

from tapejit.optimizers import optimizer as _optimizer
from tapejit.optimizers.optimizer import (GradientMethod, Hyperparameter, HyperparameterProxy,
                                          Optimizer, UpdateRule)


def __getattr__(name: str) -> Any:
    # The deprecated hooks, made (and cached) by the module that defines them.
    if name in _optimizer._DEPRECATED_HOOKS:
        return _optimizer._deprecated_hook(name)
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')


__all__ = ['GradientMethod', 'Hyperparameter', 'HyperparameterProxy', 'Optimizer',
           'UpdateRule']
