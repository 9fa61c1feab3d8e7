"""Helpers shared by the tests of ``@tapejit.jit`` (tests/jit/) and of the IR (tests/ir/)."""

from __future__ import annotations

import importlib
import inspect

import numpy as np

from tapejit import Variable
from tapejit.ir.trace import Trace
from tapejit.ops import registry

# The module itself: the attribute ``tapejit.jit`` is the function of that name.
jit_module = importlib.import_module('tapejit.jit.api')
plan_module = importlib.import_module('tapejit.jit.plan')


def _line_of(fn, marker: str) -> int:
    """Line number (in its file) of the line of ``fn`` that ends with ``marker``."""
    lines, start = inspect.getsourcelines(fn)
    hits = [start + k for k, line in enumerate(lines) if line.rstrip().endswith(marker)]
    assert len(hits) == 1, (marker, hits)
    return hits[0]


def _close(a, b, **kw):
    a = a.array if isinstance(a, Variable) else a
    b = b.array if isinstance(b, Variable) else b
    np.testing.assert_allclose(a, b, **(kw or dict(rtol=1e-12, atol=1e-12)))


def linear_adam_step(n_in: int, n_out: int, initialW=None) -> tuple:
    """``(model, optimizer, step)``: an ``L.Linear(n_in, n_out)`` with Adam,
    and a training step of it as users write one (``step(x)``: the loss
    ``sum(model(x) ** 2)``, backward, ``optimizer.update()``), not jitted."""
    import tapejit.functions as F
    import tapejit.links as L
    import tapejit.optimizers as O
    model = L.Linear(n_in, n_out, initialW=initialW)
    opt = O.Adam().setup(model)

    def step(x):
        loss = F.sum(model(x) ** 2)
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss
    return model, opt, step


def _info(fn) -> tuple:
    i = fn.cache_info()
    return i.hits, i.misses, i.traces, i.entries


def _forbid_eager_machinery(monkeypatch) -> None:
    """Make tracing and every eager op fail: a plan run must touch neither."""
    def boom(*a, **k):
        raise AssertionError('eager op or tracing ran on a cache hit')
    monkeypatch.setattr(registry, 'bind', boom)
    monkeypatch.setattr(Trace, 'record', boom)
    monkeypatch.setattr(jit_module, 'trace_plan', boom)
