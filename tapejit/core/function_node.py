"""``FunctionNode``: a node of the backward graph (Chainer's extension point).

A user subclass implements ``forward`` on arrays and ``backward`` on Variables
(with tapejit ops, so its backward can itself be differentiated). The built-in
primitives use :class:`tapejit.ops.registry.PrimitiveNode`, a lean subclass.
"""

from __future__ import annotations

import traceback
import weakref
from typing import Any, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.config import config
from tapejit.core.errors import not_an_array
from tapejit.core.variable import Variable, VariableNode


class FunctionNode:
    """Function node of the computational graph.

    Subclass it and implement :meth:`forward` (arrays in, tuple of arrays out)
    and :meth:`backward` (Variables in, Variables out).  Call it with
    :meth:`apply`.

    >>> import numpy as np, tapejit
    >>> class Square(tapejit.FunctionNode):
    ...     def forward(self, inputs):
    ...         self.retain_inputs((0,))
    ...         x, = inputs
    ...         return x * x,
    ...     def backward(self, target_input_indexes, grad_outputs):
    ...         x, = self.get_retained_inputs()
    ...         gy, = grad_outputs
    ...         return 2 * x * gy,
    >>> x = tapejit.Variable(np.array([3.0]))
    >>> y, = Square().apply((x,))
    >>> y.backward()
    >>> x.grad
    array([6.])
    """

    inputs: Optional[tuple] = None
    outputs: Optional[tuple] = None
    rank = 0
    _input_indexes_to_retain: Optional[tuple] = None
    _output_indexes_to_retain: Optional[tuple] = None
    _retained_output_data: Optional[tuple] = None
    lazy_grad_sum = False
    # Where the node was applied, recorded in debug mode (errors of its backward
    # then show it, as in Chainer).
    stack: Optional[list] = None

    @property
    def label(self) -> str:
        """Short text that represents the function (its class name)."""
        return type(self).__name__

    def __repr__(self) -> str:
        return f'<{self.label} rank={self.rank}>'

    # ------------------------------------------------------------- forward
    def apply(self, inputs: Sequence[Any]) -> tuple:
        """Compute the outputs and, in backprop mode, add this node to the graph."""
        in_vars = []
        arrays = []
        for i, x in enumerate(inputs):
            if isinstance(x, Variable):
                in_vars.append(x)
                arrays.append(x._data)
            else:
                _check_input(self.label, i, x)
                v = Variable._make(x, False)
                in_vars.append(v)
                arrays.append(x)
        requires_grad = any(v._requires_grad for v in in_vars)
        if len(arrays) > 1:
            devs = {backends.get_device_from_array(a) for a in arrays}
            if len(devs) > 1:
                raise ValueError(f'{self.label}: inputs live on different devices '
                                 f'({", ".join(sorted(map(str, devs)))}); move them to '
                                 'one device with to_device()')
        if ((type(self).check_type_forward is not FunctionNode.check_type_forward
                or 'check_type_forward' in self.__dict__)  # set on the instance
                and getattr(config, 'type_check', True)):
            from tapejit.utils import type_check
            type_check.check_types(self, tuple(arrays))
        self._input_indexes_to_retain = None
        self._output_indexes_to_retain = None
        debug = config.debug
        if debug:
            self.stack = traceback.extract_stack()
        outputs = self.forward(tuple(arrays))
        if not isinstance(outputs, tuple):
            raise TypeError(f'{self.label}.forward must return a tuple of arrays, got '
                            f'{type(outputs).__name__}')
        if debug:
            check_nan(outputs, f'NaN is detected on forward computation of {self.label}')
        ret = tuple(Variable._make(_as_array_like(self.label, y), requires_grad)
                    for y in outputs)
        if config.enable_backprop and requires_grad:
            self.rank = max((v.node.rank for v in in_vars), default=0)
            self.inputs = tuple(v.node for v in in_vars)
            out_nodes = []
            for y in ret:
                n = y.node
                n.set_creator_node(self)
                out_nodes.append(n)
            self.outputs = tuple(weakref.ref(n) for n in out_nodes)
            if self._input_indexes_to_retain is not None:
                for i in self._input_indexes_to_retain:
                    self.inputs[i].data = arrays[i]
            if self._output_indexes_to_retain is not None:
                self._retained_output_data = tuple(
                    outputs[i] for i in self._output_indexes_to_retain)
                for i in self._output_indexes_to_retain:
                    out_nodes[i].data = ret[i]._data
        return ret

    def forward(self, inputs: tuple) -> tuple:
        """Compute outputs from input arrays; dispatches to forward_cpu/forward_gpu
        (forward_gpu where an input is on a GPU, the one rule of
        :func:`tapejit.backends.get_device_from_array`: a traced array is the CPU's)."""
        if backends.get_device_from_array(*inputs).xp is numpy:
            return self.forward_cpu(inputs)
        return self.forward_gpu(inputs)

    def forward_cpu(self, inputs: tuple) -> tuple:
        raise NotImplementedError(f'{self.label}: forward (or forward_cpu) is not '
                                  'implemented')

    def forward_gpu(self, inputs: tuple) -> tuple:
        raise NotImplementedError(f'{self.label}: forward (or forward_gpu) is not '
                                  'implemented')

    def check_type_forward(self, in_types: Any) -> None:
        """Override to validate the inputs' shapes and dtypes with
        :func:`tapejit.utils.type_check.expect`; ``apply`` calls it before ``forward``
        (unless ``config.type_check`` is False) and raises ``InvalidType`` naming the
        failed condition."""

    # ------------------------------------------------------------ backward
    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        """Gradients w.r.t. the inputs listed in ``target_input_indexes``.

        ``grad_outputs`` holds a Variable (or None) per output.  Return either
        one gradient per target index or one per input; ``None`` means zero.
        """
        raise NotImplementedError(f'{self.label}: backward is not implemented, so '
                                  'this function cannot be differentiated')

    def backward_accumulate(self, target_input_indexes: tuple, grad_outputs: tuple,
                            grad_inputs: tuple) -> tuple:
        """Gradients of the targets plus the gradients already accumulated."""
        gxs = self.backward(target_input_indexes, grad_outputs)
        gxs = _select_targets(self, target_input_indexes, gxs)
        ret = []
        for gx, g_in in zip(gxs, grad_inputs):
            if gx is None:
                ret.append(g_in)
            elif g_in is None:
                ret.append(gx)
            else:
                ret.append(gx + g_in)
        return tuple(ret)

    # ----------------------------------------------------------- retention
    def retain_inputs(self, indexes: Sequence[int]) -> None:
        """Keep the input arrays at ``indexes`` for backward (call in forward)."""
        self._input_indexes_to_retain = tuple(indexes)

    def retain_outputs(self, indexes: Sequence[int]) -> None:
        """Keep the output arrays at ``indexes`` for backward (call in forward)."""
        self._output_indexes_to_retain = tuple(indexes)

    def get_retained_inputs(self) -> tuple:
        """Variables of the retained inputs, connected to the graph."""
        if self._input_indexes_to_retain is None or self.inputs is None:
            return ()
        return tuple(self.inputs[i].get_variable() for i in self._input_indexes_to_retain)

    def get_retained_outputs(self) -> tuple:
        """Variables of the retained outputs, connected to the graph."""
        if self._output_indexes_to_retain is None or self.outputs is None:
            return ()
        ret = []
        for i, data in zip(self._output_indexes_to_retain, self._retained_output_data):
            node = self.outputs[i]()
            if node is None:
                # The output node is gone; rebuild one that still points here so a
                # double backprop through it reaches this function.
                var = Variable._make(data, True)
                node = var.node
                node.set_creator_node(self)
                node.data = data
                self.outputs = (self.outputs[:i] + (weakref.ref(node),)
                                + self.outputs[i + 1:])
                ret.append(var)
            else:
                ret.append(node.get_variable())
        return tuple(ret)

    def unchain(self) -> None:
        """Purge this node from the graph (its outputs become roots)."""
        for y in self.outputs or ():
            n = y()
            if n is not None:
                n.unchain()
        self.inputs = None


def check_nan(arrays: Any, message: str) -> None:
    """Debug mode's check: RuntimeError(``message``) if a floating array (or the
    array of a Variable) among ``arrays`` holds a NaN.

    >>> import numpy as np
    >>> check_nan((np.array([1.0]), None), 'NaN in f')
    >>> check_nan((np.array([np.nan]),), 'NaN in f')
    Traceback (most recent call last):
    RuntimeError: NaN in f
    """
    for a in arrays:
        if isinstance(a, Variable):
            a = a._data
        if (a is None or a.__class__ is TracedArray or not backends.is_array(a)
                or a.dtype.kind not in 'fc'):
            continue  # (a traced value has no data to look at)
        if backends.get_array_module(a).isnan(a).any():
            raise RuntimeError(message)


def reraise_with_stack(func: Any, e: BaseException) -> None:
    """In debug mode, add where ``func`` was applied to the message of ``e`` (raised
    by its backward), as Chainer does; the caller re-raises ``e``."""
    stack = getattr(func, 'stack', None)
    if stack is None:
        return
    extra = ('\n' + '-' * 70 + '\nStacktrace of the function is below:\n'
             + ''.join(traceback.format_list(stack[:-1])))
    if e.args and isinstance(e.args[0], str):
        e.args = (e.args[0] + extra,) + e.args[1:]
    elif not e.args:
        e.args = (extra,)


def _select_targets(func: Any, targets: tuple, gxs: Any) -> tuple:
    if not isinstance(gxs, (tuple, list)):
        raise TypeError(f'{func.label}.backward must return a tuple of gradients, got '
                        f'{type(gxs).__name__}')
    n_in = len(func.inputs)
    if len(gxs) == len(targets):
        return tuple(gxs)
    if len(gxs) == n_in:
        return tuple(gxs[i] for i in targets)
    raise ValueError(f'{func.label}: the number of gradients returned from backward is '
                     f'incorrect: {len(gxs)}, expected {len(targets)} (one per target input) '
                     f'or {n_in} (one per input)')


def _check_input(op: str, i: int, x: Any) -> None:
    if not backends.is_array(x):
        raise not_an_array(op, f'input {i}', x)


def _as_array_like(label: str, y: Any) -> Any:
    # forward() of user functions may return NumPy scalars (e.g. x.sum()).
    if isinstance(y, numpy.generic):
        return numpy.asarray(y)
    if y is not None and not backends.is_array(y):
        # Chainer's wording, which code matching the message relies on.
        raise TypeError(f'{label}: forward output must be a tuple of ndarrays (NumPy or '
                        f'CuPy arrays), got an element of type {type(y).__name__}')
    return y


__all__ = ['FunctionNode', 'VariableNode']
