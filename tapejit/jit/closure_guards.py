"""Where a jitted function found the Variables and values it closed over.

A plan reads the Variables a function reaches without taking them as
arguments (a global ``W``, ``params[0]`` of a global list, a variable of an
enclosing function, ``self.W``) as state, holding those objects: a name or
item given another Variable afterwards would leave the plan reading the old
one, so :func:`identity_guards` has such a call trace again.  The places
looked at: the function's globals (the names its code and nested code
load), its closure cells, the attributes of the object a method is bound to
(or its static argument ``self``), and one level into a list, tuple or dict
held there.  Links guard their own structure
(:func:`tapejit.core.versions.structure_version`).  The plain values the
function and the Python functions it calls read are constants of the graph:
:func:`value_guards` has ``SCALE = 3.0`` after a call trace it again.
"""

from __future__ import annotations

import functools
import itertools
import types
from operator import getitem
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy

from tapejit.compiler.codecache import compile_source
from tapejit.core.variable import Variable
from tapejit.optimizers.optimizer import rules_version

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
            # (The values it binds: read by the function as its arguments.)
            for i in range(len(fn.args)):
                yield (('bound', id(fn), i), functools.partial(getitem, fn.args, i))
            for name in sorted(fn.keywords):
                yield (('bound', id(fn), name), functools.partial(getitem, fn.keywords, name))
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
    # Default values (an array as ``mask=MASK``), read anew from the function.
    defaults = getattr(fn, '__defaults__', None) or ()
    names = code.co_varnames[code.co_argcount - len(defaults):code.co_argcount]
    for i, name in enumerate(names):
        yield (('default', id(fn), name), functools.partial(_default, fn, i))
    for name in sorted(getattr(fn, '__kwdefaults__', None) or ()):
        yield (('default', id(fn), name), functools.partial(_kwdefault, fn, name))


def _default(fn: Any, i: int) -> Any:
    return fn.__defaults__[i]


def _kwdefault(fn: Any, name: str) -> Any:
    return fn.__kwdefaults__[name]


def _attr_roots(obj: Any) -> Iterator[tuple]:
    from tapejit.links.link import Link
    attrs = getattr(obj, '__dict__', None)
    # (A link's children and parameters are guarded by its structure version.)
    if isinstance(attrs, dict) and not isinstance(obj, Link):
        for name in list(attrs):
            yield (('attr', id(obj), name), functools.partial(getitem, attrs, name))


class Check(functools.partial):
    """A guard's check, with :attr:`what` it checks and the value it :attr:`was`."""

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
        return all(c[k] is v for k, v in pairs)
    except _FAILS:
        return False


def _places(fn: Any, objects: tuple) -> Iterator[tuple]:
    """``(key, getter, value)`` of each place ``fn`` may read a Variable
    from (see :func:`_roots`) and of the attributes of ``objects``, where
    it can be read now."""
    for key, get in list(_roots(fn)) + [r for obj in objects for r in _attr_roots(obj)]:
        try:
            yield key, get, get()
        except _FAILS:
            continue


def _where(key: tuple) -> str:
    kind, _, name = key
    return {'global': f'global {name!r}', 'cell': f'variable {name!r} of an enclosing function',
            'attr': f'attribute {name!r}', 'default': f'the default value of {name!r}',
            'bound': f'argument {name!r} bound by functools.partial'}[kind]


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
    for key, get, value in _places(fn, objects):
        c = value.__class__
        if isinstance(value, (Variable, numpy.ndarray)):
            if id(value) in want:
                out.append((key, _check(_where(key), _holds, get, value)))
        elif c in (list, tuple, dict):
            pairs = tuple((k, x) for k, x in (value.items() if c is dict else enumerate(value))
                          if id(x) in want)
            if pairs:
                what = f'{_where(key)} (its items {", ".join(repr(k) for k, _ in pairs)})'
                n = -1 if c is dict else len(value)
                out.append((key, _check(what, _holds_items, get, c, n, pairs)))
    return out


def _attr_is(obj: Any, name: str, want: Any) -> bool:
    return obj.__dict__.get(name) is want


def state_homes(fn: Any, objects: tuple = ()) -> dict:
    """Where the Variables that are not Parameters are that ``fn`` can reach:
    ``id -> [(key, check), ...]``, ``check()`` True while the link attribute
    that holds it still does (a recurrent state ``self.h``, read before
    ``fn`` replaces it); those at the places :func:`identity_guards` looks at
    are there too (guarded by it).  Under the key None: the same for the
    public attributes of those links that hold None (``self.h`` after
    ``reset_state()``: a function may have read the None).

    >>> import numpy as np, tapejit, tapejit.links as L
    >>> m = L.Linear(2, 3)
    >>> m.h = h = tapejit.Variable(np.zeros(3))
    >>> [(key, check)] = state_homes(lambda x: m(x))[id(h)]
    >>> check.what, check(), m.__setattr__('h', None), check()
    ('Linear.h', True, None, False)
    """
    from tapejit.core.parameter import Parameter
    from tapejit.links.link import Link
    homes: dict = {}
    seen: set = set()

    def visit(link: Any) -> None:
        if id(link) in seen:
            return
        seen.add(id(link))
        for name, v in list(vars(link).items()):
            if (isinstance(v, Variable) and not isinstance(v, Parameter)
                    or v is None and name[0] != '_' and name != 'name'):
                homes.setdefault(None if v is None else id(v), []).append(
                    (('attr', id(link), name),
                     _check(f'{link._label()}.{name}', _attr_is, link, name, v)))
            for child in (v if v.__class__ in (list, tuple) else (v,)):
                if isinstance(child, Link):
                    visit(child)

    for _, _, value in _places(fn, objects):
        c = value.__class__
        for v in (value.values() if c is dict else value if c in (list, tuple) else (value,)):
            if isinstance(v, Link):
                visit(v)
            elif isinstance(v, Variable):
                homes.setdefault(id(v), [])
    # (A link jitted itself, or its method, is a place too.)
    for obj in objects + (fn, getattr(fn, '__self__', None)):
        if isinstance(obj, Link):
            visit(obj)
    return homes


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
    """:func:`scalar_key` extended to containers; ``_NOT_PLAIN`` for the rest."""
    key = scalar_key(v)
    if key is not None:
        return key
    c = v.__class__
    # (Checked on every call: a long container, a data set say, costs too much.)
    if depth >= 3 or c not in (tuple, list, dict, set, frozenset) or len(v) > _MAX_ITEMS:
        return _NOT_PLAIN
    items = tuple(_plain_key(e, depth + 1)
                  for e in (itertools.chain(*v.items()) if c is dict else v))
    if c in (set, frozenset):
        items = tuple(sorted(items, key=repr))  # (a set's order is not its value)
    return _NOT_PLAIN if _NOT_PLAIN in items else (c, items)


_NOT_PLAIN = ('not plain',)


def _keyed(get: Callable[[], Any]) -> Any:
    try:
        return _plain_key(get())
    except _FAILS:
        return _NOT_PLAIN


def _called_functions(fn: Any, depth: int, seen: Optional[set] = None) -> Iterator[Any]:
    """``fn`` and the user functions it calls by a global name or holds in
    a closure cell (a helper, the function a wrapper such as
    ``value_and_grad`` or a training step was given), to ``depth``."""
    seen = set() if seen is None else seen
    while isinstance(fn, (functools.partial, types.MethodType)):
        fn = fn.func if isinstance(fn, functools.partial) else fn.__func__
    if id(fn) in seen:
        return
    seen.add(id(fn))
    yield fn
    if depth == 0:
        return
    code = getattr(fn, '__code__', None)
    globs = getattr(fn, '__globals__', None)
    if not isinstance(code, types.CodeType) or not isinstance(globs, dict):
        return
    held = [globs.get(name) for name in sorted(_code_names(code))]
    for cell in getattr(fn, '__closure__', None) or ():
        try:
            held.append(cell.cell_contents)
        except ValueError:  # (an empty cell)
            continue
    for g in held:
        while isinstance(g, (functools.partial, types.MethodType)):
            g = g.func if isinstance(g, functools.partial) else g.__func__
        # (tapejit's and NumPy's own functions read no user globals.)
        if isinstance(g, types.FunctionType) and not (g.__module__ or '').startswith(
                ('tapejit', 'numpy')):
            yield from _called_functions(g, depth - 1, seen)


def called_functions(fn: Any) -> list:
    """``fn`` and the Python functions it calls by a global name or holds
    in a closure cell, three calls deep (those :func:`value_guards` reads).

    >>> f = lambda x: 2 * x
    >>> called_functions(f)[0] is f
    True
    """
    return list(_called_functions(fn, 3))


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
    for f in _called_functions(fn, 3):
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


def optimizer_guard(opt: Any) -> Callable[[], bool]:
    """``holds()``: whether what a traced ``opt.update()`` depended on
    besides arrays is as it is now: the optimizer's target and hooks, its
    loss-scaling mode, which parameters have arrays and update rules, and
    what each rule holds (enabled, state, hooks, hyperparameter overrides).
    It is written out over these parameters and rules (a compiled step
    checks it every call: identities and flags, no tuples built).  What the
    rules hold is checked again only after a change to some rule
    (``rules_version``).  The parameters themselves are the link
    structure's guard.

    >>> import numpy as np, tapejit, tapejit.links as L
    >>> from tapejit import optimizers
    >>> opt = optimizers.SGD().setup(L.Linear(2, 2))
    >>> holds = optimizer_guard(opt)
    >>> holds(), opt.add_hook(lambda o: None) is None, holds()
    (True, True, False)
    """
    env: dict = {'opt': opt, '_version': rules_version, '_seen': [rules_version[0]]}

    def const(value: Any) -> str:
        name = f'_k{len(env)}'
        env[name] = value
        return name

    def same_hooks(owner: str, obj: Any) -> str:
        pre, post = tuple(obj._pre_update_hooks.values()), tuple(
            obj._post_update_hooks.values())
        if not pre and not post:
            return f'{owner}._pre_update_hooks or {owner}._post_update_hooks'
        return (f'tuple({owner}._pre_update_hooks.values()) != {const(pre)} or '
                f'tuple({owner}._post_update_hooks.values()) != {const(post)}')
    rules = ['def rules_hold():']
    lines = [f'if opt.target is not {const(opt.target)} or {same_hooks("opt", opt)}: '
             'return False']
    lines.append(f'if opt._loss_scaling_is_dynamic != {const(opt._loss_scaling_is_dynamic)}'
                 f' or opt._loss_scaling_multiplier != '
                 f'{const(opt._loss_scaling_multiplier)} or '
                 f"opt.__dict__.get('_loss_scale_var') is not "
                 f"{const(opt.__dict__.get('_loss_scale_var'))}: return False")
    for p in opt.target.params():
        r = p.update_rule
        lines.append(f'if {const(p)}.update_rule is not {const(r)} or {const(p)}._data is '
                     f'{"not " if p._data is None else ""}None: return False')
        if r is not None:
            rules += ['    ' + ln for ln in _rule_check(r, const, same_hooks)]
    lines += ['if _version[0] != _seen[0]:', '    if not rules_hold(): return False',
              '    _seen[0] = _version[0]', 'return True']
    src = ('\n'.join(rules + ['    return True', 'def holds():'])
           + ''.join(f'\n    {ln}' for ln in lines) + '\n')
    exec(compile_source(src, '<tapejit optimizer guard>'), env)
    return env['holds']

def _rule_check(r: Any, const: Callable, same_hooks: Callable) -> list:
    """The lines of :func:`optimizer_guard` for update rule ``r``: one
    condition chain, checked after a change to some rule."""
    state = r._state
    cond = [f'r.enabled is not {const(r.enabled)}', f'r._state is not {const(state)}',
            f'r._use_fp32 is not {const(r._use_fp32)}',
            f'r.hyperparam is not {const(r.hyperparam)}',
            f"r.hyperparam.__dict__['_parent'] is not "
            f"{const(r.hyperparam.__dict__['_parent'])}"]
    if state is not None:
        # (Which variables, not only how many: one replaced under
        # the same name is another input.)
        cond.append(f'len(r._state._vars) != {len(state._vars)}')
        cond += [f'r._state._vars.get({k!r}) is not {const(v)}'
                 for k, v in state._vars.items()]
    cond.append(same_hooks('r', r))
    # (A hyperparameter set for this rule alone: read from the rule
    # then, not from the optimizer.)
    names = frozenset(r.hyperparam.__dict__['_values'])
    cond.append(f"r.hyperparam.__dict__['_values'].keys() != {const(names)}" if names
                else "r.hyperparam.__dict__['_values']")
    return [f'r = {const(r)}', f'if {" or ".join(cond)}: return False']


# (Compared at every call: a larger array's values cost more than a call
# should, so a trace holding one says so instead; see array_value_guards.)
_MAX_COMPARED_BYTES = 1 << 16


class Values(Check):
    """A guard that an array a trace read still holds the values it held
    then (not only that its place holds the same array)."""

    def inline(self, const: Callable[[Any], str], fail: str) -> str:
        """The statement that runs ``fail`` where the array's values,
        shape or dtype changed."""
        arr, shape, dtype, data = self.args
        a = const(arr)
        return (f'if {a}.shape != {const(shape)} or {a}.dtype != {const(dtype)} '
                f'or {a}.tobytes() != {const(data)}: {fail}')


def _holds_values(arr: numpy.ndarray, shape: tuple, dtype: Any, data: bytes) -> bool:
    return arr.shape == shape and arr.dtype == dtype and arr.tobytes() == data


def _held_arrays(getter: Any) -> Iterator[tuple]:
    """``(array, where)`` of the NumPy arrays an identity guard holds."""
    if getattr(getter, 'identity', False):  # (reads.Place: a place the trace read)
        if not getter.internal:  # (a link's own arrays: a tree, a sampler's table)
            yield getter.was, getter.what
    elif isinstance(getter, Check) and getter.func is _holds:
        yield getter.args[1], getter.what
    elif isinstance(getter, Check) and getter.func is _holds_items:
        for k, x in getter.args[3]:
            yield x, f'{getter.what.split(" (")[0]}[{k!r}]'


def array_value_guards(py_guards: Sequence, inputs: Callable[[Any], bool]) -> tuple:
    """``([(key, check), ...], [(array, where), ...])``: guards of the values
    of the NumPy arrays that ``py_guards`` hold by identity (a closed-over
    mask, ``self.coef`` read by ``float(self.coef[0])``), which a trace read
    as constants; and those too large to compare at every call.  Arrays
    the plan reads anew at every call (``inputs(array)``) are left out.

    >>> import numpy as np
    >>> mask = np.ones(2)
    >>> [(key, check)] = identity_guards(lambda x: x * mask, [mask])
    >>> [(_, values)], large = array_value_guards([(check, True)], lambda a: False)
    >>> values.what, values(), mask.__setitem__(0, 0.0), values()
    ("the values of the array held by global 'mask'", True, None, False)
    """
    found: dict = {}
    for getter, _ in py_guards:
        for arr, where in _held_arrays(getter):
            if isinstance(arr, numpy.ndarray) and not arr.dtype.hasobject \
                    and not inputs(arr):
                found.setdefault(id(arr), (arr, where))
    guards, large = [], []
    for arr, where in found.values():
        if arr.nbytes > _MAX_COMPARED_BYTES:
            large.append((arr, where))
            continue
        check = Values(_holds_values, arr, arr.shape, arr.dtype, arr.tobytes())
        check.what = f'the values of the array held by {where}'
        guards.append((('values', id(arr)), check))
    return guards, large
