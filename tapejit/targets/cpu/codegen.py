"""Render a loop group as the Python source of a Numba kernel, and the runner
that feeds it.

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

from tapejit.targets.cpu.ops import typed
from tapejit.compiler.fusion import Group, reduce_axes
from tapejit.ir.graph import Graph

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


def update_statement(op: str, acc: str, t: str) -> str:
    """The statement folding value ``t`` into accumulator ``acc`` (NaN wins in max/min)."""
    if op == 'sum':
        return f'{acc} += {t}'
    cmp = '>' if op == 'max' else '<'
    return f'{acc} = {t} if ({t} {cmp} {acc} or {t} != {t}) else {acc}'


def bind_inputs(spec: Any, ext: list, consts: dict, S: tuple, prefix: str = '') -> tuple:
    """How a kernel over ``S`` reads each outside input: a literal (size-1
    constant), a hoisted scalar, a flat index or a broadcast nd index.  Fills
    ``spec.inputs``; returns (names, hoisted lines, parameter names)."""
    r = len(S)
    P = prefix
    names: dict = {}
    hoisted: list = []
    params: list = []
    for k, v in enumerate(ext):
        size = int(math.prod(v.shape))
        if v.id in consts and size == 1:
            names[v.id] = typed(consts[v.id].reshape(-1)[0], v.dtype)
            continue
        arg = f'{P}in{k}'
        params.append(arg)
        spec.in_params.append(arg)
        if size == 1 and (v.shape != S or r == 0 or spec.flat):
            spec.inputs.append((v, 'scalar'))
            names[v.id] = f'{P}s{k}'
            hoisted.append(f'{P}s{k} = {arg}[0]')
        elif spec.flat:
            spec.inputs.append((v, 'flat'))
            names[v.id] = f'{arg}[i]'
        else:
            spec.inputs.append((v, 'nd'))
            off = r - len(v.shape)
            idx = ['0' if (d == 1 and S[off + j] != 1) else f'i{off + j}'
                   for j, d in enumerate(v.shape)]
            names[v.id] = f'{arg}[{", ".join(idx)}]'
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
    ext = _outside_inputs(grp)
    reds = [e for e in grp.members if e.out.id in grp.red]
    spec.flat = row_of is None and all(
        int(math.prod(v.shape)) == 1 or v.shape == S for v in ext) and all(
        reduce_axes(e) == tuple(range(r)) for e in reds)

    names, hoisted, params = bind_inputs(spec, ext, consts, S, P)
    body = _elementwise_lines(grp, names, P)
    last = _store_lines(grp, spec, names, params, body, used_outside, inplace, P)
    pre: dict = {lvl: [] for lvl in range(r + 1)}
    post: dict = {lvl: [] for lvl in range(r + 1)}
    for k, e in enumerate(reds):
        _reduction_lines(spec, k, e, names, params, body, pre, post, r, P)
    body += last
    block = _row_block(S, body, pre, post, row_of is not None)
    spec.pieces = {'params': params, 'hoisted': hoisted, 'pre0': pre[0], 'block': block,
                   'post0': post[0]}
    spec.source = _kernel_source(spec, name, params, hoisted, pre[0], post[0], body, block,
                                 parallel)
    spec.outputs = list(spec.stores) + [e.out for e in reds]
    return spec


def _outside_inputs(grp: Group) -> list:
    """The values a group reads from outside itself, in first-use order."""
    members = {e.out.id for e in grp.members}
    ext: list = []
    seen: set = set()
    for e in grp.members:
        for v in e.inputs:
            if v.id not in members and v.id not in seen:
                seen.add(v.id)
                ext.append(v)
    return ext


def _elementwise_lines(grp: Group, names: dict, P: str) -> list:
    """One assignment per elementwise member, through the CPU op table.
    Locals are numbered within the kernel, so the same loop from another
    graph (or another batch size) has the same source and compiled code."""
    body: list = []
    for j, e in enumerate(m for m in grp.members if m.out.id not in grp.red):
        t = f'{P}t{j}'
        if e.prim.name == 'broadcast_to':
            expr = names[e.inputs[0].id]
        else:
            expr = e.prim.lowering['cpu']([names[v.id] for v in e.inputs], e.params,
                                          [v.dtype for v in e.inputs], e.out.dtype)
        body.append(f'{t} = {expr}')
        names[e.out.id] = t
    return body


def _store_lines(grp: Group, spec: KernelSpec, names: dict, params: list, body: list,
                 used_outside: set, inplace: Optional[dict], P: str) -> list:
    """Append the stores of the values needed outside the group to ``body``
    (an output parameter each); return those written in place through an
    input, which run after every other statement of the element."""
    r = len(grp.shape)
    inplace = dict(inplace or {})
    last: list = []
    for k, v in enumerate(e.out for e in grp.members
                          if e.out.id in grp.ew and e.out.id in used_outside):
        spec.stores.append(v)
        index = "i" if spec.flat else ", ".join(f"i{d}" for d in range(r))
        if k in inplace:
            last.append(f'{spec.in_params[inplace[k]]}[{index}] = {names[v.id]}')
            continue
        arg = f'{P}out{k}'
        params.append(arg)
        body.append(f'{arg}[{index}] = {names[v.id]}')
    spec.inplace = inplace
    return last


def _reduction_lines(spec: KernelSpec, k: int, e: Any, names: dict, params: list, body: list,
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
    suffix_from = r - len(axes) if axes == tuple(range(r - len(axes), r)) else None
    if suffix_from is not None:
        acc = f'{P}acc{k}'
        pre[suffix_from].append(f'{acc} = {typed(init, adt)}')
        body.append(update_statement(op, acc, f'{"np." + adt.name}({t})' if adt != e.out.dtype
                                     else t))
        target = (['c'] if suffix_from == 0 else []) + [f'i{d}' for d in range(suffix_from)]
        if spec.flat:
            target = ['c']
        if suffix_from == 0:
            post[0].append(f'{arg}[{", ".join(target)}] = {acc}')
            how = 'partial'
        else:
            # one value per row, final: stored in the output dtype, so a
            # later part of a row chain reads what the graph says it reads
            val = f'np.{e.out.dtype.name}({acc})' if adt != e.out.dtype else acc
            post[suffix_from].append(f'{arg}[{", ".join(target)}] = {val}')
            how = 'row'
    else:
        idx = (['c'] if 0 in axes else []) + [f'i{d}' for d in kept]
        cell = f'{arg}[{", ".join(idx)}]'
        val = f'np.{adt.name}({t})' if adt != e.out.dtype else t
        body.append(update_statement(op, cell, val))
        how = 'partial' if 0 in axes else 'direct'
    spec.reductions.append((e, axes, how, init, adt))


def _row_block(S: tuple, body: list, pre: dict, post: dict, in_chain: bool) -> list:
    """The lines run for each ``i0`` (the row block): the loops over axes
    1.. around ``body``, with each level's ``pre`` and ``post`` lines.  In a
    row chain, a row-wide part (size 1 along an axis) runs once, not a loop."""
    ind = '    '
    r = len(S)
    block: list = []
    depth = ''
    opened = []
    for d in range(1, r):
        block += [depth + s for s in pre[d]]
        if in_chain and S[d] == 1:
            block.append(f'{depth}i{d} = 0')
            opened.append(False)
        else:
            block.append(f'{depth}for i{d} in range(n[{d}]):')
            depth += ind
            opened.append(True)
    block += [depth + s for s in body]
    for d in range(r - 1, 0, -1):
        if opened[d - 1]:
            depth = depth[:-4]
        block += [depth + s for s in post[d]]
    return block


def _kernel_source(spec: KernelSpec, name: str, params: list, hoisted: list, pre0: list,
                   post0: list, body: list, block: list, parallel: bool) -> str:
    """The whole kernel: its parameters, hoisted loads, the chunk loop and,
    inside it, the flat loop, the 0-d body or the row loop."""
    ind = '    '
    ind2 = ind * 2
    lines = [f'def {name}(n, ch, nch, {", ".join(params)}):']
    lines += [ind + h for h in hoisted]
    lines.append(_chunk_header(parallel))
    lines += [ind2 + s for s in pre0]
    if spec.flat:
        lines += [ind2 + x for x in chunk_loop('i')]
        lines += [ind2 + ind + s for s in body]
    elif not spec.shape:
        lines += [ind2 + s for s in body]
    else:
        lines += [ind2 + x for x in chunk_loop('i0')]
        lines += [ind2 + ind + s for s in block]
    lines += [ind2 + s for s in post0]
    return '\n'.join(lines) + '\n'


def chunking(spec: Any) -> tuple:
    """(sizes, chunk, number of chunks) for the kernel's run-time arguments."""
    S = spec.shape
    if spec.flat or not S:
        n = int(math.prod(S)) if S else 1
        ch = CHUNK
        return numpy.array([n], numpy.int64), ch, max(1, math.ceil(n / ch)) if n else 0
    inner = int(math.prod(S[1:])) if len(S) > 1 else 1
    ch = max(1, CHUNK // max(inner, 1))
    return numpy.array(S, numpy.int64), ch, math.ceil(S[0] / ch) if S[0] else 0


def prepare_inputs(spec: KernelSpec, arrays: list) -> list:
    out = []
    for (v, mode), a in zip(spec.inputs, arrays):
        if mode == 'scalar':
            out.append(numpy.ascontiguousarray(a).reshape(-1))
        elif mode == 'flat':
            out.append(numpy.ascontiguousarray(a).reshape(-1))
        else:
            out.append(a)
    return out


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


def reduction_buffers(spec: KernelSpec, nch: int) -> list:
    return [numpy.full(shape, init, dt) for shape, dt, init in reduction_layout(spec, nch)]


def finish_reduction(e: Any, how: str, buf: numpy.ndarray, nch: int) -> numpy.ndarray:
    op = e.prim.name
    if how == 'partial':
        buf = buf[:max(nch, 1)]
        buf = buf.sum(axis=0) if op == 'sum' else (buf.max(axis=0) if op == 'max'
                                                    else buf.min(axis=0))
    return numpy.asarray(buf, dtype=e.out.dtype).reshape(e.out.shape)


class ChainSpec:
    """A row chain's kernel: the parts' specs and the combined source."""

    def __init__(self, shape: tuple, specs: list, source: str) -> None:
        self.shape = shape
        self.specs = specs
        self.source = source
        self.flat = False
        self.name = 'kernel'


def _chunk_header(parallel: Any) -> str:
    """The kernel's loop over its chunks: ``prange`` in a parallel
    variant, where the chunks may run on several threads."""
    return f'    for c in {"prange" if parallel else "range"}(nch):'


def with_chunk_loop(source: str, parallel: Any) -> str:
    """A rendered kernel's ``source`` with its chunk loop made parallel or
    serial (the rest of the kernel is the same in both variants).

    >>> src = 'def k(n, ch, nch, x):\\n    for c in range(nch):\\n        x[c] = 0\\n'
    >>> with_chunk_loop(src, True).splitlines()[1].strip()
    'for c in prange(nch):'
    """
    old, new = _chunk_header(not parallel) + '\n', _chunk_header(parallel) + '\n'
    return source.replace(old, new, 1)


def chunk_loop(var: str) -> list:
    """The loop over chunk ``c``'s outer indices.

    The index runs as an unsigned integer.  A signed index that LLVM cannot
    prove non-negative (it starts at ``c * ch``) makes Numba wrap negative
    values around on every subscript, and the loop vectorizer then turns each
    contiguous load into a gather, several times slower.
    (A ``range`` over unsigned bounds vectorizes less well than this cast.)
    """
    return [f'for {var}_ in range(c * ch, min(c * ch + ch, n[0])):',
            f'    {var} = np.uint64({var}_)']


def render_chain(parts: list, shape: tuple, g: Graph, consts: dict, used_outside: set,
                 name: str, parallel: bool) -> ChainSpec:
    """One kernel running ``parts`` (loop groups of a :class:`fusion.RowChain`)
    row by row: the outer loop over rows is shared, each part's row block runs
    in turn inside it."""
    specs = [render(p, g, consts, used_outside, name, parallel, prefix=f'p{k}_',
                    row_of=shape) for k, p in enumerate(parts)]
    ind = '    '
    params = [a for sp in specs for a in sp.pieces['params']]
    lines = [f'def {name}(n, ch, nch, {", ".join(params)}):']
    lines += [ind + h for sp in specs for h in sp.pieces['hoisted']]
    lines.append(_chunk_header(parallel))
    lines += [ind * 2 + x for sp in specs for x in sp.pieces['pre0']]
    lines += [ind * 2 + x for x in chunk_loop('i0')]
    lines += [ind * 3 + x for sp in specs for x in sp.pieces['block']]
    lines += [ind * 2 + x for sp in specs for x in sp.pieces['post0']]
    return ChainSpec(shape, specs, '\n'.join(lines) + '\n')
