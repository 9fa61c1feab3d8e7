"""A jitted function's last cache key, re-checked on the next call without
being rebuilt (which takes as long as a small compiled step runs).

:func:`check_lines` turns one key into the statements of a Python function,
generated for its argument structure, that checks each leaf against the key
and returns the leaves, or ``None`` at the first difference; the caller then
builds the full key, so a ``None`` never changes which plan runs.
:func:`guard_lines` checks a plan's guards alike.
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends, pytree
from tapejit.core.config import config
from tapejit.core.variable import Variable
from tapejit.jit.entry import _names

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
            from tapejit.jit.api import _leaf_spec  # (api builds the keys and imports this)
            self.env['_leaf_spec'] = _leaf_spec
            # (The class first: a container where a value was is a new structure.)
            lines.append(f'if {leaf}.__class__ is not {const(x.__class__)} or '
                         f'_leaf_spec({leaf}, True) != {const(spec)}: return {miss}')


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
