"""Arguments and results of ``@tapejit.jit`` as trees, and side effects on
Variables as eager has them: gradients written back and accumulated, arrays
updated in place (also one array shared by several Variables), in-place
arithmetic on traced arrays, returned arguments the same objects."""

from __future__ import annotations


import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import ShapeError, Variable

from tests.support.jit_helpers import _close, _info, plan_module
from tests.support.mlp_cases import tied_run, tied_step


# ============================================== arguments and results as trees
def test_nested_arguments_and_results():
    def f(params, batch, *, opts):
        W, b = params['layer']['W'], params['layer']['b']
        x, (t, scale) = batch
        h = F.linear(x, W, b) * scale
        loss = F.mean_squared_error(h, t) * opts['weight']
        return {'loss': loss, 'out': [h, (x * 2, scale, None)], 'n': opts['n']}

    rng = np.random.default_rng(0)

    def make():
        r = np.random.default_rng(1)
        params = {'layer': {'W': Variable(r.standard_normal((2, 3))),
                            'b': Variable(r.standard_normal(2))}}
        return params

    x, t = rng.standard_normal((4, 3)), rng.standard_normal((4, 2))
    opts = {'weight': np.asarray(0.5), 'n': 7}
    want = f(make(), [x, (t, 2.0)], opts=opts)
    jf = tapejit.jit(f)
    got = jf(make(), [x, (t, 2.0)], opts=opts)
    assert set(got) == {'loss', 'out', 'n'}
    assert isinstance(got['out'], list) and isinstance(got['out'][1], tuple)
    assert isinstance(got['loss'], Variable) and isinstance(got['out'][0], Variable)
    assert isinstance(got['out'][1][0], np.ndarray)  # an array stays an array
    assert got['out'][1][1:] == (2.0, None) and got['n'] == 7
    _close(got['loss'], want['loss'])
    _close(got['out'][0], want['out'][0])
    _close(got['out'][1][0], want['out'][1][0])
    # New values, same structure: a hit, still right.
    x2 = x + 1
    want2 = f(make(), [x2, (t, 2.0)], opts={'weight': np.asarray(3.0), 'n': 7})
    got2 = jf(make(), [x2, (t, 2.0)], opts={'weight': np.asarray(3.0), 'n': 7})
    _close(got2['loss'], want2['loss'])
    assert _info(jf) == (1, 1, 1, 1)


def test_grads_written_back_into_nested_variables():
    def step(params, x):
        loss = F.sum(F.tanh(F.matmul(x, params[0]['W'])) * params[1])
        loss.backward()
        return loss

    def make():
        r = np.random.default_rng(2)
        return [{'W': Variable(r.standard_normal((3, 2)))}, Variable(r.standard_normal(2))]

    x = np.random.default_rng(3).standard_normal((4, 3))
    pe, pj = make(), make()
    step(pe, x)
    tapejit.jit(step)(pj, x)
    _close(pj[0]['W'].grad, pe[0]['W'].grad)
    _close(pj[1].grad, pe[1].grad)


def test_same_variable_passed_twice():
    def f(a, b):
        y = F.sum(a * b)
        y.backward()
        return y

    ve, vj = Variable(np.array([1.0, 2.0])), Variable(np.array([1.0, 2.0]))
    f(ve, ve)
    tapejit.jit(f)(vj, vj)
    _close(vj.grad, ve.grad)


# ================================================================= side effects
def test_grads_accumulate_across_calls():
    def f(x, w):
        loss = F.sum(F.sin(x) * w)
        loss.backward()  # no cleargrad: grads accumulate as in eager
        return loss

    w = np.array([1.0, -2.0, 0.5])
    xe, xj = Variable(np.array([0.1, 0.2, 0.3])), Variable(np.array([0.1, 0.2, 0.3]))
    jf = tapejit.jit(f)
    for _ in range(4):
        f(xe, w)
        jf(xj, w)
        _close(xj.grad, xe.grad)
    _close(xj.grad, 4 * np.cos(xe.array) * w)
    # The first call had no grad, the later ones one: two plans, the rest hits.
    assert _info(jf) == (2, 2, 2, 2)


def test_grads_of_closure_variables_written_back_and_accumulated():
    W = Variable(np.array([[1.0, -1.0], [0.5, 2.0]]))
    We = Variable(W.array.copy())

    def make(W):
        def f(x):
            loss = F.sum(F.matmul(x, W) ** 2)
            loss.backward()
            return loss
        return f

    x = np.array([[1.0, 2.0], [3.0, -1.0]])
    jf, ef = tapejit.jit(make(W)), make(We)
    for _ in range(3):
        _close(jf(x), ef(x))
        _close(W.grad, We.grad)
    assert W.grad_var.creator is None


def test_cleargrad_inside():
    def f(x):
        x.cleargrad()
        loss = F.sum(x ** 3)
        loss.backward()
        return loss

    x = Variable(np.array([1.0, 2.0]), grad=np.array([100.0, 100.0]))
    jf = tapejit.jit(f)
    for _ in range(3):
        jf(x)
        _close(x.grad, 3 * x.array ** 2)
    # cleargrad at the end leaves no grad behind.
    y = Variable(np.array([1.0, 2.0]), grad=np.array([1.0, 1.0]))
    tapejit.jit(lambda v: v.cleargrad())(y)
    assert y.grad is None


def test_grad_read_inside_is_an_input_of_the_plan():
    f = tapejit.jit(lambda x: x.grad * 2 + x)
    for g in (np.array([1.0, 2.0]), np.array([-3.0, 0.5])):
        x = Variable(np.array([10.0, 20.0]), grad=g)
        _close(f(x), g * 2 + x.array)
    assert f.cache_info().hits == 1


def test_grad_write_inside_traced_value():
    def f(x):
        x.grad = x.array * 0 + 5  # a value computed in the function
        y = F.sum(x * x)
        y.backward()  # accumulates onto it
        return y

    xe, xj = Variable(np.array([1.0, -2.0])), Variable(np.array([1.0, -2.0]))
    f(xe)
    tapejit.jit(f)(xj)
    _close(xj.grad, xe.grad)
    _close(xj.grad, 5 + 2 * xe.array)


def test_grad_write_inside_concrete_array():
    def f(x):
        x.grad = np.full(2, 5.0)
        F.sum(x * x).backward()
        return x.grad

    xe, xj = Variable(np.array([1.0, -2.0])), Variable(np.array([1.0, -2.0]))
    f(xe)
    tapejit.jit(f)(xj)
    _close(xj.grad, xe.grad)


def test_array_update_inside_is_written_back_in_place():
    def sgd(p, x):
        p.cleargrad()
        loss = F.sum((p * x - 1) ** 2)
        loss.backward()
        p.array -= 0.1 * p.grad
        return loss

    pe, pj = Variable(np.array([0.5, 2.0])), Variable(np.array([0.5, 2.0]))
    ref = pj.array
    jf = tapejit.jit(sgd)
    x = np.array([1.0, 3.0])
    for _ in range(4):
        _close(jf(pj, x), sgd(pe, x))
        _close(pj.array, pe.array)
        _close(pj.grad, pe.grad)
    assert pj.array is ref  # updated in place, as `p.array -= ...` does eagerly


@pytest.mark.parametrize('target', ['cpu', 'interpret'])
@pytest.mark.parametrize('order', [(True,), (False, True), (True, False, True)])
def test_variables_sharing_one_array_update_it_as_eager(order, target):
    # Two Variables on one array (tied weights): eagerly, each in-place update
    # writes the one array, so the second sees the first. The plan traced
    # for a call with the arrays shared, or with them apart, is used only
    # for calls that share them the same way. (The CUDA plan: cuda_sim_cases.)
    jf = tapejit.jit(tied_step, target=target)
    for tied in order:
        want = tied_run(tied_step, tied)
        got = tied_run(jf, tied)
        for w, g in zip(want[0], got[0]):
            _close(g, w)
        _close(got[1], want[1])
        _close(got[2], want[2])
        assert (got[1] is got[2]) == tied
    # One plan per way of sharing, each traced once.
    assert jf.cache_info().traces == len(set(order))


def test_a_plan_traced_with_one_array_twice_is_not_used_for_two():
    # It reads the shared array once: two arrays need a plan of their own,
    # whether or not the function writes any array.
    def f(x, y):
        return x + 2 * y

    a, b = np.ones(3), np.full(3, 10.0)
    jf = tapejit.jit(f)
    _close(jf(a, a), np.full(3, 3.0))
    _close(jf(a, b), np.full(3, 21.0))
    _close(jf(a, a), np.full(3, 3.0))
    assert jf.cache_info().traces == 2

    def loss(u, v):
        return F.sum(u * v * v)

    vg = tapejit.value_and_grad(loss, argnums=(0, 1))
    value, _ = vg(a, a)
    _close(value, 3.0)
    value, (gu, gv) = vg(a, b)
    _close(value, 300.0)
    _close(gu, np.full(3, 100.0))
    _close(gv, np.full(3, 20.0))


def test_a_variable_given_another_array_leaves_the_shared_one():
    def f(a, b):
        a.array -= 1                  # in place: both see it
        b.array = b.array * 0 + 5     # b takes a new array; a keeps the old one
        return F.sum(a)

    def run(fn):
        W = np.ones(3)
        a, b = Variable(W), Variable(W)
        out = fn(a, b)
        return out.array, a.array, b.array, a.array is W, b.array is W

    want = run(f)
    got = run(tapejit.jit(f))
    for w, g in zip(want[:3], got[:3]):
        _close(g, w)
    assert got[3:] == want[3:] == (True, False)


def test_a_variable_given_another_arguments_array_holds_that_array():
    def f(a, b):
        b.array = a.array
        a.array -= 1
        return F.sum(b)

    def run(fn):
        a, b = Variable(np.ones(3)), Variable(np.full(3, 5.0))
        out = fn(a, b)
        return out.array, b.array is a.array, b.array.copy()

    want, got = run(f), run(tapejit.jit(f))
    _close(got[0], want[0])
    _close(got[2], want[2])
    assert got[1] and want[1]


def test_a_gradient_written_in_place_is_written_back():
    def f(v):
        g = v.grad
        g += 1
        return F.sum(v)

    def g(v):
        v.grad += 1  # (a new gradient Variable on the same array, eagerly)
        return F.sum(v)

    def run(fn):
        v = Variable(np.ones(3))
        v.grad = np.zeros(3)
        held = v.grad
        for _ in range(2):
            fn(v)
        return v.grad, held

    for fn in (f, g):
        want, got = run(fn), run(tapejit.jit(fn))
        _close(got[0], want[0])
        _close(got[1], want[1])  # the caller's own array was written
        assert got[0] is got[1]


def test_a_plan_writing_no_array_stays_native_for_shared_arguments(monkeypatch):
    # Traced with two arguments apart, called with them shared: a plan that
    # writes no array serves both, and its native function takes the call.
    slow = []
    run_refused = plan_module.TracedPlan._run_refused
    monkeypatch.setattr(plan_module.TracedPlan, '_run_refused',
                        lambda self, leaves: slow.append(1) or run_refused(self, leaves))

    def f(x, y, z):
        return F.sum(F.tanh(x) + 2 * y * z)

    a, b = np.linspace(0, 1, 16).reshape(4, 4), np.ones((4, 4))
    jf = tapejit.jit(f)
    _close(jf(a, a, b), f(a, a, b).array)
    for _ in range(5):
        _close(jf(a, a, a), f(a, a, a).array)
    plan = next(iter(jf._plans()))
    if not plan.section({}, 'pass').checked:
        pytest.skip('no natively compiled plan here: ' + str(
            plan.executable().one_call.native_refused))
    slow.clear()
    for _ in range(5):
        _close(jf(a, a, a), f(a, a, a).array)
    assert not slow


def test_in_place_arithmetic_on_traced_arrays_is_seen_by_every_holder():
    def f(x, v):
        x -= 1          # an array argument: the caller's array is written
        w = v.array
        w *= 2          # a local name for v's array: v sees it
        c = v.array.copy()
        c += 100        # a copy: v does not
        return F.sum(v) + F.sum(x)

    def run(fn):
        x, v = np.ones(3), Variable(np.ones(3))
        xs = x
        out = fn(x, v)
        return out.array, x, v.array, xs is x

    jf = tapejit.jit(f)
    for _ in range(2):
        want, got = run(f), run(jf)
        _close(got[0], want[0])
        _close(got[1], want[1])
        _close(got[2], want[2])
        assert got[3]


def test_in_place_arithmetic_keeps_the_array_shape_and_dtype():
    def widen(x, y):
        x += y
        return x

    with pytest.raises(ValueError, match=r'\+= .*keeps its shape'):
        tapejit.jit(widen)(np.ones(3), np.ones((2, 3)))
    with pytest.raises(TypeError, match='cannot write a float64 result into an array of '
                                        'dtype int64'):
        tapejit.jit(widen, static_argnums=1)(np.ones(3, np.int64), 0.5)
    x = np.ones(3, np.float32)
    out = tapejit.jit(widen, static_argnums=1)(x, 0.5)
    assert out.dtype == np.float32 and x.dtype == np.float32
    _close(x, np.full(3, 1.5))


_CONST_F64 = np.array([1.0, 0.5, 0.25])


@pytest.mark.parametrize('form', [
    'a * np.float64(0.1)', 'np.float64(0.1) * a', 'i + np.int64(2)', 'a + _CONST_F64',
    'a * i', 'a > np.float64(0.5)', 'i / np.int64(2)', 'a ** np.float64(2.0)',
    'a - np.float32(1) * i', 'a * 0.1 + i * 2'])
def test_traced_arrays_promote_dtypes_as_numpy_does(form):
    # Plain arrays under jit are NumPy arrays eagerly: a NumPy scalar, or an
    # array of another dtype, promotes the result (a Variable would raise).
    def f(a, i):
        return eval(form)

    a = np.array([1.0, 2.0, 3.0], np.float32)
    i = np.array([1, 2, 3], np.int32)
    want = f(a, i)
    jf = tapejit.jit(f)
    for _ in range(2):
        got = jf(a, i)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize('form', [
    'a // 2', '7 // a', 'a // b', 'i // 2', '(-a) // 3', '2 ** a', 'np.float32(2) ** a',
    'a @ m', 'v @ m', 'm.T @ v', 'v @ v', 'bm @ m', 'w.__ifloordiv__(2)', 'j.__ipow__(2)'])
def test_traced_arrays_take_numpys_other_operators(form):
    def f(a, b, i, m, v, bm):
        w, j = a.copy(), i.copy()  # noqa: F841 (named in the forms)
        return eval(form)

    rng = np.random.default_rng(0)
    args = ((rng.standard_normal((2, 3)) * 5).astype(np.float32),
            np.full((2, 3), 1.5, np.float32), np.arange(6, dtype=np.int32).reshape(2, 3),
            rng.standard_normal((3, 4)).astype(np.float32),
            rng.standard_normal(3).astype(np.float32),
            rng.standard_normal((5, 2, 3)).astype(np.float32))
    want = f(*args)
    jf = tapejit.jit(f)
    for _ in range(2):
        got = jf(*args)
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=1e-6)


def test_traced_array_operators_name_the_op_and_shapes_on_bad_input():
    a, m = np.ones((2, 3), np.float32), np.ones((4, 5), np.float32)
    with pytest.raises(ShapeError, match=r'(?s)matmul: shapes \(2, 3\) and \(4, 5\).*'
                                         r'not aligned.*test_side_effects\.py:\d+'):
        tapejit.jit(lambda a, m: a @ m)(a, m)
    with pytest.raises(ValueError, match=r'matmul \(@\): got shape \(2, 3\) and a scalar '
                                         r'\(2\.0\); expected two arrays of at least one '
                                         r'dimension.*test_side_effects\.py:\d+'):
        tapejit.jit(lambda a: a @ 2.0)(a)
    with pytest.raises(ShapeError, match=r'floordiv: shapes \(2, 3\) and \(4, 5\) do not '
                                         r'broadcast'):
        tapejit.jit(lambda a, m: a // m)(a, m)


def test_an_update_by_a_numpy_scalar_matches_numpy():
    # ``W.array -= np.float64(lr) * W.grad``: a float64 product, written back
    # into the float32 array, as NumPy does it.
    def step(W, x):
        W.cleargrad()
        F.sum(F.linear(x, W) ** 2).backward()
        W.array -= np.float64(0.01) * W.grad
        return W.array * np.float64(2.0)

    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 3)).astype(np.float32)
    We = Variable(rng.standard_normal((2, 3)).astype(np.float32))
    Wj = Variable(We.array.copy())
    js = tapejit.jit(step)
    for _ in range(3):
        want, got = step(We, x), js(Wj, x)
        assert got.dtype == want.dtype == np.float64
        np.testing.assert_array_equal(got, want)
        assert Wj.array.dtype == np.float32
        np.testing.assert_array_equal(Wj.array, We.array)


def test_a_returned_argument_or_closure_variable_is_the_same_object():
    w = Variable(np.array([1.0, 2.0]))

    @tapejit.jit
    def f(x, s):
        x.array = x.array * s  # (written back before the caller sees x)
        return x, w, {'y': x * 2}

    x = Variable(np.array([3.0, 4.0]))
    for s in (2.0, 2.0):
        rx, rw, d = f(x, s)
        assert rx is x and rw is w
    np.testing.assert_array_equal(x.array, [12.0, 16.0])
    np.testing.assert_array_equal(d['y'].array, [24.0, 32.0])
