"""Loop-IR expressions and assignments as Python text: what ``numba.cuda``
compiles for the GPU, and the CPU kernel's text (shown by ``explain()``,
run as Python by the tests as the kernel's reference), each with its own op table
(``name -> entry(args, params, in_dtypes, out_dtype) -> text``) and loops.

>>> import numpy as np
>>> from tapejit.compiler import loop_ir as L
>>> f32 = np.dtype(np.float32)
>>> table = {'mul': lambda a, p, it, ot: f'({a[0]} * {a[1]})'}
>>> line(L.Assign(L.Local('t0'), L.Apply('mul', (L.Load('x', ('i',)), L.Const(2, f32)), {},
...                                     (f32, f32), f32)), table)
't0 = (x[i] * np.float32(2.0))'
>>> line(L.Accumulate('max', L.Local('acc0'), L.Local('t0')), table)
'acc0 = t0 if (t0 > acc0 or t0 != t0) else acc0'
"""

from __future__ import annotations

from typing import Any

from tapejit.compiler import loop_ir as L
from tapejit.targets.ops import typed


def expr(e: Any, table: dict) -> str:
    """The Python expression of loop-IR expression ``e``; ``table`` renders each primitive."""
    cls = e.__class__
    if cls is L.Local:
        return e.name
    if cls is L.Load:
        return f'{e.array}[{", ".join(str(i) for i in e.index)}]'
    if cls is L.Const:
        return typed(e.value, e.dtype)
    if cls is L.Apply:
        return table[e.prim]([expr(a, table) for a in e.args], e.params, list(e.in_dtypes),
                             e.dtype)
    if cls is L.Cast:
        return f'np.{e.dtype.name}({expr(e.expr, table)})'
    if isinstance(e, int):
        return str(e)
    raise TypeError(f'loop IR: no Numba text for the expression {cls.__name__}')


def update(op: str, acc: str, t: str) -> str:
    """The statement folding value ``t`` into accumulator ``acc`` (NaN wins in max/min).

    >>> update('sum', 'acc0', 't1')
    'acc0 += t1'
    """
    if op == 'sum':
        return f'{acc} += {t}'
    cmp = '>' if op == 'max' else '<'
    return f'{acc} = {t} if ({t} {cmp} {acc} or {t} != {t}) else {acc}'


def line(s: Any, table: dict) -> str:
    """The line of an :class:`~L.Assign` or :class:`~L.Accumulate` statement."""
    if s.__class__ is L.Assign:
        return f'{expr(s.target, table)} = {expr(s.value, table)}'
    if s.__class__ is L.Accumulate:
        return update(s.op, expr(s.target, table), expr(s.value, table))
    raise TypeError(f'loop IR: {s.__class__.__name__} is not an assignment')
