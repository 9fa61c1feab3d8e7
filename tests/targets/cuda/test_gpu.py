"""tapejit on a real GPU: CuPy arrays against NumPy ones.

Marked ``gpu``: skipped (with the reason) where CuPy or a CUDA device is
missing; ``pytest -m gpu`` runs only these.  For every entry of the function
table of ``test_functions.py`` and both float dtypes, on CuPy inputs:

* forward values, dtypes and shapes equal those on NumPy inputs, and the
  outputs live on the inputs' GPU;
* first and second order gradients (``tapejit.grad`` with
  ``enable_double_backprop``) equal those on NumPy inputs;
* ``tapejit.jit(f, target='cuda')`` (numba.cuda kernels) equals eager CPU.

Also: device moves, mixing devices, a training loop with an optimizer, and a
compiled MLP step and Hessian-vector product on the GPU.  The device-mixing
error is also checked without a GPU, against a stand-in for ``cupy.ndarray``.
"""

from __future__ import annotations

import types
import zlib

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable, backends
from tests.functions.test_functions import CASES, DTYPES, _as_tuple, _inputs


def _why_no_gpu():
    cp = backends.cupy_or_none()
    if cp is None:
        return 'CuPy is not installed or cannot load the CUDA driver'
    try:
        n = cp.cuda.runtime.getDeviceCount()
    except Exception as e:  # a driver without a device
        return f'no usable CUDA device ({type(e).__name__}: {e})'
    return None if n else 'no CUDA device'


NO_GPU = _why_no_gpu()
gpu = pytest.mark.skipif(NO_GPU is not None, reason=str(NO_GPU))

# Dropout with a generator of its own (TraceError by design), or seeded inside
# the traced function (a side effect run once, at the trace).
NEEDS_MASK = {'dropout-rng', 'set_dropout_seed-reproducible', 'gaussian-seeded'}
JIT_CASES = [c for c in CASES if c.id not in NEEDS_MASK]
GRAD_CASES = [c for c in CASES if c.diff]
# The GPU computes the same formulas with other libraries (cuBLAS, CUDA's libm):
# agreement to a few units of the last place, not bit for bit.
TOL = {np.dtype(np.float32): dict(rtol=2e-5, atol=2e-6),
       np.dtype(np.float64): dict(rtol=1e-11, atol=1e-12)}
dtype_param = pytest.mark.parametrize('dtype', DTYPES, ids=lambda d: np.dtype(d).name)


def _cp():
    return backends.require_cupy('test_gpu')


def _args(xs: tuple, gpu_: bool) -> list:
    cp = _cp() if gpu_ else None
    out = []
    for x in xs:
        a = cp.asarray(x) if gpu_ else x
        out.append(Variable(a) if x.dtype.kind == 'f' else a)
    return out


def _host(a):
    return backends.CPU.send(a.array if isinstance(a, Variable) else a)


def _close(got, want, what=''):
    got, want = _host(got), _host(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (what, got.dtype, want.dtype)
    if want.dtype.kind == 'f':
        np.testing.assert_allclose(got, want, err_msg=what, equal_nan=True,
                                   **TOL[np.dtype(want.dtype)])
    else:
        np.testing.assert_array_equal(got, want, err_msg=what)


def _grads(c, xs, gpu_: bool):
    """Outputs, gradients and second order gradients of case ``c`` on one device."""
    rng = np.random.default_rng(zlib.crc32(c.id.encode()) + 7)
    args = _args(xs, gpu_)
    vs = [a for a in args if isinstance(a, Variable)]
    ys = [y for y in _as_tuple(c.func(*args)) if y.dtype.kind == 'f']
    xp = _cp() if gpu_ else np
    gys = [xp.asarray(rng.standard_normal(y.shape).astype(y.dtype)) for y in ys]
    gs = tapejit.grad(ys, vs, grad_outputs=gys, enable_double_backprop=True)
    pairs = [(g, v) for g, v in zip(gs, vs) if g is not None]
    ws = [xp.asarray(rng.standard_normal(v.shape).astype(v.dtype)) for _, v in pairs]
    total = None
    for (g, _), w in zip(pairs, ws):
        term = F.sum(g * w)
        total = term if total is None else total + term
    ggs = [] if total is None or not total.requires_grad else \
        tapejit.grad([total], vs)
    return ys, gs, ggs


@pytest.mark.gpu
@gpu
@dtype_param
@pytest.mark.parametrize('c', CASES, ids=[c.id for c in CASES])
def test_eager_forward_on_cupy(c, dtype):
    cp = _cp()
    xs = _inputs(c, dtype)
    want = _as_tuple(c.func(*_args(xs, False)))
    got = _as_tuple(c.func(*_args(xs, True)))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert isinstance(g.array, cp.ndarray) and str(g.device) == '@cupy:0', c.id
        assert g.requires_grad == w.requires_grad
        _close(g, w, c.id)


@pytest.mark.gpu
@gpu
@dtype_param
@pytest.mark.parametrize('c', GRAD_CASES, ids=[c.id for c in GRAD_CASES])
def test_eager_backward_and_double_backward_on_cupy(c, dtype):
    xs = _inputs(c, dtype)
    ys0, gs0, ggs0 = _grads(c, xs, False)
    ys1, gs1, ggs1 = _grads(c, xs, True)
    for a, b in zip(gs1, gs0):
        assert (a is None) == (b is None), c.id
        if a is not None:
            assert str(a.device) == '@cupy:0'
            _close(a, b, f'{c.id} grad')
    assert len(ggs1) == len(ggs0)
    for a, b in zip(ggs1, ggs0):
        assert (a is None) == (b is None), c.id
        if a is not None:
            _close(a, b, f'{c.id} double grad')


@pytest.mark.gpu
@gpu
@dtype_param
@pytest.mark.parametrize('c', JIT_CASES, ids=[c.id for c in JIT_CASES])
def test_jit_cuda_target_equals_cpu(c, dtype):
    cp = _cp()
    xs = _inputs(c, dtype)
    want = _as_tuple(c.func(*_args(xs, False)))
    jf = tapejit.jit(c.func, target='cuda')
    got = _as_tuple(jf(*_args(xs, True)))
    for g, w in zip(got, want):
        assert isinstance(_arr(g), cp.ndarray), c.id
        _close(g, w, c.id)


def _arr(v):
    return v.array if isinstance(v, Variable) else v


@pytest.mark.gpu
@gpu
def test_device_moves_and_mixing_errors():
    cp = _cp()
    x = Variable(np.arange(3.0))
    x.grad = np.ones(3)
    x.to_gpu()
    assert isinstance(x.array, cp.ndarray) and isinstance(x.grad, cp.ndarray)
    assert x.xp is cp and str(x.device) == '@cupy:0'
    y = x * 2 + 1
    assert isinstance(y.array, cp.ndarray)
    assert (y * np.asarray(2.0)).device == x.device  # a 0-d host array is a scalar
    with pytest.raises(ValueError, match=r'add: inputs live on different devices '
                                         r'\(@cupy:0 and @numpy'):
        x + np.ones(3)
    x.to_device('@numpy')
    assert isinstance(x.array, np.ndarray) and x.xp is np
    if cp.cuda.runtime.getDeviceCount() > 1:
        a = Variable(np.ones(2)).to_gpu(0)
        b = Variable(np.ones(2)).to_gpu(1)
        with pytest.raises(ValueError, match=r'@cupy:0 and @cupy:1'):
            a * b


@pytest.mark.gpu
@gpu
@pytest.mark.parametrize('opt', ['SGD', 'MomentumSGD', 'Adam'])
def test_training_loop_on_gpu_equals_cpu(opt):
    from tapejit import links as L
    from tapejit import optimizers

    def run(to_gpu: bool):
        rng = np.random.default_rng(0)
        model = L.Linear(5, 3, initialW=rng.standard_normal((3, 5)).astype(np.float32))
        if to_gpu:
            model.to_gpu()
        o = getattr(optimizers, opt)().setup(model)
        x = rng.standard_normal((8, 5)).astype(np.float32)
        t = rng.integers(0, 3, 8).astype(np.int32)
        if to_gpu:
            x, t = _cp().asarray(x), _cp().asarray(t)
        for _ in range(3):
            model.cleargrads()
            loss = F.softmax_cross_entropy(model(x), t)
            loss.backward()
            o.update()
        return [model.W, model.b]

    for a, b in zip(run(True), run(False)):
        _close(a, b)


def _mlp_step(W1, b1, W2, b2, x, t):
    ps = [Variable(p) for p in (W1, b1, W2, b2)]
    h = F.relu(F.linear(x, ps[0], ps[1]))
    loss = F.softmax_cross_entropy(F.linear(h, ps[2], ps[3]), t)
    gs = tapejit.grad([loss], ps)
    return [loss] + [p.array - 0.1 * g.array for p, g in zip(ps, gs)]


@pytest.mark.gpu
@gpu
def test_compiled_mlp_step_and_hvp_on_gpu_equal_cpu():
    cp = _cp()
    rng = np.random.default_rng(3)
    args = [(rng.standard_normal((64, 784)) * 0.05).astype(np.float32),
            np.zeros(64, np.float32),
            (rng.standard_normal((10, 64)) * 0.1).astype(np.float32),
            np.zeros(10, np.float32),
            rng.standard_normal((256, 784)).astype(np.float32),
            rng.integers(0, 10, 256).astype(np.int32)]
    want = tapejit.jit(_mlp_step, target='cpu')(*args)
    got = tapejit.jit(_mlp_step)(*[cp.asarray(a) for a in args])  # 'auto' picks cuda
    for g, w in zip(got, want):
        assert isinstance(_arr(g), cp.ndarray)
        np.testing.assert_allclose(_host(g), _host(w), rtol=1e-4, atol=1e-5)

    def hvp(x, v):
        x = Variable(x)
        y = F.sum(F.tanh(x) ** 2 * x)
        g, = tapejit.grad([y], [x], enable_double_backprop=True)
        hv, = tapejit.grad([F.sum(g * v)], [x])
        return hv
    x = rng.standard_normal((100, 30))
    v = rng.standard_normal((100, 30))
    got = tapejit.jit(hvp, target='cuda')(cp.asarray(x), cp.asarray(v))
    _close(got, hvp(x, v))


# ------------------------------------------------------- runs without a GPU too
class _FakeGpuArray:
    """Stands in for ``cupy.ndarray``: only what the device check reads."""

    def __init__(self, a: np.ndarray, dev: int) -> None:
        self.a = a
        self.shape, self.dtype, self.ndim = a.shape, a.dtype, a.ndim
        self.device = types.SimpleNamespace(id=dev)


def test_mixing_devices_names_both(monkeypatch):
    fake = types.SimpleNamespace(ndarray=_FakeGpuArray)
    monkeypatch.setattr(backends, '_cupy_module', fake)
    from tapejit.ops import elementwise as E
    with pytest.raises(ValueError, match=r'^add: inputs live on different devices '
                                         r'\(@cupy:0 and @numpy: input 0 on @numpy, '
                                         r'input 1 on @cupy:0\); move them'):
        E.add(np.ones(3), _FakeGpuArray(np.ones(3), 0))
    with pytest.raises(ValueError, match=r'mul: .*\(@cupy:0 and @cupy:1'):
        E.mul(_FakeGpuArray(np.ones(3), 0), _FakeGpuArray(np.ones(3), 1))
    with pytest.raises(ValueError, match=r'where: .*@cupy:2 and @numpy'):
        E.where(np.ones(3, bool), _FakeGpuArray(np.ones(3), 2), np.ones(3))
    # NumPy alone never consults the GPU module
    assert E.add(np.ones(2), np.zeros(())).array.tolist() == [1.0, 1.0]
