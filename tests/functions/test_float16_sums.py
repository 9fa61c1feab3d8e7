"""float16 statistics are summed in float32: a float16 sum overflows past
65504, so a batch normalization over 70,000 rows, a layer normalization of
wide rows or a log-softmax over a long axis gave inf, NaN or numbers far off."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F

RNG = np.random.default_rng(0)


def _both(f, *args):
    """``f``'s result eagerly and compiled."""
    return [np.asarray(f(*args).array), np.asarray(tapejit.jit(f)(*args).array)]


def test_batch_normalization_of_many_float16_rows():
    x = (RNG.standard_normal((70000, 4)) + 3).astype(np.float16)
    g, b = np.ones(4, np.float16), np.zeros(4, np.float16)
    x64 = x.astype(np.float64)
    want = (x64 - x64.mean(0)) / np.sqrt(x64.var(0) + 2e-5)
    for got in _both(lambda x: F.batch_normalization(x, g, b), x):
        assert got.dtype == np.float16
        np.testing.assert_allclose(got, want, atol=1e-2)


def test_layer_normalization_of_wide_float16_rows():
    x = (RNG.standard_normal((4, 3000)) * 4 + 40).astype(np.float16)
    g, b = np.ones(3000, np.float16), np.zeros(3000, np.float16)
    x64 = x.astype(np.float64)
    want = (x64 - x64.mean(1, keepdims=True)) / np.sqrt(x64.var(1, keepdims=True) + 1e-5)
    for got in _both(lambda x: F.layer_normalization(x, g, b), x):
        assert got.dtype == np.float16
        np.testing.assert_allclose(got, want, atol=2e-2)


@pytest.mark.parametrize('axis', [0, 1])
def test_log_softmax_over_a_long_float16_axis(axis):
    x = RNG.standard_normal((70000, 3) if axis == 0 else (3, 70000)).astype(np.float16)
    x64 = x.astype(np.float64)
    m = x64.max(axis, keepdims=True)
    want = x64 - m - np.log(np.exp(x64 - m).sum(axis, keepdims=True))
    for got in _both(lambda x: F.log_softmax(x, axis=axis), x):
        assert got.dtype == np.float16
        np.testing.assert_allclose(got, want, atol=2e-2)
