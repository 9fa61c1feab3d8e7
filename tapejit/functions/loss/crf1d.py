"""The linear-chain conditional random field's loss and best path (Chainer's
``F.crf1d`` and ``F.argmax_crf1d``), made of differentiable functions.

Both take the sequences time-major, as :func:`~tapejit.functions.transpose_sequence`
gives them: ``xs[t]`` holds the label scores, of shape ``(batch_t, n_label)``,
of the ``t``-th element of each sequence long enough (the longest first, so
``batch_t`` never grows), and ``cost[i, j]`` is the score of label ``j``
following label ``i``.
"""

from __future__ import annotations

from typing import Any, Sequence

from tapejit.core.errors import ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.functions.array import broadcast, concat, reshape, select_item, split_axis
from tapejit.functions.connection import embed_id
from tapejit.functions.reduction import argmax, logsumexp
from tapejit.functions.reduction import max as _max
from tapejit.functions.reduction import sum as _sum


def _check(name: str, cost: Any, xs: Sequence[Any]) -> None:
    shape = array_of(cost).shape
    if len(shape) != 2 or shape[0] != shape[1]:
        raise ShapeError(f'{name}: cost has shape {shape}; expected (n_label, n_label)')
    if not xs:
        raise ShapeError(f'{name}: xs is empty; expected one array per time step')
    batches = []
    for t, x in enumerate(xs):
        s = array_of(x).shape
        if len(s) != 2 or s[1] != shape[0]:
            raise ShapeError(f'{name}: xs[{t}] has shape {s}; expected (batch, {shape[0]})')
        batches.append(s[0])
    if any(a < b for a, b in zip(batches, batches[1:])):
        raise ShapeError(f'{name}: the batch sizes of the time steps {batches} grow; the '
                         'sequences must be sorted longest first (F.transpose_sequence)')


def crf1d(cost: Any, xs: Sequence[Any], ys: Sequence[Any], reduce: str = 'mean') -> Variable:
    """The negative log-likelihood of the label sequences ``ys`` (``ys[t]``:
    integer labels of shape ``(batch_t,)``): ``log Z - score(ys)``, per
    sequence (``reduce='no'``) or summed and divided by the number of
    sequences (``'mean'``).

    >>> import numpy as np, tapejit.functions as F
    >>> cost = np.zeros((2, 2), np.float32)
    >>> xs = [np.zeros((1, 2), np.float32)] * 3
    >>> ys = [np.zeros(1, np.int32)] * 3
    >>> round(float(F.crf1d(cost, xs, ys).array), 6), round(float(np.log(8)), 6)  # 1 path of 8
    (2.079442, 2.079442)
    """
    if reduce not in ('mean', 'no'):
        raise ValueError(f"only 'mean' and 'no' are valid for 'reduce', but '{reduce}' is "
                         'given')
    _check('crf1d', cost, xs)
    if len(ys) != len(xs):
        raise ShapeError(f'crf1d: {len(xs)} time steps of scores and {len(ys)} of labels')
    n_label = array_of(cost).shape[0]
    n_batch = array_of(xs[0]).shape[0]
    # log Z by the forward algorithm; a sequence that ends leaves its alpha aside.
    alpha = xs[0]
    alphas = []
    for x in xs[1:]:
        batch = array_of(x).shape[0]
        if array_of(alpha).shape[0] > batch:
            alpha, rest = split_axis(alpha, [batch], axis=0)
            alphas.append(rest)
        b_alpha, b_cost = broadcast(alpha[..., None], cost)
        alpha = logsumexp(b_alpha + b_cost, axis=1) + x
    if alphas:
        alphas.append(alpha)
        alpha = concat(alphas[::-1], axis=0)
    logz = logsumexp(alpha, axis=1)
    # The score of the given path: its label scores and transition costs.
    flat_cost = reshape(cost, (n_label * n_label, 1))
    score = select_item(xs[0], ys[0])
    scores = []
    for x, y, y_prev in zip(xs[1:], ys[1:], ys[:-1]):
        batch = array_of(x).shape[0]
        if array_of(score).shape[0] > batch:
            y_prev, _ = split_axis(y_prev, [batch], axis=0)
            score, rest = split_axis(score, [batch], axis=0)
            scores.append(rest)
        score = score + (select_item(x, y)
                         + reshape(embed_id(y_prev * n_label + y, flat_cost), (batch,)))
    if scores:
        scores.append(score)
        score = concat(scores[::-1], axis=0)
    loss = logz - score
    if reduce == 'mean':
        return _sum(loss) / n_batch
    return loss


def argmax_crf1d(cost: Any, xs: Sequence[Any]) -> tuple:
    """The best label path (Viterbi) and its score: ``(score, path)``, ``score``
    of shape ``(batch,)`` in the order of ``xs[0]`` and ``path`` a list of
    label arrays, one per time step, ``path[t]`` of shape ``(batch_t,)``.

    >>> import numpy as np, tapejit.functions as F
    >>> cost = np.array([[0, -5], [-5, 0]], np.float32)  # changing label costs 5
    >>> xs = [np.array([[1, 0]], np.float32), np.array([[0, 2]], np.float32)]
    >>> score, path = F.argmax_crf1d(cost, xs)  # 1 then 1: 0 + 2, the best of four
    >>> score.array, [p.tolist() for p in path]
    (array([2.], dtype=float32), [[1], [1]])
    """
    _check('argmax_crf1d', cost, xs)
    alpha = xs[0]
    alphas: list = []
    max_inds = []
    for x in xs[1:]:
        batch = array_of(x).shape[0]
        if array_of(alpha).shape[0] > batch:
            alpha, rest = split_axis(alpha, [batch], axis=0)
            alphas.append(rest)
        else:
            alphas.append(None)
        b_alpha, b_cost = broadcast(alpha[..., None], cost)
        scores = b_alpha + b_cost
        max_inds.append(argmax(scores, axis=1))
        alpha = _max(scores, axis=1) + x
    inds = argmax(alpha, axis=1)
    path = [inds.array]
    for m, a in zip(max_inds[::-1], alphas[::-1]):
        inds = select_item(m, inds)
        if a is not None:
            inds = concat([inds, argmax(a, axis=1)], axis=0)
        path.append(inds.array)
    path.reverse()
    score = _max(alpha, axis=1)
    for a in alphas[::-1]:
        if a is not None:
            score = concat([score, _max(a, axis=1)], axis=0)
    return score, path
