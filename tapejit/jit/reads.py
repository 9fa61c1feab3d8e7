"""The Python values a trace read, recorded while it runs, to guard.

A trace turns the Python values the function reads into constants of its
graph: ``self.temperature``, ``bn.eps``, ``args.scale`` of a namespace held
in a global, ``cfg.SCALE`` of a module, a class attribute, a counter that
``forward()`` increments, ``self.stages[1].scale``, the activation a link
holds, the link a list holds.  :class:`ReadRecorder` watches the trace run
(a ``sys.settrace`` hook, on the frames of the user's code and of tapejit's
links) and notes each place such a value came from: a global of the
running function, or an attribute or a constant item reached from a
local, a global or a cell (``getattr(x, 'name')`` and ``type(x).name``
too).  :func:`read_guards` turns each place into a guard on the value it
held at its first read: a later call where it holds another traces again
(a plain value by value, anything else by identity).  The guards are
written into the plan's hot call (:meth:`Place.inline`), a few lookups per
place.

Not guarded: Variables and Parameters (the plan reads them as state, and
guards them itself), modules, the methods of classes and the functions of
libraries (code), the values the trace made, and tapejit's configuration
(keyed by the call).  A read through a ``property`` or a ``__getattr__`` is
seen inside its own frame, where it reads the object's attributes.  Draws
from random generators (NumPy's, CuPy's, Python's ``random``) are noted as
:attr:`ReadRecorder.draws`, which a trace refuses.
"""

from __future__ import annotations

import collections
import gc
import inspect
import math
import operator
import os
import random
import sys
import threading
import types
from typing import Any, Callable, Optional

import numpy

from tapejit.core.abstract import TracedArray, TraceError
from tapejit.core.config import config
from tapejit.core.variable import Variable
from tapejit.jit.closure_guards import _NOT_PLAIN, Check, _plain_key
from tapejit.jit.read_sites import (LINKS, MAX_CODES, UNSEEN, chains, importing, is_users,
                                    watched)

# (Descriptors that run no user code: slots, and a namedtuple's fields.)
_SAFE_DESCRIPTORS = (types.MemberDescriptorType, types.GetSetDescriptorType,
                     type(collections.namedtuple('_Pair', 'a').a))

_SETTLED = object()  # (see ReadRecorder._note)


class _Absent:
    """What a guard finds where a place holds nothing (its ``__dict__`` empty)."""

    def __repr__(self) -> str:
        return '<absent>'


ABSENT = _Absent()


# ---------------------------------------------------------------- lookups
def _class_attr(cls: type, name: str) -> Any:
    for c in cls.__mro__:
        d = c.__dict__
        if name in d:
            return d[name]
    return ABSENT


def _via_class(obj: Any, name: str) -> Any:
    """``obj.name`` where a plain class attribute answers it (none in ``obj.__dict__``)."""
    v = obj.__dict__.get(name, ABSENT)
    return _class_attr(obj.__class__, name) if v is ABSENT else v


def _lookup(obj: Any, name: str) -> Optional[tuple]:
    """``(how, value)``: where ``obj.name`` comes from and what it is, found
    without running user code; None where only code can tell (a property,
    ``__getattr__``)."""
    if isinstance(obj, type):
        v = _class_attr(obj, name)
        return None if v is ABSENT or hasattr(v.__class__, '__get__') else ('class', v)
    cv = _class_attr(obj.__class__, name)
    if cv is not ABSENT and hasattr(cv.__class__, '__set__'):
        if isinstance(cv, _SAFE_DESCRIPTORS):
            return 'getattr', getattr(obj, name, ABSENT)
        return None
    d = getattr(obj, '__dict__', None)
    if isinstance(d, dict) and name in d:
        return ('dict' if isinstance(obj, types.ModuleType) else 'inst'), d[name]
    if cv is ABSENT and isinstance(d, dict) and _class_attr(
            obj.__class__, '__getattr__') is ABSENT:
        # (Not there: ``getattr(self, name, default)`` took its default, and a
        # later assignment must be seen.)
        return ('dict' if isinstance(obj, types.ModuleType) else 'inst'), ABSENT
    if cv is ABSENT or hasattr(cv.__class__, '__get__'):
        return None  # (a method, or nothing: __getattr__ answers)
    return ('via class' if isinstance(d, dict) else 'class of'), cv


# Containers whose items a read may go on through: their ``__getitem__``
# reads and changes nothing (the process's environment among them:
# ``os.environ['SCALE']``, ``os.environ.get('SCALE')``).
_CONTAINERS = (list, tuple, dict, type(os.environ))


def _item_of(obj: Any, key: Any) -> Optional[tuple]:
    """``('item', obj[key])`` of a list, tuple, dict or ``os.environ``; None
    for others (whose ``__getitem__`` is code)."""
    if obj.__class__ not in _CONTAINERS:
        return None
    return 'item', _item(obj, key)


def _item(obj: Any, key: Any) -> Any:
    try:
        return obj[key]
    except (KeyError, IndexError, TypeError):
        return ABSENT


_cells: dict = {}  # code -> the function whose cells a frame of it reads (see _cell_of)


def know_closures(functions: Any) -> None:
    """Take ``functions`` (the traced one and those it calls) as the
    functions whose cells frames of their code read, as :func:`_cell_of`
    would find them: a new closure of a known code (a step function made
    again, a test's) costs no search of the process's objects."""
    for fn in functions:
        code = getattr(fn, '__code__', None)
        if isinstance(code, types.CodeType) and getattr(fn, '__closure__', None):
            if code not in _cells and len(_cells) >= MAX_CODES:
                _cells.clear()
            _cells[code] = fn


def _cell_of(frame: types.FrameType, name: str, outside: Any) -> Any:
    """The cell the frame's free variable ``name`` is read from: a cell of
    the function running, found among the functions of the frame's code
    (a frame does not name its function) as the one whose cell holds what
    the frame sees."""
    code = frame.f_code
    if _enclosing_runs(frame, code, outside):
        return None  # (first: a comprehension's function is new at each run)
    want = frame.f_locals.get(name, ABSENT)
    k = code.co_freevars.index(name)
    fn = _cells.get(code)
    for attempt in range(2):
        if fn is not None:
            cell = fn.__closure__[k]
            if _get('cell', cell, name) is want:
                return cell
        if attempt:
            return None
        fn = None
        for f in gc.get_referrers(code):
            if getattr(f, '__code__', None) is code and f.__closure__ is not None and _get(
                    'cell', f.__closure__[k], name) is want:
                fn = f
                break
        if len(_cells) >= MAX_CODES:
            _cells.clear()
        _cells[code] = fn
    return None


def _enclosing_runs(frame: types.FrameType, code: types.CodeType, outside: Any) -> bool:
    """Whether the function that defines ``code`` runs inside the traced
    call (below ``outside``, the frame that started the trace): its
    variables are locals of the call (a comprehension's, a lambda's), not
    state kept between calls."""
    f = frame.f_back
    while f is not None and f is not outside:
        if code in f.f_code.co_consts:
            return True
        f = f.f_back
    return False


def _name_of(obj: Any, attrs: tuple) -> Any:
    """``obj.a.b`` for ``attrs`` ('a', 'b'), read without running code;
    ABSENT where only code can tell (a property)."""
    for a in attrs:
        found = None if obj is ABSENT else _lookup(obj, a)
        if found is None:
            return ABSENT
        obj = found[1]
    return obj


def _read_from_result(frame: types.FrameType, code: types.CodeType) -> Optional[tuple]:
    """The attributes the calling code reads from what ``frame``'s call
    returns (``self.cfg().scale``), or None (a generator's frame: its
    returns are its yields)."""
    caller = frame.f_back
    if caller is None or code.co_flags & _GENERATOR_FLAGS:
        return None
    spec = watched.get(caller.f_code)
    return None if not spec else spec[2].get(caller.f_lasti)


_GETENV = os.getenv.__code__
_GENERATOR_FLAGS = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR


def _get(how: str, holder: Any, name: str) -> Any:
    """What the place holds now (the slow form of :attr:`Place.inline`)."""
    if how == 'global':
        return holder.get(name, ABSENT)
    if how == 'cell':
        try:
            return holder.cell_contents
        except ValueError:  # (an empty cell)
            return ABSENT
    if how == 'item':
        return _item(holder, name)
    if how in ('dict', 'inst'):
        return holder.__dict__.get(name, ABSENT)
    if how == 'class':
        return _class_attr(holder, name)
    if how in ('via class', 'method'):
        return _via_class(holder, name)
    if how == 'class of':
        return _class_attr(holder.__class__, name)
    return getattr(holder, name, ABSENT)


def _is(how: str, holder: Any, name: str, want: Any) -> bool:
    return _get(how, holder, name) is want


def _keyed(how: str, holder: Any, name: str) -> Any:
    return _plain_key(_get(how, holder, name))


# ---------------------------------------------------------------- places
class Place(Check):
    """A guard's check of one place a trace read; :meth:`inline` renders it."""

    how = ''
    identity = False
    internal = False  # read by tapejit's links (their own state: values not guarded)
    key: Any = None  # the value's key when read (see closure_guards._plain_key)

    def inline(self, const: Callable[[Any], str], fail: str) -> str:
        """The statement that runs ``fail`` where the place no longer holds
        its traced value, the values it needs named by ``const``."""
        how, holder, name = self.args[:3]
        h = const(holder)
        a = const(ABSENT)
        expr = {'global': f'{h}.get({name!r}, {a})',
                'dict': f'{h}.__dict__.get({name!r}, {a})',
                'inst': f'{h}.__dict__.get({name!r}, {a})',
                'item': f'{const(_item)}({h}, {name!r})',
                }.get(how) or f'{const(_get)}({how!r}, {h}, {name!r})'
        if self.identity:
            return f'if {expr} is not {const(self.was)}: {fail}'
        v = self.was
        c = v.__class__
        if v is None or c is bool:
            return f'if {expr} is not {v!r}: {fail}'
        # (A float written out as Python reads it back: not inf, whose repr
        # names nothing, nor NaN and 0.0, which != and == do not tell apart.)
        if c in (int, str) or (c is float and v != 0 and math.isfinite(v)):
            return f'if (_t := {expr}).__class__ is not {c.__name__} or _t != {v!r}: {fail}'
        return f'if {const(_plain_key)}({expr}) != {const(self.key)}: {fail}'


def _place(how: str, holder: Any, name: str, value: Any, what: str, key: Any) -> tuple:
    """``(getter, value)`` of a guard on the place that held ``value``
    (whose :func:`_plain_key` was ``key``) when first read."""
    if key is not _NOT_PLAIN:
        p = Place(_keyed, how, holder, name)
        p.was, p.what, p.key = value, what, key
        return p, key
    p = Place(_is, how, holder, name, value)
    p.identity, p.was, p.what = True, value, what
    return p, True


def _label(holder: Any, how: str) -> str:
    if how == 'global':
        return ''
    if isinstance(holder, (type, types.ModuleType)):
        return holder.__name__
    return holder.__class__.__name__


class ReadRecorder:
    """Records the places the code run inside ``with`` reads, in this thread.

    >>> import types
    >>> cfg = types.SimpleNamespace(scale=2.0)
    >>> def f(x):
    ...     return x * cfg.scale
    >>> with ReadRecorder() as rec:
    ...     _ = f(1.0)
    >>> [(what, was) for _, what, was, _, _ in rec.places.values()]
    [("global 'cfg'", namespace(scale=2.0)), ('SimpleNamespace.scale', 2.0)]
    """

    def __init__(self) -> None:
        # (id(holder), name) -> (how, what, value at its first read, holder)
        self.places: dict = {}
        # (id(holder), name) -> how many link attributes the trace had
        # assigned (Trace.stored) at the first read: whether the function
        # read a link's attribute before it assigned it.
        self.read_at: dict = {}
        self.links_read = False
        # ('numpy.random.normal', 'file:line') of each draw from NumPy's or
        # CuPy's generators (see draws)
        self.draws: list = []
        self.drawn_from: list = []   # (generator, its state before the first draw)
        self._prev: Any = None
        self._imports = 0  # frames of the import system running (see _import_hook)
        self._outside: Any = None
        self._thread = 0
        self._collecting = False  # a collection's callbacks run (see __enter__)
        self._gc_hooks = (self._gc_start, self._gc_stop)

    @property
    def pause_to(self) -> Any:
        """The hook to run while paused (see :mod:`tapejit.core.watch`)."""
        return self._prev

    def __enter__(self) -> 'ReadRecorder':
        self._outside = inspect.currentframe().f_back  # (the tracing frame: the call runs above)
        self._prev = sys.gettrace()
        self._thread = threading.get_ident()
        if gc.callbacks:
            # A collection can start in any allocation of the traced code,
            # and its callbacks (a library's statistics) are not the
            # function's reads: frames entered while one runs are skipped.
            # (A flag, not sys.settrace: a collection may start inside this
            # hook itself, and replacing a hook while it runs frees it.)
            gc.callbacks.insert(0, self._gc_hooks[0])
            gc.callbacks.append(self._gc_hooks[1])
        sys.settrace(self._call)
        return self

    def __exit__(self, *exc: Any) -> None:
        sys.settrace(self._prev)
        for hook in self._gc_hooks:
            if hook in gc.callbacks:
                gc.callbacks.remove(hook)

    def _gc_start(self, phase: str, info: dict) -> None:
        if phase == 'start' and threading.get_ident() == self._thread:
            self._collecting = True

    def _gc_stop(self, phase: str, info: dict) -> None:
        if phase == 'stop' and threading.get_ident() == self._thread:
            self._collecting = False

    def _call(self, frame: types.FrameType, event: str, arg: Any) -> Any:
        prev = self._prev
        inner = prev(frame, event, arg) if prev is not None else None
        if self._imports or self._collecting:
            return inner
        code = frame.f_code
        if code is _GETENV:
            self._getenv(frame, self.places)
            return inner
        spec = watched.get(code, UNSEEN)
        if spec is UNSEEN:
            if importing(frame):
                # (A finder, a loader or a module's code the import system
                # runs, a lazy import inside the function: nobody's reads,
                # and its bytecode is not read for them either.)
                return self._import_hook(frame, inner)
            spec = chains(code)
        if spec is None:
            if code.co_name == '<module>':
                return self._import_hook(frame, inner)
            return inner
        if importing(frame):
            return self._import_hook(frame, inner)
        entry, by_line, _ = spec
        places = self.places
        # The reads at entry, per line: guards once their line runs.
        pending: dict = {}
        for chain, line in entry:
            self._read(frame, chain, pending.setdefault(line, {}))
        tr = config.trace
        at = None if tr is None else len(tr.stored)
        if not code.co_filename.startswith(LINKS):
            self._method(frame, code, places)
        after = _read_from_result(frame, code)
        if not by_line and not pending and after is None:
            return inner
        if not by_line and not pending and inner is None:
            frame.f_trace_lines = False  # (only its return matters)

        def local(frame: types.FrameType, event: str, arg: Any) -> Any:
            nonlocal inner
            if event == 'line':
                read = pending.pop(frame.f_lineno, None) if pending else None
                if read:
                    self._keep(read, at, places)
                for chain in by_line.get(frame.f_lineno, ()):
                    self._read(frame, chain, places)
            elif event == 'return' and after is not None and arg is not None:
                # (What the caller reads from the result: self.cfg().scale.)
                self._read(frame.f_back, ('result', arg, after), places)
            if inner is not None:
                inner = inner(frame, event, arg)
            return local
        return local

    def _keep(self, read: dict, at: Optional[int], places: dict) -> None:
        """Keep the places ``read`` at a call's entry as guards (their line
        ran), each at the trace position ``at`` of that entry, where no
        earlier read of the place was kept."""
        for key, place in read.items():
            if key not in places:
                places[key] = place
                if at is not None and places is self.places:
                    self.read_at[key] = at

    def _method(self, frame: types.FrameType, code: types.CodeType, places: dict) -> None:
        """Guard the method of the user's class that runs on ``self``: a
        method replaced on the class (``Model.forward = other``) traces again."""
        if not code.co_argcount or code.co_varnames[0] != 'self':
            return
        obj = frame.f_locals.get('self', ABSENT)
        if obj is ABSENT or isinstance(obj, type):
            return
        fn = _class_attr(obj.__class__, code.co_name)
        if getattr(fn, '__code__', None) is code:
            self._note(obj, 'method', code.co_name, fn,
                       f'{obj.__class__.__name__}.{code.co_name} (a method)', places)

    def _getenv(self, frame: types.FrameType, places: dict) -> None:
        """``os.getenv(key)``: the environment's item, guarded as ``os.environ[key]``."""
        key = frame.f_locals.get('key')
        if isinstance(key, str):
            self._note(os.environ, 'item', key, _item(os.environ, key),
                       f'os.environ[{key!r}]', places)

    def _read(self, frame: types.FrameType, chain: tuple, places: dict) -> None:
        from tapejit.links.link import Link
        kind, name, steps = chain
        links_code = frame.f_code.co_filename.startswith(LINKS)
        if kind == 'global':
            if links_code:
                return  # (tapejit's own modules' globals: its code, its configuration)
            g = frame.f_globals
            if name not in g:
                return  # (a builtin)
            obj = g[name]
            if _drawing(obj):
                self._draw(frame, obj.__self__, getattr(obj, '__name__', name))
                return
            if not self._note(g, 'global', name, obj, f'global {name!r}', places):
                return
        elif kind == 'cell':
            cell = None if links_code else _cell_of(frame, name, self._outside)
            if cell is None:
                return
            obj = _get('cell', cell, name)
            if _drawing(obj):
                self._draw(frame, obj.__self__, getattr(obj, '__name__', name))
                return
            if not self._note(cell, 'cell', name, obj, f'variable {name!r} of an enclosing '
                              'function', places):
                return
        elif kind == 'result':
            obj = name  # (the value a call returned)
        else:
            obj = frame.f_locals.get(name, ABSENT)
        for step in steps:
            if obj is ABSENT or isinstance(obj, (Variable, TracedArray, numpy.ndarray)):
                return
            if step.__class__ is tuple:
                if step[0] in ('type', 'vars'):
                    obj = type(obj) if step[0] == 'type' else getattr(obj, '__dict__', ABSENT)
                    continue
                if step[0] == 'getter':  # get(x): what an attrgetter or itemgetter reads
                    self._read_getter(frame, obj, step, places)
                    return
                if step[0] == 'attr':  # getattr(x, name) of a local name (or its attributes)
                    step = _name_of(frame.f_locals.get(step[1], ABSENT), step[2:])
                    if not isinstance(step, str) or not step:
                        return
                    item = False
                elif links_code:
                    return  # (tapejit's links index their own containers)
                else:
                    step, item = step[1], True
            else:
                item = False
            if item:
                found = _item_of(obj, step)
                what = f'{_label(obj, "item")}[{step!r}]'
            else:
                if step[0] == '_' and links_code:
                    return  # (tapejit's links keep their own caches consistent)
                if obj.__class__ is _CONFIG_CLASS and step in _KEYED_CONFIG:
                    return
                if isinstance(obj, Link):
                    self.links_read = True
                if _is_generator(obj) and step not in _NOT_DRAWS:
                    self._draw(frame, obj, step)
                    return
                found = _lookup(obj, step)
                what = ''
            if found is None:
                return
            how, value = found
            if _drawing(value) and step not in _NOT_DRAWS:
                self._draw(frame, value.__self__, getattr(value, '__name__', step))
                return
            if not self._note(obj, how, step, value, what or f'{_label(obj, how)}.{step}',
                              places, links_code):
                return
            obj = value

    def _read_getter(self, frame: types.FrameType, obj: Any, step: tuple,
                     places: dict) -> None:
        """The places ``get(obj)`` reads where ``get`` (``step[1]``, a global
        where ``step[2]``) holds an ``operator.attrgetter`` (its dotted
        names) or ``itemgetter`` (its keys); nothing for other callables."""
        get = (frame.f_globals if step[2] else frame.f_locals).get(step[1], ABSENT)
        if get.__class__ is operator.attrgetter:
            reads = [tuple(name.split('.')) for name in get.__reduce__()[1]]
        elif get.__class__ is operator.itemgetter:
            reads = [(('[]', key),) for key in get.__reduce__()[1]
                     if isinstance(key, (int, str))]
        else:
            return
        for attrs in reads:
            self._read(frame, ('result', obj, attrs), places)

    def _import_hook(self, frame: types.FrameType, inner: Any) -> Any:
        """Watch nothing until ``frame`` (called by the import system: a
        finder, a loader, a module's code) returns."""
        self._imports += 1
        frame.f_trace_lines = False

        def local(frame: types.FrameType, event: str, arg: Any) -> Any:
            nonlocal inner
            if event == 'return':
                self._imports -= 1
            if inner is not None:
                inner = inner(frame, event, arg)
            return local
        return local

    def _draw(self, frame: types.FrameType, generator: Any, method: str) -> None:
        what = f'{_generator_name(generator)}.{method}'
        self.draws.append((what, f'{frame.f_code.co_filename}:{frame.f_lineno}'))
        # (Its state before the first draw: a refused trace puts it back, so
        # that what runs instead, eagerly, draws what it would have.)
        if not any(g is generator for g, _ in self.drawn_from):
            state = _generator_state(generator)
            if state is not None:
                self.drawn_from.append((generator, state))

    def rewind_draws(self) -> None:
        """Put the generators the traced function drew from back in the
        state they had before its first draw."""
        for generator, state in reversed(self.drawn_from):
            _set_generator_state(generator, state)
        self.drawn_from.clear()

    def _note(self, holder: Any, how: str, name: str, value: Any, what: str,
              places: dict, settled: bool = False) -> bool:
        """Note the place's first read; whether a read may go on through
        ``value``.  ``settled``: a read by tapejit's links, whose own changes
        while traced (a lazy link's ``in_size``, set as it initializes) are
        the state the plan was made for: guarded as the trace leaves it."""
        key = (id(holder), name)
        if key not in places:
            tr = config.trace
            if tr is not None and places is self.places:
                self.read_at[key] = len(tr.stored)
            # (A container's key now: the function may change it afterwards.)
            places[key] = (how, what, _SETTLED if settled else value, holder,
                           None if settled else _plain_key(value))
        return not isinstance(value, (Variable, TracedArray)) and value is not ABSENT


def _generator_state(generator: Any) -> Any:
    """A copy of a NumPy generator's or Python's ``random.Random``'s state
    (None for another kind: CuPy's)."""
    if isinstance(generator, numpy.random.RandomState):
        return generator.get_state()
    if isinstance(generator, numpy.random.Generator):
        return generator.bit_generator.state
    if isinstance(generator, numpy.random.BitGenerator):
        return generator.state
    if hasattr(generator, 'getstate') and hasattr(generator, 'setstate'):
        return generator.getstate()
    return None


def _set_generator_state(generator: Any, state: Any) -> None:
    if isinstance(generator, numpy.random.RandomState):
        generator.set_state(state)
    elif isinstance(generator, numpy.random.Generator):
        generator.bit_generator.state = state
    elif isinstance(generator, numpy.random.BitGenerator):
        generator.state = state
    else:
        generator.setstate(state)


# (What a generator offers besides draws.)
_NOT_DRAWS = frozenset({'seed', 'get_state', 'set_state', 'bit_generator', 'getstate',
                        'setstate', '__getstate__', '__setstate__', 'state'})


def _is_generator(obj: Any) -> bool:
    """Whether ``obj`` is a random generator: NumPy's or CuPy's (the
    module-level functions of ``numpy.random`` are methods of one), a bit
    generator, or Python's ``random.Random`` (whose methods the functions of
    ``random`` are)."""
    c = obj.__class__
    if c.__module__.startswith(('numpy.random', 'cupy.random')):
        return c.__name__ in ('RandomState', 'Generator') or isinstance(
            obj, numpy.random.BitGenerator)
    return isinstance(obj, random.Random)


def _drawing(value: Any) -> bool:
    """Whether ``value`` is a method of a random generator that draws."""
    return (_is_generator(getattr(value, '__self__', None))
            and getattr(value, '__name__', '') not in _NOT_DRAWS)


def _generator_name(obj: Any) -> str:
    c = obj.__class__
    if isinstance(obj, random.Random):
        return f'random.{c.__name__}'
    return f'{c.__module__.split(".")[0]}.random.{c.__name__}'


def _watched_value(value: Any, how: str, holder: Any) -> bool:
    """Whether a place holding ``value`` is guarded (see the module's docstring)."""
    if isinstance(value, (Variable, TracedArray, types.ModuleType)):
        return False
    if value.__class__ is _CONFIG_CLASS:
        return False  # (tapejit's configuration: the call's key holds what matters)
    if value is ABSENT:
        return True  # (an attribute that was not there: it must not appear)
    if _plain_key(value) is not _NOT_PLAIN or not (callable(value) or isinstance(value, type)):
        return True
    # Code: where it is a choice of the user's (an activation a link holds, a
    # global redefined in a notebook, a link swapped for another), not a
    # method of a class or a library's function.
    if how == 'dict':
        return is_users(getattr(holder, '__file__', None) or '<>')
    return how not in ('class', 'via class', 'class of')  # ('method': the user's own, chosen)


def _traced(value: Any) -> bool:
    return isinstance(value, TracedArray) or (isinstance(value, Variable)
                                              and value._data.__class__ is TracedArray)


def read_guards(rec: ReadRecorder, made: Callable[[Any], bool]) -> list:
    """``(key, getter, value)`` guards of the places ``rec`` saw read,
    except those holding values the trace made (``made(value)``)."""
    from tapejit.links.link import Link
    out = []
    for (hid, name), (how, what, value, holder, key) in rec.places.items():
        now = _get(how, holder, name)
        if _traced(now):
            if not isinstance(holder, Link) and not _traced(value):
                # A compiled call would not put its value there: only a
                # link's attributes are state a plan writes back.
                raise TraceError(
                    f'{what}: the function stores a value it computed there, which a '
                    'compiled call would not do (it would keep the value of the trace). '
                    'Keep such state on a link (self.h = ... in a Chain), or return it '
                    'from the function and store it outside')
            continue  # (the function put a value it computed there: the plan's state)
        internal = value is _SETTLED
        if internal:
            value, key = now, _plain_key(now)
        if not _watched_value(value, how, holder) or made(value):
            continue
        getter, want = _place(how, holder, name, value, what, key)
        getter.internal = internal
        out.append((('read', hid, name), getter, want))
    return out


_CONFIG_CLASS = config.__class__
# (A call's key holds these; ``trace`` is the trace itself.)
_KEYED_CONFIG = frozenset({'train', 'enable_backprop', 'trace'})
