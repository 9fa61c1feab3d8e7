"""Random primitives: values drawn anew at every run of a compiled plan.

``dropout_mask(x, ratio=r)``: an array of ``x``'s shape and dtype whose
elements are ``1 / (1 - r)`` with probability ``1 - r`` and 0 otherwise,
drawn from the dropout generator (:func:`generator`, seeded by
``tapejit.functions.set_dropout_seed``).  Eager dropout draws its masks
from the same generator in the same way, so a jitted step and the same step
run eagerly draw the same masks from the same seed.  The primitive is
impure: the compiler neither folds it at compile time nor merges two of
them, and a plan draws a new mask at every call.  ``normal_noise(x)`` and
``uniform_noise(x)`` draw standard normal and ``[0, 1)`` uniform values of
``x``'s shape and dtype from the same generator, in the same way.

>>> import numpy as np
>>> seed(0)
>>> m = dropout_mask(np.ones(4, np.float32), ratio=0.5).array
>>> set(m.tolist()) <= {0.0, 2.0}
True
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.core.errors import DTypeError
from tapejit.ops.registry import Aval, primitive

_generator = {'dropout': numpy.random.default_rng()}


def generator() -> numpy.random.Generator:
    """The generator that dropout masks are drawn from (read at every draw,
    so that :func:`seed` reaches plans compiled before it).

    >>> isinstance(generator(), numpy.random.Generator)
    True
    """
    return _generator['dropout']


def seed(value: Optional[int]) -> None:
    """Seed the dropout generator (a fresh, unseeded one for ``None``).

    >>> seed(1); a = generator().random(); seed(1); a == generator().random()
    True
    """
    _generator['dropout'] = numpy.random.default_rng(value)


def check_ratio(ratio: float) -> None:
    """Raise unless ``0 <= ratio < 1``.

    >>> check_ratio(0.5)
    """
    if not 0.0 <= ratio < 1.0:
        raise ValueError(f'dropout: ratio must be in [0, 1), got {ratio}')


def draw_mask(x: Any, ratio: float, rng: Any = None) -> Any:
    """Keep each element with probability ``1 - ratio``, scaled by ``1 / (1 - ratio)``.

    >>> draw_mask(numpy.ones(2, numpy.float32), 0.0)
    array([1., 1.], dtype=float32)
    """
    check_ratio(ratio)
    keep = (rng if rng is not None else generator()).random(x.shape) >= ratio
    scaled = keep.astype(x.dtype) * x.dtype.type(1.0 / (1.0 - ratio))
    if isinstance(x, numpy.ndarray):
        return scaled
    return backends.get_array_module(x).asarray(scaled)  # (a CuPy input: its mask on its device)


def _dropout_mask_eval(x: Aval, ratio: float) -> Aval:
    check_ratio(ratio)
    if numpy.dtype(x.dtype).kind != 'f':
        raise DTypeError(f'dropout: x has dtype {x.dtype} and shape {tuple(x.shape)}; '
                        'expected a floating-point dtype')
    return Aval(tuple(x.shape), x.dtype)


dropout_mask = primitive('dropout_mask', kind='call', impl=draw_mask,
                         abstract_eval=_dropout_mask_eval, vjp=None, pure=False)


def draw_normal(x: Any) -> Any:
    """Standard normal values of ``x``'s shape and dtype, from :func:`generator`.

    >>> seed(0); a = draw_normal(numpy.zeros(3, numpy.float32))
    >>> a.shape, a.dtype
    ((3,), dtype('float32'))
    """
    drawn = generator().standard_normal(x.shape).astype(x.dtype, copy=False)
    if isinstance(x, numpy.ndarray):
        return drawn
    return backends.get_array_module(x).asarray(drawn)


def _normal_noise_eval(x: Aval) -> Aval:
    if numpy.dtype(x.dtype).kind != 'f':
        raise DTypeError(f'gaussian: mean has dtype {x.dtype} and shape {tuple(x.shape)}; '
                         'expected a floating-point dtype')
    return Aval(tuple(x.shape), x.dtype)


# Drawn anew at every run of a plan, as dropout's masks are.
normal_noise = primitive('normal_noise', kind='call', impl=draw_normal,
                         abstract_eval=_normal_noise_eval, vjp=None, pure=False)


def draw_uniform(x: Any) -> Any:
    """Values drawn uniformly from ``[0, 1)``, of ``x``'s shape and dtype, from
    :func:`generator`.

    >>> seed(0); a = draw_uniform(numpy.zeros(1000, numpy.float16))
    >>> a.dtype, bool((a >= 0).all() and (a < 1).all())
    (dtype('float16'), True)
    """
    dtype = numpy.dtype(x.dtype)
    if dtype in (numpy.float32, numpy.float64):
        drawn = generator().random(x.shape, dtype=dtype)
    else:
        # A draw rounded to the dtype can reach 1: kept below it, as [0, 1) says.
        below_one = numpy.nextafter(dtype.type(1), dtype.type(0))
        drawn = numpy.minimum(generator().random(x.shape).astype(dtype), below_one)
    if isinstance(x, numpy.ndarray):
        return drawn
    return backends.get_array_module(x).asarray(drawn)


def _uniform_noise_eval(x: Aval) -> Aval:
    if numpy.dtype(x.dtype).kind != 'f':
        raise DTypeError(f'uniform_noise: x has dtype {x.dtype} and shape {tuple(x.shape)}; '
                         'expected a floating-point dtype')
    return Aval(tuple(x.shape), x.dtype)


# The draws that distributions sample from (a Bernoulli's, a Uniform's, a
# Categorical's Gumbel noise): anew at every run of a plan, as normal_noise's.
uniform_noise = primitive('uniform_noise', kind='call', impl=draw_uniform,
                          abstract_eval=_uniform_noise_eval, vjp=None, pure=False)
