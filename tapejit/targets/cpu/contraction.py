"""The CPU's convolution kernels: the correlations of
:mod:`tapejit.compiler.contraction` emitted as LLVM IR with vector types
(:mod:`tapejit.targets.cpu.contraction_ir`), register-blocked for this
machine, and run on the threads tapejit decides.

A correlation kernel computes a tile of ``R`` output channels by ``V``
vectors of pixels in ``R * V`` vector registers: per source channel and
tap, ``V`` unaligned vector loads of the source and ``R`` broadcast filter
values feed ``R * V`` fused multiply-adds.  The filters are packed so that
a tile reads its values in order.  Its stores are masked to the valid
pixels of each row and placed where the result's layout wants them (a
transposed convolution's phase interleaves), so no window matrix and no
cropping pass touch memory.  A filter-gradient kernel takes its vectors
along the channels where they fill them (the source's, else the output
gradient's; :func:`filter_vectors`): per pixel, an element of one operand
broadcast against vectors of the other's channels, both laid out channels
last by the kernel's items, the sums kept in the lanes.  Else it
accumulates a tile of ``R`` output channels by ``T`` taps of one source
channel in vectors along the pixels, summed across lanes at the end.

The vector width and register count come from the features LLVM reports
for this CPU (:func:`machine`).  Each kernel is specialized on its
geometry, compiled once per process and kept in the store
(:mod:`tapejit.compiler.store`) as object code, keyed by that geometry, the
tile and the CPU.  A kernel's work is cut into many items that the caller
and the plan's workers take one at a time (:class:`tapejit.backends.threads.Chunked`);
each item writes its own outputs, so results do not depend on the threads.

>>> import numpy as np
>>> x = np.arange(32.0, dtype=np.float32).reshape(1, 2, 4, 4)
>>> w = np.ones((3, 2, 3, 3), np.float32)
>>> y = conv2d(x, w, (1, 1), (1, 1), (1, 1), 1, (4, 4))
>>> y.shape, float(y[0, 0, 0, 0]), float(y[0, 2, 1, 1])
((1, 3, 4, 4), 84.0, 234.0)
"""

from __future__ import annotations

import dataclasses
import math
import os
import threading
from typing import Any, Callable, Optional

import numpy

from tapejit.backends import host_arrays, threads
from tapejit.compiler import contraction as C, store
from tapejit.core.errors import ShapeError
from tapejit.ops.registry import install_host_kernel
from tapejit.targets.cpu.buffers import ALIGN, scratch
from tapejit.targets.cpu.contraction_ir import (channel_filter_ir, correlation_ir, filter_ir,
                                                fma_ir, gathers, layout_ir, windows_add_ir,
                                                windows_ir)
from tapejit.targets.cpu.host_cpu import host_cpu
from tapejit.targets.cpu.interleave_ir import RUN, deinterleave_ir, interleave_ir
from tapejit.targets.cpu.product_ir import transpose_ir
from tapejit.targets.cpu import pool_waits
from tapejit.targets.cpu.llvm_jit import load_object

__all__ = ['supported', 'takes_plane', 'machine', 'conv2d', 'conv2d_transpose',
           'conv2d_filter', 'interleave', 'deinterleave', 'windows', 'windows_add', 'describe',
           'fma_peak']

_DTYPES = {numpy.dtype(numpy.float32): 'f', numpy.dtype(numpy.float64): 'd'}
# Parts a filter gradient's images are split into at most, each summed into
# its own partial result (then added in order): enough items for the
# threads where the tiles of the filters alone are few, whatever the cores
# (so that the sums do not depend on them).  (With vectors along the
# channels, on 2 cores, 4, 8 and 16 parts ran alike: each part lays its own
# images out.)
FILTER_PARTS = 16
# Vectors of pixels an image fills from which the kernels run (see
# takes_plane): at 8x8 in 16-lane vectors they and the windows' product
# measured even, or the kernels faster.
MIN_PLANE_VECTORS = 4
# Claims of items each thread makes on a kernel's shared counter (see _run).
CLAIMS_PER_THREAD = 32
# Items per thread a convolution that lays out its own images makes at
# least: an image's tiles are cut in parts below that many images a thread.
IMAGE_ITEMS = 4
# Independent multiply-adds a core keeps in flight to keep its FMA units
# busy: two units of four cycles' latency on the x86 cores of the last
# decade (Intel's since Skylake, AMD's since Zen 2).  A register tile of
# fewer accumulators waits on its own sums (see filter_vectors).
FMA_CHAINS = 8

_lock = threading.Lock()
_kernels: dict = {}     # key -> compiled entry


def supported(*arrays: Any) -> bool:
    """Whether these kernels compute on ``arrays``: NumPy float32 or float64
    arrays of one dtype, in native byte order.

    >>> supported(numpy.zeros(2, numpy.float32)), supported(numpy.zeros(2, numpy.float16))
    (True, False)
    """
    dt = arrays[0].dtype
    return all(type(a) is numpy.ndarray and a.dtype == dt and a.dtype.isnative
               for a in arrays) and dt in _DTYPES


def takes_plane(a: Any, b: Any) -> bool:
    """Whether these kernels compute a convolution primitive on ``a`` and
    ``b`` (images or output gradients first): :func:`supported` arrays whose
    images fill at least :data:`MIN_PLANE_VECTORS` of this machine's vectors
    (:func:`machine`: 64 float32 pixels with AVX-512, 32 with AVX).  Below,
    a tile's fixed costs (its accumulators zeroed, stored and, in a filter gradient,
    reloaded after each image's few vectors) outweigh its FMAs, and the
    windows' product over all the images' pixels at once (the primitive's
    own path) is faster: 1.2-4x on 4x4 and 2x2 planes of 256-512 channels.

    >>> x = numpy.zeros((2, 3, 8, 8), numpy.float32)
    >>> takes_plane(x, x), takes_plane(x[..., :2, :2], x[..., :2, :2])
    (True, False)
    """
    return (supported(a, b)
            and a.shape[2] * a.shape[3] >= MIN_PLANE_VECTORS * machine(a.dtype)[0])


def machine(dtype: Any) -> tuple:
    """``(lanes, registers)``: the elements of ``dtype`` one vector register
    of this CPU holds, and how many vector registers it has, from the
    features LLVM reports (AVX-512: 64-byte vectors, 32 registers; AVX:
    32-byte, 16; else 16-byte, 16 on x86 and 32 elsewhere).

    >>> lanes, regs = machine(numpy.float32)
    >>> lanes in (4, 8, 16) and regs in (16, 32)
    True
    """
    if not _vectors:
        name, features = host_cpu()
        have = {f[1:] for f in features.split(',') if f.startswith('+')}
        if 'avx512f' in have:
            _vectors.append((64, 32))
        elif 'avx' in have:
            _vectors.append((32, 16))
        else:
            _vectors.append((16, 16 if ('sse2' in have or 'x86' in name) else 32))
    width, regs = _vectors[0]
    return width // numpy.dtype(dtype).itemsize, regs


_vectors: list = []     # (vector bytes, registers) of this CPU, once known


# --- the source layouts ----------------------------------------------------
def lay_out(x: numpy.ndarray, src: C.Layout, name: str = 'source') -> numpy.ndarray:
    """``x`` ``(N, channels, height, width)`` in layout ``src``: flat, each
    channel's phase planes padded with zeros (in this thread's scratch
    array ``name``), by :func:`layout_ir`'s kernel: a plane at a time, its
    zeros and pixels written while it is in cache."""
    x = numpy.ascontiguousarray(x)
    n = x.shape[0]
    buf = scratch(name, n * src.image, x.dtype)
    fn = _kernel('layout', src, x.dtype, (), lambda symbol: layout_ir(symbol, src, x.dtype))
    items = n * src.channels
    _run(fn, items, 0.25 * items * src.block, x.reshape(-1), buf)
    return buf


def interleave(x: numpy.ndarray, images: int) -> numpy.ndarray:
    """Images ``x`` ``(N, C, H, W)`` interleaved pixel by pixel in blocks of
    ``images`` (see :func:`tapejit.compiler.contraction.interleaved`):
    ``(N / images, C, H, W * images)`` in this thread's scratch.

    >>> x = numpy.arange(8, dtype=numpy.float32).reshape(2, 1, 2, 2)
    >>> interleave(x, 2)[0, 0]
    array([[0., 4., 1., 5.],
           [2., 6., 3., 7.]], dtype=float32)
    """
    x = numpy.ascontiguousarray(x)
    n, c, h, w = x.shape
    if images < 1 or n % images:
        raise ShapeError(f'interleave: {n} images of shape {x.shape[1:]} ({x.dtype}) do not '
                         f'fill blocks of {images}; expected a batch that is a multiple of it')
    out = scratch('interleaved', x.size, x.dtype)
    _move('interleave', x, images, out)
    return out.reshape(n // images, c, h, w * images)


def deinterleave(y: numpy.ndarray, images: int,
                 out: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """The images of blocks ``y`` ``(N / images, C, H, W * images)``
    interleaved by :func:`interleave`: ``(N, C, H, W)``, into ``out`` where
    given.

    >>> x = numpy.arange(8, dtype=numpy.float32).reshape(2, 1, 2, 2)
    >>> bool((deinterleave(interleave(x, 2), 2) == x).all())
    True
    """
    nb, c, h, wide = y.shape
    if images < 1 or wide % images:
        raise ShapeError(f'deinterleave: blocks of shape {y.shape} ({y.dtype}) do not hold '
                         f'{images} images a row; expected rows a multiple of {images} wide')
    shape = (nb * images, c, h, wide // images)
    fits = out is not None and out.dtype == y.dtype and out.flags.writeable
    result = _result(out if fits else None, shape, y.dtype, False)
    _move('deinterleave', numpy.ascontiguousarray(y), images, result)
    return _copied(result, out)


def _across(images: int, stride: tuple, pad: tuple, dilate: tuple) -> tuple:
    """``(stride, pad, dilate)`` of the convolution of blocks of ``images``
    interleaved images: the taps' spacing and the padding across ``images``
    times theirs (the stride across is 1)."""
    return ((stride[0], 1), (pad[0], pad[1] * images), (dilate[0], dilate[1] * images))


def _move(kind: str, src: numpy.ndarray, images: int, dst: numpy.ndarray) -> None:
    """Run the ``kind`` kernel of :mod:`~tapejit.targets.cpu.interleave_ir`
    from ``src`` into ``dst`` (both of the batch's elements)."""
    lanes, _ = machine(src.dtype)
    make = interleave_ir if kind == 'interleave' else deinterleave_ir
    fn = _kernel(kind, images, src.dtype, (lanes,),
                 lambda symbol: make(symbol, src.dtype, lanes, images))
    # (Elements per image: the interleaved blocks hold ``images`` each.)
    m = src.size // (src.shape[0] * (1 if kind == 'interleave' else images))
    chunks = -(-m // lanes)
    blocks = src.size // (m * images)
    runs = -(-chunks // RUN)
    _run(fn, blocks * runs, 0.25 * src.size, src.reshape(-1), dst.reshape(-1), batch=m)


def windows(x: numpy.ndarray, ksize: tuple, stride: tuple, pad: tuple, dilate: tuple,
            out_size: tuple) -> numpy.ndarray:
    """The windows of ``x`` ``(N, C, H, W)`` as one matrix ``(C * kh * kw, N *
    oh * ow)``: row ``c * kh * kw + i * kw + j`` holds tap ``(i, j)`` of
    channel ``c`` at each image's output pixels (zero in the padding), in
    the order the windows' product of small planes takes them (see
    :func:`takes_plane`).  The images are laid out padded first
    (:func:`lay_out`), so that each output row of a tap is one copy.

    >>> x = numpy.arange(8, dtype=numpy.float32).reshape(1, 2, 2, 2)
    >>> windows(x, (1, 2), (1, 1), (0, 0), (1, 1), (2, 1))
    array([[0., 2.],
           [1., 3.],
           [4., 6.],
           [5., 7.]], dtype=float32)
    """
    n, c = x.shape[:2]
    src, taps = _window_layout(x.shape, ksize, stride, pad, dilate, out_size, x.dtype)
    # (Rows moved in registers read the images themselves: see gathers.)
    laid = (numpy.ascontiguousarray(x).reshape(-1) if gathers(src, out_size, len(taps))
            else lay_out(x, src, 'windows'))
    # (From the kept blocks: the caller owns it, and the next call of this
    # size takes the same pages once it is dropped.)
    out = host_arrays.empty((c * len(taps), n * out_size[0] * out_size[1]), x.dtype)
    fn = _kernel('windows', src, x.dtype, (taps, tuple(out_size)),
                 lambda symbol: windows_ir(symbol, src, taps, tuple(out_size), x.dtype))
    _run(fn, n * c, 0.25 * out.size, laid, out.reshape(-1), batch=n)
    return out


def _window_layout(x_shape: tuple, ksize: tuple, stride: tuple, pad: tuple, dilate: tuple,
                   out_size: tuple, dtype: Any) -> tuple:
    """``(layout, taps)``: the images of ``x_shape`` laid out padded as the
    convolution's source is, but in planes of no slack (the windows read
    none past a plane's pixels: a 4x4 image's planes are 36 elements, not
    176 with a tile's slack), and each tap's offset in them."""
    kh, kw = ksize
    dy, dx = dilate
    fw = C.conv_forward(tuple(x_shape), (1, x_shape[1], kh, kw), tuple(stride), tuple(pad),
                        tuple(dilate), 1, tuple(out_size), machine(dtype)[0])
    src = dataclasses.replace(fw.src, plane=fw.src.hq * fw.src.wq)
    return src, tuple(src.offset(ky * dy, kx * dx) for ky in range(kh) for kx in range(kw))


def windows_add(cols: numpy.ndarray, x_shape: tuple, ksize: tuple, stride: tuple, pad: tuple,
                dilate: tuple, out_size: tuple,
                out: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """The adjoint of :func:`windows`: each window of ``cols`` (``(C * kh *
    kw, N * oh * ow)``, as :func:`windows` writes them) added back where it
    was read from, into images of ``x_shape`` ``(N, C, H, W)`` (into
    ``out`` where given); padding dropped.

    >>> cols = numpy.ones((4, 2), numpy.float32)
    >>> windows_add(cols, (1, 2, 2, 2), (1, 2), (1, 1), (0, 0), (1, 1), (2, 1))[0, 0]
    array([[1., 1.],
           [1., 1.]], dtype=float32)
    """
    n, c = x_shape[:2]
    src, taps = _window_layout(x_shape, ksize, stride, pad, dilate, out_size, cols.dtype)
    laid = scratch('windows_add', n * src.image, cols.dtype)
    # (An ``out`` the kernel cannot write, of another dtype or read-only,
    # takes the result as NumPy assigns it.)
    fits = out is not None and out.dtype == cols.dtype and out.flags.writeable
    y = _result(out if fits else None, tuple(x_shape), cols.dtype, False)
    fn = _kernel('windows_add', src, cols.dtype, (taps, tuple(out_size)),
                 lambda symbol: windows_add_ir(symbol, src, taps, tuple(out_size), cols.dtype))
    _run(fn, n * c, 0.25 * cols.size, numpy.ascontiguousarray(cols).reshape(-1), laid,
         y.reshape(-1), batch=n)
    return _copied(y, out)


# --- compiling and running ---------------------------------------------------
def kernel_source(kind: str, spec: Any, dtype: numpy.dtype, extra: tuple,
                  make: Callable[[str], str]) -> tuple:
    """The arguments of :func:`~tapejit.targets.cpu.llvm_jit.load_object`
    for the kernel of ``kind``, ``spec``, ``dtype`` and ``extra`` whose IR
    ``make(symbol)`` writes."""
    d = store.cache_dir()
    # (Their vectors written out: nothing for LLVM's loop vectorizer.)
    return (f'{kind}\n{spec!r}\n{dtype.str}\n{extra!r}', make,
            None if d is None else f'{d}/native', 'tjconv', 1)


def _kernel(kind: str, spec: Any, dtype: numpy.dtype, extra: tuple,
            make: Callable[[str], str]) -> Callable:
    key = f'{kind}\n{spec!r}\n{dtype.str}\n{extra!r}'
    with _lock:
        fn = _kernels.get(key)
    if fn is None:
        fn = _refusing(kind, load_object(*kernel_source(kind, spec, dtype, extra, make)))
        pool_waits.install()      # (the threads that run it poll, not sleep)
        with _lock:
            _kernels[key] = fn
    return fn


def _refusing(kind: str, entry: Callable) -> Callable:
    """``entry`` (a generated entry: None where it ran, NotImplemented
    where it refused its arguments) raising where it refused: an output it
    never wrote must not pass for a result."""
    def run(*args: Any) -> None:
        if entry(*args) is not None:
            raise TypeError(f'tapejit: the {kind} kernel refused its arguments '
                            f'({", ".join(_described(a) for a in args)}): ints, and arrays '
                            f'of its dtype, aligned, contiguous where it needs, writeable '
                            f'where it stores, expected')

    def pack(block: numpy.ndarray, *args: Any) -> bool:
        # (The call packed for the pool's threads: see Emitter.entry_function.)
        return entry(*args, block) is None
    run.pack = pack      # type: ignore[attr-defined]
    return run


def _described(x: Any) -> str:
    """An argument as a refusal names it: an array's dtype, shape and
    flags that matter, else its type."""
    if isinstance(x, numpy.ndarray):
        flags = [f for f, ok in (('unaligned', not x.flags.aligned),
                                 ('read-only', not x.flags.writeable),
                                 ('strided', not x.flags.c_contiguous)) if ok]
        return f'{x.dtype.name}{list(x.shape)}' + ''.join(f' {f}' for f in flags)
    return type(x).__name__


def _width(items: int, madds: float) -> int:
    """Threads a kernel of ``items`` items and ``madds`` multiply-adds runs
    on (read once a call: a kernel that numbers its threads gets as many
    slots as this says)."""
    return max(1, min(threads.product_width(madds, threads.available_cores()), items))


def _run(fn: Callable, items: int, madds: float, *arrays: numpy.ndarray,
         batch: int = 0, width: Optional[int] = None, args: tuple = ()) -> None:
    """``fn`` over ``items`` on the threads tapejit decides (``args``: ints
    the entry takes before its arrays)."""
    width = _width(items, madds) if width is None else width
    # Items a thread claims at a time: CLAIMS_PER_THREAD claims each, so that
    # a late thread holds up one claim's work, while the threads meet on the
    # shared counter (and on the edges of each other's tiles) seldom.
    grain = max(1, items // (width * CLAIMS_PER_THREAD))
    threads.Chunked(fn, width)(batch, grain, items, *args, *arrays)


def pack_filters(w: numpy.ndarray, groups: int, outs: int, channels: int, taps: tuple,
                 r_: int) -> numpy.ndarray:
    """Filters ``w`` ``(groups * outs, channels, kh * kw)`` (tap indices
    ``taps``) as a correlation tile reads them: ``(groups, outs / R, channels,
    taps, R)``, zero past the last output channel.  Each block of ``R``
    output channels is a transposed matrix (its channels and taps by its
    ``R``), written by the products' transposing kernel (``lanes x lanes``
    blocks in registers): NumPy's strided copy took as long as a 4x4
    layer's convolution (256 x 256 x 3 x 3 filters).

    >>> w = numpy.arange(12, dtype=numpy.float32).reshape(3, 2, 2)
    >>> pack_filters(w, 1, 3, 2, (0, 1), 2).reshape(2, 2, 2, 2)[1, 1].tolist()
    [[10.0, 0.0], [11.0, 0.0]]
    """
    ob_n = -(-outs // r_)
    wv = w.reshape(groups, outs, channels, -1)
    if tuple(taps) != tuple(range(wv.shape[-1])):
        wv = wv[..., list(taps)]
    if outs % r_:
        padded = numpy.zeros((groups, ob_n * r_, channels, len(taps)), w.dtype)
        padded[:, :outs] = wv
        wv = padded
    wv = numpy.ascontiguousarray(wv).reshape(-1)
    lanes, _ = machine(w.dtype)
    rows, blocks = channels * len(taps), groups * ob_n
    packed = numpy.empty(blocks * rows * r_, w.dtype)
    fn = _kernel('transpose', 'rows', w.dtype, (lanes,),
                 lambda symbol: transpose_ir(symbol, w.dtype, lanes))
    blocks_i, blocks_l = -(-rows // lanes), -(-r_ // lanes)
    _run(fn, blocks * blocks_i * blocks_l, 0.25 * packed.size, wv, packed,
         batch=rows, args=(rows, r_, blocks_i, blocks_l, rows, rows * r_))
    return packed


def correlate(corr: C.Correlation, src: numpy.ndarray, packed: numpy.ndarray,
              out: numpy.ndarray, tile: tuple, lanes: int,
              bias: Optional[numpy.ndarray] = None,
              layout: Optional[C.Layout] = None) -> None:
    """Run ``corr`` from the laid out ``src`` and ``packed`` filters into
    ``out`` (flat, contiguous), its sums starting at ``bias`` where given
    (:func:`pack_bias`).  With a ``layout``, ``src`` is the images
    themselves, each laid out by the kernel's items as they take it."""
    dtype = src.dtype
    # (One kernel for every batch size: it counts its items at run time.)
    generic = dataclasses.replace(corr, batch=0)
    biased = bias is not None
    vectors = corr.vectors(lanes)
    r_, v_ = tile
    tiles = corr.groups * -(-corr.outs // r_)
    madds = (corr.batch * corr.groups * corr.outs * corr.channels * len(corr.taps)
             * vectors * lanes)
    extra = (tile, lanes) + ((True,) if biased else ()) + ((layout,) if layout else ())
    fn = _kernel('correlation', generic, dtype, extra,
                 lambda symbol: correlation_ir(symbol, generic, dtype, tile, lanes, biased,
                                               layout))
    rest = (bias, out) if biased else (out,)
    if layout is None:
        items = corr.batch * tiles * -(-vectors // v_)
        _run(fn, items, madds, src, packed, *rest)
        return
    # An item per image, or per part of an image's tiles where there are
    # fewer than IMAGE_ITEMS per thread (each part lays its image out).
    width = max(1, threads.product_width(madds, threads.available_cores()))
    want = IMAGE_ITEMS * width
    splits = 1 if corr.batch >= want else min(tiles, -(-want // max(corr.batch, 1)))
    items = corr.batch * splits
    # (A slot for each thread that enters, as many as the cores read once
    # above: see correlation_ir.)
    width = min(width, items)
    laid = scratch('source', width * layout.image, dtype)
    entered = numpy.zeros(8 // dtype.itemsize, dtype)
    _run(fn, items, madds, src.reshape(-1), laid, entered, packed, *rest, batch=corr.batch,
         width=width)


def pack_bias(b: numpy.ndarray, groups: int, outs: int, r_: int) -> numpy.ndarray:
    """Bias ``b`` ``(groups * outs,)`` as a correlation tile reads it:
    ``(groups, tiles * R)``, zero past the last output channel."""
    ob_n = -(-outs // r_)
    packed = numpy.zeros((groups, ob_n * r_), b.dtype)
    packed[:, :outs] = b.reshape(groups, outs)
    return packed.reshape(-1)


def _result(out: Optional[numpy.ndarray], shape: tuple, dtype: numpy.dtype,
            zero: bool) -> numpy.ndarray:
    if out is None or not out.flags.c_contiguous:
        # (From the kept blocks: an eager call's result, faulted in once.)
        out = host_arrays.empty(shape, dtype)
    if zero:
        out.fill(0)
    return out


def conv2d(x: numpy.ndarray, w: numpy.ndarray, stride: tuple, pad: tuple, dilate: tuple,
           groups: int, out_size: tuple, out: Optional[numpy.ndarray] = None,
           bias: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """The convolution of ``x`` ``(N, C, H, W)`` with ``w`` ``(O, C // groups,
    kh, kw)``: ``(N, O) + out_size`` (see the module's example), plus
    ``bias`` ``(O,)`` where given, into ``out`` where given."""
    lanes, regs = machine(x.dtype)
    images = C.interleaved(x.shape[0], x.shape[3], out_size[1], out_size[1], w.shape[3],
                           stride[1], pad[1], dilate[1], lanes)
    if images > 1:
        # (Rows narrower than a vector: a block of images at a time.)
        y = conv2d(interleave(x, images), w, *_across(images, stride, pad, dilate), groups,
                   (out_size[0], out_size[1] * images), None, bias)
        return deinterleave(y, images, out)
    fw = C.conv_forward(x.shape, w.shape, stride, pad, dilate, groups, out_size, lanes)
    corr = fw.corr
    tile = C.forward_tile(corr.outs, corr.vectors(lanes) * lanes, lanes, regs,
                          corr.row_vectors)
    packed = pack_filters(w, groups, corr.outs, corr.channels, tuple(range(len(corr.taps))),
                          tile[0])
    y = _result(out, (x.shape[0], w.shape[0]) + tuple(out_size), x.dtype, False)
    if bias is not None:
        bias = pack_bias(numpy.asarray(bias, x.dtype), groups, corr.outs, tile[0])
    correlate(corr, numpy.ascontiguousarray(x), packed, y.reshape(-1), tile, lanes, bias,
              fw.src)
    return _copied(y, out)


def conv2d_transpose(gy: numpy.ndarray, w: numpy.ndarray, stride: tuple, pad: tuple,
                     dilate: tuple, groups: int, size: tuple,
                     out: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """The transposed convolution of ``gy`` ``(N, O, OH, OW)`` with ``w``
    ``(O, C // groups, kh, kw)``: ``(N, C) + size``, the data gradient of
    :func:`conv2d`."""
    lanes, regs = machine(gy.dtype)
    o, cg, kh, kw = w.shape
    images = C.interleaved(gy.shape[0], size[1], gy.shape[3], size[1], kw, stride[1], pad[1],
                           dilate[1], lanes)
    if images > 1:
        # (Rows narrower than a vector: a block of images at a time.)
        y = conv2d_transpose(interleave(gy, images), w, *_across(images, stride, pad, dilate),
                             groups, (size[0], size[1] * images))
        return deinterleave(y, images, out)
    plan = C.conv_transpose(gy.shape, w.shape, stride, pad, dilate, groups, size, lanes)
    out_shape = (gy.shape[0], cg * groups) + tuple(size)
    y = _result(out, out_shape, gy.dtype, not plan.covered)
    if not plan.phases:
        return _copied(y, out)
    # One phase (a stride of one) lays its images out in its items, as a
    # convolution does; several share one layout of the whole batch.
    one = len(plan.phases) == 1
    src = numpy.ascontiguousarray(gy) if one else lay_out(gy, plan.src)
    # The filters as the transposed correlation reads them: per group (C/g,
    # O/g) with the taps mirrored (each phase's own subset).
    wt = w.reshape(groups, o // groups, cg, kh * kw).transpose(0, 2, 1, 3).reshape(
        groups * cg, o // groups, kh * kw)
    for corr, used in plan.phases:
        tile = C.forward_tile(corr.outs, corr.vectors(lanes) * lanes, lanes, regs,
                          corr.row_vectors)
        packed = pack_filters(wt, groups, corr.outs, corr.channels, used, tile[0])
        correlate(corr, src, packed, y.reshape(-1), tile, lanes,
                  layout=plan.src if one else None)
    return _copied(y, out)


def conv2d_filter(x: numpy.ndarray, gy: numpy.ndarray, ksize: tuple, stride: tuple,
                  pad: tuple, dilate: tuple, groups: int,
                  out: Optional[numpy.ndarray] = None) -> numpy.ndarray:
    """The filter gradient of :func:`conv2d`: ``(O, C // groups) + ksize``
    from its input ``x`` and output gradient ``gy``."""
    lanes, regs = machine(x.dtype)
    along = filter_vectors(x.shape[1] // groups, gy.shape[1] // groups, lanes, regs,
                           math.prod(ksize))
    if along is not None:
        return _filter_channels(x, gy, ksize, stride, pad, dilate, groups, along, out)
    plan = C.conv_filter(x.shape, gy.shape, ksize, stride, pad, dilate, groups, lanes)
    corr = plan.corr
    n, o, oh, ow = gy.shape
    if (plan.gy_wq == ow and corr.pixels == oh * ow and gy.flags.c_contiguous
            and gy.ctypes.data % ALIGN == 0):
        # (Rows of whole vectors: the output gradient as it is, where it is
        # aligned as the layout would be, so its vector loads never span two
        # cache lines.)
        wide = gy.reshape(-1)
    else:
        # The output gradient in rows of gy_wq pixels, zero past each row's.
        wide = lay_out(gy, C.Layout(o, oh, ow, (1, 1), 0, 0, oh, plan.gy_wq, corr.pixels),
                       'gradient')
    tile = C.filter_tile(corr.outs, len(corr.taps), regs)
    r_, t_ = tile
    ob_n = -(-corr.outs // r_)
    tb_n = len(corr.taps) // t_
    tile_size = corr.channels * tb_n * r_ * t_
    size = x.dtype.itemsize
    # Tiles of output channels an item takes through the images together:
    # their accumulators fit in a quarter of this core's second-level cache.
    span, blocks = _spans(ob_n, _cache_bytes() // 4 // (tile_size * lanes * size))
    # (Parts of the batch, of whatever size: one kernel for every batch.)
    parts = max(1, -(-FILTER_PARTS // (corr.groups * blocks)))
    # Images a run of the tiles' accumulators spans: a tile's output-gradient
    # rows of the run fill half the first-level cache, so that the passes of
    # its source channels and taps after the first read them there.  (A run
    # of images filling the second-level cache ran 10-15% slower on one
    # core: each pass read those rows from it again.)
    images = max(1, first_level()[0] // 2 // (r_ * corr.pixels * size))
    generic = dataclasses.replace(corr, batch=0)
    fn = _kernel('filter', generic, x.dtype, (tile, lanes, parts, images, span),
                 lambda symbol: filter_ir(symbol, generic, x.dtype, tile, lanes, parts, images,
                                          span))
    items = parts * corr.groups * blocks
    partial = scratch('partial', items * span * tile_size * lanes, x.dtype)
    sums = scratch('sums', parts * corr.groups * ob_n * tile_size, x.dtype)
    madds = n * o * corr.channels * len(corr.taps) * corr.pixels
    _run(fn, items, madds, lay_out(x, plan.src), wide, partial, sums, batch=n)
    sums = sums.reshape(parts, corr.groups, ob_n, corr.channels, tb_n, r_, t_)
    sums = sums[0] if parts == 1 else sums.sum(axis=0)   # (groups, ob, c, tb, r, t)
    gw = sums.transpose(0, 1, 4, 2, 3, 5).reshape(corr.groups, ob_n * r_, corr.channels,
                                                  len(corr.taps))
    gw = gw[:, :corr.outs].reshape((o, corr.channels) + tuple(ksize))
    if out is None:
        # (A copy always: ``gw`` may be a view of this thread's scratch
        # array, which the next call overwrites.)
        return numpy.array(gw, order='C')
    out[...] = gw
    return out


def filter_vectors(channels: int, outs: int, lanes: int, registers: int,
                   taps: int = 9) -> Optional[str]:
    """Along which channels a filter gradient of ``channels`` source and
    ``outs`` output channels a group, and ``taps`` taps, takes its vectors
    (:func:`_filter_channels`) on ``registers`` vector registers:
    ``'source'`` where the source's fill more than half the lanes of the
    vectors they take, else ``'gradient'`` where the output gradient's do,
    each only where its register tile
    (:func:`~tapejit.compiler.contraction.channel_filter_tile`) holds at
    least :data:`FMA_CHAINS` accumulators; else None (vectors along the
    pixels).  (On 16 lanes, 12 source channels ran 1.2-1.3x faster along
    them than along the pixels, 24 and 40 1.3-1.4x, 8 0.83-0.97x as fast, 4
    0.46x.  On 8 lanes and 16 registers, 3 source channels by 32 output
    channels along the output gradient make a tile of 6 accumulators: it
    ran 0.6-0.7x as fast as along the pixels.)

    >>> filter_vectors(32, 32, 16, 32), filter_vectors(3, 32, 16, 32)
    ('source', 'gradient')
    >>> filter_vectors(3, 4, 16, 32), filter_vectors(3, 32, 8, 16)
    (None, None)
    """
    for side, count, broadcasts in (('source', channels, outs), ('gradient', outs, channels)):
        vectors = -(-count // lanes)
        if 2 * count > vectors * lanes:
            r, t, v = C.channel_filter_tile(broadcasts, taps, vectors, registers, side)
            if r * t * v >= FMA_CHAINS:
                return side
    return None


def _spans(tiles: int, most: int) -> tuple:
    """``(span, blocks)``: ``tiles`` tiles of a filter gradient in
    ``blocks`` items' runs of ``span``, at most ``most`` a run and as even
    as they come (32 tiles in runs of at most 28: two of 16, not 28 and 4
    with 24 tiles' accumulators zeroed and summed for nothing).

    >>> _spans(32, 28), _spans(16, 100), _spans(7, 0)
    ((16, 2), (16, 1), (1, 7))
    """
    blocks = -(-tiles // max(1, min(tiles, most)))
    return -(-tiles // blocks), blocks


def _filter_channels(x: numpy.ndarray, gy: numpy.ndarray, ksize: tuple, stride: tuple,
                     pad: tuple, dilate: tuple, groups: int, along: str,
                     out: Optional[numpy.ndarray]) -> numpy.ndarray:
    """:func:`conv2d_filter` with vectors ``along`` the source's channels
    or the output gradient's
    (:class:`~tapejit.compiler.contraction.ChannelFilter`): the source laid
    out channels last, and the output gradient too where the vectors run
    along it (else read as it is)."""
    lanes, regs = machine(x.dtype)
    cf = C.conv_filter_channels(x.shape, gy.shape, ksize, stride, pad, dilate, groups, lanes,
                                along)
    n, o, oh, ow = gy.shape
    cg = x.shape[1] // groups
    tile = C.channel_filter_tile(cf.broadcasts, len(cf.taps), cf.vectors(lanes), regs, along)
    r_, t_, v_ = tile
    bt_n = -(-cf.broadcasts // r_)
    vb_n = cf.vectors(lanes) // v_
    tb_n = len(cf.taps) // t_
    size = x.dtype.itemsize
    tile_size = vb_n * tb_n * r_ * t_ * v_ * lanes
    # Tiles of broadcast channels an item takes through the images
    # together: their accumulators fit in a quarter of this core's
    # second-level cache.
    span, blocks = _spans(bt_n, _cache_bytes() // 4 // (tile_size * size))
    # (Parts of the batch as the pixel kernel's: the sums, and so the
    # result's bits, do not depend on the cores.)
    parts = max(1, -(-FILTER_PARTS // (groups * blocks)))
    # Output rows a chunk takes: its source rows (a tap reaches further
    # down) and its output-gradient rows fill half the first-level cache.
    if along == 'source':
        line = cf.src.cols * v_ * lanes * size    # a source row's vectors of a block
        gy_row = span * r_ * ow * size
    else:
        line = cf.src.cols * cf.src.pixel * size
        gy_row = ow * v_ * lanes * size
    reach = max(cf.taps) // (cf.src.cols * cf.src.pixel)
    per_row = line * stride[0] + gy_row
    chunk = max(1, min(oh, (first_level()[0] // 2 - reach * line) // per_row))
    fn = _kernel('channel filter', cf, x.dtype, (tile, lanes, parts, chunk, span),
                 lambda symbol: channel_filter_ir(symbol, cf, x.dtype, tile, lanes, parts,
                                                  chunk, span))
    items = parts * groups * blocks
    partial = scratch('partial', items * span * tile_size, x.dtype)
    madds = n * o * cg * len(cf.taps) * oh * ow
    gy = numpy.ascontiguousarray(gy)
    # (A layout slot for each thread that enters: see channel_filter_ir.)
    width = _width(items, madds)
    slot = cf.src.image + (cf.grad.image if cf.grad is not None else 0)
    laid = scratch('source', width * slot, x.dtype)
    entered = numpy.zeros(8 // size, x.dtype)
    _run(fn, items, madds, numpy.ascontiguousarray(x).reshape(-1), laid, entered,
         gy.reshape(-1), partial, batch=n, width=width)
    sums = partial.reshape(parts, groups, blocks * span, vb_n, tb_n, r_, t_, v_, lanes)
    sums = sums[0] if parts == 1 else sums.sum(axis=0)
    # (groups, bt, vb, tb, r, t, v, lane) -> (groups, outs, channels, taps)
    taps = len(cf.taps)
    if along == 'source':
        gw = sums.transpose(0, 1, 4, 2, 6, 7, 3, 5).reshape(
            groups, blocks * span * r_, cf.src.cpad, taps)
    else:
        gw = sums.transpose(0, 2, 6, 7, 1, 4, 3, 5).reshape(
            groups, cf.grad.cpad, blocks * span * r_, taps)
    gw = gw[:, :cf.outs, :cg].reshape((o, cg) + tuple(ksize))
    if out is None:
        return numpy.array(gw, order='C')
    out[...] = gw
    return out


def fma_peak(width: int = 1, dtype: Any = numpy.float32, seconds: float = 0.05) -> float:
    """This machine's measured multiply-add peak in FLOP/s (2 per lane per
    FMA) on ``width`` threads: an FMA loop generated as the convolution
    kernels are (as many independent chains as the registers hold), the
    best of five runs.

    >>> fma_peak(1, seconds=0.001) > 1e9
    True
    """
    import time
    dtype = numpy.dtype(dtype)
    lanes, regs = machine(dtype)
    chains, rounds = regs - 4, 1 << 12
    fn = _kernel('fma', (chains, rounds), dtype, (lanes,),
                 lambda symbol: fma_ir(symbol, dtype, lanes, chains, rounds))
    out = numpy.ones(lanes, dtype)
    per_item = 2.0 * lanes * chains * rounds
    items = max(width, 1)
    runner = threads.Chunked(fn, width)
    best = 0.0
    for _ in range(5):
        start = time.perf_counter()
        runner(0, 0, items, out)
        elapsed = time.perf_counter() - start
        best = max(best, items * per_item / elapsed)
        # Enough items that a run lasts about ``seconds``.
        items = max(items, int(seconds * best / per_item) // width * width or width)
    return best


def describe(name: str, shapes: tuple, params: dict, dtype: Any) -> str:
    """How the kernels compute convolution primitive ``name`` on inputs of
    ``shapes``: the correlations, their register tiles and source layouts.

    >>> print(describe('conv2d', ((8, 3, 32, 32), (16, 3, 3, 3)), dict(stride=(1, 1),
    ...       pad=(1, 1), dilate=(1, 1), groups=1, out_size=(32, 32)), 'float32'))
    ... # doctest: +ELLIPSIS
    conv2d: 1 correlation(s) of 3 channels x 9 taps in rows of whole vectors; tile ...; source: ...
    """
    dtype = numpy.dtype(dtype)
    lanes, regs = machine(dtype)
    p = params
    plane = shapes[1] if name == 'conv2d_filter' else shapes[0]   # (as takes_plane reads)
    if plane[2] * plane[3] < MIN_PLANE_VECTORS * lanes:
        return _describe_windows(name, shapes, p, lanes, dtype)
    if name in ('conv2d', 'conv2d_transpose'):
        row = p['out_size'][1] if name == 'conv2d' else p['size'][1]
        width, out_width = (plane[3], row) if name == 'conv2d' else (row, plane[3])
        images = C.interleaved(plane[0], width, out_width, row, shapes[1][3], p['stride'][1],
                               p['pad'][1], p['dilate'][1], lanes)
        if images > 1:
            n, c, h, w = plane
            stride, pad, dilate = _across(images, p['stride'], p['pad'], p['dilate'])
            wide = 'out_size' if name == 'conv2d' else 'size'
            inner = describe(name, ((n // images, c, h, w * images), shapes[1]),
                             dict(p, stride=stride, pad=pad, dilate=dilate,
                                  **{wide: (p[wide][0], p[wide][1] * images)}), dtype)
            return (f'{inner}; images interleaved pixel by pixel, {images} a block '
                    f'(rows of {row} pixels on vectors of {lanes})')
    if name == 'conv2d':
        fw = C.conv_forward(shapes[0], shapes[1], p['stride'], p['pad'], p['dilate'],
                            p['groups'], p['out_size'], lanes)
        corrs, src = [fw.corr], fw.src
        tiles = [C.forward_tile(c.outs, c.vectors(lanes) * lanes, lanes, regs, c.row_vectors)
                 for c in corrs]
        tile_text = [f'{r} output channels x {v} vectors of {lanes}' for r, v in tiles]
    elif name == 'conv2d_transpose':
        tp = C.conv_transpose(shapes[0], shapes[1], p['stride'], p['pad'], p['dilate'],
                              p['groups'], p['size'], lanes)
        corrs, src = [c for c, _ in tp.phases], tp.src
        tiles = [C.forward_tile(c.outs, c.vectors(lanes) * lanes, lanes, regs, c.row_vectors)
                 for c in corrs]
        tile_text = [f'{r} output channels x {v} vectors of {lanes}' for r, v in tiles]
    elif name == 'conv2d_filter' and (along := filter_vectors(
            shapes[0][1] // p['groups'], shapes[1][1] // p['groups'], lanes, regs,
            math.prod(p['ksize']))):
        cf = C.conv_filter_channels(shapes[0], shapes[1], p['ksize'], p['stride'], p['pad'],
                                    p['dilate'], p['groups'], lanes, along)
        r, t, v = C.channel_filter_tile(cf.broadcasts, len(cf.taps), cf.vectors(lanes), regs,
                                        along)
        s = cf.src
        side = 'the channels' if along == 'source' else 'the output channels'
        return (f'{name}: {s.channels} channels x {len(cf.taps)} taps with vectors along '
                f'{side}; tile {r} broadcast channels x {t} taps x {v} vectors of {lanes} '
                f'channels ({regs} vector registers); source: channels last, {s.rows}x'
                f'{s.cols} pixels of {s.groups} x {s.cpad} channels, {dtype.name}')
    else:
        fp = C.conv_filter(shapes[0], shapes[1], p['ksize'], p['stride'], p['pad'],
                           p['dilate'], p['groups'], lanes)
        corrs, src = [fp.corr], fp.src
        r, t = C.filter_tile(fp.corr.outs, len(fp.corr.taps), regs)
        tile_text = [f'{r} output channels x {t} taps in vectors of {lanes}']
    first = corrs[0] if corrs else None
    what = (f'{len(corrs)} correlation(s) of {first.channels} channels x '
            f'{len(first.taps)} taps' if first else 'zeros')
    rows = (first.rows > 1 if isinstance(first, C.FilterCorrelation)
            else bool(first and first.row_vectors))
    pixels = 'rows of whole vectors' if rows else 'vectors along the wide rows'
    return (f'{name}: {what} in {pixels}; tile {", ".join(dict.fromkeys(tile_text))} '
            f'({regs} vector registers); source: {src.phases} phase(s) of {src.hq}x{src.wq} '
            f'per channel, {src.plane} elements apart, {dtype.name}')


def _describe_windows(name: str, shapes: tuple, p: dict, lanes: int,
                      dtype: numpy.dtype) -> str:
    """How convolution primitive ``name`` runs on planes too small for the
    kernels: the windows' matrix and one product per group."""
    if name == 'conv2d':
        (n, c, _, _), (o, _, kh, kw), out = shapes[0], shapes[1], p['out_size']
    elif name == 'conv2d_transpose':
        (n, o, *out), (_, cg, kh, kw) = shapes[0], shapes[1]
        c = cg * p['groups']
    else:
        (n, c, _, _), (_, o, *out), (kh, kw) = shapes[0], shapes[1], p['ksize']
    g = p['groups']
    k, cols = c // g * kh * kw, n * out[0] * out[1]
    how = ('its product added back by the windows kernel' if name == 'conv2d_transpose'
           else 'written by the windows kernel')
    product = {'conv2d': f'({o // g}, {k}) @ ({k}, {cols})',
               'conv2d_transpose': f'({k}, {o // g}) @ ({o // g}, {cols})',
               'conv2d_filter': f'({o // g}, {cols}) @ ({cols}, {k})'}[name]
    return (f'{name}: planes under {MIN_PLANE_VECTORS} vectors of {lanes} pixels: a '
            f'windows matrix ({c * kh * kw} x {cols}, a row per channel and tap), {how}; '
            f'{g} product(s) {product}, {dtype.name}')


def _copied(y: numpy.ndarray, out: Optional[numpy.ndarray]) -> numpy.ndarray:
    if out is None or out is y:
        return y
    out[...] = y
    return out


def _cache_bytes() -> int:
    """This core's second-level cache, as the kernel reports it (1 MiB
    where it does not)."""
    global _L2
    if _L2 is None:
        _L2 = 1 << 20
        try:
            with open('/sys/devices/system/cpu/cpu0/cache/index2/size') as f:
                text = f.read().strip()
            scale = {'K': 1 << 10, 'M': 1 << 20}.get(text[-1:], 1)
            _L2 = int(text.rstrip('KM')) * scale
        except (OSError, ValueError):
            pass
    return _L2


_L2: Optional[int] = None
_LINE: Optional[int] = None


def cache_line() -> int:
    """The bytes of this core's cache line, as the kernel reports it (64
    where it does not)."""
    global _LINE
    if _LINE is None:
        line = 64
        try:
            with open('/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size') as f:
                line = max(1, int(f.read().strip()))
        except (OSError, ValueError):
            pass
        _LINE = line
    return _LINE


def first_level() -> tuple:
    """``(bytes, ways)``: this core's first-level data cache, its size and
    associativity, as the kernel reports them (32 KiB, 8 ways where it
    does not).  Addresses ``bytes / ways`` apart fall in one of its sets."""
    global _L1
    if _L1 is None:
        found = (32 << 10, 8)
        base = '/sys/devices/system/cpu/cpu0/cache'
        try:
            for index in sorted(os.listdir(base)):
                fields = {}
                for name in ('level', 'type', 'size', 'ways_of_associativity'):
                    with open(f'{base}/{index}/{name}') as f:
                        fields[name] = f.read().strip()
                if fields['level'] == '1' and fields['type'] in ('Data', 'Unified'):
                    size = fields['size']
                    scale = {'K': 1 << 10, 'M': 1 << 20}.get(size[-1:], 1)
                    found = (int(size.rstrip('KM')) * scale,
                             max(1, int(fields['ways_of_associativity'])))
                    break
        except (OSError, ValueError, KeyError):
            pass
        # (Set once, read whole: a thread asking meanwhile reads it too.)
        _L1 = found
    return _L1


_L1: Optional[tuple] = None


install_host_kernel('conv2d', conv2d, takes_plane)
install_host_kernel('conv2d_transpose', conv2d_transpose, takes_plane)
install_host_kernel('conv2d_filter', conv2d_filter, lambda x, gy: takes_plane(gy, x))
install_host_kernel('conv_windows', windows, supported)
install_host_kernel('conv_windows_add', windows_add, supported)
