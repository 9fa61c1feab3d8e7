"""Data-less arrays used while tracing, and the error raised when Python code
needs a value that only exists when the compiled plan runs.

A ``TracedArray`` has a shape, a dtype and an IR variable, nothing else.  It
stands in a Variable's ``array`` while a function is traced, so the eager API
(ops, ``backward()``, ``tapejit.grad``) runs unchanged and records IR instead
of computing.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any, Optional

_PKG_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class TraceError(RuntimeError):
    """Python code under ``@tapejit.jit`` needed the value of a traced array."""


def user_frame() -> Optional[traceback.FrameSummary]:
    """The innermost stack frame outside tapejit (the user's line)."""
    for fs in reversed(traceback.extract_stack()[:-1]):
        if not os.path.abspath(fs.filename).startswith(_PKG_DIR):
            return fs
    return None


def where_in_user_code() -> str:
    fs = user_frame()
    if fs is None:
        return 'inside tapejit'
    line = f'\n    {fs.line}' if fs.line else ''
    return f'{fs.filename}:{fs.lineno} (in {fs.name}){line}'


_CONTROL_FLOW_HINT = (
    'Python control flow cannot depend on traced values. Pass the value as a '
    'static argument (static_argnums / static_argnames), compute it outside the '
    "jitted function, or use tapejit.jit(fn, fallback='eager') to run such "
    'functions eagerly.')


def trace_error(what: str, hint: str = _CONTROL_FLOW_HINT) -> TraceError:
    return TraceError(
        f'{what} needs the value of a traced array, which does not exist while '
        f'@tapejit.jit traces the function; at {where_in_user_code()}\n{hint}')


def numpy_hint() -> str:
    """The remedy for a NumPy function applied to a traced array, naming the
    tapejit function to use where the user's line calls one (``np.exp``)."""
    import re
    fs = user_frame()
    m = re.search(r'\b(?:np|numpy)\.(\w+)\s*\(', (fs.line or '') if fs else '')
    if m is not None:
        name = m.group(1)
        return (f'numpy.{name} computes on concrete arrays only: use F.{name} '
                "(tapejit.functions) or the array's operators, which are traced; or "
                "compute it outside the jitted function (or fallback='eager').")
    return ('NumPy functions compute on concrete arrays only: use the tapejit.functions '
            "equivalent (F.exp for numpy.exp) or the array's operators, which are traced; "
            "or compute it outside the jitted function (or fallback='eager').")


class TracedArray:
    """An abstract array: shape, dtype and the IR variable that will hold it."""

    __slots__ = ('var', 'trace', 'weak', '__weakref__')
    __array_priority__ = 300

    def __init__(self, var: Any, trace: Any, weak: bool = False) -> None:
        self.var = var
        self.trace = trace
        # A dynamic Python scalar: adopts the dtype of the array it meets.
        self.weak = weak

    @property
    def shape(self) -> tuple:
        return self.var.shape

    @property
    def dtype(self) -> Any:
        return self.var.dtype

    @property
    def ndim(self) -> int:
        return len(self.var.shape)

    @property
    def size(self) -> int:
        n = 1
        for s in self.var.shape:
            n *= s
        return n

    def __len__(self) -> int:
        if not self.var.shape:
            raise TypeError('len() of a 0-dimensional traced array')
        return self.var.shape[0]

    def __repr__(self) -> str:
        return f'traced {self.var.type_str()}'

    def _needs_value(self, what: str, hint: str = _CONTROL_FLOW_HINT) -> TraceError:
        # After its trace has ended the array is a leaked value, not one being
        # traced: say so, as every other use of a leaked value does.
        if getattr(self.trace, 'closed', False):
            from tapejit.ir.trace import leaked_error
            return leaked_error()
        return trace_error(what, hint)

    # Anything that needs concrete values fails with the user's line.
    def __bool__(self) -> bool:
        raise self._needs_value('bool()')

    def __float__(self) -> float:
        raise self._needs_value('float()')

    def __int__(self) -> int:
        raise self._needs_value('int()')

    def __index__(self) -> int:
        raise self._needs_value('using a traced array as an index')

    def item(self) -> Any:
        raise self._needs_value('.item()')

    def tolist(self) -> Any:
        raise self._needs_value('.tolist()')

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        # (Not control flow: a NumPy function called on it, np.exp(x) say.)
        raise self._needs_value('converting a traced array to a NumPy array', numpy_hint())

    def __iter__(self):
        raise self._needs_value('iterating over a traced array')

    def __hash__(self) -> int:
        return id(self)

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
    def __add__(self, o): return _binary('add', self, o)  # noqa: E704
    def __radd__(self, o): return _binary('add', o, self)  # noqa: E704
    def __sub__(self, o): return _binary('sub', self, o)  # noqa: E704
    def __rsub__(self, o): return _binary('sub', o, self)  # noqa: E704
    def __mul__(self, o): return _binary('mul', self, o)  # noqa: E704
    def __rmul__(self, o): return _binary('mul', o, self)  # noqa: E704
    def __truediv__(self, o): return _binary('div', self, o)  # noqa: E704
    def __rtruediv__(self, o): return _binary('div', o, self)  # noqa: E704
    def __pow__(self, o): return _binary('pow', self, o)  # noqa: E704
    def __rpow__(self, o): return _binary('pow', o, self)  # noqa: E704
    def __floordiv__(self, o): return _binary('floordiv', self, o)  # noqa: E704
    def __rfloordiv__(self, o): return _binary('floordiv', o, self)  # noqa: E704
    def __matmul__(self, o): return _binary('matmul', self, o)  # noqa: E704
    def __rmatmul__(self, o): return _binary('matmul', o, self)  # noqa: E704
    def __lt__(self, o): return _binary('less', self, o)  # noqa: E704
    def __le__(self, o): return _binary('less_equal', self, o)  # noqa: E704
    def __gt__(self, o): return _binary('greater', self, o)  # noqa: E704
    def __ge__(self, o): return _binary('greater_equal', self, o)  # noqa: E704
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
        from tapejit.ops.elementwise import neg
        return neg(self)._data

    def __pos__(self) -> 'TracedArray':
        return TracedArray(self.var, self.trace, self.weak)  # (NumPy: a copy)

    def __abs__(self) -> Any:
        from tapejit.ops.elementwise import absolute
        return absolute(self)._data

    def __getattr__(self, name: str) -> Any:
        # Only names the class lacks get here: a NumPy method tapejit does
        # not record on arrays.  Say what to use instead, with the line.
        if name.startswith('__') or sys._getframe(1).f_globals.get(
                '__name__', '').startswith('tapejit'):
            # (A probe, ``getattr(x, 'array', x)``: no message to build.)
            raise AttributeError(name)
        raise AttributeError(
            f'a traced array (inside @tapejit.jit) has no NumPy method {name!r}: it '
            'records shape, dtype, ndim, size, reshape, astype, T, copy, indexing, '
            'abs() and the operators + - * / ** and comparisons; for the rest use '
            f'tapejit.functions on the Variable (F.sum, F.matmul, ...); at '
            f'{where_in_user_code()}')

    def __getitem__(self, slices: Any) -> Any:
        from tapejit.functions.array import get_item
        return get_item(self, slices)._data

    def astype(self, dtype: Any, copy: bool = True) -> Any:
        import numpy
        if numpy.dtype(dtype) == self.dtype:
            # (A copy is another array: writing one in place leaves the other.)
            return TracedArray(self.var, self.trace, self.weak) if copy else self
        from tapejit.ops.elementwise import cast
        return cast(self, dtype=numpy.dtype(dtype))._data

    def reshape(self, *shape: Any) -> Any:
        from tapejit.functions.array import reshape
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return reshape(self, tuple(shape))._data

    @property
    def T(self) -> Any:
        from tapejit.functions.array import transpose
        return transpose(self)._data

    def copy(self) -> 'TracedArray':
        return TracedArray(self.var, self.trace, self.weak)


def _defers(o: Any) -> bool:
    """Whether ``o`` takes binary operations with arrays itself (NumPy's
    ``__array_ufunc__ = None``, as a Variable sets)."""
    return getattr(o.__class__, '__array_ufunc__', 0) is None


def _binary(name: str, a: Any, b: Any) -> Any:
    return NotImplemented if _defers(a) or _defers(b) else _array_op(name, a, b)


def _numpy_dtype(name: str, a: Any, b: Any) -> Any:
    """The dtype NumPy gives ``a op b`` where it differs from what the
    operands' own rules give (a NumPy scalar or an array of another dtype:
    NumPy promotes, where a Variable would raise), else None."""
    import numpy

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
    from tapejit.functions._util import lift_pair
    from tapejit.ops.registry import PRIMITIVES, bind
    dt = _numpy_dtype(name, a, b)
    if dt is not None:
        # NumPy's promotion, as the arrays would get eagerly: ``float32 *
        # np.float64(0.1)`` and ``float32 + float64 array`` are float64.
        import numpy
        a, b = (numpy.asarray(x, dtype=dt) if isinstance(x, numpy.generic)
                else x if x.dtype == dt else x.astype(dt) for x in (a, b))
    if name == 'matmul':
        # (NumPy's ``@``: 1-d operands included, as F.matmul takes them.)
        from tapejit.functions.math import matmul
        if _is_scalar(a) or _is_scalar(b):
            shapes = ' and '.join(f'a scalar ({x!r})' if _is_scalar(x) else f'shape {x.shape}'
                                  for x in (a, b))
            raise ValueError(f'matmul (@): got {shapes}; expected two arrays of at least one '
                             f'dimension, as NumPy does; at {where_in_user_code()}')
        return matmul(a, b)._data
    prim = PRIMITIVES['pow_const' if name == 'pow' and _is_scalar(b) else name]
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


def write_into(a: 'TracedArray', r: 'TracedArray', what: str = '[...] =') -> None:
    """Make ``r`` the value of ``a``, which every holder of ``a`` then sees:
    NumPy's rules for an output operand (``a`` keeps its shape; ``r`` is
    cast to its dtype under 'same_kind' casting).  ``what`` names the
    operation in errors.

    >>> from tapejit.ir.trace import Trace
    >>> tr = Trace()
    >>> a, b = tr.new_input((2,), 'float32', 'a'), tr.new_input((2,), 'float32', 'b')
    >>> write_into(a, b); a.var is b.var
    True
    """
    import numpy
    if r.shape != a.shape:
        raise ValueError(f'{what} on a traced {a.var.type_str()} array: the result has '
                         f'shape {r.shape}; an array updated in place keeps its shape '
                         f'{a.shape}; at {where_in_user_code()}')
    if r.dtype != a.dtype:
        if not numpy.can_cast(r.dtype, a.dtype, 'same_kind'):
            raise TypeError(f'{what} on a traced {a.var.type_str()} array: cannot '
                            f'write a {r.dtype} result into an array of dtype {a.dtype} '
                            f"(NumPy casting rule 'same_kind'); at {where_in_user_code()}")
        r = r.astype(a.dtype)
    a.var = r.var


def _is_scalar(x: Any) -> bool:
    import numpy
    return isinstance(x, (int, float, numpy.generic)) and not isinstance(x, bool)
