"""The op table: one row per elementwise primitive, written once, with an
entry per renderer, shared by the CPU and CUDA targets.

A row is ``fn(b, args, params, in_dtypes, out_dtype)`` over a builder ``b``
with the calls of :class:`~tapejit.targets.cpu.emitter.Emitter` (``arith``,
``compare_op``, ``select``, ``math``, ``const``, ...).  Given the emitter it
builds the primitive in LLVM IR (the row's ``llvm`` entry); given
:data:`TEXT`, the same operations in the same order as a Python expression
for the CPU kernel's text (its ``numba`` entry: what ``explain()`` shows,
and the reference tests run as Python): the same bits either way; given
:data:`CUDA_TEXT`, as a ``numba.cuda`` kernel spells them (its ``cuda``
entry: the transcendental functions are ``math.*``, typed per float width by
Numba's CUDA target).  A case a renderer does not compile raises
:class:`~tapejit.compiler.loop_ir.Unsupported`, and the kernel runs op by
op, with a warning.  Every ``'elementwise'`` primitive has a row here.

>>> import numpy as np
>>> f32 = np.dtype(np.float32)
>>> OPS['maximum'].numba(['x', 'y'], {}, [f32, f32], f32)
'(x if (x > y or x != x) else y)'
>>> OPS['arcsin'].numba(['x'], {}, [f32], f32), OPS['arcsin'].cuda(['x'], {}, [f32], f32)
('np.arcsin(x)', 'math.asin(x)')
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy

_F32 = numpy.dtype(numpy.float32)
_F64 = numpy.dtype(numpy.float64)


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


class _Op(str):
    """A binary operation's text in parentheses; ``bare`` is it without
    them, for where Python's precedence needs none (a call's argument, an
    ``or``'s or a conditional's test)."""

    bare: str


def _op(inner: str) -> _Op:
    out = _Op(f'({inner})')
    out.bare = inner
    return out


def _bare(x: str) -> str:
    return getattr(x, 'bare', x)


class _Text:
    """The builder whose values are Python text: the emitter's calls, each
    spelled as the Numba kernel computes it.

    >>> TEXT.select(TEXT.compare_op('>', 'x', TEXT.integer(0)), 'x', TEXT.const(0, 'f4'))
    '(x if x > 0 else np.float32(0.0))'
    """

    def arith(self, op: str, x: str, y: str) -> str:
        return _op(f'{x} {op} {y}')

    compare_op = arith

    def either(self, x: str, y: str) -> str:
        return f'({_bare(x)} or {_bare(y)})'

    def select(self, test: str, x: str, y: str) -> str:
        return f'({x} if {_bare(test)} else {y})'

    def negate(self, x: str) -> str:
        return f'(-{x})'

    def absolute(self, x: str) -> str:
        return f'abs({_bare(x)})'

    def convert(self, x: str, dt: numpy.dtype) -> str:
        return f'np.{dt.name}({_bare(x)})'

    def math(self, mod: str, name: str, x: str) -> str:
        return f'{mod}.{name}({_bare(x)})'

    def vector_f32(self, name: str, x: str) -> str:
        """float32 ``name`` of ``x`` in its vectorizable form
        (:mod:`tapejit.targets.cpu.vecmath`'s ``<name>_f32``)."""
        return f'{name}_f32({_bare(x)})'

    def const(self, value: Any, dt: Any) -> str:
        return typed(value, dt)

    def integer(self, value: int) -> str:
        return str(int(value))


TEXT = _Text()

# NumPy's names of the functions whose C (and CUDA) name differs.
_C_NAMES = {'arcsin': 'asin', 'arccos': 'acos', 'arctan': 'atan'}


class _CudaText(_Text):
    """The text builder of ``numba.cuda`` kernels: ``math.*`` where the CPU's
    text calls NumPy's scalar functions, which a CUDA kernel does not all
    have; ``math.tanh`` (and the like) for the CPU's vectorizable float32
    forms."""

    def math(self, mod: str, name: str, x: str) -> str:
        return f'math.{_C_NAMES.get(name, name)}({_bare(x)})'

    def vector_f32(self, name: str, x: str) -> str:
        return f'math.{name}({_bare(x)})'


CUDA_TEXT = _CudaText()


class OpRow(NamedTuple):
    """How one primitive is computed: per renderer, an entry."""

    llvm: Callable
    numba: Callable
    cuda: Callable


def _row(fn: Callable) -> OpRow:
    # (The text as a plain str: a row's output is parenthesized as a whole.)
    return OpRow(fn, lambda a, p, it, ot: str(fn(TEXT, a, p, it, ot)),
                 lambda a, p, it, ot: str(fn(CUDA_TEXT, a, p, it, ot)))


def _math(name: str) -> OpRow:
    # np.<name> on a float: an LLVM intrinsic or the C library's function.
    return _row(lambda b, a, p, it, ot: b.math('np', name, a[0]))


def _binary(method: str, op: str) -> OpRow:
    return _row(lambda b, a, p, it, ot: getattr(b, method)(op, a[0], a[1]))


def _div(b, a, p, it, ot):
    if it[0].kind == 'f' and it[1].kind == 'f':
        return b.arith('/', a[0], a[1])
    return b.convert(b.arith('/', b.convert(a[0], _F64), b.convert(a[1], _F64)), ot)


def _extremum(cmp: str) -> OpRow:
    # NaN propagates from either side, as numpy.maximum/minimum do; on a tie
    # the second operand, as they do too (so relu(-0.0) = maximum(0, -0.0)
    # keeps its sign).  Reductions fold with the same expression.
    def build(b, a, p, it, ot):
        x, y = a
        return b.select(b.either(b.compare_op(cmp, x, y), b.compare_op('!=', x, x)), x, y)
    return _row(build)


def _pow_const(b, a, p, it, ot):
    x, e = a[0], p['p']
    if e == 1:
        return x
    # Small integer powers as products: ``**`` is a call into the C library
    # that keeps the loop from vectorizing. (Within an ulp or two of pow.)
    if e in (2, 3, 4):
        sq = b.arith('*', x, x)
        return sq if e == 2 else b.arith('*', sq, x if e == 3 else sq)
    if ot.kind != 'f':
        return b.arith('**', x, b.integer(e))
    if e == -1:
        return b.arith('/', b.const(1, ot), x)
    if e == 0.5:
        return b.math('np', 'sqrt', x)
    return b.arith('**', x, b.const(e, ot))


def _cast(b, a, p, it, ot):
    if ot == numpy.bool_:
        return b.compare_op('!=', a[0], b.integer(0))
    if it[0] == numpy.bool_:
        return b.select(a[0], b.const(1, ot), b.const(0, ot))
    return b.convert(a[0], ot)


def _tanh(b, x, ot):
    # float32: the vectorizable rational approximation (vecmath), within a
    # few ulp of numpy.tanh; float64 keeps the C library's.
    return b.vector_f32('tanh', x) if ot == _F32 else b.math('np', 'tanh', x)


def _vectorized(name: str) -> OpRow:
    # float32: vecmath's vectorizable form (within 2-3 ulp of NumPy's: the C
    # library's is a call per element, which keeps the loop scalar); float64
    # and integers as NumPy computes them.
    def op(b, a, p, it, ot):
        x = a[0]
        if ot == _F32 and it[0] == _F32:
            return b.vector_f32(name, x)
        return b.math('np', name, x)
    return _row(op)


def _erf(b, a, p, it, ot):
    # float32: vecmath's vectorizable erf, within 7 ulp of math.erf (the C
    # library's is a call per element, which keeps the loop scalar); other
    # dtypes as math.erf computes them.
    x = a[0]
    if ot == _F32 and it[0] == _F32:
        return b.vector_f32('erf', x)
    return b.convert(b.math('math', 'erf', x), ot)


def _sigmoid(b, a, p, it, ot):
    half = b.const(0.5, ot)
    return b.arith('+', b.arith('*', _tanh(b, b.arith('*', a[0], half), ot), half), half)


def _sign(b, a, p, it, ot):
    x = a[0]    # (the last select keeps a NaN)
    zero = b.integer(0)   # (an int literal: compared in the promoted dtype)
    if ot.kind in 'ub':   # (never negative: no -1 of the dtype to write)
        return b.select(b.compare_op('>', x, zero), b.const(1, ot), b.const(0, ot))
    return b.select(b.compare_op('>', x, zero), b.const(1, ot), b.select(
        b.compare_op('<', x, zero), b.const(-1, ot), b.select(
            b.compare_op('==', x, zero), b.const(0, ot), x)))


OPS: dict = {
    'neg': _row(lambda b, a, p, it, ot: b.negate(a[0])),
    **{name: _vectorized(name) for name in ('exp', 'log', 'log1p', 'expm1')},
    **{name: _math(name) for name in ('sqrt', 'sin', 'cos',
                                      'tan', 'arcsin', 'arccos', 'arctan')},
    'tanh': _row(lambda b, a, p, it, ot: _tanh(b, a[0], ot)),
    'absolute': _row(lambda b, a, p, it, ot: b.absolute(a[0])),
    'sign': _row(_sign),
    'sigmoid': _row(_sigmoid),
    'erf': _row(_erf),
    'pow_const': _row(_pow_const),
    'cast': _row(_cast),
    **{name: _binary('arith', op) for name, op in (('add', '+'), ('sub', '-'), ('mul', '*'),
                                                   ('pow', '**'))},
    'div': _row(_div),
    'maximum': _extremum('>'), 'minimum': _extremum('<'),
    **{name: _binary('compare_op', op) for name, op in (
        ('greater', '>'), ('greater_equal', '>='), ('less', '<'), ('less_equal', '<='),
        ('equal', '=='), ('not_equal', '!='))},
    'where': _row(lambda b, a, p, it, ot: b.select(a[0], a[1], a[2])),
}

# Each renderer's entries by name (what :func:`tapejit.targets.numba_text.line` takes).
NUMBA_TABLE: dict = {name: row.numba for name, row in OPS.items()}
CUDA_TABLE: dict = {name: row.cuda for name, row in OPS.items()}

# Reductions a kernel can end in (their update: :func:`tapejit.targets.numba_text.update`).
REDUCTIONS = ('sum', 'max', 'min')
