"""Outputs of a jitted function that carry a graph, as eager outputs do.

``loss = jf(x); loss.backward()`` must reach ``x`` and the parameters ``jf``
closed over, as it does eagerly.  A plan traced in backprop mode knows which
of its returned Variables had a graph and which captured Variables that graph
reached (:func:`differentiable_io`).  Each call gives those outputs one
:class:`JitCallNode` over the captured Variables' nodes, keeping the call's
input arrays (as an eager graph keeps what its backward needs).

Its backward is a second jitted function: it replays the equations the
outputs depend on, on the kept arrays and the captured Variables' arrays as
they hold them at backward (as eager backprop reads a retained input), and
differentiates the replay with :func:`tapejit.grad`.  Only the equations the
eager graph linked are replayed as differentiable ops, each input as it was
linked: ``.array``, ``no_backprop_mode``, ``unchain`` and new Variables cut
the graph as they do eagerly.  Under ``enable_double_backprop`` its inputs
are the live Variables, so its own outputs get a node in turn.
"""

from __future__ import annotations

import dataclasses
import weakref
from typing import Any, Optional

import numpy

from tapejit.core.abstract import TracedArray
from tapejit.core.backprop import functions_behind, grad as _grad
from tapejit.core.config import config, using_config
from tapejit.core.errors import GradientError
from tapejit.core.function_node import FunctionNode
from tapejit.core.variable import Variable, VariableNode
from tapejit.ir.graph import live_eqns
from tapejit.jit.entry import FreshState, _names


@dataclasses.dataclass(eq=False, slots=True)
class Differentiable:
    """What a plan needs to give its outputs a graph."""

    name: str
    # Positions, among the plan's output arrays, of the returned Variables
    # that had a graph, and their graph values.
    outs: tuple
    out_vars: tuple
    sources: tuple  # the source of each captured Variable that graph reached
    # Per equation on a path from a source to an output, what each input was in
    # the recorded graph (('src', j), ('eqn', id), or None: a constant, the graph cut).
    links: dict
    problem: Optional[str]  # why the outputs cannot be differentiated outside, or None
    eqns: tuple  # the equations the outputs' values depend on, in order
    weak: tuple  # graph inputs traced as weakly typed scalars
    # (targets, outputs present) -> the jitted backward
    vjps: dict = dataclasses.field(default_factory=dict)
    refusing: Optional[list] = None  # see _refusing_outputs
    # Indexes, among the Variables the function left on links (``self.h``),
    # of those with a graph (after the returned ones in out_vars), and the
    # Variables the plan puts there (see api._collect_link_state).
    states: tuple = ()
    state_holders: list = dataclasses.field(default_factory=list)
    state_at: list = dataclasses.field(default_factory=list)  # their positions among outputs
    # Per source, the index of its array among the call's inputs where it is
    # such a Variable (its array changes with every call: the backward reads
    # the call's), else None.
    saved_sources: tuple = ()
    # Whether some source is a link attribute read anew every call (a
    # recurrent state): the call's node finds its input nodes at once.
    slots: bool = False
    # (graph value id, position among the plan's outputs) of each random draw
    # (a dropout mask) the outputs depend on: the call keeps what it drew,
    # and its backward replays with those draws, not new ones.
    kept: tuple = ()


def keep_draws(d: Differentiable, outvars: list) -> None:
    """Make the random draws the outputs of ``d`` depend on outputs of the
    plan (appended to ``outvars``), kept by each call for its backward."""
    kept = []
    for e in d.eqns:
        if not e.prim.pure:
            kept.append((e.out.id, len(outvars)))
            outvars.append(e.out)
    d.kept = tuple(kept)


def differentiable_io(name: str, tr: Any, out_leaves: list, out_kinds: list,
                      states: list = ()) -> Optional[Differentiable]:
    """The :class:`Differentiable` of a trace whose function returned
    ``out_leaves`` of ``out_kinds`` and left the Variables ``states`` on
    links (before the trace restores the captured Variables' nodes), or
    None where none of them has a graph reaching one."""
    # (index among the plan's outputs, node) per returned Variable with a graph
    arrays = [(o, kind) for o, kind in zip(out_leaves, out_kinds) if kind[0] not in 'SO']
    outs = [(k, o._node) for k, (o, kind) in enumerate(arrays) if kind[0] == 'V'
            and o._node is not None and o._node.creator_node is not None]
    kept = [(k, v._node) for k, v in enumerate(states)
            if v._node is not None and v._node.creator_node is not None]
    if not outs and not kept:
        return None
    funcs = functions_behind([n for _, n in outs + kept])
    # id(node) -> ('src', stateful) of the captured Variables requiring grad
    by_node = {id(st.var._node): st for st in tr.stateful.values()
               if st.var._node is not None and st.var._requires_grad}
    made = {id(x): ('src', by_node[id(x)]) for f in funcs for x in f.inputs if id(x) in by_node}
    links, used, problem = _links(tr, funcs, made)
    # Outputs reached from no source get no gradient, as eagerly.
    reached = [(k, m[1]) for k, n in outs if (m := made.get(id(n))) is not None and m[0] == 'eqn']
    reached_states = [(k, m[1]) for k, n in kept
                      if (m := made.get(id(n))) is not None and m[0] == 'eqn']
    if problem is not None and not reached and outs:
        # (A node the replay cannot follow, which the outputs' graph goes
        # through: backward through them must raise, not give no gradient.)
        return Differentiable(name, tuple(k for k, _ in outs), (), (), {}, problem, (), ())
    if not (reached or reached_states) or not used:
        return None
    out_pos = tuple(k for k, _ in reached)
    out_vars = tuple(v for _, v in reached + reached_states)
    for st in used:
        d = st.var._data
        if problem is None and (d is not st.data_in or d.var is not st.var_in):
            # Eager backprop would mix the new array with results kept from the
            # old one: the replay cannot reproduce that.
            problem = (f'the function changed the array of {_named(st)} after using it '
                       'for the outputs (an update inside a training step)')
    eqns = live_eqns(tr.eqns, out_vars)[0]  # (what the outputs' replay needs)
    weak = tuple(i for i, (src, which) in enumerate(tr.input_sources)
                 if which in ('scalar', 'call'))
    # (A link's state Variable: the plan puts its new array in it at every call.)
    state_vars = {id(st.var) for st in tr.stateful.values() if _is_link_state(st.var)}
    ins = {v.id: i for i, v in enumerate(tr.invars)}
    saved = tuple(ins.get(st.var_in.id)
                  if id(st.var) in state_vars or st.source[0] == 'slot' else None
                  for st in used)
    d = Differentiable(name, out_pos, out_vars, tuple(st.source for st in used), links,
                       problem, eqns, weak)
    d.states = tuple(k for k, _ in reached_states)
    d.state_holders = [None] * len(d.states)
    d.state_at = [None] * len(d.states)
    d.saved_sources = saved
    d.slots = any(st.source[0] == 'slot' for st in used)
    return d


# The Variables plans put on links as state (api._collect_link_state).
state_holders: weakref.WeakSet = weakref.WeakSet()


def _is_link_state(v: Variable) -> bool:
    """Whether a plan puts a new array in ``v`` at every call (a link's state)."""
    return v in state_holders


def _links(tr: Any, funcs: list, made: dict) -> tuple:
    """Per equation on a path from a source to an output, how each input is
    reached (``made`` grows); the sources used, in order; what keeps the
    replay from reproducing eager backprop, or None."""
    links: dict = {}
    used: list = []
    problem = None
    by_out = {e.out.id: e for e in tr.eqns}
    for f in funcs:
        if not any(id(x) in made for x in f.inputs):
            continue
        var = tr.tape.get(f)
        if var is None:
            problem = (f'its graph holds {f.label}, which is not one of tapejit\'s '
                       'primitives and cannot be replayed')
            continue
        link = []
        for x, u in zip(f.inputs, by_out[var.id].inputs):
            m = made.get(id(x))
            if m is None or m[0] == 'eqn':
                link.append(m)
                continue
            st = m[1]
            if u is not st.var_in:
                # Eager backprop differentiates w.r.t. the Variable, the replay
                # w.r.t. the array the call brought.
                problem = (f'the function gave {_named(st)} another array and then '
                           'used it in computing the outputs')
            if st not in used:
                used.append(st)
            link.append(('src', used.index(st)))
        links[var.id] = tuple(link)
        for r in f.outputs:
            yn = r()
            if yn is not None:
                made[id(yn)] = ('eqn', var.id)
    return links, used, problem


def _named(st: Any) -> str:
    return (f'argument {st.source[1]}' if st.source[0] == 'arg'
            else 'a Variable it closes over')


class JitCallNode(FunctionNode):
    """One call of a jitted function in the backward graph; made on every
    call, so its input nodes and rank are found only when backprop asks.

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

    __slots__ = ('plan', 'saved', 'drawn', 'leaves', '_inputs', '_rank', 'outputs')

    def __init__(self, plan: Any, inputs: list, leaves: list, drawn: list) -> None:
        self.plan = plan
        self.saved = inputs
        self.drawn = drawn  # the call's random draws (Differentiable.kept)
        self.leaves = leaves
        self._inputs = self._rank = None
        if plan.diff.states or plan.diff.slots:
            # A link's state Variable gets a new node (or is replaced) at
            # every call: this call's input is the node it has now.
            self.inputs  # noqa: B018

    @property  # type: ignore[override]
    def inputs(self) -> Optional[tuple]:
        ins = self._inputs
        if ins is None:
            leaves = self.leaves
            if leaves is None:  # unchained
                return None
            ins = self._inputs = tuple(
                (leaves[s[1]] if s[0] == 'arg' else s[1].__dict__[s[2]] if s[0] == 'slot'
                 else s[1]).node for s in self.plan.diff.sources)
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
        self.saved = self.drawn = None  # (the call's arrays are needed no more)

    @property
    def label(self) -> str:
        return f'jit({self.plan.diff.name})'

    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        plan = self.plan
        d = plan.diff
        double = config.enable_backprop
        # Each input's live Variable, with the array it holds now, as eager
        # backprop reads a retained input.
        xs = []
        for n, at in zip(self.inputs, d.saved_sources):
            if at is not None:  # (a link's state: its array at this call)
                xs.append(Variable(self.saved[at]) if double else self.saved[at])
                continue
            v = n.get_variable_or_none()
            if v is None:
                raise GradientError(f'{self.label}: an input Variable of the call was '
                                    'released before backward')
            xs.append(v if double else v._data)
        present = tuple(g is not None for g in grad_outputs)
        # (A gradient of a sum arrives broadcast, its strides 0: the plan's
        # kernels would read it element by element, not in vectors.)
        gys = [g if double else _contiguous(g._data) for g in grad_outputs if g is not None]
        key = (target_input_indexes, present)
        vjp = d.vjps.get(key)
        if vjp is None:
            vjp = d.vjps[key] = _make_vjp(plan, target_input_indexes, present)
        return vjp(list(self.saved), xs, gys, list(self.drawn))


def _contiguous(a: Any) -> Any:
    """A NumPy array that is not C-contiguous as a C-contiguous copy (one
    whose every element is one, as filled with it: NumPy copies from strides
    of 0 at a fraction of a fill's speed); any other array as it is."""
    if a.__class__ is not numpy.ndarray or a.flags.c_contiguous:
        return a
    if not any(a.strides):
        return numpy.full(a.shape, a.reshape(-1)[0], a.dtype)
    return numpy.ascontiguousarray(a)


class _Replay:
    """What the backward of a plan replays, fixed when it is made.  One
    object in the backward's closure rather than its plain values: the
    trace of a jitted function guards the plain values its closure holds
    (:func:`tapejit.jit.closure_guards.value_guards`) and keys them again at
    every call, and these never change."""

    __slots__ = ('consts', 'invars', 'out_vars', 'eqns', 'links', 'weak', 'kept', 'targets')

    def __init__(self, plan: Any, targets: tuple, present: tuple) -> None:
        d, graph = plan.diff, plan.graph
        self.consts = tuple(zip(graph.constvars, graph.consts))
        self.invars = graph.invars
        self.out_vars = tuple(v for v, p in zip(d.out_vars, present) if p)
        self.eqns = d.eqns
        self.links = d.links
        self.weak = d.weak
        self.kept = tuple(i for i, _ in d.kept)
        self.targets = targets


def _make_vjp(plan: Any, targets: tuple, present: tuple) -> Any:
    """The jitted backward of ``plan``'s outputs (those ``present``) w.r.t.
    the inputs ``targets`` of its node (compiled by the plan's
    ``backward_jit``, where it has one)."""
    d = plan.diff
    r = _Replay(plan, targets, present)

    def vjp(ins: list, xs: list, gys: list, drawn: list) -> tuple:
        double = config.enable_backprop
        for i in r.weak:
            if ins[i].__class__ is TracedArray:
                ins[i].weak = True
        env: dict = {v.id: c for v, c in r.consts}
        env.update((v.id, a) for v, a in zip(r.invars, ins))
        drawn = dict(zip(r.kept, drawn))
        xs = [x if isinstance(x, Variable) else Variable(x) for x in xs]
        made: dict = {}
        links = r.links
        with using_config('enable_backprop', True):
            for e in r.eqns:
                link = links.get(e.out.id)
                if e.out.id in drawn:  # (what the forward call drew: no new draw)
                    env[e.out.id] = drawn[e.out.id]
                    if link is not None:
                        made[e.out.id] = Variable(drawn[e.out.id], requires_grad=False)
                    continue
                if link is None:  # a constant of the replay
                    env[e.out.id] = e.prim(*[env[u.id] for u in e.inputs], **e.params)._data
                    continue
                args = [env[u.id] if m is None else xs[m[1]] if m[0] == 'src' else made[m[1]]
                        for u, m in zip(e.inputs, link)]
                y = made[e.out.id] = e.prim(*args, **e.params)
                env[e.out.id] = y._data
        ys = [made[i] for i in r.out_vars]
        return tuple(_grad(ys, [xs[t] for t in r.targets], grad_outputs=gys,
                           enable_double_backprop=double))

    vjp.__name__ = vjp.__qualname__ = f'vjp({d.name})'
    if plan.backward_jit is None:
        return vjp
    return plan.backward_jit(vjp, target=plan.target, fastmath=plan.fastmath)


class _OutputNode(VariableNode):
    """A jitted call's output node: its rank is found when asked for.
    ``_OutputNode(y, creator)`` for a result ``y``; ``_OutputNode(array,
    creator, holder)`` for a link's state Variable ``holder`` that is
    given ``array`` afterwards."""

    __slots__ = ()

    def __init__(self, y: Any, creator: JitCallNode, holder: Optional[Variable] = None) -> None:
        a = y._data if holder is None else y
        super().__init__(y if holder is None else holder, a.shape, a.dtype, True)
        self.creator_node = creator

    @property  # type: ignore[override]
    def rank(self) -> int:
        c = self.creator_node
        return 0 if c is None else c.rank + 1

    @rank.setter
    def rank(self, value: int) -> None:
        pass  # (always its creator's plus one)


class _RefusingNode(FunctionNode):
    """The creator of outputs that cannot be differentiated outside
    (``Differentiable.problem``): backward raises.  One per plan, shared by
    every call, as a training step makes one per step and must stay cheap."""

    def __init__(self, plan: Any) -> None:
        self.plan = plan
        self.rank = 0
        self.inputs = (VariableNode(None, (), None, True),)  # (a stand-in)

    label = JitCallNode.label

    def unchain(self) -> None:
        pass  # (shared by every call: unchaining one result keeps the others')

    def backward(self, target_input_indexes: tuple, grad_outputs: tuple) -> tuple:
        raise GradientError(f'{self.label}: its outputs cannot be differentiated outside '
                            f'it: {self.plan.diff.problem}; call backward() inside the '
                            'jitted function')


class _SharedOutputNode(VariableNode):
    """An output node of a :class:`_RefusingNode`, shared by every call."""

    __slots__ = ()

    def unchain(self) -> None:
        pass  # (see _RefusingNode.unchain)


def _refusing_outputs(plan: Any) -> list:
    """The shared output nodes of ``plan``'s :class:`_RefusingNode`, made once."""
    d = plan.diff
    if d.refusing is not None:
        return d.refusing
    node = _RefusingNode(plan)
    outs = []
    # (Then those of the link states given a new Variable: see attach_lines.)
    fresh = [at for holder, at in zip(d.state_holders, d.state_at)
             if holder.__class__ is FreshState and holder.result is None]
    for k in list(plan.diff.outs) + fresh:
        v = plan.graph.outvars[k]
        n = _SharedOutputNode(None, v.shape, v.dtype, True)
        n.set_creator_node(node)
        outs.append(n)
    node.outputs = tuple(weakref.ref(n) for n in outs)
    d.refusing = outs
    return outs


def attach_lines(plan: Any, env: dict) -> list:
    """Statements of a generated ``finish`` giving the call's ``results`` a
    :class:`JitCallNode`; constants added to ``env``."""
    # Where the outputs are in the list of the function's results.
    at = [r for r, kind in enumerate(plan.out_kinds) if kind[0] not in 'SO']
    results = [at[k] for k in plan.diff.outs]
    if plan.diff.problem is not None:
        # (A link's new state too: a backward reaching it raises, and a
        # later call whose own backward reaches it says it stops there.)
        name = _names(env)
        nodes = _refusing_outputs(plan)
        lines = [f'results[{r}]._node = {name(n)}' for r, n in zip(results, nodes)]
        states = [(j, holder, at) for j, (holder, at) in enumerate(
            zip(plan.diff.state_holders, plan.diff.state_at))
            if holder.__class__ is FreshState and holder.result is None]
        for (j, holder, at), n in zip(states, nodes[len(results):]):
            lines += [f'_sf{j} = _make(outs[{at}], {holder.requires_grad})',
                      f'_sf{j}._node = {name(n)}']
        return lines
    env.update(_JCN=JitCallNode, _ON=_OutputNode, _wref=weakref.ref, _jplan=plan)
    drawn = ', '.join(f'outs[{k}]' for _, k in plan.diff.kept)
    lines = [f'_jn = _JCN(_jplan, inputs, leaves, [{drawn}])']
    outs = []
    for j, r in enumerate(results):
        lines += [f'_y = results[{r}]', f'_yn{j} = _y._node = _ON(_y, _jn)']
        outs.append(f'_wref(_yn{j})')
    name = _names(env)
    for j, (holder, at) in enumerate(zip(plan.diff.state_holders, plan.diff.state_at)):
        if holder.__class__ is FreshState:
            if holder.result is not None:
                continue  # (a returned Variable: its node is made above)
            # A new Variable for the link's attribute (the writes put it there).
            lines += [f'_sf{j} = _make(outs[{at}], {holder.requires_grad})',
                      f'_sf{j}._node = _sn{j} = _ON(outs[{at}], _jn, _sf{j})']
            outs.append(f'_wref(_sn{j})')
            continue
        # (Before the writes give it the array: its node from this call's output.)
        lines.append(f'_sn{j} = {name(holder)}._node = _ON(outs[{at}], _jn, {name(holder)})')
        outs.append(f'_wref(_sn{j})')
    lines.append(f'_jn.outputs = ({", ".join(outs)},)')
    return lines
