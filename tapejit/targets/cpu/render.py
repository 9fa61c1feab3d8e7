"""A loop-IR kernel (:mod:`tapejit.compiler.loop_ir`) as the source of a
Numba kernel function, each primitive as its row of the CPU op table
(:mod:`tapejit.targets.cpu.ops`) says.  Numba compiles it where the kernel
is parallel or native compilation refuses it; else it is the kernel's cache
key (:mod:`tapejit.targets.cpu.llvm_render` compiles the loop IR itself).

>>> import numpy as np
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

from __future__ import annotations

from tapejit.compiler import loop_ir as L
from tapejit.targets import numba_text as T
from tapejit.targets.cpu.ops import CPU_TABLE

_IND = '    '


def statements(stmts: list, depth: int) -> list:
    """The source lines of ``stmts``, indented ``depth`` levels."""
    lines: list = []
    pad = _IND * depth
    for s in stmts:
        cls = s.__class__
        if cls is L.Assign or cls is L.Accumulate:
            lines.append(pad + T.line(s, CPU_TABLE))
        elif cls is L.For:
            lines.append(f'{pad}for {s.var} in range(n[{s.axis}]):')
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


def source(k: L.Kernel) -> str:
    """The whole kernel function."""
    lines = [f'def {k.name}(n, ch, nch, {", ".join(k.params)}):']
    lines += statements(k.hoisted, 1)
    # (prange: the chunks of a parallel variant may run on several threads.)
    lines.append(f'{_IND}for c in {"prange" if k.chunk.parallel else "range"}(nch):')
    lines += statements(k.chunk.pre + k.chunk.body + k.chunk.post, 2)
    return '\n'.join(lines) + '\n'
