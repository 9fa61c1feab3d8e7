"""The LLVM IR of the CPU's matrix product kernel (run by
:mod:`tapejit.targets.cpu.product`): ``C = A @ B`` with ``C`` row-major.

The entry ``symbol(m, ch, nch, claim, n, k, kc, parts, tail, tail_parts,
slots, sam, sak, sbk, sbn, sab, sbb, scb, a, b, panels, c)``
takes its items ``ch`` at a time from the int64 counter at ``claim``, on
every thread that enters (:class:`tapejit.backends.threads.Chunked`).  Matrix ``g`` of a stack has
``A[i, l]`` at ``a[g * sab + i * sam + l * sak]``, ``B[l, j]`` at ``b[g *
sbb + l * sbk + j * sbn]`` and ``C[i, j]`` at ``c[g * scb + i * n + j]``
(a batch stride of 0 broadcasts an operand).

An item is a matrix of the stack, a panel of ``NR = NV * lanes`` columns of
its ``C`` and one of ``parts`` runs of its blocks of ``MR`` rows; the last
``tail`` panels of the stack are cut into ``tail_parts`` runs each, so that
the items taken last are short and the threads end together.  For each
block of ``kc`` rows of ``B``, the thread first packs the panel's part of them into its own
slot of ``panels`` (claimed once from the int64 counter at ``slots``): one
aligned row of ``NR`` per row of ``B``, zero past column ``n``; a ``B``
with a unit stride down its columns (``sbn != 1``: ``x @ W.T``) is
transposed in registers on the way, and not packed again by the same
thread for the next part of that panel.  The packed panel stays in the
core's cache while each block of rows runs a register tile: per row of the panel,
``NV`` aligned vectors and ``MR`` broadcast elements of ``A`` feed ``MR *
NV`` fused multiply-adds.
Rows past ``m`` read row ``m - 1`` and are not stored; columns past ``n``
are masked off; a block of ``k`` after the first adds to what ``C`` holds.

>>> import numpy as np
>>> text = product_ir('demo', np.dtype(np.float32), 8, (6, 2))
>>> 'llvm.fma.v8f32' in text and 'llvm.masked.store' in text
True
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.targets.cpu.contraction_ir import Claim, _Ir, _DTYPES, transpose
from tapejit.targets.cpu.emitter import Array, Emitter

__all__ = ['product_ir', 'transpose_ir']


def _entry(symbol: str, dtype: numpy.dtype, ints: list, arrays: list, written: set,
           emit: Any) -> str:
    """The IR text of entry ``symbol(m, ch, nch, claim, *ints, *arrays)``
    around ``emit(em, x, m, nch, claim, *ints, *arrays)`` (``x``: the
    vector helpers; ``arrays`` flat arrays of ``dtype``, those in
    ``written`` stored to)."""
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    em = Emitter(ir, module, True)
    names = ['m', 'ch', 'nch', 'claim'] + ints + arrays
    sig = ('int',) * (4 + len(ints)) + ((_DTYPES[dtype], 1, True),) * len(arrays)

    def body(layout: list) -> Any:
        def run(m: Any, ch: Any, nch: Any, claim: Any, *rest: Any) -> None:
            emit(em, m, nch, Claim(claim, ch), *rest)
        return em.define(symbol + '_body', layout, True, False, run)
    em.entry_function(symbol, names, set(written), sig, body)
    return str(module)


def _masked_load(x: _Ir) -> Any:
    """LLVM's masked vector load for ``x``'s vectors, declared once."""
    ir, module = x.ir, x.em.module
    name = f'llvm.masked.load.v{x.lanes}f{x.elem_size() * 8}.p0'
    if name in module.globals:
        return module.globals[name]
    return ir.Function(module, ir.FunctionType(
        x.vec, [x.vec.as_pointer(), x.i32, x.mask_type, x.vec]), name)


def _lanes_below(x: _Ir, first: Any, bound: Any) -> Any:
    """The mask of lanes ``l`` with ``first + l < bound`` (int64 values)."""
    b = x.em.b
    return b.icmp_signed('<', b.add(x.splat_int(first), x.lane_ids()), x.splat_int(bound))


def _vec_ptr(x: _Ir, base: Any, offset: Any) -> Any:
    b = x.em.b
    return b.bitcast(b.gep(base, [offset]), x.vec.as_pointer())


def _pack_panel(x: _Ir, src: Any, sk: Any, sn: Any, n: Any, j0: Any, k0: Any, rows: Any,
                nr: int, dst: Any) -> None:
    """:func:`_pack_rows` where ``sn == 1``, else :func:`_pack_columns`
    (``sk == 1``)."""
    b = x.em.b
    with b.if_else(b.icmp_signed('==', sn, x.c(1))) as (rows_of_b, columns_of_b):
        with rows_of_b:
            _pack_rows(x, src, sk, n, j0, k0, rows, nr, dst)
        with columns_of_b:
            _pack_columns(x, src, sn, n, j0, k0, rows, nr, dst)


def _pack_rows(x: _Ir, src: Any, sk: Any, n: Any, j0: Any, k0: Any, rows: Any, nr: int,
               dst: Any) -> None:
    """Rows ``k0 .. k0 + rows`` of columns ``j0 .. j0 + nr`` of ``B``
    (``B[i, j]`` at ``src[i * sk + j]``, zero past column ``n``: a
    result's columns there are never stored) into ``dst``, a row of ``nr``
    elements each, a vector at a time."""
    em, lanes = x.em, x.lanes
    load = _masked_load(x)
    align = em.ir.Constant(x.i32, x.elem_size())
    b = em.b
    masks = [_lanes_below(x, b.add(j0, x.c(v * lanes)), n) for v in range(nr // lanes)]

    def row(r: Any) -> None:
        bb = em.b
        at = bb.gep(src, [bb.mul(bb.add(k0, r), sk)])
        out = bb.gep(dst, [bb.mul(r, x.c(nr))])
        for v, ok in enumerate(masks):
            j = bb.add(j0, x.c(v * lanes))
            # (Clamped: a masked lane's address still lies in B.)
            jc = bb.select(bb.icmp_signed('<', j, n), j, x.c(0))
            val = bb.call(load, [_vec_ptr(x, at, jc), align, ok, x.zero()])
            bb.store(val, _vec_ptr(x, out, x.c(v * lanes)), align=x.vector_bytes())
    em.repeat(x.c(0), rows, row)


def _pack_columns(x: _Ir, src: Any, sn: Any, n: Any, j0: Any, k0: Any, rows: Any, nr: int,
                  dst: Any) -> None:
    """As :func:`_pack_rows` for ``B[i, j]`` at ``src[i + j * sn]``, but
    columns past ``n`` repeat the last: a ``lanes x lanes`` block at a
    time, transposed in registers.  A block
    writes whole ``lanes`` rows: ``dst`` has room for ``rows`` rounded up to
    them (those past ``rows`` are never read)."""
    em, lanes = x.em, x.lanes
    load = _masked_load(x)
    align = em.ir.Constant(x.i32, x.elem_size())
    b = em.b
    blocks = b.sdiv(b.add(rows, x.c(lanes - 1)), x.c(lanes))
    last = b.sub(n, x.c(1))

    def vector(v: Any) -> None:
        # (A vector's lanes columns down all the rows, then the next: the
        # loads follow lanes streams through B, not a panel's nr.)
        jv = em.b.add(j0, em.b.mul(v, x.c(lanes)))

        def block(q: Any) -> None:
            b = em.b
            first = b.mul(q, x.c(lanes))
            kq = b.add(k0, first)
            in_k = _lanes_below(x, x.c(0), b.sub(rows, first))
            vecs = []
            for t in range(lanes):
                j = b.add(jv, x.c(t))
                # (A column past n repeats the last: its products are never
                # stored.  The mask keeps the last block's loads in B.)
                jc = b.select(b.icmp_signed('<', j, n), j, last)
                ptr = _vec_ptr(x, src, b.add(b.mul(jc, sn), kq))
                vecs.append(b.call(load, [ptr, align, in_k, x.zero()]))
            at = b.gep(dst, [b.add(b.mul(first, x.c(nr)), b.mul(v, x.c(lanes)))])
            for r, vec in enumerate(transpose(x, vecs)):
                b.store(vec, _vec_ptr(x, at, x.c(r * nr)), align=x.vector_bytes())
        em.repeat(x.c(0), blocks, block)
    em.repeat(x.c(0), x.c(nr // lanes), vector)


def product_ir(symbol: str, dtype: numpy.dtype, lanes: int, tile: tuple) -> str:
    """The LLVM IR of the product with register tile ``tile = (MR, NV)``
    (see the module's docstring)."""
    mr, nv = tile
    nr = nv * lanes

    def emit(em: Emitter, m: Any, nch: Any, claim: Claim, n: Any, k: Any, kc: Any,
             parts: Any, tail: Any, tail_parts: Any, slots: Any, sam: Any,
             sak: Any, sbk: Any,
             sbn: Any, sab: Any, sbb: Any, scb: Any, a: Array, src: Array, panels: Array,
             c: Array) -> None:
        x = _Ir(em, dtype, lanes)
        b = em.b
        blocks = b.sdiv(b.add(m, x.c(mr - 1)), x.c(mr))
        per_matrix = b.sdiv(b.add(n, x.c(nr - 1)), x.c(nr))
        # Items before the tail's: parts of the panels before the last ``tail``.
        head = b.sub(nch, b.mul(tail, tail_parts))
        # This thread's panel buffer: a slot claimed once, on entering.
        slot = b.atomic_rmw('add', b.inttoptr(slots, x.i64.as_pointer()), x.c(1), 'monotonic')
        # (Slots hold kc rows rounded up to whole blocks of lanes: see _pack_panel.)
        rounded = b.mul(b.sdiv(b.add(kc, x.c(lanes - 1)), x.c(lanes)), x.c(lanes))
        buf = b.gep(panels.data, [b.mul(slot, b.mul(rounded, x.c(nr)))])
        accs = [[em._alloca(x.vec) for _ in range(nv)] for _ in range(mr)]
        # What this thread's slot holds: a panel and block of k, as one key
        # (-1: nothing yet).  A thread taking the next part of the panel it
        # packed last reads it again without packing.
        packed = em.cell(x.c(-1))

        def item(i: Any) -> None:
            b = em.b
            # (Items of one matrix, then of one panel, are consecutive; the
            # last ``tail`` panels of the stack come in ``tail_parts`` parts.)
            in_head = b.icmp_signed('<', i, head)
            t = b.sub(i, head)
            whole = b.select(in_head, parts, tail_parts)
            panel = b.select(in_head, b.sdiv(i, parts),
                             b.add(b.sdiv(head, parts), b.sdiv(t, tail_parts)))
            part = b.select(in_head, b.srem(i, parts), b.srem(t, tail_parts))
            g, p = b.sdiv(panel, per_matrix), b.srem(panel, per_matrix)
            a_g = b.gep(a.data, [b.mul(g, sab)])
            b_g = b.gep(src.data, [b.mul(g, sbb)])
            c_g = b.gep(c.data, [b.mul(g, scb)])
            first = b.sdiv(b.mul(part, blocks), whole)
            last = b.sdiv(b.mul(b.add(part, x.c(1)), blocks), whole)
            j0 = b.mul(p, x.c(nr))
            steps = b.sdiv(b.add(k, b.sub(kc, x.c(1))), kc)

            def k_block(q: Any) -> None:
                b = em.b
                k0 = b.mul(q, kc)
                rows = b.sub(k, k0)
                rows = b.select(b.icmp_signed('<', rows, kc), rows, kc)

                key = b.add(b.mul(panel, steps), q)
                with b.if_then(b.icmp_signed('!=', b.load(packed), key)):
                    _pack_panel(x, b_g, sbk, sbn, n, j0, k0, rows, nr, buf)
                    em.b.store(key, packed)
                em.repeat(first, last, lambda ib: _tile(
                    x, accs, a_g, sam, sak, (buf, x.c(nr)), c_g, m, n, em.b.mul(ib, x.c(mr)), j0,
                    k0, rows, q))
            em.repeat(x.c(0), steps, k_block)
        x.work_loop(claim, nch, item)
    return _entry(symbol, dtype, ['n', 'k', 'kc', 'parts', 'tail', 'tail_parts', 'slots', 'sam',
                                  'sak', 'sbk', 'sbn', 'sab', 'sbb', 'scb'],
                  ['a', 'b', 'panels', 'c'], {'panels', 'c'}, emit)


def _tile(x: _Ir, accs: list, a: Any, sam: Any, sak: Any, panel: tuple, c: Any, m: Any,
          n: Any, i0: Any, j0: Any, k0: Any, rows: Any, q: Any) -> None:
    """The tile at row ``i0``, column ``j0`` over rows ``k0 .. k0 + rows`` of
    ``panel = (base, stride)``: the packed panel or ``B`` itself, rows of
    whole vectors ``stride`` elements apart, added to ``c`` unless ``q``
    (the block of ``k``) is the first."""
    em = x.em
    b = em.b
    mr, nv, lanes = len(accs), len(accs[0]), x.lanes
    base, stride = panel
    _start_tile(x, accs, c, i0, j0, m, n, b.icmp_signed('>', q, x.c(0)))
    last = b.sub(m, x.c(1))
    starts = []
    for r in range(mr):
        ri = b.add(i0, x.c(r))
        ri = b.select(b.icmp_signed('<', ri, m), ri, last)
        starts.append(b.gep(a, [b.add(b.mul(ri, sam), b.mul(k0, sak))]))

    def step(kk: Any) -> None:
        b = em.b
        at = b.gep(base, [b.mul(kk, stride)])
        # (Aligned where packed; a row of b where it lies, maybe not.)
        bv = [b.load(_vec_ptr(x, at, x.c(v * lanes)), align=x.elem_size())
              for v in range(nv)]
        off = b.mul(kk, sak)
        for r in range(mr):
            av = x.splat(b.load(b.gep(starts[r], [off])))
            for v in range(nv):
                acc = accs[r][v]
                b.store(b.call(x.fma, [av, bv[v], b.load(acc)]), acc)
    em.repeat(x.c(0), rows, step)
    _store_tile(x, accs, c, i0, j0, m, n)


def _masks(x: _Ir, j0: Any, n: Any, vectors: int) -> list:
    """Per vector of a tile's row: the mask of its columns below ``n``."""
    return [_lanes_below(x, x.em.b.add(j0, x.c(v * x.lanes)), n) for v in range(vectors)]


def _each_vector(x: _Ir, accs: list, c: Any, i0: Any, j0: Any, m: Any, n: Any,
                 do: Any) -> None:
    """``do(acc, ptr, mask)`` for each vector of the tile's rows ``i0 + r <
    m``: its accumulator, its place in row-major ``c`` (``n`` columns) and
    the mask of its columns below ``n``."""
    em = x.em
    masks = _masks(x, j0, n, len(accs[0]))
    for r, row in enumerate(accs):
        b = em.b
        ri = b.add(i0, x.c(r))
        with b.if_then(b.icmp_signed('<', ri, m)):
            bb = em.b
            base = bb.gep(c, [bb.add(bb.mul(ri, n), j0)])
            for v, acc in enumerate(row):
                do(acc, _vec_ptr(x, base, x.c(v * x.lanes)), masks[v])


def _start_tile(x: _Ir, accs: list, c: Any, i0: Any, j0: Any, m: Any, n: Any,
                add: Any) -> None:
    """The tile's accumulators: zero, or where ``add`` what ``c`` holds
    (rows past ``m`` zero)."""
    em = x.em
    for row in accs:
        for acc in row:
            em.b.store(x.zero(), acc)
    with em.b.if_then(add):
        load = _masked_load(x)
        align = em.ir.Constant(x.i32, x.elem_size())
        _each_vector(x, accs, c, i0, j0, m, n, lambda acc, ptr, mask: em.b.store(
            em.b.call(load, [ptr, align, mask, x.zero()]), acc))


def _store_tile(x: _Ir, accs: list, c: Any, i0: Any, j0: Any, m: Any, n: Any) -> None:
    """Rows ``i0 + r < m`` of the tile into row-major ``c`` (``n`` columns),
    each vector masked to the columns below ``n``."""
    _each_vector(x, accs, c, i0, j0, m, n, lambda acc, ptr, mask: x.store_lanes(
        x.em.b.load(acc), ptr, mask))


def transpose_ir(symbol: str, dtype: numpy.dtype, lanes: int) -> str:
    """The LLVM IR of ``symbol(m, ch, nch, claim, rows, cols, blocks_i,
    blocks_l, ss, sg, src, dst)``: ``dst[g * rows * cols + i * cols + l] =
    src[g * sg + i + l * ss]`` for ``i < rows``, ``l < cols`` and each
    matrix ``g`` of the stack (a transposed first operand written
    row-major, for :func:`tapejit.targets.cpu.product.matmul`).  Item
    ``(g, bi, bl)`` of ``nch`` (``blocks_i`` by ``blocks_l`` a matrix) is a
    ``lanes x lanes`` block: ``lanes`` masked loads along ``i``, transposed
    in registers, ``lanes`` masked stores along ``l``.

    >>> 'shufflevector' in transpose_ir('demo', numpy.dtype(numpy.float32), 8)
    True
    """
    def emit(em: Emitter, m: Any, nch: Any, claim: Claim, rows: Any, cols: Any,
             blocks_i: Any, blocks_l: Any, ss: Any, sg: Any, src: Array, dst: Array) -> None:
        x = _Ir(em, dtype, lanes)
        load = _masked_load(x)
        align = em.ir.Constant(x.i32, x.elem_size())
        per_matrix = em.b.mul(blocks_i, blocks_l)

        def item(t: Any) -> None:
            b = em.b
            g, rest = b.sdiv(t, per_matrix), b.srem(t, per_matrix)
            i0 = b.mul(b.sdiv(rest, blocks_l), x.c(lanes))
            l0 = b.mul(b.srem(rest, blocks_l), x.c(lanes))
            in_rows = _lanes_below(x, i0, rows)
            in_cols = _lanes_below(x, l0, cols)
            last = b.sub(cols, x.c(1))
            base = b.gep(src.data, [b.add(b.mul(g, sg), i0)])
            vecs = []
            for u in range(lanes):
                lu = b.add(l0, x.c(u))
                # (A column past cols is never stored: the last one is read again.)
                lc = b.select(b.icmp_signed('<', lu, cols), lu, last)
                vecs.append(b.call(load, [_vec_ptr(x, base, b.mul(lc, ss)), align, in_rows,
                                          x.zero()]))
            out = b.gep(dst.data, [b.add(b.mul(g, b.mul(rows, cols)), b.add(
                b.mul(i0, cols), l0))])
            for r, vec in enumerate(transpose(x, vecs)):
                bb = em.b
                with bb.if_then(bb.icmp_signed('<', bb.add(i0, x.c(r)), rows)):
                    x.store_lanes(vec, _vec_ptr(x, out, em.b.mul(x.c(r), cols)), in_cols)
        x.work_loop(claim, nch, item)
    return _entry(symbol, dtype, ['rows', 'cols', 'blocks_i', 'blocks_l', 'ss', 'sg'],
                  ['src', 'dst'], {'dst'}, emit)
