"""A compiled plan for the GPU: the graph simplified and fused as for the CPU,
the loop groups and window primitives rendered as ``numba.cuda`` kernels, the
rest (matmul, indexing, concat, ...) run by the primitives' ``impl`` on CuPy
arrays (so a matmul is a cuBLAS call).

On a GPU the plan runs on CuPy arrays (NumPy inputs are copied to the
current device and the results back).  Under Numba's CUDA simulator
(``NUMBA_ENABLE_CUDASIM=1`` set before ``numba.cuda`` is first imported) the
same kernels run as Python on NumPy arrays, which is how the code path is
tested without a GPU.

A kernel is identified by the digest of its loop IR
(:func:`tapejit.compiler.loop_ir.digest`), never by its rendered source:
compiled kernels are kept in memory per (digest, GPU architecture, the
store's fingerprint), and their source is written to the store's folder
``cuda/<arch>`` as a module so that ``numba.cuda.jit(cache=True)`` stores
the machine code beside it and a new process starts warm.  As for the CPU's
Numba kernels (:mod:`tapejit.targets.numba_cache`), the module runs from the
source generated here, and Numba's cache files are read only once their
digests match the authenticated record written when Numba saved them.

The plan is lowered to its :class:`~tapejit.compiler.program.Program`
(:mod:`tapejit.compiler.plan`), per device at its first call there: a
kernel's reductions get ``(P, m)`` buffers of partial results, its launch
takes the threads per block and the blocks as its ``ch`` and ``nch``, and
only the table depends on the device (its multiprocessors set the launch
geometry).  :func:`compile_runner` writes the Program as a Python function;
its first call launches each kernel through :meth:`CudaKernel.first` (which
compiles it), the runner written after it launches them directly.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import os
import sys
import threading
import warnings
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.targets.cuda import codegen as cuda_codegen, window as cuda_window
from tapejit.targets.cuda.simulator import SIM_MATH
from tapejit.compiler import fusion, kernel_ir as K, loop_ir, memory, plan, program as P, store
from tapejit.compiler.plan import Plan, eval_members, compiled_call
from tapejit.compiler.passes import decompose_convolutions
from tapejit.compiler.runner import ProgramWriter, Section, run_section
from tapejit.targets import numba_cache
from tapejit.ir.graph import Graph

_sms: dict = {}           # device id -> multiprocessor count
_streams: dict = {}       # (device id, CuPy stream pointer) -> numba stream


def simulator_enabled() -> bool:
    """Whether ``numba.cuda`` is (or, once imported, will be) Numba's CUDA simulator.

    >>> isinstance(simulator_enabled(), bool)
    True
    """
    if 'numba.cuda' in sys.modules:
        try:
            from numba.cuda.core import config
        except ImportError:  # numba's own (deprecated) CUDA target
            from numba.core import config
        return bool(config.ENABLE_CUDASIM)
    return os.environ.get('NUMBA_ENABLE_CUDASIM', '0') not in ('', '0')


def _numba_cuda() -> Any:
    if importlib.util.find_spec('numba_cuda') is None:
        raise RuntimeError('tapejit CUDA target: the numba-cuda package is not installed; '
                           'install the GPU extra with `pip install "tapejit[cuda]"`')
    from numba import cuda
    return cuda


def get_kernel(spec: cuda_codegen.CudaKernelSpec, simulator: bool) -> Any:
    """The ``numba.cuda`` dispatcher of ``spec`` for the current GPU (or the simulator)."""
    cuda = _numba_cuda()
    arch = 'sim' if simulator else 'sm_%d%d' % cuda.get_current_device().compute_capability
    text = spec.source.replace(f'def {spec.name}(', 'def kernel(', 1)
    fp = store.fingerprint('numba', 'numba-cuda', cpu=arch)
    key = hashlib.sha256(f'{fp}\ncuda {arch}\n{loop_ir.digest(spec.kernel)}'.encode()
                         ).hexdigest()[:24]

    def kernel(mod: Any) -> Any:
        if simulator:
            # The simulator runs the source as Python: IEEE results (inf, nan)
            # instead of the math module's exceptions.
            mod.math = SIM_MATH
        return mod.kernel
    return numba_cache.load_source(key, f'cuda kernel ({arch})', spec.source,
                                   f'tapejit_cuda_kernel_{key}',
                                   os.path.join('cuda', arch, f'k_{key}.py'),
                                   lambda cache: f'{cuda_codegen.HEADER}@cuda.jit(cache={cache})'
                                   f'\n{text}', kernel)


class CudaKernel:
    """One generated kernel of a plan, a step of it: its number, what it
    reads and writes (``inputs``, ``stores``, ``shape``; the slots ``ins``
    and ``outs``), its spec once rendered (:meth:`render`, after memory
    planning), its ``numba.cuda`` dispatcher once compiled (at its first
    launch), and whether it runs op by op instead (Numba could not compile
    it).  ``part``: its share of a fusion group (:func:`cuda_codegen.split`),
    or None for a window primitive's kernel (rendered when planned)."""

    __slots__ = ('number', 'part', 'spec', 'consts', 'inputs', 'stores', 'shape', 'ins', 'outs',
                 'donated', 'kernel', 'fallback')
    # Each output a new array of its own.
    fresh = True

    def __init__(self, number: int, iface: K.Interface, part: Optional[tuple],
                 spec: Optional[cuda_codegen.CudaKernelSpec], plan: Plan) -> None:
        self.number, self.part, self.spec, self.consts = number, part, spec, plan.consts
        self.inputs, self.stores, self.shape = iface.inputs, iface.stores, iface.shape
        self.ins = [plan.slots[v] for v, _ in iface.inputs]
        self.outs = [plan.slots[v] for v in iface.outputs]
        # store index -> index of the input it writes through
        self.donated: dict = {}
        self.kernel: Any = None
        self.fallback = False

    @property
    def single_pass(self) -> bool:
        """An elementwise grid-stride kernel: each element read and stored by
        one thread, in that order (a store may go through its input)."""
        return self.part is not None and self.part[0] == 'ew'

    def render(self, block: int, in_place: dict) -> None:
        """Render the kernel once, its stores in ``in_place`` written through their inputs."""
        if self.part is not None:
            self.spec = cuda_codegen.render_kernel(self.shape, self.part, self.consts, 'kernel',
                                                   block, in_place)
        self.donated = dict(self.spec.inplace)

    def first(self, dev: '_Device', grid: int, block: int, scalars: tuple, *arrays: Any) -> None:
        """Compile and launch the kernel on ``arrays`` (its inputs, stores and
        reductions' buffers); where Numba cannot compile it, run it op by op."""
        def launch() -> None:
            if self.kernel is None:
                self.kernel = get_kernel(self.spec, dev.simulator)
            if dev.simulator:  # (launched as the runner written after it does)
                with quiet():
                    self.kernel[grid, block](*scalars, *self.simulated(dev, arrays))
            else:
                self.kernel[grid, block, dev.stream()](*scalars, *arrays)
        if not compiled_call('a CUDA kernel', self.spec, launch):
            self.fallback = True
            self.ops(dev, grid, block, scalars, *arrays)

    def simulated(self, dev: '_Device', arrays: tuple) -> list:
        """The arguments as the simulator takes them: inputs as contiguous
        copies, one way, but those a store is written through."""
        written = set(self.donated.values())
        return [dev.sim_input(a) if j < len(self.spec.inputs) and j not in written else a
                for j, a in enumerate(arrays)]

    def ops(self, dev: '_Device', grid: int, block: int, scalars: tuple, *arrays: Any) -> None:
        """What the kernel computes, op by op with the primitives' ``impl``,
        written into its buffers: the stores (those through an input last,
        after every value is computed), and each reduction's value in its
        first row of partial results (the identity in the others)."""
        spec = self.spec
        n = len(spec.inputs)
        env = eval_members(spec.members, {v.id: a.reshape(v.shape) for (v, _), a
                                          in zip(spec.inputs, arrays)},
                           lambda vid: dev.const(self.consts[vid]), dev.xp)
        bufs = list(arrays[n:])
        own = [v for k, v in enumerate(spec.stores) if k not in self.donated]
        for v, o in zip(own, bufs):
            o[...] = env[v.id].reshape(o.shape)
        for (e, init, adt), buf in zip(spec.reductions, bufs[len(own):]):
            buf[...] = init
            buf[0] = env[e.out.id].reshape(-1)
        # (Copied first: a value may be a view of an input written through.)
        through = [(arrays[j], dev.xp.array(env[spec.stores[k].id], copy=True))
                   for k, j in self.donated.items()]
        for o, value in through:
            o[...] = value.reshape(o.shape)


class _Device:
    """Where a plan runs: the array module, the simulator flag, the device
    facts, its constants and its stream."""

    def __init__(self, simulator: bool, device_id: Optional[int]) -> None:
        self.simulator = simulator
        self.device_id = device_id
        self.consts: dict = {}  # id of a plan's constant -> its copy here
        if simulator:
            self.xp = numpy
            self.sms = 1
            self.cuda = None
        else:
            self.xp = backends.require_cupy('tapejit CUDA target')
            self.cuda = _numba_cuda()
            if device_id not in _sms:
                with self.cuda.gpus[device_id]:
                    _sms[device_id] = self.cuda.get_current_device().MULTIPROCESSOR_COUNT
            self.sms = _sms[device_id]

    def const(self, value: Any) -> Any:
        """A constant of the plan (which keeps it) on this device."""
        c = self.consts.get(id(value))
        if c is None:
            c = self.consts[id(value)] = self.xp.asarray(value)
        return c

    def sim_input(self, a: Any) -> Any:
        from numba import cuda
        return cuda.In(numpy.ascontiguousarray(a))

    def stream(self) -> Any:
        """The Numba stream of CuPy's current one (kernels are ordered with
        the CuPy calls between them)."""
        key = (self.device_id, self.xp.cuda.get_current_stream().ptr)
        stream = _streams.get(key)
        if stream is None:
            stream = _streams[key] = self.cuda.external_stream(key[1])
        return stream


_SHARED_LOCK = threading.Lock()


def lock_simulated_shared_arrays() -> None:
    """Make the CUDA simulator's ``cuda.shared.array`` safe for a block's
    threads arriving at once.

    The simulator runs each GPU thread as a Python thread and gives a block
    its shared array at the first thread's call, by a check-then-store on a
    dict that no lock guards: two threads arriving together can each get an
    array of their own, and a block reduction then loses the other's partial
    sums (seen as rare wrong sums under load). This installs the same
    allocation, keyed the same way (the calling line), under a lock; a
    :class:`CudaExecutable` built under the simulator calls it.
    """
    import traceback

    from numba.cuda.simulator import kernelapi
    cls = kernelapi.FakeCUDAShared
    if getattr(cls, '_tapejit_locked', False):
        return
    plain = cls.array

    def array(self: Any, shape: Any, dtype: Any, alignment: Any = None) -> Any:
        if alignment is not None or shape == 0:
            return plain(self, shape, dtype, alignment)
        if isinstance(dtype, kernelapi.types.Type):
            dtype = kernelapi.numpy_support.as_dtype(dtype)
        caller = tuple(traceback.extract_stack(sys._getframe())[-2][0:2])
        with _SHARED_LOCK:
            res = self._allocations.get(caller)
            if res is None:
                res = self._allocations[caller] = numpy.empty(shape, dtype)
        return res
    cls.array = array
    cls._tapejit_locked = True


def lower(exe: Any, sms: int, simulator: bool) -> plan.Lowered:
    """``exe``'s plan as one Program, launched for ``sms`` multiprocessors
    (``launches``: each kernel's, by number).

    >>> import numpy as np
    >>> import tapejit.functions as F
    >>> from tapejit.ir.trace import trace_graph
    >>> x, w = np.ones((2, 3), np.float32), np.ones((3, 2), np.float32)
    >>> ex = compile_graph_cuda(trace_graph(lambda x, w: (F.exp(F.sum(x, axis=1)) + 1,
    ...                                                    F.matmul(x, w)), [x, w]))
    >>> print(lower(ex, sms=1, simulator=True).program.describe())
    plan(T, a0, a1):
        r1 = empty((T[0], T[1]), float64)
        k0(T[2:8], T[8], T[9], a0, r1)
        f2 = fin_sum(r1, (T[10],), float32)
        v3 = reshape(f2, -1)
        o4 = empty((T[11],), float32)
        k1(T[12:13], T[13], T[14], v3, o4)
        drop(f2)
        o5 = matmul(a0, a1, transa=False, transb=False)
        return (o4, o5)
        # T = [1, 2, 2, 3, 1, 3, 2, 3, 256, 1, 2, 2, 2, 256, 1]
    """
    low = plan.Lowered()
    low.launches = []
    for kern in exe.kernels:
        low.launches.append(cuda_codegen.launch(kern.spec, sms, simulator))
        low.program.kernels.append(loop_ir.digest(kern.spec.kernel))
    var = low.lower(exe.plan, _lower_kernel)
    low.ret(exe.plan, var)
    return low


def _lower_kernel(kern: Any, low: plan.Lowered, var: dict) -> None:
    """Kernel step ``kern``'s buffers, launch and finishes; its outputs named
    in ``var``.  A store written through an input is that input's array."""
    spec, lau = kern.spec, low.launches[kern.number]
    through = {j: spec.stores[k] for k, j in kern.donated.items()}
    made: dict = {}
    args = []
    for j, ((v, mode), sl) in enumerate(zip(spec.inputs, kern.ins)):
        x = var[sl]
        if j in through:
            sv = through[j]
            x = made[sv.id] = low.add(P.InPlace(low.name('d'), x, low.dims(sv.shape),
                                                numpy.dtype(sv.dtype).name))
        args.append(low.kernel_input(x, mode))
    results = []
    for v in spec.stores:
        if v.id not in made:
            made[v.id], arg = low.store_buffer(spec, v, None)
            args.append(arg)
        results.append(made[v.id])
    # (With no element to visit, the partial results stay the identity.)
    reds = [low.alloc((lau.P, lau.m), adt, 'r', None if lau.n else init)
            for e, init, adt in spec.reductions]
    if lau.n:
        low.call_kernel(kern.number, lau.scalars, lau.block, lau.grid, args + reds)
    results += [low.finish(e.prim.name, r, e.out)
                for (e, init, adt), r in zip(spec.reductions, reds)]
    for sl, x in zip(kern.outs, results):
        var[sl] = x


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """The simulated threads compute with NumPy scalars: inf and nan arise as
    on a GPU, without warnings (filters are process-wide, unlike
    ``numpy.errstate``, so they reach the simulator's threads)."""
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        yield


def compile_runner(exe: Any, low: plan.Lowered, dev: Any, first: bool = False) -> Callable:
    """``run(inputs) -> outputs`` rendering ``low``'s Program on device
    ``dev``; ``first``: each kernel launched through its first-call method."""
    w = _Writer(exe, low, dev, first)
    consts = [w.const(dev.const(c)) for c in low.const_args]
    params = dict(zip(low.program.params, [f'inputs[{i}]' for i, _ in low.arg_inputs] + consts))
    head = [] if dev.simulator else ['stream = _stream()']
    return w.compile(head + w.lines(params), 'cuda runner')


class _Writer(ProgramWriter):
    def __init__(self, exe: Any, low: plan.Lowered, dev: Any, first: bool) -> None:
        super().__init__(low.program, dev.xp, _stream=dev.stream,
                         _quiet=quiet, _In=dev.sim_input)
        self.exe, self.dev, self.first = exe, dev, first

    def _callkernel(self, st: P.CallKernel) -> list:
        kern, table = self.exe.kernels[st.kernel], self.program.table
        scalars = tuple(table[st.sizes[0]:st.sizes[1]])
        block, grid = table[st.ch], table[st.nch]
        args = [self.name(a) for a in st.args]
        if self.first or kern.fallback or kern.kernel is None:
            how = kern.ops if kern.fallback else kern.first
            fn = self.const(functools.partial(how, self.dev, grid, block, scalars))
            return [f'{fn}({", ".join(args)})']
        k = self.const(kern.kernel)
        if not self.dev.simulator:
            # On CuPy's current stream: ordered with the CuPy calls between.
            return [f'{k}[{grid}, {block}, stream]({", ".join(map(str, scalars + tuple(args)))})']
        # The simulator copies arguments as whole buffers (strided views are
        # refused) and back after the launch (read-only views fail): inputs
        # go in as contiguous copies, one way.
        written = set(kern.donated.values())  # (stored through: passed as they are)
        args = [f'_In({a})' if j < len(kern.spec.inputs) and j not in written else a
                for j, a in enumerate(args)]
        return ['with _quiet():',
                f'    {k}[{grid}, {block}]({", ".join(map(str, scalars + tuple(args)))})']


class CudaExecutable:
    """Runs a graph's :class:`~tapejit.compiler.plan.Plan` (``plan``) with
    ``numba.cuda`` kernels, through a runner written from its Program (per
    device, at its first call there); ``explain()`` shows the Program and
    the kernels' sources.  ``donate`` maps a graph output to the input it
    may be written into (a parameter's update), as on the CPU."""

    def __init__(self, graph: Graph, donate: Optional[dict] = None) -> None:
        self.simulator = simulator_enabled()
        if self.simulator:
            lock_simulated_shared_arrays()
        block = cuda_codegen.BLOCK_SIM if self.simulator else cuda_codegen.BLOCK_GPU
        # (This target renders windows as kernels and has no convolution
        # kernels: a convolution is its windows' product.)
        plan = self.plan = Plan(graph, rows=False, first=(decompose_convolutions,))
        self.kernels: list = []       # CudaKernel per kernel number
        plan.plan_steps(lambda u: self._steps(u, block))
        plan.memory = memory.plan_memory(plan, donate, None)
        for n, (kind, kern) in enumerate(plan.steps):
            if kind == 'kernel':
                kern.render(block, plan.memory.in_place.get(n, {}))
        self._plans: dict = {}        # device id -> [Lowered, runner or None, device]

    def _steps(self, u: Any, block: int) -> list:
        """Unit ``u``'s steps: one per kernel of its group (or window
        primitive, :mod:`~tapejit.targets.cuda.window`), else a call."""
        plan = self.plan
        if isinstance(u, fusion.Group):
            kernels = [(cuda_codegen.interface(u.shape, part, plan.consts), part, None)
                       for part in cuda_codegen.split(u, plan.used_later, block)]
        else:
            spec = cuda_window.render(u, 'kernel', block)
            kernels = [] if spec is None else [
                (K.Interface(spec.shape, spec.inputs, spec.stores, spec.outputs), None, spec)]
        if not kernels:
            return [plan.call_step(u)]
        steps = []
        for iface, part, spec in kernels:
            kern = CudaKernel(len(self.kernels), iface, part, spec, plan)
            self.kernels.append(kern)
            steps.append(('kernel', kern))
        return steps

    def section(self, env: dict, fail: str, unpinned: Sequence[int]) -> Section:
        """The lines a plan's generated entry runs this plan with: a call of
        it (its device, checks and write-back are its own)."""
        return run_section(env, self, unpinned)

    def _device(self, inputs: Sequence[Any]) -> tuple:
        """(device, inputs on it, whether results go back to the host)."""
        if self.simulator:
            return None, [backends.CPU.send(a) for a in inputs], False
        devs = {backends.get_device_from_array(a) for a in inputs}
        gpus = sorted((d for d in devs if isinstance(d, backends.GpuDevice)), key=str)
        if len(gpus) > 1 or (gpus and len(devs) > 1):
            raise ValueError('compiled CUDA plan: inputs live on different devices ('
                             + ', '.join(sorted(map(str, devs))) + '); move them to one '
                             'device with to_device()')
        cp = backends.require_cupy('tapejit CUDA target')
        dev_id = gpus[0].device_id if gpus else cp.cuda.Device().id
        return dev_id, [backends.GpuDevice(dev_id).send(a) for a in inputs], not gpus

    def _plan(self, dev_id: Optional[int]) -> list:
        """The device's [Lowered, runner or None, device]: lowered at its first call."""
        plan = self._plans.get(dev_id)
        if plan is None:
            dev = _Device(self.simulator, dev_id)
            plan = self._plans[dev_id] = [lower(self, dev.sms, self.simulator), None, dev]
        return plan

    def __call__(self, inputs: Sequence[Any], check: Optional[Sequence[int]] = None) -> list:
        """Run the plan on ``inputs`` (CuPy arrays, or NumPy under the simulator);
        ``check`` limits the shape/dtype checks to these inputs."""
        self.plan.check_inputs(inputs, check, 'compiled CUDA plan')
        dev_id, inputs, to_host = self._device(inputs)
        mem = self.plan.memory
        if mem.donated_inputs and memory.shared(inputs, mem):
            # Another input reaches a donated array: the kernels update copies.
            for i in mem.donated_inputs:
                inputs[i] = inputs[i].copy()
        plan = self._plan(dev_id)
        if self.simulator:  # (NumPy arrays in and out)
            return self._run(plan, inputs)
        with plan[2].xp.cuda.Device(dev_id), plan[2].cuda.gpus[dev_id]:
            outs = self._run(plan, inputs)
        return [backends.CPU.send(o) for o in outs] if to_host else outs

    def _run(self, plan: list, inputs: list) -> list:
        """Run the device's ``plan`` (see :meth:`_plan`) on ``inputs``."""
        if plan[1] is not None:
            return plan[1](inputs)
        # The first call compiles the kernels; the runner written after it
        # launches them directly (or op by op, those Numba refused).
        outs = compile_runner(self, plan[0], plan[2], first=True)(inputs)
        plan[1] = compile_runner(self, plan[0], plan[2])
        return outs

    def lowered(self) -> plan.Lowered:
        """The Program of the last device run, else as lowered for one
        multiprocessor (the simulator's)."""
        plans = list(self._plans.values())
        return plans[-1][0] if plans else lower(self, 1, self.simulator)

    def explain(self) -> str:
        """The simplified graph, the Program, then each kernel: what it fuses,
        how it is launched and its source."""
        low = self.lowered()
        lines = [str(self.plan.graph), '', low.program.describe(), '']
        if not self._plans and not self.simulator:
            lines.append('# (launches shown for one multiprocessor: a device plans its own '
                         'at its first call)')
        for k, (kern, lau) in enumerate(zip(self.kernels, low.launches)):
            lines += [f'# k{k}:' + cuda_codegen.explain_line(kern.spec, lau)[1:],
                      kern.spec.source]
        return '\n'.join(lines)


def compile_graph_cuda(graph: Graph, donate: Optional[dict] = None) -> CudaExecutable:
    """Compile ``graph`` for the GPU (or Numba's CUDA simulator).

    Kernels compile on the first call; ``explain()`` shows them before that.

    >>> import numpy as np, tapejit
    >>> import tapejit.functions as F
    >>> g = tapejit.jit(lambda x: F.sum(x * x, axis=1)).lower(np.ones((2, 512), np.float32))
    >>> ex = compile_graph_cuda(g)
    >>> 'cuda.shared.array' in ex.explain()
    True
    >>> # On a GPU, or under NUMBA_ENABLE_CUDASIM=1:
    >>> ex([np.ones((2, 512), np.float32)])  # doctest: +SKIP
    [array([512., 512.], dtype=float32)]
    """
    return CudaExecutable(graph, donate)
