"""A small plan as one compiled call.

Run step by step, a plan pays a Python dispatch per kernel and per library
call (a few microseconds each), which is most of the time of a small step:
about 30 steps for a tiny MLP's training step.  Here the whole plan is
lowered to one :class:`~tapejit.compiler.program.Program` over the plan's
fused kernels: statements that allocate its buffers, call the kernels, do
the matrix products, take reshapes and transposes as views, finish chunked
reductions and copy parameter updates in place.
:mod:`~tapejit.targets.cpu.native_plan` compiles it natively at the plan's
first call (one function, its buffers from one scratch block, products as
loop nests or through BLAS past ``PRODUCT_MAX`` multiply-adds, where SciPy
provides one), so a call costs one dispatch.

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

from tapejit.compiler import program as P
from tapejit.targets.cpu import codegen, kernel_cache, native
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
# Largest plan function, in arguments plus statements (views aside),
# compiled as one call: LLVM's time to optimize it grows faster than its
# length. (A 3-layer Adam step is about 260; its native function then
# compiles in about a second.)
MAX_STATEMENTS = 400
# Off: every plan runs step by step (the tests compare the two).
ENABLED = True
# Alignment of each array in a native plan's scratch block (a cache line).
ALIGN = 64


def _scalar(value: Any, dt: numpy.dtype) -> Any:
    """``value`` as the Python scalar of ``dt``'s kind (a fill value)."""
    dt = numpy.dtype(dt)
    return bool(value) if dt.kind == 'b' else int(value) if dt.kind in 'iu' else float(value)


class _Lowering:
    """The plan's :class:`~tapejit.compiler.program.Program` as it is built,
    with what the renderer needs besides: each kernel's spec, the scratch
    block's size and the products' multiply-adds."""

    def __init__(self) -> None:
        self.program = P.Program((), [])
        self.specs: list = []       # per kernel number: (spec, parallel, fastmath)
        self._kernels: dict = {}    # the kernel cache's key -> kernel number
        self.tmp = 0
        # Bytes of the arrays the function allocates, each rounded up to
        # ALIGN: a natively compiled plan takes them from one scratch block.
        self.scratch = 0
        self.products: list = []    # multiply-adds of each matrix product

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

    def alloc(self, shape: tuple, dtype: numpy.dtype, stem: str = 'o', fill: Any = None) -> str:
        self.count(shape, dtype)
        dt = numpy.dtype(dtype)
        return self.program.add(P.Alloc(self.name(stem), self.dims(shape), dt.name,
                                        None if fill is None else _scalar(fill, dt)))

    def reshape(self, x: str, shape: Optional[tuple]) -> str:
        """A view of ``x`` of ``shape``; ``None``: its elements in one row."""
        dims = None if shape is None else self.dims(shape)
        return self.program.add(P.Reshape(self.name('v'), x, dims))

    def kernel(self, st: Any) -> int:
        """Step ``st``'s kernel number (one per kernel, as the step runner keys them)."""
        key = kernel_cache.kernel_key(st.spec.source, st.parallel, st.fastmath)
        if key not in self._kernels:
            self._kernels[key] = len(self.specs)
            self.specs.append((st.spec, st.parallel, st.fastmath))
            self.program.kernels.append(key)
        return self._kernels[key]

    def call(self, st: Any, args: list) -> None:
        """The call of kernel step ``st``'s kernel on ``args``."""
        k = self.kernel(st)
        lo = len(self.program.table)
        self.program.table.extend(int(v) for v in st.sizes)
        sizes = (lo, len(self.program.table))
        self.program.add(P.CallKernel(k, sizes, self.size(st.ch), self.size(st.nch),
                                      tuple(args)))


def _prepared(x: str, mode: str, low: _Lowering) -> str:
    # (A scalar or flat input is read as one row, as codegen.prepare_inputs does.)
    return low.reshape(x, None) if mode in ('scalar', 'flat') else x


def _alloc_reductions(sp: Any, nch: int, low: _Lowering) -> list:
    return [low.alloc(shape, dt, 'r', init)
            for shape, dt, init in codegen.reduction_layout(sp, nch)]


def _finish(e: Any, how: str, buf: str, low: _Lowering) -> str:
    """The name of reduction ``e``'s final value, from its buffer ``buf``."""
    shape = e.out.shape
    if how == 'row':
        return low.reshape(buf, shape)
    o = low.alloc((int(math.prod(shape)),), e.out.dtype, 'f')
    low.program.add(P.Finish(e.prim.name if how == 'partial' else 'cast', buf, o))
    return o if len(shape) <= 1 else low.reshape(o, shape)


def _kernel_step(st: Any, low: _Lowering, var: dict) -> None:
    spec = st.spec
    args = [_prepared(var[sl], mode, low) for (v, mode), sl in zip(spec.inputs, st.ins)]
    outs, views = [], []
    for v in spec.stores:
        if spec.flat:
            o = low.alloc((int(math.prod(v.shape)),), v.dtype)
            views.append(o if len(v.shape) <= 1 else low.reshape(o, v.shape))
        else:
            o = low.alloc(v.shape, v.dtype)
            views.append(o)
        outs.append(o)
    reds = _alloc_reductions(spec, st.nch, low)
    low.call(st, args + outs + reds)
    results = list(views)
    for (e, axes, how, init, adt), r in zip(spec.reductions, reds):
        results.append(_finish(e, how, r, low))
    for sl, x in zip(st.outs, results):
        var[sl] = x


def _chain_step(st: Any, low: _Lowering, var: dict) -> None:
    spec = st.spec
    made: dict = {}
    have = {v.id: var[sl] for v, sl in zip(st.in_vars, st.ins)}
    reds: list = []
    finish: list = []
    for sp in spec.specs:
        for v in sp.stores:
            made[v.id] = low.alloc(v.shape, v.dtype)
        bufs = _alloc_reductions(sp, st.nch, low)
        for (e, axes, how, init, adt), b in zip(sp.reductions, bufs):
            if how == 'row':
                made[e.out.id] = low.reshape(b, e.out.shape)
            finish.append((e, how, b))
        reds.append(bufs)
    for e in st.chain.views:
        made[e.out.id] = low.reshape(made[e.inputs[0].id], e.out.shape)
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


def _call_step(e: Eqn, st: tuple, low: _Lowering, var: dict) -> None:
    fn, params, ins, out = st
    x = [var[s] for s in ins]
    name = e.prim.name
    if name == 'matmul':
        low.count(e.out.shape, e.out.dtype)
        a = e.inputs[0].shape
        low.products.append(int(math.prod(e.out.shape)) * (a[0] if params['transa'] else a[1]))
        var[out] = low.program.add(P.Product(low.name('o'), x[0], x[1], bool(params['transa']),
                                             bool(params['transb'])))
    elif name == 'reshape':
        var[out] = low.reshape(x[0], e.out.shape)
    else:  # transpose
        axes = tuple(int(a) for a in params['axes'])
        var[out] = low.program.add(P.Transpose(low.name('v'), x[0], axes))


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
    step" (its function did not compile).

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> from tapejit.targets import compile_graph
    >>> ex = compile_graph(trace_graph(lambda x: x * 2.0 + 1.0, [np.ones(3, np.float32)]))
    >>> print(ex.one_call.describe())
    plan(T, a0):
        v1 = reshape(a0, -1)
        o2 = empty((T[0],), float32)
        k0(T[1:2], T[2], T[3], v1, o2)
        return (o2,)
        # T = [3, 3, ...]
    """

    def __init__(self, exe: Any) -> None:
        low = _Lowering()
        var: dict = {}
        params = self._parameters(exe, var)
        for u, (kind, st) in zip(exe.units, exe.steps):
            if kind == 'call':
                _call_step(u, st, low, var)
            elif isinstance(st.spec, codegen.ChainSpec):
                _chain_step(st, low, var)
            else:
                _kernel_step(st, low, var)
        outs = [var[sl] for sl in exe.out_slots]
        # Graph inputs the native function refuses to take as one object
        # (set by the jitted plan; see native_plan.NativePlan).
        self.distinct_inputs: frozenset = frozenset()
        self.donated = self._donations(exe)   # (output index, input index)
        for j, (o, i) in enumerate(self.donated):
            # The update is copied into the parameter's own array at the
            # end, when nothing reads the old values any more.
            params.append(f'd{j}')
            low.program.add(P.CopyInto(f'd{j}', outs[o]))
        # The caller has the donated arrays already: returning them would only
        # box each again.
        gone = {o for o, _ in self.donated}
        # The graph outputs returned, in order (the others are donated).
        self.kept_outputs = [k for k in range(len(outs)) if k not in gone]
        low.program.add(P.Return(tuple(outs[k] for k in self.kept_outputs)))
        low.program.params = tuple(params)
        self.program: P.Program = low.program
        self.kernels = low.specs   # per kernel number: (spec, parallel, fastmath)
        self.scratch_bytes = low.scratch
        self.largest_product = max(low.products, default=0)
        self.copy_out = exe.copy_out
        self.table = numpy.array(low.program.table, numpy.int64)
        # (Views emit no code of their own: not counted.)
        self.statements = len(params) + sum(
            not isinstance(st, (P.Reshape, P.Transpose)) for st in low.program.statements)
        self.graph = exe.graph
        self.native: Any = None         # the NativePlan, once built
        self.native_refused: Optional[str] = None   # why the translator refused it

    def _parameters(self, exe: Any, var: dict) -> list:
        """The function's array parameters (the graph inputs and constants
        it reads), named in ``var`` by slot."""
        g, params = exe.graph, []
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
        return params

    def _donations(self, exe: Any) -> list:
        """(output index, input index) of the donated inputs: a parameter
        whose update is an output gets that update in its own array, so the
        caller finds it in place (as eager ``W.array -= ...``) at no cost.
        Each is a parameter of its own, typed C-contiguous and writable: a
        read-only or strided array is replaced by a scratch array per call."""
        g, out = exe.graph, []
        in_args = {i for i, _ in self.arg_inputs}
        for o, i in sorted(exe.donate_map.items()):
            if o >= len(g.outvars) or i >= len(g.invars) or i not in in_args:
                continue
            ov, iv = g.outvars[o], g.invars[i]
            if (ov.shape != iv.shape or ov.dtype != iv.dtype
                    or exe.in_slots[i] in exe.out_slots
                    or exe.out_slots.count(exe.out_slots[o]) > 1):
                continue
            out.append((o, i))
        return out

    @property
    def source(self) -> str:
        """:meth:`describe`'s text as a block (what ``explain()`` shows)."""
        return self.describe() + '\n'

    def describe(self) -> str:
        """The plan's statements, one a line, then its table of sizes."""
        return self.program.describe()

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
            print(f'--- tapejit native plan\n{self.describe()}', file=sys.stderr)
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
