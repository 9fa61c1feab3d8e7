"""Chainer's ``FunctionNode`` classes of functions that tapejit composes from primitives."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from tapejit.core.config import no_backprop_mode
from tapejit.core.function_node import FunctionNode


class PrimitiveFunction(FunctionNode):
    """Chainer's node class of a function tapejit computes with its primitives.

    ``apply`` runs the function (``_function``) on the inputs, so the result is
    that of the ``F.`` function, eagerly and under ``jit``, and is
    differentiable to any order; the nodes recorded are the primitives' (whose
    labels name them), not this object. ``forward`` runs it on arrays.

    >>> import numpy as np
    >>> from tapejit.functions.math.trigonometric import Sin
    >>> Sin().label
    'sin'
    >>> y, = Sin().apply((np.array([0.0]),))
    >>> y
    variable([0.])
    """

    _function: Callable[..., Any]
    _label: str

    @property
    def label(self) -> str:
        return self._label

    def apply(self, inputs: Sequence[Any]) -> tuple:
        y = self._function(*inputs)
        return y if isinstance(y, tuple) else (y,)

    def forward(self, inputs: tuple) -> tuple:
        with no_backprop_mode():
            return tuple(y.array for y in self.apply(inputs))

    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        raise NotImplementedError(
            f'{self.label}: this node is never on the graph (apply records the '
            "primitives' nodes, which hold the backward rules)")


def node_class(name: str, label: str, function: Callable[..., Any], module: str,
               example: str, result: str) -> type:
    """A :class:`PrimitiveFunction` subclass named ``name`` running ``function``.

    ``example`` is the doctest's input expression, ``result`` its output.

    >>> import numpy as np, tapejit.functions as F
    >>> Exp = node_class('Exp', 'exp', F.exp, __name__, 'np.array([0.0])', 'variable([1.])')
    >>> Exp().apply((np.array([0.0]),))
    (variable([1.]),)
    """
    doc = (f"Chainer's ``{name}`` node: ``{name}().apply(inputs)`` is ``(F.{label}(*inputs),)``."
           f'\n\n    >>> import numpy as np\n    >>> from {module} import {name}\n'
           f'    >>> {name}().apply(({example},))[0]\n    {result}\n')
    cls = type(name, (PrimitiveFunction,), {
        '_function': staticmethod(function), '_label': label, '__doc__': doc,
        '__module__': module, '__qualname__': name})
    return cls
