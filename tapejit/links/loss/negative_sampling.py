"""``NegativeSampling`` (Chainer's ``links.NegativeSampling``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.core.config import get_dtype
from tapejit.core.parameter import Parameter
from tapejit.functions.loss import negative_sampling
from tapejit.links.link import Link
from tapejit.utils.walker_alias import WalkerAlias


class NegativeSampling(Link):
    """NegativeSampling(in_size, counts, sample_size, power=0.75, dtype=None)

    The negative sampling loss of word2vec with its weights ``W``
    ``(len(counts), in_size)`` (zeros at first) and its sampler:
    ``sampler`` is a :class:`~tapejit.utils.WalkerAlias` drawing word ``i``
    with probability proportional to ``counts[i] ** power``.  See
    :func:`tapejit.functions.negative_sampling`; under :func:`tapejit.jit`
    the negatives are drawn anew at every call.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> ns = L.NegativeSampling(3, [10, 5, 2, 5, 2], sample_size=2)
    >>> ns.W.shape
    (5, 3)
    >>> loss, samples = ns(np.ones((4, 3), np.float32), np.array([0, 1, 2, 3], np.int32),
    ...                    return_samples=True)
    >>> round(float(loss.array), 4), samples.shape  # 4 * 3 * log(2): W is 0
    (8.3178, (4, 3))
    """

    _device_resident_attributes = ('sampler',)

    def __init__(self, in_size: int, counts: Any, sample_size: int, power: float = 0.75,
                 dtype: Any = None) -> None:
        super().__init__()
        dtype = get_dtype(dtype)
        vocab_size = len(counts)
        self.sample_size = sample_size
        power = dtype.type(power)
        p = numpy.array(counts, dtype)
        numpy.power(p, power, p)
        self.sampler = WalkerAlias(p)
        with self.init_scope():
            self.W = Parameter(0, (vocab_size, in_size))

    def forward(self, x: Any, t: Any, reduce: str = 'sum', *,
                return_samples: bool = False) -> Any:
        """forward(x, t, reduce='sum', *, return_samples=False)

        The loss of the inputs ``x`` ``(batch, in_size)`` for the labels
        ``t`` (``'sum'``, or per example with ``reduce='no'``), and the
        ``(batch, sample_size + 1)`` ids used with ``return_samples=True``.
        """
        # (Looked up at each call, so that a replaced module function is used.)
        return negative_sampling.negative_sampling(
            x, t, self.W, self.sampler.sample, self.sample_size, reduce=reduce,
            return_samples=return_samples)


__all__ = ['NegativeSampling']
