"""Variable: constructor, attributes, operators, methods, formatting."""

import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable


def v(a, **kw):
    return Variable(np.asarray(a, dtype=kw.pop('dtype', np.float32)), **kw)


def test_constructor_and_attributes():
    data = np.arange(6, dtype=np.float32).reshape(2, 3)
    g = np.ones((2, 3), np.float32)
    x = Variable(data, name='x', grad=g, requires_grad=True)
    assert x.array is data and x.data is data
    assert x.grad is g and x.grad_var.array is g
    assert x.name == 'x' and x.requires_grad
    assert x.shape == (2, 3) and x.ndim == 2 and x.size == 6 and x.dtype == np.float32
    assert x.xp is np and str(x.device) == '@numpy'
    assert x.label == '(2, 3), float32'
    assert Variable(np.array(1.0, np.float32)).label == 'float32'
    assert x.creator is None and x.creator_node is None and x.rank == 0
    assert x.node.shape == (2, 3)
    assert len(x) == 2
    assert x.T.shape == (3, 2)
    assert Variable().array is None and Variable().label == 'None'


def test_constructor_rejects_non_arrays():
    with pytest.raises(TypeError, match='Variable: data must be a numpy.ndarray.*got list'):
        Variable([1.0, 2.0])
    with pytest.raises(TypeError, match='got float'):
        Variable(1.0)


def test_repr_str_chainer_format():
    x = Variable(np.array([1.0, 2.0]))
    assert repr(x) == 'variable([1., 2.])'
    assert str(x) == 'variable([1. 2.])'
    x.name = 'x'
    assert repr(x) == 'variable x([1., 2.])'
    assert repr(Variable(np.zeros((0, 3)))) == 'variable([], shape=(0, 3))'


def test_operators_and_reflected_forms():
    a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    b = np.array([[0.5, -1.0], [2.0, 3.0]], np.float32)
    x, y = Variable(a), Variable(b)
    cases = [
        (x + y, a + b), (x - y, a - b), (x * y, a * b), (x / y, a / b),
        (x // y, a // b), (x ** 2, a ** 2), (x @ y, a @ b), (-x, -a), (abs(y), abs(b)),
        (2 + x, 2 + a), (2 - x, 2 - a), (2 * x, 2 * a), (2 / x, 2 / a), (7 // x, 7 // a),
        (2 ** x, 2 ** a), (b + x, b + a), (b - x, b - a), (b @ x, b @ a), (x ** y, a ** b),
        (b ** x, b ** a), (x / 2, a / 2), (x ** 0.5, a ** 0.5),
    ]
    for got, want in cases:
        assert isinstance(got, Variable)
        assert got.dtype == np.float32, (got, want)
        np.testing.assert_allclose(got.array, want, rtol=1e-6)


def test_scalar_promotion_follows_numpy():
    xi = Variable(np.array([1, 2, 3]))
    assert (xi * 2).dtype == xi.dtype
    y = xi * 0.5
    assert y.dtype == np.float64
    np.testing.assert_array_equal(y.array, [0.5, 1.0, 1.5])


def test_comparisons_return_bool_variables_without_grad():
    x = v([1.0, 2.0, 3.0])
    m = x > 1.5
    assert m.dtype == np.bool_ and not m.requires_grad
    np.testing.assert_array_equal((x <= 2).array, [True, True, False])
    assert x == x and x != v([1.0, 2.0, 3.0])  # identity, so Variables work as keys


def test_getitem_forms():
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    x = Variable(a)
    for idx in [1, slice(0, 2), (Ellipsis, 2), (None, 1), (1, None, 2, 0),
                np.array([0, 1, 1]), (slice(None), np.array([2, 0, 2])),
                a[..., 0] > 5, (0, slice(None, None, -1))]:
        np.testing.assert_array_equal(x[idx].array, a[idx])
    y = F.sum(x[(slice(None), np.array([2, 0, 2]))])
    y.backward()
    want = np.zeros_like(a)
    np.add.at(want, (slice(None), np.array([2, 0, 2])), 1)
    np.testing.assert_array_equal(x.grad, want)


def test_bool_float_item_len():
    x = v([3.0])
    assert bool(x) and float(x) == 3.0 and x.item() == 3.0
    with pytest.raises(ValueError, match='more than one element'):
        bool(v([1.0, 2.0]))
    with pytest.raises(TypeError, match='0-dimensional'):
        len(v(1.0))


def test_reshape_transpose_methods():
    x = v(np.arange(6))
    assert x.reshape(2, 3).shape == (2, 3)
    assert x.reshape((3, 2)).shape == (3, 2)
    y = v(np.zeros((2, 3, 4)))
    assert y.transpose().shape == (4, 3, 2)
    assert y.transpose(1, 0, 2).shape == (3, 2, 4)
    assert y.transpose((2, 0, 1)).shape == (4, 2, 3)


def test_cleargrad_zerograd_addgrad_copydata():
    x = v([1.0, 2.0])
    x.grad = np.array([1.0, 1.0], np.float32)
    x.cleargrad()
    assert x.grad is None
    with pytest.warns(DeprecationWarning, match='zerograd'):
        x.zerograd()
    np.testing.assert_array_equal(x.grad, [0.0, 0.0])
    src = v([5.0, 6.0], grad=np.array([1.0, 2.0], np.float32))
    x.addgrad(src)
    x.addgrad(src)
    np.testing.assert_array_equal(x.grad, [2.0, 4.0])
    empty = Variable()
    empty.addgrad(src)
    np.testing.assert_array_equal(empty.grad, [1.0, 2.0])
    x.copydata(src)
    np.testing.assert_array_equal(x.array, [5.0, 6.0])
    u = Variable()
    u.copydata(src)
    np.testing.assert_array_equal(u.array, [5.0, 6.0])


def test_set_creator_and_unchain():
    x = v([1.0, 2.0])
    y = x * 2
    f = y.creator_node
    assert y.creator is f and f.label == 'mul' and y.rank == 1
    y.unchain()
    assert y.creator_node is None
    y.set_creator_node(f)
    assert y.creator_node is f and y.rank == f.rank + 1
    y.creator_node = None
    y.set_creator(f)
    assert y.creator is f
    F.sum(y).backward()
    np.testing.assert_array_equal(x.grad, [2.0, 2.0])


def test_unchain_backward_stops_backprop():
    x = v([1.0, 2.0])
    h = x * 3
    y = F.sum(h * h)
    h.unchain_backward()
    assert h.creator_node is None
    y.backward()
    assert x.grad is None
    np.testing.assert_array_equal(h.grad, [6.0, 12.0])  # h is now a root


def test_split_axis_negative_indices():
    x = Variable(np.arange(10.0).reshape(5, 2))
    assert [y.shape for y in F.split_axis(x, [2, -1], axis=0)] == [(2, 2), (2, 2), (1, 2)]
    assert [y.shape for y in F.split_axis(x, [-2], axis=0)] == [(3, 2), (2, 2)]


def test_devices():
    x = v([1.0], grad=np.array([2.0], np.float32))
    assert x.to_device('@numpy') is x and x.to_cpu() is x
    assert x.to_intel64() is x and isinstance(x.array, np.ndarray)
    with pytest.raises(RuntimeError, match='ChainerX is not part of tapejit'):
        x.to_chx()
    with pytest.raises(RuntimeError, match='ChainerX'):
        x.from_chx()
    with pytest.raises(ValueError, match='not a ChainerX array'):
        x.chx_array
    with pytest.raises(ValueError, match='not supported'):
        x.to_device('native:0')
    with pytest.raises(ValueError, match='invalid device'):
        x.to_device('@tpu')
    if tapejit.backends.cupy_or_none() is None:
        with pytest.raises(RuntimeError, match='CuPy is not installed'):
            x.to_gpu()


def test_requires_grad_false_gets_no_gradient():
    x = v([1.0, 2.0])
    c = v([3.0, 4.0], requires_grad=False)
    F.sum(x * c).backward()
    assert c.grad is None
    np.testing.assert_array_equal(x.grad, [3.0, 4.0])
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        z = c * 2
    assert not z.requires_grad and z.creator is None


def test_a_constructed_variable_has_its_node_and_chainers_rank_name():
    # Chainer's code reads and sets ``x._node._rank`` on a fresh Variable.
    x = tapejit.Variable(np.zeros(2, np.float32), name='x')
    assert x._node is not None and x._node is x.node
    assert (x.node.shape, x.node.dtype, x.node.name) == ((2,), np.float32, 'x')
    x._node._rank = 3
    assert x.rank == 3 and x.node.rank == 3
    assert (x * 2).rank == 4


def test_variable_node_refuses_a_gradient_as_chainer():
    from tapejit.core.variable import VariableNode
    with pytest.raises(ValueError, match='grad_var'):
        VariableNode(tapejit.Variable(), '', grad=None)
