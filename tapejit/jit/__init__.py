"""The ``jit`` front end: :func:`jit` and :func:`value_and_grad` (:mod:`.api`),
its keys and guards, generated entry and backward; it compiles through
:mod:`tapejit.targets`."""

from tapejit.jit.api import CacheInfo, JitFunction, jit, value_and_grad

__all__ = ['CacheInfo', 'JitFunction', 'jit', 'value_and_grad']
