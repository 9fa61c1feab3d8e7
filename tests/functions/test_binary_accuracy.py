"""F.binary_accuracy (Chainer's glance example reports it): Chainer's formula,
eagerly and compiled, with -1 labels left out."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F


def _chainer(y, t):
    # Chainer 7.8.1's BinaryAccuracy.forward.
    c = y.ravel() >= 0
    count = max(1, (t.ravel() != -1).sum())
    return np.asarray((c == t.ravel()).sum() / count, dtype=y.dtype)


@pytest.mark.parametrize('dtype', [np.float16, np.float32, np.float64])
@pytest.mark.parametrize('shape', [(7,), (4, 3), (2, 3, 2)])
def test_matches_chainers_formula(dtype, shape):
    rng = np.random.RandomState(0)
    y = rng.randn(*shape).astype(dtype)
    y.ravel()[0] = 0  # a zero score predicts 1
    t = rng.randint(-1, 2, shape).astype(np.int32)
    got = F.binary_accuracy(y, t)
    assert got.dtype == dtype and got.shape == ()
    np.testing.assert_allclose(got.array, _chainer(y, t), rtol=1e-3)
    compiled = tapejit.jit(lambda a, b: F.binary_accuracy(a, b))
    np.testing.assert_allclose(compiled(y, t).array, _chainer(y, t), rtol=1e-3)


def test_every_label_ignored_gives_zero():
    y = np.array([1.0, -1.0], np.float32)
    assert float(F.binary_accuracy(y, np.array([-1, -1], np.int32)).array) == 0.0


def test_a_variable_input_has_no_gradient_path():
    y = tapejit.Variable(np.array([0.5, -0.5], np.float32))
    acc = F.binary_accuracy(y, np.array([1, 1], np.int32))
    assert float(acc.array) == 0.5 and acc.creator is None


def test_refuses_chainers_bad_inputs():
    with pytest.raises(tapejit.DTypeError, match='floating'):
        F.binary_accuracy(np.zeros(2, np.int32), np.zeros(2, np.int32))
    with pytest.raises(tapejit.DTypeError, match='signed integer'):
        F.binary_accuracy(np.zeros(2, np.float32), np.zeros(2, np.float32))
    with pytest.raises(tapejit.ShapeError, match='same shape'):
        F.binary_accuracy(np.zeros((2, 1), np.float32), np.zeros(2, np.int32))
