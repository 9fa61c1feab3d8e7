"""Tracing: run Python once with data-less arrays and record the IR.

While a :class:`Trace` is active (``config.trace``), every primitive that the
eager API binds is recorded as an equation instead of being computed.  The
backward pass of ``loss.backward()`` / ``tapejit.grad`` inside the traced
function is produced by the very same VJP rules running on traced Variables,
so it lands in the same graph.

Variables the function touches that require grad (its arguments and any it
closes over) are *stateful*: their array and gradient become graph inputs, and
whatever the function leaves in them (a new ``.grad``, an updated ``.array``)
becomes a graph output that is written back after each call.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray, TraceError, where_in_user_code
from tapejit.core.config import config, using_config
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.ir.graph import Eqn, Graph, Var


class Stateful:
    """A Variable whose array/grad are inputs of the trace and may be written back."""

    __slots__ = ('var', 'data_in', 'grad_in', 'orig_data', 'orig_grad', 'orig_node',
                 'source')

    def __init__(self, var: Variable, data_in: TracedArray,
                 grad_in: Optional[Variable], source: Any) -> None:
        self.var = var
        self.data_in = data_in
        self.grad_in = grad_in
        self.orig_data = None
        self.orig_grad = None
        self.orig_node = None
        self.source = source


class Trace:
    """The recording state of one trace."""

    def __init__(self) -> None:
        self.eqns: list = []
        self.invars: list = []
        self.input_sources: list = []
        self.constvars: list = []
        self.consts: list = []
        self._const_ids: dict = {}
        self.stateful: dict = {}
        self._n = 0
        self.closed = False
        # id(Variable) -> 'read' | 'write': the first thing the traced function did
        # with a stateful Variable's gradient. 'write' first means the incoming
        # gradient does not matter (cleargrad() before backward()).
        self.grad_first_use: dict = {}
        self.grad_written: set = set()

    def new_var(self, shape: tuple, dtype: Any) -> Var:
        v = Var(self._n, shape, dtype)
        self._n += 1
        return v

    def new_input(self, shape: tuple, dtype: Any, source: Any) -> TracedArray:
        v = self.new_var(shape, dtype)
        self.invars.append(v)
        self.input_sources.append(source)
        return TracedArray(v, self)

    def const(self, arr: Any) -> Var:
        v = self._const_ids.get(id(arr))
        if v is None:
            if not isinstance(arr, numpy.ndarray):
                arr = backends.CPU.send(arr)
            v = self.new_var(arr.shape, arr.dtype)
            self.constvars.append(v)
            self.consts.append(arr)  # keeps arr alive, so its id stays unique
            self._const_ids[id(arr)] = v
        return v

    def capture(self, var: Variable, source: Any) -> Stateful:
        """Make ``var`` stateful: its array (and grad) become inputs of the trace."""
        st = self.stateful.get(id(var))
        if st is not None:
            return st
        d = var._data
        if d is None:
            raise TraceError(f'a Variable without data reached @tapejit.jit at '
                             f'{where_in_user_code()}')
        data_in = self.new_input(d.shape, d.dtype, (source, 'data'))
        grad_in = None
        if var._grad_var is not None:
            g = var._grad_var._data
            grad_in = Variable._make(self.new_input(g.shape, g.dtype, (source, 'grad')),
                                     False)
        st = Stateful(var, data_in, grad_in, source)
        st.orig_data, st.orig_grad, st.orig_node = d, var._grad_var, var._node
        var._data = data_in
        var._grad_var = grad_in
        var._node = None  # a fresh root: backprop inside the trace stops here
        self.stateful[id(var)] = st
        return st

    def touch(self, var: Variable) -> None:
        """A Variable's array or gradient is used: a concrete one that requires grad
        (closed over by the function) becomes stateful, so that reads see its
        current values on every call and writes are replayed."""
        if (var._requires_grad and id(var) not in self.stateful
                and var._data is not None and var._data.__class__ is not TracedArray):
            self.capture(var, ('closure', var))

    def note_grad(self, var: Variable, kind: str) -> None:
        self.touch(var)
        if id(var) in self.stateful:
            self.grad_first_use.setdefault(id(var), kind)
            if kind == 'write':
                self.grad_written.add(id(var))

    def grad_ignored(self, var: Variable) -> bool:
        """Whether the traced function overwrote ``var``'s gradient before reading it."""
        return self.grad_first_use.get(id(var)) == 'write'

    def restore(self) -> None:
        for st in self.stateful.values():
            v = st.var
            v._data, v._grad_var, v._node = st.orig_data, st.orig_grad, st.orig_node

    def record(self, prim: Any, args: tuple, arrays: list, params: dict) -> TracedArray:
        in_vars = []
        for i, (a, arr) in enumerate(zip(args, arrays)):
            if arr.__class__ is TracedArray:
                if arr.trace is not self:
                    raise leaked_error()
                in_vars.append(arr.var)
            elif isinstance(a, Variable) and a._requires_grad:
                st = self.capture(a, ('closure', a))
                arrays[i] = st.data_in
                in_vars.append(st.data_in.var)
            else:
                in_vars.append(self.const(arr))
        try:
            out = prim.abstract_eval(*[v.aval for v in in_vars], **params)
        except (ShapeError, DTypeError, ValueError, TypeError, IndexError) as e:
            raise type(e)(f'{e}\n  at {where_in_user_code()}') from None
        ov = self.new_var(tuple(out.shape), out.dtype)
        self.eqns.append(Eqn(prim, tuple(in_vars), params, ov))
        return TracedArray(ov, self)

    def graph(self, outvars: Sequence[Var]) -> Graph:
        return Graph(tuple(self.invars), tuple(self.constvars), tuple(self.consts),
                     tuple(self.eqns), tuple(outvars))


def leaked_error() -> TraceError:
    return TraceError(
        'a traced value escaped its @tapejit.jit function (it was stored during '
        'tracing and used afterwards); return it from the function instead, at '
        f'{where_in_user_code()}')


def as_traced(tr: Trace, x: Any) -> Var:
    """The graph Var of a traced result (a constant for a concrete one)."""
    d = x._data if isinstance(x, Variable) else x
    if d.__class__ is TracedArray:
        if d.trace is not tr:
            raise leaked_error()
        return d.var
    return tr.const(d)


def trace_graph(fn: Callable, example_args: Sequence[Any]) -> Graph:
    """Trace ``fn`` on arrays shaped like ``example_args``; the graph of its results.

    A small helper for inspection and tests; :func:`tapejit.jit` does the full job
    (pytrees, side effects, caching).

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> print(trace_graph(lambda x: x * x, [np.ones(3, np.float32)]))
    { lambda  ; a:f32[3] .
        b:f32[3] = mul a a
      in (b) }
    """
    tr = Trace()
    with using_config('trace', tr):
        args = [tr.new_input(numpy.shape(a), numpy.asarray(a).dtype, ('arg', i))
                for i, a in enumerate(example_args)]
        out = fn(*args)
    outs = out if isinstance(out, (tuple, list)) else (out,)
    tr.closed = True
    return tr.graph([as_traced(tr, o) for o in outs])


def tracing() -> bool:
    """Whether this thread is tracing a function for ``@tapejit.jit``."""
    return config.trace is not None
