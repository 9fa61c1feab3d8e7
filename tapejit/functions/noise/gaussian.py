"""Gaussian noise with a learned mean and log variance (Chainer's
``chainer.functions.noise.gaussian``)."""

from __future__ import annotations

from typing import Any

from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.functions.math import exp
from tapejit.ops import random


def gaussian(mean: Any, ln_var: Any, return_noise: bool = False) -> Any:
    """``mean + exp(ln_var / 2) * eps`` with ``eps`` drawn from the standard
    normal distribution: the reparameterization of a VAE's sampling, whose
    gradient reaches ``mean`` and ``ln_var``.

    ``eps`` comes from the generator that dropout draws from (seeded by
    :func:`tapejit.functions.set_dropout_seed`), eagerly and in a compiled
    step alike; a compiled step draws anew at every call, and its backward
    uses the forward's draw.  ``return_noise=True`` also returns the noise
    ``exp(ln_var / 2) * eps`` as an array.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> F.set_dropout_seed(0)
    >>> y = F.gaussian(np.zeros(3, np.float32), np.full(3, -100.0, np.float32))
    >>> bool(np.abs(y.array).max() < 1e-20)
    True
    """
    mean_v = mean if isinstance(mean, Variable) else Variable(mean, requires_grad=False)
    ln_var_v = ln_var if isinstance(ln_var, Variable) else Variable(ln_var, requires_grad=False)
    if array_of(mean_v).shape != array_of(ln_var_v).shape:
        raise ValueError(f'gaussian: mean has shape {array_of(mean_v).shape} and ln_var '
                         f'{array_of(ln_var_v).shape}; expected the same shape')
    eps = random.normal_noise(array_of(mean_v))
    noise = exp(ln_var_v * 0.5) * eps
    y = mean_v + noise
    return (y, array_of(noise)) if return_noise else y
