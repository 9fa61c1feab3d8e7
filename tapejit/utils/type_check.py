"""Chainer's ``type_check``: checks of input shapes and dtypes in ``check_type_forward``.

A :class:`~tapejit.FunctionNode` may override ``check_type_forward(in_types)``;
``apply`` calls it with one :class:`TypeInfo` per input, and the override states
its conditions with :func:`expect`. The check first runs on plain values (fast);
when a condition fails it runs again on expressions, so the :class:`InvalidType`
it raises says which condition failed and with what values.

tapejit's own :class:`~tapejit.ShapeError` and :class:`~tapejit.DTypeError`
subclass :class:`InvalidType`, so ``except type_check.InvalidType`` catches them.

>>> import numpy as np, tapejit
>>> from tapejit.utils import type_check
>>> class Twice(tapejit.FunctionNode):
...     def check_type_forward(self, in_types):
...         type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
...     def forward(self, inputs):
...         return inputs[0] * 2,
>>> Twice().apply((np.ones(2),))[0].array
array([2., 2.])
>>> try:
...     Twice().apply((np.ones(2, np.int32),))
... except type_check.InvalidType as e:
...     print(e)
Invalid operation is performed in: Twice (Forward)
<BLANKLINE>
Expect: in_types[0].dtype.kind == 'f'
Actual: i != f
"""

from __future__ import annotations

import contextlib
import operator
import threading
from typing import Any, Callable, Iterator

import numpy

from tapejit.core.errors import InvalidType

_state = threading.local()


def _light() -> bool:
    return getattr(_state, 'light', True)


@contextlib.contextmanager
def _mode(light: bool) -> Iterator[None]:
    old = _light()
    _state.light = light
    try:
        yield
    finally:
        _state.light = old


@contextlib.contextmanager
def get_function_check_context(f: Any) -> Iterator[None]:
    """Name ``f`` in the messages of checks made inside the ``with`` block."""
    old = getattr(_state, 'function', None)
    _state.function = f
    try:
        yield
    finally:
        _state.function = old


# ------------------------------------------------------------------ expressions
class Expr:
    """A value that remembers how it was computed, for the message of a failed check."""

    def __init__(self, priority: int) -> None:
        self.priority = priority

    def eval(self) -> Any:
        raise NotImplementedError

    def __bool__(self) -> bool:
        raise RuntimeError(f'type_check: the truth of {self} is unknown until checked; '
                           'use type_check.expect(...), or type_check.eval(...) for a value')

    def __call__(self, *args: Any) -> 'Expr':
        return Call(self, args)

    def __getattr__(self, name: str) -> 'Expr':
        if name.startswith('__'):
            raise AttributeError(name)
        return Member(self, name)

    def __getitem__(self, key: Any) -> 'Expr':
        return GetItem(self, key)

    __hash__ = object.__hash__


def _wrap(x: Any) -> Expr:
    return x if isinstance(x, Expr) else Constant(x)


def _text(x: Any, priority: int) -> str:
    x = _wrap(x)
    s = str(x)
    return f'({s})' if x.priority < priority else s


class Constant(Expr):
    def __init__(self, value: Any) -> None:
        super().__init__(8)
        self.value = value

    def __str__(self) -> str:
        # (repr, as Chainer writes it: ``<class 'numpy.float32'>`` for a type,
        # ``dtype('float32')`` for a dtype, so messages match Chainer's.)
        return repr(self.value)

    def eval(self) -> Any:
        return self.value


class Variable(Expr):
    """A named value: ``Variable(3, 'in_types.size')``."""

    def __init__(self, value: Any, name: str) -> None:
        super().__init__(8)
        self.value = value
        self.name = name

    def __str__(self) -> str:
        return self.name

    def eval(self) -> Any:
        return self.value


class Member(Expr):
    def __init__(self, obj: Expr, name: str) -> None:
        super().__init__(7)
        self.obj = obj
        self.name = name

    def __str__(self) -> str:
        return f'{_text(self.obj, 7)}.{self.name}'

    def eval(self) -> Any:
        return getattr(_eval(self.obj), self.name)


class Call(Expr):
    def __init__(self, fn: Expr, args: tuple) -> None:
        super().__init__(7)
        self.fn = fn
        self.args = args

    def __str__(self) -> str:
        return f'{_text(self.fn, 7)}({", ".join(str(_wrap(a)) for a in self.args)})'

    def eval(self) -> Any:
        return _eval(self.fn)(*[_eval(a) for a in self.args])


class GetItem(Expr):
    def __init__(self, obj: Expr, key: Any) -> None:
        super().__init__(7)
        self.obj = obj
        self.key = key

    def __str__(self) -> str:
        k = self.key
        if isinstance(k, slice):
            parts = ['' if p is None else str(_wrap(p)) for p in (k.start, k.stop)]
            key = ':'.join(parts) + ('' if k.step is None else f':{_wrap(k.step)}')
        else:
            key = str(_wrap(k))
        return f'{_text(self.obj, 7)}[{key}]'

    def eval(self) -> Any:
        k = self.key
        if isinstance(k, slice):
            k = slice(_eval(k.start), _eval(k.stop), _eval(k.step))
        return _eval(self.obj)[_eval(k)]


class BinaryOperator(Expr):
    def __init__(self, priority: int, lhs: Any, rhs: Any, exp: str,
                 func: Callable, right_associative: bool = False) -> None:
        super().__init__(priority)
        self.lhs, self.rhs, self.exp, self.func = lhs, rhs, exp, func
        self.right_associative = right_associative

    def __str__(self) -> str:
        left = self.priority + (1 if self.right_associative else 0)
        right = self.priority + (0 if self.right_associative else 1)
        return f'{_text(self.lhs, left)} {self.exp} {_text(self.rhs, right)}'

    def eval(self) -> Any:
        return self.func(_eval(self.lhs), _eval(self.rhs))


class UnaryOperator(Expr):
    def __init__(self, priority: int, term: Any, exp: str, func: Callable) -> None:
        super().__init__(priority)
        self.term, self.exp, self.func = term, exp, func

    def __str__(self) -> str:
        return f'{self.exp}{_text(self.term, self.priority)}'

    def eval(self) -> Any:
        return self.func(_eval(self.term))


class Testable(BinaryOperator):
    """A comparison: ``expect`` checks it and names it when it fails."""

    def __init__(self, lhs: Any, rhs: Any, exp: str, inv: str, func: Callable) -> None:
        super().__init__(-1, lhs, rhs, exp, func)
        self.inv = inv

    def expect(self) -> None:
        left, right = _eval(self.lhs), _eval(self.rhs)
        if not self.func(left, right):
            raise InvalidType(f'{self.lhs_text()} {self.exp} {self.rhs_text()}',
                              f'{left} {self.inv} {right}')

    def lhs_text(self) -> str:
        return _text(self.lhs, 0)

    def rhs_text(self) -> str:
        return _text(self.rhs, 1)


def _install_operators() -> None:
    binary = [('add', '+', operator.add, 4), ('sub', '-', operator.sub, 4),
              ('mul', '*', operator.mul, 5), ('truediv', '/', operator.truediv, 5),
              ('floordiv', '//', operator.floordiv, 5), ('mod', '%', operator.mod, 5),
              ('pow', '**', operator.pow, 6), ('and', '&', operator.and_, 2),
              ('or', '|', operator.or_, 0), ('xor', '^', operator.xor, 1),
              ('lshift', '<<', operator.lshift, 3), ('rshift', '>>', operator.rshift, 3)]
    for name, sym, fn, prio in binary:
        right = name == 'pow'

        def op(self, other, _s=sym, _f=fn, _p=prio, _r=right):
            return BinaryOperator(_p, self, other, _s, _f, _r)

        def rop(self, other, _s=sym, _f=fn, _p=prio, _r=right):
            return BinaryOperator(_p, other, self, _s, _f, _r)
        setattr(Expr, f'__{name}__', op)
        setattr(Expr, f'__r{name}__', rop)
    compares = [('eq', '==', '!=', operator.eq), ('ne', '!=', '==', operator.ne),
                ('lt', '<', '>=', operator.lt), ('le', '<=', '>', operator.le),
                ('gt', '>', '<=', operator.gt), ('ge', '>=', '<', operator.ge)]
    for name, sym, inv, fn in compares:
        def cmp(self, other, _s=sym, _i=inv, _f=fn):
            return Testable(self, other, _s, _i, _f)
        setattr(Expr, f'__{name}__', cmp)
    Expr.__neg__ = lambda self: UnaryOperator(6, self, '-', operator.neg)
    Expr.__pos__ = lambda self: UnaryOperator(6, self, '+', operator.pos)
    Expr.__invert__ = lambda self: UnaryOperator(6, self, '~', operator.invert)


_install_operators()


def _eval(x: Any) -> Any:
    return x.eval() if isinstance(x, Expr) else x


def eval(x: Any) -> Any:  # noqa: A001 (Chainer's name)
    """The value of an expression (or ``x`` itself when it is a plain value)."""
    return _eval(x)


# --------------------------------------------------------------- type info
class TypeInfo:
    """Shape and dtype of one input (``shape``, ``dtype``, ``ndim``, ``size``)."""

    def __init__(self, shape: Any, dtype: Any, ndim: Any = None) -> None:
        self.shape = shape
        self.dtype = dtype
        self.ndim = len(shape) if ndim is None else ndim

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


class TypeInfoTuple(tuple):
    """The :class:`TypeInfo` of each input; ``size()`` is their number."""

    name = 'in_types'

    def size(self) -> Any:
        if _light():
            return len(self)
        return Variable(len(self), f'{self.name}.size')


class LightTypeInfoTuple(TypeInfoTuple):
    """The :class:`TypeInfo` of each input for the light check (plain values), as
    Chainer's type of the same name."""


def _make_info(array: Any, name: str, light: bool) -> Any:
    shape, dtype = tuple(array.shape), numpy.dtype(array.dtype)
    if light:
        return TypeInfo(shape, dtype)
    return TypeInfo(Variable(shape, f'{name}.shape'), Variable(dtype, f'{name}.dtype'),
                    Variable(len(shape), f'{name}.ndim'))


def get_types(data: tuple, name: str, accept_none: bool, shapes: Any = None) -> TypeInfoTuple:
    """One :class:`TypeInfo` per array of ``data`` (None kept where ``accept_none``)."""
    light = _light()
    infos = []
    for i, a in enumerate(data):
        if a is None and accept_none:
            infos.append(None)
        else:
            infos.append(_make_info(a, f'{name}[{i}]', light))
    tup = (LightTypeInfoTuple if light else TypeInfoTuple)(infos)
    tup.name = name
    return tup


def expect(*bool_exprs: Any) -> None:
    """Raise :class:`InvalidType` unless every condition holds.

    >>> from tapejit.utils import type_check
    >>> type_check.expect(1 + 1 == 2)
    >>> type_check.expect(type_check.Variable(3, 'n') == 2)
    Traceback (most recent call last):
    ...
    tapejit.core.errors.InvalidType: Expect: n == 2
    Actual: 3 != 2
    """
    for e in bool_exprs:
        if isinstance(e, Testable):
            e.expect()
        elif isinstance(e, Expr):
            if not _eval(e):
                raise InvalidType(str(e), 'False')
        elif isinstance(e, (bool, numpy.bool_)):
            if not e:
                raise InvalidType('a condition', 'False')
        else:
            raise TypeError(f'type_check.expect: expected a condition (a comparison or '
                            f'a bool), got {type(e).__name__}')


def argname(in_types: Any, names: tuple) -> None:
    """Name the inputs in messages: ``argname(in_types, ('x', 'W'))``."""
    if _light():
        return
    for info, name in zip(in_types, names):
        if isinstance(info, TypeInfo) and isinstance(info.shape, Variable):
            info.shape.name = f'{name}.shape'
            info.dtype.name = f'{name}.dtype'
            info.ndim.name = f'{name}.ndim'


def same_types(*arrays: Any) -> bool:
    """Whether the arrays all have one type (all NumPy or all CuPy)."""
    return len({type(a) for a in arrays}) <= 1


def expect_broadcast_shapes(*shape_types: Any, **kwargs: Any) -> None:
    """Raise :class:`InvalidType` unless the shapes broadcast together."""
    shapes = [tuple(_eval(s)) for s in shape_types]
    try:
        numpy.broadcast_shapes(*shapes)
    except ValueError:
        raise InvalidType('shapes that broadcast together',
                          ' and '.join(map(str, shapes))) from None


def check_types(func: Any, in_data: tuple) -> None:
    """Run ``func.check_type_forward`` on ``in_data``, with a full message on failure."""
    with _mode(True):
        try:
            func.check_type_forward(get_types(in_data, 'in_types', False))
            return
        except InvalidType:
            pass
    with _mode(False):
        try:
            func.check_type_forward(get_types(in_data, 'in_types', False))
        except InvalidType as e:
            label = getattr(func, 'label', type(func).__name__)
            raise InvalidType(e.expect, e.actual,
                              f'Invalid operation is performed in: {label} (Forward)\n\n'
                              f'Expect: {e.expect}\nActual: {e.actual}') from None
    raise InvalidType('a consistent check', 'a check that failed only once',
                      f'{type(func).__name__}.check_type_forward failed on values but '
                      'passed on expressions')


__all__ = [
    'BinaryOperator', 'Constant', 'Expr', 'InvalidType', 'LightTypeInfoTuple', 'Testable',
    'TypeInfo',
    'TypeInfoTuple', 'UnaryOperator', 'Variable', 'argname', 'check_types', 'eval',
    'expect', 'expect_broadcast_shapes', 'get_function_check_context', 'get_types',
    'same_types',
]
