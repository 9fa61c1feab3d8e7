"""The LSTM cell as a function, with Chainer's signature (``chainer.functions.rnn``)."""

from __future__ import annotations

from typing import Any

from tapejit.core.errors import ShapeError
from tapejit.functions._util import array_of
from tapejit.functions.connection import _floats
from tapejit.ops import elementwise as E
from tapejit.ops import structure as S


def lstm(c_prev: Any, x: Any) -> tuple:
    """One LSTM step: from the cell state ``c_prev`` ``(B, H, ...)`` and the
    gate sources ``x`` ``(b, 4H, ...)`` (``b <= B``), the new cell state and
    output ``(c, h)``:

    ``c = tanh(a) * sigmoid(i) + c_prev * sigmoid(f)``, ``h = tanh(c) * sigmoid(o)``,

    where ``a, i, f, o`` interleave along axis 1 as in Chainer (``x`` reshaped
    to ``(b, H, 4, ...)``).  Where ``b < B`` only the first ``b`` rows of the
    state are updated (sequences sorted by decreasing length); ``h`` has ``b``
    rows.

    >>> import numpy as np, tapejit.functions as F
    >>> c, h = F.lstm(np.zeros((1, 1)), np.array([[1.0, 100.0, 0.0, 100.0]]))
    >>> np.round(c.array, 4), np.round(h.array, 4)
    (array([[0.7616]]), array([[0.6420]]))
    """
    (c_prev, x), _ = _floats('lstm', c_prev=c_prev, x=x)
    cs, xs = array_of(c_prev).shape, array_of(x).shape
    if len(cs) < 2 or len(xs) != len(cs) or xs[1] != 4 * cs[1] or xs[2:] != cs[2:] \
            or xs[0] > cs[0]:
        raise ShapeError(f'lstm: c_prev has shape {cs} and x {xs}; expected x of shape '
                         f'(b, {4 * cs[1] if len(cs) > 1 else "4H"}, ...) with b <= '
                         f'{cs[0] if cs else "B"} and the trailing axes of c_prev')
    b = xs[0]
    gates = S.reshape(x, shape=(b, cs[1], 4) + tuple(xs[2:]))

    def gate(k: int) -> Any:
        return S.get_item(gates, slices=(slice(None), slice(None), k))
    a, i, f, o = E.tanh(gate(0)), E.sigmoid(gate(1)), E.sigmoid(gate(2)), E.sigmoid(gate(3))
    head = c_prev if b == cs[0] else S.get_item(c_prev, slices=(slice(0, b),))
    c = a * i + head * f
    h = E.tanh(c) * o
    if b < cs[0]:
        c = S.concat(c, S.get_item(c_prev, slices=(slice(b, None),)), axis=0)
    return c, h


__all__ = ['lstm']
