"""Outputs of a jitted function that carry a graph, as eager outputs do.

``loss = jf(x); loss.backward()`` must reach ``x`` and the parameters ``jf``
closed over, as it does when ``jf`` runs eagerly (and as outputs of
``torch.compile`` do).  A plan traced in backprop mode knows which of its
returned Variables had a graph and which captured Variables that graph
reached (:func:`differentiable_io`).  Each call then gives those outputs one
:class:`JitCallNode` whose inputs are the captured Variables' nodes, and
which keeps the call's input arrays (as an eager graph keeps the arrays its
backward needs).

Its backward is a second jitted function: it replays the plan's graph (the
equations the outputs depend on) with tapejit ops on the kept arrays and
differentiates that replay with :func:`tapejit.grad`.  It is traced and
compiled once per plan and output/target pattern, like any jitted function.
Under ``enable_double_backprop`` its inputs are Variables bound to this
node's inputs, so its own outputs get a node in turn: derivatives of any
order.
"""

from __future__ import annotations

import weakref
from typing import Any, Optional

from tapejit.core.abstract import TracedArray
from tapejit.core.backprop import grad as _grad
from tapejit.core.config import config, using_config
from tapejit.core.errors import GradientError
from tapejit.core.function_node import FunctionNode
from tapejit.core.variable import Variable, VariableNode


class Differentiable:
    """What a plan needs to give its outputs a graph.

    ``outs``: positions, among the plan's output arrays, of the returned
    Variables that had a graph; ``sources``: per captured Variable that
    graph reached, its source (``('arg', i)`` or ``('closure', var)``) and
    the index of its array among the graph's inputs; ``problem``: why the
    outputs cannot be differentiated outside (None where they can).
    """

    __slots__ = ('name', 'outs', 'sources', 'in_index', 'problem', 'eqns', 'weak', 'vjps')

    def __init__(self, name: str, outs: tuple, sources: tuple, problem: Optional[str],
                 eqns: tuple, weak: tuple) -> None:
        self.name = name
        self.outs = outs
        self.sources = tuple(src for src, _ in sources)
        self.in_index = tuple(i for _, i in sources)
        self.problem = problem
        self.eqns = eqns  # the equations the outputs depend on, in order
        self.weak = weak  # graph inputs traced as weakly typed scalars
        self.vjps: dict = {}  # (targets, outputs present) -> the jitted backward


def differentiable_io(name: str, tr: Any, out_leaves: list, user_outvars: list
                      ) -> Optional[Differentiable]:
    """The :class:`Differentiable` of a trace whose function returned
    ``out_leaves`` (their graph vars ``user_outvars``, in order), or None
    where no returned Variable has a graph reaching a captured Variable.
    Called before the trace restores the captured Variables' nodes."""
    outs = []
    out_vars = []
    k = 0
    for o in out_leaves:
        st = tr.stateful.get(id(o))
        if st is not None and st.var is o:
            continue  # (returned itself: no output of the plan)
        if isinstance(o, Variable):
            n = o._node
            if n is not None and n.creator_node is not None:
                outs.append((k, n))
                out_vars.append(user_outvars[k])
            k += 1
        elif isinstance(o, TracedArray) or hasattr(o, 'shape'):
            k += 1
    if not outs:
        return None
    # The leaves of the recorded graph that these outputs reach.
    leaves = set()
    seen = set()
    stack = [n.creator_node for _, n in outs]
    while stack:
        f = stack.pop()
        if f in seen or f.inputs is None:
            continue
        seen.add(f)
        for x in f.inputs:
            c = x.creator_node
            if c is None:
                if x.requires_grad:
                    leaves.add(id(x))
            elif c not in seen:
                stack.append(c)
    index = {v.id: i for i, v in enumerate(tr.invars)}
    # The graph's values the outputs depend on, and the equations making them.
    by_out = {e.out.id: e for e in tr.eqns}
    need = set()
    stack = [v.id for v in out_vars]
    while stack:
        i = stack.pop()
        if i in need:
            continue
        need.add(i)
        e = by_out.get(i)
        if e is not None:
            stack.extend(u.id for u in e.inputs)
    # How many sources hold each graph input (one array object passed twice,
    # or held by two Variables).
    holders: dict = {}
    for arr, t, first in tr._arrays.values():
        holders[t.var.id] = sum(1 for *_, f in tr.array_sources if f == first)
    sources = []
    problem = None
    for st in tr.stateful.values():
        n = st.var._node
        if n is None or id(n) not in leaves:
            continue
        what = (f'argument {st.source[1]}' if st.source[0] == 'arg'
                else 'a Variable it closes over')
        # Eager backprop differentiates w.r.t. the Variable, whatever array
        # it held at each use; the replayed graph differentiates w.r.t. the
        # array the call brought.  They agree unless the outputs used
        # another array of the Variable, or the array is shared.
        final = st.var._data
        if st.var_in.id not in need or (
                final.__class__ is TracedArray and final.var is not st.var_in
                and final.var.id in need):
            problem = (f'the function changed the array of {what} and then used it in '
                       'computing the outputs')
            continue
        if holders.get(st.var_in.id, 1) > 1:
            problem = (f'the array of {what} is also passed as another argument or held '
                       'by another Variable')
            continue
        sources.append((st.source, index[st.var_in.id]))
    if not sources and problem is None:
        return None
    eqns = tuple(e for e in tr.eqns if e.out.id in need)
    weak = tuple(i for i, (src, which) in enumerate(tr.input_sources)
                 if which in ('scalar', 'call'))
    return Differentiable(name, tuple(k for k, _ in outs), tuple(sources), problem, eqns,
                          weak)


class JitCallNode(FunctionNode):
    """One call of a jitted function in the backward graph.

    Made on every call whose outputs have a graph, so it is made cheaply:
    its input nodes and its rank are found when backprop first asks for
    them (from the call's flattened arguments, which it keeps).

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> W = tapejit.Variable(np.array([1.0, 2.0]))
    >>> f = tapejit.jit(lambda x: F.sum(W * x ** 2))
    >>> loss = f(tapejit.Variable(np.array([3.0, 4.0])))
    >>> loss.creator.label
    'jit(<lambda>)'
    >>> loss.backward()
    >>> W.grad
    array([ 9., 16.])
    """

    __slots__ = ('plan', 'saved', 'leaves', '_inputs', '_rank', 'outputs')

    def __init__(self, plan: Any, inputs: list, leaves: list) -> None:
        self.plan = plan
        self.saved = inputs
        self.leaves = leaves
        self._inputs = self._rank = None

    @property  # type: ignore[override]
    def inputs(self) -> Optional[tuple]:
        ins = self._inputs
        if ins is None:
            leaves = self.leaves
            if leaves is None:  # unchained
                return None
            ins = []
            for src in self.plan.diff.sources:
                v = leaves[src[1]] if src[0] == 'arg' else src[1]
                n = v._node
                ins.append(v.node if n is None else n)
            ins = self._inputs = tuple(ins)
        return ins

    @inputs.setter
    def inputs(self, value: Optional[tuple]) -> None:
        self._inputs = value
        if value is None:
            self.leaves = None

    @property  # type: ignore[override]
    def rank(self) -> int:
        r = self._rank
        if r is None:
            ins = self.inputs
            r = self._rank = max((n.rank for n in ins), default=0) if ins else 0
        return r

    @rank.setter
    def rank(self, value: int) -> None:
        self._rank = value

    def unchain(self) -> None:
        super().unchain()
        self.saved = None  # (the call's arrays are needed no more)

    @property
    def label(self) -> str:
        return f'jit({self.plan.diff.name})'

    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        plan = self.plan
        d = plan.diff
        if d.problem is not None:
            raise GradientError(f'{self.label}: its outputs cannot be differentiated '
                                f'outside it: {d.problem}; call backward() inside the '
                                'jitted function, or keep the original array')
        double = config.enable_backprop
        ins = list(self.saved)
        if double:
            # Bound to this node's inputs, so the gradients computed from
            # them are differentiable w.r.t. them.
            for n, i in zip(self.inputs, d.in_index):
                v = Variable._make(ins[i], True)
                v._node = n
                ins[i] = v
        present = tuple(g is not None for g in grad_outputs)
        gys = [g if double else g._data for g in grad_outputs if g is not None]
        key = (target_input_indexes, present)
        vjp = d.vjps.get(key)
        if vjp is None:
            vjp = d.vjps[key] = _make_vjp(plan, target_input_indexes, present)
        return vjp(ins, gys)


def _make_vjp(plan: Any, targets: tuple, present: tuple) -> Any:
    """The jitted backward of ``plan``'s outputs (those ``present``) w.r.t.
    the inputs ``targets`` of its node."""
    from tapejit.jit import jit
    d = plan.diff
    graph = plan.graph
    consts = tuple(zip(graph.constvars, graph.consts))
    invars = graph.invars
    outvars = [graph.outvars[k] for k, p in zip(d.outs, present) if p]
    eqns = d.eqns
    weak = d.weak
    wrt = [d.in_index[t] for t in targets]

    def vjp(ins: list, gys: list) -> tuple:
        double = config.enable_backprop
        env: dict = {v.id: c for v, c in consts}
        for i in weak:
            a = ins[i]
            if a.__class__ is TracedArray:
                a.weak = True
        xs = []
        for i in wrt:
            x = ins[i]
            if not isinstance(x, Variable):
                x = Variable(x)
            ins[i] = x
            xs.append(x)
        for v, a in zip(invars, ins):
            env[v.id] = a
        with using_config('enable_backprop', True):
            for e in eqns:
                env[e.out.id] = e.prim(*[env[u.id] for u in e.inputs], **e.params)
        ys = [env[v.id] for v in outvars]
        return tuple(_grad(ys, xs, grad_outputs=gys, enable_double_backprop=double))

    vjp.__name__ = vjp.__qualname__ = f'vjp({d.name})'
    return jit(vjp, target=plan.target, fastmath=plan.fastmath)


class _OutputNode(VariableNode):
    """The node of a jitted call's output: its rank is its creator's plus
    one, found when asked for (see :class:`JitCallNode`)."""

    __slots__ = ()

    def __init__(self, y: Variable, creator: JitCallNode) -> None:
        a = y._data
        super().__init__(y, a.shape, a.dtype, True)
        self.creator_node = creator

    @property  # type: ignore[override]
    def rank(self) -> int:
        c = self.creator_node
        return 0 if c is None else c.rank + 1

    @rank.setter
    def rank(self, value: int) -> None:
        pass  # (always its creator's plus one)


def attach_lines(plan: Any, env: dict) -> list:
    """Statements giving a call's outputs (``results``) a :class:`JitCallNode`
    over the Variables they depend on, for a plan's generated ``finish``
    (over ``inputs``, ``leaves`` and ``results``); constants added to ``env``."""
    env.update(_JCN=JitCallNode, _ON=_OutputNode, _wref=weakref.ref, _jplan=plan)
    lines = ['_jn = _JCN(_jplan, inputs, leaves)']
    outs = []
    for j, r in enumerate(plan.diff_results):
        lines += [f'_y = results[{r}]', f'_yn{j} = _y._node = _ON(_y, _jn)']
        outs.append(f'_wref(_yn{j})')
    lines.append(f'_jn.outputs = ({", ".join(outs)},)')
    return lines
