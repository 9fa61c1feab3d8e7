"""The ``jit`` front end: :func:`jit` and :func:`value_and_grad` (:mod:`.api`),
its keys and guards, generated entry and backward; it compiles through
:mod:`tapejit.targets`."""

from tapejit.functions._fused_eager import install_compiler
from tapejit.jit.api import CacheInfo, JitFunction, jit, value_and_grad

# (The functions that run as compiled plans when called eagerly on large arrays.)
install_compiler(jit)

__all__ = ['CacheInfo', 'JitFunction', 'jit', 'value_and_grad']
