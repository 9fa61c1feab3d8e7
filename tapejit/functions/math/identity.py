"""``F.identity`` and Chainer's ``Identity`` node (``chainer.functions.math.identity``)."""

from __future__ import annotations

from typing import Any

from tapejit.core.function_node import FunctionNode
from tapejit.functions._util import array_of, check_var
from tapejit.ops.structure import reshape as _reshape_p


def identity(*inputs: Any) -> Any:
    """The inputs, as new Variables on the graph (gradients pass through unchanged).

    Returns one Variable for one input, else a tuple.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> x = tapejit.Variable(np.array([1.0, 2.0]))
    >>> y = F.identity(x)
    >>> y is x, y.creator is not None
    (False, True)
    """
    if not inputs:
        raise ValueError('identity: needs at least one input')
    ys = []
    for i, x in enumerate(inputs):
        check_var('identity', x, f'input {i}')
        ys.append(_reshape_p(x, shape=array_of(x).shape))
    return ys[0] if len(ys) == 1 else tuple(ys)


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
