"""A CUDA plan lowered to its :class:`~tapejit.compiler.program.Program`, and
the runner written from it.

Per device, at its first call, a plan is lowered once (:func:`lower`): its
parameters are the graph inputs and constants it reads; each kernel becomes
its stores' buffers (:class:`~P.Alloc`), its reductions' ``(P, m)`` buffers
of partial results, the launch (:class:`~P.CallKernel`: the launch's sizes
from the table, then the threads per block and the blocks, as its ``ch``
and ``nch``) and the finishes that combine the partial results in a fixed
order (:class:`~P.Finish`); each other step a library call (:class:`~P.Call`,
the primitive's ``impl`` on CuPy arrays); a value is dropped after its last
reader (:class:`~P.Free`) and an output that is a parameter is returned as
a copy.  Only the table depends on the device (its number of
multiprocessors sets the launch geometry).  :func:`compile_runner` writes
the Program as a Python function with the shared
:class:`~tapejit.compiler.runner.ProgramWriter`; the first call's runner
launches each kernel through :meth:`CudaKernel.first` (which compiles it),
the runner written after it launches the compiled kernels directly.

>>> import numpy as np
>>> import tapejit.functions as F
>>> from tapejit.ir.trace import trace_graph
>>> from tapejit.targets.cuda.executable import compile_graph_cuda
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

from __future__ import annotations

import contextlib
import functools
import hashlib
import warnings
from typing import Any, Callable, Iterator

from tapejit.compiler import program as P
from tapejit.compiler.runner import ProgramWriter
from tapejit.targets.cuda import codegen


class Lowered:
    """A plan's Program for one device, with its kernels' launches (per
    kernel number) and what its parameters are: graph inputs (by index),
    then constants (by value id)."""

    def __init__(self) -> None:
        self.program = P.Program((), [])
        self.launches: list = []
        self.arg_inputs: list = []
        self.const_args: list = []
        self._tmp = 0

    def name(self, stem: str) -> str:
        self._tmp += 1
        return f'{stem}{self._tmp}'

    def dims(self, values: tuple) -> tuple:
        """The table positions holding ``values``."""
        table = self.program.table
        table.extend(int(v) for v in values)
        return tuple(range(len(table) - len(values), len(table)))

    def alloc(self, shape: tuple, dtype: Any, stem: str = 'o', fill: Any = None) -> str:
        return self.program.add(P.Alloc(self.name(stem), self.dims(shape), dtype.name, fill))


def lower(exe: Any, sms: int, simulator: bool) -> Lowered:
    """``exe``'s plan as one Program, launched for ``sms`` multiprocessors."""
    g, low = exe.graph, Lowered()
    prog = low.program
    var: dict = {}
    reads = [[v for k in ks for v, _ in exe.kernels[k].spec.inputs] if ks is not None
              else list(u.inputs) for u, ks in zip(exe.units, exe.unit_kernels)]
    read = {v.id for v in g.outvars} | {v.id for r in reads for v in r}
    for i, v in enumerate(g.invars):
        if v.id in read and v.id not in var:
            var[v.id] = f'a{len(var)}'
            low.arg_inputs.append(i)
    for v in g.constvars:
        if v.id in read and v.id not in var:
            var[v.id] = f'a{len(var)}'
            low.const_args.append(v.id)
    prog.params = tuple(var.values())
    alias = set(var)  # (an output that is a parameter is returned as a copy)
    keep = {v.id for v in g.outvars} | alias
    last = {v.id: n for n, r in enumerate(reads) for v in r}
    for k, kern in enumerate(exe.kernels):
        low.launches.append(codegen.launch(kern.spec, sms, simulator))
        prog.kernels.append(hashlib.sha256(kern.spec.source.encode()).hexdigest()[:24])
    for n, (u, ks) in enumerate(zip(exe.units, exe.unit_kernels)):
        if ks is None:
            prog.calls.append(u.prim.impl)
            stem = 'o' if u.prim.name in P.NEW_ARRAY_CALLS else 'v'
            args = tuple(var[v.id] for v in u.inputs)
            var[u.out.id] = prog.add(P.Call(low.name(stem), u.prim.name, tuple(u.params.items()),
                                            args, len(prog.calls) - 1))
        for k in ks or ():
            _kernel(k, exe.kernels[k].spec, low, var)
        for vid, at in last.items():
            if at == n and vid not in keep:
                prog.add(P.Free(var[vid], False))
    prog.add(P.Return(tuple(var[v.id] for v in g.outvars),
                      tuple(i for i, v in enumerate(g.outvars) if v.id in alias)))
    return low


def _kernel(k: int, spec: Any, low: Lowered, var: dict) -> None:
    """Kernel ``k``'s buffers, launch and finishes; its outputs named in ``var``."""
    lau, prog = low.launches[k], low.program
    # (A scalar or flat input is read as one row.)
    args = [var[v.id] if mode == 'nd' else prog.add(P.Reshape(low.name('v'), var[v.id], None))
            for v, mode in spec.inputs]
    results = []
    for v in spec.stores:
        o = low.alloc(v.shape, v.dtype)
        results.append(o)
        flat = spec.flat and len(v.shape) != 1
        args.append(prog.add(P.Reshape(low.name('v'), o, None)) if flat else o)
    # (With no element to visit, the partial results stay the identity.)
    reds = [low.alloc((lau.P, lau.m), adt, 'r', None if lau.n else init)
            for e, init, adt in spec.reductions]
    if lau.n:
        sizes = low.dims(lau.scalars)
        prog.add(P.CallKernel(k, (sizes[0], sizes[-1] + 1), low.dims((lau.block,))[0],
                              low.dims((lau.grid,))[0], tuple(args + reds)))
    for (e, init, adt), r in zip(spec.reductions, reds):
        results.append(prog.add(P.Finish(e.prim.name, r, low.name('f'), low.dims(e.out.shape),
                                         e.out.dtype.name)))
    for v, x in zip(spec.outputs, results):
        var[v.id] = x


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """The simulated threads compute with NumPy scalars: inf and nan arise as
    on a GPU, without warnings (filters are process-wide, unlike
    ``numpy.errstate``, so they reach the simulator's threads)."""
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        yield


def _finisher(xp: Any) -> Callable:
    def fin(op: str, buf: Any, dtype: Any, shape: tuple) -> Any:
        # (In a fixed order: the same sums whatever the timing.)
        out = buf[0] if len(buf) == 1 else getattr(buf, op)(axis=0)  # sum, max or min
        return xp.asarray(out, dtype=dtype).reshape(shape)
    return fin


def compile_runner(exe: Any, low: Lowered, dev: Any, first: bool = False) -> Callable:
    """``run(inputs) -> outputs`` rendering ``low``'s Program on device
    ``dev``; ``first``: each kernel launched through its first-call method."""
    w = _Writer(exe, low, dev, first)
    consts = [w.const(dev.const(exe.consts, vid)) for vid in low.const_args]
    params = dict(zip(low.program.params, [f'inputs[{i}]' for i in low.arg_inputs] + consts))
    head = [] if dev.simulator else ['stream = _stream()']
    return w.compile(head + w.lines(params), 'cuda runner')


class _Writer(ProgramWriter):
    def __init__(self, exe: Any, low: Lowered, dev: Any, first: bool) -> None:
        super().__init__(low.program, dev.xp, _fin=_finisher(dev.xp), _stream=dev.stream,
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
        n = len(kern.spec.inputs)
        args = [f'_In({a})' for a in args[:n]] + args[n:]
        return ['with _quiet():',
                f'    {k}[{grid}, {block}]({", ".join(map(str, scalars + tuple(args)))})']
