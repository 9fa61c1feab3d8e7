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
import dis
import gc
import importlib.util
import inspect
import os
import random
import sys
import sysconfig
import threading
import types
from typing import Any, Callable, Optional

import numpy

from tapejit.core.abstract import TracedArray, TraceError
from tapejit.core.config import config
from tapejit.core.variable import Variable
from tapejit.jit.closure_guards import _NOT_PLAIN, Check, _plain_key

_ROOTS = {'LOAD_FAST': 'local', 'LOAD_FAST_CHECK': 'local', 'LOAD_DEREF': 'local',
          'LOAD_CLASSDEREF': 'local', 'LOAD_GLOBAL': 'global', 'LOAD_NAME': 'global'}
_ATTRS = ('LOAD_ATTR', 'LOAD_METHOD')
_CALLS = ('getattr', 'type', 'vars')  # (builtins whose result a read goes on through)
_DUPS = ('COPY', 'DUP_TOP')  # (``self.n += 1`` copies the object before reading)
_STORES = ('STORE_FAST', 'DELETE_FAST', 'STORE_DEREF', 'DELETE_DEREF')
# (Descriptors that run no user code: slots, and a namedtuple's fields.)
_SAFE_DESCRIPTORS = (types.MemberDescriptorType, types.GetSetDescriptorType,
                     type(collections.namedtuple('_Pair', 'a').a))


class _Absent:
    """What a guard finds where a place holds nothing (its ``__dict__`` empty)."""

    def __repr__(self) -> str:
        return '<absent>'


ABSENT = _Absent()


def _dir(path: str) -> str:
    return path if path.endswith('.py') else os.path.join(path, '')


def _not_users() -> tuple:
    """``(libraries, standard library, site folders)``: the folders of the
    libraries tapejit runs on and of tapejit itself (whose code is not the
    user's), the standard library's, and the folders of installed packages
    (which may be inside the standard library's)."""
    libs = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
    for name in ('numpy', 'numba', 'llvmlite', 'threadpoolctl', 'cupy', 'scipy'):
        # (Found without importing them: tapejit may not need them this run.)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            package = spec.submodule_search_locations is not None
            libs.append(os.path.dirname(spec.origin) if package else spec.origin)
    paths = sysconfig.get_paths()
    return (tuple(map(_dir, libs)), _dir(paths['stdlib']),
            tuple({_dir(paths['purelib']), _dir(paths['platlib'])}))


_LINKS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'links', '')
_LINK_BASE = os.path.join(_LINKS, 'link.py')
_folders: Optional[tuple] = None
_watched: dict = {}  # code -> its reads (see _chains) or None
_UNSEEN = object()
_SETTLED = object()  # (see ReadRecorder._note)
_MAX_CODES = 4096


def _is_users(filename: str) -> bool:
    """Whether code from ``filename`` is read for values: the user's, and
    tapejit's links but their base class (its machinery reads no model values)."""
    global _folders
    if _folders is None:
        _folders = _not_users()
    if filename.startswith('<'):
        return not filename.startswith(('<frozen', '<tapejit'))
    if filename.startswith(_LINKS):
        return filename != _LINK_BASE
    libs, stdlib, site = _folders
    if filename.startswith(libs):
        return False
    return filename.startswith(site) or not filename.startswith(stdlib)


def _importing(frame: types.FrameType) -> bool:
    """Whether ``frame`` runs for the import system (an import hook, a
    module's own code run as it is imported), not for the traced function."""
    back = frame.f_back
    return back is not None and back.f_code.co_filename.startswith('<frozen importlib')


def _chains(code: types.CodeType) -> Optional[tuple]:
    """``(at_entry, by_line)`` of the reads that start at instructions of
    ``code`` (a global, or a local followed by attributes), each as ``(kind,
    name, attrs)``; None for code that is not the user's.  The reads from a
    global, a closed-over variable or an argument the code never assigns
    (``self``) are read when a call enters the code (a value the call then
    changes traces again at the next call: never stale); the others, from
    locals the code assigns, when their line starts (``by_line``:
    ``{line: reads}``).  Reading at entry spares a callback per line."""
    try:
        return _watched[code]
    except KeyError:
        pass
    out: Optional[tuple] = None
    if _is_users(code.co_filename) and code.co_name != '<module>':
        ins = [i for i in dis.get_instructions(code) if i.opname != 'CACHE']
        stored = {i.argval for i in ins if i.opname in _STORES}
        nargs = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & 0x04) + bool(
            code.co_flags & 0x08)
        fixed = (set(code.co_varnames[:nargs]) | set(code.co_freevars)) - stored
        entry, by_line = [], {}
        for k, (i, line) in enumerate(zip(ins, _lines(ins))):
            kind = _ROOTS.get(i.opname)
            if kind is None:
                continue
            attrs = _steps(ins, k)
            if (kind == 'local' and not attrs and i.argval in code.co_freevars
                    and i.argval != '__class__'):
                kind = 'cell'  # (a variable of an enclosing function, read as it is)
            if kind != 'local' or attrs:
                chain = (kind, i.argval, tuple(attrs))
                dynamic = any(a.__class__ is tuple and a[0] == 'attr' for a in attrs)
                if not dynamic and (kind == 'global' or i.argval in fixed):
                    entry.append(chain)
                else:
                    by_line.setdefault(line, []).append(chain)
        out = (tuple(dict.fromkeys(entry)), {n: tuple(c) for n, c in by_line.items()})
    if len(_watched) >= _MAX_CODES:
        _watched.clear()
    _watched[code] = out
    return out


def _steps(ins: list, k: int) -> list:
    """The steps of the read that starts at ``ins[k]``: attribute names,
    ``('[]', key)`` for an item of a constant key, ``('type',)`` for
    ``type(x)``; ``getattr(x, 'name')`` is the attribute ``name``."""
    steps: list = []
    prev = ins[k - 1] if k else None
    nxt = ins[k + 1:k + 4]
    names = [n.opname for n in nxt]
    if prev is not None and prev.opname == 'LOAD_GLOBAL' and prev.argval in _CALLS:
        if prev.argval == 'getattr' and names[:1] in (['LOAD_CONST'], ['LOAD_FAST']):
            # getattr(x, name) or getattr(x, name, default): ``name`` a
            # constant, or a local (read as the line runs).
            name = nxt[0].argval
            rest = ins[k + 2:k + 5]
            if rest and rest[0].opname == 'LOAD_CONST':
                rest = rest[1:]  # (a constant default)
            calls = [n.opname for n in rest[:2]]
            if not (calls[:1] in (['PRECALL'], ['CALL']) and rest[0].arg in (2, 3)):
                return steps
            if nxt[0].opname == 'LOAD_CONST':
                if not isinstance(name, str):
                    return steps
                steps.append(name)
            else:
                steps.append(('attr', name))
            return steps  # (what follows the call: not followed)
        if names[:1] not in (['PRECALL'], ['CALL']) or nxt[0].arg != 1:
            return steps
        steps.append((prev.argval,))  # type(x), vars(x)
        k += 1 + (names[:2] == ['PRECALL', 'CALL'])
    j = k + 1
    if not steps and j < len(ins) and ins[j].opname in _DUPS:
        j += 1
    while j < len(ins):
        op = ins[j].opname
        if (op == 'LOAD_METHOD' and ins[j].argval == 'get' and j + 2 < len(ins)
                and ins[j + 1].opname == 'LOAD_CONST'
                and isinstance(ins[j + 1].argval, (int, str))):
            call = ins[j + 2]
            if call.opname == 'LOAD_CONST':  # (a constant default)
                call = ins[min(j + 3, len(ins) - 1)]
            if call.opname in ('PRECALL', 'CALL') and call.arg in (1, 2):
                steps.append(('[]', ins[j + 1].argval))  # d.get(key[, default]): the item
            break
        if op in _ATTRS:
            steps.append(ins[j].argval)
            j += 1
        elif (op == 'LOAD_CONST' and j + 1 < len(ins) and ins[j + 1].opname == 'BINARY_SUBSCR'
              and isinstance(ins[j].argval, (int, str))):
            steps.append(('[]', ins[j].argval))
            j += 2
        else:
            break
    return steps


def _lines(ins: list) -> list:
    """The line each instruction belongs to."""
    out, line = [], None
    for i in ins:
        n = getattr(i, 'line_number', None)
        if n is None and not isinstance(i.starts_line, bool):
            n = i.starts_line
        line = n if n is not None else line
        out.append(line)
    return out


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


def _cell_of(frame: types.FrameType, name: str, outside: Any) -> Any:
    """The cell the frame's free variable ``name`` is read from: a cell of
    the function running, found among the functions of the frame's code
    (a frame does not name its function) as the one whose cell holds what
    the frame sees."""
    code = frame.f_code
    want = frame.f_locals.get(name, ABSENT)
    k = code.co_freevars.index(name)
    fn = _cells.get(code)
    for attempt in range(2):
        if fn is not None:
            cell = fn.__closure__[k]
            if _get('cell', cell, name) is want:
                return None if _enclosing_runs(frame, code, outside) else cell
        if attempt:
            return None
        fn = None
        for f in gc.get_referrers(code):
            if getattr(f, '__code__', None) is code and f.__closure__ is not None and _get(
                    'cell', f.__closure__[k], name) is want:
                fn = f
                break
        if len(_cells) >= _MAX_CODES:
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
    if how == 'via class':
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
        if c in (int, str) or (c is float and v == v and v != 0):
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
        self.links_read = False
        # ('numpy.random.normal', 'file:line') of each draw from NumPy's or
        # CuPy's generators (see draws)
        self.draws: list = []
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
        spec = _watched.get(code, _UNSEEN)
        if spec is _UNSEEN:
            spec = _chains(code)
        if spec is None:
            if code.co_name == '<module>':
                return self._import_hook(frame, inner)
            return inner
        if _importing(frame):
            return self._import_hook(frame, inner)
        entry, by_line = spec
        places = self.places
        for chain in entry:
            self._read(frame, chain, places)
        if not by_line:
            return inner

        def local(frame: types.FrameType, event: str, arg: Any) -> Any:
            nonlocal inner
            if event == 'line':
                for chain in by_line.get(frame.f_lineno, ()):
                    self._read(frame, chain, places)
            if inner is not None:
                inner = inner(frame, event, arg)
            return local
        return local

    def _read(self, frame: types.FrameType, chain: tuple, places: dict) -> None:
        from tapejit.links.link import Link
        kind, name, steps = chain
        links_code = frame.f_code.co_filename.startswith(_LINKS)
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
        else:
            obj = frame.f_locals.get(name, ABSENT)
        for step in steps:
            if obj is ABSENT or isinstance(obj, (Variable, TracedArray, numpy.ndarray)):
                return
            if step.__class__ is tuple:
                if step[0] in ('type', 'vars'):
                    obj = type(obj) if step[0] == 'type' else getattr(obj, '__dict__', ABSENT)
                    continue
                if step[0] == 'attr':  # getattr(x, name) of a local name
                    step = frame.f_locals.get(step[1])
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

    def _note(self, holder: Any, how: str, name: str, value: Any, what: str,
              places: dict, settled: bool = False) -> bool:
        """Note the place's first read; whether a read may go on through
        ``value``.  ``settled``: a read by tapejit's links, whose own changes
        while traced (a lazy link's ``in_size``, set as it initializes) are
        the state the plan was made for: guarded as the trace leaves it."""
        key = (id(holder), name)
        if key not in places:
            # (A container's key now: the function may change it afterwards.)
            places[key] = (how, what, _SETTLED if settled else value, holder,
                           None if settled else _plain_key(value))
        return not isinstance(value, (Variable, TracedArray)) and value is not ABSENT


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
        return _is_users(getattr(holder, '__file__', None) or '<>')
    return how not in ('class', 'via class', 'class of')


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
        if value is _SETTLED:
            value, key = now, _plain_key(now)
        if not _watched_value(value, how, holder) or made(value):
            continue
        getter, want = _place(how, holder, name, value, what, key)
        out.append((('read', hid, name), getter, want))
    return out


_CONFIG_CLASS = config.__class__
# (A call's key holds these; ``trace`` is the trace itself.)
_KEYED_CONFIG = frozenset({'train', 'enable_backprop', 'trace'})
