"""Bad inputs raise errors whose messages name the op, the shapes/dtypes and what
was expected."""

from __future__ import annotations

import re

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import DTypeError, FunctionNode, GradientError, ShapeError, Variable


def v(*shape, dtype=np.float64):
    return Variable(np.ones(shape, dtype=dtype))


def raises(exc, *patterns):
    """Context manager: ``exc`` is raised and its message contains every pattern."""
    class _Ctx:
        def __enter__(self):
            self._cm = pytest.raises(exc)
            self.info = self._cm.__enter__()
            return self.info

        def __exit__(self, *a):
            r = self._cm.__exit__(*a)
            if r:  # the expected exception type was raised: check its message
                msg = str(self.info.value)
                for p in patterns:
                    assert re.search(p, msg), f'{p!r} not found in message {msg!r}'
            return r
    return _Ctx()


# ------------------------------------------------------------------ elementwise
def test_add_shapes_do_not_broadcast():
    with raises(ShapeError, r'add: shapes \(2, 3\) and \(4,\) do not broadcast'):
        v(2, 3) + v(4)


@pytest.mark.parametrize('op,name', [
    (lambda a, b: a - b, 'sub'), (lambda a, b: a * b, 'mul'), (lambda a, b: a / b, 'div'),
    (lambda a, b: a // b, 'floordiv'), (lambda a, b: a ** b, 'pow'),
    (F.maximum, 'maximum'), (F.minimum, 'minimum'), (lambda a, b: a < b, 'less'),
    (lambda a, b: a >= b, 'greater_equal')])
def test_binary_shapes_do_not_broadcast(op, name):
    with raises(ShapeError, rf'{name}: shapes \(2, 3\) and \(2,\) do not broadcast'):
        op(v(2, 3), v(2))


def test_three_way_broadcast_error_names_all_shapes():
    with raises(ShapeError, r'where: shapes \(2,\) and \(3,\) and \(3,\) do not broadcast'):
        F.where(np.ones(2, bool), v(3), v(3))


@pytest.mark.parametrize('op,name', [
    (lambda a, b: a + b, 'add'), (lambda a, b: a * b, 'mul'), (F.maximum, 'maximum'),
    (lambda a, b: a ** b, 'pow')])
def test_mixed_float_dtypes(op, name):
    # (matmul and linear promote, as Chainer's do: tests/chainer_api/test_chainer_api.py)
    with raises(DTypeError, rf'{name}: dtypes float32 and float64 differ',
                'expected one dtype'):
        op(v(2, 2, dtype=np.float32), v(2, 2))


def test_mixed_int_and_float():
    with raises(DTypeError, r'add: dtypes int64 and float64 differ'):
        Variable(np.array([1, 2])) + v(2)


@pytest.mark.parametrize('fn', ['exp', 'log', 'tanh', 'sigmoid', 'relu', 'sum', 'softmax',
                                'absolute'])
def test_python_list_input(fn):
    with raises(TypeError, rf'^{fn}: ', 'list', r'numpy\.ndarray', r'numpy\.asarray'):
        getattr(F, fn)([1.0, 2.0])


def test_python_scalar_input_to_unary():
    with raises(TypeError, r'^exp: ', 'float'):
        F.exp(1.0)


def test_binary_with_string():
    with raises(TypeError, r'^add: ', 'str'):
        F.add(v(2), 'x')


def test_both_operands_scalars():
    with raises(TypeError, r'add: at least one operand must be a Variable or an array',
                'float and float'):
        F.add(1.0, 2.0)


@pytest.mark.parametrize('fn', ['log', 'exp', 'sqrt', 'erf', 'sigmoid', 'tanh', 'rsqrt',
                                'softmax', 'log_softmax', 'logsumexp'])
def test_float_only_functions_reject_int_arrays(fn):
    with raises(DTypeError, rf'^{fn}: got dtype int64', 'expected a floating dtype'):
        getattr(F, fn)(np.array([[1, 2]]))


def test_log_of_int_variable():
    with raises(DTypeError, r'log: got dtype int32; expected a floating dtype'):
        F.log(Variable(np.array([1, 2], np.int32)))


def test_int_pow_negative_const():
    with raises(DTypeError, r'pow_const: dtype int64 with exponent -2', 'expected a floating'):
        tapejit.ops.elementwise.pow_const(np.array([2]), p=-2)


def test_where_condition_must_be_bool():
    with raises(DTypeError, r'where: condition has dtype int64; expected bool'):
        F.where(np.array([1, 0]), v(2), v(2))
    with raises(TypeError, r'where: condition must be a bool array'):
        F.where(True, v(2), v(2))


def test_where_branch_dtypes():
    with raises(DTypeError, r'where: dtypes float32 and float64 differ'):
        F.where(np.array([True, False]), v(2, dtype=np.float32), v(2))


def test_clip_bounds():
    with raises(ValueError, r'clip: x_min 1\.0 is greater than x_max 0\.0'):
        F.clip(v(2), 1.0, 0.0)


def test_gelu_approximate():
    with raises(ValueError, r"gelu: approximate must be 'none' or 'tanh', got 'fast'"):
        F.gelu(v(2), approximate='fast')


def test_add_needs_an_input():
    with raises(TypeError, r'add: needs at least one input, got none'):
        F.add()


# ----------------------------------------------------------------------- matmul
def test_matmul_misaligned():
    with raises(ShapeError, r'matmul: shapes \(2, 3\) and \(4, 5\)',
                r'not aligned: 3 != 4'):
        F.matmul(v(2, 3), v(4, 5))


def test_matmul_misaligned_with_trans():
    with raises(ShapeError, r'matmul: shapes \(2, 3\) and \(2, 3\) \(transa=True, '
                r'transb=True\) are not aligned: 2 != 3'):
        F.matmul(v(2, 3), v(2, 3), transa=True, transb=True)


def test_matmul_operator_misaligned():
    with raises(ShapeError, r'matmul: shapes \(2, 3\) and \(2, 3\)'):
        v(2, 3) @ v(2, 3)


def test_matmul_vectors_report_their_own_shapes():
    with raises(ShapeError, r'matmul: shapes \(3,\) and \(4,\)', r'3 != 4'):
        F.matmul(v(3), v(4))
    with raises(ShapeError, r'matmul: shapes \(2, 3\) and \(4,\)', r'3 != 4'):
        F.matmul(v(2, 3), v(4))


def test_matmul_0d():
    with raises(ShapeError, r'matmul: shapes \(\) and \(3,\)', 'at least 1 dimension'):
        F.matmul(v(), v(3))


def test_matmul_batch_does_not_broadcast():
    with raises(ShapeError, r'matmul: shapes \(2,\) and \(3,\) do not broadcast'):
        F.matmul(v(2, 2, 3), v(3, 3, 4))


# --------------------------------------------------------------------- reshape
def test_reshape_wrong_size():
    with raises(ShapeError, r'reshape: cannot reshape an array of shape \(2, 3\) \(size 6\) '
                r'into shape \(4, 2\)', 'expected a shape of size 6'):
        F.reshape(v(2, 3), (4, 2))


def test_reshape_wrong_size_with_minus_one():
    with raises(ShapeError, r'reshape: cannot reshape an array of shape \(2, 3\)',
                r'\(4, -1\)'):
        F.reshape(v(2, 3), (4, -1))


def test_reshape_two_minus_ones():
    with raises(ShapeError, r'reshape: at most one -1'):
        v(2, 3).reshape(-1, -1)


def test_broadcast_to_incompatible():
    with raises(ShapeError, r'broadcast_to: cannot broadcast shape \(2, 3\) to \(3, 3\)'):
        F.broadcast_to(v(2, 3), (3, 3))


def test_sum_to_incompatible():
    with raises(ShapeError, r'sum_to: cannot sum shape \(2, 3\) to shape \(4,\)'):
        F.sum_to(v(2, 3), (4,))


def test_transpose_bad_axes():
    with raises(ShapeError, r'transpose: axes \(0, 0\) are not a permutation',
                r'shape \(2, 3\)'):
        F.transpose(v(2, 3), (0, 0))


def test_squeeze_non_unit_axis():
    with raises(ShapeError, r'squeeze: axis 0 of shape \(2, 3\) has size 2; expected size 1'):
        F.squeeze(v(2, 3), axis=0)


def test_expand_dims_axis_out_of_bounds():
    with raises(ShapeError, r'expand_dims: axis 4 is out of bounds'):
        F.expand_dims(v(2, 3), 4)


@pytest.mark.parametrize('fn', ['sum', 'mean', 'max', 'min', 'logsumexp', 'argmax'])
def test_reduction_axis_out_of_bounds(fn):
    with raises(ShapeError, rf'{fn}: axis 2 is out of bounds for an array of 2 dimensions',
                r'expected -2 <= axis < 2'):
        getattr(F, fn)(v(2, 3), axis=2)


def test_reduction_axis_repeated():
    with raises(ShapeError, r'sum: axis 0 is repeated in \(0, -2\)'):
        F.sum(v(2, 3), axis=(0, -2))


def test_argmax_axis_tuple():
    with raises(TypeError, r'argmax: axis must be an int or None, got \(0, 1\)'):
        F.argmax(v(2, 3), axis=(0, 1))


@pytest.mark.parametrize('fn', ['max', 'min', 'logsumexp'])
def test_reduce_empty_axis(fn):
    with raises(ValueError, rf'{fn}: cannot reduce an empty axis', r'shape \(0, 3\)'):
        getattr(F, fn)(v(0, 3), axis=0)


def test_mean_weights_shape():
    with raises(ShapeError, r'mean: weights have shape \(2,\); expected \(3,\)'):
        F.mean(v(2, 3), axis=1, weights=np.ones(2))


def test_concat_mismatched_shapes():
    with raises(ShapeError, r'concat: shapes \(2, 3\) and \(3, 3\) differ outside axis 1'):
        F.concat([v(2, 3), v(3, 3)], axis=1)


def test_concat_mismatched_dtypes():
    with raises(DTypeError, r'concat: dtypes float64 and float32 differ'):
        F.concat([v(2, 3), v(2, 3, dtype=np.float32)], axis=0)


def test_concat_axis_out_of_bounds():
    with raises(ShapeError, r'concat: axis 2 is out of bounds for inputs of 2 dimensions'):
        F.concat([v(2, 3), v(2, 3)], axis=2)


def test_stack_mismatched_shapes():
    with raises(ShapeError, r'stack: shapes .* differ; expected one shape'):
        F.stack([v(2), v(3)])


def test_split_axis_uneven():
    with raises(ShapeError, r'split_axis: axis 1 of size 5 cannot be split into 2 equal'):
        F.split_axis(v(2, 5), 2, axis=1)


def test_get_item_out_of_range():
    with raises(IndexError, r'get_item: index .* does not fit an array of shape \(2, 3\)'):
        v(2, 3)[0, 5]


def test_get_item_float_index_array():
    with raises(DTypeError, r'get_item: index arrays must be integer or boolean, '
                r'got dtype float64'):
        v(2, 3)[np.array([0.5])]


def test_get_item_bad_index_type():
    with raises(TypeError, r"get_item: unsupported index 'a' of type str"):
        v(2, 3)['a']


def test_select_item_shapes():
    with raises(ShapeError, r'select_item: x has shape \(2, 3\) and t has shape \(3,\)',
                r'expected x of shape \(N, C\) and t of shape \(N,\)'):
        F.select_item(v(2, 3), np.array([0, 1, 2]))


# --------------------------------------------------------------------- nn
def test_linear_wrong_W_shape():
    with raises(ShapeError, r'linear: x has shape \(2, 3\) \(3 input features\) but W has '
                r'shape \(4, 5\); expected W of shape \(out_size, 3\)'):
        F.linear(v(2, 3), v(4, 5))


def test_linear_W_not_2d():
    with raises(ShapeError, r'linear: W has shape \(4,\); expected \(out_size, in_size\)'):
        F.linear(v(2, 3), v(4))


def test_linear_wrong_b_shape():
    with raises(ShapeError, r'linear: b has shape \(3,\); expected \(4,\)'):
        F.linear(v(2, 3), v(4, 3), v(3))


def test_linear_dtypes():
    with raises(DTypeError, r'linear: W has dtype int64; expected a floating dtype'):
        F.linear(v(2, 3, dtype=np.float32), np.ones((4, 3), np.int64))


def test_layer_normalization_gamma_shape():
    with raises(ShapeError, r'layer_normalization: gamma has shape \(4,\); expected \(3,\)',
                r'x of shape \(2, 3\)'):
        F.layer_normalization(v(2, 3), v(4), v(3))


def test_mean_squared_error_shapes():
    with raises(ShapeError, r'mean_squared_error: shapes \(2, 3\) and \(3, 2\) differ'):
        F.mean_squared_error(v(2, 3), v(3, 2))


def test_softmax_cross_entropy_label_shape():
    with raises(ShapeError, r'softmax_cross_entropy: x has shape \(4, 3\) and t has shape '
                r'\(3,\); expected t of shape \(4,\)'):
        F.softmax_cross_entropy(v(4, 3), np.zeros(3, np.int32))


def test_softmax_cross_entropy_label_dtype():
    with raises(DTypeError, r'softmax_cross_entropy: t has dtype float32; expected an '
                r'integer dtype'):
        F.softmax_cross_entropy(v(4, 3), np.zeros(4, np.float32))


def test_softmax_cross_entropy_label_out_of_range():
    with raises(ValueError, r'softmax_cross_entropy: got label\(s\) \[3\] for x with 3 '
                r'classes', r'expected labels in \[0, 3\)', r'ignore_label=-1'):
        F.softmax_cross_entropy(v(4, 3), np.array([0, 1, 3, 0]))


def test_softmax_cross_entropy_negative_label():
    with raises(ValueError, r'got label\(s\) \[-2\]'):
        F.softmax_cross_entropy(v(2, 3), np.array([0, -2]))


def test_softmax_cross_entropy_x_1d():
    with raises(ShapeError, r'softmax_cross_entropy: x has shape \(3,\); expected '
                r'\(batch, classes, ...\)'):
        F.softmax_cross_entropy(v(3), np.zeros(3, np.int32))


def test_softmax_cross_entropy_class_weight_shape():
    with raises(ShapeError, r'softmax_cross_entropy: class_weight has shape \(4,\); '
                r'expected \(3,\)'):
        F.softmax_cross_entropy(v(2, 3), np.array([0, 1]), class_weight=np.ones(4))


def test_softmax_cross_entropy_class_weight_checked_first_as_in_chainer():
    # An integer class_weight is refused with ValueError (Chainer's type) before
    # anything looks at x, even when x itself is not floating.
    x_int = np.array([[0, 1], [2, 3]])
    with raises(ValueError, r'softmax_cross_entropy: class_weight has dtype int32; '
                r'expected a floating dtype'):
        F.softmax_cross_entropy(x_int, np.array([0, 1]),
                                class_weight=np.array([0, 0], np.int32))
    with raises(ShapeError, r'class_weight has shape \(1, 2\); expected \(2,\)'):
        F.softmax_cross_entropy(x_int, np.array([0, 1]),
                                class_weight=np.zeros((1, 2), np.float32))
    # A Variable weight would get no gradient: refused rather than silently constant.
    with raises(ValueError, r'class_weight must be a numpy.ndarray or cupy.ndarray, got '
                r'a Variable'):
        F.softmax_cross_entropy(v(2, 2), np.array([0, 1]),
                                class_weight=tapejit.Variable(np.ones(2)))


def test_sigmoid_cross_entropy_labels():
    with raises(ShapeError, r'sigmoid_cross_entropy: x has shape \(2, 3\) and t has shape '
                r'\(3, 2\); expected t of shape \(2, 3\)'):
        F.sigmoid_cross_entropy(v(2, 3), np.zeros((3, 2), np.int32))
    with raises(DTypeError, r'sigmoid_cross_entropy: t has dtype float64; expected an '
                r'integer dtype'):
        F.sigmoid_cross_entropy(v(2, 3), np.zeros((2, 3)))


def test_dropout_ratio():
    with raises(ValueError, r'dropout: ratio must be in \[0, 1\), got 1\.5'):
        F.dropout(v(2), 1.5)


# -------------------------------------------------------------------- Variable
def test_variable_from_list():
    with raises(TypeError, r'Variable: data must be a numpy\.ndarray or cupy\.ndarray',
                'got list', r'numpy\.asarray'):
        Variable(data=[1, 2])


def test_backward_from_non_scalar_without_grad():
    y = v(2, 3) * 2
    with raises(GradientError, r'backward: the output has shape \(2, 3\)',
                r'no initial gradient', r'y\.grad'):
        y.backward()


def test_backward_from_int_variable():
    # Integer gradients as in Chainer; a float scale of integer ones would truncate.
    x = Variable(np.array([1, 2]))
    y = x * 2
    y.grad = np.array([1, 5])
    y.backward()
    np.testing.assert_array_equal(x.grad, [2, 10])
    with raises(DTypeError, r'backward: loss_scale 0\.5 cannot scale the initial gradient of '
                r'an output of dtype int64', 'expected an integer loss_scale'):
        F.sum(x).backward(loss_scale=0.5)


def test_backward_from_bool_variable():
    y = F.identity(Variable(np.array([True, False])))
    y.grad = np.ones(2, bool)
    with raises(DTypeError, r'backward: cannot backprop from a Variable of dtype bool',
                r'True \+ True is True'):
        y.backward()


def test_set_grad_wrong_shape():
    x = v(2, 3)
    with raises(ShapeError, r'Variable\.grad: gradient shape \(3, 2\) does not match the '
                r'data shape \(2, 3\)'):
        x.grad = np.ones((3, 2))


def test_set_grad_wrong_dtype():
    x = v(2, 3)
    with raises(DTypeError, r'Variable\.grad: gradient dtype float32 does not match the '
                r'data dtype float64'):
        x.grad = np.ones((2, 3), np.float32)


def test_set_grad_not_an_array():
    x = v(2, 3)
    with raises(TypeError, r'Variable\.grad: gradient must be a numpy\.ndarray', 'list'):
        x.grad = [1.0]


def test_grad_mismatched_grad_outputs_length():
    x = v(2)
    y = F.sum(x * 2)
    with raises(ValueError, r'grad: grad_outputs has 2 entries but there are 1 outputs'):
        tapejit.grad([y], [x], grad_outputs=[None, None])


def test_grad_wrong_grad_output_shape():
    x = v(2)
    y = x * 2
    with raises(ShapeError, r'grad: grad_outputs\[0\]', r'\(3,\)', r'\(2,\)'):
        tapejit.grad([y], [x], grad_outputs=[np.ones(3)])


def test_grad_inputs_must_be_variables():
    x = v(2)
    with raises(TypeError, r'grad: inputs\[0\] must be a Variable, got ndarray'):
        tapejit.grad([F.sum(x)], [np.ones(2)])


class WrongShapeGrad(FunctionNode):
    def forward(self, inputs):
        x, = inputs
        return x * 2,

    def backward(self, target_input_indexes, grad_outputs):
        gy, = grad_outputs
        return F.reshape(gy, (-1,)),   # wrong: flattened


class WrongDtypeGrad(FunctionNode):
    def forward(self, inputs):
        x, = inputs
        return x * 2,

    def backward(self, target_input_indexes, grad_outputs):
        gy, = grad_outputs
        return F.cast(gy, np.float32),


def test_function_node_backward_wrong_shape():
    x = v(2, 3)
    y, = WrongShapeGrad().apply((x,))
    with raises(ShapeError, r'WrongShapeGrad', r'shape of gradients returned from backward',
                r'incorrect: \(6,\)', r'\(2, 3\)'):
        F.sum(y).backward()


def test_function_node_backward_wrong_dtype():
    x = v(2, 3)
    y, = WrongDtypeGrad().apply((x,))
    with raises(DTypeError, r'WrongDtypeGrad', r'dtype of gradients', r'incorrect: float32',
                r'float64'):
        F.sum(y).backward()


def test_function_node_input_list():
    with raises(TypeError, r'WrongShapeGrad: input 0 must be a Variable or an array',
                'list'):
        WrongShapeGrad().apply(([1.0],))


@pytest.mark.gpu
def test_mixing_devices():
    cupy = pytest.importorskip('cupy')
    try:
        cupy.cuda.runtime.getDeviceCount()
    except Exception:  # pragma: no cover - no usable GPU
        pytest.skip('no usable GPU')
    a = v(2)
    b = Variable(cupy.ones(2))
    with raises(ValueError, r'add: inputs live on different devices', '@numpy', '@cupy:0'):
        a + b


def test_linear_n_batch_axes():
    with raises(ValueError, r'linear: n_batch_axes must be at least 1, got 0'):
        F.linear(v(2, 3), v(4, 3), n_batch_axes=0)
    with raises(ShapeError, r'linear: x has shape \(3,\); expected at least 2 dimensions'):
        F.linear(v(3), v(4, 3))


def test_stack_list_input():
    with raises(TypeError, r'stack: each input must be a Variable or an array', 'list'):
        F.stack([[1.0], [2.0]])


@pytest.mark.parametrize('fn', [F.sum, F.max, F.min, F.logsumexp, F.squeeze])
@pytest.mark.parametrize('axis, got', [([0], r'list \[0\]'), ((1, 'x'), r"\(1, 'x'\) \(holding "
                                       r'a str\)'), ('a', "str 'a'"), (0.0, 'float 0.0')])
def test_an_axis_of_another_type_is_a_type_error_as_in_chainer(fn, axis, got):
    # (1, 'x') on a 1-d array: the type is reported before the bound.
    with raises(TypeError, rf'{fn.__name__}: axis must be None, an int or a tuple of ints, '
                rf'got {got}'):
        fn(np.ones((1,), np.float32), axis=axis)
