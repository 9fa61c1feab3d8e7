"""Convolutions and embeddings, with Chainer's signatures (``chainer.functions.connection``).

A 2-d convolution is the ``conv2d`` primitive and a deconvolution its
transpose (``conv2d_transpose``, the convolution's data gradient), whose
VJPs are primitives again (:mod:`tapejit.ops.convolution`): they
differentiate to any order (a gradient penalty through a convolution) and
compile under ``jit``.  On the CPU they run the target's direct kernels,
with no window matrix in memory.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of, check_labels_in_range, check_var
from tapejit.functions.array import wide_labels
from tapejit.functions.nn import _promoted, check_bias_dtype
from tapejit.ops import elementwise as E
from tapejit.ops import structure as S
from tapejit.ops.convolution import conv2d, conv2d_transpose
from tapejit.ops.window import (_pair, check_sizes, conv_outsize, deconv_outsize, take_rows,
                                window_params)


def _floats(name: str, **arrays: Any) -> tuple:
    """``arrays`` (None entries kept) cast to their common floating dtype, and
    that dtype: as Chainer, inputs of different floating dtypes are computed in
    the promoted one (each gradient comes back in its input's dtype)."""
    named = tuple((k, v) for k, v in arrays.items() if v is not None)
    for k, v in named:
        check_var(name, v, k)
    cast, common = _promoted(name, named)
    it = iter(cast)
    return tuple(None if v is None else next(it) for v in arrays.values()), common


def _out(y: Any, x: Any) -> Any:
    """``y`` in ``x``'s dtype (the result's dtype, as in Chainer)."""
    dt = array_of(x).dtype
    return y if array_of(y).dtype == dt else E.cast(y, dtype=dt)


def _bias(name: str, y: Any, b: Any, channels: int) -> Any:
    if b is None:
        return y
    if tuple(array_of(b).shape) != (channels,):
        raise ShapeError(f'{name}: b has shape {array_of(b).shape}; expected ({channels},)')
    return y + S.reshape(b, shape=(1, channels, 1, 1))


def _image_and_filters(name: str, x: Any, W: Any, b: Any, w_layout: str) -> tuple:
    """``x``, ``W`` and ``b`` in one float dtype, with the shapes of ``x`` and ``W``,
    both checked to be 4-d (``b``, when given, of ``x``'s dtype, as in Chainer)."""
    (xc, W, bc), _ = _floats(name, x=x, W=W, b=b)
    check_bias_dtype(name, x, b)
    x, b = xc, bc
    xs, ws = array_of(x).shape, array_of(W).shape
    if len(xs) != 4 or len(ws) != 4:
        raise ShapeError(f'{name}: x has shape {xs} and W {ws}; expected x (batch, channels, '
                         f'height, width) and W {w_layout}')
    return x, W, b, xs, ws


def convolution_2d(x: Any, W: Any, b: Any = None, stride: Any = 1, pad: Any = 0,
                   cover_all: bool = False, *, dilate: Any = 1, groups: int = 1) -> Variable:
    """2-d convolution (cross-correlation) of ``x`` ``(N, C, H, W)`` with filters
    ``W`` ``(out_channels, C // groups, kh, kw)``, plus bias ``b``.

    ``stride``, ``pad`` and ``dilate`` are ints or (height, width) pairs;
    ``cover_all`` adds a last partial window so that every pixel is covered.

    >>> import numpy as np, tapejit.functions as F
    >>> x = np.arange(16.0).reshape(1, 1, 4, 4)
    >>> F.convolution_2d(x, np.ones((1, 1, 2, 2)), stride=2).array
    array([[[[10., 18.],
             [42., 50.]]]])
    """
    x0 = x
    x, W, b, xs, ws = _image_and_filters('convolution_2d', x, W, b,
                                         '(out_channels, channels // groups, kh, kw)')
    n, c, h, w = xs
    oc, cg, kh, kw = ws
    if groups < 1 or c % groups or oc % groups or cg != c // groups:
        raise ShapeError(f'convolution_2d: x has {c} channels, W has shape {ws} and groups '
                         f'is {groups}; expected W of shape ({oc}, {c // max(groups, 1)}, kh, '
                         'kw) with channels and out_channels divisible by groups')
    _, stride, pad, dilate = window_params('convolution_2d', 1, stride, pad, dilate)
    oh = conv_outsize(h, kh, stride[0], pad[0], cover_all, dilate[0])
    ow = conv_outsize(w, kw, stride[1], pad[1], cover_all, dilate[1])
    check_sizes('convolution_2d', (h, w), (oh, ow), (kh, kw), stride, pad, dilate)
    if b is not None and tuple(array_of(b).shape) != (oc,):
        raise ShapeError(f'convolution_2d: b has shape {array_of(b).shape}; expected ({oc},)')
    # (The bias is the primitive's: its kernels start their sums there.)
    y = conv2d(*((x, W) if b is None else (x, W, b)), stride=stride, pad=pad, dilate=dilate,
               groups=groups, out_size=(oh, ow))
    return _out(y, x0)


def deconvolution_2d(x: Any, W: Any, b: Any = None, stride: Any = 1, pad: Any = 0,
                     outsize: Optional[tuple] = None, *, dilate: Any = 1,
                     groups: int = 1) -> Variable:
    """2-d deconvolution (transposed convolution): the gradient of
    :func:`convolution_2d` with respect to its input.  ``W`` has shape
    ``(C, out_channels // groups, kh, kw)``; ``outsize`` picks the output size
    where several fit (by default the smallest).

    >>> import numpy as np, tapejit.functions as F
    >>> F.deconvolution_2d(np.ones((1, 1, 2, 2)), np.ones((1, 1, 2, 2)), stride=2).shape
    (1, 1, 4, 4)
    """
    x0 = x
    x, W, b, xs, ws = _image_and_filters('deconvolution_2d', x, W, b,
                                         '(channels, out_channels // groups, kh, kw)')
    n, c, h, w = xs
    wc, ocg, kh, kw = ws
    if groups < 1 or wc != c or c % groups:
        raise ShapeError(f'deconvolution_2d: x has {c} channels, W has shape {ws} and groups '
                         f'is {groups}; expected W of shape ({c}, out_channels // groups, kh, '
                         'kw) with channels divisible by groups')
    _, stride, pad, dilate = window_params('deconvolution_2d', 1, stride, pad, dilate)
    if outsize is None:
        outsize = tuple(deconv_outsize((h, w)[k], (kh, kw)[k], stride[k], pad[k], False,
                                       dilate[k]) for k in range(2))
    outsize = _pair('deconvolution_2d', 'outsize', outsize)
    # (The output is the image whose convolution has the input's size.)
    check_sizes('deconvolution_2d', outsize, (h, w), (kh, kw), stride, pad, dilate)
    # (Its W is a convolution's filters from the output to the input.)
    y = conv2d_transpose(x, W, stride=stride, pad=pad, dilate=dilate, groups=groups,
                         size=outsize)
    oc = ocg * groups
    return _out(_bias('deconvolution_2d', y, b, oc), x0)


def embed_id(x: Any, W: Any, ignore_label: Optional[int] = None) -> Variable:
    """Rows of ``W`` ``(vocabulary, size)`` at the integer ids ``x`` (any shape);
    ids equal to ``ignore_label`` give zero rows (and no gradient).

    An id outside ``[0, vocabulary)`` raises ValueError (checked on every
    call under ``jit`` too).

    >>> import numpy as np, tapejit.functions as F
    >>> W = np.arange(6.0).reshape(3, 2)
    >>> F.embed_id(np.array([2, -1, 0]), W, ignore_label=-1).array
    array([[4., 5.],
           [0., 0.],
           [0., 1.]])
    """
    check_var('embed_id', x, 'x')
    check_var('embed_id', W, 'W')
    ids, ws = array_of(x), array_of(W).shape
    if ids.dtype.kind not in 'iu':
        raise DTypeError(f'embed_id: x has dtype {ids.dtype}; expected integer ids')
    if len(ws) != 2:
        raise ShapeError(f'embed_id: W has shape {ws}; expected (vocabulary, size)')
    if array_of(W).dtype.kind != 'f':
        raise DTypeError(f'embed_id: W has dtype {array_of(W).dtype} and shape {ws}; expected '
                         'a float dtype (its rows are differentiable)')
    ids = wide_labels(ids)
    check_labels_in_range(
        ids, ws[0], ValueError, lambda got: f'embed_id: got id(s) {got} for W of shape {ws}; '
        f'expected ids in [0, {ws[0]})' + (f' or equal to ignore_label={ignore_label}'
                                           if ignore_label is not None else ''),
        ignore=ignore_label)
    if ignore_label is None:
        return take_rows(W, ids)
    keep = E.not_equal(ids, numpy.asarray(ignore_label, numpy.int64))
    safe = E.where(keep, ids, numpy.zeros((), numpy.int64))
    rows = take_rows(W, safe)
    mask = E.cast(S.reshape(keep, shape=tuple(ids.shape) + (1,)), dtype=array_of(W).dtype)
    return rows * mask


__all__ = ['convolution_2d', 'deconvolution_2d', 'embed_id']
