"""The attention pass: a masked softmax between two batched products, and
the operations its gradient traced, as the two primitives of
:mod:`tapejit.ops.attention` (for a target with kernels of its own for
them: the CPU's compute them without the scores in memory).

It finds, in a graph as tracing a step leaves it, ``p = softmax(where(mask,
q @ k^T, -inf))`` (or no mask) made of the primitives
:func:`tapejit.functions.softmax` traces (the maximum clamped to the finite
range, ``e / sum(e)``), then ``p @ v``, and, where the graph holds it,
the gradient the tape traced for them: ``gy @ v^T`` through the
division's and the exponential's gradients and the mask back to the
scores' gradient ``gs``, then ``gs @ k``, ``gs^T @ q`` and ``p^T @ gy``.
Those become ``attention(q, k, v[, mask])`` and ``attention_grad(q, k, v,
gy[, mask])`` (its three gradients taken out with ``get_item``), provided
no other operation reads a value in between: a step that returns the
weights keeps them.  A gradient's operands of different shapes (an
attention over keys of another length) leave the whole pattern as it is.

>>> import numpy as np, tapejit.functions as F
>>> from tapejit.ir.trace import trace_graph
>>> q = np.ones((2, 8, 16), np.float32)
>>> g = trace_graph(lambda q, k, v: F.matmul(F.softmax(F.matmul(q, k, transb=True), axis=2), v),
...                 [q, q, q])
>>> [e.prim.name for e in fuse_attention(g).eqns]
['attention']
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any, Callable, Optional

import numpy

from tapejit.ir.graph import Eqn, Graph, Var
from tapejit.ops.registry import PRIMITIVES

__all__ = ['fuse_attention']


class _Graph:
    """What matching needs of a graph: each value's users and constants."""

    def __init__(self, g: Graph) -> None:
        self.users: dict = defaultdict(list)
        for e in g.eqns:
            for v in e.inputs:
                self.users[v.id].append(e)
        self.outputs = {v.id for v in g.outvars}
        self.consts = {v.id: c for v, c in zip(g.constvars, g.consts)}
        self.producers = {e.out.id: e for e in g.eqns}

    def only(self, v: Var, count: int) -> Optional[list]:
        """``v``'s users where it has exactly ``count`` and is no output."""
        users = self.users.get(v.id, [])
        ok = len(users) == count and len({id(e) for e in users}) == count
        return users if ok and v.id not in self.outputs else None

    def one(self, v: Var, prim: str) -> Optional[Eqn]:
        """``v``'s single user, where it applies ``prim``."""
        users = self.only(v, 1)
        return users[0] if users and users[0].prim.name == prim else None

    def scalar(self, v: Optional[Var]) -> Optional[float]:
        """The value of ``v`` where it is a constant holding one value."""
        c = None if v is None else self.consts.get(v.id)
        if c is None:
            return None
        c = numpy.asarray(c)
        flat = c.reshape(-1)
        return float(flat[0]) if flat.size and bool((flat == flat[0]).all()) else None


def _pick(users: list, prim: str, **params: Any) -> Optional[Eqn]:
    """The one eqn among ``users`` applying ``prim`` with ``params``."""
    found = [e for e in users if e.prim.name == prim
             and all(e.params.get(k) == v for k, v in params.items())]
    return found[0] if len(found) == 1 else None


def _other(e: Eqn, v: Var) -> Optional[Var]:
    """The input of binary ``e`` that is not ``v`` (None unless ``v`` is
    one of its two)."""
    a, b = e.inputs
    return b if a is v else a if b is v else None


class _Match:
    """One attention found: its operands, the eqns it replaces and the
    values its primitives give."""

    def __init__(self) -> None:
        self.drop: set = set()           # ids of the eqns replaced
        self.q = self.k = self.v = self.mask = self.gy = None
        self.out: Optional[Eqn] = None   # p @ v
        self.grads: Optional[tuple] = None   # the eqns of gq, gk, gv

    def take(self, *eqns: Optional[Eqn]) -> bool:
        if any(e is None for e in eqns):
            return False
        self.drop.update(id(e) for e in eqns)
        return True


def _weights(ctx: _Graph, scores: Eqn, m: _Match) -> Optional[tuple]:
    """``(p, e, total)``: the eqns of the weights, the exponentials and their
    sum, where ``scores`` (``q @ k^T``) starts a masked softmax over its
    last axis."""
    last = (len(scores.out.shape) - 1,)
    x = scores.out
    w = ctx.one(x, 'where')
    if w is not None:
        if (w.inputs[1] is not x or ctx.scalar(w.inputs[2]) != -numpy.inf
                or numpy.dtype(w.inputs[0].dtype) != numpy.bool_
                or tuple(w.out.shape) != tuple(x.shape)):
            return None
        m.mask, x = w.inputs[0], w.out
        m.take(w)
    users = ctx.only(x, 2)
    if users is None:
        return None
    top = _pick(users, 'max', axis=last, keepdims=True)
    shift = _pick(users, 'sub')
    if top is None or shift is None or shift.inputs[0] is not x:
        return None
    fi = numpy.finfo(x.dtype)
    low = ctx.one(top.out, 'maximum')
    high = low and ctx.one(low.out, 'minimum')
    if (not m.take(top, low, high) or ctx.scalar(_other(low, top.out)) != float(fi.min)
            or ctx.scalar(_other(high, low.out)) != float(fi.max)
            or ctx.one(high.out, 'sub') is not shift or shift.inputs[1] is not high.out):
        return None
    exp = ctx.one(shift.out, 'exp')
    if not m.take(shift, exp):
        return None
    total = _pick(ctx.users.get(exp.out.id, []), 'sum', axis=last, keepdims=True)
    p = total and next((e for e in ctx.users.get(total.out.id, []) if e.prim.name == 'div'
                        and e.inputs == (exp.out, total.out)), None)
    if not m.take(total, p):
        return None
    return p, exp, total


def _match(ctx: _Graph, scores: Eqn) -> Optional[_Match]:
    if scores.params != {'transa': False, 'transb': True}:
        return None
    m = _Match()
    m.q, m.k = scores.inputs
    m.take(scores)
    found = _weights(ctx, scores, m)
    if found is None:
        return None
    p, exp, total = found
    users = ctx.users.get(p.out.id, [])
    out = _pick(users, 'matmul', transa=False, transb=False)
    if out is None or out.inputs[0] is not p.out or p.out.id in ctx.outputs:
        return None
    m.v, m.out = out.inputs[1], out
    batch = m.q.shape[:-2]
    if not (len(m.q.shape) >= 2 and m.k.shape[:-2] == batch and m.v.shape[:-2] == batch
            and m.k.shape[-2] == m.v.shape[-2]):
        return None
    if len(users) == 1 and ctx.only(exp.out, 2) and ctx.only(total.out, 1):
        m.take(out)
        return m          # (the forward pass alone)
    return m if _gradient(ctx, m, p, exp, total, users) else None


def _gradient(ctx: _Graph, m: _Match, p: Eqn, exp: Eqn, total: Eqn, users: list) -> bool:
    """Whether the other users of the weights ``p``, exponentials and sum
    are the gradient the tape traced for them (then noted in ``m``)."""
    if len(users) != 2:
        return False
    gv = _pick(users, 'matmul', transa=True, transb=False)
    if gv is None or gv.inputs[0] is not p.out:
        return False
    m.gy = gy = gv.inputs[1]
    if not (m.q.shape == m.k.shape == m.v.shape == gy.shape):
        return False
    sums = ctx.only(total.out, 3)
    exps = ctx.only(exp.out, 4)
    if sums is None or exps is None:
        return False
    # The weights' gradient gp = gy @ v^T over the sum (the division's
    # gradient, through its numerator), ...
    ab = next((e for e in sums if e.prim.name == 'div' and e.inputs[1] is total.out
               and getattr(ctx.producers.get(e.inputs[0].id), 'prim', None) is
               PRIMITIVES['matmul']), None)
    gp = ab and ctx.producers[ab.inputs[0].id]
    if (gp is None or gp.prim.name != 'matmul' or gp.params != {'transa': False, 'transb': True}
            or gp.inputs != (gy, m.v) or ctx.only(gp.out, 1) is None):
        return False
    ab_users = ctx.only(ab.out, 2)
    if ab_users is None:
        return False
    neg, add = _pick(ab_users, 'neg'), _pick(ab_users, 'add')
    ad = neg and ctx.one(neg.out, 'mul')
    if not m.take(ab, gp, neg, add, ad) or _other(ad, neg.out) is not exp.out:
        return False
    ae = ctx.one(ad.out, 'div')
    if not m.take(ae) or ae.inputs != (ad.out, total.out):
        return False
    last = (len(ae.out.shape) - 1,)
    af = ctx.one(ae.out, 'sum')
    ag = af and ctx.one(af.out, 'reshape')
    ah = ag and ctx.one(ag.out, 'broadcast_to')
    if (not m.take(af, ag, ah) or af.params != {'axis': last, 'keepdims': False}
            or ctx.one(ah.out, 'add') is not add or _other(add, ah.out) is not ab.out):
        return False
    aj = ctx.one(add.out, 'mul')
    if not m.take(aj) or _other(aj, add.out) is not exp.out:
        return False
    gs = aj
    if m.mask is not None:
        gs = ctx.one(aj.out, 'where')
        if (not m.take(gs) or gs.inputs[0] is not m.mask or gs.inputs[1] is not aj.out
                or ctx.scalar(gs.inputs[2]) != 0.0):
            return False
    found = ctx.only(gs.out, 2)
    if found is None:
        return False
    gq = _pick(found, 'matmul', transa=False, transb=False)
    gk = _pick(found, 'matmul', transa=True, transb=False)
    if (not m.take(gq, gk, gv, m.out) or gq.inputs != (gs.out, m.k)
            or gk.inputs != (gs.out, m.q)):
        return False
    m.grads = (gq, gk, gv)
    return True


def fuse_attention(g: Graph, takes: Optional[Callable[..., bool]] = None) -> Graph:
    """``g`` with each attention it holds (and its gradient) as the
    primitives ``attention`` and ``attention_grad`` (see the module's
    docstring); where ``takes`` is given, only those whose ``q``, ``k`` and
    ``v`` shapes and dtype it accepts (``takes(q, k, v, dtype)``): the
    target's kernels compute them, the others stay as they are."""
    if not any(e.prim.name == 'exp' for e in g.eqns):
        return g
    ctx = _Graph(g)
    matches = []
    taken: set = set()
    for e in g.eqns:
        if e.prim.name == 'matmul' and id(e) not in taken:
            m = _match(ctx, e)
            if m is not None and takes is not None and not takes(
                    tuple(m.q.shape), tuple(m.k.shape), tuple(m.v.shape), m.q.dtype):
                m = None
            if m is not None and not (m.drop & taken):
                matches.append(m)
                taken |= m.drop
    if not matches:
        return g
    ids = itertools.count(1 + max([v.id for v in g.invars] + [v.id for v in g.constvars]
                                  + [e.out.id for e in g.eqns]))
    at_out = {id(m.out): m for m in matches}
    at_grad = {}
    for m in matches:
        if m.grads is not None:
            # (Where the gradient's first operation read gy: every operand
            # is known there, and no reader of its results has come yet.)
            first = next(e for e in g.eqns if id(e) in m.drop
                         and any(v is m.gy for v in e.inputs))
            at_grad[id(first)] = m
    eqns: list = []
    for e in g.eqns:
        m = at_out.get(id(e))
        if m is not None:
            eqns.append(e._replace(prim=PRIMITIVES['attention'], inputs=_operands(m),
                                   params={}, out=m.out.out))
        m = at_grad.get(id(e))
        if m is not None:
            stacked = Var(next(ids), (3,) + tuple(m.q.shape), m.q.dtype)
            eqns.append(e._replace(prim=PRIMITIVES['attention_grad'],
                                   inputs=_operands(m, m.gy), params={}, out=stacked))
            eqns += [e._replace(prim=PRIMITIVES['get_item'], inputs=(stacked,),
                                params={'slices': (i,)}, out=grad.out)
                     for i, grad in enumerate(m.grads)]
        if id(e) not in taken:
            eqns.append(e)
    return Graph(g.invars, g.constvars, g.consts, tuple(eqns), g.outvars)


def _operands(m: _Match, *more: Var) -> tuple:
    return (m.q, m.k, m.v) + more + (() if m.mask is None else (m.mask,))
