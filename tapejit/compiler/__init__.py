"""The target-free compiler: the passes over a traced graph, fusion, the
plan and Program every target lowers, and the caches; it knows nothing of
:mod:`tapejit.targets` nor of :mod:`tapejit.jit`."""

from tapejit.compiler.fusion import partition
from tapejit.compiler.passes import simplify

__all__ = ['partition', 'simplify']
