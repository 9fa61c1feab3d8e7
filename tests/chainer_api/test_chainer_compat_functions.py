"""Behaviours of tapejit.functions and tapejit.gradient_check that Chainer's own
tests rely on (tools/chainer_conformance runs those tests; these keep the
behaviours in CI)."""

import math

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import gradient_check
from tapejit.gradient_check import (NondifferentiableError, check_backward,
                                    check_double_backward, numerical_grad)


# ------------------------------------------------------------ gradient_check
def _detects(f, x, eps=1e-3):
    x = np.asarray(x, np.float32)
    gy = np.ones_like(x)
    try:
        numerical_grad(lambda: (f(x),), (x,), (gy,), eps=eps, detect_nondifferentiable=True)
    except NondifferentiableError:
        return True
    return False


def _step(x):
    y = np.zeros_like(x)
    y[x > 0] = 1
    return y


@pytest.mark.parametrize('f, x, eps, expected', [
    (abs, [0.0], 1e-3, True),
    (abs, [0.8e-3], 1e-3, True),
    (abs, [1.2e-3], 1e-3, False),     # the samples stay on one side of the kink
    (_step, [0.8e-3], 1e-3, True),
    (_step, [-1.2e-3], 1e-3, False),
    (np.floor, [100 + 0.8e-3], 1e-3, True),
    (np.floor, [100 - 1.2e-3], 1e-3, False),
    (np.tan, [3 * math.pi / 2 - 0.8e-3], 1e-3, True),
    (np.tan, [0.8e-3], 1e-3, False),
    (np.log, [0.0], 1e-3, True),      # finite on one side only
    (np.log, [-10.0], 1e-3, False),   # non-finite throughout: nothing to say
    (lambda x: -3 * x ** 3 + 2 * x ** 2 + 1, [0.0], 1e-3, False),
    (lambda x: -3 * x ** 3 + 2 * x ** 2 + 1, [0.0], 1e-1, True),  # eps too large
])
def test_numerical_grad_detects_nondifferentiable_points_as_chainer(f, x, eps, expected):
    with np.errstate(all='ignore'):
        assert _detects(f, x, eps) is expected


def test_numerical_grad_with_detection_is_of_third_order():
    x = np.array([0.3, -0.7])
    gx, = numerical_grad(lambda: (x ** 3,), (x,), (np.ones(2),), eps=1e-2,
                         detect_nondifferentiable=True)
    np.testing.assert_allclose(gx, 3 * x ** 2, rtol=1e-12)


@pytest.mark.parametrize('eps', [0, -1.0])
def test_numerical_grad_refuses_a_non_positive_eps_as_chainer(eps):
    x = np.array([1.0])
    for error in (AssertionError, ValueError):
        with pytest.raises(error, match='eps must be positive'):
            numerical_grad(lambda: (x,), (x,), (np.ones(1),), eps=eps)


def test_numerical_grad_refuses_integer_inputs():
    with pytest.raises(RuntimeError, match='floating dtype'):
        numerical_grad(lambda: (1,), (np.array([1]),), (1,))


def test_check_backward_passes_unchecked_inputs_as_variables():
    seen = []

    def f(x, t):
        seen.append((type(t), t.requires_grad, t.dtype))
        return x * (t.array if t.dtype.kind == 'f' else 2)

    x, t = np.array([1.0, 2.0]), np.array([3.0, 4.0])
    check_backward(f, (x, t), np.ones(2), no_grads=[False, True], dtype=np.float64)
    check_backward(f, (x, np.array([0, 1])), np.ones(2))
    assert {s[0] for s in seen} == {tapejit.Variable}
    # (the backward pass gives a float input flagged in no_grads a Variable
    # requiring a gradient, as Chainer does, to check that none is computed)
    assert [s[1] for s in seen if s[2] == np.float64] == [True, False, False]


def test_check_backward_refuses_a_gradient_of_an_unchecked_input():
    x, y = np.array([2.0]), np.array([3.0])
    with pytest.raises(RuntimeError, match='input 0 is not checked'):
        check_backward(lambda x, y: x + y.array, (x, y), np.array([5.0]),
                       no_grads=[True, True])
    # Checked, it fails on the numbers: the function depends on y.
    with pytest.raises(AssertionError):
        check_backward(lambda x, y: x + y.array, (x, y), np.array([5.0]))


def test_check_double_backward_takes_one_param_and_its_grad_grad():
    ones = np.ones((2, 3), np.float32)
    param = tapejit.Variable(ones.copy())
    check_double_backward(lambda x: x * param, ones, ones, ones, param, ones,
                          atol=1e-3, rtol=1e-3)


def test_check_backward_omitted_y_grad_needs_a_scalar_output():
    with pytest.raises(ValueError, match='single output of shape'):
        check_backward(lambda x: x * 2, np.ones(1), None)


@pytest.mark.parametrize('size', [0, 1, 5, 64])
def test_sample_unit_vector(size):
    y = gradient_check._CheckBackward._sample_unit_vector(size, np)
    assert y.shape == (size,)
    if size:
        np.testing.assert_allclose(np.square(y).sum(), 1.0)
        assert np.abs(y).min() >= 0.1 / np.sqrt(size)


# ------------------------------------------------------------ trigonometric
def _arctan2_points(dtype, n=400):
    rng = np.random.default_rng(1)
    x1 = rng.uniform(-10, 10, n).astype(dtype)
    x2 = rng.uniform(-10, 10, n).astype(dtype)
    # the axes, the origin and both signs of each
    x1[:8] = [0, 0, 1, -1, 0, 2, -2, 3]
    x2[:8] = [0, -1, 0, 0, 1, 2, -2, -3]
    return x1, x2


@pytest.mark.parametrize('dtype', [np.float16, np.float32, np.float64])
def test_arctan2_matches_numpy(dtype):
    x1, x2 = _arctan2_points(dtype)
    y = F.arctan2(x1, x2)
    assert y.dtype == dtype
    np.testing.assert_allclose(y.array, np.arctan2(x1, x2),
                               rtol=0 if dtype == np.float16 else 4 * np.finfo(dtype).eps,
                               atol=4 * np.finfo(dtype).eps)


def test_arctan2_gradients_and_double_gradients():
    rng = np.random.default_rng(2)
    x1, x2 = rng.uniform(-3, 3, (2, 5, 4))
    x2[0] = -np.abs(x2[0])  # the left half plane too
    gy, gg1, gg2 = rng.uniform(-1, 1, (3, 5, 4))
    check_backward(F.arctan2, (x1, x2), gy, atol=1e-6, rtol=1e-5)
    check_double_backward(F.arctan2, (x1, x2), gy, (gg1, gg2), atol=1e-5, rtol=1e-4)
    a, b = tapejit.Variable(x1), tapejit.Variable(x2)
    g1, g2 = tapejit.grad([F.arctan2(a, b)], [a, b], [np.ones_like(x1)])
    sq = x1 ** 2 + x2 ** 2
    np.testing.assert_allclose(g1.array, x2 / sq, rtol=1e-12)
    np.testing.assert_allclose(g2.array, -x1 / sq, rtol=1e-12)


def test_arctan2_under_jit_matches_eager():
    x1, x2 = _arctan2_points(np.float32)
    f = tapejit.jit(lambda a, b: F.arctan2(a, b))
    np.testing.assert_allclose(f(x1, x2).array, F.arctan2(x1, x2).array, rtol=3e-7, atol=3e-7)


def test_arctan2_refuses_integer_inputs():
    with pytest.raises(tapejit.DTypeError, match='arctan2: x1 has dtype int64'):
        F.arctan2(np.array([1]), np.array([1.0]))


@pytest.mark.parametrize('name', ['sin', 'cos', 'tan', 'arcsin', 'arccos', 'arctan'])
def test_trigonometric_node_classes(name):
    import tapejit.functions.math.trigonometric as T
    cls = getattr(tapejit.functions.math.trigonometric, name.capitalize())
    assert cls is getattr(T, name.capitalize())
    assert cls().label == name
    x = tapejit.Variable(np.array([0.25, -0.5]))
    y, = cls().apply((x,))
    np.testing.assert_array_equal(y.array, getattr(np, name)(x.array))
    y.grad = np.ones(2)
    y.backward()
    expected = tapejit.grad([getattr(F, name)(x)], [x], [np.ones(2)])[0]
    np.testing.assert_array_equal(x.grad, expected.array)
    out, = cls().forward((x.array,))
    np.testing.assert_array_equal(out, y.array)


def test_arctan2_node_class():
    from tapejit.functions.math.trigonometric import Arctan2
    assert Arctan2().label == 'arctan2'
    y, = Arctan2().apply((np.array([1.0]), np.array([-1.0])))
    np.testing.assert_allclose(y.array, [3 * np.pi / 4])


# ------------------------------------------------------------------ dropout
def test_dropout_creator_holds_its_mask():
    x = tapejit.Variable(np.random.default_rng(3).uniform(-1, 1, (3, 4)).astype(np.float32))
    with tapejit.using_config('train', True):
        y = F.dropout(x, 0.3)
    node = y.creator
    assert isinstance(node, tapejit.functions.noise.dropout.Dropout)
    assert node.mask.dtype == np.float32 and node.mask.shape == (3, 4)
    np.testing.assert_array_equal(y.array, x.array * node.mask)
    y.grad = np.ones((3, 4), np.float32)
    y.backward()
    np.testing.assert_array_equal(x.grad, node.mask)


def test_dropout_node_reuses_its_mask_and_differentiates_twice():
    from tapejit.functions.noise.dropout import Dropout
    rng = np.random.default_rng(4)
    x, gy, ggx = rng.uniform(-1, 1, (3, 2, 3))
    node = Dropout(0.5)
    y1, = node.apply((x,))
    y2, = node.apply((x,))
    np.testing.assert_array_equal(y1.array, y2.array)
    assert set(np.unique(node.mask)) <= {0.0, 2.0}

    def f(x):
        return node.apply((x,))

    check_backward(f, x, gy, dtype=np.float64)
    check_double_backward(f, x, gy, ggx, dtype=np.float64)
    with pytest.raises(ValueError, match=r'dropout: ratio must be in \[0, 1\), got 1.0'):
        Dropout(1.0)


def test_dropout_with_a_mask_agrees_eagerly_and_under_jit():
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (2, 3)).astype(np.float32)
    mask = (rng.uniform(size=(2, 3)) > 0.5).astype(np.float32) * 2
    f = tapejit.jit(lambda x, m: F.dropout(x, 0.5, mask=m))
    with tapejit.using_config('train', True):
        y, m = F.dropout(x, 0.5, mask=mask, return_mask=True)
        assert m is mask
        np.testing.assert_array_equal(f(x, mask).array, y.array)


# ----------------------------------------------------------------- get_item
@pytest.mark.parametrize('index', [[[]], ([[]],), ([[]], slice(None))])
def test_get_item_takes_nested_empty_lists_as_numpy(index):
    x = np.arange(24.0).reshape(4, 3, 2)
    y = F.get_item(tapejit.Variable(x), index)
    assert y.shape == x[index].shape
    f = tapejit.jit(lambda x: F.get_item(x, index))
    assert f(x).shape == x[index].shape


def test_get_item_refuses_two_ellipses_with_chainers_error():
    x = np.zeros((4, 3, 2))
    for error in (ValueError, IndexError):
        with pytest.raises(error, match='has 2 ellipses'):
            F.get_item(x, (Ellipsis, Ellipsis))


# ------------------------------------------------------------ small ones
@pytest.mark.parametrize('f', [
    lambda x: F.reshape(x, (2, 3)),
    lambda x: F.broadcast_to(x, (2, 3)),
    lambda x: F.cast(x, np.float64),
])
def test_noop_on_an_array_wraps_the_same_array(f):
    x = np.zeros((2, 3))
    y = f(x)
    assert isinstance(y, tapejit.Variable) and y.array is x


def test_broadcast_of_nothing_is_an_invalid_type():
    from tapejit.utils import type_check
    for error in (type_check.InvalidType, ValueError):
        with pytest.raises(error, match='broadcast: needs at least one input'):
            F.broadcast()


def test_split_axis_refuses_decreasing_split_points():
    with pytest.raises(ValueError, match=r'split points \[2, 1\] on axis 1 of size 3 are not'):
        F.split_axis(np.zeros((2, 3, 4), np.float32), [2, 1], 1)
    ys = F.split_axis(np.zeros((2, 3, 4), np.float32), [1, 1, 2], 1)
    assert [y.shape[1] for y in ys] == [1, 0, 1, 1]


def test_mean_squared_error_needs_floating_inputs():
    from tapejit.utils import type_check
    x = np.zeros((4, 3), np.int32)
    with pytest.raises(type_check.InvalidType, match='mean_squared_error: x0 and x1 have dtype '
                       'int32'):
        F.mean_squared_error(x, x)


def test_clip_needs_a_bound():
    with pytest.raises(ValueError, match='clip: x_min and x_max are both None'):
        F.clip(np.zeros(3, np.float32), None, None)
    np.testing.assert_array_equal(F.clip(np.array([-2.0, 2.0]), None, 1.0).array, [-2.0, 1.0])


@pytest.mark.parametrize('name', ['log2', 'log10'])
def test_float16_log2_log10_are_numpys(name):
    x = np.random.default_rng(6).uniform(0.01, 100, 20000).astype(np.float16)
    y = getattr(F, name)(x)
    assert y.dtype == np.float16
    np.testing.assert_array_equal(y.array, getattr(np, name)(x))
    f = tapejit.jit(getattr(F, name))
    np.testing.assert_allclose(f(x).array.astype(np.float32), y.array.astype(np.float32),
                               rtol=1e-3)


def test_generate_array_follows_config_dtype():
    from tapejit import initializers
    with tapejit.using_config('dtype', 'float16'):
        assert initializers.generate_array(initializers.Zero(), (), np).dtype == np.float16
        assert initializers.generate_array(initializers.Zero('float64'), (), np).dtype \
            == np.float64
    assert initializers.generate_array(initializers.Zero(), (), np).dtype == np.float32


def test_soft_target_gets_no_gradient_as_in_chainer():
    rng = np.random.default_rng(7)
    x = rng.standard_normal((3, 4))
    t = F.softmax(rng.standard_normal((3, 4))).array
    check_backward(F.softmax_cross_entropy, (x, t), None, no_grads=(False, True),
                   dtype=np.float64)
    tv = tapejit.Variable(t)
    xv = tapejit.Variable(x)
    F.softmax_cross_entropy(xv, tv).backward()
    assert tv.grad is None and xv.grad is not None


def test_add_of_one_input_is_that_input_on_the_graph():
    x = tapejit.Variable(np.array([1.0, 2.0]))
    y = F.add(x)
    assert y is not x and y.creator is not None
    F.sum(y * 3).backward()
    np.testing.assert_array_equal(x.grad, [3.0, 3.0])


# ------------------------------------------------- softmax_cross_entropy's node
@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 5)])
@pytest.mark.parametrize('cache_score', [True, False])
def test_softmax_cross_entropy_creator_holds_the_softmax(shape, cache_score):
    rng = np.random.default_rng(0)
    x = tapejit.Variable(rng.standard_normal(shape))
    t = rng.integers(0, shape[1], (shape[0],) + shape[2:])
    loss = F.softmax_cross_entropy(x, t, cache_score=cache_score)
    node = loss.creator
    assert type(node).__name__ == 'SoftmaxCrossEntropy' and node.cache_score == cache_score
    if cache_score:
        e = np.exp(x.array - x.array.max(axis=1, keepdims=True))
        np.testing.assert_allclose(node.y, e / e.sum(axis=1, keepdims=True), rtol=1e-12)
    else:
        assert node.y is None


def test_softmax_cross_entropy_node_keeps_gradients_of_any_order():
    rng = np.random.default_rng(1)
    x0 = rng.standard_normal((4, 3))
    t = np.array([0, 2, 1, -1])
    x = tapejit.Variable(x0)
    gx, = tapejit.grad([F.softmax_cross_entropy(x, t)], [x], enable_double_backprop=True)
    ggx, = tapejit.grad([F.sum(gx * gx)], [x])
    plain = tapejit.jit(lambda a: F.softmax_cross_entropy(a, t))
    assert np.float64(plain(x0).array) == F.softmax_cross_entropy(x0, t).array
    check_double_backward(lambda a: F.softmax_cross_entropy(a, t), x0, None,
                          rng.standard_normal(x0.shape), atol=1e-5, rtol=1e-4)
    assert ggx.shape == x0.shape


# ------------------------------------------------------------------ basic_math
def test_basic_math_node_labels_are_chainers():
    from tapejit.functions.math import basic_math as bm
    assert [bm.Neg().label, bm.Absolute().label, bm.Add().label, bm.Sub().label,
            bm.Mul().label, bm.Div().label, bm.PowVarVar().label] == \
        ['__neg__', '|_|', '_ + _', '_ - _', '_ * _', '_ / _', '_ ** _']
    assert [bm.AddConstant(2.0).label, bm.SubFromConstant(-2).label,
            bm.MulConstant(np.float32(2)).label, bm.DivFromConstant(np.ones(2)).label,
            bm.PowVarConst(3).label, bm.PowConstVar(0.0).label] == \
        ['_ + 2.0', '(-2) - _', '_ * 2.0', 'constant array / _', '_ ** 3', '0.0 ** _']
    with pytest.raises(ValueError, match='basic_math'):
        bm.AddConstant('two').label


@pytest.mark.parametrize('name, args, ref', [
    ('Neg', (), lambda x: -x), ('Absolute', (), np.abs),
    ('AddConstant', (2.0,), lambda x: x + 2.0), ('SubFromConstant', (2.0,), lambda x: 2.0 - x),
    ('MulConstant', (3.0,), lambda x: x * 3.0), ('DivFromConstant', (2.0,), lambda x: 2.0 / x),
    ('PowVarConst', (3.0,), lambda x: x ** 3.0), ('PowConstVar', (2.0,), lambda x: 2.0 ** x)])
def test_basic_math_unary_nodes_compute_and_differentiate_twice(name, args, ref):
    from tapejit.functions.math import basic_math as bm
    x0 = np.array([0.7, 1.3, 2.1])
    y, = getattr(bm, name)(*args).apply((x0,))
    np.testing.assert_allclose(y.array, ref(x0))

    def f(x):
        return getattr(bm, name)(*args).apply((x,))[0]
    check_backward(f, x0, np.ones(3))
    check_double_backward(f, x0, np.ones(3), np.ones(3))


@pytest.mark.parametrize('name, ref', [('Add', np.add), ('Sub', np.subtract),
                                       ('Mul', np.multiply), ('Div', np.divide),
                                       ('PowVarVar', np.power)])
def test_basic_math_binary_nodes_broadcast_and_differentiate(name, ref):
    from tapejit.functions.math import basic_math as bm
    x0, y0 = np.array([[0.7, 1.3, 2.1]]), np.array([[1.5], [0.5]])
    z, = getattr(bm, name)().apply((x0, y0))
    np.testing.assert_allclose(z.array, ref(x0, y0))
    check_backward(lambda x, y: getattr(bm, name)().apply((x, y))[0], (x0, y0),
                   np.ones((2, 3)))


# ------------------------------------------------------------ type_check text
def test_invalid_type_writes_a_numpy_type_as_chainer_does():
    from tapejit.utils import type_check

    class Node(tapejit.FunctionNode):
        def check_type_forward(self, in_types):
            type_check.expect(in_types[0].dtype == np.float32)

        def forward(self, inputs):
            return inputs
    with pytest.raises(type_check.InvalidType,
                       match=r"Expect: in_types\[0\]\.dtype == <class 'numpy\.float32'>"):
        Node().apply((tapejit.Variable(np.ones(2)),))
