"""A CPU plan's kernel steps lowered into its one
:class:`~tapejit.compiler.program.Program` (the rest is
:meth:`tapejit.compiler.plan.Lowered.lower`'s): a kernel or a row chain
becomes its output buffers, reduction buffers, call and finishes; a store
written through the array it updates an :class:`~P.InPlace` statement; a
donated parameter's update that no kernel writes in place is copied into it
at the end (:class:`~P.CopyInto`).

The step runner (:func:`compile_runner`) writes the Program as straight-line
Python, for a plan that does not run as one native call: every shape, dtype
and callable is a constant of the generated function; the statements are
written by :class:`~tapejit.compiler.runner.ProgramWriter` (shared with the
CUDA runner), the kernel calls and the buffer pool here.  The first call
runs it with each kernel's name bound to
:meth:`~tapejit.targets.cpu.executable._KernelStep.first_call`, which loads
it; the next calls run the same lines with the names bound to the loaded
kernels (rendering them once: a warm first call spent ~4 ms of its ~55 on
each rendering of `mlp_big`'s runner, outside `benchmarks/`).
``profile()``'s runner also times each step.

>>> import numpy as np
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.targets import compile_graph
>>> ex = compile_graph(trace_graph(lambda x: x * 2.0 + 1.0, [np.ones(3, np.float32)]))
>>> [type(st).__name__ for st in ex.lowered.program.statements]
['Reshape', 'Alloc', 'CallKernel', 'Return']
"""

from __future__ import annotations

import time
from typing import Any, Optional

import numpy

from tapejit.backends import threads
from tapejit.compiler import plan as planning, program as P
from tapejit.compiler.runner import ProgramWriter
from tapejit.targets.cpu import codegen, kernel_cache, native, product
from tapejit.targets.cpu.buffers import POOL_MIN_BYTES


class Lowered(planning.Lowered):
    """A CPU plan's Program as it is built, with its kernels."""

    def __init__(self) -> None:
        super().__init__()
        self.kernels: list = []     # per kernel number: (loop IR, parallel, fastmath)
        self._kernels: dict = {}    # kernel_cache.kernel_id -> kernel number

    def call(self, st: Any, args: list) -> None:
        """The call of kernel step ``st``'s kernel on ``args``: one number per
        kernel (:func:`~tapejit.targets.cpu.kernel_cache.kernel_id`: steps of
        equal loop IR and flags share one)."""
        key = kernel_cache.kernel_id(st.ir, st.fastmath, st.digest)
        if key not in self._kernels:
            self._kernels[key] = len(self.kernels)
            self.kernels.append((st.ir, st.parallel, st.fastmath))
            self.program.kernels.append(key)
        self.call_kernel(self._kernels[key], st.sizes, st.ch, st.nch, args)


def _kernel_step(st: Any, low: Lowered, var: dict) -> None:
    """Kernel step ``st``'s buffers, call and finishes, its outputs named in
    ``var``: a plain kernel as a row chain of one part (and no views).  Part
    by part, its inputs (an earlier part's values among them), then its
    buffers; a store donated to an input is written through it."""
    spec = st.spec
    specs = getattr(spec, 'specs', [spec])
    views = {e.out.id: e for e in (st.chain.views if isinstance(spec, codegen.ChainSpec) else [])}
    made = {v.id: var[sl] for v, sl in zip(st.in_vars, st.ins)}  # value id -> its array
    rows: dict = {}  # a row reduction's id -> its buffer (of final values)
    donated_in = {j: k for k, j in st.donated.items()}

    def value(v: Any) -> str:
        """``v``'s array; a row reduction's or a view's made where first read."""
        if v.id not in made:
            e = views.get(v.id)
            made[v.id] = low.reshape(rows[v.id] if e is None else value(e.inputs[0]), v.shape)
        return made[v.id]
    call, parts = [], []
    for sp in specs:
        for j, (v, mode) in enumerate(sp.inputs):
            x = value(v)
            if j in donated_in:
                sv = sp.stores[donated_in[j]]
                x = made[sv.id] = low.add(P.InPlace(low.name('d'), x, low.dims(sv.shape),
                                                    numpy.dtype(sv.dtype).name))
            call.append(low.kernel_input(x, mode))
        for v in sp.stores:
            if v.id not in made:
                made[v.id], x = low.store_buffer(spec, v, POOL_MIN_BYTES)
                call.append(x)
        bufs = [low.alloc(shape, dt, 'r', init)
                for shape, dt, init in codegen.reduction_layout(sp, st.nch)]
        rows.update((e.out.id, b) for (e, _, how, _, _), b in zip(sp.reductions, bufs)
                    if how == 'row')
        call += bufs
        parts.append(bufs)
    low.call(st, call)
    results = []
    for sp, bufs in zip(specs, parts):
        results += [made[v.id] for v in sp.stores]
        results += [value(e.out) if how == 'row' else
                    low.finish(e.prim.name if how == 'partial' else 'cast', b, e.out)
                    for (e, axes, how, init, adt), b in zip(sp.reductions, bufs)]
    results += [value(e.out) for e in views.values()]
    for sl, x in zip(st.outs, results):
        var[sl] = x


def objects_ahead(exe: Any, inputs: Any) -> list:
    """The arguments of :func:`~tapejit.targets.cpu.llvm_jit.load_object`
    for each object ``exe``'s first run will load, in the order it loads
    them, as far as they can be told before it runs: its kernel steps'
    (:func:`kernels_ahead`) and its products' (by their sizes,
    :func:`~tapejit.targets.cpu.product.ahead`)."""
    found = [(at, step.ahead(arrays)) for at, step, arrays in kernels_ahead(exe, inputs)]
    low = exe.lowered
    rows = None
    for at, st in enumerate(low.program.statements):
        if type(st) is P.Call and st.prim == 'matmul' and low.origin[at] >= 0:
            u = exe.plan.units[low.origin[at]]
            if len(u.inputs[0].shape) >= 2 and len(u.inputs[1].shape) >= 2:
                count, m, k, n = _product_sizes(u, st)
                kernel, writer = product.ahead(m, k, n, u.inputs[0].dtype, count)
                found.append((at, kernel))
                # (Placed at the last product that may need it: the weight
                # gradients come last, and the compile process works from there.)
                rows = (at, writer) if writer is not None else rows
    found += [rows] if rows is not None else []
    return [obj for at, obj in sorted(found, key=lambda f: f[0]) if obj is not None]


def kernels_ahead(exe: Any, inputs: Any) -> list:
    """``(statement, kernel step, its arguments' signatures)`` of each kernel call of
    ``exe``'s Program, in order, as the step runner will make them from
    ``inputs`` (per array, as :func:`~tapejit.targets.cpu.native.signature`
    has it: dtype character, dimensions, C-contiguous), found without
    running anything.  A call with an argument whose signature only its run
    would tell (a library call's result, a view of a strided array) is left
    out."""
    prog, low = exe.lowered.program, exe.lowered
    sig = {n: _signature_of(a) for n, a in zip(
        prog.params, [inputs[i] for i, _ in low.arg_inputs] + list(low.const_args))}

    def made(dtype: str, dims: tuple) -> tuple:
        return (numpy.dtype(dtype).char, len(dims), True)   # (0-d where dims is ())
    out = []
    for at, st in enumerate(prog.statements):
        kind = type(st)
        if kind is P.Alloc:
            sig[st.out] = made(st.dtype, st.dims)
        elif kind is P.Reshape:
            s = sig.get(st.src)
            # (A strided array's reshape may be a copy or a view.)
            sig[st.out] = None if s is None else (s[0], 1, True) if st.dims is None else (
                (s[0], len(st.dims), True) if s[2] else None)
        elif kind is P.Slice:
            s = sig.get(st.src)
            sig[st.out] = None if s is None else (s[0], len(st.dims), True)
        elif kind is P.InPlace:
            s = sig.get(st.src)
            sig[st.out] = s if s is not None and s[2] else made(st.dtype, st.dims)
        elif kind is P.Call:
            sig[st.out] = sig.get(st.into) if st.into else _new_array(st, sig)
        elif kind is P.Finish:
            sig[st.out] = sig.get(st.into) if st.into else made(st.dtype, st.dims)
        elif kind is P.CopyInto:
            sig[st.out] = sig.get(st.dst)
        elif kind is P.CallKernel:
            args = [sig.get(a) for a in st.args]
            # (A 0-d array has no signature: the kernel is called without one.)
            if all(a is not None and (a == 'int' or a[1]) for a in args):
                out.append((at, exe.plan.steps[low.origin[at]][1], args))
    return out


def _product_sizes(u: Any, st: P.Call) -> tuple:
    """``(count, m, k, n)``: the ``count`` products ``(m, k) @ (k, n)`` of
    the matmul unit ``u`` (called as ``st``)."""
    a, out = u.inputs[0], u.out.shape
    k = a.shape[-2] if dict(st.params).get('transa') else a.shape[-1]
    return int(numpy.prod(out[:-2], dtype=numpy.int64)), out[-2], k, out[-1]


def _new_array(st: P.Call, sig: dict) -> Optional[tuple]:
    """The signature of a product's or a convolution's result (a new
    C-contiguous array of its first operand's dtype); None for other calls."""
    args = [sig.get(a) for a in st.args[:2]]
    if None in args or not args:
        return None
    if st.prim == 'matmul':
        return (args[0][0], max(a[1] for a in args), True)
    if st.prim in ('conv2d', 'conv2d_transpose', 'conv2d_filter'):
        return (args[0][0], 4, True)
    return None


def _signature_of(a: Any) -> Any:
    if isinstance(a, numpy.ndarray) and a.ndim == 0:
        return (a.dtype.char, 0, True)
    s = native.signature((a,))
    return None if s is None else s[0]


def lower(plan: Any) -> Lowered:
    """``plan``'s steps as one :class:`~tapejit.compiler.program.Program`."""
    low = Lowered()
    low.ret(plan, low.lower(plan, _kernel_step), POOL_MIN_BYTES)
    return low


def compile_runner(exe: Any, times: Optional[list] = None) -> tuple:
    """``(first, later)``: ``first(inputs) -> outputs`` runs ``exe``'s
    Program with each kernel called through its step's first-call wrapper
    (which loads it), and ``later()`` makes the runner of the next calls,
    each kernel called directly: one rendering, its kernels reached through
    names of the function's namespace (:meth:`_Renderer.bound`) bound anew.
    ``times``: each step's seconds added to ``times[step]``.

    >>> import numpy as np, tapejit
    >>> from tapejit.targets import compile_graph
    >>> from tapejit.ir.trace import trace_graph
    >>> x = np.arange(4, dtype=np.float32)
    >>> ex = compile_graph(trace_graph(lambda v: v * 2 + 1, [x]))
    >>> first, later = compile_runner(ex)
    >>> first([x])[0], later()([x])[0]
    (array([1., 3., 5., 7.], dtype=float32), array([1., 3., 5., 7.], dtype=float32))
    """
    r = _Renderer(exe, times)
    lines = r.runner_lines()
    return (r.compile(lines, 'step runner', r.bound(first=True)),
            lambda: r.compile(lines, 'step runner', r.bound(first=False)))


def _ignored(*args: Any) -> None:
    """What a kernel call runs after a call that returned: nothing."""


class _Renderer(ProgramWriter):
    """The CPU runner's lines: buffers from the plan's pool, kernels called
    through names bound to their first-call wrappers or to themselves,
    steps timed or not."""

    def __init__(self, exe: Any, times: Optional[list]) -> None:
        program = exe.lowered.program
        self.plan = exe.plan
        # Names given back to the pool live in slots of ``env``.
        pooled = [st.name for st in program.statements if isinstance(st, P.Free) and st.pool]
        super().__init__(program, numpy, {n: k for k, n in enumerate(dict.fromkeys(pooled))},
                         _pool=exe.pool, _clock=time.perf_counter, _times=times)
        self.exe, self.times = exe, times
        self.origin = exe.lowered.origin
        self.cores: Optional[int] = None
        self.kernels: dict = {}     # id(step) -> (its step, the two names calling it)

    def runner_lines(self) -> list:
        exe, prog = self.exe, self.program
        params = dict(zip(prog.params, [f'inputs[{i}]' for i, _ in exe.lowered.arg_inputs]
                          + [self.const(c) for c in exe.lowered.const_args]))
        out = ['_pool.reclaim()', 'take = _pool.take', 'release = _pool.release']
        if self.times is None:
            return out + self.lines(params)
        # Statement i belongs to step o[i + 1] (-1: to none), timed from the
        # first statement of its step to the last.
        o = [-1] + self.origin + [-1]

        def before(i: int) -> list:
            return ['t0 = _clock()'] if o[i + 1] >= 0 and o[i] != o[i + 1] else []

        def after(i: int) -> list:
            step = o[i + 1]
            return [f'_times[{step}] += _clock() - t0'] if step >= 0 and o[i + 2] != step else []
        return out + self.lines(params, before, after)

    def _callkernel(self, st: P.CallKernel) -> list:
        step = self.plan.steps[self.origin[self.at]][1]
        args = ', '.join(self.name(a) for a in st.args)
        call = f'({self.const(step.sizes)}, {step.ch}, {step.nch}, {args})'
        first, then = self.kernels.setdefault(
            id(step), (step, f'_f{len(self.kernels)}', f'_g{len(self.kernels)}'))[1:]
        # A native kernel's compiled entry first; not None means it refused
        # the arguments, and its dispatcher runs them (see bound).
        return [f'if {first}{call} is not None:', f'    {then}{call}']

    def bound(self, first: bool) -> dict:
        """The runner's namespace with each kernel's two names bound: to its
        step's first-call wrapper (``first``, or a step with no kernel
        yet), else to the kernel's compiled entry and its dispatcher, or
        to a kernel with no entry and nothing after it."""
        env = dict(self.env)
        for step, f, g in self.kernels.values():
            kernel = step.kernel
            if first or kernel is None:
                env[f], env[g] = step.first_call, _ignored
                continue
            fast = getattr(kernel, 'fast', None)
            env[f], env[g] = (kernel, _ignored) if fast is None else (fast, kernel)
        return env

    def _call(self, st: P.Call) -> list:
        if st.prim == 'matmul' and self.origin[self.at] >= 0:
            # The threads of the product, chosen once for this plan in this
            # process (its size, the cores it may use): tapejit.backends.threads.
            st = st._replace(params=tuple(st.params) + (('width', self.width(st)),))
        return super()._call(st)

    def width(self, st: P.Call) -> int:
        count, m, k, n = _product_sizes(self.plan.units[self.origin[self.at]], st)
        if self.cores is None:
            self.cores = threads.available_cores()
        return threads.product_width(float(count) * m * k * n, self.cores)

    def epilogue(self) -> list:
        return (['del env'] if self.slot else []) + ['_pool.lend(outs)']
