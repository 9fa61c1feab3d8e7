"""The linear-chain conditional random field link (Chainer's ``L.CRF1d``)."""

from __future__ import annotations

from typing import Any, Sequence


from tapejit.core.parameter import Parameter
from tapejit.functions.array import transpose_sequence
from tapejit.functions.loss import crf1d as _crf1d
from tapejit.initializers import Zero
from tapejit.links.link import Link
from tapejit.links.rnn import argsort_list_descent


def _permutate_list(lst: Sequence[Any], indices: Any, inv: bool) -> list:
    ret: list = [None] * len(lst)
    for i, ind in enumerate(indices):
        if inv:
            ret[ind] = lst[i]
        else:
            ret[i] = lst[ind]
    return ret


class CRF1d(Link):
    """A linear-chain conditional random field over ``n_label`` labels: its
    parameter ``cost`` (``(n_label, n_label)``, zeros unless ``initial_cost``
    says otherwise) scores each label following each other.

    ``link(xs, ys)`` is :func:`tapejit.functions.crf1d`'s loss and
    ``link.argmax(xs)`` :func:`tapejit.functions.argmax_crf1d`'s best path.
    With ``transpose=True`` they take the sequences batch-major, in any order
    (``xs[i]``: the label scores of sequence ``i``, ``(length_i, n_label)``;
    ``ys[i]``: its labels), and ``argmax`` gives each sequence's path, in the
    order of ``xs``.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> crf = L.CRF1d(3)
    >>> xs = [np.random.rand(n, 3).astype(np.float32) for n in (2, 4)]
    >>> ys = [np.array([0, 1], np.int32), np.array([2, 2, 1, 0], np.int32)]
    >>> crf(xs, ys, transpose=True).shape
    ()
    >>> _, path = crf.argmax(xs, transpose=True)
    >>> [p.shape for p in path]
    [(2,), (4,)]
    """

    def __init__(self, n_label: int, initial_cost: Any = None) -> None:
        super().__init__()
        with self.init_scope():
            self.cost = Parameter(Zero() if initial_cost is None else initial_cost,
                                  (n_label, n_label))

    def forward(self, xs: Sequence[Any], ys: Sequence[Any], reduce: str = 'mean',
                transpose: bool = False) -> Any:
        """The loss of the label sequences ``ys`` (see the class)."""
        if transpose:
            indices = argsort_list_descent(xs)
            xs = transpose_sequence(_permutate_list(xs, indices, inv=False))
            ys = transpose_sequence(_permutate_list(ys, indices, inv=False))
        return _crf1d.crf1d(self.cost, xs, ys, reduce)

    def argmax(self, xs: Sequence[Any], transpose: bool = False) -> tuple:
        """The best path and its score (see the class)."""
        if not transpose:
            return _crf1d.argmax_crf1d(self.cost, xs)
        indices = argsort_list_descent(xs)
        trans_x = transpose_sequence(_permutate_list(xs, indices, inv=False))
        score, path = _crf1d.argmax_crf1d(self.cost, trans_x)
        path = [p.array for p in transpose_sequence(path)]
        return score, _permutate_list(path, indices, inv=True)
