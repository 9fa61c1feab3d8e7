"""A CUDA plan lowered to its :class:`~tapejit.compiler.program.Program`
(:mod:`tapejit.compiler.plan`), per device at its first call there: a
kernel's reductions get ``(P, m)`` buffers of partial results, its launch
takes the threads per block and the blocks as its ``ch`` and ``nch``, and
only the table depends on the device (its multiprocessors set the launch
geometry).  :func:`compile_runner` writes the Program as a Python function;
its first call launches each kernel through :meth:`CudaKernel.first` (which
compiles it), the runner written after it launches them directly.

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

from tapejit.compiler import plan, program as P
from tapejit.compiler.runner import ProgramWriter
from tapejit.targets.cuda import codegen


class Lowered(plan.Lowered):
    """A plan's Program for one device, with its kernels' launches (per
    kernel number)."""

    def __init__(self) -> None:
        super().__init__()
        self.launches: list = []


def lower(exe: Any, sms: int, simulator: bool) -> Lowered:
    """``exe``'s plan as one Program, launched for ``sms`` multiprocessors."""
    low = Lowered()
    for kern in exe.kernels:
        low.launches.append(codegen.launch(kern.spec, sms, simulator))
        low.program.kernels.append(hashlib.sha256(kern.spec.source.encode()).hexdigest()[:24])
    var = low.lower(exe, _kernel)
    low.ret(exe, [var[sl] for sl in exe.out_slots])
    return low


def _kernel(kern: Any, low: Lowered, var: dict) -> None:
    """Kernel step ``kern``'s buffers, launch and finishes; its outputs named in ``var``."""
    spec, lau = kern.spec, low.launches[kern.number]
    args = [low.kernel_input(var[sl], mode) for (v, mode), sl in zip(spec.inputs, kern.ins)]
    results = []
    for v in spec.stores:
        o, arg = low.store_buffer(spec, v, None)
        results.append(o)
        args.append(arg)
    # (With no element to visit, the partial results stay the identity.)
    reds = [low.alloc((lau.P, lau.m), adt, 'r', None if lau.n else init)
            for e, init, adt in spec.reductions]
    if lau.n:
        low.call_kernel(kern.number, lau.scalars, lau.block, lau.grid, args + reds)
    results += [low.finish(e.prim.name, r, e.out.shape, e.out.dtype)
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


def compile_runner(exe: Any, low: Lowered, dev: Any, first: bool = False) -> Callable:
    """``run(inputs) -> outputs`` rendering ``low``'s Program on device
    ``dev``; ``first``: each kernel launched through its first-call method."""
    w = _Writer(exe, low, dev, first)
    consts = [w.const(dev.const(c)) for c in low.const_args]
    params = dict(zip(low.program.params, [f'inputs[{i}]' for i, _ in low.arg_inputs] + consts))
    head = [] if dev.simulator else ['stream = _stream()']
    return w.compile(head + w.lines(params), 'cuda runner')


class _Writer(ProgramWriter):
    def __init__(self, exe: Any, low: Lowered, dev: Any, first: bool) -> None:
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
        n = len(kern.spec.inputs)
        args = [f'_In({a})' for a in args[:n]] + args[n:]
        return ['with _quiet():',
                f'    {k}[{grid}, {block}]({", ".join(map(str, scalars + tuple(args)))})']
