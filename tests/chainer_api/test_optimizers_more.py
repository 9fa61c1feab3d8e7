"""RMSprop, RMSpropGraves, AdaGrad, AdaDelta, NesterovAG, SMORMS3 and the hooks
Lasso, GradientHardClipping, GradientNoise: against NumPy references of
Chainer's update formulas, eagerly and compiled (compiled == eager)."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import links as L, optimizer_hooks, optimizers


def _rmsprop(p, g, s, lr=0.01, alpha=0.99, eps=1e-8, eps_inside_sqrt=False):
    s.setdefault('ms', np.zeros_like(p))
    s['ms'] = alpha * s['ms'] + (1 - alpha) * g * g
    denom = np.sqrt(s['ms'] + eps) if eps_inside_sqrt else np.sqrt(s['ms']) + eps
    return p - lr * g / denom


def _graves(p, g, s, lr=1e-4, alpha=0.95, momentum=0.9, eps=1e-4):
    for k in ('n', 'g', 'delta'):
        s.setdefault(k, np.zeros_like(p))
    s['n'] = alpha * s['n'] + (1 - alpha) * g * g
    s['g'] = alpha * s['g'] + (1 - alpha) * g
    s['delta'] = momentum * s['delta'] - lr * g / np.sqrt(s['n'] - s['g'] ** 2 + eps)
    return p + s['delta']


def _adagrad(p, g, s, lr=0.001, eps=1e-8):
    s['h'] = s.get('h', np.zeros_like(p)) + g * g
    return p - lr * g / (np.sqrt(s['h']) + eps)


def _adadelta(p, g, s, rho=0.95, eps=1e-6):
    msg = rho * s.get('msg', np.zeros_like(p)) + (1 - rho) * g * g
    dx = np.sqrt((s.get('msdx', np.zeros_like(p)) + eps) / (msg + eps)) * g
    s['msg'], s['msdx'] = msg, rho * s.get('msdx', np.zeros_like(p)) + (1 - rho) * dx * dx
    return p - dx


def _nesterov(p, g, s, lr=0.01, momentum=0.9):
    s['v'] = momentum * s.get('v', np.zeros_like(p)) - lr * g
    return p + momentum * momentum * s['v'] - (1 + momentum) * lr * g


def _smorms3(p, g, s, lr=0.001, eps=1e-16):
    mem = s.get('mem', np.ones_like(p))
    r = 1 / (mem + 1)
    s['g'] = (1 - r) * s.get('g', np.zeros_like(p)) + r * g
    s['g2'] = (1 - r) * s.get('g2', np.zeros_like(p)) + r * g * g
    x = s['g'] ** 2 / (s['g2'] + eps)
    p = p - g * np.minimum(x, lr) / (np.sqrt(s['g2']) + eps)
    s['mem'] = 1 + mem * (1 - x)
    return p


CASES = [
    (optimizers.RMSprop, _rmsprop, {}),
    (optimizers.RMSprop, _rmsprop, dict(lr=0.05, alpha=0.9, eps=1e-3, eps_inside_sqrt=True)),
    (optimizers.RMSpropGraves, _graves, {}),
    (optimizers.RMSpropGraves, _graves, dict(lr=0.01, alpha=0.8, momentum=0.5, eps=1e-2)),
    (optimizers.AdaGrad, _adagrad, {}),
    (optimizers.AdaGrad, _adagrad, dict(lr=0.1, eps=1e-4)),
    (optimizers.AdaDelta, _adadelta, {}),
    (optimizers.AdaDelta, _adadelta, dict(rho=0.5, eps=1e-3)),
    (optimizers.NesterovAG, _nesterov, {}),
    (optimizers.NesterovAG, _nesterov, dict(lr=0.1, momentum=0.5)),
    (optimizers.SMORMS3, _smorms3, {}),
    (optimizers.SMORMS3, _smorms3, dict(lr=0.1, eps=1e-8)),
]
IDS = [f'{c[0].__name__}-{i}' for i, c in enumerate(CASES)]


@pytest.mark.parametrize('cls,reference,kwargs', CASES, ids=IDS)
def test_update_matches_the_reference(cls, reference, kwargs):
    rng = np.random.RandomState(0)
    p0 = rng.randn(3, 4)
    model = tapejit.Chain()
    with model.init_scope():
        model.w = tapejit.Parameter(p0.copy())
    opt = cls(**kwargs).setup(model)
    expected, state = p0.copy(), {}
    for _ in range(5):
        g = rng.randn(3, 4)
        model.w.grad = g.copy()
        opt.update()
        expected = reference(expected, g, state, **kwargs)
        np.testing.assert_allclose(model.w.array, expected, rtol=1e-12, atol=1e-14)
    assert opt.t == 5 and model.w.update_rule.t == 5
    for key, value in state.items():
        np.testing.assert_allclose(model.w.update_rule.state[key], value, rtol=1e-12,
                                   atol=1e-14)


def _train(cls, kwargs, compiled, hooks=()):
    np.random.seed(0)
    model = L.Linear(4, 2)
    opt = cls(**kwargs).setup(model)
    for hook in hooks:
        opt.add_hook(hook)
    rng = np.random.RandomState(1)
    x = rng.rand(8, 4).astype(np.float32)
    t = rng.rand(8, 2).astype(np.float32)

    def step(x, t):
        loss = F.mean_squared_error(model(x), t)
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss

    fn = tapejit.jit(step) if compiled else step
    losses = [float(fn(x, t).array) for _ in range(6)]
    if compiled:
        assert fn.cache_info().traces == 1
    return losses, model, opt


@pytest.mark.parametrize('cls,reference,kwargs', CASES, ids=IDS)
def test_compiled_step_equals_eager(cls, reference, kwargs):
    lj, mj, oj = _train(cls, kwargs, compiled=True)
    le, me, oe = _train(cls, kwargs, compiled=False)
    np.testing.assert_allclose(lj, le, rtol=1e-5, atol=1e-7)
    for (n, pj), (_, pe) in zip(mj.namedparams(), me.namedparams()):
        np.testing.assert_allclose(pj.array, pe.array, rtol=1e-5, atol=1e-7, err_msg=n)
        for key in pe.update_rule.state:
            np.testing.assert_allclose(pj.update_rule.state[key], pe.update_rule.state[key],
                                       rtol=1e-4, atol=1e-7, err_msg=f'{n} {key}')
    assert oj.t == oe.t == 6
    assert lj[-1] < lj[0] or cls is optimizers.RMSpropGraves  # (its default lr is tiny)


def test_learning_rate_change_needs_no_retrace():
    np.random.seed(0)
    model = L.Linear(2, 1)
    opt = optimizers.RMSprop(lr=0.1).setup(model)
    x = np.ones((3, 2), np.float32)
    t = np.zeros((3, 1), np.float32)
    step = tapejit.jit(lambda x, t: opt.update(
        lambda: F.mean_squared_error(model(x), t)))
    w0 = model.W.array.copy()
    step(x, t)
    opt.lr = 0.0
    w1 = model.W.array.copy()
    step(x, t)
    np.testing.assert_array_equal(model.W.array, w1)  # lr 0: no move
    assert not np.array_equal(w0, w1) and step.cache_info().traces == 1


def test_rmsprop_eps_too_small_for_float16():
    model = tapejit.Chain()
    with model.init_scope():
        model.w = tapejit.Parameter(np.ones(2, np.float16))
    opt = optimizers.RMSprop(eps=1e-10).setup(model)
    model.w.grad = np.ones(2, np.float16)
    with pytest.raises(ValueError, match='eps of RMSprop optimizer is too small for float16'):
        opt.update()


def _hooked(hook, compiled, grad):
    model = tapejit.Chain()
    with model.init_scope():
        model.w = tapejit.Parameter(np.array([2.0, -3.0, 0.0, 1.0]))
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.add_hook(hook)

    def step(g):
        model.w.grad = g
        opt.update()

    fn = tapejit.jit(step) if compiled else step
    for _ in range(2):
        fn(grad.copy())
    return model.w.array


@pytest.mark.parametrize('compiled', [False, True])
def test_lasso(compiled):
    grad = np.array([0.5, 0.5, 0.5, -1.0])
    w = np.array([2.0, -3.0, 0.0, 1.0])
    for _ in range(2):
        w = w - (grad + 0.25 * np.sign(w))
    np.testing.assert_allclose(_hooked(optimizer_hooks.Lasso(0.25), compiled, grad), w)


@pytest.mark.parametrize('compiled', [False, True])
def test_gradient_hard_clipping(compiled):
    grad = np.array([-2.0, 0.25, 3.0, 0.5])
    w = np.array([2.0, -3.0, 0.0, 1.0])
    for _ in range(2):
        w = w - np.clip(grad, -0.5, 1.0)
    hook = optimizer_hooks.GradientHardClipping(-0.5, 1.0)
    np.testing.assert_allclose(_hooked(hook, compiled, grad), w)


def test_gradient_noise_eager_and_refused_compiled():
    grad = np.zeros(4)
    np.random.seed(0)
    w = _hooked(optimizer_hooks.GradientNoise(0.01), False, grad)
    np.random.seed(0)
    expected = np.array([2.0, -3.0, 0.0, 1.0])
    for t in (0, 1):
        # Optimizer hooks run before the rules count the step, as in Chainer.
        std = np.sqrt(0.01 / (1 + t) ** 0.55)
        expected = expected - np.random.normal(0, std, 4)
    np.testing.assert_allclose(w, expected)
    with pytest.raises(tapejit.TraceError, match='GradientNoise .* cannot run inside'):
        _hooked(optimizer_hooks.GradientNoise(0.01), True, grad)
