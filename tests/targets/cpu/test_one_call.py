"""Small plans run as one compiled call, equal to the step-by-step plan."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.targets import compile_graph, compiled_signatures
from tapejit.targets.cpu import one_call
from tapejit.ir.interpret import interpret
from tapejit.ir.trace import trace_graph
from tests.support.mlp_cases import mlp_data, mlp_step


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _check(fn, args, rtol=1e-5, one=True):
    g = trace_graph(fn, args)
    ex = compile_graph(g)
    assert (ex.one_call is not None) == one, ex.explain()
    got = ex(list(args))
    if ex.one_call is not None:
        # Compiled at the first call (a plan the translator refuses runs
        # step by step).
        assert (ex.one_call.native is not None) == (ex.one_call.native_refused is None)
    want = interpret(g, list(args))
    assert len(got) == len(want)
    for a, b in zip(got, want):
        assert a.shape == b.shape and a.dtype == b.dtype, (a.shape, b.shape, a.dtype, b.dtype)
        np.testing.assert_allclose(a, b, rtol=rtol, atol=rtol, equal_nan=True)
    return ex


def test_an_mlp_training_step_is_one_call_and_equals_the_interpreter():
    ex = _check(mlp_step, mlp_data(5, np.random.default_rng(0)))
    text = ex.explain()
    assert 'plan(T, a0, ' in text and '# T = [' in text
    assert '= matmul(a0, a2, transa=False, transb=True)' in text


def test_a_new_batch_size_compiles_nothing_new():
    rng = np.random.default_rng(1)
    _check(mlp_step, mlp_data(4, rng))
    before = compiled_signatures()
    _check(mlp_step, mlp_data(7, rng))
    assert compiled_signatures() == before


def test_one_call_equals_the_step_by_step_plan(monkeypatch):
    args = mlp_data(6, np.random.default_rng(2))
    g = trace_graph(mlp_step, args)
    one = compile_graph(g)(list(args))
    monkeypatch.setattr(one_call, 'ENABLED', False)
    ex = compile_graph(g)
    assert ex.one_call is None
    for a, b in zip(one, ex(list(args))):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('ta, tb', [(False, False), (False, True), (True, False), (True, True)])
def test_matrix_products_as_loops(ta, tb):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((5, 4) if ta else (4, 5)).astype(np.float64)
    b = rng.standard_normal((3, 5) if tb else (5, 3)).astype(np.float64)

    def f(a, b):
        return F.matmul(a, b, transa=ta, transb=tb) * 2
    _check(f, [a, b], rtol=1e-12)


def test_reductions_views_scalars_and_dtypes():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((6, 5)).astype(np.float32)
    k = np.arange(30, dtype=np.int64).reshape(6, 5)
    s = np.array(0.5, np.float32)

    def f(x, k, s):
        y = F.reshape(x * s, (5, 6))
        z = F.transpose(y) + 1
        return (F.sum(z), F.max(x, axis=0), F.min(x, axis=1, keepdims=True),
                F.sum(k, axis=1), x > s, F.sum(x * x, axis=1), F.reshape(z, (30,)))
    _check(f, [x, k, s])


def test_layer_norm_and_softmax_row_chains_with_gradients():
    rng = np.random.default_rng(5)
    x, w = (rng.standard_normal((7, 9)).astype(np.float32) for _ in range(2))
    g, b = np.ones(9, np.float32), np.zeros(9, np.float32)

    def f(x, g, b, w):
        x, g, b = tapejit.Variable(x), tapejit.Variable(g), tapejit.Variable(b)
        y = F.softmax(F.layer_normalization(x, g, b), axis=1)
        loss = F.sum(y * w)
        return (loss,) + tuple(tapejit.grad([loss], [x, g, b]))
    ex = _check(f, [x, g, b, w], rtol=2e-5)
    assert any(type(st).__name__ == '_ChainStep' for _, st in ex.plan.steps)


def test_nan_and_inf_and_non_contiguous_inputs():
    x = np.array([[1.0, np.nan, np.inf], [-np.inf, 0.0, 2.0]], np.float32)
    xt = np.asfortranarray(x)
    xr = x[:, ::-1]

    def f(x, y):
        return F.max(x, axis=1), F.sum(F.exp(x) + y, axis=0), x / 0.0
    _check(f, [xt, xr])


def test_plans_with_other_calls_or_large_values_run_step_by_step():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    _check(lambda x: x[1:, ::2] * 2, [x], one=False)
    big = np.ones(one_call.SMALL_MAX + 1, np.float32)
    _check(lambda x: F.sum(x * x), [big], one=False)


def test_a_jitted_training_loop_runs_as_one_call():
    rng = np.random.default_rng(6)
    x, t, W1, b1, W2, b2 = mlp_data(8, rng)
    model = [tapejit.Variable(a.copy()) for a in (W1, b1, W2, b2)]
    ref = [tapejit.Variable(a.copy()) for a in (W1, b1, W2, b2)]

    def step(x, t, W1, b1, W2, b2):
        loss = F.softmax_cross_entropy(F.linear(F.relu(F.linear(x, W1, b1)), W2, b2), t)
        for p in (W1, b1, W2, b2):
            p.cleargrad()
        loss.backward()
        for p in (W1, b1, W2, b2):
            p.array -= 0.1 * p.grad
        return loss
    jstep = tapejit.jit(step)
    held = model[0].array
    for _ in range(5):
        lj = jstep(x, t, *model)
        le = step(x, t, *ref)
        np.testing.assert_allclose(lj.array, le.array, rtol=1e-5)
    for a, b in zip(model, ref):
        np.testing.assert_allclose(a.array, b.array, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(a.grad, b.grad, rtol=1e-5, atol=1e-6)
    assert model[0].array is held  # updated in place, as eagerly
    (plan,) = jstep._plans()
    assert plan._executable.one_call is not None


def test_a_step_whose_only_outputs_are_updates_in_place():
    # Every output is donated: the plan function returns nothing of its own.
    w = tapejit.Variable(np.arange(6, dtype=np.float32).reshape(2, 3))
    b = tapejit.Variable(np.ones(3, np.float32).reshape(1, 3))
    g = np.full((2, 3), 0.5, np.float32)

    @tapejit.jit
    def update(w, b, g):
        w.array -= 0.1 * g
        b.array *= 2

    held = w.array, b.array
    for _ in range(3):
        assert update(w, b, g) is None
    np.testing.assert_allclose(w.array, np.arange(6).reshape(2, 3) - 0.15, rtol=1e-6)
    np.testing.assert_array_equal(b.array, np.full((1, 3), 8, np.float32))
    assert w.array is held[0] and b.array is held[1]
    (plan,) = update._plans()
    oc = plan._executable.one_call
    assert oc is not None and len(oc.program.written_params()) == 2 and oc.native is not None
    # Both updates are written through the parameters: returned as them.
    assert [root[0] for root in oc.program.output_roots()] == ['param', 'param']


def test_a_parameter_made_read_only_between_calls_is_not_written(recwarn):
    w = tapejit.Variable(np.ones(4, np.float32))
    g = np.ones(4, np.float32)

    @tapejit.jit
    def update(w, g):
        w.array -= 0.5 * g
    update(w, g)
    update(w, g)
    frozen = w.array
    frozen.flags.writeable = False
    # As eagerly (NumPy refuses ``-=`` on it): an error, not a new array.
    with pytest.raises(ValueError, match='output array is read-only'):
        update(w, g)
    np.testing.assert_array_equal(frozen, np.zeros(4, np.float32))  # untouched
    assert w.array is frozen
    w.array = frozen.copy()
    update(w, g)
    np.testing.assert_array_equal(w.array, np.full(4, -0.5, np.float32))
    (plan,) = update._plans()
    assert plan._executable.one_call.native is not None
    assert not [w for w in recwarn if 'step by step' in str(w.message)]


needs_blas = pytest.mark.skipif(not one_call.BLAS, reason='SciPy (its BLAS) missing')


@needs_blas
@pytest.mark.parametrize('ta, tb', [(False, False), (False, True), (True, False), (True, True)])
@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_larger_matrix_products_call_blas(ta, tb, dtype):
    from tapejit.targets.cpu.native_plan import PRODUCT_MAX
    rng = np.random.default_rng(11)
    m, k, n = 60, 70, 80
    assert m * k * n > PRODUCT_MAX
    a = rng.standard_normal((k, m) if ta else (m, k)).astype(dtype)
    b = rng.standard_normal((n, k) if tb else (k, n)).astype(dtype)

    def f(a, b):
        return F.matmul(a, b, transa=ta, transb=tb) + 1
    ex = _check(f, [a, b], rtol=1e-4 if dtype == np.float32 else 1e-10)
    assert ex.one_call.native.gemm
    # In a plan calling BLAS, a product below PRODUCT_MAX runs its loops.
    c = rng.standard_normal((3, m)).astype(dtype)

    def g(a, b, c):
        return F.matmul(c, F.matmul(a, b, transa=ta, transb=tb)) * 2
    ex = _check(g, [a, b, c], rtol=1e-4 if dtype == np.float32 else 1e-10)
    assert ex.one_call.native.gemm


def test_without_blas_only_products_the_loops_finish_quickly_run_as_one_call(monkeypatch):
    monkeypatch.setattr(one_call, 'BLAS', False)
    rng = np.random.default_rng(12)
    small = [rng.standard_normal((4, 5)), rng.standard_normal((5, 3))]
    ex = _check(lambda a, b: F.matmul(a, b) * 2, small)
    assert 'matmul(a0, a1, transa=False, transb=False)' in ex.one_call.program.describe()
    assert not ex.one_call.native.gemm
    n = 64  # 64**3 multiply-adds: past LOOP_MAX
    assert n ** 3 > one_call.LOOP_MAX
    large = [rng.standard_normal((n, n)), rng.standard_normal((n, n))]
    _check(lambda a, b: F.matmul(a, b) * 2, large, rtol=1e-10, one=False)


@pytest.mark.parametrize('axis', [None, 0, 1, -1])
def test_argmax_and_argmin_with_ties_and_nan(axis):
    x = np.array([[[1.0, 5.0, 5.0], [3.0, np.nan, 0.0]],
                  [[2.0, 2.0, -1.0], [np.nan, np.nan, 7.0]]])
    k = np.array([[3, 1, 3], [0, 9, 9]], np.int32)
    b = np.array([False, True, True])

    def f(x, k, b):
        return (F.argmax(x, axis=axis), F.argmin(x, axis=axis), F.argmax(k, axis=axis),
                F.argmin(k, axis=axis), F.argmax(b), F.argmin(x * 2))
    _check(f, [x, k, b], one=False)  # a library call: step by step


class _MLP(tapejit.Chain):
    """The shape of examples/train_digits.py, the README's first command: 64-256-256-10."""

    def __init__(self):
        from tapejit import links as L
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(64, 256)
            self.l2 = L.Linear(256, 256)
            self.l3 = L.Linear(256, 10)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


def _train_runs(make_optimizer, one_calls, accuracy=True):
    rng = np.random.default_rng(13)
    x = rng.standard_normal((32, 64)).astype(np.float32)
    t = rng.integers(0, 10, 32).astype(np.int32)
    runs = []
    for enabled in (True, False):
        one_call.ENABLED = enabled
        try:
            np.random.seed(0)
            model = _MLP()
            opt = make_optimizer().setup(model)

            @tapejit.jit
            def step(model, x, t):
                y = model(x)
                loss = F.softmax_cross_entropy(y, t)
                model.cleargrads()
                loss.backward()
                opt.update()
                if not accuracy:
                    return loss, loss
                pred = F.argmax(y, axis=1).array
                acc = F.mean((pred == t.astype(pred.dtype)).astype(np.float32))
                return loss, acc
            out = [step(model, x, t) for _ in range(3)]
            (plan,) = step._plans()
            oc = plan._executable.one_call
            assert (oc is not None and oc.native is not None) == (enabled and one_calls)
            runs.append(([float(lo.array) for lo, _ in out], [float(a.array) for _, a in out],
                         [p.array.copy() for p in model.params()]))
        finally:
            one_call.ENABLED = True
    (l1, a1, p1), (l2, a2, p2) = runs
    np.testing.assert_allclose(l1, l2, rtol=1e-5)
    if accuracy:
        assert a1 == a2
    # (Adam divides by the gradients' size: products summed in another order,
    # by another BLAS, move a parameter by up to a few ulps of alpha.)
    for u, v in zip(p1, p2):
        np.testing.assert_allclose(u, v, rtol=1e-4, atol=1e-5)


def test_an_sgd_step_with_products_and_argmax_runs_step_by_step():
    # (argmax has no compiled form in a one-call plan.)
    from tapejit import optimizers
    _train_runs(lambda: optimizers.SGD(lr=0.01), one_calls=False)


def test_an_adam_step_runs_as_one_call():
    # Adam's per-parameter scalars make this plan's function about 130
    # statements long: within MAX_STATEMENTS.
    from tapejit import optimizers
    _train_runs(lambda: optimizers.Adam(alpha=0.01), one_calls=True, accuracy=False)


def test_a_plan_too_long_to_compile_as_one_function_runs_step_by_step(monkeypatch):
    from tapejit import optimizers
    monkeypatch.setattr(one_call, 'MAX_STATEMENTS', 100)
    _train_runs(lambda: optimizers.Adam(alpha=0.01), one_calls=False, accuracy=False)


def test_float16_plans_run_step_by_step():
    # Numba has no float16: such a plan must not become one compiled call.
    x = np.linspace(-1, 1, 12).astype(np.float16).reshape(3, 4)
    f = tapejit.jit(lambda x: (F.argmax(x, axis=1).array, F.relu(x).array))
    for _ in range(2):
        am, r = f(x)
    np.testing.assert_array_equal(am, x.argmax(axis=1))
    np.testing.assert_array_equal(r, np.maximum(x, 0))
    (plan,) = f._plans()
    assert plan._executable.one_call is None


def test_later_calls_take_the_written_out_call_and_see_new_arrays():
    w = tapejit.Variable(np.ones(4, np.float32))
    g = np.ones(4, np.float32)

    @tapejit.jit
    def update(w, g):
        w.array -= 0.5 * g
        return F.sum(w)
    update(w, g)
    update(w, g)
    (plan,) = update._plans()
    oc = plan._executable.one_call
    assert oc.native is not None and plan._entry is not None  # written out: TracedPlan.run
    assert float(update(w, g).array) == pytest.approx(-2.0)
    fresh = np.full(4, 10, np.float32)  # another array: checked, then taken
    w.array = fresh
    assert float(update(w, g).array) == pytest.approx(38.0)
    assert w.array is fresh
    np.testing.assert_array_equal(fresh, np.full(4, 9.5, np.float32))
    strided = np.full(8, 3, np.float32)[::2]  # not writable in place: a scratch array
    w.array = strided
    assert float(update(w, g).array) == pytest.approx(10.0)
    np.testing.assert_array_equal(w.array, np.full(4, 2.5, np.float32))


def test_a_small_plan_runs_as_one_call_from_its_first_call(monkeypatch, tmp_path):
    # No call after the first compiles: the one-call function is built at
    # the first call, and a later process loads it from the cache.
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path))
    x = np.linspace(-1, 2, 12, dtype=np.float32).reshape(3, 4)
    g = trace_graph(lambda x: F.sum(F.tanh(x) * 2, axis=1), [x])
    want = np.sum(np.tanh(x) * 2, axis=1)
    ex = compile_graph(g)
    calls = []
    real = type(ex.one_call).__call__

    def spy(self, inputs, *a, **k):
        calls.append(len(calls))
        return real(self, inputs, *a, **k)
    monkeypatch.setattr(type(ex.one_call), '__call__', spy)
    np.testing.assert_allclose(ex([x])[0], want, rtol=1e-6)
    assert calls == [0] and ex.one_call.native is not None
    assert not ex._runner  # the step loop never ran
    again = compile_graph(g)  # as a later process would
    np.testing.assert_allclose(again([x])[0], want, rtol=1e-6)
    assert len(calls) == 2 and again.one_call.native is not None


def test_zero_d_state_is_updated_in_place_by_the_one_call_function():
    # An optimizer's step counters are 0-d arrays: the native function writes
    # them in place (donated), as it does the parameters, not as new arrays
    # written back after the call.
    from tapejit import links as L, optimizers
    np.random.seed(0)
    model = L.Linear(3, 2)
    opt = optimizers.Adam(alpha=0.01).setup(model)
    x = np.ones((4, 3), np.float32)

    @tapejit.jit
    def step(x):
        loss = F.sum(model(x))
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss
    step(x)
    counter = opt._t_var.array
    held = model.W.array
    for _ in range(4):
        step(x)
    assert opt.t == 5 and opt._t_var.array is counter and int(counter) == 5
    assert model.W.array is held
    (plan,) = step._plans()
    oc = plan._executable.one_call
    assert oc.native is not None
    written = oc.program.written_params()
    assert any(scalar for (_, scalar), name in zip(oc.arg_inputs, oc.program.params)
               if name in written)
