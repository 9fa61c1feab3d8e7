"""The step runner (``tapejit.targets.cpu.lowering.compile_runner``): first and later calls."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import optimizers
from tapejit.targets import compile_graph
from tapejit.targets.cpu import one_call
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tests.chainer_api.test_links import MLP, _train_step
from tests.support.kernels import forget_loaded


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def test_a_training_step_runs_written_out_and_equals_eager(monkeypatch):
    monkeypatch.setattr(one_call, 'ENABLED', False)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((16, 12)).astype(np.float32)
    t = rng.integers(0, 3, 16).astype(np.int32)
    models = []
    for _ in range(2):
        np.random.seed(0)
        models.append(MLP(12))
    eager_opt = optimizers.Adam(alpha=0.01).setup(models[0])
    jit_opt = optimizers.Adam(alpha=0.01).setup(models[1])
    eager, jitted = _train_step(eager_opt), tapejit.jit(_train_step(jit_opt))
    for _ in range(4):
        want = eager(models[0], x, t)
        got = jitted(models[1], x, t)
        np.testing.assert_allclose(got.array, want.array, rtol=1e-5)
        for (_, p), (_, q) in zip(models[0].namedparams(), models[1].namedparams()):
            np.testing.assert_allclose(q.array, p.array, rtol=1e-5, atol=1e-6)
            np.testing.assert_allclose(q.grad, p.grad, rtol=1e-5, atol=1e-6)
    (plan,) = jitted._plans()
    exe = plan.executable()
    assert callable(exe._runner)
    assert any(st.donated for kind, st in exe.plan.steps if kind == 'kernel')


def test_the_runner_reuses_the_pool_like_the_loop():
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, (256, 300)).astype(np.float32)  # buffers the pool keeps

    def f(v):
        v = tapejit.Variable(v)
        y = F.sum(F.tanh(v) * F.exp(-v), axis=1)
        gx, = tapejit.grad([F.sum(y * y)], [v])
        return y, gx
    g = trace_graph(f, [x])
    ex = compile_graph(g)
    ex.one_call = None
    want = interpret(g, [x])
    owned = []
    first = [a.copy() for a in ex([x])]  # the first call
    for _ in range(6):
        for a, b, c in zip(ex([x]), want, first):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)  # float32 sums of 300
            np.testing.assert_array_equal(a, c)
        owned.append(len(ex.pool._owned))
    assert callable(ex._runner)
    assert owned[2:] == [owned[2]] * 4  # nothing new allocated from the third call on


def test_a_kernel_numba_cannot_type_runs_op_by_op_in_the_runner(monkeypatch):
    from numba.core.errors import TypingError
    from tapejit.targets.cpu import executable
    x = np.linspace(-1, 1, 50).astype(np.float32)
    g = trace_graph(lambda v: (F.exp(v) * 2 + 1, F.sum(v * v)), [x])
    ex = compile_graph(g)
    ex.one_call = None
    (kind, st), = ex.plan.steps

    def untypable(*args):
        raise TypingError('no typing for this kernel')
    monkeypatch.setattr(executable.kernel_cache, 'get_kernel', lambda *a, **k: untypable)
    with pytest.warns(RuntimeWarning, match='ops one by one'):
        first = ex([x])
    assert st.kernel == st.op_by_op
    for _ in range(2):
        y, s = ex([x])
        np.testing.assert_allclose(y, np.exp(x) * 2 + 1, rtol=1e-6)
        np.testing.assert_allclose(s, np.sum(x * x), rtol=1e-5)
        np.testing.assert_array_equal(y, first[0])
    assert callable(ex._runner)


def test_a_damaged_cached_kernel_is_compiled_afresh(fresh_store):
    # (A parallel kernel: its object code, compiled natively, from the cache.)
    from tapejit.backends import threads
    from tapejit.targets.cpu import executable, native
    x = np.linspace(-1, 1, executable.PARALLEL_MIN).astype(np.float32)

    def run():
        ex = compile_graph(trace_graph(lambda v: F.exp(v) * 2 + 1, [x]))
        ex.one_call = None
        np.testing.assert_allclose(ex([x])[0], np.exp(x) * 2 + 1, rtol=1e-6)
        (kind, st), = ex.plan.steps
        assert st.parallel and isinstance(st.kernel, threads.Chunked)
        assert isinstance(st.kernel.kernel, native.NativeKernel)
        return ex
    run()
    (path,) = (fresh_store / 'native').glob('tj_*.o')
    blob = path.read_bytes()
    path.write_bytes(blob[:len(blob) // 2])         # truncated
    forget_loaded()                                 # (a new process)
    with pytest.warns(RuntimeWarning, match='damaged') as w:
        ex = run()
    assert len([x for x in w if 'tapejit' in str(x.message)]) == 1
    assert path.read_bytes() == blob                # compiled again, rewritten whole
    np.testing.assert_allclose(ex([x])[0], np.exp(x) * 2 + 1, rtol=1e-6)


def test_profile_times_each_step_and_leaves_the_runner():
    x = np.ones((64, 64), np.float32)
    ex = compile_graph(trace_graph(lambda v: F.sum(v * v, axis=0), [x]))
    ex([x])
    runner = ex._runner
    text = ex.profile([x], repeats=2)
    assert 'total' in text and 'kernel (64, 64)' in text
    assert ex._runner is runner
    np.testing.assert_allclose(ex([x])[0], np.full(64, 64, np.float32))


def test_a_row_chain_runs_written_out_and_equals_the_loop(monkeypatch):
    from tapejit.targets.cpu import executable
    rng = np.random.default_rng(2)
    x = rng.standard_normal((256, 10)).astype(np.float32) * 4
    t = rng.integers(0, 10, 256).astype(np.int32)

    def f(v, t):
        v = tapejit.Variable(v)
        y = F.log_softmax(v)
        loss = F.softmax_cross_entropy(v, t)
        gx, = tapejit.grad([loss], [v])
        return y, loss, gx
    g = trace_graph(f, [x, t])
    ex = compile_graph(g)
    ex.one_call = None
    assert any(type(st) is executable._ChainStep for kind, st in ex.plan.steps if kind == 'kernel')
    want = interpret(g, [x, t])
    first = [a.copy() for a in ex([x, t])]  # through the first-call wrappers
    assert callable(ex._runner)
    owned = []
    for _ in range(5):
        for a, b, c in zip(ex([x, t]), want, first):
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
            np.testing.assert_array_equal(a, c)
        owned.append(len(ex.pool._owned))
    assert owned[1:] == [owned[1]] * 4


def test_a_row_chain_numba_cannot_type_runs_op_by_op(monkeypatch):
    from numba.core.errors import TypingError
    from tapejit.targets.cpu import executable
    rng = np.random.default_rng(3)
    x = rng.standard_normal((64, 10)).astype(np.float32) * 4
    t = rng.integers(0, 10, 64).astype(np.int32)

    def f(v, t):
        v = tapejit.Variable(v)
        loss = F.softmax_cross_entropy(v, t)
        gx, = tapejit.grad([loss], [v])
        return F.log_softmax(v), loss, gx
    g = trace_graph(f, [x, t])
    want = interpret(g, [x, t])
    ex = compile_graph(g)
    ex.one_call = None
    assert any(type(st) is executable._ChainStep for kind, st in ex.plan.steps if kind == 'kernel')

    def untypable(*args):
        raise TypingError('no typing for this kernel')
    monkeypatch.setattr(executable.kernel_cache, 'get_kernel', lambda *a, **k: untypable)
    with pytest.warns(RuntimeWarning, match='ops one by one'):
        ex([x, t])
    for _ in range(2):
        for a, b in zip(ex([x, t]), want):
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_the_runner_renders_the_plans_program():
    # A library call with no compiled form (argmax), row chains (softmax
    # cross-entropy) and a donated parameter update no kernel writes in
    # place: the Program lists each, and the runner written from it
    # computes what its first call does.
    from tapejit.compiler import program as P
    rng = np.random.default_rng(4)
    x = rng.standard_normal((300, 64)).astype(np.float32)
    t = rng.integers(0, 64, 300).astype(np.int32)

    def f(w, x, t):
        v = tapejit.Variable(w)
        y = x * v
        loss = F.softmax_cross_entropy(y, t)
        gw, = tapejit.grad([loss], [v])
        return loss, F.argmax(y, axis=1), w - 0.5 * gw.array
    w0 = rng.standard_normal((300, 64)).astype(np.float32)
    g = trace_graph(f, [w0, x, t])
    ex = compile_graph(g, donate={2: 0})
    assert ex.one_call is None  # (argmax: step by step)
    p = ex.program
    calls = [st for st in p.statements if isinstance(st, P.Call)]
    assert [c.prim for c in calls] == ['argmax'] and dict(calls[0].params)['axis'] == 1
    chains = [k for k, st in enumerate(p.statements) if isinstance(st, P.CallKernel)
              and type(ex.plan.steps[ex.lowered.origin[k]][1]).__name__ == '_ChainStep']
    assert chains
    (cp,) = [st for st in p.statements if isinstance(st, P.CopyInto)]
    assert cp.dst == 'a0' and p.results[2] == cp.out and p.written_params() == {'a0'}
    assert any(isinstance(st, P.InPlace) for st in p.statements)  # (into a buffer of its own)
    assert any(isinstance(st, P.Free) and st.pool for st in p.statements)
    text = ex.explain()
    assert '# the plan runs step by step' in text and f'{cp.out} = copy_into(a0, ' in text
    want = interpret(g, [w0, x, t])
    w = w0.copy()
    first = [a.copy() for a in ex([w, x, t])]  # through the first-call wrappers
    np.testing.assert_array_equal(w, first[2])  # the update copied in
    for a, b in zip(first, want):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    for _ in range(3):
        w = w0.copy()
        out = ex([w, x, t])
        assert out[2] is w
        for a, b in zip(out, first):
            np.testing.assert_array_equal(a, b)
    # A read-only parameter is not written: its update is returned.
    w = w0.copy()
    w.flags.writeable = False
    out = ex([w, x, t])
    assert out[2] is not w
    np.testing.assert_array_equal(out[2], first[2])
    np.testing.assert_array_equal(w, w0)


def test_the_runner_is_rendered_once_for_the_first_call_and_the_next(monkeypatch):
    # The first call binds the kernels' names to their loading wrappers, the
    # next calls the same lines with them bound to the loaded kernels.
    from tapejit.targets.cpu import lowering
    rendered = []
    lines = lowering._Renderer.runner_lines
    monkeypatch.setattr(lowering._Renderer, 'runner_lines',
                        lambda self: rendered.append(1) or lines(self))
    x = np.linspace(-1, 1, 300).astype(np.float32)
    g = trace_graph(lambda v: (F.exp(v) * 2 + 1, F.sum(F.tanh(v) * v)), [x])
    ex = compile_graph(g)
    ex.one_call = None
    want = interpret(g, [x])
    first = ex([x])
    later = ex([x])
    assert rendered == [1]
    calls = [ln.strip() for ln in ex._runner.source.splitlines() if 'is not None' in ln]
    assert calls and all(ln.startswith('if _f') for ln in calls)
    for a, b, c in zip(first, later, want):
        np.testing.assert_array_equal(a, b)
        np.testing.assert_allclose(b, c, rtol=1e-5, atol=1e-6)
    # The later runner calls each loaded kernel, not its loading wrapper.
    (_, step), = [s for s in ex.plan.steps if s[0] == 'kernel'][:1]
    names = [k for k, v in ex._runner.__globals__.items() if v is step.first_call]
    assert not names
