"""Sequential's list behaviour and text as Chainer's (test_sequential.py of
Chainer 7.8.1 runs in tools/chainer_conformance; these hold without it)."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L


def test_insert_refuses_an_index_past_either_end():
    s = tapejit.Sequential(F.sin)
    for bad in (2, -2):
        with pytest.raises(IndexError, match='out of range'):
            s.insert(bad, F.cos)
    s.insert(1, F.cos)
    s.insert(-2, F.tan)
    assert list(s) == [F.tan, F.sin, F.cos]


def test_a_lambda_layer_is_shown_by_its_source_and_refused_by_pickle():
    layers = [
        L.Linear(2, 3),
        lambda x: F.leaky_relu(x, slope=0.2),   # (shown by its line, as Chainer does)
    ]
    s = tapejit.Sequential(*layers)
    assert '(1): lambda x: F.leaky_relu(x, slope=0.2),   # (shown by its line' in str(s)
    with pytest.raises(ValueError, match='lambda'):
        pickle.dumps(s)
    c = copy.deepcopy(s)       # (a copy shares the lambda, as functions are)
    assert c[1] is s[1] and c[0] is not s[0] and c[0].W.array is not s[0].W.array
    np.testing.assert_array_equal(c(np.ones((1, 2), np.float32)).array,
                                  s(np.ones((1, 2), np.float32)).array)
    assert len(pickle.loads(pickle.dumps(tapejit.Sequential(L.Linear(2, 3), F.relu)))) == 2


def test_linear_takes_a_tuple_out_size_as_chainer_does():
    lin = L.Linear((3, 3))
    assert lin.out_size == (3, 3) and lin.b.shape == (3, 3)
    with pytest.raises(TypeError, match=r'out_size is \(3, 3\), a tuple'):
        lin(np.ones((2, 4), np.float32))
