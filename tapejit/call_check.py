"""A jitted function's last cache key, re-checked on the next call without
being rebuilt.

Building the full key flattens the arguments into a new tree description and
a spec tuple per leaf: about 10 µs for a training step's handful of arrays,
which is as long as a small compiled step takes to run.  A loop calls with
the same structure every time, so :func:`compile_check` turns one key into a
Python function, generated for that structure, that walks the arguments,
checks each leaf against the key (class, shape, dtype, requires-grad,
has-grad) and returns the leaves, or ``None`` at the first difference.  The
caller then builds the full key as before, so a ``None`` never changes which
plan runs.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy

from tapejit.core.config import config
from tapejit.core.variable import Variable

def compile_check(td: Any, leaves: list, specs: tuple, has_grad: tuple,
                  grad_ignored: Any, cpu: str, leaf_spec: Callable) -> Optional[Callable]:
    """``check(args, kwargs) -> leaves | None`` for calls whose key is the one
    made of ``td`` (the flattened ``(args, kwargs)`` structure), ``specs``
    (per leaf, gradients ignored) and ``has_grad`` (per Variable leaf not in
    ``grad_ignored``); ``None`` for structures it does not handle (registered
    container classes).  Leaves other than NumPy arrays and Variables on them
    are compared by ``leaf_spec(leaf, True)``; ``cpu`` is the host's device
    name in specs.

    >>> import numpy as np
    >>> from tapejit.pytree import flatten
    >>> x = np.ones(3, np.float32)
    >>> leaves, td = flatten(((x,), {}))
    >>> check = compile_check(td, leaves, (('A', (3,), '<f4', 'cpu'),), (), (), 'cpu',
    ...                       leaf_spec=None)
    >>> check((x,), {})[0] is x, check((np.ones(4, np.float32),), {})
    (True, None)
    """
    env: dict = {'_nd': numpy.ndarray, '_config': config}
    lines: list = []
    exprs: list = []
    counter = [0]

    def const(value: Any) -> str:
        name = f'_k{len(env)}'
        env[name] = value
        return name

    def walk(t: Any, expr: str) -> bool:
        if t == '*':
            exprs.append(expr)
            return True
        kind = t[0]
        if kind in ('tuple', 'list'):
            var = f'_c{counter[0]}'
            counter[0] += 1
            lines.append(f'{var} = {expr}')
            lines.append(f'if {var}.__class__ is not {kind} or len({var}) != {len(t[1])}: '
                         'return None')
            return all(walk(c, f'{var}[{i}]') for i, c in enumerate(t[1]))
        if kind == 'dict':
            var = f'_c{counter[0]}'
            counter[0] += 1
            lines.append(f'{var} = {expr}')
            lines.append(f'if {var}.__class__ is not dict or len({var}) != {len(t[1])}: '
                         'return None')
            for k, c in zip(t[1], t[2]):
                kname = const(k)
                lines.append(f'if {kname} not in {var}: return None')
                if not walk(c, f'{var}[{kname}]'):
                    return False
            return True
        if kind == 'none':
            lines.append(f'if {expr} is not None: return None')
            return True
        return False  # a registered container class: the full key handles it

    if td[0] != 'tuple' or len(td[1]) != 2:
        return None
    args_td, kwargs_td = td[1]
    if not (walk(args_td, 'args') and walk(kwargs_td, 'kwargs')):
        return None
    if len(exprs) != len(leaves):
        return None
    lines.append(f'if _config.enable_backprop != {const(config.enable_backprop)} '
                 f'or _config.train != {const(config.train)}: return None')
    grads = iter(has_grad)
    for i, (expr, x, spec) in enumerate(zip(exprs, leaves, specs)):
        leaf = f'_l{i}'
        lines.append(f'{leaf} = {expr}')
        if spec[0] == 'A' and x.__class__ is numpy.ndarray and spec[3] == cpu:
            lines.append(f'if {leaf}.__class__ is not _nd or {leaf}.shape != '
                         f'{const(spec[1])} or {leaf}.dtype != {const(x.dtype)}: return None')
        elif spec[0] == 'V' and x._data.__class__ is numpy.ndarray and spec[3] == cpu:
            d = f'_d{i}'
            lines.append(f'if {leaf}.__class__ is not {const(x.__class__)}: return None')
            lines.append(f'{d} = {leaf}._data')
            lines.append(f'if {d}.__class__ is not _nd or {d}.shape != {const(spec[1])} '
                         f'or {d}.dtype != {const(x._data.dtype)} or {leaf}._requires_grad '
                         f'!= {const(spec[4])}: return None')
        else:
            env['_leaf_spec'] = leaf_spec
            # The class first: a container where a value was is a new
            # structure (the full key flattens it), and leaf_spec refuses it.
            lines.append(f'if {leaf}.__class__ is not {const(x.__class__)} or '
                         f'_leaf_spec({leaf}, True) != {const(spec)}: return None')
        if isinstance(x, Variable) and i not in grad_ignored:
            lines.append(f'if ({leaf}._grad_var is not None) != {const(next(grads))}: '
                         'return None')
    lines.append(f'return [{", ".join(f"_l{i}" for i in range(len(exprs)))}]')
    src = 'def check(args, kwargs):\n' + ''.join(f'    {ln}\n' for ln in lines)
    exec(compile(src, '<tapejit call check>', 'exec'), env)
    return env['check']
