"""A custom updater's ``update_core`` run as one compiled plan.

An updater that overrides ``update_core`` (truncated backprop through time
over a loop of batches, a GAN's two optimizers) mixes two kinds of work: the
*host calls*, Python that produces the step's data (its iterators' ``next()``,
its converter, NumPy's random draws), and the model's work (forward,
``cleargrads``, ``backward``, ``unchain_backward``, ``optimizer.update()``),
which :func:`tapejit.jit` can trace.  :class:`TracedUpdate` splits them:

1. The first updates run eagerly while the host calls are recorded, in order,
   with their arguments (an earlier call's result by reference, anything else
   by value), until two in a row make the same ones: the updater's *host
   program* (a first update may differ: a lazily initialized link draws).
2. Every later update runs the host program (so the iterators advance, the
   converter converts and the generators draw exactly as eagerly), then a
   jitted function whose arguments are the arrays the program produced.  Its
   trace runs ``update_core`` with each host call answering the traced
   argument of its recorded result, so the whole model part is one plan,
   replayed while the arrays keep their shapes.

A trace checks that ``update_core`` still makes the host calls of the
program, in its order and with its arguments, and that it reads a batch only
through the converter (and ``len``).  Where it cannot be compiled (a
``TraceError``, a program that changed, batches that change shape on most
updates) the updater runs eagerly from then on and says why once.
"""

from __future__ import annotations

import contextlib
import threading
import warnings
from typing import Any, Callable, Optional

import numpy

from tapejit.core.abstract import reason, TracedArray, TraceError
from tapejit.core.config import config
from tapejit.dataset.convert import Converter, concat_examples
from tapejit.jit import jit
from tapejit.jit.reads import _drawing
from tapejit.ops import random
from tapejit.ops.random import draws_from_host

# As the standard updater's step: after this many traces, where most updates
# trace, the step runs eagerly (each trace compiles anew).
STORM_TRACES = 8
# Updates recorded eagerly at most until two in a row make the same host calls.
RECORDS = 3

_local = threading.local()  # .session: the Session of this thread's running update


def current_session() -> Optional['Session']:
    """The session of the compiled update running in this thread, if any.

    >>> current_session() is None
    True
    """
    return getattr(_local, 'session', None)


class _Ref:
    """An argument of a host call that is an earlier call's result."""

    __slots__ = ('k',)

    def __init__(self, k: int) -> None:
        self.k = k

    def __eq__(self, other: object) -> bool:
        return other.__class__ is _Ref and other.k == self.k  # type: ignore

    def __hash__(self) -> int:
        return hash(('ref', self.k))

    def __repr__(self) -> str:
        return f'<result of host call {self.k}>'


class HostCall:
    """One recorded host call: ``kind`` (``'next'``, ``'convert'``, ``'draw'``
    or ``'after'``), what was called (an iterator and the method's name, a
    converter, a generator's function) and its arguments."""

    __slots__ = ('kind', 'target', 'method', 'args', 'kwargs')

    def __init__(self, kind: str, target: Any, method: Any, args: tuple, kwargs: dict) -> None:
        self.kind, self.target, self.method = kind, target, method
        self.args, self.kwargs = args, kwargs

    def same(self, other: 'HostCall') -> bool:
        return (self.kind == other.kind and self.target is other.target
                and self.method == other.method and _same(self.args, other.args)
                and _same(self.kwargs, other.kwargs))

    def describe(self) -> str:
        name = getattr(self.method, '__name__', self.method)
        if self.kind == 'next':
            return f'{type(self.target).__name__}.{name}()'
        if self.kind == 'convert':
            return f'the converter {getattr(self.target, "__name__", type(self.target).__name__)}'
        if self.kind == 'draw':
            return f'numpy.random.{name}{self.args!r}'
        return f'{name}'


# Python values an argument of a host call may hold, compared by value.
_PLAIN = (type(None), bool, int, float, complex, str, bytes, numpy.dtype, numpy.generic, type,
          slice)


def _same(a: Any, b: Any) -> bool:
    if a.__class__ is not b.__class__:
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, _PLAIN) or a.__class__ is _Ref:
        return bool(a == b)
    return a is b


class NotCompilable(Exception):
    """A host call the program cannot record (an argument holding arrays
    that are no host call's result): the updater runs eagerly."""


class Session:
    """The host calls of one update: recorded (``'record'``), answered from a
    run of the program (``'serve'``, while the step is traced or run as the
    jitted function's eager fallback), or answered while they match the
    program and made afterwards (``'finish'``, an eager update completing
    one whose trace failed)."""

    def __init__(self, mode: str, program: Optional[list] = None,
                 results: Optional[list] = None, served: Optional[list] = None) -> None:
        self.mode = mode
        self.program: list = [] if program is None else program
        self.results: list = [] if results is None else results  # concrete, per call
        self.served = served  # what a traced update_core is given, per call
        self.pos = 0
        self.depth = 0  # host calls running (their own calls are theirs: not recorded)
        self.ids: dict = {}  # id(result or served object) -> call index
        self.broken: Optional[str] = None  # why the program cannot be recorded
        self.matching = True  # ('finish': the calls still follow the program)
        self.rng_states: dict = {}  # call index -> NumPy's generator's state before it
        self.inexact = False  # ('finish': host calls were made that eagerly are not)

    # ------------------------------------------------------------ a call
    def call(self, kind: str, target: Any, method: Any, real: Callable, args: tuple,
             kwargs: dict) -> Any:
        if self.depth:
            return real(*args, **kwargs)
        if self.mode == 'record':
            return self._record(kind, target, method, real, args, kwargs)
        if self.mode == 'serve':
            return self._serve(kind, target, method, args, kwargs)
        return self._finish(kind, target, method, real, args, kwargs)

    def _spec(self, x: Any) -> Any:
        """``x`` as the program holds it: an earlier result as a reference."""
        k = self.ids.get(id(x))
        if k is not None:
            return _Ref(k)
        if isinstance(x, _PLAIN):
            return x
        if isinstance(x, (tuple, list)) and x.__class__ in (tuple, list):
            return x.__class__(self._spec(e) for e in x)
        if x.__class__ is dict:
            return {k: self._spec(v) for k, v in x.items()}
        if isinstance(x, TracedArray) or hasattr(x, '__array__') or hasattr(x, 'array'):
            raise NotCompilable(f'an argument of type {type(x).__name__} that is not the '
                                'result of an earlier host call')
        return x

    def _run(self, real: Callable, args: tuple, kwargs: dict) -> Any:
        self.depth += 1
        try:
            return real(*args, **kwargs)
        finally:
            self.depth -= 1

    def _record(self, kind: str, target: Any, method: Any, real: Callable, args: tuple,
                kwargs: dict) -> Any:
        if self.broken is None:
            try:
                call = HostCall(kind, target, method, self._spec(args), self._spec(kwargs))
            except NotCompilable as e:
                self.broken = f'{HostCall(kind, target, method, (), {}).describe()} is given {e}'
                call = None
        out = self._run(real, args, kwargs)
        if self.broken is None:
            self.ids[id(out)] = len(self.program)
            self.program.append(call)
            self.results.append(out)
        return out

    def _serve(self, kind: str, target: Any, method: Any, args: tuple, kwargs: dict) -> Any:
        k = self.pos
        try:
            call = HostCall(kind, target, method, self._spec(args), self._spec(kwargs))
        except NotCompilable as e:
            what = HostCall(kind, target, method, (), {}).describe()
            raise TraceError(f'update_core gives {what} {e}') from None
        if k >= len(self.program) or not self.program[k].same(call):
            want = 'no more' if k >= len(self.program) else self.program[k].describe()
            raise TraceError(f'update_core made the host call {call.describe()} where the '
                             f'first update made {want} (host call {k}): its Python side '
                             'changed between updates')
        self.pos += 1
        out = self.served[k]
        self.ids[id(out)] = k
        return out

    def _finish(self, kind: str, target: Any, method: Any, real: Callable, args: tuple,
                kwargs: dict) -> Any:
        k = self.pos
        if self.matching and k < len(self.program):
            try:
                call = HostCall(kind, target, method, self._spec(args), self._spec(kwargs))
            except NotCompilable:
                call = None
            if call is not None and self.program[k].same(call):
                self.pos += 1
                if kind == 'after':
                    return self._run(real, args, kwargs)
                out = self.results[k]
                self.ids[id(out)] = k
                return out
        if self.matching:
            self.matching = False
            self.rewind()
        return self._run(real, args, kwargs)

    def rewind(self) -> None:
        """Where the program's calls from ``pos`` on were made but are not
        used: NumPy's generator back to its state before the first of them
        if they are all draws (the update then draws as eagerly), else note
        that this update's host calls differ from an eager one's."""
        rest = self.program[self.pos:]
        if any(c.kind in ('next', 'convert') for c in rest):
            self.inexact = True
            return
        for j in range(self.pos, len(self.program)):
            if j in self.rng_states:
                numpy.random.set_state(self.rng_states[j])
                return

    def check_done(self) -> None:
        """Raise a TraceError where a traced update_core made fewer host calls
        than the program."""
        if self.pos != len(self.program):
            raise TraceError(f'update_core made {self.pos} host calls where the first update '
                             f'made {len(self.program)} (the next: '
                             f'{self.program[self.pos].describe()}): its Python side changed '
                             'between updates')


# ------------------------------------------------------------ interception
class BatchInTrace:
    """What a traced ``update_core`` gets from ``iterator.next()``: the batch's
    length, nothing else.  The converter's arrays are the plan's inputs; an
    example read otherwise would be a constant of the plan, the same at every
    update, so reading one raises a TraceError.

    >>> b = BatchInTrace([1, 2, 3])
    >>> len(b)
    3
    """

    __slots__ = ('_n',)

    def __init__(self, batch: Any) -> None:
        self._n = len(batch)

    def __len__(self) -> int:
        return self._n

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TraceError('update_core reads the examples of a batch other than through '
                         "self.converter: a compiled update would keep this batch's values "
                         'at every update')

    __getitem__ = __iter__ = __contains__ = __reversed__ = _refuse

    def __getattr__(self, name: str) -> Any:
        if name.startswith('__'):
            raise AttributeError(name)
        self._refuse()


_iterator_classes: dict = {}  # an iterator class -> its subclass calling through the session


def _host_next(it: Any, cls: type, name: str) -> Any:
    real = getattr(cls, name).__get__(it, cls)
    session = current_session()
    if session is None:
        return real()
    return session.call('next', it, name, real, (), {})


def _intercepting_class(cls: type) -> type:
    """A subclass of ``cls`` whose ``__next__`` and ``next`` are host calls
    (an object takes it for the update: ``next(it)`` reaches it too)."""
    sub = _iterator_classes.get(cls)
    if sub is None:
        ns: dict = {'__slots__': (), '__module__': cls.__module__,
                    '__qualname__': cls.__qualname__, '_tapejit_host': cls}
        for name in ('__next__', 'next'):
            if callable(getattr(cls, name, None)):
                ns[name] = (lambda n: lambda self: _host_next(self, cls, n))(name)
        sub = _iterator_classes[cls] = type(cls.__name__, (cls,), ns)
    return sub


class _HostConverter:
    """The updater's converter, called as a host call."""

    def __init__(self, real: Callable) -> None:
        self.real = real
        self.__name__ = getattr(real, '__name__', type(real).__name__)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        session = current_session()
        if session is None:
            return self.real(*args, **kwargs)
        return session.call('convert', self.real, None, self.real, args, kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


class _HostNewStyleConverter(_HostConverter, Converter):
    """A new-style converter (given a Device) called as a host call."""


def _draw_wrapper(name: str, real: Callable) -> Callable:
    def draw(*args: Any, **kwargs: Any) -> Any:
        session = current_session()
        if session is None:
            return real(*args, **kwargs)
        return session.call('draw', real, name, real, args, kwargs)
    draw.__name__ = name
    draw.__wrapped__ = real
    return draw


def _asarray_wrapper(real: Callable) -> Callable:
    # While traced, numpy.asarray(x) of a traced array (a draw's, as
    # ``xp.asarray(make_hidden(n))``) is that array: a traced value is an array.
    def asarray(a: Any, dtype: Any = None, *args: Any, **kwargs: Any) -> Any:
        if a.__class__ is TracedArray and not args and not kwargs and config.trace is a.trace:
            return a if dtype is None or numpy.dtype(dtype) == a.dtype else a.astype(dtype)
        return real(a, dtype, *args, **kwargs)
    asarray.__name__ = real.__name__
    asarray.__wrapped__ = real
    return asarray


_patch_lock = threading.Lock()
_patch_depth = 0
_numpy_patches: Optional[list] = None  # (module, name, original, wrapper)


def _numpy_patch_list() -> list:
    global _numpy_patches
    if _numpy_patches is None:
        patches = []
        for name in sorted(dir(numpy.random)):
            value = getattr(numpy.random, name)
            if _drawing(value):
                patches.append((numpy.random, name, value, _draw_wrapper(name, value)))
        for name in ('asarray', 'ascontiguousarray', 'asanyarray'):
            value = getattr(numpy, name)
            patches.append((numpy, name, value, _asarray_wrapper(value)))
        _numpy_patches = patches
    return _numpy_patches


@contextlib.contextmanager
def _numpy_patched() -> Any:
    """NumPy's module-level random functions as host calls (in the thread of
    an update; any other thread calls the originals)."""
    global _patch_depth
    patches = _numpy_patch_list()
    with _patch_lock:
        if _patch_depth == 0:
            for module, name, _, wrapper in patches:
                setattr(module, name, wrapper)
        _patch_depth += 1
    try:
        yield
    finally:
        with _patch_lock:
            _patch_depth -= 1
            if _patch_depth == 0:
                for module, name, original, _ in patches:
                    setattr(module, name, original)


@contextlib.contextmanager
def intercepting(updater: Any, session: Session) -> Any:
    """While an update runs: its iterators' ``next``, its converter and NumPy's
    random functions go through ``session``."""
    prev = current_session()
    _local.session = session
    swapped = []
    try:
        for it in updater._iterators.values():
            cls = it.__class__
            if '_tapejit_host' in cls.__dict__:
                continue  # (one iterator under two names)
            try:
                it.__class__ = _intercepting_class(cls)
            except TypeError:  # (an object whose class cannot change: not a host call)
                continue
            swapped.append((it, cls))
        converter = updater.__dict__.get('converter')
        wrapped = None
        if converter is not None:
            wrapped = updater._host_converter
            if wrapped is None or wrapped.real is not converter:
                kind = (_HostNewStyleConverter if isinstance(converter, Converter)
                        or converter is concat_examples else _HostConverter)
                wrapped = updater._host_converter = kind(converter)
            updater.__dict__['converter'] = wrapped
        try:
            with _numpy_patched():
                yield
        finally:
            if wrapped is not None and updater.__dict__.get('converter') is wrapped:
                updater.__dict__['converter'] = converter
    finally:
        for it, cls in swapped:
            it.__class__ = cls
        _local.session = prev


def _is_view(prim: Any) -> bool:
    # (What eagerly is a NumPy view of its input: a reshape, a transpose, a
    # broadcast, an item of basic indexing.)
    return getattr(prim, 'kind', None) in ('view', 'broadcast') or prim.name == 'get_item'


def check_views_of_written(tr: Any) -> None:
    """Raise a TraceError where the traced step reads, after a Variable's
    array was written in place (an optimizer's update), a view of its array
    taken before (a convolution's reshaped filters, kept for a backward that
    runs after the update, as a GAN's generator step after its
    discriminator's).  Eagerly the view shows the new values; the trace
    would read the old ones.

    >>> from tapejit.ir.trace import Trace
    >>> check_views_of_written(Trace())
    """
    produced = {id(e.out): i for i, e in enumerate(tr.eqns)}
    for st in tr.stateful.values():
        d = st.var._data
        if d.__class__ is not TracedArray or d.var is st.var_in:
            continue
        written = produced.get(id(d.var))
        if written is None:
            continue
        views: set = set()
        for i, e in enumerate(tr.eqns):
            reads = [v for v in e.inputs if id(v) in views]
            if reads and i > written:
                name = f'{st.var.name!r}' if st.var.name else f'of shape {st.var.shape}'
                raise TraceError(
                    f'update_core reads, after the Variable {name} was updated in place, '
                    'a view of its array taken before the update'
                    f'{f" (at {e.where})" if e.where else ""}: '
                    'eagerly the view shows the new values, a compiled update would read '
                    'the old ones')
            if _is_view(e.prim) and (e.inputs[0] is st.var_in or id(e.inputs[0]) in views):
                views.add(id(e.out))


def call_after(fn: Callable, *args: Any) -> None:
    """Call ``fn(*args)`` after the update's model part: at once eagerly, and
    after the plan's run in a compiled update (where ``fn`` is Python that
    depends on the host calls' state, as counting an epoch an iterator
    finished).

    >>> call_after(print, 'now')
    now
    """
    session = current_session()
    if session is None:
        fn(*args)
    else:
        session.call('after', fn, getattr(fn, '__name__', 'after'), fn, args, {})


# ------------------------------------------------------------ the update
class TracedUpdate:
    """Runs ``updater.update_core`` compiled (see the module's docstring);
    ``updater.eager`` becomes True where it cannot be."""

    def __init__(self, updater: Any) -> None:
        self.updater = updater
        self.program: Optional[list] = None
        self.step: Optional[Any] = None  # the jitted model part
        self.calls = 0
        self.last: Optional[list] = None  # the host calls of the last recorded update
        self.records = 0
        self.generator: Any = None  # what the draws came from when the program was recorded

    def update(self) -> None:
        """Run one update: eagerly while the host program is recorded (until two
        updates in a row make the same host calls: a first update may differ,
        as a lazily initialized link draws its parameters), then compiled."""
        if self.program is not None and random.generator() is not self.generator:
            # (F.set_dropout_seed since: the draws that were host calls of
            # NumPy's generator come from another one, or the other way.)
            self.program = self.step = self.last = None
            self.records = 0
        if self.program is None:
            self._record()
            return
        up = self.updater
        results, states = self._run_program()
        arrays = tuple(r for c, r in zip(self.program, results) if c.kind in ('convert', 'draw'))
        lengths = tuple(len(r) if hasattr(r, '__len__') else None
                        for c, r in zip(self.program, results) if c.kind == 'next')
        session = Session('serve', self.program, results)
        self.calls += 1
        try:
            with intercepting(up, session):
                self.step(arrays, lengths)
        except TraceError as e:
            exact = self._finish_eagerly(results, states)
            self._to_eager(reason(e), exact)
            return
        for call in self.program:
            if call.kind == 'after':
                call.target(*self._resolve(call.args, results))
        info = self.step.cache_info()
        # (A signature met once runs eagerly, traced at its second call.)
        if info.misses >= STORM_TRACES and 2 * info.misses >= self.calls:
            self._to_eager(f'the compiled update met a new signature in {info.misses} of '
                           f'{self.calls} updates (the batches change shape, or a value '
                           'update_core reads changes every update), each running eagerly or '
                           'compiling it again. Pad or bucket the batches to shapes that '
                           'repeat to keep it compiled')

    def _record(self) -> None:
        up = self.updater
        session = Session('record')
        with intercepting(up, session):
            up.update_core()
        if session.broken is not None:
            self._to_eager(f'{session.broken}, so it cannot be replayed outside update_core')
            return
        last, self.last = self.last, session.program
        self.records += 1
        if last is not None and len(last) == len(session.program) and all(
                a.same(b) for a, b in zip(last, session.program)):
            self.program = session.program
            self.generator = random.generator()
            self.step = jit(self._body, static_argnums=(1,), eager_first=1)
        elif self.records >= RECORDS:
            self._to_eager(f'its host calls (iterators, converter, NumPy draws) differed in '
                           f'each of its first {RECORDS} updates')

    def _run_program(self) -> tuple:
        """Make the program's host calls (but the 'after' ones), in order; the
        results, and NumPy's generator's state before each draw."""
        results: list = []
        states: dict = {}
        for k, call in enumerate(self.program):
            if call.kind == 'after':
                results.append(None)
                continue
            args = self._resolve(call.args, results)
            kwargs = self._resolve(call.kwargs, results)
            if call.kind == 'next':
                results.append(getattr(call.target, call.method)())
            else:
                if call.kind == 'draw':
                    states[k] = numpy.random.get_state()
                results.append(call.target(*args, **kwargs))
        return results, states

    def _resolve(self, spec: Any, results: list) -> Any:
        if spec.__class__ is _Ref:
            return results[spec.k]
        if spec.__class__ in (tuple, list):
            return spec.__class__(self._resolve(e, results) for e in spec)
        if spec.__class__ is dict:
            return {k: self._resolve(v, results) for k, v in spec.items()}
        return spec

    def _body(self, arrays: tuple, lengths: tuple) -> None:
        """The jitted function: ``update_core`` with the host calls answered
        by ``arrays`` (traced) and, for the batches, their lengths."""
        session = current_session()
        tracing = config.trace is not None
        served = []
        it = iter(arrays)
        for call, r in zip(self.program, session.results):
            if call.kind == 'next':
                served.append(BatchInTrace(r) if tracing else r)
            elif call.kind in ('convert', 'draw'):
                served.append(next(it))
            else:
                served.append(None)
        session.served = served
        tr = config.trace
        stored = len(tr.stored) if tracing else 0
        try:
            with draws_from_host() if tracing else contextlib.nullcontext():
                self.updater.update_core()
            session.check_done()
            if tracing:
                check_views_of_written(tr)
        except BaseException:
            if tracing:
                # (What update_core put on links while traced: the trace's own
                # Variables, which the eager update that follows must not see.)
                for link, name, old in reversed(tr.stored[stored:]):
                    object.__setattr__(link, name, old)
            raise

    def _finish_eagerly(self, results: list, states: dict) -> bool:
        """Run the update whose trace failed eagerly, its host calls answered
        by the program's results while they follow it; whether it made the
        host calls an eager update makes."""
        session = Session('finish', self.program, results)
        session.rng_states = states
        with intercepting(self.updater, session):
            self.updater.update_core()
        if session.matching:
            session.rewind()  # (calls of the program it did not make)
        # ('after' calls were made by update_core itself, matched or not.)
        return not session.inexact

    def _to_eager(self, why: str, exact: bool = True) -> None:
        up = self.updater
        up.eager = True
        name = type(up).__name__
        same = ('with the same results' if exact else
                'with the same results from the next update on (this one had made the host '
                'calls of the earlier ones, its iterators advanced as they did)')
        warnings.warn(f'{name}: its update_core runs eagerly from now on, {same}: {why}. '
                      f'({name}(..., eager=True) runs it eagerly from the start.)',
                      RuntimeWarning, stacklevel=4)
