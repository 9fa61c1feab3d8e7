"""The bad-input catalogue: each entry runs eagerly and under ``@tapejit.jit``.

Each asserts either a clear error (the op's name, the shapes/dtypes involved and
what was expected), the same one eagerly and under jit, or the documented
behaviour, the same eagerly and under jit: mismatched shapes, mixed dtypes,
integer and boolean Variables in backward, Python lists and scalars,
non-contiguous / transposed / negative-stride / read-only arrays, NaN and Inf,
size-0 and 0-d arrays, a new pytree structure, a traced value used after its
jit returned, and Variables on another device.
"""

from __future__ import annotations

import functools
import re
import types
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import DTypeError, ShapeError, TraceError, Variable, backends
from tapejit.targets import compile_graph


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _arr(x):
    return x.array if isinstance(x, Variable) else x


def _both_raise(exc, patterns, fn, *args, wrap=False):
    """``fn(*args)`` raises ``exc`` with every pattern in its message, eagerly and
    under jit.  With ``wrap`` the array arguments reach ``fn`` as Variables
    (traced ones too: plain arrays promote dtypes as NumPy does)."""
    if wrap:
        inner = fn

        def fn(*xs):
            return inner(*[Variable(x) if hasattr(x, 'dtype') else x for x in xs])
    for how, f in (('eager', fn), ('jit', tapejit.jit(fn))):
        with pytest.raises(exc) as info:
            f(*args)
        msg = str(info.value)
        for p in patterns:
            assert re.search(p, msg), f'{how}: {p!r} not in {msg!r}'


def test_a_shape_error_under_jit_names_the_users_line():
    with pytest.raises(ShapeError, match=r'(?s)add: shapes \(2, 3\) and \(4,\) do not '
                                         r'broadcast.*test_bad_inputs\.py:\d+'):
        tapejit.jit(lambda a, b: a + b)(np.ones((2, 3)), np.ones(4))


def _same(fn, *args, rtol=1e-6):
    """Eager, jit and the compiled plan of ``fn`` give the same results."""
    want = fn(*[np.array(a, order='C') for a in args])  # ascontiguousarray makes 0-d 1-d
    want = [_arr(w) for w in (want if isinstance(want, tuple) else (want,))]
    got = tapejit.jit(fn)(*args)
    got = [_arr(g) for g in (got if isinstance(got, tuple) else (got,))]
    graph = tapejit.jit(fn).lower(*args)
    compiled = compile_graph(graph)(list(args))
    for results in (got, compiled):
        assert len(results) == len(want)
        for g, w in zip(results, want):
            assert g.shape == w.shape and g.dtype == w.dtype
            np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol)
    return want


# ------------------------------------------------------------ mismatched shapes
@pytest.mark.parametrize('fn, args, patterns', [
    (lambda a, b: a + b, ((2, 3), (4,)), [r'add: shapes \(2, 3\) and \(4,\) do not broadcast']),
    (lambda a, b: a * b, ((3, 1, 2), (4, 3)),
     [r'mul: shapes \(3, 1, 2\) and \(4, 3\) do not broadcast']),
    (lambda a, b: F.maximum(a, b), ((5,), (2,)), [r'maximum: shapes \(5,\) and \(2,\)']),
    (lambda a, b: F.where(a > 0, a, b), ((2, 2), (3,)),
     [r'where: shapes \(2, 2\) and \(2, 2\) and \(3,\) do not broadcast']),
    (lambda a, b: F.matmul(a, b), ((2, 3), (4, 5)),
     [r'matmul: shapes \(2, 3\) and \(4, 5\)', r'not aligned: 3 != 4']),
    (lambda a, b: F.concat([a, b], axis=0), ((2, 3), (2, 4)),
     [r'concat: shapes \(2, 3\) and \(2, 4\) differ outside axis 0']),
    (lambda a, b: F.reshape(a, (4, 4)), ((2, 3), (1,)),
     [r'reshape: cannot reshape an array of shape \(2, 3\) \(size 6\) into shape \(4, 4\)']),
    (lambda a, b: F.broadcast_to(a, (3, 3)), ((2, 3), (1,)),
     [r'broadcast_to: cannot broadcast shape \(2, 3\) to \(3, 3\)']),
    (lambda a, b: F.mean_squared_error(a, b), ((2, 3), (3, 2)), [r'mean_squared_error',
                                                                  r'\(2, 3\)', r'\(3, 2\)']),
    (lambda a, b: F.sum(a, axis=2), ((2, 3), (1,)),
     [r'sum: axis 2 is out of bounds for an array of 2 dimensions', r'-2 <= axis < 2']),
])
def test_mismatched_shapes(fn, args, patterns):
    _both_raise(ShapeError, patterns, fn, *[np.ones(s, np.float32) for s in args], wrap=True)


def test_mismatched_shapes_in_backward_of_user_gradient():
    # A gradient of the wrong shape handed to backward names both shapes.
    def f(a):
        y = Variable(a) * 2
        y.grad = np.ones((3, 2), np.float32)
        y.backward()
    _both_raise(ShapeError, [r'gradient shape \(3, 2\)', r'data shape \(2, 3\)'], f,
                np.ones((2, 3), np.float32))


# ------------------------------------------------------------------ mixed dtypes
@pytest.mark.parametrize('fn, name', [
    (lambda a, b: a + b, 'add'), (lambda a, b: a * b, 'mul'), (lambda a, b: a / b, 'div'),
    (lambda a, b: F.where(a > 0, a, b), 'where'),
    (lambda a, b: F.concat([a, b], axis=0), 'concat'),
])
def test_mixed_float_dtypes(fn, name):
    # (matmul and linear promote, as Chainer's do: tests/chainer_api/test_chainer_api.py)
    _both_raise(DTypeError, [rf'^{name}: dtypes float32 and float64 differ',
                             'expected one dtype'],
                fn, np.ones(3, np.float32), np.ones(3, np.float64), wrap=True)


def test_int_and_float():
    _both_raise(DTypeError, [r'add: dtypes int64 and float32 differ', r'F\.cast'],
                lambda a, b: a + b, np.arange(3), np.ones(3, np.float32), wrap=True)


def test_float_only_function_on_ints():
    _both_raise(DTypeError, [r'^exp: got dtype int64; expected a floating dtype'],
                lambda a: F.exp(a), np.arange(3))


def test_python_and_numpy_scalars_take_the_arrays_dtype():
    # Documented: a Python or NumPy scalar adopts the Variable's dtype (weak
    # typing), eagerly and under jit; no float64 sneaks into a float32 graph.
    def f(a):
        x = Variable(a)
        return x * 2.5 + np.float64(1.0), 3 - x, x / np.float32(2)
    for r in _same(f, np.ones(3, np.float32)):
        assert r.dtype == np.float32


# -------------------------------------------- integer and boolean Variables
@pytest.mark.parametrize('dtype', [np.int32, np.int64, np.uint8])
def test_backward_from_an_integer_variable(dtype):
    # Documented (as in Chainer): integer gradients, in the Variable's dtype,
    # the same eagerly, under jit and in the compiled plan; from a user's
    # y.grad, from ones for a one-element output, and through tapejit.grad.
    def f(a, b):
        x = Variable(a)
        y = F.concat([x * 3 - x, F.reshape(F.transpose(x), (2, 3))], axis=0)
        y.grad = np.arange(12, dtype=a.dtype).reshape(4, 3)
        y.backward()
        s = Variable(b)
        F.identity(s * 5).backward(loss_scale=2)
        g, = tapejit.grad([x * x], [x], grad_outputs=[np.ones(a.shape, a.dtype)])
        return x.grad, s.grad, g
    gx, gs, g = _same(f, np.array([[1, 2, 3], [4, 5, 6]], dtype), np.array(7, dtype))
    assert gx.dtype == gs.dtype == g.dtype == dtype
    np.testing.assert_array_equal(gx, [[6, 10, 14], [13, 17, 21]])
    assert gs == 10
    np.testing.assert_array_equal(g, [[2, 4, 6], [8, 10, 12]])



def test_backward_outside_a_jitted_function_from_its_integer_output():
    jf = tapejit.jit(lambda x: x * 3 + x)
    for _ in range(3):  # the trace, then the plan
        x = Variable(np.array([1, 2, 3], np.int16))
        y = jf(x)
        y.grad = np.array([1, 2, 3], np.int16)
        y.backward()
        assert x.grad.dtype == np.int16
        np.testing.assert_array_equal(x.grad, [4, 8, 12])

def test_backward_from_an_integer_variable_with_a_float_loss_scale():
    def f(a):
        (F.identity(Variable(a)) * 2).backward(loss_scale=0.5)
    _both_raise(DTypeError, [r'backward: loss_scale 0\.5 cannot scale the initial gradient',
                             'dtype int32', 'expected an integer loss_scale'],
                f, np.array(3, np.int32))


def test_backward_from_a_boolean_variable():
    def f(a):
        (F.sum(Variable(a)) > 0).backward()
    _both_raise(DTypeError, [r'backward: cannot backprop from a Variable of dtype bool',
                             r'True \+ True is True', r'F\.cast'],
                f, np.ones(2, np.float32))


def test_gradient_towards_integer_and_boolean_variables_is_none():
    # Documented: integer and boolean leaves get no gradient (None); the float
    # path beside them does.
    def f(a, i, m):
        x, xi, xm = Variable(a), Variable(i), Variable(m)
        y = F.sum(x * F.cast(xi, np.float32) + F.cast(xm, np.float32))
        gx, gi, gm = tapejit.grad([y], [x, xi, xm])
        return gx, gi is None, gm is None
    args = (np.ones(3, np.float32), np.arange(3, dtype=np.int32), np.array([True, False, True]))
    for out in (f(*args), tapejit.jit(f)(*args)):
        np.testing.assert_array_equal(_arr(out[0]), [0, 1, 2])
        assert out[1] is True and out[2] is True


# ------------------------------------------------------ lists and Python scalars
@pytest.mark.parametrize('fn, name', [
    (lambda a: F.tanh(a), 'tanh'), (lambda a: F.sum(a), 'sum'),
    (lambda a: F.reshape(a, (2,)), 'reshape'), (lambda a: F.concat([a, a]), 'concat'),
])
def test_python_list_where_an_array_is_expected(fn, name):
    _both_raise(TypeError, [rf'^{name}: ', 'must be a Variable or an array', 'got list',
                            r'numpy\.asarray'], fn, [1.0, 2.0])


def test_python_scalar_where_an_array_is_expected():
    _both_raise(TypeError, [r'^exp: input 0 must be a Variable or an array', 'got float'],
                lambda a: F.exp(a), 2.0)


def test_variable_of_a_list():
    with pytest.raises(TypeError, match=r'Variable: data must be a numpy\.ndarray.*got list'):
        Variable([1.0, 2.0])
    with pytest.raises(TypeError, match=r'Variable: data must be .*got list'):
        tapejit.jit(lambda a: Variable(a))([1.0])


def test_unhashable_non_array_argument_to_jit():
    with pytest.raises(TypeError, match=r'jit: argument of type set is neither an array, '
                                        r'a Variable, nor hashable'):
        tapejit.jit(lambda a, s: a)(np.ones(2), {1, 2})


# -------------------------------------------- strided and read-only arrays
def _views():
    rng = np.random.default_rng(0)
    base = rng.standard_normal((6, 8)).astype(np.float32)
    ro = base.copy()
    ro.flags.writeable = False
    raw = np.frombuffer(b'\0' + base.tobytes(), dtype=np.float32, offset=1, count=48)
    return {
        'transposed': base.T, 'negative-stride': base[::-1, ::-2],
        'sliced': base[1:5, 2:], 'fortran': np.asfortranarray(base), 'read-only': ro,
        'zero-stride': np.broadcast_to(base[0], (6, 8)), 'column': base[:, 3],
        'unaligned': raw.reshape(6, 8),
    }


@pytest.mark.parametrize('kind', list(_views()))
def test_strided_and_read_only_arrays_give_correct_results(kind):
    a = _views()[kind]

    def f(a):
        x = Variable(a)
        y = F.sum(F.tanh(x) * x, axis=0)
        loss = F.sum(y * y) + F.sum(F.exp(x) * 0.1) + F.sum(F.max(x, axis=-1))
        g, = tapejit.grad([loss], [x])
        return loss, g, x[::-1] * 2
    want = _same(f, a, rtol=1e-5)
    eager = [_arr(r) for r in f(a)]
    for e, w in zip(eager, want):
        np.testing.assert_allclose(e, w, rtol=1e-6)


def test_read_only_parameter_trains():
    # backward and an update on a Variable holding a read-only array: the
    # gradient is a new array, and the update rebinds the array eagerly as
    # under jit (the in-place write-back needs a writeable array).
    w0 = np.array([1.0, -2.0], np.float32)
    w0.flags.writeable = False

    def step(W, x):
        loss = F.sum(W * x)
        W.cleargrad()
        loss.backward()
        W.array = W.array - 0.5 * W.grad
        return loss
    x = np.array([2.0, 3.0], np.float32)
    We, Wj = Variable(w0), Variable(w0)
    step(We, x)
    tapejit.jit(step)(Wj, x)
    np.testing.assert_array_equal(We.array, [0.0, -3.5])
    np.testing.assert_array_equal(Wj.array, [0.0, -3.5])
    np.testing.assert_array_equal(w0, [1.0, -2.0])  # never written


def test_results_do_not_alias_inputs_or_each_other():
    # Eagerly ``x * 1`` is a new array; the compiled plan folds it to ``x`` and
    # must still hand out a copy.  Writing into one call's result must not change
    # the input nor the next call's result.
    a = np.ones(3, np.float32)
    f = tapejit.jit(lambda a: (Variable(a) * 1, F.sum(Variable(a)) * 0 + 5))
    for _ in range(2):
        for r in f(a):
            _arr(r)[...] = 7
    np.testing.assert_array_equal(a, 1)
    np.testing.assert_array_equal(_arr(f(a)[1]), 5)


# ---------------------------------------------------------------- NaN and Inf
SPECIAL = np.array([np.nan, -np.inf, -1.0, -0.0, 0.0, 2.0, np.inf, 1e30, -1e30],
                   np.float32)


@pytest.mark.parametrize('name, fn', [
    ('maximum', lambda x: F.maximum(x, x[::-1] * 0.5)),
    ('minimum', lambda x: F.minimum(x, x[::-1])),
    ('max', lambda x: F.max(F.reshape(x, (3, 3)), axis=1)),
    ('min', lambda x: F.min(F.reshape(x, (3, 3)), axis=0)),
    ('max-all', lambda x: F.max(x)), ('relu', F.relu), ('abs', F.absolute),
    ('sign', F.sign), ('clip', lambda x: F.clip(x, -1.0, 1.0)),
    ('where', lambda x: F.where(x > 0, x, x * 2)), ('sum', F.sum),
    ('exp', F.exp), ('log', F.log), ('sqrt', F.sqrt), ('tanh', F.tanh),
    ('sigmoid', F.sigmoid), ('softplus', F.softplus), ('erf', F.erf),
    ('logsumexp', lambda x: F.logsumexp(F.reshape(x, (3, 3)), axis=1)),
    ('softmax', lambda x: F.softmax(F.reshape(x, (3, 3)), axis=1)),
    ('leaky_relu', F.leaky_relu), ('elu', F.elu), ('div', lambda x: x / x[::-1]),
    ('pow', lambda x: x ** x[::-1]), ('times-zero', lambda x: x * 0),
    ('square', F.square), ('sub-self', lambda x: x - x[::-1]),
])
def test_nan_and_inf_propagate_the_same_eagerly_and_under_jit(name, fn):
    def value_and_grad(a):
        x = Variable(a)
        y = fn(x)
        if not y.requires_grad:
            return y, y
        g, = tapejit.grad([F.sum(y)], [x])
        return y, g
    with np.errstate(all='ignore'), warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        want = [_arr(r) for r in value_and_grad(SPECIAL)]
        got = [_arr(r) for r in tapejit.jit(value_and_grad)(SPECIAL)]
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        # Which entries are NaN, +Inf and -Inf is the same; the rest agree to rounding.
        np.testing.assert_array_equal(np.isnan(g), np.isnan(w))
        np.testing.assert_array_equal(np.isposinf(g), np.isposinf(w))
        np.testing.assert_array_equal(np.isneginf(g), np.isneginf(w))
        fin = np.isfinite(w)
        np.testing.assert_allclose(g[fin], w[fin], rtol=1e-5, atol=1e-6)


# ------------------------------------------------------------- size-0 arrays
def test_size_zero_arrays():
    def f(a, b):
        x, w = Variable(a), Variable(b)
        y = F.sum(F.tanh(x) * 2, axis=0)          # (3,) of zeros
        z = F.matmul(F.transpose(x), x)           # (3, 3): an empty inner dimension
        s = F.sum(x) + F.sum(F.matmul(x, w))      # 0
        gx, gw = tapejit.grad([s + F.sum(z)], [x, w])
        return y, z, s, gx, gw, x[:, 1:] * 3
    args = (np.ones((0, 3), np.float32), np.ones((3, 2), np.float32))
    y, z, s, gx, gw, sl = _same(f, *args)
    np.testing.assert_array_equal(y, np.zeros(3))
    np.testing.assert_array_equal(z, np.zeros((3, 3)))
    assert s == 0 and gx.shape == (0, 3) and sl.shape == (0, 2)
    np.testing.assert_array_equal(gw, np.zeros((3, 2)))


def test_size_zero_mean_is_nan():
    # Documented, as in NumPy: the mean of nothing is NaN (no warning raised).
    for f in (F.mean, tapejit.jit(F.mean)):
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            assert np.isnan(_arr(f(np.ones((0, 2), np.float32))))


@pytest.mark.parametrize('fn, name', [(F.max, 'max'), (F.min, 'min'),
                                      (lambda x: F.logsumexp(x, axis=0), 'logsumexp'),
                                      (lambda x: F.argmax(x, axis=0), 'argmax')])
def test_size_zero_reductions_without_identity(fn, name):
    _both_raise(ValueError, [rf'{name}: cannot .* empty axis', r'\(0, 2\)'], fn,
                np.ones((0, 2), np.float32))


# ------------------------------------------------------------------ 0-d arrays
def test_zero_dimensional_arrays():
    def f(a, b):
        x, y = Variable(a), Variable(b)
        z = F.tanh(x) * y + F.sum(y, axis=0) + F.max(x) + F.reshape(x, (1, 1))
        z = F.sum(z)
        z.backward()  # a one-element output needs no initial gradient
        return z, x.grad, y.grad, F.broadcast_to(x, (2,)), F.expand_dims(y, 0)
    args = (np.array(0.5, np.float32), np.array(-2.0, np.float32))
    z, gx, gy, b, e = _same(f, *args)
    assert z.shape == () and gx.shape == () and gy.shape == ()
    assert b.shape == (2,) and e.shape == (1,)
    np.testing.assert_allclose(gx, -2 * (1 - np.tanh(0.5) ** 2) + 2, rtol=1e-6)


def test_zero_dimensional_indexing_errors():
    _both_raise(IndexError, [r'get_item: index .* does not fit an array of shape \(\)'],
                lambda a: a[0], np.array(1.0, np.float32), wrap=True)


# ------------------------------------------------------ a new pytree structure
def test_a_new_pytree_structure_is_a_new_trace():
    # Documented: the argument structure is part of the cache key; a tuple, a
    # list, a dict and a nested tuple each get their own (correct) plan.
    f = tapejit.jit(lambda t: t[0] * 2 + t[1])
    a, b = np.ones(2, np.float32), np.full(2, 3.0, np.float32)
    outs = [f((a, b)), f([a, b]), f({0: a, 1: b}), f(((a, b), b)[0]), f((a, b))]
    for o in outs:
        np.testing.assert_array_equal(_arr(o), [5, 5])
    info = f.cache_info()
    assert (info.traces, info.hits) == (3, 2)


def test_a_pytree_the_function_cannot_use_raises_its_own_error():
    f = tapejit.jit(lambda t: t[0] * 2 + t[1])
    f((np.ones(2), np.ones(2)))
    with pytest.raises(KeyError):
        f({'a': np.ones(2), 'b': np.ones(2)})
    with pytest.raises(IndexError):
        f((np.ones(2),))


# ------------------------------------------------- a traced value that leaks
def test_a_traced_value_used_after_its_jit_returns():
    leaked = []

    @tapejit.jit
    def f(a):
        y = F.tanh(Variable(a))
        leaked.append(y)
        return y * 2

    f(np.ones(2))
    y = leaked[0]
    msg = r'a traced value escaped its @tapejit.jit function .* return it from the function'
    uses = [lambda: y + 1, lambda: F.exp(y), lambda: y.item(), lambda: np.asarray(y.array),
            lambda: float(F.sum(y).array), lambda: y.to_cpu(),
            lambda: tapejit.jit(lambda a: a + y)(np.ones(2))]
    for use in uses:
        with pytest.raises(TraceError, match=msg):
            use()
    assert y.shape == (2,)  # static facts stay readable
    # and the function itself keeps working
    np.testing.assert_allclose(_arr(f(np.zeros(2))), [0, 0])


# ----------------------------------------------------------------- devices
class _FakeGpuArray:
    """Stands in for ``cupy.ndarray``: only what the device check reads."""

    def __init__(self, a: np.ndarray, dev: int) -> None:
        self.a = a
        self.shape, self.dtype, self.ndim, self.size = a.shape, a.dtype, a.ndim, a.size
        self.device = types.SimpleNamespace(id=dev)


def test_a_variable_moved_to_a_missing_device():
    if backends.cupy_or_none() is not None:
        pytest.skip('CuPy is present: the move would succeed')
    x = Variable(np.ones(2, np.float32))
    with pytest.raises(RuntimeError, match=r'@cupy:0: CuPy is not installed'):
        x.to_device('@cupy:0')
    assert x.to_device('@numpy') is x or np.array_equal(x.array, [1, 1])


def test_a_variable_from_another_device_meets_a_cpu_one(monkeypatch):
    monkeypatch.setattr(backends, '_cupy_module', types.SimpleNamespace(ndarray=_FakeGpuArray))
    cpu = Variable(np.ones(3))
    gpu = Variable(np.ones(3))
    gpu._data = _FakeGpuArray(np.ones(3), 1)  # as if moved with to_device('@cupy:1')
    with pytest.raises(ValueError, match=r'^add: inputs live on different devices '
                                         r'\(@cupy:1 and @numpy.*to_device'):
        cpu + gpu
    with pytest.raises(ValueError, match=r'inputs live on different devices \(@cupy:1, '
                                         r'@numpy\).*to_device'):
        tapejit.jit(lambda a, b: a + b)(cpu, gpu)


# ----------------------------------------------- labels out of range under jit
_INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
               np.uint64]


def _sce_step(W):
    def step(x, t):
        loss = F.softmax_cross_entropy(F.matmul(x, W), t)
        W.cleargrad()
        loss.backward()
        return loss
    return step


@pytest.mark.parametrize('how', ['eager', 'jit', 'value_and_grad'])
@pytest.mark.parametrize('bad', [4, 7, -2])
def test_softmax_cross_entropy_refuses_a_label_out_of_range(how, bad):
    W = Variable(np.ones((3, 4), np.float32))
    x = np.ones((2, 3), np.float32)
    if how == 'value_and_grad':
        f = tapejit.value_and_grad(lambda W, x, t: F.softmax_cross_entropy(F.matmul(x, W), t))
        call = functools.partial(f, W.array)
    else:
        step = _sce_step(W)
        call = step if how == 'eager' else tapejit.jit(step)
    call(x, np.array([0, 3], np.int32))  # (traced with good labels)
    W.cleargrad()
    with pytest.raises(ValueError, match=rf'softmax_cross_entropy: got label\(s\) \[{bad}\] '
                                         r'for x with 4 classes; expected labels in \[0, 4\)'):
        call(x, np.array([0, bad], np.int32))
    assert W.grad is None  # no gradient written
    # ignore_label is no error, and a good call after the bad one is right.
    np.testing.assert_allclose(_arr(call(x, np.array([-1, 1], np.int32))
                                    if how != 'value_and_grad'
                                    else call(x, np.array([-1, 1], np.int32))[0]),
                               np.log(4), rtol=1e-6)


@pytest.mark.parametrize('dtype', _INT_DTYPES)
def test_labels_of_every_integer_dtype_are_checked_under_jit(dtype):
    info = np.iinfo(dtype)
    # (uint64 labels past int64's range are read as int64, as NumPy's take does.)
    bad = [3] + ([-1] if info.min < 0 else [min(int(info.max), 2**40)])
    f = tapejit.jit(lambda x, t: F.select_item(x, t))
    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(_arr(f(x, np.array([2, 0], dtype))), [2.0, 3.0])
    for b in bad:
        with pytest.raises(IndexError, match=rf'select_item: got index\(es\) \[{b}\] in t '
                                             r'for x of shape \(2, 3\); expected indexes in '
                                             r'\[0, 3\)'):
            f(x, np.array([0, b], dtype))


@pytest.mark.parametrize('target', ['cpu', 'interpret'])
def test_select_item_under_value_and_grad_refuses_negative_labels(target):
    vg = tapejit.value_and_grad(lambda x, t: F.sum(F.select_item(x, t)), target=target)
    x = np.ones((2, 3))
    value, g = vg(x, np.array([0, 2]))
    np.testing.assert_array_equal(g.array, [[1, 0, 0], [0, 0, 1]])
    with pytest.raises(IndexError, match=r'select_item: got index\(es\) \[-1\]'):
        vg(x, np.array([-1, 2]))


def test_many_classes_with_uint8_labels_do_not_wrap_under_jit():
    x = np.zeros((2, 300), np.float32)
    x[0, 44] = 5.0
    t = np.array([44, 255], np.uint8)
    want = F.softmax_cross_entropy(x, t).array
    got = tapejit.jit(lambda x, t: F.softmax_cross_entropy(x, t))(x, t).array
    np.testing.assert_allclose(got, want, rtol=1e-6)


# ------------------------------------------- read-only parameters under jit
@pytest.mark.parametrize('kind', ['read-only', 'broadcast'])
@pytest.mark.parametrize('how', ['eager', 'jit'])
def test_in_place_update_of_a_read_only_parameter_raises(kind, how):
    if kind == 'read-only':
        w0 = np.array([1.0, -2.0], np.float32)
        w0.flags.writeable = False
    else:
        w0 = np.broadcast_to(np.float32(1.0), (2,))
    W = Variable(w0)

    def step(x):
        loss = F.sum(W * x)
        W.cleargrad()
        loss.backward()
        W.array -= 0.5 * W.grad
        return loss
    f = step if how == 'eager' else tapejit.jit(step)
    with pytest.raises(ValueError, match='output array is read-only'):
        f(np.array([2.0, 3.0], np.float32))
    assert W.array is w0  # not silently given another array


# ------------------------------------------------- globals read under jit
SCALE = 2.0
SETTINGS = {'shift': 1.0}


def _scaled(x):
    return x * SETTINGS['shift']


def test_a_global_number_or_dict_changed_after_a_call_is_read_anew():
    global SCALE
    f = tapejit.jit(lambda x: _scaled(x) * SCALE)
    x = np.ones(2)
    try:
        np.testing.assert_array_equal(f(x), [2.0, 2.0])
        SCALE = 3.0
        np.testing.assert_array_equal(f(x), [3.0, 3.0])
        SETTINGS['shift'] = 5.0
        np.testing.assert_array_equal(f(x), [15.0, 15.0])
        SCALE = 3  # an int: another trace (the result's dtype may differ)
        np.testing.assert_array_equal(f(x), [15.0, 15.0])
        assert f.cache_info().traces == 4
    finally:
        SCALE = 2.0
        SETTINGS['shift'] = 1.0


def test_a_number_of_an_enclosing_function_changed_after_a_call_is_read_anew():
    s = 2
    f = tapejit.jit(lambda x: x * s)
    x = np.ones(2)
    np.testing.assert_array_equal(f(x), [2.0, 2.0])
    s = 4
    np.testing.assert_array_equal(f(x), [4.0, 4.0])
    assert s == 4


def test_a_list_the_function_appends_to_while_traced_is_not_a_guard():
    calls = []
    f = tapejit.jit(lambda x: calls.append(1) or x * 2)
    for _ in range(3):
        f(np.ones(2))
    assert calls == [1] and f.cache_info().traces == 1


# --------------------------------------------------------- NumPy subclasses
def test_a_memmap_runs_on_the_cpu_under_jit(tmp_path):
    path = tmp_path / 'a.npy'
    np.save(path, np.arange(6.0).reshape(2, 3))
    mm = np.load(path, mmap_mode='r')
    assert isinstance(mm, np.memmap)
    f = tapejit.jit(lambda x: F.sum(F.tanh(x) * 2))
    want = F.sum(F.tanh(mm) * 2).array
    np.testing.assert_allclose(f(mm).array, want, rtol=1e-12)
    np.testing.assert_allclose(f(Variable(mm)).array, want, rtol=1e-12)


def test_an_in_place_update_of_a_writeable_memmap_reaches_the_file(tmp_path):
    path = tmp_path / 'w.npy'
    np.save(path, np.arange(3.0))
    W = Variable(np.load(path, mmap_mode='r+'))

    @tapejit.jit
    def update():
        W.array -= 1
    update()
    W.array.flush()
    np.testing.assert_array_equal(np.load(path), [-1.0, 0.0, 1.0])


@pytest.mark.parametrize('make, name', [
    (lambda: np.matrix([[1.0, 2.0]]), r'numpy\.matrix'),
    (lambda: np.ma.masked_array([1.0, 2.0], mask=[0, 1]), r'numpy\.ma\.MaskedArray'),
])
@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_matrix_and_masked_arrays_are_refused_under_jit(make, name):
    f = tapejit.jit(lambda x: F.sum(x * 2))
    with pytest.raises(TypeError, match=rf'jit: an array argument is a {name}'):
        f(make())
    with pytest.raises(TypeError, match=rf'jit: the array of a Variable argument is a {name}'):
        f(Variable(make()))
    V = Variable(make())
    with pytest.raises(TypeError, match=rf'jit: the array of a closed-over Variable is a {name}'):
        tapejit.jit(lambda x: F.sum(x * V))(np.ones((1, 2)))


# ---------------------------------------------- signed zeros, byte order, kinks
@pytest.mark.parametrize('target', ['cpu', 'interpret'])
def test_relu_and_maximum_keep_numpys_signed_zeros_under_jit(target):
    x = np.array([-0.0, 0.0, -2.0, 3.0, np.nan])
    a, b = np.array([0.0, -0.0, np.nan, 1.0]), np.array([-0.0, 0.0, 1.0, np.nan])
    for fn, args, want in (
            (F.relu, (x,), np.maximum(0.0, x)),
            (F.maximum, (a, b), np.maximum(a, b)), (F.minimum, (a, b), np.minimum(a, b))):
        for got in (fn(*args).array, tapejit.jit(fn, target=target)(*args).array):
            np.testing.assert_array_equal(got, want)
            np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


def test_big_endian_arrays_compute_as_native_ones():
    be, le = np.array([1.0, 2.0], '>f8'), np.array([3.0, 4.0])
    fns = [lambda a, b: F.sum(Variable(a) * Variable(b)),
           lambda a, b: F.mean_squared_error(a, b),
           lambda a, b: F.sum(F.where(a > 1, a, b)),
           lambda a, b: F.sum(F.concat([a, b], axis=0))]
    for fn in fns:
        want = fn(be.astype('<f8'), le).array
        np.testing.assert_allclose(fn(be, le).array, want)
        np.testing.assert_allclose(tapejit.jit(fn)(be, le).array, want)
    W = Variable(np.array([1.0, 2.0], '>f4'))

    @tapejit.jit
    def update(g):
        W.array -= g
    for _ in range(2):
        update(np.ones(2, np.float32))
    np.testing.assert_array_equal(W.array, [-1.0, 0.0])
    assert W.array.dtype == np.dtype('>f4')  # written in place, as eagerly


@pytest.mark.parametrize('how', ['eager', 'jit'])
def test_leaky_relu_derivative_at_zero_is_chainers(how):
    # Chainer 7.8.1 scales the gradient where its output is <= 0
    # (chainer/functions/activation/leaky_relu.py: ``gy[self.cond <= 0] *=
    # self.slope``, ``cond`` the output): at x == 0 the derivative is the slope.
    x = Variable(np.array([-1.0, 0.0, 2.0]))

    def f(x):
        y = F.leaky_relu(x, 0.2)
        g, = tapejit.grad([F.sum(y)], [x])
        return y, g
    y, g = f(x) if how == 'eager' else tapejit.jit(f)(x)
    np.testing.assert_array_equal(y.array, [-0.2, 0.0, 2.0])
    np.testing.assert_array_equal(g.array, [0.2, 0.2, 1.0])


# ------------------------------------------------------------ newcomer errors
def test_a_numpy_function_in_a_custom_function_nodes_forward_names_the_remedy():
    class MyExp(tapejit.FunctionNode):
        def forward(self, inputs):
            x, = inputs
            return np.exp(x),

        def backward(self, indexes, grad_outputs):
            return grad_outputs[0],
    with pytest.raises(TraceError) as info:
        tapejit.jit(lambda x: MyExp().apply((x,))[0])(np.ones(2))
    msg = str(info.value)
    assert "use F.exp (tapejit.functions) or the array's operators" in msg
    assert 'control flow' not in msg


def test_a_python_list_argument_to_jit_is_named():
    with pytest.raises(TypeError, match=r"(?s)can't multiply sequence.*argument 'x' is a "
                                        r'Python list of numbers.*numpy\.asarray'):
        tapejit.jit(lambda x: x * 2.0)([1.0, 2.0])


def test_help_of_jit_explains_every_option():
    import inspect
    doc = tapejit.jit.__doc__
    for name in inspect.signature(tapejit.jit).parameters:
        if name != 'fn':
            assert f'``{name}``' in doc, name
