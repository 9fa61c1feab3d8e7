"""Memory: long training loops stay flat, graphs are freed by reference counting
alone, ``retain_grad=False`` frees intermediate gradients, and a process that
meets many shapes keeps at most ``max_cache_size`` plans.

``python tests/integration/test_memory.py`` prints the figures of ``docs/reliability.md``
(10,000 eager and 10,000 jitted steps, traced by tracemalloc throughout).
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
import warnings
import weakref

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import Variable
from tapejit.targets import compiled_signatures

STEPS = 10_000
WARMUP = 300


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def rss_bytes() -> int:
    """The resident set size now (not the peak), or -1 where /proc is missing."""
    try:
        with open('/proc/self/statm') as f:
            import os
            return int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
    except (OSError, ValueError, IndexError):
        return -1


def _model(seed=0):
    rng = np.random.default_rng(seed)
    W = Variable(rng.standard_normal((3, 4)).astype(np.float32))
    b = Variable(np.zeros(3, np.float32))
    x = rng.standard_normal((8, 4)).astype(np.float32)
    t = rng.standard_normal((8, 3)).astype(np.float32)

    def step(x, t):
        loss = F.mean_squared_error(F.tanh(F.linear(x, W, b)), t)
        W.cleargrad()
        b.cleargrad()
        loss.backward()
        W.array -= 0.01 * W.grad
        b.array -= 0.01 * b.grad
        return loss
    return step, x, t, W


def measure(kind: str, steps: int = STEPS, window: int = 500, full: bool = False) -> dict:
    """Run ``steps`` training steps; return the drift of RSS, of Python objects
    and of tracemalloc's traced memory (over the whole run with ``full``,
    otherwise over a first and a last window of ``window`` steps)."""
    step, x, t, W = _model()
    if kind == 'jit':
        step = tapejit.jit(step)
    for _ in range(WARMUP):
        step(x, t)
    gc.collect()
    objects0 = len(gc.get_objects())
    rss0 = rss_bytes()
    windows = []
    done = 0

    def traced(n):
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(n):
            step(x, t)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return after - before

    if full:
        windows.append(traced(steps))
        done = steps
    else:
        windows.append(traced(window))
        for _ in range(steps - 2 * window):
            step(x, t)
        windows.append(traced(window))
        done = steps
    gc.collect()
    loss = float(step(x, t).array)
    return {'kind': kind, 'steps': done, 'rss_drift': rss_bytes() - rss0 if rss0 > 0 else None,
            'object_drift': len(gc.get_objects()) - objects0, 'traced_drift': windows,
            'final_loss': loss, 'W_finite': bool(np.isfinite(W.array).all())}


@pytest.mark.parametrize('kind', ['eager', 'jit'])
def test_ten_thousand_training_steps_stay_flat(kind):
    m = measure(kind)
    assert m['W_finite'] and m['final_loss'] < 2
    # No Python object accumulates (a leak of one object per step would be 10,000);
    # fewer objects at the end is objects of earlier work freed meanwhile.
    assert m['object_drift'] < 50, m
    # What the traced windows allocate and keep is bookkeeping, not arrays.
    assert all(d < 32 * 1024 for d in m['traced_drift']), m
    if m['rss_drift'] is not None:
        assert m['rss_drift'] < 8 * 2 ** 20, m


def test_graphs_are_freed_without_the_cycle_collector():
    # Reference counting alone frees each step's graph: nothing a step creates
    # sits in a reference cycle waiting for gc.
    step, x, t, _ = _model(1)
    jstep = tapejit.jit(_model(2)[0])
    vg = tapejit.value_and_grad(lambda x: F.sum(F.tanh(x) ** 3))

    def double(a):
        x = Variable(a)
        g, = tapejit.grad([F.sum(F.tanh(x) ** 3)], [x], enable_double_backprop=True)
        gg, = tapejit.grad([F.sum(g * g)], [x])
        return gg
    work = [lambda: step(x, t), lambda: jstep(x, t), lambda: vg(np.ones(3)),
            lambda: double(np.ones(3))]
    for w in work:
        w()  # traces and compiles outside the measured part
    gc.collect()
    gc.disable()
    try:
        for w in work:
            for _ in range(50):
                w()
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_dropped_output_frees_its_whole_graph():
    x = Variable(np.ones((4, 4)))
    y = F.tanh(x) * 2
    z = F.sum(F.exp(y))
    refs = [weakref.ref(y), weakref.ref(y.node), weakref.ref(z.node)]
    saved = weakref.ref(y.node.creator_node)
    del y, z
    assert all(r() is None for r in refs) and saved() is None


def _chain(n, size):
    x = Variable(np.linspace(-1, 1, size))
    h = x
    hs = []
    for _ in range(n):
        h = F.sin(h) * 1.5
        hs.append(h)
    return x, hs, F.sum(h)


@pytest.mark.parametrize('retain', [False, True])
def test_retain_grad_false_frees_intermediate_gradients(retain):
    size, n = 100_000, 8              # each gradient array: 800 kB
    x, hs, loss = _chain(n, size)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        loss.backward(retain_grad=retain)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert x.grad is not None
    if retain:
        assert all(h.grad is not None for h in hs)
        assert kept >= n * size * 8          # every intermediate gradient is kept
    else:
        assert all(h.grad is None for h in hs)
        # x.grad, and nothing per intermediate (one array of slack for the allocator)
        assert kept < 2.5 * size * 8, kept


def test_many_shapes_stay_within_the_plan_cache_bound():
    f = tapejit.jit(lambda x: F.sum(F.tanh(x) * x, axis=1), max_cache_size=8)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)   # the retrace warning
        f(np.ones((2, 3)))
        gc.collect()
        signatures = compiled_signatures()
        for n in range(3, 60):
            x = np.full((n, 3), 0.5)
            np.testing.assert_allclose(f(x).array, np.full(n, 3 * np.tanh(0.5) * 0.5))
    info = f.cache_info()
    assert info.traces == 58 and info.entries == 8 and info.maxsize == 8
    gc.collect()
    # Evicted plans are gone from memory, not just from the table (f's: of
    # one (n, 3) input).
    plans = [o for o in gc.get_objects() if type(o).__name__ == 'Plan'
             and getattr(o, 'graph', None) is not None and len(o.graph.invars) == 1
             and getattr(o.graph.invars[0], 'shape', (0,))[-1:] == (3,)]
    assert len(plans) <= 8 + 2
    # Kernels take sizes at run time: a new batch size compiles nothing new.
    assert compiled_signatures() == signatures


def test_a_model_class_defined_again_frees_the_old_one_and_its_plans():
    # (A notebook cell defining a model and its jitted step, run again.)
    def define():
        class MLP(tapejit.Chain):
            def __init__(self):
                super().__init__()
                with self.init_scope():
                    self.l1 = L.Linear(3, 2)

            @tapejit.jit
            def loss(self, x):
                return F.sum(self.l1(x))
        m = MLP()
        m.loss(np.ones((4, 3), np.float32))
        return weakref.ref(MLP), weakref.ref(type(m).__dict__['loss'])
    cls, step = define()
    gc.collect()
    assert cls() is None and step() is None


def main() -> None:
    for kind in ('eager', 'jit'):
        m = measure(kind, full=True)
        print(f"{kind}: {m['steps']} steps; RSS drift {m['rss_drift'] / 2 ** 20:+.2f} MiB; "
              f"Python objects {m['object_drift']:+d}; tracemalloc (whole run) "
              f"{m['traced_drift'][0] / 1024:+.1f} KiB; final loss {m['final_loss']:.4f}")


if __name__ == '__main__':
    sys.exit(main())
