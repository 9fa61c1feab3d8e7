"""F.transpose_sequence (Chainer's sentiment example batches its trees with
it): the values against NumPy, the gradient, and the round trip."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F


def _numpy(xs):
    return [np.stack([x[t] for x in xs if len(x) > t]) for t in range(len(xs[0]))]


@pytest.mark.parametrize('lengths', [(4, 3, 3, 1), (2,), (3, 3)])
def test_values_and_gradient(lengths):
    rng = np.random.RandomState(0)
    xs = [tapejit.Variable(rng.randn(n, 2).astype(np.float32)) for n in lengths]
    ys = F.transpose_sequence(xs)
    want = _numpy([x.array for x in xs])
    assert len(ys) == len(want)
    for y, w in zip(ys, want):
        np.testing.assert_array_equal(y.array, w)
    weights = [rng.randn(*y.shape).astype(np.float32) for y in ys]
    loss = sum(F.sum(y * w) for y, w in zip(ys, weights))
    loss.backward()
    # Each input element gets the weight of the output element it went to.
    for j, x in enumerate(xs):
        np.testing.assert_array_equal(x.grad, np.stack([weights[t][j] for t in range(len(x))]))
    back = F.transpose_sequence(ys)
    for b, x in zip(back, xs):
        np.testing.assert_array_equal(b.array, x.array)


def test_empty_and_unsorted():
    assert F.transpose_sequence([]) == ()
    with pytest.raises(tapejit.ShapeError, match='longest first'):
        F.transpose_sequence([np.zeros(1), np.zeros(2)])
    with pytest.raises(tapejit.ShapeError, match='differ past their first axis'):
        F.transpose_sequence([np.zeros((2, 3)), np.zeros((2, 4))])
