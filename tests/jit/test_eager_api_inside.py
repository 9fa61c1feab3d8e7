"""The eager API inside a trace: ``no_backprop_mode``, ``backward`` and its
options, ``tapejit.grad`` and the grad of a grad, a Hessian-vector product,
nested jit and jitted methods."""

from __future__ import annotations


import numpy as np

import tapejit
import tapejit.functions as F
from tapejit import Variable

from tests.support.jit_helpers import _close, _info


# ===================================================== eager API inside a trace
def test_no_backprop_mode_inside():
    def f(x):
        with tapejit.no_backprop_mode():
            y = x * 2
        z = F.sum(y * x)
        z.backward()
        return z, y.creator is None

    xe, xj = Variable(np.array([1.0, -3.0])), Variable(np.array([1.0, -3.0]))
    ze, ne = f(xe)
    zj, nj = tapejit.jit(f)(xj)
    assert ne and nj
    _close(zj, ze)
    _close(xj.grad, xe.grad)
    _close(xj.grad, 2 * xe.array)  # no gradient through y


def test_backward_retain_grad_inside():
    def f(x):
        h = x * 3
        y = F.sum(h * h)
        y.backward(retain_grad=True)
        return y, h.grad

    xe, xj = Variable(np.array([1.0, -2.0])), Variable(np.array([1.0, -2.0]))
    ye, he = f(xe)
    yj, hj = tapejit.jit(f)(xj)
    _close(yj, ye)
    _close(hj, he)
    _close(xj.grad, xe.grad)


def test_returned_variables_keep_their_gradients():
    # backward(retain_grad=True) inside leaves gradients on the intermediate
    # and on the loss; returned, they carry them, as eagerly. A gradient set
    # by hand on a returned Variable comes back too; one never set stays None.
    def f(x):
        h = x * 3
        y = F.sum(h * h)
        y.backward(retain_grad=True)
        z = x + 1
        z.grad = np.full(2, 7.0)
        return h, y, z, x * 5

    xe, xj = Variable(np.array([1.0, -2.0])), Variable(np.array([1.0, -2.0]))
    want = f(xe)
    jf = tapejit.jit(f)
    for _ in range(2):  # the traced call, then the compiled one
        xj.cleargrad()
        got = jf(xj)
        for g, w in zip(got, want):
            _close(g, w)
            if w.grad is None:
                assert g.grad is None
            else:
                _close(g.grad, w.grad)
        _close(xj.grad, xe.grad)
    assert want[0].grad is not None and want[1].grad is not None


def test_backward_loss_scale_inside():
    def f(x):
        F.sum(x ** 2).backward(loss_scale=4.0)

    xe, xj = Variable(np.array([1.0, -2.0])), Variable(np.array([1.0, -2.0]))
    f(xe)
    tapejit.jit(f)(xj)
    _close(xj.grad, xe.grad)
    _close(xj.grad, 8 * xe.array)


def test_backward_enable_double_backprop_inside():
    def f(x):
        F.sum(x ** 3).backward(enable_double_backprop=True)
        gx = x.grad_var
        x.cleargrad()
        F.sum(gx * gx).backward()  # d/dx sum((3x^2)^2) = 36 x^3
        return gx

    xe, xj = Variable(np.array([1.0, -2.0])), Variable(np.array([1.0, -2.0]))
    ge = f(xe)
    gj = tapejit.jit(f)(xj)
    _close(gj, ge)
    _close(xj.grad, xe.grad)
    _close(xj.grad, 36 * xe.array ** 3)


def test_tapejit_grad_and_grad_of_grad_inside():
    def f(x):
        y = F.sum(x ** 4)
        g, = tapejit.grad([y], [x], enable_double_backprop=True)
        gg, = tapejit.grad([F.sum(g)], [x], enable_double_backprop=True)
        ggg, = tapejit.grad([F.sum(gg)], [x])
        return g, gg, ggg

    x = np.array([1.0, -2.0, 0.5])
    jf = tapejit.jit(f)
    for xv in (x, x * 3):
        want = f(Variable(xv))
        got = jf(Variable(xv))
        for a, b in zip(got, want):
            _close(a, b)
        _close(got[2], 24 * xv)  # third derivative
    assert jf.cache_info().hits == 1


def test_hessian_vector_product_under_jit():
    def hvp(x, v):
        y = F.sum(F.sin(x) * x ** 2)
        g, = tapejit.grad([y], [x], enable_double_backprop=True)
        hv, = tapejit.grad([F.sum(g * v)], [x])
        return hv

    x = np.array([1.0, -2.0, 0.5])
    v = np.array([0.3, 0.2, -1.0])
    # d2/dx2 (x^2 sin x) = 2 sin x + 4 x cos x - x^2 sin x (the Hessian is diagonal)
    analytic = (2 * np.sin(x) + 4 * x * np.cos(x) - x ** 2 * np.sin(x)) * v
    got = tapejit.jit(hvp)(Variable(x), v)
    _close(got, hvp(Variable(x), v))
    _close(got, analytic)


def test_nested_jit_is_inlined():
    inner = tapejit.jit(lambda x: x * 2)
    outer = tapejit.jit(lambda x: inner(x) + 1)
    _close(outer(np.ones(2)), np.full(2, 3.0))
    assert _info(inner) == (0, 0, 0, 0)
    assert 'mul' in outer.explain(np.ones(2))


def test_jit_method():
    class Model:
        def __init__(self, w):
            self.W = Variable(np.asarray(w))

        @tapejit.jit
        def __call__(self, x):
            return F.sum(self.W * x)

    m, m2 = Model([1.0, 2.0]), Model([3.0, 4.0])
    _close(m(np.ones(2)), 3.0)
    _close(m(np.full(2, 2.0)), 6.0)
    _close(m2(np.ones(2)), 7.0)
