"""The plan every target builds from a traced graph (ARCHITECTURE.md, section 4).

:class:`Plan` simplifies and fuses the graph and gives the inputs and
constants their slots; :meth:`Plan.plan_steps` gives each unit its steps
(the target's: kernel steps known by what they read and write, not yet
rendered); :func:`tapejit.compiler.memory.plan_memory` decides the buffers
(``plan.memory``); the target then renders each kernel once.
:meth:`Lowered.lower` turns the steps into one
:class:`~tapejit.compiler.program.Program`, each kernel step as the target
lowers it with the helpers here.

A step is ``('kernel', st)``, ``st`` a target's object with the slots it
reads (``st.ins``) and writes (``st.outs``), or ``('call', (fn, params,
ins, out))``, the primitive's ``impl`` (or the target's stand-in for it).

>>> import numpy as np
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.compiler.memory import plan_memory
>>> plan = Plan(trace_graph(lambda x: (x.T, x), [np.ones((2, 3), np.float32)]), rows=False)
>>> plan.plan_steps(lambda u: [plan.call_step(u)])  # a target running every unit as a call
>>> plan.memory = plan_memory(plan, None, None)
>>> low = Lowered()
>>> var = low.lower(plan, None)
>>> low.ret(plan, var)
>>> print(low.program.describe())
plan(T, a0):
    v1 = transpose(a0, axes=(1, 0))
    return (v1, copy(a0))
    # T = []
"""

from __future__ import annotations

import math
import warnings
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit.compiler import buckets, fusion, program as P
from tapejit.compiler.kernel_ir import outside_inputs
from tapejit.compiler.loop_ir import Unsupported
from tapejit.compiler.passes import DEFAULT_PASSES, simplify
from tapejit.ir.graph import Graph


class Slots:
    """Slot numbers of a plan's values, given out in order of first use.

    >>> from tapejit.ir.graph import Var
    >>> s = Slots(); [s[Var(7, (), 'f4')], s[Var(3, (), 'f4')], s[Var(7, (), 'f4')]]
    [0, 1, 0]
    """

    __slots__ = ('ids',)

    def __init__(self) -> None:
        self.ids: dict = {}

    def __getitem__(self, v: Any) -> int:
        return self.ids.setdefault(v.id, len(self.ids))

    def __len__(self) -> int:
        return len(self.ids)


def members(item: Any) -> list:
    """The equations of a loop group, or the one equation of a call."""
    return item.members if isinstance(item, fusion.Group) else [item]


def reads(kind: str, st: Any) -> list:
    """The slots step ``(kind, st)`` reads."""
    return st.ins if kind == 'kernel' else st[2]


def writes(kind: str, st: Any) -> list:
    """The slots step ``(kind, st)`` writes."""
    return st.outs if kind == 'kernel' else [st[3]]


def numba_error(exc: BaseException) -> bool:
    """Whether ``exc`` is Numba's (a kernel it cannot type or compile)."""
    return (type(exc).__module__ or '').startswith('numba')


def compiled_call(what: str, spec: Any, run: Callable[[], None]) -> bool:
    """Whether a kernel's first call ``run()`` ran; False, with a warning,
    where ``what`` (of ``spec``'s members and source) cannot be compiled (a
    Numba error, or :class:`Unsupported`): the caller runs it op by op from
    then on."""
    try:
        run()
        return True
    except Exception as exc:
        if not (numba_error(exc) or isinstance(exc, Unsupported)):
            raise
        first = str(exc).splitlines()[0] if str(exc) else ''
        warnings.warn(f'tapejit: {what} failed to compile ({type(exc).__name__}: {first}); '
                      f'running its {len(spec.members)} ops one by one. Source:\n'
                      f'{spec.source}', RuntimeWarning, stacklevel=4)
    return False


def eval_members(eqns: list, env: dict, const: Callable, xp: Any = numpy) -> dict:
    """``env`` (value id -> array) with the values of ``eqns``, each by its
    primitive's ``impl`` (a kernel done op by op); ``const(id)``: a constant."""
    env = dict(env)
    for e in eqns:
        args = [env[v.id] if v.id in env else const(v.id) for v in e.inputs]
        env[e.out.id] = xp.asarray(e.prim.impl(*args, **e.params))
    return env


class Plan:
    """A graph planned for a target: ``graph`` (simplified), its fusion
    ``units``, ``consts``, the slots of its inputs, constants and outputs,
    per step its unit and the step (:meth:`plan_steps`), and ``memory``
    (:mod:`~tapejit.compiler.memory`)."""

    def __init__(self, graph: Graph, rows: bool, first: tuple = ()) -> None:
        """Simplify and fuse ``graph`` (``rows``: into row chains too; the
        target's own passes ``first`` before the others); the inputs' and
        constants' slots given out."""
        g = self.graph = simplify(graph, first + DEFAULT_PASSES)
        self.units = fusion.partition(g, rows=rows)
        self.consts = {v.id: c for v, c in zip(g.constvars, g.consts)}
        # Ids of the values read after the unit producing them (or outputs);
        # each part of a row chain counts as a unit (a later part reads them).
        self.used_later = {v.id for v in g.outvars}
        for u in self.units:
            for it in (u.items if isinstance(u, fusion.RowChain) else [u]):
                self.used_later.update(v.id for v in outside_inputs(members(it)))
        self.slots = Slots()
        self.const_slots = [(self.slots[v], c) for v, c in zip(g.constvars, g.consts)]
        self.in_slots = [self.slots[v] for v in g.invars]
        self.steps: list = []
        self.out_slots: list = []
        self.memory: Any = None

    @property
    def slot_ids(self) -> dict:
        """Value id -> slot."""
        return self.slots.ids

    @property
    def nslots(self) -> int:
        return len(self.slots)

    def plan_steps(self, steps_of: Callable[[Any], list]) -> None:
        """Each unit's steps (``steps_of(unit)``), and ``units`` per step."""
        pairs = [(u, st) for u in self.units for st in steps_of(u)]
        self.units = [u for u, _ in pairs]
        self.steps = [st for _, st in pairs]
        self.out_slots = [self.slots[v] for v in self.graph.outvars]

    def call_step(self, u: Any, fn: Optional[Callable] = None) -> tuple:
        """The step calling ``fn`` (the primitive's ``impl`` by default) for ``u``."""
        return ('call', (fn or u.prim.impl, u.params, [self.slots[v] for v in u.inputs],
                         self.slots[u.out]))

    def readers(self) -> dict:
        """Per slot, the steps reading it (a step once per read)."""
        out: dict = {}
        for n, (kind, st) in enumerate(self.steps):
            for sl in reads(kind, st):
                out.setdefault(sl, []).append(n)
        return out

    def kept(self) -> set:
        """The slots the plan never frees: inputs, constants and outputs."""
        return set(self.out_slots) | set(self.in_slots) | {c for c, _ in self.const_slots}

    def read_slots(self) -> set:
        """The slots some step reads, or the plan returns."""
        read: set = set(self.out_slots)
        for kind, st in self.steps:
            read.update(reads(kind, st))
        return read

    def check_inputs(self, inputs: Sequence[Any], check: Optional[Sequence[int]],
                     what: str = 'compiled plan') -> None:
        """Refuse inputs of other shapes or dtypes than the plan's (all, or
        those at the positions ``check``)."""
        invars = self.graph.invars
        if len(inputs) != len(invars):
            raise ValueError(f'{what}: takes {len(invars)} inputs, got {len(inputs)}')
        for i in range(len(invars)) if check is None else check:
            v, a = invars[i], inputs[i]
            if i in self.memory.unused_inputs:  # (a gradient cleared before use)
                continue
            if getattr(a, 'shape', None) != v.shape or getattr(a, 'dtype', None) != v.dtype:
                got = (f'{a.dtype}{tuple(a.shape)}' if hasattr(a, 'shape')
                       else type(a).__name__)
                raise ValueError(f'{what}: input {i} is {got}; expected {v.dtype}{v.shape}')


def nbytes(v: Any) -> int:
    """The bytes of value ``v``'s array."""
    return int(math.prod(v.shape)) * numpy.dtype(v.dtype).itemsize


def _scalar(value: Any, dt: numpy.dtype) -> Any:
    """``value`` as the Python scalar of ``dt``'s kind (a fill value)."""
    return bool(value) if dt.kind == 'b' else int(value) if dt.kind in 'iu' else float(value)


# Alignment of each array in a native plan's scratch block (a cache line).
ALIGN = 64


class Lowered:
    """A plan's :class:`~tapejit.compiler.program.Program` as it is built,
    and per statement its step (``origin``), the bytes it allocates
    (``scratch``, each array rounded up to ``ALIGN``), each product's
    multiply-adds and the parameters' graph inputs and constants."""

    def __init__(self) -> None:
        self.program = P.Program((), [])
        self.origin: list = []
        self.step = -1
        self.tmp = 0
        self.scratch = 0
        self.products: list = []
        self.arg_inputs: list = []
        self.const_args: list = []
        self.buckets: dict = {}   # an allreduce_start's output id -> its Bucket
        self.direct: dict = {}    # a value id -> (its Bucket, offset): written in place

    @property
    def largest_product(self) -> int:
        return max(self.products, default=0)

    def add(self, st: Any) -> Optional[str]:
        self.origin.append(self.step)
        return self.program.add(st)

    def count(self, shape: tuple, dtype: Any) -> None:
        n = int(math.prod(shape)) * numpy.dtype(dtype).itemsize
        self.scratch += -(-max(n, 1) // ALIGN) * ALIGN

    def size(self, value: int) -> int:
        """The table position holding ``value``."""
        self.program.table.append(int(value))
        return len(self.program.table) - 1

    def dims(self, shape: tuple) -> tuple:
        return tuple(self.size(d) for d in shape)

    def name(self, stem: str) -> str:
        self.tmp += 1
        return f'{stem}{self.tmp}'

    def alloc(self, shape: tuple, dtype: Any, stem: str = 'o', fill: Any = None,
              pool: bool = False) -> str:
        self.count(shape, dtype)
        dt = numpy.dtype(dtype)
        return self.add(P.Alloc(self.name(stem), self.dims(shape), dt.name,
                                None if fill is None else _scalar(fill, dt), pool))

    def reshape(self, x: str, shape: Optional[tuple]) -> str:
        """``x``'s elements in ``shape``; ``None``: in one row."""
        dims = None if shape is None else self.dims(shape)
        return self.add(P.Reshape(self.name('v'), x, dims))

    def finish(self, op: str, buf: str, v: Any) -> str:
        """Value ``v``: a reduction's final values (``op``: see
        :class:`~P.Finish`) from ``buf``, written into its place where placed."""
        into = self.placed(v)
        if into is None:
            self.count(v.shape, v.dtype)
        return self.add(P.Finish(op, buf, self.name('f'), self.dims(v.shape),
                                 numpy.dtype(v.dtype).name, into))

    def placed(self, v: Any) -> Optional[str]:
        """Where value ``v`` is to be written: its place in a bucket's row
        (:mod:`~tapejit.compiler.buckets`) where it goes straight there, else None."""
        at = self.direct.pop(v.id, None)
        if at is None:
            return None
        at[0].placed.add(v.id)
        return self.bucket_place(at[0], at[1], v.shape)

    def bucket_place(self, b: buckets.Bucket, offset: int, shape: tuple) -> str:
        """A view of ``b``'s row from ``offset`` on in ``shape``; the row
        is allocated at its first view (just before its first value is computed)."""
        if b.name is None:
            b.name = self.alloc((b.size,), b.dtype, 'b')
        return self.add(P.Slice(self.name('v'), b.name, self.size(offset), self.dims(shape)))

    def kernel_input(self, x: str, mode: str) -> str:
        """A kernel's argument for input ``x`` read as ``mode`` (one row if flat)."""
        return self.reshape(x, None) if mode in ('scalar', 'flat') else x

    def store_buffer(self, spec: Any, v: Any, pool: Optional[int]) -> tuple:
        """(the new array, the kernel's argument) of store ``v`` of ``spec``."""
        o = self.placed(v)
        if o is None:
            o = self.alloc(v.shape, v.dtype, pool=pool is not None and nbytes(v) >= pool)
        return o, self.reshape(o, None) if spec.flat and len(v.shape) != 1 else o

    def call_kernel(self, k: int, sizes: Sequence[int], ch: int, nch: int, args: list) -> None:
        """The call of kernel number ``k`` with these sizes and chunks on ``args``."""
        table = self.program.table
        lo = len(table)
        table.extend(int(v) for v in sizes)
        self.add(P.CallKernel(k, (lo, len(table)), self.size(ch), self.size(nch), tuple(args)))

    def library_call(self, e: Any, st: tuple, var: dict) -> None:
        """Library call step ``st`` of equation ``e``; a reshape is a view."""
        fn, params, ins, out = st
        x = [var[s] for s in ins]
        name = e.prim.name
        if name == 'reshape':
            # (The shape from the table: a new batch size is the same statement.)
            var[out] = self.reshape(x[0], e.out.shape)
            return
        into = None
        if name in P.OUT_CALLS:
            if name == 'matmul':
                a = e.inputs[0].shape
                inner = (a[-2] if params.get('transa') else a[-1]) if len(a) > 1 else 1
                self.products.append(int(math.prod(e.out.shape)) * inner)
            into = self.placed(e.out)
            if into is None:
                self.count(e.out.shape, e.out.dtype)
            else:  # (the primitive's own: it writes into ``out``)
                fn = e.prim.impl
        elif e.out.id in self.buckets:
            x, params = self.bucket_row(self.buckets[e.out.id], e.inputs, x), {
                **params, 'overwrite': True}
        self.program.calls.append(fn)
        var[out] = self.add(P.Call(self.name('o' if name in P.NEW_ARRAY_CALLS else 'v'), name,
                                   tuple(params.items()), tuple(x), len(self.program.calls) - 1,
                                   into))

    def bucket_row(self, b: buckets.Bucket, inputs: Sequence[Any], names: list) -> list:
        """The arguments of a bucket's start: its row (in the shape of its
        one input, where one), the inputs not written in place copied into
        their places first."""
        for v, x, offset in zip(inputs, names, b.offsets):
            if not b.in_place(v):
                self.add(P.CopyInto(self.name('d'), self.bucket_place(b, offset, v.shape), x))
        return [b.name if len(inputs) > 1 else self.reshape(b.name, inputs[0].shape)]

    def parameters(self, plan: Plan, var: dict) -> None:
        """The plan's array parameters (the graph inputs and constants it
        reads), named in ``var`` by slot."""
        read, params = plan.read_slots(), []
        ins = [(sl, self.arg_inputs, (i, v.shape == ()))
               for i, (v, sl) in enumerate(zip(plan.graph.invars, plan.in_slots))]
        for sl, to, item in ins + [(sl, self.const_args, c) for sl, c in plan.const_slots]:
            if sl in read and sl not in var:
                var[sl] = f'a{len(params)}'
                params.append(var[sl])
                to.append(item)
        self.program.params = tuple(params)

    def lower(self, plan: Plan, kernel_step: Optional[Callable]) -> dict:
        """The parameters, then each step (``kernel_step(st, self, var)``
        lowers a kernel step) and the frees after it; the names by slot."""
        var: dict = {}
        self.parameters(plan, var)
        self.buckets = buckets.plan_buckets(plan.units, plan.steps, plan.readers(), plan.kept())
        self.direct = {i: (b, off) for b in self.buckets.values() for i, off in b.direct.items()}
        for n, (u, (kind, st)) in enumerate(zip(plan.units, plan.steps)):
            self.step = n
            if kind == 'call':
                self.library_call(u, st, var)
            else:
                kernel_step(st, self, var)
            for sl in plan.memory.free_after[n]:
                self.add(P.Free(var[sl], True))
            for sl in plan.memory.drop_after[n]:
                self.add(P.Free(var[sl], False))
        self.step = -1
        return var

    def ret(self, plan: Plan, var: dict, pool_min: Optional[int] = None) -> None:
        """Return the plan's outputs (named by slot in ``var``): the donated
        updates no kernel wrote in place (``plan.memory.copies``) first
        copied into their inputs' arrays, so the caller finds them there
        (as eager ``W.array -= ...``); those of ``copy_out`` as copies.
        ``pool_min``: the bytes from which a freed buffer goes to the pool."""
        outs = [var[sl] for sl in plan.out_slots]
        for o, i in plan.memory.copies:
            # (Never an input's or a constant's array: compiler.memory._copies.)
            src = outs[o]
            outs[o] = self.add(P.CopyInto(self.name('d'), var[plan.in_slots[i]], src))
            v = plan.graph.outvars[o]
            self.add(P.Free(src, pool_min is not None and nbytes(v) >= pool_min))
        self.add(P.Return(tuple(outs), tuple(plan.memory.copy_out)))
