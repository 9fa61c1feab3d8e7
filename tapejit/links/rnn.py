"""The LSTM layer with its state (Chainer's ``links.LSTM``)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy

from tapejit import backends, initializers
from tapejit.core.abstract import TracedArray
from tapejit.core.errors import ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.core.parameter import Parameter
from tapejit.functions.array import concat, get_item, split_axis
from tapejit.functions.rnn import lstm, n_step_bilstm, n_step_lstm
from tapejit.links.link import Chain, ChainList, Link
from tapejit.links.linear import Linear


class LSTMBase(Chain):
    """The weights an LSTM layer has: ``upward`` (``L.Linear(in_size, 4 *
    out_size)``, on the input) and ``lateral`` (``L.Linear(out_size, 4 *
    out_size, nobias=True)``, on the last output).  The forget gate's bias
    starts at 1, the other biases at 0; ``out_size`` alone leaves
    ``in_size`` to the first input."""

    def __init__(self, in_size: Optional[int], out_size: Optional[int] = None,
                 lateral_init: Any = None, upward_init: Any = None, bias_init: Any = None,
                 forget_bias_init: Any = None) -> None:
        if out_size is None:
            in_size, out_size = None, in_size
        super().__init__()
        self.state_size = int(out_size)
        self._inits = (lateral_init, upward_init, 0 if bias_init is None else bias_init,
                       1 if forget_bias_init is None else forget_bias_init)
        with self.init_scope():
            self.upward = Linear(in_size, 4 * self.state_size, initialW=0)
            self.lateral = Linear(self.state_size, 4 * self.state_size, initialW=0,
                                  nobias=True)
        if in_size is not None:
            self._initialize_params()

    def _initialize_params(self) -> None:
        lateral, upward, bias, forget = (initializers.get_initializer(i) for i in self._inits)
        n = self.state_size
        for i in range(0, 4 * n, n):  # each gate's block as its own matrix
            lateral(self.lateral.W.array[i:i + n])
            upward(self.upward.W.array[i:i + n])
        gates = self.upward.b.array.reshape(n, 4)  # a, i, f, o interleaved, as F.lstm reads
        for k, init in enumerate((bias, bias, forget, bias)):
            column = numpy.empty(n, gates.dtype)
            init(column)
            gates[:, k] = column

    def _gate_input(self, x: Any) -> Variable:
        """``upward(x)``, initializing the weights from ``x`` on the first call."""
        if self.upward.W.array is None:
            self.upward._initialize_params(int(numpy.prod(array_of(x).shape[1:])))
            self._initialize_params()
        return self.upward(x)


class StatelessLSTM(LSTMBase):
    """StatelessLSTM(in_size, out_size=None, lateral_init=None, upward_init=None,
    bias_init=None, forget_bias_init=None)

    An LSTM layer that keeps no state: ``forward(c, h, x)`` returns the new
    ``(c, h)`` from the given ones (None: zeros).

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> cell = L.StatelessLSTM(3, 4)
    >>> c, h = cell(None, None, np.ones((2, 3), np.float32))
    >>> c, h = cell(c, h, np.ones((2, 3), np.float32))
    >>> h.shape
    (2, 4)
    """

    def forward(self, c: Any, h: Any, x: Any) -> tuple:
        """One step from the state ``(c, h)`` on ``x``; returns ``(c, h)``."""
        z = self._gate_input(x)
        if h is not None:
            z = z + self.lateral(h)
        if c is None:
            data = array_of(z)
            c = Variable(_xp(data).zeros((data.shape[0], self.state_size), data.dtype),
                         requires_grad=False)
        return lstm(c, z)


def _xp(data: Any) -> Any:
    return numpy if isinstance(data, (numpy.ndarray, TracedArray)) \
        else backends.get_array_module(data)


class LSTM(LSTMBase):
    """LSTM(in_size, out_size=None, lateral_init=None, upward_init=None, bias_init=None,
    forget_bias_init=None)

    A fully connected LSTM layer that keeps its cell state ``c`` and output
    ``h`` between calls: ``y = lstm(c, upward(x) + lateral(h))``
    (:func:`tapejit.functions.lstm`).  ``reset_state()`` starts a new
    sequence; a batch may shrink from one call to the next (sequences sorted
    by decreasing length).  ``c`` and ``h`` are plain attributes, as in
    Chainer: under ``@tapejit.jit`` the compiled step reads the Variables
    they hold at each call and leaves new ones there, with the call's graph,
    so that a backward over several calls (truncated backprop through time)
    reaches back through them as eagerly; a call starting a sequence (reset
    before it) and one continuing it are two plans, each traced once.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> rnn = L.LSTM(3, 4)
    >>> y1 = rnn(np.ones((2, 3), np.float32))
    >>> y2 = rnn(np.ones((2, 3), np.float32))
    >>> y2.shape, rnn.c.shape, y2 is rnn.h
    ((2, 4), (2, 4), True)
    """

    def __init__(self, in_size: Optional[int], out_size: Optional[int] = None,
                 lateral_init: Any = None, upward_init: Any = None, bias_init: Any = None,
                 forget_bias_init: Any = None) -> None:
        super().__init__(in_size, out_size, lateral_init, upward_init, bias_init,
                         forget_bias_init)
        self.reset_state()

    def reset_state(self) -> None:
        """Forget the state: the next call starts a sequence."""
        self.c: Optional[Variable] = None
        self.h: Optional[Variable] = None

    def set_state(self, c: Variable, h: Variable) -> None:
        """Continue from the cell state ``c`` and output ``h``."""
        self.c, self.h = c, h

    def forward(self, x: Any) -> Variable:
        """One step on ``x`` ``(batch, in_size)``; returns the output ``h``."""
        batch = array_of(x).shape[0]
        z = self._gate_input(x)
        h = self.h
        rest = None
        if h is not None:
            size = h.shape[0]
            if size < batch:
                raise TypeError(f'{self._label()}: x has a batch of {batch} but the state '
                                f'has {size}; a batch may only shrink within a sequence')
            head = h
            if size > batch:
                head, rest = split_axis(h, [batch], axis=0)
            z = z + self.lateral(head)
        c = self.c
        if c is None:
            data = array_of(z)
            c = Variable(_xp(data).zeros((batch, self.state_size), data.dtype),
                         requires_grad=False)
        self.c, y = lstm(c, z)
        self.h = y if rest is None else concat([y, rest], axis=0)
        return y


def argsort_list_descent(lst: Sequence[Any]) -> numpy.ndarray:
    """The indices of ``lst``'s items, longest first, ties in the order
    Chainer's ``argsort_list_descent`` gives them (``numpy.argsort``): the
    rows of a time-major batch, and so the rows each dropout mask meets.

    >>> argsort_list_descent([[1], [1, 2, 3], [1, 2]]).tolist()
    [1, 2, 0]
    """
    return numpy.argsort([-len(x) for x in lst]).astype(numpy.int32)


class NStepLSTMBase(ChainList):
    """Stacked LSTM layers over sequences of different lengths (one or two
    directions): a child link per layer and direction with ``w0..w7`` and
    ``b0..b7``, as in Chainer."""

    directions = 1
    n_cells = 2  # (h and c, as Chainer's n_cells says)

    def __init__(self, n_layers: int, in_size: int, out_size: int, dropout: float, *,
                 initialW: Any = None, initial_bias: Any = None) -> None:
        super().__init__()
        w_init = initializers.get_initializer(initialW)
        b_init = initializers.get_initializer(0 if initial_bias is None else initial_bias)
        for layer in range(n_layers):
            for _ in range(self.directions):
                weights = Link()
                with weights.init_scope():
                    for j in range(8):
                        w_in = (out_size if j >= 4 else in_size if layer == 0
                                else out_size * self.directions)
                        setattr(weights, f'w{j}', Parameter(w_init, (out_size, w_in)))
                        setattr(weights, f'b{j}', Parameter(b_init, out_size))
                self.add_link(weights)
        self.n_layers, self.out_size, self.dropout = n_layers, out_size, dropout

    @property
    def ws(self) -> list:
        """Each layer's (and direction's) ``[w0, ..., w7]``."""
        return [[getattr(layer, f'w{j}') for j in range(8)] for layer in self]

    @property
    def bs(self) -> list:
        """Each layer's (and direction's) ``[b0, ..., b7]``."""
        return [[getattr(layer, f'b{j}') for j in range(8)] for layer in self]

    def init_hx(self, xs: Sequence[Any]) -> Variable:
        """Zero initial states for the sequences ``xs``."""
        data = array_of(xs[0])
        return Variable(_xp(data).zeros((self.n_layers * self.directions, len(xs),
                                         self.out_size), data.dtype))

    def _lengths(self, xs: Sequence[Any]) -> list:
        """The length of each sequence in ``xs``, each checked to be
        ``(length >= 1, in_size)``: a sequence without steps has no last state
        to return (Chainer fails on one with an IndexError)."""
        in_size = self[0].w0.shape[1]
        if len(xs) == 0:
            raise ValueError(f'{self._label()}: xs is an empty list; expected at least one '
                             f'sequence of shape (length, {in_size})')
        lengths = []
        for i, x in enumerate(xs):
            shape = tuple(array_of(x).shape)
            if len(shape) != 2 or shape[0] == 0:
                raise ShapeError(f'{self._label()}: sequence xs[{i}] has shape {shape}; '
                                 f'expected (length, {in_size}) with length >= 1 (leave out '
                                 'empty sequences)')
            lengths.append(shape[0])
        return lengths

    def forward(self, hx: Any, cx: Any, xs: Sequence[Any]) -> tuple:
        """Run the sequences ``xs`` from the states ``hx``, ``cx`` ``(n_layers *
        directions, len(xs), out_size)`` (None: zeros); returns ``(hy, cy, ys)``."""
        lengths = self._lengths(xs)
        perm = argsort_list_descent(xs)
        order = perm.tolist()
        hx = get_item(self.init_hx(xs) if hx is None else hx, (slice(None), perm))
        cx = get_item(self.init_hx(xs) if cx is None else cx, (slice(None), perm))
        # Time-major steps: at step t, the rows of the sequences longer than t.
        rows = numpy.cumsum([0] + [lengths[i] for i in order])
        flat = concat([xs[i] for i in order], axis=0)
        steps = [get_item(flat, numpy.array([rows[k] + t for k, i in enumerate(order)
                                             if lengths[i] > t]))
                 for t in range(lengths[order[0]] if xs else 0)]
        run = n_step_lstm if self.directions == 1 else n_step_bilstm
        hy, cy, ys = run(self.n_layers, self.dropout, hx, cx, self.ws, self.bs, steps)
        back = numpy.argsort(perm)
        # Each sequence's outputs, back out of the time-major steps.
        outs = concat(ys, axis=0)
        starts = numpy.cumsum([0] + [array_of(y).shape[0] for y in ys])
        seqs = [get_item(outs, numpy.array([starts[t] + k for t in range(lengths[i])]))
                for k, i in enumerate(order)]
        return (get_item(hy, (slice(None), back)), get_item(cy, (slice(None), back)),
                [seqs[k] for k in back])


class NStepLSTM(NStepLSTMBase):
    """NStepLSTM(n_layers, in_size, out_size, dropout, *, initialW=None, initial_bias=None)

    A stack of ``n_layers`` LSTM layers over a batch of sequences of different
    lengths: :func:`tapejit.functions.n_step_lstm` with each layer's weights.
    ``forward(hx, cx, xs)`` takes the sequences ``xs`` (a list of arrays
    ``(length_i, in_size)``, in any order) and the initial states (``None``:
    zeros) and returns ``(hy, cy, ys)``, ``ys`` the outputs of each sequence.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> rnn = L.NStepLSTM(2, 3, 4, 0.0)
    >>> hy, cy, ys = rnn(None, None, [np.ones((5, 3), np.float32), np.ones((2, 3), np.float32)])
    >>> hy.shape, [y.shape for y in ys]
    ((2, 2, 4), [(5, 4), (2, 4)])
    """


class NStepBiLSTM(NStepLSTMBase):
    """NStepBiLSTM(n_layers, in_size, out_size, dropout, *, initialW=None, initial_bias=None)

    :class:`NStepLSTM` running each layer forward and backward in time
    (:func:`tapejit.functions.n_step_bilstm`): the states are ``(2 *
    n_layers, batch, out_size)`` and each output ``(length_i, 2 * out_size)``.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> rnn = L.NStepBiLSTM(1, 3, 4, 0.0)
    >>> hy, cy, ys = rnn(None, None, [np.ones((5, 3), np.float32)])
    >>> hy.shape, ys[0].shape
    ((2, 1, 4), (5, 8))
    """

    directions = 2
