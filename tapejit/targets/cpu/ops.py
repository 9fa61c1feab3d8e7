"""The CPU op table: how each elementwise primitive is rendered as a scalar
expression inside a generated Numba loop.

An entry is ``fn(args, params, in_dtypes, out_dtype) -> str``: ``args`` are
the Python expressions of the inputs' scalar values.  Entries are registered
on the primitives (``prim.lowering['cpu']``); a primitive without one runs
through its eager ``impl`` between kernels.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy

from tapejit.ops.registry import PRIMITIVES


def typed(value: Any, dtype: Any) -> str:
    """A literal of ``dtype`` in generated code (NaN/inf spelled out)."""
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return 'True' if value else 'False'
    if dtype.kind == 'f':
        v = float(value)
        if v != v:
            lit = 'np.nan'
        elif v in (float('inf'), float('-inf')):
            lit = 'np.inf' if v > 0 else '-np.inf'
        else:
            lit = repr(v)
        return f'np.{dtype.name}({lit})'
    return f'np.{dtype.name}({int(value)})'


def _unary(fn: str) -> Callable:
    return lambda a, p, it, ot: f'{fn}({a[0]})'


def _binop(op: str) -> Callable:
    return lambda a, p, it, ot: f'({a[0]} {op} {a[1]})'


def _div(a, p, it, ot):
    if it[0].kind == 'f' and it[1].kind == 'f':
        return f'({a[0]} / {a[1]})'
    return f'np.{ot.name}(np.float64({a[0]}) / np.float64({a[1]}))'


def _maximum(a, p, it, ot):
    # NaN propagates from either side, as numpy.maximum does; on a tie the
    # second operand, as numpy.maximum does too (so relu(-0.0) = maximum(0, -0.0)
    # keeps its sign).
    x, y = a
    return f'({x} if ({x} > {y} or {x} != {x}) else {y})'


def _minimum(a, p, it, ot):
    x, y = a
    return f'({x} if ({x} < {y} or {x} != {x}) else {y})'


def _pow_const(a, p, it, ot):
    x, e = a[0], p['p']
    if e == 1:
        return x
    # Small integer powers as products: ``**`` is a call into the C library
    # that keeps the loop from vectorizing. (Within an ulp or two of pow.)
    if e in (2, 3, 4):
        sq = f'({x} * {x})'
        return {2: sq, 3: f'({sq} * {x})', 4: f'({sq} * {sq})'}[e]
    if ot.kind == 'f':
        if e == -1:
            return f'({typed(1, ot)} / {x})'
        if e == 0.5:
            return f'np.sqrt({x})'
        return f'({x} ** {typed(e, ot)})'
    return f'({x} ** {int(e)})'


def _cast(a, p, it, ot):
    if ot == numpy.bool_:
        return f'({a[0]} != 0)'
    if it[0] == numpy.bool_:
        return f'({typed(1, ot)} if {a[0]} else {typed(0, ot)})'
    return f'np.{ot.name}({a[0]})'


def _tanh_fn(dt: numpy.dtype) -> str:
    # float32: the vectorizable rational approximation (vecmath), within a
    # few ulp of numpy.tanh; float64 keeps the C library's.
    return 'tanh_f32' if dt == numpy.float32 else 'np.tanh'


def _tanh(a, p, it, ot):
    return f'{_tanh_fn(ot)}({a[0]})'


def _sigmoid(a, p, it, ot):
    half = typed(0.5, ot)
    return f'({_tanh_fn(ot)}({a[0]} * {half}) * {half} + {half})'


def _erf(a, p, it, ot):
    return f'np.{ot.name}(math.erf({a[0]}))'


def _sign(a, p, it, ot):
    x = a[0]
    if ot.kind == 'f':
        return (f'({typed(1, ot)} if {x} > 0 else ({typed(-1, ot)} if {x} < 0 else '
                f'({typed(0, ot)} if {x} == 0 else {x})))')
    return f'np.{ot.name}(np.sign({x}))'


CPU_TABLE: dict = {
    'neg': lambda a, p, it, ot: f'(-{a[0]})',
    'exp': _unary('np.exp'), 'log': _unary('np.log'), 'log1p': _unary('np.log1p'),
    'expm1': _unary('np.expm1'), 'sqrt': _unary('np.sqrt'), 'sin': _unary('np.sin'),
    'cos': _unary('np.cos'), 'tan': _unary('np.tan'), 'tanh': _tanh,
    'arcsin': _unary('np.arcsin'), 'arccos': _unary('np.arccos'),
    'arctan': _unary('np.arctan'),
    'absolute': _unary('abs'), 'sign': _sign, 'sigmoid': _sigmoid, 'erf': _erf,
    'pow_const': _pow_const, 'cast': _cast,
    'add': _binop('+'), 'sub': _binop('-'), 'mul': _binop('*'), 'div': _div,
    'pow': _binop('**'), 'maximum': _maximum, 'minimum': _minimum,
    'greater': _binop('>'), 'greater_equal': _binop('>='), 'less': _binop('<'),
    'less_equal': _binop('<='), 'equal': _binop('=='), 'not_equal': _binop('!='),
    'where': lambda a, p, it, ot: f'({a[1]} if {a[0]} else {a[2]})',
}

# Reductions a kernel can end in: (initial value, update statement template).
REDUCTIONS = ('sum', 'max', 'min')


def register() -> None:
    for name, entry in CPU_TABLE.items():
        PRIMITIVES[name].lowering['cpu'] = entry
    for name in REDUCTIONS:
        PRIMITIVES[name].lowering['cpu'] = 'reduce'
    PRIMITIVES['broadcast_to'].lowering['cpu'] = 'broadcast'


register()
