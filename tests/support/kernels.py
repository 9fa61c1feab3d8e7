"""Small loop-IR kernels for the tests of the kernel caches."""

from __future__ import annotations

import numpy as np

from tapejit.backends import threads
from tapejit.compiler import loop_ir as L

F64 = np.dtype(np.float64)


def one_cell(name: str, prim: str, c: float, parallel: bool = True) -> L.Kernel:
    """``out0[0] = in0[0] <prim> c`` in float64 (its entry taking the chunk
    counter ``claim`` where ``parallel``)."""
    value = L.Apply(prim, (L.Load('in0', (0,)), L.Const(c, F64)), {}, (F64, F64), F64)
    return L.Kernel(name, ['in0', 'out0'], [],
                    L.ChunkLoop(parallel, [], [L.Assign(L.Load('out0', (0,)), value)], []))


def run_one_cell(compiled, x: float = 1.0) -> float:
    """``out0[0]`` after the compiled :func:`one_cell` kernel ran on ``in0 = [x]``
    (a parallel one through :class:`threads.Chunked`, as a plan runs it)."""
    out = np.zeros(1)
    call = threads.Chunked(compiled, 2) if compiled.kernel.chunk.parallel else compiled
    call(np.array([1]), 1, 1, np.array([x]), out)
    return float(out[0])


def forget_loaded() -> None:
    """As a new process on the same store: no kernel (Numba's or native) in
    memory, the store's warnings not yet given."""
    from tapejit.compiler import store
    from tapejit.targets import numba_cache
    from tapejit.targets.cpu import llvm_jit
    numba_cache._memory.clear()
    llvm_jit._entries.clear()
    store.forget()


def at_most_one_warning(w, *patterns, per=1) -> None:
    """No more than one warning (per damaged file) among ``w``, each naming
    the fault (every one of ``patterns``)."""
    assert len(w) <= per, [str(x.message) for x in w]
    for x in w:
        assert issubclass(x.category, RuntimeWarning) or 'numba' in x.category.__module__
        for p in patterns:
            assert p in str(x.message), str(x.message)
