"""Convolution primitives: a 2-d convolution, its data gradient (a
transposed convolution) and its filter gradient.

- ``conv2d(x, w[, b])``: ``(N, C, H, W)`` images with ``(O, C // groups,
  kh, kw)`` filters, giving ``(N, O) + out_size``, plus a bias ``b``
  ``(O,)`` per output channel where given (the kernels start their sums
  there: no pass over the result to add it);
- ``conv2d_transpose(gy, w)``: ``conv2d``'s gradient with respect to ``x``
  (``(N, C) + size``), also a deconvolution's forward pass;
- ``conv2d_filter(x, gy)``: ``conv2d``'s gradient with respect to ``w``.

Each is linear in each operand and its VJPs are the other two, so convolutions
differentiate to any order (a gradient penalty through a convolution). On the
CPU the target's own kernels compute them
(:mod:`tapejit.targets.cpu.contraction`, installed with
:func:`tapejit.ops.registry.install_host_kernel`): direct correlations with no
window matrix in memory, but for small planes, whose windows (written and added
back by the target's kernels too) make one product per group. Elsewhere (CuPy
arrays, float16) they are the windows (``im2col``) multiplied by the filters,
and the filters' product added back to pixels (``col2im``).

>>> import numpy as np
>>> x = np.arange(16.0).reshape(1, 1, 4, 4)
>>> conv2d.impl(x, np.ones((1, 1, 2, 2)), stride=(2, 2), pad=(0, 0), dilate=(1, 1),
...             groups=1, out_size=(2, 2))[0, 0]
array([[10., 18.],
       [42., 50.]])
"""

from __future__ import annotations

from typing import Optional

from tapejit.core.errors import ShapeError
from tapejit.ops.linalg import _matmul_impl
from tapejit.ops.reduction import sum as _sum
from tapejit.ops.registry import Aval, host_kernel, primitive, same_dtype
from tapejit.ops.window import _col2im_impl, _im2col_impl, _xp, check_sizes

def _into(out, y):
    if out is None:
        return y
    out[...] = y
    return out


def _check(name: str, a: Aval, w: Aval, groups: int, w_in: int) -> None:
    if len(a.shape) != 4 or len(w.shape) != 4:
        raise ShapeError(f'{name}: shapes {a.shape} and {w.shape}; expected 4-d images and '
                         'filters')
    if groups < 1 or a.shape[1] % groups or w.shape[0] % groups or w_in != a.shape[1]:
        raise ShapeError(f'{name}: image of shape {a.shape}, filters {w.shape}, groups '
                         f'{groups}; expected the image to have {w_in} channels (the '
                         'filters\' channels times groups), both divisible by groups')


# ------------------------------------------------------------------ conv2d
def _windows(x, ksize, stride, pad, dilate, out_size):
    """The windows of ``x`` ``(N, C, H, W)`` as a matrix ``(C * kh * kw, N *
    oh * ow)``: a row per channel and tap, a column per image and output
    pixel; by the host's kernel where it takes ``x``."""
    kernel = host_kernel('conv_windows', x)
    if kernel is not None:
        return kernel(x, ksize, stride, pad, dilate, out_size)
    n, c = x.shape[:2]
    col = _im2col_impl(x, ksize, stride, pad, dilate, out_size, 0.0)
    return col.reshape(n, c * ksize[0] * ksize[1], -1).transpose(1, 0, 2).reshape(
        c * ksize[0] * ksize[1], -1)


def _conv2d_eval(x: Aval, w: Aval, b: Optional[Aval] = None, *, stride: tuple, pad: tuple,
                 dilate: tuple, groups: int, out_size: tuple) -> Aval:
    _check('conv2d', x, w, groups, w.shape[1] * groups if len(w.shape) == 4 else -1)
    dt = same_dtype('conv2d', x, w) if b is None else same_dtype('conv2d', x, w, b)
    if b is not None and tuple(b.shape) != (w.shape[0],):
        raise ShapeError(f'conv2d: bias of shape {b.shape} for filters {w.shape}; expected '
                         f'({w.shape[0]},), one per output channel')
    check_sizes('conv2d', x.shape[2:], out_size, w.shape[2:], stride, pad, dilate)
    return Aval((x.shape[0], w.shape[0]) + tuple(out_size), dt)


def _conv2d_impl(x, w, b=None, *, stride, pad, dilate, groups, out_size, out=None):
    # ``out``: an array of the result's shape and dtype to write into (a
    # compiled plan's buffer), taken by the host's kernels.
    # (Checked here too: an eager call on arrays reaches the impl alone, and
    # the host's kernels trust their shapes.)
    _conv2d_eval(Aval(x.shape, x.dtype), Aval(w.shape, w.dtype),
                 None if b is None else Aval(b.shape, b.dtype), stride=stride, pad=pad,
                 dilate=dilate, groups=groups, out_size=out_size)
    kernel = host_kernel('conv2d', x, w)
    if kernel is not None and (b is None or b.__class__ is x.__class__):
        # (The kernels start each output channel's sums at its bias.)
        return kernel(x, w, stride, pad, dilate, groups, out_size, out, b)
    xp = _xp(x)
    n, o, (kh, kw) = x.shape[0], w.shape[0], w.shape[2:]
    k, p = x.shape[1] // groups * kh * kw, out_size[0] * out_size[1]
    # One product per group over every image's pixels (see _filter_impl).
    cols = _windows(x, (kh, kw), stride, pad, dilate, out_size).reshape(groups, k, n * p)
    y = _matmul_impl(w.reshape(groups, o // groups, k), cols)
    y = xp.ascontiguousarray(y.reshape(groups, o // groups, n, p).transpose(2, 0, 1, 3))
    y = y.reshape((n, o) + tuple(out_size))
    if b is not None:
        y += b.reshape(1, o, 1, 1)
    return _into(out, y)


def _conv2d_vjp(n, gy, need):
    p = n.params
    x, w = n.x(0), n.x(1)
    gx = gw = gb = None
    if need[0]:
        gx = conv2d_transpose(gy, w, stride=p['stride'], pad=p['pad'], dilate=p['dilate'],
                              groups=p['groups'], size=n.in_shape(0)[2:])
    if need[1]:
        gw = conv2d_filter(x, gy, ksize=n.in_shape(1)[2:], stride=p['stride'], pad=p['pad'],
                           dilate=p['dilate'], groups=p['groups'])
    if len(need) > 2 and need[2]:
        gb = _sum(gy, axis=(0, 2, 3), keepdims=False)
    return (gx, gw, gb)[:len(need)]


conv2d = primitive('conv2d', kind='call', impl=_conv2d_impl, abstract_eval=_conv2d_eval,
                   vjp=_conv2d_vjp, save_inputs=(0, 1))


# -------------------------------------------------------- conv2d_transpose
def _transpose_eval(gy: Aval, w: Aval, stride: tuple, pad: tuple, dilate: tuple, groups: int,
                    size: tuple) -> Aval:
    _check('conv2d_transpose', gy, w, groups, w.shape[0] if len(w.shape) == 4 else -1)
    dt = same_dtype('conv2d_transpose', gy, w)
    check_sizes('conv2d_transpose', size, gy.shape[2:], w.shape[2:], stride, pad, dilate)
    return Aval((gy.shape[0], w.shape[1] * groups) + tuple(size), dt)


def _transpose_impl(gy, w, stride, pad, dilate, groups, size, out=None):
    _transpose_eval(Aval(gy.shape, gy.dtype), Aval(w.shape, w.dtype), stride, pad, dilate,
                    groups, size)
    kernel = host_kernel('conv2d_transpose', gy, w)
    if kernel is not None:
        return kernel(gy, w, stride, pad, dilate, groups, size, out)
    xp = _xp(gy)
    n, o, oh, ow = gy.shape
    _, cg, kh, kw = w.shape
    k, p = cg * kh * kw, oh * ow
    # One product per group over every image's pixels (see _filter_impl).
    g = gy.reshape(n, groups, o // groups, p).transpose(1, 2, 0, 3).reshape(
        groups, o // groups, n * p)
    col = _matmul_impl(w.reshape(groups, o // groups, k).swapaxes(-1, -2), g)
    # (A row per channel and tap, a column per image and pixel: as _windows.)
    kernel = host_kernel('conv_windows_add', col)
    if kernel is not None:
        return kernel(col.reshape(groups * k, n * p), (n, groups * cg) + tuple(size), (kh, kw),
                      stride, pad, dilate, (oh, ow), out)
    col = col.reshape(groups, k, n, p).transpose(2, 0, 1, 3)
    col = xp.ascontiguousarray(col).reshape(n, groups * cg, kh, kw, oh, ow)
    return _col2im_impl(col, stride, pad, dilate, tuple(size), out)


def _transpose_vjp(n, gx, need):
    p = n.params
    gy, w = n.x(0), n.x(1)
    g_gy = g_w = None
    if need[0]:
        g_gy = conv2d(gx, w, stride=p['stride'], pad=p['pad'], dilate=p['dilate'],
                      groups=p['groups'], out_size=n.in_shape(0)[2:])
    if need[1]:
        g_w = conv2d_filter(gx, gy, ksize=n.in_shape(1)[2:], stride=p['stride'],
                            pad=p['pad'], dilate=p['dilate'], groups=p['groups'])
    return g_gy, g_w


conv2d_transpose = primitive('conv2d_transpose', kind='call', impl=_transpose_impl,
                             abstract_eval=_transpose_eval, vjp=_transpose_vjp,
                             save_inputs=(0, 1))


# ----------------------------------------------------------- conv2d_filter
def _filter_eval(x: Aval, gy: Aval, ksize: tuple, stride: tuple, pad: tuple, dilate: tuple,
                 groups: int) -> Aval:
    if len(x.shape) != 4 or len(gy.shape) != 4 or x.shape[0] != gy.shape[0]:
        raise ShapeError(f'conv2d_filter: shapes {x.shape} and {gy.shape}; expected images '
                         'and output gradients of one batch')
    if groups < 1 or x.shape[1] % groups or gy.shape[1] % groups:
        raise ShapeError(f'conv2d_filter: images of shape {x.shape} and output gradients '
                         f'{gy.shape}; expected channels ({x.shape[1]} and {gy.shape[1]}) '
                         f'divisible by groups {groups}')
    dt = same_dtype('conv2d_filter', x, gy)
    check_sizes('conv2d_filter', x.shape[2:], gy.shape[2:], ksize, stride, pad, dilate)
    return Aval((gy.shape[1], x.shape[1] // groups) + tuple(ksize), dt)


def _filter_impl(x, gy, ksize, stride, pad, dilate, groups, out=None):
    _filter_eval(Aval(x.shape, x.dtype), Aval(gy.shape, gy.dtype), ksize, stride, pad, dilate,
                 groups)
    kernel = host_kernel('conv2d_filter', x, gy)
    if kernel is not None:
        return kernel(x, gy, tuple(ksize), stride, pad, dilate, groups, out)
    n, c = x.shape[:2]
    o, oh, ow = gy.shape[1:]
    k, p = c // groups * ksize[0] * ksize[1], oh * ow
    # One product per group over every image's pixels (n * p long), not one
    # per image of p: small images (p of 16) make products BLAS runs slowly.
    a = gy.reshape(n, groups, o // groups, p).transpose(1, 2, 0, 3).reshape(
        groups, o // groups, n * p)
    b = _windows(x, tuple(ksize), stride, pad, dilate, (oh, ow)).reshape(groups, k, n * p)
    gw = _matmul_impl(a, b, transb=True)
    return _into(out, gw.reshape((o, c // groups) + tuple(ksize)))


def _filter_vjp(n, gw, need):
    p = n.params
    x, gy = n.x(0), n.x(1)
    g_x = g_gy = None
    if need[0]:
        g_x = conv2d_transpose(gy, gw, stride=p['stride'], pad=p['pad'], dilate=p['dilate'],
                               groups=p['groups'], size=n.in_shape(0)[2:])
    if need[1]:
        g_gy = conv2d(x, gw, stride=p['stride'], pad=p['pad'], dilate=p['dilate'],
                      groups=p['groups'], out_size=n.in_shape(1)[2:])
    return g_x, g_gy


conv2d_filter = primitive('conv2d_filter', kind='call', impl=_filter_impl,
                          abstract_eval=_filter_eval, vjp=_filter_vjp, save_inputs=(0, 1))

__all__ = ['conv2d', 'conv2d_transpose', 'conv2d_filter']
