"""Python operators and array-like methods of ``Variable``.

Installed onto the class here, after the primitives exist, because the
operators are ops themselves (``a * b`` records a ``mul`` node).
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.core.variable import Variable
from tapejit.functions import array as A
from tapejit.functions import math as M
from tapejit.functions import reduction as R
from tapejit.functions._util import is_scalar, lift_pair
from tapejit.ops import elementwise as E
from tapejit.ops.registry import bind


_float = float
_int = int


def _fast_const(self: Variable, other: Any) -> Any:
    """``other`` as a 0-d array of ``self``'s dtype for the common ``x * 2.0``, else None."""
    cls = other.__class__
    d = self._data
    if (cls is _float or cls is _int) and d.dtype.kind == 'f':
        if d.__class__ is numpy.ndarray:
            return numpy.asarray(other, d.dtype)
        return backends.get_array_module(d).asarray(other, d.dtype)
    return None


def _like(self: Variable, other: Any) -> Any:
    """A raw array operand takes the Variable's dtype, as in Chainer (``x + a`` with
    ``x`` float32 and ``a`` a float64 array is float32); other operands are unchanged."""
    d = self._data
    if other.__class__ is numpy.ndarray or backends.is_array(other):
        if other.dtype != d.dtype and d.dtype.kind == 'f':
            if isinstance(other, numpy.ndarray):
                return other.astype(d.dtype)
            return E.cast(other, dtype=d.dtype)
    return other


def _binary(prim: Any, name: str):
    def op(self: Variable, other: Any) -> Variable:
        if other.__class__ is Variable:
            return bind(prim, (self, other), {})
        c = _fast_const(self, other)
        if c is not None:
            return bind(prim, (self, c), {})
        if not is_scalar(other) and not hasattr(other, 'dtype'):
            return NotImplemented
        return prim(*lift_pair(name, self, _like(self, other)))

    def rop(self: Variable, other: Any) -> Variable:
        c = _fast_const(self, other)
        if c is not None:
            return bind(prim, (c, self), {})
        if not is_scalar(other) and not hasattr(other, 'dtype'):
            return NotImplemented
        return prim(*lift_pair(name, _like(self, other), self))
    return op, rop


def install() -> None:
    V = Variable
    for dunder, prim, name in (('add', E.add, 'add'), ('sub', E.sub, 'sub'),
                               ('mul', E.mul, 'mul'), ('truediv', E.div, 'div'),
                               ('floordiv', E.floordiv, 'floordiv')):
        op, rop = _binary(prim, name)
        setattr(V, f'__{dunder}__', op)
        setattr(V, f'__r{dunder}__', rop)
    V.__div__ = V.__truediv__
    V.__rdiv__ = V.__rtruediv__

    def __pow__(self, other):
        if not is_scalar(other) and not hasattr(other, 'dtype'):
            return NotImplemented
        return M.pow(self, _like(self, other))

    def __rpow__(self, other):
        if not is_scalar(other) and not hasattr(other, 'dtype'):
            return NotImplemented
        return E.power(*lift_pair('pow', _like(self, other), self))

    def __matmul__(self, other):
        return M.matmul(self, _like(self, other))

    def __rmatmul__(self, other):
        return M.matmul(_like(self, other), self)

    for dunder, prim in (('lt', E.less), ('le', E.less_equal), ('gt', E.greater),
                         ('ge', E.greater_equal)):
        def cmp(self, other, _prim=prim, _name=dunder):
            if not is_scalar(other) and not hasattr(other, 'dtype'):
                return NotImplemented
            return _prim(*lift_pair(_prim.name, self, other))
        setattr(V, f'__{dunder}__', cmp)

    V.__pow__ = __pow__
    V.__rpow__ = __rpow__
    V.__matmul__ = __matmul__
    V.__rmatmul__ = __rmatmul__
    V.__neg__ = lambda self: E.neg(self)
    V.__abs__ = lambda self: E.absolute(self)
    V.__getitem__ = lambda self, slices: A.get_item(self, slices)

    def reshape(self, *shape):
        """Same data, new shape: ``v.reshape(2, 3)`` or ``v.reshape((2, 3))``."""
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return A.reshape(self, tuple(shape))

    def transpose(self, *axes):
        """Permute axes: ``v.transpose()`` reverses them."""
        if len(axes) == 1 and (isinstance(axes[0], (tuple, list)) or axes[0] is None):
            axes = axes[0]
        return A.transpose(self, tuple(axes) if axes else None)

    def mean(self, axis=None, *, weights=None, keepdims=False):
        """Weighted average over ``axis``: ``F.average(self, axis, weights, keepdims)``."""
        return R.mean(self, axis=axis, weights=weights, keepdims=keepdims)

    V.reshape = reshape
    V.transpose = transpose
    V.mean = mean
    V.T = property(lambda self: A.transpose(self), doc='Transposition of this variable.')


install()
