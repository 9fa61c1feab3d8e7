"""Batch normalization's variance about its mean in one pass over x, its gradient in two."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F


def test_statistics_stay_exact_where_the_mean_is_large_against_the_spread():
    # (The mean square less the squared mean, unshifted, loses every digit
    # of a variance of 0.25 beside a mean of 10,000 in float32.)
    rng = np.random.default_rng(0)
    x = (1e4 + 0.5 * rng.standard_normal((16, 3, 6, 6))).astype(np.float32)
    g, b = np.ones(3, np.float32), np.zeros(3, np.float32)
    y = F.batch_normalization(x, g, b, eps=0.0).array
    x64 = x.astype(np.float64)
    want = (x64 - x64.mean((0, 2, 3), keepdims=True)) / x64.std((0, 2, 3), keepdims=True)
    np.testing.assert_allclose(y, want, atol=2e-3)


@pytest.mark.parametrize('dtype, mean, spread, first', [
    (np.float32, 1000.0, 1.0, 0.0),      # (an outlier where a channel starts)
    (np.float16, 3.0, 0.0, 0.0),
    (np.float16, 0.0, 1.0, 30.0),
    (np.float16, 300.0, 50.0, 0.0),      # (squares past float16's range)
])
def test_statistics_stay_exact_whatever_a_channels_first_element(dtype, mean, spread, first):
    rng = np.random.default_rng(3)
    x = (mean + spread * rng.standard_normal((16, 3, 8, 8))).astype(dtype)
    x[0, :, 0, 0] = first
    g, b = np.ones(3, dtype), np.zeros(3, dtype)
    y = F.batch_normalization(x, g, b).array
    x64 = x.astype(np.float64)
    want = ((x64 - x64.mean((0, 2, 3), keepdims=True))
            / np.sqrt(x64.var((0, 2, 3), keepdims=True) + 2e-5))
    tol = 2e-4 if dtype == np.float32 else 3e-2
    np.testing.assert_allclose(y, want, atol=tol * max(1.0, np.abs(want).max()))


def test_a_constant_channel_has_variance_zero_and_no_nan():
    x = np.full((4, 2, 3, 3), 7.0, np.float32)
    x[:, 1] = np.arange(36, dtype=np.float32).reshape(4, 3, 3)
    y = F.batch_normalization(x, np.ones(2, np.float32), np.zeros(2, np.float32))
    assert np.all(y.array[:, 0] == 0)
    assert np.isfinite(y.array).all()


def test_a_training_step_makes_four_passes_over_the_activations():
    # Forward: the mean, the statistics about it, then normalize + ReLU.
    # Backward: the sums of the gradient, then the input's gradient (the
    # sums fused with the forward's last pass, as the loss needs no more).
    rng = np.random.default_rng(1)
    x = rng.standard_normal((16, 8, 12, 12)).astype(np.float32)
    w = rng.standard_normal(x.shape).astype(np.float32)
    g = tapejit.Variable(np.ones(8, np.float32))
    b = tapejit.Variable(np.zeros(8, np.float32))

    def step(x, w):
        xv = tapejit.Variable(x)
        loss = F.sum(F.relu(F.batch_normalization(xv, g, b)) * w)
        g.cleargrad()
        b.cleargrad()
        loss.backward()
        return loss.array, xv.grad, g.grad, b.grad

    jf = tapejit.jit(step)
    for got, want in zip(jf(x, w), step(x, w)):
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    (plan,) = jf._plans()
    passes = [st for kind, st in plan.executable().plan.steps
              if kind == 'kernel' and st.spec.shape == x.shape]
    assert len(passes) == 4, [' '.join(e.prim.name for e in st.members) for st in passes]


@pytest.mark.parametrize('shape, axis', [((4, 3, 2, 2), None), ((6, 3), None),
                                         ((2, 3, 4), (0, 2))])
def test_gradients_and_second_derivatives_equal_finite_differences(shape, axis):
    from tapejit import gradient_check
    rng = np.random.default_rng(4)
    x = rng.standard_normal(shape) + 5.0
    x.reshape(-1)[0] = -20.0           # (an outlier where a channel starts)
    c = shape[1]
    g, b = rng.standard_normal(c), rng.standard_normal(c)
    gy = rng.standard_normal(shape)

    def f(x, g, b):
        return F.batch_normalization(x, g, b, axis=axis)
    gradient_check.check_backward(f, (x, g, b), gy, dtype=np.float64, atol=1e-5, rtol=1e-4)
    ggs = [rng.standard_normal(a.shape) for a in (x, g, b)]
    gradient_check.check_double_backward(f, (x, g, b), gy, ggs, dtype=np.float64,
                                         atol=1e-4, rtol=1e-3)


def test_jit_equals_eager_with_running_statistics():
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((8, 4, 6, 6)) * 3 + 2).astype(np.float32)

    def step(x, mean, var):
        xv = tapejit.Variable(x)
        y = F.batch_normalization(xv, np.ones(4, np.float32), np.zeros(4, np.float32),
                                  running_mean=mean, running_var=var)
        F.sum(y * y).backward()
        return y.array, xv.grad

    eager = (np.zeros(4, np.float32), np.ones(4, np.float32))
    traced = [tapejit.Variable(a.copy(), requires_grad=False) for a in eager]
    jf = tapejit.jit(step)
    for _ in range(2):
        want = step(x, *eager)
        got = jf(x, *traced)
        for a, b in zip(got, want):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)
    for a, b in zip(traced, eager):
        np.testing.assert_allclose(a.array, b, rtol=1e-5)
