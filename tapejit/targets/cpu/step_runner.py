"""The step runner: a plan's :class:`~tapejit.compiler.program.Program` as
straight-line Python, for a plan that does not run as one native call.

Every shape, dtype and callable is a constant of the generated function; the
statements are written by :class:`~tapejit.compiler.runner.ProgramWriter`
(shared with the CUDA runner), the kernel calls and the buffer pool here.
The first call's runner calls each kernel through
:meth:`~tapejit.targets.cpu.executable._KernelStep.first_call`, which loads
it; the runner written after it calls the loaded kernels directly.
``profile()``'s runner also times each step.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional

import numpy

from tapejit.compiler import program as P
from tapejit.compiler.runner import ProgramWriter


def compile_runner(exe: Any, first: bool = False,
                   times: Optional[list] = None) -> Callable[[list], list]:
    """``run(inputs) -> outputs`` rendering ``exe``'s Program.  ``first``:
    each kernel called through its step's first-call wrapper (which loads
    it); ``times``: each step's seconds added to ``times[step]``.

    >>> import numpy as np, tapejit
    >>> from tapejit.targets import compile_graph
    >>> from tapejit.ir.trace import trace_graph
    >>> x = np.arange(4, dtype=np.float32)
    >>> ex = compile_graph(trace_graph(lambda v: v * 2 + 1, [x]))
    >>> compile_runner(ex, first=True)([x])[0]
    array([1., 3., 5., 7.], dtype=float32)
    """
    r = _Renderer(exe, first, times)
    return r.compile(r.runner_lines(), 'step runner')


class _Renderer(ProgramWriter):
    """The CPU runner's lines: buffers from the plan's pool, kernels called
    through their first-call wrappers or directly, steps timed or not."""

    def __init__(self, exe: Any, first: bool, times: Optional[list]) -> None:
        program = exe.lowered.program
        # Names given back to the pool live in slots of ``env``.
        pooled = [st.name for st in program.statements if isinstance(st, P.Free) and st.pool]
        super().__init__(program, numpy, {n: k for k, n in enumerate(dict.fromkeys(pooled))},
                         _pool=exe.pool, _clock=time.perf_counter, _times=times)
        self.exe, self.first, self.times = exe, first, times
        self.origin = exe.lowered.origin

    def runner_lines(self) -> list:
        exe, prog = self.exe, self.program
        params = dict(zip(prog.params, [f'inputs[{i}]' for i, _ in exe.lowered.arg_inputs]
                          + [self.const(c) for c in exe.lowered.const_args]))
        out = ['_pool.reclaim()', 'take = _pool.take', 'release = _pool.release']
        if self.times is None:
            return out + self.lines(params)
        origin, n = self.origin, len(prog.statements)

        def before(i: int) -> list:
            step = origin[i]
            return ['t0 = _clock()'] if step >= 0 and (i == 0 or origin[i - 1] != step) else []

        def after(i: int) -> list:
            step = origin[i]
            if step >= 0 and (i + 1 == n or origin[i + 1] != step):
                return [f'_times[{step}] += _clock() - t0']
            return []
        return out + self.lines(params, before, after)

    def _callkernel(self, st: P.CallKernel) -> list:
        step = self.exe.steps[self.origin[self.at]][1]
        args = ', '.join(self.name(a) for a in st.args)
        call = f'({self.const(step.sizes)}, {step.ch}, {step.nch}, {args})'
        if self.first or step.kernel is None:
            return [f'{self.const(step.first_call)}{call}']
        fast = getattr(step.kernel, 'fast', None)
        if fast is None:
            return [f'{self.const(step.kernel)}{call}']
        # A native kernel's compiled entry first; not None means it refused
        # the arguments, and its dispatcher runs them.
        return [f'if {self.const(fast)}{call} is not None:',
                f'    {self.const(step.kernel)}{call}']

    def epilogue(self) -> list:
        return (['del env'] if self.slot else []) + ['_pool.lend(outs)']
