"""Arithmetic and elementwise math, with Chainer's names."""

from __future__ import annotations

import math as _math
import warnings
from typing import Any

import numpy

from tapejit.core.config import config
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._fused_eager import MIN_ELEMENTS, fused_when_eager
from tapejit.functions._util import array_of, check_var, is_scalar, lift_pair
from tapejit.functions.math.trigonometric import (arccos, arcsin, arctan, arctan2,  # noqa: F401
                                                  cos, sin, tan)
from tapejit.ops import elementwise as E
from tapejit.ops.linalg import matmul as _matmul_p
from tapejit.ops.structure import reshape as _reshape_p


def add(*xs: Any) -> Variable:
    """Elementwise sum of its inputs (broadcasting); of one input, that input
    as a new Variable on the graph (as Chainer's ``F.add``).

    >>> import numpy as np, tapejit.functions as F
    >>> F.add(np.array([1.0, 2.0]), np.array([3.0, 4.0]), np.array([1.0, 1.0]))
    variable([5., 7.])
    """
    if len(xs) == 1:
        from tapejit.functions.math.identity import identity
        return identity(xs[0])
    if not xs:
        raise TypeError('add: needs at least one input, got none')
    y = E.add(*lift_pair('add', xs[0], xs[1]))
    for x in xs[2:]:
        y = E.add(*lift_pair('add', y, x))
    return y


def sub(a: Any, b: Any) -> Variable:
    """``a - b`` elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.sub(np.array([3.0]), 1.0)
    variable([2.])
    """
    return E.sub(*lift_pair('sub', a, b))


def mul(a: Any, b: Any) -> Variable:
    """``a * b`` elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.mul(np.array([3.0]), 2.0)
    variable([6.])
    """
    return E.mul(*lift_pair('mul', a, b))


def div(a: Any, b: Any) -> Variable:
    """``a / b`` elementwise (true division).

    >>> import numpy as np, tapejit.functions as F
    >>> F.div(np.array([3.0]), 2.0)
    variable([1.5])
    """
    return E.div(*lift_pair('div', a, b))


def floor_divide(a: Any, b: Any) -> Variable:
    """``a // b`` elementwise; not differentiable (its gradient is zero almost everywhere).

    >>> import numpy as np, tapejit.functions as F
    >>> F.floor_divide(np.array([7.0]), 2.0)
    variable([3.])
    """
    return E.floordiv(*lift_pair('floordiv', a, b))


def pow(a: Any, b: Any) -> Variable:
    """``a ** b`` elementwise; a constant exponent uses a cheaper rule.

    >>> import numpy as np, tapejit.functions as F
    >>> F.pow(np.array([3.0]), 2)
    variable([9.])
    """
    if is_scalar(b) and not is_scalar(a):
        check_var('pow', a)
        arr = array_of(a)
        if arr.dtype.kind not in 'fc' and (float(b) != int(b) or b < 0):
            a = E.cast(a, dtype=numpy.float64)
        return E.pow_const(a, p=b.item() if isinstance(b, numpy.generic) else b)
    return E.power(*lift_pair('pow', a, b))


def neg(x: Any) -> Variable:
    """``-x``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.neg(np.array([1.0]))
    variable([-1.])
    """
    return E.neg(x)


def absolute(x: Any) -> Variable:
    """``|x|`` elementwise; the gradient at 0 is 0.

    >>> import numpy as np, tapejit.functions as F
    >>> F.absolute(np.array([-2.0, 3.0]))
    variable([2., 3.])
    """
    return E.absolute(x)


def _unary(name: str, prim: Any, example: str, out: str, fused: bool = False):
    """The function ``name`` of one primitive; ``fused``: its eager calls on
    large float32 arrays run as a compiled plan (see :func:`_plan_of`)."""
    if fused:
        plan = _plan_of(name, prim)

        def f(x: Any) -> Variable:
            # (Every eager call passes here: a small one leaves on a few
            # attribute reads.)
            d = x._data if isinstance(x, Variable) else x
            if d.__class__ is numpy.ndarray and d.size >= MIN_ELEMENTS \
                    and d.dtype == numpy.float32:
                return plan(x)
            return prim(x)
        f.fused = plan  # type: ignore[attr-defined]
    else:
        def f(x: Any) -> Variable:
            return prim(x)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f'``{name}(x)`` elementwise.\n\n'
                 f'    >>> import numpy as np, tapejit.functions as F\n'
                 f'    >>> F.{name}(np.array([{example}]))\n    {out}\n')
    return f


def _plan_of(name: str, prim: Any) -> Any:
    """The :func:`fused_when_eager` state of ``prim`` alone, for float32
    arrays.  (NumPy computes float32 ``exp``, ``log``, ``tanh``, ``erf``,
    ``log1p`` and ``expm1`` through the C library element by element where
    it has no vector form for the core, as on AVX2; a plan's kernel
    computes them in vectors, with :mod:`tapejit.targets.cpu.vecmath`.
    That module has float32 forms only: a float64 kernel calls the C
    library too, so float64 stays with NumPy.)"""
    def run(x: Any) -> Variable:
        return prim(x)
    run.__name__ = run.__qualname__ = f'_{name}_of'
    return fused_when_eager(run).fused


exp = _unary('exp', E.exp, '0.0', 'variable([1.])', fused=True)
log = _unary('log', E.log, '1.0', 'variable([0.])', fused=True)
log1p = _unary('log1p', E.log1p, '0.0', 'variable([0.])', fused=True)
expm1 = _unary('expm1', E.expm1, '0.0', 'variable([0.])', fused=True)
sqrt = _unary('sqrt', E.sqrt, '4.0', 'variable([2.])')
tanh = _unary('tanh', E.tanh, '0.0', 'variable([0.])', fused=True)
erf = _unary('erf', E.erf, '0.0', 'variable([0.])', fused=True)
sign = _unary('sign', E.sign, '-2.0', 'variable([-1.])')


_LN2 = _math.log(2.0)
_LN10 = _math.log(10.0)


def log2(x: Any) -> Variable:
    """Base-2 logarithm elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.log2(np.array([8.0]))
    variable([3.])
    """
    check_var('log2', x)
    return _log_times('log2', x, 1.0 / _LN2)


def log10(x: Any) -> Variable:
    """Base-10 logarithm elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.log10(np.array([100.0]))
    variable([2.])
    """
    check_var('log10', x)
    return _log_times('log10', x, 1.0 / _LN10)


def _log_times(name: str, x: Any, c: float) -> Variable:
    """``log(x) * c``; float16 runs in float32, as NumPy's float16 ``log2`` and
    ``log10`` do, so that the result is theirs (two float16 roundings would be
    an ulp off in places)."""
    if array_of(x).dtype == numpy.float16:
        return E.cast(E.log(E.cast(x, dtype=numpy.dtype(numpy.float32))) * c,
                      dtype=numpy.dtype(numpy.float16))
    return E.log(x) * c


def rsqrt(x: Any) -> Variable:
    """``1 / sqrt(x)`` elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.rsqrt(np.array([4.0]))
    variable([0.5])
    """
    check_var('rsqrt', x)
    dt = array_of(x).dtype
    if dt.kind not in 'fc':
        raise DTypeError(f'rsqrt: got dtype {dt}; expected a floating dtype (float16, '
                         'float32 or float64)')
    return E.pow_const(x, p=-0.5)


def square(x: Any) -> Variable:
    """``x * x`` elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.square(np.array([3.0]))
    variable([9.])
    """
    return E.pow_const(x, p=2)


def maximum(x1: Any, x2: Any) -> Variable:
    """Elementwise maximum; where equal, the gradient goes to ``x1``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.maximum(np.array([1.0, 5.0]), np.array([3.0, 2.0]))
    variable([3., 5.])
    """
    return E.maximum(*lift_pair('maximum', x1, x2))


def minimum(x1: Any, x2: Any) -> Variable:
    """Elementwise minimum; where equal, the gradient goes to ``x1``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.minimum(np.array([1.0, 5.0]), np.array([3.0, 2.0]))
    variable([1., 2.])
    """
    return E.minimum(*lift_pair('minimum', x1, x2))


def clip(x: Any, x_min: Any, x_max: Any) -> Variable:
    """Clip values to ``[x_min, x_max]``; the gradient is zero outside.

    >>> import numpy as np, tapejit.functions as F
    >>> F.clip(np.array([-2.0, 0.5, 3.0]), -1.0, 1.0)
    variable([-1. ,  0.5,  1. ])
    """
    if x_min is None and x_max is None:
        raise ValueError('clip: x_min and x_max are both None; expected at least one bound')
    if x_min is not None and x_max is not None and is_scalar(x_min) and is_scalar(x_max) \
            and x_min > x_max:
        raise ValueError(f'clip: x_min {x_min} is greater than x_max {x_max}')
    y = x
    if x_min is not None:
        y = maximum(y, x_min)
    if x_max is not None:
        y = minimum(y, x_max)
    return y


def where(condition: Any, x: Any, y: Any) -> Variable:
    """``x`` where ``condition`` is true, else ``y`` (broadcasting).

    >>> import numpy as np, tapejit.functions as F
    >>> F.where(np.array([True, False]), np.array([1.0, 2.0]), 0.0)
    variable([1., 0.])
    """
    x, y = lift_pair('where', x, y)
    c = array_of(condition)
    if is_scalar(c):
        raise TypeError('where: condition must be a bool array or Variable, got '
                        f'{type(condition).__name__}')
    return E.where(condition, x, y)


def cast(x: Any, typ: Any) -> Variable:
    """Cast to dtype ``typ``; the gradient is cast back.

    >>> import numpy as np, tapejit.functions as F
    >>> F.cast(np.array([1.5]), np.float32).dtype
    dtype('float32')
    """
    check_var('cast', x)
    if array_of(x).dtype == numpy.dtype(typ) and not isinstance(x, Variable):
        # An array records no graph: a Variable over the same array (Chainer's).
        return Variable._make(x, False)
    if array_of(x).dtype == numpy.dtype(typ):
        # A node even so, as in Chainer: the gradients of two casts of one Variable
        # are then those of two outputs, not of the input twice.
        if not config.enable_backprop:
            return x if isinstance(x, Variable) else Variable._make(x, False)
        return _reshape_p(x, shape=array_of(x).shape)
    return E.cast(x, dtype=numpy.dtype(typ))


def batch_matmul(a: Any, b: Any, transa: bool = False, transb: bool = False) -> Variable:
    """Deprecated (as in Chainer): a batch of matrix products; use :func:`matmul`.

    ``a`` and ``b`` are batches of matrices (3-D) or of column vectors (2-D,
    taken as ``(batch, n, 1)``).

    >>> import warnings, numpy as np, tapejit.functions as F
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter('ignore', DeprecationWarning)
    ...     F.batch_matmul(np.ones((2, 1, 3)), np.ones((2, 3, 1))).shape
    (2, 1, 1)
    """
    warnings.warn('batch_matmul is deprecated. Use matmul instead.', DeprecationWarning,
                  stacklevel=2)
    check_var('batch_matmul', a, 'a')
    check_var('batch_matmul', b, 'b')
    sa, sb = array_of(a).shape, array_of(b).shape
    for name, shape in (('a', sa), ('b', sb)):
        if len(shape) not in (2, 3):
            raise ShapeError(f'batch_matmul: {name} has shape {shape}; expected a 2-D or '
                             '3-D array (a batch of vectors or matrices)')
    if len(sa) == 2:
        a = _reshape_p(a, shape=sa + (1,))
    if len(sb) == 2:
        b = _reshape_p(b, shape=sb + (1,))
    return matmul(a, b, transa=transa, transb=transb)


def matmul(a: Any, b: Any, transa: bool = False, transb: bool = False) -> Variable:
    """Matrix product of the last two axes (batched, broadcasting the rest).

    Floating inputs of different dtypes are promoted (NumPy's rule, as in Chainer).

    ``transa``/``transb`` transpose the last two axes of ``a``/``b`` first.
    One-dimensional inputs are treated as a row (``a``) or a column (``b``), and
    their ``transa``/``transb`` is ignored (as in Chainer and ``numpy.matmul``).

    >>> import numpy as np, tapejit.functions as F
    >>> F.matmul(np.array([[1.0, 2.0]]), np.array([[3.0], [4.0]]))
    variable([[11.]])
    """
    check_var('matmul', a, 'a')
    check_var('matmul', b, 'b')
    da, db = array_of(a).dtype, array_of(b).dtype
    if da != db and da.kind == 'f' and db.kind == 'f':
        # Floating inputs of different dtypes: NumPy's promotion, as Chainer's matmul.
        common = numpy.result_type(da, db)
        a = a if da == common else E.cast(a, dtype=common)
        b = b if db == common else E.cast(b, dtype=common)
    sa, sb = array_of(a).shape, array_of(b).shape
    if len(sa) == 0 or len(sb) == 0:
        raise ShapeError(f'matmul: shapes {sa} and {sb}; expected arrays of at least 1 '
                         'dimension')
    squeeze = []
    if len(sa) == 1 or len(sb) == 1:
        transa = transa and len(sa) > 1
        transb = transb and len(sb) > 1
        ka = sa[-2] if transa else sa[-1]
        kb = sb[-1] if transb else sb[-2 if len(sb) > 1 else 0]
        if ka != kb:
            raise ShapeError(f'matmul: shapes {sa} and {sb} (transa={bool(transa)}, '
                             f'transb={bool(transb)}) are not aligned: {ka} != {kb}')
    if len(sa) == 1:
        a = _reshape_p(a, shape=(1, sa[0]))
        squeeze.append(-2)
    if len(sb) == 1:
        b = _reshape_p(b, shape=(sb[0], 1))
        squeeze.append(-1)
    y = _matmul_p(a, b, transa=bool(transa), transb=bool(transb))
    if squeeze:
        shape = list(y.shape)
        for ax in sorted(squeeze):
            shape.pop(ax if ax == -1 else len(shape) - 2)
        y = _reshape_p(y, shape=tuple(shape))
    return y


_SQRT_2_OVER_PI = _math.sqrt(2.0 / _math.pi)
_INV_SQRT_2 = 1.0 / _math.sqrt(2.0)


def gelu(x: Any, approximate: str = 'none') -> Variable:
    """Gaussian error linear unit: ``x * Phi(x)``.

    ``approximate='tanh'`` uses ``0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))``
    (as PyTorch does with the same argument).

    >>> import numpy as np, tapejit.functions as F
    >>> F.gelu(np.array([0.0, 1.0]))
    variable([0.        , 0.84134475])
    """
    if approximate not in ('none', 'tanh'):
        raise ValueError(f"gelu: approximate must be 'none' or 'tanh', got {approximate!r}")
    if not isinstance(x, Variable):
        check_var('gelu', x)
        x = Variable._make(x, False)
    return _gelu(x, approximate == 'tanh')


@fused_when_eager
def _gelu(x: Variable, tanh: bool) -> Variable:
    # (Several elementwise primitives, each a pass over the array when run
    # one by one, and as many again backward: one fused kernel each way.)
    if tanh:
        inner = (x + x * x * x * 0.044715) * _SQRT_2_OVER_PI
        return x * (E.tanh(inner) + 1) * 0.5
    return x * (E.erf(x * _INV_SQRT_2) + 1) * 0.5
