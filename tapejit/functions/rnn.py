"""The LSTM cell as a function, with Chainer's signature (``chainer.functions.rnn``)."""

from __future__ import annotations

from typing import Any, Sequence

import numpy

from tapejit.core.errors import DTypeError, ShapeError
from tapejit.functions._fused_eager import fused_when_eager
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
    (array([[0.7616]]), array([[0.642]]))
    """
    (c_prev, x), _ = _floats('lstm', c_prev=c_prev, x=x)
    cs, xs = array_of(c_prev).shape, array_of(x).shape
    if len(cs) < 2 or len(xs) != len(cs) or xs[1] != 4 * cs[1] or xs[2:] != cs[2:] \
            or xs[0] > cs[0]:
        raise ShapeError(f'lstm: c_prev has shape {cs} and x {xs}; expected x of shape '
                         f'(b, {4 * cs[1] if len(cs) > 1 else "4H"}, ...) with b <= '
                         f'{cs[0] if cs else "B"} and the trailing axes of c_prev')
    if array_of(x).dtype == numpy.float32:
        return _fused_cell(c_prev, x)
    return _cell(c_prev, x)


def _cell(c_prev: Any, x: Any) -> tuple:
    """:func:`lstm`'s ``(c, h)`` of arguments it checked."""
    cs, xs = array_of(c_prev).shape, array_of(x).shape
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


# Eagerly, the cell's dozen primitives and the two dozen of its backward
# pass are each a NumPy call and a node of the graph; its compiled plan is
# two calls, which cost less from gate sources of a few thousand elements
# on.  float32 only: a plan's float64 tanh calls the C library element by
# element (tapejit.targets.cpu.vecmath has float32 forms), NumPy's may not.
CELL_LEAST = 4096
_fused_cell = fused_when_eager(least=CELL_LEAST)(_cell)


def _gates(w: Sequence[Any], b: Sequence[Any]) -> tuple:
    """One layer's weights in the layout :func:`lstm` reads (a, i, f, o of
    each unit side by side): Chainer's ``w0..w3`` (input, forget, cell, output
    gates, on the input) and ``w4..w7`` (the same, on the state)."""
    order = (2, 0, 1, 3)  # a, i, f, o
    hidden = array_of(w[0]).shape[0]

    def interleave(mats: list) -> Any:
        stacked = S.concat(*[S.reshape(m, shape=(hidden, 1) + array_of(m).shape[1:])
                             for m in mats], axis=1)
        return S.reshape(stacked, shape=(4 * hidden,) + array_of(mats[0]).shape[1:])
    wx = interleave([w[k] for k in order])
    wh = interleave([w[k + 4] for k in order])
    bias = interleave([b[k] + b[k + 4] for k in order])
    return wx, wh, bias


def n_step_lstm(n_layers: int, dropout_ratio: float, hx: Any, cx: Any, ws: Sequence,
                bs: Sequence, xs: Sequence) -> tuple:
    """A stacked LSTM over time-major inputs, with Chainer's signature.

    ``xs`` holds one array per time step, ``(B_t, in_size)`` with ``B_t``
    not increasing (the sequences sorted by decreasing length); ``hx`` and
    ``cx`` are ``(n_layers, B, H)``; ``ws[l]`` are layer ``l``'s eight
    matrices (``w0..w3`` on its input, ``w4..w7`` on its state, for the
    input, forget, cell and output gates) and ``bs[l]`` its eight biases.
    Returns ``(hy, cy, ys)``: the last states and the top layer's outputs
    per step.  ``dropout_ratio`` drops the inputs of every layer but the
    first (in train mode).

    >>> import numpy as np, tapejit.functions as F
    >>> ws = [[np.zeros((2, 3))] * 4 + [np.zeros((2, 2))] * 4]
    >>> bs = [[np.zeros(2)] * 8]
    >>> hy, cy, ys = F.n_step_lstm(1, 0.0, np.zeros((1, 1, 2)), np.zeros((1, 1, 2)), ws,
    ...                            bs, [np.ones((1, 3))])
    >>> hy.shape, len(ys), ys[0].shape
    ((1, 1, 2), 1, (1, 2))
    """
    return _n_step('n_step_lstm', n_layers, 1, dropout_ratio, hx, cx, ws, bs, xs)


def n_step_bilstm(n_layers: int, dropout_ratio: float, hx: Any, cx: Any, ws: Sequence,
                  bs: Sequence, xs: Sequence) -> tuple:
    """A stacked bidirectional LSTM, with Chainer's signature: as
    :func:`n_step_lstm`, each layer running forward (``ws[2 * l]``) and
    backward in time (``ws[2 * l + 1]``) from ``hx[2 * l]`` and ``hx[2 * l + 1]``;
    a layer's outputs (and the next layer's inputs) are both directions'
    outputs side by side, ``(B_t, 2 * H)``.

    >>> import numpy as np, tapejit.functions as F
    >>> ws = [[np.zeros((2, 3))] * 4 + [np.zeros((2, 2))] * 4] * 2
    >>> bs = [[np.zeros(2)] * 8] * 2
    >>> hy, cy, ys = F.n_step_bilstm(1, 0.0, np.zeros((2, 1, 2)), np.zeros((2, 1, 2)), ws,
    ...                              bs, [np.ones((1, 3))])
    >>> hy.shape, ys[0].shape
    ((2, 1, 2), (1, 4))
    """
    return _n_step('n_step_bilstm', n_layers, 2, dropout_ratio, hx, cx, ws, bs, xs)


def _n_step(name: str, n_layers: int, directions: int, dropout_ratio: float, hx: Any,
            cx: Any, ws: Sequence, bs: Sequence, xs: Sequence) -> tuple:
    from tapejit.functions.array import stack
    from tapejit.functions.nn import dropout
    dts = {array_of(v).dtype for v in [hx, cx, *xs]}
    if len(dts) != 1 or next(iter(dts)).kind != 'f':
        raise DTypeError(f'{name}: hx, cx and xs have dtypes {sorted(map(str, dts))}; '
                         'expected one floating dtype')
    sizes = [array_of(x).shape[0] for x in xs]
    if any(b > a for a, b in zip(sizes, sizes[1:])):
        raise ValueError(f'{name}: the batch sizes of the steps are {sizes}; expected '
                         'them not to increase (sequences sorted by decreasing length)')
    if len(ws) != n_layers * directions or len(bs) != n_layers * directions:
        raise ValueError(f'{name}: {len(ws)} weight and {len(bs)} bias lists for '
                         f'{n_layers} layers of {directions} direction(s)')
    hy, cy = [], []
    for layer in range(n_layers):
        outs = []
        for d in range(directions):
            # (Each direction its own masks, drawn as it starts: Chainer's order.)
            xd = ([dropout(x, dropout_ratio) for x in xs] if layer > 0 and dropout_ratio > 0
                  else xs)
            k = layer * directions + d
            h, c, ys = _direction(xd, sizes, S.get_item(hx, slices=(k,)),
                                  S.get_item(cx, slices=(k,)), ws[k], bs[k], d == 1)
            hy.append(h)
            cy.append(c)
            outs.append(ys)
        xs = outs[0] if directions == 1 else [S.concat(f, b, axis=1) for f, b in zip(*outs)]
    return stack(hy), stack(cy), list(xs)


def _direction(xs: list, sizes: list, h: Any, c: Any, w: Sequence, b: Sequence,
               backward: bool) -> tuple:
    """One layer in one direction: (last h, last c, the outputs per step).

    The state has a row per sequence and step ``t`` updates the first
    ``sizes[t]`` rows; backward in time, a sequence's rows wait with their
    initial state until its last element comes."""
    from tapejit.functions.array import split_axis
    from tapejit.functions.nn import linear
    wx, wh, bias = _gates(w, b)
    # The input's share of the gates for all steps at once: one product.
    zs = split_axis(linear(S.concat(*xs, axis=0), wx, bias),
                    list(numpy.cumsum(sizes)[:-1]), axis=0, force_tuple=True)
    ys: list = [None] * len(xs)
    order = range(len(xs) - 1, -1, -1) if backward else range(len(xs))
    for t in order:
        bt, rows = sizes[t], array_of(h).shape[0]
        head = h if bt == rows else S.get_item(h, slices=(slice(0, bt),))
        c, y = lstm(c, zs[t] + linear(head, wh))
        h = y if bt == rows else S.concat(y, S.get_item(h, slices=(slice(bt, None),)), axis=0)
        ys[t] = y
    return h, c, ys

__all__ = ['lstm', 'n_step_bilstm', 'n_step_lstm']
