"""Fusion: partition a graph's equations into loop groups and library calls.

A loop group has one iteration shape ``S``.  Its members are elementwise
equations producing arrays of shape ``S`` (inputs from outside the group are
loaded with broadcasting, so ``broadcast_to`` costs nothing) and reductions
of members (``sum``/``max``/``min`` over any axes), which end the group:
nothing inside the group reads a reduction's result.  Everything else
(matmul, indexing, concat, ...) is a call of the primitive's ``impl``.

An equation joins a group of one of its inputs when the shapes agree and no
other input depends on that group through something outside it, so the
groups, run in dependency order, compute the graph exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

import numpy

from tapejit.compiler import cpu_ops  # noqa: F401  (registers the op table)
from tapejit.ir.graph import Eqn, Graph

# Dtypes the generated loops handle; others (float16, complex) run eagerly.
SUPPORTED = frozenset(numpy.dtype(d) for d in (
    'bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
    'float32', 'float64'))
MAX_RANK = 8


@dataclass
class Group:
    """A fused loop nest over ``shape``."""

    id: int
    shape: tuple
    members: list = field(default_factory=list)   # Eqns, in graph order
    ew: set = field(default_factory=set)          # ids of elementwise member outputs
    red: set = field(default_factory=set)         # ids of reduction outputs
    first: int = 0                                 # index of its first equation


Unit = Union[Group, Eqn]


def _ok_dtypes(e: Eqn) -> bool:
    return e.out.dtype in SUPPORTED and all(v.dtype in SUPPORTED for v in e.inputs)


def kind(e: Eqn) -> str:
    """'ew' (elementwise or broadcast), 'reduce', or 'call'."""
    low = e.prim.lowering.get('cpu')
    if low is None or not _ok_dtypes(e) or len(e.out.shape) > MAX_RANK:
        return 'call'
    if low == 'reduce':
        return 'reduce'
    return 'ew'


def reduce_axes(e: Eqn) -> tuple:
    shape = e.inputs[0].shape
    axis = e.params.get('axis')
    if axis is None:
        return tuple(range(len(shape)))
    axis = (axis,) if isinstance(axis, int) else tuple(axis)
    return tuple(sorted(a % len(shape) for a in axis)) if shape else ()


def partition(g: Graph) -> list:
    """The graph's equations as units (groups and calls) in an order that runs it."""
    groups: list = []
    owner: dict = {}      # var id -> Group producing it
    # var id -> groups it depends on directly (its own group, or through calls);
    # gdeps[group id] -> groups the group's outside inputs depend on. A group runs
    # as a whole, so what one member depends on, all of its values depend on.
    src: dict = {}
    gdeps: dict = {}
    units: list = []      # (first eqn index, unit)

    def closure(ids: set) -> set:
        seen = set()
        stack = list(ids)
        while stack:
            k = stack.pop()
            if k not in seen:
                seen.add(k)
                stack.extend(gdeps[k])
        return seen

    def can_join(grp: Group, e: Eqn) -> bool:
        return all(v.id in grp.ew or grp.id not in closure(src.get(v.id, set()))
                   for v in e.inputs)

    def join(grp: Group, e: Eqn) -> None:
        grp.members.append(e)
        for v in e.inputs:
            if v.id not in grp.ew and v.id not in grp.red:
                gdeps[grp.id] |= src.get(v.id, set())
        owner[e.out.id] = grp
        src[e.out.id] = {grp.id}

    open_groups: dict = {}  # shape -> groups of that shape, newest last
    for idx, e in enumerate(g.eqns):
        k = kind(e)
        if k == 'ew':
            target = None
            # A broadcast's input has another shape: it is always loaded from
            # outside, so only the shape-wide candidates apply to it.
            cands = [owner[v.id] for v in e.inputs
                     if e.prim.name != 'broadcast_to'
                     and v.id in owner and v.id in owner[v.id].ew
                     and owner[v.id].shape == e.out.shape]
            if not cands:
                # No producer in a group: any group of this shape will do (the
                # newest first), so independent chains over the same data share
                # one loop.
                cands = list(reversed(open_groups.get(e.out.shape, [])))
            for grp in cands:
                if can_join(grp, e):
                    target = grp
                    break
            if target is None:
                target = Group(len(groups), e.out.shape, first=idx)
                groups.append(target)
                gdeps[target.id] = set()
                open_groups.setdefault(e.out.shape, []).append(target)
                units.append((idx, target))
            join(target, e)
            target.ew.add(e.out.id)
        elif k == 'reduce' and e.inputs[0].shape and e.inputs[0].id in owner \
                and e.inputs[0].id in owner[e.inputs[0].id].ew:
            grp = owner[e.inputs[0].id]
            join(grp, e)
            grp.red.add(e.out.id)
        else:
            units.append((idx, e))
            deps: set = set()
            for v in e.inputs:
                deps |= src.get(v.id, set())
            src[e.out.id] = deps
    return _schedule(units, owner)


def _schedule(units: list, owner: dict) -> list:
    """Topological order of the units (a group runs once all its outside inputs exist)."""
    produced_by: dict = {}
    for _, u in units:
        for e in (u.members if isinstance(u, Group) else [u]):
            produced_by[e.out.id] = id(u)
    remaining = {id(u): (i, u) for i, u in units}
    need: dict = {}
    for i, u in units:
        own = {e.out.id for e in (u.members if isinstance(u, Group) else [u])}
        need[id(u)] = {produced_by[v.id] for e in (u.members if isinstance(u, Group) else [u])
                       for v in e.inputs if v.id in produced_by and v.id not in own}
    done: set = set()
    order = []
    while remaining:
        ready = [(i, k) for k, (i, u) in remaining.items() if need[k] <= done]
        if not ready:  # cannot happen: joining a group never closes a cycle
            names = {k: (u.id if isinstance(u, Group) else u.prim.name)
                     for k, (i, u) in remaining.items()}
            raise AssertionError('fusion produced a cyclic schedule: ' + str(
                {names[k]: [names.get(x, 'done') for x in need[k] - done] for k in remaining}))
        i, k = min(ready)
        order.append(remaining.pop(k)[1])
        done.add(k)
    return order
