"""The Bernoulli distribution (Chainer's ``chainer.distributions.Bernoulli``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import functions as F
from tapejit.core.variable import Variable, as_variable
from tapejit.distribution import Distribution, cached, register_kl
from tapejit.distributions import utils


def _bernoulli_log_prob(logit: Any, x: Any, binary_check: bool = False) -> Variable:
    """``log P(x)`` of a Bernoulli distribution of log-odds ``logit``: ``x * logit
    - log(1 + exp(logit))``, with ``log(x)`` where ``logit`` is ``+inf`` and
    ``log(1 - x)`` where it is ``-inf``; with ``binary_check``, ``-inf`` where
    ``x`` is neither 0 nor 1.  Differentiable in ``logit``.

    >>> import numpy as np
    >>> _bernoulli_log_prob(np.zeros(2), np.array([0.0, 1.0])).array
    array([-0.69314718, -0.69314718])
    """
    logit = as_variable(logit)
    dtype = logit.dtype
    x = utils.as_dtype(x, dtype)
    inf = numpy.asarray(numpy.inf, dtype)
    # (An infinite logit makes the formula NaN, replaced below; log(0) is
    # -inf, the log-probability of an impossible x: neither is to warn about.)
    with numpy.errstate(divide='ignore', invalid='ignore'):
        # (softplus: log(1 + exp(-logit)) without overflow for a large -logit)
        y = logit * (x - 1) - F.softplus(-logit)
        y = F.where(utils.condition(logit.array == inf),
                    F.log(F.broadcast_to(x, y.shape)), y)
        y = F.where(utils.condition(logit.array == -inf),
                    F.log(1 - F.broadcast_to(x, y.shape)), y)
    if binary_check:
        xs = x.array
        # x * (x - 1) is 0 exactly where x is 0 or 1 (and NaN where x is NaN).
        y = F.where(utils.condition((xs * (xs - 1)) != 0), -inf, y)
    return y


class Bernoulli(Distribution):
    """The Bernoulli distribution, of probability ``p`` of 1 or of log-odds
    ``logit`` (one of the two, not both), elementwise over the parameter's
    shape.  With ``binary_check``, ``log_prob`` and ``prob`` are those of an
    impossible value (``-inf``, 0) where ``x`` is neither 0 nor 1; without
    it, the formula's value.

    >>> import numpy as np
    >>> d = Bernoulli(p=np.array([0.25, 0.5], np.float32))
    >>> d.prob(np.array([1.0, 0.0], np.float32)).array
    array([0.25, 0.5 ], dtype=float32)
    >>> d.mean.array, d.variance.array
    (array([0.25, 0.5 ], dtype=float32), array([0.1875, 0.25  ], dtype=float32))
    """

    def __init__(self, p: Any = None, logit: Any = None, binary_check: bool = False) -> None:
        if not (p is None) ^ (logit is None):
            raise ValueError('Either `p` or `logit` (not both) must have a value.')
        self.__p = p
        self.__logit = logit
        self.binary_check = binary_check

    @cached
    def p(self) -> Variable:
        if self.__p is not None:
            return as_variable(self.__p)
        return F.sigmoid(self.logit)

    @cached
    def logit(self) -> Variable:
        if self.__logit is not None:
            return as_variable(self.__logit)
        with numpy.errstate(divide='ignore'):
            return F.log(self.p) - F.log1p(-self.p)

    @property
    def batch_shape(self) -> tuple:
        return self.p.shape

    @property
    def event_shape(self) -> tuple:
        return ()

    @property
    def entropy(self) -> Variable:
        p = self.p
        q = 1 - p
        return -utils._modified_xlogx(p) - utils._modified_xlogx(q)

    def log_prob(self, x: Any) -> Variable:
        return _bernoulli_log_prob(self.logit, x, self.binary_check)

    @cached
    def mean(self) -> Variable:
        return self.p

    @property
    def params(self) -> dict:
        return {'logit': self.logit}

    def prob(self, x: Any) -> Variable:
        x = utils.as_dtype(x, self.p.dtype)
        prob = x * self.p + (1 - x) * (1 - self.p)
        if self.binary_check:
            xs = x.array
            valid = utils.condition((xs * (xs - 1)) == 0)
            prob = F.where(valid, prob, numpy.zeros((), prob.dtype))
        return prob

    def sample_n(self, n: int) -> Variable:
        """``n`` draws of 0 or 1 (int64, as NumPy's binomial draws them)."""
        p = self.p
        u = utils.noise_like('uniform', p, (n,) + tuple(p.shape))
        return F.cast(u.array < p.array, numpy.int64)

    @cached
    def stddev(self) -> Variable:
        return self.variance ** 0.5

    @property
    def support(self) -> str:
        return '{0, 1}'

    @cached
    def variance(self) -> Variable:
        return self.p * (1 - self.p)


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(dist1: Bernoulli, dist2: Bernoulli) -> Variable:
    return ((dist1.logit - dist2.logit) * (dist1.p - 1.0)
            - F.softplus(-dist1.logit) + F.softplus(-dist2.logit))


__all__ = ['Bernoulli']
