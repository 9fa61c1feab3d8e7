"""How a plan reads its inputs from a call's arguments and hands back its
results: straight-line Python functions generated once per plan.

Generic loops over a plan's input sources and write-backs would be a
sizeable share of a small compiled step's time.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit.compiler.codecache import define
from tapejit.core.variable import Variable
from tapejit.pytree import unflatten


def _names(env: dict) -> Callable[[Any], str]:
    """``name(value)``: a constant the generated source refers to, added to ``env``."""
    def name(value: Any) -> str:
        key = f'_k{len(env)}'
        env[key] = value
        return key
    return name


def _obj(src: tuple, name: Callable) -> str:
    """The expression of a source's object: an argument, a closed-over one, a
    result, or the Variable a link attribute holds at the call (``('slot',
    link, name)``: a recurrent state ``self.h``, read anew every call)."""
    if src[0] == 'result':
        return f'results[{src[1]}]'
    if src[0] == 'slot':
        return f'{name(src[1])}.__dict__[{src[2]!r}]'
    return f'leaves[{src[1]}]' if src[0] == 'arg' else name(src[1])


class FreshState:
    """How a plan gives a link attribute its new state each call (``self.h
    = ...``): the returned Variable at ``result``, else the one ``made`` by
    the statements giving the call's outputs their graph, else a new one."""

    __slots__ = ('result', 'requires_grad', 'made')

    def __init__(self, result: Optional[int], requires_grad: bool) -> None:
        self.result, self.requires_grad = result, requires_grad
        self.made: Optional[str] = None


def _dynamic_array(x: Any) -> Any:
    v = x.value
    return numpy.asarray(v, numpy.float64 if isinstance(v, float) else numpy.int64)


def _write_data(v: Variable, new: Any) -> None:
    """Replay an in-place write of ``v``'s array (``v.array -= ...``) into
    the array itself, so other references to it see it, as eagerly."""
    old = v._data
    if new is old:  # the compiled plan updated it in place
        return
    # (A memmap's new values are an ndarray: written into the memmap.)
    if (type(old) is type(new) or isinstance(old, numpy.ndarray)
            and isinstance(new, numpy.ndarray)) \
            and old.shape == new.shape and (old.dtype == new.dtype or not old.dtype.isnative
                                            and old.dtype.newbyteorder('=') == new.dtype):
        if not old.flags.writeable:
            # (As eagerly: a new array would leave the caller's and its views stale.)
            name = f' {v.name!r}' if v.name else ''
            raise ValueError(f'output array is read-only: the jitted function writes the '
                             f'array of Variable{name} (shape {old.shape}, dtype {old.dtype}) '
                             'in place, and it is read-only (a broadcast or a '
                             'non-writeable view); copy it first, or assign a new array '
                             '(v.array = v.array - ...)')
        if numpy.may_share_memory(old, new):
            new = new.copy()
        old[...] = new
    else:
        v.array = new


def gather_items(input_sources: list, env: dict) -> list:
    """The expressions (over ``leaves``) of the graph's input arrays, for the
    generated ``gather(leaves) -> inputs``; constants added to ``env``.

    >>> gather_items([(('arg', 1), 'array'), (('arg', 0), 'scalar')], {})
    ['leaves[1]', '_dynamic_array(leaves[0])']
    """
    env['_dynamic_array'] = _dynamic_array
    env['_f64_array'], env['_F64'] = numpy.asarray, numpy.dtype(numpy.float64)
    name = _names(env)
    items = []
    for src, which in input_sources:
        obj = _obj(src, name)
        if which == 'call':
            items.append(_dynamic_item(src[1], obj, name))
        elif which == 'array':
            items.append(obj)
        elif which == 'scalar':
            items.append(f'_dynamic_array({obj})')
        elif which == 'data':
            items.append(f'{obj}._data')
        else:  # the gradient; None where the plan ignores it and there is none
            items.append(f'(None if (_g := {obj}._grad_var) is None else _g._data)')
    return items


def _dynamic_item(getter: Any, obj: str, name: Callable) -> str:
    """The expression reading a dynamic number (a learning rate): a float
    where the getter says it usually is read in place, else the getter."""
    if getter.source is None:
        return f'{obj}()'
    mapping, key = getter.source
    return (f'(_f64_array(_x, _F64) if (_x := {name(mapping)}.get({key!r})).__class__ is float'
            f' else {obj}())')


def compile_aliases(array_sources: list, writes: list,
                    var_pairs: Sequence = ()) -> Optional[Callable[[list], bool]]:
    """``aliases_hold(leaves)``: whether the arrays of a call's arguments and
    Variables are the same objects where the trace's were (the plan reads
    such an array once, from its first holder), and, for a plan that writes
    an array in place, distinct where they were distinct (the plan updates
    each separately); ``None`` where there is nothing to check.

    >>> import numpy as np
    >>> ok = compile_aliases([(('arg', 0), 'array', 0), (('arg', 1), 'array', 0)], [])
    >>> a = np.zeros(2)
    >>> ok([a, a]), ok([a, np.zeros(2)])
    (True, False)
    """
    shared = any(first != j for j, (_, _, first) in enumerate(array_sources))
    writes_arrays = any(w in ('data', 'array', 'rebind') for _, w in writes)
    if not shared and not (writes_arrays and len(array_sources) > 1) and not var_pairs:
        return None
    env: dict = {}
    name = _names(env)
    lines = []
    for j, (src, which, _) in enumerate(array_sources):
        obj = _obj(src, name)
        lines.append(f'a{j} = {obj}._data' if which == 'data' else f'a{j} = {obj}')
    conds = [f'a{j} is a{first}' for j, (_, _, first) in enumerate(array_sources)
             if first != j]
    # ``var_pairs``: (i, j, same) where Variable arguments i < j were one object
    # when traced (captured once) or distinct ones sharing an array.
    conds += [f'leaves[{j}] {"is" if same else "is not"} leaves[{i}]'
              for i, j, same in var_pairs]
    reps = [j for j, (_, _, first) in enumerate(array_sources) if first == j]
    if writes_arrays and len(reps) > 1:
        conds.append(f'len({{{", ".join(f"id(a{j})" for j in reps)}}}) == {len(reps)}')
    lines.append('return ' + (' and '.join(conds) or 'True'))
    return define('aliases_hold', 'leaves', lines, env, '<tapejit plan aliases>')


def finish_lines(out_kinds: list, writes: list, const_outputs: frozenset, out_td: Any, env: dict,
                 attach: Optional[Callable[[dict], list]] = None,
                 checks: Sequence = (), deliver: Optional[Callable] = None) -> list:
    """The statements of the generated ``finish(leaves, outs, inputs=None) ->
    result``: the function's return value built from the plan's output
    arrays, after replaying its writes to Variables (cleared gradients, new
    gradients, new arrays) in trace order; constants added to ``env``.
    ``attach(env)``: statements run once the results are made, before the
    writes (``inputs``, the call's input arrays, still holds the Variables'
    arrays).  ``checks``: ``(first output, count, fail)``, ``fail`` run first
    (it raises before anything is handed out or written).  ``deliver``: the
    function returned ``(result, reports)``, the reports going there.

    >>> finish_lines([('A',), ('S', 7)], [], frozenset(), ('tuple', ('*', '*')), {})
    ['results = [outs[0], _k5]', 'return _unflatten(_k6, results)']
    """
    env.update(_make=Variable._result, _write_data=_write_data, _unflatten=unflatten,
               _new=object.__new__, _V=Variable)
    name = _names(env)
    lines = [f'{name(fail)}({", ".join(f"outs[{i}]" for i in range(at, at + n))})'
             for at, n, fail in checks]
    lines += [f'outs[{i}] = outs[{i}].copy()' for i in sorted(const_outputs)]
    results, k = _result_items(out_kinds, name)
    lines.append(f'results = [{", ".join(results)}]')
    if attach is not None:
        lines += attach(env)
    lines += _write_lines(writes, k, name)
    if deliver is not None:
        return lines + [f'_r = _unflatten({name(out_td)}, results)', f'{name(deliver)}(_r[1])',
                        'return _r[0]']
    lines.append('return results[0]' if out_td == '*'
                 else f'return _unflatten({name(out_td)}, results)')
    return lines


def _result_items(out_kinds: list, name: Callable) -> tuple:
    """The function's results, and how many outputs they take."""
    results = []
    k = 0
    for kind in out_kinds:
        if kind[0] == 'S':
            results.append(name(kind[1]))
        elif kind[0] == 'O':  # an argument or closed-over Variable itself
            results.append(_obj(kind[1], name))
        else:
            results.append(f'_make(outs[{k}], {name(kind[1])})' if kind[0] == 'V'
                           else f'outs[{k}]')
            k += 1
    return results, k


def source_key(src: tuple) -> tuple:
    """A hashable key of a source (a closed-over Variable by identity).

    >>> source_key(('arg', 2))
    ('arg', 2)
    """
    if src[0] == 'slot':
        return ('slot', id(src[1]), src[2])
    return (src[0], src[1] if src[0] == 'arg' else id(src[1]))


def _make_inline(target: str, data: str) -> list:
    """A gradient's Variable made inline, as Variable._make does (a call less
    per parameter of a small step)."""
    rest = [f for f in Variable.__slots__ if f not in ('_data', '_requires_grad', '__weakref__')]
    return (['_v = _new(_V)', f'_v._data = {data}', '_v._requires_grad = False']
            + [f'_v.{f} = None' for f in rest] + [f'{target} = _v'])


def _write_lines(writes: list, k: int, name: Callable) -> list:
    """The statements replaying the plan's writes, whose outputs start at ``k``;
    of a Variable's gradient writes only the last, the one seen."""
    last_grad = {source_key(src): n for n, (src, which) in enumerate(writes)
                 if which in ('cleargrad', 'grad', 'graddata')}
    lines = []
    rebinds: list = []
    fresh_lines: list = []
    for n, (src, which) in enumerate(writes):
        obj = _obj(src, name)
        if which.__class__ is tuple:
            # ('rebind_to', source, kind): another holder's object, after its writes.
            _, other, kind = which
            held = _obj(other, name) + ('._data' if kind == 'data' else '')
            rebinds.append(f'{obj}.array = {held}')
            continue
        if which in ('cleargrad', 'grad', 'graddata') and last_grad[source_key(src)] != n:
            pass  # (replaced by a later write)
        elif which == 'cleargrad':
            lines.append(f'{obj}._grad_var = None')
        elif which == 'grad':
            lines += _make_inline(f'{obj}._grad_var', f'outs[{k}]')
        elif which == 'graddata':
            # The call's gradient array, written in place: the caller's takes the values.
            lines.append(f'_write_data({obj}._grad_var, outs[{k}])')
        elif which == 'fresh':
            # A link's state (``self.h = ...``) given a new Variable, as eagerly:
            # the one returned, the one given the call's node, or a new one.
            fresh = src[3]
            made = (f'results[{fresh.result}]' if fresh.result is not None
                    else fresh.made or f'_make(outs[{k}], {fresh.requires_grad})')
            # (Last: the writes above reach the Variable the call read there.)
            fresh_lines.append(f'{name(src[1])}.__dict__[{src[2]!r}] = {made}')
        elif which == 'attr':
            # A link's state (``self.h = ...``): its Variable, holding the new array.
            lines += [f'{obj}.array = outs[{k}]', f'{name(src[2])}.__dict__[{src[3]!r}] = {obj}']
        elif which == 'rebind':
            # ``v.array = ...``: it holds the new array; the old one is left as it was.
            lines.append(f'{obj}.array = outs[{k}]')
        elif which == 'array':
            # An array argument written in place (unless the plan wrote it itself).
            lines.append(f'if outs[{k}] is not {obj}: {obj}[...] = outs[{k}]')
        else:
            # (An array the plan updated in place is the Variable's already.)
            lines.append(f'if outs[{k}] is not {obj}._data: _write_data({obj}, outs[{k}])')
        k += which != 'cleargrad'  # (a cleared gradient has no output)
    return lines + rebinds + fresh_lines
