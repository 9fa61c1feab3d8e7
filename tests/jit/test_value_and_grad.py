"""``tapejit.value_and_grad``: one or several arguments, ``has_aux``, its
errors, nested for higher derivatives, under ``jit`` and in ``explain``."""

from __future__ import annotations


import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable

from tests.support.jit_helpers import _close, _info


# =============================================================== value_and_grad
def test_value_and_grad_single_argument():
    vg = tapejit.value_and_grad(lambda x: F.sum(x ** 3))
    value, g = vg(np.array([1.0, 2.0]))
    assert isinstance(value, Variable) and isinstance(g, Variable)
    _close(value, 9.0)
    _close(g, [3.0, 12.0])
    value, g = vg(np.array([-1.0, 3.0]))
    _close(g, [3.0, 27.0])
    assert _info(vg) == (1, 1, 1, 1)


def test_value_and_grad_argnums_tuple():
    def f(x, W, t):
        return F.sum((F.matmul(x, W) - t) ** 2)

    rng = np.random.default_rng(0)
    x, W, t = rng.standard_normal((3, 2)), rng.standard_normal((2, 4)), rng.standard_normal((3, 4))
    value, (gx, gW) = tapejit.value_and_grad(f, argnums=(0, 1))(x, W, t)
    xv, Wv = Variable(x), Variable(W)
    want = f(xv, Wv, t)
    wx, wW = tapejit.grad([want], [xv, Wv])
    _close(value, want)
    _close(gx, wx)
    _close(gW, wW)
    _close(gW, 2 * x.T @ (x @ W - t))
    # argnums=(1,) gives a one-tuple; an unused argument gets zeros.
    _, grads = tapejit.value_and_grad(lambda a, b: F.sum(a), argnums=(1,))(x, W)
    assert isinstance(grads, tuple) and len(grads) == 1
    np.testing.assert_array_equal(grads[0].array, np.zeros_like(W))


def test_value_and_grad_leaves_argument_grads_alone():
    x = Variable(np.array([1.0, 2.0]))
    _, g = tapejit.value_and_grad(lambda x: F.sum(x * x))(x)
    _close(g, 2 * x.array)
    assert x.grad is None


def test_value_and_grad_has_aux():
    def f(x):
        y = x * 2
        return F.sum(y * y), {'y': y, 'n': 3}

    (value, aux), g = tapejit.value_and_grad(f, has_aux=True)(np.array([1.0, 2.0]))
    _close(value, 20.0)
    _close(aux['y'], [2.0, 4.0])
    assert aux['n'] == 3
    _close(g, [8.0, 16.0])
    with pytest.raises(TypeError, match='has_aux'):
        tapejit.value_and_grad(lambda x: F.sum(x), has_aux=True)(np.ones(2))


def test_value_and_grad_errors():
    with pytest.raises(tapejit.ShapeError, match='one-element'):
        tapejit.value_and_grad(lambda x: x * 2)(np.ones(2))
    with pytest.raises(TypeError, match='argnums'):
        tapejit.value_and_grad(lambda x: F.sum(x), argnums=2)(np.ones(2))


def test_value_and_grad_nested_gives_higher_derivatives():
    def f1(x):
        return F.sum(x ** 4)

    def f2(x):  # sum of the first derivative
        return F.sum(tapejit.value_and_grad(f1)(x)[1])

    def f3(x):  # sum of the second derivative
        return F.sum(tapejit.value_and_grad(f2)(x)[1])

    x = np.array([1.0, -2.0, 0.5])
    v2, g2 = tapejit.value_and_grad(f2)(x)
    _close(v2, np.sum(4 * x ** 3))
    _close(g2, 12 * x ** 2)  # second derivative
    v3, g3 = tapejit.value_and_grad(f3)(x)
    _close(v3, np.sum(12 * x ** 2))
    _close(g3, 24 * x)  # third derivative


def test_jit_of_value_and_grad():
    calls = []

    def f(x, y):
        calls.append(1)
        return F.sum(F.exp(x) * y)

    jvg = tapejit.jit(tapejit.value_and_grad(f, argnums=(0, 1)))
    for k in range(3):
        x, y = np.array([0.1, 0.2]) * k, np.array([1.0, 3.0])
        value, (gx, gy) = jvg(x, y)
        _close(value, np.sum(np.exp(x) * y))
        _close(gx, np.exp(x) * y)
        _close(gy, np.exp(x))
    assert len(calls) == 1
    assert jvg.cache_info().hits == 2


def test_value_and_grad_explain_shows_the_backward_pass():
    text = tapejit.value_and_grad(lambda x: F.sum(x ** 2)).explain(np.ones(2, np.float32))
    assert 'f32[2]' in text and 'pow_const' in text and 'sum' in text
    assert 'mul' in text  # the VJP of pow
