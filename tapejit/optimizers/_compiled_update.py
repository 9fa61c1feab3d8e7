"""Eager ``optimizer.update()`` of large NumPy parameters as a compiled plan.

Called eagerly, an update rule makes several NumPy passes over each
parameter (Adam: the two moments, their square root, the step, the
update), each a call over the whole array.  The compiled plan of the same
``update()`` (what ``@tapejit.jit`` makes of a step that calls it) fuses
them into one kernel per parameter.

As :mod:`tapejit.functions._fused_eager` does for composite functions, an
optimizer's update runs eagerly the first time it meets a signature (the
parameters' shapes and dtypes), and through :func:`tapejit.jit` of its own
``update`` from the second call of that signature on.  The results are the
plan's, which equal the eager ones to float rounding.  Only tapejit's own
optimizers, rules and hooks take the plan (a user's Python code in a rule
or hook runs every step, as written), on NumPy parameters of at least
:data:`~tapejit.functions._fused_eager.MIN_ELEMENTS` elements in all, outside
any trace.  An update its trace cannot take, or whose hyperparameters keep
changing (each change traces it again), stays eager from then on.

>>> import numpy as np, tapejit
>>> from tapejit import links as L, optimizers
>>> model = L.Linear(512, 256)
>>> opt = optimizers.Adam().setup(model)
>>> for _ in range(3):
...     model.cleargrads()
...     tapejit.functions.sum(model(np.ones((4, 512), np.float32))).backward()
...     opt.update()
>>> opt.t, opt._compiled_update.jitted is not None
(3, True)
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.core.abstract import TraceError
from tapejit.functions import _fused_eager as fe

__all__ = ['run_compiled']


class CompiledUpdate:
    """The signatures an optimizer's eager updates met, and its jitted ``update``."""

    def __init__(self) -> None:
        self.seen: set = set()
        self.jitted: Any = None
        self.off = False

    def run(self, opt: Any) -> bool:
        """Run ``opt.update()`` as its plan where the module says: True where
        it ran (the update is done), False where the caller updates eagerly."""
        if self.off:
            return False
        key = _signature(opt)
        if key is None:
            return False
        if key not in self.seen:
            self.seen.add(key)
            return False
        if self.jitted is None:
            self.jitted = fe.compiled(opt.update)
            if self.jitted is None:
                return False
        try:
            self.jitted()
        except TraceError:
            # (Its trace cannot take this update: eager from now on; a
            # failed trace changes nothing.)
            self.off = True
            return False
        if self.jitted.cache_info().traces >= 2 * fe.MAX_SIGNATURES:
            self.off = True  # (traced again and again: compiling costs more)
        return True


def _own(obj: Any) -> bool:
    return type(obj).__module__.startswith('tapejit.')


def _signature(opt: Any) -> Optional[tuple]:
    """The shapes and dtypes of ``opt``'s parameters and gradients, where a
    plan takes its update; else None."""
    if not _own(opt) or not all(_own(h) for h in _hooks(opt)):
        return None
    key = []
    elements = 0
    for p in opt.target.params(False):
        data, grad, rule = p._data, p.grad, p.update_rule
        if data.__class__ is not numpy.ndarray or (
                grad is not None and grad.__class__ is not numpy.ndarray):
            return None
        if rule is not None and (not _own(rule) or not all(_own(h) for h in _hooks(rule))):
            return None
        key.append((data.shape, data.dtype, grad is None))
        elements += data.size
    return tuple(key) if elements >= fe.MIN_ELEMENTS else None


def _hooks(owner: Any) -> list:
    return (list(getattr(owner, '_pre_update_hooks', {}).values())
            + list(getattr(owner, '_post_update_hooks', {}).values()))


def run_compiled(opt: Any) -> bool:
    """``opt.update()`` (eager, its gradients in place) as its compiled plan
    where the module's docstring says: True where it ran."""
    state = opt.__dict__.get('_compiled_update')
    if state is None:
        state = opt.__dict__['_compiled_update'] = CompiledUpdate()
    return state.run(opt)
