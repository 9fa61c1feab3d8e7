"""Chainer's "Variables and Derivatives" tutorial, run against tapejit.

Every value the tutorial shows is printed after a label line, and the
tutorial's asserts are checked.  At the end, the forward+backward of the
tutorial's polynomial ``y = x**2 - 2*x + 1`` is timed, eagerly and compiled with
``@tapejit.jit``.

Run it with ``python examples/variables_and_derivatives.py``.
"""

import time

import numpy as np

import tapejit as chainer
import tapejit.functions as F  # noqa: F401  (the tutorial's import)
from tapejit import Variable


def show(label, value):
    print(label)
    print(repr(value))


def main():
    # --- A scalar-like input: y = x**2 - 2x + 1 at x = 5.
    x_data = np.array([5], dtype=np.float32)
    x = Variable(x_data)
    y = x**2 - 2 * x + 1
    show('y.array (y = x**2 - 2*x + 1 at x = 5):', y.array)
    assert y.array.tolist() == [16.0]

    y.backward()
    show('x.grad (dy/dx = 2*x - 2):', x.grad)
    assert x.grad.tolist() == [8.0]

    # --- Gradient of an intermediate variable, kept with retain_grad=True.
    z = 2*x
    y = x**2 - z + 1
    y.backward(retain_grad=True)
    show('z.grad (z = 2*x, y = x**2 - z + 1):', z.grad)
    assert z.grad.tolist() == [-1.0]

    # --- A multi-element input: the initial error is set by hand.
    x = Variable(np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32))
    y = x**2 - 2*x + 1
    y.grad = np.ones((2, 3), dtype=np.float32)
    y.backward()
    show('x.grad (2x3 input):', x.grad)
    assert x.grad.tolist() == [[0, 2, 4], [6, 8, 10]]

    # --- Higher-order derivatives (double backprop).
    x = chainer.Variable(np.array([[0, 2, 3], [4, 5, 6]], dtype=np.float32))
    y = x ** 3
    y.grad = np.ones((2, 3), dtype=np.float32)
    y.backward(enable_double_backprop=True)
    show('x.grad_var (first derivative of x**3, 3*x**2):', x.grad_var)
    assert x.grad_var.array is x.grad
    assert (x.grad == (3 * x**2).array).all()

    gx = x.grad_var
    x.cleargrad()
    gx.grad = np.ones((2, 3), dtype=np.float32)
    gx.backward()
    show('x.grad (second derivative of x**3, 6*x):', x.grad)
    assert (x.grad == (6 * x).array).all()

    # --- Timing: forward + backward of the tutorial's polynomial, eager and compiled.
    def step(x):
        x.cleargrad()
        y = x**2 - 2 * x + 1
        y.backward()
        return y

    repeats = 500
    for label, fn in (('eager', step), ('jit', chainer.jit(step))):
        x = Variable(np.array([5], dtype=np.float32))
        for _ in range(20):  # warm-up (and the one trace of the compiled step)
            fn(x)
        t0 = time.perf_counter()
        for _ in range(repeats):
            fn(x)
        elapsed = time.perf_counter() - t0
        assert x.grad.tolist() == [8.0]
        print(f'{label} forward+backward of y = x**2 - 2*x + 1 on this machine:')
        print(f'{elapsed / repeats * 1e6:.1f} us per iteration ({repeats} repeats)')


if __name__ == '__main__':
    main()
