"""The LSTM layer with its state (Chainer's ``links.LSTM``)."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import backends, initializers
from tapejit.core.abstract import TracedArray, TraceError, where_in_user_code
from tapejit.core.config import config
from tapejit.core.variable import Variable
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
    input.  The forget gate's bias starts at 1, the other biases at 0.

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
        self.c: Optional[Variable] = None
        self.h: Optional[Variable] = None
        # (The trace this happened in: a jitted function must start its
        # sequences itself, see ``_check_traced_state``.)
        self._reset_in = config.trace

    def set_state(self, c: Variable, h: Variable) -> None:
        """Continue from the cell state ``c`` and output ``h``."""
        self.c, self.h = c, h

    def _check_traced_state(self) -> None:
        """Under ``@tapejit.jit`` the state must be reset inside the jitted
        function: a compiled step cannot yet carry the state of one call into
        the next, and would silently start from its traced state instead."""
        tr = config.trace
        if tr is not None and self._reset_in is not tr:
            raise TraceError(
                f'{self._label()}: called by a jitted function at {where_in_user_code()} '
                'without reset_state() inside that function; a compiled step cannot carry '
                "the LSTM's state from one call to the next yet: call reset_state() at the "
                'start of the jitted step (one sequence per call), or run the step eagerly')

    def forward(self, x: Any) -> Variable:
        """One step on ``x`` ``(batch, in_size)``; returns the output ``h``."""
        self._check_traced_state()
        if self.upward.W.array is None:
            self.upward._initialize_params(int(numpy.prod(array_of(x).shape[1:])))
            self._initialize_params()
        batch = array_of(x).shape[0]
        z = self.upward(x)
        rest = None
        if self.h is not None:
            size = self.h.shape[0]
            if size < batch:
                raise ValueError(f'{self._label()}: x has a batch of {batch} but the state '
                                 f'has {size}; a batch may only shrink within a sequence')
            head = self.h
            if size > batch:
                head, rest = split_axis(self.h, [batch], axis=0)
            z = z + self.lateral(head)
        if self.c is None:
            data = array_of(z)
            xp = numpy if isinstance(data, (numpy.ndarray, TracedArray)) \
                else backends.get_array_module(data)
            zeros = xp.zeros((batch, self.state_size), data.dtype)
            self.c = Variable(zeros, requires_grad=False)
        self.c, y = lstm(self.c, z)
        self.h = y if rest is None else concat([y, rest], axis=0)
        return y
