"""Negative sampling loss (Chainer's ``chainer.functions.loss.negative_sampling``).

The loss is made of tapejit's ops (a row lookup, a product summed over the
features, softplus), so its gradients, its double gradients and its compiled
form come from theirs; the samples are a value of the graph, so backward
uses the forward's samples.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of, check_labels_in_range, check_var
from tapejit.functions.array import wide_labels
from tapejit.functions.nn import softplus
from tapejit.functions.reduction import sum as _sum
from tapejit.ops import elementwise as E
from tapejit.ops import structure as S
from tapejit.ops.window import take_rows

# A label equal to this contributes no loss (Chainer's
# NegativeSamplingFunction.ignore_label).
IGNORE_LABEL = -1


def _check_inputs(x: Any, t: Any, W: Any) -> None:
    for what, v in (('x', x), ('t', t), ('W', W)):
        check_var('negative_sampling', v, what)
    xa, ta, wa = array_of(x), array_of(t), array_of(W)
    if xa.dtype.kind != 'f' or len(xa.shape) != 2:
        raise DTypeError(f'negative_sampling: x has dtype {xa.dtype} and shape {xa.shape}; '
                         'expected a floating-point (batch, in_size) matrix')
    if ta.dtype.kind not in 'iu' or len(ta.shape) != 1 or ta.shape[0] != xa.shape[0]:
        raise DTypeError(f'negative_sampling: t has dtype {ta.dtype} and shape {ta.shape}; '
                         f'expected integer labels of shape ({xa.shape[0]},)')
    if wa.dtype != xa.dtype:
        raise DTypeError(f'negative_sampling: x has dtype {xa.dtype} and W {wa.dtype}; '
                         'expected one dtype')
    if len(wa.shape) != 2 or wa.shape[1] != xa.shape[1]:
        raise ShapeError(f'negative_sampling: x has shape {xa.shape} and W {wa.shape}; '
                         f'expected W of shape (vocabulary, {xa.shape[1]})')


def _draw(sampler: Callable, shape: tuple, x: Any) -> Any:
    """The sampler's ids for ``shape``, checked, on ``x``'s device."""
    samples = array_of(sampler(shape))
    if not backends.is_array(samples) and not isinstance(samples, TracedArray):
        raise TypeError(f'negative_sampling: the sampler returned {type(samples).__name__}; '
                        f'expected an integer array of shape {shape}')
    if tuple(samples.shape) != shape or samples.dtype.kind not in 'iu':
        raise DTypeError(f'negative_sampling: the sampler returned an array of dtype '
                         f'{samples.dtype} and shape {tuple(samples.shape)}; expected '
                         f'integer ids of shape {shape}')
    xa = array_of(x)
    if not isinstance(samples, TracedArray) and not isinstance(xa, TracedArray):
        samples = backends.get_device_from_array(xa).send(samples)
    return samples


def negative_sampling(x: Any, t: Any, W: Any, sampler: Callable, sample_size: int,
                      reduce: str = 'sum', *, return_samples: bool = False) -> Any:
    """negative_sampling(x, t, W, sampler, sample_size, reduce='sum', *, \
return_samples=False)

    The negative sampling loss of word2vec: per example ``i``,
    ``softplus(-x_i . W[t_i]) + sum_n softplus(x_i . W[n])`` over
    ``sample_size`` negative ids ``n``.

    ``x`` is ``(batch, in_size)``, ``t`` the ``batch`` integer labels (a
    label of -1 contributes 0) and ``W`` the ``(vocabulary, in_size)``
    weights, of ``x``'s dtype (float16 is computed in float32).  ``sampler``
    takes a shape and returns integer ids of it:
    ``sampler((batch, sample_size + 1))`` is called once, and its first
    column replaced by ``t``.  ``reduce='sum'`` gives the sum, ``'no'`` the
    ``(batch,)`` losses; ``return_samples=True`` also returns the ids used.

    Under :func:`tapejit.jit` a sampler that draws with tapejit's random ops
    (:class:`tapejit.utils.WalkerAlias` does) draws anew at every call, and
    the backward pass uses the forward's samples; a sampler returning a fixed
    array gives that array at every call.

    >>> import numpy as np, tapejit.functions as F
    >>> x = np.ones((2, 3), np.float32)
    >>> W = np.zeros((5, 3), np.float32)
    >>> fixed = lambda shape: np.full(shape, 4, np.int32)
    >>> y, samples = F.negative_sampling(x, np.array([0, 2], np.int32), W, fixed, 2,
    ...                                  reduce='no', return_samples=True)
    >>> y.array, samples
    (array([2.0794415, 2.0794415], dtype=float32), array([[0, 4, 4],
           [2, 4, 4]], dtype=int32))
    """
    if reduce not in ('sum', 'no'):
        raise ValueError("only 'sum' and 'no' are valid for 'reduce', but "
                         f"'{reduce}' is given")
    _check_inputs(x, t, W)
    xa, wa = array_of(x), array_of(W)
    batch, in_size = xa.shape
    sample_size = int(sample_size)
    shape = (batch, sample_size + 1)
    samples = _draw(sampler, shape, x)
    labels = array_of(t)
    if labels.dtype != samples.dtype:
        labels = E.cast(labels, dtype=samples.dtype).array
    xp = backends.get_array_module(xa) if not isinstance(xa, TracedArray) else numpy
    first = xp.asarray((numpy.arange(shape[1]) == 0).reshape(1, shape[1]))
    # The first column holds the positive labels, the others the negatives
    # drawn (as Chainer's, whose samples[:, 0] = t).
    samples = E.where(first, S.reshape(labels, shape=(batch, 1)), samples).array
    keep = E.not_equal(labels, xp.asarray(IGNORE_LABEL, labels.dtype)).array
    # An ignored row looks up row 0, and its loss is multiplied by 0.
    ids = E.where(S.reshape(keep, shape=(batch, 1)), samples,
                  xp.zeros((), samples.dtype)).array
    vocabulary = wa.shape[0]
    check_labels_in_range(
        wide_labels(ids), vocabulary, ValueError,
        lambda got: f'negative_sampling: got id(s) {got} (labels t or samples) for W of '
        f'shape {wa.shape}; expected ids in [0, {vocabulary}) or labels of {IGNORE_LABEL}')

    # float16 is summed in float32, as Chainer's (its mixed precision).
    dtype = numpy.dtype(numpy.float32) if xa.dtype == numpy.float16 else xa.dtype
    xv = x if isinstance(x, Variable) else Variable._make(xa, False)
    wv = W if isinstance(W, Variable) else Variable._make(wa, False)
    if dtype != xa.dtype:
        xv, wv = E.cast(xv, dtype=dtype), E.cast(wv, dtype=dtype)
    w = take_rows(wv, ids)                                        # (batch, k, in_size)
    wx = _sum(w * S.reshape(xv, shape=(batch, 1, in_size)), axis=2)  # (batch, k)
    signs = numpy.ones((1, shape[1]), dtype)
    signs[0, 0] = -1
    loss = _sum(softplus(wx * xp.asarray(signs)), axis=1) * E.cast(keep, dtype=dtype)
    if reduce == 'sum':
        loss = _sum(loss)
    if loss.dtype != xa.dtype:
        loss = E.cast(loss, dtype=xa.dtype)
    return (loss, samples) if return_samples else loss


__all__ = ['negative_sampling']
