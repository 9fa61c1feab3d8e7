"""The LLVM IR of the CPU's convolution kernels (run by
:mod:`tapejit.targets.cpu.contraction`): the correlations of
:mod:`tapejit.compiler.contraction` with vector types and a register tile,
the source layouts, and an FMA loop built the same way (the machine's
peak).

Each kernel is an entry ``symbol(n, ch, nch, claim, *arrays)`` over flat
arrays: its ``nch`` items are taken ``ch`` at a time (at least one) from the
int64 counter at ``claim`` by every thread that enters it
(:class:`tapejit.backends.threads.Chunked`); ``n`` is the batch where the
kernel reads it at run time.

>>> import numpy as np
>>> from tapejit.compiler import contraction as C
>>> fw = C.conv_forward((1, 2, 4, 4), (3, 2, 3, 3), (1, 1), (1, 1), (1, 1), 1, (4, 4), 8)
>>> text = correlation_ir('demo', fw.corr, np.dtype(np.float32), (3, 1), 8)
>>> 'llvm.fma.v8f32' in text and 'llvm.masked.store' in text
True
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable, NamedTuple, Optional

import numpy

from tapejit.compiler import contraction as C
from tapejit.targets.cpu.emitter import Array, Emitter

__all__ = ['correlation_ir', 'filter_ir', 'channel_filter_ir', 'fma_ir', 'layout_ir',
           'windows_ir', 'windows_add_ir', 'transpose']

_DTYPES = {numpy.dtype(numpy.float32): 'f', numpy.dtype(numpy.float64): 'd'}
# Output pixels a step of a ChannelFilter's tile takes (its loop unrolled):
# with 3 taps along a row, steps of 4 pixels share the source vectors of
# neighbouring taps and ran 8-12% faster than steps of 1 (2: 5%; 8 and 16:
# as 4).
PIXELS_A_STEP = 4


def _phase_rows(src: C.Layout) -> list:
    """Per phase ``(a, b)``: ``(plane index, first image row, first plane
    row, rows, first image column, first plane column, columns)`` of the
    pixels it holds."""
    sy, sx = src.stride
    out = []
    for a in range(sy):
        y0 = (a - src.top) % sy
        i0 = (y0 + src.top) // sy
        rows = max(0, min(len(range(y0, src.height, sy)), src.hq - i0))
        for b in range(sx):
            x0 = (b - src.left) % sx
            j0 = (x0 + src.left) // sx
            cols = max(0, min(len(range(x0, src.width, sx)), src.wq - j0))
            if rows and cols:
                out.append((a * sx + b, y0, i0, rows, x0, j0, cols))
    return out


def layout_ir(symbol: str, src: C.Layout, dtype: numpy.dtype) -> str:
    """The LLVM IR of the kernel laying images out as ``src`` says:
    ``symbol(n, ch, nch, claim, x, out)``, an item per image channel
    (:func:`_lay_channel`)."""
    hw = src.height * src.width

    def emit(em: Emitter, batch: Any, nch: Any, claim: Any, x: Array, out: Array) -> None:
        v = _Ir(em, dtype, 1)

        def item(i: Any) -> None:
            b = em.b
            _lay_channel(em, src, dtype, b.gep(x.data, [b.mul(i, v.c(hw))]),
                         b.gep(out.data, [b.mul(i, v.c(src.block))]))
        v.work_loop(claim, nch, item)
    return _entry(symbol, dtype, 2, {1}, emit)


def windows_ir(symbol: str, src: C.Layout, taps: tuple, out_hw: tuple,
               dtype: numpy.dtype) -> str:
    """The LLVM IR of the kernel writing the windows of images laid out as
    ``src`` says (the convolution's source, ``taps`` its taps' offsets) as
    one matrix, a row per channel and tap and a column per image and
    output pixel (``out_hw``): ``symbol(n, ch, nch, claim, source, out)``
    for ``n`` images, an item per image channel (channel by channel: see
    :func:`_image_channel`), each output row of each
    tap one copy of its pixels (unit-stride in the tap's phase plane).
    Where :func:`gathers` says, ``source`` is the images themselves ``(n,
    channels, height, width)``, and each output row of a tap is a row of
    the image moved in registers (:func:`_scatter_rows`): no padded copy."""
    oh, ow = out_hw
    size = numpy.dtype(dtype).itemsize

    gather = gathers(src, out_hw, len(taps))

    def emit(em: Emitter, batch: Any, nch: Any, claim: Any, x: Array, out: Array) -> None:
        v = _Ir(em, dtype, 1)
        memcpy = _memory_intrinsics(em)[1]
        i8p, no = em.i8p, em.ir.Constant(em.ir.IntType(1), 0)

        def item(i: Any) -> None:
            b = em.b
            k, c, at = _image_channel(em, v, i, batch, src.channels)
            image = b.gep(x.data, [b.mul(at, v.c(src.height * src.width if gather
                                                 else src.block))])
            row0 = b.mul(b.mul(c, v.c(len(taps))), batch)   # the channel's first row of out
            for t, off in enumerate(taps):
                b = em.b
                d_img = b.gep(out.data, [b.mul(b.add(b.add(row0, b.mul(v.c(t), batch)), k),
                                               v.c(oh * ow))])
                if gather:
                    _scatter_rows(em, v, src, off, out_hw, image, d_img, size)
                    continue
                s_img = b.gep(image, [v.c(off)])

                def row(y: Any, s_img=s_img, d_img=d_img) -> None:
                    br = em.b
                    br.call(memcpy, [br.bitcast(br.gep(d_img, [br.mul(y, v.c(ow))]), i8p),
                                     br.bitcast(br.gep(s_img, [br.mul(y, v.c(src.wq))]), i8p),
                                     v.c(ow * size), no])
                em.repeat(v.c(0), v.c(oh), row)
        v.work_loop(claim, nch, item)
    return _entry(symbol, dtype, 2, {1}, emit)


def windows_add_ir(symbol: str, src: C.Layout, taps: tuple, out_hw: tuple,
                   dtype: numpy.dtype) -> str:
    """The LLVM IR of the kernel adding windows back into images, the
    adjoint of :func:`windows_ir`'s: ``symbol(n, ch, nch, claim, cols,
    laid, out)``, ``cols`` a row per channel and tap and a column per image
    and output pixel (``out_hw``), ``laid`` scratch for ``n`` images laid
    out as ``src`` says (planes of no slack), ``out`` the images ``(n,
    channels, height, width)``.  An item per image channel.  With a stride
    of one and short rows, each image row is the sum of the taps' rows that
    read it, shifted in registers (:func:`_gather_rows`); else its planes
    are zeroed, each output row of each tap added (a vector of the row's
    pixels) where that tap reads it, then its pixels copied out."""
    oh, ow = out_hw
    size = numpy.dtype(dtype).itemsize
    hw = src.height * src.width
    covered = _covered(src)
    order = _apart(taps, src)
    gather = gathers(src, out_hw, len(taps))

    def emit(em: Emitter, batch: Any, nch: Any, claim: Any, cols: Array, laid: Array,
             out: Array) -> None:
        v = _Ir(em, dtype, 1)

        def line(t: int, k: Any, c: Any) -> Any:
            # (Tap t's row of channel c, at image k's output pixels.)
            b = em.b
            row = b.add(b.mul(b.add(b.mul(c, v.c(len(taps))), v.c(t)), batch), k)
            return b.gep(cols.data, [b.mul(row, v.c(oh * ow))])

        def item(i: Any) -> None:
            b = em.b
            k, c, at = _image_channel(em, v, i, batch, src.channels)
            if gather:
                image = b.gep(out.data, [b.mul(at, v.c(hw))])
                _gather_rows(em, v, src, taps, out_hw,
                             [line(t, k, c) for t in range(len(taps))], image, size)
                return
            block = b.gep(laid.data, [b.mul(at, v.c(src.block))])
            v.zero_elements(block, src.block)
            for t in order:
                off = taps[t]
                line0 = line(t, k, c)

                def row(y: Any, off=off, line0=line0) -> None:
                    br = em.b
                    _add_row(em, v, br.gep(block, [br.add(br.mul(y, v.c(src.wq)), v.c(off))]),
                             br.gep(line0, [br.mul(y, v.c(ow))]), ow, size)
                em.repeat(v.c(0), v.c(oh), row)
            b = em.b
            image = b.gep(out.data, [b.mul(at, v.c(hw))])
            if not covered:   # (pixels no window reads: a zero gradient)
                v.zero_elements(image, hw)
            _unlay_channel(em, src, dtype, block, image)
        v.work_loop(claim, nch, item)
    return _entry(symbol, dtype, 3, {1, 2}, emit)


def _image_channel(em: Emitter, v: '_Ir', i: Any, batch: Any, channels: int) -> tuple:
    """``(image, channel, image * channels + channel)`` of the windows'
    item ``i``.  The items run channel by channel, each channel's images in
    turn: a claim of consecutive items then covers whole rows of the
    windows' matrix (a row per channel and tap), which one thread writes
    (or reads) from end to end.  Image by image, each item touched a line
    in each of its channel's rows, next to the lines of the items about
    it, and two threads passed those lines between their cores: the
    windows of a 4x4 layer took longer on two threads than on one."""
    b = em.b
    c, k = b.sdiv(i, batch), b.srem(i, batch)
    return k, c, b.add(b.mul(k, v.c(channels)), c)


# windows_add sums an image row in registers (see _gather_rows) where its
# rows and the windows' rows are at most this long, and the image's rows
# times the taps (the row vectors its kernel loads, written out) at most
# GATHER_ROWS.
GATHER_ROW = 32
GATHER_ROWS = 512


def gathers(src: C.Layout, out_hw: tuple, taps: int) -> bool:
    """Whether the windows' kernels of images laid out as ``src`` says
    (``taps`` taps, ``out_hw`` output pixels) move rows in registers rather
    than through a padded copy of the images: a stride of one, rows of at
    most :data:`GATHER_ROW` and at most :data:`GATHER_ROWS` rows written out.

    >>> from tapejit.compiler import contraction as C
    >>> gathers(C.Layout(2, 4, 4, (1, 1), 1, 1, 6, 6, 36), (4, 4), 9)
    True
    """
    return (src.stride == (1, 1) and max(src.width, out_hw[1]) <= GATHER_ROW
            and max(src.height, out_hw[0]) * taps <= GATHER_ROWS)


def _scatter_rows(em: Emitter, v: '_Ir', src: C.Layout, off: int, out_hw: tuple,
                  image: Any, dst: Any, size: int) -> None:
    """One tap (``off`` in ``src``'s plane) of one channel of the windows
    with a stride of one: each of its ``out_hw`` output rows (at ``dst``)
    the image row it reads (``image``, ``height x width``), loaded as one
    vector and moved to its columns by a shuffle, zero in the padding."""
    ir = em.ir
    oh, ow = out_hw
    width = src.width
    row_t, out_t = ir.VectorType(v.elem, width), ir.VectorType(v.elem, ow)
    zero = ir.Constant(row_t, None)
    dy, dx = divmod(off, src.wq)
    # (Output pixel x reads image column x + dx - left; index ``width``
    # takes a zero of the second vector.)
    lanes = [x + dx - src.left for x in range(ow)]
    lanes = ir.Constant(ir.VectorType(ir.IntType(32), ow),
                        [j if 0 <= j < width else width for j in lanes])
    for y in range(oh):
        yy = y + dy - src.top
        b = em.b
        if 0 <= yy < src.height:
            row = b.load(b.bitcast(b.gep(image, [v.c(yy * width)]), row_t.as_pointer()),
                         align=size)
            val = b.shuffle_vector(row, zero, lanes)
        else:
            val = ir.Constant(out_t, None)
        b.store(val, b.bitcast(b.gep(dst, [v.c(y * ow)]), out_t.as_pointer()), align=size)


def _gather_rows(em: Emitter, v: '_Ir', src: C.Layout, taps: tuple, out_hw: tuple,
                 lines: list, image: Any, size: int) -> None:
    """One channel of windows_add with a stride of one: each row of the
    image (``height x width`` at ``image``) is the sum of the windows' rows
    that read it (tap ``t``'s rows at ``lines[t]``, ``out_hw`` pixels), each
    loaded as one vector and moved to the columns it reads by a shuffle,
    in registers: no plane zeroed, added to in memory and copied out."""
    ir = em.ir
    oh, ow = out_hw
    width = src.width
    row_t, out_t = ir.VectorType(v.elem, ow), ir.VectorType(v.elem, width)
    zero = ir.Constant(row_t, None)
    for yy in range(src.height):
        acc = None
        for t, off in enumerate(taps):
            dy, dx = divmod(off, src.wq)
            y = yy + src.top - dy
            # (Lane x of the image row reads the tap's pixel x + left - dx;
            # index ow takes a zero of the second vector.)
            lanes = [x + src.left - dx for x in range(width)]
            lanes = [j if 0 <= j < ow else ow for j in lanes]
            if not 0 <= y < oh or all(j == ow for j in lanes):
                continue
            b = em.b
            row = b.load(b.bitcast(b.gep(lines[t], [v.c(y * ow)]), row_t.as_pointer()),
                         align=size)
            part = b.shuffle_vector(row, zero, ir.Constant(
                ir.VectorType(ir.IntType(32), width), lanes))
            acc = part if acc is None else b.fadd(acc, part)
        b = em.b
        ptr = b.bitcast(b.gep(image, [v.c(yy * width)]), out_t.as_pointer())
        b.store(ir.Constant(out_t, None) if acc is None else acc, ptr, align=size)


def _apart(taps: tuple, src: C.Layout) -> list:
    """The order windows_add adds its taps' rows in: by the column they
    start at in the laid-out plane, then by row.  Taps one column apart add
    rows that overlap but for an element; in the taps' own order (row by
    row) each add read what the one a few adds before had stored, shifted
    by an element, which the core cannot forward from its store buffer and
    waits for (the store-to-load forwarding stall).  Column by column, an
    overlapping store lies a whole column's adds back."""
    return sorted(range(len(taps)), key=lambda t: (taps[t] % src.plane % src.wq, taps[t]))


# Elements a vector of windows_add's takes at most (a longer row runs in a
# loop of them: a vector as long as any row would be a long compile).
ROW_VECTOR = 16


def _add_row(em: Emitter, v: '_Ir', dst: Any, src: Any, count: int, size: int) -> None:
    """``dst[:count] += src[:count]``, in vectors of at most
    :data:`ROW_VECTOR` elements (element-aligned)."""
    ir = em.ir

    def add(at: Any, width: int) -> None:
        b = em.b
        ptr = ir.VectorType(v.elem, width).as_pointer()
        d, s = b.bitcast(b.gep(dst, [at]), ptr), b.bitcast(b.gep(src, [at]), ptr)
        b.store(b.fadd(b.load(d, align=size), b.load(s, align=size)), d, align=size)
    whole, tail = divmod(count, ROW_VECTOR)
    if whole == 1:
        add(v.c(0), ROW_VECTOR)
    elif whole:
        em.repeat(v.c(0), v.c(whole), lambda j: add(em.b.mul(j, v.c(ROW_VECTOR)), ROW_VECTOR))
    if tail:
        add(v.c(whole * ROW_VECTOR), tail)


def _covered(src: C.Layout) -> bool:
    """Whether ``src``'s planes hold every pixel of its images."""
    held = _phase_rows(src)
    return sum(rows * cols for _, _, _, rows, _, _, cols in held) == src.height * src.width


def _unlay_channel(em: Emitter, src: C.Layout, dtype: numpy.dtype, block: Any,
                   image: Any) -> None:
    """Copy the pixels of one channel laid out as ``src`` says (at
    ``block``) back to its image (``image``, ``height x width``): the
    inverse of :func:`_lay_channel` on the pixels its planes hold."""
    size = numpy.dtype(dtype).itemsize
    c = SimpleNamespace(c=lambda k: em.ir.Constant(em.i64, k)).c
    for ph, y0, i0, rows, x0, j0, cols in _phase_rows(src):
        base = em.b.gep(block, [c(ph * src.plane)])

        def row(r: Any, base=base, y0=y0, i0=i0, x0=x0, j0=j0, cols=cols) -> None:
            i_row, line = _row_pointers(em, src, image, base, r, y0, i0, x0)
            _copy_row(em, i_row, src.stride[1], em.b.gep(line, [c(j0)]), 1, cols, size)
        em.repeat(c(0), c(rows), row)


def _row_pointers(em: Emitter, src: C.Layout, image: Any, base: Any, r: Any, y0: int,
                  i0: int, x0: int) -> tuple:
    """``(image row, plane line)``: where row ``r`` of a phase (its first
    image pixel ``(y0, x0)``, its first plane row ``i0``) starts in a
    channel's image and in its phase plane at ``base``."""
    b = em.b

    def c(k: int) -> Any:
        return em.ir.Constant(em.i64, k)
    y = b.add(b.mul(r, c(src.stride[0])), c(y0))
    return (b.gep(image, [b.add(b.mul(y, c(src.width)), c(x0))]),
            b.gep(base, [b.mul(b.add(r, c(i0)), c(src.wq))]))


def _copy_row(em: Emitter, dst: Any, d_step: int, source: Any, s_step: int, count: int,
              size: int) -> None:
    """Copy ``count`` elements, ``s_step`` apart at ``source``, to ``d_step``
    apart at ``dst``: one ``memcpy`` where both are unit-stride."""
    ir = em.ir

    def c(k: int) -> Any:
        return ir.Constant(em.i64, k)
    b = em.b
    if d_step == s_step == 1:
        b.call(_memory_intrinsics(em)[1], [b.bitcast(dst, em.i8p), b.bitcast(source, em.i8p),
                                           c(count * size), ir.Constant(ir.IntType(1), 0)])
        return

    def one(k: Any) -> None:
        bk = em.b
        bk.store(bk.load(bk.gep(source, [bk.mul(k, c(s_step))])),
                 bk.gep(dst, [bk.mul(k, c(d_step))]))
    em.repeat(c(0), c(count), one)


def _memory_intrinsics(em: Emitter) -> tuple:
    """LLVM's ``memset`` and ``memcpy`` intrinsics, declared once per module."""
    ir = em.ir
    have = em.module.globals
    if 'llvm.memset.p0.i64' not in have:
        ir.Function(em.module, ir.FunctionType(ir.VoidType(), [
            em.i8p, em.i8, em.i64, ir.IntType(1)]), 'llvm.memset.p0.i64')
        ir.Function(em.module, ir.FunctionType(ir.VoidType(), [
            em.i8p, em.i8p, em.i64, ir.IntType(1)]), 'llvm.memcpy.p0.p0.i64')
    return have['llvm.memset.p0.i64'], have['llvm.memcpy.p0.p0.i64']


def _lay_channel(em: Emitter, src: C.Layout, dtype: numpy.dtype, image: Any, dst: Any) -> None:
    """Lay one channel (``image``, its ``height x width`` pixels) out at
    ``dst`` as ``src`` says, each element of its block written once: its
    pixels copied, the padding around them and the planes' slack zeroed."""
    size = numpy.dtype(dtype).itemsize
    held = {ph: rest for ph, *rest in _phase_rows(src)}
    ir = em.ir
    i8p = em.i8p
    memset = _memory_intrinsics(em)[0]
    v = SimpleNamespace(c=lambda k: ir.Constant(em.i64, k))

    def zero(b: Any, at: Any, lo: int, hi: int) -> None:
        if hi > lo:
            b.call(memset, [b.bitcast(b.gep(at, [v.c(lo)]), i8p), ir.Constant(em.i8, 0),
                            v.c((hi - lo) * size), ir.Constant(ir.IntType(1), 0)])

    sx = src.stride[1]
    for ph in range(src.phases):
        base = em.b.gep(dst, [v.c(ph * src.plane)])
        if ph not in held:
            zero(em.b, base, 0, src.plane)
            continue
        y0, i0, rows, x0, j0, cols = held[ph]
        zero(em.b, base, 0, i0 * src.wq)
        zero(em.b, base, (i0 + rows) * src.wq, src.plane)

        def row(r: Any, base=base, y0=y0, i0=i0, x0=x0, j0=j0, cols=cols) -> None:
            br = em.b
            s_row, line = _row_pointers(em, src, image, base, r, y0, i0, x0)
            zero(br, line, 0, j0)
            zero(br, line, j0 + cols, src.wq)
            _copy_row(em, br.gep(line, [v.c(j0)]), 1, s_row, sx, cols, size)
        em.repeat(v.c(0), v.c(rows), row)


class _Ir:
    """LLVM IR helpers over an :class:`Emitter`'s builder for vectors of
    ``lanes`` elements of ``dtype``."""

    def __init__(self, em: Emitter, dtype: numpy.dtype, lanes: int) -> None:
        ir = em.ir
        self.em, self.ir, self.lanes = em, ir, lanes
        self.elem = ir.FloatType() if dtype == numpy.float32 else ir.DoubleType()
        self.vec = ir.VectorType(self.elem, lanes)
        self.i64, self.i32, self.i1 = em.i64, em.i32, ir.IntType(1)
        suffix = f'v{lanes}f{dtype.itemsize * 8}'
        module = em.module
        self.fma = ir.Function(module, ir.FunctionType(self.vec, [self.vec] * 3),
                               f'llvm.fma.{suffix}')
        mask = ir.VectorType(self.i1, lanes)
        self.mask_type = mask
        self.masked_store = ir.Function(module, ir.FunctionType(
            ir.VoidType(), [self.vec, self.vec.as_pointer(), self.i32, mask]),
            f'llvm.masked.store.{suffix}.p0')
        self.every_lane = ir.Function(module, ir.FunctionType(self.i1, [mask]),
                                      f'llvm.vector.reduce.and.v{lanes}i1')

    def c(self, k: int) -> Any:
        return self.ir.Constant(self.i64, k)

    def lane_sum(self, vec: Any) -> Any:
        """The sum of ``vec``'s lanes, halves added in turn (``log2(lanes)``
        shuffles and adds in a fixed order: an ordered sum's adds, one per
        lane, would each wait for the last)."""
        b, n = self.em.b, self.lanes
        while n > 1:
            h = n // 2
            lo = self.ir.Constant(self.ir.VectorType(self.i32, h), list(range(h)))
            hi = self.ir.Constant(self.ir.VectorType(self.i32, h), list(range(h, n)))
            vec = b.fadd(b.shuffle_vector(vec, vec, lo), b.shuffle_vector(vec, vec, hi))
            n = h
        return b.extract_element(vec, self.ir.Constant(self.i32, 0))

    def least(self, a: Any, b: Any) -> Any:
        """The smaller of int64 values ``a`` and ``b``."""
        bb = self.em.b
        return bb.select(bb.icmp_signed('<', a, b), a, b)

    def zero_elements(self, at: Any, count: Any) -> None:
        """Zero ``count`` elements from ``at`` (LLVM's ``memset``)."""
        b, ir = self.em.b, self.ir
        memset, _ = _memory_intrinsics(self.em)
        count = self.c(count) if isinstance(count, int) else count
        b.call(memset, [b.bitcast(at, self.em.i8p), ir.Constant(self.em.i8, 0),
                        b.mul(count, self.c(self.elem_size())), ir.Constant(ir.IntType(1), 0)])

    def part_range(self, part: Any, parts: int, total: Any) -> tuple:
        """``(first, end)`` of part ``part`` of ``total`` cut into ``parts``
        (the last ones empty where ``total`` is small)."""
        b = self.em.b
        per = b.sdiv(b.add(total, self.c(parts - 1)), self.c(parts))
        end = self.least(b.add(b.mul(part, per), per), total)
        return self.least(b.mul(part, per), end), end

    def thread_slot(self, entered: Array, scratch: Array, size: int) -> tuple:
        """``(slot, laid)``: this thread's ``size`` elements of
        ``scratch`` and a cell holding the image laid out there (-1: none
        yet).  The threads number themselves as they enter (the int64 at
        ``entered``, zero before the call), so that one slot, in this
        core's cache, takes each image the thread lays out in turn (a slot
        an item, each in memory touched once, ran 8-9% slower)."""
        b = self.em.b
        me = b.atomic_rmw('add', b.bitcast(entered.data, self.i64.as_pointer()), self.c(1),
                          'monotonic')
        return b.gep(scratch.data, [b.mul(me, self.c(size))]), self.em.cell(self.c(-1))

    def clamped_channels(self, ob: Any, r_: int, outs: int) -> list:
        """The ``r_`` channels of tile ``ob`` of ``outs`` (output channels,
        or the source channels a filter gradient broadcasts), those past the
        last read as the last (loads stay in the array; their sums are never
        used)."""
        b = self.em.b
        return [self.least(b.add(b.mul(ob, self.c(r_)), self.c(r)), self.c(outs - 1))
                for r in range(r_)]

    def zero(self) -> Any:
        return self.ir.Constant(self.vec, [0.0] * self.lanes)

    def store_lanes(self, value: Any, ptr: Any, mask: Any, full: Any = None) -> None:
        """Store the lanes of vector ``value`` where ``mask`` holds at
        vector pointer ``ptr``: a plain store where every lane does
        (``full``, an i1 saying so, else read from ``mask``), a masked store
        only for a vector partly stored.  AMD's cores before Zen 4 run a
        masked store as a microcoded sequence many times a plain store's
        cost (docs/compiler.md, "The kernels"), and a tile's
        vectors are nearly all whole."""
        b = self.em.b
        if full is None:
            full = b.call(self.every_lane, [mask])
        with b.if_else(full) as (whole, part):
            with whole:
                self.em.b.store(value, ptr, align=self.elem_size())
            with part:
                self.em.b.call(self.masked_store,
                               [value, ptr, self.ir.Constant(self.i32, self.elem_size()), mask])

    def load_vec(self, ptr: Any) -> Any:
        b = self.em.b
        return b.load(b.bitcast(ptr, self.vec.as_pointer()), align=self.elem_size())

    def elem_size(self) -> int:
        return 4 if isinstance(self.elem, self.ir.FloatType) else 8

    def vector_bytes(self) -> int:
        return self.lanes * self.elem_size()

    def splat(self, value: Any) -> Any:
        b, ir = self.em.b, self.ir
        one = b.insert_element(ir.Constant(self.vec, ir.Undefined), value, self.c(0))
        return b.shuffle_vector(one, ir.Constant(self.vec, ir.Undefined),
                                ir.Constant(ir.VectorType(self.i32, self.lanes),
                                            [0] * self.lanes))

    def lane_ids(self) -> Any:
        return self.ir.Constant(self.ir.VectorType(self.i64, self.lanes), list(range(self.lanes)))

    def splat_int(self, v: Any) -> Any:
        b, ir = self.em.b, self.ir
        vt = ir.VectorType(self.i64, self.lanes)
        one = b.insert_element(ir.Constant(vt, ir.Undefined), v, self.c(0))
        return b.shuffle_vector(one, ir.Constant(vt, ir.Undefined),
                                ir.Constant(ir.VectorType(self.i32, self.lanes),
                                            [0] * self.lanes))

    def work_loop(self, claim: 'Claim', items: Any, body: Callable[[Any], None]) -> None:
        """``while (i = claim.counter += grain) < items: body(i .. i + grain)``
        (the item counter shared by the threads, an int64 at ``claim.address``;
        ``items`` an int or an int64 value).  Claiming ``claim.grain`` items
        at a time (at least one) keeps the threads off the counter's cache
        line, and consecutive items (neighbouring pixels) on one thread."""
        em = self.em
        b = em.b
        counter = b.inttoptr(claim.address, self.i64.as_pointer())
        grain = b.select(b.icmp_signed('>', claim.grain, self.c(1)), claim.grain, self.c(1))
        bound = self.c(items) if isinstance(items, int) else items
        head = b.append_basic_block('item')
        work = b.append_basic_block('work')
        done = b.append_basic_block('done')
        b.branch(head)
        b.position_at_end(head)
        start = b.atomic_rmw('add', counter, grain, 'monotonic')
        b.cbranch(b.icmp_signed('<', start, bound), work, done)
        b.position_at_end(work)
        end = b.add(start, grain)
        end = b.select(b.icmp_signed('<', end, bound), end, bound)
        em.repeat(start, end, body)
        em.b.branch(head)
        em.b.position_at_end(done)

    def split(self, i: Any, sizes: list) -> list:
        """Item ``i`` as indices over ``sizes`` (the last the fastest)."""
        b = self.em.b
        out = []
        for size in reversed(sizes[1:]):
            out.append(b.srem(i, self.c(size)))
            i = b.sdiv(i, self.c(size))
        out.append(i)
        return out[::-1]


class Claim(NamedTuple):
    """Where a kernel's threads take their items: the shared int64 counter's
    address and the items taken at a time (the entry's ``ch``)."""
    address: Any
    grain: Any


def _entry(symbol: str, dtype: numpy.dtype, nargs: int, written: set,
           emit: Callable[..., None]) -> str:
    """The IR text of entry ``symbol(n, ch, nch, claim, *arrays)`` (``nargs``
    flat arrays of ``dtype``, the indices in ``written`` stored to) around
    the body ``emit(em, n, nch, claim, *arrays)`` (``n``: an int argument,
    the images where the kernel takes their count at run time; ``nch``: the
    items)."""
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    em = Emitter(ir, module, True)
    char = _DTYPES[dtype]
    names = ['n', 'ch', 'nch', 'claim'] + [f'a{k}' for k in range(nargs)]
    sig = ('int',) * 4 + ((char, 1, True),) * nargs
    layout_written = {f'a{k}' for k in written}

    def body(layout: list) -> Any:
        return em.define(symbol + '_body', layout, True, False,
                         lambda n, ch, nch, claim, *arrays: emit(em, n, nch, Claim(claim, ch),
                                                                 *arrays))
    em.entry_function(symbol, names, layout_written, sig, body)
    return str(module)


def correlation_ir(symbol: str, corr: C.Correlation, dtype: numpy.dtype, tile: tuple,
                   lanes: int, biased: bool = False, src: Optional[C.Layout] = None) -> str:
    """The LLVM IR of :class:`~tapejit.compiler.contraction.Correlation`
    ``corr`` with ``tile = (R, V)``: ``symbol(n, ch, nch, claim, src,
    packed, out)``, ``packed`` the filters as :func:`pack_filters` lays them;
    ``biased``: ``..., packed, bias, out)``, each output channel's sums
    starting at its value in ``bias`` (``(groups, tiles * R)``, zero past the
    last channel).

    With a layout ``src``, the kernel lays its source out itself:
    ``symbol(n, ch, nch, claim, x, scratch, entered, packed, [bias,] out)``,
    an item per image and part of its tiles of output channels (``nch / n``
    parts an image, read at run time), which lays the image out in its
    thread's slot of ``scratch`` (``src.image`` elements a thread that
    enters; ``entered``: 8 zero bytes, the threads' count) and then computes
    its tiles there while it is in cache: no pass over the whole batch's
    layout comes first."""
    r_, v_ = tile
    t_ = len(corr.taps)
    ob_n = -(-corr.outs // r_)
    total = corr.vectors(lanes)
    pb_n = -(-total // v_)
    hw = corr.out_hw[0] * corr.out_hw[1]
    tiles = corr.groups * ob_n

    def emit(em: Emitter, batch: Any, nch: Any, claim: Any, *arrays: Array) -> None:
        arrays = list(arrays)
        raw, scratch, entered = ((arrays.pop(0), arrays.pop(0), arrays.pop(0))
                                 if src is not None else (None, None, None))
        source = arrays.pop(0) if src is None else None
        w = arrays.pop(0)
        bias, out = arrays if biased else (None, arrays[0])
        x = _Ir(em, dtype, lanes)
        accs = [[em._alloca(x.vec) for _ in range(v_)] for _ in range(r_)]

        def tile_at(image: Any, n: Any, g: Any, ob: Any, pb: Any) -> None:
            b = em.b
            if corr.row_vectors:
                places = _row_places(x, corr, b.mul(pb, x.c(v_)), v_, total)
                qs = [q for q, _, _, _ in places]
            else:
                q0 = b.mul(pb, x.c(v_ * lanes))
                qs = [b.add(q0, x.c(v * lanes)) for v in range(v_)]
            chan0 = b.mul(g, x.c(corr.channels))
            src_tile = b.gep(image, [b.mul(chan0, x.c(corr.src_block))])
            w_tile = b.gep(w.data, [b.mul(b.add(b.mul(g, x.c(ob_n)), ob),
                                          x.c(corr.channels * t_ * r_))])
            if bias is not None:
                first = b.gep(bias.data, [b.mul(b.add(b.mul(g, x.c(ob_n)), ob), x.c(r_))])
            for r, row in enumerate(accs):
                start = x.zero() if bias is None else x.splat(
                    b.load(b.gep(first, [x.c(r)])))
                for a in row:
                    b.store(start, a)

            def channel(c: Any) -> None:
                bb = em.b
                sc = bb.gep(src_tile, [bb.mul(c, x.c(corr.src_block))])
                vecs = [bb.gep(sc, [q]) for q in qs]
                wc = bb.gep(w_tile, [bb.mul(c, x.c(t_ * r_))])
                acc = [[bb.load(a) for a in row] for row in accs]
                for t, off in enumerate(corr.taps):
                    xs = [x.load_vec(bb.gep(p, [x.c(off)])) for p in vecs]
                    for r in range(r_):
                        s = x.splat(bb.load(bb.gep(wc, [x.c(t * r_ + r)])))
                        for v in range(v_):
                            acc[r][v] = bb.call(x.fma, [s, xs[v], acc[r][v]])
                for r in range(r_):
                    for v in range(v_):
                        bb.store(acc[r][v], accs[r][v])
            em.repeat(x.c(0), x.c(corr.channels), channel)
            if corr.row_vectors:
                _store_row_tile(x, corr, accs, out, n, g, ob, places, r_, hw)
            else:
                _store_tile(x, corr, accs, out, n, g, ob, qs[0], r_, v_, hw)

        def item(i: Any) -> None:
            b = em.b
            n, g, ob, pb = x.split(i, [0, corr.groups, ob_n, pb_n])
            tile_at(b.gep(source.data, [b.mul(n, x.c(corr.src_image))]), n, g, ob, pb)

        if src is not None:
            slot, laid = x.thread_slot(entered, scratch, src.image)

        def image_item(i: Any) -> None:
            b = em.b
            splits = b.sdiv(nch, batch)
            n, part = b.sdiv(i, splits), b.srem(i, splits)
            per_split = b.sdiv(b.add(x.c(tiles), b.sub(splits, x.c(1))), splits)
            pixels = src.height * src.width

            def lay(c: Any) -> None:
                bc = em.b
                image = bc.gep(raw.data, [bc.mul(bc.add(bc.mul(n, x.c(src.channels)), c),
                                                 x.c(pixels))])
                _lay_channel(em, src, dtype, image, bc.gep(slot, [bc.mul(c, x.c(src.block))]))
            # (An image the slot holds already, from this thread's previous
            # part of it, is not laid out again.)
            with b.if_then(b.icmp_signed('!=', b.load(laid), n)):
                em.repeat(x.c(0), x.c(src.channels), lay)
                em.b.store(n, laid)
            b = em.b
            lo = b.mul(part, per_split)
            hi = b.add(lo, per_split)
            hi = b.select(b.icmp_signed('<', hi, x.c(tiles)), hi, x.c(tiles))

            def out_tile(k: Any) -> None:
                bk = em.b
                g, ob = bk.sdiv(k, x.c(ob_n)), bk.srem(k, x.c(ob_n))
                em.repeat(x.c(0), x.c(pb_n), lambda pb: tile_at(slot, n, g, ob, pb))
            em.repeat(lo, hi, out_tile)
        x.work_loop(claim, nch, item if src is None else image_item)
    # (source, packed[, bias], out) or (x, scratch, entered, packed[, bias], out)
    nargs = 3 + biased + 2 * (src is not None)
    written = {nargs - 1} | ({1, 2} if src is not None else set())
    return _entry(symbol, dtype, nargs, written, emit)


def _row_places(x: _Ir, corr: C.Correlation, k0: Any, v_: int, total: int) -> list:
    """Per vector of a tile whose first is vector ``k0`` (a correlation in
    rows of :attr:`~tapejit.compiler.contraction.Correlation.row_vectors`):
    ``(its first wide pixel, its lanes to store, where lane 0 is stored,
    whether it stores every lane)``.  Vectors past the last read the last
    one's pixels and store nothing."""
    em, ir = x.em, x.ir
    b = em.b
    lanes, rv = x.lanes, corr.row_vectors
    sy, oy, sx, ox = corr.place
    i32v = ir.VectorType(x.i32, lanes)
    out = []
    for v in range(v_):
        k = b.add(k0, x.c(v))
        live = b.icmp_signed('<', k, x.c(total))
        k = b.select(live, k, x.c(total - 1))
        y = b.sdiv(k, x.c(rv))
        col = b.mul(b.sub(k, b.mul(y, x.c(rv))), x.c(lanes))
        q = b.add(b.mul(y, x.c(corr.row)), col)
        left = b.trunc(b.sub(x.c(corr.valid[1]), col), x.i32)
        full = b.and_(live, b.icmp_signed('>=', left, ir.Constant(x.i32, lanes)))
        one = b.insert_element(ir.Constant(i32v, ir.Undefined), left, x.c(0))
        left = b.shuffle_vector(one, ir.Constant(i32v, ir.Undefined),
                                ir.Constant(i32v, [0] * lanes))
        mask = b.and_(b.icmp_signed('<', ir.Constant(i32v, list(range(lanes))), left),
                      _splat_bool(x, live))
        at = b.add(b.mul(b.add(b.mul(y, x.c(sy)), x.c(oy)), x.c(corr.out_hw[1])),
                   b.add(b.mul(col, x.c(sx)), x.c(ox)))
        out.append((q, mask, at, full))
    return out


def _store_row_tile(x: _Ir, corr: C.Correlation, accs: list, out: Array, n: Any, g: Any,
                    ob: Any, places: list, r_: int, hw: int) -> None:
    """Store a tile of row vectors (:func:`_row_places`): per vector one
    store of its lanes (unit column step), else a scatter."""
    em, ir = x.em, x.ir
    b = em.b
    sx = corr.place[2]
    ivec = ir.VectorType(x.i64, x.lanes)
    steps = ir.Constant(ivec, [lane * sx for lane in range(x.lanes)])
    def store(r: int, plane: Any) -> None:
        for v, (_, mask, at, full) in enumerate(places):
            val = x.em.b.load(accs[r][v])
            if sx == 1:
                ptr = x.em.b.bitcast(x.em.b.gep(plane, [at]), x.vec.as_pointer())
                x.store_lanes(val, ptr, mask, full)
            else:
                _scatter_lanes(x, val, plane, b.add(x.splat_int(at), steps), mask)
    _each_output_channel(x, corr, out, n, g, ob, r_, hw, store)


def _each_output_channel(x: _Ir, corr: C.Correlation, out: Array, n: Any, g: Any, ob: Any,
                         r_: int, hw: int, store: Callable[[int, Any], None]) -> None:
    """``store(r, plane)`` for each output channel ``r`` of a tile that
    exists (tiles past the last channel store nothing), ``plane`` its
    image's output plane."""
    b = x.em.b
    for r in range(r_):
        o = b.add(b.mul(ob, x.c(r_)), x.c(r))
        keep = b.append_basic_block('store')
        skip = b.append_basic_block('stored')
        b.cbranch(b.icmp_signed('<', o, x.c(corr.outs)), keep, skip)
        b.position_at_end(keep)
        chan = b.add(b.mul(n, x.c(corr.out_channels)), b.add(b.mul(g, x.c(corr.outs)), o))
        store(r, b.gep(out.data, [b.mul(chan, x.c(hw))]))
        b.branch(skip)
        b.position_at_end(skip)


def _store_tile(x: _Ir, corr: C.Correlation, accs: list, out: Array, n: Any, g: Any, ob: Any,
                q0: Any, r_: int, v_: int, hw: int) -> None:
    """Store a tile's accumulators at their pixels' places: per vector, a
    masked store per row it spans (unit column step), else a scatter."""
    em, ir = x.em, x.ir
    b = em.b
    lanes = x.lanes
    sy, oy, sx, ox = corr.place
    vh, vw = corr.valid
    out_w = corr.out_hw[1]
    ivec = ir.VectorType(x.i64, lanes)
    # Per vector of the tile: per row it spans, the lanes in that row and
    # the shift to their places (the same for every output channel).
    # Row y's lanes go to out[(y*sy + oy) * out_w + (x*sx + ox)]; with
    # sx == 1 that is q + shift(y), one masked store per row spanned.
    spans = min(lanes // max(1, corr.row) + 2, lanes)
    places = []
    for v in range(v_):
        q = b.add(q0, x.c(v * lanes))
        if sx == 1:
            places.append((None, None, _row_spans(x, corr, q, spans, sy, oy, out_w, ox)))
            continue
        qs = b.add(x.splat_int(q), x.lane_ids())
        ys = b.sdiv(qs, ir.Constant(ivec, [corr.row] * lanes))
        xs = b.sub(qs, b.mul(ys, ir.Constant(ivec, [corr.row] * lanes)))
        ok = b.and_(b.icmp_signed('<', xs, ir.Constant(ivec, [vw] * lanes)),
                    b.icmp_signed('<', ys, ir.Constant(ivec, [vh] * lanes)))
        first = b.sdiv(q, x.c(corr.row))
        last = b.sdiv(b.add(q, x.c(lanes - 1)), x.c(corr.row))
        rows = []
        for k in range(spans):
            y = b.add(first, x.c(k))
            here = b.and_(b.and_(ok, b.icmp_signed('==', ys, x.splat_int(y))),
                          _splat_bool(x, b.icmp_signed('<=', y, last)))
            shift = b.sub(b.add(b.mul(b.add(b.mul(y, x.c(sy)), x.c(oy)), x.c(out_w)),
                                x.c(ox)), b.mul(y, x.c(corr.row * sx)))
            rows.append((y, here, b.add(q, shift)))
        places.append((qs, ys, rows))
    def store(r: int, plane: Any) -> None:
        for v in range(v_):
            val = b.load(accs[r][v])
            qs, ys, rows = places[v]
            for y, here, at in rows:
                if sx == 1:
                    ptr = x.em.b.gep(plane, [at])
                    x.store_lanes(val, x.em.b.bitcast(ptr, x.vec.as_pointer()), here)
                else:
                    _scatter(x, val, plane, qs, ys, y, sy, oy, sx, ox, out_w, corr.row, here)
    _each_output_channel(x, corr, out, n, g, ob, r_, hw, store)


def _row_spans(x: _Ir, corr: C.Correlation, q: Any, spans: int, sy: int, oy: int, out_w: int,
               ox: int) -> list:
    """Per row that the vector of pixels ``q ..`` may span (unit column step):
    ``(row, the lanes in it that are valid pixels, where lane 0 is stored)``.
    One scalar division for the vector; the lanes are placed by comparing
    their offset in the first row (32-bit lanes) with each row's bounds."""
    em, ir = x.em, x.ir
    b = em.b
    lanes, row = x.lanes, corr.row
    vh, vw = corr.valid
    i32v = ir.VectorType(x.i32, lanes)
    first = b.sdiv(q, x.c(row))
    x0 = b.trunc(b.sub(q, b.mul(first, x.c(row))), x.i32)
    one = b.insert_element(ir.Constant(i32v, ir.Undefined), x0, x.c(0))
    offsets = b.add(b.shuffle_vector(one, ir.Constant(i32v, ir.Undefined),
                                     ir.Constant(i32v, [0] * lanes)),
                    ir.Constant(i32v, list(range(lanes))))
    rows = []
    for k in range(spans):
        y = b.add(first, x.c(k))
        lo = k * row
        hi = lo + min(vw, row)
        here = b.and_(b.and_(b.icmp_signed('>=', offsets, ir.Constant(i32v, [lo] * lanes)),
                             b.icmp_signed('<', offsets, ir.Constant(i32v, [hi] * lanes))),
                      _splat_bool(x, b.icmp_signed('<', y, x.c(vh))))
        shift = b.sub(b.add(b.mul(b.add(b.mul(y, x.c(sy)), x.c(oy)), x.c(out_w)), x.c(ox)),
                      b.mul(y, x.c(row)))
        rows.append((y, here, b.add(q, shift)))
    return rows


def _splat_bool(x: _Ir, v: Any) -> Any:
    b, ir = x.em.b, x.ir
    one = b.insert_element(ir.Constant(x.mask_type, ir.Undefined), v, x.c(0))
    return b.shuffle_vector(one, ir.Constant(x.mask_type, ir.Undefined),
                            ir.Constant(ir.VectorType(x.i32, x.lanes), [0] * x.lanes))


def _scatter(x: _Ir, val: Any, plane: Any, qs: Any, ys: Any, y: Any, sy: int, oy: int,
             sx: int, ox: int, out_w: int, row: int, mask: Any) -> None:
    """Masked stores of ``val``'s lanes one by one (a column step above one:
    a transposed convolution's phase)."""
    em, ir = x.em, x.ir
    b = em.b
    ivec = ir.VectorType(x.i64, x.lanes)
    cols = b.sub(qs, b.mul(ys, ir.Constant(ivec, [row] * x.lanes)))
    idx = b.add(b.mul(b.add(b.mul(ys, ir.Constant(ivec, [sy] * x.lanes)),
                            ir.Constant(ivec, [oy] * x.lanes)),
                      ir.Constant(ivec, [out_w] * x.lanes)),
                b.add(b.mul(cols, ir.Constant(ivec, [sx] * x.lanes)),
                      ir.Constant(ivec, [ox] * x.lanes)))
    _scatter_lanes(x, val, plane, idx, mask)


def _scatter_lanes(x: _Ir, val: Any, plane: Any, idx: Any, mask: Any) -> None:
    """Store each lane of ``val`` that ``mask`` keeps at ``plane[idx[lane]]``."""
    b = x.em.b
    for lane in range(x.lanes):
        go = b.append_basic_block('lane')
        past = b.append_basic_block('lane_done')
        b.cbranch(b.extract_element(mask, x.c(lane)), go, past)
        b.position_at_end(go)
        b.store(b.extract_element(val, x.c(lane)),
                b.gep(plane, [b.extract_element(idx, x.c(lane))]))
        b.branch(past)
        b.position_at_end(past)


def filter_ir(symbol: str, corr: C.FilterCorrelation, dtype: numpy.dtype, tile: tuple,
              lanes: int, parts: int, images: int, span: int) -> str:
    """The LLVM IR of :class:`~tapejit.compiler.contraction.FilterCorrelation`
    ``corr`` with ``tile = (R, T)``, its images cut into ``parts``:
    ``symbol(n, ch, nch, claim, src, gy, partial, sums)``.  Item ``(part, g,
    block)`` takes ``span`` tiles of output channels (``ob``) through its
    images, ``images`` at a time: per such run of images, each tile of each
    source channel and taps (``c``, ``tb``) accumulates in registers from
    its vectors in ``partial``, over all the run's pixels (a tile's
    output-gradient rows of the run stay in cache for all its channels and
    taps, the run's source for all ``span`` tiles).  Its sums across lanes
    (:meth:`_Ir.lane_sum`) go to ``sums[part, g, ob, c, tb, r, t]`` (added
    over the parts by the caller)."""
    r_, t_ = tile
    ob_n = -(-corr.outs // r_)
    blocks = -(-ob_n // span)
    tb_n = len(corr.taps) // t_
    items = parts * corr.groups * blocks
    out_total = corr.groups * corr.outs
    tile_size = corr.channels * tb_n * r_ * t_     # values per output-channel tile

    def emit(em: Emitter, batch: Any, nch: Any, claim: Any, src: Array, gy: Array,
             part_buf: Array, sums: Array) -> None:
        x = _Ir(em, dtype, lanes)
        accs = [[em._alloca(x.vec) for _ in range(t_)] for _ in range(r_)]

        def item(i: Any) -> None:
            b = em.b
            part, g, blk = x.split(i, [parts, corr.groups, blocks])
            ob0 = b.mul(blk, x.c(span))
            ob1 = x.least(b.add(ob0, x.c(span)), x.c(ob_n))
            mine = b.gep(part_buf.data, [b.mul(i, x.c(span * tile_size * lanes))])
            x.zero_elements(mine, span * tile_size * lanes)
            n0, n1 = x.part_range(part, parts, batch)
            gy_g = b.gep(gy.data, [b.mul(b.mul(g, x.c(corr.outs)), x.c(corr.pixels))])
            src_g = b.gep(src.data, [b.mul(b.mul(g, x.c(corr.channels)),
                                           x.c(corr.src_block))])

            def run(k: Any) -> None:
                bk = em.b
                m0 = bk.add(n0, bk.mul(k, x.c(images)))
                m1 = x.least(bk.add(m0, x.c(images)), n1)

                def out_tile(ob: Any) -> None:
                    bo = em.b
                    rows = [bo.mul(o, x.c(corr.pixels))
                            for o in x.clamped_channels(ob, r_, corr.outs)]
                    acc_tile = bo.gep(mine, [bo.mul(bo.sub(ob, ob0), x.c(tile_size * lanes))])

                    def channel(c: Any) -> None:
                        bc = em.b
                        sc = bc.gep(src_g, [bc.mul(c, x.c(corr.src_block))])
                        for tb in range(tb_n):
                            slot = bc.gep(acc_tile, [bc.mul(bc.add(
                                bc.mul(c, x.c(tb_n)), x.c(tb)), x.c(r_ * t_ * lanes))])
                            _filter_steps(em, x, corr, slot, sc, gy_g, rows, accs,
                                          corr.taps[tb * t_:(tb + 1) * t_], m0, m1,
                                          out_total)
                    em.repeat(x.c(0), x.c(corr.channels), channel)
                em.repeat(ob0, ob1, out_tile)
            runs = b.sdiv(b.add(b.sub(n1, n0), x.c(images - 1)), x.c(images))
            em.repeat(x.c(0), runs, run)
            bt = em.b
            first = bt.mul(bt.add(bt.mul(bt.add(bt.mul(part, x.c(corr.groups)), g), x.c(ob_n)),
                                  ob0), x.c(tile_size))
            out = bt.gep(sums.data, [first])

            def total(k: Any) -> None:
                bk = em.b
                vec = x.load_vec(bk.gep(mine, [bk.mul(k, x.c(lanes))]))
                bk.store(x.lane_sum(vec), bk.gep(out, [k]))
            em.repeat(x.c(0), bt.mul(bt.sub(ob1, ob0), x.c(tile_size)), total)
        x.work_loop(claim, items, item)
    return _entry(symbol, dtype, 4, {2, 3}, emit)


def _filter_steps(em: Emitter, x: _Ir, corr: C.FilterCorrelation, slot: Any, sc: Any,
                  gy_g: Any, rows: list, accs: list, taps: tuple, m0: Any, m1: Any,
                  out_total: int) -> None:
    """One register tile of a filter gradient over images ``m0 .. m1``: its
    accumulators from ``slot``, a vector of FMAs of the output-gradient
    ``rows`` (offsets from an image's group) by the source ``sc`` at the
    ``taps`` per vector of each row of each image, and back to ``slot``."""
    lanes, b = x.lanes, em.b
    r_, t_ = len(rows), len(taps)
    for r in range(r_):
        for t in range(t_):
            b.store(x.load_vec(b.gep(slot, [x.c((r * t_ + t) * lanes)])), accs[r][t])

    def image(n: Any) -> None:
        bn = em.b
        gy_n = bn.gep(gy_g, [bn.mul(n, x.c(out_total * corr.pixels))])
        gy_rows = [bn.gep(gy_n, [row]) for row in rows]
        src_n = bn.gep(sc, [bn.mul(n, x.c(corr.src_image))])

        def row(y: Any) -> None:
            by = em.b
            gy_y = by.mul(y, x.c(corr.gy_row))
            src_y = by.gep(src_n, [by.mul(y, x.c(corr.src_row))])

            def step(s: Any) -> None:
                bs = em.b
                off = bs.mul(s, x.c(lanes))
                gy_at = bs.add(gy_y, off)
                gys = [x.load_vec(bs.gep(p, [gy_at])) for p in gy_rows]
                acc = [[bs.load(a) for a in acc_row] for acc_row in accs]
                for t, tap in enumerate(taps):
                    xv = x.load_vec(bs.gep(src_y, [bs.add(off, x.c(tap))]))
                    for r in range(r_):
                        acc[r][t] = bs.call(x.fma, [gys[r], xv, acc[r][t]])
                for r in range(r_):
                    for t in range(t_):
                        bs.store(acc[r][t], accs[r][t])
            em.repeat(x.c(0), x.c(corr.gy_row // lanes), step)
        em.repeat(x.c(0), x.c(corr.rows), row)
    em.repeat(m0, m1, image)
    b = em.b
    for r in range(r_):
        for t in range(t_):
            p = b.bitcast(b.gep(slot, [x.c((r * t_ + t) * lanes)]), x.vec.as_pointer())
            b.store(b.load(accs[r][t]), p, align=x.elem_size())


def _lay_last_image(em: Emitter, v: '_Ir', src: C.LastLayout, image: Any, dst: Any) -> None:
    """Lay one image (``image``: ``(groups * channels, height, width)``) out
    at ``dst`` as ``src`` says, each element of its block written once:
    ``lanes`` channels by ``lanes`` pixels of a row loaded as vectors along
    the row, transposed in registers (:func:`transpose`) and stored a pixel
    a vector; the row's last pixels (fewer than a vector) one by one; the
    padding zeroed.  (Groups and whole blocks of channels are loops: the
    code does not grow with the channels.)"""
    lanes = v.lanes
    hw = src.height * src.width
    whole, rest = divmod(src.channels, lanes)

    def zero(b: Any, at: Any, lo: int, hi: int) -> None:
        if hi > lo:
            v.zero_elements(b.gep(at, [v.c(lo)]), hi - lo)
    line = src.cols * src.pixel
    zero(em.b, dst, 0, src.top * line)
    zero(em.b, dst, (src.top + src.height) * line, src.image)

    def row(y: Any) -> None:
        br = em.b
        d_row = br.gep(dst, [br.mul(br.add(y, v.c(src.top)), v.c(line))])
        zero(br, d_row, 0, src.left * src.pixel)
        zero(br, d_row, (src.left + src.width) * src.pixel, line)
        d_row = br.gep(d_row, [v.c(src.left * src.pixel)])
        s_row = br.gep(image, [br.mul(y, v.c(src.width))])

        def group(g: Any) -> None:
            bg = em.b
            s_g = bg.gep(s_row, [bg.mul(g, v.c(src.channels * hw))])
            d_g = bg.gep(d_row, [bg.mul(g, v.c(src.cpad))])

            def block(cb: Any, count: int = lanes) -> None:
                bc = em.b
                s_c = bc.gep(s_g, [bc.mul(cb, v.c(lanes * hw))])
                d_c = bc.gep(d_g, [bc.mul(cb, v.c(lanes))])
                _lay_pixels(em, v, s_c, d_c, count, src.width, hw, src.pixel)
            em.repeat(v.c(0), v.c(whole), block)
            if rest:
                block(v.c(whole), rest)
        em.repeat(v.c(0), v.c(src.groups), group)
    em.repeat(v.c(0), v.c(src.height), row)


def _lay_pixels(em: Emitter, v: _Ir, s_c: Any, d_c: Any, count: int, width: int, hw: int,
                pixel: int) -> None:
    """A source row's ``width`` pixels of ``count`` channels (``s_c``, the
    first channel's row, the next ``hw`` elements on) as vectors of
    ``lanes`` channels at ``d_c`` (``pixel`` elements apart), zero past
    ``count``: ``lanes`` pixels at a time transposed in registers, the last
    ones (fewer than a vector) one element at a time."""
    lanes = v.lanes
    blocks = width // lanes

    def block(xb: Any) -> None:
        bb = em.b
        x0 = bb.mul(xb, v.c(lanes))
        rows = [v.load_vec(bb.gep(s_c, [bb.add(x0, v.c(c * hw))])) for c in range(count)]
        rows += [v.zero()] * (lanes - count)
        at = bb.gep(d_c, [bb.mul(x0, v.c(pixel))])
        for k, col in enumerate(transpose(v, rows)):
            p = bb.bitcast(bb.gep(at, [v.c(k * pixel)]), v.vec.as_pointer())
            bb.store(col, p, align=v.elem_size())
    em.repeat(v.c(0), v.c(blocks), block)
    zero = em.ir.Constant(v.elem, 0.0)

    def tail(k: Any) -> None:
        bt = em.b
        at = bt.gep(d_c, [bt.mul(k, v.c(pixel))])
        for j in range(lanes):
            value = bt.load(bt.gep(s_c, [bt.add(k, v.c(j * hw))])) if j < count else zero
            bt.store(value, bt.gep(at, [v.c(j)]))
    em.repeat(v.c(blocks * lanes), v.c(width), tail)


def transpose(x: _Ir, rows: list) -> list:
    """The ``lanes x lanes`` block held in vectors ``rows`` (row ``i`` lane
    ``p``), transposed: each stage swaps one bit of the row index with the
    same bit of the lane (shuffles of two rows), ``log2(lanes)`` stages."""
    ir, b, n = x.ir, x.em.b, x.lanes
    rows = list(rows)
    h = n // 2
    while h:
        lo = ir.Constant(ir.VectorType(x.i32, n),
                         [p if not p & h else n + p - h for p in range(n)])
        hi = ir.Constant(ir.VectorType(x.i32, n),
                         [p + h if not p & h else n + p for p in range(n)])
        for i in range(n):
            if i & h:
                continue
            r0, r1 = rows[i], rows[i + h]
            rows[i] = b.shuffle_vector(r0, r1, lo)
            rows[i + h] = b.shuffle_vector(r0, r1, hi)
        h //= 2
    return rows


def channel_filter_ir(symbol: str, cf: C.ChannelFilter, dtype: numpy.dtype, tile: tuple,
                      lanes: int, parts: int, chunk: int, span: int) -> str:
    """The LLVM IR of :class:`~tapejit.compiler.contraction.ChannelFilter`
    ``cf`` with ``tile = (R, T, V)``, its images cut into ``parts``:
    ``symbol(n, ch, nch, claim, x, scratch, entered, gy, partial)``.  Item
    ``(part, g, block)`` takes ``span`` tiles of ``R`` broadcast channels
    (``bt``: output channels, or source channels where the vectors run
    along the output gradient) through its images, each laid out (``x``,
    and the output gradient where ``cf.grad`` says so) in its thread's slot
    of ``scratch`` (as :func:`correlation_ir` lays its images out),
    ``chunk`` output rows at a time: per chunk, each tile, block of ``V``
    vectors of channels (``vb``) and block of taps (``tb``) accumulates in
    registers over the chunk's pixels, from and back to its vectors in
    ``partial`` (``[item, bt - first, vb, tb, r, t, v]`` vectors of
    ``lanes``: sums over the part's pixels for broadcast channel ``bt * R
    + r``, the vectors' channels ``(vb * V + v) * lanes + lane`` and tap
    ``tb * T + t``).  The chunk's rows stay in the first-level cache for
    all the tiles."""
    r_, t_, v_ = tile
    src, grad = cf.src, cf.grad
    oh, ow = cf.out_hw
    bt_n = -(-cf.broadcasts // r_)
    blocks = -(-bt_n // span)
    vb_n = cf.vectors(lanes) // v_
    tb_n = len(cf.taps) // t_
    items = parts * src.groups * blocks
    out_total = src.groups * cf.outs
    slot_size = r_ * t_ * v_ * lanes
    tile_size = vb_n * tb_n * slot_size         # elements per broadcast tile
    laid_size = src.image + (grad.image if grad is not None else 0)

    def emit(em: Emitter, batch: Any, nch: Any, claim: Any, raw: Array, scratch: Array,
             entered: Array, gy: Array, part_buf: Array) -> None:
        x = _Ir(em, dtype, lanes)
        accs = [[[em._alloca(x.vec) for _ in range(v_)] for _ in range(t_)] for _ in range(r_)]
        slot, laid = x.thread_slot(entered, scratch, laid_size)
        slot_gy = em.b.gep(slot, [x.c(src.image)])

        def item(i: Any) -> None:
            b = em.b
            part, g, blk = x.split(i, [parts, src.groups, blocks])
            bt0 = b.mul(blk, x.c(span))
            bt1 = x.least(b.add(bt0, x.c(span)), x.c(bt_n))
            mine = b.gep(part_buf.data, [b.mul(i, x.c(span * tile_size))])
            x.zero_elements(mine, span * tile_size)
            n0, n1 = x.part_range(part, parts, batch)

            def image(n: Any) -> None:
                bn = em.b
                gy_n = bn.gep(gy.data, [bn.mul(bn.mul(n, x.c(out_total)), x.c(oh * ow))])
                # (An image the slot holds already, from this thread's
                # previous item, is not laid out again.)
                with bn.if_then(bn.icmp_signed('!=', bn.load(laid), n)):
                    _lay_last_image(em, x, src, em.b.gep(raw.data, [em.b.mul(
                        n, x.c(src.groups * src.channels * src.height * src.width))]), slot)
                    if grad is not None:
                        _lay_last_image(em, x, grad, gy_n, slot_gy)
                    em.b.store(n, laid)
                bn = em.b
                src_g = bn.gep(slot, [bn.mul(g, x.c(src.cpad))])
                if grad is None:
                    gy_g = bn.gep(gy_n, [bn.mul(g, x.c(cf.outs * oh * ow))])
                else:
                    gy_g = bn.gep(slot_gy, [bn.mul(g, x.c(grad.cpad))])

                def run(k: Any) -> None:
                    bk = em.b
                    y0 = bk.mul(k, x.c(chunk))
                    y1 = x.least(bk.add(y0, x.c(chunk)), x.c(oh))

                    def broadcast_tile(bt: Any) -> None:
                        bo = em.b
                        chans = x.clamped_channels(bt, r_, cf.broadcasts)
                        tiles = bo.gep(mine, [bo.mul(bo.sub(bt, bt0), x.c(tile_size))])

                        def vector_block(vb: Any) -> None:
                            bc = em.b
                            first = bc.mul(vb, x.c(v_ * lanes))
                            slots = bc.gep(tiles, [bc.mul(vb, x.c(tb_n * slot_size))])
                            for tb in range(tb_n):
                                _channel_filter_steps(
                                    em, x, cf, em.b.gep(slots, [x.c(tb * slot_size)]), src_g,
                                    gy_g, chans, first, accs,
                                    cf.taps[tb * t_:(tb + 1) * t_], y0, y1)
                        em.repeat(x.c(0), x.c(vb_n), vector_block)
                    em.repeat(bt0, bt1, broadcast_tile)
                em.repeat(x.c(0), x.c(-(-oh // chunk)), run)
            em.repeat(n0, n1, image)
        x.work_loop(claim, items, item)
    return _entry(symbol, dtype, 5, {1, 2, 4}, emit)


def _channel_filter_steps(em: Emitter, x: _Ir, cf: C.ChannelFilter, slot: Any, src_g: Any,
                          gy_g: Any, chans: list, first: Any, accs: list, taps: tuple,
                          y0: Any, y1: Any) -> None:
    """One register tile of a :class:`ChannelFilter` over output rows ``y0
    .. y1`` of one image: its accumulators from ``slot``, per output pixel
    each broadcast element times ``V`` vectors of channels from ``first``
    on, and back to ``slot``.  Along the source: the ``R`` output-gradient
    elements of channels ``chans`` (``gy_g``: the group's planes) times the
    source's vectors at each of the ``taps`` (``src_g``: the group's first
    pixel); along the output gradient: the source's elements of channels
    ``chans`` at each tap times the laid-out output gradient's vectors
    (``gy_g``: the group's first pixel)."""
    lanes, b = x.lanes, em.b
    r_, t_, v_ = len(accs), len(taps), len(accs[0][0])
    ow = cf.out_hw[1]
    row_step, pixel_step = cf.step
    along_source = cf.grad is None

    def at(r: int, t: int, v: int) -> int:
        return ((r * t_ + t) * v_ + v) * lanes
    for r in range(r_):
        for t in range(t_):
            for v in range(v_):
                b.store(x.load_vec(b.gep(slot, [x.c(at(r, t, v))])), accs[r][t][v])

    def row(y: Any) -> None:
        by = em.b
        src_y = by.gep(src_g, [by.mul(y, x.c(row_step))])
        if along_source:
            src_y = by.gep(src_y, [first])
            gy_y = [by.gep(gy_g, [by.add(by.mul(c, x.c(cf.out_hw[0] * ow)),
                                         by.mul(y, x.c(ow)))]) for c in chans]
        else:
            gy_y = by.gep(gy_g, [by.add(by.mul(by.mul(y, x.c(ow)), x.c(cf.grad.pixel)),
                                        first)])
            src_c = [by.gep(src_y, [c]) for c in chans]

        def pixel(k: Any) -> None:
            bs = em.b
            acc = [[[bs.load(a) for a in tv] for tv in rt] for rt in accs]
            at_k = bs.mul(k, x.c(pixel_step))
            if along_source:
                sp = bs.gep(src_y, [at_k])
                vecs = [[x.load_vec(bs.gep(sp, [x.c(tap + v * lanes)])) for v in range(v_)]
                        for tap in taps]
                splats = [[x.splat(bs.load(bs.gep(gy_y[r], [k])))] * t_ for r in range(r_)]
            else:
                gp = bs.gep(gy_y, [bs.mul(k, x.c(cf.grad.pixel))])
                vec = [x.load_vec(bs.gep(gp, [x.c(v * lanes)])) for v in range(v_)]
                vecs = [vec] * t_
                splats = [[x.splat(bs.load(bs.gep(src_c[r], [bs.add(at_k, x.c(tap))])))
                           for tap in taps] for r in range(r_)]
            for r in range(r_):
                for t in range(t_):
                    for v in range(v_):
                        acc[r][t][v] = bs.call(x.fma, [splats[r][t], vecs[t][v], acc[r][t][v]])
            for r in range(r_):
                for t in range(t_):
                    for v in range(v_):
                        bs.store(acc[r][t][v], accs[r][t][v])
        # (A step of several pixels: neighbours' taps read the same source
        # elements, loaded once.)
        u = PIXELS_A_STEP

        def pixels(k: Any) -> None:
            for j in range(u):
                pixel(em.b.add(em.b.mul(k, x.c(u)), x.c(j)))
        em.repeat(x.c(0), x.c(ow // u), pixels)
        for k in range(ow // u * u, ow):
            pixel(x.c(k))
    em.repeat(y0, y1, row)
    b = em.b
    for r in range(r_):
        for t in range(t_):
            for v in range(v_):
                p = b.bitcast(b.gep(slot, [x.c(at(r, t, v))]), x.vec.as_pointer())
                b.store(b.load(accs[r][t][v]), p, align=x.elem_size())


def fma_ir(symbol: str, dtype: numpy.dtype, lanes: int, chains: int, rounds: int) -> str:
    """The LLVM IR of an FMA loop built as the kernels are: ``symbol(n, ch,
    nch, claim, out)``, per item ``rounds`` FMAs on each of ``chains``
    independent vector accumulators (their sum stored in ``out``)."""
    def emit(em: Emitter, batch: Any, nch: Any, claim: Any, out: Array) -> None:
        x = _Ir(em, dtype, lanes)
        b = em.b
        accs = [em._alloca(x.vec) for _ in range(chains)]
        seed = x.load_vec(out.data)
        for k, a in enumerate(accs):
            b.store(b.fadd(seed, em.ir.Constant(x.vec, [float(k)] * lanes)), a)
        m = em.ir.Constant(x.vec, [0.999] * lanes)
        c = em.ir.Constant(x.vec, [0.001] * lanes)

        def item(i: Any) -> None:
            def round8(j: Any) -> None:
                bj = em.b
                vals = [bj.load(a) for a in accs]
                for _ in range(8):
                    vals = [bj.call(x.fma, [v, m, c]) for v in vals]
                for v, a in zip(vals, accs):
                    bj.store(v, a)
            em.repeat(x.c(0), x.c(rounds // 8), round8)
        x.work_loop(claim, nch, item)
        b = em.b
        total = b.load(accs[0])
        for a in accs[1:]:
            total = b.fadd(total, b.load(a))
        b.store(total, b.bitcast(out.data, x.vec.as_pointer()), align=x.elem_size())
    return _entry(symbol, dtype, 1, {0}, emit)
