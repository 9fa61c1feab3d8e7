"""A small plan as one compiled call.

Run step by step, a plan pays a Python dispatch per kernel and per library
call (a few microseconds each), which is most of the time of a small step:
about 30 steps for a tiny MLP's training step.  Here the whole plan is
rendered as one function over the plan's fused kernels, which
:mod:`~tapejit.targets.cpu.native_plan` compiles natively at the plan's first
call: it takes its buffers from one scratch block, calls the kernels, does
the matrix products as loop nests (through BLAS past ``PRODUCT_MAX``
multiply-adds, where SciPy provides one), takes reshapes and transposes as
views, and writes the outputs, so a call costs one dispatch.

The function stays shape-generic like the kernels: every size it needs
(loop bounds, chunk counts, buffer shapes) is read from a table of integers
passed in, so a new batch size builds a new table but compiles nothing.
A 0-d value is carried as a 1-element 1-d array (reshaped at the boundary).

Only plans whose values are all small (``SMALL_MAX`` elements) and whose
library calls have a compiled form here (2-d float ``matmul``, ``reshape``,
``transpose``) run this way; without SciPy each product must also be small
enough for the loops.  The others, and a plan the translator refuses, run
step by step.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
from typing import Any, Optional

import numpy

from tapejit.targets.cpu import codegen, kernel_cache, native
from tapejit.targets.cpu.ops import typed
from tapejit.compiler.fusion import SUPPORTED, Group, RowChain
from tapejit.ir.graph import Eqn

# Largest value (in elements) of a plan run as one call: past it, each step
# costs far more than its dispatch.
SMALL_MAX = 1 << 18
# Whether products may call BLAS from compiled code (SciPy's, see
# native.gemm_symbols). Without it a plan runs as one call only if each
# product is small enough for the loops (LOOP_MAX multiply-adds).
BLAS = importlib.util.find_spec('scipy') is not None
LOOP_MAX = 1 << 17
# Largest plan function, in arguments plus statements, compiled as one call:
# LLVM's time to optimize it grows faster than its length. (A 3-layer Adam
# step is about 260; its native function then compiles in about a second.)
MAX_STATEMENTS = 400
# Off: every plan runs step by step (the tests compare the two).
ENABLED = True
# Alignment of each array in a native plan's scratch block (a cache line).
ALIGN = 64


def _np_dtype(dt: numpy.dtype) -> str:
    return 'np.bool_' if dt == numpy.bool_ else f'np.{dt.name}'


class _Source:
    """The plan function's source, with its table of sizes."""

    def __init__(self) -> None:
        self.table: list = []
        self.lines: list = []
        self.kernels: dict = {}   # (source, fastmath) -> function name
        self.tmp = 0
        # Bytes of the arrays the function allocates, each rounded up to
        # ALIGN: a natively compiled plan takes them from one scratch block.
        self.scratch = 0
        self.products: list = []   # multiply-adds of each matrix product

    def alloc(self, shape: tuple, dtype: numpy.dtype) -> None:
        n = int(math.prod(shape)) * numpy.dtype(dtype).itemsize
        self.scratch += -(-max(n, 1) // ALIGN) * ALIGN

    def size(self, value: int) -> str:
        self.table.append(int(value))
        return f'T[{len(self.table) - 1}]'

    def shape(self, shape: tuple) -> str:
        """A shape tuple read from the table; a 0-d shape is carried as (1,)."""
        if not shape:
            return '(1,)'
        return '(' + ''.join(self.size(d) + ', ' for d in shape) + ')'

    def sizes_array(self, values: Any) -> str:
        start = len(self.table)
        for v in values:
            self.table.append(int(v))
        return f'T[{start}:{len(self.table)}]'

    def name(self, stem: str) -> str:
        self.tmp += 1
        return f'{stem}{self.tmp}'

    def kernel(self, st: Any) -> str:
        """The name of step ``st``'s kernel, as the step runner keyed it."""
        source, par = st.spec.source, st.parallel
        key = kernel_cache.kernel_key(source, par, st.fastmath)
        if key not in self.kernels:
            self.kernels[key] = (f'k{len(self.kernels)}', source, par, st.fastmath)
        return self.kernels[key][0]

    def emit(self, line: str) -> None:
        self.lines.append('    ' + line)


def _reshaped(x: str, shape: tuple, src: _Source) -> str:
    return f'np.ascontiguousarray({x}).reshape({src.shape(shape)})'


def _prepared(x: str, mode: str) -> str:
    return f'np.ascontiguousarray({x}).reshape(-1)' if mode in ('scalar', 'flat') else x


def _alloc_reductions(sp: Any, nch: int, src: _Source) -> list:
    names = []
    for shape, dt, init in codegen.reduction_layout(sp, nch):
        r = src.name('r')
        src.alloc(shape, dt)
        src.emit(f'{r} = np.full({src.shape(shape)}, {typed(init, dt)})')
        names.append(r)
    return names


def _finish(e: Any, how: str, buf: str, src: _Source) -> str:
    """The expression (after emitted lines) of reduction ``e``'s final value."""
    shape = e.out.shape
    if how == 'row':
        return f'{buf}.reshape({src.shape(shape)})'
    o = src.name('f')
    src.alloc(shape, e.out.dtype)
    src.emit(f'{o} = np.empty({src.size(int(math.prod(shape)))}, '
             f'{_np_dtype(e.out.dtype)})')
    helper = f'fin_{e.prim.name}' if how == 'partial' else 'fin_cast'
    src.emit(f'{helper}({buf}, {o})')
    return o if len(shape) <= 1 else f'{o}.reshape({src.shape(shape)})'


def _kernel_step(st: Any, src: _Source, var: dict) -> None:
    spec = st.spec
    fn = src.kernel(st)
    n = src.sizes_array(st.sizes)
    args = [_prepared(var[sl], mode) for (v, mode), sl in zip(spec.inputs, st.ins)]
    outs, views = [], []
    for v in spec.stores:
        o = src.name('o')
        src.alloc(v.shape, v.dtype)
        if spec.flat:
            src.emit(f'{o} = np.empty({src.size(int(math.prod(v.shape)))}, '
                     f'{_np_dtype(v.dtype)})')
            views.append(o if len(v.shape) <= 1 else f'{o}.reshape({src.shape(v.shape)})')
        else:
            src.emit(f'{o} = np.empty({src.shape(v.shape)}, {_np_dtype(v.dtype)})')
            views.append(o)
        outs.append(o)
    reds = _alloc_reductions(spec, st.nch, src)
    src.emit(f'{fn}({n}, {src.size(st.ch)}, {src.size(st.nch)}, '
             f'{", ".join(args + outs + reds)})')
    results = list(views)
    for (e, axes, how, init, adt), r in zip(spec.reductions, reds):
        results.append(_finish(e, how, r, src))
    for sl, x in zip(st.outs, results):
        var[sl] = _bind(x, src)


def _chain_step(st: Any, src: _Source, var: dict) -> None:
    spec = st.spec
    fn = src.kernel(st)
    n = src.sizes_array(st.sizes)
    made: dict = {}
    have = {v.id: var[sl] for v, sl in zip(st.in_vars, st.ins)}
    reds: list = []
    finish: list = []
    for sp in spec.specs:
        for v in sp.stores:
            o = src.name('o')
            src.alloc(v.shape, v.dtype)
            src.emit(f'{o} = np.empty({src.shape(v.shape)}, {_np_dtype(v.dtype)})')
            made[v.id] = o
        bufs = _alloc_reductions(sp, st.nch, src)
        for (e, axes, how, init, adt), b in zip(sp.reductions, bufs):
            if how == 'row':
                made[e.out.id] = _bind(f'{b}.reshape({src.shape(e.out.shape)})', src)
            finish.append((e, how, b))
        reds.append(bufs)
    for e in st.chain.views:
        made[e.out.id] = _bind(_reshaped(made[e.inputs[0].id], e.out.shape, src), src)
    call = []
    for sp, bufs in zip(spec.specs, reds):
        call += [_prepared(made[v.id] if v.id in made else have[v.id], mode)
                 for v, mode in sp.inputs]
        call += [made[v.id] for v in sp.stores] + bufs
    src.emit(f'{fn}({n}, {src.size(st.ch)}, {src.size(st.nch)}, {", ".join(call)})')
    results = []
    fin = iter(finish)
    for sp in spec.specs:
        results += [made[v.id] for v in sp.stores]
        for _ in sp.reductions:
            e, how, b = next(fin)
            results.append(made[e.out.id] if how == 'row' else _finish(e, how, b, src))
    results += [made[e.out.id] for e in st.chain.views]
    for sl, x in zip(st.outs, results):
        var[sl] = _bind(x, src)


def _bind(expr: str, src: _Source) -> str:
    if expr.isidentifier():
        return expr
    v = src.name('v')
    src.emit(f'{v} = {expr}')
    return v


_MM = {(False, False): 'mm_nn', (False, True): 'mm_nt', (True, False): 'mm_tn',
       (True, True): 'mm_tt'}


def _call_step(e: Eqn, st: tuple, src: _Source, var: dict) -> None:
    fn, params, ins, out = st
    x = [var[s] for s in ins]
    name = e.prim.name
    if name == 'matmul':
        mm = _MM[(bool(params["transa"]), bool(params["transb"]))]
        expr = f'{mm}({x[0]}, {x[1]})'
        src.alloc(e.out.shape, e.out.dtype)
        a = e.inputs[0].shape
        src.products.append(int(math.prod(e.out.shape)) * (a[0] if params['transa'] else a[1]))
    elif name == 'reshape':
        expr = _reshaped(x[0], e.out.shape, src)
    else:  # transpose
        expr = f'{x[0]}.transpose({tuple(int(a) for a in params["axes"])})'
    var[out] = _bind(expr, src)


def eligible(exe: Any) -> bool:
    """Whether ``exe``'s plan can run as one call (see the module docstring)."""
    for v in exe._all_vars(exe.graph):
        # Dtypes the generated loops do not handle (float16, complex) run op by
        # op in the step-by-step plan; a compiled function could not hold them.
        if int(math.prod(v.shape)) > SMALL_MAX or v.dtype not in SUPPORTED:
            return False
    for u in exe.units:
        if isinstance(u, (Group, RowChain)):
            continue
        name = u.prim.name
        if name == 'matmul':
            a, b = u.inputs
            if len(a.shape) != 2 or len(b.shape) != 2 or a.dtype.kind != 'f':
                return False
            inner = a.shape[0] if u.params['transa'] else a.shape[1]
            if not BLAS and int(math.prod(u.out.shape)) * inner > LOOP_MAX:
                return False
        elif name not in ('reshape', 'transpose'):
            return False
    return True


class OneCall:
    """The plan of an :class:`~tapejit.targets.cpu.executable.Executable` as one
    compiled function; ``None`` from :meth:`__call__` means "run it step by
    step" (its function did not compile)."""

    def __init__(self, exe: Any) -> None:
        src = _Source()
        var: dict = {}
        g = exe.graph
        params = []
        read: set = set()
        for kind, st in exe.steps:
            read.update(st.ins if kind == 'kernel' else st[2])
        read.update(exe.out_slots)
        self.arg_inputs = []   # (input index, carried as 1-d)
        for i, (v, sl) in enumerate(zip(g.invars, exe.in_slots)):
            if sl in read and sl not in var:
                var[sl] = f'a{len(params)}'
                params.append(var[sl])
                self.arg_inputs.append((i, v.shape == ()))
        self.const_args = []
        for (sl, c), v in zip(exe.const_slots, g.constvars):
            if sl in read and sl not in var:
                var[sl] = f'a{len(params)}'
                params.append(var[sl])
                self.const_args.append(c.reshape(1) if c.shape == () else c)
        for u, (kind, st) in zip(exe.units, exe.steps):
            if kind == 'call':
                _call_step(u, st, src, var)
            elif isinstance(st.spec, codegen.ChainSpec):
                _chain_step(st, src, var)
            else:
                _kernel_step(st, src, var)
        outs = [var[sl] for sl in exe.out_slots]
        # Donated inputs (a parameter whose update is an output): the update is
        # copied into the parameter's own array at the end, when nothing reads
        # the old values any more, and that array is the output, so the caller
        # finds the update in place (as eager ``W.array -= ...``) at no cost.
        # Each gets a parameter of its own, typed C-contiguous and writable: a
        # read-only or strided array is replaced by a scratch array per call.
        # Graph inputs the native function refuses to take as one object
        # (set by the jitted plan; see native_plan.NativePlan).
        self.distinct_inputs: frozenset = frozenset()
        self.donated = []   # (output index, input index)
        in_args = {i for i, _ in self.arg_inputs}
        for o, i in sorted(exe.donate_map.items()):
            if o >= len(g.outvars) or i >= len(g.invars) or i not in in_args:
                continue
            ov, iv = g.outvars[o], g.invars[i]
            if (ov.shape != iv.shape or ov.dtype != iv.dtype
                    or exe.in_slots[i] in exe.out_slots
                    or exe.out_slots.count(exe.out_slots[o]) > 1):
                continue
            d = f'd{len(self.donated)}'
            params.append(d)
            src.emit(f'copy_into({d}, {outs[o]})')
            outs[o] = d
            self.donated.append((o, i))
        # The caller has the donated arrays already: returning them would only
        # box each again.
        kept = [x for k, x in enumerate(outs) if k not in {o for o, _ in self.donated}]
        self.n_kept = len(kept)
        # The graph outputs returned, in order (the others are donated).
        self.kept_outputs = [k for k in range(len(outs))
                             if k not in {o for o, _ in self.donated}]
        self.scratch_bytes = src.scratch
        self.largest_product = max(src.products, default=0)
        src.emit(f'return ({"".join(x + ", " for x in kept)})')
        self.copy_out = exe.copy_out
        self.table = numpy.array(src.table, numpy.int64)
        body = [f'def plan(T, {", ".join(params)}):'] + src.lines
        self.source = '\n'.join(body) + '\n'
        self.statements = len(params) + len(src.lines)
        self._kernels = src.kernels   # key -> (name, source, parallel, fastmath)
        self.graph = g
        self.native: Any = None         # the NativePlan, once built
        self.native_refused: Optional[str] = None   # why the translator refused it

    def cheap_to_compile(self) -> bool:
        """Whether the function is small enough to compile as one
        (``MAX_STATEMENTS``); a larger plan runs step by step."""
        return self.statements <= MAX_STATEMENTS

    def _native(self, inputs: list) -> Any:
        """The natively compiled plan, built on the first call; ``None``
        where that path is off or refuses this plan (step by step then)."""
        if self.native is None and self.native_refused is None:
            if not native.enabled():
                self.native_refused = 'native compilation is off'
                return None
            # Threads calling a new plan at once build it once (and CPython's
            # ast.parse, which the translator uses, is not thread-safe).
            with native.lock():
                if self.native is None and self.native_refused is None:
                    self._build_native(inputs)
        return self.native

    def _build_native(self, inputs: list) -> None:
        # (Imported here: a plan too large for one call never loads it.)
        from tapejit.targets.cpu import native_plan
        d = kernel_cache.cache_dir()
        if os.environ.get('TAPEJIT_DEBUG', '') not in ('', '0'):
            print(f'--- tapejit native plan\n{self.source}', file=sys.stderr)
        try:
            plan = native_plan.NativePlan(self, self.graph, inputs,
                                          os.path.join(d, 'native') if d else None)
        except native.Unsupported as e:
            self.native_refused = str(e) or 'unsupported'
            return
        self.native = plan  # (the executable calls plan.run directly from now on)

    def __call__(self, inputs: list) -> Optional[list]:
        """The plan's outputs, or None where this plan or these arrays
        (read-only, strided) run step by step."""
        native_plan = self.native
        if native_plan is None:
            if self.native_refused is not None or self._native(inputs) is None:
                return None
            native_plan = self.native
        return native_plan(inputs)
