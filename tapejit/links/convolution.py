"""Convolution links (Chainer's ``links.Convolution2D`` and ``links.Deconvolution2D``)."""

from __future__ import annotations

from typing import Any, Optional

from tapejit import initializers
from tapejit.core.errors import ShapeError
from tapejit.core.parameter import Parameter
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.functions.connection import convolution_2d, deconvolution_2d
from tapejit.functions.nn import check_bias_dtype
from tapejit.links.link import Link
from tapejit.ops.window import _pair


class _Convolution(Link):
    """What the two links share: lazy ``W`` from the first input's channels, and ``b``."""

    def __init__(self, in_channels: Optional[int], out_channels: int, ksize: Any,
                 stride: Any, pad: Any, nobias: bool, initialW: Any, initial_bias: Any,
                 dilate: Any, groups: int) -> None:
        super().__init__()
        self.ksize = _pair(self._label(), 'ksize', ksize)
        self.stride, self.pad, self.dilate = stride, pad, dilate
        self.in_channels, self.out_channels, self.groups = in_channels, int(out_channels), groups
        with self.init_scope():
            self.W = Parameter(initializers.get_initializer(initialW))
            if in_channels is not None:
                self._initialize_params(in_channels)
            self.b = None if nobias else Parameter(
                initializers.get_initializer(0 if initial_bias is None else initial_bias),
                self.out_channels)

    def _w_shape(self, in_channels: int) -> tuple:
        raise NotImplementedError

    def _initialize_params(self, in_channels: int) -> None:
        if in_channels % self.groups or self.out_channels % self.groups:
            raise ShapeError(f'{self._label()}: {in_channels} input and {self.out_channels} '
                             f'output channels are not divisible by groups={self.groups}')
        self.in_channels = int(in_channels)
        self.W.initialize(self._w_shape(self.in_channels))

    def _prepare(self, x: Any) -> None:
        shape = getattr(array_of(x), 'shape', None)
        if shape is None or len(shape) != 4:
            raise ShapeError(f'{self._label()}: input has shape {shape}; expected (batch, '
                             'channels, height, width)')
        if self.W._data is None:
            self._initialize_params(shape[1])
        # (The op checks it too; here the error names this link.)
        check_bias_dtype(self._label(), x, self.b)

    @property
    def printable_specs(self) -> Any:
        """The constructor's arguments, which ``str(link)`` shows."""
        for name in ('in_channels', 'out_channels', 'ksize', 'stride', 'pad', 'dilate',
                     'groups'):
            yield name, getattr(self, name)
        yield 'nobias', self.b is None


def _swap_lazy(in_channels: Any, out_channels: Any, ksize: Any) -> tuple:
    """Chainer's short form ``(out_channels, ksize)`` leaves ``in_channels`` to the input."""
    if ksize is None:
        return None, in_channels, out_channels
    return in_channels, out_channels, ksize


class Convolution2D(_Convolution):
    """Convolution2D(in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
    initialW=None, initial_bias=None, *, dilate=1, groups=1)

    The 2-d convolution layer: :func:`tapejit.functions.convolution_2d` with
    a weight ``W`` ``(out_channels, in_channels // groups, kh, kw)`` (LeCun
    normal by default) and a bias ``b`` (zeros).  ``Convolution2D(out_channels,
    ksize)`` or ``in_channels=None`` takes the input channels from the first input.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> conv = L.Convolution2D(3, 8, ksize=3, pad=1)
    >>> conv(np.ones((2, 3, 5, 5), np.float32)).shape
    (2, 8, 5, 5)
    """

    def __init__(self, in_channels: Optional[int], out_channels: Any, ksize: Any = None,
                 stride: Any = 1, pad: Any = 0, nobias: bool = False, initialW: Any = None,
                 initial_bias: Any = None, *, dilate: Any = 1, groups: int = 1) -> None:
        in_channels, out_channels, ksize = _swap_lazy(in_channels, out_channels, ksize)
        super().__init__(in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, dilate, groups)

    def _w_shape(self, in_channels: int) -> tuple:
        return (self.out_channels, in_channels // self.groups) + self.ksize

    @classmethod
    def from_params(cls, W: Any, b: Any = None, stride: Any = 1, pad: Any = 0,
                    nobias: bool = False, *, dilate: Any = 1,
                    groups: int = 1) -> 'Convolution2D':
        """A Convolution2D holding copies of ``W`` ``(out_channels, in_channels //
        groups, kh, kw)`` and ``b`` (Variables or arrays).

        >>> import numpy as np
        >>> from tapejit import links as L
        >>> L.Convolution2D.from_params(np.ones((4, 3, 2, 2), np.float32)).W.shape
        (4, 3, 2, 2)
        """
        w = array_of(W)
        out_channels, cg, kh, kw = w.shape
        if b is not None and array_of(b).size != out_channels:
            raise ValueError(f'Convolution2D.from_params: b has {array_of(b).size} elements '
                             f'and W has shape {w.shape}; expected {out_channels}')
        return cls(cg * groups, out_channels, (kh, kw), stride, pad, nobias, initialW=w,
                   initial_bias=None if b is None else array_of(b), dilate=dilate,
                   groups=groups)

    def forward(self, x: Any) -> Variable:
        """Convolve ``x`` ``(batch, in_channels, height, width)``."""
        self._prepare(x)
        return convolution_2d(x, self.W, self.b, self.stride, self.pad, dilate=self.dilate,
                              groups=self.groups)


class Deconvolution2D(_Convolution):
    """Deconvolution2D(in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
    outsize=None, initialW=None, initial_bias=None, *, dilate=1, groups=1)

    The 2-d transposed convolution layer: :func:`tapejit.functions.deconvolution_2d`
    with a weight ``W`` ``(in_channels, out_channels // groups, kh, kw)``.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> up = L.Deconvolution2D(4, 2, ksize=2, stride=2)
    >>> up(np.ones((1, 4, 3, 3), np.float32)).shape
    (1, 2, 6, 6)
    """

    def __init__(self, in_channels: Optional[int], out_channels: Any, ksize: Any = None,
                 stride: Any = 1, pad: Any = 0, nobias: bool = False,
                 outsize: Optional[tuple] = None, initialW: Any = None,
                 initial_bias: Any = None, *, dilate: Any = 1, groups: int = 1) -> None:
        in_channels, out_channels, ksize = _swap_lazy(in_channels, out_channels, ksize)
        self.outsize = outsize
        super().__init__(in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, dilate, groups)

    def _w_shape(self, in_channels: int) -> tuple:
        return (in_channels, self.out_channels // self.groups) + self.ksize

    def forward(self, x: Any) -> Variable:
        """Deconvolve ``x`` ``(batch, in_channels, height, width)``."""
        self._prepare(x)
        return deconvolution_2d(x, self.W, self.b, self.stride, self.pad, self.outsize,
                                dilate=self.dilate, groups=self.groups)
