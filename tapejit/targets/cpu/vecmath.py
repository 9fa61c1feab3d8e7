"""Vectorizable scalar math for generated CPU kernels.

``np.tanh`` on a scalar is a call into the C math library, which keeps LLVM
from vectorizing the loop around it (llvmlite ships no vector math library).
``tanh_f32`` is instead Eigen's single-precision rational approximation
(odd degree-13 numerator, even degree-6 denominator, evaluated with fused
multiply-adds, clamped at +-7.99881172 where that evaluation rounds to
+-1): branch-free, within a few ulp of ``numpy.tanh``, NaN propagating.
The FMAs are explicit (:func:`fma_f32`), not left to the compiler: they
take about a quarter off an elementwise chain around a tanh, which is bound
by arithmetic rather than memory on cores with fewer vector units, and
every form computes the same bits.  float64 keeps ``np.tanh``.
:func:`tanh_f32_llvm` builds the operations of :func:`tanh_f32_py` in the
same order in LLVM IR for the kernels.  ``exp_f32``, ``log_f32``,
``log1p_f32``, ``expm1_f32`` and ``erf_f32`` are built the same way (their
C library functions are calls too: a float32 ``log`` ran about 1 ns an
element on two cores, NumPy's 0.4 on one, and the exact GELU 4 ns).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

_F = np.float32
_CLAMP = _F(7.99881172180175781)
_TINY = _F(0.0004)
_A1, _A3, _A5, _A7 = (_F(4.89352455891786e-03), _F(6.37261928875436e-04),
                      _F(1.48572235717979e-05), _F(5.12229709037114e-08))
_A9, _A11, _A13 = _F(-8.60467152213735e-11), _F(2.00018790482477e-13), \
    _F(-2.76076847742355e-16)
_B0, _B2, _B4, _B6 = (_F(4.89352518554385e-03), _F(2.26843463243900e-03),
                      _F(1.18534705686654e-04), _F(1.19825839466702e-06))
_TANH_NUM = (_A13, _A11, _A9, _A7, _A5, _A3, _A1)     # (highest first)
_TANH_DEN = (_B6, _B4, _B2, _B0)


def fma_f32(a: Any, b: Any, c: Any) -> Any:
    """``a * b + c`` of float32 values rounded once, to float32 (what the
    compiled forms' ``llvm.fma.f32`` computes), as plain Python.

    >>> x = np.float32(1 + 2 ** -12)
    >>> float(fma_f32(x, x, np.float32(-1))) == 2 ** -11 + 2 ** -24
    True
    """
    p = float(a) * float(b)       # exact: two 24-bit significands
    cf = float(c)
    s = p + cf
    r = _F(s)
    if not math.isfinite(s):
        return r
    # s's own rounding error, exactly (Knuth's two-sum).  Rounding s to
    # float32 then gives the once-rounded result unless s fell exactly on
    # a float32 midpoint, where that error decides the side.
    bv = s - p
    e = (p - (s - bv)) + (cf - bv)
    d = s - float(r)
    if e != 0.0 and d != 0.0:
        other = np.nextafter(r, _F(math.copysign(np.inf, d)))
        if float(other) - s == d and (e > 0) == (d > 0):
            r = other
    return r


def tanh_f32_py(x: Any) -> Any:
    """float32 ``tanh`` that vectorizes, as plain Python: what the kernel
    text ``tanh_f32`` means, and the reference of :func:`tanh_f32_llvm`.

    >>> import numpy as np
    >>> float(tanh_f32_py(np.float32(0.5)))  # doctest: +ELLIPSIS
    0.46211...
    """
    # NaN fails both comparisons and stays NaN.
    r = _odd_rational_py(x, _CLAMP, _TANH_NUM, _TANH_DEN)
    # Near 0 the input itself is exact (and keeps the sign of -0.0).
    return x if abs(x) < _TINY else r


def _clamp_py(x: Any, bound: Any) -> Any:
    """``x`` within ``[-bound, bound]`` (a NaN fails both tests and stays)."""
    return bound if x > bound else (-bound if x < -bound else x)


def _odd_rational_py(x: Any, bound: Any, num: tuple, den: tuple) -> Any:
    """``xc * num(xc ** 2) / den(xc ** 2)`` of ``xc``, ``x`` clamped to
    ``bound``: each polynomial by Horner's rule from its highest coefficient,
    in fused multiply-adds (the form of tanh's and erf's approximations)."""
    xc = _clamp_py(x, bound)
    x2 = xc * xc
    p = fma_f32(x2, num[0], num[1])
    for c in num[2:]:
        p = fma_f32(x2, p, c)
    q = fma_f32(x2, den[0], den[1])
    for c in den[2:]:
        q = fma_f32(x2, q, c)
    return (xc * p) / q


def _const(em: Any, v: Any) -> tuple:
    """The float32 constant ``v`` as the emitter ``em`` builds it."""
    return em.const(v.item(), v.dtype)


def _fma(em: Any, a: tuple, m: tuple, k: tuple) -> tuple:
    """``a * m + k`` rounded once (``llvm.fma``), as :func:`fma_f32` computes it."""
    return em.intrinsic('llvm.fma', [a[0], m[0], k[0]]), a[1]


def _horner(em: Any, v: tuple, coefs: tuple) -> tuple:
    """``fma(v, c0, c1)``, then ``fma(v, p, c)`` for each later ``c``: the
    Python forms' polynomials (``fma_f32(p, v, c)`` is the same value)."""
    p = _fma(em, v, _const(em, coefs[0]), _const(em, coefs[1]))
    for k in coefs[2:]:
        p = _fma(em, v, p, _const(em, k))
    return p


def tanh_f32_llvm(em: Any, x: tuple) -> tuple:
    """:func:`tanh_f32_py` of ``x`` (a ``(value, dtype)`` pair) built with
    the emitter ``em`` (:class:`tapejit.targets.cpu.emitter.Emitter`): each
    comparison, select, product and fused multiply-add of the Python form,
    in its order.

    >>> import llvmlite.ir as ir, numpy as np
    >>> from tapejit.targets.cpu.emitter import Emitter
    >>> em = Emitter(ir, ir.Module(), False)
    >>> f = ir.Function(em.module, ir.FunctionType(ir.FloatType(), [ir.FloatType()]), 'f')
    >>> em.b = ir.IRBuilder(f.append_basic_block())
    >>> v, dt = tanh_f32_llvm(em, (f.args[0], np.dtype(np.float32)))
    >>> dt, str(v.type)
    (dtype('float32'), 'float')
    """
    em.long_chain()
    r = _odd_rational_llvm(em, x, _CLAMP, _TANH_NUM, _TANH_DEN)
    tiny = em.compare_op('<', em.absolute(x), _const(em, _TINY))
    return em.select(tiny, x, r)


def _clamp_llvm(em: Any, x: tuple, bound: tuple) -> tuple:
    """:func:`_clamp_py` built with the emitter ``em``."""
    low = em.negate(bound)
    return em.select(em.compare_op('>', x, bound), bound,
                     em.select(em.compare_op('<', x, low), low, x))


def _odd_rational_llvm(em: Any, x: tuple, bound: Any, num: tuple, den: tuple) -> tuple:
    """:func:`_odd_rational_py` built with the emitter ``em``."""
    xc = _clamp_llvm(em, x, _const(em, bound))
    x2 = em.arith('*', xc, xc)
    p = em.arith('*', xc, _horner(em, x2, num))
    return em.arith('/', p, _horner(em, x2, den))


# exp: Cephes' single-precision expf (range reduction by a two-part ln 2,
# a degree-5 polynomial of the remainder), with fused multiply-adds; the
# power of two applied in two halves, so that results down to the
# subnormals (and up to the last finite float32) come out of one formula.
_EXP_HI = _F(88.72283935546875)        # above: +inf (float32's largest exp)
_EXP_LO = _F(-103.97283935546875)      # below: 0 (less than half the least subnormal)
_LOG2E = _F(1.44269504088896341)
_LN2_HI, _LN2_LO = _F(0.693359375), _F(-2.12194440e-4)
_E0, _E1, _E2 = _F(1.9875691500e-4), _F(1.3981999507e-3), _F(8.3334519073e-3)
_E3, _E4, _E5 = _F(4.1665795894e-2), _F(1.6666665459e-1), _F(5.0000001201e-1)
_ONE = _F(1.0)


def _pow2_f32(k: int) -> Any:
    """``2.0 ** k`` as float32, for ``-126 <= k <= 127``, from its bits."""
    return np.array((k + 127) << 23, np.int32).view(np.float32)[()]


def exp_f32_py(x: Any) -> Any:
    """float32 ``exp`` that vectorizes, as plain Python: the reference of
    :func:`exp_f32_llvm` (within two ulp of ``numpy.exp``).

    >>> float(exp_f32_py(np.float32(1.0)))  # doctest: +ELLIPSIS
    2.71828...
    >>> exp_f32_py(np.float32(89.0)), exp_f32_py(np.float32(-104.0))
    (np.float32(inf), np.float32(0.0))
    """
    x = _F(x)
    if x > _EXP_HI:
        return _F(np.inf)
    if x < _EXP_LO:
        return _F(0.0)
    # (NaN fails both comparisons; its k is 0 and it stays NaN.)
    k = np.rint(x * _LOG2E) if x == x else _F(0.0)
    r = fma_f32(-k, _LN2_HI, x)
    r = fma_f32(-k, _LN2_LO, r)
    p = fma_f32(r, _E0, _E1)
    for c in (_E2, _E3, _E4, _E5):
        p = fma_f32(p, r, c)
    p = fma_f32(p, r * r, r) + _ONE
    ki = int(k)
    half = ki >> 1
    with np.errstate(over='ignore', under='ignore'):   # (inf and subnormals meant)
        return (p * _pow2_f32(half)) * _pow2_f32(ki - half)


def exp_f32_llvm(em: Any, x: tuple) -> tuple:
    """:func:`exp_f32_py` of ``x`` (a ``(value, dtype)`` pair) built with
    the emitter ``em``: each operation of the Python form, in its order,
    branch-free (the range checks are selects).

    >>> import llvmlite.ir as ir, numpy as np
    >>> from tapejit.targets.cpu.emitter import Emitter
    >>> em = Emitter(ir, ir.Module(), False)
    >>> f = ir.Function(em.module, ir.FunctionType(ir.FloatType(), [ir.FloatType()]), 'f')
    >>> em.b = ir.IRBuilder(f.append_basic_block())
    >>> v, dt = exp_f32_llvm(em, (f.args[0], np.dtype(np.float32)))
    >>> dt, str(v.type)
    (dtype('float32'), 'float')
    """
    em.long_chain()
    b, ir = em.b, em.ir
    f32 = x[1]
    i32 = ir.IntType(32)

    def c(v: Any) -> tuple:
        return _const(em, v)

    def fma(a: tuple, m: tuple, k: tuple) -> tuple:
        return _fma(em, a, m, k)
    # NaN: k = 0 (a select, as the comparison is unordered-false), x itself
    # carried through the arithmetic.
    finite = em.compare_op('==', x, x)
    k = em.select(finite, (em.intrinsic('llvm.rint', [em.arith('*', x, c(_LOG2E))[0]]), f32),
                  c(_F(0.0)))
    nk = em.negate(k)
    r = fma(nk, c(_LN2_HI), x)
    r = fma(nk, c(_LN2_LO), r)
    p = _horner(em, r, (_E0, _E1, _E2, _E3, _E4, _E5))
    p = em.arith('+', fma(p, em.arith('*', r, r), r), c(_ONE))
    ki = b.fptosi(k[0], i32)
    half = b.ashr(ki, ir.Constant(i32, 1))
    rest = b.sub(ki, half)

    def pow2(e: Any) -> tuple:
        bits = b.shl(b.add(e, ir.Constant(i32, 127)), ir.Constant(i32, 23))
        return b.bitcast(bits, ir.FloatType()), f32
    y = em.arith('*', em.arith('*', p, pow2(half)), pow2(rest))
    y = em.select(em.compare_op('<', x, c(_EXP_LO)), c(_F(0.0)), y)
    return em.select(em.compare_op('>', x, c(_EXP_HI)), c(_F(np.inf)), y)


def exp_f32_vector(b: Any, ir: Any, v: Any) -> Any:
    """:func:`exp_f32_llvm` of each lane of ``v`` (an LLVM vector of
    float32) built with the IR builder ``b``: the same operations in the
    same order, so that a kernel writing its vectors itself computes the
    bits the elementwise kernels do.

    >>> import llvmlite.ir as ir
    >>> m = ir.Module(); vt = ir.VectorType(ir.FloatType(), 4)
    >>> f = ir.Function(m, ir.FunctionType(vt, [vt]), 'f')
    >>> b = ir.IRBuilder(f.append_basic_block())
    >>> str(exp_f32_vector(b, ir, f.args[0]).type)
    '<4 x float>'
    """
    vt = v.type
    lanes = vt.count
    it = ir.VectorType(ir.IntType(32), lanes)
    module = b.module

    def c(x: Any) -> Any:
        return ir.Constant(vt, [float(x)] * lanes)

    def ci(x: int) -> Any:
        return ir.Constant(it, [x] * lanes)

    def call(name: str, args: list) -> Any:
        full = f'{name}.v{lanes}f32'
        fn = module.globals.get(full)
        if fn is None:
            fn = ir.Function(module, ir.FunctionType(vt, [vt] * len(args)), full)
        return b.call(fn, args)

    def fma(a: Any, m: Any, k: Any) -> Any:
        return call('llvm.fma', [a, m, k])
    finite = b.fcmp_ordered('==', v, v)
    k = b.select(finite, call('llvm.rint', [b.fmul(v, c(_LOG2E))]), c(0.0))
    nk = b.fneg(k)
    r = fma(nk, c(_LN2_HI), v)
    r = fma(nk, c(_LN2_LO), r)
    p = fma(r, c(_E0), c(_E1))
    for e in (_E2, _E3, _E4, _E5):
        p = fma(r, p, c(e))
    p = b.fadd(fma(p, b.fmul(r, r), r), c(_ONE))
    ki = b.fptosi(k, it)
    half = b.ashr(ki, ci(1))
    rest = b.sub(ki, half)

    def pow2(e: Any) -> Any:
        return b.bitcast(b.shl(b.add(e, ci(127)), ci(23)), vt)
    y = b.fmul(b.fmul(p, pow2(half)), pow2(rest))
    y = b.select(b.fcmp_ordered('<', v, c(_EXP_LO)), c(0.0), y)
    return b.select(b.fcmp_ordered('>', v, c(_EXP_HI)), c(np.inf), y)


# erf: the rational approximation Eigen and XLA evaluate for float32 (an odd
# degree-13 numerator over an even degree-8 denominator of the input
# clamped to +-4, where float32's erf is +-1), with fused multiply-adds;
# within 7 ulp of ``math.erf`` on float32 inputs (the 6 and 7 between 2.79
# and 3.95, where erf is within 1e-4 of 1), the result clamped to
# [-1, 1] (near +-4 the quotient comes out a unit above 1).  Below
# 2 ** -12 it is ``x`` times 2 / sqrt(pi) (the cubic term is under half a
# unit there), which keeps the smallest inputs' bits: the quotient's
# numerator would pass through the subnormals.
_ERF_CLAMP = _F(4.0)
_ERF_TINY = _F(2.0 ** -12)
_TWO_OVER_SQRT_PI = _F(2.0 / math.sqrt(math.pi))
_EA1, _EA3, _EA5, _EA7 = (_F(-1.60960333262415e-02), _F(-2.95459980854025e-03),
                          _F(-7.34990630326855e-04), _F(-5.69250639462346e-05))
_EA9, _EA11, _EA13 = (_F(-2.10102402082508e-06), _F(2.77068142495902e-08),
                      _F(-2.72614225801306e-10))
_EB0, _EB2, _EB4 = _F(-1.42647390514189e-02), _F(-7.37332916720468e-03), \
    _F(-1.68282697438203e-03)
_EB6, _EB8 = _F(-2.13374055278905e-04), _F(-1.45660718464996e-05)
_ERF_NUM = (_EA13, _EA11, _EA9, _EA7, _EA5, _EA3, _EA1)
_ERF_DEN = (_EB8, _EB6, _EB4, _EB2, _EB0)


def erf_f32_py(x: Any) -> Any:
    """float32 ``erf`` that vectorizes, as plain Python: the reference of
    :func:`erf_f32_llvm` (within 7 ulp of ``math.erf``).

    >>> float(erf_f32_py(np.float32(0.5)))  # doctest: +ELLIPSIS
    0.52049...
    >>> erf_f32_py(np.float32(9.0)), erf_f32_py(np.float32(-0.0))
    (np.float32(1.0), np.float32(-0.0))
    """
    # NaN fails every comparison and stays NaN.
    y = _clamp_py(_odd_rational_py(x, _ERF_CLAMP, _ERF_NUM, _ERF_DEN), _ONE)
    return x * _TWO_OVER_SQRT_PI if abs(x) < _ERF_TINY else y


def erf_f32_llvm(em: Any, x: tuple) -> tuple:
    """:func:`erf_f32_py` of ``x`` (a ``(value, dtype)`` pair) built with
    the emitter ``em``: each comparison, select, product and fused
    multiply-add of the Python form, in its order.

    >>> import llvmlite.ir as ir, numpy as np
    >>> from tapejit.targets.cpu.emitter import Emitter
    >>> em = Emitter(ir, ir.Module(), False)
    >>> f = ir.Function(em.module, ir.FunctionType(ir.FloatType(), [ir.FloatType()]), 'f')
    >>> em.b = ir.IRBuilder(f.append_basic_block())
    >>> v, dt = erf_f32_llvm(em, (f.args[0], np.dtype(np.float32)))
    >>> dt, str(v.type)
    (dtype('float32'), 'float')
    """
    em.long_chain()

    def c(v: Any) -> tuple:
        return _const(em, v)
    y = _clamp_llvm(em, _odd_rational_llvm(em, x, _ERF_CLAMP, _ERF_NUM, _ERF_DEN), c(_ONE))
    tiny = em.compare_op('<', em.absolute(x), c(_ERF_TINY))
    return em.select(tiny, em.arith('*', x, c(_TWO_OVER_SQRT_PI)), y)


# log: Cephes' single-precision logf (the exponent split off, the mantissa
# taken to [sqrt(1/2), sqrt(2)), a degree-8 polynomial of its distance
# from 1, the exponent's log2 added in two parts), with fused multiply-adds
# and the exponent and mantissa read from the bits, a subnormal's after
# scaling by 2 ** 23; within 3 ulp of ``numpy.log`` on float32 inputs.
_LOG_SMALLEST = _F(2.0 ** -126)    # below: a subnormal, zero or negative
_LOG_SCALE = _F(2.0 ** 23)
_SQRTHF = _F(0.707106781186547524)
_LOG_P = tuple(_F(v) for v in (7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1,
                               -1.2420140846e-1, 1.4249322787e-1, -1.6668057665e-1,
                               2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1))
_MINUS_HALF = _F(-0.5)


def log_f32_py(x: Any) -> Any:
    """float32 ``log`` that vectorizes, as plain Python: the reference of
    :func:`log_f32_llvm` (within 3 ulp of ``numpy.log``).

    >>> float(log_f32_py(np.float32(2.0)))  # doctest: +ELLIPSIS
    0.693147...
    >>> log_f32_py(np.float32(0.0)), log_f32_py(np.float32(-1.0)), log_f32_py(np.float32(1.0))
    (np.float32(-inf), np.float32(nan), np.float32(0.0))
    """
    x = _F(x)
    small = x < _LOG_SMALLEST
    bits = int(np.array(x * _LOG_SCALE if small else x, np.float32).view(np.int32))
    e = ((bits >> 23) & 0xff) - 126 - (23 if small else 0)
    m = np.array((bits & 0x007fffff) | 0x3f000000, np.int32).view(np.float32)[()]
    low = m < _SQRTHF
    e = e - 1 if low else e
    t = (m + m if low else m) - _ONE
    z = t * t
    p = fma_f32(t, _LOG_P[0], _LOG_P[1])
    for c in _LOG_P[2:]:
        p = fma_f32(t, p, c)
    y = (p * t) * z
    fe = _F(e)
    y = fma_f32(fe, _LN2_LO, y)
    y = fma_f32(z, _MINUS_HALF, y)
    r = fma_f32(fe, _LN2_HI, t + y)
    if x != x or x == np.inf:
        return x
    if x == 0:
        return _F(-np.inf)
    return _F(np.nan) if x < 0 else r


def log_f32_llvm(em: Any, x: tuple) -> tuple:
    """:func:`log_f32_py` of ``x`` (a ``(value, dtype)`` pair) built with
    the emitter ``em``: each operation of the Python form, in its order,
    branch-free (the special values are selects).

    >>> import llvmlite.ir as ir, numpy as np
    >>> from tapejit.targets.cpu.emitter import Emitter
    >>> em = Emitter(ir, ir.Module(), False)
    >>> f = ir.Function(em.module, ir.FunctionType(ir.FloatType(), [ir.FloatType()]), 'f')
    >>> em.b = ir.IRBuilder(f.append_basic_block())
    >>> v, dt = log_f32_llvm(em, (f.args[0], np.dtype(np.float32)))
    >>> dt, str(v.type)
    (dtype('float32'), 'float')
    """
    em.long_chain()
    b, ir = em.b, em.ir
    f32, i32 = x[1], ir.IntType(32)

    def c(v: Any) -> tuple:
        return _const(em, v)

    def i(v: int) -> Any:
        return ir.Constant(i32, v)
    small = em.compare_op('<', x, c(_LOG_SMALLEST))
    bits = b.bitcast(em.select(small, em.arith('*', x, c(_LOG_SCALE)), x)[0], i32)
    e = b.sub(b.and_(b.lshr(bits, i(23)), i(0xff)), i(126))
    e = b.select(small[0], b.sub(e, i(23)), e)
    m = b.bitcast(b.or_(b.and_(bits, i(0x007fffff)), i(0x3f000000)), ir.FloatType()), f32
    low = em.compare_op('<', m, c(_SQRTHF))
    e = b.select(low[0], b.sub(e, i(1)), e)
    t = em.arith('-', em.select(low, em.arith('+', m, m), m), c(_ONE))
    z = em.arith('*', t, t)
    y = em.arith('*', em.arith('*', _horner(em, t, _LOG_P), t), z)
    fe = b.sitofp(e, ir.FloatType()), f32
    y = _fma(em, fe, c(_LN2_LO), y)
    y = _fma(em, z, c(_MINUS_HALF), y)
    r = _fma(em, fe, c(_LN2_HI), em.arith('+', t, y))
    r = em.select(em.compare_op('<', x, c(_F(0.0))), c(_F(np.nan)), r)
    r = em.select(em.compare_op('==', x, c(_F(0.0))), c(_F(-np.inf)), r)
    inf_or_nan = em.either(em.compare_op('==', x, c(_F(np.inf))), em.compare_op('!=', x, x))
    return em.select(inf_or_nan, x, r)


# log1p and expm1 from log and exp, as Goldberg's and Kahan's tricks do:
# the rounding of ``1 + x`` (of ``exp(x)``) cancels in the quotient, so the
# small arguments keep their relative accuracy; within 3 ulp of NumPy's.


def log1p_f32_py(x: Any) -> Any:
    """float32 ``log1p`` that vectorizes, as plain Python: the reference of
    :func:`log1p_f32_llvm` (within 3 ulp of ``numpy.log1p``).

    >>> float(log1p_f32_py(np.float32(1e-10))), float(log1p_f32_py(np.float32(1.0)))
    (1.000000013351432e-10, 0.6931471824645996)
    """
    x = _F(x)
    u = x + _ONE
    if u == _ONE:
        return x
    if u == np.inf:
        return u
    return log_f32_py(u) * (x / (u - _ONE))


def log1p_f32_llvm(em: Any, x: tuple) -> tuple:
    """:func:`log1p_f32_py` of ``x`` built with the emitter ``em``."""
    c1 = _const(em, _ONE)
    u = em.arith('+', x, c1)
    r = em.arith('*', log_f32_llvm(em, u), em.arith('/', x, em.arith('-', u, c1)))
    r = em.select(em.compare_op('==', u, _const(em, _F(np.inf))), u, r)
    return em.select(em.compare_op('==', u, c1), x, r)


def expm1_f32_py(x: Any) -> Any:
    """float32 ``expm1`` that vectorizes, as plain Python: the reference of
    :func:`expm1_f32_llvm` (within 3 ulp of ``numpy.expm1``).

    >>> float(expm1_f32_py(np.float32(1e-10))), float(expm1_f32_py(np.float32(-200.0)))
    (1.000000013351432e-10, -1.0)
    """
    x = _F(x)
    u = exp_f32_py(x)
    um1 = u - _ONE
    if u == _ONE:
        return x
    if um1 == -_ONE:
        return -_ONE
    if u == np.inf:
        return u
    return um1 * (x / log_f32_py(u))


def expm1_f32_llvm(em: Any, x: tuple) -> tuple:
    """:func:`expm1_f32_py` of ``x`` built with the emitter ``em``."""
    c1 = _const(em, _ONE)
    u = exp_f32_llvm(em, x)
    um1 = em.arith('-', u, c1)
    r = em.arith('*', um1, em.arith('/', x, log_f32_llvm(em, u)))
    r = em.select(em.compare_op('==', u, _const(em, _F(np.inf))), u, r)
    r = em.select(em.compare_op('==', um1, em.negate(c1)), em.negate(c1), r)
    return em.select(em.compare_op('==', u, c1), x, r)
