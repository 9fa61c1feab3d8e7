"""What a jitted function reads from outside its arguments: Variables, arrays
and links from closures, globals and objects are guarded and read anew when
given another, their gradients written back as arguments' are; Variables and
arrays made inside stay constants."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import TraceError, Variable

from tests.support.jit_helpers import _close, _info


def test_closure_variable_guard_retraces_on_shape_change():
    C = Variable(np.ones(2))
    f = tapejit.jit(lambda x: F.sum(x * C))
    _close(f(np.ones(2)), 2.0)
    C.array = np.full(3, 2.0)
    _close(f(np.ones(3)), 6.0)
    C.array = np.full(3, 3.0)
    _close(f(np.ones(3)), 9.0)  # a new value of the closure: no retrace
    assert _info(f) == (1, 2, 2, 2)


_GLOBAL_W = Variable(np.ones(2))
_GLOBAL_PARAMS = [Variable(np.ones(2)), Variable(np.ones(2))]


def _reads_globals(x):
    return x * _GLOBAL_W + sum(p * 2 for p in _GLOBAL_PARAMS)


def test_a_global_given_another_variable_is_read_anew():
    global _GLOBAL_W
    f = tapejit.jit(_reads_globals)
    x = np.arange(2.0)
    for _ in range(3):  # traced, then compiled and hot
        _close(f(x), _reads_globals(x))
    _GLOBAL_W = Variable(np.full(2, 10.0))
    _close(f(x), x * 10 + 4)
    _GLOBAL_PARAMS[1] = Variable(np.full(2, 100.0))
    _close(f(x), x * 10 + 202)
    _GLOBAL_PARAMS.append(Variable(np.full(2, 1000.0)))  # the loop is longer now
    _close(f(x), x * 10 + 2202)
    for _ in range(3):
        _close(f(x), x * 10 + 2202)
    assert _info(f)[2] == 4  # a trace per replacement, none besides


def test_an_enclosing_variable_or_attribute_given_another_variable_is_read_anew():
    b = Variable(np.ones(2))
    f = tapejit.jit(lambda x: x * b)
    _close(f(np.ones(2)), np.ones(2))
    b = Variable(np.full(2, 5.0))
    _close(f(np.ones(2)), np.full(2, 5.0))
    # An item of a dict or a tuple the function closes over.
    state, pair = {'W': Variable(np.ones(2)), 'step': 0}, (Variable(np.ones(2)),)
    g = tapejit.jit(lambda x: x * state['W'] + pair[0])
    _close(g(np.ones(2)), np.full(2, 2.0))
    state['step'] = 1  # another key's value: the same plan
    _close(g(np.ones(2)), np.full(2, 2.0))
    state['W'] = Variable(np.full(2, 3.0))
    _close(g(np.ones(2)), np.full(2, 4.0))
    pair = (Variable(np.full(2, 10.0)),)
    _close(g(np.ones(2)), np.full(2, 13.0))
    assert _info(g)[2] == 3

    class Model:
        def __init__(self):
            self.W = Variable(np.ones(2))

        @tapejit.jit
        def __call__(self, x):
            return x * self.W

    m = Model()
    _close(m(np.ones(2)), np.ones(2))
    m.W = Variable(np.full(2, 3.0))
    _close(m(np.ones(2)), np.full(2, 3.0))
    # Updated in place, the same Variable: no new trace for that.
    m.W.array += 1
    _close(m(np.ones(2)), np.full(2, 4.0))


def test_a_closure_variable_replaced_every_call_warns_once():
    W = Variable(np.ones(2))
    f = tapejit.jit(lambda x: x * W, retrace_warn_after=3)
    with pytest.warns(RuntimeWarning, match="variable 'W' of an enclosing function was "
                                            'replaced by another') as rec:
        for i in range(6):
            _close(f(np.ones(2)), np.full(2, 1.0 + i))
            W = Variable(W.array + 1)
    assert sum('replaced' in str(w.message) for w in rec) == 1
    assert rec[0].filename == __file__  # (at the caller's line)


def test_optimizer_update_of_closure_variables():
    W = Variable(np.array([1.0, 2.0]), grad=np.array([1.0, 1.0]))

    @tapejit.jit
    def update():
        W.array -= 0.5 * W.grad

    for _ in range(3):
        update()
    _close(W.array, np.array([1.0, 2.0]) - 1.5)


def test_closure_variable_array_read_is_not_stale():
    W = Variable(np.ones(2))
    f = tapejit.jit(lambda x: x * W.array)
    _close(f(np.ones(2)), np.ones(2))
    W.array = np.full(2, 5.0)
    _close(f(np.ones(2)), np.full(2, 5.0))


@pytest.mark.parametrize('form', ['x * W', 'W * x', 'x + W', 'x - W', 'x / W', 'x ** W',
                                  'x += W'])
@pytest.mark.parametrize('where', ['argument', 'closure'])
def test_an_array_on_the_left_of_a_variable_keeps_its_gradient(form, where):
    # ``x`` is a traced array inside the function, an ndarray eagerly: in both
    # the Variable takes the operation and its gradient flows.
    def make(W):
        def f(x, *w):
            W_ = w[0] if w else W
            W_.cleargrad()
            if form == 'x += W':
                # An array cannot hold a Variable's result (NumPy's TypeError).
                with pytest.raises(TypeError, match='does not support ufuncs'):
                    x += W_
                y = x + W_
            else:
                y = eval(form, {'x': x, 'W': W_})
            loss = F.sum(y * y)
            loss.backward()
            return loss
        return f

    x = np.array([[1.0, 2.0, 0.5]])
    W, We = (Variable(np.array([[0.5, -1.5, 2.0]])) for _ in range(2))
    jf, ef = tapejit.jit(make(W)), make(We)
    for _ in range(2):
        args = (x.copy(), W) if where == 'argument' else (x.copy(),)
        eargs = (x.copy(), We) if where == 'argument' else (x.copy(),)
        _close(jf(*args), ef(*eargs))
        assert W.grad is not None
        _close(W.grad, We.grad)


def test_a_gradient_left_stale_by_a_reshape_is_cleared_or_read_as_eagerly():
    # ``W.array = ...`` with another shape keeps the gradient (as Chainer's
    # does); a function that clears it runs its plan, one that reads it
    # (accumulating, which broadcasts) traces again for the other shape.
    def stale(W):
        W.array = W.array.reshape(3)
        W.grad = np.full(3, 1.0)
        W.array = W.array.reshape(1, 3)

    def make(W, clear):
        def f(x):
            if clear:
                W.cleargrad()
            loss = F.sum(x * W)
            loss.backward()
            return loss
        return f

    x = np.array([[1.0, 2.0, 3.0]])
    for clear in (True, False):
        W, We = (Variable(np.ones((1, 3))) for _ in range(2))
        jf, ef = tapejit.jit(make(W, clear)), make(We, clear)
        for _ in range(2):
            for v in (W, We):
                stale(v)
            for _ in range(2):  # a stale gradient, then one of the array's shape
                _close(jf(x), ef(x))
                _close(W.grad, We.grad)
                assert W.grad.shape == (1, 3)
        traces = jf.cache_info().traces
        # (Not clearing it: one plan per kind of gradient found, both kept.)
        assert traces == (1 if clear else 2), traces


def test_a_closure_variable_without_gradient_is_read_and_written_every_call():
    # A mask the caller changes between calls, and a running total the function
    # keeps in a Variable: state, as eagerly, not constants of the first trace.
    for mode in ('eager', 'jit'):
        mask = Variable(np.ones(3, np.float32), requires_grad=False)
        total = Variable(np.zeros(3, np.float32), requires_grad=False)

        def f(x):
            total.array = total.array + x.array
            return x * mask
        g = tapejit.jit(f) if mode == 'jit' else f
        x = Variable(np.array([1.0, 2.0, 3.0], np.float32))
        outs = []
        for i in range(5):
            mask.array = np.full(3, float(i), np.float32)
            outs.append(g(x).array)
        np.testing.assert_array_equal(np.stack(outs), np.arange(5.0)[:, None] * x.array)
        np.testing.assert_array_equal(total.array, 5 * x.array)
        assert total.array.__class__ is np.ndarray


def test_variables_made_inside_the_function_stay_constants():
    # The seed of ones of backward() and a Variable of a constant made inside
    # are constants of the graph (folded), not inputs.
    def f(x):
        c = Variable(np.full(3, 2.0, np.float32), requires_grad=False)
        loss = F.sum(x * c)
        gx, = tapejit.grad([loss], [x])
        return gx
    g = tapejit.jit(f).lower(Variable(np.ones(3, np.float32)))
    assert len(g.invars) == 1


def test_a_traced_array_stored_on_a_link_is_an_error_naming_the_line():
    class Running(tapejit.Link):
        def __init__(self):
            super().__init__()
            self.add_persistent('avg', np.zeros(2, np.float32))

        def forward(self, x):
            self.avg = 0.9 * self.avg + 0.1 * x.array
            return x * 2

    m = Running()
    with pytest.raises(TraceError, match=r'Running: avg = <a traced array>.*'
                                         r'Keep such state in a Variable.*test_closures\.py'):
        tapejit.jit(lambda m, x: m(x))(m, Variable(np.ones(2, np.float32)))
    assert m.avg.__class__ is np.ndarray


def test_a_link_given_another_child_or_parameter_is_read_anew():
    import tapejit.links as L

    m = tapejit.Chain(a=L.Linear(3, 2), b=L.Linear(2, 1))
    f = tapejit.jit(lambda x: m.b(F.relu(m.a(x))))
    x = np.ones((4, 3), np.float32)

    def check():
        np.testing.assert_allclose(f(x).array, m.b(F.relu(m.a(x))).array, rtol=1e-6)

    check()
    m.b = L.Linear(2, 1)  # another child
    check()
    m.a.W = tapejit.Parameter(m.a.W.array * 3)  # another Parameter of a child
    check()
    m.a.W.array = m.a.W.array * 2  # (another array: read every call, no new trace)
    check()
    for _ in range(3):
        check()
    assert f.cache_info().traces == 3


def test_returned_constants_are_not_shared_between_calls():
    f = tapejit.jit(lambda x: (x * 2, np.zeros(2)))
    _, z = f(np.ones(2))
    z += 1
    _, z2 = f(np.ones(2))
    np.testing.assert_array_equal(z2, np.zeros(2))


def test_zerograd_inside():
    x = Variable(np.ones(2), grad=np.ones(2))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        tapejit.jit(lambda v: v.zerograd())(x)
    np.testing.assert_array_equal(x.grad, np.zeros(2))


def test_cleargrad_inside_applies_when_the_first_trace_had_no_grad():
    clear = tapejit.jit(lambda v: v.cleargrad())
    clear(Variable(np.ones(2)))
    b = Variable(np.ones(2), grad=np.ones(2))
    clear(b)
    assert b.grad is None


def test_cleargrad_of_closure_variable_on_every_call():
    W = Variable(np.ones(2), grad=np.ones(2))
    f = tapejit.jit(lambda x: (W.cleargrad(), x * 2)[1])
    f(np.ones(2))
    assert W.grad is None
    W.grad = np.ones(2)
    f(np.ones(2))
    assert W.grad is None


def test_exception_while_tracing_restores_arguments():
    x = Variable(np.array([1.0, 2.0]), grad=np.array([1.0, 1.0]))

    @tapejit.jit
    def f(x):
        F.sum(x * 2).backward()
        raise KeyError('boom')

    with pytest.raises(KeyError):
        f(x)
    assert isinstance(x.array, np.ndarray) and isinstance(x.grad, np.ndarray)
    _close(x.grad, np.ones(2))
    assert tapejit.config.trace is None
    assert f.cache_info().entries == 0
    _close(F.sum(x * 3), 9.0)  # eager still works


def test_an_array_closed_over_and_rebound_is_read_anew():
    # A global or a cell given another array after a call: the plan, which
    # holds the old one as a constant, traces the function again.
    def make():
        scale = np.zeros(3)

        @tapejit.jit
        def f(x):
            return F.sum(x * scale)

        def rebind(v):
            nonlocal scale
            scale = v
        return f, rebind
    f, rebind = make()
    assert float(f(np.ones(3)).array) == 0.0
    rebind(np.full(3, 2.0))
    assert float(f(np.ones(3)).array) == 6.0
    global _REBOUND
    _REBOUND = np.zeros(2)

    @tapejit.jit
    def g(x):
        return F.sum(x * _REBOUND)
    assert float(g(np.ones(2)).array) == 0.0
    _REBOUND = np.ones(2)
    assert float(g(np.ones(2)).array) == 2.0
    assert g.cache_info().traces == 2


def test_a_closed_over_array_written_in_place_is_read_anew_whatever_the_cache_holds(
        tmp_path, monkeypatch):
    # Its values are guarded: a call after a write into it traces again and
    # gives eager's result, in a process that traced the function and in one
    # that loaded its plan.
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path))
    for _ in range(2):  # (the second round loads the plan the first one stored)
        table = np.zeros(3)
        f = tapejit.jit(lambda x: F.sum(x * table))
        seen = []
        for k in range(3):
            seen.append(float(f(np.ones(3)).array))
            seen.append(float(f(np.ones(3)).array))  # (unchanged: no new trace)
            table[...] = k + 1
        assert seen == [0.0, 0.0, 3.0, 3.0, 6.0, 6.0]
        assert f.cache_info().traces == 3


class _Masked(tapejit.Chain):
    def __init__(self):
        super().__init__()
        self.mask = np.ones(2, np.float32)  # (a plain array: no Parameter)
        self.coef = np.array([1.0, 2.0])
        self.s = np.array(1.0, np.float32)

    def forward(self, x):
        return F.sum(x * self.mask) * float(self.coef[0]) + F.sum(x) * self.s


@pytest.mark.parametrize('write', [
    lambda m: m.mask.__setitem__(0, 0.0),   # read as an array of the graph
    lambda m: m.coef.__setitem__(0, 2.5),   # read in Python: float(self.coef[0])
    lambda m: m.s.fill(2.5),                # a 0-d array
], ids=['mask', 'float-of-item', '0-d'])
def test_an_array_attribute_written_in_place_is_read_anew(write):
    m = _Masked()
    f = tapejit.jit(m)
    x = np.array([1.0, 2.0], np.float32)
    assert float(f(x).array) == float(m(x).array) == 6.0
    write(m)
    assert float(f(x).array) == pytest.approx(float(m(x).array))
    assert float(f(x).array) != 6.0
    assert f.cache_info().traces == 2


def test_a_default_or_partially_bound_array_written_in_place_is_read_anew():
    import functools
    mask = np.ones(2, np.float32)

    def by_default(x, m=mask):
        return F.sum(x * m)

    def by_keyword_default(x, *, m=mask):
        return F.sum(x * m)
    fs = [tapejit.jit(by_default), tapejit.jit(by_keyword_default),
          tapejit.jit(functools.partial(lambda m, x: F.sum(x * m), mask))]
    x = np.ones(2, np.float32)
    assert [float(f(x).array) for f in fs] == [2.0] * 3
    mask[0] = 5.0
    assert [float(f(x).array) for f in fs] == [6.0] * 3


def test_a_global_mean_written_in_place_reaches_fixed_batch_normalization():
    global _MEAN
    _MEAN = np.zeros(3, np.float32)
    var, gamma, beta = (np.ones(3, np.float32), np.ones(3, np.float32),
                        np.zeros(3, np.float32))
    f = tapejit.jit(lambda x: F.fixed_batch_normalization(x, gamma, beta, _MEAN, var))
    x = np.ones((2, 3), np.float32)
    a = f(x).array
    _MEAN += 1.0
    b = f(x).array
    np.testing.assert_allclose(b, F.fixed_batch_normalization(x, gamma, beta, _MEAN, var).array)
    assert not np.allclose(a, b)


def test_an_array_written_in_place_every_call_warns_naming_it():
    mask = np.zeros(2, np.float32)
    f = tapejit.jit(lambda x: F.sum(x * mask))
    with pytest.warns(RuntimeWarning, match=r"values of the array held by variable 'mask'.*"
                      r"changed \(written in place\)"):
        for k in range(12):
            mask[0] = k
            assert float(f(np.ones(2, np.float32)).array) == k


def test_a_large_closed_over_array_is_named_as_a_constant():
    # Too large to compare at every call: the trace says it holds its values.
    table = np.zeros(1 << 15)
    with pytest.warns(RuntimeWarning, match=r"variable 'table' of an enclosing function "
                      r"\(shape \(32768,\), float64\).*as they were when traced"):
        tapejit.jit(lambda x: F.sum(x * table))(np.ones(1 << 15))


def test_state_the_plan_writes_is_not_guarded_by_value():
    # BatchNormalization's running averages are written by every call: no
    # guard on their values (which would trace every call).
    import tapejit.links as L
    bn = L.BatchNormalization(3)
    f = tapejit.jit(bn)
    x = np.random.rand(4, 3).astype(np.float32)
    for _ in range(4):
        f(x)
    assert f.cache_info().traces == 1
