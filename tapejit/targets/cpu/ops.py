"""The CPU op table: one row per elementwise primitive, an entry per renderer.

A row's ``numba`` entry renders the primitive as a scalar Python expression
inside a generated Numba loop, ``fn(args, params, in_dtypes, out_dtype) ->
str`` (``args`` the inputs' expressions); its ``llvm`` entry builds the
same computation with llvmlite's IR builder, ``fn(em, args, params,
in_dtypes, out_dtype) -> (value, dtype)`` (``em`` a
:class:`~tapejit.targets.cpu.native._Emitter`, ``args`` the inputs'
``(value, dtype)`` pairs), operation for operation as Numba computes the
text, so both give the same bits.  A case an LLVM entry does not compile
(an integer power, ``np.sign`` of an integer) raises
:class:`~tapejit.targets.cpu.native.Unsupported` and the kernel runs
through Numba.  Which primitives have rows is their own business: each
declares its kind (``Primitive.kind``), and every ``'elementwise'`` one has
a row here.

>>> import numpy as np
>>> f32 = np.dtype(np.float32)
>>> CPU_OPS['maximum'].numba(['x', 'y'], {}, [f32, f32], f32)
'(x if (x > y or x != x) else y)'
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy

from tapejit.ops.registry import PRIMITIVES
from tapejit.targets.cpu import vecmath
from tapejit.targets.cpu.native import Unsupported

_F64 = numpy.dtype(numpy.float64)
_I64 = numpy.dtype(numpy.int64)


def typed(value: Any, dtype: Any) -> str:
    """A literal of ``dtype`` in generated code (NaN/inf spelled out).

    >>> typed(float('-inf'), 'float32'), typed(3, 'int8')
    ('np.float32(-np.inf)', 'np.int8(3)')
    """
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


def literal(em: Any, value: Any, dtype: Any) -> tuple:
    """The LLVM constant :func:`typed` spells (a NaN is the one NumPy's ``np.nan`` is)."""
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return em.const(bool(value), dtype)
    if dtype.kind == 'f':
        v = float(value)
        return em.const(v if v == v else float('nan'), dtype)
    return em.const(int(value), dtype)


class OpRow(NamedTuple):
    """How the CPU computes one primitive: per renderer, an entry."""

    numba: Callable
    llvm: Callable


def _math(fn: str) -> OpRow:
    # np.<fn> on a float: an LLVM intrinsic or the C library's function.
    return OpRow(lambda a, p, it, ot: f'np.{fn}({a[0]})',
                 lambda em, a, p, it, ot: em.math('np', fn, a[0]))


def _arith(op: str) -> OpRow:
    return OpRow(lambda a, p, it, ot: f'({a[0]} {op} {a[1]})',
                 lambda em, a, p, it, ot: em.arith(op, a[0], a[1]))


def _compare(op: str) -> OpRow:
    return OpRow(lambda a, p, it, ot: f'({a[0]} {op} {a[1]})',
                 lambda em, a, p, it, ot: em.compare_op(op, a[0], a[1]))


def _div(a, p, it, ot):
    if it[0].kind == 'f' and it[1].kind == 'f':
        return f'({a[0]} / {a[1]})'
    return f'np.{ot.name}(np.float64({a[0]}) / np.float64({a[1]}))'


def _div_ll(em, a, p, it, ot):
    if it[0].kind == 'f' and it[1].kind == 'f':
        return em.arith('/', a[0], a[1])
    return em.convert(em.arith('/', em.convert(a[0], _F64), em.convert(a[1], _F64)), ot)


def _extremum(cmp: str) -> OpRow:
    # NaN propagates from either side, as numpy.maximum/minimum do; on a tie
    # the second operand, as they do too (so relu(-0.0) = maximum(0, -0.0)
    # keeps its sign).  Reductions fold with the same expression.
    def text(a, p, it, ot):
        x, y = a
        return f'({x} if ({x} {cmp} {y} or {x} != {x}) else {y})'

    def build(em, a, p, it, ot):
        x, y = a
        return em.select(em.either(em.compare_op(cmp, x, y), em.compare_op('!=', x, x)), x, y)
    return OpRow(text, build)


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


def _pow_const_ll(em, a, p, it, ot):
    x, e = a[0], p['p']
    if e == 1:
        return x
    if e in (2, 3, 4):
        # (The text computes x * x twice for 4: the same product, the same bits.)
        sq = em.arith('*', x, x)
        return sq if e == 2 else em.arith('*', sq, x if e == 3 else sq)
    if ot.kind == 'f':
        if e == -1:
            return em.arith('/', literal(em, 1, ot), x)
        if e == 0.5:
            return em.math('np', 'sqrt', x)
        return em.arith('**', x, literal(em, e, ot))
    return em.arith('**', x, em.const(int(e), _I64))


def _cast(a, p, it, ot):
    if ot == numpy.bool_:
        return f'({a[0]} != 0)'
    if it[0] == numpy.bool_:
        return f'({typed(1, ot)} if {a[0]} else {typed(0, ot)})'
    return f'np.{ot.name}({a[0]})'


def _cast_ll(em, a, p, it, ot):
    if ot == numpy.bool_:
        return em.compare_op('!=', a[0], em.const(0, _I64))
    if it[0] == numpy.bool_:
        return em.select(a[0], literal(em, 1, ot), literal(em, 0, ot))
    return em.convert(a[0], ot)


def _tanh_fn(dt: numpy.dtype) -> str:
    # float32: the vectorizable rational approximation (vecmath), within a
    # few ulp of numpy.tanh; float64 keeps the C library's.
    return 'tanh_f32' if dt == numpy.float32 else 'np.tanh'


def _tanh(a, p, it, ot):
    return f'{_tanh_fn(ot)}({a[0]})'


def _tanh_ll(em, a, p, it, ot):
    if ot == numpy.float32:
        return vecmath.tanh_f32_llvm(em, a[0])
    return em.math('np', 'tanh', a[0])


def _sigmoid(a, p, it, ot):
    half = typed(0.5, ot)
    return f'({_tanh_fn(ot)}({a[0]} * {half}) * {half} + {half})'


def _sigmoid_ll(em, a, p, it, ot):
    t = _tanh_ll(em, [em.arith('*', a[0], literal(em, 0.5, ot))], p, it, ot)
    return em.arith('+', em.arith('*', t, literal(em, 0.5, ot)), literal(em, 0.5, ot))


def _sign(a, p, it, ot):
    x = a[0]
    if ot.kind == 'f':
        return (f'({typed(1, ot)} if {x} > 0 else ({typed(-1, ot)} if {x} < 0 else '
                f'({typed(0, ot)} if {x} == 0 else {x})))')
    return f'np.{ot.name}(np.sign({x}))'


def _sign_ll(em, a, p, it, ot):
    x = a[0]
    if ot.kind != 'f':
        raise Unsupported(f'np.sign of {x[1]}')
    zero = em.const(0, _I64)   # (an int literal: compared in the promoted dtype)
    pos, neg, eq = (em.compare_op(c, x, zero) for c in ('>', '<', '=='))
    return em.select(pos, literal(em, 1, ot), em.select(
        neg, literal(em, -1, ot), em.select(eq, literal(em, 0, ot), x)))


CPU_OPS: dict = {
    'neg': OpRow(lambda a, p, it, ot: f'(-{a[0]})', lambda em, a, p, it, ot: em.negate(a[0])),
    'exp': _math('exp'), 'log': _math('log'), 'log1p': _math('log1p'),
    'expm1': _math('expm1'), 'sqrt': _math('sqrt'), 'sin': _math('sin'), 'cos': _math('cos'),
    'tan': _math('tan'), 'arcsin': _math('arcsin'), 'arccos': _math('arccos'),
    'arctan': _math('arctan'),
    'tanh': OpRow(_tanh, _tanh_ll),
    'absolute': OpRow(lambda a, p, it, ot: f'abs({a[0]})',
                      lambda em, a, p, it, ot: em.absolute(a[0])),
    'sign': OpRow(_sign, _sign_ll),
    'sigmoid': OpRow(_sigmoid, _sigmoid_ll),
    'erf': OpRow(lambda a, p, it, ot: f'np.{ot.name}(math.erf({a[0]}))',
                 lambda em, a, p, it, ot: em.convert(em.math('math', 'erf', a[0]), ot)),
    'pow_const': OpRow(_pow_const, _pow_const_ll),
    'cast': OpRow(_cast, _cast_ll),
    'add': _arith('+'), 'sub': _arith('-'), 'mul': _arith('*'), 'div': OpRow(_div, _div_ll),
    'pow': _arith('**'), 'maximum': _extremum('>'), 'minimum': _extremum('<'),
    'greater': _compare('>'), 'greater_equal': _compare('>='), 'less': _compare('<'),
    'less_equal': _compare('<='), 'equal': _compare('=='), 'not_equal': _compare('!='),
    'where': OpRow(lambda a, p, it, ot: f'({a[1]} if {a[0]} else {a[2]})',
                   lambda em, a, p, it, ot: em.select(a[0], a[1], a[2])),
}

# The Numba entries by name (the CUDA table renames them).
CPU_TABLE: dict = {name: row.numba for name, row in CPU_OPS.items()}

# Reductions a kernel can end in (their update: :func:`render.update`).
REDUCTIONS = ('sum', 'max', 'min')


def register() -> None:
    for name, row in CPU_OPS.items():
        PRIMITIVES[name].lowering['cpu'] = row


register()
