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

import numpy

from tapejit import backends

_PKG_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_NUMPY_DIR = os.path.join(os.path.dirname(os.path.abspath(numpy.__file__)), '')


class TraceError(RuntimeError):
    """Python code under ``@tapejit.jit`` needed the value of a traced array."""


class TracedAttributeError(TraceError, AttributeError):
    """A NumPy method tapejit does not record was asked of a traced array
    (``x.argmax()``): a TraceError, so that what falls back to eager on one
    does so here too, and an AttributeError, so that ``hasattr`` answers."""


def reason(e: BaseException) -> str:
    r"""An error's message in one line, for a warning that goes on without
    it: the first line, and the user's line of code it names where it names
    one (``where_in_user_code``'s second line).

    >>> reason(TraceError('x needs a value; at a.py:3 (in f)\n    y = np.sum(x)\nUse F.sum'))
    'x needs a value; at a.py:3 (in f): `y = np.sum(x)`'
    """
    lines = str(e).splitlines() or ['']
    if len(lines) > 1 and lines[1].startswith('    ') and lines[1].strip():
        return f'{lines[0]}: `{lines[1].strip()}`'
    return lines[0]


def user_frame() -> Optional[traceback.FrameSummary]:
    """The innermost stack frame outside tapejit and NumPy (the user's line:
    ``np.sum(x)`` reaches a traced array's ``__array__`` through NumPy's own
    Python frames)."""
    for fs in reversed(traceback.extract_stack()[:-1]):
        path = os.path.abspath(fs.filename)
        if not path.startswith(_PKG_DIR) and not path.startswith(_NUMPY_DIR):
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


def leaked_error() -> TraceError:
    """The error of a traced value used after its trace ended."""
    return TraceError(
        'a traced value escaped its @tapejit.jit function (it was stored during '
        'tracing and used afterwards); return it from the function instead, at '
        f'{where_in_user_code()}')


def trace_error(what: str, hint: str = _CONTROL_FLOW_HINT) -> TraceError:
    return TraceError(
        f'{what} needs the value of a traced array, which does not exist while '
        f'@tapejit.jit traces the function; at {where_in_user_code()}\n{hint}')


def numpy_hint() -> str:
    """The remedy for a NumPy function applied to a traced array, naming the
    tapejit function to use where the user's line calls one (``np.exp``)."""
    import re
    fs = user_frame()
    # (``xp``: Chainer's array module of a link, ``self.xp.exp(...)``.)
    m = re.search(r'\b(?:np|numpy|xp)\.(\w+)\s*\(', (fs.line or '') if fs else '')
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

    def __pos__(self) -> 'TracedArray':
        return TracedArray(self.var, self.trace, self.weak)  # (NumPy: a copy)

    def __getattr__(self, name: str) -> Any:
        # Only names the class lacks get here: a NumPy method tapejit does
        # not record on arrays.  Say what to use instead, with the line.
        if name.startswith('__') or sys._getframe(1).f_globals.get(
                '__name__', '').startswith('tapejit'):
            # (A probe, ``getattr(x, 'array', x)``: no message to build.)
            raise AttributeError(name)
        raise TracedAttributeError(
            f'a traced array (inside @tapejit.jit) has no NumPy method {name!r}: it '
            'records shape, dtype, ndim, size, reshape, astype, T, copy, indexing, '
            'abs() and the operators + - * / ** and comparisons; for the rest use '
            f'tapejit.functions on the Variable (F.sum, F.matmul, ...); at '
            f'{where_in_user_code()}')

    def copy(self) -> 'TracedArray':
        return TracedArray(self.var, self.trace, self.weak)



# (backends learns of the class here: it imports nothing of the core.)
backends.traced_array_types = (TracedArray,)

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
