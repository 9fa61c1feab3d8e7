"""``@tapejit.jit`` and ``tapejit.value_and_grad``: trace once per signature, cache the plan.

A call builds the cache key (argument structure, each array's
shape/dtype/device/requires_grad/has-grad, static arguments, global flags)
and runs the cached plan on a hit; a call like the last one is matched by a
generated check (:mod:`tapejit.jit.call_check`) without building the key.  On
a miss the function is traced (:mod:`tapejit.ir.trace`) into a bounded LRU
cache.  A plan is compiled on its first run for its target: ``'cpu'``,
``'cuda'`` or ``'interpret'`` (each primitive's eager implementation).
"""

from __future__ import annotations

import collections
import functools
import inspect
import itertools
import os
import threading
import warnings
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

import numpy

from tapejit.compiler.codecache import define
from tapejit import backends, reporter
from tapejit.jit.call_check import _CPU, check_lines, guard_lines
from tapejit.jit.reads import Place, ReadRecorder, read_guards
from tapejit.jit.closure_guards import (Check, identity_guards, scalar_key, state_homes,
                                        value_guards)
from tapejit.core.abstract import TracedArray, TraceError
from tapejit.core.backprop import grad as _grad
from tapejit.core.config import config, using_config
from tapejit.core.errors import ShapeError
from tapejit.core.parameter import Parameter
from tapejit.core.variable import StateVariable, Variable
from tapejit.ir.graph import Graph, verify
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import Trace, as_traced
from tapejit.jit.vjp import Differentiable, attach_lines, differentiable_io, keep_draws
from tapejit.jit.vjp import state_holders as vjp_state_holders
from tapejit.jit.entry import (_dynamic_array, compile_aliases, finish_lines, gather_items,
                               source_key)
from tapejit.pytree import flatten, leaf_paths, unflatten


class CacheInfo(NamedTuple):
    """Counters of a jitted function's plan cache."""

    hits: int
    misses: int
    traces: int
    entries: int
    maxsize: int


_STATIC = object()  # placeholder of a static argument inside the traced tree
_MISS = object()  # a hot call's (and _call_last's) answer where the arguments need the full path
_REFUSED = object()  # ... where its native function refused their arrays


def _is_leaf(x: Any) -> bool:
    cls = x.__class__
    # Containers first: every call flattens its arguments with this.
    if cls is tuple or cls is list or cls is dict:
        return False
    return isinstance(x, Variable) or backends.is_array(x) or cls is _Dynamic


def _as_dynamic(x: Any, name: Any) -> Any:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f'jit: dynamic argument {name!r} must be a Python int or float, '
                        f'got {type(x).__name__}')
    return _Dynamic(x)


class _Dynamic:
    """A Python scalar argument marked dynamic: traced as a weakly typed 0-d array."""

    __slots__ = ('value',)

    def __init__(self, value: Any) -> None:
        self.value = value


def _device(a: Any, what: str) -> str:
    if a.__class__ is numpy.ndarray:  # (every call keys: the common case skips the lookup)
        return _CPU
    backends.refuse_array_subclass(a, what)
    return str(backends.get_device_from_array(a))


def _leaf_spec(x: Any, grad_ignored: bool = False) -> tuple:
    if x.__class__ is _Dynamic:
        return ('D', type(x.value).__name__)
    if isinstance(x, Variable):
        d = x._data
        if d is None:
            raise TypeError('jit: a Variable argument has no data (it is uninitialised)')
        # Whether a gradient is present matters only if the function reads it.
        has_grad = None if grad_ignored else x._grad_var is not None
        return ('V', d.shape, d.dtype.str, _device(d, 'jit: the array of a Variable argument'),
                x._requires_grad, has_grad)
    if x.__class__ is numpy.ndarray or backends.is_array(x):
        return ('A', x.shape, x.dtype.str, _device(x, 'jit: an array argument'))
    try:
        hash(x)
    except TypeError:
        raise TypeError(f'jit: argument of type {type(x).__name__} is neither an array, '
                        'a Variable, nor hashable; make it static (static_argnums) or '
                        'pass arrays') from None
    return ('S', _Static(x))


class _Static:
    """A static value in a cache key: equal to another only if of the same
    types throughout, as a trace may depend on them (``2`` and ``2.0`` and
    ``True`` are ``==``, as are ``0.0`` and ``-0.0``, but ``a * s`` has
    another dtype, ``x / s`` another sign of infinity)."""

    __slots__ = ('value', 'key')

    def __init__(self, value: Any) -> None:
        self.value = value
        self.key = _typed(value)

    def __eq__(self, other: object) -> bool:
        return other.__class__ is _Static and self.key == other.key  # type: ignore

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return repr(self.value)


def _typed(v: Any) -> Any:
    key = scalar_key(v)
    if key is not None:
        return key
    c = v.__class__
    if isinstance(v, tuple):  # (a namedtuple of hyperparameters, say)
        return c, tuple(_typed(e) for e in v)
    if isinstance(v, frozenset):
        return c, frozenset(_typed(e) for e in v)
    return c, v


TARGETS = ('auto', 'cpu', 'cuda', 'interpret')


def _check_target(target: Optional[str], what: str = 'jit: target') -> Optional[str]:
    if target is not None and target not in TARGETS:
        raise ValueError(f'{what} must be one of {", ".join(map(repr, TARGETS))}, got {target!r}')
    return target


class Plan:
    """A traced, verified graph and how to feed it and read it back."""

    def __init__(self, graph: Graph, input_sources: list, out_td: Any, out_kinds: list,
                 writes: list, guards: list, grad_ignored_args: frozenset,
                 py_guards: Sequence = (), target: str = 'auto',
                 fastmath: bool = False, diff: Optional[Differentiable] = None,
                 checks: tuple = (), reports: Optional[dict] = None) -> None:
        self.graph = graph
        self.reports = reports  # (observers reported on, kept alive: their ids name them)
        self.deliver = None if reports is None else reporter.deliver
        self.checks = checks  # (first output, count, fail) per Trace.check
        self.diff = diff  # returned Variables that get a graph every call (see vjp)
        self.target = target
        self.fastmath = fastmath
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
        return (all(_leaf_spec(v, ign) == spec for v, spec, ign in self.guards)
                and all(getter() == value for getter, value in self.py_guards))

    def miss_cause(self, leaves: list) -> str:
        """Why this plan does not serve these leaves (for the retrace warning)."""
        for v, spec, ign in self.guards:
            now = _leaf_spec(v, ign)
            if now != spec:
                name = f'{v.name!r}' if v.name else f'of shape {spec[1]}'
                changed = [f'{f} from {a!r} to {b!r}'
                           for f, a, b in zip(_SPEC_FIELDS, spec, now) if a != b]
                return (f'the Variable {name} it reads from outside the call changed its '
                        f'{", ".join(changed) or "spec"}')
        for getter, value in self.py_guards:
            if getter() != value:
                if isinstance(getter, Place):
                    return (f'{getter.what}, a Python value it read while tracing, '
                            f'{"holds another object" if getter.identity else "changed"}')
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

    def native(self) -> Any:
        """The native one-call function where it checks every input the key
        leaves open, else None."""
        exe = self._executable
        if (exe is None or exe.__class__ is str
                or getattr(exe, '_native_run', None) is None
                or not exe.native_checks(self.unpinned)):
            return None
        return exe.one_call.native

    def entry_lines(self, env: dict, fail: str) -> list:
        """The statements of the generated entry (over ``leaves``): aliasing
        check, gather, run and finish; ``fail`` where the arrays do not fit."""
        native = self.native()
        env['_aliases'] = self.aliases
        items = gather_items(self.input_sources, env)
        lines = []
        if self.aliases is not None and (native is None or self.traced_shared
                                         or not self._executable.one_call.distinct_inputs):
            # (Traced with arrays shared, or not built to check: the native one can't.)
            lines += ['if not _aliases(leaves):', f'    {fail}']
        lines.append('inputs = [' + ', '.join(items) + ']')
        if native is not None:
            lines += native.call_lines(env, fail, 'outs = ')
        else:
            if self.read_grads:
                env['_grads_fit'] = self._grads_fit
                lines += ['if not _grads_fit(inputs):', f'    {fail}']
            env['_run'], env['_unpinned'] = self.execute, self.unpinned
            exe = self._executable
            if exe is not None and exe.__class__ is not str:
                env['_run'] = exe
            lines.append('outs = _run(inputs, _unpinned)' if env['_run'] is exe
                         else 'outs = _run(inputs)')
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
                        exe = compile_graph_cuda(self.graph)
                    else:
                        from tapejit.targets import compile_graph
                        exe = compile_graph(self.graph, fastmath=self.fastmath,
                                            donate=self.donations())
                        if exe.one_call is not None and self.aliases is not None and any(
                                w in ('data', 'array', 'rebind') for _, w in self.writes):
                            # (Checked distinct by it, in place of self.aliases.)
                            exe.one_call.distinct_inputs = frozenset(
                                i for i, (_, which) in enumerate(self.input_sources)
                                if which in ('data', 'array'))
                    self._executable = exe
        return None if exe == 'interpret' else exe

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


_SPEC_FIELDS = ('kind', 'shape', 'dtype', 'device', 'requires_grad', 'gradient presence')


def _key_change(old: tuple, new: tuple) -> Optional[str]:
    """What changed between two cache keys beyond the leaves' shapes and
    dtypes (which the retrace warning names by argument), or None."""
    (ob, og), (nb, ng) = old, new
    if ob[0] != nb[0]:
        return 'the structure of its arguments changed'
    if ob[2] != nb[2]:
        return 'a static argument changed'
    if ob[3] != nb[3] or ob[4] != nb[4]:
        return 'tapejit.config (enable_backprop or train) changed'
    if ob[5] != nb[5]:
        return 'its arguments share arrays otherwise than before'
    if og != ng:
        return 'which arguments hold a gradient changed'
    return None


def _sharing(leaves: list) -> tuple:
    """Per leaf the index of its array's first holder (empty where none is
    shared): part of the key, as a plan reads a shared array once."""
    first: dict = {}
    same: dict = {}
    pattern = []
    shared = False
    for i, x in enumerate(leaves):
        if isinstance(x, Variable):
            j = same.setdefault(id(x), i)
            if j != i:  # the same Variable again: not two sharing an array
                pattern.append(-2 - j)
                shared = True
                continue
            a = x._data
        elif backends.is_array(x):
            a = x
        else:
            pattern.append(-1)
            continue
        f = first.setdefault(id(a), i)
        shared = shared or f != i
        pattern.append(f)
    return tuple(pattern) if shared else ()


# What Plan.run returns for a call whose arrays do not fit it (Plan.fits).
RETRACE = object()


def _as_tuple(x: Any, one: type) -> tuple:
    return (x,) if isinstance(x, one) else tuple(x)


# Plans kept for one signature, for as many outcomes of their guards.
_PLANS_PER_KEY = 8


class JitFunction:
    """A function traced once per input signature; see :func:`jit`."""

    def __init__(self, fn: Callable, static_argnums: Sequence[int] = (),
                 static_argnames: Sequence[str] = (), fallback: Optional[str] = None,
                 max_cache_size: int = 64, retrace_warn_after: int = 8,
                 dynamic_argnums: Sequence[int] = (),
                 dynamic_argnames: Sequence[str] = (), target: Optional[str] = None,
                 fastmath: bool = False) -> None:
        self.target = _check_target(target)
        self.fastmath = bool(fastmath)
        if fallback not in (None, 'eager'):
            raise ValueError(f"jit: fallback must be None or 'eager', got {fallback!r}")
        if max_cache_size < 1:
            raise ValueError(f'jit: max_cache_size must be at least 1, got {max_cache_size}')
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.static_argnums = tuple(map(int, _as_tuple(static_argnums, int)))
        self.static_argnames = _as_tuple(static_argnames, str)
        self.dynamic_argnums = tuple(map(int, _as_tuple(dynamic_argnums, int)))
        self.dynamic_argnames = _as_tuple(dynamic_argnames, str)
        self.fallback = fallback
        self.max_cache_size = max_cache_size
        self.retrace_warn_after = retrace_warn_after
        # key -> its plans, most recently used first (several where guards differ)
        self._cache: collections.OrderedDict = collections.OrderedDict()
        self._nplans = 0
        self._lock = threading.RLock()
        self._writes_state = False  # a plan of it writes state (see __call__)
        self._hits = self._misses = self._traces = 0
        # Hits of the last call's plan, counted without the lock: a count's step is atomic.
        self._fast_hits = itertools.count()
        self._fast_tick = self._fast_hits.__next__
        self._changes: collections.Counter = collections.Counter()
        self._moved: collections.Counter = collections.Counter()  # see _note_moved
        self._causes: collections.Counter = collections.Counter()  # see _note_storm
        self._warned: set = set()  # the kinds of warning given (see _warn_commonest)
        self._last_key: Optional[tuple] = None
        self._grad_ignored: dict = {}  # base key -> leaf indices whose grad is ignored
        # The plan of the last call, whose key is the cache's most recent:
        # every change to the cache drops it first.
        self._last: Optional[Plan] = None
        try:
            self._params = list(inspect.signature(fn).parameters)
        except (TypeError, ValueError):
            self._params = []

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        if obj is None:
            return self
        return functools.partial(self, obj)

    # ---------------------------------------------------------------- keys
    def _split(self, args: tuple, kwargs: dict) -> tuple:
        if not (self.dynamic_argnums or self.dynamic_argnames or self.static_argnums
                or self.static_argnames):
            leaves, td = flatten((args, kwargs), _is_leaf)
            return leaves, td, ()
        n = len(args)
        if self.dynamic_argnums or self.dynamic_argnames:
            dyn_pos = {i % n for i in self.dynamic_argnums if -n <= i < n}
            args = tuple(_as_dynamic(a, i) if i in dyn_pos else a for i, a in enumerate(args))
            kwargs = {k: _as_dynamic(v, k) if k in self.dynamic_argnames else v
                      for k, v in kwargs.items()}
        static_pos = {i % n for i in self.static_argnums if -n <= i < n}
        dyn_args = tuple(_STATIC if i in static_pos else a for i, a in enumerate(args))
        statics = tuple((i, args[i]) for i in sorted(static_pos))
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in self.static_argnames}
        statics += tuple((k, kwargs[k]) for k in sorted(kwargs) if k in self.static_argnames)
        for name, val in statics:
            try:
                hash(val)
            except TypeError:
                raise TypeError(f'jit: static argument {name!r} must be hashable, got '
                                f'{type(val).__name__}') from None
        leaves, td = flatten((dyn_args, dyn_kwargs), _is_leaf)
        return leaves, td, statics

    def _key(self, args: tuple, kwargs: dict) -> tuple:
        leaves, td, statics = self._split(args, kwargs)
        specs = tuple(('static',) if x is _STATIC else _leaf_spec(x, True) for x in leaves)
        base = (td, specs, tuple((n, _Static(v)) for n, v in statics) if statics else (),
                config.enable_backprop, config.train, _sharing(leaves))
        return (base, self._has_grad(base, leaves)), leaves, td, statics

    def _has_grad(self, base: tuple, leaves: list) -> tuple:
        """Which Variable leaves hold a gradient (part of the key), but for those
        whose gradient the plan overwrites before reading."""
        ign = self._grad_ignored.get(base, ())
        return tuple(x._grad_var is not None for i, x in enumerate(leaves)
                     if isinstance(x, Variable) and i not in ign)

    # --------------------------------------------------------------- calls
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if config.trace is not None or config.debug:
            # Inlined into an outer trace; in debug mode eager, checked for NaN.
            return self.fn(*args, **kwargs)
        if self._writes_state:
            # Two threads stepping one model at once would each read the state
            # and write back their own update, one of them lost (the plan runs
            # without the GIL): the calls take turns.
            with _STATE_LOCK:
                return self._call(args, kwargs)
        return self._call(args, kwargs)

    def _call(self, args: tuple, kwargs: dict) -> Any:
        last = self._last
        if last is not None:
            hot = last.hot
            if hot is not None:
                # (The most recent entry already: no reordering, no lock.)
                out = hot(args, kwargs)
                if out is not _MISS and out is not _REFUSED:
                    self._fast_tick()
                    return out
                if out is _REFUSED:
                    # Not taken until a call runs natively again: arrays
                    # refused once are often refused every call.
                    last.hot = None
            out = self._call_last(last, args, kwargs)
            if out is not _MISS:
                return out
        return self._call_keyed(args, kwargs)

    def _call_last(self, plan: Plan, args: tuple, kwargs: dict) -> Any:
        """Run the last call's plan if these arguments have its key, else ``_MISS``."""
        leaves = plan.call_check(args, kwargs)
        # (Every change to the cache drops _last first: while it is the same, it is cached.)
        if (leaves is None or self._last is not plan
                or ((plan.guards or plan.py_guards) and not plan.guards_hold())):
            return _MISS
        refusals = plan.refusals
        out = plan.run(leaves)
        if out is RETRACE:
            return _MISS  # (the keyed path keys its arrays anew, and counts the call)
        self._fast_tick()
        if plan.hot is None and plan.refusals == refusals:
            self._make_hot(plan, leaves)  # (run natively: the hot call is taken again)
        return out

    def _call_keyed(self, args: tuple, kwargs: dict) -> Any:
        """The full path: key the arguments, find or trace the plan, run it."""
        key, leaves, td, statics = self._key(args, kwargs)
        with self._lock:
            self._last = None  # (the cache changes; _remember sets it again)
            key, plan = self._plan_for(key, leaves, td, statics, args, kwargs)
            if plan != 'eager':
                self._remember(key, leaves, statics, plan)
        if plan == 'eager':
            return self.fn(*args, **kwargs)
        if plan.writes:
            self._writes_state = True  # (this call and every later one take turns)
            with _STATE_LOCK:
                return self._run_new(plan, leaves)
        return self._run_new(plan, leaves)

    def _run_new(self, plan: Plan, leaves: list) -> Any:
        out = plan.run(leaves)
        if out is RETRACE:  # cannot be: the plan was checked (or traced) for these arrays
            raise RuntimeError('tapejit.jit: a plan refused the arrays it was chosen for')
        if self._last is plan and plan.hot is None:
            self._make_hot(plan, leaves)  # now, not at a later call
        return out

    def _plan_for(self, key: tuple, leaves: list, td: Any, statics: tuple, args: tuple,
                  kwargs: dict) -> tuple:
        """``(key, plan)``: a cached plan of the key whose guards hold and
        whose arrays fit, else a new trace.  Called with the lock held."""
        plans = self._cache.get(key)
        if plans is None and key[0] in self._grad_ignored:
            # (Another thread may have re-filed the plan since: key it again.)
            key = self._key(args, kwargs)[0]
            plans = self._cache.get(key)
        for plan in plans or ():
            if plan == 'eager' or (plan.guards_hold() and plan.fits(leaves)):
                self._hits += 1
                self._cache.move_to_end(key)
                plans.remove(plan)
                plans.insert(0, plan)  # (most recent first: tried first)
                return key, plan
        if plans:
            self._note_moved(plans[0])
            self._causes[plans[0].miss_cause(leaves)] += 1
        self._misses += 1
        plan = self._trace(key, leaves, td, statics, args, kwargs)
        base = key[0]
        if plan != 'eager' and plan.grad_ignored_args != self._grad_ignored.get(
                base, frozenset()):
            # It overwrites these gradients before reading them: key them no more.
            self._drop(key, plan)
            self._grad_ignored[base] = plan.grad_ignored_args
            # (From the traced leaves: a lazy link's parameter may have changed the args.)
            key = (base, self._has_grad(base, leaves))
            self._file(key, plan)
        return key, plan

    def _file(self, key: tuple, plan: Any) -> None:
        """Keep ``plan`` under ``key`` beside the plans traced for other
        guard outcomes (a state attribute that is None after a reset, a
        Variable replaced), the least recently used plan dropped past
        ``max_cache_size``."""
        plans = self._cache.setdefault(key, [])
        plans.insert(0, plan)
        self._cache.move_to_end(key)
        self._nplans += 1
        if len(plans) > _PLANS_PER_KEY:
            # (Guards that never hold again, a state replaced every call, say:
            # each such plan would hold the state it read.)
            self._drop(key, plans[-1])
        while self._nplans > self.max_cache_size:
            oldest = next(iter(self._cache))
            self._drop(oldest, self._cache[oldest][-1])

    def _drop(self, key: tuple, plan: Any) -> None:
        plans = self._cache[key]
        plans.remove(plan)
        self._nplans -= 1
        if not plans:
            del self._cache[key]

    def _remember(self, key: tuple, leaves: list, statics: tuple, plan: Plan) -> None:
        """Make the next call with this key skip building it (a check kept on the plan)."""
        if statics or self.dynamic_argnums or self.dynamic_argnames:
            return
        if plan.call_check is None:  # (a plan is found under its one key only)
            (base, has_grad) = plan.key = key
            env: dict = {}
            lines = check_lines(base[0], leaves, base[1], has_grad,
                                self._grad_ignored.get(base, ()), env)
            lines.append('return leaves')
            plan.call_check = define('check', 'args, kwargs', lines, env, '<tapejit call check>')
        # (Whether the arrays alias as traced, Plan.run checks.)
        self._last = plan

    def _make_hot(self, plan: Plan, leaves: list) -> None:
        """Give ``plan`` its hot call once it has run: the key's check, the
        guards and the plan's entry as one ``hot(args, kwargs)``, returning
        ``_MISS`` for another key and ``_REFUSED`` where the plan refused the
        arrays; the arrays the native function checks are left to it.
        Written once: alternating signatures do not write it again."""
        plan.hot = plan.hot_call = plan.hot_call or self._write_hot(plan, leaves)

    def _write_hot(self, plan: Plan, leaves: list) -> Callable:
        native = plan.native()
        # The sources of the arrays the native function checks itself (class, shape, dtype).
        natively = [] if native is None else [
            src for k, (src, which) in enumerate(plan.input_sources)
            if which in ('data', 'array') and k in native.checked_inputs]
        checked = frozenset(src[1] for src in natively if src[0] == 'arg')
        base, has_grad = plan.key
        env: dict = {'_MISS': _MISS, '_REFUSED': _REFUSED}
        lines = check_lines(base[0], leaves, base[1], has_grad, self._grad_ignored.get(base, ()),
                            env, miss='_MISS', checked=checked)
        if plan.guards or plan.py_guards:
            # The guards less the array checks the native function does itself.
            arrays = frozenset(id(src[1]) for src in natively if src[0] == 'closure')
            # (Written into the hot call: one call less on every step.)
            env['_slow_guards'] = plan._guards_hold_slow
            lines += guard_lines(plan.guards, plan.py_guards, env,
                                 'if not _slow_guards(): return _MISS', 'return _MISS',
                                 checked=arrays)
        lines += plan.entry_lines(env, 'return _REFUSED')
        hot = define('hot', 'args, kwargs', lines, env, '<tapejit hot call>')
        del env['hot']  # (its globals need not hold it: no cycle)
        return hot

    def _trace(self, key: tuple, leaves: list, td: Any, statics: tuple, args: tuple,
               kwargs: dict) -> Any:
        self._note_retrace(key)
        self._note_storm()
        self._traces += 1
        try:
            plan = self._new_plan(leaves, td, statics)
        except TypeError as e:  # (a TraceError is not one)
            raise self._name_list_argument(e, args, kwargs) from e
        except TraceError as e:
            if self.fallback != 'eager':
                raise
            if 'fallback' not in self._warned:
                self._warned.add('fallback')
                why = str(e).splitlines()[0]
                warnings.warn(f'tapejit.jit({self.__name__}): running it eagerly for this '
                              f"signature (fallback='eager'), as it cannot be traced: {why} "
                              '(the attempt ran its Python side effects once more)',
                              RuntimeWarning, stacklevel=6)
            plan = 'eager'
        self._file(key, plan)
        return plan

    def _new_plan(self, leaves: list, td: Any, statics: tuple) -> Plan:
        # (TAPEJIT_TARGET=interpret tells a compiler fault from a tracing one.)
        target = self.target or _check_target(os.environ.get('TAPEJIT_TARGET', 'auto'),
                                              'TAPEJIT_TARGET')
        return trace_plan(self.fn, leaves, td, statics, target, self.fastmath)

    def _name_list_argument(self, err: TypeError, args: tuple, kwargs: dict) -> TypeError:
        """``err``, naming an argument that is a list or tuple of numbers: jit
        reads it as Python values, not an array, so ``x * 2.0`` fails obscurely."""
        named = [(self._params[i] if i < len(self._params) else f'#{i}', a)
                 for i, a in enumerate(args)] + list(kwargs.items())
        for name, a in named:
            if a.__class__ in (list, tuple) and a and all(
                    isinstance(e, (int, float, complex, numpy.generic)) for e in a):
                return TypeError(
                    f'{err}\n  tapejit.jit({self.__name__}): argument {name!r} is a Python '
                    f'{type(a).__name__} of numbers, which jit passes on as Python values, '
                    'not as an array; pass numpy.asarray(...) of it (or a Variable)')
        return err

    def _note_retrace(self, key: tuple) -> None:
        last, self._last_key = self._last_key, key
        if last is None:
            return
        why = _key_change(last, key)
        if why is not None:
            self._causes[why] += 1
        td, specs = key[0][:2]
        if last[0][0] != td:
            return
        self._changes.update(path for path, a, b in zip(leaf_paths(td), last[0][1], specs)
                             if a != b)
        self._warn_commonest('retrace', self._changes, lambda path, count: (
            f'{self._describe(path)} changed {count} times (now '
            f'{self._spec_str(path, td, specs)}). Each new shape/dtype is a new trace: keep it '
            'fixed (pad batches), or mark a Python value static.'), stacklevel=7)

    def _note_moved(self, plan: Plan) -> None:
        # A place that held a closed-over Variable holds another: each change traces.
        for getter, value in plan.py_guards:
            if (getter.__class__ is Check and getter.what and getter.was is None
                    and value is True and getter() is not value):
                self._moved[getter.what] += 1
        self._warn_commonest('moved', self._moved, lambda what, count: (
            f'the Variable the function reads through {what} was replaced by another {count} '
            'times, and each replacement is a new trace. Pass it as an argument (read anew '
            'every call), or update it in place (W.array -= ...).'), stacklevel=6)

    def _note_storm(self) -> None:
        # Most calls trace, and neither warning above named why: name the commonest.
        calls = self._hits + self._misses
        if not self._warned & {'retrace', 'moved'} and 2 * (self._traces + 1) >= calls:
            self._warn_commonest('storm', self._causes, lambda why, count: (
                f'in {calls} calls: {why}. Every such call traces and compiles again; pass '
                'what changes as an argument (an array, numpy.asarray(value) for a number, '
                'or one named in dynamic_argnums).'), stacklevel=7)

    def _warn_commonest(self, kind: str, counts: collections.Counter,
                        say: Callable[[Any, int], str], stacklevel: int) -> None:
        """Warn of retraces, once per ``kind`` and after enough traces, with
        ``say(it, count)`` of the commonest in ``counts``."""
        if not counts or self._traces < self.retrace_warn_after or kind in self._warned:
            return
        self._warned.add(kind)
        it, count = counts.most_common(1)[0]
        warnings.warn(f'tapejit.jit({self.__name__}) has traced {self._traces + 1} times; '
                      f'{say(it, count)}', RuntimeWarning, stacklevel=stacklevel + 1)

    def _describe(self, path: str) -> str:
        # path looks like "[0][2]..." (positional) or "[1]['name']..." (keyword)
        parts = path.split(']')
        if path.startswith('[0]') and len(parts) > 2:
            i = int(parts[1].lstrip('['))
            name = self._params[i] if i < len(self._params) else f'#{i}'
            rest = ']'.join(parts[2:])
            return f'argument {name!r}' + (f' at {rest}' if rest.strip(']') else '')
        if path.startswith('[1]'):
            return f'keyword argument {path[3:]}'
        return f'argument at {path}'

    @staticmethod
    def _spec_str(path: str, td: Any, specs: tuple) -> str:
        s = specs[leaf_paths(td).index(path)]
        if s[0] in ('V', 'A'):
            return f'shape {s[1]}, dtype {numpy.dtype(s[2])}'
        return repr(s[-1])

    # ---------------------------------------------------------- inspection
    def cache_info(self) -> CacheInfo:
        """Hits, misses, traces and entries of the plan cache.

        >>> import numpy as np, tapejit
        >>> f = tapejit.jit(lambda x: x * 2)
        >>> _ = f(np.ones(3)); _ = f(np.zeros(3))
        >>> f.cache_info()
        CacheInfo(hits=1, misses=1, traces=1, entries=1, maxsize=64)
        """
        # (A count shows its next value as ``count(n)``.)
        fast = int(repr(self._fast_hits)[len('count('):-1])
        return CacheInfo(self._hits + fast, self._misses, self._traces, self._nplans,
                         self.max_cache_size)

    def _plans(self) -> list:
        """Every cached plan, the least recently used key's first."""
        return [p for plans in self._cache.values() for p in plans]

    def cache_clear(self) -> None:
        """Drop every cached plan."""
        with self._lock:
            self._last = None
            self._cache.clear()
            self._nplans = 0

    def _plan(self, args: tuple, kwargs: dict) -> tuple:
        """The plan for arguments like these, and their input arrays."""
        key, leaves, td, statics = self._key(args, kwargs)
        plan = next((p for p in self._cache.get(key, ()) if p == 'eager' or p.guards_hold()),
                    None) or self._new_plan(leaves, td, statics)
        if plan == 'eager':
            raise TraceError(f'{self.__name__} runs eagerly for these arguments '
                             "(fallback='eager'); it has no graph")
        return plan, plan.gather(leaves)

    def lower(self, *args: Any, **kwargs: Any) -> Graph:
        """The IR graph this function runs for arguments like these."""
        return self._plan(args, kwargs)[0].graph

    def explain(self, *args: Any, **kwargs: Any) -> str:
        """The IR for arguments like these, then what its target runs: the
        simplified graph, the fusion groups and each generated kernel's source.

        >>> import numpy as np, tapejit
        >>> text = tapejit.jit(lambda x: x * x + 1).explain(np.ones(2, np.float32))
        >>> print('\\n'.join(ln for ln in text.splitlines() if ln.startswith('#')))
        # compiled for cpu
        # the plan runs as one compiled call (its kernels follow):
        # kernel over (2,) (flat): mul add
        """
        plan, inputs = self._plan(args, kwargs)
        text = str(plan.graph)
        exe = plan.executable(inputs)
        if exe is None:
            return text + '\n\n# run by the interpreter (target="interpret")'
        return f'{text}\n\n# compiled for {plan.resolved_target(inputs)}\n{exe.explain()}'

    def explain_passes(self, *args: Any, **kwargs: Any) -> str:
        """The compiler's passes for arguments like these, in order, and what each
        produced: the traced graph, the graph after each simplification, the
        fusion units, the lowered steps, the memory plan and the lowered Program
        (on the CPU target).

        >>> import numpy as np, tapejit
        >>> text = tapejit.jit(lambda x: x * 1.0 + 0.0).explain_passes(np.ones(2, np.float32))
        >>> [ln for ln in text.splitlines() if ln.startswith('# after')][:2]
        ['# after lower_logsumexp (unchanged)', '# after fold']
        """
        plan, inputs = self._plan(args, kwargs)
        exe = plan.executable(inputs)
        if not hasattr(exe, 'explain_passes'):
            raise ValueError(f'explain_passes: the {plan.resolved_target()} target has no '
                             'pass log (the CPU target has)')
        return exe.explain_passes()


# Held by the calls of jitted functions whose plans write state (Variables,
# link attributes, an optimizer's state): one such call at a time.
_STATE_LOCK = threading.RLock()


def trace_plan(fn: Callable, leaves: list, td: Any, statics: tuple, target: str = 'auto',
               fastmath: bool = False) -> Plan:
    """Trace ``fn`` on abstract versions of ``leaves``; return the verified plan."""
    tr = Trace()
    outvars: list = []
    out_kinds: list = []
    writes: list = []
    array_in: dict = {}  # leaf index -> (its TracedArray, its input Var)
    values = value_guards(fn)  # (before the function can change them)
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
            out_leaves, out_td = flatten(out, _is_leaf)
            _collect_results(tr, out_leaves, outvars, out_kinds)
            diff = None
            states = _link_states(tr)
            if config.enable_backprop:
                diff = differentiable_io(getattr(fn, '__name__', 'function'), tr, out_leaves,
                                         out_kinds, [st[3] for st in states])
            _collect_state_writes(tr, outvars, writes)
            _collect_other_writes(tr, array_in, out_leaves, out_kinds, outvars, writes)
            _collect_link_state(tr, states, outvars, writes, diff)
            _warn_cut_states(tr, diff, fn)
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
    finally:
        tr.restore()
        tr.closed = True
    guards: list = []
    ignored = set()
    for st in tr.stateful.values():
        ign = tr.grad_ignored(st.var)
        if st.source[0] == 'closure':
            guards.append((st.var, _leaf_spec(st.var, ign), ign))
        elif ign:
            ignored.add(st.source[1])
    graph = tr.graph(outvars)
    verify(graph)
    plan = Plan(graph, tr.input_sources, out_td, out_kinds, writes, guards,
                frozenset(ignored), tr.py_guards, target, fastmath, diff=diff, checks=tuple(checks),
                reports=cap.observers if cap.values else None)
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
        elif x.__class__ is _Dynamic:
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


def _warn_cut_states(tr: Trace, diff: Optional[Differentiable], fn: Callable) -> None:
    """Warn where the call's outputs carry a graph out of it but a link
    read its state without one: a backward over several calls stops there."""
    if diff is None or not tr.cut_states or tr.grad_written:
        return  # (a call that runs backward itself trains inside it)
    links = ', '.join(dict.fromkeys(tr.cut_states))
    warnings.warn(
        f'tapejit.jit({getattr(fn, "__name__", "function")}): {links} continues the sequence '
        'from the state the previous call left, without its graph: a backward over several '
        'calls stops at the start of each call (one step of backprop through time). Loop '
        'over the time steps inside one jitted function (calling backward there), or run '
        'the steps eagerly.', RuntimeWarning, stacklevel=9)


def _link_states(tr: Trace) -> list:
    """``(link, name, old, v)`` of each traced Variable ``v`` the function
    left on a link (``self.h = h``), ``old`` what the attribute held before."""
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


def _collect_link_state(tr: Trace, states: list, outvars: list, writes: list,
                        diff: Optional[Differentiable]) -> None:
    """A traced Variable the function left on a link (``self.h = h``) is
    state: after every call the plan puts a Variable holding its value there
    (the one the attribute held before the call, if it held one), and a call
    finding the attribute holding anything else than before traces again.
    Where its value has a graph (``diff``), the Variable gets the call's
    node, so that a backward over several calls reaches back through it."""
    for k, (link, name, old, v) in enumerate(states):
        kept = isinstance(old, Variable) and id(old) not in tr.born  # (made before the call)
        holder = old if kept else Variable()
        vjp_state_holders.add(holder)
        if diff is not None and k in diff.states:
            j = diff.states.index(k)
            diff.state_holders[j], diff.state_at[j] = holder, len(outvars)
        outvars.append(as_traced(tr, v._data))
        writes.append((('attr', holder, link, name), 'attr'))
        held = Check(_holds, link, name, old)
        held.what = f'{link._label()}.{name}'
        tr.guard(('attr', id(link), name), held, True)


def _holds(link: Any, name: str, old: Any) -> bool:
    return link.__dict__.get(name) is old


def _objects(leaves: list) -> tuple:
    """The arguments (static, as a method's ``self``) whose attributes are
    places a closed-over Variable may be found at."""
    return tuple(x for x in leaves if hasattr(x, '__dict__') and not (
        isinstance(x, (Variable, _Dynamic)) or backends.is_array(x)))


def _refuse_draws(fn: Callable, reads: ReadRecorder) -> None:
    """Raise where the function drew from NumPy's (or CuPy's) generators:
    the draw would become a constant of the plan, the same at every call."""
    if reads.draws:
        what, where = reads.draws[0]
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
        from tapejit.links.link import structure_version
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
    from tapejit.links.link import state_version, structure_version
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


def _note_aliases(plan: Plan, tr: Trace, leaves: list, writes: list) -> None:
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


def jit(fn: Optional[Callable] = None, *, static_argnums: Union[int, Sequence[int]] = (),
        static_argnames: Union[str, Sequence[str]] = (), fallback: Optional[str] = None,
        max_cache_size: int = 64, retrace_warn_after: int = 8,
        dynamic_argnums: Union[int, Sequence[int]] = (),
        dynamic_argnames: Union[str, Sequence[str]] = (), target: Optional[str] = None,
        fastmath: bool = False) -> Any:
    """Trace ``fn`` once per input signature and run the recorded plan afterwards.

    Inside ``fn`` the whole eager API works and is recorded: ops,
    ``loss.backward()``, ``tapejit.grad`` (to any order), ``no_backprop_mode``,
    reads and writes of ``.grad`` and ``.array``.  Gradients and arrays that
    ``fn`` leaves on Variables (arguments, or Variables it closes over) are
    written back after every call; a global, enclosing variable or list item
    that held such a Variable and holds another later is read anew.  Returned
    Variables carry a graph and the gradient they hold, as eager ones do:
    backward outside the function reaches its arguments and the Variables it
    closes over.  Python numbers, strings and small containers of them that
    it reads from its globals or enclosing functions are guarded constants:
    another value there traces it again.  A label out of range in
    ``F.softmax_cross_entropy`` or ``F.select_item`` raises on every call.

    Options:

    - ``static_argnums`` / ``static_argnames``: arguments that are Python
      values fixed per trace (a flag, a shape): each new value is a new
      trace.  Any other hashable non-array argument is static too.
    - ``dynamic_argnums`` / ``dynamic_argnames``: Python ints or floats read
      anew on every call, traced as 0-d arrays that take the dtype of the
      arrays they meet: a learning rate that changes without a retrace.
    - ``fallback``: ``None`` raises a TraceError where the function needs
      concrete values while traced (``if loss.item() > 0``); ``'eager'`` runs
      it eagerly for that signature instead, with a warning.
    - ``max_cache_size``: how many plans the function keeps, least recently
      used dropped first (64): one per signature, and per outcome of the
      guards above it met (a link attribute None, then holding a state).
    - ``retrace_warn_after``: after this many traces (8) a warning names the
      argument, global, closed-over value or static argument that keeps changing.
    - ``target``: ``'cpu'`` (compiled kernels), ``'cuda'`` (``numba.cuda``
      kernels on CuPy arrays; NumPy arrays under ``NUMBA_ENABLE_CUDASIM=1``),
      ``'interpret'`` (each primitive's eager implementation: the reference);
      ``'auto'`` (the default, or ``TAPEJIT_TARGET``) is ``'cuda'`` for CuPy
      inputs and ``'cpu'`` otherwise.
    - ``fastmath``: let the compiler reassociate floating-point arithmetic and
      assume no NaN/Inf (faster; results differ from eager mode in the last
      bits, NaN/Inf no longer propagate): off by default.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> @tapejit.jit
    ... def step(x):
    ...     loss = F.sum(x ** 2 - 2 * x + 1)
    ...     loss.backward()
    ...     return loss
    >>> x = tapejit.Variable(np.array([1.0, 2.0, 3.0]))
    >>> step(x)
    variable(5.)
    >>> x.grad
    array([0., 2., 4.])
    """
    options = {k: v for k, v in locals().items() if k != 'fn'}
    if fn is None:
        return functools.partial(jit, **options)
    return JitFunction(fn, **options)


def value_and_grad(fn: Callable, argnums: Union[int, Sequence[int]] = 0,
                   has_aux: bool = False, **jit_options: Any) -> JitFunction:
    """A jitted function returning ``(value, grads)`` of the scalar ``fn``.

    ``grads`` is a Variable (a tuple for a tuple ``argnums``) with the gradient
    of the value w.r.t. those arguments; with ``has_aux``, ``fn`` returns
    ``(value, aux)`` and the result is ``((value, aux), grads)``.  It nests:
    a function that calls ``value_and_grad`` can be differentiated again.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> vg = tapejit.value_and_grad(lambda x: F.sum(x ** 3))
    >>> value, g = vg(np.array([1.0, 2.0]))
    >>> value, g
    (variable(9.), variable([ 3., 12.]))
    """
    multi = isinstance(argnums, (tuple, list))
    nums = tuple(argnums) if multi else (argnums,)

    def value_and_grad_fn(*args: Any, **kwargs: Any) -> Any:
        args = list(args)
        targets = []
        for i in nums:
            if i >= len(args) or i < -len(args):
                raise TypeError(f'value_and_grad: argnums {i} is out of range for '
                                f'{len(args)} positional arguments')
            a = args[i]
            if not isinstance(a, Variable):
                a = Variable(a)
                args[i] = a
            targets.append(a)
        out = fn(*args, **kwargs)
        if has_aux:
            if not (isinstance(out, (tuple, list)) and len(out) == 2):
                raise TypeError('value_and_grad: with has_aux=True the function must '
                                'return (value, aux)')
            value, aux = out
        else:
            value, aux = out, None
        if not isinstance(value, Variable) or value.size != 1:
            shape = getattr(value, 'shape', None)
            raise ShapeError(f'value_and_grad: the function must return a one-element '
                             f'Variable, got {type(value).__name__} of shape {shape}')
        gs = _grad([value], targets, enable_double_backprop=True)
        gs = [g if g is not None else Variable(numpy.zeros(t.shape, t.dtype))
              for g, t in zip(gs, targets)]
        grads = tuple(gs) if multi else gs[0]
        return ((value, aux) if has_aux else value), grads

    value_and_grad_fn.__name__ = f'value_and_grad({getattr(fn, "__name__", "fn")})'
    value_and_grad_fn.__qualname__ = value_and_grad_fn.__name__
    return jit(value_and_grad_fn, **jit_options)
