"""The targets a traced graph compiles for, one package each (op table,
renderer, runtime): ``cpu`` (llvmlite, Numba, BLAS) and ``cuda``
(``numba.cuda`` kernels on CuPy arrays).

>>> import numpy as np
>>> from tapejit.ir.trace import trace_graph
>>> import tapejit.functions as F
>>> g = trace_graph(lambda x: F.sum(x * x), [np.ones(3, np.float32)])
>>> from tapejit.targets import compile_graph
>>> compile_graph(g)([np.arange(3, dtype=np.float32)])
[array(5., dtype=float32)]
"""

from typing import Any

__all__ = ['cache_dir', 'compile_graph', 'compile_graph_cuda', 'compiled_signatures']


def __getattr__(name: str) -> Any:
    # Each target's runtime loads on first use: importing one module of a
    # target (the CPU's convolution kernels, the CUDA renderer) does not
    # import the others, and a CPU plan's first call does not pay for the
    # CUDA target's modules.
    if name == 'compile_graph':
        from tapejit.targets.cpu.executable import compile_graph
        return compile_graph
    if name == 'compiled_signatures':
        from tapejit.targets.cpu.kernel_cache import compiled_signatures
        return compiled_signatures
    if name == 'cache_dir':
        from tapejit.compiler.store import cache_dir
        return cache_dir
    if name == 'compile_graph_cuda':
        from tapejit.targets.cuda.executable import compile_graph_cuda
        return compile_graph_cuda
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
