"""NPZ serializers: Chainer's rules for values stored as None and for scalars."""

from __future__ import annotations

import io

import numpy as np
import pytest

import tapejit
from tapejit import links as L
from tapejit.serializers import NpzDeserializer
from tapejit.serializers.npz import serialize


def _chainer_style_file():
    # What Chainer writes: an uninitialized parameter as a pickled None.
    f = io.BytesIO()
    np.savez(f, w=None, zi64=np.array(-2**60, np.int64), zf32=np.array(1.5, np.float32),
             zi32=np.array(7, np.int32))
    f.seek(0)
    return np.load(f, allow_pickle=True)


def test_a_stored_none_loads_as_none_and_leaves_the_target_alone():
    d = NpzDeserializer(_chainer_style_file())
    assert d('w', None) is None
    y = np.full((1,), 3.0, np.float32)
    assert d('w', y) is None
    np.testing.assert_array_equal(y, [3.0])


@pytest.mark.parametrize('key, value', [('zi64', np.uint32(5)), ('zf32', 5),
                                        ('zf32', np.float16(1))])
def test_a_scalar_that_would_lose_its_value_is_a_type_error(key, value):
    d = NpzDeserializer(_chainer_style_file())
    with pytest.raises(TypeError, match=rf"load_npz: '{key}' holds .* in the file, which "
                       'cannot be loaded safely into a'):
        d(key, value)


def test_scalars_that_fit_are_loaded():
    d = NpzDeserializer(_chainer_style_file())
    assert d('zi64', 0) == -2**60  # an integer into a Python int is exact
    assert d('zi32', np.int64(0)) == 7 and type(d('zi32', np.int64(0))) is np.int64
    assert d('zf32', 0.0) == 1.5


def test_serialize_and_chainers_module_names():
    lin = L.Linear(2, 3)
    target = serialize(lin)
    assert sorted(target) == ['W', 'b']
    np.testing.assert_array_equal(target['W'], lin.W.array)
    from tapejit.core import variable
    assert variable.Parameter is tapejit.Parameter
