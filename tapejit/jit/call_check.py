"""A jitted function's last cache key, re-checked on the next call without
being rebuilt (which takes as long as a small compiled step runs).

:func:`compile_check` turns one key into a Python function, generated for its
argument structure, that checks each leaf against the key and returns the
leaves, or ``None`` at the first difference; the caller then builds the full
key, so a ``None`` never changes which plan runs.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy

from tapejit.compiler.codecache import define
from tapejit import pytree
from tapejit.core.config import config
from tapejit.core.variable import Variable
from tapejit.jit.entry import _Names


def compile_check(td: Any, leaves: list, specs: tuple, has_grad: tuple,
                  grad_ignored: Any, cpu: str, leaf_spec: Callable) -> Callable:
    """``check(args, kwargs) -> leaves | None`` for calls whose key is the one
    made of ``td`` (the flattened ``(args, kwargs)`` structure), ``specs``
    (per leaf, gradients ignored) and ``has_grad`` (per Variable leaf not in
    ``grad_ignored``).  Leaves
    other than NumPy arrays and Variables on them are compared by
    ``leaf_spec(leaf, True)``; ``cpu`` is the host's device name in specs.

    >>> import numpy as np
    >>> from tapejit.pytree import flatten
    >>> x = np.ones(3, np.float32)
    >>> leaves, td = flatten(((x,), {}))
    >>> check = compile_check(td, leaves, (('A', (3,), '<f4', 'cpu'),), (), (), 'cpu',
    ...                       leaf_spec=None)
    >>> check((x,), {})[0] is x, check((np.ones(4, np.float32),), {})
    (True, None)
    """
    env: dict = {}
    lines = check_lines(td, leaves, specs, has_grad, grad_ignored, cpu, leaf_spec, env)
    lines.append(f'return [{", ".join(f"_l{i}" for i in range(len(leaves)))}]')
    return define('check', 'args, kwargs', lines, env, '<tapejit call check>')


def check_lines(td: Any, leaves: list, specs: tuple, has_grad: tuple, grad_ignored: Any,
                cpu: str, leaf_spec: Callable, env: dict, miss: str = 'None',
                checked: frozenset = frozenset()) -> list:
    """The statements of :func:`compile_check`'s function up to its return,
    which leave leaf ``i`` in the local ``_l{i}`` (``return {miss}`` at the
    first difference), their constants added to ``env`` under names no one
    else there uses.  ``checked``: indices of leaves whose arrays the caller
    checks itself (a native plan does).

    >>> import numpy as np
    >>> from tapejit.pytree import flatten
    >>> x = np.ones(3, np.float32)
    >>> leaves, td = flatten(((x,), {}))
    >>> spec = (('A', (3,), '<f4', 'cpu'),)
    >>> any('shape' in ln for ln in check_lines(td, leaves, spec, (), (), 'cpu', None, {},
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
        w.leaf(i, expr, x, spec, i in checked, cpu, leaf_spec)
        if isinstance(x, Variable) and i not in grad_ignored:
            w.lines.append(f'if (_l{i}._grad_var is not None) != {w.const(next(grads))}: '
                           f'return {miss}')
    return w.lines


class _CheckWriter:
    """The statements of a generated key check, and the constants they name."""

    def __init__(self, env: dict, miss: str) -> None:
        self.env, self.miss = env, miss
        self.const = _Names(env)
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
            flat = self.const(pytree._node_entry(cls)[0])
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

    def leaf(self, i: int, expr: str, x: Any, spec: tuple, checked: bool, cpu: str,
             leaf_spec: Callable) -> None:
        """Bind leaf ``i`` to ``_l{i}`` and check it against ``spec``."""
        miss, const, lines = self.miss, self.const, self.lines
        leaf = f'_l{i}'
        lines.append(f'{leaf} = {expr}')
        rg = 'is not' if len(spec) > 4 and isinstance(spec[4], bool) else '!='
        if checked and spec[0] in ('A', 'V') and spec[3] == cpu:
            # (The array's class, shape and dtype are the caller's to check.)
            if spec[0] == 'V':
                lines.append(f'if {leaf}.__class__ is not {const(x.__class__)} or '
                             f'{leaf}._requires_grad {rg} {const(spec[4])}: return {miss}')
        elif spec[0] == 'A' and x.__class__ is numpy.ndarray and spec[3] == cpu:
            k = const(x.dtype)
            # (``is`` first: the same dtype object skips NumPy's comparison.)
            lines.append(f'if {leaf}.__class__ is not _nd or {leaf}.shape != '
                         f'{const(spec[1])} or ({leaf}.dtype is not {k} and {leaf}.dtype != {k}): '
                         f'return {miss}')
        elif (spec[0] == 'V' and isinstance(x, Variable)
              and x._data.__class__ is numpy.ndarray and spec[3] == cpu):
            d = f'_d{i}'
            lines.append(f'if {leaf}.__class__ is not {const(x.__class__)}: return {miss}')
            lines.append(f'{d} = {leaf}._data')
            k = const(x._data.dtype)
            lines.append(f'if {d}.__class__ is not _nd or {d}.shape != {const(spec[1])} '
                         f'or ({d}.dtype is not {k} and {d}.dtype != {k}) or '
                         f'{leaf}._requires_grad {rg} {const(spec[4])}: return {miss}')
        else:
            self.env['_leaf_spec'] = leaf_spec
            # (The class first: a container where a value was is a new structure.)
            lines.append(f'if {leaf}.__class__ is not {const(x.__class__)} or '
                         f'_leaf_spec({leaf}, True) != {const(spec)}: return {miss}')


def compile_guards(guards: tuple, py_guards: tuple, cpu: str,
                   slow: Callable[[], bool], checked: frozenset = frozenset()
                   ) -> Callable[[], bool]:
    """``holds() -> bool``: whether a plan's closure Variables still match
    their specs at trace time (``guards``: (variable, spec, grad ignored)) and
    its Python values their traced values (``py_guards``: (getter, value)).
    A host Variable is checked field by field; at any difference ``slow()``
    (the generic check) gives the answer.  ``checked``: ids of the Variables
    whose arrays the caller checks itself (a native plan does).

    >>> import numpy as np, tapejit
    >>> w = tapejit.Variable(np.ones(3, np.float32))
    >>> spec = ('V', (3,), '<f4', 'cpu', True, False)
    >>> holds = compile_guards(((w, spec, False),), (), 'cpu', slow=lambda: False)
    >>> holds(), w.cleargrad() or None
    (True, None)
    >>> w.array = np.ones(4, np.float32)
    >>> holds()
    False
    """
    env: dict = {'_nd': numpy.ndarray, '_slow': slow}
    lines = guard_lines(guards, py_guards, cpu, env, 'return _slow()', 'return False', checked)
    if lines is None:
        return slow
    lines.append('return True')
    return define('holds', '', lines, env, '<tapejit plan guards>')


def guard_lines(guards: tuple, py_guards: tuple, cpu: str, env: dict, differs: str,
                fail: str, checked: frozenset = frozenset()) -> Optional[list]:
    """The statements of :func:`compile_guards`' check, their constants added
    to ``env`` (which holds ``_nd``): ``differs`` runs where a Variable's
    field differs from its spec (the generic check then decides), ``fail``
    where a Python value changed; None where a guard is not a host Variable.

    >>> import numpy as np, tapejit
    >>> w = tapejit.Variable(np.ones(3, np.float32))
    >>> spec = ('V', (3,), '<f4', 'cpu', True, None)
    >>> env = {'_nd': np.ndarray}
    >>> guard_lines(((w, spec, False),), (), 'cpu', env, 'return 0', 'return 1')[-1]
    '    return 0'
    """
    lines: list = []
    const = _Names(env)
    for i, (v, spec, ign) in enumerate(guards):
        if spec[0] != 'V' or spec[3] != cpu:
            return None
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
        # (True, the common value, by identity first.)
        lines.append(f'if (_r := {const(getter)}()) is not True and _r != True: {fail}'
                     if value is True else f'if {const(getter)}() != {const(value)}: {fail}')
    return lines
