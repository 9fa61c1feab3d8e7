"""Elementwise primitives: unary math, binary arithmetic, comparisons, where, cast.

Binary primitives broadcast; their vjp returns gradients of the output's shape
and the graph node sums them back to each input's shape (``unbroadcast``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy

from tapejit import backends
from tapejit.backends import threads
from tapejit.core import backprop
from tapejit.core.errors import DTypeError
from tapejit.ops.registry import (Aval, bind, broadcast_shapes, host_kernel, native_dtype,
                                  primitive, same_dtype)


def _xp(a: Any) -> Any:
    return numpy if type(a) is numpy.ndarray else backends.get_array_module(a)


# ------------------------------------------------------------------ unary
def _float_unary(name: str):
    def abstract_eval(x: Aval, **_: Any) -> Aval:
        if x.dtype.kind not in 'fc':
            raise DTypeError(f'{name}: got dtype {x.dtype}; expected a floating dtype '
                             '(float16, float32 or float64)')
        return Aval(x.shape, x.dtype)
    return abstract_eval


def _same_unary(x: Aval, **_: Any) -> Aval:
    return Aval(x.shape, x.dtype)


def _on_threads(f: numpy.ufunc):
    """The impl of NumPy ufunc ``f`` of one array: a NumPy array long enough
    to cut on the threads tapejit decides (:func:`tapejit.backends.threads.ufunc`),
    another array by the same-named function of its module (CuPy's for GPU
    arrays)."""
    name = f.__name__

    def impl(x):
        if x.__class__ is numpy.ndarray:
            return threads.ufunc(f, x) if x.size >= threads.UFUNC_SPLIT_MIN else f(x)
        return getattr(_xp(x), name)(x)
    return impl


def _checked_float(name: str, f):
    # A NumPy ufunc runs on the threads tapejit decides (_on_threads); other
    # impls pick the module themselves.
    run = _on_threads(f) if isinstance(f, numpy.ufunc) else f

    def impl(x):
        if x.dtype.kind not in 'fc':
            raise DTypeError(f'{name}: got dtype {x.dtype}; expected a floating dtype '
                             '(float16, float32 or float64)')
        return run(x)
    return impl


def _product(a: Any, b: Any) -> Any:
    """``a * b`` of arrays of one dtype, as the mul primitive computes it
    (its impl: a long NumPy result on the threads tapejit decides)."""
    return mul.impl(a, b)


neg = primitive('neg', kind='elementwise', impl=_on_threads(numpy.negative),
                abstract_eval=_same_unary,
                vjp=lambda n, gy, need: (-gy,))

exp = primitive('exp', kind='elementwise', impl=_checked_float('exp', numpy.exp),
                abstract_eval=_float_unary('exp'), save_output=True,
                vjp=lambda n, gy, need: (gy * n.y(),))

log = primitive('log', kind='elementwise', impl=_checked_float('log', numpy.log),
                abstract_eval=_float_unary('log'), save_inputs=(0,),
                vjp=lambda n, gy, need: (gy / n.x(0),))

log1p = primitive('log1p', kind='elementwise', impl=_checked_float('log1p', numpy.log1p),
                  abstract_eval=_float_unary('log1p'), save_inputs=(0,),
                  vjp=lambda n, gy, need: (gy / (n.x(0) + 1),))

expm1 = primitive('expm1', kind='elementwise', impl=_checked_float('expm1', numpy.expm1),
                  abstract_eval=_float_unary('expm1'), save_output=True,
                  vjp=lambda n, gy, need: (gy * (n.y() + 1),))

sqrt = primitive('sqrt', kind='elementwise', impl=_checked_float('sqrt', numpy.sqrt),
                 abstract_eval=_float_unary('sqrt'), save_output=True,
                 vjp=lambda n, gy, need: (gy * 0.5 / n.y(),))

sin = primitive('sin', kind='elementwise', impl=_checked_float('sin', numpy.sin),
                abstract_eval=_float_unary('sin'), save_inputs=(0,),
                vjp=lambda n, gy, need: (gy * cos(n.x(0)),))

cos = primitive('cos', kind='elementwise', impl=_checked_float('cos', numpy.cos),
                abstract_eval=_float_unary('cos'), save_inputs=(0,),
                vjp=lambda n, gy, need: (-gy * sin(n.x(0)),))


def _tan_vjp(n, gy, need):
    y = n.y()
    return (gy * (y * y + 1),)


tan = primitive('tan', kind='elementwise', impl=_checked_float('tan', numpy.tan),
                abstract_eval=_float_unary('tan'), save_output=True, vjp=_tan_vjp)


def _arcsin_vjp(n, gy, need):
    x = n.x(0)
    return (gy / sqrt(1 - x * x),)


def _arccos_vjp(n, gy, need):
    x = n.x(0)
    return (-gy / sqrt(1 - x * x),)


def _arctan_vjp(n, gy, need):
    x = n.x(0)
    return (gy / (1 + x * x),)


arcsin = primitive('arcsin', kind='elementwise', impl=_checked_float('arcsin', numpy.arcsin),
                   abstract_eval=_float_unary('arcsin'), save_inputs=(0,), vjp=_arcsin_vjp)
arccos = primitive('arccos', kind='elementwise', impl=_checked_float('arccos', numpy.arccos),
                   abstract_eval=_float_unary('arccos'), save_inputs=(0,), vjp=_arccos_vjp)
arctan = primitive('arctan', kind='elementwise', impl=_checked_float('arctan', numpy.arctan),
                   abstract_eval=_float_unary('arctan'), save_inputs=(0,), vjp=_arctan_vjp)


def _tanh_vjp(n, gy, need):
    y = n.y()
    return (gy * (1 - y * y),)


tanh = primitive('tanh', kind='elementwise', impl=_checked_float('tanh', numpy.tanh),
                 abstract_eval=_float_unary('tanh'), save_output=True, vjp=_tanh_vjp)


def _sigmoid_impl(x):
    # tanh form: no overflow for large |x|, unlike 1 / (1 + exp(-x)).
    xp = _xp(x)
    half = x.dtype.type(0.5)
    return xp.tanh(x * half) * half + half


def _sigmoid_vjp(n, gy, need):
    y = n.y()
    return (gy * y * (1 - y),)


sigmoid = primitive('sigmoid', kind='elementwise', impl=_checked_float('sigmoid', _sigmoid_impl),
                    abstract_eval=_float_unary('sigmoid'), save_output=True,
                    vjp=_sigmoid_vjp)

sign = primitive('sign', kind='elementwise', impl=_on_threads(numpy.sign),
                 abstract_eval=_same_unary, vjp=None)

absolute = primitive('absolute', kind='elementwise', impl=_on_threads(numpy.absolute),
                     abstract_eval=_same_unary, save_inputs=(0,),
                     vjp=lambda n, gy, need: (gy * sign(n.x(0)),))

_erf_ufunc: Any = None


def _erf_impl(x):
    xp = _xp(x)
    if xp is not numpy:
        from cupyx.scipy.special import erf as cupy_erf
        return cupy_erf(x)
    global _erf_ufunc
    if _erf_ufunc is None:
        import numba

        # (No disk cache: Numba's would want a writable directory beside the
        # installed package or in the home directory, raising where there is
        # none, and would load its files unverified.)
        @numba.vectorize(['float32(float32)', 'float64(float64)'])
        def _erf(v):  # pragma: no cover - compiled
            return math.erf(v)
        _erf_ufunc = _erf
    if x.dtype == numpy.float16:
        return _erf_ufunc(x.astype(numpy.float32)).astype(numpy.float16)
    return _erf_ufunc(x)


_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)

erf = primitive('erf', kind='elementwise', impl=_checked_float('erf', _erf_impl),
                abstract_eval=_float_unary('erf'), save_inputs=(0,),
                vjp=lambda n, gy, need: (gy * (exp(-n.x(0) * n.x(0)) * _TWO_OVER_SQRT_PI),))


def _pow_const_eval(x: Aval, p: Any) -> Aval:
    if x.dtype.kind not in 'fc' and (p != int(p) or p < 0):
        raise DTypeError(f'pow_const: dtype {x.dtype} with exponent {p}; expected a '
                         'floating dtype (cast with F.cast), or a non-negative integer '
                         'exponent')
    return Aval(x.shape, x.dtype)


def _pow_const_impl(x, p):
    if x.dtype.kind not in 'fc' and (p != int(p) or p < 0):
        _pow_const_eval(Aval(x.shape, x.dtype), p)
    # Small integer powers as products, as the compiled kernels write them, so
    # eager and jit agree bit for bit; C ``pow`` also takes a slow path (about
    # 40x) for a negative base with an integral exponent.
    if p == 2:
        return _product(x, x)
    if p == 3:
        return _product(_product(x, x), x)
    if p == 4:
        sq = _product(x, x)
        return _product(sq, sq)
    if p == 1:
        return x.copy()
    return x ** x.dtype.type(p) if x.dtype.kind in 'fc' else x ** int(p)


def _pow_const_vjp(n, gy, need):
    p = n.params['p']
    if p == 0:
        return (None,)
    if p == 1:
        return (gy,)
    x = n.x(0)
    if p == 2:
        return (gy * (x * 2),)
    return (gy * (pow_const(x, p=p - 1) * p),)


pow_const = primitive('pow_const', kind='elementwise', impl=_pow_const_impl,
                      abstract_eval=_pow_const_eval,
                      save_inputs=(0,), vjp=_pow_const_vjp)


def _cast_eval(x: Aval, dtype: Any) -> Aval:
    return Aval(x.shape, numpy.dtype(dtype))


def _cast_vjp(n, gy, need):
    if n.in_dtype(0).kind not in 'fc':
        return (None,)
    return (cast(gy, dtype=n.in_dtype(0)),)


cast = primitive('cast', kind='elementwise', impl=lambda x, dtype: x.astype(dtype),
                 abstract_eval=_cast_eval, vjp=_cast_vjp)
backprop.cast[0] = cast  # (backprop casts gradients with it; the core imports no op)


# ----------------------------------------------------------------- binary
def _binary_eval(name: str, out_kind: str = 'same'):
    def abstract_eval(a: Aval, b: Aval, **_: Any) -> Aval:
        shape = broadcast_shapes(name, a.shape, b.shape)
        dt = same_dtype(name, a, b)
        if out_kind == 'bool':
            dt = numpy.dtype(bool)
        elif out_kind == 'float' and dt.kind not in 'fc':
            dt = numpy.dtype(numpy.float64)
        return Aval(shape, dt)
    return abstract_eval


def _binary_impl(name: str, f):
    ufunc = f.__name__
    threaded = isinstance(f, numpy.ufunc)
    ndarray = numpy.ndarray

    def impl(a, b):
        da, db = a.dtype, b.dtype
        if da is not db and da != db and native_dtype(da) != native_dtype(db):
            raise DTypeError(f'{name}: dtypes {da} and {db} differ; expected '
                             'one dtype (cast with F.cast)')
        if a.__class__ is ndarray and b.__class__ is ndarray:
            kernel = host_kernel(name, a, b)
            if kernel is not None:
                return kernel(a, b)
            # (A small result, most eager ops', is computed here as
            # threads.ufunc would: one NumPy call.)
            if threaded and a.size * b.size >= threads.UFUNC_SPLIT_MIN:
                return threads.ufunc(f, a, b)
            return f(a, b)
        return getattr(backends.get_array_module(a, b), ufunc)(a, b)
    return impl


def _add_vjp(n, gy, need):
    return (gy, gy)


def _sub_vjp(n, gy, need):
    return (gy, -gy if need[1] else None)


def _mul_vjp(n, gy, need):
    return (bind(mul, (gy, n.operand(1)), {}) if need[0] else None,
            bind(mul, (gy, n.operand(0)), {}) if need[1] else None)


def _div_vjp(n, gy, need):
    b = n.x(1)
    ga = gy / b
    gb = -ga * n.x(0) / b if need[1] else None
    return (ga if need[0] else None, gb)


def _pow_vjp(n, gy, need):
    a, b = n.x(0), n.x(1)
    ga = gy * b * power(a, b - 1) if need[0] else None
    gb = gy * log(a) * n.y() if need[1] else None
    return (ga, gb)


def _zeros_like_scalar(v):
    return _xp(v._data).zeros((), v.dtype)


def _maximum_vjp(n, gy, need):
    cond = greater_equal(n.x(0), n.x(1))
    z = _zeros_like_scalar(gy)
    return (where(cond, gy, z) if need[0] else None,
            where(cond, z, gy) if need[1] else None)


def _minimum_vjp(n, gy, need):
    cond = less_equal(n.x(0), n.x(1))
    z = _zeros_like_scalar(gy)
    return (where(cond, gy, z) if need[0] else None,
            where(cond, z, gy) if need[1] else None)


def _bin(name, f, vjp, save=(), out_kind='same', save_output=False, kind='elementwise'):
    return primitive(name, kind=kind, impl=_binary_impl(name, f),
                     abstract_eval=_binary_eval(name, out_kind), vjp=vjp,
                     save_inputs=save, save_output=save_output,
                     unbroadcast=vjp is not None)


add = _bin('add', numpy.add, _add_vjp)
sub = _bin('sub', numpy.subtract, _sub_vjp)
mul = _bin('mul', numpy.multiply, _mul_vjp, save=(0, 1))
div = _bin('div', numpy.true_divide, _div_vjp, save=(0, 1), out_kind='float')
power = _bin('pow', numpy.power, _pow_vjp, save=(0, 1), save_output=True)
maximum = _bin('maximum', numpy.maximum, _maximum_vjp, save=(0, 1))
minimum = _bin('minimum', numpy.minimum, _minimum_vjp, save=(0, 1))
# A call: NumPy's floor division (of a negative, by zero) is not what the
# loops' operators compute.
floordiv = _bin('floordiv', numpy.floor_divide, None, kind='call')
greater = _bin('greater', numpy.greater, None, out_kind='bool')
greater_equal = _bin('greater_equal', numpy.greater_equal, None, out_kind='bool')
less = _bin('less', numpy.less, None, out_kind='bool')
less_equal = _bin('less_equal', numpy.less_equal, None, out_kind='bool')
equal = _bin('equal', numpy.equal, None, out_kind='bool')
not_equal = _bin('not_equal', numpy.not_equal, None, out_kind='bool')


# ------------------------------------------------------------------ where
def _where_eval(c: Aval, a: Aval, b: Aval) -> Aval:
    if c.dtype != numpy.bool_:
        raise DTypeError(f'where: condition has dtype {c.dtype}; expected bool')
    shape = broadcast_shapes('where', c.shape, a.shape, b.shape)
    return Aval(shape, same_dtype('where', a, b))


def _where_impl(c, a, b):
    if c.dtype != numpy.bool_:
        raise DTypeError(f'where: condition has dtype {c.dtype}; expected bool')
    if a.dtype != b.dtype and native_dtype(a.dtype) != native_dtype(b.dtype):
        raise DTypeError(f'where: dtypes {a.dtype} and {b.dtype} differ; expected one '
                         'dtype (cast with F.cast)')
    kernel = host_kernel('where', c, a, b)
    return _xp(a).where(c, a, b) if kernel is None else kernel(c, a, b)


def _where_vjp(n, gy, need):
    c = n.x(0)
    z = _zeros_like_scalar(gy)
    return (None, where(c, gy, z) if need[1] else None,
            where(c, z, gy) if need[2] else None)


where = primitive('where', kind='elementwise', impl=_where_impl, abstract_eval=_where_eval,
                  vjp=_where_vjp,
                  save_inputs=(0,), unbroadcast=True)
