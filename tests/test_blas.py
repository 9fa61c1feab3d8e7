"""The BLAS library tapejit's products call (tapejit.blas): NumPy's OpenBLAS,
or a private copy of it with the kernel set measured faster on this CPU."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import blas
from tapejit.gradient_check import check_backward, check_double_backward

needs_openblas = pytest.mark.skipif(blas.library() is None,
                                    reason="NumPy's BLAS is not an OpenBLAS tapejit can call")


@pytest.fixture
def calls(monkeypatch):
    """How many products went to the library."""
    seen = []
    real = blas._call
    monkeypatch.setattr(blas, '_call', lambda *a: (seen.append(a[1].shape), real(*a))[1])
    return seen


def _rand(*shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed + sum(shape)).standard_normal(shape).astype(dtype)


@needs_openblas
@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('ta', [False, True])
@pytest.mark.parametrize('tb', [False, True])
def test_large_products_go_to_the_library_and_equal_numpy(calls, dtype, ta, tb):
    m, k, n = 96, 70, 65  # (not multiples of the kernels' blocks)
    a = _rand(k, m, dtype=dtype) if ta else _rand(m, k, dtype=dtype)
    b = _rand(n, k, dtype=dtype) if tb else _rand(k, n, dtype=dtype)
    a, b = (a.T if ta else a), (b.T if tb else b)
    assert m * k * n >= blas.MIN_WORK
    got = blas.matmul(a, b)
    assert calls == [(m, k)], 'the product did not go to the library'
    tol = 1e-5 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(got, np.matmul(a, b), rtol=tol, atol=tol)
    out = np.full((m, n), np.nan, dtype)
    assert blas.matmul(a, b, out) is out
    np.testing.assert_array_equal(out, got)
    # rows with a stride longer than their length (a slice of wider rows)
    wide = _rand(m, k + 5, dtype=dtype)[:, :k]
    np.testing.assert_allclose(blas.matmul(wide, b), np.matmul(wide, b), rtol=tol, atol=tol)
    assert len(calls) == 3


@needs_openblas
def test_what_the_library_does_not_take_goes_to_numpy(calls):
    a, b = _rand(96, 70), _rand(70, 65)
    cases = [
        (_rand(8, 8), _rand(8, 8), None),                        # too small to pay
        (a.astype(np.int64), b.astype(np.int64), None),         # integers
        (_rand(3, 96, 70), _rand(3, 70, 65), None),             # a batch
        (np.zeros((0, 70), np.float32), b, None),                # empty
        (a, b, np.empty((96, 65), np.float64)),                  # out of another dtype
        (a, b, np.empty((65, 96), np.float32).T),                # out not C-ordered
    ]
    for x, y, out in cases:
        want = np.matmul(x, y) if out is None else np.matmul(x, y, out=np.empty_like(out))
        got = blas.matmul(x, y) if out is None else blas.matmul(x, y, out)
        np.testing.assert_array_equal(got, want)
    square = _rand(96, 96)
    want = np.matmul(square, square)
    blas.matmul(square, square, square)  # (out overlapping an operand)
    np.testing.assert_array_equal(square, want)
    assert calls == [], f'went to the library: {calls}'
    # operands BLAS cannot read in place are copied, then multiplied there
    x, y = _rand(96, 200)[:, ::2], _rand(65, 100)[::-1].T  # (a step, negative strides)
    np.testing.assert_allclose(blas.matmul(x, y), np.matmul(x, y), rtol=1e-5, atol=1e-5)
    assert calls == [(96, 100)]


def test_misaligned_shapes_are_named():
    with pytest.raises(ValueError, match=r'tapejit.blas.matmul: shapes \(600, 500\) \(float32\) '
                       r'and \(400, 700\) \(float32\) are not aligned.*500 != 400'):
        blas.matmul(np.ones((600, 500), np.float32), np.ones((400, 700), np.float32))


@needs_openblas
@pytest.mark.parametrize('ta', [False, True])
@pytest.mark.parametrize('tb', [False, True])
def test_gradients_through_the_library_match_finite_differences(calls, ta, tb):
    """First and second derivatives of a product large enough for the
    library (its backward products too), against finite differences."""
    rng = np.random.default_rng(7)
    m, k, n = 80, 72, 64
    a = rng.standard_normal((k, m) if ta else (m, k))
    b = rng.standard_normal((n, k) if tb else (k, n))
    gy, gga, ggb = rng.standard_normal((m, n)), rng.standard_normal(a.shape), \
        rng.standard_normal(b.shape)

    def f(a, b):
        return F.matmul(a, b, transa=ta, transb=tb)
    check_backward(f, (a, b), gy, dtype=np.float64)
    check_double_backward(f, (a, b), gy, (gga, ggb), dtype=np.float64)
    assert calls, 'no product went to the library'


@needs_openblas
def test_eager_and_jitted_products_call_the_library(calls):
    x, w = _rand(600, 384), _rand(384, 512)  # (values over one_call.SMALL_MAX: step by step)

    def f(x, w):
        return F.matmul(F.relu(F.matmul(x, w)), w, transb=True)
    eager = f(x, w).array
    assert len(calls) == 2
    jitted = tapejit.jit(f)(x, w).array
    assert len(calls) == 4, 'the compiled plan did not call the library'
    want = np.maximum(x @ w, 0) @ w.T
    np.testing.assert_allclose(eager, want, rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(jitted, want, rtol=1e-4, atol=1e-3)


def _run(code: str, env: dict) -> str:
    r = subprocess.run([sys.executable, '-c', textwrap.dedent(code)], env={**os.environ, **env},
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


SHOW = '''
    import numpy as np
    from tapejit import blas
    lib = blas.library()
    a = np.random.default_rng(0).standard_normal((300, 200)).astype(np.float32)
    ok = np.allclose(blas.matmul(a, a.T), a @ a.T, rtol=1e-4, atol=1e-4)
    print(lib.core, lib.private, ok)
'''


def _numpy_core() -> str:
    path = blas.numpy_openblas()
    return blas.Library(ctypes.CDLL(path), path, private=False).core


@needs_openblas
def test_a_kernel_set_asked_for_loads_in_a_private_copy(tmp_path):
    ask = 'SandyBridge' if _numpy_core().lower() != 'sandybridge' else 'Haswell'
    out = _run(SHOW, {'TAPEJIT_CACHE_DIR': str(tmp_path), 'TAPEJIT_BLAS_CORETYPE': ask})
    assert out.lower() == f'{ask} True True'.lower(), out
    for env in ({'TAPEJIT_BLAS_CORETYPE': 'numpy'},
                {'TAPEJIT_BLAS_CORETYPE': '', 'OPENBLAS_CORETYPE': _numpy_core()}):
        out = _run(SHOW, {'TAPEJIT_CACHE_DIR': str(tmp_path), **env})
        assert out == f'{_numpy_core()} False True', (env, out)


@needs_openblas
def test_the_choice_is_measured_once_and_kept(tmp_path):
    env = {'TAPEJIT_CACHE_DIR': str(tmp_path), 'TAPEJIT_BLAS_CORETYPE': ''}
    first = _run(SHOW, env)
    if first.startswith('Haswell False'):
        pytest.skip("NumPy's OpenBLAS already runs the Haswell kernels: nothing to measure")
    (path,) = (tmp_path / 'blas').glob('choice-*.json')
    record = json.loads(path.read_text())
    assert set(record['ms']) == {_numpy_core(), 'Haswell'}, record
    assert record['core'] == first.split()[0]
    # A second process takes the kept choice without measuring.
    again = _run('import tapejit.blas as b\nb._race = None  # (measuring would fail)\n'
                 + textwrap.dedent(SHOW), env)
    assert again == first
    # A damaged record is measured again, not trusted.
    path.write_text('{"core": ')
    assert _run(SHOW, env) == first
    assert json.loads(path.read_text())['core'] == record['core']


@needs_openblas
def test_a_kept_choice_whose_copy_fails_to_load_falls_back_to_numpys(tmp_path):
    env = {'TAPEJIT_CACHE_DIR': str(tmp_path), 'TAPEJIT_BLAS_CORETYPE': ''}
    if not _run(SHOW, env).startswith('Haswell True'):
        pytest.skip("the kept choice here is NumPy's kernels: no copy to lose")
    (copy,) = (tmp_path / 'blas').glob('*/*.so')
    copy.unlink()
    copy.mkdir()  # (a directory where the copy was: it cannot be made again)
    out = _run('import warnings\nwarnings.simplefilter("ignore")\n' + textwrap.dedent(SHOW), env)
    assert out == f'{_numpy_core()} False True', out
    assert not list((tmp_path / 'blas').glob('*/*.tmp')), 'a partial copy was left behind'
