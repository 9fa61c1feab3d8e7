"""The epilogue pass: the elementwise operations right after a matrix
product, computed by the product itself as it stores its result (for a
target whose product kernel has the epilogue of :mod:`tapejit.ops.linalg`).

It finds, in a graph as tracing a step leaves it, what a linear layer and a
ReLU trace and what their gradient does to the next product's result:

- ``a @ b + bias`` (``bias`` a row of the result's columns), then
  ``maximum(0, .)`` (a ReLU's, 0 first) where that follows: one product with ``bias=True``
  (and ``relu=True``).  The ReLU's mask for its gradient, ``0 >= x``, is
  then taken of the ReLU's result (the same mask: where ``x`` is 0 or
  below the result is 0, elsewhere it is ``x``), so that ``x`` is not kept.
- ``where(0 >= y, 0, a @ b)``: the gradient through a ReLU of result ``y``:
  one product with ``gate=True`` and ``y`` as its last operand.

A product's result read by anything else, or an output of the graph, stays
as it is; so do products of more than two dimensions and those the
target's ``takes(a, b, params)`` refuses.

>>> import numpy as np, tapejit.functions as F
>>> from tapejit.ir.trace import trace_graph
>>> x, w, b = np.ones((4, 3), np.float32), np.ones((5, 3), np.float32), np.ones(5, np.float32)
>>> g = trace_graph(lambda x, w, b: F.relu(F.linear(x, w, b)), [x, w, b])
>>> [(e.prim.name, e.params) for e in fuse_epilogues(g).eqns]
[('matmul', {'transa': False, 'transb': True, 'bias': True, 'relu': True})]
"""

from __future__ import annotations

from typing import Callable, Optional

import numpy

from tapejit.compiler.attention import GraphUses
from tapejit.ir.graph import Eqn, Graph, Var

__all__ = ['fuse_epilogues']


def fuse_epilogues(g: Graph, takes: Optional[Callable[..., bool]] = None) -> Graph:
    """``g`` with the epilogues its products can compute (see the module's
    docstring); where ``takes`` is given, only for the products whose
    operands and params it accepts (``takes(a, b, params)``, Vars)."""
    if not any(e.prim.name == 'matmul' for e in g.eqns):
        return g
    ctx = GraphUses(g)
    at: dict = {}         # id of the eqn the fused product takes the place of -> it
    drop: set = set()     # ids of the eqns it replaces
    relus: dict = {}      # id of a ReLU's input -> its result (for the masks)
    for e in g.eqns:
        if _plain_product(e, takes):
            _bias_and_relu(ctx, e, at, drop, relus)
    masks = _masks(ctx, g, relus)
    for e in g.eqns:
        if id(e) not in drop and _plain_product(e, takes):
            _gate(ctx, e, masks, at, drop)
    if not at:
        return g
    eqns = []
    for e in g.eqns:
        if id(e) in at:
            eqns.append(at[id(e)])
        elif id(e) in masks:
            if not masks[id(e)][1]:           # (every user of the mask was fused)
                continue
            eqns.append(e._replace(inputs=(e.inputs[0], masks[id(e)][0])))
        elif id(e) not in drop:
            eqns.append(e)
    return Graph(g.invars, g.constvars, g.consts, tuple(eqns), g.outvars)


def _plain_product(e: Eqn, takes: Optional[Callable[..., bool]]) -> bool:
    """A product of two matrices, no epilogue yet, which the target takes."""
    return (e.prim.name == 'matmul' and len(e.inputs) == 2 and len(e.out.shape) == 2
            and (takes is None or takes(*e.inputs, e.params)))


def _bias_and_relu(ctx: GraphUses, e: Eqn, at: dict, drop: set, relus: dict) -> None:
    """``e @ ... + bias`` and a ReLU after it, where ``e``'s result has them."""
    add = ctx.one(e.out, 'add')
    if add is None:
        return
    bias = add.inputs[1] if add.inputs[0] is e.out else add.inputs[0]
    if bias is e.out or bias.shape != e.out.shape[-1:] or bias.dtype != e.out.dtype:
        return
    params = {**e.params, 'bias': True}
    out = add.out
    relu = _relu_of(ctx, out)
    if relu is not None:
        params['relu'] = True
        relus[out.id] = relu.out
        drop.add(id(relu))
        out = relu.out
    drop.update((id(e), id(add)))
    at[id(add)] = Eqn(e.prim, (*e.inputs, bias), params, out, e.where)


def _relu_of(ctx: GraphUses, x: Var) -> Optional[Eqn]:
    """The ``maximum(0, x)`` of ``x``, where ``x``'s other users are masks
    ``0 >= x`` only (then taken of the ReLU's result instead) and it is
    no output of the graph."""
    users = ctx.users.get(x.id, [])
    if x.id in ctx.outputs:
        return None
    relu = [u for u in users if u.prim.name == 'maximum' and u.inputs[1] is x
            and _zero(ctx, u.inputs[0])]
    others = [u for u in users if u not in relu]
    if len(relu) != 1 or not all(_is_mask(ctx, u, x) for u in others):
        return None
    return relu[0]


def _zero(ctx: GraphUses, v: Var) -> bool:
    """Whether ``v`` is a constant +0 (the epilogue's: ``maximum(-0.0, x)``
    and a gate writing -0.0 differ from it in the sign of a zero)."""
    return ctx.scalar(v) == 0.0 and not numpy.signbit(numpy.asarray(ctx.consts[v.id])).any()


def _is_mask(ctx: GraphUses, e: Eqn, x: Var) -> bool:
    """Whether ``e`` is ``0 >= x``."""
    return (e.prim.name == 'greater_equal' and e.inputs[1] is x
            and _zero(ctx, e.inputs[0]) and e.out.shape == x.shape)


def _masks(ctx: GraphUses, g: Graph, relus: dict) -> dict:
    """id of each mask ``0 >= x`` of a fused ReLU's input -> ``[its
    result, whether the mask is still read]`` (set by :func:`_gate`)."""
    return {id(e): [relus[e.inputs[1].id], True] for e in g.eqns
            if e.prim.name == 'greater_equal' and len(e.inputs) == 2
            and e.inputs[1].id in relus and _is_mask(ctx, e, e.inputs[1])}


def _gate(ctx: GraphUses, e: Eqn, masks: dict, at: dict, drop: set) -> None:
    """``where(0 >= y, 0, e's result)`` as ``e`` with ``gate=True``."""
    w = ctx.one(e.out, 'where')
    if w is None or w.inputs[2] is not e.out or not _zero(ctx, w.inputs[1]):
        return
    cond = ctx.producers.get(w.inputs[0].id)
    if cond is None:
        return
    mask = masks.get(id(cond))
    y = mask[0] if mask is not None else (cond.inputs[1] if _is_mask(
        ctx, cond, cond.inputs[1]) else None)
    if y is None or y.shape != e.out.shape or y.dtype != e.out.dtype:
        return
    drop.update((id(e), id(w)))
    at[id(w)] = Eqn(e.prim, (*e.inputs, y), {**e.params, 'gate': True}, w.out, e.where)
    if mask is not None:
        mask[1] = any(id(u) not in drop for u in ctx.users.get(cond.out.id, []))
    elif not any(id(u) not in drop for u in ctx.users.get(cond.out.id, [])):
        drop.add(id(cond))
