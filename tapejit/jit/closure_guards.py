"""Where a jitted function found the Variables it closed over.

A plan reads the Variables a function reaches without taking them as
arguments (a global ``W``, ``params[0]`` of a global list, a variable of an
enclosing function, ``self.W``) as state: their arrays at each call.  It
holds those Variable objects, though, so a name or list item given another
Variable afterwards (``W = Variable(...)``, ``params[0] = ...``) would leave
the plan reading the old one, silently.  :func:`identity_guards` finds, for
each such Variable, the names and container items that held it when the
function was traced; the plan checks that they still do, and the call
traces the function again where one does not (as ``torch.compile`` guards
its globals).

The places looked at: the function's globals (the names its code and the
code nested in it load), the cells of its closure, the attributes of the
object a method is bound to (or that is its static argument, as ``self``),
and one level into a list, tuple or dict held there (a list's or tuple's
length too, so that a Variable appended to one the function loops over is
seen).  A Variable reached otherwise (through a helper function's own
globals, an attribute chain) is not guarded by identity; links guard their
own structure (see :func:`tapejit.links.link.structure_version`).

A Python value the trace used is a constant of its graph: :func:`value_guards`
guards the plain values (numbers, strings, and tuples, lists and dicts of
them) held by the globals and cells the function reads, and by those of the
Python functions it calls from its globals, so that ``SCALE = 3.0`` after a
call traces the function again instead of leaving it computing ``x * 2``.
"""

from __future__ import annotations

import functools
import types
from operator import getitem
from typing import Any, Callable, Iterator

import numpy

from tapejit.core.variable import Variable

_FAILS = (KeyError, IndexError, TypeError, ValueError, AttributeError, NameError)


def _code_names(code: types.CodeType) -> set:
    names = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names |= _code_names(c)
    return names


def _roots(fn: Any) -> Iterator[tuple]:
    """(key, getter) of each place ``fn`` may read a Variable from."""
    seen = set()
    while True:
        if id(fn) in seen:
            return
        seen.add(id(fn))
        if isinstance(fn, functools.partial):
            fn = fn.func
        elif isinstance(fn, types.MethodType):
            yield from _attr_roots(fn.__self__)
            fn = fn.__func__
        elif hasattr(fn, '__wrapped__'):
            fn = fn.__wrapped__
        else:
            break
    code = getattr(fn, '__code__', None)
    if not isinstance(code, types.CodeType):
        return
    globs = getattr(fn, '__globals__', None)
    if isinstance(globs, dict):
        for name in sorted(_code_names(code)):
            if name in globs:
                yield (('global', id(globs), name), functools.partial(getitem, globs, name))
    for name, cell in zip(code.co_freevars, fn.__closure__ or ()):
        yield (('cell', id(cell), name), functools.partial(getattr, cell, 'cell_contents'))


def _attr_roots(obj: Any) -> Iterator[tuple]:
    from tapejit.links.link import Link
    attrs = getattr(obj, '__dict__', None)
    # (A link's children and parameters are guarded by its structure version.)
    if isinstance(attrs, dict) and not isinstance(obj, Link):
        for name in list(attrs):
            yield (('attr', id(obj), name), functools.partial(getitem, attrs, name))


class Check(functools.partial):
    """A guard's check, with :attr:`what` it checks (for a warning) and, for
    a value's check, the value it :attr:`was` when traced."""

    what = ''
    was: Any = None


def _check(what: str, *args: Any) -> Check:
    c = Check(*args)
    c.what = what
    return c


def _holds(get: Callable[[], Any], want: Any) -> bool:
    try:
        return get() is want
    except _FAILS:
        return False


def _holds_items(get: Callable[[], Any], kind: type, n: int, pairs: tuple) -> bool:
    try:
        c = get()
        # (A list's length too: a loop over it was unrolled when traced.)
        if c.__class__ is not kind or (n >= 0 and len(c) != n):
            return False
        for k, v in pairs:
            if c[k] is not v:
                return False
        return True
    except _FAILS:
        return False


def _where(key: tuple) -> str:
    kind, _, name = key
    return {'global': f'global {name!r}', 'cell': f'variable {name!r} of an enclosing function',
            'attr': f'attribute {name!r}'}[kind]


def identity_guards(fn: Any, captured: list, objects: tuple = ()) -> list:
    """``(key, check)`` pairs: ``check()`` is True while each place that held
    one of the ``captured`` Variables (or arrays, which a trace reads as
    constants) when ``fn`` was traced still holds it.
    ``objects``: arguments (static, as a method's ``self``) whose attributes
    are places too.

    >>> import numpy as np, tapejit
    >>> params = [tapejit.Variable(np.ones(2))]
    >>> def f(x):
    ...     return x * params[0]
    >>> [(key[0], key[2]) for key, check in identity_guards(f, params)]
    [('global', 'params')]
    >>> check = identity_guards(f, params)[0][1]
    >>> check(), params.__setitem__(0, tapejit.Variable(np.ones(2))), check()
    (True, None, False)
    """
    want = {id(v): v for v in captured}
    out = []
    if not want:
        return out
    roots = list(_roots(fn)) + [r for obj in objects for r in _attr_roots(obj)]
    for key, get in roots:
        try:
            value = get()
        except _FAILS:
            continue
        if isinstance(value, Variable) or isinstance(value, numpy.ndarray):
            if id(value) in want:
                out.append((key, _check(_where(key), _holds, get, value)))
            continue
        if value.__class__ in (list, tuple):
            pairs = tuple((k, x) for k, x in enumerate(value) if id(x) in want)
        elif value.__class__ is dict:
            pairs = tuple((k, x) for k, x in value.items() if id(x) in want)
        else:
            continue
        if pairs:
            what = f'{_where(key)} (its items {", ".join(repr(k) for k, _ in pairs)})'
            n = -1 if value.__class__ is dict else len(value)
            out.append((key, _check(what, _holds_items, get, value.__class__, n, pairs)))
    return out


_MAX_ITEMS = 256
_PLAIN = (int, float, complex, bool, str, bytes, type(None), numpy.generic)


def scalar_key(v: Any) -> Any:
    """A plain scalar's key, equal to another's only if both are the same
    value of the same type (``2``, ``2.0`` and ``True`` differ, as do ``0.0``
    and ``-0.0``; a NaN equals itself); None for anything else.

    >>> scalar_key(2) == scalar_key(2.0), scalar_key(-0.0) == scalar_key(0.0), scalar_key([1])
    (False, False, None)
    """
    c = v.__class__
    if c is float:
        return c, v.hex()
    if isinstance(v, numpy.generic):
        return c, v.dtype.str, v.tobytes()
    if c is complex:
        return c, v.real.hex(), v.imag.hex()
    return (c, v) if isinstance(v, _PLAIN) else None


def _plain_key(v: Any, depth: int = 0) -> Any:
    """A value's key, equal to another's only if both are the same plain
    value (:func:`scalar_key`), or containers of them, of the same types;
    ``_NOT_PLAIN`` for anything else (arrays, objects)."""
    key = scalar_key(v)
    if key is not None:
        return key
    c = v.__class__
    if depth < 3 and c in (tuple, list, dict) and len(v) > _MAX_ITEMS:
        # (Checked on every call: a long one, a data set say, costs too much;
        # it is left unguarded.)
        return _NOT_PLAIN
    if depth < 3 and c in (tuple, list):
        items = tuple(_plain_key(e, depth + 1) for e in v)
        return _NOT_PLAIN if _NOT_PLAIN in items else (c, items)
    if depth < 3 and c is dict:
        items = tuple((_plain_key(k, depth + 1), _plain_key(e, depth + 1))
                      for k, e in v.items())
        if any(_NOT_PLAIN in kv for kv in items):
            return _NOT_PLAIN
        return c, items
    return _NOT_PLAIN


_NOT_PLAIN = ('not plain',)


def _keyed(get: Callable[[], Any]) -> Any:
    try:
        return _plain_key(get())
    except _FAILS:
        return _NOT_PLAIN


def _called_functions(fn: Any, depth: int) -> Iterator[Any]:
    """``fn`` and the user functions it calls by a global name (to ``depth``
    levels): their globals are read by the trace too."""
    yield fn
    if depth == 0:
        return
    code = getattr(fn, '__code__', None)
    globs = getattr(fn, '__globals__', None)
    if not isinstance(code, types.CodeType) or not isinstance(globs, dict):
        return
    for name in sorted(_code_names(code)):
        g = globs.get(name)
        # (tapejit's and NumPy's own functions read no user globals.)
        if isinstance(g, types.FunctionType) and g is not fn and not (
                g.__module__ or '').startswith(('tapejit', 'numpy')):
            yield from _called_functions(g, depth - 1)


def value_guards(fn: Any) -> list:
    """``(key, check, value)`` triples: the function read a global or a cell
    holding a plain value (a number, a string, a tuple, list or dict of them),
    which the trace froze into its graph; ``check()`` gives the value's key
    (:func:`_plain_key`) now, ``value`` its key when traced.  A container of
    more than 256 items is not guarded (its check would cost every call).

    >>> SCALE = 2.0
    >>> guards = value_guards(lambda x: x * SCALE)
    >>> [(key[0], key[2], value) for key, check, value in guards]
    [('global', 'SCALE', (<class 'float'>, '0x1.0000000000000p+1'))]
    """
    out = []
    seen = set()
    for f in _called_functions(fn, 2):
        for key, get in _roots(f):
            if key in seen:
                continue
            seen.add(key)
            try:
                value = get()
            except _FAILS:
                continue
            if value.__class__ in (type, types.ModuleType) or callable(value):
                continue
            k = _plain_key(value)
            if k is not _NOT_PLAIN:
                check = _check(_where(key), _keyed, get)
                check.was = value  # (named in the retrace warning)
                out.append((key, check, k))
    return out
