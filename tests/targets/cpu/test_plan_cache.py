"""Compiled plans kept on disk (tapejit.targets.cpu.plan_cache): a plan read
back runs exactly as the one planned, and any change to what it was planned
from is a new plan."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.targets import compile_graph
from tapejit.targets.cpu import executable, one_call, plan_cache
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tapejit.jit.plan import trace_plan
from tapejit.ops.registry import primitive
from tapejit.pytree import flatten
from tapejit.compiler import store

from tests.support.mlp_cases import sgd_step


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path / 'cache'))
    monkeypatch.delenv('TAPEJIT_CACHE', raising=False)
    # Step by step: the plan's kernels, pooled matmuls and in-place stores.
    monkeypatch.setattr(one_call, 'ENABLED', False)


RNG = np.random.default_rng(0)
X = RNG.standard_normal((128, 32)).astype(np.float32)
T = RNG.integers(0, 10, 128).astype(np.int32)


def _model():
    rng = np.random.default_rng(1)
    return [tapejit.Variable(rng.standard_normal((128, 32)).astype(np.float32) * 0.1),
            tapejit.Variable(np.zeros(128, np.float32)),
            tapejit.Variable(rng.standard_normal((10, 128)).astype(np.float32) * 0.1),
            tapejit.Variable(np.zeros(10, np.float32))]


def _step(x, t, params):
    return sgd_step(x, t, params, lr=0.05)


def _plan():
    """The traced training step and the donations its updates ask for."""
    params = _model()
    leaves, td = flatten(((X, T, params), {}), lambda v: isinstance(v, tapejit.Variable))
    plan = trace_plan(_step, leaves, td, ())
    return plan.graph, plan.donations(), plan.gather(leaves)


def _run(exe, inputs, calls=3):
    """Outputs of several calls (the loop, then the written-out runner),
    on copies of the inputs (donated ones are written in place)."""
    inputs = [a.copy() for a in inputs]
    outs = []
    for _ in range(calls):
        res = exe(inputs)
        outs.append([np.array(a, copy=True) for a in res])
    return outs


def test_a_plan_read_back_runs_as_the_one_planned():
    g, donate, inputs = _plan()
    first = compile_graph(g, donate=donate)
    assert not first.from_cache
    second = compile_graph(g, donate=donate)
    assert second.from_cache
    # The same steps: kernel sources (in-place variants included), library
    # calls and buffer plan.
    assert [(k, st.source if k == 'kernel' else (st[2], st[3])) for k, st in first.plan.steps] == \
        [(k, st.source if k == 'kernel' else (st[2], st[3])) for k, st in second.plan.steps]
    m1, m2 = first.plan.memory, second.plan.memory
    assert (m2.free_after, m2.drop_after, m2.in_place) == (m1.free_after, m1.drop_after,
                                                           m1.in_place)
    assert any(k == 'kernel' and st.donated for k, st in second.plan.steps)
    assert any(k == 'call' and isinstance(st[0], executable._PooledCall)
               and st[0].pool is second.pool for k, st in second.plan.steps)
    a, b = _run(first, inputs), _run(second, inputs)
    for oa, ob in zip(a, b):
        for x, y in zip(oa, ob):
            assert x.tobytes() == y.tobytes()
    ref = interpret(g, [x.copy() for x in inputs])
    for x, y in zip(a[0], ref):
        np.testing.assert_allclose(x, y, rtol=2e-5, atol=1e-6)


def test_a_plan_read_back_is_not_planned_again(monkeypatch):
    g, donate, inputs = _plan()
    compile_graph(g, donate=donate)

    def boom(*a, **k):
        raise AssertionError('planned again')

    monkeypatch.setattr(executable, 'plan_graph', boom)
    exe = compile_graph(g, donate=donate)
    assert exe.from_cache
    exe(inputs)


def test_what_the_plan_depends_on_is_in_its_key(monkeypatch):
    g, donate, _ = _plan()
    def key_of(fastmath, donate):
        return plan_cache.plan_key(g, fastmath, donate, executable._settings())
    key = key_of(False, donate)
    assert key_of(False, donate) == key
    assert key_of(True, donate) != key        # fastmath
    assert key_of(False, {}) != key           # no donations
    with monkeypatch.context() as m:
        m.setattr(executable, 'PARALLEL_MIN', 1 << 10)         # a planner setting
        assert key_of(False, donate) != key
    # A closed-over constant's value.
    c1, c2 = np.full(3, 2.0, np.float32), np.full(3, 3.0, np.float32)
    x = np.ones(3, np.float32)
    k1 = plan_cache.plan_key(trace_graph(lambda v: v * c1 + c1, [x]), False, None)
    k2 = plan_cache.plan_key(trace_graph(lambda v: v * c2 + c2, [x]), False, None)
    assert k1 != k2
    exe = compile_graph(trace_graph(lambda v: v * c1 + c1, [x]))
    exe2 = compile_graph(trace_graph(lambda v: v * c2 + c2, [x]))
    assert not exe2.from_cache
    np.testing.assert_array_equal(exe([x])[0], x * 2 + 2)
    np.testing.assert_array_equal(exe2([x])[0], x * 3 + 3)


def test_a_damaged_entry_is_planned_again_with_a_warning(tmp_path):
    g, donate, inputs = _plan()
    compile_graph(g, donate=donate)
    (path,) = (tmp_path / 'cache' / 'kernels' / 'plan').glob('*.bin')
    blob = path.read_bytes()
    path.write_bytes(blob[:len(blob) // 2])
    with pytest.warns(RuntimeWarning, match='damaged .*; planning it again'):
        exe = compile_graph(g, donate=donate)
    assert not exe.from_cache
    assert path.read_bytes() == blob  # written again, whole
    # An authentic entry whose content is not a plan.
    store.write(str(path.parent), store.parse(blob)[0], b'not a pickle')
    with pytest.warns(RuntimeWarning, match='does not load'):
        exe = compile_graph(g, donate=donate)
    assert not exe.from_cache
    np.testing.assert_allclose(exe([a.copy() for a in inputs])[0],
                               interpret(g, [a.copy() for a in inputs])[0], rtol=1e-5)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert compile_graph(g, donate=donate).from_cache


def test_what_does_not_pickle_by_name_is_planned_every_time(monkeypatch):
    x = np.ones(3, np.float32)
    # A primitive defined outside tapejit: its lowering could change with
    # no change to tapejit's files.
    mine = primitive('test_plan_cache_double', impl=lambda a: a * 2,
                     abstract_eval=lambda a: a, vjp=None)
    try:
        g = trace_graph(lambda v: mine(v) + 1, [x])
        assert plan_cache.plan_key(g, False, None) is None
        assert not compile_graph(g).from_cache
        assert not compile_graph(g).from_cache
    finally:
        from tapejit.ops.registry import PRIMITIVES
        PRIMITIVES.pop('test_plan_cache_double')
    big = np.ones(plan_cache.MAX_CONST_BYTES // 4 + 1, np.float32)
    g = trace_graph(lambda v: F.sum(v) * big, [x])
    assert plan_cache.plan_key(g, False, None) is None


def test_the_cache_off_keeps_no_plans(tmp_path, monkeypatch):
    monkeypatch.setenv('TAPEJIT_CACHE', '0')
    g, donate, _ = _plan()
    assert plan_cache.plan_key(g, False, donate) is None  # (not even computed)
    compile_graph(g, donate=donate)
    assert not compile_graph(g, donate=donate).from_cache
    assert not (tmp_path / 'cache' / 'kernels' / 'plan').exists()


def test_a_second_process_reads_the_plan_back(tmp_path):
    code = ('import numpy as np, tapejit, tapejit.functions as F\n'
            'from tapejit.targets.cpu import one_call\n'
            'one_call.ENABLED = False\n'
            'W = tapejit.Variable(np.linspace(-1, 1, 96, dtype=np.float32).reshape(12, 8))\n'
            '@tapejit.jit\n'
            'def step(x):\n'
            '    W.cleargrad()\n'
            '    loss = F.sum(F.relu(F.linear(x, W)) ** 2)\n'
            '    loss.backward()\n'
            '    W.array -= 0.01 * W.grad\n'
            '    return loss\n'
            'x = np.linspace(0, 1, 40, dtype=np.float32).reshape(5, 8)\n'
            'for _ in range(3):\n'
            '    loss = step(x)\n'
            'plan, = step._plans()\n'
            'print(plan.executable().from_cache, float(loss.array).hex(),\n'
            '      float(W.array.sum()).hex())\n')
    env = {**os.environ, 'TAPEJIT_CACHE_DIR': str(tmp_path / 'shared')}
    env.pop('TAPEJIT_CACHE', None)
    outs = [subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                           env=env, check=True).stdout.split() for _ in range(2)]
    assert outs[0][0] == 'False' and outs[1][0] == 'True'
    assert outs[0][1:] == outs[1][1:]
