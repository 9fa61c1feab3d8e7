"""A compiled plan: the graph simplified, fused and lowered to steps (fused
kernels, primitive ``impl`` calls for the rest), each intermediate buffer
dropped after its last use.  A small plan runs as one compiled function
(:mod:`~tapejit.targets.cpu.one_call`), another through the step runner
(:func:`~tapejit.targets.cpu.lowering.compile_runner`).  An output donated to an input
(a parameter's update) is written through that input's array, where nothing
reads the old values after it."""

from __future__ import annotations

import math
import threading
import warnings
from typing import Any, Optional, Sequence

import numpy

from tapejit.backends import threads
from tapejit.targets.cpu import codegen, kernel_cache, lowering, one_call, plan_cache
from tapejit.compiler import fusion, kernel_ir as K
from tapejit.compiler.plan import (Plan, eval_members, members, nbytes, numba_error, reads,
                                  compiled_call, writes)
from tapejit.targets.cpu.buffers import POOL_MIN_BYTES, BufferPool
from tapejit.targets.cpu.native_plan import PRODUCT_MAX
from tapejit.compiler.passes import simplify
from tapejit.ir.graph import Eqn, Graph
from tapejit.ops.registry import PRIMITIVES

# Loops over at least this many elements run the parallel kernel variant
# (its chunks taken one at a time by each of the plan's threads:
# tapejit.backends.threads.Chunked).
PARALLEL_MIN = 1 << 16
# Primitives that run on the plan's threads themselves (a product cut into
# pieces). A plan with one runs its kernels serially: handing each kernel's
# chunks out too measured slower on such plans (the LSTM and CNN steps of
# benchmarks/), their kernels being small beside the products.
BLAS_PRIMITIVES = frozenset({'matmul'})
# Library calls whose result is always a new array; any other may return a
# view of an argument (reshape, transpose, indexing), which matters when that
# argument's array is updated in place.
FRESH_CALLS = frozenset({'matmul', 'argmax', 'argmin'})


# Library calls writing their result into a given array (``out=``, NumPy
# inputs), and the dtypes they do it for (NumPy's matmul: BLAS's).
_POOLED_CALLS = {'matmul': frozenset(numpy.dtype(t) for t in ('float32', 'float64')),
                 'im2col': None, 'col2im': None}
# Set per process (or per call), not planned: not kept in the plan cache.
_NOT_KEPT = frozenset({'source_graph', 'fastmath'})


def _pooled_call(name: str, shape: tuple, dtype: Any) -> '_PooledCall':
    # (Pickled by this name: the class's own is its description.)
    return _PooledCall(None, name, shape, dtype)  # (its plan sets ``exe``)


class _PooledCall:
    """A library call writing its large result into a buffer of the plan's
    pool: the next call reuses it instead of a new array above malloc's
    ``mmap`` threshold, whose pages would fault in again."""

    __slots__ = ('exe', 'name', 'shape', 'dtype', 'impl')

    def __init__(self, exe: Any, name: str, shape: tuple, dtype: Any) -> None:
        self.exe, self.name, self.shape, self.dtype = exe, name, shape, dtype
        self.impl = PRIMITIVES[name].impl

    def __reduce__(self) -> tuple:
        return _pooled_call, (self.name, self.shape, self.dtype)

    def __repr__(self) -> str:
        return f'{self.name} (into a pooled buffer)'

    def __call__(self, *args: Any, **params: Any) -> Any:
        pooled = all(a.__class__ is numpy.ndarray and a.dtype == self.dtype for a in args)
        return self.impl(*args, **params, out=self.exe.pool.take(self.shape, self.dtype)
                         if pooled else None)


class _KernelStep:
    """A fused kernel's step: reads the slots ``ins`` (the values
    ``in_vars``), writes ``outs`` (``out_vars``)."""

    __slots__ = ('spec', 'ins', 'outs', 'kernel', 'sizes', 'ch', 'nch', 'members', 'consts',
                 'parallel', 'fastmath', 'donated', 'source', 'ir', 'in_vars', 'out_vars')

    def __init__(self, spec: Any, members: list, parallel: bool, fastmath: Any) -> None:
        self.spec = spec
        self.members = members
        # (A row chain's step sets its own.)
        self.in_vars = [v for v, _ in getattr(spec, 'inputs', ())]
        self.out_vars = getattr(spec, 'outputs', [])
        self.ins: list = []
        self.outs: list = []
        self.sizes, self.ch, self.nch = codegen.chunking(spec)
        if not fastmath and any(adt.kind == 'f' for sp in getattr(spec, 'specs', [spec])
                                for *_, adt in sp.reductions):
            # Reassociation only: a float sum vectorizes once LLVM may reorder
            # it; in strict order each add waits for the last. The order is
            # fixed at compile time, so results do not depend on the thread
            # count; NaN/Inf keep their meaning.
            fastmath = {'reassoc'}
        # ``spec``'s kernel, or its variant writing donated stores in place
        # (rendered again by the plan); loaded at the step runner's first run.
        self.source, self.ir = spec.source, spec.kernel
        self.kernel: Any = None
        self.consts: dict = {}
        self.parallel = parallel
        self.fastmath = fastmath
        # store index -> index of the input it writes through (the variant's
        # ``spec.inplace``); the store has no parameter of its own
        self.donated: dict = {}

    def first_call(self, *args: Any) -> None:
        """The kernel's call at the plan's first call: loads it (a disk cache
        entry that does not load is never trusted: compiled afresh); where
        it cannot be compiled, the step runs op by op from then on."""
        if not compiled_call('a fused kernel', self, lambda: self._load_and_call(args)):
            self.kernel = self.op_by_op
            self.op_by_op(*args)

    def _load_and_call(self, args: tuple) -> None:
        if self.kernel is None:
            # A plain step's stores and reductions go to buffers of its own (or
            # through the very input they update): exclusive.  (A row chain
            # could be too, its parts reading each other's values through
            # one parameter each, but measured no faster.)
            self.kernel = kernel_cache.get_kernel(
                self.spec.name, self.source, self.ir, parallel=self.parallel,
                fastmath=self.fastmath, exclusive=type(self) is _KernelStep)
            if self.parallel:
                self.kernel = threads.Chunked(self.kernel)
        try:
            self.kernel(*args)
        except Exception as exc:
            # (A native kernel verified its cached object itself.)
            if not self.parallel or numba_error(exc) and 'TypingError' in type(exc).__name__:
                raise
            warnings.warn(f'tapejit: kernel {self.spec.name} did not load from the cache '
                          f'({type(exc).__name__}: {exc}); recompiling it',
                          RuntimeWarning, stacklevel=4)
            self.kernel = threads.Chunked(kernel_cache.compile_in_memory(
                self.spec.name, self.source, self.fastmath))
            self.kernel(*args)

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

    def __init__(self, spec: codegen.ChainSpec, chain: fusion.RowChain, parallel: bool,
                 fastmath: Any) -> None:
        self.chain = chain
        eqns = [e for it in chain.items for e in members(it)]
        super().__init__(spec, eqns, parallel, fastmath)
        self.in_vars = K.outside_inputs(eqns)
        self.out_vars = ([v for sp in spec.specs for v in sp.outputs]
                         + [e.out for e in chain.views])


def _owner(a: numpy.ndarray) -> Any:
    """The object owning ``a``'s memory: ``a`` itself, the array it views
    (NumPy points a view at the owner directly), or, for an array on a
    foreign buffer (``numpy.frombuffer``), the object behind its
    memoryview, so two arrays on one buffer have one owner."""
    b = a.base
    if b is None:
        return a
    while True:
        if b.__class__ is memoryview:
            o = b.obj
            if o is None:
                return b
            b = o
        elif isinstance(b, numpy.ndarray) and b.base is not None:
            b = b.base
        else:
            return b


def _shared(inputs: Sequence[Any], donated: list, candidates: list) -> bool:
    """Whether the array of a donated input is also the array, or shares the
    memory owner, of another input (among ``candidates``)."""
    owners: dict = {}
    for i in candidates:
        a = inputs[i]
        if a.__class__ is numpy.ndarray:
            k = id(a if a.base is None else _owner(a))
            owners[k] = owners.get(k, 0) + 1
    return any(owners[id(a if a.base is None else _owner(a))] > 1
               for a in (inputs[i] for i in donated) if a.__class__ is numpy.ndarray)


class Executable(Plan):
    """Runs a graph with fused kernels; ``explain()`` shows groups and sources."""

    def __init__(self, graph: Graph, *, fastmath: bool = False,
                 donate: Optional[dict] = None) -> None:
        self.source_graph = graph
        self.fastmath = fastmath
        key = plan_cache.plan_key(graph, fastmath, donate)
        state = plan_cache.load(key) if key is not None else None
        if state is None:
            self._plan(graph, fastmath, donate)
            if key is not None:
                plan_cache.store(key, {k: v for k, v in vars(self).items()
                                       if k not in _NOT_KEPT})
        else:
            self.__dict__.update(state)
            for kind, st in self.steps:
                if kind == 'call' and st[0].__class__ is _PooledCall:
                    st[0].exe = self
        self.from_cache = state is not None
        self.lowered = lowering.lower(self)
        self.program = self.lowered.program
        # Parameters an update is copied into are written as well.
        self.donated_inputs = sorted({*self.donated_inputs, *(i for _, i in self.lowered.copies)})
        # Inputs that could share a donated array's memory (a 0-d input, such
        # as a hyperparameter, holds a single value of its own).
        self._alias_candidates = [i for i, v in enumerate(self.graph.invars)
                                  if v.shape != () or i in self.donated_inputs]
        self.pool = BufferPool()
        self._timed: Any = None  # the runner timing each step, while profile() runs
        self._runner: Any = None  # the steps written out (lowering.compile_runner)
        self._runner_lock = threading.Lock()
        # A small plan runs as one compiled call (a larger function takes
        # LLVM too long to compile).
        oc = (one_call.OneCall(self) if one_call.ENABLED and one_call.eligible(self)
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
        # The native one-call function, once it ran (see __call__).
        self._native_run: Any = None

    def native_checks(self, inputs: Sequence[int]) -> bool:
        """Whether the native one-call function (built: see ``_native_run``)
        checks the shapes and dtypes of these inputs itself, or never reads
        them: a caller need not check them before calling it."""
        checked = self.one_call.native.checked_inputs
        return all(i in checked or i in self.unused_inputs for i in inputs)

    def _plan(self, graph: Graph, fastmath: bool, donate: Optional[dict]) -> None:
        """Simplify, fuse and lower ``graph`` to steps; plan its buffers."""
        slots = self.plan_units(graph, rows=True)
        split = not any(isinstance(u, Eqn) and u.prim.name in BLAS_PRIMITIVES
                        for u in self.units)
        self.plan_steps(slots, lambda u: [self._step(u, slots, split, fastmath)])
        last = self.plan_buffers(slots, POOL_MIN_BYTES)
        self.donate_map = dict(donate or {})
        self._donate(self.donate_map, last)
        self._in_place(last)
        # (Rendered again where a kernel writes a store through one of its inputs.)
        for u, (kind, st) in zip(self.units, self.steps):
            if kind == 'kernel' and st.donated:
                spec = codegen.render(u, self.graph, self.consts, self._used_later, 'kernel',
                                      parallel=st.parallel, inplace=st.donated)
                st.source, st.ir, st.donated = spec.source, spec.kernel, dict(spec.inplace)

    def _step(self, u: Any, slots: Any, split: bool, fastmath: Any) -> tuple:
        """The step running unit ``u``: ``('kernel', step)`` or ``('call', ...)``."""
        g, consts = self.graph, self.consts
        if isinstance(u, Eqn):
            dtypes = _POOLED_CALLS.get(u.prim.name, ())
            pooled = (u.prim.name in _POOLED_CALLS and nbytes(u.out) >= POOL_MIN_BYTES
                      and (dtypes is None or u.out.dtype in dtypes))
            return self.call_step(u, slots, pooled and _PooledCall(self, u.prim.name,
                                                                   u.out.shape, u.out.dtype))
        par = split and int(math.prod(u.shape)) >= PARALLEL_MIN
        if isinstance(u, fusion.RowChain):
            step = _ChainStep(codegen.render_chain(u, g, consts, self._used_later,
                                                   'kernel', parallel=par), u, par, fastmath)
        else:
            spec = codegen.render(u, g, consts, self._used_later, 'kernel', parallel=par)
            step = _KernelStep(spec, u.members, par, fastmath)
        step.ins = [slots[v] for v in step.in_vars]
        step.outs = [slots[v] for v in step.out_vars]
        step.consts = consts
        return ('kernel', step)

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
        self.check_inputs(inputs, check)
        if self._timed is None and self.one_call is not None and not refused:
            outs = self.one_call(inputs)  # None: step by step below
            if self.one_call.native is not None:
                self._native_run = self.one_call.native.run
            if outs is not None:
                return outs
        if self.donated_inputs and _shared(inputs, self.donated_inputs,
                                           self._alias_candidates):
            # Another input reaches a donated array (tied weights, or a
            # Variable and its own array): the kernels update copies, and
            # the caller's array gets the update only when written back.
            inputs = list(inputs)
            for i in self.donated_inputs:
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
                outs = lowering.compile_runner(self, first=True)(inputs)
                self._runner = lowering.compile_runner(self)
                return outs
        return self._runner(inputs)

    def _views_of(self, slot: int) -> set:
        """Slots of values that may share memory with ``slot``'s array: the
        results of library calls on it (or on such a value), unless the call
        always returns a new array."""
        alias = {slot}
        for u, (kind, st) in zip(self.units, self.steps):
            if kind == 'call' and u.prim.name not in FRESH_CALLS and alias.intersection(st[2]):
                alias.add(st[3])
        return alias - {slot}

    def _in_place(self, last: dict) -> None:
        """Let a kernel write a store into the array of an intermediate it
        reads for the last time, at the index it writes (a matmul's result or
        an earlier kernel's buffer): those lines are in cache already."""
        # Per slot, whether its array is new: a matmul's, or a plain kernel's
        # own buffer; not another call's result (a view of some other array,
        # maybe), nor a row chain's (some are views of its others).
        fresh: dict = {}
        for u, (kind, st) in zip(self.units, self.steps):
            for w in writes(kind, st):
                fresh.setdefault(w, u.prim.name in FRESH_CALLS if kind == 'call'
                                 else isinstance(u, fusion.Group))
        outs = set(self.out_slots)
        for n, (kind, st) in enumerate(self.steps):
            if kind != 'kernel' or type(st) is not _KernelStep or st.donated:
                continue
            spec = st.spec
            taken: dict = {}
            for k, (v, sl_out) in enumerate(zip(spec.stores, st.outs)):
                if sl_out in outs:
                    continue
                for j, ((iv, mode), sl) in enumerate(zip(spec.inputs, st.ins)):
                    if (j in taken.values() or iv.shape != v.shape or iv.dtype != v.dtype
                            or sl in outs or not fresh.get(sl)
                            or not self._writable_at(st, j, n, last)):
                        continue
                    taken[k] = j
                    # The buffer lives on as the store's: dropped from the
                    # input's slot, not given back to the pool.
                    if sl in self.free_after[n]:
                        self.free_after[n].remove(sl)
                        self.drop_after[n].append(sl)
                    break
            st.donated = taken

    def _writable_at(self, st: _KernelStep, j: int, n: int, last: dict) -> bool:
        """Whether kernel step ``st`` (step ``n``) may write a store through
        its input ``j``: it reads that input once, only at the index it
        writes (no broadcast), nothing reads it later and no view of it is
        read from step ``n`` on or returned (the write would change it)."""
        iv, mode = st.spec.inputs[j]
        sl = st.ins[j]
        if not (mode in ('flat', 'nd') and st.spec.shape == iv.shape and last.get(sl) == n
                and sum(1 for w, _ in st.spec.inputs if w.id == iv.id) == 1):
            return False
        views = self._views_of(sl)
        return not (views & set(self.out_slots) or any(
            r in views for kind, s in self.steps[n:] for r in reads(kind, s)))

    def _donatable(self, o: int, i: int) -> bool:
        """Whether output ``o`` may be written into input ``i``'s array at
        all: both exist, of one shape and dtype, and neither that input nor
        output ``o``'s value is returned otherwise (the caller's result
        would change on the next call)."""
        g, outs = self.graph, self.out_slots
        return (o < len(g.outvars) and i < len(g.invars) and self.in_slots[i] not in outs
                and outs.count(outs[o]) == 1 and g.outvars[o].shape == g.invars[i].shape
                and g.outvars[o].dtype == g.invars[i].dtype)

    def _donate(self, donate: dict, last: dict) -> None:
        """Let a kernel write output ``o`` into input ``i``'s array (``donate``
        maps o -> i) where :meth:`_writable_at` allows it and neither the
        input nor (a view of) the output is returned otherwise; those inputs
        go to ``donated_inputs``."""
        g = self.graph
        self.donated_inputs = []
        for o, i in donate.items():
            # (A view of the output returned: the caller's result would change.)
            if not self._donatable(o, i) or self._views_of(self.out_slots[o]) & set(self.out_slots):
                continue
            ov, iv = g.outvars[o], g.invars[i]
            for n, (kind, st) in enumerate(self.steps):
                if kind != 'kernel' or type(st) is not _KernelStep:
                    continue
                stores = [v.id for v in st.spec.stores]
                if ov.id not in stores:
                    continue
                pos = [k for k, (v, mode) in enumerate(st.spec.inputs) if v.id == iv.id]
                if pos and self._writable_at(st, pos[0], n, last):
                    st.donated[stores.index(ov.id)] = pos[0]
                    self.donated_inputs.append(i)
                break

    def profile(self, inputs: Sequence[Any], repeats: int = 10) -> str:
        """Run ``repeats`` times step by step (the runner timing each step);
        a table of the mean milliseconds of each step."""
        self(inputs)  # compiled and warm before timing
        times = [0.0] * len(self.steps)
        self._timed = lowering.compile_runner(self, times=times)
        try:
            for _ in range(repeats):
                self(inputs)
        finally:
            self._timed = None
        lines = [f'{1e3 * t / repeats:9.3f} ms  {_step_line(kind, st, False)}'
                 for t, (kind, st) in zip(times, self.steps)]
        lines.append(f'{1e3 * sum(times) / repeats:9.3f} ms  total')
        return '\n'.join(lines)

    def explain_passes(self) -> str:
        """The plan after each of its passes, in order: the traced graph,
        the graph after each simplification (:data:`passes.DEFAULT_PASSES`),
        the fusion units, the lowered steps, the memory plan and the
        Program its runners render."""
        log: list = []
        simplify(self.source_graph, log=log)
        lines = ['# traced', str(self.source_graph)]
        last = str(self.source_graph)
        for name, g in log:
            text = str(g)
            lines += [f'# after {name} (unchanged)'] if text == last else [f'# after {name}', text]
            last = text
        lines.append(f'# after fusion: {len(self.units)} units')
        lines += [f'  {_unit_line(u)}' for u in self.units]
        lines.append(f'# after lowering: {len(self.steps)} steps over {self.nslots} slots')
        lines += [f'  {i}: {_step_line(kind, st)}' for i, (kind, st) in enumerate(self.steps)]
        lines.append('# after memory planning (per step: slots freed to the pool, dropped, '
                     'written in place)')
        for i, (kind, st) in enumerate(self.steps):
            donated = sorted(st.donated.items()) if kind == 'kernel' else []
            lines.append(f'  {i}: free {self.free_after[i]} drop {self.drop_after[i]}'
                         + (f' in place {donated}' if donated else ''))
        lines.append(f'  outputs copied: {self.copy_out}; inputs never read: '
                     f'{sorted(self.unused_inputs)}')
        lines += ['# the Program', self.program.describe()]
        return '\n'.join(lines)

    def explain(self) -> str:
        """The simplified graph, the fusion groups and each kernel's source."""
        lines = [str(self.graph), '']
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
        for kind, st in self.steps:
            if kind == 'kernel':
                ops = ' '.join(e.prim.name for e in st.members)
                lines.append(f'# kernel over {st.spec.shape} ({"flat" if st.spec.flat else "nd"}'
                             f'): {ops}')
                lines.append(st.source)
            else:
                lines.append('# ' + _step_line(kind, st, False))
        return '\n'.join(lines)


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


def compile_graph(graph: Graph, fastmath: bool = False,
                  donate: Optional[dict] = None) -> Executable:
    """Compile ``graph`` for the CPU.

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> import tapejit.functions as F
    >>> g = trace_graph(lambda x: F.sum(x * x - 2 * x + 1), [np.ones(4, np.float32)])
    >>> ex = compile_graph(g)
    >>> ex([np.arange(4, dtype=np.float32)])
    [array(6., dtype=float32)]
    """
    return Executable(graph, fastmath=fastmath, donate=donate)
