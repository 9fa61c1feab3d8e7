"""Every entry of the function table of ``test_functions.py`` under ``@tapejit.jit``
and ``tapejit.value_and_grad``.

The table (``CASES``) and its input helpers are imported, not copied.  For each
entry and float dtype:

* ``tapejit.jit(f)(*inputs)`` equals eager ``f(*inputs)`` (values, dtypes,
  shapes, which outputs require grad); a second call with new values of the same
  shapes hits the cache and equals eager on those values;
* for differentiable entries, ``tapejit.value_and_grad`` of
  ``sum_k sum(f(...)[k] * w_k)`` (fixed weights ``w_k``) w.r.t. the float inputs
  equals the eager value and the eager gradients from ``tapejit.grad``.

Dropout in train mode draws its mask from a generator, which a plan cannot
replay: under jit it raises ``TraceError`` unless ``mask=`` is passed.
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import TraceError, Variable

# The table lives in tests/functions/test_functions.py.
from tests.functions.test_functions import CASES, DTYPES, _as_tuple, _inputs

# Entries that pass dropout a generator of their own: compiled steps draw from
# the one F.set_dropout_seed seeds, so these raise TraceError by design.
NEEDS_MASK = {'dropout-rng'}
assert NEEDS_MASK <= {c.id for c in CASES}
# Entries that seed the generator inside the function: a Python side effect,
# which a jitted function runs once, while tracing, not at every call
# (test_compiled_dropout_draws_eagers_masks_anew_at_every_call seeds outside).
SEEDS_INSIDE = {'set_dropout_seed-reproducible', 'gaussian-seeded'}
assert SEEDS_INSIDE <= {c.id for c in CASES}

# jit runs the very same impls and VJP rules as eager: the results agree to
# rounding (and are in practice identical).
TOL = {np.dtype(np.float32): dict(rtol=1e-6, atol=1e-6),
       np.dtype(np.float64): dict(rtol=1e-13, atol=1e-13)}

JIT_CASES = [c for c in CASES if c.id not in NEEDS_MASK | SEEDS_INSIDE]
GRAD_CASES = [c for c in JIT_CASES if c.diff]
dtype_param = pytest.mark.parametrize('dtype', DTYPES, ids=lambda d: np.dtype(d).name)


def _args(xs: tuple) -> list:
    """As ``test_functions._call`` passes them: float inputs as Variables."""
    return [Variable(x) if x.dtype.kind == 'f' else x for x in xs]


def _other_inputs(c, dtype) -> tuple:
    """Inputs of the same shapes and dtypes as ``_inputs(c, dtype)``, new values."""
    rng = np.random.default_rng(zlib.crc32(c.id.encode()) + 12345)
    return tuple(np.array(x, dtype=dtype if x.dtype.kind == 'f' else x.dtype)
                 for x in c.make(rng))


def _assert_same(c, got: tuple, want: tuple) -> None:
    assert len(got) == len(want), c.id
    for g, w in zip(got, want):
        assert isinstance(g, Variable), f'{c.id}: jit returned {type(g).__name__}'
        assert isinstance(g.array, np.ndarray), f'{c.id}: {type(g.array).__name__}'
        assert g.shape == w.shape and g.dtype == w.dtype, (
            f'{c.id}: jit gives {g.dtype}{g.shape}, eager {w.dtype}{w.shape}')
        assert g.requires_grad == w.requires_grad, c.id
        if w.dtype.kind in 'iub':
            np.testing.assert_array_equal(g.array, w.array)
        else:
            np.testing.assert_allclose(g.array, w.array, **TOL[np.dtype(w.dtype)])


def test_table_is_shared():
    # The parametrization follows the table: a new entry is tested here too.
    assert len(JIT_CASES) + len(NEEDS_MASK | SEEDS_INSIDE) == len(CASES) > 150


@dtype_param
@pytest.mark.parametrize('c', JIT_CASES, ids=[c.id for c in JIT_CASES])
def test_jit_equals_eager(c, dtype):
    fn = tapejit.jit(c.func)
    for xs in (_inputs(c, dtype), _other_inputs(c, dtype)):
        want = _as_tuple(c.func(*_args(xs)))
        got = _as_tuple(fn(*_args(xs)))
        _assert_same(c, got, want)
    info = fn.cache_info()
    # New values of the same shapes and dtypes: no retrace.
    assert (info.traces, info.misses, info.hits, info.entries) == (1, 1, 1, 1), (
        info, dict(fn._causes))


@dtype_param
@pytest.mark.parametrize('c', GRAD_CASES, ids=[c.id for c in GRAD_CASES])
def test_value_and_grad_equals_eager(c, dtype):
    xs = _inputs(c, dtype)
    floats = tuple(i for i, x in enumerate(xs) if x.dtype.kind == 'f')
    ys = _as_tuple(c.func(*_args(xs)))
    rng = np.random.default_rng(5)
    weights = [rng.standard_normal(y.shape).astype(y.dtype) if y.dtype.kind == 'f'
               else None for y in ys]

    def weighted_sum(*args):
        total = None
        for y, w in zip(_as_tuple(c.func(*args)), weights):
            if w is not None:
                t = F.sum(y * w)
                total = t if total is None else total + t
        return total

    # Eager reference: the same scalar, differentiated with tapejit.grad.
    vs = _args(xs)
    want_value = weighted_sum(*vs)
    want_grads = tapejit.grad([want_value], [vs[i] for i in floats])

    vg = tapejit.value_and_grad(weighted_sum, argnums=floats)
    value, grads = vg(*xs)
    assert isinstance(value, Variable) and value.shape == want_value.shape
    np.testing.assert_allclose(value.array, want_value.array,
                               **TOL[np.dtype(want_value.dtype)])
    assert isinstance(grads, tuple) and len(grads) == len(floats)
    for i, g, w in zip(floats, grads, want_grads):
        assert isinstance(g, Variable)
        assert g.shape == xs[i].shape and g.dtype == xs[i].dtype, (
            f'{c.id}: gradient {i} is {g.dtype}{g.shape}, input {xs[i].dtype}{xs[i].shape}')
        w = np.zeros_like(xs[i]) if w is None else w.array
        np.testing.assert_allclose(g.array, w, **TOL[np.dtype(xs[i].dtype)],
                                   err_msg=f'{c.id}: gradient of input {i}')
    # A second call with other values reuses the plan and is still right.
    xs2 = _other_inputs(c, dtype)
    vs2 = _args(xs2)
    want2 = tapejit.grad([weighted_sum(*vs2)], [vs2[i] for i in floats])
    _, grads2 = vg(*xs2)
    for i, g, w in zip(floats, grads2, want2):
        w = np.zeros_like(xs2[i]) if w is None else w.array
        np.testing.assert_allclose(g.array, w, **TOL[np.dtype(xs2[i].dtype)])
    assert vg.cache_info().hits == 1 and vg.cache_info().traces == 1, dict(vg._causes)


# ------------------------------------------------------------------ dropout
@dtype_param
@pytest.mark.parametrize('case_id', sorted(NEEDS_MASK))
def test_dropout_train_mode_without_mask_raises(case_id, dtype):
    c = next(c for c in CASES if c.id == case_id)
    xs = _inputs(c, dtype)
    args = _args(xs)
    with pytest.raises(TraceError, match='set_dropout_seed') as ei:
        tapejit.jit(c.func)(*args)
    # The message points at the user's line (the table entry), not into tapejit.
    assert 'test_functions.py' in str(ei.value)
    assert 'F.dropout' in str(ei.value)
    # The argument Variables are left as they were.
    for a, x in zip(args, xs):
        if isinstance(a, Variable):
            assert isinstance(a.array, np.ndarray)
            np.testing.assert_array_equal(a.array, x)
    with pytest.raises(TraceError):
        tapejit.value_and_grad(lambda *a: F.sum(c.func(*a)))(*xs)


@dtype_param
def test_dropout_with_mask_equals_eager(dtype):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 4)).astype(dtype)
    mask = ((rng.random((3, 4)) >= 0.3) / 0.7).astype(dtype)

    def f(x, m):
        return F.dropout(x, 0.3, mask=m)

    want = f(Variable(x), mask)
    got = tapejit.jit(f)(Variable(x), mask)
    np.testing.assert_array_equal(got.array, want.array)
    _, g = tapejit.value_and_grad(lambda x, m: F.sum(f(x, m) * 2))(x, mask)
    np.testing.assert_allclose(g.array, 2 * mask, **TOL[np.dtype(dtype)])


def test_dropout_train_flag_is_part_of_the_key():
    f = tapejit.jit(lambda x: F.dropout(x, 0.5))
    x = np.ones((2, 3))
    with tapejit.using_config('train', False):
        np.testing.assert_array_equal(f(x).array, x)
    assert set(f(x).array.ravel().tolist()) <= {0.0, 2.0}
    with tapejit.using_config('train', False):
        np.testing.assert_array_equal(f(x).array, x)
    assert f.cache_info().hits == 1 and f.cache_info().traces == 2


def _dropout_calls(fn, x, calls, seed=3):
    F.set_dropout_seed(seed)
    try:
        return [fn(x) for _ in range(calls)]
    finally:
        F.set_dropout_seed(None)


@dtype_param
def test_compiled_dropout_draws_eagers_masks_anew_at_every_call(dtype):
    # The same generator, drawn the same way: from one seed, a jitted
    # function's calls give eager's masks, call after call.
    x = np.random.default_rng(0).standard_normal((5, 7)).astype(dtype)
    f = tapejit.jit(lambda x: F.dropout(x * 2.0, 0.4))
    want = [y.array for y in _dropout_calls(lambda x: F.dropout(x * 2.0, 0.4), x, 4)]
    got = [y.array for y in _dropout_calls(f, x, 4)]
    for w, g in zip(want, got):
        np.testing.assert_array_equal(g, w)
    assert not np.array_equal(got[0], got[1])
    assert f.cache_info().traces == 1


def test_compiled_dropout_gradient_uses_that_calls_mask():
    x = np.random.default_rng(1).standard_normal((4, 6))

    def loss(x):
        y, mask = F.dropout(x, 0.5, return_mask=True)
        return F.sum(y * 3.0), mask

    vg = tapejit.value_and_grad(loss, has_aux=True)
    for _ in range(3):
        (_, mask), g = vg(x)
        np.testing.assert_array_equal(g.array, 3.0 * np.asarray(getattr(mask, "array", mask)))


def test_two_dropouts_of_one_array_are_not_merged_nor_folded():
    const = np.ones((50,))

    @tapejit.jit
    def f(x):
        # (Equal equations, and one on a constant: each still its own draw.)
        return F.dropout(x, 0.5) - F.dropout(x, 0.5), F.dropout(const, 0.5)

    d, c1 = f(np.ones((50,)))
    _, c2 = f(np.ones((50,)))
    assert np.abs(d.array).sum() > 0
    assert not np.array_equal(c1.array, c2.array)


def test_n_step_lstm_with_dropout_compiles_and_equals_eager():
    rng = np.random.default_rng(2)
    lstm = tapejit.links.NStepLSTM(2, 3, 4, dropout=0.5)
    xs = [rng.standard_normal((n, 3)).astype(np.float32) for n in (5, 3)]

    def run(xs):
        return F.sum(lstm(None, None, xs)[0])

    want = [y.array for y in _dropout_calls(run, xs, 2)]
    got = [y.array for y in _dropout_calls(tapejit.jit(run), xs, 2)]
    np.testing.assert_allclose(got, want, rtol=1e-5)
    assert want[0] != want[1]
