"""Graph -> graph passes run before fusion: DCE, CSE, constant folding and
algebraic identities.  Each returns a new, verified :class:`Graph`."""

from __future__ import annotations

import collections
import heapq
import itertools
import math
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit.compiler.schedule import schedule_collectives
from tapejit.ir.graph import Graph, Var, live_eqns, verify
from tapejit.ops.random import DRAWS
from tapejit.ops.registry import PRIMITIVES

# Constants up to this many elements are folded; bigger results stay lazy (a
# broadcast of a scalar would otherwise become a big array in the plan).
FOLD_MAX_SIZE = 4096


def _fresh_ids(g: Graph) -> Any:
    """Value ids no value of ``g`` has."""
    return itertools.count(1 + max([v.id for v in g.invars] + [v.id for v in g.constvars]
                                   + [e.out.id for e in g.eqns]))


def _rename(v: Var, subst: dict) -> Var:
    while v.id in subst:
        v = subst[v.id]
    return v


def _rebuild(g: Graph, eqns: list, subst: dict, constvars: Sequence, consts: Sequence) -> Graph:
    return Graph(g.invars, tuple(constvars), tuple(consts), tuple(eqns),
                 tuple(_rename(v, subst) for v in g.outvars))


def dce(g: Graph) -> Graph:
    """Drop equations whose results nothing uses, but random draws: a draw
    run eagerly moves the generator for every draw after it, used or not,
    so the plan makes it too (with what its input needs).  An unused
    collective is dropped alike on every process."""
    roots = [v.id for v in g.outvars] + [e.out.id for e in g.eqns if e.prim.name in DRAWS]
    keep, live = live_eqns(g.eqns, roots)
    used = [(v, c) for v, c in zip(g.constvars, g.consts) if v.id in live]
    return Graph(g.invars, tuple(v for v, _ in used), tuple(c for _, c in used), keep,
                 g.outvars)


def _param_key(params: dict) -> Optional[tuple]:
    try:
        key = tuple(sorted(params.items()))
        hash(key)
        return key
    except TypeError:  # an index array: not worth comparing
        return None


def cse(g: Graph) -> Graph:
    """One equation for each distinct (primitive, inputs, params)."""
    seen: dict = {}
    subst: dict = {}
    eqns = []
    for e in g.eqns:
        ins = tuple(_rename(v, subst) for v in e.inputs)
        pk = _param_key(e.params)
        key = (None if pk is None or not e.prim.pure
               else (e.prim.name, tuple(v.id for v in ins), pk))
        if key is not None and seen.setdefault(key, e.out) is not e.out:
            subst[e.out.id] = seen[key]
            continue
        eqns.append(e._replace(inputs=ins))
    return _rebuild(g, eqns, subst, g.constvars, g.consts)


def splat_value(v: Var, consts: dict, producers: dict) -> Optional[Any]:
    """The single value every element of ``v`` holds, if ``v`` is a constant whose
    elements are all equal (or a reshape/broadcast of one); else None."""
    while True:
        c = consts.get(v.id)
        if c is not None:
            flat = c.reshape(-1)
            if c.size == 0 or not (flat == flat[0]).all():
                return None
            return flat[0]
        e = producers.get(v.id)
        if e is None or e.prim.name not in ('reshape', 'broadcast_to'):
            return None
        v = e.inputs[0]


def fold(g: Graph) -> Graph:
    """Constant folding and algebraic identities (``x * 1``, ``x + 0``,
    ``-(-x)``, reshapes and broadcasts to the same shape, reductions over no
    axis)."""
    constvars, consts = list(g.constvars), {v.id: c for v, c in zip(g.constvars, g.consts)}
    subst: dict = {}
    producers: dict = {}
    eqns = []
    for e in g.eqns:
        ins = tuple(_rename(v, subst) for v in e.inputs)
        e = e._replace(inputs=ins)
        name = e.prim.name
        out = e.out
        alias = None
        if name in ('reshape', 'broadcast_to') and ins[0].shape == out.shape:
            alias = ins[0]
        elif name == 'neg':
            p = producers.get(ins[0].id)
            if p is not None and p.prim.name == 'neg':
                alias = p.inputs[0]
        elif name in _IDENTITIES and out.dtype.kind == 'f':
            splats = [splat_value(v, consts, producers) for v in ins]
            for k, is_identity in _IDENTITIES[name]:
                kept = ins[k]
                if (is_identity(splats[1 - k]) and kept.shape == out.shape
                        and kept.dtype == out.dtype):
                    alias = kept
                    break
        elif (name in ('sum', 'max', 'min') and e.params.get('axis') == ()
              and ins[0].shape == out.shape):
            # A reduction over no axis is its input (a sum of bools or small
            # ints: cast to the sum's dtype); kernels never see it.
            if ins[0].dtype == out.dtype:
                alias = ins[0]
            else:
                e = e._replace(prim=PRIMITIVES['cast'], params={'dtype': out.dtype})
        if alias is not None:
            subst[out.id] = alias
            continue
        if (ins and all(v.id in consts for v in ins) and e.prim.pure
                and int(math.prod(out.shape)) <= FOLD_MAX_SIZE):
            try:
                with numpy.errstate(all='ignore'):
                    value = numpy.asarray(e.prim.impl(*[consts[v.id] for v in ins],
                                                      **e.params))
            except Exception:  # leave it to run time, where it raises as eagerly
                value = None
            if value is not None and value.shape == out.shape and value.dtype == out.dtype:
                constvars.append(out)
                consts[out.id] = value
                continue
        producers[out.id] = e
        eqns.append(e)
    return _rebuild(g, eqns, subst, constvars, [consts[v.id] for v in constvars])


def _zero(v: Any, sign: int) -> bool:
    """Whether the splat value ``v`` is a zero of this sign (-1 or 1)."""
    return v is not None and v == 0 and bool(numpy.signbit(v)) == (sign < 0)


def _one(v: Any) -> bool:
    return v is not None and v == 1


# op -> (the operand it equals, the test of the other's splat value), tried in
# turn.  Only a zero of the right sign is an identity: ``-0.0 + 0.0`` is
# ``+0.0``, while ``x + -0.0`` and ``x - 0.0`` are ``x`` for every ``x``.
_IDENTITIES = {
    'mul': ((0, _one), (1, _one)),
    'add': ((0, lambda v: _zero(v, -1)), (1, lambda v: _zero(v, -1))),
    'sub': ((0, lambda v: _zero(v, 1)),),
    'div': ((0, _one),),
}


def lower_logsumexp(g: Graph) -> Graph:
    """``logsumexp`` as the loops its impl computes (``m0``: the max where
    finite, else 0; ``log(sum(exp(x - m0))) + m0``), so fusion keeps it in a
    softmax's row loop."""
    if not any(e.prim.name == 'logsumexp' for e in g.eqns):
        return g
    ids = _fresh_ids(g)
    constvars, consts = list(g.constvars), list(g.consts)
    scalars: dict = {}

    def var(shape: tuple, dtype: Any) -> Var:
        return Var(next(ids), shape, dtype)

    def scalar(value: float, dtype: Any) -> Var:
        key = (value, numpy.dtype(dtype).str)
        if key not in scalars:
            v = var((), dtype)
            constvars.append(v)
            consts.append(numpy.asarray(value, dtype))
            scalars[key] = v
        return scalars[key]

    eqns: list = []
    for e in g.eqns:
        x = e.inputs[0] if e.inputs else None
        if (e.prim.name != 'logsumexp' or not x.shape or x.dtype.kind != 'f'
                or 0 in x.shape):
            eqns.append(e)
            continue
        axis = e.params.get('axis')
        axes = tuple(range(len(x.shape))) if axis is None else tuple(axis)
        kshape = tuple(1 if d in axes else n for d, n in enumerate(x.shape))
        dt = x.dtype
        red = {'axis': axes, 'keepdims': True}

        def add(prim: str, ins: tuple, oshape: tuple, dtype: Any = dt, out: Any = None,
                **params: Any) -> Var:
            o = out if out is not None else var(oshape, dtype)
            eqns.append(e._replace(prim=PRIMITIVES[prim], inputs=ins, params=params, out=o))
            return o
        m = add('max', (x,), kshape, **red)
        finite = add('less', (add('absolute', (m,), kshape), scalar(numpy.inf, dt)), kshape,
                     numpy.bool_)
        m0 = add('where', (finite, m, scalar(0.0, dt)), kshape)
        ex = add('exp', (add('sub', (x, add('broadcast_to', (m0,), x.shape,
                                               shape=x.shape)), x.shape),), x.shape)
        y = add('add', (add('log', (add('sum', (ex,), kshape, **red),), kshape), m0), kshape,
                out=e.out if e.params.get('keepdims') else None)
        if not e.params.get('keepdims'):
            add('reshape', (y,), e.out.shape, out=e.out, shape=e.out.shape)
    return Graph(g.invars, tuple(constvars), tuple(consts), tuple(eqns), g.outvars)


def _weight_product(e: Any) -> bool:
    """``a^T b`` of two matrices: the gradient of a weight ``x W^T`` meets."""
    return (e.prim.name == 'matmul' and e.params.get('transa') is True
            and not e.params.get('transb') and len(e.inputs[0].shape) == 2
            and len(e.inputs[1].shape) == 2)


def _sum_leaves(e: Any, producers: dict, uses: dict) -> list:
    """The terms of the sum ``e`` (an ``add``) ends: it and the adds of the
    same shape feeding only it, expanded."""
    leaves = []
    for v in e.inputs:
        inner = producers.get(v.id)
        if (inner is not None and inner.prim.name == 'add' and uses[v.id] == 1
                and v.shape == e.out.shape):
            leaves += _sum_leaves(inner, producers, uses)
        else:
            leaves.append(v)
    return leaves


def _sums(g: Graph) -> tuple:
    """``(producers, uses, interior)`` of ``g``: the equation making each
    value, how many times each value is read (results included), and the
    adds inside a larger sum (expanded by :func:`_sum_leaves` from its last
    add, the root)."""
    producers = {e.out.id: e for e in g.eqns}
    uses = collections.Counter(v.id for v in g.outvars)
    uses.update(v.id for e in g.eqns for v in e.inputs)
    interior = {v.id for e in g.eqns if e.prim.name == 'add' for v in e.inputs
                if v.id in producers and producers[v.id].prim.name == 'add'
                and uses[v.id] == 1 and v.shape == e.out.shape}
    return producers, uses, interior


def merge_products(g: Graph) -> Graph:
    """A sum of products ``a_1^T b_1 + ... + a_n^T b_n`` (a weight's gradient
    over an unrolled loop) as one product ``[a_1; ...; a_n]^T [b_1; ...; b_n]``."""
    if sum(1 for e in g.eqns if _weight_product(e)) < 2:
        return g
    producers, uses, interior = _sums(g)
    ids = _fresh_ids(g)
    eqns: list = []
    for e in g.eqns:
        if e.prim.name != 'add' or e.out.id in interior:
            eqns.append(e)
            continue
        leaves = _sum_leaves(e, producers, uses)
        prods = [producers[v.id] for v in leaves if v.id in producers
                 and _weight_product(producers[v.id]) and uses[v.id] == 1
                 and v.shape == e.out.shape and v.dtype == e.out.dtype]
        if len(prods) < 2 or any(p.inputs[0].dtype != e.out.dtype
                                 or p.inputs[1].dtype != e.out.dtype for p in prods):
            eqns.append(e)
            continue
        stacked = []
        for k in (0, 1):
            parts = tuple(p.inputs[k] for p in prods)
            rows = sum(v.shape[0] for v in parts)
            out = Var(next(ids), (rows, parts[0].shape[1]), e.out.dtype)
            eqns.append(e._replace(prim=PRIMITIVES['concat'], inputs=parts, params={'axis': 0},
                                   out=out))
            stacked.append(out)
        rest = [v for v in leaves if v.id not in {p.out.id for p in prods}]
        total = Var(next(ids), e.out.shape, e.out.dtype) if rest else e.out
        eqns.append(e._replace(prim=PRIMITIVES['matmul'], inputs=tuple(stacked),
                               params={'transa': True, 'transb': False}, out=total))
        for k, v in enumerate(rest):
            out = e.out if k == len(rest) - 1 else Var(next(ids), e.out.shape, e.out.dtype)
            eqns.append(e._replace(inputs=(total, v), out=out))
            total = out
    return dce(Graph(g.invars, g.constvars, g.consts, tuple(eqns), g.outvars))


def _axis_run(slices: tuple, shape: tuple) -> Optional[tuple]:
    """``(axis, start, stop, dropped)``: the run of positions ``start ..
    stop`` of one axis that the basic index ``slices`` takes, every other
    axis whole (``dropped``: an integer index, which drops the axis); None
    for any other index.

    >>> _axis_run((slice(None), 2), (3, 4)), _axis_run((slice(1, 3),), (4, 5))
    ((1, 2, 3, True), (0, 1, 3, False))
    >>> _axis_run((1, 2), (3, 4)), _axis_run((slice(None, None, 2),), (4,))
    (None, None)
    >>> _axis_run((numpy.array([0, 2]),), (4,)), _axis_run((None, 1), (4,))
    (None, None)
    """
    if len(slices) > len(shape):
        return None
    run = None
    for axis, s in enumerate(slices):
        if isinstance(s, slice) and (s.start, s.stop, s.step) == (None, None, None):
            continue
        if run is not None:
            return None
        n = shape[axis]
        if isinstance(s, (int, numpy.integer)) and not isinstance(s, bool) and -n <= s < n:
            k = int(s) % n
            run = (axis, k, k + 1, True)
        elif isinstance(s, slice) and s.step in (None, 1):
            start, stop, _ = s.indices(n)
            if start >= stop:
                return None
            run = (axis, start, stop, False)
        else:
            return None
    return run


def _scattered_part(v: Any, producers: dict, uses: dict, out: Var) -> Optional[tuple]:
    """``(axis, start, stop, dropped, values)`` of a term ``v`` of a sum
    into ``out`` that is a scatter of ``values`` into zeros of its shape
    along one run of one axis (:func:`_axis_run`), else None."""
    e = producers.get(v.id)
    if (e is None or e.prim.name != 'scatter_add' or uses[v.id] != 1
            or v.shape != out.shape or v.dtype != out.dtype):
        return None
    run = _axis_run(tuple(e.params['slices']), out.shape)
    if run is None:
        return None
    axis, start, stop, dropped = run
    want = list(out.shape)
    if dropped:
        del want[axis]
    else:
        want[axis] = stop - start
    values = e.inputs[0]
    if tuple(values.shape) != tuple(want) or values.dtype != out.dtype:
        return None
    return run + (values,)


def stack_scatters(g: Graph) -> Graph:
    """A sum of scatters into one shape (``scatter_add``: the gradient of
    an index), each taking a run of one axis, the runs covering that axis
    once, as one ``concat`` of the scattered values in the axis's order.
    The gradient of an array cut into parts along an axis (an LSTM's gates)
    is then written once, where each scatter zeroes an array of the whole
    shape and the sum adds them up."""
    if sum(1 for e in g.eqns if e.prim.name == 'scatter_add') < 2:
        return g
    producers, uses, interior = _sums(g)
    ids = _fresh_ids(g)
    eqns: list = []
    for e in g.eqns:
        parts = None
        if e.prim.name == 'add' and e.out.id not in interior:
            parts = [_scattered_part(v, producers, uses, e.out)
                     for v in _sum_leaves(e, producers, uses)]
        if not parts or None in parts or len({p[0] for p in parts}) != 1:
            eqns.append(e)
            continue
        parts.sort(key=lambda p: p[1])
        axis = parts[0][0]
        bounds = [0] + [p[2] for p in parts]
        if [p[1] for p in parts] != bounds[:-1] or bounds[-1] != e.out.shape[axis]:
            eqns.append(e)
            continue
        pieces = []
        for _, start, stop, dropped, values in parts:
            if dropped:
                shape = e.out.shape[:axis] + (1,) + e.out.shape[axis + 1:]
                piece = Var(next(ids), shape, e.out.dtype)
                eqns.append(e._replace(prim=PRIMITIVES['reshape'], inputs=(values,),
                                       params={'shape': shape}, out=piece))
                values = piece
            pieces.append(values)
        eqns.append(e._replace(prim=PRIMITIVES['concat'], inputs=tuple(pieces),
                               params={'axis': axis}))
    return dce(Graph(g.invars, g.constvars, g.consts, tuple(eqns), g.outvars))


def _row_product(e: Any) -> bool:
    """``a B`` or ``a B^T`` of a matrix ``a`` (whose rows it maps one by
    one) with fewer rows than ``B`` has columns there: copying the rows
    into one operand costs less than BLAS packing ``B`` once more."""
    return (e.prim.name == 'matmul' and not e.params.get('transa')
            and len(e.inputs[0].shape) == 2 and len(e.inputs[1].shape) == 2
            and e.inputs[0].shape[0] < e.out.shape[1])


def _independent_batches(g: Graph, members: list) -> list:
    """``members`` (positions of products by one matrix) in batches of two
    or more, in order, whose left operands depend on no result of their
    own batch: each batch can run as one product."""
    bit = {g.eqns[i].out.id: 1 << k for k, i in enumerate(members)}
    needs: dict = {}    # value id -> the members it depends on (a bit mask)
    impure = 0          # (what the last impure equation needed: they keep their order)
    for e in g.eqns:
        m = bit.get(e.out.id, 0)
        for v in e.inputs:
            m |= needs.get(v.id, 0)
        if not e.prim.pure:
            m |= impure
            impure = m
        if m:
            needs[e.out.id] = m
    left, batches = list(members), []
    while len(left) >= 2:
        batch, taken, rest = [], 0, []
        for i in left:
            if needs.get(g.eqns[i].inputs[0].id, 0) & taken:
                rest.append(i)
            else:
                batch.append(i)
                taken |= bit[g.eqns[i].out.id]
        if len(batch) >= 2:
            batches.append(batch)
        left = rest
    return batches


def batch_products(g: Graph) -> Graph:
    """Products ``a_1 B, ..., a_n B`` of one matrix (or its transpose) whose
    left operands do not depend on each other's results (an unrolled loop's
    input and output layers, and their data gradients) as one product
    ``[a_1; ...; a_n] B``, each result a block of its rows.  One product of
    many rows runs at BLAS's full rate where each of a few rows pays for
    packing ``B`` itself.  The equations reading those results are moved
    after it (they may not have waited for the last ``a_i`` before)."""
    groups: dict = collections.defaultdict(list)
    for i, e in enumerate(g.eqns):
        if _row_product(e):
            a, b = e.inputs
            groups[(b.id, bool(e.params.get('transb')), a.shape[1], a.dtype, b.dtype)].append(i)
    batches = [b for ix in groups.values() if len(ix) >= 2
               for b in _independent_batches(g, ix)]
    if not batches:
        return g
    ids = _fresh_ids(g)
    eqns, changed = tuple(g.eqns), False
    for batch in batches:
        # (One batch at a time: two weights' batches can each be sound and
        # need each other's results; the second is then left as traced.)
        candidate = _with_batch(eqns, [g.eqns[i] for i in batch], ids)
        ordered = _in_order(candidate)
        if len(ordered) == len(candidate):
            eqns, changed = ordered, True
    if not changed:
        return g
    return Graph(g.invars, g.constvars, g.consts, eqns, g.outvars)


def _with_batch(eqns: tuple, prods: list, ids: Any) -> list:
    """``eqns`` with the products ``prods`` replaced, at the last one's
    place, by one product of their stacked left operands and a block of its
    rows for each."""
    first = prods[0]
    parts = tuple(p.inputs[0] for p in prods)
    rows = sum(v.shape[0] for v in parts)
    stacked = Var(next(ids), (rows, parts[0].shape[1]), parts[0].dtype)
    out = Var(next(ids), (rows, first.out.shape[1]), first.out.dtype)
    new = [first._replace(prim=PRIMITIVES['concat'], inputs=parts, params={'axis': 0},
                          out=stacked),
           first._replace(inputs=(stacked, first.inputs[1]), out=out)]
    start = 0
    for p in prods:
        m = p.inputs[0].shape[0]
        new.append(p._replace(prim=PRIMITIVES['get_item'], inputs=(out,),
                              params={'slices': (slice(start, start + m),)}))
        start += m
    members = {p.out.id for p in prods}
    last = max(i for i, e in enumerate(eqns) if e.out.id in members)
    result: list = []
    for i, e in enumerate(eqns):
        if i == last:
            result += new
        elif e.out.id not in members:
            result.append(e)
    return result


def _in_order(eqns: list) -> tuple:
    """``eqns`` ordered so that each comes after the equations making its
    inputs, and impure ones (random draws, collectives) in their given order
    among themselves, otherwise in their given order.  (Fewer equations
    where no such order exists.)"""
    made = {e.out.id: i for i, e in enumerate(eqns)}
    waiting: dict = collections.defaultdict(list)
    missing = []
    last_impure = None
    for i, e in enumerate(eqns):
        deps = {made[v.id] for v in e.inputs if v.id in made and made[v.id] != i}
        if not e.prim.pure:
            if last_impure is not None:
                deps.add(last_impure)
            last_impure = i
        missing.append(len(deps))
        for j in deps:
            waiting[j].append(i)
    ready = [i for i, n in enumerate(missing) if n == 0]
    heapq.heapify(ready)
    out = []
    while ready:
        i = heapq.heappop(ready)
        out.append(eqns[i])
        for j in waiting[i]:
            missing[j] -= 1
            if missing[j] == 0:
                heapq.heappush(ready, j)
    return tuple(out)


def decompose_convolutions(g: Graph) -> Graph:
    """The convolution primitives as the windows of their image multiplied
    by the filters: ``conv2d`` as ``im2col`` and a product, its transpose as
    a product and ``col2im``, its filter gradient as ``im2col`` and a
    product summed over the images (for a target that renders windows as
    kernels of their own and has no convolution kernels).

    >>> import numpy as np, tapejit.functions as F
    >>> from tapejit.ir.trace import trace_graph
    >>> g = trace_graph(lambda x, w: F.convolution_2d(x, w, pad=1),
    ...                 [np.ones((1, 2, 4, 4), np.float32), np.ones((3, 2, 3, 3), np.float32)])
    >>> [e.prim.name for e in decompose_convolutions(g).eqns]
    ['im2col', 'reshape', 'reshape', 'matmul', 'reshape']
    """
    kinds = ('conv2d', 'conv2d_transpose', 'conv2d_filter')
    if not any(e.prim.name in kinds for e in g.eqns):
        return g
    ids = _fresh_ids(g)
    eqns: list = []
    for e in g.eqns:
        if e.prim.name not in kinds:
            eqns.append(e)
            continue

        def add(prim: str, ins: tuple, oshape: tuple, out: Any = None, e: Any = e,
                **params: Any) -> Var:
            o = out if out is not None else Var(next(ids), oshape, e.out.dtype)
            eqns.append(e._replace(prim=PRIMITIVES[prim], inputs=ins, params=params, out=o))
            return o
        _decompose(e, add)
    return Graph(g.invars, g.constvars, g.consts, tuple(eqns), g.outvars)


def _decompose(e: Any, add: Callable[..., Var]) -> None:
    """Append ``e``'s (a convolution primitive's) decomposition with ``add``."""
    p, name = e.params, e.prim.name
    win = dict(stride=p['stride'], pad=p['pad'], dilate=p['dilate'])
    g = p['groups']
    a, b = e.inputs[:2]
    if name == 'conv2d_transpose':
        gy, w = a, b
        n, o, oh, ow = gy.shape
        _, cg, kh, kw = w.shape
        k = cg * kh * kw
        col = add('matmul', (add('reshape', (w,), (g, o // g, k), shape=(g, o // g, k)),
                             add('reshape', (gy,), (n, g, o // g, oh * ow),
                                 shape=(n, g, o // g, oh * ow))),
                  (n, g, k, oh * ow), transa=True, transb=False)
        col = add('reshape', (col,), (n, g * cg, kh, kw, oh, ow),
                  shape=(n, g * cg, kh, kw, oh, ow))
        add('col2im', (col,), e.out.shape, out=e.out, size=tuple(p['size']), **win)
        return
    x = a
    n, c = x.shape[:2]
    if name == 'conv2d':
        o, _, kh, kw = b.shape
        oh, ow = e.out.shape[2:]
    else:
        o, (oh, ow) = b.shape[1], b.shape[2:]
        kh, kw = p['ksize']
    k = c // g * kh * kw
    col = add('im2col', (x,), (n, c, kh, kw, oh, ow), ksize=(kh, kw), out_size=(oh, ow),
              pad_value=0.0, **win)
    col = add('reshape', (col,), (n, g, k, oh * ow), shape=(n, g, k, oh * ow))
    if name == 'conv2d':
        w = add('reshape', (b,), (g, o // g, k), shape=(g, o // g, k))
        y = add('matmul', (w, col), (n, g, o // g, oh * ow), transa=False, transb=False)
        if len(e.inputs) == 2:
            add('reshape', (y,), e.out.shape, out=e.out, shape=e.out.shape)
            return
        y = add('reshape', (y,), e.out.shape, shape=e.out.shape)
        bias = add('reshape', (e.inputs[2],), (1, o, 1, 1), shape=(1, o, 1, 1))
        bias = add('broadcast_to', (bias,), e.out.shape, shape=e.out.shape)
        add('add', (y, bias), e.out.shape, out=e.out)
        return
    gy = add('reshape', (b,), (n, g, o // g, oh * ow), shape=(n, g, o // g, oh * ow))
    prod = add('matmul', (gy, col), (n, g, o // g, k), transa=False, transb=True)
    total = add('sum', (prod,), (g, o // g, k), axis=(0,), keepdims=False)
    add('reshape', (total,), e.out.shape, out=e.out, shape=e.out.shape)


DEFAULT_PASSES: tuple = (lower_logsumexp, fold, cse, merge_products, stack_scatters,
                         batch_products, dce, schedule_collectives)


def simplify(g: Graph, passes: Sequence[Callable[[Graph], Graph]] = DEFAULT_PASSES,
             log: Optional[list] = None) -> Graph:
    """Run ``passes`` in order, verifying the graph after each (and
    appending ``(pass name, graph)`` to ``log``, where given).

    >>> import numpy as np, tapejit
    >>> from tapejit.ir.trace import trace_graph
    >>> g = trace_graph(lambda x: (x * 1.0 + x * 1.0) * 2, [np.ones(3, np.float32)])
    >>> print(simplify(g))
    { lambda g:f32[] ; a:f32[3] .
        f:f32[3] = add a a
        h:f32[3] = mul f g
      in (h) }
    """
    checked: dict = {}
    for p in passes:
        g = p(g)
        verify(g, checked)
        if log is not None:
            log.append((p.__name__, g))
    return g
