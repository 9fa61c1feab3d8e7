"""Random primitives: values drawn anew at every run of a compiled plan.

Every draw comes from NumPy's global generator (the module-level functions
of ``numpy.random``, which ``numpy.random.seed`` seeds), by the call Chainer
makes for the same function, so that a model seeded as in Chainer draws
Chainer's masks and noise, eagerly and compiled alike.
``tapejit.functions.set_dropout_seed`` gives tapejit a generator of its own
(a ``numpy.random.RandomState``) instead; ``None`` goes back to NumPy's.

``dropout_mask(x, ratio=r)``: an array of ``x``'s shape and dtype whose
elements are ``1 / (1 - r)`` with probability ``1 - r`` and 0 otherwise
(Chainer's ``numpy.random.rand(*shape) >= r``).  ``normal_noise(x)`` and
``uniform_noise(x)`` draw standard normal and ``[0, 1)`` uniform values of
``x``'s shape and dtype.  The primitives are impure: the compiler neither
folds them at compile time nor merges two of them, and a plan draws anew at
every call, in the order the traced function drew.

>>> import numpy as np
>>> np.random.seed(0)
>>> m = dropout_mask(np.ones(4, np.float32), ratio=0.5).array
>>> np.random.seed(0)
>>> bool((m == (np.random.rand(4) >= 0.5) * np.float32(2)).all())
True
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.core.errors import DTypeError
from tapejit.ops.registry import Aval, primitive

# None: NumPy's global generator (the functions of ``numpy.random``).
_generator: dict = {'own': None}


def generator() -> Any:
    """What draws come from: the ``numpy.random`` module (its global
    generator), or the ``RandomState`` that :func:`seed` made.  Read at every
    draw, so that :func:`seed` reaches plans compiled before it.

    >>> generator() is numpy.random
    True
    """
    own = _generator['own']
    return numpy.random if own is None else own


def seed(value: Optional[int]) -> None:
    """Draw from a ``numpy.random.RandomState(value)`` of tapejit's own from
    now on; ``None``: from NumPy's global generator again.

    >>> seed(1); a = generator().rand(); seed(1); a == generator().rand()
    True
    >>> seed(None); generator() is numpy.random
    True
    """
    _generator['own'] = None if value is None else numpy.random.RandomState(value)


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
    gen = rng if rng is not None else generator()
    # (Chainer's draw: numpy.random.rand(*shape) >= ratio, a float64 per element.)
    keep = (gen.random(x.shape) if isinstance(gen, numpy.random.Generator)
            else gen.rand(*x.shape)) >= ratio
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

    >>> numpy.random.seed(0); a = draw_normal(numpy.zeros(3, numpy.float32))
    >>> a.shape, a.dtype
    ((3,), dtype('float32'))
    """
    # (Chainer's draw: numpy.random.standard_normal(shape), then cast.)
    drawn = numpy.asarray(generator().standard_normal(x.shape)).astype(x.dtype, copy=False)
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

    >>> numpy.random.seed(0); a = draw_uniform(numpy.zeros(1000, numpy.float16))
    >>> a.dtype, bool((a >= 0).all() and (a < 1).all())
    (dtype('float16'), True)
    """
    dtype = numpy.dtype(x.dtype)
    # (Drawn as numpy.random.uniform(0, 1, shape) draws: float64 values.)
    drawn = numpy.asarray(generator().random_sample(x.shape))
    if dtype != numpy.float64:
        # A draw rounded to the dtype can reach 1: kept below it, as [0, 1) says.
        below_one = numpy.nextafter(dtype.type(1), dtype.type(0))
        drawn = numpy.minimum(drawn.astype(dtype), below_one)
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
