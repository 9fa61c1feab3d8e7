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
"""

from __future__ import annotations

import functools
import types
from typing import Any, Callable, Iterator

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
                yield (('global', id(globs), name), functools.partial(_item, globs, name))
    for name, cell in zip(code.co_freevars, fn.__closure__ or ()):
        yield (('cell', id(cell), name), functools.partial(_cell, cell))


def _attr_roots(obj: Any) -> Iterator[tuple]:
    from tapejit.links.link import Link
    attrs = getattr(obj, '__dict__', None)
    # (A link's children and parameters are guarded by its structure version.)
    if isinstance(attrs, dict) and not isinstance(obj, Link):
        for name in list(attrs):
            yield (('attr', id(obj), name), functools.partial(_item, attrs, name))


def _item(d: dict, name: str) -> Any:
    return d[name]


def _cell(cell: Any) -> Any:
    return cell.cell_contents


class Check(functools.partial):
    """A guard's check, with :attr:`what` it checks (for a warning)."""

    what = ''


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
    one of the ``captured`` Variables when ``fn`` was traced still holds it.
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
    roots = list(_roots(fn))
    for obj in objects:
        roots += _attr_roots(obj)
    for key, get in roots:
        try:
            value = get()
        except _FAILS:
            continue
        if isinstance(value, Variable):
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
