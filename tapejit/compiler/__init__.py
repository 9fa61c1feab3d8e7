"""The CPU compiler: simplify (fold, CSE, DCE) -> fuse -> generate Numba kernels."""

from tapejit.compiler.executable import Executable, compile_graph
from tapejit.compiler.kernel_cache import cache_dir, compiled_signatures
from tapejit.compiler.passes import simplify

__all__ = ['Executable', 'compile_graph', 'cache_dir', 'compiled_signatures', 'simplify']
