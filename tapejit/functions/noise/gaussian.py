"""Gaussian noise with a learned mean and log variance (Chainer's
``chainer.functions.noise.gaussian``)."""

from __future__ import annotations

from typing import Any

from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.functions.math import exp
from tapejit.ops import random


def gaussian(mean: Any, ln_var: Any, *, eps: Any = None, return_eps: bool = False) -> Any:
    """``mean + exp(ln_var / 2) * eps`` with ``eps`` drawn from the standard
    normal distribution: the reparameterization of a VAE's sampling, whose
    gradient reaches ``mean`` and ``ln_var``.

    ``eps`` is Chainer's draw, ``numpy.random.standard_normal(shape)`` from
    NumPy's global generator (or the one
    :func:`tapejit.functions.set_dropout_seed` made), eagerly and in a compiled
    step alike; a compiled step draws anew at every call, and its backward
    uses the forward's draw.  Pass ``eps`` to use given noise (of
    ``ln_var``'s shape and dtype); ``return_eps=True`` also returns the
    noise used, as an array.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> y, eps = F.gaussian(np.zeros(3, np.float32), np.zeros(3, np.float32),
    ...                     eps=np.ones(3, np.float32), return_eps=True)
    >>> y.array, eps
    (array([1., 1., 1.], dtype=float32), array([1., 1., 1.], dtype=float32))
    """
    mean_v = mean if isinstance(mean, Variable) else Variable(mean, requires_grad=False)
    ln_var_v = ln_var if isinstance(ln_var, Variable) else Variable(ln_var, requires_grad=False)
    shape, dtype = array_of(ln_var_v).shape, array_of(ln_var_v).dtype
    if array_of(mean_v).shape != shape:
        raise ShapeError(f'gaussian: mean has shape {array_of(mean_v).shape} and ln_var '
                         f'{shape}; expected the same shape')
    if eps is None:
        eps = random.normal_noise(array_of(ln_var_v))
    elif array_of(eps).shape != shape or array_of(eps).dtype != dtype:
        raise DTypeError(f'gaussian: eps has shape {array_of(eps).shape} and dtype '
                         f'{array_of(eps).dtype}; expected those of ln_var, {shape} {dtype}')
    y = mean_v + exp(ln_var_v * 0.5) * eps
    return (y, array_of(eps)) if return_eps else y
