"""F.crf1d, F.argmax_crf1d and L.CRF1d (Chainer's pos example): against the
enumeration of every label path in NumPy, for sequences of different lengths."""

import itertools

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L

LENGTHS = (4, 3, 3, 1)
N_LABEL = 3


def _data(seed=0):
    rng = np.random.RandomState(seed)
    cost = rng.randn(N_LABEL, N_LABEL).astype(np.float32)
    seqs = [rng.randn(n, N_LABEL).astype(np.float32) for n in LENGTHS]
    labels = [rng.randint(0, N_LABEL, n).astype(np.int32) for n in LENGTHS]
    return cost, seqs, labels


def _score(cost, x, path):
    return x[np.arange(len(path)), path].sum() + sum(cost[a, b] for a, b in zip(path, path[1:]))


def _brute(cost, x):
    paths = list(itertools.product(range(N_LABEL), repeat=len(x)))
    scores = np.array([_score(cost, x, p) for p in paths], np.float64)
    return np.log(np.exp(scores).sum()), paths[int(scores.argmax())], scores.max()


def _time_major(seqs):
    return [np.stack([s[t] for s in seqs if len(s) > t]) for t in range(len(seqs[0]))]


def test_loss_is_the_negative_log_likelihood():
    cost, seqs, labels = _data()
    want = np.array([_brute(cost, x)[0] - _score(cost, x, y) for x, y in zip(seqs, labels)])
    got = F.crf1d(cost, _time_major(seqs), _time_major(labels), reduce='no')
    np.testing.assert_allclose(got.array, want, rtol=1e-5)
    mean = F.crf1d(cost, _time_major(seqs), _time_major(labels))
    np.testing.assert_allclose(float(mean.array), want.sum() / len(seqs), rtol=1e-5)
    with pytest.raises(ValueError, match="'mean' and 'no'"):
        F.crf1d(cost, _time_major(seqs), _time_major(labels), reduce='sum')


def test_gradient_matches_finite_differences():
    cost, seqs, labels = _data(1)
    xs = [x.astype(np.float64) for x in _time_major(seqs)]
    ys = _time_major(labels)
    c = tapejit.Variable(cost.astype(np.float64))
    loss = F.crf1d(c, xs, ys)
    loss.backward()
    eps = 1e-6
    for i, j in itertools.product(range(N_LABEL), repeat=2):
        d = np.zeros_like(c.array)
        d[i, j] = eps
        up = float(F.crf1d(c.array + d, xs, ys).array)
        down = float(F.crf1d(c.array - d, xs, ys).array)
        np.testing.assert_allclose(c.grad[i, j], (up - down) / (2 * eps), rtol=1e-5, atol=1e-8)


def test_argmax_is_the_best_path():
    cost, seqs, _ = _data(2)
    score, path = F.argmax_crf1d(cost, _time_major(seqs))
    best = [_brute(cost, x) for x in seqs]
    np.testing.assert_allclose(score.array, [b[2] for b in best], rtol=1e-5)
    for t, p in enumerate(path):
        assert p.tolist() == [b[1][t] for b, s in zip(best, seqs) if len(s) > t]


def test_link_takes_any_order_when_transposed():
    cost, seqs, labels = _data(3)
    crf = L.CRF1d(N_LABEL, initial_cost=cost)
    assert crf.cost.shape == (N_LABEL, N_LABEL)
    np.testing.assert_array_equal(L.CRF1d(N_LABEL).cost.array, np.zeros((N_LABEL, N_LABEL)))
    order = [2, 0, 3, 1]
    shuffled_x = [seqs[i] for i in order]
    shuffled_y = [labels[i] for i in order]
    want = np.mean([_brute(cost, x)[0] - _score(cost, x, y) for x, y in zip(seqs, labels)])
    loss = crf(shuffled_x, shuffled_y, transpose=True)
    np.testing.assert_allclose(float(loss.array), want, rtol=1e-5)
    loss.backward()
    assert crf.cost.grad.shape == (N_LABEL, N_LABEL)
    _, path = crf.argmax(shuffled_x, transpose=True)
    assert [p.tolist() for p in path] == [list(_brute(cost, x)[1]) for x in shuffled_x]


def test_growing_batches_are_refused():
    with pytest.raises(tapejit.ShapeError, match='longest first'):
        F.crf1d(np.zeros((2, 2), np.float32), [np.zeros((1, 2), np.float32),
                                               np.zeros((2, 2), np.float32)],
                [np.zeros(1, np.int32), np.zeros(2, np.int32)])
