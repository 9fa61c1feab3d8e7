"""Chainer's node classes of the arithmetic operators (``chainer.functions.math.basic_math``).

tapejit computes ``x + y``, ``x * 2`` and the rest with its primitives; these
classes are Chainer's names for code that builds such a node and applies it
(``Add().apply((x, y))``, ``MulConstant(2.0).label``). As for the other node
classes (:mod:`tapejit.functions._nodes`), ``apply`` records the primitives'
nodes, so the result is differentiable to any order and compiles under ``jit``.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy

from tapejit import backends
from tapejit.core.variable import Variable, as_variable
from tapejit.functions._nodes import PrimitiveFunction, node_class


def _convert_value_to_string(value: Any) -> str:
    """How a node's label writes a constant operand: a scalar as itself
    (in parentheses when negative), an array as ``'constant array'``.

    >>> _convert_value_to_string(-2), _convert_value_to_string(numpy.float32(2))
    ('(-2)', '2.0')
    >>> _convert_value_to_string(numpy.array([1, 2]))
    'constant array'
    """
    if isinstance(value, Variable):
        value = value.array
    if numpy.isscalar(value) and not isinstance(value, (str, bytes)):
        return f'({value})' if value < 0 else str(value)
    if isinstance(value, backends.get_array_types()):
        return 'constant array'
    raise ValueError('basic_math: a constant must be a Variable, a scalar or an array; '
                     f'got {type(value).__name__}')


class _ConstantFunction(PrimitiveFunction):
    """A node of an operator with one constant operand ``value``."""

    _template: str
    _op: Callable[[Variable, Any], Variable]

    def __init__(self, value: Any) -> None:
        self.value = value

    @property
    def label(self) -> str:
        return self._template.format(_convert_value_to_string(self.value))

    def apply(self, inputs: Any) -> tuple:
        x, = inputs
        return type(self)._op(as_variable(x), self.value),


def _constant_class(name: str, template: str, op: Callable[[Variable, Any], Variable]) -> type:
    doc = (f"Chainer's ``{name}`` node, labelled ``{template.format('c')}`` for "
           f"constant ``c``.\n\n    >>> import numpy as np\n"
           f'    >>> from {__name__} import {name}\n'
           f'    >>> {name}(2.0).label\n    {template.format("2.0")!r}\n')
    return type(name, (_ConstantFunction,), {
        '_template': template, '_op': staticmethod(op), '__doc__': doc,
        '__module__': __name__, '__qualname__': name})


def _v(x: Any) -> Variable:
    return as_variable(x)


_X, _Y = 'np.array([3.0])', 'np.array([3.0]), np.array([2.0])'
Neg = node_class('Neg', '__neg__', lambda x: -_v(x), __name__, _X, 'variable([-3.])')
Absolute = node_class('Absolute', '|_|', lambda x: abs(_v(x)), __name__, _X, 'variable([3.])')
Add = node_class('Add', '_ + _', lambda x, y: _v(x) + y, __name__, _Y, 'variable([5.])')
Sub = node_class('Sub', '_ - _', lambda x, y: _v(x) - y, __name__, _Y, 'variable([1.])')
Mul = node_class('Mul', '_ * _', lambda x, y: _v(x) * y, __name__, _Y, 'variable([6.])')
Div = node_class('Div', '_ / _', lambda x, y: _v(x) / y, __name__, _Y, 'variable([1.5])')
PowVarVar = node_class('PowVarVar', '_ ** _', lambda x, y: _v(x) ** y, __name__, _Y,
                       'variable([9.])')
AddConstant = _constant_class('AddConstant', '_ + {}', lambda x, c: x + c)
SubFromConstant = _constant_class('SubFromConstant', '{} - _', lambda x, c: c - x)
MulConstant = _constant_class('MulConstant', '_ * {}', lambda x, c: x * c)
DivFromConstant = _constant_class('DivFromConstant', '{} / _', lambda x, c: c / x)
PowVarConst = _constant_class('PowVarConst', '_ ** {}', lambda x, c: x ** c)
PowConstVar = _constant_class('PowConstVar', '{} ** _', lambda x, c: c ** x)

__all__ = ['Absolute', 'Add', 'AddConstant', 'Div', 'DivFromConstant', 'Mul', 'MulConstant',
           'Neg', 'PowConstVar', 'PowVarConst', 'PowVarVar', 'Sub', 'SubFromConstant']
