"""The LLVM IR of the CPU's attention kernels (run by
:mod:`tapejit.targets.cpu.attention`): ``softmax(where(mask, q k^T, -inf))
v`` and its gradients, with no score matrix in memory.

Both entries are ``symbol(n, ch, nch, claim, s, t, d, e, masked, smb,
srb, slot, q, k, v, [gy,] mask, ranges, entered, scratch, out)``: ``nch``
items taken ``ch`` at a time from the int64 counter at ``claim``
(:class:`tapejit.backends.threads.Chunked`); ``q`` holds the stack's
``(s, d)`` matrices one after the other, ``k`` its ``(t, d)``, ``v`` and
``gy`` their ``(t, e)`` and ``(s, e)``.  Where ``masked``, the stack's
matrix ``g`` keeps score ``(i, j)`` where ``mask[g * smb + i * t + j]``
is not 0; ``ranges[g * srb + 2 * i]`` and the element after it bound the
keys row ``i`` keeps (all of them where it keeps none: its weights are
then 0 / 0, as the traced softmax's).  Threads number themselves on
entering (the int64 at ``entered``, zero before the call) and work in
their own ``slot`` elements of ``scratch``.

The forward kernel's item is ``MR`` query rows of one matrix: the thread
lays out ``k^T`` (once per matrix) in panels of ``NR = NV * lanes`` keys,
computes the rows' scores over the panels their keys span with the
product's register tile (:func:`tapejit.targets.cpu.product_ir.product_tile_ir`),
turns them into weights in place (masked to ``-inf``, less their
maximum clamped to the finite range, exponentials, divided by their
sum: :func:`tapejit.targets.cpu.vecmath.exp_f32_vector`'s bits), and
multiplies them by ``v`` over those keys only: a causal mask's rows skip
the keys past them.  The gradient kernel's item is a whole matrix (its
``gk`` and ``gv`` are sums over all its rows): blocks of ``ROWS_A_BLOCK``
query rows recompute their weights, then ``gp = gy v^T``, ``gv += p^T
gy``, ``gs = p * (gp - sum(gp * p))`` (0 where masked), ``gq = gs k`` and
``gk += gs^T q``.  ``out`` holds ``gq``, ``gk`` and ``gv`` one after the
other.

>>> import numpy as np
>>> text = attention_ir('demo', np.dtype(np.float32), 16, (6, 4, 4), False)
>>> 'llvm.fma.v16f32' in text and 'shufflevector' in text
True
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.targets.cpu.contraction_ir import _DTYPES, Claim, _Ir
from tapejit.targets.cpu.emitter import Emitter
from tapejit.targets.cpu.product_ir import (_lanes_below, _masked_load, _pack_columns, _tile,
                                            _vec_ptr)
from tapejit.targets.cpu.vecmath import exp_f32_vector

__all__ = ['attention_ir', 'ROWS_A_BLOCK', 'block_rows', 'slot_elements']

# Query rows the gradient kernel takes at a time, at least: ``gk`` and
# ``gv`` add a block's rows to each of their tiles in one pass, so longer
# blocks load and store those tiles fewer times (48 rows of 256 keys: two
# 48 KiB blocks of weights and their gradients, in the core's second-level
# cache).
ROWS_A_BLOCK = 48
INTS = ['s', 't', 'd', 'e', 'masked', 'smb', 'srb', 'slot', 'chunk']


def block_rows(mr: int) -> int:
    """The gradient kernel's query rows a block: whole tiles of ``mr`` rows."""
    return -(-ROWS_A_BLOCK // mr) * mr


def slot_elements(t: int, d: int, lanes: int, tile: tuple, grad: bool) -> int:
    """Elements of one thread's slot of ``scratch``: ``k^T`` (and ``v^T``
    for the gradient) in panels, then one block of weights (and their
    gradients), each part starting on a whole vector.

    >>> slot_elements(256, 64, 16, (6, 4, 4), False)
    28672
    """
    mr, nv, _ = tile
    nr = nv * lanes
    panels = -(-t // nr)
    width = panels * nr
    rows = block_rows(mr)
    part = panels * (-(-d // lanes) * lanes) * nr
    return (2 if grad else 1) * (part + rows * width)


def attention_ir(symbol: str, dtype: numpy.dtype, lanes: int, tile: tuple,
                 grad: bool) -> str:
    """The IR text of the forward (``grad`` False) or gradient kernel with
    register tiles ``tile = (MR, NV, NVO)``: ``MR`` rows of ``NV`` vectors
    for the scores, ``NVO`` vectors (whole divisors of ``d`` and ``e``) for
    the products with ``v``, ``k`` and ``q``."""
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    em = Emitter(ir, module, True)
    arrays = ['q', 'k', 'v'] + (['gy'] if grad else []) + [
        'mask', 'ranges', 'entered', 'scratch', 'out']
    char = _DTYPES[dtype]
    ints = {'ranges', 'entered'}
    sig = ('int',) * (4 + len(INTS)) + tuple(
        ('q' if a in ints else char, 1, True) for a in arrays)

    def body(layout: list) -> Any:
        def run(n: Any, ch: Any, nch: Any, claim: Any, *rest: Any) -> None:
            x = _Ir(em, dtype, lanes)
            args = dict(zip(INTS + arrays, rest))
            (_gradient if grad else _forward)(x, tile, nch, Claim(claim, ch), args)
        return em.define(symbol + '_body', layout, True, False, run)
    em.entry_function(symbol, ['n', 'ch', 'nch', 'claim'] + INTS + arrays,
                      {'entered', 'scratch', 'out'}, sig, body)
    return str(module)


class _Head:
    """What an item knows of its matrix ``g`` of the stack: pointers to
    its ``q``, ``k``, ``v`` (and ``gy``), mask and ranges, and the panel
    geometry of its keys."""

    def __init__(self, x: _Ir, tile: tuple, a: dict, g: Any) -> None:
        b = x.em.b
        self.x, self.a = x, a
        self.mr, self.nv, self.nvo = tile
        self.nr = self.nv * x.lanes
        s, t, d, e = a['s'], a['t'], a['d'], a['e']
        self.panels = b.sdiv(b.add(t, x.c(self.nr - 1)), x.c(self.nr))
        self.width = b.mul(self.panels, x.c(self.nr))            # a row of scores
        self.depth = b.mul(b.sdiv(b.add(d, x.c(x.lanes - 1)), x.c(x.lanes)), x.c(x.lanes))
        self.q = b.gep(a['q'].data, [b.mul(g, b.mul(s, d))])
        self.k = b.gep(a['k'].data, [b.mul(g, b.mul(t, d))])
        self.v = b.gep(a['v'].data, [b.mul(g, b.mul(t, e))])
        self.gy = b.gep(a['gy'].data, [b.mul(g, b.mul(s, e))]) if 'gy' in a else None
        self.mask = b.gep(a['mask'].data, [b.mul(g, a['smb'])])
        self.ranges = b.gep(a['ranges'].data, [b.mul(g, a['srb'])])

    def pack(self, src: Any, cols: Any, dst: Any) -> None:
        """``src`` (``t`` rows of ``cols``, row-major) transposed into
        panels of ``NR`` of its rows at ``dst``, ``self.depth`` rows each."""
        x = self.x
        em = x.em

        def panel(p: Any) -> None:
            b = em.b
            at = b.gep(dst, [b.mul(p, b.mul(self.depth, x.c(self.nr)))])
            _pack_columns(x, src, cols, self.a['t'], b.mul(p, x.c(self.nr)), x.c(0), cols,
                          self.nr, at)
        em.repeat(x.c(0), self.panels, panel)

    def key_range(self, i0: Any, rows: Any) -> tuple:
        """``(lo, hi)``: the keys rows ``i0 .. i0 + rows`` keep, together."""
        x = self.x
        em = x.em
        lo, hi = em.cell(self.a['t']), em.cell(x.c(0))

        def row(r: Any) -> None:
            b = em.b
            at = b.gep(self.ranges, [b.mul(b.add(i0, r), x.c(2))])
            b.store(x.least(b.load(lo), b.load(at)), lo)
            h = b.load(b.gep(at, [x.c(1)]))
            b.store(b.select(b.icmp_signed('>', h, b.load(hi)), h, b.load(hi)), hi)
        em.repeat(x.c(0), rows, row)
        return em.b.load(lo), em.b.load(hi)

    def scores(self, accs: list, a: Any, depth: Any, packed: Any, out: Any, i0: Any,
               rows: Any, lo: Any, hi: Any) -> None:
        """``out`` (``rows`` rows of ``self.width``) = ``a``'s rows ``i0 ..``
        (``depth`` columns) times the packed panels, those spanning keys
        ``lo .. hi`` only."""
        x = self.x
        em, nr = x.em, self.nr
        b = em.b
        a_rows = b.gep(a, [b.mul(i0, depth)])
        first = b.sdiv(lo, x.c(nr))
        last = b.sdiv(b.add(hi, x.c(nr - 1)), x.c(nr))

        def panel(p: Any) -> None:
            def block(r0: Any) -> None:
                bb = em.b
                base = bb.gep(packed, [bb.mul(p, bb.mul(self.depth, x.c(nr)))])
                _tile(x, accs, a_rows, depth, x.c(1), (base, x.c(nr)), out, rows,
                      self.width, bb.mul(r0, x.c(self.mr)), em.b.mul(p, x.c(nr)), x.c(0),
                      depth, x.c(0))
            em.repeat(x.c(0), _blocks(x, rows, self.mr), block)
        em.repeat(first, last, panel)

    def times(self, accs: list, w: Any, rows: Any, lo: Any, hi: Any, src: Any, cols: Any,
              out: Any) -> None:
        """``out`` (``rows`` rows of ``cols``) = the weights ``w`` (rows of
        ``self.width``) over keys ``lo .. hi`` times those rows of ``src``
        (``cols`` columns, row-major): ``chunk`` keys at a time, whose rows
        of ``src`` stay in the first-level cache for all the tiles."""
        x = self.x
        em = x.em
        step = self.nvo * x.lanes
        chunk = self.a['chunk']

        def keys(c: Any) -> None:
            b = em.b
            k0 = b.add(lo, b.mul(c, chunk))
            count = x.least(chunk, b.sub(hi, k0))

            def panel(jp: Any) -> None:
                bb = em.b
                j0 = bb.mul(jp, x.c(step))
                base = bb.gep(src, [bb.add(bb.mul(k0, cols), j0)])

                def block(r0: Any) -> None:
                    _tile(x, accs, w, self.width, x.c(1), (base, cols), out, rows, cols,
                          em.b.mul(r0, x.c(self.mr)), j0, k0, count, c)
                em.repeat(x.c(0), _blocks(x, rows, self.mr), block)
            em.repeat(x.c(0), em.b.sdiv(cols, x.c(step)), panel)
        b = em.b
        em.repeat(x.c(0), b.sdiv(b.add(b.sub(hi, lo), b.sub(chunk, x.c(1))), chunk), keys)

    def add_transposed(self, accs: list, w: Any, rows: Any, lo: Any, hi: Any, src: Any,
                       cols: Any, out: Any) -> None:
        """``out[lo:hi] += w[:rows, lo:hi]^T @ src[:rows]`` (``src`` and
        ``out`` rows of ``cols``)."""
        x = self.x
        em = x.em
        step = self.nvo * x.lanes
        tiles = _blocks(x, em.b.sub(hi, lo), self.mr)

        def panel(jp: Any) -> None:
            b = em.b
            j0 = b.mul(jp, x.c(step))
            base = b.gep(src, [j0])

            def block(u: Any) -> None:
                bb = em.b
                _tile(x, accs, w, x.c(1), self.width, (base, cols), out, hi, cols,
                      bb.add(lo, bb.mul(u, x.c(self.mr))), j0, x.c(0), rows, x.c(1))
            em.repeat(x.c(0), tiles, block)
        em.repeat(x.c(0), em.b.sdiv(cols, x.c(step)), panel)

    def mask_row(self, i: Any) -> Any:
        b = self.x.em.b
        return b.gep(self.mask, [b.mul(i, self.a['t'])])


def _blocks(x: _Ir, rows: Any, mr: int) -> Any:
    b = x.em.b
    return b.sdiv(b.add(rows, x.c(mr - 1)), x.c(mr))


def _vectors(x: _Ir, lo: Any, hi: Any, do: Any) -> None:
    """``do(j, ok)`` for each vector of elements ``lo .. hi`` of a row: its
    first element and the mask of its lanes below ``hi`` (the whole
    vectors first, with every lane on, then the rest)."""
    em = x.em
    b = em.b
    whole = b.sdiv(b.sub(hi, lo), x.c(x.lanes))
    every = x.ir.Constant(x.mask_type, [1] * x.lanes)
    em.repeat(x.c(0), whole, lambda u: do(em.b.add(lo, em.b.mul(u, x.c(x.lanes))), every))
    b = em.b
    j = b.add(lo, b.mul(whole, x.c(x.lanes)))
    with b.if_then(b.icmp_signed('<', j, hi)):
        do(j, _lanes_below(x, j, hi))


def _splat_const(x: _Ir, value: float) -> Any:
    return x.ir.Constant(x.vec, [value] * x.lanes)


def _load(x: _Ir, row: Any, j: Any, ok: Any, fill: float) -> Any:
    b = x.em.b
    align = x.ir.Constant(x.i32, x.elem_size())
    return b.call(_masked_load(x), [_vec_ptr(x, row, j), align, ok, _splat_const(x, fill)])


def _store(x: _Ir, value: Any, row: Any, j: Any, ok: Any) -> None:
    x.store_lanes(value, _vec_ptr(x, row, j), ok)


def _reduce(x: _Ir, kind: str, vec: Any) -> Any:
    """The lanes of ``vec`` reduced in a tree of halves: their sum
    (``kind`` 'add') or their maximum ('max', NaN lanes passed over)."""
    b = x.em.b
    width = x.lanes
    while width > 1:
        half = width // 2
        order = [i + half if i < half else i for i in range(x.lanes)]
        other = b.shuffle_vector(vec, vec, x.ir.Constant(x.ir.VectorType(x.i32, x.lanes),
                                                          order))
        vec = (b.fadd(vec, other) if kind == 'add'
               else b.select(b.fcmp_ordered('>', other, vec), other, vec))
        width = half
    return b.extract_element(vec, x.c(0))


def _exp(x: _Ir, v: Any) -> Any:
    if x.elem_size() == 4:
        return exp_f32_vector(x.em.b, x.ir, v)
    name = f'llvm.exp.v{x.lanes}f64'
    module = x.em.module
    fn = module.globals.get(name) or x.ir.Function(
        module, x.ir.FunctionType(x.vec, [x.vec]), name)
    return x.em.b.call(fn, [v])


def _weights(x: _Ir, row: Any, mrow: Any, lo: Any, hi: Any, masked: Any) -> None:
    """Scores ``row[lo:hi]`` into their softmax weights in place, as
    :func:`tapejit.ops.attention.weights` computes them: those ``mrow``
    masks off at ``-inf``, the maximum clamped to the finite range."""
    em = x.em
    b = em.b
    ninf = float('-inf')
    top = em.cell(_splat_const(x, ninf))

    def keep_max(v: Any) -> None:
        bb = em.b
        old = bb.load(top)
        bb.store(bb.select(bb.fcmp_ordered('>', v, old), v, old), top)

    def masked_pass(j: Any, ok: Any) -> None:
        bb = em.b
        v = _load(x, row, j, ok, ninf)
        keep = bb.fcmp_unordered('!=', _load(x, mrow, j, ok, 0.0), x.zero())
        v = bb.select(keep, v, _splat_const(x, ninf))
        _store(x, v, row, j, ok)
        keep_max(v)
    with b.if_else(b.icmp_signed('!=', masked, x.c(0))) as (with_mask, without):
        with with_mask:
            _vectors(x, lo, hi, masked_pass)
        with without:
            _vectors(x, lo, hi, lambda j, ok: keep_max(_load(x, row, j, ok, ninf)))
    b = em.b
    fi = numpy.finfo(numpy.float32 if x.elem_size() == 4 else numpy.float64)
    m = _reduce(x, 'max', b.load(top))
    low, high = x.ir.Constant(x.elem, float(fi.min)), x.ir.Constant(x.elem, float(fi.max))
    m = b.select(b.fcmp_ordered('>', m, low), m, low)
    m = b.select(b.fcmp_ordered('<', m, high), m, high)
    shift = x.splat(m)
    total = em.cell(x.zero())

    def exponentials(j: Any, ok: Any) -> None:
        bb = em.b
        ev = _exp(x, bb.fsub(_load(x, row, j, ok, ninf), shift))
        _store(x, ev, row, j, ok)
        bb.store(bb.fadd(bb.load(total), ev), total)
    _vectors(x, lo, hi, exponentials)
    b = em.b
    # (One division a row, then products: within an ulp of dividing each.)
    scale = x.splat(b.fdiv(x.ir.Constant(x.elem, 1.0), _reduce(x, 'add', b.load(total))))
    _vectors(x, lo, hi, lambda j, ok: _store(
        x, em.b.fmul(_load(x, row, j, ok, 0.0), scale), row, j, ok))


def _score_gradients(x: _Ir, p: Any, gp: Any, mrow: Any, lo: Any, hi: Any,
                     masked: Any) -> None:
    """``gp[lo:hi]`` (the weights' gradient) into the scores' gradient in
    place: ``p * (gp - sum(gp * p))``, 0 where ``mrow`` masks it off."""
    em = x.em
    acc = em.cell(x.zero())

    def dot(j: Any, ok: Any) -> None:
        bb = em.b
        bb.store(bb.call(x.fma, [_load(x, p, j, ok, 0.0), _load(x, gp, j, ok, 0.0),
                                 bb.load(acc)]), acc)
    _vectors(x, lo, hi, dot)
    b = em.b
    total = x.splat(_reduce(x, 'add', b.load(acc)))

    def scale(j: Any, ok: Any, with_mask: bool) -> None:
        bb = em.b
        g = bb.fmul(_load(x, p, j, ok, 0.0), bb.fsub(_load(x, gp, j, ok, 0.0), total))
        if with_mask:
            keep = bb.fcmp_unordered('!=', _load(x, mrow, j, ok, 0.0), x.zero())
            g = bb.select(keep, g, x.zero())
        _store(x, g, gp, j, ok)
    with b.if_else(b.icmp_signed('!=', masked, x.c(0))) as (with_mask, without):
        with with_mask:
            _vectors(x, lo, hi, lambda j, ok: scale(j, ok, True))
        with without:
            _vectors(x, lo, hi, lambda j, ok: scale(j, ok, False))


def _accumulators(x: _Ir, mr: int, nv: int) -> list:
    return [[x.em._alloca(x.vec) for _ in range(nv)] for _ in range(mr)]


def _slot(x: _Ir, a: dict) -> Any:
    b = x.em.b
    me = b.atomic_rmw('add', a['entered'].data, x.c(1), 'monotonic')
    return b.gep(a['scratch'].data, [b.mul(me, a['slot'])])


def _forward(x: _Ir, tile: tuple, nch: Any, claim: Claim, a: dict) -> None:
    em = x.em
    mr, nv, nvo = tile
    s = a['s']
    rows_a_block = block_rows(mr)
    blocks = _blocks(x, s, rows_a_block)
    slot = _slot(x, a)
    acc_s, acc_o = _accumulators(x, mr, nv), _accumulators(x, mr, nvo)
    packed = em.cell(x.c(-1))       # the matrix whose k^T the slot holds

    def item(i: Any) -> None:
        b = em.b
        g = b.sdiv(i, blocks)
        i0 = b.mul(b.srem(i, blocks), x.c(rows_a_block))
        rows = x.least(x.c(rows_a_block), b.sub(s, i0))
        h = _Head(x, tile, a, g)
        kt = slot
        w = b.gep(slot, [b.mul(h.panels, b.mul(h.depth, x.c(h.nr)))])
        with b.if_then(b.icmp_signed('!=', b.load(packed), g)):
            h.pack(h.k, a['d'], kt)
            em.b.store(g, packed)
        b = em.b
        lo, hi = h.key_range(i0, rows)
        h.scores(acc_s, h.q, a['d'], kt, w, i0, rows, lo, hi)
        em.repeat(x.c(0), rows, lambda r: _weights(
            x, em.b.gep(w, [em.b.mul(r, h.width)]), h.mask_row(em.b.add(i0, r)), lo, hi,
            a['masked']))
        b = em.b
        out = b.gep(a['out'].data, [b.add(b.mul(g, b.mul(s, a['e'])), b.mul(i0, a['e']))])
        h.times(acc_o, w, rows, lo, hi, h.v, a['e'], out)
    x.work_loop(claim, nch, item)


def _gradient(x: _Ir, tile: tuple, nch: Any, claim: Claim, a: dict) -> None:
    em = x.em
    mr, nv, nvo = tile
    s, t, d, e = a['s'], a['t'], a['d'], a['e']
    rows_a_block = block_rows(mr)
    slot = _slot(x, a)
    acc_s, acc_o = _accumulators(x, mr, nv), _accumulators(x, mr, nvo)

    def item(g: Any) -> None:
        b = em.b
        h = _Head(x, tile, a, g)
        part = b.mul(h.panels, b.mul(h.depth, x.c(h.nr)))
        kt, vt = slot, b.gep(slot, [part])
        w = b.gep(vt, [part])
        gw = b.gep(w, [b.mul(x.c(rows_a_block), h.width)])
        out = a['out'].data
        gq = b.gep(out, [b.mul(g, b.mul(s, d))])
        gk = b.gep(out, [b.add(b.mul(nch, b.mul(s, d)), b.mul(g, b.mul(t, d)))])
        gv = b.gep(out, [b.add(b.add(b.mul(nch, b.mul(s, d)), b.mul(nch, b.mul(t, d))),
                               b.mul(g, b.mul(t, e)))])
        h.pack(h.k, d, kt)
        h.pack(h.v, e, vt)
        x.zero_elements(gk, em.b.mul(t, d))
        x.zero_elements(gv, em.b.mul(t, e))

        def block(u: Any) -> None:
            b = em.b
            i0 = b.mul(u, x.c(rows_a_block))
            rows = x.least(x.c(rows_a_block), b.sub(s, i0))
            lo, hi = h.key_range(i0, rows)
            h.scores(acc_s, h.q, d, kt, w, i0, rows, lo, hi)
            em.repeat(x.c(0), rows, lambda r: _weights(
                x, em.b.gep(w, [em.b.mul(r, h.width)]), h.mask_row(em.b.add(i0, r)), lo, hi,
                a['masked']))
            h.scores(acc_s, h.gy, e, vt, gw, i0, rows, lo, hi)
            b = em.b
            gy_rows = b.gep(h.gy, [b.mul(i0, e)])
            h.add_transposed(acc_o, w, rows, lo, hi, gy_rows, e, gv)
            em.repeat(x.c(0), rows, lambda r: _score_gradients(
                x, em.b.gep(w, [em.b.mul(r, h.width)]), em.b.gep(gw, [em.b.mul(r, h.width)]),
                h.mask_row(em.b.add(i0, r)), lo, hi, a['masked']))
            b = em.b
            h.times(acc_o, gw, rows, lo, hi, h.k, d, b.gep(gq, [b.mul(i0, d)]))
            b = em.b
            h.add_transposed(acc_o, gw, rows, lo, hi, b.gep(h.q, [b.mul(i0, d)]), d, gk)
        em.repeat(x.c(0), _blocks(x, s, rows_a_block), block)
    x.work_loop(claim, nch, item)
