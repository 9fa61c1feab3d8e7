"""2-d pooling and unpooling, with Chainer's signatures (``chainer.functions.pooling``).

Pooling reduces the windows of its input (the ``im2col`` primitive) with a
max or a mean; unpooling scatters each pixel back over a window
(``col2im``).  Their gradients are primitives again, so they differentiate
to any order and compile under ``jit``.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.core.errors import ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of
from tapejit.functions.connection import _floats
from tapejit.ops import reduction as R
from tapejit.ops import structure as S
from tapejit.ops.window import _pair, col2im, conv_outsize, deconv_outsize, im2col, window_params


def _windows(name: str, x: Any, ksize: Any, stride: Any, pad: Any, cover_all: bool,
             pad_value: float) -> tuple:
    """(the windows ``(N, oh, ow, C, kh, kw)``, kh, kw) of a 4-d ``x``."""
    (x,), _ = _floats(name, x=x)
    xs = array_of(x).shape
    if len(xs) != 4:
        raise ShapeError(f'{name}: x has shape {xs}; expected (batch, channels, height, '
                         'width)')
    (kh, kw), stride, pad, _ = window_params(name, ksize, ksize if stride is None else stride,
                                             pad)
    out = (conv_outsize(xs[2], kh, stride[0], pad[0], cover_all),
           conv_outsize(xs[3], kw, stride[1], pad[1], cover_all))
    col = im2col(x, ksize=(kh, kw), stride=stride, pad=pad, dilate=(1, 1), out_size=out,
                 pad_value=pad_value)
    return col, kh, kw


def max_pooling_2d(x: Any, ksize: Any, stride: Any = None, pad: Any = 0,
                   cover_all: bool = True, return_indices: bool = False) -> Any:
    """The maximum of each ``ksize`` window of ``x`` ``(N, C, H, W)``, moved by
    ``stride`` (by default ``ksize``) over ``x`` padded by ``pad`` (never the
    maximum).  With ``return_indices`` also the position of each maximum within
    its window (row-major over ``ksize``), as an array.

    >>> import numpy as np, tapejit.functions as F
    >>> F.max_pooling_2d(np.arange(16.0).reshape(1, 1, 4, 4), 2).array
    array([[[[ 5.,  7.],
             [13., 15.]]]])
    """
    col, kh, kw = _windows('max_pooling_2d', x, ksize, stride, pad, cover_all, -numpy.inf)
    y = S.transpose(R.max(col, axis=(4, 5), keepdims=False), axes=(0, 3, 1, 2))
    if not return_indices:
        return y
    n, oh, ow, c = array_of(col).shape[:4]
    flat = S.reshape(col, shape=(n, oh, ow, c, kh * kw))
    return y, array_of(S.transpose(R.argmax(flat, axis=4), axes=(0, 3, 1, 2)))


def average_pooling_2d(x: Any, ksize: Any, stride: Any = None, pad: Any = 0) -> Variable:
    """The mean of each ``ksize`` window of ``x`` ``(N, C, H, W)``, moved by
    ``stride`` (by default ``ksize``); padding counts as zeros in the mean.

    >>> import numpy as np, tapejit.functions as F
    >>> F.average_pooling_2d(np.arange(16.0).reshape(1, 1, 4, 4), 2).array
    array([[[[ 2.5,  4.5],
             [10.5, 12.5]]]])
    """
    col, kh, kw = _windows('average_pooling_2d', x, ksize, stride, pad, False, 0.0)
    total = S.transpose(R.sum(col, axis=(4, 5), keepdims=False), axes=(0, 3, 1, 2))
    return total * numpy.asarray(1.0 / (kh * kw), array_of(x).dtype)


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
    pixels = S.reshape(S.transpose(x, axes=(0, 2, 3, 1)), shape=(n, h, w, c, 1, 1))
    col = S.broadcast_to(pixels, shape=(n, h, w, c, kh, kw))
    return col2im(col, stride=stride, pad=pad, dilate=(1, 1), size=outsize)


__all__ = ['average_pooling_2d', 'max_pooling_2d', 'unpooling_2d']
