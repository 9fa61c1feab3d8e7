"""The ``jit`` front end: :func:`jit` and :func:`value_and_grad` (:mod:`.api`),
the cache keys and guards (:mod:`.call_check`, :mod:`.closure_guards`), the
generated entry's sections (:mod:`.entry`) and the backward through a jitted
call (:mod:`.vjp`).  It compiles through :mod:`tapejit.targets`."""

from tapejit.jit.api import CacheInfo, JitFunction, jit, value_and_grad

__all__ = ['CacheInfo', 'JitFunction', 'jit', 'value_and_grad']
