"""``@tapejit.jit`` and ``tapejit.value_and_grad``: trace once per signature, cache the plan.

A call builds the cache key (:mod:`tapejit.jit.keys`: argument structure,
each array's shape/dtype/device/requires_grad/has-grad, static arguments,
global flags) and runs the cached plan on a hit; a call like the last one is
matched by a generated check without building the key.  On a miss the
function is traced (:func:`tapejit.jit.plan.trace_plan`) into a bounded LRU
cache.  A plan is compiled on its first run for its target: ``'cpu'``,
``'cuda'`` or ``'interpret'`` (each primitive's eager implementation).
"""

from __future__ import annotations

import collections
import functools
import gc
import inspect
import itertools
import os
import threading
import warnings
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

import numpy

from tapejit.compiler.codecache import define
from tapejit.core.abstract import TraceError, reason
from tapejit.core.backprop import grad as _grad
from tapejit.core.config import config
from tapejit.core.errors import ShapeError
from tapejit.core.variable import Variable
from tapejit.ir.graph import Graph
from tapejit.jit.closure_guards import Check
from tapejit.jit.keys import (
    STATIC,
    Static,
    as_dynamic,
    check_lines,
    guard_lines,
    is_leaf,
    key_change,
    leaf_spec,
    sharing,
)
from tapejit.jit.plan import RETRACE, TracedPlan, trace_plan
from tapejit.ops import random
from tapejit.pytree import flatten, leaf_paths


class CacheInfo(NamedTuple):
    """Counters of a jitted function's plan cache."""

    hits: int
    misses: int
    traces: int
    entries: int
    maxsize: int



_MISS = object()  # a hot call's (and _call_last's) answer where the arguments need the full path
_REFUSED = object()  # ... where its native function refused their arrays


TARGETS = ('auto', 'cpu', 'cuda', 'interpret')


def _check_target(target: Optional[str], what: str = 'jit: target') -> Optional[str]:
    if target is not None and target not in TARGETS:
        raise ValueError(f'{what} must be one of {", ".join(map(repr, TARGETS))}, got {target!r}')
    return target


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
                 fastmath: bool = False, eager_first: int = 0) -> None:
        self.target = _check_target(target)
        self.fastmath = bool(fastmath)
        if fallback not in (None, 'eager'):
            raise ValueError(f"jit: fallback must be None or 'eager', got {fallback!r}")
        if max_cache_size < 1:
            raise ValueError(f'jit: max_cache_size must be at least 1, got {max_cache_size}')
        if isinstance(eager_first, bool) or not isinstance(eager_first, int) or eager_first < 0:
            raise ValueError(f'jit: eager_first must be an int >= 0, got {eager_first!r}')
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.static_argnums = tuple(map(int, _as_tuple(static_argnums, int)))
        self.static_argnames = _as_tuple(static_argnames, str)
        self.dynamic_argnums = tuple(map(int, _as_tuple(dynamic_argnums, int)))
        self.dynamic_argnames = _as_tuple(dynamic_argnames, str)
        self.fallback = fallback
        self.max_cache_size = max_cache_size
        self.retrace_warn_after = retrace_warn_after
        self.eager_first = eager_first
        # key -> eager calls it had, for eager_first (bounded, least recent dropped)
        self._unseen: collections.OrderedDict = collections.OrderedDict()
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
        self._last: Optional[TracedPlan] = None
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
            leaves, td = flatten((args, kwargs), is_leaf)
            return leaves, td, ()
        n = len(args)
        if self.dynamic_argnums or self.dynamic_argnames:
            dyn_pos = {i % n for i in self.dynamic_argnums if -n <= i < n}
            args = tuple(as_dynamic(a, i) if i in dyn_pos else a for i, a in enumerate(args))
            kwargs = {k: as_dynamic(v, k) if k in self.dynamic_argnames else v
                      for k, v in kwargs.items()}
        static_pos = {i % n for i in self.static_argnums if -n <= i < n}
        dyn_args = tuple(STATIC if i in static_pos else a for i, a in enumerate(args))
        statics = tuple((i, args[i]) for i in sorted(static_pos))
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in self.static_argnames}
        statics += tuple((k, kwargs[k]) for k in sorted(kwargs) if k in self.static_argnames)
        for name, val in statics:
            try:
                hash(val)
            except TypeError:
                raise TypeError(f'jit: static argument {name!r} must be hashable, got '
                                f'{type(val).__name__}') from None
        leaves, td = flatten((dyn_args, dyn_kwargs), is_leaf)
        return leaves, td, statics

    def _key(self, args: tuple, kwargs: dict) -> tuple:
        leaves, td, statics = self._split(args, kwargs)
        specs = tuple(('static',) if x is STATIC else leaf_spec(x, True) for x in leaves)
        base = (td, specs, tuple((n, Static(v)) for n, v in statics) if statics else (),
                config.enable_backprop, config.train, sharing(leaves))
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

    def _call_last(self, plan: TracedPlan, args: tuple, kwargs: dict) -> Any:
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
        """The full path: key the arguments, find or trace the plan, run it.

        A trace draws its random values as it goes, and the plan's first
        run takes them (:func:`tapejit.ops.random.predraw_begin`): the draws
        then come in eager's order among the other uses of the generator
        the trace makes (a lazy link's initial weights)."""
        key, leaves, td, statics = self._key(args, kwargs)
        ran = False
        traces = self._traces
        try:
            with self._lock:
                self._last = None  # (the cache changes; _remember sets it again)
                key, plan = self._plan_for(key, leaves, td, statics, args, kwargs)
                if plan != 'eager':
                    self._remember(key, leaves, statics, plan)
            random.predraw_stop()
            if plan == 'eager':
                random.predraw_end(False)
                return self.fn(*args, **kwargs)
            if plan.writes:
                self._writes_state = True  # (this call and every later one take turns)
                with _STATE_LOCK:
                    out = self._run_new(plan, leaves)
            else:
                out = self._run_new(plan, leaves)
            ran = True
            if self._traces != traces:
                _collect_young()
            return out
        finally:
            random.predraw_end(ran)

    def _run_new(self, plan: TracedPlan, leaves: list) -> Any:
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
        if self.eager_first and self._traces and self._runs_eagerly_first(key):
            return key, 'eager'
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

    def _runs_eagerly_first(self, key: tuple) -> bool:
        """Whether this call, which no plan serves (and not the function's
        first), runs eagerly: one of the first ``eager_first`` of its key (a
        shape that may never come again costs no trace).  Counts it."""
        seen = self._unseen.pop(key, 0)
        if seen >= self.eager_first:
            return False
        self._unseen[key] = seen + 1
        if len(self._unseen) > 4 * self.max_cache_size:
            self._unseen.popitem(last=False)
        return True

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

    def _remember(self, key: tuple, leaves: list, statics: tuple, plan: TracedPlan) -> None:
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
        # (Whether the arrays alias as traced, TracedPlan.run checks.)
        self._last = plan

    def _make_hot(self, plan: TracedPlan, leaves: list) -> None:
        """Give ``plan`` its hot call once it has run: the key's check, the
        guards and the plan's entry as one ``hot(args, kwargs)``, returning
        ``_MISS`` for another key and ``_REFUSED`` where the plan refused the
        arrays; the arrays the native function checks are left to it.
        Written once: alternating signatures do not write it again."""
        plan.hot = plan.hot_call = plan.hot_call or self._write_hot(plan, leaves)

    def _write_hot(self, plan: TracedPlan, leaves: list) -> Callable:
        env: dict = {'_MISS': _MISS, '_REFUSED': _REFUSED}
        section = plan.section(env, 'return _REFUSED')
        # The sources of the arrays the target checks itself (class, shape, dtype).
        natively = [src for k, (src, which) in enumerate(plan.input_sources)
                    if which in ('data', 'array') and k in section.checked]
        checked = frozenset(src[1] for src in natively if src[0] == 'arg')
        base, has_grad = plan.key
        lines = check_lines(base[0], leaves, base[1], has_grad, self._grad_ignored.get(base, ()),
                            env, miss='_MISS', checked=checked)
        if plan.guards or plan.py_guards:
            # The guards less the array checks the target does itself.
            arrays = frozenset(id(src[1]) for src in natively if src[0] == 'closure')
            # (Written into the hot call: one call less on every step.)
            env['_slow_guards'] = plan._guards_hold_slow
            lines += guard_lines(plan.guards, plan.py_guards, env,
                                 'if not _slow_guards(): return _MISS', 'return _MISS',
                                 checked=arrays)
        lines += plan.entry_lines(env, 'return _REFUSED', section)
        hot = define('hot', 'args, kwargs', lines, env, '<tapejit hot call>')
        del env['hot']  # (its globals need not hold it: no cycle)
        return hot

    def _trace(self, key: tuple, leaves: list, td: Any, statics: tuple, args: tuple,
               kwargs: dict) -> Any:
        self._note_retrace(key)
        self._note_storm()
        self._traces += 1
        random.predraw_begin()  # (taken by the plan's first run: see _call_keyed)
        try:
            plan = self._new_plan(leaves, td, statics)
        except TypeError as e:  # (a TraceError is not one)
            raise self._name_list_argument(e, args, kwargs) from e
        except TraceError as e:
            if self.fallback != 'eager':
                raise
            if 'fallback' not in self._warned:
                self._warned.add('fallback')
                why = reason(e)
                warnings.warn(f'tapejit.jit({self.__name__}): running it eagerly for this '
                              f"signature (fallback='eager'), as it cannot be traced: {why} "
                              '(the attempt ran its Python side effects once more)',
                              RuntimeWarning, stacklevel=6)
            plan = 'eager'
        self._file(key, plan)
        return plan

    def _new_plan(self, leaves: list, td: Any, statics: tuple) -> TracedPlan:
        # (TAPEJIT_TARGET=interpret tells a compiler fault from a tracing one.)
        target = self.target or _check_target(os.environ.get('TAPEJIT_TARGET', 'auto'),
                                              'TAPEJIT_TARGET')
        return trace_plan(self.fn, leaves, td, statics, target, self.fastmath, backward_jit=jit)

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
        why = key_change(last, key)
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

    def _note_moved(self, plan: TracedPlan) -> None:
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

        It ends with the source of the plan's entry, the one generated
        function a call runs through, once the plan has run.

        >>> import numpy as np, tapejit
        >>> f = tapejit.jit(lambda x: x * x + 1)
        >>> x = np.ones(2, np.float32)
        >>> text = f.explain(x)
        >>> print('\\n'.join(ln for ln in text.splitlines() if ln.startswith('#')))
        # compiled for cpu
        # the plan runs as one compiled call (its kernels follow):
        # kernel over (2,) (flat): mul add
        # the entry of a call is written at the plan's first call
        >>> _ = f(x); _ = f(x)
        >>> print(f.explain(x).split('# the entry a call runs through')[1].splitlines()[1])
        def hot(args, kwargs):
        """
        plan, inputs = self._plan(args, kwargs)
        text = str(plan.graph)
        exe = plan.executable(inputs)
        if exe is None:
            text += '\n\n# run by the interpreter (target="interpret")'
        else:
            text = f'{text}\n\n# compiled for {plan.resolved_target(inputs)}\n{exe.explain()}'
        return f'{text}\n\n{self._entry_text(plan)}'

    @staticmethod
    def _entry_text(plan: TracedPlan) -> str:
        hot = plan.hot_call
        if hot is None:
            return '# the entry of a call is written at the plan\'s first call'
        return ('# the entry a call runs through (the key\'s check, the guards, the '
                'inputs, the run, the results):\n' + hot.source.rstrip('\n'))

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


def jit(fn: Optional[Callable] = None, *, static_argnums: Union[int, Sequence[int]] = (),
        static_argnames: Union[str, Sequence[str]] = (), fallback: Optional[str] = None,
        max_cache_size: int = 64, retrace_warn_after: int = 8,
        dynamic_argnums: Union[int, Sequence[int]] = (),
        dynamic_argnames: Union[str, Sequence[str]] = (), target: Optional[str] = None,
        fastmath: bool = False, eager_first: int = 0) -> Any:
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
    - ``eager_first``: how many calls of each new signature run eagerly
      before one traces it (0: the first call traces).  The function's very
      first call traces whatever this says.  With 1, a later signature met
      once (a batch of a length that never comes again) costs no trace, and
      one met again is compiled from its second call.
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


def _collect_young() -> None:
    """Collect the garbage collector's two younger generations, once a call
    that traced a plan has run it.

    Tracing and compiling leave thousands of objects in those generations.
    Left there, they are walked by the first collections the later calls
    trigger: a pause of 1-2 ms in one call of a step that takes a few
    microseconds (the slowest call of a tiny step, measured under
    ``benchmarks --background-load``).  Collected here, the pause is part of
    the first call, which compiles anyway; a step that allocates nothing it
    keeps then triggers no collection.  The oldest generation is left to
    Python's own rule: collecting it walks every object of the process."""
    gc.collect(1)


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
