"""2-d pooling and unpooling, with Chainer's signatures (``chainer.functions.pooling``).

Pooling reduces the windows of its input (the ``im2col`` primitive) with a
max or a mean; unpooling scatters each pixel back over a window
(``col2im``).  Their gradients are primitives again, so they differentiate
to any order and compile under ``jit``.  Max pooling's gradient goes to the
first maximum of each window, as Chainer's; float16 means and unpooling's
sums are computed in float32 and cast back.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.core.errors import ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._fused_eager import fused_when_eager
from tapejit.functions._util import array_of
from tapejit.functions.connection import _floats
from tapejit.ops import elementwise as E
from tapejit.ops import reduction as R
from tapejit.ops import structure as S
from tapejit.ops.window import (_pair, check_sizes, col2im, conv_outsize, deconv_outsize,
                                im2col, window_params)


def _setup(name: str, x: Any, ksize: Any, stride: Any, pad: Any, cover_all: bool) -> tuple:
    """(x, ksize, stride, pad, output size) of a pooling, checked."""
    (x,), _ = _floats(name, x=x)
    xs = array_of(x).shape
    if len(xs) != 4:
        raise ShapeError(f'{name}: x has shape {xs}; expected (batch, channels, height, '
                         'width)')
    k, stride, pad, _ = window_params(name, ksize, ksize if stride is None else stride, pad)
    out = (conv_outsize(xs[2], k[0], stride[0], pad[0], cover_all),
           conv_outsize(xs[3], k[1], stride[1], pad[1], cover_all))
    check_sizes(name, xs[2:], out, k, stride, pad)
    return x, k, stride, pad, out


def _windows(x: Any, k: tuple, stride: tuple, pad: tuple, out: tuple, fill: float) -> tuple:
    """The windows of ``x`` as ``(array, reduced axes)``, reducing to ``(N,
    C, oh, ow)``: where they tile ``x`` (stride = size, no padding, as a 2x2
    pooling does) a view ``(N, C, oh, kh, ow, kw)`` of ``x`` itself, else the
    copy ``im2col`` makes, ``(N, C, kh, kw, oh, ow)``."""
    n, c, h, w = array_of(x).shape
    if stride == k and pad == (0, 0) and h % k[0] == 0 and w % k[1] == 0:
        return S.reshape(x, shape=(n, c, out[0], k[0], out[1], k[1])), (3, 5)
    col = im2col(x, ksize=k, stride=stride, pad=pad, dilate=(1, 1), out_size=out,
                 pad_value=fill)
    return col, (2, 3)


def _reduce(op: Any, windows: tuple, **params: Any) -> Variable:
    col, axes = windows
    return op(col, axis=axes, keepdims=False, **params)


def _widened(x: Variable) -> Variable:
    """``x`` in float32 if it is float16, else ``x``."""
    if array_of(x).dtype == numpy.float16:
        return E.cast(x, dtype=numpy.dtype(numpy.float32))
    return x


def _narrowed(y: Variable, dtype: Any) -> Variable:
    """``y`` cast back to ``dtype`` where :func:`_widened` changed it."""
    return y if y.dtype == dtype else E.cast(y, dtype=dtype)


def max_pooling_2d(x: Any, ksize: Any, stride: Any = None, pad: Any = 0,
                   cover_all: bool = True, return_indices: bool = False) -> Any:
    """The maximum of each ``ksize`` window of ``x`` ``(N, C, H, W)``, moved by
    ``stride`` (by default ``ksize``) over ``x`` padded by ``pad`` (never the
    maximum).  With ``return_indices`` also the position of each maximum within
    its window (row-major over ``ksize``), as an array.  Each window's gradient
    goes to that position, the first of its maxima (Chainer's rule): a window
    of equal values passes it once.

    >>> import numpy as np, tapejit.functions as F
    >>> F.max_pooling_2d(np.arange(16.0).reshape(1, 1, 4, 4), 2).array
    array([[[[ 5.,  7.],
             [13., 15.]]]])
    """
    x, k, stride, pad, out = _setup('max_pooling_2d', x, ksize, stride, pad, cover_all)
    if not return_indices:
        return _window_max(x, k, stride, pad, out)
    windows = _windows(x, k, stride, pad, out, -numpy.inf)
    y = _reduce(R.max, windows, ties='first')
    col, axes = windows
    n, c = array_of(x).shape[:2]
    # Each window's elements row-major along one axis: the last of the tiling
    # view's, the third of im2col's.
    if axes == (3, 5):
        flat = S.reshape(S.transpose(col, axes=(0, 1, 2, 4, 3, 5)),
                         shape=(n, c) + out + (k[0] * k[1],))
        return y, array_of(R.argmax(flat, axis=4))
    flat = S.reshape(col, shape=(n, c, k[0] * k[1]) + out)
    return y, array_of(R.argmax(flat, axis=2))


@fused_when_eager
def _window_max(x: Any, k: tuple, stride: tuple, pad: tuple, out: tuple) -> Variable:
    """The maximum of each window of ``x``."""
    # The gradient goes to one maximum per window, the first in its row-major
    # order (as Chainer's): a window of k equal values passes it once, not k
    # times.  Padding is -inf, so it gets none unless the whole window is -inf.
    return _reduce(R.max, _windows(x, k, stride, pad, out, -numpy.inf), ties='first')


def average_pooling_2d(x: Any, ksize: Any, stride: Any = None, pad: Any = 0) -> Variable:
    """The mean of each ``ksize`` window of ``x`` ``(N, C, H, W)``, moved by
    ``stride`` (by default ``ksize``); padding counts as zeros in the mean.
    float16 windows are summed in float32, and their mean cast back.

    >>> import numpy as np, tapejit.functions as F
    >>> F.average_pooling_2d(np.arange(16.0).reshape(1, 1, 4, 4), 2).array
    array([[[[ 2.5,  4.5],
             [10.5, 12.5]]]])
    """
    x, k, stride, pad, out = _setup('average_pooling_2d', x, ksize, stride, pad, False)
    dt = array_of(x).dtype
    # float16 windows are summed in float32 (and so is the gradient, whose
    # windows col2im adds up), the mean cast back: a float16 sum of 64 values
    # of 60000 is inf, and each float16 addition rounds.
    x = _widened(x)
    acc = array_of(x).dtype
    total = _reduce(R.sum, _windows(x, k, stride, pad, out, 0.0))
    return _narrowed(total * numpy.asarray(1.0 / (k[0] * k[1]), acc), dt)


def unpooling_2d(x: Any, ksize: Any, stride: Any = None, pad: Any = 0,
                 outsize: Optional[tuple] = None, cover_all: bool = True) -> Variable:
    """The inverse of pooling's windowing: each pixel of ``x`` copied over its
    ``ksize`` window of the output (overlaps added), cropped by ``pad``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.unpooling_2d(np.array([[[[1.0, 2.0]]]]), 2, cover_all=False).array
    array([[[[1., 1., 2., 2.],
             [1., 1., 2., 2.]]]])
    """
    (x,), _ = _floats('unpooling_2d', x=x)
    xs = array_of(x).shape
    if len(xs) != 4:
        raise ShapeError(f'unpooling_2d: x has shape {xs}; expected (batch, channels, height, '
                         'width)')
    n, c, h, w = xs
    (kh, kw), stride, pad, _ = window_params('unpooling_2d', ksize,
                                             ksize if stride is None else stride, pad)
    if outsize is None:
        outsize = (deconv_outsize(h, kh, stride[0], pad[0], cover_all),
                   deconv_outsize(w, kw, stride[1], pad[1], cover_all))
    outsize = _pair('unpooling_2d', 'outsize', outsize)
    check_sizes('unpooling_2d', outsize, (h, w), (kh, kw), stride, pad)
    dt = array_of(x).dtype
    # In float32 for float16: overlapping windows add up, and the gradient
    # sums each window of ``gy`` (kh * kw values).
    pixels = S.reshape(_widened(x), shape=(n, c, 1, 1, h, w))
    col = R.broadcast_to(pixels, shape=(n, c, kh, kw, h, w))
    return _narrowed(col2im(col, stride=stride, pad=pad, dilate=(1, 1), size=outsize), dt)


__all__ = ['average_pooling_2d', 'max_pooling_2d', 'unpooling_2d']
