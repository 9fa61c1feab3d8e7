"""A small plan as one compiled call.

Run step by step, a plan pays a Python dispatch per kernel and library
call, most of the time of a small step.  For a small plan
:mod:`~tapejit.targets.cpu.native_plan` compiles its
:class:`~tapejit.compiler.program.Program` at the first call as one
function, so a call costs one dispatch.  The function stays shape-generic:
every size it needs is read from a table of integers passed in, so a new
batch size compiles nothing.  A 0-d value is carried as a 1-element array.

Only plans whose values are all small (``SMALL_MAX`` elements) and whose
library calls have a compiled form (2-d float ``matmul``, ``reshape``,
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

from tapejit.compiler import program as P, store
from tapejit.compiler.loop_ir import Unsupported
from tapejit.targets.cpu import llvm_jit
from tapejit.compiler.fusion import SUPPORTED, Group, RowChain

# Largest value (in elements) of a plan run as one call: past it, a step
# costs far more than its dispatch.
SMALL_MAX = 1 << 18
# Whether products may call SciPy's BLAS from compiled code; without it
# each product must be small enough for the loops (LOOP_MAX multiply-adds).
BLAS = importlib.util.find_spec('scipy') is not None
LOOP_MAX = 1 << 17
# Largest plan function, in arguments plus statements (views, frees and
# in-place writes aside), compiled as one call: LLVM's time to optimize it
# grows faster than its length. (A 3-layer Adam step is about 130.)
MAX_STATEMENTS = 280
# Off: every plan runs step by step (the tests compare the two).
ENABLED = True


def eligible(plan: Any) -> bool:
    """Whether ``plan`` can run as one call (see the module docstring)."""
    g = plan.graph
    for v in list(g.invars) + list(g.constvars) + [e.out for e in g.eqns]:
        # (Dtypes the generated loops do not handle run op by op.)
        if int(math.prod(v.shape)) > SMALL_MAX or v.dtype not in SUPPORTED:
            return False
    for u in plan.units:
        if isinstance(u, (Group, RowChain)) or u.prim.name in ('reshape', 'transpose'):
            continue
        if u.prim.name != 'matmul':
            return False
        a, b = u.inputs
        inner = a.shape[0] if u.params['transa'] else a.shape[-1]
        if (len(a.shape) != 2 or len(b.shape) != 2 or a.dtype.kind != 'f'
                or not BLAS and int(math.prod(u.out.shape)) * inner > LOOP_MAX):
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
    >>> print(ex.one_call.program.describe())
    plan(T, a0):
        v1 = reshape(a0, -1)
        o2 = empty((T[0],), float32)
        k0(T[1:2], T[2], T[3], v1, o2)
        return (o2,)
        # T = [3, 3, ...]
    """

    def __init__(self, exe: Any) -> None:
        low = exe.lowered
        self.program: P.Program = low.program
        # Graph inputs the native function refuses to take as one object
        # (set by the jitted plan).
        self.distinct_inputs: frozenset = frozenset()
        self.arg_inputs = low.arg_inputs      # (input index, carried as 1-d)
        self.const_args = [c.reshape(1) if c.shape == () else c for c in low.const_args]
        self.kernels = low.kernels   # per kernel number: (loop IR, parallel, fastmath)
        self.scratch_bytes = low.scratch
        self.largest_product = low.largest_product
        self.copy_out = exe.plan.memory.copy_out
        self.table = numpy.array(low.program.table, numpy.int64)
        # (Views, frees and in-place writes emit no code of their own: not counted.)
        self.statements = len(self.program.params) + sum(
            not isinstance(st, (P.Reshape, P.Free, P.InPlace))
            and not (isinstance(st, P.Call) and st.prim == 'transpose')
            for st in self.program.statements)
        self.graph = exe.plan.graph
        self.native: Any = None         # the NativePlan, once built
        self.native_refused: Optional[str] = None   # why the translator refused it

    def _build_native(self, inputs: list) -> None:
        """Compile the plan natively (:attr:`native`), or say why not
        (:attr:`native_refused`)."""
        # (Imported here: a plan too large for one call never loads it.)
        from tapejit.targets.cpu import native_plan
        d = store.cache_dir()
        if os.environ.get('TAPEJIT_DEBUG', '') not in ('', '0'):
            print(f'--- tapejit native plan\n{self.program.describe()}', file=sys.stderr)
        try:
            self.native = native_plan.NativePlan(self, inputs,
                                                 os.path.join(d, 'native') if d else None)
        except Unsupported as e:
            self.native_refused = str(e) or 'unsupported'

    def __call__(self, inputs: list) -> Optional[list]:
        """The plan's outputs, or None where this plan or these arrays
        (read-only, strided) run step by step."""
        if self.native is None and self.native_refused is None:
            # Threads calling a new plan at once build it once (and llvmlite,
            # which compiles it, is not thread-safe).
            with llvm_jit.lock():
                if self.native is None and self.native_refused is None:
                    self._build_native(inputs)
        return None if self.native is None else self.native.run(inputs)
