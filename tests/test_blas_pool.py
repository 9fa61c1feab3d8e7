"""Plans calling BLAS run their large kernels on BLAS's own thread pool.

A native kernel whose chunk loop is a ``prange`` splits its chunks into one
range per thread of OpenBLAS's pool (``gotoblas_pthread``); the results are
the serial kernel's, bit for bit, whatever the number of threads.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import blas
from tapejit.compiler import (blas_pool, compile_graph, executable, kernel_cache, native,
                              one_call)
from tapejit.compiler.native import NativeKernel
from tapejit.ir.trace import trace_graph

from mlp_cases import sgd_step

needs_pool = pytest.mark.skipif(not blas_pool.available(),
                                reason="NumPy's BLAS is not an OpenBLAS lending its threads")


@pytest.fixture(autouse=True)
def _kernel_cache(tmp_path_factory, monkeypatch):
    d = tmp_path_factory.getbasetemp() / 'kernel-cache'
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(d))


# A flat kernel with a partial sum per chunk and an nd kernel with a row
# reduction: the two shapes of chunk loop the code generator writes.
FLAT = '''def k(n, ch, nch, x, y, red):
    for c in prange(nch):
        acc = np.float64(0.0)
        for i_ in range(c * ch, min(c * ch + ch, n[0])):
            i = np.uint64(i_)
            t = np.exp(x[i]) * np.float32(0.5) - x[i]
            y[i] = t
            acc += np.float64(t)
        red[c] = np.float32(acc)
'''
ROWS = '''def k(n, ch, nch, x, b, y, red):
    for c in prange(nch):
        for i0_ in range(c * ch, min(c * ch + ch, n[0])):
            i0 = np.uint64(i0_)
            acc = np.float32(-np.inf)
            for i1 in range(n[1]):
                t = x[i0, i1] + b[i1]
                y[i0, i1] = t
                acc = t if (t > acc or t != t) else acc
            red[i0] = acc
'''


def _openblas_threads(n: int) -> None:
    lib = blas.library()
    if lib is None or lib.set_threads is None:
        pytest.skip('no openblas_set_num_threads in this OpenBLAS')
    lib.set_threads(n)


@pytest.fixture
def pool_threads():
    """Set OpenBLAS's thread count; restored after the test."""
    before = blas_pool.threads()
    yield _openblas_threads
    _openblas_threads(before)


def _run_flat(k, n, ch):
    x = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    nch = -(-n // ch)
    y, red = np.full(n, np.nan, np.float32), np.full(nch, np.nan, np.float32)
    k(np.array([n]), ch, nch, x, y, red)
    return x, y, red


def _run_rows(k, rows, cols, ch):
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    x[rows // 2, 1] = np.nan  # (propagates through the max as in the serial kernel)
    b = rng.standard_normal(cols).astype(np.float32)
    y, red = np.full((rows, cols), np.nan, np.float32), np.full(rows, np.nan, np.float32)
    k(np.array([rows, cols]), ch, -(-rows // ch), x, b, y, red)
    return y, red


@needs_pool
@pytest.mark.parametrize('threads', [1, 2, 3, 5])
def test_a_pooled_kernel_equals_the_serial_kernel_bit_for_bit(pool_threads, threads):
    pool_threads(threads)
    assert blas_pool.threads() == threads
    pooled = NativeKernel('k', FLAT, False, None)
    serial = NativeKernel('k', FLAT.replace('prange', 'range'), False, None)
    # chunk counts below, at and above the thread count, not dividing it
    for n, ch in [(0, 4096), (1000, 4096), (3 * 4096, 4096), (7 * 4096 + 5, 4096),
                  (100_000, 1024)]:
        x, y, red = _run_flat(pooled, n, ch)
        _, y0, red0 = _run_flat(serial, n, ch)
        assert not pooled.refused, 'the translator refused the pooled kernel'
        np.testing.assert_array_equal(y, y0)
        np.testing.assert_array_equal(red, red0)
        np.testing.assert_allclose(y, np.exp(x) * np.float32(0.5) - x, rtol=1e-6)
    pooled = NativeKernel('k', ROWS, False, None)
    serial = NativeKernel('k', ROWS.replace('prange', 'range'), False, None)
    for rows, cols, ch in [(1, 7, 16), (257, 33, 16), (64, 1000, 4)]:
        got, want = _run_rows(pooled, rows, cols, ch), _run_rows(serial, rows, cols, ch)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)
    assert np.isnan(_run_rows(pooled, 257, 33, 16)[1][257 // 2])


def test_without_a_pool_a_prange_kernel_runs_serially(monkeypatch):
    """No pool to run on (another BLAS): the translator refuses the
    ``prange`` and the kernel runs as Numba's serial kernel, same values."""
    st = native._setup()
    symbols = {k: v for k, v in st['symbols'].items() if not k.startswith('tj_pool')}
    monkeypatch.setitem(st, 'symbols', symbols)
    k = kernel_cache.get_kernel('k', FLAT.replace('x[i]) *', 'x[i]) * np.float32(1.0) *'),
                                parallel=kernel_cache.POOL, native=True)
    x, y, red = _run_flat(k, 5000, 1024)
    assert k.refused, 'the prange was translated without a pool'
    np.testing.assert_allclose(y, np.exp(x) * np.float32(0.5) - x, rtol=1e-6)


STEP = '''
import numpy as np, tapejit, tapejit.functions as F
from tapejit.compiler import blas_pool
x = np.random.default_rng(0).standard_normal((600, 384)).astype(np.float32)
w = np.random.default_rng(1).standard_normal((384, 512)).astype(np.float32)
f = tapejit.jit(lambda x, w: F.sum(F.tanh(F.matmul(x, w))))
exe = next(iter(f._cache.values()))._executable if f(x, w) is not None else None
print(blas_pool.available(), blas_pool.threads(),
      sorted({str(st.parallel) for kind, st in exe.steps if kind == 'kernel'}),
      repr(float(f(x, w).array)))
'''


def test_the_switch_turns_the_pool_off(tmp_path):
    """``TAPEJIT_BLAS_POOL=0``: serial kernels, the same bits; kernels and
    plans saved by a process with the pool are not taken by one without."""
    runs = {}
    for switch in ('1', '0', '1', '0'):  # (the second of each: from the disk cache)
        r = subprocess.run([sys.executable, '-c', STEP], capture_output=True, text=True,
                           env={**os.environ, 'TAPEJIT_CACHE_DIR': str(tmp_path),
                                'TAPEJIT_BLAS_POOL': switch}, timeout=300)
        assert r.returncode == 0, r.stderr
        runs.setdefault(switch, []).append(r.stdout.split(maxsplit=2))
    for on, off in zip(runs['1'], runs['0']):
        if blas_pool.available():
            assert on[:2] == ['True', str(blas_pool.threads())] and "'pool'" in on[2], on
        assert off[:2] == ['False', '1'] and "'pool'" not in off[2], off
        assert on[2].split(']')[-1] == off[2].split(']')[-1], (on, off)


def _jitted_steps(monkeypatch, pooled: bool):
    monkeypatch.setattr(executable, 'pooled', lambda: pooled)
    rng = np.random.default_rng(3)
    # a batch of 256 over 256 hidden units: kernels of 2**16 elements, the
    # size that runs split
    dims = [(256, 300), (256,), (256, 256), (256,), (10, 256), (10,)]
    x = rng.standard_normal((256, 300)).astype(np.float32)
    t = rng.integers(0, 10, 256).astype(np.int32)
    init = [rng.standard_normal(d).astype(np.float32) * 0.1 for d in dims]
    eager = [tapejit.Variable(a.copy()) for a in init]
    jitted = [tapejit.Variable(a.copy()) for a in init]
    js = tapejit.jit(sgd_step)
    losses = []
    for _ in range(3):
        le, lj = sgd_step(x, t, eager), js(x, t, jitted)
        losses.append((le.array, lj.array))
    exe = next(iter(js._cache.values()))._executable
    kinds = [(st.parallel, int(np.prod(st.spec.shape))) for kind, st in exe.steps
             if kind == 'kernel']
    return losses, eager, jitted, kinds


@needs_pool
def test_a_training_step_runs_its_large_kernels_on_the_pool(monkeypatch):
    """Pooled, the step's large kernels split over BLAS's threads; its
    losses, gradients and parameters are those of the serial plan bit for
    bit, and eager mode's within rounding."""
    losses, eager, pooled, kinds = _jitted_steps(monkeypatch, True)
    big = [how for how, n in kinds if n >= executable.PARALLEL_MIN]
    assert big and set(big) == {kernel_cache.POOL}, f'large kernels not on the pool: {kinds}'
    assert True not in {how for how, _ in kinds}, "a kernel ran on Numba's threads"
    # The SGD update of W3 shares W1's pooled kernel.
    assert any(how == kernel_cache.POOL for how, n in kinds if n < executable.PARALLEL_MIN), \
        f'no small kernel shares a pooled one: {kinds}'
    serial_losses, _, serial, serial_kinds = _jitted_steps(monkeypatch, False)
    assert {how for how, _ in serial_kinds} == {False}, serial_kinds
    for (le, lj), (_, ls) in zip(losses, serial_losses):
        np.testing.assert_array_equal(lj, ls)
        np.testing.assert_allclose(lj, le, rtol=1e-5)
    for pe, pj, ps in zip(eager, pooled, serial):
        np.testing.assert_array_equal(pj.array, ps.array)
        np.testing.assert_array_equal(pj.grad, ps.grad)
        np.testing.assert_allclose(pj.array, pe.array, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(pj.grad, pe.grad, rtol=1e-4, atol=1e-6)


@needs_pool
def test_a_small_plan_runs_its_pooled_kernels_in_its_one_native_call(monkeypatch):
    """A plan run as one call (small values, a small product) runs a kernel
    large enough to split serially, inside its native plan: not refused
    for it, which would compile the plan with Numba instead."""
    monkeypatch.setattr(executable, 'pooled', lambda: True)
    monkeypatch.setattr(one_call, 'NATIVE', True)
    rng = np.random.default_rng(0)
    a, w = (rng.standard_normal((8, 8)).astype(np.float32) for _ in range(2))
    y = rng.standard_normal((256, 256)).astype(np.float32)
    ex = compile_graph(trace_graph(lambda a, w, y: (F.tanh(F.matmul(a, w)), F.tanh(y) * 2),
                                   [a, w, y]))
    assert kernel_cache.POOL in [st.parallel for kind, st in ex.steps if kind == 'kernel']
    for _ in range(one_call.HOT_CALLS + 2):
        got = ex([a, w, y])
    assert ex.one_call is not None and ex.one_call.native is not None, \
        f'the native plan was refused: {ex.one_call and ex.one_call.native_refused}'
    np.testing.assert_allclose(got[0], np.tanh(a @ w), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got[1], np.tanh(y) * 2, rtol=1e-6, atol=1e-6)
