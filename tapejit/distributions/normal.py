"""The normal distribution (Chainer's ``chainer.distributions.Normal``)."""

from __future__ import annotations

import math
from typing import Any

import numpy

from tapejit import functions as F
from tapejit.core.variable import Variable, as_variable
from tapejit.distribution import Distribution, cached, register_kl
from tapejit.distributions import utils

ENTROPYC = 0.5 * math.log(2 * math.pi * math.e)
LOGPROBC = -0.5 * math.log(2 * math.pi)
PROBC = 1.0 / (2 * math.pi) ** 0.5


class Normal(Distribution):
    """The normal distribution of mean ``loc`` and standard deviation ``scale``
    (or ``exp(log_scale)``: one of the two, not both), elementwise over the
    parameters' shape (``batch_shape``).

    ``sample`` is reparameterized: ``loc + scale * eps`` with ``eps`` drawn
    from the standard normal distribution, so that gradients reach ``loc``
    and ``scale``.

    >>> import numpy as np
    >>> d = Normal(np.zeros(2, np.float32), log_scale=np.zeros(2, np.float32))
    >>> d.log_prob(np.array([0.0, 1.0], np.float32)).array
    array([-0.9189385, -1.4189385], dtype=float32)
    >>> d.entropy.array, d.batch_shape, d.event_shape
    (array([1.4189385, 1.4189385], dtype=float32), (2,), ())
    """

    def __init__(self, loc: Any, scale: Any = None, *, log_scale: Any = None) -> None:
        if not (scale is None) ^ (log_scale is None):
            raise ValueError('Either `scale` or `log_scale` (not both) must have a value.')
        self.__loc = loc
        self.__scale = scale
        self.__log_scale = log_scale

    @cached
    def loc(self) -> Variable:
        return as_variable(self.__loc)

    @cached
    def scale(self) -> Variable:
        if self.__scale is not None:
            return as_variable(self.__scale)
        return F.exp(self.log_scale)

    @cached
    def log_scale(self) -> Variable:
        if self.__log_scale is not None:
            return as_variable(self.__log_scale)
        return F.log(self.scale)

    @property
    def batch_shape(self) -> tuple:
        return self.loc.shape

    @property
    def event_shape(self) -> tuple:
        return ()

    def cdf(self, x: Any) -> Variable:
        return _ndtr((x - self.loc) / self.scale)

    def log_cdf(self, x: Any) -> Variable:
        return _log_ndtr((x - self.loc) / self.scale)

    def survival_function(self, x: Any) -> Variable:
        return _ndtr((self.loc - x) / self.scale)

    def log_survival_function(self, x: Any) -> Variable:
        return _log_ndtr((self.loc - x) / self.scale)

    def icdf(self, x: Any) -> Variable:
        return self.loc + self.scale * _ndtri(utils.as_dtype(x, self.loc.dtype))

    @cached
    def entropy(self) -> Variable:
        return self.log_scale + ENTROPYC

    def log_prob(self, x: Any) -> Variable:
        return LOGPROBC - self.log_scale - 0.5 * (x - self.loc) ** 2 / self.variance

    def prob(self, x: Any) -> Variable:
        return (PROBC / self.scale) * F.exp(-0.5 * (x - self.loc) ** 2 / self.variance)

    @cached
    def mean(self) -> Variable:
        return self.loc

    @property
    def params(self) -> dict:
        return {'loc': self.loc, 'scale': self.scale}

    def sample_n(self, n: int) -> Variable:
        eps = utils.noise_like('normal', self.loc, (n,) + tuple(self.loc.shape))
        return self.loc + self.scale * eps

    @cached
    def stddev(self) -> Variable:
        return self.scale

    @property
    def support(self) -> str:
        return 'real'

    @cached
    def variance(self) -> Variable:
        return self.scale ** 2


# The standard normal cdf, its logarithm and its inverse, made of primitives
# (so differentiable, and compiled under jit).  They compute in float64: in
# float32, 1 + erf(z / sqrt(2)) keeps no digit of a cdf below 1e-7.

def _float64(z: Variable) -> Variable:
    return z if z.dtype == numpy.float64 else F.cast(z, numpy.float64)


def _back(y: Variable, dtype: Any) -> Variable:
    return y if y.dtype == dtype else F.cast(y, dtype)


def _ndtr(z: Variable) -> Variable:
    z64 = _float64(z)
    return _back(0.5 * (1.0 + F.erf(z64 * (1.0 / math.sqrt(2.0)))), z.dtype)


# Below it, log ndtr(z) comes from Laplace's continued fraction of the Mills
# ratio (20 levels: an error under 1e-14 there); above it, from the logarithm
# of ndtr in float64 (a relative error under 1e-9).
_LOG_NDTR_TAIL = -5.0
_LOG_NDTR_LEVELS = 20


def _log_ndtr(z: Variable) -> Variable:
    z64 = _float64(z)
    tail = utils.condition(z64.array < _LOG_NDTR_TAIL)
    # Each branch is computed at a point where it is finite, so that the
    # branch not taken gives no NaN to the gradient.
    zt = F.where(tail, z64, numpy.float64(_LOG_NDTR_TAIL))
    zb = F.where(tail, numpy.float64(0.0), z64)
    t = -zt
    fraction = t
    for k in range(_LOG_NDTR_LEVELS, 0, -1):
        fraction = t + k / fraction
    asymptotic = -0.5 * zt * zt + LOGPROBC - F.log(fraction)
    body = F.log(0.5 * (1.0 + F.erf(zb * (1.0 / math.sqrt(2.0)))))
    return _back(F.where(tail, asymptotic, body), z.dtype)


# Acklam's rational approximations of the inverse (relative error 1.2e-9).
_A = (-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00)
_B = (-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01, 1.0)
_C = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00)
_D = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
      3.754408661907416e+00, 1.0)
_P_LOW = 0.02425


def _horner(coefficients: tuple, x: Variable) -> Variable:
    y = coefficients[0] * x + coefficients[1]
    for c in coefficients[2:]:
        y = y * x + c
    return y


def _ndtri(p: Variable) -> Variable:
    p64 = _float64(p)
    low = utils.condition(p64.array < _P_LOW)
    high = utils.condition(p64.array > 1.0 - _P_LOW)
    q = F.where(low, 0.0, F.where(high, 0.0, p64 - 0.5))
    r = q * q
    central = _horner(_A, r) * q / _horner(_B, r)
    # The tails, each at its own p (clamped into the tail elsewhere).
    t_low = F.sqrt(-2.0 * F.log(F.where(low, p64, _P_LOW)))
    t_high = F.sqrt(-2.0 * F.log(F.where(high, 1.0 - p64, _P_LOW)))
    lower = _horner(_C, t_low) / _horner(_D, t_low)
    upper = -_horner(_C, t_high) / _horner(_D, t_high)
    return _back(F.where(low, lower, F.where(high, upper, central)), p.dtype)


@register_kl(Normal, Normal)
def _kl_normal_normal(dist1: Normal, dist2: Normal) -> Variable:
    return (dist2.log_scale - dist1.log_scale
            + 0.5 * (dist1.variance + (dist1.loc - dist2.loc) ** 2) / dist2.variance
            - 0.5)


__all__ = ['Normal']
