"""A bucket's gradients written where its allreduce sends them.

``allreduce_start(x1, ..., xn)`` sends its arrays laid out one after
another in one buffer (:func:`tapejit.ops.collective.pack`, which copies
them there).  In a compiled plan the buffer is allocated instead before the
first of them is computed, and each ``xi`` that the start alone reads is
written by its producer straight into its place: a kernel's store, a
reduction's final values, a matrix product's ``out`` (see
:meth:`tapejit.compiler.plan.Lowered.placed`).  The others (read by other
steps too, an input of the plan, a view) are copied into their places just
before the start, which then sends the buffer itself, its values replaced
by the mean (``overwrite=True``): no packing, and no second copy of the
gradients in memory.

>>> import numpy as np, tapejit.functions as F
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.ops.collective import SELF, allreduce_start, allreduce_wait
>>> from tapejit.targets import compile_graph
>>> def f(x, w):
...     buf = allreduce_start(F.sum(x * x, axis=0), F.matmul(x.T, w), group=SELF)
...     return allreduce_wait(buf, group=SELF)
>>> x, w = np.ones((4, 3), np.float32), np.ones((4, 2), np.float32)
>>> ex = compile_graph(trace_graph(f, [x, w]))
>>> print(ex.lowered.program.describe())  # doctest: +ELLIPSIS
plan(T, a0, a1):
    r1 = full((T[0], T[1]), 0.0, float64)
    k0(T[2:4], T[4], T[5], a0, r1)
    b2 = empty((T[6],), float32)
    v3 = slice(b2, T[7], (T[8],))
    f4 = fin_sum(r1, (T[9],), float32, into=v3)
    v5 = transpose(a0, axes=(1, 0))
    v6 = slice(b2, T[10], (T[11], T[12]))
    o7 = matmul(v5, a1, transa=False, transb=False, out=v6)
    drop(v5)
    v8 = allreduce_start(b2, group=<group 0 of 1>, overwrite=True)
    drop(f4)
    drop(o7)
    v9 = allreduce_wait(v8, group=<group 0 of 1>)
    drop(v8)
    return (v9,)
    # T = [...]
>>> ex([x, w])[0]
array([4., 4., 4., 4., 4., 4., 4., 4., 4.], dtype=float32)
"""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy

from tapejit.compiler.fusion import RowChain


class Bucket:
    """The layout of one ``allreduce_start``'s inputs in one row: the
    dtype, the row's length and each input's offset; the values their
    producers may write in place (``direct``: id -> offset), an input that
    is a reshape of such a value (``via``: its id -> that value's), the
    values written (``placed``) and the row's name in the Program once
    allocated."""

    __slots__ = ('dtype', 'size', 'offsets', 'direct', 'via', 'placed', 'name')

    def __init__(self, eqn: Any) -> None:
        self.dtype = numpy.dtype(eqn.out.dtype)
        sizes = [int(math.prod(v.shape)) for v in eqn.inputs]
        self.offsets = [sum(sizes[:k]) for k in range(len(sizes))]
        self.size = sum(sizes)
        self.direct: dict = {}
        self.via: dict = {}
        self.placed: set = set()
        self.name: Optional[str] = None

    def in_place(self, v: Any) -> bool:
        """Whether input ``v`` is already in its place (written there, or a
        reshape of a value written there)."""
        return v.id in self.placed or self.via.get(v.id) in self.placed


def plan_buckets(units: list, steps: list, readers: dict, kept: set) -> dict:
    """Per ``allreduce_start`` among a plan's ``units`` (by its output's
    id), its :class:`Bucket`.  An input is ``direct`` where the start alone
    reads it, once (``readers``: slot -> the steps reading it, in order),
    the plan computes it (not in ``kept``: its inputs, constants and
    outputs) and no row chain's view aliases it; where such an input is a
    reshape (a view) of a value only that reshape reads, that value is
    ``direct`` instead (a convolution's filter gradient: a product's
    result, reshaped)."""
    made = {st[3]: n for n, (kind, st) in enumerate(steps) if kind == 'call'}
    # Values a row chain's views alias (their readers read the same memory).
    viewed = {e.inputs[0].id for u in units if isinstance(u, RowChain) for e in u.views}

    def alone(sl: int, n: int) -> bool:  # step n alone reads slot sl, which the plan computes
        return readers.get(sl) == [n] and sl not in kept

    def source(sl: int) -> Optional[tuple]:
        """(value, slot) that slot ``sl`` is a reshape of, read by it alone."""
        p = made.get(sl)
        if p is None or units[p].prim.name != 'reshape' or not alone(steps[p][1][2][0], p):
            return None
        return units[p].inputs[0], steps[p][1][2][0]
    out: dict = {}
    for n, (u, (kind, st)) in enumerate(zip(units, steps)):
        if kind != 'call' or u.prim.name != 'allreduce_start':
            continue
        b = out[u.out.id] = Bucket(u)
        for v, sl, offset in zip(u.inputs, st[2], b.offsets):
            if not alone(sl, n):
                continue
            chain = [(v, sl)]
            while source(chain[-1][1]) is not None:
                chain.append(source(chain[-1][1]))
            if any(w.id in viewed for w, _ in chain):
                continue
            src = chain[-1]
            b.direct[src[0].id] = offset
            if src[0] is not v:
                b.via[v.id] = src[0].id
    return out
