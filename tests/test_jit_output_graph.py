"""Outputs of a jitted function carry a graph, as eager outputs do.

``y = jf(x); y.backward()`` reaches ``x`` and the Variables ``jf`` closes
over; ``tapejit.grad`` through a jitted call gives second and third
derivatives.  Each result is compared with the same function run eagerly,
and with finite differences (float64).
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import GradientError, Variable, gradient_check

RNG = np.random.default_rng(7)
W = Variable(RNG.standard_normal((3, 4)))
B = Variable(RNG.standard_normal(4))


def _f(x):
    return F.sum(F.tanh(F.matmul(x, W) + B) ** 2)


@pytest.fixture(scope='module', params=['cpu', 'interpret'])
def jf(request):
    return tapejit.jit(_f, target=request.param)


def _grads(fn, x):
    for v in (W, B, x):
        v.cleargrad()
    y = fn(x)
    y.backward()
    return y, [v.grad.copy() for v in (W, B, x)]


def test_backward_outside_reaches_the_arguments_and_the_closure(jf):
    for _ in range(3):  # (the call after the first runs the cached plan)
        x = Variable(RNG.standard_normal((2, 3)))
        ye, ge = _grads(_f, x)
        yj, gj = _grads(jf, x)
        assert yj.creator is not None and yj.creator.label == 'jit(_f)'
        np.testing.assert_allclose(yj.array, ye.array, rtol=1e-12)
        for a, b in zip(gj, ge):
            np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


def test_the_backward_pass_is_compiled_once_per_plan(jf):
    x = Variable(RNG.standard_normal((2, 3)))
    for _ in range(3):
        _grads(jf, x)
    for v in (W, B, x):
        v.cleargrad()  # (the key of the calls above: gradients absent)
    y = jf(x)
    vjps = y.creator.plan.diff.vjps
    assert len(vjps) == 1
    vjp, = vjps.values()
    assert vjp.cache_info().traces == 1 and vjp.cache_info().hits >= 2


def test_a_jitted_output_feeds_eager_ops_and_another_jitted_call(jf):
    x = Variable(RNG.standard_normal((2, 3)))
    g = tapejit.jit(lambda y: y * y + 1)

    def both(fn, gn):
        for v in (W, B, x):
            v.cleargrad()
        z = F.sum(gn(fn(x)) * 3.0)
        z.backward()
        return z.array, [v.grad.copy() for v in (W, B, x)]

    ze, ge = both(_f, lambda y: y * y + 1)
    zj, gj = both(jf, g)
    np.testing.assert_allclose(zj, ze, rtol=1e-12)
    for a, b in zip(gj, ge):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


def test_an_argument_with_a_graph_is_backpropagated_through(jf):
    a = Variable(RNG.standard_normal((2, 3)))

    def run(fn):
        for v in (W, B, a):
            v.cleargrad()
        fn(F.sin(a) * 2).backward()
        return a.grad.copy()

    np.testing.assert_allclose(run(jf), run(_f), rtol=1e-10, atol=1e-12)


def test_first_second_and_third_derivatives_match_eager(jf):
    x = Variable(RNG.standard_normal((2, 3)))

    def derivs(fn):
        gx, = tapejit.grad([fn(x)], [x], enable_double_backprop=True)
        ggx, = tapejit.grad([F.sum(gx * gx)], [x], enable_double_backprop=True)
        g3, gw = tapejit.grad([F.sum(ggx * ggx)], [x, W])
        return [gx.array, ggx.array, g3.array, gw.array]

    for a, b in zip(derivs(jf), derivs(_f)):
        np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-11)


def test_derivatives_through_a_jitted_call_match_finite_differences():
    f = tapejit.jit(lambda x, w: F.tanh(x * w) * x)
    x = RNG.standard_normal((2, 3))
    w = RNG.standard_normal((2, 3))
    gy = RNG.standard_normal((2, 3))
    gradient_check.check_backward(f, (x, w), gy, eps=1e-6, atol=1e-7, rtol=1e-6)
    gradient_check.check_double_backward(f, (x, w), gy, (RNG.standard_normal((2, 3)),
                                                         RNG.standard_normal((2, 3))),
                                         eps=1e-6, atol=1e-6, rtol=1e-5)


def test_a_jitted_link_trains_by_backward_outside():
    def make():
        np.random.seed(0)
        return L.Linear(3, 2)

    me, mj = make(), make()
    fj = tapejit.jit(mj)
    opt_e, opt_j = tapejit.optimizers.SGD(lr=0.1), tapejit.optimizers.SGD(lr=0.1)
    opt_e.setup(me)
    opt_j.setup(mj)
    for _ in range(3):
        x = RNG.standard_normal((4, 3)).astype(np.float32)
        for m, fn, opt in ((me, me, opt_e), (mj, fj, opt_j)):
            m.cleargrads()
            F.sum(fn(x) ** 2).backward()
            opt.update()
    np.testing.assert_allclose(mj.W.array, me.W.array, rtol=1e-6)
    np.testing.assert_allclose(mj.b.array, me.b.array, rtol=1e-6)


def test_value_and_grad_results_are_differentiated_again_outside():
    vg = tapejit.value_and_grad(lambda x: F.sum(x ** 3))
    x = Variable(np.array([1.0, -2.0, 0.5]))
    v = Variable(np.array([0.3, 1.0, -1.0]))
    value, g = vg(x)
    hv, = tapejit.grad([F.sum(g * v)], [x])
    np.testing.assert_allclose(hv.array, 6 * x.array * v.array)
    dv, = tapejit.grad([value], [x])
    np.testing.assert_allclose(dv.array, 3 * x.array ** 2)


def test_the_arrays_of_the_call_are_differentiated_not_later_ones(jf):
    x = Variable(RNG.standard_normal((2, 3)))
    old = W.array
    try:
        ye, ge = _grads(_f, x)  # (eager keeps the arrays its backward needs)
        for v in (W, B, x):
            v.cleargrad()
        y = jf(x)
        W.array = W.array * 2.0  # another array after the call
        y.backward()
        np.testing.assert_allclose(x.grad, ge[2], rtol=1e-10, atol=1e-12)
    finally:
        W.array = old


def test_no_graph_in_no_backprop_mode_or_without_differentiable_inputs(jf):
    x = Variable(RNG.standard_normal((2, 3)))
    with tapejit.no_backprop_mode():
        assert jf(x).creator is None
    g = tapejit.jit(lambda a: F.sum(a * 2.0))
    assert g(RNG.standard_normal(3)).creator is None


def test_an_array_changed_and_then_used_inside_is_an_error_on_backward():
    v = Variable(np.array([1.0, 2.0]))

    @tapejit.jit(target='interpret')
    def f(x):
        v.array = x.array * 0 + 3.0  # used below with its new array
        return F.sum(v * x)

    y = f(Variable(np.array([1.0, 1.0])))
    with pytest.raises(GradientError, match=r'jit\(f\).*changed the array of a Variable'):
        y.backward()


def test_a_training_steps_loss_backpropagates_again_as_eagerly():
    # The update writes the parameter after the loss is computed from it:
    # the loss's graph holds, and backward outside adds to the gradient,
    # as eagerly.
    def run(jitted):
        w = Variable(np.array([0.5, -1.0]))

        def step(x):
            w.cleargrad()
            loss = F.sum(w * x ** 2)
            loss.backward()
            w.array -= 0.1 * w.grad
            return loss

        fn = tapejit.jit(step, target='interpret') if jitted else step
        x = Variable(np.array([2.0, 3.0]))
        for _ in range(2):
            loss = fn(x)
            loss.backward()
        return w.array, w.grad, x.grad

    for a, b in zip(run(True), run(False)):
        np.testing.assert_allclose(a, b)


def test_unchain_backward_releases_the_call(jf):
    x = Variable(RNG.standard_normal((2, 3)))
    y = jf(x)
    node = y.creator
    y.unchain_backward()
    assert y.creator is None and node.inputs is None and node.saved is None
    x.cleargrad()
    y.backward()  # (a root now: nothing flows back)
    assert x.grad is None
