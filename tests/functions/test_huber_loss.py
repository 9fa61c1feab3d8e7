"""F.huber_loss (Chainer's DQN example): against NumPy, both reductions, its
gradient, eagerly and compiled."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F


def _numpy(x, t, delta):
    d = x.astype(np.float64) - t
    return np.where(np.abs(d) <= delta, 0.5 * d * d, delta * (np.abs(d) - 0.5 * delta))


@pytest.mark.parametrize('delta', [0.5, 1.0, 3.0])
def test_values_and_gradient(delta):
    rng = np.random.RandomState(0)
    x = tapejit.Variable((rng.randn(5, 4) * 2).astype(np.float32))
    t = (rng.randn(5, 4) * 2).astype(np.float32)
    want = _numpy(x.array, t, delta)
    np.testing.assert_allclose(F.huber_loss(x, t, delta, reduce='no').array, want, rtol=1e-6)
    y = F.huber_loss(x, t, delta)
    np.testing.assert_allclose(y.array, want.sum(axis=1), rtol=1e-6)
    F.sum(y).backward()
    d = x.array - t
    np.testing.assert_allclose(x.grad, np.where(np.abs(d) <= delta, d, delta * np.sign(d)),
                               rtol=1e-6)
    compiled = tapejit.jit(lambda a, b: F.huber_loss(a, b, delta))
    np.testing.assert_allclose(compiled(x.array, t).array, want.sum(axis=1), rtol=1e-6)


def test_chainers_argument_checks():
    x = np.zeros((2, 3), np.float32)
    with pytest.raises(ValueError, match="'sum_along_second_axis' and 'no'"):
        F.huber_loss(x, x, 1.0, reduce='mean')
    with pytest.raises(tapejit.ShapeError):
        F.huber_loss(x, x[:1], 1.0)
    assert F.huber_loss(np.full((), 2.0, np.float32), np.zeros((), np.float32),
                        1.0, reduce='no').shape == ()
