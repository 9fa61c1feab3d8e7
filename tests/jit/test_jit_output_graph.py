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


def test_backward_reads_the_arrays_variables_hold_then_as_eager_backprop_does():
    # Eager backprop reads a retained input through its live Variable: an
    # array given to w after the call is the one differentiated with.  (Of
    # results computed from it, eager keeps the old values while the replay
    # recomputes them: there the two differ; see docs/jit.md.)
    w = Variable(np.array([1.0, 2.0]))

    def f(x):
        return F.sum(w * x)

    got = []
    for fn in (f, tapejit.jit(f)):
        w.array = np.array([1.0, 2.0])
        x = Variable(np.array([3.0, 4.0]))
        y = fn(x)
        w.array = w.array * 10
        y.backward()
        got.append(x.grad)
    np.testing.assert_allclose(got[1], got[0])
    np.testing.assert_allclose(got[1], [10.0, 20.0])


def _cut_by_array(x):
    return F.sum(x * x.array)


def _cut_by_no_backprop(x):
    with tapejit.no_backprop_mode():
        c = x * 2
    return F.sum(c * x)


def _cut_by_inner_backward(x):
    F.sum(x ** 2).backward()
    return F.sum(x.grad * x)


def _cut_by_new_variable(x):
    return F.sum(Variable(x.array * 2) * x)


def _cut_by_unchain(x):
    h = x * 3
    h.unchain()
    return F.sum(h * x)


def _cut_by_grad_without_double_backprop(x):
    g, = tapejit.grad([F.sum(x ** 3)], [x])
    return F.sum(g * x)


@pytest.mark.parametrize('f', [_cut_by_array, _cut_by_no_backprop, _cut_by_inner_backward,
                               _cut_by_new_variable, _cut_by_unchain,
                               _cut_by_grad_without_double_backprop])
@pytest.mark.parametrize('target', ['cpu', 'interpret'])
def test_the_graph_is_cut_where_the_eager_graph_is(f, target):
    got = []
    for fn in (f, tapejit.jit(f, target=target)):
        x = Variable(np.array([1.0, 2.0, 3.0]))
        fn(x).backward()
        got.append(x.grad)
    np.testing.assert_allclose(got[1], got[0], rtol=1e-12)


def test_a_target_computed_without_backprop_gets_no_gradient():
    np.random.seed(0)
    q = L.Linear(3, 2)
    s, s2 = RNG.standard_normal((4, 3)), RNG.standard_normal((4, 3))
    r = RNG.standard_normal(4)

    def td(s, s2, r):
        with tapejit.no_backprop_mode():
            target = r + 0.9 * F.max(q(s2), axis=1).array
        return F.mean((F.max(q(s), axis=1) - target) ** 2)

    got = []
    for fn in (td, tapejit.jit(td)):
        q.cleargrads()
        fn(s.astype(np.float32), s2.astype(np.float32), r.astype(np.float32)).backward()
        got.append(q.W.grad.copy())
    np.testing.assert_allclose(got[1], got[0], rtol=1e-5)


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
    with pytest.raises(GradientError, match=r'jit\(f\).*gave a Variable it closes over '
                                            r'another array and then used it'):
        y.backward()


@pytest.mark.parametrize('how', ['restored', 'overwritten'])
def test_a_variable_used_with_another_array_before_its_last_is_an_error(how):
    v = Variable(np.array([1.0, 2.0]))

    def restored(x):
        orig = v.array
        v.array = orig * 2
        first = F.sum(v * x)
        v.array = orig
        return F.sum(v * x) + first

    def overwritten(x):
        first = F.sum(v * x)
        v.array = x.array * 0 + 3
        second = F.sum(v * x)
        v.array = x.array * 5
        return first + second

    f = tapejit.jit(restored if how == 'restored' else overwritten, target='interpret')
    v.array = np.array([1.0, 2.0])
    y = f(Variable(np.array([3.0, 4.0])))
    with pytest.raises(GradientError, match='another array'):
        y.backward()


def test_a_loss_from_a_step_that_updated_its_weights_is_an_error_on_backward():
    # Eagerly, backward would read the updated weights together with results
    # of the old ones; the replay cannot reproduce that: a clear error.
    w = Variable(np.array([0.5, -1.0]))

    @tapejit.jit(target='interpret')
    def step(x):
        w.cleargrad()
        loss = F.sum(F.tanh(w * x) ** 2)
        loss.backward()
        w.array -= 0.1 * w.grad
        return loss

    x = Variable(np.array([2.0, 3.0]))
    loss = step(x)
    assert w.grad is not None  # (the step itself ran as eagerly)
    with pytest.raises(GradientError, match='changed the array of a Variable it closes '
                                            'over after using it'):
        loss.backward()


def test_unchain_backward_releases_the_call(jf):
    x = Variable(RNG.standard_normal((2, 3)))
    y = jf(x)
    node = y.creator
    y.unchain_backward()
    assert y.creator is None and node.inputs is None and node.saved is None
    x.cleargrad()
    y.backward()  # (a root now: nothing flows back)
    assert x.grad is None


def test_a_refusing_output_stays_refusing_after_another_is_unchained():
    w = Variable(np.array([0.5, -1.0]))

    @tapejit.jit(target='interpret')
    def step(x):
        loss = F.sum(F.tanh(w * x) ** 2)
        w.array -= 0.1 * w.array
        return loss

    x = Variable(np.array([2.0, 3.0]))
    step(x).unchain_backward()
    assert step(x).creator is step(x).creator  # (one node for every call)
    with pytest.raises(GradientError, match=r'jit\(step\): .*changed the array of a '
                                            r'Variable it closes over after using it'):
        step(x).backward()


@pytest.mark.parametrize('order', ['same first', 'shared first'])
def test_one_variable_twice_and_two_variables_sharing_an_array_get_their_own_plans(order):
    def f(a, b):
        return F.sum(a * b * b)

    jf = tapejit.jit(f, target='interpret')

    def same(fn):
        v = Variable(np.array([1.0, 2.0]))
        fn(v, v).backward()
        return [v.grad]

    def shared(fn):
        arr = np.array([1.0, 2.0])
        a, b = Variable(arr), Variable(arr)
        fn(a, b).backward()
        return [a.grad, b.grad]

    runs = [same, shared] if order == 'same first' else [shared, same]
    for run in runs + runs:  # (the second round runs the cached plans)
        for got, want in zip(run(jf), run(f)):
            np.testing.assert_allclose(got, want)
    assert jf.cache_info().traces == 2


def test_a_step_writing_gradients_keeps_them_apart_for_two_variables_sharing_an_array():
    def step(a, b):
        a.cleargrad()
        b.cleargrad()
        F.sum(a * b * b).backward()

    js = tapejit.jit(step, target='interpret')
    v = Variable(np.array([1.0, 2.0]))
    js(v, v)
    arr = np.array([1.0, 2.0])
    a, b = Variable(arr), Variable(arr)
    js(a, b)
    np.testing.assert_allclose(a.grad, arr ** 2)
    np.testing.assert_allclose(b.grad, 2 * arr * arr)
    np.testing.assert_allclose(v.grad, 3 * arr ** 2)
