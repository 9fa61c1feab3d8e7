"""Tracing: run Python once with data-less arrays and record the IR.

While a :class:`Trace` is active (``config.trace``), every primitive that the
eager API binds is recorded as an equation instead of being computed.  The
backward pass of ``loss.backward()`` / ``tapejit.grad`` inside the traced
function is produced by the very same VJP rules running on traced Variables,
so it lands in the same graph.

Variables the function touches that existed before the trace (its
arguments, those it closes over, an optimizer's StateVariables) are
*stateful*: their array and gradient become graph inputs, and what the
function leaves in them becomes a graph output written back after each call.
A Python number that may change between calls (a learning rate) becomes a
*dynamic input* (:meth:`Trace.dynamic`); any other Python value a branch
depended on becomes a *guard* (:meth:`Trace.guard`).
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray, TraceError, leaked_error, where_in_user_code
from tapejit.core.config import using_config
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.parameter import Parameter
from tapejit.core.variable import StateVariable, Variable
from tapejit.ir.graph import Eqn, Graph, Var


class Stateful:
    """A Variable whose array/grad are inputs of the trace and may be written back."""

    __slots__ = ('var', 'data_in', 'var_in', 'grad_in', 'grad_data_in', 'grad_var_in',
                 'orig_data', 'orig_grad', 'orig_node', 'orig_loss_scale', 'source')

    def __init__(self, var: Variable, data_in: TracedArray,
                 grad_in: Optional[Variable], source: Any) -> None:
        self.orig_data, self.orig_grad, self.orig_node = var._data, var._grad_var, var._node
        self.orig_loss_scale = var._loss_scale
        self.var = var
        self.data_in = data_in
        # (Its array's value when captured: another one at the end is written back.)
        self.var_in = data_in.var
        self.grad_data_in = None if grad_in is None else grad_in._data
        self.grad_var_in = None if grad_in is None else grad_in._data.var
        self.grad_in = grad_in
        self.source = source


class Trace:
    """The recording state of one trace."""

    def __init__(self) -> None:
        self.eqns: list = []
        self.invars: list = []
        self.input_sources: list = []
        self.constvars: list = []
        self.consts: list = []
        self.const_sources: list = []  # the arrays the constants were copied from
        self._const_ids: dict = {}
        self.stateful: dict = {}
        self.born: set = set()  # ids of the Variables made while tracing (is_state)
        self.stored: list = []  # (link, name, old value): traced Variables put on links
        # ids of the hyperparameters whose overrides an optimizer's guard checks.
        self.guarded_hyperparams: set = set()
        # id -> the optimizers whose update() ran: the plan guards their structure.
        self.optimizers: dict = {}
        self.tape: dict = {}  # PrimitiveNode -> the Var of the equation it recorded
        self._ids = itertools.count()  # the values' ids, in order
        self.closed = False
        # id(Variable) -> the first use of a stateful Variable's gradient ('read', 'write').
        self.grad_first_use: dict = {}
        self.grad_written: set = set()
        self._dynamic: dict = {}  # key -> TracedArray of a dynamic input
        self.py_guards: list = []  # (getter, value at trace time)
        self.guard_keys: set = set()
        # id(array) -> (array, TracedArray, index): one input per array object.
        self._arrays: dict = {}
        # (source, 'data' | 'array', index of the first holder of the same array).
        self.array_sources: list = []
        self.checks: list = []  # (values, fail): see check
        self.swapped: list = []  # graph inputs read from big-endian arrays

    def new_var(self, shape: tuple, dtype: Any) -> Var:
        return Var(next(self._ids), shape, dtype)

    def new_input(self, shape: tuple, dtype: Any, source: Any, weak: bool = False) -> TracedArray:
        v = self.new_var(shape, dtype)
        self.invars.append(v)
        self.input_sources.append(source)
        return TracedArray(v, self, weak)

    def array_input(self, arr: Any, source: Any, which: str) -> TracedArray:
        """The traced input for the array object ``arr``, one per object."""
        hit = self._arrays.get(id(arr))
        n = len(self.array_sources)
        if hit is not None and hit[0] is arr:
            self.array_sources.append((source, which, hit[2]))
            return hit[1]
        backends.refuse_array_subclass(arr, f'jit: the array of {_named(source)}')
        dt = arr.dtype
        if not dt.isnative:
            dt = dt.newbyteorder('=')
            self.swapped.append(len(self.invars))
        t = self.new_input(arr.shape, dt, (source, which))
        self._arrays[id(arr)] = (arr, t, n)
        self.array_sources.append((source, which, n))
        return t

    def reads_anew(self, arr: Any) -> bool:
        """Whether ``arr`` is an input of the trace (read at every call)."""
        hit = self._arrays.get(id(arr))
        return hit is not None and hit[0] is arr

    def source_of(self, t: Any) -> Optional[tuple]:
        """``(source, 'data' | 'array')`` of the first holder of the input
        array whose traced array is ``t``; None if ``t`` is no such one."""
        return next((self.array_sources[n][:2] for _, traced, n in self._arrays.values()
                     if traced is t), None)

    def const(self, arr: Any) -> Var:
        """A constant of the graph: a copy of the values ``arr`` holds now."""
        v = self._const_ids.get(id(arr))
        if v is None:
            value = arr.copy() if isinstance(arr, numpy.ndarray) else backends.CPU.send(arr)
            v = self.new_var(value.shape, value.dtype)
            self.constvars.append(v)
            self.consts.append(value)
            self.const_sources.append(arr)  # keeps arr alive, so its id stays unique
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
        data_in = self.array_input(d, source, 'data')
        grad_in = None
        if var._grad_var is not None:
            g = var._grad_var._data
            grad_in = Variable._make(self.new_input(g.shape, g.dtype, (source, 'grad')),
                                     False)
        st = Stateful(var, data_in, grad_in, source)
        var._data = data_in
        var._grad_var = grad_in
        var._node = None  # a fresh root: backprop inside the trace stops here
        self.stateful[id(var)] = st
        return st

    def touch(self, var: Variable) -> None:
        """A Variable's array or gradient is used: a concrete state one (closed
        over) becomes stateful, read anew every call, whether it requires grad
        or not (a mask the caller updates between calls)."""
        if (id(var) not in self.stateful and var._data is not None
                and var._data.__class__ is not TracedArray and self.is_state(var)):
            self.capture(var, ('closure', var))

    def is_state(self, var: Variable) -> bool:
        """Whether a concrete Variable is state: one that existed before the
        trace, or a Parameter or StateVariable made by it.  Any other made
        while tracing is a constant (an RNN's initial state)."""
        return (id(var) not in self.born or var.__class__ is StateVariable
                or isinstance(var, Parameter))

    def dynamic(self, key: Any, getter: Callable[[], Any], what: str) -> TracedArray:
        """A Python number read through ``getter`` on every call, traced as a
        weakly typed 0-d float64 input (a learning rate); ``key`` identifies
        it in this trace, ``what`` names it in errors."""
        t = self._dynamic.get(key)
        if t is None:
            t = self._dynamic[key] = self.new_input(
                (), numpy.dtype(numpy.float64), (('call', _DynamicGetter(getter, what)), 'call'),
                weak=True)
        return t

    def guard(self, key: Any, getter: Callable[[], Any], value: Any) -> None:
        """The traced function depended on ``getter() == value``; a later call
        where that no longer holds traces the function again."""
        if key not in self.guard_keys:
            self.guard_keys.add(key)
            self.py_guards.append((getter, value))

    def check(self, values: Sequence[Any], fail: Callable[..., None]) -> None:
        """Check traced values on every call: they become extra outputs, and
        ``fail(*arrays)`` runs before anything is handed out or written, raising
        where the check fails (a label out of range)."""
        self.checks.append((tuple(values), fail))

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
            v._loss_scale = st.orig_loss_scale

    def record(self, prim: Any, args: tuple, arrays: list, params: dict) -> TracedArray:
        in_vars = []
        for i, (a, arr) in enumerate(zip(args, arrays)):
            if arr.__class__ is TracedArray:
                if arr.trace is not self:
                    raise leaked_error()
                in_vars.append(arr.var)
            elif isinstance(a, Variable) and self.is_state(a):
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
        return TracedArray(ov, self, _stays_weak(prim, arrays, out.dtype))

    def graph(self, outvars: Sequence[Var]) -> Graph:
        return Graph(tuple(self.invars), tuple(self.constvars), tuple(self.consts),
                     tuple(self.eqns), tuple(outvars))


def _stays_weak(prim: Any, arrays: list, dtype: Any) -> bool:
    """Whether an op's result is still weakly typed: arithmetic among dynamic
    numbers and constant scalars (``1 - beta1``), not a cast or comparison."""
    weak = False
    for a in arrays:
        if a.__class__ is TracedArray:
            if not a.weak or a.dtype != dtype:
                return False
            weak = True
        elif getattr(a, 'ndim', 1) != 0:
            return False
    return weak and prim.name != 'cast'


_asarray = numpy.asarray
_F64 = numpy.dtype(numpy.float64)


class _DynamicGetter:
    """Reads a dynamic Python number as the 0-d array the plan takes;
    ``source``: ``(mapping, key)`` where it usually is, or None (see entry)."""

    __slots__ = ('getter', 'what', 'source')

    def __init__(self, getter: Callable[[], Any], what: str) -> None:
        self.getter = getter
        self.what = what
        self.source = getattr(getter, 'source', None)

    def __call__(self) -> Any:
        v = self.getter()
        if v.__class__ is float:  # the common case (a learning rate), checked first
            return _asarray(v, _F64)
        if isinstance(v, bool) or not isinstance(v, (int, float, numpy.number)):
            raise TypeError(f'{self.what} must be a number (it is an input of a compiled '
                            f'@tapejit.jit plan), got {v!r}')
        return _asarray(v, _F64)


def _named(source: tuple) -> str:
    if source[0] == 'arg':
        return f'argument {source[1]}'
    v = source[1]
    return f'the Variable {v.name!r}' if getattr(v, 'name', None) else 'a closed-over Variable'


def as_traced(tr: Trace, x: Any) -> Var:
    """The graph Var of a traced result (a constant for a concrete one)."""
    d = x._data if isinstance(x, Variable) else x
    if d.__class__ is TracedArray:
        if d.trace is not tr:
            raise leaked_error()
        return d.var
    return tr.const(d)


def trace_graph(fn: Callable, example_args: Sequence[Any]) -> Graph:
    """Trace ``fn`` on arrays shaped like ``example_args``; the graph of its
    results (for inspection and tests).

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
