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

import contextlib
import threading
from typing import Any, Callable, Iterator, Optional

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.config import config
from tapejit.core.errors import DTypeError
from tapejit.core.variable import Variable
from tapejit.ops.elementwise import minimum
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


# --- the first call of a compiled function -----------------------------------
#
# Eagerly, draws and other uses of NumPy's generator (a lazy link's initial
# weights) come in the order the code makes them.  A compiled function's
# first call traces it, which initializes lazy links then, and runs its plan
# after, which would draw the masks after those weights: not eager's order.
# So while the first call traces (see tapejit.jit), each draw is made at
# once, in its place, and the plan's first run takes these values instead
# of drawing.

_first = threading.local()


def predraw_begin() -> None:
    """Draws the trace records from now on are made at once, for the plan's
    first run (this thread's).

    >>> predraw_begin(); predraw_stop(); predraw_end(True)
    """
    _first.on, _first.values, _first.state = True, [], None


def predraw_stop() -> None:
    """The trace is over: the plan's first run takes the values drawn.

    >>> predraw_begin(); predraw_stop(); predraw_end(True)
    """
    _first.on = False


def predraw_end(ran: bool) -> None:
    """The first run is over (``ran``), or there was none (the trace was
    refused, or ran eagerly instead): the generator goes back to where it
    was before the trace drew, so that the eager run draws what it would have.

    >>> predraw_begin(); predraw_stop(); predraw_end(False)
    """
    state = getattr(_first, 'state', None)
    if not ran and state is not None:
        state[0].set_state(state[1])
    _first.on, _first.values, _first.state = False, [], None


def _predraw(draw: Callable[..., Any], x: Any, *args: Any) -> None:
    if config.trace is None or not getattr(_first, 'on', False):
        return
    if _first.state is None:
        gen = generator()
        _first.state = (gen, gen.get_state())
    like = getattr(x, 'array', x)
    _first.values.append(draw(numpy.empty(like.shape, like.dtype), *args))


def _taken(x: Any) -> Optional[Any]:
    """The value drawn for this draw while traced, if the plan's first run
    is taking them (in the order drawn), else None."""
    values = getattr(_first, 'values', None)
    if not values or _first.on:
        return None
    drawn = values.pop(0)
    if drawn.shape != tuple(x.shape):
        # (Not the draw traced there: draw anew from here on.)
        values.clear()
        return None
    if isinstance(x, numpy.ndarray):
        return drawn
    return backends.get_array_module(x).asarray(drawn)


# --- draws the host makes ----------------------------------------------------
#
# A compiled custom updater (``training.updaters.traced_update``) makes its
# update's draws from NumPy's global generator as host calls, in eager's
# order among the user's own draws, before its plan runs, and passes them in
# as arrays.  While it traces, a draw of these primitives from that generator
# is made through ``numpy.random``'s functions, which answer with the traced
# argument of the host's draw: the plan computes the mask or noise from it
# and draws nothing itself.

_host = threading.local()


@contextlib.contextmanager
def draws_from_host() -> Iterator[None]:
    """While traced in this context (this thread), the primitives' draws
    from NumPy's global generator are made by calling ``numpy.random``'s
    functions, whose results the caller serves.

    >>> with draws_from_host():
    ...     pass
    """
    prev = getattr(_host, 'on', False)
    _host.on = True
    try:
        yield
    finally:
        _host.on = prev


def _host_draw(draw: Callable[..., Any], x: Any, *args: Any) -> Optional[Any]:
    """The draw ``draw`` of ``x``'s shape and dtype made by the host (see
    :func:`draws_from_host`), or None where the plan draws."""
    if config.trace is None or not getattr(_host, 'on', False) or _generator['own'] is not None:
        return None
    like = getattr(x, 'array', x)
    return Variable(draw(numpy.empty(like.shape, like.dtype), *args), requires_grad=False)


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
    if rng is None:
        taken = _taken(x)
        if taken is not None:
            return taken
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


_dropout_mask = primitive('dropout_mask', kind='call', impl=draw_mask,
                          abstract_eval=_dropout_mask_eval, vjp=None, pure=False)


def dropout_mask(x: Any, ratio: float) -> Any:
    """The ``dropout_mask`` primitive of ``x`` (an array or Variable).

    >>> numpy.random.seed(0)
    >>> dropout_mask(numpy.ones(3, numpy.float32), ratio=0.5).array.shape
    (3,)
    """
    host = _host_draw(draw_mask, x, ratio)
    if host is not None:
        return host
    _predraw(draw_mask, x, ratio)
    return _dropout_mask(x, ratio=ratio)


def draw_normal(x: Any) -> Any:
    """Standard normal values of ``x``'s shape and dtype, from :func:`generator`.

    >>> numpy.random.seed(0); a = draw_normal(numpy.zeros(3, numpy.float32))
    >>> a.shape, a.dtype
    ((3,), dtype('float32'))
    """
    taken = _taken(x)
    if taken is not None:
        return taken
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
_normal_noise = primitive('normal_noise', kind='call', impl=draw_normal,
                          abstract_eval=_normal_noise_eval, vjp=None, pure=False)


def normal_noise(x: Any) -> Any:
    """The ``normal_noise`` primitive of ``x`` (an array or Variable).

    >>> normal_noise(numpy.zeros((2, 2))).shape
    (2, 2)
    """
    host = _host_draw(draw_normal, x)
    if host is not None:
        return host
    _predraw(draw_normal, x)
    return _normal_noise(x)


def draw_uniform(x: Any) -> Any:
    """Values drawn uniformly from ``[0, 1)``, of ``x``'s shape and dtype, from
    :func:`generator`.

    >>> numpy.random.seed(0); a = draw_uniform(numpy.zeros(1000, numpy.float16))
    >>> a.dtype, bool((a >= 0).all() and (a < 1).all())
    (dtype('float16'), True)
    """
    taken = _taken(x)
    if taken is not None:
        return taken
    dtype = numpy.dtype(x.dtype)
    # (Drawn as numpy.random.uniform(0, 1, shape) draws: float64 values.)
    drawn = numpy.asarray(generator().random_sample(x.shape))
    if dtype != numpy.float64:
        # A draw rounded to the dtype can reach 1: kept below it, as [0, 1) says.
        below_one = numpy.nextafter(dtype.type(1), dtype.type(0))
        drawn = drawn.astype(dtype)
        if drawn.__class__ is TracedArray:  # (the host's draw, traced: see _host_draw)
            drawn = minimum(drawn, numpy.asarray(below_one))._data
        else:
            drawn = numpy.minimum(drawn, below_one)
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
_uniform_noise = primitive('uniform_noise', kind='call', impl=draw_uniform,
                           abstract_eval=_uniform_noise_eval, vjp=None, pure=False)

# The primitives that draw from the generator (each moves it for the next).
DRAWS = frozenset({'dropout_mask', 'normal_noise', 'uniform_noise'})


def uniform_noise(x: Any) -> Any:
    """The ``uniform_noise`` primitive of ``x`` (an array or Variable).

    >>> uniform_noise(numpy.zeros(4, numpy.float32)).dtype
    dtype('float32')
    """
    host = _host_draw(draw_uniform, x)
    if host is not None:
        return host
    _predraw(draw_uniform, x)
    return _uniform_noise(x)
