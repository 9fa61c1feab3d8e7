"""Vectorizable scalar math for generated CPU kernels.

``np.tanh`` on a scalar is a call into the C math library, which keeps LLVM
from vectorizing the loop around it (llvmlite ships no vector math library).
``tanh_f32`` is instead Eigen's single-precision rational approximation
(odd degree-13 numerator, even degree-6 denominator, clamped at +-7.9053111
where float32 ``tanh`` rounds to +-1): branch-free, within a few ulp of
``numpy.tanh``, NaN propagating.  float64 keeps ``np.tanh``.
:func:`tanh_f32_llvm` builds the same operations in the same order in LLVM
IR for the native kernels: the same bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_F = np.float32
_CLAMP = _F(7.90531110763549805)
_TINY = _F(0.0004)
_A1, _A3, _A5, _A7 = (_F(4.89352455891786e-03), _F(6.37261928875436e-04),
                      _F(1.48572235717979e-05), _F(5.12229709037114e-08))
_A9, _A11, _A13 = _F(-8.60467152213735e-11), _F(2.00018790482477e-13), \
    _F(-2.76076847742355e-16)
_B0, _B2, _B4, _B6 = (_F(4.89352518554385e-03), _F(2.26843463243900e-03),
                      _F(1.18534705686654e-04), _F(1.19825839466702e-06))


def tanh_f32_py(x: Any) -> Any:
    """float32 ``tanh`` that vectorizes, as plain Python: the function Numba
    compiles (``tanh_f32``) and the reference of :func:`tanh_f32_llvm`.

    >>> import numpy as np
    >>> float(tanh_f32_py(np.float32(0.5)))  # doctest: +ELLIPSIS
    0.46211...
    """
    # NaN fails both comparisons and stays NaN.
    xc = _CLAMP if x > _CLAMP else (-_CLAMP if x < -_CLAMP else x)
    x2 = xc * xc
    p = x2 * _A13 + _A11
    p = x2 * p + _A9
    p = x2 * p + _A7
    p = x2 * p + _A5
    p = x2 * p + _A3
    p = x2 * p + _A1
    p = xc * p
    q = x2 * _B6 + _B4
    q = x2 * q + _B2
    q = x2 * q + _B0
    # Near 0 the input itself is exact (and keeps the sign of -0.0).
    return x if abs(x) < _TINY else p / q


def tanh_f32_llvm(em: Any, x: tuple) -> tuple:
    """:func:`tanh_f32_py` of ``x`` (a ``(value, dtype)`` pair) built with
    the emitter ``em`` (:class:`tapejit.targets.cpu.native._Emitter`): each
    comparison, select, product and sum of the Python form, in its order.

    >>> import llvmlite.ir as ir, numpy as np
    >>> from tapejit.targets.cpu.native import _Emitter
    >>> em = _Emitter(ir, ir.Module(), False)
    >>> f = ir.Function(em.module, ir.FunctionType(ir.FloatType(), [ir.FloatType()]), 'f')
    >>> em.b = ir.IRBuilder(f.append_basic_block())
    >>> v, dt = tanh_f32_llvm(em, (f.args[0], np.dtype(np.float32)))
    >>> dt, str(v.type)
    (dtype('float32'), 'float')
    """
    def c(v: Any) -> tuple:
        return em.const(v.item(), v.dtype)

    def poly(v: tuple, coefs: tuple) -> tuple:
        # v * c0 + c1, then v * p + c for each later c (Horner, as written above)
        p = em.arith('+', em.arith('*', v, c(coefs[0])), c(coefs[1]))
        for k in coefs[2:]:
            p = em.arith('+', em.arith('*', v, p), c(k))
        return p
    clamp = c(_CLAMP)
    high = em.compare_op('>', x, clamp)
    low = em.compare_op('<', x, em.negate(clamp))
    xc = em.select(high, clamp, em.select(low, em.negate(clamp), x))
    x2 = em.arith('*', xc, xc)
    p = em.arith('*', xc, poly(x2, (_A13, _A11, _A9, _A7, _A5, _A3, _A1)))
    q = poly(x2, (_B6, _B4, _B2, _B0))
    tiny = em.compare_op('<', em.absolute(x), c(_TINY))
    return em.select(tiny, x, em.arith('/', p, q))


def __getattr__(name: str) -> Any:
    # ``tanh_f32``, the Numba function generated kernel modules import, is
    # made on first use: a process running only native kernels (which build
    # it with ``tanh_f32_llvm``) never imports Numba.
    if name == 'tanh_f32':
        from numba import njit
        # No disk cache of its own: it is inlined into each kernel (whose
        # cache holds it), and Numba's would want a writable directory
        # beside the installed package or in the home directory (raising
        # where there is none) and would load its files unverified.
        f = njit(inline='always', nogil=True, error_model='numpy')(tanh_f32_py)
        globals()['tanh_f32'] = f
        return f
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
