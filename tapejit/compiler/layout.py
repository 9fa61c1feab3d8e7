"""Layout: which 2-D intermediates a CPU plan holds transposed.

A matrix product's speed depends on the orientation of its operands and
result, not only on its size: row-major OpenBLAS runs a ``(1024, 256)``
result with untransposed ``A`` faster than the same product written as a
``(256, 1024)`` result (``x @ W.T`` against ``W @ x.T``): ``python -m
benchmarks.blas_forms`` measured the feature-major forms of ``mlp_big``'s
products 2-11% faster on a 2-core Zen 4 host (0.94x in all).  An MLP's activations come out of
``x @ W.T`` batch-major, so every product of a training step gets the slower
form.

This pass finds the *layout components* of a graph: sets of 2-D values tied
by elementwise equations (a value and its elementwise results must share a
layout, or the loop reading them would stride one of them) whose other uses
are matrix products, which take either layout through their ``transa`` /
``transb`` flags, and reductions over one axis, which then reduce the other
one.  A component holding a graph output, or read by anything else (a
reshape, an index), keeps its layout.  For the free components it picks the
layouts with the smallest cost of the products they touch (:func:`gemm_cost`)
and rewrites the graph with those components transposed: ``C = A @ B.T``
becomes ``C^T = B @ A^T``, bias rows ``(N,)`` become columns ``(N, 1)``, and
a ``sum`` over axis 0 becomes one over axis 1.  The graph's inputs and
outputs keep their layouts, so its meaning does not change.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from tapejit.compiler.cpu_ops import CPU_TABLE, REDUCTIONS
from tapejit.ir.graph import Eqn, Graph, Var

# Off: every plan keeps the layouts the function computed (tests compare).
ENABLED = True
# A plan whose products cost less than this (estimated flops) keeps its
# layout: the gain would be lost in the noise of a small step.
MIN_FLOPS = 1 << 26
# Flip only when the estimated cost of the products falls by this fraction.
MIN_GAIN = 0.01
# More free components than this are decided one at a time (2**n layouts).
MAX_JOINT = 10


def gemm_cost(m: int, n: int, k: int, transa: bool, transb: bool) -> float:
    """Estimated relative cost of ``op(A) @ op(B)`` with an ``(m, n)`` result
    (row-major BLAS): its flops, 6% more for a result wider than tall, 2% more
    for each transposed operand (the OpenBLAS forms measured by
    ``benchmarks/blas_forms.py``).

    >>> gemm_cost(1024, 256, 1024, False, False) < gemm_cost(256, 1024, 1024, False, True)
    True
    """
    return 2.0 * m * n * k * (1.0 + 0.06 * (m < n) + 0.02 * transa + 0.02 * transb)


class _Components:
    """Union-find over value ids, with a 'pinned' flag per root."""

    def __init__(self) -> None:
        self.parent: dict = {}
        self.pinned: set = set()

    def add(self, i: int) -> None:
        self.parent.setdefault(i, i)

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
            if rb in self.pinned:
                self.pinned.add(ra)

    def pin(self, i: int) -> None:
        self.pinned.add(self.find(i))


def _elementwise(e: Eqn) -> bool:
    return e.prim.name in CPU_TABLE


def _is_matmul2d(e: Eqn) -> bool:
    return (e.prim.name == 'matmul' and len(e.out.shape) == 2
            and all(len(v.shape) == 2 for v in e.inputs))


def _broadcast_ok(shape: tuple, full: tuple) -> bool:
    """Whether an input of ``shape`` broadcast to ``full`` (2-D) has a
    transposed form: a scalar, a row ``(N,)``/``(1, N)`` or a column ``(M, 1)``."""
    m, n = full
    return shape in ((), (1,), (1, 1), (n,), (1, n), (m, 1))


def _components(g: Graph) -> _Components:
    outs = {v.id for v in g.outvars}
    comp = _Components()
    for e in g.eqns:
        if (len(e.out.shape) == 2 and e.out.id not in outs
                and (_elementwise(e) or _is_matmul2d(e))):
            comp.add(e.out.id)
    for e in g.eqns:
        o = e.out
        if _elementwise(e) and o.id in comp.parent:
            for v in e.inputs:
                if v.shape == o.shape:
                    if v.id in comp.parent:
                        comp.union(o.id, v.id)
                    else:  # a full-size input or constant in the other layout
                        comp.pin(o.id)
                elif not _broadcast_ok(v.shape, o.shape):
                    comp.pin(o.id)
        for v in e.inputs:
            if v.id not in comp.parent:
                continue
            if _is_matmul2d(e):
                continue
            if (_elementwise(e) and e.out.id in comp.parent and e.out.shape == v.shape):
                continue
            # (axis=() reduces nothing: its result keeps the input's layout,
            # which the rewrite below does not follow.)
            if (e.prim.name in REDUCTIONS and len(v.shape) == 2
                    and e.params.get('axis') != ()):
                continue
            comp.pin(v.id)
    return comp


def _operand_flags(e: Eqn, flipped: set) -> tuple:
    """``(transa, transb)`` of matmul ``e`` once its operands in ``flipped``
    are held transposed."""
    a, b = e.inputs
    return (e.params.get('transa', False) ^ (a.id in flipped),
            e.params.get('transb', False) ^ (b.id in flipped))


def _matmul_form(e: Eqn, flipped: set) -> tuple:
    """``(m, n, k, transa, transb)`` of matmul ``e`` with the values in
    ``flipped`` held transposed."""
    a = e.inputs[0]
    ta, tb = _operand_flags(e, flipped)
    m, n = e.out.shape
    k = a.shape[0] if e.params.get('transa', False) else a.shape[1]
    if e.out.id in flipped:  # C^T = op(B)^T op(A)^T
        return n, m, k, not tb, not ta
    return m, n, k, ta, tb


def free_components(g: Graph) -> list:
    """The layout components of ``g`` that may be transposed: sets of value ids.

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> from tapejit import functions as F
    >>> x, W = np.ones((4, 3), np.float32), np.ones((5, 3), np.float32)
    >>> g = trace_graph(lambda x, W: F.sum(F.relu(F.linear(x, W))), [x, W])
    >>> [len(c) for c in free_components(g)]
    [2]
    """
    comp = _components(g)
    groups: dict = {}
    for i in comp.parent:
        r = comp.find(i)
        if r not in comp.pinned:
            groups.setdefault(r, set()).add(i)
    return [groups[r] for r in sorted(groups)]


def choose(g: Graph) -> set:
    """The ids of the values :func:`transpose_values` should hold transposed
    (empty when no layout change pays).

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> from tapejit import functions as F
    >>> def f(x, W):
    ...     return F.sum(F.relu(F.linear(x, W)))
    >>> small = [np.ones((4, 3), np.float32), np.ones((5, 3), np.float32)]
    >>> choose(trace_graph(f, small))
    set()
    >>> big = [np.ones((256, 784), np.float32), np.ones((1024, 784), np.float32)]
    >>> len(choose(trace_graph(f, big)))
    2
    """
    comps = free_components(g)
    if not comps:
        return set()
    free = set().union(*comps)
    mms = [e for e in g.eqns if _is_matmul2d(e)
           and any(v.id in free for v in (*e.inputs, e.out))]
    if sum(2.0 * math.prod(e.out.shape) * _matmul_form(e, set())[2] for e in mms) < MIN_FLOPS:
        return set()
    touched = {v.id for e in mms for v in (*e.inputs, e.out)}
    comps = [c for c in comps if c & touched]

    def cost(flipped: set) -> float:
        return sum(gemm_cost(*_matmul_form(e, flipped)) for e in mms)

    base = cost(set())
    best, best_cost = set(), base
    if len(comps) <= MAX_JOINT:
        for bits in itertools.product((False, True), repeat=len(comps)):
            flipped = set().union(*(c for c, b in zip(comps, bits) if b))
            c = cost(flipped)
            if c < best_cost:
                best, best_cost = flipped, c
    else:  # greedy, one component at a time
        for comp in comps:
            c = cost(best | comp)
            if c < best_cost:
                best, best_cost = best | comp, c
    return best if best_cost < (1.0 - MIN_GAIN) * base else set()


def transpose_values(g: Graph, flipped: set) -> Graph:
    """``g`` with the 2-D values whose ids are in ``flipped`` held transposed
    (see the module's docstring); ``flipped`` must be a union of layout
    components of ``g`` none of which is pinned.

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> from tapejit import functions as F
    >>> x, W = np.ones((4, 3), np.float32), np.ones((5, 3), np.float32)
    >>> g = trace_graph(lambda x, W: F.sum(F.relu(F.linear(x, W)), axis=0), [x, W])
    >>> t = transpose_values(g, set().union(*free_components(g)))
    >>> [(e.prim.name, e.out.shape) for e in t.eqns]
    [('matmul', (5, 4)), ('maximum', (5, 4)), ('sum', (5,))]
    """
    if not flipped:
        return g
    from tapejit.ops.registry import PRIMITIVES as P
    next_id = [1 + max([v.id for v in g.invars] + [v.id for v in g.constvars]
                       + [e.out.id for e in g.eqns])]
    tvar: dict = {}      # original id -> transposed Var
    columns: dict = {}   # (input id, shape) -> reshaped Var
    eqns: list = []

    def fresh(shape: tuple, dtype: Any) -> Var:
        v = Var(next_id[0], shape, dtype)
        next_id[0] += 1
        return v

    def reshaped(e: Eqn, v: Var, shape: tuple) -> Var:
        key = (v.id, shape)
        if key not in columns:
            out = fresh(shape, v.dtype)
            eqns.append(Eqn(P['reshape'], (v,), {'shape': shape}, out, e.where))
            columns[key] = out
        return columns[key]

    for e in g.eqns:
        o = e.out
        if _is_matmul2d(e) and (o.id in flipped or any(v.id in flipped for v in e.inputs)):
            ta, tb = _operand_flags(e, flipped)
            a, b = (tvar.get(v.id, v) for v in e.inputs)
            if o.id in flipped:
                out = tvar[o.id] = fresh(o.shape[::-1], o.dtype)
                eqns.append(Eqn(e.prim, (b, a), {'transa': not tb, 'transb': not ta}, out,
                                e.where))
            else:
                eqns.append(e._replace(inputs=(a, b), params={'transa': ta, 'transb': tb}))
        elif o.id in flipped:  # elementwise
            m, n = o.shape
            ins = []
            for v in e.inputs:
                if v.id in tvar:
                    ins.append(tvar[v.id])
                elif v.shape in ((n,), (1, n)) and v.shape != o.shape:
                    ins.append(reshaped(e, v, (n, 1)))
                elif v.shape == (m, 1) and v.shape != o.shape:
                    ins.append(reshaped(e, v, (1, m)))
                else:  # a scalar or a 1-element array
                    ins.append(v)
            out = tvar[o.id] = fresh((n, m), o.dtype)
            eqns.append(e._replace(inputs=tuple(ins), out=out))
        elif e.prim.name in REDUCTIONS and e.inputs[0].id in flipped:
            x = e.inputs[0]
            axis = e.params.get('axis')
            if axis is None:
                eqns.append(e._replace(inputs=(tvar[x.id],)))
                continue
            axes = (axis,) if isinstance(axis, int) else tuple(axis)
            axes = tuple(sorted(1 - (a % 2) for a in axes))
            keep = e.params.get('keepdims', False)
            if keep and len(axes) == 1:  # (1, N) becomes (N, 1): reduce, then reshape
                red = fresh(o.shape[::-1], o.dtype)
                eqns.append(e._replace(inputs=(tvar[x.id],),
                                       params={**e.params, 'axis': axes}, out=red))
                eqns.append(Eqn(P['reshape'], (red,), {'shape': o.shape}, o, e.where))
            else:
                eqns.append(e._replace(inputs=(tvar[x.id],),
                                       params={**e.params, 'axis': axes}))
        else:
            eqns.append(e)
    return Graph(g.invars, g.constvars, g.consts, tuple(eqns), g.outvars)


def feature_major(g: Graph) -> Graph:
    """``g`` with the layouts :func:`choose` picks (the CPU plan's layout pass).

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> from tapejit import functions as F
    >>> x = np.ones((256, 784), np.float32)
    >>> W = np.ones((1024, 784), np.float32)
    >>> g = trace_graph(lambda x, W: F.sum(F.relu(F.linear(x, W))), [x, W])
    >>> print(feature_major(g).eqns[0].params)
    {'transa': False, 'transb': True}
    >>> feature_major(g).eqns[0].out.shape
    (1024, 256)
    """
    return transpose_values(g, choose(g))
