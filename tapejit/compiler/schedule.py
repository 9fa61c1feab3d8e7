"""Each ``allreduce_start`` (with the reshapes and concat laying out what it
sends) moved up to just after what it reads is computed, each
``allreduce_wait`` (with the slices and reshapes of its result) down to
just before the first equation reading it: the exchange runs while the rest
of the step is computed.  The collectives issued keep their order, as every
process must issue them alike; a wait only completes a request.  Fusion
keeps this order (each unit runs once its inputs exist, in the order of
their first equations).

>>> import numpy as np, tapejit.functions as F
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.ops.collective import SELF, allreduce_start, allreduce_wait
>>> def f(x):
...     buf = allreduce_start(F.exp(x), group=SELF)
...     y = F.tanh(x) * 2
...     return y, allreduce_wait(buf, group=SELF)
>>> g = schedule_collectives(trace_graph(f, [np.ones(3, np.float32)]))
>>> [e.prim.name for e in g.eqns]
['exp', 'allreduce_start', 'tanh', 'mul', 'allreduce_wait']
"""

from __future__ import annotations

from tapejit.ir.graph import Graph
from tapejit.ops.collective import COLLECTIVES

PACK = frozenset({'reshape', 'concat'})
UNPACK = frozenset({'reshape', 'get_item'})


def _movable(g: Graph, made: dict) -> tuple:
    """(early, late): the starts with the packing only they read, the waits
    with the unpacking of their results alone (positions)."""
    eqns, outs, readers = g.eqns, {v.id for v in g.outvars}, {}
    for i, e in enumerate(eqns):
        for v in e.inputs:
            readers.setdefault(v.id, []).append(i)
    early: set = set()
    for i in range(len(eqns) - 1, -1, -1):
        e = eqns[i]
        rs = readers.get(e.out.id, [])
        if e.prim.name == 'allreduce_start' or (
                e.prim.name in PACK and rs and e.out.id not in outs
                and all(r in early for r in rs)):
            early.add(i)
    late: set = set()
    for i, e in enumerate(eqns):
        if e.prim.name == 'allreduce_wait' or (
                e.prim.name in UNPACK and e.inputs
                and all(made.get(v.id) in late for v in e.inputs)):
            late.add(i)
    return early, late


def schedule_collectives(g: Graph) -> Graph:
    """``g`` with its starts early and its waits late (see above)."""
    eqns = g.eqns
    if not any(e.prim.name == 'allreduce_start' for e in eqns):
        return g
    made = {e.out.id: i for i, e in enumerate(eqns)}
    early, late = _movable(g, made)
    colls = [i for i, e in enumerate(eqns) if e.prim.name in COLLECTIVES]
    done, order, nxt = set(), [], [0]  # nxt: the next collective to issue, in colls

    def deps(i: int) -> list:
        return [made[v.id] for v in eqns[i].inputs if v.id in made]

    def emit(i: int) -> None:
        if i in done:
            return
        for j in deps(i):
            emit(j)
        if eqns[i].prim.name in COLLECTIVES:
            while colls[nxt[0]] != i:  # (the earlier ones first)
                emit(colls[nxt[0]])
            nxt[0] += 1
        done.add(i)
        order.append(i)

    def ready(i: int) -> bool:  # needs nothing but packing to run now
        return i in done or (i in early and all(ready(j) for j in deps(i)))

    def flush() -> None:
        while nxt[0] < len(colls) and colls[nxt[0]] in early and ready(colls[nxt[0]]):
            emit(colls[nxt[0]])
    flush()
    for i in range(len(eqns)):
        if i not in late:  # (a wait and its unpacking: when something reads them)
            emit(i)
            flush()
    for i in range(len(eqns)):
        emit(i)
    return Graph(g.invars, g.constvars, g.consts, tuple(eqns[i] for i in order), g.outvars)
