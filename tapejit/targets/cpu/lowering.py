"""A CPU plan's kernel steps lowered into its one
:class:`~tapejit.compiler.program.Program` (the rest is
:meth:`tapejit.compiler.plan.Lowered.lower`'s): a kernel or a row chain
becomes its output buffers, reduction buffers, call and finishes; a store
written through the array it updates an :class:`~P.InPlace` statement; a
donated parameter's update that no kernel writes in place is copied into it
at the end (:class:`~P.CopyInto`).

>>> import numpy as np
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.targets import compile_graph
>>> ex = compile_graph(trace_graph(lambda x: x * 2.0 + 1.0, [np.ones(3, np.float32)]))
>>> [type(st).__name__ for st in ex.lowered.program.statements]
['Reshape', 'Alloc', 'CallKernel', 'Return']
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy

from tapejit.compiler import plan, program as P
from tapejit.targets.cpu import codegen
from tapejit.targets.cpu.buffers import POOL_MIN_BYTES


class Lowered(plan.Lowered):
    """A CPU plan's Program as it is built, with its kernels and the donated
    parameters' updates copied in (``copies``: (output index, input index))."""

    def __init__(self) -> None:
        super().__init__()
        self.kernels: list = []     # per kernel number: (loop IR, parallel, fastmath)
        self._kernels: dict = {}    # the kernel cache's key -> kernel number
        self.copies: list = []

    def call(self, st: Any, args: list) -> None:
        """The call of kernel step ``st``'s kernel on ``args``: one number per
        kernel (its source and flags hashed here: the kernel cache's key
        reads Numba's version, which a native-only process never needs)."""
        key = hashlib.sha256(f'parallel={st.parallel} fastmath={st.fastmath}\n'
                             f'{st.source}'.encode()).hexdigest()[:24]
        if key not in self._kernels:
            self._kernels[key] = len(self.kernels)
            self.kernels.append((st.ir, st.parallel, st.fastmath))
            self.program.kernels.append(key)
        self.call_kernel(self._kernels[key], st.sizes, st.ch, st.nch, args)


def _alloc_reductions(sp: Any, nch: int, low: Lowered) -> list:
    return [low.alloc(shape, dt, 'r', init)
            for shape, dt, init in codegen.reduction_layout(sp, nch)]


def _finish(e: Any, how: str, buf: str, low: Lowered) -> str:
    """The name of reduction ``e``'s final value, from its buffer ``buf``."""
    if how == 'row':
        return low.reshape(buf, e.out.shape)
    return low.finish(e.prim.name if how == 'partial' else 'cast', buf, e.out.shape, e.out.dtype)


def _kernel_step(st: Any, low: Lowered, var: dict) -> None:
    if isinstance(st.spec, codegen.ChainSpec):
        return _chain_step(st, low, var)
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
        args.append(low.kernel_input(x, mode))
    results = []
    for k, v in enumerate(spec.stores):
        if k in in_place:
            results.append(in_place[k])
            continue
        o, arg = low.store_buffer(spec, v, POOL_MIN_BYTES)
        results.append(o)
        args.append(arg)
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
            made[v.id] = low.store_buffer(st.spec, v, POOL_MIN_BYTES)[0]
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
        call += [low.kernel_input(made[v.id] if v.id in made else have[v.id], mode)
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
    var = low.lower(exe, _kernel_step)
    outs = [var[sl] for sl in exe.out_slots]
    keep = set(exe.in_slots) | {c for c, _ in exe.const_slots}
    low.copies = _copies(exe, low)
    for o, i in low.copies:
        sl = exe.out_slots[o]
        src, outs[o] = outs[o], low.add(P.CopyInto(low.name('d'), var[exe.in_slots[i]], outs[o]))
        if sl not in keep:
            v = exe.graph.outvars[o]
            low.add(P.Free(src, plan.nbytes(v) >= POOL_MIN_BYTES))
    low.ret(exe, outs)
    return low
