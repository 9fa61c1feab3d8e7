"""``Linear``: the fully connected layer (Chainer's ``links.Linear``)."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit import initializers
from tapejit.core.errors import ShapeError
from tapejit.core.parameter import Parameter
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.functions.nn import check_bias_dtype, linear
from tapejit.links.link import Link


class Linear(Link):
    """Linear(in_size, out_size=None, nobias=False, initialW=None, initial_bias=None)

    ``y = x W^T + b`` with ``W`` of shape ``(out_size, in_size)`` and ``b`` of
    shape ``(out_size,)``.

    ``Linear(out_size)`` or ``Linear(None, out_size)`` leaves ``in_size`` to
    the first input: ``W`` is initialized on the first call from the number of
    features past the batch axes.  ``W`` defaults to LeCun normal
    initialization (``numpy.random``; seed it for reproducible weights) and
    ``b`` to zeros.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> l = L.Linear(3, 2)
    >>> l.W.shape, l.b.shape
    ((2, 3), (2,))
    >>> lazy = L.Linear(None, 2)
    >>> lazy.W.array is None
    True
    >>> lazy(np.ones((4, 5), np.float32)).shape, lazy.W.shape
    ((4, 2), (2, 5))
    """

    def __init__(self, in_size: Optional[int], out_size: Optional[int] = None,
                 nobias: bool = False, initialW: Any = None,
                 initial_bias: Any = None) -> None:
        super().__init__()
        if out_size is None:
            in_size, out_size = None, in_size
        if out_size is None:
            raise ValueError('Linear: out_size is required (Linear(in_size, out_size), or '
                             'Linear(out_size) to take in_size from the first input)')
        self.in_size = in_size
        # (A tuple is taken, as Chainer takes it: the bias gets that shape,
        # and W, which needs an int, is refused when it is initialized.)
        self.out_size = (tuple(int(d) for d in out_size) if isinstance(out_size, tuple)
                         else int(out_size))
        with self.init_scope():
            self.W = Parameter(initializers.get_initializer(initialW))
            if in_size is not None:
                self._initialize_params(in_size)
            if nobias:
                self.b = None
            else:
                bias_init = initializers.get_initializer(
                    0 if initial_bias is None else initial_bias)
                self.b = Parameter(bias_init, self.out_size)

    @property
    def printable_specs(self) -> Any:
        """``in_size``, ``out_size`` and ``nobias``, which ``str(link)`` shows.

        >>> from tapejit import links as L
        >>> str(L.Linear(3, 2))
        'Linear(in_size=3, out_size=2, nobias=False)'
        """
        yield 'in_size', self.in_size
        yield 'out_size', self.out_size
        yield 'nobias', self.b is None

    @classmethod
    def from_params(cls, W: Any, b: Any = None, nobias: bool = False) -> 'Linear':
        """A Linear layer holding copies of the weight ``W`` (``(out_size,
        in_size)``) and the bias ``b`` (``(out_size,)``; ignored with
        ``nobias``), Variables or arrays.

        >>> import numpy as np
        >>> from tapejit import links as L
        >>> l = L.Linear.from_params(np.ones((2, 3), np.float32), np.zeros(2, np.float32))
        >>> l.W.shape, l.b.shape
        ((2, 3), (2,))
        """
        W = array_of(W)
        b = array_of(b)
        out_size, in_size = W.shape
        if b is not None and b.size != out_size:
            raise ValueError(f'Linear.from_params: b has {b.size} elements and W has shape '
                             f'{W.shape}; expected out_size={out_size} bias elements')
        return cls(in_size, out_size, nobias, initialW=W, initial_bias=b)

    def _initialize_params(self, in_size: int) -> None:
        if isinstance(self.out_size, tuple):
            raise TypeError(f'{self._label()}: out_size is {self.out_size}, a tuple; W of shape '
                            '(out_size, in_size) needs an int out_size')
        self.in_size = int(in_size)
        self.W.initialize((self.out_size, self.in_size))

    def forward(self, x: Any, n_batch_axes: int = 1) -> Variable:
        """Apply the layer to ``x`` of shape ``(batch..., in_size)`` (or any shape
        whose trailing axes hold ``in_size`` elements)."""
        shape = getattr(array_of(x), 'shape', None)
        if shape is None:
            raise TypeError(f'{self._label()}: input must be a Variable or an array, got '
                            f'{type(x).__name__}')
        n_in = int(numpy.prod(shape[n_batch_axes:])) if len(shape) > n_batch_axes else None
        if n_in is None:
            raise ShapeError(f'{self._label()}: input has shape {tuple(shape)}; expected at '
                             f'least {n_batch_axes + 1} dimensions ({n_batch_axes} batch '
                             'axes, then the features)')
        if self.W._data is None:
            self._initialize_params(n_in)
        elif n_in != self.W._data.shape[1]:
            raise ShapeError(
                f'{self._label()}: input has shape {tuple(shape)} ({n_in} features after '
                f'{n_batch_axes} batch axis(es)) but W has shape {self.W._data.shape}; '
                f'expected {self.W._data.shape[1]} input features (in_size)')
        # (Checked here too, so that the error names this link.)
        check_bias_dtype(self._label(), x, self.b)
        return linear(x, self.W, self.b, n_batch_axes=n_batch_axes)

    def __repr__(self) -> str:
        return (f'<{self._label()} in_size={self.in_size} out_size={self.out_size}'
                f'{" nobias" if self.b is None else ""}>')
