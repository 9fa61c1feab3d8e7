"""Sliding-window and row-gather primitives: the building blocks of
convolution, pooling and embeddings.

- ``im2col(x)``: the windows of an ``(N, C, H, W)`` image as an array
  ``(N, C, kh, kw, out_h, out_w)`` (padding filled with ``pad_value``), the
  layout of Chainer's ``im2col``: per image a ``(C * kh * kw, out_h * out_w)``
  matrix, so that a convolution is one batched product of the filters
  ``(out_channels, C * kh * kw)`` with it, giving ``(N, out_channels, out_h *
  out_w)``, already NCHW; a pooling is a reduction over axes (2, 3), NCHW
  too.  The copy from the padded image runs contiguously along ``out_w``;
- ``col2im(col)``: its adjoint, each window element added back to the pixel it
  came from (padding dropped);
- ``take_rows(w, ids)``: ``w[ids]`` for an integer array ``ids`` that is an
  input of the graph (so it may be traced: a word id batch of a jitted step);
- ``add_rows(g, ids)``: its adjoint, ``g``'s rows added into a zero array at
  rows ``ids``.

Each VJP is the other primitive of its pair, so convolutions, pooling and
embeddings are differentiable to any order.  A convolution is ``im2col``
followed by a matrix product (see :mod:`tapejit.functions.connection`).
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.ops.registry import Aval, host_kernel, primitive


def _xp(a: Any) -> Any:
    return numpy if type(a) is numpy.ndarray else backends.get_array_module(a)


def conv_outsize(size: int, k: int, s: int, p: int, cover_all: bool = False,
                 d: int = 1) -> int:
    """Output length of a window ``k`` (dilation ``d``) sliding with stride ``s``
    over ``size`` padded by ``p`` on each side; ``cover_all`` adds a last
    partial window so that every input element is covered (Chainer's rule).

    >>> conv_outsize(6, 3, 2, 0), conv_outsize(6, 3, 2, 0, cover_all=True)
    (2, 3)
    """
    dk = k + (k - 1) * (d - 1)
    if cover_all:
        return (size + p * 2 - dk + s - 1) // s + 1
    return (size + p * 2 - dk) // s + 1


def deconv_outsize(size: int, k: int, s: int, p: int, cover_all: bool = False,
                   d: int = 1) -> int:
    """The input length whose :func:`conv_outsize` is ``size`` (the smallest one
    under ``cover_all``).

    >>> deconv_outsize(2, 3, 2, 0), deconv_outsize(3, 3, 2, 0, cover_all=True)
    (5, 6)
    """
    dk = (k - 1) * d + 1
    if cover_all:
        return s * (size - 1) + dk - s + 1 - 2 * p
    return s * (size - 1) + dk - 2 * p


def check_sizes(name: str, image: tuple, windows: tuple, ksize: tuple, stride: tuple,
                pad: tuple, dilate: tuple = (1, 1)) -> None:
    """Raise a ShapeError naming ``name`` unless an image of ``image`` pixels
    (height, width) padded by ``pad`` has ``windows`` windows of ``ksize``
    along each axis, with or without ``cover_all`` (both at least 1).

    >>> check_sizes('max_pooling_2d', (5, 5), (0, 0), (8, 8), (8, 8), (1, 1))
    Traceback (most recent call last):
    ...
    tapejit.core.errors.ShapeError: max_pooling_2d: an image of size (5, 5) with pad (1, 1) \
has 0 windows of size (8, 8) (stride (8, 8), dilate (1, 1)) along the height; expected a \
larger image or a smaller window
    """
    for k, axis in ((0, 'height'), (1, 'width')):
        fits = [conv_outsize(image[k], ksize[k], stride[k], pad[k], cover, dilate[k])
                for cover in (False, True)]
        if image[k] < 1 or windows[k] < 1 or max(fits) < 1:
            raise ShapeError(f'{name}: an image of size {tuple(image)} with pad {pad} has '
                             f'{max(windows[k], 0)} windows of size {ksize} (stride {stride}, '
                             f'dilate {dilate}) along the {axis}; expected a larger image or '
                             'a smaller window')
        if windows[k] not in fits:
            raise ShapeError(f'{name}: {windows[k]} windows along the {axis} do not fit an '
                             f'image of size {tuple(image)} (ksize {ksize}, stride {stride}, '
                             f'pad {pad}, dilate {dilate}); expected {fits[0]}')


def _pair(name: str, what: str, v: Any) -> tuple:
    t = tuple(int(a) for a in v) if isinstance(v, (tuple, list)) else (int(v), int(v))
    if len(t) != 2:
        raise ValueError(f'{name}: {what} must be an int or a pair of ints, got {v!r}')
    return t


def window_params(name: str, ksize: Any = 1, stride: Any = 1, pad: Any = 0,
                  dilate: Any = 1) -> tuple:
    """``ksize, stride, pad, dilate`` as (height, width) pairs, checked:
    sizes, strides and dilations positive, padding not negative.

    >>> window_params('f', 3, 2, 1, 1)
    ((3, 3), (2, 2), (1, 1), (1, 1))
    """
    out = (_pair(name, 'ksize', ksize), _pair(name, 'stride', stride), _pair(name, 'pad', pad),
           _pair(name, 'dilate', dilate))
    (k, s, p, d) = out
    if min(k) < 1 or min(s) < 1 or min(d) < 1 or min(p) < 0:
        raise ValueError(f'{name}: ksize {k}, stride {s} and dilate {d} must be positive and '
                         f'pad {p} not negative')
    return out


def _check_image(name: str, x: Aval) -> None:
    if len(x.shape) != 4:
        raise ShapeError(f'{name}: x has shape {x.shape}; expected (batch, channels, '
                         'height, width)')


# ----------------------------------------------------------------- im2col
def _im2col_eval(x: Aval, ksize: tuple, stride: tuple, pad: tuple, dilate: tuple,
                 out_size: tuple, pad_value: float) -> Aval:
    _check_image('im2col', x)
    (kh, kw), (oh, ow) = ksize, out_size
    if min(ksize) < 1 or min(stride) < 1 or min(dilate) < 1 or min(pad) < 0:
        raise ValueError(f'im2col: ksize {ksize}, stride {stride}, dilate {dilate} must be '
                         f'positive and pad {pad} not negative')
    check_sizes('im2col', x.shape[2:], out_size, ksize, stride, pad, dilate)
    return Aval((x.shape[0], x.shape[1], kh, kw, oh, ow), x.dtype)


def _im2col_impl(x, ksize, stride, pad, dilate, out_size, pad_value, out=None):
    # ``out``: a NumPy array of the result's shape and dtype to write into
    # (a compiled plan's buffer), for NumPy inputs.
    (kh, kw), (sy, sx), (ph, pw), (dy, dx), (oh, ow) = ksize, stride, pad, dilate, out_size
    xp = _xp(x)
    n, c, h, w = x.shape
    # Pad enough for the last window (more than ``pad`` when ``cover_all``).
    hp = max(h + 2 * ph, (oh - 1) * sy + (kh - 1) * dy + 1)
    wp = max(w + 2 * pw, (ow - 1) * sx + (kw - 1) * dx + 1)
    img = x
    if (hp, wp) != (h, w):
        img = xp.full((n, c, hp, wp), pad_value, dtype=x.dtype)
        img[:, :, ph:ph + h, pw:pw + w] = x
    # The windows as a strided view of the padded image, copied once (its
    # last axis, along the image's rows, contiguous where the stride is 1).
    bn, bc, bh, bw = img.strides
    view = xp.lib.stride_tricks.as_strided(
        img, shape=(n, c, kh, kw, oh, ow),
        strides=(bn, bc, dy * bh, dx * bw, sy * bh, sx * bw))
    if out is None:
        return xp.ascontiguousarray(view)
    xp.copyto(out, view)
    return out


def _im2col_vjp(n, gy, need):
    p = n.params
    h, w = n.in_shape(0)[2:]
    return (col2im(gy, stride=p['stride'], pad=p['pad'], dilate=p['dilate'], size=(h, w)),)


im2col = primitive('im2col', kind='call', impl=_im2col_impl, abstract_eval=_im2col_eval,
                   vjp=_im2col_vjp)


# ----------------------------------------------------------------- col2im
def _col2im_eval(col: Aval, stride: tuple, pad: tuple, dilate: tuple, size: tuple) -> Aval:
    if len(col.shape) != 6:
        raise ShapeError(f'col2im: col has shape {col.shape}; expected (batch, channels, kh, '
                         'kw, out_h, out_w)')
    n, c, kh, kw, oh, ow = col.shape
    check_sizes('col2im', size, (oh, ow), (kh, kw), stride, pad, dilate)
    return Aval((n, c) + tuple(size), col.dtype)


def _window_range(off: int, s: int, p: int, size: int, out: int) -> tuple:
    """The outputs ``[lo, hi)`` whose window element at offset ``off`` reads
    an image index (``o * s + off - p``) inside ``[0, size)``, and the first
    image index read."""
    lo = min(out, max(0, -(-(p - off) // s)))
    hi = max(lo, min(out, -(-(size + p - off) // s)))
    return lo, hi, lo * s + off - p


def _col2im_impl(col, stride, pad, dilate, size, out=None):
    # ``out``: as im2col's.
    (sy, sx), (ph, pw), (dy, dx), (h, w) = stride, pad, dilate, size
    n, c, kh, kw, oh, ow = col.shape
    if out is None:
        img = _xp(col).zeros((n, c, h, w), dtype=col.dtype)
    else:
        img = out
        img[...] = 0
    # Each window element's plane added to the pixels it read, clipped to the
    # image (the padding's share dropped): contiguous NCHW slices, no copy.
    for j in range(kh):
        y0, y1, r = _window_range(j * dy, sy, ph, h, oh)
        for i in range(kw):
            x0, x1, q = _window_range(i * dx, sx, pw, w, ow)
            if y1 > y0 and x1 > x0:
                img[:, :, r:r + sy * (y1 - y0):sy, q:q + sx * (x1 - x0):sx] += \
                    col[:, :, j, i, y0:y1, x0:x1]
    return img


def _col2im_vjp(n, gy, need):
    p = n.params
    kh, kw, oh, ow = n.in_shape(0)[2:]
    return (im2col(gy, ksize=(kh, kw), stride=p['stride'], pad=p['pad'], dilate=p['dilate'],
                   out_size=(oh, ow), pad_value=0.0),)


col2im = primitive('col2im', kind='call', impl=_col2im_impl, abstract_eval=_col2im_eval,
                   vjp=_col2im_vjp)


# ------------------------------------------------------ take_rows / add_rows
def _check_ids(name: str, ids: Aval) -> None:
    if numpy.dtype(ids.dtype).kind not in 'iu':
        raise DTypeError(f'{name}: ids have dtype {ids.dtype}; expected an integer dtype')


def _take_rows_eval(w: Aval, ids: Aval) -> Aval:
    _check_ids('take_rows', ids)
    if len(w.shape) < 1:
        raise ShapeError(f'take_rows: w has shape {w.shape}; expected at least one axis')
    return Aval(tuple(ids.shape) + tuple(w.shape[1:]), w.dtype)


def rows_at(xp: Any, ids: Any, rows: int) -> Any:
    """The rows ``ids`` name, of ``rows`` rows: negative ids count from the
    end, as NumPy's; an id out of range (which a compiled embed_id reports
    after its run) is the nearest row instead of an error mid-plan, as in
    the CUDA kernel.

    >>> rows_at(numpy, numpy.array([-1, 0, 7]), 3)
    array([2, 0, 2])
    """
    return xp.clip(xp.where(ids < 0, ids + rows, ids), 0, rows - 1)


def _take_rows_impl(w, ids):
    xp = _xp(w)
    return xp.take(w, rows_at(xp, ids, w.shape[0]), axis=0)


take_rows = primitive(
    'take_rows', kind='call', impl=_take_rows_impl, abstract_eval=_take_rows_eval,
    vjp=lambda n, gy, need: (add_rows(gy, n.x(1), rows=n.in_shape(0)[0]), None),
    save_inputs=(1,))


def _add_rows_eval(g: Aval, ids: Aval, rows: int) -> Aval:
    _check_ids('add_rows', ids)
    k = len(ids.shape)
    if tuple(g.shape[:k]) != tuple(ids.shape):
        raise ShapeError(f'add_rows: g has shape {g.shape} and ids {ids.shape}; expected g '
                         'to start with the shape of ids')
    return Aval((rows,) + tuple(g.shape[k:]), g.dtype)


def _add_rows_impl(g, ids, rows):
    kernel = host_kernel('add_rows', g, ids)
    if kernel is not None:
        return kernel(g, ids, rows)
    xp = _xp(g)
    k = ids.ndim
    out = xp.zeros((rows,) + g.shape[k:], dtype=g.dtype)
    flat_ids = rows_at(xp, ids.reshape(-1), rows)
    flat_g = g.reshape((-1,) + g.shape[k:])
    if xp is numpy:
        numpy.add.at(out, flat_ids, flat_g)
    else:
        import cupyx
        cupyx.scatter_add(out, flat_ids, flat_g)
    return out


add_rows = primitive(
    'add_rows', kind='call', impl=_add_rows_impl, abstract_eval=_add_rows_eval,
    vjp=lambda n, gy, need: (take_rows(gy, n.x(1)), None), save_inputs=(1,))
