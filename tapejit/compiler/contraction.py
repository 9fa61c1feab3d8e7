"""Convolutions as direct correlations: their geometry, before any target
renders them.

A 2-d convolution, its data gradient (a transposed convolution) and its
filter gradient are each reduced here to *correlations* over a padded,
stride-split copy of one operand, with no window matrix (``im2col``) in
memory:

- :class:`Correlation`: ``out[n, o, place(q)] = sum_c sum_t w[o, c, t] *
  src[n, c, q + taps[t]]`` for the wide pixels ``q`` of each output channel
  (rows of :attr:`Correlation.row` pixels, of which the first ``valid``
  are stored, at :attr:`Correlation.place`).  A convolution is one; its
  data gradient is one per phase of the stride (the input pixels a same set
  of taps reaches).
- :class:`FilterCorrelation`: ``gw[o, c, t] = sum_n sum_q gy[n, o, q] *
  src[n, c, q + taps[t]]``, the filter gradient, over the same source as the
  convolution's and the output gradient laid out in wide rows, with vectors
  along the pixels.
- :class:`ChannelFilter`: the same sum with vectors along channels (of the
  source, or of the output gradient), over the source laid out channels last
  (:class:`LastLayout`): a filter gradient whose channels fill vectors.

Result rows narrower than a vector take blocks of images interleaved pixel
by pixel (:func:`interleaved`): the convolution of a block, with its taps
spaced and padded across as many times wider, is that of its images.

A stride ``s`` is folded into the source's layout: each channel holds
``s_h * s_w`` *phase planes* (``plane[a, b][i, j] = padded[i * s_h + a,
j * s_w + b]``), so every tap reads unit-stride pixels at a constant offset
and one kernel serves every stride, padding and dilation.  :class:`Layout`
describes such a source; targets build it (one pass over the input) and
render the correlations with the register tile :func:`forward_tile`,
:func:`filter_tile` and :func:`channel_filter_tile` choose from the vector
width and register count of the machine they compile for.

>>> fw = conv_forward((2, 3, 8, 8), (4, 3, 3, 3), (1, 1), (1, 1), (1, 1), 1, (8, 8), lanes=8)
>>> fw.corr.taps[:4], fw.corr.row, fw.corr.valid, fw.src.hq, fw.src.wq
((0, 1, 2, 10), 10, (8, 8), 10, 10)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Optional

__all__ = ['Correlation', 'FilterCorrelation', 'Layout', 'ConvForward', 'ConvTranspose',
           'ConvFilter', 'LastLayout', 'ChannelFilter', 'conv_forward', 'conv_transpose',
           'conv_filter', 'conv_filter_channels', 'forward_tile', 'filter_tile',
           'channel_filter_tile', 'interleaved', 'product_tile', 'row_vectors']


@dataclass(frozen=True)
class Layout:
    """A source operand padded and split into stride phases, per channel a
    block of ``phases`` planes of ``hq x wq`` pixels, each followed by slack
    (a plane's stride is :attr:`plane`), images of ``channels`` blocks.

    Pixel ``(y, x)`` of a source image (``(channels, height, width)``) lies
    at padded ``(y + top, x + left)``: phase ``((y + top) % sy, (x + left) %
    sx)``, row ``(y + top) // sy``, column ``(x + left) // sx``; pixels
    beyond ``hq`` rows or ``wq`` columns are never read and left out, the
    rest of every plane is zero."""

    channels: int
    height: int
    width: int
    stride: tuple     # (sy, sx): phases per axis
    top: int
    left: int
    hq: int
    wq: int
    plane: int        # elements from one phase plane to the next

    def __post_init__(self) -> None:
        # (A kernel writes a plane's rows where this says: a plane shorter
        # than its rows would write into the next one, or past the buffer.)
        if self.plane < self.hq * self.wq:
            raise ValueError(f'Layout: planes of {self.hq}x{self.wq} pixels need '
                             f'{self.hq * self.wq} elements; got plane={self.plane}')

    @property
    def phases(self) -> int:
        return self.stride[0] * self.stride[1]

    @property
    def block(self) -> int:
        """Elements from one channel to the next."""
        return self.phases * self.plane

    @property
    def image(self) -> int:
        """Elements from one image to the next."""
        return self.channels * self.block

    def offset(self, dy: int, dx: int) -> int:
        """The offset within a channel's block of padded pixel ``(dy, dx)``
        relative to the plane origin of output pixel 0 (its phase's plane,
        row and column)."""
        sy, sx = self.stride
        return ((dy % sy) * sx + dx % sx) * self.plane + (dy // sy) * self.wq + dx // sx


@dataclass(frozen=True)
class Correlation:
    """``out[n, g*outs + o, place(q)] = sum_{c < channels} sum_t w[g, o, c,
    t] * src[n, (g*channels + c) * src_block + q + taps[t]]`` for ``q`` in
    ``[0, rows * row)`` (a pixel ``q = y * row + x`` is stored where ``x <
    valid[1]`` and ``y < valid[0]``, at output pixel ``(y * sy + oy, x * sx +
    ox)`` of planes ``out_hw``; ``place = (sy, oy, sx, ox)``)."""

    batch: int
    groups: int
    channels: int     # summed over, per group
    outs: int         # per group
    taps: tuple
    src_block: int
    src_image: int
    rows: int
    row: int
    valid: tuple
    place: tuple
    out_hw: tuple
    out_channels: int
    # 0: vectors run along the wide pixels, across rows; else each row is
    # cut into this many vectors (:func:`row_vectors`).
    row_vectors: int = 0

    @property
    def pixels(self) -> int:
        """The wide pixels per output channel."""
        return self.rows * self.row

    def vectors(self, lanes: int) -> int:
        """The vectors of ``lanes`` pixels computed per output channel."""
        if self.row_vectors:
            return self.rows * self.row_vectors
        return _ceil(self.pixels, lanes)

    def reach(self) -> int:
        """Elements past a channel's start that a tile of the last pixels
        may read, tile padding aside (the slack a source needs)."""
        return self.pixels + max(self.taps, default=0)


@dataclass(frozen=True)
class FilterCorrelation:
    """``gw[g, o, c, t] = sum_n sum_{y < rows} sum_{k < gy_row} gy[n, g*outs +
    o, y * gy_row + k] * src[n, (g*channels + c) * src_block + y * src_row +
    k + taps[t]]``: the output gradient in ``rows`` rows of :attr:`gy_row`
    pixels (zeros past each row's valid pixels), ``pixels`` per channel.
    Where the convolution runs along its wide rows (its
    :attr:`Correlation.row_vectors` is 0) that is one row of all the wide
    pixels; else a row per output row, of whole vectors."""

    batch: int
    groups: int
    channels: int
    outs: int
    taps: tuple
    src_block: int
    src_image: int
    pixels: int
    rows: int = 1
    src_row: int = 0

    @property
    def gy_row(self) -> int:
        """The output gradient's pixels per row."""
        return self.pixels // self.rows

    def reach(self) -> int:
        return (self.rows - 1) * self.src_row + self.gy_row + max(self.taps, default=0)


@dataclass(frozen=True)
class ConvForward:
    """A convolution: its source layout and correlation."""
    src: Layout
    corr: Correlation


@dataclass(frozen=True)
class ConvTranspose:
    """A transposed convolution (a convolution's data gradient): the output
    gradient's layout (one phase, padded above and left by the taps' reach)
    and one correlation per stride phase of the result that some tap
    reaches, with the taps (indices into the filter's ``kh * kw``) each
    uses; the phases no tap reaches are zero."""
    src: Layout
    phases: tuple     # of (Correlation, tap indices)
    covered: bool     # every pixel of the result is stored by some phase


@dataclass(frozen=True)
class ConvFilter:
    """A filter gradient: the source layout (the convolution's) and the
    correlation; the output gradient is laid out in rows of
    :attr:`FilterCorrelation.gy_row` pixels."""
    src: Layout
    corr: FilterCorrelation
    rows: int
    valid: tuple
    gy_wq: int        # the laid out output gradient's pixels per row


# What a vector load spanning two cache lines costs in a tile's loop, in
# aligned loads: consecutive taps read the same lines, which stay in the
# first-level cache (filter-gradient tiles of 3 channels x 9 taps measured
# 1-12% faster than of 7 x 3, which a cost of 2.5 chose).
SPLIT_LOAD = 1.5
# The most vectors of pixels a tile spans (:func:`forward_tile`'s ``V``; a
# filter gradient steps one vector at a time).
TILE_VECTORS = 8


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def row_vectors(rows: int, row: int, valid: int, lanes: int) -> int:
    """How a correlation of ``rows`` wide rows of ``row`` pixels (the first
    ``valid`` of each stored) cuts them into vectors of ``lanes`` pixels: 0
    along the wide pixels, across rows (the ``row - valid`` pixels between
    rows computed too), else ``valid`` pixels per row in that many vectors
    (the last masked where ``lanes`` does not divide ``valid``), whichever
    computes fewer.  Images whose width is a whole number of vectors then
    compute no pixel twice, and store whole vectors.

    >>> row_vectors(32, 34, 32, 16), row_vectors(28, 30, 28, 16), row_vectors(8, 10, 8, 16)
    (2, 0, 0)
    """
    per_row = _ceil(valid, lanes)
    return per_row if rows * per_row <= _ceil(rows * row, lanes) else 0


def _layout(channels: int, size: tuple, stride: tuple, top: int, left: int, hq: int,
            wq: int, reach: int, lanes: int) -> Layout:
    # Slack: a tile's last vectors (up to TILE_VECTORS) read past the
    # computed pixels; a plane's stride is a whole number of vectors, so
    # that a channel's pixel 0 is as aligned as the image's.
    plane = _ceil(max(hq * wq, reach) + TILE_VECTORS * lanes, lanes) * lanes
    return Layout(channels, size[0], size[1], tuple(stride), top, left, hq, wq, plane)


# (The geometries and tiles are pure functions of their arguments, kept
# once computed: an eager call asks for them again on every step.)
@functools.lru_cache(maxsize=512)
def conv_forward(x_shape: tuple, w_shape: tuple, stride: tuple, pad: tuple, dilate: tuple,
                 groups: int, out_size: tuple, lanes: int) -> ConvForward:
    """The convolution of ``x_shape`` ``(N, C, H, W)`` with filters
    ``w_shape`` ``(O, C // groups, kh, kw)`` giving ``out_size`` pixels, as a
    correlation over a source laid out for ``lanes``-wide vectors.

    >>> f = conv_forward((1, 1, 5, 5), (1, 1, 3, 3), (2, 2), (1, 1), (1, 1), 1, (3, 3), 4)
    >>> f.src.stride, f.src.hq, f.src.wq, f.corr.taps[:3] == (0, f.src.plane, 1)
    ((2, 2), 4, 4, True)
    """
    n, c, h, w = x_shape
    o, cg, kh, kw = w_shape
    (sy, sx), (dy, dx) = stride, dilate
    oh, ow = out_size
    reach_y, reach_x = (kh - 1) * dy // sy, (kw - 1) * dx // sx
    hq, wq = oh + reach_y, ow + reach_x
    # A tap reads its plane up to its shift (reach_y rows, reach_x columns)
    # past the pixels computed.
    src = _layout(c, (h, w), stride, pad[0], pad[1], hq, wq, (oh + reach_y) * wq + reach_x,
                  lanes)
    taps = tuple(src.offset(ky * dy, kx * dx) for ky in range(kh) for kx in range(kw))
    corr = Correlation(n, groups, cg, o // groups, taps, src.block, src.image, oh, wq, (oh, ow),
                       (1, 0, 1, 0), (oh, ow), o, row_vectors(oh, wq, ow, lanes))
    return ConvForward(src, corr)


@functools.lru_cache(maxsize=512)
def conv_transpose(gy_shape: tuple, w_shape: tuple, stride: tuple, pad: tuple,
                   dilate: tuple, groups: int, size: tuple, lanes: int) -> ConvTranspose:
    """The transposed convolution of ``gy_shape`` ``(N, O, OH, OW)`` with
    filters ``w_shape`` ``(O, C // groups, kh, kw)`` giving ``(N, C) + size``:
    the data gradient of :func:`conv_forward`'s convolution.

    Padded result pixel ``Y = i * sy + a`` gathers ``gy[i - (ky * dy) //
    sy] * w[ky]`` over the taps with ``(ky * dy) % sy == a`` (columns
    alike): per phase ``(a, b)`` a correlation of ``gy``, padded above and
    left by the largest such shift, with those taps mirrored.

    >>> t = conv_transpose((1, 1, 3, 3), (1, 1, 3, 3), (2, 2), (1, 1), (1, 1), 1, (5, 5), 4)
    >>> len(t.phases), t.covered, [p[1] for p in t.phases][:2]
    (4, True, [(0, 2, 6, 8), (1, 7)])
    """
    n, o, oh, ow = gy_shape
    _, cg, kh, kw = w_shape
    (sy, sx), (py, px), (dy, dx) = stride, pad, dilate
    h, w = size
    my, mx = (kh - 1) * dy // sy, (kw - 1) * dx // sx
    # Result rows of phase a: Y = i*sy + a in [py, py + h), i from lo to hi.
    spans_y = [(max(0, _ceil(py - a, sy)), max(0, _ceil(py + h - a, sy))) for a in range(sy)]
    spans_x = [(max(0, _ceil(px - b, sx)), max(0, _ceil(px + w - b, sx))) for b in range(sx)]
    n_y = max(hi - lo for lo, hi in spans_y)
    n_x = max(hi - lo for lo, hi in spans_x)
    top_y = max(lo for lo, _ in spans_y)
    top_x = max(lo for lo, _ in spans_x)
    wq = max(ow + mx, n_x + top_x + mx)
    hq = max(oh + my, n_y + top_y + my)
    src = _layout(o, (oh, ow), (1, 1), my, mx, hq, wq, (n_y + top_y + my + 1) * wq, lanes)
    phases = []
    covered = True
    for a in range(sy):
        lo_y, hi_y = spans_y[a]
        for b in range(sx):
            lo_x, hi_x = spans_x[b]
            used = tuple(ky * kw + kx for ky in range(kh) for kx in range(kw)
                         if (ky * dy) % sy == a and (kx * dx) % sx == b)
            if hi_y <= lo_y or hi_x <= lo_x:
                continue
            if not used:
                covered = False
                continue
            taps = tuple((lo_y + my - (t // kw) * dy // sy) * wq
                         + lo_x + mx - (t % kw) * dx // sx for t in used)
            corr = Correlation(n, groups, o // groups, cg, taps, src.block, src.image,
                               hi_y - lo_y, wq, (hi_y - lo_y, hi_x - lo_x),
                               (sy, lo_y * sy + a - py, sx, lo_x * sx + b - px), (h, w),
                               cg * groups, row_vectors(hi_y - lo_y, wq, hi_x - lo_x, lanes))
            phases.append((corr, used))
    return ConvTranspose(src, tuple(phases), covered)


@functools.lru_cache(maxsize=512)
def conv_filter(x_shape: tuple, gy_shape: tuple, ksize: tuple, stride: tuple, pad: tuple,
                dilate: tuple, groups: int, lanes: int) -> ConvFilter:
    """The filter gradient of the convolution of ``x_shape`` giving
    ``gy_shape`` with ``ksize`` filters: a correlation of the output
    gradient (in rows of the source's width) with the convolution's source.

    >>> f = conv_filter((1, 2, 6, 6), (1, 4, 6, 6), (3, 3), (1, 1), (1, 1), (1, 1), 1, 8)
    >>> f.corr.pixels % 8, f.rows, f.valid, f.corr.outs, f.corr.channels
    (0, 6, (6, 6), 4, 2)
    >>> f.corr.rows, f.corr.gy_row, f.corr.src_row       # (a row of 8 per output row)
    (6, 8, 8)
    """
    n, c, h, w = x_shape
    _, o, oh, ow = gy_shape
    kh, kw = ksize
    fw = conv_forward(x_shape, (o, c // groups, kh, kw), stride, pad, dilate, groups, (oh, ow),
                      lanes)
    rv = fw.corr.row_vectors
    if rv:
        rows, pixels, src_row = oh, oh * rv * lanes, fw.src.wq
    else:
        rows, pixels, src_row = 1, _ceil(oh * fw.src.wq, lanes) * lanes, 0
    corr = FilterCorrelation(n, groups, c // groups, o // groups, fw.corr.taps, fw.src.block,
                             fw.src.image, pixels, rows, src_row)
    return ConvFilter(fw.src, corr, oh, (oh, ow), corr.gy_row if rv else fw.src.wq)


def interleaved(batch: int, width: int, out_width: int, row: int, kw: int, stride_x: int,
                pad_x: int, dilate_x: int, lanes: int) -> int:
    """Images per block ``L`` that a convolution's kernel takes interleaved
    pixel by pixel (1: none): the convolution of images ``width`` wide
    giving ``out_width`` (``kw`` taps across, stride ``stride_x`` 1,
    padding ``pad_x``, dilation ``dilate_x``), where the rows the kernel
    computes (``row`` pixels: the output's for the convolution, the input's
    for its data gradient) are narrower than a vector that they divide.
    Block ``g`` holds ``x[g * L + l, c, y, i]`` at ``[g, c, y, i * L + l]``:
    the convolution of a block, with ``L`` times the taps' spacing and the
    padding across, is that of its images, each computed row ``lanes``
    pixels wide.  Rows narrower than a vector either leave lanes idle or
    run across rows into the padding (8-pixel rows on 16 lanes: a fifth of
    the work, and the filters' values broadcast for half a vector's FMAs).
    Where ``lanes`` rows do not fill the batch, or the output is not the
    convolution's full extent across, none.

    >>> interleaved(64, 8, 8, 8, 3, 1, 1, 1, 16), interleaved(64, 8, 8, 8, 3, 1, 1, 1, 8)
    (2, 1)
    >>> interleaved(63, 8, 8, 8, 3, 1, 1, 1, 16), interleaved(64, 16, 8, 8, 3, 2, 1, 1, 16)
    (1, 1)
    >>> interleaved(64, 8, 6, 8, 3, 1, 0, 1, 16)    # (a data gradient, no padding)
    2
    """
    if row >= lanes or lanes % row or stride_x != 1:
        return 1
    images = lanes // row
    if batch % images or out_width != width + 2 * pad_x - dilate_x * (kw - 1):
        return 1
    return images


@dataclass(frozen=True)
class LastLayout:
    """A source operand padded and channels last: per image ``rows x cols``
    pixels, each of ``groups`` blocks of ``cpad`` channels (a group's
    ``channels``, then zeros to whole vectors).  Source pixel ``(y, x)`` lies
    at ``(y + top, x + left)``; every other pixel is zero."""

    channels: int     # per group
    groups: int
    height: int
    width: int
    top: int
    left: int
    rows: int
    cols: int
    cpad: int

    @property
    def pixel(self) -> int:
        """Elements from one pixel to the next."""
        return self.groups * self.cpad

    @property
    def image(self) -> int:
        """Elements from one image to the next."""
        return self.rows * self.cols * self.pixel


@dataclass(frozen=True)
class ChannelFilter:
    """A filter gradient with vectors along channels: ``gw[g, o, c, t] =
    sum_n sum_{y < oh} sum_{x < ow} gy[n, g*outs + o, y, x] * src[n, y *
    step[0] + x * step[1] + g * cpad + c + taps[t]]`` over ``src``
    (:class:`LastLayout`): a product of an element of one operand,
    broadcast, with a vector of the other's channels, summed over the
    pixels in registers, so that no lanes are summed across and no pixel is
    computed twice.

    The vectors run along the source's channels where ``grad`` is None
    (each output-gradient element broadcast, the output gradient read as it
    is); else along the output channels of the output gradient laid out as
    ``grad`` says (each source element broadcast at each tap).  ``along``
    names which."""

    src: LastLayout
    outs: int         # per group
    taps: tuple       # element offsets of the taps, ky * kw + kx order
    out_hw: tuple
    step: tuple       # elements from one output row, and one pixel, to the next
    grad: Optional[LastLayout] = None

    @property
    def along(self) -> str:
        return 'source' if self.grad is None else 'gradient'

    def vectors(self, lanes: int) -> int:
        """The vectors of ``lanes`` channels a group's block holds, on the
        side the vectors run along."""
        return (self.src if self.grad is None else self.grad).cpad // lanes

    @property
    def broadcasts(self) -> int:
        """The channels a group broadcasts (the other side's)."""
        return self.outs if self.grad is None else self.src.channels


@functools.lru_cache(maxsize=512)
def conv_filter_channels(x_shape: tuple, gy_shape: tuple, ksize: tuple, stride: tuple,
                         pad: tuple, dilate: tuple, groups: int, lanes: int,
                         along: str = 'source') -> ChannelFilter:
    """The filter gradient of the convolution of ``x_shape`` giving
    ``gy_shape`` with ``ksize`` filters, as a :class:`ChannelFilter` over
    the source laid out channels last in vectors of ``lanes``, with vectors
    ``along`` the ``'source'``'s channels or the output ``'gradient'``'s.

    >>> f = conv_filter_channels((2, 20, 6, 6), (2, 4, 3, 3), (3, 3), (2, 2), (1, 1), (1, 1),
    ...                          1, 16)
    >>> f.src.rows, f.src.cols, f.src.cpad, f.step, f.taps[:4]
    (7, 7, 32, (448, 64), (0, 32, 64, 224))
    >>> g = conv_filter_channels((2, 3, 6, 6), (2, 20, 3, 3), (3, 3), (2, 2), (1, 1), (1, 1),
    ...                          1, 16, 'gradient')
    >>> g.grad.cpad, g.grad.pixel, g.vectors(16), g.broadcasts
    (32, 32, 2, 3)
    """
    n, c, h, w = x_shape
    _, o, oh, ow = gy_shape
    kh, kw = ksize
    (sy, sx), (py, px), (dy, dx) = stride, pad, dilate
    cg = c // groups
    cpad = _ceil(cg, lanes) * lanes
    # Every pixel a tap of an output pixel reads, and the source's own.
    rows = max(py + h, (oh - 1) * sy + (kh - 1) * dy + 1)
    cols = max(px + w, (ow - 1) * sx + (kw - 1) * dx + 1)
    src = LastLayout(cg, groups, h, w, py, px, rows, cols, cpad)
    px_ = src.pixel
    taps = tuple((ky * dy * cols + kx * dx) * px_ for ky in range(kh) for kx in range(kw))
    og = o // groups
    grad = (LastLayout(og, groups, oh, ow, 0, 0, oh, ow, _ceil(og, lanes) * lanes)
            if along == 'gradient' else None)
    return ChannelFilter(src, og, taps, (oh, ow), (sy * cols * px_, sx * px_), grad)


# --- register tiles ------------------------------------------------------
@functools.lru_cache(maxsize=512)
def forward_tile(outs: int, pixels: int, lanes: int, registers: int,
                 row_vectors: int = 0) -> tuple:
    """``(R, V)``: a correlation's tile of ``R`` output channels by ``V``
    vectors of ``lanes`` pixels, held in registers: ``R * V`` accumulators,
    the ``V`` source vectors of a tap and its ``R`` broadcast filter values
    fit in ``registers`` (all live at once: 6 x 4 tiles, 34 values on 32
    registers, ran 10-12% slower than 4 x 4 ones on 64-channel layers).
    Among those, the one with the least work per output (padding of the
    channels and pixels to whole tiles, and loads per FMA).  Where each
    output row is ``row_vectors`` vectors, a tile takes whole rows (or a
    whole part of one): its vectors' loads then share their alignment and
    it reads no row of another tile's (4 x 5 tiles over rows of 2 vectors
    ran 9-10% slower than 4 x 4 ones on a 32x32 layer).

    >>> forward_tile(64, 288, 16, 32), forward_tile(64, 288, 8, 16)
    ((6, 3), (4, 2))
    >>> forward_tile(32, 1024, 16, 32), forward_tile(32, 1024, 16, 32, row_vectors=2)
    ((4, 5), (4, 4))
    """
    best: Optional[tuple] = None
    for v in range(1, TILE_VECTORS + 1):
        if row_vectors and v % row_vectors and row_vectors % v:
            continue
        for r in range(1, 17):
            if r * v + v + r > registers:
                continue
            work = _ceil(outs, r) * r * _ceil(pixels, v * lanes) * v * lanes
            # Loads per FMA: a tap's V source vectors (unaligned: most span
            # two cache lines, each counted SPLIT_LOAD) and R broadcasts
            # feed R * V.
            cost = work * (1.0 + (SPLIT_LOAD * v + r) / (r * v))
            if best is None or cost < best[0] or (cost == best[0] and r > best[1]):
                best = (cost, r, v)
    return best[1], best[2]


@functools.lru_cache(maxsize=512)
def filter_tile(outs: int, taps: int, registers: int) -> tuple:
    """``(R, T)``: a filter gradient's tile of ``R`` output channels by ``T``
    taps (``T`` divides the taps) of one source channel, accumulated in
    vectors: ``R * T`` accumulators and the ``R`` output-gradient vectors of
    a step fit in ``registers``.

    >>> filter_tile(64, 9, 32), filter_tile(64, 9, 16)
    ((6, 3), (3, 3))
    """
    best: Optional[tuple] = None
    for t in range(1, taps + 1):
        if taps % t:
            continue
        for r in range(1, 17):
            if r * t + r + 1 > registers:
                continue
            # Loads per FMA: R aligned output-gradient vectors and T
            # unaligned source vectors (counted SPLIT_LOAD) feed R * T.
            cost = _ceil(outs, r) * r * taps * (1.0 + (r + SPLIT_LOAD * t) / (r * t))
            if best is None or cost < best[0]:
                best = (cost, r, t)
    return best[1], best[2]


@functools.lru_cache(maxsize=512)
def channel_filter_tile(broadcasts: int, taps: int, vectors: int, registers: int,
                        along: str = 'source') -> tuple:
    """``(R, T, V)``: a :class:`ChannelFilter`'s tile of ``R`` broadcast
    channels by ``T`` taps (``T`` divides the taps) by ``V`` vectors of
    channels (``V`` divides ``vectors``), ``R * T * V`` accumulators.  With
    vectors ``along`` the source, a step loads ``T * V`` source vectors and
    broadcasts ``R`` output-gradient elements one at a time; along the
    output gradient, it loads ``V`` vectors (the same at every tap) and
    broadcasts ``R * T`` source elements.  The accumulators, the loaded
    vectors and one broadcast at a time fit in ``registers`` (each
    broadcast is used as soon as it is loaded); among such tiles, the one
    with the least work (the broadcast channels padded to whole tiles) and
    loads per FMA.

    >>> channel_filter_tile(64, 9, 4, 32), channel_filter_tile(32, 9, 2, 16)
    ((4, 3, 2), (4, 3, 1))
    >>> channel_filter_tile(3, 9, 2, 32, 'gradient'), channel_filter_tile(3, 9, 1, 16, 'gradient')
    ((3, 3, 2), (3, 3, 1))
    """
    best: Optional[tuple] = None
    for v in range(1, vectors + 1):
        if vectors % v:
            continue
        for t in range(1, taps + 1):
            if taps % t:
                continue
            for r in range(1, 17):
                held = t * v if along == 'source' else v
                if r * t * v + held + 1 > registers:
                    continue
                loads = r + t * v if along == 'source' else r * t + v
                cost = _ceil(broadcasts, r) * r * (1.0 + loads / (r * t * v))
                if best is None or cost < best[0]:
                    best = (cost, r, t, v)
    return best[1:]


@functools.lru_cache(maxsize=256)
def product_tile(lanes: int, registers: int, columns: int = 0, ways: int = 16) -> tuple:
    """``(MR, NV)``: a matrix product's tile of ``MR`` rows by ``NV``
    vectors of ``lanes`` columns, held in registers: ``MR * NV``
    accumulators and a step's ``NV`` vectors of the packed operand fit in
    ``registers`` with one left for the broadcast element (the rows'
    elements are broadcast one at a time).  Among the tiles within
    ``PRODUCT_TILE_SLACK`` of the fewest loads per FMA (``NV`` vectors and
    ``MR`` elements feed ``MR * NV``), the one of fewest vectors: narrower
    panels pad less at the last column and give the threads more of them
    (6 x 4 and 5 x 5 measured even on 16 lanes and 32 registers).

    A product of fewer ``columns`` than that tile spans (a classifier's
    ten, an attention head's 32) takes a tile of just the vectors they
    need, and as many rows as the registers then hold, up to ``ways`` (the
    first-level cache's associativity: rows of ``A`` a multiple of 4 KiB
    apart fall in one of its sets) but no fewer than the wide tile's.

    >>> product_tile(16, 32), product_tile(8, 16), product_tile(16, 32, 10, 8)
    ((6, 4), (4, 3), (8, 1))
    >>> product_tile(16, 32, 40, 8), product_tile(8, 16, 10, 8), product_tile(16, 32, 10, 4)
    ((8, 3), (6, 2), (6, 1))
    """
    tiles = [(r, v) for v in range(1, TILE_VECTORS + 1) for r in range(1, 17)
             if r * v + v + 1 <= registers]
    least = min((r + v) / (r * v) for r, v in tiles)
    near = [(v, -r, r) for r, v in tiles if (r + v) / (r * v) <= least * (1 + PRODUCT_TILE_SLACK)]
    v, _, r = min(near)
    needed = -(-columns // lanes)
    if 0 < needed < v:
        # (At least the wide tile's rows, whatever the ways: no narrow tile
        # has fewer loads per FMA than it would then.)
        v = needed
        r = max(min(ways, max(rr for rr, w in tiles if w == v)), r)
    return r, v


# How far above the fewest loads per FMA a product's tile may be.
PRODUCT_TILE_SLACK = 0.05


def attention_tile(lanes: int, registers: int, columns: int) -> Optional[tuple]:
    """``(MR, NV, NVO)``: the attention kernels' tiles (see
    :mod:`tapejit.targets.cpu.attention_ir`): the product's wide tile of
    ``MR`` rows by ``NV`` vectors for the scores, and for the products
    with ``v``, ``k`` and ``q`` (rows of ``columns``, a whole number of
    vectors) ``NVO`` vectors, the most up to ``NV`` that divide them; None
    where ``columns`` is not a whole number of vectors.

    >>> attention_tile(16, 32, 64), attention_tile(8, 16, 40), attention_tile(16, 32, 40)
    ((6, 4, 4), (4, 3, 1), None)
    """
    if columns <= 0 or columns % lanes:
        return None
    mr, nv = product_tile(lanes, registers)
    vectors = columns // lanes
    return mr, nv, max(v for v in range(1, nv + 1) if vectors % v == 0)
