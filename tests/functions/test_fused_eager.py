"""Eager calls of composite functions on large arrays run as their compiled
plans from a signature's second call on (tapejit.functions._fused_eager):
the same values and gradients as the primitives give, to float rounding."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit.functions import _fused_eager as fe, nn, reduction
from tapejit.functions import math as math_functions
from tapejit.functions.normalization import _normalized_batch
from tapejit.functions.pooling import _window_max


def _close(got, want, rtol=1e-5, atol=1e-5):
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


def _bn_step(x, gamma, beta, gy, running):
    for v in (x, gamma, beta):
        v.cleargrad()
    y = F.batch_normalization(x, gamma, beta, running_mean=running[0],
                              running_var=running[1])
    y.grad = gy
    y.backward()
    return y.array.copy(), x.grad.copy(), gamma.grad.copy(), beta.grad.copy()


def test_batch_normalization_runs_its_plan_from_the_second_call_with_eagers_results():
    rng = np.random.default_rng(0)
    shape = (8, 16, 24, 24)                        # (73,728 elements: over the bar)
    assert np.prod(shape) >= fe.MIN_ELEMENTS
    x = tapejit.Variable(rng.standard_normal(shape).astype(np.float32) * 3 + 1)
    gamma = tapejit.Variable(rng.standard_normal(16).astype(np.float32))
    beta = tapejit.Variable(rng.standard_normal(16).astype(np.float32))
    gy = rng.standard_normal(shape).astype(np.float32)
    runs, stats = [], []
    for _ in range(3):
        running = (np.zeros(16, np.float32), np.ones(16, np.float32))
        runs.append(_bn_step(x, gamma, beta, gy, running))
        stats.append(running)
    jitted = _normalized_batch.fused.jitted
    assert jitted is not None and jitted.cache_info().traces == 1
    for got in runs[1:]:                           # (compiled) against the first (eager)
        for g, w in zip(got, runs[0]):
            _close(g, w)
    for got in stats[1:]:
        _close(got[0], stats[0][0])
        _close(got[1], stats[0][1])


def test_a_batch_normalization_link_trains_alike_fused_or_not():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((16, 8, 24, 24)).astype(np.float32)
    results = []
    for min_elements in (10 ** 9, fe.MIN_ELEMENTS):   # (never fused; fused)
        old, fe.MIN_ELEMENTS = fe.MIN_ELEMENTS, min_elements
        try:
            bn = L.BatchNormalization(8)
            for _ in range(3):
                bn.cleargrads()
                y = bn(x)
                F.sum(y * y * y).backward()
            results.append((y.array, bn.gamma.grad, bn.avg_mean.copy(), bn.avg_var.copy()))
        finally:
            fe.MIN_ELEMENTS = old
    for g, w in zip(*results):
        _close(g, w, rtol=1e-4, atol=1e-4)


def test_the_fused_batch_normalization_differentiates_twice_as_eagerly():
    rng = np.random.default_rng(2)
    x0 = rng.standard_normal((4, 8, 48, 48)).astype(np.float32)
    g = tapejit.Variable(np.ones(8, np.float32))
    b = tapejit.Variable(np.zeros(8, np.float32))
    out = []
    for _ in range(2):                             # (eager, then compiled)
        x = tapejit.Variable(x0)
        y = F.batch_normalization(x, g, b)
        gx, = tapejit.grad([F.sum(y ** 3)], [x], enable_double_backprop=True)
        ggx, = tapejit.grad([F.sum(gx * gx)], [x])
        out.append((gx.array, ggx.array))
    _close(out[1][0], out[0][0], rtol=1e-4, atol=1e-4)
    _close(out[1][1], out[0][1], rtol=1e-3, atol=1e-3)


def test_max_pooling_fused_sends_each_windows_gradient_to_its_first_maximum():
    rng = np.random.default_rng(3)
    x0 = np.round(rng.standard_normal((8, 8, 32, 32)) * 2).astype(np.float32)  # (ties)
    gy = rng.standard_normal((8, 8, 16, 16)).astype(np.float32)
    out = []
    for _ in range(3):
        x = tapejit.Variable(x0)
        y = F.max_pooling_2d(x, 2)
        y.grad = gy
        y.backward()
        out.append((y.array, x.grad))
    assert _window_max.fused.jitted.cache_info().traces >= 1
    for got in out[1:]:
        np.testing.assert_array_equal(got[0], out[0][0])
        np.testing.assert_array_equal(got[1], out[0][1])
    # (One gradient per window, at its first maximum.)
    assert np.count_nonzero(out[0][1]) <= gy.size


def test_small_arrays_and_traced_calls_take_the_primitives():
    calls = []

    @fe.fused_when_eager
    def double(x):
        calls.append(tapejit.config.trace is not None)
        return x * 2.0

    small = np.ones(16, np.float32)
    for _ in range(3):
        double(small)
    assert double.fused.jitted is None and calls == [False] * 3
    big = np.ones(fe.MIN_ELEMENTS, np.float32)
    tapejit.jit(lambda v: double(v))(big)
    tapejit.jit(lambda v: double(v))(big)
    assert double.fused.jitted is None             # (inside a trace: its caller's plan)


def test_a_function_whose_shapes_seldom_repeat_stays_eager():
    @fe.fused_when_eager
    def double(x):
        return x * 2.0

    for n in range(fe.MAX_SIGNATURES + 2):
        x = np.ones(fe.MIN_ELEMENTS + n, np.float32)
        double(x)
        double(x)                                  # (each compiled once, met no more)
    assert double.fused.off
    assert len(double.fused.compiled) == fe.MAX_SIGNATURES
    y = double(np.ones(fe.MIN_ELEMENTS + 99, np.float32))
    np.testing.assert_array_equal(getattr(y, 'array', y), 2.0)


@pytest.mark.parametrize('what', ['cupy-like', 'list'])
def test_arguments_no_plan_takes_run_eagerly(what):
    @fe.fused_when_eager
    def total(x):
        return F.sum(tapejit.Variable(np.asarray(x, np.float32)))

    x = [1.0] * fe.MIN_ELEMENTS if what == 'list' else memoryview(
        np.ones(fe.MIN_ELEMENTS, np.float32))
    for _ in range(3):
        assert float(total(x).array) == fe.MIN_ELEMENTS
    assert total.fused.jitted is None


@pytest.mark.parametrize('fn', ['softmax', 'log_softmax', 'layer_normalization'])
def test_row_functions_fused_equal_their_primitives(fn):
    rng = np.random.default_rng(4)
    x0 = (rng.standard_normal((512, 160)) * 4).astype(np.float32)
    gy = rng.standard_normal(x0.shape).astype(np.float32)
    g = tapejit.Variable(rng.standard_normal(160).astype(np.float32))
    b = tapejit.Variable(rng.standard_normal(160).astype(np.float32))

    def call(x):
        if fn == 'layer_normalization':
            return F.layer_normalization(x, g, b)
        return getattr(F, fn)(x, axis=1)
    out = []
    for _ in range(3):                             # (eager, then compiled twice)
        x = tapejit.Variable(x0)
        g.cleargrad()
        y = call(x)
        y.grad = gy
        y.backward()
        out.append((y.array, x.grad) + ((g.grad,) if fn == 'layer_normalization' else ()))
    inner = {'softmax': reduction._softmax_of_floats,
             'log_softmax': reduction._log_softmax_of_floats,
             'layer_normalization': nn._layer_normalized}[fn]
    assert inner.fused.compiled                   # (the later calls ran its plan)
    for got in out[1:]:
        for a, w in zip(got, out[0]):
            _close(a, w, rtol=1e-4, atol=1e-4)


def _eager_then_compiled(call, x0):
    """``(y, gx, ggx)`` of three calls of ``call`` on ``x0`` (eager, then
    compiled twice): its value, first and second derivatives of ``sum(y * y)``."""
    out = []
    for _ in range(3):
        x = tapejit.Variable(x0)
        y = call(x)
        gx, = tapejit.grad([F.sum(y * y)], [x], enable_double_backprop=True)
        ggx, = tapejit.grad([F.sum(gx * gx)], [x])
        out.append((y.array, gx.array, ggx.array))
    return out


_ELEMENTWISE = {
    'gelu': (lambda x: F.gelu(x), lambda: math_functions._gelu),
    'gelu_tanh': (lambda x: F.gelu(x, approximate='tanh'), lambda: math_functions._gelu),
    'leaky_relu': (lambda x: F.leaky_relu(x, 0.1), lambda: nn._leaky_relu),
    'relu': (lambda x: F.relu(x), lambda: nn._relu),
    'elu': (lambda x: F.elu(x, 0.7), lambda: nn._elu),
    'softplus': (lambda x: F.softplus(x, 2.0), lambda: nn._softplus_of),
}


@pytest.mark.parametrize('fn', sorted(_ELEMENTWISE))
def test_elementwise_composites_fused_equal_their_primitives_to_second_order(fn):
    call, inner = _ELEMENTWISE[fn]
    rng = np.random.default_rng(5)
    x0 = (rng.standard_normal((256, 320)) * 3).astype(np.float32)
    x0[0, :4] = 0.0                                # (the kinks)
    out = _eager_then_compiled(call, x0)
    assert inner().fused.compiled                  # (the later calls ran its plan)
    for got in out[1:]:
        for a, w, tol in zip(got, out[0], (1e-5, 1e-4, 1e-3)):
            _close(a, w, rtol=tol, atol=tol)


# Single primitives whose float32 eager calls take the plan's vector forms:
# (function, NumPy's float64 form, the inputs it is checked on).
_VECTOR_MATH = {
    'exp': (F.exp, np.exp, lambda x: x / 3),
    'log': (F.log, np.log, lambda x: np.abs(x) + 0.25),
    'log1p': (F.log1p, np.log1p, lambda x: np.abs(x) - 0.5),
    'expm1': (F.expm1, np.expm1, lambda x: x / 3),
    'tanh': (F.tanh, np.tanh, lambda x: x),
    'erf': (F.erf, None, lambda x: x),
}


@pytest.mark.parametrize('fn', sorted(_VECTOR_MATH))
def test_float32_vector_math_runs_its_plan_eagerly_equal_to_numpy_and_to_second_order(fn):
    f, reference, domain = _VECTOR_MATH[fn]
    rng = np.random.default_rng(9)
    x0 = domain(rng.standard_normal((256, 320)) * 3).astype(np.float32)
    out = _eager_then_compiled(f, x0)
    assert f.fused.compiled                        # (the later calls ran its plan)
    assert out[-1][0].dtype == np.float32
    if reference is not None:
        _close(out[-1][0], reference(x0.astype(np.float64)), rtol=2e-6, atol=2e-6)
    for got in out[1:]:
        for a, w, tol in zip(got, out[0], (2e-6, 1e-5, 1e-4)):
            _close(a, w, rtol=tol, atol=tol)


@pytest.mark.parametrize('fn', sorted(_VECTOR_MATH))
def test_float32_vector_math_plans_match_finite_differences_to_second_order(fn):
    from tapejit import gradient_check
    f, _, domain = _VECTOR_MATH[fn]
    rng = np.random.default_rng(11)
    x0, gy, ggx = (domain(rng.uniform(-1.5, 1.5, (256, 256))).astype(np.float32)
                   for _ in range(3))
    gy, ggx = gy - gy.mean(), ggx - ggx.mean()
    f(tapejit.Variable(x0))                         # (the signature met: the plan serves next)
    hits = f.fused.hits
    gradient_check.check_backward(f, x0, gy, eps=1e-2, atol=1e-2, rtol=1e-2)
    gradient_check.check_double_backward(f, x0, gy, ggx, eps=1e-2, atol=2e-2, rtol=2e-2)
    assert f.fused.hits > hits                      # (the checks ran the plan)


def test_float64_vector_math_stays_with_numpy():
    x0 = np.random.default_rng(3).standard_normal((256, 320))
    before = set(F.exp.fused.compiled)
    for _ in range(3):
        y = F.exp(tapejit.Variable(x0))
        np.testing.assert_array_equal(y.array, np.exp(x0))
    assert F.exp.fused.compiled == before          # (no float64 plan)


def test_mean_squared_error_runs_its_plan_eagerly_equal_to_numpy_and_to_second_order():
    rng = np.random.default_rng(4)
    a0, b0 = (rng.standard_normal((256, 320)).astype(np.float32) for _ in range(2))
    want = np.mean((a0.astype(np.float64) - b0) ** 2)
    out = []
    for _ in range(3):                             # (eager, then compiled twice)
        a, b = tapejit.Variable(a0), tapejit.Variable(b0)
        y = F.mean_squared_error(a, b)
        ga, gb = tapejit.grad([y], [a, b], enable_double_backprop=True)
        gga, = tapejit.grad([F.sum(ga * ga)], [a])
        out.append((y.array, ga.array, gb.array, gga.array))
    assert nn._mean_square.fused.compiled          # (the later calls ran its plan)
    assert out[-1][0].dtype == np.float32
    _close(out[-1][0], want, rtol=1e-5, atol=0)
    _close(out[-1][1], 2 * (a0.astype(np.float64) - b0) / a0.size, rtol=1e-5, atol=1e-9)
    for got in out[1:]:
        for x, w in zip(got, out[0]):
            _close(x, w, rtol=1e-5, atol=1e-9)


def _cross_entropy_by_hand(x, t, ignore, w, normalize, reduce):
    """NumPy's float64 softmax cross entropy, class axis 1."""
    x = np.moveaxis(x.astype(np.float64), 1, -1).reshape(-1, x.shape[1])
    t = t.reshape(-1)
    log_y = x - x.max(1, keepdims=True)
    log_y -= np.log(np.exp(log_y).sum(1, keepdims=True))
    valid = t != ignore
    picked = log_y[np.arange(len(t)), np.where(valid, t, 0)]
    loss = -picked * valid * (1.0 if w is None else w[np.where(valid, t, 0)])
    if reduce == 'no':
        return loss
    return loss.sum() / (max(valid.sum(), 1) if normalize else x.shape[0])


@pytest.mark.parametrize('case', ['mean', 'no', 'weights', 'batch', 'spatial'])
def test_softmax_cross_entropy_runs_its_plan_eagerly_equal_to_numpy_and_to_second_order(case):
    rng = np.random.default_rng(6)
    shape = (16, 40, 16, 8) if case == 'spatial' else (320, 256)
    x0 = (rng.standard_normal(shape) * 2).astype(np.float32)
    t = rng.integers(0, shape[1], (shape[0],) + shape[2:])
    t.reshape(-1)[::7] = -1                        # (ignored labels)
    kw = {'reduce': 'no'} if case == 'no' else {}
    if case == 'weights':
        kw['class_weight'] = rng.random(shape[1]).astype(np.float32)
    if case == 'batch':
        kw['normalize'] = False
    out = []
    for _ in range(3):                             # (eager, then compiled twice)
        x = tapejit.Variable(x0)
        y = F.softmax_cross_entropy(x, t, **kw)
        gx, = tapejit.grad([F.sum(y * y)], [x], enable_double_backprop=True)
        ggx, = tapejit.grad([F.sum(gx * gx)], [x])
        out.append((y.array, gx.array, ggx.array))
        assert y.creator.y.shape == shape          # (Chainer's cached softmax, every call)
    assert nn._label_cross_entropy.fused.compiled  # (the later calls ran its plan)
    want = _cross_entropy_by_hand(x0, t, -1, kw.get('class_weight'), kw.get('normalize', True),
                                  kw.get('reduce', 'mean'))
    _close(out[-1][0].reshape(-1), np.reshape(want, -1), rtol=1e-5, atol=1e-6)
    for got in out[1:]:
        for a, w, tol in zip(got, out[0], (1e-5, 1e-5, 1e-4)):
            _close(a, w, rtol=tol, atol=tol * 1e-2)


def test_a_function_whose_plans_keep_being_evicted_stays_eager_without_warnings():
    import warnings

    @fe.fused_when_eager
    def double(x):
        return x * 2.0

    shapes = [fe.MIN_ELEMENTS + n for n in range(3 * fe.MAX_SIGNATURES)]
    with warnings.catch_warnings():
        warnings.simplefilter('error')              # (no retrace warning reaches the user)
        for n in shapes[:fe.MAX_SIGNATURES]:        # (met often: compiling pays, at first)
            for _ in range(6):
                double(np.ones(n, np.float32))
        for _ in range(3):                          # (round robin: each evicts another)
            for n in shapes:
                y = double(np.ones(n, np.float32))
                np.testing.assert_array_equal(getattr(y, 'array', y), 2.0)
    assert double.fused.off
    assert double.fused.jitted.cache_info().traces <= 2 * fe.MAX_SIGNATURES


def test_a_composite_its_trace_cannot_take_runs_eagerly():
    @fe.fused_when_eager
    def total(x):
        return float(np.asarray(x).sum())          # (reads a value: no trace takes it)

    x = np.ones(fe.MIN_ELEMENTS, np.float32)
    assert [total(x) for _ in range(3)] == [float(fe.MIN_ELEMENTS)] * 3
    assert total.fused.off


def _lstm_calls(c0, x0, calls=3):
    """``(c, h, gc, gx)`` of ``calls`` eager calls of ``F.lstm`` (the first
    meets the signature, the later ones run its plan) and the gradients of
    ``sum(c * c) + sum(h)``."""
    out = []
    for _ in range(calls):
        c, x = tapejit.Variable(c0), tapejit.Variable(x0)
        cn, h = F.lstm(c, x)
        (F.sum(cn * cn) + F.sum(h)).backward()
        out.append((cn.array, h.array, c.grad, x.grad))
    return out


@pytest.mark.parametrize('rows', [32, 20])          # (20: a shorter batch, b < B)
def test_lstm_cell_runs_its_plan_eagerly_equal_to_its_primitives(rows):
    from tapejit.functions import rnn
    rng = np.random.default_rng(12)
    c0 = rng.standard_normal((32, 64)).astype(np.float32)
    x0 = (rng.standard_normal((rows, 256)) * 2).astype(np.float32)
    hits = rnn._fused_cell.fused.hits
    out = _lstm_calls(c0, x0)
    assert rnn._fused_cell.fused.hits > hits        # (the third call ran its plan)
    want = _lstm_calls(c0.astype(np.float64), x0.astype(np.float64), calls=1)[0]
    for got in out:
        for a, w in zip(got, want):
            assert a.dtype == np.float32 and a.shape == w.shape
            _close(a, w, rtol=1e-5, atol=1e-5)
    for a, w in zip(out[-1][:2], out[0][:2]):
        _close(a, w, rtol=2e-6, atol=2e-6)


def test_lstm_plan_matches_finite_differences_to_second_order():
    from tapejit import gradient_check
    from tapejit.functions import rnn
    rng = np.random.default_rng(13)
    c0, gc, ggc = (rng.uniform(-1, 1, (16, 64)).astype(np.float32) for _ in range(3))
    x0, ggx = (rng.uniform(-1, 1, (16, 256)).astype(np.float32) for _ in range(2))
    gh = rng.uniform(-1, 1, (16, 64)).astype(np.float32)
    F.lstm(tapejit.Variable(c0), tapejit.Variable(x0))   # (met: the plan serves next)
    hits = rnn._fused_cell.fused.hits
    gradient_check.check_backward(F.lstm, (c0, x0), (gc, gh), eps=1e-2, atol=1e-2,
                                  rtol=1e-2)
    gradient_check.check_double_backward(F.lstm, (c0, x0), (gc, gh), (ggc, ggx), eps=1e-2,
                                         atol=2e-2, rtol=2e-2)
    assert rnn._fused_cell.fused.hits > hits


@pytest.mark.parametrize('case', ['float64', 'small'])
def test_float64_and_small_lstm_cells_stay_eager(case):
    from tapejit.functions import rnn
    rng = np.random.default_rng(14)
    shape = (32, 64) if case == 'float64' else (4, 8)
    dtype = np.float64 if case == 'float64' else np.float32
    c0 = rng.standard_normal(shape).astype(dtype)
    x0 = rng.standard_normal((shape[0], 4 * shape[1])).astype(dtype)
    before = set(rnn._fused_cell.fused.compiled)
    out = _lstm_calls(c0, x0)
    assert rnn._fused_cell.fused.compiled == before   # (no plan for these)
    for got in out[1:]:
        for a, w in zip(got, out[0]):
            np.testing.assert_array_equal(a, w)


def test_an_lstm_link_trains_alike_with_its_cell_fused_or_not():
    import tapejit.optimizers as O
    from tapejit.functions import rnn
    rng = np.random.default_rng(15)
    xs = rng.standard_normal((4, 32, 48)).astype(np.float32)

    def train(fused):
        model = L.LSTM(48, 64)
        model.upward.W.array[...] = np.linspace(-0.2, 0.2, model.upward.W.size).reshape(
            model.upward.W.shape)
        model.lateral.W.array[...] = 0.05
        opt = O.SGD(lr=0.1).setup(model)
        off = rnn._fused_cell.fused.off
        rnn._fused_cell.fused.off = not fused
        try:
            for _ in range(3):
                model.reset_state()
                loss = sum(F.sum(model(x) ** 2) for x in xs)
                model.cleargrads()
                loss.backward()
                opt.update()
        finally:
            rnn._fused_cell.fused.off = off
        return [p.array.copy() for p in model.params()]
    hits = rnn._fused_cell.fused.hits
    fused = train(True)
    assert rnn._fused_cell.fused.hits > hits
    for a, w in zip(fused, train(False)):
        _close(a, w, rtol=1e-4, atol=1e-5)


def test_the_backward_of_a_fused_call_guards_no_python_values():
    # (What a plan's backward replays is fixed when it is made: a guard on
    # it would key those values again at every backward call.)
    from tapejit.functions import rnn
    rng = np.random.default_rng(16)
    c0 = rng.standard_normal((32, 64)).astype(np.float32)
    x0 = rng.standard_normal((32, 256)).astype(np.float32)
    _lstm_calls(c0, x0)
    backward = [v for p in rnn._fused_cell.fused.jitted._plans() for v in p.diff.vjps.values()]
    assert backward
    for vjp in backward:
        plans = vjp._plans()
        assert plans and all(p.py_guards == () for p in plans)
