"""The uniform distribution (Chainer's ``chainer.distributions.Uniform``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import functions as F
from tapejit.core.variable import Variable, as_variable
from tapejit.distribution import Distribution, cached, register_kl
from tapejit.distributions import utils


class Uniform(Distribution):
    """The uniform distribution on ``[low, high]``, given by ``low`` and
    ``high`` or by ``loc`` (``low``) and ``scale`` (``high - low``): one pair,
    not both; elementwise over the parameters' shape.

    >>> import numpy as np
    >>> d = Uniform(low=np.zeros(2, np.float32), high=np.array([2.0, 4.0], np.float32))
    >>> d.log_prob(np.array([0.5, 5.0], np.float32)).array
    array([-0.6931472,       -inf], dtype=float32)
    >>> d.mean.array, d.variance.array
    (array([1., 2.], dtype=float32), array([0.33333334, 1.3333334 ], dtype=float32))
    """

    def __init__(self, *, low: Any = None, high: Any = None, loc: Any = None,
                 scale: Any = None) -> None:
        self._use_low_high = low is not None and high is not None
        self._use_loc_scale = loc is not None and scale is not None
        if not self._use_low_high ^ self._use_loc_scale:
            raise ValueError('Either `low, high` or `loc, scale` (not both) must have a value.')
        self.__low = low
        self.__high = high
        self.__loc = loc
        self.__scale = scale

    @cached
    def low(self) -> Variable:
        return as_variable(self.__low) if self._use_low_high else self.loc

    @cached
    def high(self) -> Variable:
        return as_variable(self.__high) if self._use_low_high else self.loc + self.scale

    @cached
    def loc(self) -> Variable:
        return as_variable(self.__loc) if self._use_loc_scale else self.low

    @cached
    def scale(self) -> Variable:
        return as_variable(self.__scale) if self._use_loc_scale else self.high - self.low

    @property
    def batch_shape(self) -> tuple:
        return self.low.shape

    @property
    def event_shape(self) -> tuple:
        return ()

    def cdf(self, x: Any) -> Variable:
        return F.clip((x - self.loc) / self.scale, 0.0, 1.0)

    @cached
    def entropy(self) -> Variable:
        return F.log(self.scale)

    def icdf(self, x: Any) -> Variable:
        return x * self.scale + self.loc

    def log_prob(self, x: Any) -> Variable:
        x = as_variable(x)
        logp = F.broadcast_to(-F.log(self.scale), x.shape)
        inside = F.where(utils.condition(x.array >= self.low.array),
                         utils.condition(x.array <= self.high.array), False)
        return F.where(inside, logp, numpy.asarray(-numpy.inf, logp.dtype))

    def prob(self, x: Any) -> Variable:
        return F.exp(self.log_prob(x))

    @cached
    def mean(self) -> Variable:
        return (self.high + self.low) / 2

    @property
    def params(self) -> dict:
        if self._use_low_high:
            return {'low': self.low, 'high': self.high}
        return {'loc': self.loc, 'scale': self.scale}

    def sample_n(self, n: int) -> Variable:
        eps = utils.noise_like('uniform', self.low, (n,) + tuple(self.low.shape))
        return self.icdf(eps)

    @cached
    def stddev(self) -> Variable:
        return F.sqrt(self.variance)

    @property
    def support(self) -> str:
        return '[low, high]'

    @cached
    def variance(self) -> Variable:
        return self.scale ** 2 / 12


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(dist1: Uniform, dist2: Uniform) -> Variable:
    # Infinite where dist1 puts mass outside dist2's support.
    outside = F.where(utils.condition(dist1.high.array > dist2.high.array), True,
                      utils.condition(dist1.low.array < dist2.low.array))
    kl = -F.log(dist1.high - dist1.low) + F.log(dist2.high - dist2.low)
    return F.where(outside, numpy.asarray(numpy.inf, kl.dtype), kl)


__all__ = ['Uniform']
