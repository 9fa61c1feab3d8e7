"""Memory planning: a compiled training step needs no more memory than the
same step run eagerly (tracemalloc sees NumPy's allocations)."""

from __future__ import annotations

import gc
import tracemalloc

import numpy as np

import tapejit
import tapejit.functions as F


def _params(rng, dims):
    ps = []
    for a, b in zip(dims[:-1], dims[1:]):
        ps.append(tapejit.Variable((rng.standard_normal((b, a)) / np.sqrt(a)).astype(np.float32)))
        ps.append(tapejit.Variable(np.zeros(b, np.float32)))
    return ps


def _step(x, t, params):
    W1, b1, W2, b2, W3, b3 = params
    for p in params:
        p.cleargrad()
    h = F.tanh(F.linear(x, W1, b1))
    h = F.relu(F.linear(h, W2, b2)) * 2 - 1
    loss = F.softmax_cross_entropy(F.linear(h, W3, b3), t)
    loss.backward()
    for p in params:
        p.array -= 0.01 * p.grad
    return loss


def _footprint(step, steps=3):
    """Bytes a step allocates at its peak, plus the buffers a compiled step
    keeps between calls (its pool): what it costs beyond the parameters."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((512, 256)).astype(np.float32)
    t = rng.integers(0, 10, 512).astype(np.int32)
    params = _params(rng, (256, 512, 512, 10))
    for _ in range(steps):  # compiled (and the pool filled) before measuring
        step(x, t, params)
    kept = 0
    if isinstance(step, tapejit.jit(lambda: 0).__class__):
        plan, = step._cache.values()
        kept = plan.executable().pool.nbytes()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        loss = step(x, t, params)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak - before + kept, float(loss.array)


def test_a_compiled_step_needs_no_more_memory_than_eager():
    eager, le = _footprint(_step)
    jit, lj = _footprint(tapejit.jit(_step))
    assert abs(le - lj) < 1e-4 * max(1.0, abs(le))
    print(f'peak bytes per step: eager {eager}, jit {jit}')
    assert jit <= eager, (jit, eager)
