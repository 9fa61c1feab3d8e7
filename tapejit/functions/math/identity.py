"""Chainer's ``Identity`` node (``chainer.functions.math.identity``)."""

from __future__ import annotations

from tapejit.core.function_node import FunctionNode


class Identity(FunctionNode):
    """The identity on any number of inputs, as a node: ``forward`` returns
    the arrays it is given and ``backward`` the gradients it receives (a base
    class for nodes that override one of them; ``F.identity`` computes the
    same values with tapejit's primitives).

    >>> import numpy as np, tapejit
    >>> x = tapejit.Variable(np.array([1.0, 2.0]))
    >>> y, = Identity().apply((x,))
    >>> y.grad = np.array([3.0, 4.0]); y.backward()
    >>> x.grad
    array([3., 4.])
    """

    def forward(self, xs: tuple) -> tuple:
        return xs

    def backward(self, indexes: tuple, gys: tuple) -> tuple:
        return gys
