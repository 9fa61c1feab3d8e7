"""Batch normalization's statistics in one pass over x, its gradient in two."""

import numpy as np

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


def test_a_constant_channel_has_variance_zero_and_no_nan():
    x = np.full((4, 2, 3, 3), 7.0, np.float32)
    x[:, 1] = np.arange(36, dtype=np.float32).reshape(4, 3, 3)
    y = F.batch_normalization(x, np.ones(2, np.float32), np.zeros(2, np.float32))
    assert np.all(y.array[:, 0] == 0)
    assert np.isfinite(y.array).all()


def test_a_training_step_makes_two_passes_each_way_over_the_activations():
    # Forward: the statistics, then normalize + ReLU. Backward: the sums of
    # the gradient, then the input's gradient (one fused with the forward's
    # last pass, as the loss needs no more).
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
    assert len(passes) == 3, [' '.join(e.prim.name for e in st.members) for st in passes]
