"""A compiled plan for the GPU: the graph simplified and fused as for the CPU,
the loop groups rendered as ``numba.cuda`` kernels, everything else (matmul,
indexing, concat, ...) run by the primitives' ``impl`` on CuPy arrays (so a
matmul is a cuBLAS call).

On a GPU the plan runs on CuPy arrays (NumPy inputs are copied to the
current device and the results back).  Under Numba's CUDA simulator
(``NUMBA_ENABLE_CUDASIM=1`` set before ``numba.cuda`` is first imported) the
same kernels run as Python on NumPy arrays, which is how the code path is
tested without a GPU.

Compiled kernels are kept in memory per (source, GPU architecture, versions),
and their source is written to the store's folder ``cuda/<arch>`` as a module
so that ``numba.cuda.jit(cache=True)`` stores the machine code beside it and
a new process starts warm.  As for the CPU's Numba kernels
(:func:`tapejit.targets.cpu.kernel_cache.load_module`), the module runs from
the source generated here, and Numba's cache files are read only once their
digests match the authenticated record written when Numba saved them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import threading
import warnings
from typing import Any, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.targets.cuda import codegen as cuda_codegen, ops as cuda_ops
from tapejit.compiler import fusion, store
from tapejit.targets.cpu import kernel_cache
from tapejit.compiler.passes import simplify
from tapejit.ir.graph import Graph

_lock = threading.Lock()
_kernels: dict = {}       # key -> dispatcher
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


def _arch(cuda: Any, simulator: bool) -> str:
    if simulator:
        return 'sim'
    cc = cuda.get_current_device().compute_capability
    return f'sm_{cc[0]}{cc[1]}'


def _module_text(spec: cuda_codegen.CudaKernelSpec, simulator: bool, cache: bool) -> str:
    src = spec.source.replace(f'def {spec.name}(', 'def kernel(', 1)
    return cuda_codegen.HEADER + f'@cuda.jit(cache={cache})\n' + src


def get_kernel(spec: cuda_codegen.CudaKernelSpec, simulator: bool,
               disk: bool = True) -> Any:
    """The ``numba.cuda`` dispatcher of ``spec`` for the current GPU (or the simulator)."""
    cuda = _numba_cuda()
    arch = _arch(cuda, simulator)
    fp = store.fingerprint('numba', 'numba-cuda', cpu=arch)
    key = hashlib.sha256(f'{fp}\n{spec.source}'.encode()).hexdigest()[:24]
    with _lock:
        k = _kernels.get(key)
        if k is not None:
            return k
        if os.environ.get('TAPEJIT_DEBUG', '') not in ('', '0'):
            print(f'--- tapejit cuda kernel {key} ({arch})\n{spec.source}', file=sys.stderr)
        d = kernel_cache.cache_dir() if disk else None
        mod: Any = None
        if d is not None:
            try:
                mod = kernel_cache.load_module(os.path.join(d, 'cuda', arch, f'k_{key}.py'),
                                               _module_text(spec, simulator, True),
                                               f'tapejit_cuda_kernel_{key}')
            except OSError as e:
                store.warn_once('unwritable', f'tapejit: cannot use the kernel cache directory '
                                f'{d} ({e}); compiling CUDA kernels in memory only')
        if mod is None:
            ns: dict = {}
            exec(compile(_module_text(spec, simulator, False),
                         f'<tapejit cuda kernel {key}>', 'exec'), ns)
            mod = _Namespace(ns)
        if simulator:
            # The simulator runs the source as Python: IEEE results (inf, nan)
            # instead of the math module's exceptions.
            mod.math = cuda_ops.SIM_MATH
        k = mod.kernel
        _kernels[key] = k
        return k


class _Namespace:
    def __init__(self, ns: dict) -> None:
        self.__dict__['_ns'] = ns

    def __getattr__(self, name: str) -> Any:
        return self._ns[name]

    def __setattr__(self, name: str, value: Any) -> None:
        self._ns[name] = value


def _numba_error(exc: BaseException) -> bool:
    return (type(exc).__module__ or '').startswith(('numba', 'numba_cuda'))


class _KernelStep:
    """One generated kernel: its inputs/outputs (slots), launch and fallback."""

    __slots__ = ('spec', 'ins', 'outs', 'kernel', 'launch', 'fallback', 'consts')

    def __init__(self, spec: cuda_codegen.CudaKernelSpec, ins: list, outs: list,
                 consts: dict) -> None:
        self.spec = spec
        self.ins = ins
        self.outs = outs
        self.kernel: Any = None
        self.launch: Optional[cuda_codegen.Launch] = None
        self.fallback = False
        self.consts = consts

    def run(self, rt: '_Runtime', arrays: list) -> list:
        spec = self.spec
        if not self.fallback:
            try:
                return self._launch(rt, arrays)
            except Exception as exc:  # a kernel Numba cannot compile: run it op by op
                if not _numba_error(exc):
                    raise
                self.fallback = True
                first = str(exc).splitlines()[0] if str(exc) else ''
                warnings.warn(f'tapejit: a CUDA kernel failed to compile ({type(exc).__name__}'
                              f': {first}); running its {len(spec.members)} ops one by one. '
                              f'Source:\n{spec.source}', RuntimeWarning, stacklevel=4)
        env = {v.id: a for (v, _), a in zip(spec.inputs, arrays)}
        for e in spec.members:
            args = [env[v.id] if v.id in env else rt.const(self.consts, v.id)
                    for v in e.inputs]
            out = e.prim.impl(*args, **e.params)
            env[e.out.id] = rt.xp.asarray(out)
        return [env[v.id] for v in spec.outputs]

    def _launch(self, rt: '_Runtime', arrays: list) -> list:
        spec = self.spec
        xp = rt.xp
        if self.kernel is None:
            self.kernel = get_kernel(spec, rt.simulator)
            self.launch = cuda_codegen.launch(spec, rt.sms, rt.simulator)
        lau = self.launch
        args = []
        for (v, mode), a in zip(spec.inputs, arrays):
            if mode != 'nd':
                a = xp.ascontiguousarray(a).reshape(-1)
            if rt.simulator:
                # The simulator copies arguments as whole buffers (strided
                # views are refused) and back after the launch (read-only
                # views fail): inputs go in as contiguous copies, one way.
                a = rt.sim_input(a)
            args.append(a)
        shape = (lau.n,) if spec.flat else spec.shape
        outs = [xp.empty(shape, v.dtype) for v in spec.stores]
        reds = []
        for e, init, adt in spec.reductions:
            if lau.n:
                reds.append(xp.empty((lau.P, lau.m), adt))
            else:  # nothing to visit: the partial results stay the identity
                reds.append(xp.full((lau.P, lau.m), init, adt))
        if lau.n:
            rt.launch(self.kernel, lau, [*lau.scalars, *args, *outs, *reds])
        res = [o.reshape(v.shape) for o, v in zip(outs, spec.stores)]
        for (e, init, adt), buf in zip(spec.reductions, reds):
            res.append(cuda_codegen.finish_reduction(xp, e, buf, lau.P))
        return res


class _Runtime:
    """Where a call runs: the array module, the simulator flag and the device facts."""

    def __init__(self, simulator: bool, device_id: Optional[int], consts_cache: dict) -> None:
        self.simulator = simulator
        self.device_id = device_id
        self.consts_cache = consts_cache
        if simulator:
            self.xp = numpy
            self.sms = 1
            self.cuda = None
        else:
            self.xp = backends.require_cupy('tapejit CUDA target')
            self.cuda = _numba_cuda()
            sms = _sms.get(device_id)
            if sms is None:
                with self.cuda.gpus[device_id]:
                    sms = _sms[device_id] = \
                        self.cuda.get_current_device().MULTIPROCESSOR_COUNT
            self.sms = sms

    def const(self, consts: dict, vid: int) -> Any:
        key = (self.device_id, vid)
        c = self.consts_cache.get(key)
        if c is None:
            c = self.xp.asarray(consts[vid])
            self.consts_cache[key] = c
        return c

    def sim_input(self, a: Any) -> Any:
        from numba import cuda
        return cuda.In(numpy.ascontiguousarray(a))

    def launch(self, kernel: Any, lau: cuda_codegen.Launch, args: list) -> None:
        if self.simulator:
            # The simulated threads compute with NumPy scalars: inf and nan
            # arise as on a GPU, without warnings (filters are process-wide,
            # unlike numpy.errstate, so they reach the simulator's threads).
            with warnings.catch_warnings():
                warnings.simplefilter('ignore', RuntimeWarning)
                kernel[lau.grid, lau.block](*args)
            return
        # Launched on CuPy's current stream, so the kernels are ordered with
        # the CuPy calls between them.
        key = (self.device_id, self.xp.cuda.get_current_stream().ptr)
        stream = _streams.get(key)
        if stream is None:
            stream = _streams[key] = self.cuda.external_stream(key[1])
        kernel[lau.grid, lau.block, stream](*args)


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


class CudaExecutable:
    """Runs a graph with ``numba.cuda`` kernels; ``explain()`` shows groups and sources."""

    def __init__(self, graph: Graph) -> None:
        self.source_graph = graph
        g = simplify(graph)
        self.graph = g
        self.simulator = simulator_enabled()
        if self.simulator:
            lock_simulated_shared_arrays()
        block = cuda_codegen.BLOCK_SIM if self.simulator else cuda_codegen.BLOCK_GPU
        self.units = fusion.partition(g, rows=False)
        consts = {v.id: c for v, c in zip(g.constvars, g.consts)}
        self.consts = consts
        self._consts_cache: dict = {}
        used_later: set = {v.id for v in g.outvars}
        for u in self.units:
            members = u.members if isinstance(u, fusion.Group) else [u]
            own = {e.out.id for e in members}
            for e in members:
                used_later.update(v.id for v in e.inputs if v.id not in own)
        slot: dict = {}

        def s(v: Any) -> int:
            if v.id not in slot:
                slot[v.id] = len(slot)
            return slot[v.id]
        self.const_slots = [(s(v), v.id) for v in g.constvars]
        self.in_slots = [s(v) for v in g.invars]
        self.steps: list = []
        for u in self.units:
            if isinstance(u, fusion.Group):
                for spec in cuda_codegen.render(u, g, consts, used_later, 'kernel', block):
                    self.steps.append(('kernel', _KernelStep(
                        spec, [s(v) for v, _ in spec.inputs],
                        [s(v) for v in spec.outputs], consts)))
            else:
                self.steps.append(('call', (u.prim.impl, u.params, [s(v) for v in u.inputs],
                                            s(u.out))))
        self.out_slots = [s(v) for v in g.outvars]
        self.nslots = len(slot)
        last: dict = {}
        for i, (kind, st) in enumerate(self.steps):
            for r in (st.ins if kind == 'kernel' else st[2]):
                last[r] = i
        keep = set(self.out_slots) | set(self.in_slots) | {c for c, _ in self.const_slots}
        self.free_after = [[r for r, i2 in last.items() if i2 == i and r not in keep]
                           for i in range(len(self.steps))]
        alias = set(self.in_slots) | {c for c, _ in self.const_slots}
        self.copy_out = [i for i, sl in enumerate(self.out_slots) if sl in alias]

    def _check(self, inputs: Sequence[Any], check: Optional[Sequence[int]] = None) -> None:
        invars = self.graph.invars
        if len(inputs) != len(invars):
            raise ValueError(f'compiled CUDA plan: takes {len(invars)} inputs, got '
                             f'{len(inputs)}')
        for i in range(len(invars)) if check is None else check:
            v, a = invars[i], inputs[i]
            if tuple(getattr(a, 'shape', ())) != v.shape or getattr(a, 'dtype', None) != v.dtype:
                got = (f'{a.dtype}{tuple(a.shape)}' if hasattr(a, 'shape')
                       else type(a).__name__)
                raise ValueError(f'compiled CUDA plan: input {i} is {got}; expected '
                                 f'{v.dtype}{v.shape}')

    def _runtime(self, inputs: Sequence[Any]) -> tuple:
        """(runtime, inputs on its device, whether results go back to the host)."""
        if self.simulator:
            host = [backends.CPU.send(a) for a in inputs]
            return _Runtime(True, None, self._consts_cache), host, False
        devs = {backends.get_device_from_array(a) for a in inputs}
        gpus = sorted((d for d in devs if isinstance(d, backends.GpuDevice)), key=str)
        if len(gpus) > 1 or (gpus and len(devs) > 1):
            raise ValueError('compiled CUDA plan: inputs live on different devices ('
                             + ', '.join(sorted(map(str, devs))) + '); move them to one '
                             'device with to_device()')
        cp = backends.require_cupy('tapejit CUDA target')
        dev_id = gpus[0].device_id if gpus else cp.cuda.Device().id
        to_host = not gpus
        dev = backends.GpuDevice(dev_id)
        return _Runtime(False, dev_id, self._consts_cache), [dev.send(a) for a in inputs], \
            to_host

    def __call__(self, inputs: Sequence[Any], check: Optional[Sequence[int]] = None) -> list:
        """Run the plan on ``inputs`` (CuPy arrays, or NumPy under the simulator);
        ``check`` limits the shape/dtype checks to these inputs."""
        self._check(inputs, check)
        rt, inputs, to_host = self._runtime(inputs)
        if rt.simulator:
            outs = self._run(rt, inputs)
        else:
            with rt.xp.cuda.Device(rt.device_id), rt.cuda.gpus[rt.device_id]:
                outs = self._run(rt, inputs)
        if to_host:
            outs = [backends.CPU.send(o) for o in outs]
        return outs

    def _run(self, rt: _Runtime, inputs: list) -> list:
        xp = rt.xp
        env: list = [None] * self.nslots
        for sl, vid in self.const_slots:
            env[sl] = rt.const(self.consts, vid)
        for sl, a in zip(self.in_slots, inputs):
            env[sl] = a
        for i, (kind, st) in enumerate(self.steps):
            if kind == 'kernel':
                res = st.run(rt, [env[r] for r in st.ins])
                for sl, a in zip(st.outs, res):
                    env[sl] = a
            else:
                fn, params, ins, out = st
                r = fn(*[env[j] for j in ins], **params)
                if not isinstance(r, xp.ndarray):
                    r = xp.asarray(r)
                env[out] = r
            for sl in self.free_after[i]:
                env[sl] = None
        outs = [env[sl] for sl in self.out_slots]
        for i in self.copy_out:
            outs[i] = xp.array(outs[i], copy=True)
        return outs

    def explain(self) -> str:
        """The simplified graph, then each step: a kernel (what it fuses, how it is
        launched, its source) or a library call."""
        lines = [str(self.graph), '']
        for kind, st in self.steps:
            if kind == 'kernel':
                lines.append(cuda_codegen.explain_line(st.spec, st.launch))
                lines.append(st.spec.source)
            else:
                fn = st[0]
                lines.append(f'# call {getattr(fn, "__qualname__", fn)}')
        return '\n'.join(lines)


def compile_graph_cuda(graph: Graph) -> CudaExecutable:
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
    return CudaExecutable(graph)
