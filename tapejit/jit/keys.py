"""A jitted function's cache keys, and the generated check of a call
against the last key.

A call's key is its argument structure, each array leaf's spec (class,
shape, dtype, device, requires_grad, has-grad), its static arguments, the
global flags and which arguments share arrays (:func:`leaf_spec`,
:func:`sharing`).  Building it takes as long as a small compiled step
runs, so the last key is re-checked on the next call without being rebuilt:
:func:`check_lines` turns one key into the statements of a Python function,
generated for its argument structure, that checks each leaf against the key
and returns the leaves, or ``None`` at the first difference; the caller then
builds the full key, so a ``None`` never changes which plan runs.
:func:`guard_lines` checks a plan's guards alike.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

import numpy

from tapejit import backends, pytree
from tapejit.core.config import config
from tapejit.core.variable import Variable
from tapejit.jit.closure_guards import _NOT_PLAIN, _plain_key, scalar_key
from tapejit.jit.entry import (
    _names,
)

_CPU = str(backends.CPU)  # (the host's device in leaf specs)


def check_lines(td: Any, leaves: list, specs: tuple, has_grad: tuple, grad_ignored: Any,
                env: dict, miss: str = 'None', checked: frozenset = frozenset()) -> list:
    """The statements of a check of calls whose key is the one made of ``td``
    (the flattened ``(args, kwargs)`` structure), ``specs`` (per leaf,
    gradients ignored) and ``has_grad`` (per Variable leaf not in
    ``grad_ignored``), up to its return: the leaves left in the local list
    ``leaves``, ``return {miss}`` at the first difference; constants added to
    ``env`` under names no one else there uses.  Leaves other than host NumPy
    arrays and Variables on them are compared by their whole spec.
    ``checked``: indices of leaves whose arrays the caller checks itself (a
    native plan does).

    >>> import numpy as np
    >>> from tapejit.compiler.codecache import define
    >>> from tapejit.pytree import flatten
    >>> x = np.ones(3, np.float32)
    >>> leaves, td = flatten(((x,), {}))
    >>> spec, env = (('A', (3,), '<f4', '@numpy'),), {}
    >>> lines = check_lines(td, leaves, spec, (), (), env)
    >>> check = define('check', 'args, kwargs', lines + ['return leaves'], env, '<demo>')
    >>> check((x,), {})[0] is x, check((np.ones(4, np.float32),), {})
    (True, None)
    >>> any('shape' in ln for ln in check_lines(td, leaves, spec, (), (), {},
    ...                                         checked=frozenset({0})))
    False
    """
    env.update(_nd=numpy.ndarray, _config=config)
    w = _CheckWriter(env, miss)
    args_td, kwargs_td = td[1]  # (td flattens ``(args, kwargs)``)
    w.walk(args_td, 'args')
    w.walk(kwargs_td, 'kwargs')
    w.lines.append(f'if _config.enable_backprop != {w.const(config.enable_backprop)} '
                   f'or _config.train != {w.const(config.train)}: return {miss}')
    grads = iter(has_grad)
    for i, (expr, x, spec) in enumerate(zip(w.exprs, leaves, specs)):
        w.leaf(i, expr, x, spec, i in checked)
        if isinstance(x, Variable) and i not in grad_ignored:
            w.lines.append(f'if (_l{i}._grad_var is not None) != {w.const(next(grads))}: '
                           f'return {miss}')
    return w.lines + [f'leaves = [{", ".join(f"_l{i}" for i in range(len(leaves)))}]']


class _CheckWriter:
    """The statements of a generated key check, and the constants they name."""

    def __init__(self, env: dict, miss: str) -> None:
        self.env, self.miss = env, miss
        self.const = _names(env)
        self.lines: list = []
        self.exprs: list = []   # the expression of each leaf, in order
        self.counter = 0

    def _local(self, expr: str) -> str:
        var = f'_s{self.counter}'
        self.counter += 1
        self.lines.append(f'{var} = {expr}')
        return var

    def walk(self, t: Any, expr: str) -> None:
        """Check the container structure ``t`` (a :mod:`tapejit.pytree`
        treedef) at ``expr``, collecting its leaves' expressions."""
        miss, kind = self.miss, t[0]
        if t == '*':
            self.exprs.append(expr)
        elif kind == 'none':
            self.lines.append(f'if {expr} is not None: return {miss}')
        elif kind == 'node':  # a registered container class (a Link, say)
            _, cls, aux, names, children = t
            var = self._local(expr)
            self.lines.append(f'if {var}.__class__ is not {self.const(cls)}: return {miss}')
            # (Flattened again, as the full key: a parameter added is a new structure.)
            flat = self.const(pytree._ENTRIES[cls][0])
            self.lines.append(f'{var}n, {var}, {var}a = {flat}({var})')
            self.lines.append(f'if {var}a != {self.const(aux)} or len({var}) != '
                              f'{len(children)} or tuple({var}n) != '
                              f'{self.const(tuple(names))}: return {miss}')
            for i, c in enumerate(children):
                self.walk(c, f'{var}[{i}]')
        else:
            var = self._local(expr)
            self.lines.append(f'if {var}.__class__ is not {kind} or len({var}) != '
                              f'{len(t[1])}: return {miss}')
            keys = range(len(t[1])) if kind != 'dict' else [self.const(k) for k in t[1]]
            for k, c in zip(keys, t[-1]):
                if kind == 'dict':
                    self.lines.append(f'if {k} not in {var}: return {miss}')
                self.walk(c, f'{var}[{k}]')

    def leaf(self, i: int, expr: str, x: Any, spec: tuple, checked: bool) -> None:
        """Bind leaf ``i`` to ``_l{i}`` and check it against ``spec``."""
        miss, const, lines = self.miss, self.const, self.lines
        leaf = f'_l{i}'
        lines.append(f'{leaf} = {expr}')
        rg = 'is not' if len(spec) > 4 and isinstance(spec[4], bool) else '!='
        host = spec[0] in ('A', 'V') and spec[3] == _CPU
        if checked and host:
            # (The array's class, shape and dtype are the caller's to check.)
            if spec[0] == 'V':
                lines.append(f'if {leaf}.__class__ is not {const(x.__class__)} or '
                             f'{leaf}._requires_grad {rg} {const(spec[4])}: return {miss}')
        elif host and spec[0] == 'A' and x.__class__ is numpy.ndarray:
            k = const(x.dtype)
            # (``is`` first: the same dtype object skips NumPy's comparison.)
            lines.append(f'if {leaf}.__class__ is not _nd or {leaf}.shape != '
                         f'{const(spec[1])} or ({leaf}.dtype is not {k} and {leaf}.dtype != {k}): '
                         f'return {miss}')
        elif host and isinstance(x, Variable) and x._data.__class__ is numpy.ndarray:
            d = f'_d{i}'
            lines.append(f'if {leaf}.__class__ is not {const(x.__class__)}: return {miss}')
            lines.append(f'{d} = {leaf}._data')
            k = const(x._data.dtype)
            lines.append(f'if {d}.__class__ is not _nd or {d}.shape != {const(spec[1])} '
                         f'or ({d}.dtype is not {k} and {d}.dtype != {k}) or '
                         f'{leaf}._requires_grad {rg} {const(spec[4])}: return {miss}')
        else:
            self.env['leaf_spec'] = leaf_spec
            # (The class first: a container where a value was is a new structure.)
            lines.append(f'if {leaf}.__class__ is not {const(x.__class__)} or '
                         f'leaf_spec({leaf}, True) != {const(spec)}: return {miss}')


def guard_lines(guards: tuple, py_guards: tuple, env: dict, differs: str, fail: str,
                checked: frozenset = frozenset()) -> list:
    """The statements of a check that a plan's closure Variables still match
    their specs at trace time (``guards``: (variable, spec, grad ignored)) and
    its Python values their traced values (``py_guards``: (getter, value)),
    their constants added to ``env``.  A host Variable is checked field by
    field: ``differs`` runs where a field differs from its spec (the generic
    check then decides), ``fail`` where a Python value changed; ``differs``
    alone where a guard is not a host Variable.  ``checked``: ids of the
    Variables whose arrays the caller checks itself (a native plan does).

    >>> import numpy as np, tapejit
    >>> from tapejit.compiler.codecache import define
    >>> w = tapejit.Variable(np.ones(3, np.float32))
    >>> spec, env = ('V', (3,), '<f4', '@numpy', True, False), {}
    >>> lines = guard_lines(((w, spec, False),), (), env, 'return 0', 'return 1')
    >>> holds = define('holds', '', lines + ['return 2'], env, '<demo>')
    >>> holds(), w.cleargrad() or None
    (2, None)
    >>> w.array = np.ones(4, np.float32)
    >>> holds()
    0
    """
    lines: list = []
    env['_nd'] = numpy.ndarray
    const = _names(env)
    for i, (v, spec, ign) in enumerate(guards):
        if spec[0] != 'V' or spec[3] != _CPU:
            return [differs]
        if v.__class__ is Slot:
            # (The Variable the attribute holds now, of the traced class.)
            var = f'_s{i}'
            lines += [f'{var} = {const(v.link)}.__dict__.get({v.name!r})',
                      f'if {var}.__class__ is not {const(v.cls)}:', f'    {differs}']
        else:
            var = const(v)
        # (Flags compared with literals; any other value takes the generic check.)
        cond = f'{var}._requires_grad is not {bool(spec[4])}'
        if spec[5] is not None:
            cond += f' or {var}._grad_var is {"" if spec[5] else "not "}None'
        if id(v) not in checked:
            d = f'_d{i}'
            lines.append(f'{d} = {var}._data')
            cond = (f'{d}.__class__ is not _nd or {d}.shape != {const(spec[1])} '
                    f'or {d}.dtype != {const(numpy.dtype(spec[2]))} or {cond}')
        lines += [f'if {cond}:', f'    {differs}']
    for getter, value in py_guards:
        inline = getattr(getter, 'inline', None)
        if inline is not None:
            lines.append(inline(const, fail))
            continue
        # (True, the common value, by identity first.)
        lines.append(f'if (_r := {const(getter)}()) is not True and _r != True: {fail}'
                     if value is True else f'if {const(getter)}() != {const(value)}: {fail}')
    return lines


STATIC = object()  # placeholder of a static argument inside the traced tree


class Slot:
    """A link attribute holding a Variable that a plan reads anew every
    call (a recurrent state ``self.h``, which every call replaces): a
    plan's guard on it checks the Variable held there at the call.

    >>> import numpy as np, tapejit, tapejit.links as L
    >>> m = L.Linear(2, 3)
    >>> m.h = tapejit.Variable(np.zeros(3))
    >>> slot = Slot(m, 'h', tapejit.Variable)
    >>> slot.get() is m.h, slot.what
    (True, 'Linear.h')
    """

    __slots__ = ('link', 'name', 'cls')

    def __init__(self, link: Any, name: str, cls: type) -> None:
        self.link, self.name, self.cls = link, name, cls

    def get(self) -> Any:
        """What the attribute holds now (None where it holds nothing)."""
        return self.link.__dict__.get(self.name)

    @property
    def what(self) -> str:
        return f'{self.link._label()}.{self.name}'


def guarded_spec(v: Any, grad_ignored: bool) -> Optional[tuple]:
    """The spec (:func:`leaf_spec`) of a plan's guarded Variable ``v`` now,
    for a :class:`Slot` that of the Variable it holds; None where it holds
    no Variable of the traced class.

    >>> import numpy as np, tapejit
    >>> guarded_spec(tapejit.Variable(np.zeros(2, np.float32)), False)[:3]
    ('V', (2,), '<f4')
    """
    if v.__class__ is Slot:
        held = v.get()
        return None if held.__class__ is not v.cls else leaf_spec(held, grad_ignored)
    return leaf_spec(v, grad_ignored)

def is_leaf(x: Any) -> bool:
    cls = x.__class__
    # Containers first: every call flattens its arguments with this.
    if cls is tuple or cls is list or cls is dict:
        return False
    return isinstance(x, Variable) or backends.is_array(x) or cls is Dynamic


def as_dynamic(x: Any, name: Any) -> Any:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f'jit: dynamic argument {name!r} must be a Python int or float, '
                        f'got {type(x).__name__}')
    return Dynamic(x)


class Dynamic:
    """A Python scalar argument marked dynamic: traced as a weakly typed 0-d array."""

    __slots__ = ('value',)

    def __init__(self, value: Any) -> None:
        self.value = value


def _device(a: Any, what: str) -> str:
    if a.__class__ is numpy.ndarray:  # (every call keys: the common case skips the lookup)
        return _CPU
    backends.refuse_array_subclass(a, what)
    return str(backends.get_device_from_array(a))


def leaf_spec(x: Any, grad_ignored: bool = False) -> tuple:
    if x.__class__ is Dynamic:
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
    return ('S', Static(x))


class Static:
    """A static value in a cache key: equal to another only if of the same
    types throughout, as a trace may depend on them (``2`` and ``2.0`` and
    ``True`` are ``==``, as are ``0.0`` and ``-0.0``, but ``a * s`` has
    another dtype, ``x / s`` another sign of infinity)."""

    __slots__ = ('value', 'key')

    def __init__(self, value: Any) -> None:
        self.value = value
        self.key = _typed(value)

    def __eq__(self, other: object) -> bool:
        return other.__class__ is Static and self.key == other.key  # type: ignore

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
    if c.__eq__ is not object.__eq__:
        # Equal by the class's own ``==`` (a name, a dataclass's compared
        # fields), another object may hold other values the trace read.
        state = _attributes_key(v)
        if state:
            return c, v, state
    return c, v


def _attributes_key(v: Any) -> tuple:
    """The plain values of an object's attributes (its ``__dict__``, or a
    dataclass's fields), by name; others are left to the object's ``==``."""
    if dataclasses.is_dataclass(v):
        names = [f.name for f in dataclasses.fields(v)]
    else:
        names = sorted(getattr(v, '__dict__', None) or ())
    out = []
    for name in names:
        key = _plain_key(getattr(v, name, None))
        if key is not _NOT_PLAIN:
            out.append((name, key))
    return tuple(out)



SPEC_FIELDS = ('kind', 'shape', 'dtype', 'device', 'requires_grad', 'gradient presence')


def key_change(old: tuple, new: tuple) -> Optional[str]:
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


def sharing(leaves: list) -> tuple:
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
