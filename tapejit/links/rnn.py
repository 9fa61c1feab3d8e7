"""The LSTM layer with its state (Chainer's ``links.LSTM``)."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends, initializers
from tapejit.core.abstract import TracedArray
from tapejit.core.config import config
from tapejit.core.variable import StateVariable, Variable
from tapejit.functions._util import array_of
from tapejit.functions.array import concat, split_axis
from tapejit.functions.rnn import lstm
from tapejit.links.link import Chain
from tapejit.links.linear import Linear


class LSTM(Chain):
    """LSTM(in_size, out_size=None, lateral_init=None, upward_init=None, bias_init=None,
    forget_bias_init=None)

    A fully connected LSTM layer that keeps its cell state ``c`` and output
    ``h`` between calls: ``y = lstm(c, upward(x) + lateral(h))``
    (:func:`tapejit.functions.lstm`).  ``reset_state()`` starts a new
    sequence; a batch may shrink from one call to the next (sequences sorted
    by decreasing length).  ``LSTM(out_size)`` takes ``in_size`` from the first
    input.  The forget gate's bias starts at 1, the other biases at 0.  Under
    ``@tapejit.jit`` the compiled step reads the state left by the previous
    call and writes its own back (``c`` and ``h`` are then concrete again
    after the call), unless it calls ``reset_state()`` itself.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> rnn = L.LSTM(3, 4)
    >>> y1 = rnn(np.ones((2, 3), np.float32))
    >>> y2 = rnn(np.ones((2, 3), np.float32))
    >>> y2.shape, rnn.c.shape
    ((2, 4), (2, 4))
    """

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
        # (c, h) as a compiled call reads and writes them, and a flag it sets.
        self._held: Optional[tuple] = None
        self._entered: Any = None           # the trace of the last traced step
        self.reset_state()

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

    def reset_state(self) -> None:
        """Forget the state: the next call starts a sequence."""
        self._state: Optional[tuple] = None  # (c, h) of the current sequence
        self._reset_in = config.trace  # (a jitted call that starts its own sequences)
        if self._held is not None and config.trace is None:
            for v in self._held:  # (the live flag too: no compiled call since)
                v._data = v._data * 0

    @property
    def c(self) -> Optional[Variable]:
        """The cell state (None at the start of a sequence)."""
        return self._current(0)

    @property
    def h(self) -> Optional[Variable]:
        """The last output (None at the start of a sequence)."""
        return self._current(1)

    def set_state(self, c: Variable, h: Variable) -> None:
        """Continue from the cell state ``c`` and output ``h``."""
        self._state = (c, h)
        self._mirror()

    def _current(self, k: int) -> Optional[Variable]:
        state, held = self._state, self._held
        if state is None:
            # A compiled call since the last reset wrote its final state here.
            live = held is not None and config.trace is None and bool(held[2]._data)
            return held[k] if live else None
        v = state[k]
        d = v._data
        if d.__class__ is TracedArray and d.trace is not config.trace:
            # Left by a compiled call, which wrote its final state here.
            return self._held[k]
        return v

    def _mirror(self) -> None:
        """Copy the state into the held Variables a compiled call reads and
        writes (an assignment each under ``jit``, replayed after every call)."""
        held = self._held
        if held is None or self._state is None:
            return
        for v, s in zip(held, self._state):
            if config.trace is None:
                v._data = s._data
            elif v is not s:
                v.array = s.array
        if config.trace is not None:
            held[2].array = held[2].array * 0 + 1

    def _enter_trace(self, batch: int, dtype: Any, xp: Any) -> None:
        """At the first step of a traced call: hold the state in state
        Variables, which the compiled call reads on every call (continuing
        the sequence, unless it resets it itself) and writes back."""
        tr = config.trace
        self._entered = tr
        shape = (batch, self.state_size)
        if self._held is None:
            self._held = (StateVariable(xp.zeros(shape, dtype)),
                          StateVariable(xp.zeros(shape, dtype)),
                          StateVariable(xp.zeros((), numpy.int8)))  # written by a call
        if self._reset_in is tr:
            return
        hc, hh = self._held[:2]
        c, h = self.c, self.h
        # (Set before the trace reads them: what they hold at each call.)
        if c is None:
            hc._data, hh._data = xp.zeros(shape, dtype), xp.zeros(shape, dtype)
        elif c is not hc:
            hc._data, hh._data = c._data, h._data
        self._state = (hc, hh)

    def forward(self, x: Any) -> Variable:
        """One step on ``x`` ``(batch, in_size)``; returns the output ``h``."""
        if self.upward.W.array is None:
            self.upward._initialize_params(int(numpy.prod(array_of(x).shape[1:])))
            self._initialize_params()
        batch = array_of(x).shape[0]
        z = self.upward(x)
        data = array_of(z)
        xp = numpy if isinstance(data, (numpy.ndarray, TracedArray)) \
            else backends.get_array_module(data)
        if config.trace is not None and self._entered is not config.trace:
            self._enter_trace(batch, data.dtype, xp)
        c, h = self.c, self.h
        rest = None
        if h is not None:
            size = h.shape[0]
            if size < batch:
                raise ValueError(f'{self._label()}: x has a batch of {batch} but the state '
                                 f'has {size}; a batch may only shrink within a sequence')
            head = h
            if size > batch:
                head, rest = split_axis(h, [batch], axis=0)
            z = z + self.lateral(head)
        if c is None:
            c = Variable(xp.zeros((batch, self.state_size), data.dtype), requires_grad=False)
        c, y = lstm(c, z)
        self._state = (c, y if rest is None else concat([y, rest], axis=0))
        self._mirror()
        return y
