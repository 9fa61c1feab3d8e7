"""Independent distributions read as one (Chainer's
``chainer.distributions.Independent``)."""

from __future__ import annotations

from typing import Any, Callable, Optional

from tapejit import functions as F
from tapejit.core.variable import Variable
from tapejit.distribution import Distribution, kl_divergence, register_kl
from tapejit.distributions import utils


class Independent(Distribution):
    """``distribution`` with its last ``reinterpreted_batch_ndims`` batch axes
    read as axes of one event: the distributions along them are independent,
    so ``log_prob`` and ``entropy`` are summed over those axes (and ``prob``
    multiplied).  ``None`` reads every batch axis but the first so.

    >>> import numpy as np
    >>> from tapejit import distributions as D
    >>> normal = D.Normal(np.zeros((4, 3), np.float32), np.ones((4, 3), np.float32))
    >>> d = Independent(normal)
    >>> d.batch_shape, d.event_shape, d.log_prob(np.zeros((4, 3), np.float32)).shape
    ((4,), (3,), (4,))
    """

    def __init__(self, distribution: Distribution,
                 reinterpreted_batch_ndims: Optional[int] = None) -> None:
        self.__distribution = distribution
        if reinterpreted_batch_ndims is None:
            reinterpreted_batch_ndims = max(0, len(distribution.batch_shape) - 1)
        elif reinterpreted_batch_ndims > len(distribution.batch_shape):
            raise ValueError('reinterpreted_batch_ndims must be less than or equal to the '
                             'number of dimensions of `distribution.batch_shape`.')
        self.__reinterpreted_batch_ndims = reinterpreted_batch_ndims
        batch_ndim = len(distribution.batch_shape) - reinterpreted_batch_ndims
        self.__batch_shape = tuple(distribution.batch_shape[:batch_ndim])
        self.__event_shape = (tuple(distribution.batch_shape[batch_ndim:])
                              + tuple(distribution.event_shape))

    @property
    def distribution(self) -> Distribution:
        return self.__distribution

    @property
    def reinterpreted_batch_ndims(self) -> int:
        return self.__reinterpreted_batch_ndims

    @property
    def batch_shape(self) -> tuple:
        return self.__batch_shape

    @property
    def event_shape(self) -> tuple:
        return self.__event_shape

    @property
    def entropy(self) -> Variable:
        return self._reduce(F.sum, self.distribution.entropy)

    def cdf(self, x: Any) -> Variable:
        return self._reduce(utils.prod, self.distribution.cdf(x))

    def icdf(self, x: Any) -> Variable:
        """Not defined: the cdf of several variables has no inverse (raises
        ``RuntimeError``, as in Chainer)."""
        raise RuntimeError('Cumulative distribution function for multivariate variable '
                           'is not invertible.')

    def log_cdf(self, x: Any) -> Variable:
        return self._reduce(F.sum, self.distribution.log_cdf(x))

    def log_prob(self, x: Any) -> Variable:
        return self._reduce(F.sum, self.distribution.log_prob(x))

    def log_survival_function(self, x: Any) -> Variable:
        return self._reduce(F.sum, self.distribution.log_survival_function(x))

    @property
    def mean(self) -> Variable:
        return self.distribution.mean

    @property
    def mode(self) -> Variable:
        return self.distribution.mode

    @property
    def params(self) -> dict:
        return self.distribution.params

    def perplexity(self, x: Any) -> Variable:
        return self._reduce(utils.prod, self.distribution.perplexity(x))

    def prob(self, x: Any) -> Variable:
        return self._reduce(utils.prod, self.distribution.prob(x))

    def sample_n(self, n: int) -> Variable:
        return self.distribution.sample_n(n)

    @property
    def stddev(self) -> Variable:
        return self.distribution.stddev

    @property
    def support(self) -> str:
        return self.distribution.support

    def survival_function(self, x: Any) -> Variable:
        return self._reduce(utils.prod, self.distribution.survival_function(x))

    @property
    def variance(self) -> Variable:
        return self.distribution.variance

    @property
    def xp(self) -> Any:
        return self.distribution.xp

    def _reduce(self, op: Callable, stat: Variable) -> Variable:
        axes = tuple(range(-self.reinterpreted_batch_ndims, 0))
        return op(stat, axis=axes) if axes else stat


@register_kl(Independent, Independent)
def _kl_independent_independent(dist1: Independent, dist2: Independent) -> Variable:
    # The KL divergence of products of independent distributions is the sum of
    # theirs: that of the inner distributions, summed over the event axes the
    # Independents add.
    p, q = dist1.distribution, dist2.distribution
    if dist1.event_shape != dist2.event_shape:
        raise ValueError('Event shapes do not match.')
    if p.event_shape != q.event_shape:
        raise NotImplementedError('KL between Independents with different event shapes '
                                  'not supported.')
    n_axes = len(dist1.event_shape) - len(p.event_shape)
    kl = kl_divergence(p, q)
    return F.sum(kl, axis=tuple(-i - 1 for i in range(n_axes))) if n_axes else kl


__all__ = ['Independent']
