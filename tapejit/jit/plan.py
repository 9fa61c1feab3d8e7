"""The traced plan of a jitted function: :func:`trace_plan` traces the
function on abstract arrays, collects what it reads and writes, and returns
a :class:`TracedPlan` (the verified graph, how to feed it from a call's
arguments and write its results back, its guards), which compiles for its
target at its first run.
"""

from __future__ import annotations

import functools
import threading
import warnings
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit import backends, reporter
from tapejit.compiler.codecache import define
from tapejit.compiler.runner import Section
from tapejit.core.abstract import TracedArray, TraceError
from tapejit.core.config import config, using_config
from tapejit.core.parameter import Parameter
from tapejit.core.variable import StateVariable, Variable
from tapejit.core.versions import state_version, structure_version
from tapejit.ir.graph import Graph, verify
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import Trace, as_traced
from tapejit.jit.closure_guards import (Check, Values, array_value_guards, called_functions,
                                        identity_guards, optimizer_guard, state_homes,
                                        value_guards)
from tapejit.jit.entry import (
    FreshState,
    _dynamic_array,
    compile_aliases,
    finish_lines,
    gather_items,
    source_key,
)
from tapejit.jit.keys import (SPEC_FIELDS, Dynamic, Slot, guard_lines, guarded_spec, is_leaf,
                              leaf_spec)
from tapejit.jit.reads import Place, ReadRecorder, know_closures, read_guards
from tapejit.jit.vjp import Differentiable, attach_lines, differentiable_io, keep_draws
from tapejit.jit.vjp import state_holders as vjp_state_holders
from tapejit.pytree import flatten, unflatten


class TracedPlan:
    """A traced, verified graph and how to feed it and read it back."""

    def __init__(self, graph: Graph, input_sources: list, out_td: Any, out_kinds: list,
                 writes: list, guards: list, grad_ignored_args: frozenset,
                 py_guards: Sequence = (), target: str = 'auto',
                 fastmath: bool = False, diff: Optional[Differentiable] = None,
                 checks: tuple = (), reports: Optional[dict] = None,
                 backward_jit: Optional[Callable[..., Any]] = None) -> None:
        self.graph = graph
        self.reports = reports  # (observers reported on, kept alive: their ids name them)
        self.deliver = None if reports is None else reporter.deliver
        self.checks = checks  # (first output, count, fail) per Trace.check
        self.diff = diff  # returned Variables that get a graph every call (see vjp)
        self.target = target
        self.fastmath = fastmath
        # What compiles the backward of its outputs' graph (see vjp), as
        # jit(fn, target=..., fastmath=...) does; None: it runs eagerly.
        self.backward_jit = backward_jit
        self._executable: Any = None
        self._entry: Optional[Callable[[list], Any]] = None  # see run
        self._compile_lock = threading.Lock()
        self.py_guards = tuple(py_guards)  # (getter, value): Python values read
        self.input_sources = input_sources
        self.out_td = out_td
        self.out_kinds = out_kinds
        self.writes = writes
        self.guards = guards  # (closure Variable, spec at trace time, grad ignored)
        self._guards_hold: Optional[Callable[[], bool]] = None
        self.grad_ignored_args = grad_ignored_args
        # Outputs that are constants: handed out as copies (a caller may write them).
        const_ids = {v.id for v in graph.constvars}
        self.const_outputs = frozenset(i for i, v in enumerate(graph.outvars)
                                       if v.id in const_ids)
        # Filed under one key all its life: that key, its check (see
        # JitFunction._remember), the hot call written for it (_make_hot) and
        # the one taken (None while arrays are refused).
        self.key: Optional[tuple] = None
        self.call_check: Optional[Callable] = None
        self.hot_call: Optional[Callable] = None
        self.hot: Optional[Callable] = None
        self.refusals = 0  # calls whose arrays the native function refused
        # Inputs whose shape/dtype the key does not pin: the plan checks these.
        self.unpinned = tuple(i for i, (src, which) in enumerate(input_sources)
                              if which in ('grad', 'call'))
        # The gradients the graph reads, with their traced shapes and dtypes: a
        # Variable given an array of another shape keeps its gradient's (as in
        # Chainer), and a plan traced with another shape traces again.
        read = {id(v) for e in graph.eqns for v in e.inputs}
        read.update(id(v) for v in graph.outvars)
        self.read_grads = tuple((i, v.shape, v.dtype) for i, ((src, which), v)
                                in enumerate(zip(input_sources, graph.invars))
                                if which == 'grad' and id(v) in read)
        self.aliases: Optional[Callable[[list], bool]] = None  # see _note_aliases
        self.traced_shared = False  # two of its sources held one array when traced
        env: dict = {}
        items = gather_items(input_sources, env)
        self.gather = define('gather', 'leaves', [f'return [{", ".join(items)}]'], env,
                             '<tapejit plan inputs>')
        # (The statements giving a call's outputs their graph, for finish_lines.)
        self.attach = None if diff is None else functools.partial(attach_lines, self)
        env = {}
        lines = finish_lines(out_kinds, writes, self.const_outputs, out_td, env, self.attach,
                             checks, self.deliver)
        self.finish = define('finish', 'leaves, outs, inputs=None', lines, env,
                             '<tapejit plan results>')

    def guards_hold(self) -> bool:
        """Whether the closure Variables and Python values the trace read
        still match it."""
        holds = self._guards_hold
        if holds is None:
            # Field by field; at any difference the generic check gives the answer.
            env: dict = {'_slow': self._guards_hold_slow}
            lines = guard_lines(self.guards, self.py_guards, env, 'return _slow()', 'return False')
            holds = self._guards_hold = define('holds', '', lines + ['return True'], env,
                                               '<tapejit plan guards>')
        return holds()

    def _guards_hold_slow(self) -> bool:
        return (all(guarded_spec(v, ign) == spec for v, spec, ign in self.guards)
                and all(getter() == value for getter, value in self.py_guards))

    def miss_cause(self, leaves: list) -> str:
        """Why this plan does not serve these leaves (for the retrace warning)."""
        for v, spec, ign in self.guards:
            now = guarded_spec(v, ign)
            if now is None:
                return f'{v.what} holds no {v.cls.__name__} now'
            if now != spec:
                name = (f'held by {v.what}' if v.__class__ is Slot
                        else f'{v.name!r}' if v.name else f'of shape {spec[1]}')
                changed = [f'{f} from {a!r} to {b!r}'
                           for f, a, b in zip(SPEC_FIELDS, spec, now) if a != b]
                return (f'the Variable {name} it reads from outside the call changed its '
                        f'{", ".join(changed) or "spec"}')
        for getter, value in self.py_guards:
            if getter() != value:
                if isinstance(getter, Place):
                    return (f'{getter.what}, a Python value it read while tracing, '
                            f'{"holds another object" if getter.identity else "changed"}')
                if isinstance(getter, Values):
                    return f'{getter.what} changed (written in place)'
                what = getattr(getter, 'what', '') or getattr(getter, '__name__', 'a value')
                was = getattr(getter, 'was', None)
                if was is None and value is True:  # (an identity check)
                    return f'{what} holds another object than when traced'
                return f'{what} changed (it was {value if was is None else was!r} when traced)'
        if self.aliases is not None and not self.aliases(leaves):
            return 'its arguments share arrays otherwise than when traced'
        return 'a gradient it reads has another shape or dtype than when traced'

    def fits(self, leaves: list) -> bool:
        """Whether a call's arrays alias as the traced ones did and the
        gradients the graph reads have their traced shapes and dtypes."""
        aliases = self.aliases
        if aliases is not None and not aliases(leaves):
            return False
        return not self.read_grads or self._grads_fit(self.gather(leaves))

    def _grads_fit(self, inputs: list) -> bool:
        for i, shape, dtype in self.read_grads:
            g = inputs[i]
            if g is not None and (g.shape != shape or g.dtype != dtype):
                return False
        return True

    def run(self, leaves: list) -> Any:
        """Run on a call's leaves, writing back what the function wrote;
        :data:`RETRACE` where they do not :meth:`fits`."""
        entry = self._entry
        if entry is not None:
            return entry(leaves)
        out = self._run_checked(leaves)
        # Written out (as one function over ``leaves``) at the first call, so
        # no later call pays for it.
        env: dict = {'_slow': self._run_refused}
        self._entry = define('entry', 'leaves', self.entry_lines(env, 'return _slow(leaves)'),
                             env, '<tapejit plan call>')
        return out

    def _run_refused(self, leaves: list) -> Any:
        self.refusals += 1
        return self._run_checked(leaves)

    def _run_checked(self, leaves: list) -> Any:
        if not self.fits(leaves):
            return RETRACE
        inputs = self.gather(leaves)
        return self.finish(leaves, self.execute(inputs), inputs)

    def section(self, env: dict, fail: str) -> Section:
        """The target's section of the generated entry (:class:`Section`):
        its lines running the plan on ``inputs``, and what they check."""
        exe = self._executable
        if exe is None or exe.__class__ is str:  # (the interpreter)
            env['_run'] = self.execute
            return Section(['outs = _run(inputs)'], frozenset(), False)
        return exe.section(env, fail, self.unpinned)

    def entry_lines(self, env: dict, fail: str, section: Optional[Section] = None) -> list:
        """The statements of the generated entry (over ``leaves``): aliasing
        check, gather, the target's ``section`` and finish; ``fail`` where
        the arrays do not fit."""
        sec = section or self.section(env, fail)
        env['_aliases'] = self.aliases
        items = gather_items(self.input_sources, env)
        lines = []
        if self.aliases is not None and (self.traced_shared or not sec.distinct):
            # (Traced with arrays shared, or the target does not check them distinct.)
            lines += ['if not _aliases(leaves):', f'    {fail}']
        lines.append('inputs = [' + ', '.join(items) + ']')
        if self.read_grads and not {i for i, _, _ in self.read_grads} <= sec.checked:
            env['_grads_fit'] = self._grads_fit
            lines += ['if not _grads_fit(inputs):', f'    {fail}']
        lines += sec.lines
        lines += finish_lines(self.out_kinds, self.writes, self.const_outputs, self.out_td, env,
                              self.attach, self.checks, self.deliver)
        return lines

    def resolved_target(self, inputs: Optional[list] = None) -> str:
        """The target this plan runs on: ``'auto'`` is ``'cuda'`` for CuPy inputs."""
        if self.target != 'auto':
            return self.target
        # (A NumPy subclass, a memmap say, is a host array too.)
        if inputs is not None and any(a is not None and backends.is_array(a)
                                      and not isinstance(a, (numpy.ndarray, numpy.generic))
                                      for a in inputs):
            return 'cuda'
        return 'cpu'

    def executable(self, inputs: Optional[list] = None) -> Any:
        """The compiled graph (compiled on first use), or None for 'interpret'."""
        exe = self._executable
        if exe is None:
            with self._compile_lock:
                exe = self._executable
                if exe is None:
                    target = self.resolved_target(inputs)
                    if target == 'interpret':
                        exe = 'interpret'
                    elif target == 'cuda':
                        from tapejit.targets.cuda.executable import compile_graph_cuda
                        exe = compile_graph_cuda(self.graph, donate=self.donations())
                    else:
                        from tapejit.targets import compile_graph
                        exe = compile_graph(self.graph, fastmath=self.fastmath,
                                            donate=self.donations(), distinct=self.distinct())
                    self._executable = exe
        return None if exe == 'interpret' else exe

    def distinct(self) -> frozenset:
        """The inputs a target may check to be distinct objects in place of
        the generated aliasing check: the arrays of a plan writing arrays."""
        if self.aliases is None or not any(w in ('data', 'array', 'rebind')
                                           for _, w in self.writes):
            return frozenset()
        return frozenset(i for i, (_, which) in enumerate(self.input_sources)
                         if which in ('data', 'array'))

    def donations(self) -> dict:
        """Graph output -> graph input pairs where the output is the new array
        of a Variable whose old array is that input: the plan may write it in
        place (a parameter update), as eager ``W.array -= ...`` does.  (Kept
        with :meth:`Trace.check`: a failing check raises after the run.)"""
        data_in = {source_key(src): i for i, (src, which) in enumerate(self.input_sources)
                   if which in ('data', 'array')}
        out = {}
        k = sum(1 for kind in self.out_kinds if kind[0] not in 'SO')  # (the first write's)
        for src, which in self.writes:
            if which == 'cleargrad' or which.__class__ is tuple:  # (no output)
                continue
            if which in ('data', 'array') and source_key(src) in data_in:
                out[k] = data_in[source_key(src)]
            k += 1
        return out

    def execute(self, inputs: list) -> list:
        """Run the graph on input arrays; return its output arrays."""
        exe = self.executable(inputs)
        if exe is None:
            return interpret(self.graph, inputs)
        return exe(inputs, check=self.unpinned)


# What TracedPlan.run returns for a call whose arrays do not fit it (TracedPlan.fits).
RETRACE = object()


def trace_plan(fn: Callable, leaves: list, td: Any, statics: tuple, target: str = 'auto',
               fastmath: bool = False,
               backward_jit: Optional[Callable[..., Any]] = None) -> TracedPlan:
    """Trace ``fn`` on abstract versions of ``leaves``; return the verified plan.

    ``backward_jit`` compiles the backward of the returned Variables' graph
    (:func:`tapejit.jit.jit`, which the caller passes: this module is below
    it); without it that backward runs eagerly.
    """
    tr = Trace()
    outvars: list = []
    out_kinds: list = []
    writes: list = []
    array_in: dict = {}  # leaf index -> (its TracedArray, its input Var)
    values = value_guards(fn)  # (before the function can change them)
    know_closures(called_functions(fn))
    homes = state_homes(fn, _objects(leaves))
    try:
        with using_config('trace', tr):
            args, kwargs = _traced_args(tr, leaves, td, statics, array_in)
            # What it reports becomes outputs, delivered at each call.
            with reporter.capture_reports() as cap, ReadRecorder() as reads:
                out = fn(*args, **kwargs)
            _refuse_draws(fn, reads)
            if cap.values:
                out = (out, cap.values)
            out_leaves, out_td = flatten(out, is_leaf)
            _collect_results(tr, out_leaves, outvars, out_kinds)
            diff = None
            states = _link_states(tr)
            _read_states_anew(tr, states, out_kinds)
            if config.enable_backprop:
                diff = differentiable_io(getattr(fn, '__name__', 'function'), tr, out_leaves,
                                         out_kinds, [st[3] for st in states])
            _collect_state_writes(tr, outvars, writes)
            _collect_other_writes(tr, array_in, out_leaves, out_kinds, outvars, writes)
            _collect_link_state(tr, states, out_leaves, out_kinds, outvars, writes, diff,
                                reads)
            _warn_cut_backward(tr, states, fn)
            # The trace's checks (Trace.check) as (first output, count, fail):
            # their values are the graph's last outputs.
            checks = []
            for checked, fail in tr.checks:
                checks.append((len(outvars), len(checked), fail))
                outvars.extend(as_traced(tr, v) for v in checked)
            if diff is not None:
                keep_draws(diff, outvars)
        _guard_reads(tr, reads)
        _guard_closures(tr, fn, leaves, values, homes)
        _guard_array_values(tr, fn)
        for key, opt in tr.optimizers.items():
            tr.guard(('optimizer', key), optimizer_guard(opt), True)
    finally:
        tr.restore()
        _restore_links(tr)
        tr.closed = True
    guards: list = []
    ignored = set()
    for st in tr.stateful.values():
        ign = tr.grad_ignored(st.var)
        if st.source[0] == 'closure':
            guards.append((st.var, leaf_spec(st.var, ign), ign))
        elif st.source[0] == 'slot':
            slot = Slot(st.source[1], st.source[2], st.var.__class__)
            guards.append((slot, leaf_spec(st.var, ign), ign))
        elif ign:
            ignored.add(st.source[1])
    graph = tr.graph(outvars)
    verify(graph)
    plan = TracedPlan(graph, tr.input_sources, out_td, out_kinds, writes, guards,
                frozenset(ignored), tr.py_guards, target, fastmath, diff=diff, checks=tuple(checks),
                reports=cap.observers if cap.values else None, backward_jit=backward_jit)
    _note_aliases(plan, tr, leaves, writes)
    if tr.swapped:
        plan.gather = _native_gather(plan.gather, tr.swapped)
    return plan


def _native_gather(gather: Callable[[list], list], swapped: list) -> Callable[[list], list]:
    """``gather`` with the arrays at ``swapped`` in native byte order."""
    def native_gather(leaves: list) -> list:
        inputs = gather(leaves)
        for i in swapped:
            a = inputs[i]
            if a is not None and not a.dtype.isnative:
                inputs[i] = a.astype(a.dtype.newbyteorder('='))
        return inputs
    return native_gather


def _traced_args(tr: Trace, leaves: list, td: Any, statics: tuple,
                 array_in: dict) -> tuple:
    """The ``(args, kwargs)`` a trace calls the function with."""
    traced = []
    for i, x in enumerate(leaves):
        if isinstance(x, Variable):
            tr.capture(x, ('arg', i))
            traced.append(x)
        elif backends.is_array(x):
            t = tr.array_input(x, ('arg', i), 'array')
            array_in[i] = (t, t.var)
            traced.append(t)
        elif x.__class__ is Dynamic:
            traced.append(tr.new_input((), _dynamic_array(x).dtype, (('arg', i), 'scalar'),
                                       weak=True))
        else:
            traced.append(x)
    dyn_args, kwargs = unflatten(td, traced)
    args = list(dyn_args)
    for name, val in statics:
        if isinstance(name, int):
            args[name] = val
        else:
            kwargs[name] = val
    return args, kwargs


def _collect_results(tr: Trace, out_leaves: list, outvars: list, out_kinds: list) -> None:
    """The graph outputs and kinds of what the traced function returned."""
    for o in out_leaves:
        if isinstance(o, Variable):
            tr.touch(o)  # (a closed-over Variable returned unused)
        st = tr.stateful.get(id(o))
        if st is not None and st.var is o:
            # An argument or closed-over Variable: the same object, as eagerly.
            out_kinds.append(('O', st.source))
        elif isinstance(o, Variable):
            outvars.append(as_traced(tr, o))
            out_kinds.append(('V', o._requires_grad))
        elif isinstance(o, TracedArray) or backends.is_array(o):
            outvars.append(as_traced(tr, o))
            out_kinds.append(('A',))
        else:
            out_kinds.append(('S', o))


def _collect_state_writes(tr: Trace, outvars: list, writes: list) -> None:
    """The writes the traced function left on the Variables it read (new
    arrays, arrays written in place, gradients set or cleared)."""
    for st in tr.stateful.values():
        v = st.var
        d = v._data
        if d is st.data_in:
            if d.var is not st.var_in:  # written in place (``-=``)
                outvars.append(d.var)
                writes.append((st.source, 'data'))
        else:  # given another array (``v.array = ...``)
            held = tr.source_of(d)
            if held is not None:
                # Another holder's own array: given that object, as eagerly.
                writes.append((st.source, ('rebind_to',) + held))
            else:
                outvars.append(as_traced(tr, d))
                writes.append((st.source, 'rebind'))
        if v._grad_var is None and id(v) in tr.grad_written:
            # Cleared: replayed even where the traced call had no gradient.
            writes.append((st.source, 'cleargrad'))
        elif (v._grad_var is not None and st.grad_data_in is not None
              and v._grad_var._data is st.grad_data_in):
            # The call's gradient array written in place: written back into it.
            if st.grad_data_in.var is not st.grad_var_in:
                outvars.append(st.grad_data_in.var)
                writes.append((st.source, 'graddata'))
        elif v._grad_var is not st.grad_in:  # another gradient
            if v._grad_var is None:
                writes.append((st.source, 'cleargrad'))
            else:
                outvars.append(as_traced(tr, v._grad_var))
                writes.append((st.source, 'grad'))


def _collect_other_writes(tr: Trace, array_in: dict, out_leaves: list, out_kinds: list,
                          outvars: list, writes: list) -> None:
    """Array arguments written in place, and gradients of returned Variables."""
    # An array argument written in place (``x -= 1``) is written back, as in NumPy.
    for i, (t, var_in) in array_in.items():
        if t.var is not var_in:
            outvars.append(t.var)
            writes.append((('arg', i), 'array'))
    # A returned Variable holding a gradient (``retain_grad=True``) has it too.
    for r, (o, kind) in enumerate(zip(out_leaves, out_kinds)):
        if kind[0] == 'V' and o._grad_var is not None:
            outvars.append(as_traced(tr, o._grad_var))
            writes.append((('result', r), 'grad'))


def _link_states(tr: Trace) -> list:
    """``(link, name, old, v)`` of each traced Variable ``v`` the function
    left on a link (``self.h = h``), ``old`` what the attribute held before
    the call."""
    before: dict = {}
    for link, name, old in tr.stored:
        before.setdefault((id(link), name), (link, name, old))
    states = []
    for link, name, old in before.values():
        v = link.__dict__.get(name)
        # (A Variable the call computed; not one it read, as a tied parameter.)
        if (isinstance(v, Variable) and v._data.__class__ is TracedArray
                and v._data.trace is tr and id(v) not in tr.stateful):
            states.append((link, name, old, v))
    return states


def _restore_links(tr: Trace) -> None:
    """Give the link attributes the function left a traced Variable in
    what they held before (each call writes its own there)."""
    done = set()
    for link, name, old in tr.stored:
        if (id(link), name) in done:
            continue
        done.add((id(link), name))
        v = link.__dict__.get(name)
        if isinstance(v, Variable) and v._data.__class__ is TracedArray and v._data.trace is tr:
            link.__dict__[name] = old


def _read_states_anew(tr: Trace, states: list, out_kinds: list) -> None:
    """A state Variable the function read from a link attribute it then
    replaced (``self.h = f(self.h)``) is read from that attribute at every
    call, whichever Variable it holds then: each call leaves a new one
    there, as eagerly, and the caller may put another (a fresh state)."""
    for link, name, old, _ in states:
        st = tr.stateful.get(id(old))
        if (st is None or st.var is not old or st.source[0] != 'closure'
                or isinstance(old, (Parameter, StateVariable))):
            continue  # (an argument, or a state a plan writes in place: as read)
        was, now = st.source, ('slot', link, name)
        st.source = now
        tr.input_sources[:] = [(now if s is was else s, w) for s, w in tr.input_sources]
        tr.array_sources[:] = [(now if s is was else s, w, f) for s, w, f in tr.array_sources]
        out_kinds[:] = [('O', now) if k[0] == 'O' and k[1] is was else k for k in out_kinds]


def _warn_cut_backward(tr: Trace, states: list, fn: Callable) -> None:
    """Warn where a backward inside the call reached a state it read from a
    link (``self.h``) that held a graph (the previous calls', or eager
    steps'): eagerly that backward would go on into it; compiled, it stops
    at the start of the call."""
    cut = []
    for link, name, old, _ in states:
        st = tr.stateful.get(id(old))
        if (st is not None and st.source[:3] == ('slot', link, name)
                and old._grad_var is not st.grad_in and st.orig_node is not None
                and st.orig_node.creator_node is not None):
            cut.append(f'{link._label()}.{name}')
    if cut:
        warnings.warn(
            f'tapejit.jit({getattr(fn, "__name__", "function")}): the backward inside the call '
            f'reaches the state held in {", ".join(cut)}, a Variable with a graph (left by the '
            'previous calls or eager steps); eager backward would go on into that graph, the '
            'compiled call stops at the start of the call. Cut it as Chainer\'s examples do '
            '(loss.unchain_backward() after each update), or call backward outside the '
            'jitted function (the gradient then flows across the calls).',
            RuntimeWarning, stacklevel=9)


def _collect_link_state(tr: Trace, states: list, out_leaves: list, out_kinds: list,
                        outvars: list, writes: list, diff: Optional[Differentiable],
                        reads: ReadRecorder) -> None:
    """A traced Variable the function left on a link (``self.h = h``) is
    state: after every call the plan puts a new Variable holding its value
    there, as eagerly (the returned one where the function returned it).
    Where its value has a graph (``diff``), that Variable gets the call's
    node, so that a backward over several calls reaches back through it.
    A call finding the attribute holding something else than the trace
    did (None after a reset, a Variable of another shape) traces again;
    another Variable of the same shape and dtype is read as the state.
    A call that assigns the attribute before it reads it
    (``reset_state()`` first) does not depend on what it held.  A
    Parameter or StateVariable there is written in place instead."""
    first_store = {}
    for n, (link, name, _) in enumerate(tr.stored):
        first_store.setdefault((id(link), name), n)
    for k, (link, name, old, v) in enumerate(states):
        j = diff.states.index(k) if diff is not None and k in diff.states else None
        if isinstance(old, (Parameter, StateVariable)):
            vjp_state_holders.add(old)
            if j is not None:
                diff.state_holders[j], diff.state_at[j] = old, len(outvars)
            outvars.append(as_traced(tr, v._data))
            writes.append((('attr', old, link, name), 'attr'))
            held = Check(_holds, link, name, old)
        else:
            r = next((r for r, (o, kind) in enumerate(zip(out_leaves, out_kinds))
                      if kind[0] == 'V' and o is v), None)
            fresh = FreshState(r, v._requires_grad)
            if j is not None:
                diff.state_holders[j], diff.state_at[j] = fresh, len(outvars)
            outvars.append(as_traced(tr, v._data))
            writes.append((('slot', link, name, fresh), 'fresh'))
            st = tr.stateful.get(id(old))
            read_at = reads.read_at.get((id(link), name))
            if st is None and read_at is not None and read_at > first_store[id(link), name]:
                continue  # (assigned first, then read: what it held is never seen)
            if isinstance(old, Variable) and (st is None or st.source[:3] == ('slot', link, name)):
                # Read there (the plan's guards check the one held at the
                # call), or not read: any Variable of its class will do.
                held = Check(_holds_a, link, name, old.__class__)
            else:
                held = Check(_holds, link, name, old)
        held.what = f'{link._label()}.{name}'
        tr.guard(('attr', id(link), name), held, True)
    if diff is not None:
        _drop_returned_states(diff)


def _drop_returned_states(diff: Differentiable) -> None:
    """Keep, among the states of ``diff`` given a graph, only those whose
    Variable the call's node gets as an output of its own: a state the
    function also returned is that output already (its node is the
    result's).  The backward pairs the node's outputs with ``out_vars`` in
    order, so a returned state left among them would take the gradient of
    the states after it (``self.c, self.h = F.lstm(...)``, ``h`` returned:
    ``c``'s gradient went to ``h``)."""
    n = len(diff.outs)
    keep = [j for j, holder in enumerate(diff.state_holders)
            if not (holder.__class__ is FreshState and holder.result is not None)]
    diff.out_vars = diff.out_vars[:n] + tuple(diff.out_vars[n + j] for j in keep)
    diff.states = tuple(diff.states[j] for j in keep)
    diff.state_holders = [diff.state_holders[j] for j in keep]
    diff.state_at = [diff.state_at[j] for j in keep]
    for j, holder in enumerate(diff.state_holders):
        if holder.__class__ is FreshState:
            holder.made = f'_sf{j}'  # (made by vjp.attach_lines, numbered as kept)


def _holds(link: Any, name: str, old: Any) -> bool:
    return link.__dict__.get(name) is old


def _holds_a(link: Any, name: str, cls: type) -> bool:
    return link.__dict__.get(name).__class__ is cls


def _objects(leaves: list) -> tuple:
    """The arguments (static, as a method's ``self``) whose attributes are
    places a closed-over Variable may be found at."""
    return tuple(x for x in leaves if hasattr(x, '__dict__') and not (
        isinstance(x, (Variable, Dynamic)) or backends.is_array(x)))


def _refuse_draws(fn: Callable, reads: ReadRecorder) -> None:
    """Raise where the function drew from NumPy's (or CuPy's) generators:
    the draw would become a constant of the plan, the same at every call."""
    if reads.draws:
        what, where = reads.draws[0]
        reads.rewind_draws()
        raise TraceError(
            f'tapejit.jit({getattr(fn, "__name__", "function")}): {what} was called while '
            f'tracing, at {where}; a compiled step would repeat that one draw at every call. '
            'Draw inside the step with tapejit\'s random functions (F.dropout, F.gaussian), '
            'which draw anew at every call, or pass the noise in as an argument')


def _guard_reads(tr: Trace, reads: ReadRecorder) -> None:
    """Guard the places the function read Python values from (see
    :mod:`tapejit.jit.reads`), and the structure of the links it read
    them through."""
    for key, getter, value in read_guards(reads, lambda v: id(v) in tr.born):
        tr.guard(key, getter, value)
    if reads.links_read:
        tr.guard(('link structure',), structure_version, structure_version())


def _guard_closures(tr: Trace, fn: Callable, leaves: list, values: list, homes: dict) -> None:
    """Guard the places that held the Variables and arrays the function
    closed over, and the plain ``values`` it read (see closure_guards);
    ``homes``: where the Variables on links were before the call
    (:func:`closure_guards.state_homes`)."""
    for key, check, value in values:
        # (One the function changed while traced is its output: not guarded;
        # one it read is guarded as read.)
        if check() == value and ('read',) + key[1:] not in tr.guard_keys:
            tr.guard(key, check, value)
    closed = [st.var for st in tr.stateful.values() if st.source[0] == 'closure']
    # Closed-over arrays are constants: a name given another one traces again.
    arrays = [c for c in tr.const_sources if isinstance(c, numpy.ndarray)]
    if not (closed or arrays):
        return
    for key, check in identity_guards(fn, closed + arrays, _objects(leaves)):
        tr.guard(key, check, True)
    if not closed:
        return
    # A link given another child or Parameter afterwards is read anew; so is
    # a link attribute that held a Variable read (self.h) or None, and where
    # a Variable read was found on no link, any such attribute.
    tr.guard(('link structure',), structure_version, structure_version())
    for key, check in homes.get(None, ()):
        if check():  # (one a lazy link filled while traced is not guarded)
            tr.guard(key, check, True)
    for v in closed:
        for key, check in homes.get(id(v), ()):
            tr.guard(key, check, True)
        if id(v) not in homes and not isinstance(v, (Parameter, StateVariable)):
            # (An optimizer's states are its own: replaced by its setup, not here.)
            tr.guard(('link state',), state_version, state_version())


def _guard_array_values(tr: Trace, fn: Callable) -> None:
    """Guard the values of the NumPy arrays the function read from outside
    its arguments, whose places are guarded by identity: a call after one
    was written in place traces again, as it would read other values
    eagerly.  One too large to compare at every call is named in a warning."""
    guards, large = array_value_guards(tr.py_guards, tr.reads_anew)
    for key, check in guards:
        tr.guard(key, check, True)
    if large:
        held = '; '.join(f'{where} (shape {arr.shape}, {arr.dtype})' for arr, where in large)
        warnings.warn(
            f'tapejit.jit({getattr(fn, "__name__", "function")}): the compiled function holds '
            f'the values of the array read through {held} as they were when traced; writing '
            'into it in place afterwards changes no compiled result (it is too large to '
            'compare at every call). Pass it as an argument, or hold it in a Variable, to '
            'have it read at every call.', RuntimeWarning, stacklevel=9)


def _note_aliases(plan: TracedPlan, tr: Trace, leaves: list, writes: list) -> None:
    """Give ``plan`` the check that a call's arrays alias as the traced ones did."""
    # Variable arguments that are one object, or distinct ones sharing an array.
    var_pairs = []
    for j, x in enumerate(leaves):
        if isinstance(x, Variable):
            for i in range(j):
                y = leaves[i]
                if isinstance(y, Variable) and (y is x or y._data is x._data):
                    var_pairs.append((i, j, y is x))
                    break
    plan.aliases = compile_aliases(tr.array_sources, writes, var_pairs)
    plan.traced_shared = bool(var_pairs) or any(
        first != j for j, (_, _, first) in enumerate(tr.array_sources))
