"""Python operators and array-like methods of ``Variable`` and of
``TracedArray`` (the array a Variable holds while ``@tapejit.jit`` traces).

Installed onto the classes here, at the import of :mod:`tapejit.functions`,
after the primitives exist, because the operators are ops themselves
(``a * b`` records a ``mul`` node): the core defines the classes and
imports no op, as JAX installs its array methods.
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray, where_in_user_code, write_into
from tapejit.core.variable import Variable
from tapejit.functions import array as A
from tapejit.functions import math as M
from tapejit.functions import reduction as R
from tapejit.functions._util import is_scalar, lift_pair
from tapejit.ops import elementwise as E
from tapejit.ops.registry import PRIMITIVES, bind


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

# --- TracedArray ---------------------------------------------------------

def _defers(o: Any) -> bool:
    """Whether ``o`` takes binary operations with arrays itself (NumPy's
    ``__array_ufunc__ = None``, as a Variable sets)."""
    return getattr(o.__class__, '__array_ufunc__', 0) is None


def _traced_binary(name: str, a: Any, b: Any) -> Any:
    return NotImplemented if _defers(a) or _defers(b) else _array_op(name, a, b)


def _numpy_dtype(name: str, a: Any, b: Any) -> Any:
    """The dtype NumPy gives ``a op b`` where it differs from what the
    operands' own rules give (a NumPy scalar or an array of another dtype:
    NumPy promotes, where a Variable would raise), else None."""

    def arg(x: Any) -> Any:
        if x.__class__ is TracedArray:
            # A dynamic Python number stands for its Python type (weak).
            return (0.0 if x.dtype.kind == 'f' else 0) if x.weak else x.dtype
        if isinstance(x, numpy.ndarray):
            return x.dtype
        return x if isinstance(x, numpy.generic) else None

    ta, tb = arg(a), arg(b)
    if ta is None or tb is None:
        return None  # (a Python number: the usual rules already are NumPy's)
    if not (isinstance(a, numpy.generic) or isinstance(b, numpy.generic)
            or (isinstance(ta, numpy.dtype) and isinstance(tb, numpy.dtype) and ta != tb)):
        return None
    dt = numpy.result_type(ta, tb)
    if name == 'div' and dt.kind in 'biu':
        return None  # (true division's own rule: float64)
    return dt


def _array_op(name: str, a: Any, b: Any) -> Any:
    dt = _numpy_dtype(name, a, b)
    if dt is not None:
        # NumPy's promotion, as the arrays would get eagerly: ``float32 *
        # np.float64(0.1)`` and ``float32 + float64 array`` are float64.
            a, b = (numpy.asarray(x, dtype=dt) if isinstance(x, numpy.generic)
                else x if x.dtype == dt else x.astype(dt) for x in (a, b))
    if name == 'matmul':
        # (NumPy's ``@``: 1-d operands included, as F.matmul takes them.)
        if _is_number(a) or _is_number(b):
            shapes = ' and '.join(f'a scalar ({x!r})' if _is_number(x) else f'shape {x.shape}'
                                  for x in (a, b))
            raise ValueError(f'matmul (@): got {shapes}; expected two arrays of at least one '
                             f'dimension, as NumPy does; at {where_in_user_code()}')
        return M.matmul(a, b)._data
    prim = PRIMITIVES['pow_const' if name == 'pow' and _is_number(b) else name]
    if prim.name == 'pow_const':
        return bind(prim, (a,), {'p': b})._data
    return bind(prim, lift_pair(name, a, b), {})._data


_SYMBOLS = {'add': '+=', 'sub': '-=', 'mul': '*=', 'div': '/=', 'floordiv': '//=',
            'pow': '**='}


def _inplace(name: str, a: 'TracedArray', b: Any) -> Any:
    """``a op= b``: the result becomes ``a``'s value (see :func:`write_into`)."""
    if _defers(b):
        if a.weak:
            # A Python number: ``lr += v`` makes it a Variable, as eagerly.
            return NotImplemented
        # NumPy's error for ``ndarray += Variable``: an array cannot hold a
        # Variable's result.
        raise TypeError(f"operand '{type(b).__name__}' does not support ufuncs "
                        f'(__array_ufunc__=None): {_SYMBOLS[name]} on a traced array; '
                        f'at {where_in_user_code()}')
    r = _array_op(name, a, b)
    if a.weak:
        # A Python number (a dynamic hyperparameter): immutable, so ``lr *= 2``
        # names a new value, as it would eagerly.
        return r
    write_into(a, r, _SYMBOLS[name])
    return a


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float, numpy.generic)) and not isinstance(x, bool)


class _TracedArrayOps:
    """The methods :func:`install_traced` puts on ``TracedArray``."""

    # NumPy's protocol for the other operand: a class whose ``__array_ufunc__``
    # is None (a Variable) takes the operation itself, as it does from an
    # ndarray; otherwise ``traced * v`` would read ``v``'s array as a
    # constant and its gradient would silently be lost.
    def __eq__(self, o: object) -> Any:  # type: ignore[override]
        return NotImplemented if _defers(o) else _array_op('equal', self, o)

    def __ne__(self, o: object) -> Any:  # type: ignore[override]
        return NotImplemented if _defers(o) else _array_op('not_equal', self, o)

    # NumPy-style arithmetic on ``v.array`` (e.g. ``p.array -= lr * p.grad``)
    # records primitives too and yields traced arrays.
    def __add__(self, o): return _traced_binary('add', self, o)  # noqa: E704
    def __radd__(self, o): return _traced_binary('add', o, self)  # noqa: E704
    def __sub__(self, o): return _traced_binary('sub', self, o)  # noqa: E704
    def __rsub__(self, o): return _traced_binary('sub', o, self)  # noqa: E704
    def __mul__(self, o): return _traced_binary('mul', self, o)  # noqa: E704
    def __rmul__(self, o): return _traced_binary('mul', o, self)  # noqa: E704
    def __truediv__(self, o): return _traced_binary('div', self, o)  # noqa: E704
    def __rtruediv__(self, o): return _traced_binary('div', o, self)  # noqa: E704
    def __pow__(self, o): return _traced_binary('pow', self, o)  # noqa: E704
    def __rpow__(self, o): return _traced_binary('pow', o, self)  # noqa: E704
    def __floordiv__(self, o): return _traced_binary('floordiv', self, o)  # noqa: E704
    def __rfloordiv__(self, o): return _traced_binary('floordiv', o, self)  # noqa: E704
    def __matmul__(self, o): return _traced_binary('matmul', self, o)  # noqa: E704
    def __rmatmul__(self, o): return _traced_binary('matmul', o, self)  # noqa: E704
    def __lt__(self, o): return _traced_binary('less', self, o)  # noqa: E704
    def __le__(self, o): return _traced_binary('less_equal', self, o)  # noqa: E704
    def __gt__(self, o): return _traced_binary('greater', self, o)  # noqa: E704
    def __ge__(self, o): return _traced_binary('greater_equal', self, o)  # noqa: E704
    # In place, as NumPy's: every holder of this array (a Variable's
    # ``.array``, a local name, two Variables sharing one array) sees the
    # new value, as it would see the array written eagerly.
    def __iadd__(self, o): return _inplace('add', self, o)  # noqa: E704
    def __isub__(self, o): return _inplace('sub', self, o)  # noqa: E704
    def __imul__(self, o): return _inplace('mul', self, o)  # noqa: E704
    def __itruediv__(self, o): return _inplace('div', self, o)  # noqa: E704
    def __ifloordiv__(self, o): return _inplace('floordiv', self, o)  # noqa: E704
    def __ipow__(self, o): return _inplace('pow', self, o)  # noqa: E704

    def __neg__(self) -> Any:
        return E.neg(self)._data

    def __abs__(self) -> Any:
        return E.absolute(self)._data

    def __getitem__(self, slices: Any) -> Any:
        return A.get_item(self, slices)._data

    def astype(self, dtype: Any, copy: bool = True) -> Any:
        if numpy.dtype(dtype) == self.dtype:
            # (A copy is another array: writing one in place leaves the other.)
            return TracedArray(self.var, self.trace, self.weak) if copy else self
        return E.cast(self, dtype=numpy.dtype(dtype))._data

    def reshape(self, *shape: Any) -> Any:
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return A.reshape(self, tuple(shape))._data

    @property
    def T(self) -> Any:
        return A.transpose(self)._data


def install_traced() -> None:
    # (The class's own entries aside: its __hash__ is None, since it
    # defines __eq__; TracedArray keeps its own.)
    own = ('__module__', '__qualname__', '__doc__', '__dict__', '__weakref__', '__hash__')
    for name, value in vars(_TracedArrayOps).items():
        if name not in own:
            setattr(TracedArray, name, value)


install()
install_traced()
