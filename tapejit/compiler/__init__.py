"""The compilers: simplify (fold, CSE, DCE) -> fuse -> generate Numba kernels for
the CPU (:func:`compile_graph`) or ``numba.cuda`` kernels (:func:`compile_graph_cuda`)."""

from typing import Any

from tapejit.compiler.executable import Executable, compile_graph
from tapejit.compiler.kernel_cache import cache_dir, compiled_signatures
from tapejit.compiler.passes import simplify

__all__ = ['Executable', 'compile_graph', 'compile_graph_cuda', 'cache_dir',
           'compiled_signatures', 'simplify']


def __getattr__(name: str) -> Any:
    # The CUDA compiler loads on first use: a CPU plan's first call does not
    # pay for importing its modules.
    if name == 'compile_graph_cuda':
        from tapejit.compiler.cuda_executable import compile_graph_cuda
        return compile_graph_cuda
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
