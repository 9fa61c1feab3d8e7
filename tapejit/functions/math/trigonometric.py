"""Trigonometric functions, and Chainer's function classes of them (``Sin``...).

As in Chainer, the functions are defined here and exported by
:mod:`tapejit.functions.math` and :mod:`tapejit.functions`.  tapejit
computes each with its primitives (``arctan2`` is composed of them, so that
it compiles under ``jit`` and differentiates to any order); the classes
are Chainer's ``FunctionNode`` names for code that builds a node and applies
it (``Sin().apply((x,))``, ``Sin().label``).
"""

from __future__ import annotations

import math as _math
from typing import Any

import numpy

from tapejit.core.errors import DTypeError
from tapejit.core.variable import Variable
from tapejit.functions._nodes import node_class
from tapejit.functions._util import array_of, check_var, lift_pair
from tapejit.ops import elementwise as E


def sin(x: Any) -> Variable:
    """The sine of ``x`` (in radians), elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.sin(np.array([0.0]))
    variable([0.])
    """
    return E.sin(x)


def cos(x: Any) -> Variable:
    """The cosine of ``x`` (in radians), elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.cos(np.array([0.0]))
    variable([1.])
    """
    return E.cos(x)


def tan(x: Any) -> Variable:
    """The tangent of ``x`` (in radians), elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.tan(np.array([0.0]))
    variable([0.])
    """
    return E.tan(x)


def arcsin(x: Any) -> Variable:
    """The inverse sine of ``x``, in ``[-pi/2, pi/2]``, elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.arcsin(np.array([0.0]))
    variable([0.])
    """
    return E.arcsin(x)


def arccos(x: Any) -> Variable:
    """The inverse cosine of ``x``, in ``[0, pi]``, elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.arccos(np.array([1.0]))
    variable([0.])
    """
    return E.arccos(x)


def arctan(x: Any) -> Variable:
    """The inverse tangent of ``x``, in ``[-pi/2, pi/2]``, elementwise.

    >>> import numpy as np, tapejit.functions as F
    >>> F.arctan(np.array([0.0]))
    variable([0.])
    """
    return E.arctan(x)


def arctan2(x1: Any, x2: Any) -> Variable:
    """The angle of the point ``(x2, x1)``: ``arctan(x1 / x2)`` in the right quadrant,
    in ``[-pi, pi]`` (NumPy's ``arctan2``; broadcasting).

    The derivatives are ``x2 / (x1**2 + x2**2)`` and ``-x1 / (x1**2 + x2**2)``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.arctan2(np.array([1.0, 1.0, -1.0]), np.array([1.0, -1.0, 0.0]))
    variable([ 0.78539816,  2.35619449, -1.57079633])
    """
    x1, x2 = lift_pair('arctan2', x1, x2)
    check_var('arctan2', x1, 'x1')
    check_var('arctan2', x2, 'x2')
    d1, d2 = array_of(x1).dtype, array_of(x2).dtype
    if d1.kind != 'f' or d2.kind != 'f':
        raise DTypeError(f'arctan2: x1 has dtype {d1} and x2 has dtype {d2}; expected '
                         'floating dtypes (float16, float32 or float64)')
    dt = numpy.result_type(d1, d2)
    # float16 runs in float32, as NumPy's own float16 loop does: the steps of
    # the composition would otherwise round to float16 one by one.
    work = numpy.dtype(numpy.float32) if dt == numpy.float16 else dt
    x1 = x1 if d1 == work else E.cast(x1, dtype=work)
    x2 = x2 if d2 == work else E.cast(x2, dtype=work)
    y = _arctan2(x1, x2, work)
    return y if work == dt else E.cast(y, dtype=dt)


def _arctan2(x1: Any, x2: Any, dt: Any) -> Variable:
    def c(v: float) -> Any:
        return numpy.asarray(v, dt)

    # arctan of the smaller magnitude over the larger, |ratio| <= 1: accurate
    # everywhere, and no infinite ratio (whose derivative would be NaN).
    swap = E.greater(E.absolute(x1), E.absolute(x2))
    num = E.where(swap, x2, x1)
    den = E.where(swap, x1, x2)
    # At the origin both are 0: divide by 1 instead (the angle is 0, as NumPy's).
    den = E.where(E.equal(den, c(0.0)), c(1.0), den)
    t = E.arctan(num / den)
    # Not swapped: t = arctan(x1 / x2), moved by +-pi into the left half plane.
    # Swapped: the complement, +-pi/2 - arctan(x2 / x1).
    up = E.greater_equal(x1, c(0.0))
    half = E.where(up, c(_math.pi / 2), c(-_math.pi / 2))
    turn = E.where(E.less(x2, c(0.0)), E.where(up, c(_math.pi), c(-_math.pi)), c(0.0))
    return E.where(swap, half - t, t + turn)


_X = 'np.array([0.5])'
Sin = node_class('Sin', 'sin', sin, __name__, _X, 'variable([0.47942554])')
Cos = node_class('Cos', 'cos', cos, __name__, _X, 'variable([0.87758256])')
Tan = node_class('Tan', 'tan', tan, __name__, _X, 'variable([0.54630249])')
Arcsin = node_class('Arcsin', 'arcsin', arcsin, __name__, _X, 'variable([0.52359878])')
Arccos = node_class('Arccos', 'arccos', arccos, __name__, _X, 'variable([1.04719755])')
Arctan = node_class('Arctan', 'arctan', arctan, __name__, _X, 'variable([0.46364761])')
Arctan2 = node_class('Arctan2', 'arctan2', arctan2, __name__, f'{_X}, np.array([-1.0])',
                     'variable([2.67794504])')


__all__ = ['Arccos', 'Arcsin', 'Arctan', 'Arctan2', 'Cos', 'Sin', 'Tan', 'arccos', 'arcsin',
           'arctan', 'arctan2', 'cos', 'sin', 'tan']
