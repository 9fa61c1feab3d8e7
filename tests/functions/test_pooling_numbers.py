"""Pooling and loss numbers against direct references.

- Max pooling gives each window's gradient to one element, the first maximum
  in the window's row-major scan (as Chainer's ``argmax`` over ``im2col``
  windows), eagerly, in compiled CPU code, in CUDA kernels (Numba's
  simulator: this file run as a script with ``NUMBA_ENABLE_CUDASIM=1``) and
  through double backprop.  Overlapping windows may each give gradient to the
  same element.
- float16 average pooling, unpooling and the losses sum in float32 and cast
  the result back: no inf or NaN from a float16 sum, and the float64
  reference's value to float16 rounding, forward and gradient.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import traceback
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.gradient_check import check_backward, numerical_grad
from tapejit.ops.window import conv_outsize

# (ksize, stride, pad, cover_all): a tiling of the image (the view path), and
# overlapping, padded and cover_all windows (the im2col path).
WINDOWS = [((2, 2), (2, 2), (0, 0), True),
           ((3, 3), (2, 2), (1, 1), True),
           ((3, 2), (1, 1), (1, 0), False),
           ((2, 3), (3, 2), (0, 1), True),
           ((3, 3), (3, 3), (0, 0), True)]
WINDOW_IDS = ['tiles', 'overlap-pad-cover', 'stride1', 'gaps-cover', 'partial-last']


# ----------------------------------------------------------------- references
def _max_pool_reference(x, gy, k, s, p, cover_all):
    """(y, gx) by direct loops: each window scanned row-major, padding -inf,
    the gradient added at the first element holding the maximum (dropped if
    that element is padding)."""
    n, c, h, w = x.shape
    oh = conv_outsize(h, k[0], s[0], p[0], cover_all)
    ow = conv_outsize(w, k[1], s[1], p[1], cover_all)
    y = np.empty((n, c, oh, ow), x.dtype)
    gx = np.zeros(x.shape, np.float64)
    for b in range(n):
        for ch in range(c):
            for oy in range(oh):
                for ox in range(ow):
                    best, at = None, None
                    for j in range(k[0]):
                        for i in range(k[1]):
                            r, q = oy * s[0] + j - p[0], ox * s[1] + i - p[1]
                            inside = 0 <= r < h and 0 <= q < w
                            v = float(x[b, ch, r, q]) if inside else -math.inf
                            if best is None or v > best:
                                best, at = v, ((r, q) if inside else None)
                    y[b, ch, oy, ox] = best
                    if gy is not None and at is not None:
                        gx[b, ch, at[0], at[1]] += float(gy[b, ch, oy, ox])
    return y, gx


def _tied_image(shape, dtype, seed):
    """Small integers (ties in most windows), a constant block and a -inf."""
    x = np.random.default_rng(seed).integers(0, 3, shape).astype(dtype)
    x[0, 0] = 1.0            # a constant image: every window a tie
    x[-1, -1, :2, :2] = -np.inf
    return x


def _grad_out(x, k, s, p, cover_all, seed):
    n, c, h, w = x.shape
    shape = (n, c, conv_outsize(h, k[0], s[0], p[0], cover_all),
             conv_outsize(w, k[1], s[1], p[1], cover_all))
    # Distinct integers: a gradient given twice (or to the wrong element) shows.
    return np.random.default_rng(seed).permutation(np.prod(shape)).reshape(shape).astype(
        x.dtype) + 1


def _pool_step(k, s, p, cover_all):
    def step(x, gy):
        x = tapejit.Variable(x)
        y = F.max_pooling_2d(x, k, s, p, cover_all=cover_all)
        gx, = tapejit.grad([F.sum(y * gy)], [x])
        return y, gx
    return step


# ---------------------------------------------------------- max pooling ties
@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('k, s, p, cover_all', WINDOWS, ids=WINDOW_IDS)
def test_max_pooling_gives_each_window_gradient_once_eagerly(k, s, p, cover_all, dtype):
    x = _tied_image((2, 3, 7, 8), dtype, 0)
    gy = _grad_out(x, k, s, p, cover_all, 1)
    y, gx = _pool_step(k, s, p, cover_all)(x, gy)
    want_y, want_gx = _max_pool_reference(x, gy, k, s, p, cover_all)
    np.testing.assert_array_equal(y.array, want_y)
    assert gx.dtype == dtype
    np.testing.assert_array_equal(gx.array, want_gx)


def test_a_constant_window_passes_its_gradient_once():
    x = tapejit.Variable(np.zeros((1, 1, 4, 4), np.float32))
    F.sum(F.max_pooling_2d(x, 2)).backward()
    # One element per window (its first), not the four.
    assert x.grad.sum() == 4
    np.testing.assert_array_equal(x.grad[0, 0], [[1, 0, 1, 0], [0, 0, 0, 0],
                                                 [1, 0, 1, 0], [0, 0, 0, 0]])


def test_max_pooling_gradient_goes_where_return_indices_points():
    x = _tied_image((2, 3, 7, 8), np.float32, 2)
    v = tapejit.Variable(x)
    y, idx = F.max_pooling_2d(v, 3, stride=3, pad=0, return_indices=True)
    F.sum(y).backward()
    want = np.zeros_like(x)
    for b, c, oy, ox in np.ndindex(idx.shape):
        j, i = divmod(int(idx[b, c, oy, ox]), 3)
        r, q = oy * 3 + j, ox * 3 + i
        if r < 7 and q < 8:
            want[b, c, r, q] += 1
    np.testing.assert_array_equal(v.grad, want)


def test_a_nan_window_passes_no_gradient():
    # Its maximum is NaN, which no element equals (as with F.max); the other
    # windows are unaffected.
    x = np.zeros((1, 1, 2, 4))
    x[0, 0, 1, 0] = x[0, 0, 0, 1] = np.nan
    v = tapejit.Variable(x)
    y = F.max_pooling_2d(v, 2)
    F.sum(y).backward()
    assert np.isnan(y.array[0, 0, 0, 0])
    np.testing.assert_array_equal(v.grad[0, 0], [[0, 0, 1, 0], [0, 0, 0, 0]])


@pytest.mark.parametrize('k, s, p, cover_all', WINDOWS, ids=WINDOW_IDS)
def test_max_pooling_ties_in_compiled_cpu_code(k, s, p, cover_all):
    x = _tied_image((2, 3, 7, 8), np.float32, 3)
    gy = _grad_out(x, k, s, p, cover_all, 4)
    want_y, want_gx = _max_pool_reference(x, gy, k, s, p, cover_all)
    jf = tapejit.jit(_pool_step(k, s, p, cover_all))
    with warnings.catch_warnings():
        # (A kernel that did not compile would run op by op, with a warning.)
        warnings.simplefilter('error')
        for _ in range(2):  # the trace's call, then the compiled plan's
            y, gx = jf(x, gy)
            np.testing.assert_array_equal(y.array, want_y)
            np.testing.assert_array_equal(gx.array, want_gx)


def test_max_pooling_ties_under_a_jitted_outer_backward():
    # The graph of a jitted forward, differentiated outside the call.
    x = _tied_image((2, 2, 6, 6), np.float32, 5)
    gy = _grad_out(x, (3, 3), (2, 2), (1, 1), True, 6)
    jf = tapejit.jit(lambda v: F.max_pooling_2d(v, 3, 2, 1))
    for _ in range(2):
        v = tapejit.Variable(x)
        y = jf(v)
        F.sum(y * gy).backward()
        np.testing.assert_array_equal(
            v.grad, _max_pool_reference(x, gy, (3, 3), (2, 2), (1, 1), True)[1])


def _double(k, s, p, cover_all):
    """d/d(gy) of sum(gx * w): ``w`` at each window's first maximum."""
    def step(x, gy, w):
        x, gy = tapejit.Variable(x), tapejit.Variable(gy)
        y = F.max_pooling_2d(x, k, s, p, cover_all=cover_all)
        gx, = tapejit.grad([F.sum(y * gy)], [x], enable_double_backprop=True)
        ggy, = tapejit.grad([F.sum(gx * w)], [gy])
        return ggy
    return step


def _double_reference(x, w, k, s, p, cover_all):
    n, c, h, wd = x.shape
    oh = conv_outsize(h, k[0], s[0], p[0], cover_all)
    ow = conv_outsize(wd, k[1], s[1], p[1], cover_all)
    out = np.zeros((n, c, oh, ow))
    for idx in np.ndindex(out.shape):
        one = np.zeros(out.shape)
        one[idx] = 1
        out[idx] = np.sum(_max_pool_reference(x, one, k, s, p, cover_all)[1] * w)
    return out


@pytest.mark.parametrize('k, s, p, cover_all', WINDOWS[:2], ids=WINDOW_IDS[:2])
def test_max_pooling_ties_through_double_backprop(k, s, p, cover_all):
    x = _tied_image((1, 2, 5, 6), np.float64, 7)
    gy = _grad_out(x, k, s, p, cover_all, 8)
    w = np.random.default_rng(9).standard_normal(x.shape)
    want = _double_reference(x, w, k, s, p, cover_all)
    step = _double(k, s, p, cover_all)
    np.testing.assert_allclose(step(x, gy, w).array, want, rtol=1e-12)
    jf = tapejit.jit(step)
    for _ in range(2):
        np.testing.assert_allclose(jf(x, gy, w).array, want, rtol=1e-12)


def test_max_pooling_gradients_match_finite_differences():
    # Distinct values (no ties, no kinks within eps): first and second order.
    rng = np.random.default_rng(10)
    x = rng.permutation(2 * 3 * 7 * 8).reshape(2, 3, 7, 8).astype(np.float64) * 0.1
    for k, s, p, cover_all in WINDOWS:
        def f(v, k=k, s=s, p=p, cover_all=cover_all):
            return F.max_pooling_2d(v, k, s, p, cover_all=cover_all)
        gy = rng.standard_normal(f(x).shape)
        check_backward(f, x, gy, eps=1e-3, atol=1e-8, rtol=1e-6, dtype=np.float64)
        tapejit.gradient_check.check_double_backward(
            lambda v, f=f: f(v) * f(v), x, gy, rng.standard_normal(x.shape), eps=1e-3,
            atol=1e-6, rtol=1e-5, dtype=np.float64)


def test_max_is_unchanged_every_tie_gets_the_gradient():
    # F.max is Chainer's F.max: each element equal to the maximum gets gy.
    x = tapejit.Variable(np.array([[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]]))
    F.sum(F.max(x, axis=1)).backward()
    np.testing.assert_array_equal(x.grad, [[0, 1, 1], [1, 1, 0]])


def test_the_max_primitive_names_its_tie_rules():
    from tapejit.ops import reduction as R
    with pytest.raises(ValueError, match=r"max: ties must be 'all' .* or 'first' .*, "
                                         r"got 'last'"):
        R.max(np.ones((2, 2)), axis=(1,), keepdims=False, ties='last')


# ------------------------------------------------------------------- float16
def _f16_close(got, want):
    """``got`` (float16) is finite and within a float16 rounding of ``want``."""
    got = np.asarray(got)
    assert got.dtype == np.float16
    assert np.isfinite(got).all(), got
    want = np.asarray(want, np.float64)
    # (One unit in the last place of the result's float16 binade, at least
    # the smallest subnormal's.)
    ulp = np.spacing(np.abs(want).astype(np.float16)).astype(np.float64)
    np.testing.assert_array_less(np.abs(got.astype(np.float64) - want), ulp + 1e-12)


def _avg(v, k):
    return F.average_pooling_2d(v, k)


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
def test_float16_average_pooling_of_large_values_is_finite(compiled):
    x = np.full((1, 1, 8, 8), 60000, np.float16)
    f = tapejit.jit(_avg, static_argnums=(1,)) if compiled else _avg
    y = f(x, 8)
    _f16_close(y.array, [[[[60000.0]]]])


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
def test_float16_global_average_is_rounded_once(compiled):
    # A float16 sum rounds at each addition (991.0 here); float32 gives 991.5.
    x = np.full((2, 3, 7, 7), 991.5, np.float16)
    f = tapejit.jit(_avg, static_argnums=(1,)) if compiled else _avg
    y = f(x, 7)
    np.testing.assert_array_equal(y.array, np.full((2, 3, 1, 1), 991.5, np.float16))


def _avg_step(x, gy, k, s, p):
    v = tapejit.Variable(x)
    y = F.average_pooling_2d(v, k, s, p)
    # (gy as the output's gradient: a float16 sum(y * gy) would overflow.)
    gx, = tapejit.grad([y], [v], grad_outputs=[gy])
    return y, gx


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
@pytest.mark.parametrize('k, s, p', [(16, 16, 0), (5, 2, 2)], ids=['large', 'overlap'])
def test_float16_average_pooling_matches_float64(k, s, p, compiled):
    rng = np.random.default_rng(11)
    x = rng.uniform(0, 2000, (2, 3, 32, 32)).astype(np.float16)
    x64 = x.astype(np.float64)
    y64 = F.average_pooling_2d(x64, k, s, p).array
    gy = rng.uniform(-1000, 1000, y64.shape).astype(np.float16)
    f = tapejit.jit(_avg_step, static_argnums=(2, 3, 4)) if compiled else _avg_step
    y, gx = f(x, gy, k, s, p)
    _f16_close(y.array, y64)
    # The gradient against float64 finite differences of the float64 pooling.
    g64, = numerical_grad(lambda: (F.average_pooling_2d(x64, k, s, p).array,), (x64,),
                          (gy.astype(np.float64),), eps=1.0)
    _f16_close(gx.array, g64)


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
def test_float16_unpooling_gradient_sums_in_float32(compiled):
    rng = np.random.default_rng(12)
    x = rng.uniform(-1, 1, (1, 2, 3, 3)).astype(np.float16)
    # 64 values of 1023 per window: 65472, a float16, whose float16 sum rounds.
    gy = np.full((1, 2, 24, 24), 1023, np.float16)
    gy[0, 1] = rng.uniform(0, 1000, (24, 24)).astype(np.float16)

    def step(x, gy):
        v = tapejit.Variable(x)
        y = F.unpooling_2d(v, 8, cover_all=False)
        gx, = tapejit.grad([y], [v], grad_outputs=[gy])
        return y, gx
    y, gx = (tapejit.jit(step) if compiled else step)(x, gy)
    np.testing.assert_array_equal(y.array, np.repeat(np.repeat(x, 8, 2), 8, 3))
    want = gy.astype(np.float64).reshape(1, 2, 3, 8, 3, 8).sum(axis=(3, 5))
    _f16_close(gx.array, want)


def _sce(x, t):
    v = tapejit.Variable(x)
    loss = F.sigmoid_cross_entropy(v, t)
    gx, = tapejit.grad([loss], [v])
    return loss, gx


def _sce64(x, t):
    x = x.astype(np.float64)
    per = np.logaddexp(0, x) - x * (t == 1)
    n = max(int((t != -1).sum()), 1)
    return np.where(t != -1, per, 0).sum() / n, np.where(
        t != -1, 1 / (1 + np.exp(-x)) - (t == 1), 0) / n


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
def test_float16_sigmoid_cross_entropy_of_many_rows_is_finite(compiled):
    x = np.full((300000, 1), 0.75, np.float16)
    t = np.ones((300000, 1), np.int32)
    loss, gx = (tapejit.jit(_sce) if compiled else _sce)(x, t)
    want, want_gx = _sce64(x, t)
    assert loss.dtype == np.float16 and abs(float(want) - 0.387) < 1e-3
    _f16_close(loss.array, want)
    _f16_close(gx.array, want_gx)


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
def test_float16_sigmoid_cross_entropy_matches_float64(compiled):
    rng = np.random.default_rng(13)
    x = rng.uniform(-12, 12, (400, 30)).astype(np.float16)
    t = rng.integers(-1, 2, x.shape).astype(np.int32)
    loss, gx = (tapejit.jit(_sce) if compiled else _sce)(x, t)
    want, want_gx = _sce64(x, t)
    _f16_close(loss.array, want)
    _f16_close(gx.array, want_gx)
    # Per element too: a confident x loses its small loss to cancellation in float16.
    per = F.sigmoid_cross_entropy(x, t, reduce='no').array
    x64 = x.astype(np.float64)
    _f16_close(per, np.where(t != -1, np.logaddexp(0, x64) - x64 * (t == 1), 0))


def test_sigmoid_cross_entropy_gradient_matches_finite_differences():
    rng = np.random.default_rng(14)
    x = rng.uniform(-3, 3, (6, 5))
    t = rng.integers(-1, 2, x.shape).astype(np.int32)
    for normalize in (True, False):
        check_backward(lambda v, normalize=normalize: F.sigmoid_cross_entropy(
            v, t, normalize=normalize), x, None, dtype=np.float64, atol=1e-8, rtol=1e-6)


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
def test_float16_mean_squared_error_of_many_values_is_finite(compiled):
    rng = np.random.default_rng(15)
    a = rng.uniform(-40, 40, 100000).astype(np.float16)
    b = rng.uniform(-40, 40, 100000).astype(np.float16)

    def step(a, b):
        v = tapejit.Variable(a)
        loss = F.mean_squared_error(v, b)
        return loss, tapejit.grad([loss], [v])[0]
    loss, ga = (tapejit.jit(step) if compiled else step)(a, b)
    d = a.astype(np.float64) - b.astype(np.float64)
    _f16_close(loss.array, np.mean(d * d))
    _f16_close(ga.array, 2 * d / d.size)


@pytest.mark.parametrize('compiled', [False, True], ids=['eager', 'jit'])
def test_float16_softmax_cross_entropy_mean_of_many_rows_is_finite(compiled):
    x = np.zeros((300000, 3), np.float16)
    t = np.zeros(300000, np.int32)

    def step(x, t):
        v = tapejit.Variable(x)
        loss = F.softmax_cross_entropy(v, t)
        return loss, tapejit.grad([loss], [v])[0]
    loss, gx = (tapejit.jit(step) if compiled else step)(x, t)
    _f16_close(loss.array, np.log(3))
    _f16_close(gx.array[:2], np.array([[-2 / 3, 1 / 3, 1 / 3]] * 2) / 300000)


# ------------------------------------------------- CUDA kernels (simulator)
def _cuda_cases() -> dict:
    """Each case's outcome ('ok' or the traceback) with the kernels Numba's
    CUDA simulator runs; compared with the direct references."""
    from tapejit.ir.trace import trace_graph
    from tapejit.targets.cuda.executable import compile_graph_cuda

    def run(fn, args):
        ex = compile_graph_cuda(trace_graph(fn, args))
        out = ex(list(args))
        # (A kernel Numba could not compile would have run op by op.)
        assert ex.kernels and not any(k.fallback for k in ex.kernels)
        return out

    def ties():
        for (k, s, p, cover_all), name in zip(WINDOWS, WINDOW_IDS):
            x = _tied_image((1, 2, 7, 8), np.float32, 20)
            gy = _grad_out(x, k, s, p, cover_all, 21)
            y, gx = run(_pool_step(k, s, p, cover_all), [x, gy])
            want_y, want_gx = _max_pool_reference(x, gy, k, s, p, cover_all)
            np.testing.assert_array_equal(y, want_y, err_msg=name)
            np.testing.assert_array_equal(gx, want_gx, err_msg=name)

    def double():
        k, s, p, cover_all = WINDOWS[1]
        x = _tied_image((1, 1, 5, 6), np.float64, 22)
        gy = _grad_out(x, k, s, p, cover_all, 23)
        w = np.random.default_rng(24).standard_normal(x.shape)
        ggy, = run(_double(k, s, p, cover_all), [x, gy, w])
        np.testing.assert_allclose(ggy, _double_reference(x, w, k, s, p, cover_all),
                                   rtol=1e-12)

    def average16():
        x = np.full((1, 1, 8, 8), 60000, np.float16)
        gy = np.full((1, 1, 1, 1), 640, np.float16)
        y, gx = run(lambda x, gy: _avg_step(x, gy, 8, 8, 0), [x, gy])
        _f16_close(y, [[[[60000.0]]]])
        _f16_close(gx, np.full(x.shape, 10.0))

    out = {}
    for name, fn in (('ties', ties), ('double', double), ('average16', average16)):
        try:
            fn()
            out[name] = 'ok'
        except Exception:
            out[name] = 'FAILED\n' + traceback.format_exc()
    return out


@pytest.fixture(scope='module')
def cuda_results(tmp_path_factory):
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM='1',
               TAPEJIT_CACHE_DIR=str(tmp_path_factory.mktemp('cuda-sim-cache')))
    env.pop('TAPEJIT_CACHE', None)
    proc = subprocess.run([sys.executable, os.path.abspath(__file__)], env=env,
                          capture_output=True, text=True, timeout=600)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith('POOLING-SIM-RESULTS ')]
    assert proc.returncode == 0 and lines, (
        f'the simulator process failed (exit {proc.returncode}):\n'
        f'{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}')
    return json.loads(lines[-1][len('POOLING-SIM-RESULTS '):])


@pytest.mark.parametrize('name', ['ties', 'double', 'average16'])
def test_cuda_kernels_under_the_simulator(cuda_results, name):
    assert cuda_results[name] == 'ok', cuda_results[name]


if __name__ == '__main__':
    # (Run by the fixture above, in a process of its own: the simulator must
    # be chosen before numba.cuda is first imported.)
    if os.environ.get('NUMBA_ENABLE_CUDASIM') != '1':
        sys.exit('test_pooling_numbers.py: set NUMBA_ENABLE_CUDASIM=1')
    sys.setswitchinterval(1e-4)  # (the simulator's threads meet at each barrier)
    print('POOLING-SIM-RESULTS ' + json.dumps(_cuda_cases()))
