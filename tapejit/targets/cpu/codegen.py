"""Lower a loop group to a loop-IR kernel (:mod:`tapejit.compiler.loop_ir`),
rendered as a kernel's source by :mod:`tapejit.targets.cpu.render`, and the
runner's side of it (chunking, input modes, reduction buffers).

Kernels are shape-generic: sizes, chunk counts and strides are run-time
arguments, so a new batch size reuses the compiled kernel.  The outer loop
runs over fixed-size chunks (``prange`` in the parallel variant), and
reductions combine per-chunk partial results in a fixed order, so results do
not depend on the number of threads.
"""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy

from tapejit.compiler import loop_ir as L
from tapejit.compiler.fusion import Group, reduce_axes
from tapejit.ir.graph import Graph
from tapejit.targets.cpu import render as R

# Elements per chunk of the outer loop: big enough to amortize the loop
# overhead, small enough to balance threads.
CHUNK = 16384


class KernelSpec:
    """Everything the runner needs besides the compiled function."""

    def __init__(self) -> None:
        self.source = ''
        self.name = ''
        self.flat = False
        self.shape: tuple = ()
        self.inputs: list = []     # (var, mode) with mode 'scalar' | 'flat' | 'nd'
        self.stores: list = []     # vars stored at shape S
        self.reductions: list = []  # (eqn, axes, how, init, acc dtype)
        self.outputs: list = []    # vars the group hands out, in order
        self.pieces: dict = {}     # parts of the source, for a row chain
        self.in_params: list = []  # the parameter name of each of ``inputs``
        self.inplace: dict = {}    # store index -> index in ``inputs`` it writes through
        self.kernel: Any = None    # the loop-IR kernel ``source`` renders


def acc_dtype(out_dtype: numpy.dtype, op: str) -> numpy.dtype:
    """Accumulator dtype of a reduction ``op`` producing ``out_dtype``."""
    # float32 sums accumulate in float64: chunked sequential sums are then as
    # accurate as NumPy's pairwise ones.
    if op == 'sum' and out_dtype.kind == 'f':
        return numpy.dtype(numpy.float64)
    return out_dtype


def init_value(op: str, dt: numpy.dtype) -> Any:
    """The identity of ``op`` in dtype ``dt``."""
    if op == 'sum':
        return 0
    if dt.kind == 'f':
        return -numpy.inf if op == 'max' else numpy.inf
    if dt.kind == 'b':
        return op != 'max'
    info = numpy.iinfo(dt)
    return info.min if op == 'max' else info.max


update_statement = R.update  # (the CUDA renderer shares it)


def bind_inputs(spec: Any, ext: list, consts: dict, S: tuple, prefix: str = '') -> tuple:
    """How a kernel over ``S`` reads each outside input: a literal (size-1
    constant), a hoisted scalar, a flat index or a broadcast nd index.  Fills
    ``spec.inputs``; returns (names: value id -> loop-IR expression, hoisted
    statements, parameter names)."""
    r = len(S)
    P = prefix
    names: dict = {}
    hoisted: list = []
    params: list = []
    for k, v in enumerate(ext):
        size = int(math.prod(v.shape))
        if v.id in consts and size == 1:
            names[v.id] = L.Const(consts[v.id].reshape(-1)[0], v.dtype)
            continue
        arg = f'{P}in{k}'
        params.append(arg)
        spec.in_params.append(arg)
        if size == 1 and (v.shape != S or r == 0 or spec.flat):
            spec.inputs.append((v, 'scalar'))
            names[v.id] = L.Local(f'{P}s{k}')
            hoisted.append(L.Assign(names[v.id], L.Load(arg, (0,))))
        elif spec.flat:
            spec.inputs.append((v, 'flat'))
            names[v.id] = L.Load(arg, ('i',))
        else:
            spec.inputs.append((v, 'nd'))
            off = r - len(v.shape)
            idx = [0 if (d == 1 and S[off + j] != 1) else f'i{off + j}'
                   for j, d in enumerate(v.shape)]
            names[v.id] = L.Load(arg, idx)
    return names, hoisted, params


def render(grp: Group, g: Graph, consts: dict, used_outside: set, name: str,
           parallel: bool, prefix: str = '', row_of: Optional[tuple] = None,
           inplace: Optional[dict] = None) -> KernelSpec:
    """The kernel of ``grp``; ``used_outside`` holds ids of values needed after it.

    ``row_of``: the group is a part of a row chain over that shape (see
    :func:`render_chain`): names get ``prefix`` and the loop is a row loop.

    ``inplace`` maps a store's index to the index (in ``spec.inputs``) of an
    input of the same shape it overwrites: the kernel writes that value
    through the input's own parameter, which it reads only at the index it
    writes, after every other statement of the element.  (Passed as a
    separate output, the same array makes LLVM's run-time alias check fail,
    and the loop runs its scalar version: an SGD update took twice as long.)"""
    S = grp.shape
    r = len(S)
    P = prefix
    spec = KernelSpec()
    spec.shape = S
    spec.name = name
    ext = outside_inputs(grp.members)
    reds = [e for e in grp.members if e.out.id in grp.red]
    spec.flat = row_of is None and all(
        int(math.prod(v.shape)) == 1 or v.shape == S for v in ext) and all(
        reduce_axes(e) == tuple(range(r)) for e in reds)

    names, hoisted, params = bind_inputs(spec, ext, consts, S, P)
    body = _elementwise_stmts(grp, names, P)
    last = _stores(grp, spec, names, params, body, used_outside, inplace, P)
    pre: dict = {lvl: [] for lvl in range(r + 1)}
    post: dict = {lvl: [] for lvl in range(r + 1)}
    for k, e in enumerate(reds):
        _reduction(spec, k, e, names, params, body, pre, post, r, P)
    body += last
    block = _row_block(S, body, pre, post, row_of is not None, 1)
    spec.pieces = {'params': params, 'hoisted': hoisted, 'pre0': pre[0], 'block': block,
                   'post0': post[0]}
    if spec.flat:
        inner = [L.ChunkRange('i', body)]
    elif not S:
        inner = body
    else:
        inner = [L.ChunkRange('i0', block)]
    spec.kernel = L.Kernel(name, params, hoisted, L.ChunkLoop(parallel, pre[0], inner, post[0]))
    spec.source = R.source(spec.kernel)
    spec.outputs = list(spec.stores) + [e.out for e in reds]
    return spec


def outside_inputs(members: list) -> list:
    """The values ``members`` (equations) read from outside themselves, in
    first-use order.

    >>> from tapejit.ir.graph import Eqn, Var
    >>> a, b, c = (Var(i, (2,), 'float32') for i in range(3))
    >>> [v.id for v in outside_inputs([Eqn(None, (a, a), {}, b), Eqn(None, (b, a), {}, c)])]
    [0]
    """
    own = {e.out.id for e in members}
    return list({v.id: v for e in members for v in e.inputs if v.id not in own}.values())


def _elementwise_stmts(grp: Group, names: dict, P: str) -> list:
    """One assignment per elementwise member.  Locals are numbered within
    the kernel, so the same loop from another graph (or another batch size)
    has the same source and compiled code."""
    body: list = []
    for j, e in enumerate(m for m in grp.members if m.out.id not in grp.red):
        t = L.Local(f'{P}t{j}')
        if e.prim.name == 'broadcast_to':
            value = names[e.inputs[0].id]
        else:
            value = L.Apply(e.prim.name, [names[v.id] for v in e.inputs], e.params,
                            [v.dtype for v in e.inputs], e.out.dtype)
        body.append(L.Assign(t, value))
        names[e.out.id] = t
    return body


def _stores(grp: Group, spec: KernelSpec, names: dict, params: list, body: list,
            used_outside: set, inplace: Optional[dict], P: str) -> list:
    """Append the stores of the values needed outside the group to ``body``
    (an output parameter each); return those written in place through an
    input, which run after every other statement of the element."""
    r = len(grp.shape)
    inplace = dict(inplace or {})
    last: list = []
    index = ('i',) if spec.flat else tuple(f'i{d}' for d in range(r))
    for k, v in enumerate(e.out for e in grp.members
                          if e.out.id in grp.ew and e.out.id in used_outside):
        spec.stores.append(v)
        if k in inplace:
            last.append(L.Assign(L.Load(spec.in_params[inplace[k]], index), names[v.id]))
            continue
        arg = f'{P}out{k}'
        params.append(arg)
        body.append(L.Assign(L.Load(arg, index), names[v.id]))
    spec.inplace = inplace
    return last


def _reduction(spec: KernelSpec, k: int, e: Any, names: dict, params: list, body: list,
               pre: dict, post: dict, r: int, P: str) -> None:
    """Reduction ``k`` (equation ``e``): its accumulator's initialization
    (``pre``), update (``body``) and store (``post``), by loop level; where
    it sums over a suffix of the axes it accumulates in a local, else into
    its output cell (a partial result per chunk where it reduces axis 0)."""
    axes = reduce_axes(e)
    op = e.prim.name
    adt = acc_dtype(e.out.dtype, op)
    init = init_value(op, adt)
    kept = [d for d in range(r) if d not in axes]
    arg = f'{P}red{k}'
    params.append(arg)
    t = names[e.inputs[0].id]
    value = L.Cast(t, adt) if adt != e.out.dtype else t
    suffix_from = r - len(axes) if axes == tuple(range(r - len(axes), r)) else None
    if suffix_from is not None:
        acc = L.Local(f'{P}acc{k}')
        pre[suffix_from].append(L.Assign(acc, L.Const(init, adt)))
        body.append(L.Accumulate(op, acc, value))
        target = (['c'] if suffix_from == 0 else []) + [f'i{d}' for d in range(suffix_from)]
        if spec.flat:
            target = ['c']
        if suffix_from == 0:
            post[0].append(L.Assign(L.Load(arg, target), acc))
            how = 'partial'
        else:
            # one value per row, final: stored in the output dtype, so a
            # later part of a row chain reads what the graph says it reads
            val = L.Cast(acc, e.out.dtype) if adt != e.out.dtype else acc
            post[suffix_from].append(L.Assign(L.Load(arg, target), val))
            how = 'row'
    else:
        idx = (['c'] if 0 in axes else []) + [f'i{d}' for d in kept]
        body.append(L.Accumulate(op, L.Load(arg, idx), value))
        how = 'partial' if 0 in axes else 'direct'
    spec.reductions.append((e, axes, how, init, adt))


def _row_block(S: tuple, body: list, pre: dict, post: dict, in_chain: bool, d: int) -> list:
    """The statements run for each ``i0`` (the row block) from axis ``d``
    on: the loops over axes d.. around ``body``, with each level's ``pre``
    and ``post`` statements.  In a row chain, a row-wide part (size 1 along
    an axis) runs once, not a loop."""
    if d >= len(S):
        return body
    inner = _row_block(S, body, pre, post, in_chain, d + 1)
    if in_chain and S[d] == 1:
        loop = [L.Assign(L.Local(f'i{d}'), 0)] + inner
    else:
        loop = [L.For(f'i{d}', d, inner)]
    return pre[d] + loop + post[d]


def chunking(spec: Any) -> tuple:
    """(sizes, chunk, number of chunks) for the kernel's run-time arguments."""
    S = spec.shape
    if spec.flat or not S:
        n = int(math.prod(S))
        return numpy.array([n], numpy.int64), CHUNK, max(1, math.ceil(n / CHUNK)) if n else 0
    ch = max(1, CHUNK // max(int(math.prod(S[1:])), 1))
    return numpy.array(S, numpy.int64), ch, math.ceil(S[0] / ch) if S[0] else 0


def prepare_inputs(spec: KernelSpec, arrays: list) -> list:
    return [a if mode == 'nd' else numpy.ascontiguousarray(a).reshape(-1)
            for (v, mode), a in zip(spec.inputs, arrays)]


def reduction_layout(spec: KernelSpec, nch: int) -> list:
    """``(shape, dtype, init)`` of each reduction's buffer: one partial
    result per chunk, or the final values of a row reduction."""
    out = []
    S = spec.shape
    for e, axes, how, init, adt in spec.reductions:
        kept = tuple(S[d] for d in range(len(S)) if d not in axes)
        shape = ((max(nch, 1),) + kept) if how == 'partial' else kept
        out.append((shape, e.out.dtype if how == 'row' else adt, init))
    return out


def finish_reduction(e: Any, how: str, buf: numpy.ndarray, nch: int) -> numpy.ndarray:
    if how == 'partial':
        buf = getattr(buf[:max(nch, 1)], e.prim.name)(axis=0)  # sum, max or min
    return numpy.asarray(buf, dtype=e.out.dtype).reshape(e.out.shape)


class ChainSpec:
    """A row chain's kernel: the parts' specs and the combined source."""

    def __init__(self, shape: tuple, specs: list, source: str) -> None:
        self.shape = shape
        self.specs = specs
        self.source = source
        self.flat = False
        self.name = 'kernel'
        self.kernel: Any = None  # the loop-IR kernel ``source`` renders


def render_chain(parts: list, shape: tuple, g: Graph, consts: dict, used_outside: set,
                 name: str, parallel: bool) -> ChainSpec:
    """One kernel running ``parts`` (loop groups of a :class:`fusion.RowChain`)
    row by row: the outer loop over rows is shared, each part's row block runs
    in turn inside it."""
    specs = [render(p, g, consts, used_outside, name, parallel, prefix=f'p{k}_',
                    row_of=shape) for k, p in enumerate(parts)]

    def joined(piece: str) -> list:
        return [x for sp in specs for x in sp.pieces[piece]]
    kernel = L.Kernel(name, joined('params'), joined('hoisted'),
                      L.ChunkLoop(parallel, joined('pre0'), [L.ChunkRange('i0', joined('block'))],
                                  joined('post0')))
    chain = ChainSpec(shape, specs, R.source(kernel))
    chain.kernel = kernel
    return chain
