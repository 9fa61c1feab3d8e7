"""A compiled plan for the CPU: the graph simplified and fused
(:class:`~tapejit.compiler.plan.Plan`), its buffers planned
(:mod:`~tapejit.compiler.memory`), then each kernel rendered once; the rest
primitive ``impl`` calls.  A small plan runs as one compiled function
(:mod:`~tapejit.targets.cpu.one_call`), another through the step runner
(:func:`~tapejit.targets.cpu.lowering.compile_runner`).  An output donated
to an input (a parameter's update) is written through that input's array,
where nothing reads the old values after it."""

from __future__ import annotations

import math
import threading
from typing import Any, Optional, Sequence

import numpy

from tapejit.backends import threads
from tapejit.targets.cpu import (attention, codegen, compile_process, contraction,
                                 kernel_cache, llvm_jit, lowering, native, one_call, plan_cache,
                                 product)
from tapejit.compiler import fusion, kernel_ir as K, loop_ir, memory, passes
from tapejit.compiler.loop_ir import Unsupported
from tapejit.compiler.plan import Plan, eval_members, members, nbytes, compiled_call
from tapejit.targets.cpu.buffers import POOL_MIN_BYTES, BufferPool
from tapejit.targets.cpu.native_plan import PRODUCT_MAX
from tapejit.compiler.passes import simplify
from tapejit.compiler.runner import Section, run_section
from tapejit.ir.graph import Eqn, Graph
from tapejit.ops.registry import PRIMITIVES

# Loops over at least this many elements run the parallel kernel variant
# (its chunks taken one at a time by each of the plan's threads:
# tapejit.backends.threads.Chunked).  Such a loop runs for a few hundred
# microseconds on one core, many times the round trip of waking a worker;
# below it a small plan's kernels stay serial, and the plan one compiled
# call (tapejit.targets.cpu.one_call).
PARALLEL_MIN = 1 << 17
CONVOLUTIONS = frozenset({'conv2d', 'conv2d_transpose', 'conv2d_filter'})


# Library calls writing their result into a given array (``out=``, NumPy
# inputs), and the dtypes they do it for (NumPy's matmul: BLAS's; the
# convolutions: the CPU's kernels').
_FLOATS = frozenset(numpy.dtype(t) for t in ('float32', 'float64'))
_POOLED_CALLS = {'matmul': _FLOATS, 'conv2d': _FLOATS, 'conv2d_transpose': _FLOATS,
                 'conv2d_filter': _FLOATS, 'im2col': None, 'col2im': None}


def _pooled_call(name: str, shape: tuple, dtype: Any) -> '_PooledCall':
    # (Pickled by this name: the class's own is its description.)
    return _PooledCall(name, shape, dtype)  # (its executable sets ``pool``)


class _PooledCall:
    """A library call writing its large result into a buffer of the plan's
    pool: the next call reuses it instead of a new array above malloc's
    ``mmap`` threshold, whose pages would fault in again."""

    __slots__ = ('pool', 'name', 'shape', 'dtype', 'impl')

    def __init__(self, name: str, shape: tuple, dtype: Any) -> None:
        self.pool: Any = None
        self.name, self.shape, self.dtype = name, shape, dtype
        self.impl = PRIMITIVES[name].impl

    def __reduce__(self) -> tuple:
        return _pooled_call, (self.name, self.shape, self.dtype)

    def __repr__(self) -> str:
        return f'{self.name} (into a pooled buffer)'

    def __call__(self, *args: Any, **params: Any) -> Any:
        pooled = all(a.__class__ is numpy.ndarray and a.dtype == self.dtype for a in args)
        return self.impl(*args, **params, out=self.pool.take(self.shape, self.dtype)
                         if pooled else None)


class _KernelStep:
    """A fused kernel's step: reads the slots ``ins`` (the values
    ``in_vars``), writes ``outs`` (``out_vars``).  Planned by its interface
    (``inputs``, ``stores``, ``shape``: what memory planning reads), then
    rendered once (:meth:`render`) with its in-place stores known."""

    __slots__ = ('unit', 'spec', 'inputs', 'stores', 'shape', 'ins', 'outs', 'kernel', 'sizes',
                 'ch', 'nch', 'members', 'consts', 'parallel', 'fastmath', 'donated', 'source',
                 'ir', 'digest', 'in_vars', 'out_vars')
    # One pass over its elements, each input element read only where it is
    # stored (a store may go through the input); its outputs new arrays.
    single_pass = True
    fresh = True

    def __init__(self, unit: Any, iface: K.Interface, plan: Plan, parallel: bool,
                 fastmath: Any) -> None:
        self.unit = unit
        self.members = (unit.members if isinstance(unit, fusion.Group)
                        else [e for it in unit.items for e in members(it)])
        self.inputs, self.stores, self.shape = iface.inputs, iface.stores, iface.shape
        self.in_vars = [v for v, _ in iface.inputs]
        self.out_vars = iface.outputs
        self.ins = [plan.slots[v] for v in self.in_vars]
        self.outs = [plan.slots[v] for v in self.out_vars]
        self.consts = plan.consts
        self.parallel = parallel
        self.fastmath = fastmath
        self.spec: Any = None
        self.source, self.ir, self.digest = '', None, ''
        self.sizes, self.ch, self.nch = None, 0, 0
        self.kernel: Any = None
        # store index -> index of the input it writes through (memory
        # planning's); the store has no parameter of its own
        self.donated: dict = {}

    def render(self, plan: Plan, in_place: dict) -> None:
        """The kernel's loop IR and source, its stores in ``in_place``
        written through their inputs; its chunking."""
        spec = codegen.render(self.unit, plan.graph, plan.consts, plan.used_later, 'kernel',
                              parallel=self.parallel, inplace=in_place)
        self.rendered(spec, [(v.id, m) for v, m in spec.inputs])
        self.donated = dict(spec.inplace)

    def rendered(self, spec: Any, inputs: list) -> None:
        """Keep ``spec`` (whose parameters read ``inputs``: (id, mode))."""
        if inputs != [(v.id, m) for v, m in self.inputs]:
            raise AssertionError(f'kernel over {self.shape}: rendered with other inputs '
                                 'than memory planning was told')
        self.spec = spec
        self.source, self.ir = spec.source, spec.kernel
        # (Kept with the plan: a plan loaded from the store does not hash its IR again.)
        self.digest = loop_ir.digest(spec.kernel)
        self.sizes, self.ch, self.nch = codegen.chunking(spec)
        if not self.fastmath and any(adt.kind == 'f' for sp in getattr(spec, 'specs', [spec])
                                     for *_, adt in sp.reductions):
            # Reassociation only: a float sum vectorizes once LLVM may reorder
            # it; in strict order each add waits for the last. The order is
            # fixed at compile time, so results do not depend on the thread
            # count; NaN/Inf keep their meaning.
            self.fastmath = {'reassoc'}

    def first_call(self, *args: Any) -> None:
        """The kernel's call at the plan's first call: loads it (a disk cache
        entry that does not load is never trusted: compiled afresh); where
        it cannot be compiled, the step runs op by op from then on."""
        if not compiled_call('a fused kernel', self, lambda: self._load_and_call(args)):
            self.kernel = self.op_by_op
            self.op_by_op(*args)

    def _load_and_call(self, args: tuple) -> None:
        self._native()
        self.kernel(*args)

    def _native(self) -> Any:
        """The step's native kernel (:class:`~tapejit.targets.cpu.native.NativeKernel`),
        made where it was not: ``kernel`` calls it (on the plan's threads
        where the step is parallel)."""
        if self.kernel is None:
            # A plain step's stores and reductions go to buffers of its own (or
            # through the very input they update): exclusive.  (A row chain
            # could be too, its parts reading each other's values through
            # one parameter each, but measured no faster.)  A native kernel
            # verifies its cached object code itself.
            made = kernel_cache.get_kernel(self.ir, fastmath=self.fastmath,
                                           exclusive=type(self) is _KernelStep,
                                           digest=self.digest)
            self.kernel = threads.Chunked(made) if self.parallel else made
        k = self.kernel
        return k.kernel if isinstance(k, threads.Chunked) else k

    def ahead(self, arrays: list) -> Optional[tuple]:
        """What loading the kernel for arrays of signatures ``arrays`` (the
        step runner's arguments after the sizes and chunks) compiles
        (:meth:`~tapejit.targets.cpu.native.NativeKernel.ahead`); None where
        there is no native kernel."""
        try:
            kernel = self._native()
        except Unsupported:
            return None  # (its first call says why, and runs it op by op)
        ahead = getattr(kernel, 'ahead', None)
        if ahead is None:
            return None
        sizes = native.signature((self.sizes,))
        if sizes is None:
            return None
        head = sizes + ('int',) * (len(kernel.params) - len(kernel.kernel.params) - 1)
        return ahead(head + tuple(arrays))

    def op_by_op(self, sizes: Any, ch: int, nch: int, *args: Any) -> None:
        """Do the kernel's work with each member's eager ``impl``, called as
        the kernel is: ``args`` are each part's inputs, stores (but those
        written through an input) and reduction buffers in turn, written as
        the kernel would.  A row chain's part reads the values of earlier
        parts from their buffers, which it was passed as well."""
        outside = {v.id for v in self.in_vars}
        env: dict = {}
        parts = []
        k = 0
        for sp in getattr(self.spec, 'specs', [self.spec]):
            ins = args[k:k + len(sp.inputs)]
            for (v, _), a in zip(sp.inputs, ins):
                if v.id in outside:
                    env.setdefault(v.id, a.reshape(v.shape))
            k += len(sp.inputs)
            dsts = []
            for j in range(len(sp.stores)):
                dsts.append(ins[self.donated[j]] if j in self.donated else args[k])
                k += j not in self.donated
            parts.append((sp, dsts, args[k:k + len(sp.reductions)]))
            k += len(sp.reductions)
        put = eval_members(self.members, env, self.consts.__getitem__)
        for sp, dsts, bufs in parts:
            for v, dst in zip(sp.stores, dsts):
                dst.reshape(v.shape)[...] = put[v.id]
            # A partial buffer's value goes in its first chunk (the others
            # hold the identity).
            for (e, axes, how, init, adt), buf in zip(sp.reductions, bufs):
                dst = buf[0, ...] if how == 'partial' else buf
                dst[...] = numpy.asarray(put[e.out.id]).reshape(dst.shape)


class _ChainStep(_KernelStep):
    """A row chain: one kernel for several loop groups (and the reshapes
    between them, which are views of the buffers)."""

    __slots__ = ('chain',)
    # (Its parts read each other's buffers; some outputs are views.)
    single_pass = False
    fresh = False

    def __init__(self, chain: fusion.RowChain, plan: Plan, parallel: bool,
                 fastmath: Any) -> None:
        self.chain = chain
        stores, outs = [], []
        for part in chain.items:
            if isinstance(part, fusion.Group):
                stores += codegen.stored(part, plan.used_later)
                outs += codegen.stored(part, plan.used_later)
                outs += [e.out for e in part.members if e.out.id in part.red]
        eqns = [e for it in chain.items for e in members(it)]
        iface = K.Interface(chain.shape, [(v, None) for v in K.outside_inputs(eqns)], stores,
                            outs + [e.out for e in chain.views])
        super().__init__(chain, iface, plan, parallel, fastmath)

    def render(self, plan: Plan, in_place: dict) -> None:
        self.rendered(codegen.render_chain(self.chain, plan.graph, plan.consts, plan.used_later,
                                           'kernel', parallel=self.parallel),
                      [(v.id, None) for v in self.in_vars])


def _settings() -> tuple:
    """The module settings a plan depends on (the plan cache's key holds them)."""
    return PARALLEL_MIN, POOL_MIN_BYTES, codegen.CHUNK, passes.FOLD_MAX_SIZE


def plan_graph(graph: Graph, fastmath: bool, donate: Optional[dict]) -> Plan:
    """Simplify and fuse ``graph``, give each unit its step, plan the
    buffers (:func:`~tapejit.compiler.memory.plan_memory`), then render each
    kernel once with its in-place stores known."""
    plan = Plan(graph, rows=True, first=(attention.fuse_attention_here,))
    plan.plan_steps(lambda u: [_step(plan, u, fastmath)])
    plan.memory = memory.plan_memory(plan, donate, POOL_MIN_BYTES)
    for n, (kind, st) in enumerate(plan.steps):
        if kind == 'kernel':
            st.render(plan, plan.memory.in_place.get(n, {}))
    return plan


def _step(plan: Plan, u: Any, fastmath: Any) -> tuple:
    """The step running unit ``u``: ``('kernel', step)`` or ``('call', ...)``."""
    if isinstance(u, Eqn):
        dtypes = _POOLED_CALLS.get(u.prim.name, ())
        pooled = (u.prim.name in _POOLED_CALLS and nbytes(u.out) >= POOL_MIN_BYTES
                  and (dtypes is None or u.out.dtype in dtypes))
        return plan.call_step(u, pooled and _PooledCall(u.prim.name, u.out.shape, u.out.dtype))
    par = int(math.prod(u.shape)) >= PARALLEL_MIN
    if isinstance(u, fusion.RowChain):
        return ('kernel', _ChainStep(u, plan, par, fastmath))
    iface = codegen.interface(u, plan.consts, plan.used_later)
    return ('kernel', _KernelStep(u, iface, plan, par, fastmath))


class Executable:
    """Runs a graph's :class:`~tapejit.compiler.plan.Plan` (``plan``) with
    fused kernels; ``explain()`` shows groups and sources."""

    def __init__(self, graph: Graph, *, fastmath: bool = False,
                 donate: Optional[dict] = None, distinct: frozenset = frozenset()) -> None:
        self.source_graph = graph
        key = plan_cache.plan_key(graph, fastmath, donate, _settings())
        plan = plan_cache.load(key) if key is not None else None
        self.from_cache = plan is not None
        if plan is None:
            plan = plan_graph(graph, fastmath, donate)
            if key is not None:
                plan_cache.store(key, plan)
        self.plan: Plan = plan
        self.pool = BufferPool()
        for kind, st in plan.steps:
            if kind == 'call' and st[0].__class__ is _PooledCall:
                st[0].pool = self.pool
        self.lowered = lowering.lower(plan)
        self.program = self.lowered.program
        self._timed: Any = None  # the runner timing each step, while profile() runs
        self._runner: Any = None  # the steps written out (lowering.compile_runner)
        self._runner_lock = threading.Lock()
        # A small plan runs as one compiled call (a larger function takes
        # LLVM too long to compile).
        oc = (one_call.OneCall(self) if one_call.ENABLED and one_call.eligible(plan)
              else None)
        if oc is not None and oc.largest_product > PRODUCT_MAX and threads.product_width(
                oc.largest_product, threads.available_cores()) > 1:
            # A product the native plan would hand to BLAS, worth cutting into
            # pieces: it runs on the plan's threads, which only the step
            # runner hands pieces to.  (Smaller ones the native plan does as
            # loops of its own.)
            oc = None
        self.one_call = (oc if oc is not None and oc.statements <= one_call.MAX_STATEMENTS
                         else None)
        if self.one_call is not None:
            # Inputs the caller updates in place as separate arrays: the
            # native function refuses them as one object.
            self.one_call.distinct_inputs = frozenset(distinct)
        # The native one-call function, once it ran (see __call__).
        self._native_run: Any = None

    def native_checks(self, inputs: Sequence[int]) -> bool:
        """Whether the native one-call function (built: see ``_native_run``)
        checks the shapes and dtypes of these inputs itself, or never reads
        them: a caller need not check them before calling it."""
        checked = self.one_call.native.checked_inputs
        unused = self.plan.memory.unused_inputs
        return all(i in checked or i in unused for i in inputs)

    def section(self, env: dict, fail: str, unpinned: Sequence[int]) -> Section:
        """The lines a plan's generated entry runs this plan with: the native
        one-call function's, once it ran, where it checks the inputs the
        caller's key leaves open (``unpinned``), else a call of this
        executable (the generic path for every plan and refused array)."""
        if self._native_run is not None and self.native_checks(unpinned):
            native = self.one_call.native
            return Section(native.call_lines(env, fail, 'outs = '),
                           frozenset(native.checked_inputs), bool(self.one_call.distinct_inputs))
        return run_section(env, self, unpinned)

    def __call__(self, inputs: Sequence[Any], check: Optional[Sequence[int]] = None) -> list:
        """Run the plan; ``check`` limits the shape/dtype checks to these
        inputs (a caller whose cache key already pins the others)."""
        run = self._native_run
        refused = False
        if run is not None and check is not None and self._timed is None and (
                not check or self.native_checks(check)):
            # A small plan whose native function checks the arrays the
            # caller did not pin (their shapes, dtypes and layouts) itself.
            outs = run(inputs)
            if outs is not None:
                return outs
            refused = True  # (these arrays: step by step below)
        self.plan.check_inputs(inputs, check)
        if self._timed is None and self.one_call is not None and not refused:
            outs = self.one_call(inputs)  # None: step by step below
            if self.one_call.native is not None:
                self._native_run = self.one_call.native.run
            if outs is not None:
                return outs
        mem = self.plan.memory
        if mem.donated_inputs and memory.shared(inputs, mem):
            # Another input reaches a donated array (tied weights, or a
            # Variable and its own array): the kernels update copies, and
            # the caller's array gets the update only when written back.
            inputs = list(inputs)
            for i in mem.donated_inputs:
                inputs[i] = numpy.array(inputs[i], copy=True)
        if self._timed is not None:
            return self._timed(inputs)
        runner = self._runner
        if runner is None:
            return self._first_run(inputs)
        return runner(inputs)

    def _first_run(self, inputs: Sequence[Any]) -> list:
        """The step runner's first call: its kernels loaded as they run
        (:meth:`_KernelStep.first_call`); then the runner calling them directly."""
        with self._runner_lock:
            if self._runner is None:
                # (A plan from the store was run before: its kernels are
                # stored too, but where that run ended early.)
                ahead = [] if self.from_cache else self._compile_ahead(inputs)
                first, later = lowering.compile_runner(self)
                try:
                    outs = first(inputs)
                finally:
                    compile_process.withdraw(ahead)
                self._runner = later()
                return outs
        return self._runner(inputs)

    def _compile_ahead(self, inputs: Sequence[Any]) -> list:
        """Hand the kernels this first run will compile to the compile
        process (:func:`~tapejit.targets.cpu.llvm_jit.compile_ahead`): it
        compiles from the last while the run compiles from the first.  The
        jobs handed over."""
        return llvm_jit.compile_ahead(lowering.objects_ahead(self, inputs))

    def profile(self, inputs: Sequence[Any], repeats: int = 10) -> str:
        """Run ``repeats`` times step by step (the runner timing each step);
        a table of the mean milliseconds of each step."""
        self(inputs)  # compiled and warm before timing
        steps = self.plan.steps
        times = [0.0] * len(steps)
        self._timed = lowering.compile_runner(self, times=times)[1]()
        try:
            for _ in range(repeats):
                self(inputs)
        finally:
            self._timed = None
        lines = [f'{1e3 * t / repeats:9.3f} ms  {_step_line(kind, st, False)}'
                 for t, (kind, st) in zip(times, steps)]
        lines.append(f'{1e3 * sum(times) / repeats:9.3f} ms  total')
        return '\n'.join(lines)

    def explain_passes(self) -> str:
        """The plan after each of its passes, in order: the traced graph,
        the graph after each simplification (:data:`passes.DEFAULT_PASSES`),
        the fusion units, the steps, memory planning (before any kernel is
        rendered) and the Program its runners render."""
        plan = self.plan
        log: list = []
        simplify(self.source_graph, log=log)
        lines = ['# traced', str(self.source_graph)]
        last = str(self.source_graph)
        for name, g in log:
            text = str(g)
            lines += [f'# after {name} (unchanged)'] if text == last else [f'# after {name}', text]
            last = text
        # (One step per unit on the CPU.)
        lines.append(f'# after fusion: {len(plan.units)} units')
        lines += [f'  {_unit_line(u)}' for u in plan.units]
        lines.append(f'# after lowering: {len(plan.steps)} steps over {plan.nslots} slots')
        lines += [f'  {i}: {_step_line(kind, st)}' for i, (kind, st) in enumerate(plan.steps)]
        lines.append('# after memory planning (per step: slots freed to the pool, dropped, '
                     'stores written in place: store -> input)')
        lines += plan.memory.describe()
        lines += ['# the Program', self.program.describe()]
        return '\n'.join(lines)

    def explain(self) -> str:
        """The simplified graph, the fusion groups and each kernel's source."""
        lines = [str(self.plan.graph), '']
        if self.one_call is not None:
            oc = self.one_call
            # (Once it has been compiled: natively, or refused and why.)
            how = (', compiled natively' if oc.native is not None else
                   f', refused ({oc.native_refused}): run step by step' if oc.native_refused
                   else '')
            lines.append(f'# the plan runs as one compiled call{how} (its kernels follow):')
        else:
            lines.append('# the plan runs step by step (its kernels follow):')
        lines += [self.program.describe(), '']
        for u, (kind, st) in zip(self.plan.units, self.plan.steps):
            if kind == 'kernel':
                ops = ' '.join(e.prim.name for e in st.members)
                lines.append(f'# kernel over {st.spec.shape} ({"flat" if st.spec.flat else "nd"}'
                             f'): {ops}')
                lines.append(st.source)
            else:
                lines.append('# ' + _step_line(kind, st, False))
                if u.prim.name in CONVOLUTIONS and contraction.supported(
                        *[numpy.empty(0, v.dtype) for v in u.inputs]):
                    lines.append('#   ' + contraction.describe(
                        u.prim.name, tuple(v.shape for v in u.inputs), u.params, u.out.dtype))
                elif u.prim.name == 'matmul' and _product_shape(u) is not None:
                    lines.append('#   ' + product.describe(*_product_shape(u), u.out.dtype))
                elif u.prim.name in ('attention', 'attention_grad'):
                    q, k, v = (x.shape for x in u.inputs[:3])
                    lines.append('#   ' + attention.describe(
                        q[-2], k[-2], q[-1], v[-1], u.out.dtype, u.prim.name != 'attention'))
        return '\n'.join(lines)


def _product_shape(u: Any) -> Optional[tuple]:
    """``(m, k, n)`` of matmul unit ``u`` where the CPU's product kernel
    takes its shapes and dtype, and on this machine its layout as its
    parameters transpose it (the arrays' strides are known when it runs;
    a plan's are usually as said), else None."""
    a, b = u.inputs
    if not contraction.supported(numpy.empty(0, a.dtype), numpy.empty(0, b.dtype)):
        return None
    transa, transb = bool(u.params.get('transa')), bool(u.params.get('transb'))
    m, k = a.shape[-2:][::-1] if transa else a.shape[-2:]
    n = b.shape[-2] if transb else b.shape[-1]
    count = math.prod(u.out.shape[:-2])
    if len(b.shape) == 2 and not transa:
        m, count = m * count, 1      # (a stack's rows times one matrix: one product)
    takes = product.takes_shape(m, k, n, a.dtype, count) and (
        count > 1 or product.takes_layout(m, k, n, a.dtype, transa, transb))
    return (m, k, n) if takes else None


def _unit_line(u: Any) -> str:
    if isinstance(u, fusion.RowChain):
        return f'row chain over {u.shape}: {len(u.items)} parts'
    if isinstance(u, fusion.Group):
        return f'kernel group over {u.shape}: ' + ' '.join(e.prim.name for e in u.members)
    return f'call {u.prim.name}'


def _step_line(kind: str, st: Any, slots: bool = True) -> str:
    """A step: its slots (``slots``), else a kernel's shape and members."""
    if kind == 'kernel':
        how = 'parallel' if st.parallel else 'serial'
        return (f'kernel ({how}) {st.ins} -> {st.outs}' if slots else
                f'kernel {st.spec.shape} {how}: ' + ' '.join(e.prim.name for e in st.members))
    fn, params, ins, out = st
    return f'call {getattr(fn, "__qualname__", fn)}' + (f' {ins} -> {out}' if slots else '')


def compile_graph(graph: Graph, fastmath: bool = False, donate: Optional[dict] = None,
                  distinct: frozenset = frozenset()) -> Executable:
    """Compile ``graph`` for the CPU; ``donate`` maps a graph output to the
    input it may be written into, ``distinct``: inputs that must not be one
    object (each is updated in place separately).

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> import tapejit.functions as F
    >>> g = trace_graph(lambda x: F.sum(x * x - 2 * x + 1), [np.ones(4, np.float32)])
    >>> ex = compile_graph(g)
    >>> ex([np.arange(4, dtype=np.float32)])
    [array(6., dtype=float32)]
    """
    return Executable(graph, fastmath=fastmath, donate=donate, distinct=distinct)
