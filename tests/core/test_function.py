"""Old-style ``tapejit.Function`` (forward and backward on arrays), as Chainer has it."""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Function, FunctionAdapter, TraceError, Variable


class Square(Function):
    def forward(self, inputs):
        x, = inputs
        return x * x,

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        return 2 * x * gy,


class Split(Function):
    """Two outputs; backward sees None for an output without a gradient."""

    def forward_cpu(self, inputs):
        x, = inputs
        return x * 2, x * 3

    def backward_cpu(self, inputs, grad_outputs):
        g0, g1 = grad_outputs
        gx = np.zeros_like(inputs[0])
        if g0 is not None:
            gx += 2 * g0
        if g1 is not None:
            gx += 3 * g1
        return gx,


def test_forward_backward_on_arrays():
    x = Variable(np.array([3.0, -1.0]))
    y = Square()(x)
    assert isinstance(y, Variable)
    np.testing.assert_array_equal(y.array, [9.0, 1.0])
    F.sum(y).backward()
    np.testing.assert_array_equal(x.grad, [6.0, -2.0])


def test_several_outputs_and_none_gradients():
    x = Variable(np.array([1.0, 2.0]))
    a, b = Split()(x)
    F.sum(b).backward()  # only the second output has a gradient
    np.testing.assert_array_equal(x.grad, [3.0, 3.0])


def test_creator_is_the_function_and_node_is_its_adapter():
    f = Square()
    x = Variable(np.array([2.0]))
    y = f(x)
    assert y.creator is f
    assert isinstance(y.creator_node, FunctionAdapter)
    assert y.creator_node.function is f and f.node is y.creator_node
    assert y.rank == 1 and f.rank == 0
    assert f.inputs == (x.node,)
    v = Variable()
    g = Function()
    v.creator = g
    assert v.creator is g and v.creator_node is g.node and v.rank == 1


def test_retain_inputs_empty_gives_none_to_backward():
    seen = []

    class NoKeep(Function):
        def forward(self, inputs):
            self.retain_inputs(())
            return inputs[0] + 1,

        def backward(self, inputs, grad_outputs):
            seen.append(inputs)
            return grad_outputs

    x = Variable(np.array([1.0]))
    NoKeep()(x).backward()
    assert seen == [(None,)]
    np.testing.assert_array_equal(x.grad, [1.0])


@pytest.mark.parametrize('bad, exc, what', [
    ([1], TypeError, 'Type of grad is invalid'),
    ((np.array([1], np.int32),), TypeError, 'Dtype of data and grad mismatch'),
    ((np.array([1.0, 2.0], np.float32),), ValueError, 'Shape of data and grad mismatch'),
])
def test_a_wrong_gradient_names_the_function(bad, exc, what):
    class Dummy(Function):
        label = 'dummy_function'

        def forward(self, inputs):
            return np.array(1, np.float32),

        def backward(self, inputs, grads):
            return bad

    x = Variable(np.array([1], np.float32))
    y = Dummy()(x)
    with pytest.raises(exc, match=rf'Function `Dummy` \(dummy_function\) has a bug.\n{what}'):
        y.backward()


def test_twice_differentiating_raises_instead_of_giving_zero():
    class Ident(Function):
        def forward(self, inputs):
            return inputs

        def backward(self, inputs, grad_outputs):
            return grad_outputs

    x = Variable(np.array(42, np.float32))
    y = Ident()(F.identity(x))
    y.backward(enable_double_backprop=True)
    with pytest.raises(RuntimeError, match='cannot twice-differentiate an old style '
                       'Function "Ident"'):
        x.grad_var.backward()
    # grad() reaches the gradient on no path to x, yet refuses rather than
    # answer None: d(x.grad)/d(anything behind it) is unknown here.
    with pytest.raises(RuntimeError, match='twice-differentiate'):
        tapejit.grad([x.grad_var], [x])


def test_check_type_forward_is_called():
    from tapejit.utils import type_check

    class Floats(Function):
        def check_type_forward(self, in_types):
            type_check.expect(in_types[0].dtype.kind == 'f')

        def forward(self, inputs):
            return inputs

    Floats()(np.ones(2))
    with pytest.raises(type_check.InvalidType, match=r'Floats \(Forward\)'):
        Floats()(np.ones(2, np.int32))


def test_output_data_holds_the_retained_outputs():
    class Keep(Function):
        def forward(self, inputs):
            self.retain_outputs((1,))
            return inputs[0] * 2, inputs[0] * 3

    f = Keep()
    ys = f(Variable(np.array([1.0])))  # noqa: F841  (the graph lives while its outputs do)
    d0, d1 = f.output_data
    assert d0 is None
    np.testing.assert_array_equal(d1, [3.0])


def test_under_jit_a_trace_error_names_the_class():
    @tapejit.jit
    def step(x):
        return F.sum(Square()(x))

    with pytest.raises(TraceError, match='Square is an old-style Function'):
        step(np.array([1.0, 2.0]))


def test_under_jit_with_eager_fallback_the_answer_is_right():
    step = tapejit.jit(lambda x: F.sum(Square()(x)), fallback='eager')
    with pytest.warns(RuntimeWarning):
        y = step(np.array([1.0, 2.0]))
    assert float(y.array) == 5.0


def test_chainer_module_path():
    import tapejit.function as function
    assert function.Function is tapejit.Function
    assert function.no_backprop_mode is tapejit.no_backprop_mode
