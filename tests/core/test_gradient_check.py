"""gradient_check must pass correct rules and catch wrong ones."""

import numpy as np
import pytest

import tapejit.functions as F
from tapejit import FunctionNode, Variable
from tapejit.gradient_check import (NondifferentiableError, check_backward,
                                    check_double_backward, numerical_grad)


class WrongSquare(FunctionNode):
    """x**2 with a backward that is off by a factor (first order wrong)."""

    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] ** 2,

    def backward(self, target_input_indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 2.1 * x * grad_outputs[0],


class NonDifferentiableBackward(FunctionNode):
    """x**3 whose backward is right but built from raw arrays (second order wrong)."""

    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] ** 3,

    def backward(self, target_input_indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return Variable(3 * x.array ** 2 * grad_outputs[0].array),


def test_numerical_grad_matches_analytical():
    x = np.array([1.0, -2.0, 0.5])
    gy = np.array([1.0, 2.0, 3.0])
    gx, = numerical_grad(lambda: (np.sin(x),), (x,), (gy,))
    np.testing.assert_allclose(gx, np.cos(x) * gy, rtol=1e-6)


def test_check_backward_passes_correct_and_fails_wrong_rules():
    x = np.array([0.5, 1.5, -1.0])
    gy = np.array([1.0, -1.0, 2.0])
    check_backward(F.square, x, gy)
    with pytest.raises(AssertionError, match='does not match finite differences'):
        check_backward(lambda x: WrongSquare().apply((x,))[0], x, gy)


def test_check_double_backward_leaves_out_outputs_whose_gradient_is_none():
    # F.split_axis's second piece has no output gradient: only the first is
    # backpropagated, as in Chainer's check.
    x = np.array([0.5, 1.5, -1.0, 2.0])
    ggx = np.array([0.3, 0.2, -0.4, 0.1])

    def f(x):
        a, b = F.split_axis(x ** 3, 2, 0)
        return a, b * 2

    check_double_backward(f, x, (np.array([1.0, -1.0]), None), ggx)
    check_double_backward(f, x, (None, np.array([2.0, 0.5])), ggx)

    def g(x):  # the first output's backward is not differentiable
        return NonDifferentiableBackward().apply((x,))[0], x ** 2

    with pytest.raises(AssertionError, match='check_double_backward'):
        check_double_backward(g, x, (np.ones(4), None), ggx)


def test_check_double_backward_fails_when_backward_is_not_differentiable():
    x = np.array([0.5, 1.5, -1.0])
    gy, ggx = np.array([1.0, -1.0, 2.0]), np.array([0.3, 0.2, -0.4])
    f = lambda x: NonDifferentiableBackward().apply((x,))[0]  # noqa: E731
    check_backward(f, x, gy)
    with pytest.raises(AssertionError, match='check_double_backward'):
        check_double_backward(f, x, gy, ggx)
    check_double_backward(lambda x: x ** 3, x, gy, ggx)


def test_params_and_no_grads():
    W = Variable(np.array([[1.0, 2.0], [3.0, 4.0]]))
    x = np.array([[0.5, -0.5]])
    t = np.array([1])
    check_backward(lambda x, t: F.softmax_cross_entropy(F.linear(x, W), t), (x, t), None,
                   params=(W,))
    # An input flagged in no_grads comes as a Variable that does not require a
    # gradient; a gradient computed for it all the same is an error (Chainer's).
    check_backward(lambda x, y: F.sum(x * 2 + y.array), (np.array([1.0, 2.0]), np.ones(2)), None,
                   no_grads=[False, True])
    with pytest.raises(RuntimeError, match='input 0 is not checked'):
        check_backward(lambda x: F.sum(x * 2), np.array([1.0, 2.0]), None, no_grads=[True])


def test_detect_nondifferentiable():
    with pytest.raises(NondifferentiableError):
        check_backward(F.absolute, np.array([0.0]), np.array([1.0]),
                       detect_nondifferentiable=True)
