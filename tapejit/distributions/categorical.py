"""The categorical distribution (Chainer's ``chainer.distributions.Categorical``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import functions as F
from tapejit.core.variable import Variable, as_variable
from tapejit.distribution import Distribution, cached, register_kl
from tapejit.distributions import utils
from tapejit.functions._util import array_of


class Categorical(Distribution):
    """The distribution of an index ``i`` drawn with probability ``p[..., i]``,
    given by ``p`` (summing to 1 over the last axis) or by ``logit`` (``log p``
    up to a constant: its softmax): one of the two, not both.  The last axis is
    the categories'; the others are ``batch_shape``.

    >>> import numpy as np
    >>> d = Categorical(np.array([[0.5, 0.25, 0.25]], np.float32))
    >>> d.batch_shape, d.log_prob(np.array([[0], [2]])).array
    ((1,), array([[-0.6931472],
           [-1.3862944]], dtype=float32))
    >>> d.entropy.array
    array([1.0397208], dtype=float32)
    """

    def __init__(self, p: Any = None, *, logit: Any = None) -> None:
        if not (p is None) ^ (logit is None):
            raise ValueError('Either `p` or `logit` (not both) must have a value.')
        self.__p = p
        self.__logit = logit

    @cached
    def p(self) -> Variable:
        if self.__p is not None:
            return as_variable(self.__p)
        return F.exp(self.log_p)

    @cached
    def log_p(self) -> Variable:
        if self.__p is not None:
            with numpy.errstate(divide='ignore'):
                return F.log(self.__p)
        return F.log_softmax(self.__logit, axis=-1)

    @property
    def batch_shape(self) -> tuple:
        return self.p.shape[:-1]

    @property
    def event_shape(self) -> tuple:
        return ()

    @cached
    def entropy(self) -> Variable:
        return -F.sum(utils._modified_xlogx(self.p), axis=-1)

    def log_prob(self, x: Any) -> Variable:
        """``log p[..., x]``: ``x`` holds indices, of shape ``sample_shape +
        batch_shape``."""
        index = array_of(x).astype(numpy.int32)
        k = self.log_p.shape[-1]
        log_p = F.broadcast_to(self.log_p, tuple(index.shape) + (k,))
        picked = F.select_item(F.reshape(log_p, (-1, k)), index.reshape(-1))
        return F.reshape(picked, index.shape)

    @property
    def params(self) -> dict:
        return {'p': self.p}

    def sample_n(self, n: int) -> Variable:
        """``n`` draws of an index (int64, as NumPy's ``choice`` draws them)."""
        # The Gumbel-max trick: the index of the largest log p + Gumbel noise
        # is drawn with probability p (one draw of n * batch * k uniforms,
        # which a compiled function makes anew at every call).
        log_p = self.log_p
        u = utils.noise_like('uniform', log_p, (n,) + tuple(log_p.shape))
        with numpy.errstate(divide='ignore'):
            gumbel = -F.log(-F.log(u))
        return F.cast(F.argmax(log_p.array + gumbel.array, axis=-1), numpy.int64)


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(dist1: Categorical, dist2: Categorical) -> Variable:
    return F.sum(dist1.p * (dist1.log_p - dist2.log_p), axis=-1)


__all__ = ['Categorical']
