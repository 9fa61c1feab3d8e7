"""Compiled plans kept on disk, so that a warm process skips planning
(simplify, fuse, render each kernel, plan the buffers), a sizeable part of
its first call.  A plan is a deterministic function of the traced graph and
the planner's code: it is pickled (its kernels are in the kernel cache),
keyed by the pickled graph (equations, parameters, the user's lines,
constants' values), ``fastmath``, the donations asked for, the planner's
settings and the store's fingerprint (tapejit's sources).

Entries go through the store (:mod:`tapejit.compiler.store`, folder
``plan/``): a plan is unpickled only once its entry is authenticated and
records the key asked for; a damaged entry is planned again with a warning
and rewritten.  A graph holding something that does not pickle by name (a
primitive defined outside tapejit, a lambda in a parameter) or constants
over :data:`MAX_CONST_BYTES` is planned every time, as is every graph when
the disk cache is off.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import warnings
from typing import Any, Callable, Optional

from tapejit.compiler import store as disk
from tapejit.compiler.plan import Plan
from tapejit.ops.registry import PRIMITIVES, Primitive

__all__ = ['load', 'plan_key', 'store']

# Constants larger than this (in all) are not written into a plan's entry.
MAX_CONST_BYTES = 1 << 20
_FORMAT = 2


def _primitive(name: str) -> Primitive:
    return PRIMITIVES[name]


def _impl(name: str) -> Callable:
    return PRIMITIVES[name].impl


class _NotCacheable(Exception):
    pass


class _Pickler(pickle.Pickler):
    """Primitives (and their ``impl`` functions, which a plan calls) by name:
    only tapejit's own, which the key's source files stand for."""

    def __init__(self, f: Any) -> None:
        super().__init__(f, protocol=pickle.HIGHEST_PROTOCOL)
        self._impls = {id(p.impl): n for n, p in PRIMITIVES.items()}

    def reducer_override(self, obj: Any) -> Any:
        if obj.__class__ is Primitive:
            if (PRIMITIVES.get(obj.name) is not obj
                    or not getattr(obj.impl, '__module__', '').startswith('tapejit.')):
                raise _NotCacheable(f'primitive {obj.name}')
            return _primitive, (obj.name,)
        name = self._impls.get(id(obj))
        if name is not None and PRIMITIVES[name].impl is obj:
            return _impl, (name,)
        return NotImplemented


def _dumps(obj: Any) -> Optional[bytes]:
    f = io.BytesIO()
    try:
        _Pickler(f).dump(obj)
    except (_NotCacheable, pickle.PicklingError, AttributeError, TypeError):
        return None
    return f.getvalue()


def plan_key(graph: Any, fastmath: bool, donate: Optional[dict],
             settings: tuple = ()) -> Optional[str]:
    """The cache key of planning ``graph`` so, or None where it is not kept;
    ``settings``: the planner's module settings the plan depends on (tests
    change some).

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> g = trace_graph(lambda x: x * 2 + 1, [np.ones(3, np.float32)])
    >>> len(plan_key(g, False, None))
    32
    """
    if (_folder() is None  # the disk cache is off: no key to compute
            or sum(getattr(c, 'nbytes', 0) for c in graph.consts) > MAX_CONST_BYTES):
        return None
    blob = _dumps(graph)
    if blob is None:
        return None
    h = hashlib.sha256(blob)
    h.update(repr((_FORMAT, bool(fastmath), sorted((donate or {}).items()), settings,
                   disk.fingerprint())).encode())
    return h.hexdigest()[:32]


def _folder() -> Optional[str]:
    d = disk.cache_dir()
    return os.path.join(d, 'plan') if d else None


def load(key: str) -> Optional[Plan]:
    """The plan stored under ``key``, or None (never stored, or
    damaged, forged or another plan's: then with a warning).

    >>> load('0' * 32) is None
    True
    """
    folder = _folder()
    blob = disk.read(folder, f'plan\n{key}', 'planning it again') if folder else None
    if blob is None:
        return None
    try:
        # (Authenticated above: written by this user's tapejit.)
        state = pickle.loads(blob)
    except Exception as e:  # noqa: BLE001 -- any failure: planned afresh
        warnings.warn(f'tapejit: plan cache entry for {key} does not load '
                      f'({type(e).__name__}: {e}); planning it again',
                      RuntimeWarning, stacklevel=3)
        return None
    return state if isinstance(state, Plan) else None


def store(key: str, plan: Plan) -> None:
    """Keep ``plan`` under ``key`` (nothing where it does not pickle by name).

    >>> import numpy as np
    >>> from tapejit.ir.trace import trace_graph
    >>> plan = Plan(trace_graph(lambda x: x + 1, [np.ones(2, np.float32)]), rows=True)
    >>> store('d' * 32, plan)
    >>> got = load('d' * 32)   # (None: the disk cache is off)
    >>> got is None or [e.prim.name for e in got.graph.eqns] == ['add']
    True
    """
    folder = _folder()
    blob = None if folder is None else _dumps(plan)  # (no pickling with the cache off)
    if blob is not None:
        disk.write(folder, f'plan\n{key}', blob)
