"""A user-defined differentiable function: ``FunctionNode`` with double backprop.

``Squareplus`` is the smooth ReLU ``f(x) = (x + sqrt(x**2 + b)) / 2``.  Its
``forward`` works on arrays and its ``backward`` is written with tapejit
functions on Variables, so the backward pass can itself be differentiated:
second derivatives come for free.  Because ``forward`` uses only array
operators (``+ - * / **``), the same class also runs inside ``@tapejit.jit``,
where it is recorded into the compiled graph (a forward that calls NumPy
functions such as ``np.exp`` needs ``tapejit.jit(fn, fallback='eager')``).

The script checks the gradients against finite differences, prints the
values and first and second derivatives at a few points (eagerly and
compiled), fits ``sin(x)`` with a small network that uses the function and
compares the time of an eager and a compiled training step.

    python examples/custom_function.py
"""

import argparse
import time

import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import gradient_check
from tapejit import links as L
from tapejit import optimizers


class Squareplus(tapejit.FunctionNode):
    """``(x + sqrt(x**2 + b)) / 2`` elementwise."""

    def __init__(self, b=4.0):
        self.b = b

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))  # backward needs x
        return 0.5 * (x + (x * x + self.b) ** 0.5),

    def backward(self, target_input_indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        # f'(x) = (1 + x / sqrt(x**2 + b)) / 2, written with tapejit functions so
        # that it is differentiable again.
        return gy * 0.5 * (1 + x / F.sqrt(x * x + self.b)),


def squareplus(x, b=4.0):
    """Apply :class:`Squareplus` to ``x`` (a Variable or an array)."""
    y, = Squareplus(b).apply((x,))
    return y


def derivatives(x):
    """``f(x)``, ``f'(x)`` and ``f''(x)`` of squareplus by (double) backprop."""
    x = tapejit.Variable(x) if not isinstance(x, tapejit.Variable) else x
    y = squareplus(x)
    gx, = tapejit.grad([F.sum(y)], [x], enable_double_backprop=True)
    ggx, = tapejit.grad([F.sum(gx)], [x])
    return y, gx, ggx


class Net(tapejit.Chain):
    def __init__(self, n_units):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(1, n_units)
            self.l2 = L.Linear(n_units, n_units)
            self.l3 = L.Linear(n_units, 1)

    def forward(self, x):
        return self.l3(squareplus(self.l2(squareplus(self.l1(x)))))


def show(label, value):
    print(label)
    print(np.array2string(np.asarray(value), precision=6, separator=', '))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--steps', type=int, default=2000, help='training steps of the fit')
    parser.add_argument('--units', type=int, default=32)
    parser.add_argument('--timing-repeats', type=int, default=300)
    args = parser.parse_args(argv)

    # 1. Gradients checked against finite differences (first and second order).
    rng = np.random.default_rng(0)
    x = rng.standard_normal(5)
    gradient_check.check_backward(squareplus, x, rng.standard_normal(5))
    gradient_check.check_double_backward(squareplus, x, rng.standard_normal(5),
                                         rng.standard_normal(5))
    print('check_backward and check_double_backward: passed')

    # 2. Values and derivatives at a few points; f''(x) = b / (2 (x**2 + b)**1.5).
    points = np.array([-2.0, 0.0, 1.0, 3.0])
    y, gx, ggx = derivatives(points)
    show('squareplus(x) at x = [-2, 0, 1, 3]:', y.array)
    show("first derivative f'(x):", gx.array)
    show("second derivative f''(x):", ggx.array)
    exact = 4.0 / (2 * (points ** 2 + 4.0) ** 1.5)
    assert np.allclose(ggx.array, exact, rtol=1e-12), (ggx.array, exact)

    compiled = tapejit.jit(derivatives)
    cy, cgx, cggx = compiled(points)
    same = all(np.allclose(a.array, b.array, rtol=1e-12, atol=0)
               for a, b in ((y, cy), (gx, cgx), (ggx, cggx)))
    print(f'compiled with @tapejit.jit: same values: {same}')
    assert same

    # 3. Fit sin(x) on [-3, 3] with a network using squareplus activations.
    xs = np.linspace(-3, 3, 128, dtype=np.float32).reshape(-1, 1)
    ts = np.sin(xs)
    np.random.seed(0)
    model = Net(args.units)
    opt = optimizers.Adam(alpha=0.01).setup(model)

    def train_step(model, x, t):
        loss = F.mean_squared_error(model(x), t)
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss

    step = tapejit.jit(train_step)
    for i in range(args.steps):
        loss = step(model, xs, ts)
    mse = float(loss.array)
    print(f'fit of sin(x) after {args.steps} compiled Adam steps: mean squared error '
          f'{mse:.2e}')

    # 4. Eager and compiled training steps timed on this machine.
    times = {}
    for name, fn in (('eager', train_step), ('jit', tapejit.jit(train_step))):
        np.random.seed(0)
        model = Net(args.units)
        opt = optimizers.Adam(alpha=0.01).setup(model)
        for _ in range(5):
            fn(model, xs, ts)
        samples = []
        for _ in range(args.timing_repeats):
            t0 = time.perf_counter()
            fn(model, xs, ts)
            samples.append(time.perf_counter() - t0)
        times[name] = float(np.median(samples))
    print(f'one training step (batch {len(xs)}) on this machine: eager '
          f'{times["eager"] * 1e3:.3f} ms, jit {times["jit"] * 1e3:.3f} ms '
          f'({times["eager"] / times["jit"]:.2f}x)')
    return mse


if __name__ == '__main__':
    main()
