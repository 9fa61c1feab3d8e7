"""Random draws under jit: fresh at every call, the same in a call's backward,
and NumPy's generators refused where a trace would freeze their draw."""

import random

import numpy as np
import pytest
from numpy.random import rand

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import TraceError

X = np.random.RandomState(0).rand(5, 4).astype(np.float32)


class Dropped(tapejit.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(4, 3)

    def forward(self, x):
        return F.sum(F.dropout(self.l(x), 0.5) ** 2)


def _grads(model, call, seed):
    F.set_dropout_seed(seed)
    model.cleargrads()
    loss = call(X)
    loss.backward()
    return float(loss.array), model.l.W.grad.copy(), model.l.b.grad.copy()


@pytest.mark.parametrize('seed', [0, 1, 2])
def test_the_backward_of_a_jitted_call_uses_its_forward_masks(seed):
    model = Dropped()
    jitted = tapejit.jit(model)
    got, want = _grads(model, jitted, seed), _grads(model, model, seed)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-6)
    np.testing.assert_allclose(got[1], want[1], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got[2], want[2], rtol=1e-5, atol=1e-6)


def test_tapejit_grad_of_a_jitted_call_uses_its_forward_masks():
    model = Dropped()
    jitted = tapejit.jit(model)
    F.set_dropout_seed(7)
    gw, = tapejit.grad([jitted(X)], [model.l.W])
    F.set_dropout_seed(7)
    want, = tapejit.grad([model(X)], [model.l.W])
    np.testing.assert_allclose(gw.array, want.array, rtol=1e-5, atol=1e-6)


def test_gaussian_draws_anew_each_call_and_its_gradient_uses_the_draw():
    rs = np.random.RandomState(1)
    mu, ln_var = tapejit.Variable(rs.rand(3, 4)), tapejit.Variable(rs.rand(3, 4))

    def loss(mu, ln_var):
        return F.sum(F.gaussian(mu, ln_var) ** 2)
    f = tapejit.jit(loss)
    values = {float(f(mu, ln_var).array) for _ in range(3)}
    assert len(values) == 3
    for call in (f, loss):
        F.set_dropout_seed(3)
        mu.cleargrad()
        ln_var.cleargrad()
        out = call(mu, ln_var)
        out.backward()
        if call is f:
            got = float(out.array), mu.grad.copy(), ln_var.grad.copy()
    np.testing.assert_allclose(got[0], float(out.array), rtol=1e-12)
    np.testing.assert_allclose(got[1], mu.grad, rtol=1e-12)
    np.testing.assert_allclose(got[2], ln_var.grad, rtol=1e-12)


def test_gaussian_gradient_matches_finite_differences_for_a_fixed_draw():
    rs = np.random.RandomState(2)
    mu, ln_var = rs.rand(2, 3), rs.rand(2, 3)

    def fn(mu, ln_var):
        F.set_dropout_seed(11)  # (the same draw at every evaluation)
        return F.gaussian(mu, ln_var)
    tapejit.gradient_check.check_backward(fn, (mu, ln_var), rs.rand(2, 3), dtype=np.float64,
                                          atol=1e-6, rtol=1e-6)


@pytest.mark.parametrize('draw', [
    lambda x: x + np.random.standard_normal(x.shape),
    lambda x: x * (np.random.rand(*x.shape) > 0.5),
    lambda x: x + np.random.normal(size=x.shape),
])
def test_numpy_random_draws_in_a_trace_are_refused_naming_the_call(draw):
    with pytest.raises(TraceError, match=r'numpy\.random\.\w+\.\w+ was called while tracing'):
        tapejit.jit(draw)(X)


def test_a_generator_in_a_local_variable_is_refused():
    def fn(x):
        rng = np.random.default_rng()
        return x + rng.normal(size=x.shape)
    with pytest.raises(TraceError, match=r'numpy\.random\.Generator\.normal'):
        tapejit.jit(fn)(X)


def test_a_generator_held_by_a_model_is_refused_too():
    class Noisy(tapejit.Chain):
        def __init__(self):
            super().__init__()
            self.rng = np.random.RandomState(0)

        def forward(self, x):
            return F.sum(x + self.rng.normal(size=x.shape).astype(np.float32))
    with pytest.raises(TraceError, match='RandomState.normal'):
        tapejit.jit(Noisy())(X)


def test_with_fallback_eager_the_draws_are_fresh_and_the_warning_says_why():
    f = tapejit.jit(lambda x: x + np.random.standard_normal(x.shape), fallback='eager')
    with pytest.warns(RuntimeWarning, match='standard_normal was called while tracing'):
        a = f(X)
    assert not np.array_equal(a, f(X))


@pytest.mark.parametrize('draw', [
    lambda x: x * random.random(),
    lambda x: x * rand(),
], ids=['python-random', 'imported-function'])
def test_draws_from_python_random_and_imported_functions_are_refused(draw):
    with pytest.raises(TraceError, match='was called while tracing'):
        tapejit.jit(draw)(X)


def test_a_jitted_call_through_a_function_node_of_the_users_refuses_backward_outside():
    class Neg(tapejit.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 1.0,

        def backward(self, indexes, grads):
            return grads[0] * -1.0,
    v = tapejit.Variable(X)
    out = tapejit.jit(lambda v: F.sum(Neg().apply((v,))[0]))(v)
    with pytest.raises(tapejit.GradientError, match='Neg'):
        out.backward()


def test_seeding_inside_a_jitted_function_is_refused():
    def fn(x):
        F.set_dropout_seed(0)
        return F.dropout(x)
    with pytest.raises(TraceError, match='set_dropout_seed inside'):
        tapejit.jit(fn)(X)


def test_gaussian_second_derivatives_match_finite_differences():
    rs = np.random.RandomState(3)
    mu, ln_var = rs.rand(2, 3), rs.rand(2, 3)

    def fn(mu, ln_var):
        F.set_dropout_seed(13)  # (the same draw at every evaluation)
        y = F.gaussian(mu, ln_var)
        return y * y

    tapejit.gradient_check.check_double_backward(
        fn, (mu, ln_var), rs.rand(2, 3), (rs.rand(2, 3), rs.rand(2, 3)), dtype=np.float64,
        atol=1e-5, rtol=1e-5)


def test_gaussian_with_given_eps_is_deterministic_and_jit_equals_eager():
    rs = np.random.RandomState(4)
    mu, ln_var, eps = (rs.rand(2, 3).astype(np.float32) for _ in range(3))
    f = tapejit.jit(lambda m, v, e: F.gaussian(m, v, eps=e))
    np.testing.assert_allclose(f(mu, ln_var, eps).array,
                               mu + np.exp(ln_var * 0.5) * eps, rtol=1e-6)
    with pytest.raises(tapejit.DTypeError, match=r'gaussian: eps has shape \(3,\)'):
        F.gaussian(mu, ln_var, eps=np.ones(3, np.float32))


def test_gaussian_eager_cpu_and_simulated_cuda_agree(tmp_path):
    import os
    import subprocess
    import sys
    script = tmp_path / 'gaussian_targets.py'
    script.write_text(
        'import numpy as np, tapejit, tapejit.functions as F\n'
        'rs = np.random.RandomState(0)\n'
        'mu, lv = tapejit.Variable(rs.rand(2, 3)), tapejit.Variable(rs.rand(2, 3))\n'
        'loss = lambda m, v: F.sum(F.gaussian(m, v) ** 2)\n'
        'out = []\n'
        'for target in (None, "cpu", "cuda"):\n'
        '    F.set_dropout_seed(3); mu.cleargrad(); lv.cleargrad()\n'
        '    f = loss if target is None else tapejit.jit(loss, target=target)\n'
        '    y = f(mu, lv); y.backward()\n'
        '    out.append(np.concatenate([[float(y.array)], mu.grad.ravel(), lv.grad.ravel()]))\n'
        'np.testing.assert_allclose(out[1], out[0], rtol=1e-12)\n'
        'np.testing.assert_allclose(out[2], out[0], rtol=1e-12)\n'
        'print("same")\n')
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM='1')
    r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and 'same' in r.stdout, r.stderr[-2000:]


def _chainers_dropout(shape, ratio, dtype=np.float32):
    # chainer.functions.dropout on NumPy: numpy.random.rand(*shape) >= ratio,
    # scaled by 1 / (1 - ratio) in the input's dtype.
    return (np.random.rand(*shape) >= ratio) * dtype(1.0 / (1.0 - ratio))


def test_dropout_and_gaussian_draw_chainers_values_from_numpys_generator_eager_and_compiled():
    x, z = np.ones((3, 4), np.float32), np.full(5, 0.5, np.float32)

    def f(x, z):
        return F.dropout(x, 0.5), F.dropout(z, 0.25), F.gaussian(z, z)

    np.random.seed(3)
    want = []
    for _ in range(3):
        a = x * _chainers_dropout(x.shape, 0.5)
        b = z * _chainers_dropout(z.shape, 0.25)
        eps = np.random.standard_normal(z.shape).astype(np.float32)   # (Chainer's gaussian)
        want.append((a, b, z + np.exp(z * np.float32(0.5)) * eps))
    compiled = tapejit.jit(f)
    # (The compiled function twice: seeding reaches a plan compiled before it.)
    for call in (f, compiled, compiled):
        np.random.seed(3)
        for w in want:
            for got, expected in zip(call(x, z), w):
                np.testing.assert_allclose(got.array, expected, rtol=1e-6)
    assert compiled.cache_info().traces == 1
    assert not np.array_equal(want[0][0], want[1][0])


class _LazyDropped(tapejit.Chain):
    # A lazy Linear: its weights are drawn from NumPy's generator at the first
    # call, after the first dropout mask (as eagerly and in Chainer).
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.a = L.Linear(4, 6)
            self.b = L.Linear(None, 3)

    def forward(self, x):
        return F.sum(self.b(F.dropout(self.a(x), 0.5)) ** 2)


def _losses(jitted):
    np.random.seed(5)
    model = _LazyDropped()
    opt = tapejit.optimizers.SGD(0.01)
    opt.setup(model)

    def step(x):
        model.cleargrads()
        loss = model(x)
        loss.backward()
        opt.update()
        return loss
    call = tapejit.jit(step) if jitted else step
    return [float(call(X).array) for _ in range(3)]


def test_a_traced_first_call_draws_in_eagers_order_beside_a_lazy_links_weights():
    np.testing.assert_allclose(_losses(True), _losses(False), rtol=1e-6)


def test_a_refused_trace_puts_its_draws_back_before_running_eagerly():
    def f(x):
        y = F.dropout(x, 0.5)
        if float(F.sum(y).array) > -1:        # (a Python branch on a value: refused)
            y = y * 2
        return y

    np.random.seed(2)
    want = [f(X).array for _ in range(2)]
    g = tapejit.jit(f, fallback='eager')
    np.random.seed(2)
    with pytest.warns(RuntimeWarning, match='eagerly'):
        got = [g(X).array for _ in range(2)]
    for a, b in zip(got, want):
        np.testing.assert_array_equal(a, b)
