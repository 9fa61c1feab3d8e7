"""Memory planning: a plan's buffers, decided before any kernel is rendered.

A target-free pass over a :class:`~tapejit.compiler.plan.Plan`'s steps.  A
kernel step is known here by what it reads and writes (its
:class:`~tapejit.compiler.kernel_ir.Interface`: ``inputs`` as ``(var,
mode)``, ``stores``, ``shape``; ``ins`` and ``outs`` as slots) and two
facts its target gives: ``single_pass`` (each element of each input is read
only by the thread storing at that index, before it stores: a store may
then be written through the input) and ``fresh`` (each output is a new
array of its own).  The pass decides, for every target alike:

- which slots each step frees: given back to the pool (large ones, where
  the target pools buffers) or dropped;
- **donation**: a graph output written into the array of the input it
  updates (a parameter's update, as eager ``W.array -= ...``), by the kernel
  storing it where that kernel reads the input for the last time at the
  index it writes, else copied in at the end (``copies``);
- **in-place reuse**: a kernel's store written into an intermediate it reads
  for the last time (a fresh array nothing else views), whose lines are in
  cache already;
- the inputs never read, and the outputs that must be copies.

Each kernel is then rendered once, with its in-place stores known
(``in_place[n]``: store index -> index in its ``inputs``).

>>> import numpy as np
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.targets import compile_graph
>>> g = trace_graph(lambda w, d: w - 0.1 * d, [np.ones(4, np.float32)] * 2)
>>> mem = compile_graph(g, donate={0: 0}).plan.memory
>>> mem.in_place, mem.donated_inputs   # (step 0 stores its value 0 through its input 1: w)
({0: {0: 1}}, [0])
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from tapejit.compiler.plan import nbytes, reads, writes
from tapejit.compiler.program import NEW_ARRAY_CALLS

# Library calls whose result is always a new array; any other may return a
# view of an argument (reshape, transpose, indexing), which matters when that
# argument's array is written in place.
FRESH_CALLS = NEW_ARRAY_CALLS


class MemoryPlan:
    """The buffer decisions of a plan (see the module's docstring): per step
    the slots freed to the pool (``free_after``) or dropped (``drop_after``)
    and its in-place stores (``in_place``); the inputs written
    (``donated_inputs``), the donated updates copied in at the end
    (``copies``: (output, input)), the inputs never read, the outputs
    returned as copies, and the inputs that could share a donated array's
    memory (``alias_candidates``)."""

    def __init__(self) -> None:
        self.free_after: list = []
        self.drop_after: list = []
        self.in_place: dict = {}
        self.donated_inputs: list = []
        self.copies: list = []
        self.unused_inputs: frozenset = frozenset()
        self.copy_out: list = []
        self.alias_candidates: list = []

    def describe(self) -> list:
        """One line per step, then the plan-wide decisions (``explain_passes``)."""
        lines = [f'  {n}: free {f} drop {d}'
                 + (f' in place {sorted(self.in_place[n].items())}' if n in self.in_place else '')
                 for n, (f, d) in enumerate(zip(self.free_after, self.drop_after))]
        return lines + [f'  donated inputs: {self.donated_inputs} (copied in: {self.copies}); '
                        f'outputs copied: {self.copy_out}; inputs never read: '
                        f'{sorted(self.unused_inputs)}']


def plan_memory(plan: Any, donate: Optional[dict], pool_min: Optional[int]) -> MemoryPlan:
    """The :class:`MemoryPlan` of ``plan``'s steps; ``donate`` maps a graph
    output to the input it may be written into; buffers of ``pool_min``
    bytes and more go back to the pool (``None``: the target pools none)."""
    mem = MemoryPlan()
    last = last_steps(plan.steps)
    _frees(mem, plan, last, pool_min)
    read = plan.read_slots()
    mem.unused_inputs = frozenset(i for i, sl in enumerate(plan.in_slots) if sl not in read)
    alias = set(plan.in_slots) | {c for c, _ in plan.const_slots}
    mem.copy_out = [i for i, sl in enumerate(plan.out_slots) if sl in alias]
    views = _Views(plan)
    donated = _donate(mem, plan, dict(donate or {}), last, views)
    _reuse(mem, plan, last, views)
    mem.copies = _copies(mem, plan, dict(donate or {}), read, views)
    mem.donated_inputs = sorted({*donated, *(i for _, i in mem.copies)})
    mem.alias_candidates = [i for i, v in enumerate(plan.graph.invars)
                            if v.shape != () or i in mem.donated_inputs]
    return mem


def last_steps(steps: Sequence) -> dict:
    """Per slot, the last step reading it (or the step writing it, if none reads it)."""
    last: dict = {}
    for i, (kind, st) in enumerate(steps):
        for w in writes(kind, st):
            last.setdefault(w, i)
        for r in reads(kind, st):
            last[r] = i
    return last


def _frees(mem: MemoryPlan, plan: Any, last: dict, pool_min: Optional[int]) -> None:
    """Each step's slots freed after it: large ones to the pool (the next
    call does not fault their pages in again), the rest dropped."""
    keep = plan.kept()
    free = [[r for r, i2 in last.items() if i2 == i and r not in keep]
            for i in range(len(plan.steps))]
    g, ids = plan.graph, plan.slot_ids
    big = set() if pool_min is None else {
        ids[v.id] for v in list(g.invars) + list(g.constvars) + [e.out for e in g.eqns]
        if v.id in ids and nbytes(v) >= pool_min}
    mem.free_after = [[r for r in f if r in big] for f in free]
    mem.drop_after = [[r for r in f if r not in big] for f in free]


class _Views:
    """Per slot, the slots of values that may share memory with its array:
    the results of library calls on it (or on such a value), unless the
    call always returns a new array."""

    def __init__(self, plan: Any) -> None:
        self.calls = [(st[2], st[3]) for u, (kind, st) in zip(plan.units, plan.steps)
                      if kind == 'call' and u.prim.name not in FRESH_CALLS]

    def of(self, slot: int) -> set:
        alias = {slot}
        for ins, out in self.calls:
            if alias.intersection(ins):
                alias.add(out)
        return alias - {slot}


def _writable_at(plan: Any, st: Any, j: int, n: int, last: dict, views: _Views) -> bool:
    """Whether kernel step ``st`` (step ``n``) may write a store through its
    input ``j``: it reads that input once, only at the index it writes (no
    broadcast), nothing reads it later and no view of it is read from step
    ``n`` on or returned (the write would change it)."""
    iv, mode = st.inputs[j]
    sl = st.ins[j]
    if not (st.single_pass and mode in ('flat', 'nd') and st.shape == iv.shape
            and last.get(sl) == n and sum(1 for w, _ in st.inputs if w.id == iv.id) == 1):
        return False
    vs = views.of(sl)
    return not (vs & set(plan.out_slots) or any(
        r in vs for kind, s in plan.steps[n:] for r in reads(kind, s)))


def donatable(plan: Any, o: int, i: int) -> bool:
    """Whether output ``o`` may be written into input ``i``'s array at all:
    both exist, of one shape and dtype, and neither that input nor output
    ``o``'s value is returned otherwise (the caller's result would change
    on the next call)."""
    g, outs = plan.graph, plan.out_slots
    return (o < len(g.outvars) and i < len(g.invars) and plan.in_slots[i] not in outs
            and outs.count(outs[o]) == 1 and g.outvars[o].shape == g.invars[i].shape
            and g.outvars[o].dtype == g.invars[i].dtype)


def _donate(mem: MemoryPlan, plan: Any, donate: dict, last: dict, views: _Views) -> list:
    """The kernels writing output ``o`` into input ``i``'s array (``donate``
    maps o -> i) where :func:`_writable_at` allows it and neither the input
    nor (a view of) the output is returned otherwise; the inputs so written."""
    g, outs = plan.graph, set(plan.out_slots)
    written = []
    for o, i in donate.items():
        # (A view of the output returned: the caller's result would change.)
        if not donatable(plan, o, i) or views.of(plan.out_slots[o]) & outs:
            continue
        ov, iv = g.outvars[o], g.invars[i]
        for n, (kind, st) in enumerate(plan.steps):
            stores = [v.id for v in st.stores] if kind == 'kernel' else []
            if ov.id not in stores:
                continue
            pos = [k for k, (v, _) in enumerate(st.inputs) if v.id == iv.id]
            if pos and _writable_at(plan, st, pos[0], n, last, views):
                mem.in_place.setdefault(n, {})[stores.index(ov.id)] = pos[0]
                written.append(i)
            break
    return written


def _reuse(mem: MemoryPlan, plan: Any, last: dict, views: _Views) -> None:
    """Let a kernel write a store into the array of an intermediate it reads
    for the last time, at the index it writes (a matmul's result or an
    earlier kernel's buffer): those lines are in cache already."""
    # Per slot, whether its array is new: a fresh call's, or a kernel's own
    # buffer; not another call's result (a view of some other array, maybe).
    fresh: dict = {}
    for u, (kind, st) in zip(plan.units, plan.steps):
        for w in writes(kind, st):
            fresh.setdefault(w, u.prim.name in FRESH_CALLS if kind == 'call' else st.fresh)
    outs = set(plan.out_slots)
    for n, (kind, st) in enumerate(plan.steps):
        if kind != 'kernel' or not st.single_pass or n in mem.in_place:
            continue
        taken: dict = {}
        for k, (v, sl_out) in enumerate(zip(st.stores, st.outs)):
            if sl_out in outs:
                continue
            for j, ((iv, _), sl) in enumerate(zip(st.inputs, st.ins)):
                if (j in taken.values() or iv.shape != v.shape or iv.dtype != v.dtype
                        or sl in outs or not fresh.get(sl)
                        or not _writable_at(plan, st, j, n, last, views)):
                    continue
                taken[k] = j
                # The buffer lives on as the store's: dropped from the
                # input's slot, not given back to the pool.
                if sl in mem.free_after[n]:
                    mem.free_after[n].remove(sl)
                    mem.drop_after[n].append(sl)
                break
        if taken:
            mem.in_place[n] = taken


def _copies(mem: MemoryPlan, plan: Any, donate: dict, read: set, views: _Views) -> list:
    """(output, input) of the donated updates no kernel writes in place:
    copied into the input's own array at the end, so the caller finds it
    there (as eager ``W.array -= ...``)."""
    in_place = {(plan.steps[n][1].outs[k], plan.steps[n][1].ins[j])
                for n, taken in mem.in_place.items() for k, j in taken.items()}
    kept = set(plan.in_slots) | {c for c, _ in plan.const_slots}
    outs = set(plan.out_slots)
    return [(o, i) for o, i in sorted(donate.items())
            if donatable(plan, o, i) and plan.in_slots[i] in read
            and (plan.out_slots[o], plan.in_slots[i]) not in in_place
            and plan.out_slots[o] not in kept
            # A view of the input returned would see the update.
            and not views.of(plan.in_slots[i]) & outs]


def _owner(a: Any) -> Any:
    """The object owning ``a``'s memory: ``a`` itself, the array it views,
    or, for an array on a foreign buffer (``numpy.frombuffer``), the object
    behind its memoryview, so two arrays on one buffer have one owner."""
    b = a.base
    if b is None:
        return a
    while True:
        if b.__class__ is memoryview:
            o = b.obj
            if o is None:
                return b
            b = o
        elif getattr(b, 'base', None) is not None:
            b = b.base
        else:
            return b


def shared(inputs: Sequence[Any], mem: MemoryPlan) -> bool:
    """Whether the array of a donated input is also the array, or shares the
    memory owner, of another input that could (``mem.alias_candidates``):
    tied weights, or a Variable and its own array.

    >>> import numpy as np
    >>> mem = MemoryPlan(); mem.donated_inputs = [0]; mem.alias_candidates = [0, 1]
    >>> w = np.ones(4)
    >>> shared([w, w[1:]], mem), shared([w, np.ones(4)], mem)
    (True, False)
    """
    owners: dict = {}
    for i in mem.alias_candidates:
        a = inputs[i]
        if hasattr(a, 'base'):
            k = id(a if a.base is None else _owner(a))
            owners[k] = owners.get(k, 0) + 1
    return any(owners[id(a if a.base is None else _owner(a))] > 1
               for a in (inputs[i] for i in mem.donated_inputs) if hasattr(a, 'base'))
