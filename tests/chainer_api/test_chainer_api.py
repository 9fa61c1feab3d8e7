"""Chainer API that Chainer's own tests use: devices, type_check, operator dtypes, small
functions (each checked against NumPy or against what Chainer documents)."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable
from tapejit.utils import type_check


# ------------------------------------------------------------------- devices
def test_using_device_on_the_cpu_is_a_context_manager():
    with tapejit.using_device('@numpy'):
        y = F.relu(np.array([-1.0, 2.0]))
    np.testing.assert_array_equal(y.array, [0.0, 2.0])
    with tapejit.using_device(tapejit.backend.CpuDevice()):
        pass


def test_a_device_is_not_itself_a_context_manager():
    with pytest.raises(RuntimeError, match='using_device'):
        with tapejit.get_device('@numpy'):
            pass


def test_backend_module_has_chainers_names():
    from tapejit import backend
    x = np.zeros(3)
    assert backend.get_array_module(Variable(x)) is np
    assert backend.get_device_from_array(x) == backend.CpuDevice()
    assert backend.CpuDevice().send([x, x])[0] is x
    dst = np.zeros(2)
    backend.copyto(dst, np.array([1.0, 2.0]))
    np.testing.assert_array_equal(dst, [1.0, 2.0])
    assert backend.CpuDevice().is_array_supported(x)


def test_cuda_module_without_cupy_says_so():
    from tapejit.backends import cuda
    if cuda.available:
        pytest.skip('a GPU is present')
    assert not isinstance(np.zeros(1), cuda.ndarray)
    assert cuda.to_cpu([np.ones(1), None])[1] is None
    with pytest.raises(RuntimeError, match='CuPy'):
        cuda.to_gpu(np.zeros(1))


# ---------------------------------------------------------------- type_check
class _NeedsMatrix(tapejit.FunctionNode):
    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 2)

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * 2,


def test_check_type_forward_runs_and_names_the_failed_condition():
    y, = _NeedsMatrix().apply((np.ones((2, 2)),))
    np.testing.assert_array_equal(y.array, np.full((2, 2), 2.0))
    with pytest.raises(type_check.InvalidType) as e:
        _NeedsMatrix().apply((np.ones(3),))
    assert 'x.ndim == 2' in str(e.value) and '1 != 2' in str(e.value)
    assert '_NeedsMatrix' in str(e.value)
    with pytest.raises(type_check.InvalidType, match="x.dtype.kind == 'f'"):
        _NeedsMatrix().apply((np.ones((2, 2), np.int32),))


def test_check_type_forward_set_on_the_instance_runs_with_light_types():
    # Chainer's tests replace the method on one node (a mock): it runs once, on
    # the light type information (plain shapes and dtypes).
    seen = []

    class Double(tapejit.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

    f = Double()
    f.check_type_forward = seen.append
    f.apply((np.ones((2, 3), np.float32),))
    ts, = seen
    assert isinstance(ts, type_check.LightTypeInfoTuple) and len(ts) == 1
    assert ts[0].shape == (2, 3) and ts[0].dtype == np.float32


def test_type_check_can_be_turned_off():
    with tapejit.using_config('type_check', False):
        y, = _NeedsMatrix().apply((np.ones(3),))
    assert y.shape == (3,)


def test_tapejit_errors_are_invalid_type_and_keep_their_base():
    with pytest.raises(type_check.InvalidType):
        F.add(np.ones(2), np.ones(3))
    with pytest.raises(ValueError):
        F.add(np.ones(2), np.ones(3))
    with pytest.raises(type_check.InvalidType):
        F.maximum(np.ones(2, np.float32), np.ones(2, np.float64))
    e = pickle.loads(pickle.dumps(tapejit.ShapeError('add: shapes')))
    assert isinstance(e, type_check.InvalidType) and str(e) == 'add: shapes'


def test_expect_light_and_expression_forms():
    type_check.expect(np.bool_(True), 2 > 1)
    with pytest.raises(type_check.InvalidType):
        type_check.expect(False)
    n = type_check.Variable(3, 'n')
    with pytest.raises(type_check.InvalidType, match=r'n \+ 1 == 5'):
        type_check.expect(n + 1 == 5)
    with pytest.raises(RuntimeError, match='unknown until checked'):
        bool(n == 3)
    assert type_check.eval(n * 2) == 6


# -------------------------------------------------------- operators' dtypes
@pytest.mark.parametrize('op', ['add', 'sub', 'mul', 'truediv', 'pow', 'matmul'])
def test_raw_array_operand_takes_the_variables_dtype(op):
    # Chainer casts a constant array to the Variable's dtype (both orders).
    import operator
    f = getattr(operator, op)
    x = Variable(np.array([[1.5, 2.0], [0.5, 1.0]], np.float32))
    c = np.array([[2.0, 1.0], [1.0, 3.0]], np.float64)
    for y, ref in ((f(x, c), f(x.array.astype(np.float64), c)),
                   (f(c, x), f(c, x.array.astype(np.float64)))):
        assert y.dtype == np.float32
        np.testing.assert_allclose(y.array, ref, rtol=1e-6)
        y.grad = np.ones_like(y.array)
        x.cleargrad()
        y.backward()
        assert x.grad.dtype == np.float32


def test_two_variables_of_different_dtypes_still_refuse():
    with pytest.raises(type_check.InvalidType):
        Variable(np.ones(2, np.float32)) + Variable(np.ones(2, np.float64))


# ------------------------------------------------------------ small functions
def test_cast_to_the_same_dtype_is_a_node():
    x = Variable(np.array([1.0, 2.0], np.float32))
    a, b = F.cast(x, np.float32), F.cast(x, np.float32)
    assert a is not x and a.creator is not None
    ga, gb = tapejit.grad([a * b], [a, b], grad_outputs=[np.ones(2, np.float32)])
    np.testing.assert_array_equal(ga.array, x.array)
    np.testing.assert_array_equal(gb.array, x.array)
    with tapejit.no_backprop_mode():
        assert F.cast(x, np.float32) is x


def test_identity_is_a_new_node_passing_gradients():
    x = Variable(np.array([1.0, -2.0]))
    y = F.identity(x)
    assert y is not x and y.creator is not None
    y.grad = np.array([3.0, 4.0])
    y.backward()
    np.testing.assert_array_equal(x.grad, [3.0, 4.0])


def test_broadcast_of_several_inputs_sums_gradients_back():
    a = Variable(np.array([[1.0], [2.0]]))
    b = Variable(np.array([1.0, 2.0, 3.0]))
    ya, yb = F.broadcast(a, b)
    assert ya.shape == yb.shape == (2, 3)
    F.sum(ya * yb).backward()
    np.testing.assert_array_equal(a.grad, [[6.0], [6.0]])
    np.testing.assert_array_equal(b.grad, [3.0, 3.0, 3.0])
    with pytest.raises(type_check.InvalidType, match='broadcast'):
        F.broadcast(np.ones(2), np.ones(3))


def test_batch_matmul_is_deprecated_and_matches_numpy():
    a, b = np.random.default_rng(0).standard_normal((2, 2, 2, 3))
    with pytest.warns(DeprecationWarning, match='matmul'):
        y = F.batch_matmul(a, b, transb=True)
    np.testing.assert_allclose(y.array, a @ np.swapaxes(b, 1, 2))


def test_log2_log10_match_numpy():
    x = np.array([0.5, 3.0, 1024.0])
    np.testing.assert_allclose(F.log2(x).array, np.log2(x), rtol=1e-15)
    np.testing.assert_allclose(F.log10(x).array, np.log10(x), rtol=1e-15)


def test_variable_mean_and_average_with_weights_over_all_axes():
    x = np.arange(6.0).reshape(2, 3)
    w = np.arange(1.0, 7.0).reshape(2, 3)
    np.testing.assert_allclose(Variable(x).mean(axis=1).array, x.mean(axis=1))
    np.testing.assert_allclose(Variable(x).mean(weights=w).array, np.average(x, weights=w))
    np.testing.assert_allclose(F.average(x, axis=0, weights=w[0, :2]).array,
                               np.average(x, axis=0, weights=w[0, :2]))


def test_mean_of_float16_accumulates_in_float32():
    # 1000 * 100 overflows float16 (max 65504): the old sum gave inf.
    x = np.full(1000, 100.0, np.float16)
    y = F.mean(x)
    assert y.dtype == np.float16 and y.array == np.float16(100.0)
    assert np.isfinite(F.mean(Variable(x), axis=0).array)


def test_mean_of_int64_does_not_wrap():
    t = np.array([2**62, 2**62], np.int64)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        y = F.mean(t)
    assert y.dtype == np.float64 and y.array == np.mean(t)


# ------------------------------------------------------ mixed floating dtypes
@pytest.mark.parametrize('dx,dw', [(np.float16, np.float32), (np.float32, np.float64),
                                   (np.float64, np.float16)])
def test_linear_of_mixed_dtypes_computes_promoted_and_returns_xs_dtype(dx, dw):
    rng = np.random.default_rng(0)
    x = Variable(rng.standard_normal((3, 4)).astype(dx))
    W = Variable(rng.standard_normal((2, 4)).astype(dw))
    # (The bias has x's dtype: Chainer checks b.dtype == x.dtype.)
    b = Variable(rng.standard_normal(2).astype(dx))
    y = F.linear(x, W, b)
    assert y.dtype == dx
    common = np.result_type(dx, dw)
    ref = (x.array.astype(common) @ W.array.astype(common).T + b.array).astype(dx)
    np.testing.assert_allclose(y.array, ref, rtol=1e-2 if np.float16 in (dx, dw) else 1e-6)
    F.sum(y).backward()
    assert (x.grad.dtype, W.grad.dtype, b.grad.dtype) == (dx, dw, dx)


def test_matmul_of_mixed_dtypes_promotes():
    a = np.ones((2, 3), np.float16)
    b = Variable(np.ones((3, 2), np.float64))
    y = F.matmul(a, b)
    assert y.dtype == np.float64
    np.testing.assert_array_equal(y.array, np.full((2, 2), 3.0))
    F.sum(y).backward()
    assert b.grad.dtype == np.float64


def test_linear_refuses_integer_inputs():
    with pytest.raises(type_check.InvalidType, match='floating'):
        F.linear(np.ones((2, 3), np.int32), np.ones((4, 3), np.float32))


def test_mixed_dtype_linear_and_matmul_under_jit_match_eager():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    W = Variable(rng.standard_normal((2, 4)))            # float64
    m = rng.standard_normal((2, 5)).astype(np.float16)

    def f(x):
        y = F.linear(x, W)                               # float32
        z = F.matmul(F.cast(y, np.float16), m)           # float16
        loss = F.sum(F.cast(z, np.float32) * y[:, :1])
        W.cleargrad()
        loss.backward()
        return loss, y, z

    want = [a.array for a in f(x)]
    want_g = W.grad.copy()
    got = [a.array for a in tapejit.jit(f)(x)]
    for g, w in zip(got, want):
        assert g.dtype == w.dtype
        np.testing.assert_allclose(g, w, rtol=2e-3, atol=2e-3)
    assert W.grad.dtype == np.float64
    np.testing.assert_allclose(W.grad, want_g, rtol=2e-3, atol=2e-3)


# ------------------------------------------------------------------- labels
def _np_sce(x, t):
    x = x.astype(np.float64)
    lse = np.log(np.exp(x - x.max(1, keepdims=True)).sum(1)) + x.max(1)
    return float(np.mean(lse - x[np.arange(len(t)), t]))


def test_uint8_labels_with_more_than_256_classes_do_not_wrap():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 300))
    t = np.array([3, 255, 100, 7], np.uint8)
    y = F.softmax_cross_entropy(x, t)              # ignore_label=-1 raised OverflowError
    np.testing.assert_allclose(y.array, _np_sce(x, t.astype(np.int64)), rtol=1e-12)
    x2 = rng.standard_normal((2, 300))
    t2 = np.array([260, 299], np.int16)             # past uint8's range: exact too
    np.testing.assert_allclose(F.softmax_cross_entropy(x2, t2).array,
                               _np_sce(x2, t2.astype(np.int64)), rtol=1e-12)
    y = tapejit.jit(lambda x, t: F.softmax_cross_entropy(x, t))(x, t)
    np.testing.assert_allclose(y.array, _np_sce(x, t.astype(np.int64)), rtol=1e-12)


@pytest.mark.parametrize('t', [[0, 5], [-2, 1]])
def test_labels_out_of_range_raise_eagerly(t):
    with pytest.raises(ValueError, match='softmax_cross_entropy: got label'):
        F.softmax_cross_entropy(np.zeros((2, 3)), np.array(t, np.int32))
    with pytest.raises(IndexError, match=r'select_item: got index\(es\)'):
        F.select_item(np.zeros((2, 3)), np.array(t, np.int32))
    # Chainer's own check raises ValueError: the error is both.
    with pytest.raises(ValueError, match=r'select_item: got index\(es\)'):
        F.select_item(np.zeros((2, 3)), np.array(t, np.int32))
    with pytest.raises(ValueError, match=r'select_item: got index\(es\)'):
        tapejit.jit(F.select_item)(np.zeros((2, 3)), np.array(t, np.int32))


def test_select_item_minus_one_is_an_error_not_zero():
    with pytest.raises(IndexError, match=r'\[-1\]'):
        F.select_item(np.ones((2, 3)), np.array([0, -1]))


def test_soft_targets_match_the_definition():
    rng = np.random.default_rng(2)
    x = Variable(rng.standard_normal((3, 4)))
    t = rng.random((3, 4))
    t /= t.sum(1, keepdims=True)
    log_y = x.array - np.log(np.exp(x.array).sum(1, keepdims=True))
    ce = F.softmax_cross_entropy(x, t, enable_double_backprop=True)
    np.testing.assert_allclose(ce.array, -(t * log_y).sum(1).mean(), rtol=1e-12)
    kl = F.softmax_cross_entropy(x, t, soft_target_loss='kl-divergence', reduce='no')
    np.testing.assert_allclose(kl.array, (t * (np.log(t + 1e-7) - log_y)).sum(1),
                               rtol=1e-12)
    ce.backward()
    np.testing.assert_allclose(x.grad, (np.exp(log_y) - t) / 3, rtol=1e-10, atol=1e-15)
    with pytest.raises(ValueError, match='soft_target_loss'):
        F.softmax_cross_entropy(x, t, soft_target_loss='mse')


def test_softmax_cross_entropy_float16_does_not_overflow():
    # 2000 samples of loss ~ ln(1000) ~ 6.9: the float16 sum (13,800) is fine, but
    # 12,000 samples overflow float16's 65,504 when summed in float16.
    x = np.zeros((12000, 1000), np.float16)
    t = np.zeros(12000, np.int32)
    y = F.softmax_cross_entropy(x, t)
    assert y.dtype == np.float16 and np.isfinite(y.array)
    np.testing.assert_allclose(float(y.array), np.log(1000.0), rtol=2e-3)


# ---------------------------------------------------- initializers, debug, indexing
def test_normal_and_uniform_default_to_chainers_scale():
    from tapejit import initializers
    w = initializers.generate_array(initializers.Normal(rng=np.random.default_rng(0)),
                                    (300, 300), np)
    assert w.std() == pytest.approx(0.05, rel=0.03)
    u = initializers.generate_array(initializers.Uniform(rng=np.random.default_rng(0)),
                                    (300, 300), np)
    assert np.abs(u).max() <= 0.05 and np.abs(u).max() > 0.049


def test_identity_initializer_and_he_normal_fan_out():
    from tapejit import initializers
    w = np.empty((3, 3), np.float32)
    initializers.Identity(2.0)(w)
    np.testing.assert_array_equal(w, 2.0 * np.eye(3))
    with pytest.raises(ValueError, match='squared'):
        initializers.Identity()(np.empty((2, 3)))
    init = initializers.HeNormal(fan_option='fan_out', rng=np.random.default_rng(0))
    w = initializers.generate_array(init, (50, 2000), np)
    assert w.std() == pytest.approx(np.sqrt(2 / 50), rel=0.05)
    with pytest.raises(ValueError, match='fan_option'):
        initializers.HeNormal(fan_option='fan_avg')


def test_debug_mode_switches():
    assert not tapejit.is_debug()
    with tapejit.DebugMode(True):
        assert tapejit.is_debug() and tapejit.config.debug
    tapejit.set_debug(True)
    try:
        assert tapejit.is_debug()
    finally:
        tapejit.set_debug(False)
    assert not tapejit.is_debug()


def test_get_item_with_an_empty_list_selects_nothing():
    x = Variable(np.arange(6.0).reshape(2, 3))
    y = x[[]]
    assert y.shape == (0, 3)
    F.sum(y).backward()
    np.testing.assert_array_equal(x.grad, np.zeros((2, 3)))


def test_link_params_in_the_constructor_add_nan_parameters():
    link = tapejit.Link(x=(2, 3), y=((2,), 'float64'), z=None)
    assert link.x.shape == (2, 3) and link.x.dtype == np.float32
    assert np.isnan(link.x.array).all()
    assert link.y.dtype == np.float64 and link.z.array is None
    assert sorted(name for name, _ in link.namedparams()) == ['/x', '/y', '/z']
    with pytest.raises(TypeError, match='shape or a'):
        tapejit.Link(w='big')


def test_linear_from_params_copies_the_given_weight_and_bias():
    import tapejit.links as L
    W = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = tapejit.Variable(np.array([1.0, -1.0], np.float32))
    link = L.Linear.from_params(W, b)
    assert (link.in_size, link.out_size) == (3, 2)
    np.testing.assert_array_equal(link.W.array, W)
    np.testing.assert_array_equal(link.b.array, b.array)
    assert link.W.array is not W
    assert L.Linear.from_params(W, b, nobias=True).b is None
    with pytest.raises(ValueError, match='Linear.from_params: b has 3 elements'):
        L.Linear.from_params(W, np.zeros(3, np.float32))


def test_generate_array_checks_its_device_and_dtype():
    from tapejit import initializers as I
    a = I.generate_array(I.Constant(2.0), (2,), np, device='@numpy')
    np.testing.assert_array_equal(a, [2.0, 2.0])
    with pytest.raises(ValueError, match='dtype mismatch: float64 != float16'):
        I.generate_array(I.One(dtype=np.float16), (2,), np, dtype=np.float64)
    assert isinstance(I._get_initializer(None), I.LeCunNormal)
    assert isinstance(I._get_initializer(3.0), I.Constant)
