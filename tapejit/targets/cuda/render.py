"""The CUDA target's renderer: a loop-IR kernel whose loop is a
:class:`~tapejit.compiler.loop_ir.GridLoop`, as the Python source of a
``numba.cuda`` kernel.

The statements per element are the loop IR's, each primitive computed as
its entry of the CUDA op table (:mod:`tapejit.targets.cuda.ops`) says; this
module writes the schedule around them: the grid-stride loop, the split of
a flat index into the axes' indices, and the reductions' threads and
shared-memory tree.  The kernel's leading parameters are the launch's
sizes: ``N`` (and ``n0``.. unless flat) for ``'ew'``; ``m`` cells, ``k``
reduced elements per cell, ``P`` chunks of ``kc`` elements, ``n0``.. for a
reduction.

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

from __future__ import annotations

from tapejit.compiler import loop_ir as L
from tapejit.targets import numba_text as T
from tapejit.targets.cuda.ops import CUDA_TABLE

_IND = '    '


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
    """The whole kernel function."""
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
