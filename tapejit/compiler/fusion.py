"""Fusion: partition a graph's equations into loop groups and library calls.

A loop group has one iteration shape ``S``: elementwise equations producing
arrays of shape ``S`` (outside inputs loaded with broadcasting) and
reductions of members, which nothing in the group reads.  Everything else is
a call of the primitive's ``impl``.  An equation joins a group of one of its
inputs when the shapes agree and no other input depends on that group
through something outside it.
"""

from __future__ import annotations

import math
from typing import Union

import numpy

from tapejit.compiler.kernel_ir import outside_inputs
from tapejit.ir.graph import Eqn, Graph

# Dtypes the generated loops handle; others (float16, complex) run eagerly.
SUPPORTED = frozenset(numpy.dtype(d) for d in (
    'bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
    'float32', 'float64'))
MAX_RANK = 8
# A value a later group reads that is made from its group's inputs by at
# most this many elementwise equations, each one of :data:`CHEAP`, is
# computed again by each reader instead (:func:`recompute_in_readers`).
RECOMPUTE_EQNS = 8
# A few vector instructions each: recomputed, they cost less than a pass
# over memory (a transcendental function may not).
CHEAP = frozenset(('absolute', 'add', 'broadcast_to', 'cast', 'equal', 'greater',
                   'greater_equal', 'less', 'less_equal', 'maximum', 'minimum', 'mul', 'neg',
                   'not_equal', 'sign', 'sub', 'where'))


class Group:
    """A fused loop nest over ``shape``."""

    __slots__ = ('id', 'shape', 'members', 'ew', 'red')

    def __init__(self, id: int, shape: tuple) -> None:
        self.id = id
        self.shape = shape
        self.members: list = []  # Eqns, in graph order
        self.ew: set = set()     # ids of elementwise member outputs
        self.red: set = set()    # ids of reduction outputs

    def __repr__(self) -> str:
        return (f'Group(id={self.id}, shape={self.shape}, '
                f'members={[e.prim.name for e in self.members]})')


class RowChain:
    """Loop groups run in one loop over the rows of ``shape``, each part in
    turn per row, so a later part reads what an earlier one reduced from the
    row while it is in cache (softmax, layer norm: one pass over memory).
    ``views``: reshape equations between parts, run as views."""

    __slots__ = ('shape', 'parts', 'views', 'items')

    def __init__(self, shape: tuple) -> None:
        self.shape = shape
        self.parts: list = []    # Groups, in order
        self.views: list = []    # reshape Eqns taken in
        self.items: list = []    # both, in the order they run

    def __repr__(self) -> str:
        return f'RowChain(shape={self.shape}, parts={self.parts})'


Unit = Union[Group, RowChain, Eqn]


# The primitive's own kind (:data:`tapejit.ops.registry.KINDS`) -> how a
# loop group takes it: views and calls run between kernels.
_LOOP_KIND = {'elementwise': 'ew', 'broadcast': 'ew', 'reduction': 'reduce'}


def kind(e: Eqn) -> str:
    """'ew' (elementwise or broadcast), 'reduce', or 'call', from the
    primitive's declared kind, its dtypes and its rank.

    >>> from tapejit.ops.registry import PRIMITIVES
    >>> class E:                          # (an equation's fields kind reads)
    ...     prim, inputs = PRIMITIVES['matmul'], []
    ...     out = type('V', (), {'dtype': numpy.dtype('float32'), 'shape': (2, 2)})
    >>> kind(E)
    'call'
    """
    k = _LOOP_KIND.get(e.prim.kind)
    if (k is None or e.out.dtype not in SUPPORTED or len(e.out.shape) > MAX_RANK
            or any(v.dtype not in SUPPORTED for v in e.inputs)):
        return 'call'
    return k


def reduce_axes(e: Eqn) -> tuple:
    shape = e.inputs[0].shape
    axis = e.params.get('axis')
    if axis is None:
        return tuple(range(len(shape)))
    axis = (axis,) if isinstance(axis, int) else tuple(axis)
    return tuple(sorted(a % len(shape) for a in axis)) if shape else ()


def partition(g: Graph, rows: bool = True) -> list:
    """The graph's equations as units (groups and calls) in an order that
    runs it; with ``rows``, groups over the same rows merge into row chains."""
    p = _Partition()
    for idx, e in enumerate(g.eqns):
        p.place(idx, e)
    order = _schedule(p.units)
    order = merge_rows(order) if rows else order
    recompute_in_readers(order, {v.id for v in g.outvars},
                         {id(e): k for k, e in enumerate(g.eqns)})
    return order


class _Partition:
    """The groups being formed, and what each value depends on."""

    def __init__(self) -> None:
        self.groups: list = []
        self.owner: dict = {}      # var id -> Group producing it
        # var id -> groups it depends on directly (its own, or through calls);
        # group id -> groups its outside inputs depend on (a group runs whole).
        self.src: dict = {}
        self.gdeps: dict = {}
        self.units: list = []      # (first eqn index, unit)
        self.open_groups: dict = {}  # shape -> groups of that shape, newest last
        self.last_impure = None      # the output of the last impure call placed

    def place(self, idx: int, e: Eqn) -> None:
        k = kind(e)
        x = e.inputs[0] if e.inputs else None
        if k == 'ew':
            self._place_elementwise(idx, e)
        elif k == 'reduce' and x.shape and x.id in self.owner and x.id in self.owner[x.id].ew:
            self._join(self.owner[x.id], e, reduction=True)
        elif k == 'reduce' and len(x.shape) >= 2 and x.id not in self.owner:
            # A reduction of a value computed elsewhere: a loop a row chain can take in.
            self._join(self._new_group(idx, x.shape), e, reduction=True)
        else:
            self.units.append((idx, e))
            self.src[e.out.id] = set().union(*(self.src.get(v.id, ()) for v in e.inputs))
            if not e.prim.pure:
                # Impure calls (random draws, collectives) run in their traced
                # order: each waits for what the one before it waited for, so
                # no group takes in work that would run a later draw first.
                if self.last_impure is not None:
                    self.src[e.out.id] |= self.src[self.last_impure]
                self.last_impure = e.out.id

    def _place_elementwise(self, idx: int, e: Eqn) -> None:
        # (A broadcast's input has another shape: always loaded from outside.)
        owner = self.owner
        cands = [owner[v.id] for v in e.inputs
                 if e.prim.name != 'broadcast_to' and v.id in owner
                 and v.id in owner[v.id].ew and owner[v.id].shape == e.out.shape]
        if not cands:
            # Any group of this shape will do, newest first: independent chains
            # over the same data share one loop.
            cands = list(reversed(self.open_groups.get(e.out.shape, [])))
        target = next((grp for grp in cands if self._can_join(grp, e)), None)
        if target is None:
            target = self._new_group(idx, e.out.shape)
            self.open_groups.setdefault(e.out.shape, []).append(target)
        self._join(target, e, reduction=False)

    def _new_group(self, idx: int, shape: tuple) -> Group:
        grp = Group(len(self.groups), shape)
        self.groups.append(grp)
        self.gdeps[grp.id] = set()
        self.units.append((idx, grp))
        return grp

    def _closure(self, ids: set) -> set:
        seen: set = set()
        stack = list(ids)
        while stack:
            k = stack.pop()
            if k not in seen:
                seen.add(k)
                stack.extend(self.gdeps[k])
        return seen

    def _can_join(self, grp: Group, e: Eqn) -> bool:
        return all(v.id in grp.ew or grp.id not in self._closure(self.src.get(v.id, set()))
                   for v in e.inputs)

    def _join(self, grp: Group, e: Eqn, reduction: bool) -> None:
        grp.members.append(e)
        for v in e.inputs:
            if v.id not in grp.ew and v.id not in grp.red:
                self.gdeps[grp.id] |= self.src.get(v.id, set())
        (grp.red if reduction else grp.ew).add(e.out.id)
        self.owner[e.out.id] = grp
        self.src[e.out.id] = {grp.id}


def recompute_in_readers(units: list, outputs: set, position: dict) -> None:
    """Where a group's value is read by later groups only (of its shape, not
    an output of the graph) and is made from the group's own inputs by at
    most :data:`RECOMPUTE_EQNS` cheap elementwise equations reading at most
    twice its bytes per element, each reader computes it again from those inputs
    and the group no longer stores it: a pass writing an array and another
    reading it back become two reads of what was read anyway.  (A batch
    normalization's centered input ``x - mean``, which its backward pass
    reads: each pass reads ``x`` instead.)  A value the group stores
    whatever happens (an output of the graph, or one a call reads) counts
    as an input: read, not made again and stored twice.

    Where several such values are made cheaply from one costlier value of
    the group (and its inputs) instead, the group stores that one, and the
    readers compute the others from it: one array written and read back
    where there were several.  (A tanh GELU's ``1 + t`` and ``1 - t**2``,
    which its backward pass reads: the group stores ``t`` alone.)
    ``position``: each equation's index in the graph (by ``id``), the order
    a group's members keep."""
    readers = _Readers(units)
    for grp in [u for u in units if isinstance(u, Group)]:
        kept, left = set(), []
        for e in [e for e in grp.members if e.out.id in grp.ew]:
            users = [u for u in readers.of(e.out.id) if u is not grp]
            # (A row chain reads its parts' values while in cache: its own
            # groups are left as they are, and a chain reading the value
            # reads it stored.)
            if e.out.id in outputs or not all(
                    isinstance(u, Group) and u.shape == grp.shape for u in users):
                kept.add(e.out.id)
            elif users:
                left.append((e, users))
        later = []
        for e, users in left:
            made = _made_from_inputs(grp, e, kept)
            if made is None:
                later.append((e, users))
            else:
                _recompute(made, users, readers, position)
        _store_anchors(grp, later, kept, readers, position)


def _recompute(made: list, users: list, readers: '_Readers', position: dict) -> None:
    """Each of ``users`` computes the equations ``made`` itself."""
    for reader in users:
        # (Two values' equations may share some: each taken once.)
        have = {m.out.id for m in reader.members}
        reader.members += [m for m in made if m.out.id not in have]
        reader.members.sort(key=lambda m: position[id(m)])
        reader.ew.update(m.out.id for m in made)
        readers.update(reader)


def _store_anchors(grp: Group, left: list, kept: set, readers: '_Readers',
                   position: dict) -> None:
    """Of the values ``left`` (``(eqn, later readers)``) that ``grp`` still
    stores, those made cheaply from one of its costlier values (the anchor)
    are computed by their readers from it, where that stores fewer arrays:
    at least two values for an anchor not stored already, one for a stored
    one.  (``kept``: the values the group stores whatever happens.)  Each
    anchor is one the values reach through cheap equations, the anchors
    reached by most taken first."""
    own = {m.out.id: m for m in grp.members if m.out.id in grp.ew}
    reached: dict = {}      # anchor id -> the entries of ``left`` reaching it
    for entry in left:
        seen, stack = set(), [entry[0]]
        while stack:
            m = stack.pop()
            if m.out.id in seen or m.out.id in kept:
                continue
            seen.add(m.out.id)
            if m.prim.name not in CHEAP:
                if m is not entry[0] and m.out.shape == grp.shape:
                    reached.setdefault(m.out.id, []).append(entry)
                continue
            stack.extend(own[v.id] for v in m.inputs if v.id in own)
    stored = {e.out.id for e, _ in left} | kept
    done: set = set()
    for w, entries in sorted(reached.items(), key=lambda kv: -len(kv[1])):
        covered = [(e, users, made) for e, users in entries if e.out.id not in done
                   and (made := _made_from_inputs(grp, e, kept | {w})) is not None]
        if len(covered) - (w not in stored) <= 0:
            continue
        for e, users, made in covered:
            _recompute(made, users, readers, position)
            done.add(e.out.id)
        stored = (stored - done) | {w}


class _Readers:
    """Which units read each value from outside themselves, kept as groups
    take in equations (a graph's units are many: an unrolled loop's)."""

    def __init__(self, units: list) -> None:
        self.reads: dict = {}      # id(unit) -> ids of the values it reads
        self.by_value: dict = {}   # value id -> {id(unit): unit}
        for u in units:
            self.update(u)

    def of(self, vid: int) -> list:
        return list(self.by_value.get(vid, {}).values())

    def update(self, u: Union[Group, RowChain, Eqn]) -> None:
        for vid in self.reads.get(id(u), ()):
            del self.by_value[vid][id(u)]
        self.reads[id(u)] = {v.id for v in outside_inputs(_members(u))}
        for vid in self.reads[id(u)]:
            self.by_value.setdefault(vid, {})[id(u)] = u


def _members(u: Union[Group, RowChain, Eqn]) -> list:
    if isinstance(u, RowChain):
        return [e for p in u.items for e in _members(p)]
    return u.members if isinstance(u, Group) else [u]


def _made_from_inputs(grp: Group, e: Eqn, leaves: set = frozenset()) -> Union[list, None]:
    """The equations of ``grp`` that make ``e``'s value from the group's
    outside inputs (and its values ``leaves``, read as inputs), in order,
    where they are few, cheap, and read at most twice the value's bytes per
    element; else None."""
    own = {m.out.id: m for m in grp.members if m.out.id in grp.ew and m.out.id not in leaves}
    need, stack = {}, [e]
    while stack:
        m = stack.pop()
        if m.out.id in need:
            continue
        if m.prim.name not in CHEAP or len(need) == RECOMPUTE_EQNS:
            return None
        need[m.out.id] = m
        stack.extend(own[v.id] for v in m.inputs if v.id in own)
    made = [m for m in grp.members if m.out.id in need]
    full = [v for v in outside_inputs(made) if v.shape == e.out.shape]
    if sum(numpy.dtype(v.dtype).itemsize for v in full) > 2 * numpy.dtype(e.out.dtype).itemsize:
        return None
    return made


def _schedule(units: list) -> list:
    """Topological order of the units (a group runs once all its outside inputs exist)."""
    eqns = {id(u): u.members if isinstance(u, Group) else [u] for _, u in units}
    produced_by = {e.out.id: k for k, es in eqns.items() for e in es}
    remaining = {id(u): (i, u) for i, u in units}
    need = {k: {produced_by[v.id] for v in outside_inputs(es) if v.id in produced_by}
            for k, es in eqns.items()}
    # (Impure calls in their traced order: each after the one before it.)
    impure = [id(u) for _, u in sorted(units, key=lambda iu: iu[0])
              if not isinstance(u, Group) and not u.prim.pure]
    for before, after in zip(impure, impure[1:]):
        need[after].add(before)
    done: set = set()
    order = []
    while remaining:
        ready = [(i, k) for k, (i, u) in remaining.items() if need[k] <= done]
        if not ready:  # cannot happen: joining a group never closes a cycle
            raise AssertionError(f'fusion produced a cyclic schedule: {remaining}')
        i, k = min(ready)
        order.append(remaining.pop(k)[1])
        done.add(k)
    return order


def _chain_reads_ok(part: Group, S: tuple, made: dict) -> bool:
    """Whether every value ``part`` reads from earlier chain parts is of the
    same row (full-width parts: full or trailing-1 row values)."""
    ok = (S, S[:-1] + (1,)) if part.shape == S else (part.shape,)
    return all(made[v.id] != 'red-partial' and v.shape in ok
               for v in outside_inputs(part.members) if v.id in made)


def merge_rows(units: list) -> list:
    """Merge runs of consecutive units into :class:`RowChain` s where it is safe."""
    out: list = []
    i = 0
    while i < len(units):
        u = units[i]
        S = u.shape if isinstance(u, Group) else None
        # (a single row would make row values size-1 scalars, read up front)
        if S is None or len(S) < 2 or S[-1] <= 1 or int(math.prod(S[:-1])) < 2:
            out.append(u)
            i += 1
            continue
        rows = (S[:-1], S[:-1] + (1,))
        chain = RowChain(S)
        made: dict = {}   # var id -> 'full' | 'row' | 'red-row' | 'red-partial'
        j = i
        while j < len(units):
            v = units[j]
            if isinstance(v, Group):
                if (v.shape not in (S,) + rows or (v.shape != S and v.red)
                        or not _chain_reads_ok(v, S, made)):
                    break
                # a full-width part must run as a row loop (not a flat one)
                for e in v.members:
                    if e.out.id in v.red:
                        ax = reduce_axes(e)
                        made[e.out.id] = 'red-row' if ax == (len(S) - 1,) else 'red-partial'
                    else:
                        made[e.out.id] = 'full' if v.shape == S else 'row'
                chain.parts.append(v)
                chain.items.append(v)
            elif (isinstance(v, Eqn) and v.prim.name == 'reshape' and v.inputs[0].id in made
                  and made[v.inputs[0].id] in ('row', 'red-row')
                  and v.inputs[0].shape in rows and v.out.shape in rows):
                made[v.out.id] = 'row'
                chain.views.append(v)
                chain.items.append(v)
            else:
                break
            j += 1
        # Worth it only when a full-width part reads an earlier part's row result.
        full = [p for p in chain.parts if p.shape == S]
        uses = any(made.get(x.id) in ('row', 'red-row')
                   for p in full for x in outside_inputs(p.members))
        while j > i and isinstance(units[j - 1], Eqn):
            # a trailing reshape has no reader inside the chain: leave it out
            chain.views.remove(units[j - 1])
            chain.items.remove(units[j - 1])
            j -= 1
        if len(full) >= 2 and uses:
            out.append(chain)
            i = j
        else:
            out.append(u)
            i += 1
    return out
