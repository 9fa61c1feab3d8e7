"""Lower a loop group to a loop-IR kernel (:mod:`tapejit.compiler.loop_ir`),
the runner's side of it (chunking, reduction buffers), and the kernel as
Python-like text (:func:`source`, each primitive as the ``numba`` entry of
its row of the op table, :mod:`tapejit.targets.ops`, writes it), which
``explain()`` shows and tests run as the kernel's reference.  The loop IR
itself is compiled by :mod:`tapejit.targets.cpu.llvm_render`; a kernel it
cannot compile runs op by op, with a warning.

Kernels are shape-generic: sizes and chunk counts are run-time arguments, so
a new batch size reuses the compiled kernel.  The outer loop runs over
fixed-size chunks (in the parallel variant, taken one at a time by each
of the plan's threads from a shared counter), and reductions
combine per-chunk partial results in a fixed order, so results do not
depend on the number of threads.
"""

from __future__ import annotations

import math
from typing import Any, Optional, Sequence

import numpy

from tapejit.compiler import kernel_ir as K, loop_ir as L
from tapejit.compiler.fusion import Group, reduce_axes
from tapejit.ir.graph import Graph
from tapejit.targets import numba_text as T
from tapejit.targets.ops import NUMBA_TABLE

# Elements per chunk of the outer loop: big enough to amortize the loop
# overhead, small enough to balance threads.
CHUNK = 16384
# At most this many chunks (and partial arrays) for a sum over the rows
# into kept cells: threads enough to share them on most machines.
ROW_PARTIALS = 8
# Axes (past the first) of at most this many elements are constants of
# their kernel (see constant_axes): their loops are written out, and the
# loop around them runs over elements a constant stride apart, which LLVM
# vectorizes.  Over a runtime size, a pooling's 2x2 windows (axes of 2
# innermost) ran scalar.
SMALL_AXIS = 4
# The most copies of a kernel's body its constant axes write out.
MAX_COPIES = 8
_IND = '    '


def render(grp: Group, g: Graph, consts: dict, used_outside: set, name: str,
           parallel: bool, prefix: str = '', within: Optional[dict] = None,
           inplace: Optional[dict] = None) -> K.KernelSpec:
    """The kernel of ``grp``; ``used_outside`` holds ids of values needed after it.

    ``within``: the group is a part of a row chain (:func:`render_chain`), whose
    earlier parts made these values (id -> parameter, shape): a row loop.

    ``inplace`` maps a store's index to the index (in ``spec.inputs``) of an
    input of the same shape it overwrites: the kernel writes that value
    through the input's own parameter, after every other statement of the
    element.  (Passed as a separate output, the same array fails LLVM's
    run-time alias check, and the loop runs its scalar version.)"""
    S = grp.shape
    r = len(S)
    P = prefix
    spec = K.KernelSpec()
    spec.shape = S
    spec.name = name
    ext = K.outside_inputs(grp.members)
    reds = [e for e in grp.members if e.out.id in grp.red]
    spec.flat = within is None and flat(grp)

    names, hoisted, params = K.bind_inputs(spec, ext, consts, S, P, within)
    body = K.elementwise_stmts(grp.members, grp.red, names, P)
    # (Stores written in place through an input run after every other
    # statement of the element: ``last``.)
    index = ('i',) if spec.flat else tuple(f'i{d}' for d in range(r))
    values = stored(grp, used_outside)
    stores, last = K.store_stmts(spec, values, names, params, index, inplace, P)
    body += stores
    pre: dict = {lvl: [] for lvl in range(r + 1)}
    post: dict = {lvl: [] for lvl in range(r + 1)}
    for k, e in enumerate(reds):
        _reduction(spec, k, e, names, params, body, pre, post, r, P)
    body += last
    runs = [] if spec.flat or within is not None else merged_runs(S, ext, reds)
    block = _row_block(S, body, pre, post, within is not None, 1, runs=runs)
    if runs:
        gone = {f'i{d}' for a, b in runs for d in range(a, b)}
        hoisted, block = _drop_indices(hoisted, gone), _drop_indices(block, gone)
        pre[0], post[0] = _drop_indices(pre[0], gone), _drop_indices(post[0], gone)
    spec.pieces = {'params': params, 'hoisted': hoisted, 'pre0': pre[0], 'block': block,
                   'post0': post[0]}
    if spec.flat:
        inner = [L.ChunkRange('i', body)]
    elif not S:
        inner = body
    else:
        inner = [L.ChunkRange('i0', block)]
    spec.kernel = L.Kernel(name, params, hoisted, L.ChunkLoop(parallel, pre[0], inner, post[0]))
    spec.source = source(spec.kernel)
    spec.outputs = list(spec.stores) + [e.out for e in reds]
    return spec


def flat(grp: Group) -> bool:
    """Whether a kernel of ``grp`` (not a part of a row chain) runs over one
    flat index: every input of its shape or a single value, every reduction
    over all axes."""
    r = len(grp.shape)
    return all(int(math.prod(v.shape)) == 1 or v.shape == grp.shape
               for v in K.outside_inputs(grp.members)) and all(
        reduce_axes(e) == tuple(range(r)) for e in grp.members if e.out.id in grp.red)


def stored(grp: Group, used_outside: set) -> list:
    """The values a kernel of ``grp`` stores: its elementwise values read after it."""
    return [e.out for e in grp.members if e.out.id in grp.ew and e.out.id in used_outside]


def interface(grp: Group, consts: dict, used_outside: set) -> K.Interface:
    """What the kernel of ``grp`` (:func:`render`) reads and writes, before it is rendered.

    >>> import numpy as np, tapejit
    >>> from tapejit.compiler import fusion
    >>> from tapejit.compiler.passes import simplify
    >>> g = simplify(tapejit.jit(lambda x: tapejit.functions.exp(x) * 2).lower(
    ...     np.ones(4, np.float32)))
    >>> consts = {v.id: c for v, c in zip(g.constvars, g.consts)}
    >>> iface = interface(fusion.partition(g, rows=False)[0], consts, {v.id for v in g.outvars})
    >>> [mode for _, mode in iface.inputs], len(iface.stores)
    (['flat'], 1)
    """
    return K.interface(grp.members, stored(grp, used_outside),
                       [e for e in grp.members if e.out.id in grp.red], consts, grp.shape,
                       flat(grp))


def _reduction(spec: K.KernelSpec, k: int, e: Any, names: dict, params: list, body: list,
               pre: dict, post: dict, r: int, P: str) -> None:
    """Reduction ``k`` (equation ``e``): its accumulator's initialization
    (``pre``), update (``body``) and store (``post``), by loop level; where
    it sums over a suffix of the axes it accumulates in a local, else into
    its output cell (a partial result per chunk where it reduces axis 0)."""
    axes = reduce_axes(e)
    op = e.prim.name
    adt = K.acc_dtype(e.out.dtype, op)
    init = K.init_value(op, adt)
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


def merged_runs(S: tuple, ext: list, reds: list) -> list:
    """``(a, b)`` for each run of adjacent axes ``a..b`` (past the first, of
    run-time size) that the kernel over ``S`` walks as one axis of
    ``S[a] * ... * S[b]`` elements: every input reads all of them or
    broadcasts along all of them, and every reduction sums over all of them
    or keeps all.  The loop over the run indexes the arrays' last axis of
    it past its end, into the next rows of a row-major array; a strided
    array's indices are split again.  A batch normalization's sums over an
    (N, C, 16, 16) array then run along rows of 256, not 16: each row's
    vector partial sums are added up once, not 16 times.

    >>> from tapejit.ir.graph import Var
    >>> x, g = Var(0, (8, 8, 16, 16), 'float32'), Var(1, (1, 8, 1, 1), 'float32')
    >>> merged_runs((8, 8, 16, 16), [x, g], []), merged_runs((8, 8, 16, 16), [x], [])
    ([(2, 3)], [(1, 3)])
    """
    const = constant_axes(S)
    r = len(S)

    def reads(d: int) -> Optional[tuple]:
        if d == 0 or d in const:
            return None
        full = tuple(d >= r - len(v.shape) and v.shape[d - r + len(v.shape)] == S[d]
                     for v in ext)
        return full + tuple(d in reduce_axes(e) for e in reds)

    runs, d = [], 1
    while d < r:
        b = d
        while b + 1 < r and reads(d) is not None and reads(b + 1) == reads(d):
            b += 1
        if b > d:
            runs.append((d, b))
        d = b + 1
    return runs


def _drop_indices(stmts: list, gone: set) -> list:
    """``stmts`` with each index variable in ``gone`` (the axes a merged
    run walks through its last one) read as 0."""
    return _map_loads(stmts, lambda e: L.Load(e.array, tuple(0 if x in gone else x
                                                            for x in e.index)))


def _map_loads(stmts: list, f: Any) -> list:
    """``stmts`` with each :class:`~L.Load` ``e`` in them replaced by ``f(e)``."""
    def ex(e: Any) -> Any:
        cls = e.__class__
        if cls is L.Load:
            return f(e)
        if cls is L.Apply:
            return L.Apply(e.prim, tuple(ex(a) for a in e.args), e.params, e.in_dtypes, e.dtype)
        if cls is L.Cast:
            return L.Cast(ex(e.expr), e.dtype)
        return e

    out = []
    for st in stmts:
        cls = st.__class__
        if cls is L.Assign:
            out.append(L.Assign(ex(st.target), ex(st.value)))
        elif cls is L.Accumulate:
            out.append(L.Accumulate(st.op, ex(st.target), ex(st.value)))
        elif cls is L.For:
            out.append(L.For(st.var, st.axis, _map_loads(st.body, f), st.size))
        elif cls is L.ChunkRange:
            out.append(L.ChunkRange(st.var, _map_loads(st.body, f)))
        else:
            out.append(st)
    return out


def constant_axes(S: tuple) -> frozenset:
    """The axes of shape ``S`` (past the first) whose sizes are constants of
    its kernel: the innermost axes of at most :data:`SMALL_AXIS` elements,
    where together they hold at most that many (the loop around them then
    reads an interleaved group LLVM vectorizes), and further out, small axes
    while all of them write the body out at most :data:`MAX_COPIES` times.
    Axes of one element always.

    >>> sorted(constant_axes((64, 32, 16, 2, 16, 2))), sorted(constant_axes((128, 512, 4, 4)))
    ([3, 5], [])
    """
    out, copies = set(), 1
    d = len(S) - 1
    run = []
    while d >= 1 and S[d] <= SMALL_AXIS:
        run.append(d)
        d -= 1
    if math.prod(S[a] for a in run) <= SMALL_AXIS:
        out.update(run)
        copies = math.prod(S[a] for a in run)
    for a in range(d, 0, -1):
        if S[a] == 1 or (S[a] <= SMALL_AXIS and copies * S[a] <= MAX_COPIES):
            out.add(a)
            copies *= S[a]
    return frozenset(out | {a for a in range(1, len(S)) if S[a] == 1})


def _row_block(S: tuple, body: list, pre: dict, post: dict, in_chain: bool, d: int,
               const: Optional[frozenset] = None, runs: Sequence[tuple] = ()) -> list:
    """The statements run for each ``i0`` (the row block) from axis ``d``
    on: the loops over axes d.. around ``body``, with each level's ``pre``
    and ``post`` statements; a merged run of axes (:func:`merged_runs`)
    one loop, named after its last axis.  In a row chain, a row-wide part
    (size 1 along an axis) runs once, not a loop."""
    if d >= len(S):
        return body
    const = constant_axes(S) if const is None else const
    run = next((b for a, b in runs if a == d), None)
    if run is not None:
        if any(pre[k] or post[k] for k in range(d + 1, run + 1)):
            raise AssertionError(f'kernel over {S}: statements inside merged axes {d}-{run}')
        inner = _row_block(S, body, pre, post, in_chain, run + 1, const, runs)
        return pre[d] + [L.For(f'i{run}', tuple(range(d, run + 1)), inner)] + post[d]
    inner = _row_block(S, body, pre, post, in_chain, d + 1, const, runs)
    if in_chain and S[d] == 1:
        loop = [L.Assign(L.Local(f'i{d}'), 0)] + inner
    else:
        loop = [L.For(f'i{d}', d, inner, S[d] if d in const else None)]
    return pre[d] + loop + post[d]


def chunking(spec: Any) -> tuple:
    """(sizes, chunk, number of chunks) for the kernel's run-time arguments."""
    S = spec.shape
    if spec.flat or not S:
        n = int(math.prod(S))
        return numpy.array([n], numpy.int64), CHUNK, max(1, math.ceil(n / CHUNK)) if n else 0
    ch = max(1, CHUNK // max(int(math.prod(S[1:])), 1))
    # (A row chain's reductions are its parts'.)
    reductions = [r for sp in getattr(spec, 'specs', [spec])
                  for r in getattr(sp, 'reductions', ())]
    if any(how == 'partial' and len(axes) < len(S) for _, axes, how, *_ in reductions):
        # A sum over the rows into kept cells keeps a partial array per
        # chunk: a few, not one per row (as large as the input, and a pass
        # more to add up).  As many whatever the machine: the same bits.
        ch = max(ch, math.ceil(S[0] / ROW_PARTIALS))
    return numpy.array(S, numpy.int64), ch, math.ceil(S[0] / ch) if S[0] else 0


def reduction_layout(spec: K.KernelSpec, nch: int) -> list:
    """``(shape, dtype, init)`` of each reduction's buffer: one partial
    result per chunk, or the final values of a row reduction."""
    out = []
    S = spec.shape
    for e, axes, how, init, adt in spec.reductions:
        kept = tuple(S[d] for d in range(len(S)) if d not in axes)
        shape = ((max(nch, 1),) + kept) if how == 'partial' else kept
        out.append((shape, e.out.dtype if how == 'row' else adt, init))
    return out


class ChainSpec:
    """A row chain's kernel: the parts' specs, the loop-IR kernel and its source."""

    def __init__(self, shape: tuple, specs: list, kernel: L.Kernel) -> None:
        self.shape = shape
        self.specs = specs
        self.kernel = kernel
        self.source = source(kernel)
        self.flat = False
        self.name = 'kernel'


def render_chain(chain: Any, g: Graph, consts: dict, used_outside: set, name: str,
                 parallel: bool) -> ChainSpec:
    """One kernel running the parts of ``chain`` (a :class:`fusion.RowChain`)
    row by row: the outer loop over rows is shared, each part's row block runs
    in turn inside it.

    A part reads what an earlier part made (a store, a row reduction, or a
    reshape of either) through that part's own parameter, never through a
    second parameter given the same memory: a loop compiled assuming its
    array arguments do not overlap would read a value before the earlier
    part wrote it."""
    within: dict = {}   # value id -> (parameter, shape) of the array holding it
    specs = []
    for p in chain.items:
        if not isinstance(p, Group):  # a reshape between parts: a view
            within[p.out.id] = within[p.inputs[0].id]
            continue
        P = f'p{len(specs)}_'
        specs.append(render(p, g, consts, used_outside, name, parallel, prefix=P, within=within))
        within.update((v.id, (f'{P}out{j}', v.shape)) for j, v in enumerate(specs[-1].stores))
        # (A row reduction's buffer holds the kept axes only.)
        within.update((e.out.id, (f'{P}red{j}', shape)) for j, ((e, _, how, _, _), (shape, _, _))
                      in enumerate(zip(specs[-1].reductions, reduction_layout(specs[-1], 1)))
                      if how == 'row')

    def joined(piece: str) -> list:
        return [x for sp in specs for x in sp.pieces[piece]]
    return ChainSpec(chain.shape, specs, L.Kernel(
        name, joined('params'), joined('hoisted'),
        L.ChunkLoop(parallel, joined('pre0'), [L.ChunkRange('i0', joined('block'))],
                    joined('post0'))))


def statements(stmts: list, depth: int) -> list:
    """The source lines of ``stmts``, indented ``depth`` levels."""
    lines: list = []
    pad = _IND * depth
    for s in stmts:
        cls = s.__class__
        if cls is L.Assign or cls is L.Accumulate:
            lines.append(pad + T.line(s, NUMBA_TABLE))
        elif cls is L.For:
            if isinstance(s.axis, tuple):
                # A merged run: the text splits the index again per array.
                bound = ' * '.join(f'n[{a}]' for a in s.axis)
                lines.append(f'{pad}for {s.var} in range({bound}):')
                lines += statements(_split_text(s.body, s.var, len(s.axis)), depth + 1)
                continue
            bound = s.size if s.size is not None else f'n[{s.axis}]'
            lines.append(f'{pad}for {s.var} in range({bound}):')
            lines += statements(s.body, depth + 1)
        elif cls is L.ChunkRange:
            # The index runs as an unsigned integer: a signed index that
            # LLVM cannot prove non-negative (it starts at ``c * ch``) makes
            # Numba wrap negative values around on every subscript, and the
            # vectorizer then turns each contiguous load into a gather.
            lines.append(f'{pad}for {s.var}_ in range(c * ch, min(c * ch + ch, n[0])):')
            lines.append(f'{pad}{_IND}{s.var} = np.uint64({s.var}_)')
            lines += statements(s.body, depth + 1)
        else:
            raise TypeError(f'loop IR: no CPU rendering of {cls.__name__}')
    return lines


def _split_text(stmts: list, var: str, span: int) -> list:
    """``stmts`` with each index ``(.., 0, var)`` of a merged run of
    ``span`` axes written as the indices of each of them (text only)."""
    def split(e: L.Load) -> L.Load:
        if var not in e.index:
            return e
        p = e.index.index(var)
        out = list(e.index)
        for j in range(p - span + 1, p + 1):
            inner = ' * '.join(f'{e.array}.shape[{q}]' for q in range(j + 1, p + 1))
            part = f'({var} // ({inner}))' if inner else var
            out[j] = part if j == p - span + 1 else f'{part} % {e.array}.shape[{j}]'
        return L.Load(e.array, tuple(out))
    return _map_loads(stmts, split)


def source(k: L.Kernel) -> str:
    """The whole kernel function.

    >>> from tapejit.compiler.loop_ir import Assign, ChunkLoop, ChunkRange, Kernel, Load
    >>> body = [Assign(Load('out0', ('i',)), Load('in0', ('i',)))]
    >>> print(source(Kernel('kernel', ['in0', 'out0'], [],
    ...                     ChunkLoop(False, [], [ChunkRange('i', body)], []))), end='')
    def kernel(n, ch, nch, in0, out0):
        for c in range(nch):
            for i_ in range(c * ch, min(c * ch + ch, n[0])):
                i = np.uint64(i_)
                out0[i] = in0[i]
    """
    lines = [f'def {k.name}(n, ch, nch, {"claim, " if k.chunk.parallel else ""}'
             f'{", ".join(k.params)}):']
    lines += statements(k.hoisted, 1)
    if k.chunk.parallel:
        # Each of the plan's threads runs the kernel once, taking chunks
        # from the counter at ``claim`` until none is left
        # (tapejit.targets.cpu.claim, tapejit.backends.threads.Chunked).
        lines += [f'{_IND}while True:', f'{_IND * 2}c = next_chunk(claim)',
                  f'{_IND * 2}if c >= nch:', f'{_IND * 3}break']
    else:
        lines.append(f'{_IND}for c in range(nch):')
    lines += statements(k.chunk.pre + k.chunk.body + k.chunk.post, 2)
    return '\n'.join(lines) + '\n'
