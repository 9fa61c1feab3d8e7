"""Inputs that used to fail with an unrelated internal error, or to compute
silently where Chainer raises: each now behaves as Chainer 7.8.1 does, or,
where Chainer itself fails, raises an error naming the op, the shapes or
dtypes and what was expected (eagerly and under ``jit`` alike).

The Chainer results quoted were observed with Chainer 7.8.1 on NumPy.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import DTypeError, ShapeError, Variable
from tapejit.utils.type_check import InvalidType


# ------------------------------------------------ NStep RNNs, empty sequence
# Chainer's NStepLSTM fails on a zero-length sequence with a bare IndexError
# ("list assignment index out of range" or "tuple index out of range").

@pytest.mark.parametrize('cls', [L.NStepLSTM, L.NStepBiLSTM])
@pytest.mark.parametrize('where', [0, 1, 2])
def test_nstep_link_zero_length_sequence_is_named(cls, where):
    rnn = cls(1, 3, 4, 0.0)
    xs = [np.ones((3, 3), np.float32), np.ones((2, 3), np.float32)]
    xs.insert(where, np.ones((0, 3), np.float32))
    msg = (f'{cls.__name__}: sequence xs[{where}] has shape (0, 3); expected (length, 3) '
           'with length >= 1')
    with pytest.raises(ShapeError, match=re.escape(msg)):
        rnn(None, None, xs)


def test_nstep_link_zero_length_sequence_under_jit():
    rnn = L.NStepLSTM(1, 3, 4, 0.0)
    step = tapejit.jit(lambda a, b: rnn(None, None, [a, b]))
    with pytest.raises(ShapeError, match=re.escape('NStepLSTM: sequence xs[1] has shape (0, 3)')):
        step(np.ones((2, 3), np.float32), np.zeros((0, 3), np.float32))
    hy, cy, ys = step(np.ones((2, 3), np.float32), np.ones((1, 3), np.float32))
    assert [y.shape for y in ys] == [(2, 4), (1, 4)]


def test_nstep_link_empty_list_is_named():
    # (Chainer: IndexError, "list index out of range".)
    with pytest.raises(ValueError, match=r'NStepLSTM: xs is an empty list; expected at least '
                                         r'one sequence of shape \(length, 3\)'):
        L.NStepLSTM(1, 3, 4, 0.0)(None, None, [])


def test_n_step_lstm_function_takes_an_empty_step_as_chainer():
    # The function is time-major: a step with no rows is accepted, as by Chainer,
    # which returns ys of shapes [(2, 2), (0, 2)].
    ws = [[np.zeros((2, 3), np.float32)] * 4 + [np.zeros((2, 2), np.float32)] * 4]
    bs = [[np.zeros(2, np.float32)] * 8]
    h = np.zeros((1, 2, 2), np.float32)
    hy, cy, ys = F.n_step_lstm(1, 0.0, h, h, ws, bs,
                               [np.ones((2, 3), np.float32), np.ones((0, 3), np.float32)])
    assert [y.shape for y in ys] == [(2, 2), (0, 2)]
    assert hy.shape == cy.shape == (1, 2, 2)


# ------------------------------------------------- big-endian backward
# Chainer fails here ("Dtype of data and grad mismatch, grad: float32 != data:
# >f4"); where its backward succeeds (reshape, getitem, linear) the gradient
# has the input's dtype, >f4, as Variable.grad requires of every gradient.

@pytest.mark.parametrize('order', ['>', '<'])
@pytest.mark.parametrize('kind', ['f4', 'f8'])
def test_big_endian_backward_matches_native(order, kind):
    data = np.arange(3, dtype=order + kind)
    x = Variable(data)
    y = F.sum(x * x + F.exp(x))
    y.backward()
    native = np.arange(3, dtype=kind)
    np.testing.assert_allclose(x.grad, 2 * native + np.exp(native), rtol=1e-6)
    assert x.grad.dtype == data.dtype  # the gradient has its Variable's dtype
    # Accumulation over a second backward keeps the dtype too.
    F.sum(F.tanh(x)).backward()
    assert x.grad.dtype == data.dtype
    np.testing.assert_allclose(x.grad, 2 * native + np.exp(native) + 1 - np.tanh(native) ** 2,
                               rtol=1e-6)


def test_big_endian_grad_and_double_backprop():
    x = Variable(np.arange(3, dtype='>f4'))
    gx, = tapejit.grad([F.sum(x * x * x)], [x], enable_double_backprop=True)
    assert gx.dtype == np.dtype('>f4')
    np.testing.assert_allclose(gx.array, [0.0, 3.0, 12.0])
    ggx, = tapejit.grad([F.sum(gx)], [x])
    np.testing.assert_allclose(ggx.array, [0.0, 6.0, 12.0])


def test_gradient_of_another_dtype_is_still_an_error():
    class Bad(tapejit.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, indexes, grad_outputs):
            return F.cast(grad_outputs[0], np.float64),

    x = Variable(np.ones(3, '>f4'))
    y, = Bad().apply((x,))
    with pytest.raises(DTypeError, match='float64 for input 0, whose dtype is >f4'):
        F.sum(y).backward()


# ------------------------------------------ batch normalization, empty batch
# Chainer returns an empty output; its running averages become NaN (NumPy's
# mean of nothing), avg_mean and avg_var both [nan nan nan], N stays 0.

def test_batch_normalization_empty_batch_as_chainer():
    x = np.zeros((0, 3), np.float32)
    with pytest.warns(RuntimeWarning, match=r'batch_normalization: x has shape \(0, 3\), an '
                                            r'empty batch'):
        y = F.batch_normalization(x, np.ones(3, np.float32), np.zeros(3, np.float32))
    assert y.shape == (0, 3) and y.dtype == np.float32


def test_batch_normalization_empty_batch_backward_gives_zero_gradients():
    # (Chainer's backward raises a bare ZeroDivisionError here; a sum over no
    # elements is zero.)
    x = Variable(np.zeros((0, 3, 2), np.float32))
    g, b = Variable(np.ones(3, np.float32)), Variable(np.zeros(3, np.float32))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        y = F.batch_normalization(x, g, b)
    F.sum(y).backward()
    assert x.grad.shape == (0, 3, 2)
    np.testing.assert_array_equal(g.grad, np.zeros(3, np.float32))
    np.testing.assert_array_equal(b.grad, np.zeros(3, np.float32))


def test_batch_normalization_link_empty_batch_as_chainer():
    bn = L.BatchNormalization(3)
    with pytest.warns(RuntimeWarning, match='running_mean and running_var, when given, '
                                            'become NaN'):
        y = bn(np.zeros((0, 3), np.float32))
    assert y.shape == (0, 3) and y.dtype == np.float32
    assert np.isnan(bn.avg_mean).all() and np.isnan(bn.avg_var).all()
    assert bn.N == 0


def test_fixed_batch_normalization_empty_batch():
    y = F.fixed_batch_normalization(np.zeros((0, 3), np.float32), np.ones(3, np.float32),
                                    np.zeros(3, np.float32), np.zeros(3, np.float32),
                                    np.ones(3, np.float32))
    assert y.shape == (0, 3)


# ----------------------------------------------------- mixed dtypes
# Chainer's linear, convolution_2d and deconvolution_2d check b.dtype == x.dtype
# (InvalidType, e.g. "Expect: b.dtype == x.dtype, Actual: float32 != float64")
# and accept W of another floating dtype, returning x's dtype.

def _conv(x, W, b=None):
    return F.convolution_2d(x, W, b)


def _deconv(x, W, b=None):
    return F.deconvolution_2d(x, W, b)


OPS = [
    ('linear', F.linear, (2, 3), (4, 3)),
    ('convolution_2d', _conv, (1, 3, 5, 5), (4, 3, 3, 3)),
    ('deconvolution_2d', _deconv, (1, 3, 5, 5), (3, 4, 3, 3)),
]


@pytest.mark.parametrize('name,op,xshape,wshape', OPS)
@pytest.mark.parametrize('xdt,bdt', [('f8', 'f4'), ('f4', 'f8'), ('f2', 'f4')])
def test_bias_of_another_dtype_than_x_is_invalid(name, op, xshape, wshape, xdt, bdt):
    x = np.ones(xshape, xdt)
    W = np.ones(wshape, np.float32)
    b = np.ones(4, bdt)
    msg = (f'{name}: x has dtype {np.dtype(xdt)} but b has dtype {np.dtype(bdt)}')
    with pytest.raises(InvalidType, match=re.escape(msg)) as info:
        op(x, W, b)
    assert isinstance(info.value, DTypeError)
    assert f"expected b of x's dtype, {np.dtype(xdt)}" in str(info.value)


@pytest.mark.parametrize('name,op,xshape,wshape', OPS)
def test_filters_of_another_dtype_are_accepted_as_chainer(name, op, xshape, wshape):
    # Chainer: float64 x with float32 W (no bias, or a float64 bias) gives float64.
    x = np.ones(xshape, np.float64)
    W = np.ones(wshape, np.float32)
    assert op(x, W).dtype == np.float64
    assert op(x, W, np.ones(4, np.float64)).dtype == np.float64
    # ... and float32 x with float64 W and a float32 bias gives float32.
    assert op(x.astype(np.float32), W.astype(np.float64),
              np.ones(4, np.float32)).dtype == np.float32


@pytest.mark.parametrize('make,shape', [
    (lambda: L.Convolution2D(3, 4, 3), (1, 3, 5, 5)),
    (lambda: L.Deconvolution2D(3, 4, 3), (1, 3, 5, 5)),
    (lambda: L.Linear(3, 4), (2, 3)),
    (lambda: L.Linear(None, 4), (2, 3)),  # (W made from the first input)
])
@pytest.mark.parametrize('jit', [False, True])
def test_float32_link_on_float64_input_is_invalid(make, shape, jit):
    # Chainer: InvalidType, "Expect: b.dtype == x.dtype, Actual: float32 != float64".
    link = make()
    f = tapejit.jit(lambda x: link(x)) if jit else link
    msg = (f'{type(link).__name__}: x has dtype float64 but b has dtype float32 (x of shape '
           f'{shape}, b of shape (4,)); expected b of x\'s dtype, float64')
    with pytest.raises(InvalidType, match=re.escape(msg)):
        f(np.ones(shape, np.float64))
    # The link's own dtype still works, compiled too.
    assert f(np.ones(shape, np.float32)).dtype == np.float32


@pytest.mark.parametrize('make,shape', [
    (lambda: L.Convolution2D(3, 4, 3, nobias=True), (1, 3, 5, 5)),
    (lambda: L.Linear(3, 4, nobias=True), (2, 3)),
])
def test_float32_link_without_bias_computes_in_x_dtype_as_chainer(make, shape):
    assert make()(np.ones(shape, np.float64)).dtype == np.float64


@pytest.mark.parametrize('make,shape', [
    (lambda: L.Convolution2D(3, 4, 3), (1, 3, 5, 5)),
    (lambda: L.Deconvolution2D(3, 4, 3), (1, 3, 5, 5)),
    (lambda: L.Linear(3, 4), (2, 3)),
])
def test_bias_dtype_check_is_a_type_check(make, shape):
    # Chainer skips it with config.type_check False (as its gradient check's
    # numerical part does) and computes in x's dtype, float64 here.
    with tapejit.using_config('type_check', False):
        assert make()(np.ones(shape, np.float64)).dtype == np.float64


def test_numerical_grad_runs_without_type_checks():
    # Chainer's check_backward perturbs in float64 the arrays it is given, here
    # W but not the link's float32 bias: its numerical part skips type checks.
    from tapejit import gradient_check
    link = L.Linear(3, 2)
    x = np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32)

    def f(x, W):
        with link.init_scope():
            link.W = W
        return link(x)
    gradient_check.check_backward(f, (x, link.W.array.copy()), np.ones((2, 2), np.float32),
                                  dtype=np.float64, atol=1e-3, rtol=1e-3)
