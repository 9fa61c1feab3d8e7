"""A CPU plan's steps lowered to its one :class:`~tapejit.compiler.program.Program`.

Every :class:`~tapejit.targets.cpu.executable.Executable` is lowered once,
when it is planned: its kernel steps (plain kernels and row chains) become
kernel calls over named arrays, with their output buffers, reduction
buffers and finishes; its library calls become :class:`~P.Call` statements;
its buffer plan becomes :class:`~P.Free` statements (back to the pool after
a value's last reader, or dropped), :class:`~P.InPlace` statements (a store
written through the array it updates, a donated parameter's or an
intermediate's) and :class:`~P.CopyInto` statements (a donated parameter's
update that no kernel writes in place, copied into it at the end).  The
step runner renders the Program as Python
(:mod:`~tapejit.targets.cpu.step_runner`); a small plan's is rendered as one
native function (:mod:`~tapejit.targets.cpu.native_plan`).

>>> import numpy as np
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.targets import compile_graph
>>> ex = compile_graph(trace_graph(lambda x: x * 2.0 + 1.0, [np.ones(3, np.float32)]))
>>> [type(st).__name__ for st in ex.lowered.program.statements]
['Reshape', 'Alloc', 'CallKernel', 'Return']
"""

from __future__ import annotations

import hashlib
import math
from typing import Any, Optional

import numpy

from tapejit.compiler import program as P
from tapejit.targets.cpu import codegen
from tapejit.targets.cpu.buffers import POOL_MIN_BYTES

# Alignment of each array in a native plan's scratch block (a cache line).
ALIGN = 64


def _scalar(value: Any, dt: numpy.dtype) -> Any:
    """``value`` as the Python scalar of ``dt``'s kind (a fill value)."""
    dt = numpy.dtype(dt)
    return bool(value) if dt.kind == 'b' else int(value) if dt.kind in 'iu' else float(value)


def _pooled(shape: tuple, dtype: Any) -> bool:
    return int(math.prod(shape)) * numpy.dtype(dtype).itemsize >= POOL_MIN_BYTES


class Lowered:
    """A plan's :class:`~tapejit.compiler.program.Program` as it is built,
    with what its renderers need besides: per kernel number its loop IR,
    whether it is parallel and its fastmath flags; per statement the step it
    comes from (``origin``, -1 for none); the scratch block's size and the
    largest product's multiply-adds (a native plan's); the parameters'
    graph inputs and constants."""

    def __init__(self) -> None:
        self.program = P.Program((), [])
        self.kernels: list = []     # per kernel number: (loop IR, parallel, fastmath)
        self._kernels: dict = {}    # the kernel cache's key -> kernel number
        self.origin: list = []      # per statement: the index of its step, or -1
        self.step = -1
        self.tmp = 0
        # Bytes of the arrays the plan allocates, each rounded up to ALIGN:
        # a natively compiled plan takes them from one scratch block.
        self.scratch = 0
        self.products: list = []    # multiply-adds of each matrix product
        self.arg_inputs: list = []  # (input index, carried as 1-d) per input parameter
        self.const_args: list = []  # the constants read, as parameters
        self.copies: list = []      # (output index, input index) updates copied in

    @property
    def largest_product(self) -> int:
        return max(self.products, default=0)

    def add(self, st: Any) -> Optional[str]:
        self.origin.append(self.step)
        return self.program.add(st)

    def count(self, shape: tuple, dtype: numpy.dtype) -> None:
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

    def alloc(self, shape: tuple, dtype: numpy.dtype, stem: str = 'o', fill: Any = None,
              pool: bool = False) -> str:
        self.count(shape, dtype)
        dt = numpy.dtype(dtype)
        return self.add(P.Alloc(self.name(stem), self.dims(shape), dt.name,
                                None if fill is None else _scalar(fill, dt), pool))

    def reshape(self, x: str, shape: Optional[tuple]) -> str:
        """``x``'s elements in ``shape``; ``None``: in one row."""
        dims = None if shape is None else self.dims(shape)
        return self.add(P.Reshape(self.name('v'), x, dims))

    def kernel(self, st: Any) -> int:
        """Step ``st``'s kernel number: one per kernel (its source and flags,
        hashed here: the kernel cache's key would read Numba's version, which
        a warm process running native kernels only never needs)."""
        key = hashlib.sha256(f'parallel={st.parallel} fastmath={st.fastmath}\n'
                             f'{st.source}'.encode()).hexdigest()[:24]
        if key not in self._kernels:
            self._kernels[key] = len(self.kernels)
            self.kernels.append((st.ir, st.parallel, st.fastmath))
            self.program.kernels.append(key)
        return self._kernels[key]

    def call(self, st: Any, args: list) -> None:
        """The call of kernel step ``st``'s kernel on ``args``."""
        k = self.kernel(st)
        lo = len(self.program.table)
        self.program.table.extend(int(v) for v in st.sizes)
        sizes = (lo, len(self.program.table))
        self.add(P.CallKernel(k, sizes, self.size(st.ch), self.size(st.nch), tuple(args)))


def _prepared(x: str, mode: str, low: Lowered) -> str:
    # (A scalar or flat input is read as one row, as codegen.prepare_inputs does.)
    return low.reshape(x, None) if mode in ('scalar', 'flat') else x


def _alloc_reductions(sp: Any, nch: int, low: Lowered) -> list:
    return [low.alloc(shape, dt, 'r', init)
            for shape, dt, init in codegen.reduction_layout(sp, nch)]


def _finish(e: Any, how: str, buf: str, low: Lowered) -> str:
    """The name of reduction ``e``'s final value, from its buffer ``buf``."""
    shape = e.out.shape
    if how == 'row':
        return low.reshape(buf, shape)
    low.count(shape, e.out.dtype)
    op = e.prim.name if how == 'partial' else 'cast'
    return low.add(P.Finish(op, buf, low.name('f'), low.dims(shape),
                            numpy.dtype(e.out.dtype).name))


def _kernel_step(st: Any, low: Lowered, var: dict) -> None:
    spec = st.spec
    donated_in = {j: k for k, j in st.donated.items()}
    args, in_place = [], {}
    for j, ((v, mode), sl) in enumerate(zip(spec.inputs, st.ins)):
        x = var[sl]
        if j in donated_in:
            # The kernel writes this store through the input it updates.
            k = donated_in[j]
            sv = spec.stores[k]
            x = in_place[k] = low.add(P.InPlace(low.name('d'), x, low.dims(sv.shape),
                                                numpy.dtype(sv.dtype).name))
        args.append(_prepared(x, mode, low))
    results = []
    for k, v in enumerate(spec.stores):
        if k in in_place:
            results.append(in_place[k])
            continue
        o = low.alloc(v.shape, v.dtype, pool=_pooled(v.shape, v.dtype))
        results.append(o)
        args.append(low.reshape(o, None) if spec.flat and len(v.shape) != 1 else o)
    reds = _alloc_reductions(spec, st.nch, low)
    low.call(st, args + reds)
    for (e, axes, how, init, adt), r in zip(spec.reductions, reds):
        results.append(_finish(e, how, r, low))
    for sl, x in zip(st.outs, results):
        var[sl] = x


def _chain_step(st: Any, low: Lowered, var: dict) -> None:
    spec = st.spec
    made: dict = {}
    have = {v.id: var[sl] for v, sl in zip(st.in_vars, st.ins)}
    reds: list = []
    finish: list = []
    # Buffers first: a later part reads what an earlier one writes.
    for sp in spec.specs:
        for v in sp.stores:
            made[v.id] = low.alloc(v.shape, v.dtype, pool=_pooled(v.shape, v.dtype))
        bufs = _alloc_reductions(sp, st.nch, low)
        for (e, axes, how, init, adt), b in zip(sp.reductions, bufs):
            if how == 'row':
                made[e.out.id] = low.reshape(b, e.out.shape)
            finish.append((e, how, b))
        reds.append(bufs)
    for e in st.chain.views:
        made[e.out.id] = low.reshape(made[e.inputs[0].id], e.out.shape)
    # Parameters in part order: inputs, stores, reductions per part.
    call = []
    for sp, bufs in zip(spec.specs, reds):
        call += [_prepared(made[v.id] if v.id in made else have[v.id], mode, low)
                 for v, mode in sp.inputs]
        call += [made[v.id] for v in sp.stores] + bufs
    low.call(st, call)
    results = []
    fin = iter(finish)
    for sp in spec.specs:
        results += [made[v.id] for v in sp.stores]
        for _ in sp.reductions:
            e, how, b = next(fin)
            results.append(made[e.out.id] if how == 'row' else _finish(e, how, b, low))
    results += [made[e.out.id] for e in st.chain.views]
    for sl, x in zip(st.outs, results):
        var[sl] = x


def _call_step(e: Any, st: tuple, low: Lowered, var: dict) -> None:
    fn, params, ins, out = st
    x = [var[s] for s in ins]
    name = e.prim.name
    if name == 'reshape':
        # (The shape from the table: a new batch size is the same statement.)
        var[out] = low.reshape(x[0], e.out.shape)
        return
    if name == 'matmul':
        low.count(e.out.shape, e.out.dtype)
        a = e.inputs[0].shape
        inner = (a[-2] if params.get('transa') else a[-1]) if len(a) > 1 else 1
        low.products.append(int(math.prod(e.out.shape)) * inner)
    low.program.calls.append(fn)
    var[out] = low.add(P.Call(low.name('o' if name in P.NEW_ARRAY_CALLS else 'v'), name,
                              tuple(params.items()), tuple(x), len(low.program.calls) - 1))


def _parameters(exe: Any, low: Lowered, var: dict) -> list:
    """The plan's array parameters (the graph inputs and constants it
    reads), named in ``var`` by slot."""
    g, params = exe.graph, []
    read: set = set(exe.out_slots)
    for kind, st in exe.steps:
        read.update(st.ins if kind == 'kernel' else st[2])
    for i, (v, sl) in enumerate(zip(g.invars, exe.in_slots)):
        if sl in read and sl not in var:
            var[sl] = f'a{len(params)}'
            params.append(var[sl])
            low.arg_inputs.append((i, v.shape == ()))
    for (sl, c), v in zip(exe.const_slots, g.constvars):
        if sl in read and sl not in var:
            var[sl] = f'a{len(params)}'
            params.append(var[sl])
            low.const_args.append(c)
    return params


def _copies(exe: Any, low: Lowered) -> list:
    """(output index, input index) of the donated parameters whose update no
    kernel writes in place: copied into the parameter's own array at the
    end, so the caller finds it there (as eager ``W.array -= ...``)."""
    g, out = exe.graph, []
    in_args = {i for i, _ in low.arg_inputs}
    in_place = {(st.outs[k], st.ins[j]) for kind, st in exe.steps if kind == 'kernel'
                for k, j in st.donated.items()}
    outs = set(exe.out_slots)
    for o, i in sorted(exe.donate_map.items()):
        if o >= len(g.outvars) or i >= len(g.invars) or i not in in_args:
            continue
        ov, iv = g.outvars[o], g.invars[i]
        osl, isl = exe.out_slots[o], exe.in_slots[i]
        if (ov.shape != iv.shape or ov.dtype != iv.dtype or (osl, isl) in in_place
                or isl in outs or exe.out_slots.count(osl) > 1 or osl in exe.in_slots
                or osl in {c for c, _ in exe.const_slots}
                # A view of the parameter returned would see the update.
                or exe._views_of(isl) & outs):
            continue
        out.append((o, i))
    return out


def lower(exe: Any) -> Lowered:
    """``exe``'s plan as one :class:`~tapejit.compiler.program.Program`."""
    low = Lowered()
    var: dict = {}
    params = _parameters(exe, low, var)
    low.program.params = tuple(params)
    for n, (u, (kind, st)) in enumerate(zip(exe.units, exe.steps)):
        low.step = n
        if kind == 'call':
            _call_step(u, st, low, var)
        elif isinstance(st.spec, codegen.ChainSpec):
            _chain_step(st, low, var)
        else:
            _kernel_step(st, low, var)
        for sl in exe.free_after[n]:
            low.add(P.Free(var[sl], True))
        for sl in exe.drop_after[n]:
            low.add(P.Free(var[sl], False))
    low.step = -1
    outs = [var[sl] for sl in exe.out_slots]
    keep = set(exe.in_slots) | {c for c, _ in exe.const_slots}
    low.copies = _copies(exe, low)
    for o, i in low.copies:
        sl = exe.out_slots[o]
        src, outs[o] = outs[o], low.add(P.CopyInto(low.name('d'), var[exe.in_slots[i]], outs[o]))
        if sl not in keep:
            v = exe.graph.outvars[o]
            low.add(P.Free(src, _pooled(v.shape, v.dtype)))
    low.add(P.Return(tuple(outs), tuple(exe.copy_out)))
    return low
