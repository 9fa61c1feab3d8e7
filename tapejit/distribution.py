"""Probability distributions' base class and the KL divergence between two
(Chainer's ``chainer.distribution``).

A :class:`Distribution` holds a batch of distributions of one family, whose
parameters are Variables or arrays.  Its statistics (``mean``, ``variance``,
``entropy``...) and densities (``log_prob``, ``prob``) are made of tapejit's
functions, so they are differentiable and compile under ``tapejit.jit``; its
samples are drawn by tapejit's random primitives, anew at every call of a
compiled function, from the generator that ``F.set_dropout_seed`` seeds.

:func:`kl_divergence` finds the function :func:`register_kl` registered for
the two distributions' classes.

>>> import numpy as np, tapejit
>>> from tapejit import distributions as D
>>> p = D.Normal(np.zeros(2, np.float32), np.ones(2, np.float32))
>>> q = D.Normal(np.ones(2, np.float32), np.ones(2, np.float32))
>>> tapejit.kl_divergence(p, q).array
array([0.5, 0.5], dtype=float32)
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional

from tapejit import backends
from tapejit.core.config import config
from tapejit.core.variable import Variable


class cached:  # noqa: N801 (used as a decorator, like property)
    """A property of a distribution computed at its first read and kept, as
    Chainer's ``cached_property`` does; while a function is traced by
    ``tapejit.jit`` it is computed at each read and not kept, so that no value
    of the trace stays on an object that outlives it.

    >>> class Twice:
    ...     calls = 0
    ...     @cached
    ...     def value(self):
    ...         Twice.calls += 1
    ...         return 2
    >>> t = Twice()
    >>> t.value + t.value, Twice.calls
    (4, 1)
    """

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.fn = fn
        self.key = '_cached_' + fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = '_cached_' + name

    def __get__(self, obj: Any, owner: Optional[type] = None) -> Any:
        if obj is None:
            return self
        kept = obj.__dict__
        if self.key in kept:
            return kept[self.key]
        value = self.fn(obj)
        if config.trace is None:
            kept[self.key] = value
        return value


class Distribution:
    """The interface of a probability distribution (Chainer's ``Distribution``).

    A sample has the shape ``sample_shape + batch_shape + event_shape``: the
    events of one distribution (``event_shape``, whose values are drawn
    together), a batch of independent distributions of the same family
    (``batch_shape``, set by the parameters' shape), and independent draws
    (``sample_shape``).  ``log_prob(x)`` and ``prob(x)`` take such a sample and
    return an array of shape ``sample_shape + batch_shape``.

    A subclass defines ``sample_n``, the statistics (``mean``, ``variance``,
    ``entropy``... as properties) and the densities it has; what it leaves out
    raises ``NotImplementedError``.

    >>> import numpy as np
    >>> from tapejit import distributions as D
    >>> d = D.Normal(np.zeros((4, 3), np.float32), np.ones((4, 3), np.float32))
    >>> d.batch_shape, d.event_shape, d.sample(sample_shape=(6, 5)).shape
    ((4, 3), (), (6, 5, 4, 3))
    """

    def _copy_to(self, target: 'Distribution') -> 'Distribution':
        target.__dict__ = copy.copy(self.__dict__)
        return target

    @property
    def batch_shape(self) -> tuple:
        """The shape of the batch of independent distributions."""
        raise NotImplementedError

    @property
    def event_shape(self) -> tuple:
        """The shape of one event (one draw of one distribution)."""
        raise NotImplementedError

    def cdf(self, x: Any) -> Variable:
        """The cumulative distribution function at ``x``."""
        raise NotImplementedError

    @property
    def covariance(self) -> Variable:
        """The covariance of the distribution."""
        raise NotImplementedError

    @property
    def entropy(self) -> Variable:
        """The entropy of each distribution of the batch."""
        raise NotImplementedError

    def icdf(self, x: Any) -> Variable:
        """The inverse of the cumulative distribution function at ``x``."""
        raise NotImplementedError

    def log_cdf(self, x: Any) -> Variable:
        """The logarithm of the cumulative distribution function at ``x``."""
        raise NotImplementedError

    def log_prob(self, x: Any) -> Variable:
        """The logarithm of the density (or of the probability) at ``x``."""
        raise NotImplementedError

    def log_survival_function(self, x: Any) -> Variable:
        """The logarithm of the survival function at ``x``."""
        raise NotImplementedError

    @property
    def mean(self) -> Variable:
        """The mean of the distribution."""
        raise NotImplementedError

    @property
    def mode(self) -> Variable:
        """The mode of the distribution."""
        raise NotImplementedError

    @property
    def params(self) -> dict:
        """The parameters of the distribution, by name."""
        raise NotImplementedError

    def perplexity(self, x: Any) -> Variable:
        """The perplexity at ``x``."""
        raise NotImplementedError

    def prob(self, x: Any) -> Variable:
        """The density (or the probability) at ``x``."""
        raise NotImplementedError

    def sample(self, sample_shape: Any = ()) -> Variable:
        """Draw samples of shape ``sample_shape + batch_shape + event_shape``
        (``sample_shape`` an int or a tuple); subclasses define :meth:`sample_n`.

        >>> import numpy as np
        >>> from tapejit import distributions as D
        >>> D.Normal(np.zeros(3, np.float32), np.ones(3, np.float32)).sample(2).shape
        (2, 3)
        """
        final_shape = tuple(self.batch_shape) + tuple(self.event_shape)
        if isinstance(sample_shape, int):
            n = sample_shape
            final_shape = (n,) + final_shape
        else:
            sample_shape = tuple(sample_shape)
            n = 1
            for size in sample_shape:
                n *= size
            final_shape = sample_shape + final_shape
        return self.sample_n(n).reshape(final_shape)

    def sample_n(self, n: int) -> Variable:
        """Draw ``n`` samples: shape ``(n,) + batch_shape + event_shape``."""
        raise NotImplementedError

    @property
    def stddev(self) -> Variable:
        """The standard deviation of the distribution."""
        raise NotImplementedError

    @property
    def support(self) -> str:
        """The support of the distribution, in words (``'real'``, ``'{0, 1}'``)."""
        raise NotImplementedError

    def survival_function(self, x: Any) -> Variable:
        """The survival function (one minus the cdf) at ``x``."""
        raise NotImplementedError

    @property
    def variance(self) -> Variable:
        """The variance of the distribution."""
        raise NotImplementedError

    @property
    def xp(self) -> Any:
        """``numpy`` or ``cupy``: where the parameters' arrays are."""
        return backends.get_array_module(*self.params.values())


_KLDIVERGENCE: dict = {}


class KLNotRegisteredError(KeyError, NotImplementedError):
    """No KL divergence is registered for the two distributions' classes: a
    ``KeyError``, as Chainer's lookup raises, and a ``NotImplementedError``."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ''


def register_kl(Dist1: type, Dist2: type) -> Callable:  # noqa: N803 (Chainer's names)
    """A decorator registering the function that :func:`kl_divergence` calls
    for an instance of ``Dist1`` and one of ``Dist2`` (in that order).

    >>> import numpy as np, tapejit
    >>> from tapejit import distributions as D
    >>> class Point(D.Normal):
    ...     pass
    >>> @tapejit.register_kl(Point, Point)
    ... def _kl_point_point(p, q):
    ...     return (p.loc - q.loc) ** 2
    >>> one = np.ones(1, np.float32)
    >>> tapejit.kl_divergence(Point(one, one), Point(one * 3, one)).array
    array([4.], dtype=float32)
    """
    def register(kl: Callable) -> Callable:
        _KLDIVERGENCE[Dist1, Dist2] = kl
        return kl
    return register


def kl_divergence(dist1: Distribution, dist2: Distribution) -> Variable:
    """The Kullback-Leibler divergence ``KL(dist1 || dist2)``, by the function
    registered for their two classes (:func:`register_kl`); for a batch, one
    value per distribution of the batch.

    >>> import numpy as np, tapejit
    >>> from tapejit import distributions as D
    >>> p = D.Bernoulli(p=np.array([0.5], np.float32))
    >>> float(tapejit.kl_divergence(p, p).array[0])
    0.0
    """
    key = (type(dist1), type(dist2))
    kl = _KLDIVERGENCE.get(key)
    if kl is None:
        raise KLNotRegisteredError(
            f'kl_divergence: no KL divergence is registered for {key[0].__name__} and '
            f'{key[1].__name__} (in that order); register one with tapejit.register_kl')
    return kl(dist1, dist2)


def cross_entropy(dist1: Distribution, dist2: Distribution) -> Variable:
    """The cross entropy ``H(dist1, dist2)``: ``dist1.entropy`` plus
    :func:`kl_divergence`.

    >>> import numpy as np, tapejit
    >>> from tapejit import distributions as D
    >>> p = D.Bernoulli(p=np.array([0.5], np.float32))
    >>> tapejit.cross_entropy(p, p).array
    array([0.6931472], dtype=float32)
    """
    return dist1.entropy + kl_divergence(dist1, dist2)


__all__ = ['Distribution', 'KLNotRegisteredError', 'cross_entropy', 'kl_divergence',
           'register_kl']
