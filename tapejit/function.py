"""Old-style ``Function``: forward and backward on arrays (Chainer's ``chainer.Function``).

A :class:`Function` computes on arrays in both directions, so its backward
records no graph: it cannot be differentiated twice (trying raises
RuntimeError, as in Chainer), and it cannot be traced by ``tapejit.jit``,
whose traced arrays have no values for its NumPy code (calling one under
``jit`` raises a TraceError naming the class). Each call is wrapped in a
:class:`FunctionAdapter`, the :class:`~tapejit.FunctionNode` that joins the
graph. New code should subclass :class:`~tapejit.FunctionNode` instead.
"""

from __future__ import annotations

import weakref
from typing import Any, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.abstract import TraceError, where_in_user_code
from tapejit.core.backprop import OLD_STYLE_GRADS
from tapejit.core.config import config, force_backprop_mode, no_backprop_mode
from tapejit.core.function_node import FunctionNode
from tapejit.core.variable import Variable


class FunctionAdapter(FunctionNode):
    """The :class:`~tapejit.FunctionNode` that puts a :class:`Function` in the graph.

    Its forward retains every input (an old-style backward receives them all
    unless ``forward`` calls ``retain_inputs``) and its backward hands arrays
    to :meth:`Function.backward` and checks the gradients it returns.

    >>> import numpy as np, tapejit
    >>> f = tapejit.Function()
    >>> isinstance(f.node, tapejit.FunctionAdapter), f.node.function is f
    (True, True)
    """

    _function: Optional['Function'] = None
    _weak_function: Optional[weakref.ReferenceType] = None
    _wraps_function = True

    def __init__(self, function: 'Function') -> None:
        # Owned by its Function until applied; then it owns the Function
        # (the Function keeps a weak reference), as in Chainer.
        self._weak_function = weakref.ref(function)
        function._owned_node = self

    @property
    def function(self) -> Optional['Function']:
        """The :class:`Function` this node wraps."""
        func = self._function
        if func is not None:
            return func
        ref = self._weak_function
        return None if ref is None else ref()

    @property
    def label(self) -> str:
        return self.function.label

    def check_type_forward(self, in_types: Any) -> None:
        self.function.check_type_forward(in_types)

    def forward(self, inputs: tuple) -> tuple:
        self.retain_inputs(range(len(inputs)))
        return self.function.forward(inputs)

    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        func = self.function
        in_data: list = [None] * len(self.inputs)
        for i, x in zip(self._input_indexes_to_retain or (),
                        self.get_retained_inputs()):
            in_data[i] = x.array
        gys = tuple(None if g is None else g.array for g in grad_outputs)
        gxs = func.backward(tuple(in_data), gys)
        if not isinstance(gxs, (tuple, list)):
            raise TypeError(f'{func.label}: backward must return a tuple of gradient '
                            f'arrays (one per input), got {type(gxs).__name__}')
        if len(gxs) != len(self.inputs):
            raise ValueError(f'{func.label}: backward returned {len(gxs)} gradients for '
                             f'{len(self.inputs)} inputs; expected one per input (None '
                             'where there is none)')
        ret = []
        for i in target_input_indexes:
            gx = gxs[i]
            if gx is None:
                ret.append(None)
                continue
            _check_grad(func, i, self.inputs[i], gx)
            # requires_grad stays True so that differentiating this gradient
            # again reaches it and raises (its backward recorded no graph).
            g = Variable._make(gx, True)
            OLD_STYLE_GRADS[g.node] = func.label
            ret.append(g)
        return tuple(ret)


def _check_grad(func: 'Function', i: int, x: Any, gx: Any) -> None:
    """Chainer's checks of an old-style gradient: TypeError for the wrong kind of
    array or dtype, ValueError for the wrong shape, each naming the function."""
    head = f'Function `{type(func).__name__}` ({func.label}) has a bug.\n'
    if not backends.is_array(gx):
        raise TypeError(f'{head}Type of grad is invalid: the gradient of input {i} is a '
                        f'{type(gx).__name__}; expected a numpy.ndarray or cupy.ndarray')
    data = x.data
    if data is not None and type(gx) is not type(data):
        raise TypeError(f'{head}Type of data and grad mismatch\ngrad: {type(gx)} != data: '
                        f'{type(data)}')
    if x.dtype is not None and gx.dtype != x.dtype:
        raise TypeError(f'{head}Dtype of data and grad mismatch\ngrad: {gx.dtype} != data: '
                        f'{x.dtype}')
    if x.shape is not None and tuple(gx.shape) != tuple(x.shape):
        raise ValueError(f'{head}Shape of data and grad mismatch\ngrad: {gx.shape} != data: '
                         f'{x.shape}')


class Function:
    """Old-style differentiable function: :meth:`forward` and :meth:`backward` on arrays.

    Subclass it and implement ``forward`` (or ``forward_cpu``/``forward_gpu``)
    returning a tuple of arrays, and ``backward`` (or ``backward_cpu``/
    ``backward_gpu``) returning one gradient array per input (``None`` where
    there is none). Calling the function returns a Variable, or a tuple of them
    for several outputs. Every input is kept for backward unless ``forward``
    calls :meth:`retain_inputs`.

    Its backward computes on arrays, so it is not differentiable twice, and
    it cannot run under ``tapejit.jit`` (a TraceError names the class; use
    ``fallback='eager'`` or write a :class:`~tapejit.FunctionNode`).

    >>> import numpy as np, tapejit
    >>> class Square(tapejit.Function):
    ...     def forward(self, inputs):
    ...         x, = inputs
    ...         return x * x,
    ...     def backward(self, inputs, grad_outputs):
    ...         x, = inputs
    ...         gy, = grad_outputs
    ...         return 2 * x * gy,
    >>> x = tapejit.Variable(np.array([3.0, 4.0]))
    >>> y = Square()(x)
    >>> y.grad = np.ones(2)
    >>> y.backward()
    >>> x.grad
    array([6., 8.])
    """

    _node: Optional[weakref.ReferenceType] = None
    _owned_node: Optional[FunctionAdapter] = None

    def __call__(self, *inputs: Any) -> Any:
        """Apply the function to Variables or arrays; one Variable or a tuple of them."""
        if config.trace is not None:
            raise TraceError(
                f'{type(self).__name__} is an old-style Function: its forward and backward '
                'compute on arrays, which do not exist while @tapejit.jit traces the '
                f'function; at {where_in_user_code()}\nWrite it as a tapejit.FunctionNode '
                "(backward on Variables), or use tapejit.jit(fn, fallback='eager').")
        node = self.node
        # From here the node owns this Function (see FunctionAdapter).
        node._function = self
        node._weak_function = None
        self._node = weakref.ref(node)
        self._owned_node = None
        ret = node.apply(inputs)
        return ret[0] if len(ret) == 1 else ret

    @property
    def node(self) -> FunctionAdapter:
        """The :class:`FunctionAdapter` wrapping this function (made on first use)."""
        ref = self._node
        nd = (ref() if ref is not None else None) or self._owned_node
        if nd is None:
            nd = FunctionAdapter(self)
        return nd

    @property
    def inputs(self) -> Optional[tuple]:
        """The input nodes of the function."""
        return self.node.inputs

    @property
    def outputs(self) -> Optional[tuple]:
        """Weak references to the output nodes of the function."""
        return self.node.outputs

    @property
    def label(self) -> str:
        """Short text that represents the function (its class name)."""
        return type(self).__name__

    @property
    def rank(self) -> int:
        """The topological ordinal of the function's node."""
        return self.node.rank

    @property
    def output_data(self) -> tuple:
        """The retained output arrays, ``None`` where an output was not retained."""
        node = self.node
        n = len(node.outputs or ())
        data: list = [None] * n
        for i, d in zip(node._output_indexes_to_retain or (),
                        node._retained_output_data or ()):
            data[i] = d
        return tuple(data)

    def check_type_forward(self, in_types: Any) -> None:
        """Override to check the inputs with :mod:`tapejit.utils.type_check`."""

    def forward(self, inputs: tuple) -> tuple:
        """Output arrays from input arrays; dispatches to forward_cpu/forward_gpu."""
        if backends.get_device_from_array(*inputs).xp is numpy:
            return self.forward_cpu(inputs)
        return self.forward_gpu(inputs)

    def forward_cpu(self, inputs: tuple) -> tuple:
        """Output NumPy arrays from input NumPy arrays."""
        raise NotImplementedError(f'{self.label}: forward (or forward_cpu) is not '
                                  'implemented')

    def forward_gpu(self, inputs: tuple) -> tuple:
        """Output CuPy arrays from input CuPy arrays."""
        raise NotImplementedError(f'{self.label}: forward (or forward_gpu) is not '
                                  'implemented')

    def backward(self, inputs: tuple, grad_outputs: tuple) -> tuple:
        """Input gradient arrays; dispatches to backward_cpu/backward_gpu."""
        arrays = [a for a in inputs + grad_outputs if a is not None]
        if backends.get_device_from_array(*arrays).xp is not numpy:
            return self.backward_gpu(inputs, grad_outputs)
        return self.backward_cpu(inputs, grad_outputs)

    def backward_cpu(self, inputs: tuple, grad_outputs: tuple) -> tuple:
        """Input gradients on the CPU; ``None`` for each input unless overridden."""
        return tuple(None for _ in inputs)

    def backward_gpu(self, inputs: tuple, grad_outputs: tuple) -> tuple:
        """Input gradients on a GPU; ``None`` for each input unless overridden."""
        return tuple(None for _ in inputs)

    def unchain(self) -> None:
        """Purge the function's node from the graph."""
        self.node.unchain()

    def retain_inputs(self, indexes: Sequence[int]) -> None:
        """Keep only the inputs at ``indexes`` for backward (call in forward)."""
        self.node.retain_inputs(indexes)

    def retain_outputs(self, indexes: Sequence[int],
                       retain_after_backward: bool = False) -> None:
        """Keep the outputs at ``indexes`` (read them from :attr:`output_data`)."""
        self.node.retain_outputs(indexes)


__all__ = ['Function', 'FunctionAdapter', 'force_backprop_mode', 'no_backprop_mode']
