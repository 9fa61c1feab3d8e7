"""Build a fusion group's ``numba.cuda`` kernels as loop IR.

The groups are those of :func:`tapejit.compiler.fusion.partition`, the same
as on the CPU: elementwise members over one iteration shape ``S`` (outside
inputs loaded with broadcasting) and reductions of members.  A group becomes:

- ``ew``: one grid-stride loop over the ``prod(S)`` elements (flat indices
  when every input is of shape ``S`` or a scalar, else the multi-index is
  rebuilt from the flat one and broadcast axes read index 0);
- per distinct set of reduced axes, one reduction kernel that also stores the
  group's elementwise outputs (the first one) and recomputes the members it
  needs.  The reduced extent ``k`` of each of the ``m`` output cells is cut
  into ``P`` chunks, and the ``(P, m)`` partial results are combined by the
  runner in a fixed order, so results do not depend on timing:

  - ``rows``: one thread block per (cell, chunk); its threads stride over the
    chunk (consecutive threads read consecutive elements when the reduced
    axes are the last ones) and combine in block shared memory as a tree;
  - ``cols``: one thread per (cell, chunk), looping over the chunk; chosen
    when the reduced axes lead (``sum(axis=0)`` of a bias gradient), where
    consecutive threads then read consecutive cells.

What each element computes is built by the compiler's shared builders
(:mod:`tapejit.compiler.kernel_ir`, as for the CPU), inside a
:class:`~tapejit.compiler.loop_ir.GridLoop` of the schedule; :func:`source`
writes it as the Python source of a ``numba.cuda`` kernel, each primitive
as the ``cuda`` entry of the op table (:mod:`tapejit.targets.ops`) says,
and the schedule around them: the grid-stride loop, the split of a flat
index into the axes' indices, and the reductions' threads and
shared-memory tree.  The kernel's leading parameters are the launch's
sizes: ``N`` (and ``n0``.. unless flat) for ``'ew'``; ``m`` cells, ``k``
reduced elements per cell, ``P`` chunks of ``kc`` elements, ``n0``.. for a
reduction.  Kernels are shape-generic: sizes are scalar arguments, so a new
batch size reuses the compiled kernel.
"""

from __future__ import annotations

import math
from typing import Optional

from tapejit.compiler import kernel_ir as K, loop_ir as L
from tapejit.compiler.fusion import Group, reduce_axes
from tapejit.ir.graph import Graph, live_eqns
from tapejit.targets import numba_text as T
from tapejit.targets.ops import CUDA_TABLE

# Threads per block: a power of two (the shared-memory tree halves it).  The
# simulator runs each thread of a block as a Python thread: a small block
# keeps it fast while still exercising every code path.
BLOCK_GPU = 256
BLOCK_SIM = 8
# Leading reduced axes go to 'cols' when the kept cells fill at least this
# many threads.
COLS_MIN_CELLS = 32
_IND = '    '


class CudaKernelSpec(K.KernelSpec):
    """A :class:`~tapejit.compiler.kernel_ir.KernelSpec` with the CUDA launch facts."""

    def __init__(self) -> None:
        super().__init__()
        self.kind = 'ew'            # 'ew' | 'rows' | 'cols'
        self.axes: tuple = ()       # reduced axes (reduction kernels)
        self.block = BLOCK_GPU
        self.members: list = []     # the group's equations this kernel computes
        self.reductions: list = []  # (eqn, init, acc dtype)


def split(grp: Group, used_outside: set, block: int) -> list:
    """The group's kernels as (kind, reduced axes, members, stores, reductions),
    a reduction's kind as :func:`choose_kind` picks it for ``block`` threads."""
    stores = [e.out for e in grp.members if e.out.id in grp.ew and e.out.id in used_outside]
    reds = [e for e in grp.members if e.out.id in grp.red]
    if not reds:
        return [('ew', (), list(grp.members), stores, [])]
    out = []
    for n, ax in enumerate(dict.fromkeys(reduce_axes(e) for e in reds)):
        mine = [e for e in reds if reduce_axes(e) == ax]
        st = stores if n == 0 else []
        ids = {e.out.id for e in mine} | {v.id for v in st}
        out.append((choose_kind(grp.shape, ax, block), ax,
                    list(live_eqns(grp.members, ids)[0]), st, mine))
    return out


def choose_kind(shape: tuple, axes: tuple, block: int = BLOCK_GPU) -> str:
    """'rows' for long reductions, 'cols' for short ones and for leading reduced
    axes over many kept cells (where neighbouring threads then read neighbours).

    >>> choose_kind((64, 1000), (1,)), choose_kind((1000, 64), (0,)), choose_kind((500, 4), (1,))
    ('rows', 'cols', 'cols')
    """
    r = len(shape)
    kept = [d for d in range(r) if d not in axes]
    m = int(math.prod([shape[d] for d in kept]))
    k = int(math.prod([shape[d] for d in axes]))
    if k < block // 2:  # most threads of a block would idle
        return 'cols'
    if axes == tuple(range(len(axes))) and kept and m >= COLS_MIN_CELLS:
        return 'cols'
    return 'rows'


def render(grp: Group, g: Graph, consts: dict, used_outside: set, name: str = 'kernel',
           block: int = BLOCK_GPU) -> list:
    """The CUDA kernels computing ``grp``, as :class:`CudaKernelSpec` objects.

    ``used_outside`` holds the ids of the values needed after the group.

    >>> import numpy as np, tapejit
    >>> from tapejit.compiler import fusion
    >>> from tapejit.compiler.passes import simplify
    >>> g = simplify(tapejit.jit(lambda x: tapejit.functions.exp(x) * 2).lower(
    ...     np.ones(4, np.float32)))
    >>> grp = fusion.partition(g, rows=False)[0]
    >>> consts = {v.id: c for v, c in zip(g.constvars, g.consts)}
    >>> [spec] = render(grp, g, consts, {v.id for v in g.outvars})
    >>> print(spec.source, end='')
    def kernel(N, in0, out0):
        for i in range(cuda.grid(1), N, cuda.gridsize(1)):
            t0 = math.exp(in0[i])
            t1 = (t0 * np.float32(2.0))
            out0[i] = t1
    """
    return [render_kernel(grp.shape, part, consts, name, block)
            for part in split(grp, used_outside, block)]


def _flat(S: tuple, kind: str, members: list) -> bool:
    """Whether a kernel of ``kind`` over ``S`` reads its inputs at one flat index."""
    return kind == 'ew' and all(int(math.prod(v.shape)) == 1 or v.shape == S
                                for v in K.outside_inputs(members))


def interface(S: tuple, part: tuple, consts: dict) -> K.Interface:
    """What kernel ``part`` (one of :func:`split`'s) over ``S`` reads and
    writes, before it is rendered."""
    kind, axes, members, stores, reds = part
    return K.interface(members, stores, reds, consts, S, _flat(S, kind, members))


def render_kernel(S: tuple, part: tuple, consts: dict, name: str, block: int,
                  inplace: Optional[dict] = None) -> CudaKernelSpec:
    """Kernel ``part`` (one of :func:`split`'s) over ``S`` as loop IR: the
    inputs' reads, the elementwise members, the stores (those in
    ``inplace`` through the input they overwrite, after the element's
    reads) and each reduction's fold into its accumulator per element,
    inside the :class:`~tapejit.compiler.loop_ir.GridLoop` of its kind."""
    kind, axes, members, stores, reds = part
    r = len(S)
    spec = CudaKernelSpec()
    spec.shape, spec.kind, spec.axes, spec.name, spec.block = S, kind, axes, name, block
    spec.members = members
    ext = K.outside_inputs(members)
    spec.flat = _flat(S, kind, members)
    names, hoisted, params = K.bind_inputs(spec, ext, consts, S)
    body = K.elementwise_stmts(members, {e.out.id for e in reds}, names)
    index = ('i',) if spec.flat else tuple(f'i{d}' for d in range(r))
    written, last = K.store_stmts(spec, stores, names, params, index, inplace)
    body += written
    pre, accs = [], []
    for k, e in enumerate(reds):
        op = e.prim.name
        adt = K.acc_dtype(e.out.dtype, op)
        acc, t = L.Local(f'acc{k}'), names[e.inputs[0].id]
        params.append(f'red{k}')
        pre.append(L.Assign(acc, L.Const(K.init_value(op, adt), adt)))
        body.append(L.Accumulate(op, acc, L.Cast(t, adt) if e.inputs[0].dtype != adt else t))
        accs.append((acc, op, adt, f'red{k}'))
        spec.reductions.append((e, K.init_value(op, adt), adt))
    body += last
    spec.kernel = L.Kernel(name, params, hoisted,
                           L.GridLoop(kind, r, axes, spec.flat, block, pre, body, accs))
    spec.source = source(spec.kernel)
    spec.outputs = list(spec.stores) + [e.out for e in reds]
    return spec


class Launch:
    """Grid, block and scalar arguments of one kernel for its (fixed) shape."""

    __slots__ = ('grid', 'block', 'scalars', 'P', 'm', 'n')

    def __init__(self, grid: int, block: int, scalars: tuple, P: int, m: int, n: int) -> None:
        self.grid, self.block, self.scalars, self.P, self.m, self.n = \
            grid, block, scalars, P, m, n


def launch(spec: CudaKernelSpec, sms: int, simulator: bool) -> Launch:
    """The launch of ``spec``: enough blocks to fill ``sms`` multiprocessors, few
    under the simulator (while still striding, so every path runs).

    >>> import numpy as np
    >>> s = CudaKernelSpec(); s.shape = (1000,); s.kind = 'ew'; s.flat = True
    >>> l = launch(s, sms=100, simulator=False)
    >>> (l.grid, l.block, l.scalars)
    (4, 256, (1000,))
    """
    S = spec.shape
    n = int(math.prod(S))
    block = spec.block
    dims = tuple(int(s) for s in S)
    max_blocks = 3 if simulator else sms * 16
    if spec.kind == 'ew':
        grid = max(1, min(math.ceil(n / block), max_blocks))
        return Launch(grid, block, (n,) if spec.flat else (n,) + dims, 1, n, n)
    kept = [d for d in range(len(S)) if d not in spec.axes]
    m = int(math.prod([S[d] for d in kept]))
    k = int(math.prod([S[d] for d in spec.axes]))
    if spec.kind == 'cols':
        want = (96 if simulator else sms * block * 4)
        P = max(1, min(math.ceil(want / max(m, 1)), math.ceil(k / 16)))
        grid = max(1, min(math.ceil(m * P / block), max_blocks))
    else:
        want = max_blocks if simulator else sms * 4
        P = max(1, min(math.ceil(want / max(m, 1)), math.ceil(k / block)))
        grid = max(1, min(m * P, max_blocks))
    kc = math.ceil(k / P) if k else 0
    return Launch(grid, block, (m, k, P, kc) + dims, P, m, n)


# The imports a generated kernel module starts with (the same under the
# simulator, which rebinds ``math`` afterwards).
HEADER = 'import math\nimport numpy as np\nfrom numba import cuda\n\n'


def explain_line(spec: CudaKernelSpec, lau: Optional[Launch] = None) -> str:
    """One line saying what a kernel computes and how it is launched."""
    ops = ' '.join(e.prim.name for e in spec.members)
    how = {'ew': 'grid-stride elementwise', 'rows': 'block per reduced row (shared memory)',
           'cols': 'thread per reduced column'}[spec.kind]
    axes = f' over axes {spec.axes}' if spec.kind != 'ew' else ''
    geo = f'; grid {lau.grid} x {lau.block}, {lau.P} chunk(s)' if lau is not None else ''
    return f'# cuda kernel over {spec.shape} ({how}{axes}{geo}): {ops}'


def _lines(stmts: list, depth: int) -> list:
    return [_IND * depth + T.line(s, CUDA_TABLE) for s in stmts]


def _split(flat: str, dims: list, tmp: str, depth: int) -> list:
    """Lines that split index ``flat`` into ``i<d>`` over ``dims`` (last fastest)."""
    if len(dims) <= 1:
        lines = [f'i{d} = {flat}' for d in dims]
    else:
        lines = [f'{tmp} = {flat}']
        for d in reversed(dims[1:]):
            lines += [f'i{d} = {tmp} % n{d}', f'{tmp} = {tmp} // n{d}']
        lines.append(f'i{dims[0]} = {tmp}')
    return [_IND * depth + s for s in lines]


def source(k: L.Kernel) -> str:
    """The whole kernel function.

    >>> import numpy as np
    >>> from tapejit.compiler import loop_ir as L
    >>> f32 = np.dtype(np.float32)
    >>> body = [L.Assign(L.Load('out0', ('i',)), L.Apply('exp', (L.Load('in0', ('i',)),), {},
    ...                                                 (f32,), f32))]
    >>> print(source(L.Kernel('kernel', ['in0', 'out0'], [],
    ...                       L.GridLoop('ew', 1, (), True, 256, [], body, []))), end='')
    def kernel(N, in0, out0):
        for i in range(cuda.grid(1), N, cuda.gridsize(1)):
            out0[i] = math.exp(in0[i])
    """
    g = k.chunk
    dims = [f'n{d}' for d in range(g.rank)]
    head = ['N'] + ([] if g.flat else dims) if g.kind == 'ew' else ['m', 'k', 'P', 'kc'] + dims
    lines = [f'def {k.name}({", ".join(head + k.params)}):'] + _lines(k.hoisted, 1)
    if g.kind == 'ew':
        lines.append(f'{_IND}for i in range(cuda.grid(1), N, cuda.gridsize(1)):')
        lines += ([] if g.flat else _split('i', list(range(g.rank)), 'rem', 2))
        lines += _lines(g.body, 2)
    else:
        lines += (_columns if g.kind == 'cols' else _rows)(g)
    return '\n'.join(lines) + '\n'


def _cell(g: L.GridLoop, head: list, start: str, step: str) -> list:
    """The loop over a thread's (or block's) (cell, chunk) pairs down to the
    loop over the chunk's elements, then the body."""
    kept = [d for d in range(g.rank) if d not in g.axes]
    lines = [_IND * 2 + s for s in head] + _split('c', kept, 'rc', 2) + _lines(g.pre, 2)
    lines.append(f'{_IND * 2}for j in range({start}, min(p * kc + kc, k){step}):')
    return lines + _split('j', list(g.axes), 'rj', 3) + _lines(g.body, 3)


def _columns(g: L.GridLoop) -> list:
    """A reduction over leading axes: a thread per (chunk, output cell), each
    folding its chunk of the reduced axes (the chunks combined by the caller)."""
    lines = [f'{_IND}for t in range(cuda.grid(1), m * P, cuda.gridsize(1)):']
    lines += _cell(g, ['p = t // m', 'c = t - p * m'], 'p * kc', '')
    return lines + _lines([L.Assign(L.Load(out, ('p', 'c')), acc)
                           for acc, op, dt, out in g.accs], 2)


def _rows(g: L.GridLoop) -> list:
    """A reduction over trailing axes: a block per (output cell, chunk), its
    threads striding over the chunk, then a tree combine in shared memory."""
    lines = [f'{_IND}sh{k} = cuda.shared.array({g.block}, np.{dt.name})'
             for k, (acc, op, dt, out) in enumerate(g.accs)]
    lines.append(f'{_IND}tid = cuda.threadIdx.x')
    lines.append(f'{_IND}for b in range(cuda.blockIdx.x, m * P, cuda.gridDim.x):')
    lines += _cell(g, ['c = b // P', 'p = b - c * P'], 'p * kc + tid', f', {g.block}')
    lines += _lines([L.Assign(L.Load(f'sh{k}', ('tid',)), acc)
                     for k, (acc, op, dt, out) in enumerate(g.accs)], 2)
    lines += [f'{_IND * 2}cuda.syncthreads()', f'{_IND * 2}w = {g.block // 2}',
              f'{_IND * 2}while w > 0:', f'{_IND * 3}if tid < w:']
    for k, (acc, op, dt, out) in enumerate(g.accs):
        if op == 'sum':
            fold = [T.update(op, f'sh{k}[tid]', f'sh{k}[tid + w]')]
        else:
            fold = [f'a{k} = sh{k}[tid]', f'b{k} = sh{k}[tid + w]', T.update(op, f'a{k}', f'b{k}'),
                    f'sh{k}[tid] = a{k}']
        lines += [_IND * 4 + s for s in fold]
    lines += [f'{_IND * 3}cuda.syncthreads()', f'{_IND * 3}w //= 2', f'{_IND * 2}if tid == 0:']
    lines += [f'{_IND * 3}{out}[p, c] = sh{k}[0]' for k, (acc, op, dt, out) in enumerate(g.accs)]
    # The shared arrays are reused by the block's next cell.
    return lines + [f'{_IND * 2}cuda.syncthreads()']
