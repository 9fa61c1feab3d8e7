"""The LLVM IR of the kernels that interleave images for the convolution
kernels (run by :mod:`tapejit.targets.cpu.contraction`).

A convolution whose output rows are narrower than a vector (8 pixels on
16 lanes) computes part of each vector for nothing, or reads across rows
into the padding.  With ``L`` images interleaved pixel by pixel (block
``g`` of the batch holds ``x[g * L + l, c, y, i]`` at ``[g, c, y, i * L +
l]``) each row is ``L`` times wider, and a convolution of it with the
horizontal taps, padding and dilation ``L`` times larger is the
convolution of the ``L`` images (:func:`tapejit.compiler.contraction.interleaved`).

Both kernels move ``m`` elements per image (an image's channels, rows and
columns) and take a block of ``L`` images and a run of ``RUN`` chunks of
``lanes`` elements of each as an item: a chunk is ``L`` vectors, one per
image (:func:`interleave_ir`) or ``L`` consecutive ones of the interleaved
block (:func:`deinterleave_ir`), permuted in registers, the last chunk of
an image masked.

>>> import numpy as np
>>> 'shufflevector' in interleave_ir('demo', np.dtype(np.float32), 8, 2)
True
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.targets.cpu.contraction_ir import _entry, _Ir
from tapejit.targets.cpu.emitter import Array, Emitter
from tapejit.targets.cpu.product_ir import _lanes_below, _masked_load, _vec_ptr

__all__ = ['RUN', 'interleave_ir', 'deinterleave_ir']

# Chunks (of a vector per image) an item moves: a few thousand elements,
# so that claiming an item costs little beside it.
RUN = 64


def _joined(x: _Ir, vecs: list) -> Any:
    """The vectors of ``vecs`` (a power of two of them) one after the
    other in one vector of ``len(vecs) * lanes`` elements."""
    b, ir = x.em.b, x.ir
    while len(vecs) > 1:
        n = vecs[0].type.count
        mask = ir.Constant(ir.VectorType(x.i32, 2 * n), list(range(2 * n)))
        vecs = [b.shuffle_vector(vecs[k], vecs[k + 1], mask) for k in range(0, len(vecs), 2)]
    return vecs[0]


def _picked(x: _Ir, wide: Any, picks: list) -> Any:
    """The vector of ``wide``'s elements at ``picks``."""
    ir = x.ir
    return x.em.b.shuffle_vector(wide, ir.Constant(wide.type, ir.Undefined),
                                 ir.Constant(ir.VectorType(x.i32, len(picks)), picks))


def _chunks(em: Emitter, x: _Ir, images: int, m: Any, nch: Any, claim: Any,
            chunk: Any) -> None:
    """``chunk(g, i0)`` for each block ``g`` of ``images`` images and each
    chunk ``i0`` (a multiple of ``lanes``) below ``m``, claimed ``RUN`` at a
    time."""
    lanes = x.lanes
    b = em.b
    per_image = b.sdiv(b.add(m, x.c(lanes - 1)), x.c(lanes))
    runs = b.sdiv(b.add(per_image, x.c(RUN - 1)), x.c(RUN))

    def item(t: Any) -> None:
        bt = em.b
        g, r = bt.sdiv(t, runs), bt.srem(t, runs)
        first = bt.mul(r, x.c(RUN))
        last = x.least(bt.add(first, x.c(RUN)), per_image)
        em.repeat(first, last, lambda k: chunk(g, em.b.mul(k, x.c(lanes))))
    x.work_loop(claim, nch, item)


def interleave_ir(symbol: str, dtype: numpy.dtype, lanes: int, images: int) -> str:
    """The LLVM IR of ``symbol(m, ch, nch, claim, src, dst)``:
    ``dst[(g * m + i) * L + l] = src[(g * L + l) * m + i]`` for ``L =
    images`` (a power of two), ``i < m`` and each block ``g``; ``nch``
    items, ``ceil(ceil(m / lanes) / RUN)`` a block."""
    def emit(em: Emitter, m: Any, nch: Any, claim: Any, src: Array, dst: Array) -> None:
        x = _Ir(em, dtype, lanes)
        load = _masked_load(x)
        align = em.ir.Constant(x.i32, x.elem_size())

        def chunk(g: Any, i0: Any) -> None:
            b = em.b
            ok = _lanes_below(x, i0, m)
            vecs = [b.call(load, [_vec_ptr(x, src.data, b.add(
                b.mul(b.add(b.mul(g, x.c(images)), x.c(image)), m), i0)), align, ok, x.zero()])
                for image in range(images)]
            wide = _joined(x, vecs)
            base = b.mul(b.add(b.mul(g, m), i0), x.c(images))
            for j in range(images):
                # (Element t of vector j: pixel i0 + k // L of image k % L, k = j * lanes + t.)
                picks = [(k % images) * lanes + k // images
                         for k in range(j * lanes, (j + 1) * lanes)]
                bj = em.b
                first = bj.add(i0, x.c(j * lanes // images))
                # (Lanes past pixel m: a vector's last L pixels per lane group.)
                kept = bj.icmp_signed('<', bj.add(x.splat_int(first), x.ir.Constant(
                    x.ir.VectorType(x.i64, lanes), [t // images for t in range(lanes)])),
                    x.splat_int(m))
                x.store_lanes(_picked(x, wide, picks),
                              _vec_ptr(x, dst.data, bj.add(base, x.c(j * lanes))), kept)
        _chunks(em, x, images, m, nch, claim, chunk)
    return _entry(symbol, dtype, 2, {1}, emit)


def deinterleave_ir(symbol: str, dtype: numpy.dtype, lanes: int, images: int) -> str:
    """The LLVM IR of ``symbol(m, ch, nch, claim, src, dst)``, the inverse
    of :func:`interleave_ir`: ``dst[(g * L + l) * m + i] = src[(g * m + i)
    * L + l]``."""
    def emit(em: Emitter, m: Any, nch: Any, claim: Any, src: Array, dst: Array) -> None:
        x = _Ir(em, dtype, lanes)
        load = _masked_load(x)
        align = em.ir.Constant(x.i32, x.elem_size())
        groups = x.ir.Constant(x.ir.VectorType(x.i64, lanes),
                               [t // images for t in range(lanes)])

        def chunk(g: Any, i0: Any) -> None:
            b = em.b
            base = b.mul(b.add(b.mul(g, m), i0), x.c(images))
            vecs = []
            for j in range(images):
                first = b.add(i0, x.c(j * lanes // images))
                ok = b.icmp_signed('<', b.add(x.splat_int(first), groups), x.splat_int(m))
                vecs.append(b.call(load, [_vec_ptr(x, src.data, b.add(base, x.c(j * lanes))),
                                          align, ok, x.zero()]))
            wide = _joined(x, vecs)
            kept = _lanes_below(x, i0, m)
            for image in range(images):
                bl = em.b
                at = bl.add(bl.mul(bl.add(bl.mul(g, x.c(images)), x.c(image)), m), i0)
                x.store_lanes(_picked(x, wide, [t * images + image for t in range(lanes)]),
                              _vec_ptr(x, dst.data, at), kept)
        _chunks(em, x, images, m, nch, claim, chunk)
    return _entry(symbol, dtype, 2, {1}, emit)
