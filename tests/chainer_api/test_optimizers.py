"""Optimizers: updates equal hand-computed ones, eagerly and inside @tapejit.jit;
hyperparameters changed between compiled steps; hooks; loss scaling; state."""

import io
import math
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import links as L
from tapejit import optimizer_hooks, optimizers, serializers
from tapejit.jit import closure_guards


class Quadratic(tapejit.Chain):
    """Two parameters and a loss whose gradients are known in closed form:
    ``loss = sum(a * w**2) + sum(c * u)``: grad w = 2 a w, grad u = c."""

    def __init__(self, dtype=np.float32):
        super().__init__()
        with self.init_scope():
            self.w = tapejit.Parameter(np.array([1.0, -2.0, 0.5], dtype))
            self.u = tapejit.Parameter(np.array([[0.3, -0.1]], dtype))
        self.a = np.array([0.5, 1.0, 2.0], dtype)
        self.c = np.array([[1.0, -3.0]], dtype)

    def forward(self):
        return F.sum(self.a * self.w ** 2) + F.sum(self.c * self.u)

    def grads(self):
        return {'w': 2 * self.a * self.w.array, 'u': self.c.copy()}


def _eager_step(model, opt):
    loss = model()
    model.cleargrads()
    loss.backward()
    opt.update()


def _make_jit_step(model, opt):
    @tapejit.jit
    def step():
        loss = model()
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss
    return step


def _run(make_opt, n, mode, hooks=(), dtype=np.float32):
    model = Quadratic(dtype)
    opt = make_opt().setup(model)
    for h in hooks:
        opt.add_hook(h)
    step = _make_jit_step(model, opt) if mode == 'jit' else (lambda: _eager_step(model, opt))
    history = []
    for _ in range(n):
        before = {k: getattr(model, k).array.copy() for k in ('w', 'u')}
        grads = model.grads()
        step()
        history.append((before, grads, {k: getattr(model, k).array.copy() for k in ('w', 'u')}))
    return model, opt, step, history


MODES = ['eager', 'jit']


@pytest.mark.parametrize('mode', MODES)
def test_sgd_matches_hand_computed_update(mode):
    model, opt, step, hist = _run(lambda: optimizers.SGD(lr=0.1), 4, mode)
    for before, g, after in hist:
        for k in ('w', 'u'):
            np.testing.assert_allclose(after[k], before[k] - np.float32(0.1) * g[k], rtol=1e-6)
    assert opt.t == 4 and model.w.update_rule.t == 4
    if mode == 'jit':
        assert step.cache_info().traces == 1


@pytest.mark.parametrize('mode', MODES)
def test_momentum_sgd_matches_hand_computed_update(mode):
    lr, mu = 0.05, 0.9
    model, opt, _, hist = _run(lambda: optimizers.MomentumSGD(lr=lr, momentum=mu), 5, mode)
    v = {'w': np.zeros(3), 'u': np.zeros((1, 2))}
    for before, g, after in hist:
        for k in ('w', 'u'):
            v[k] = mu * v[k] - lr * g[k]
            np.testing.assert_allclose(after[k], before[k] + v[k], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(model.w.update_rule.state['v'], v['w'], rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize('mode', MODES)
@pytest.mark.parametrize('amsgrad', [False, True])
def test_adam_matches_hand_computed_update(mode, amsgrad):
    alpha, b1, b2, eps, eta, wd = 0.01, 0.8, 0.95, 1e-6, 0.9, 0.01
    model, opt, _, hist = _run(
        lambda: optimizers.Adam(alpha=alpha, beta1=b1, beta2=b2, eps=eps, eta=eta,
                                weight_decay_rate=wd, amsgrad=amsgrad), 6, mode)
    m = {'w': np.zeros(3), 'u': np.zeros((1, 2))}
    v = {'w': np.zeros(3), 'u': np.zeros((1, 2))}
    vhat = {'w': np.zeros(3), 'u': np.zeros((1, 2))}
    for t, (before, g, after) in enumerate(hist, start=1):
        lr = alpha * math.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        for k in ('w', 'u'):
            m[k] = m[k] + (1 - b1) * (g[k] - m[k])
            v[k] = v[k] + (1 - b2) * (g[k] ** 2 - v[k])
            vhat[k] = np.maximum(vhat[k], v[k])
            vv = vhat[k] if amsgrad else v[k]
            want = before[k] - eta * (lr * m[k] / (np.sqrt(vv) + eps) + wd * before[k])
            np.testing.assert_allclose(after[k], want, rtol=1e-5, atol=1e-6)
    state = model.w.update_rule.state
    np.testing.assert_allclose(state['m'], m['w'], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(state['v'], v['w'], rtol=1e-5, atol=1e-7)
    assert ('vhat' in state) == amsgrad
    assert opt.t == 6
    assert opt.lr == pytest.approx(alpha * math.sqrt(1 - b2 ** 6) / (1 - b1 ** 6))


@pytest.mark.parametrize('make_opt', [
    lambda: optimizers.SGD(lr=0.1),
    lambda: optimizers.MomentumSGD(lr=0.1),
    lambda: optimizers.Adam(alpha=0.05),
    lambda: optimizers.Adam(alpha=0.05, amsgrad=True, weight_decay_rate=1e-2),
], ids=['sgd', 'momentum', 'adam', 'adamw-amsgrad'])
def test_jit_training_equals_eager_on_an_mlp(make_opt):
    def make():
        np.random.seed(0)
        model = tapejit.ChainList(L.Linear(4, 8), L.Linear(8, 3))
        opt = make_opt().setup(model)
        opt.add_hook(optimizer_hooks.WeightDecay(1e-3))
        opt.add_hook(optimizer_hooks.GradientClipping(0.5))
        return model, opt

    def loss_fn(model, x, t):
        return F.softmax_cross_entropy(model[1](F.relu(model[0](x))), t)

    rng = np.random.default_rng(0)
    x = rng.standard_normal((16, 4)).astype(np.float32)
    t = rng.integers(0, 3, 16).astype(np.int32)
    me, oe = make()
    mj, oj = make()

    @tapejit.jit
    def step(model, x, t):
        oj.update(loss_fn, model, x, t)

    for _ in range(6):
        oe.update(loss_fn, me, x, t)
        step(mj, x, t)
    # (Float32 sums round differently: NumPy's pairwise in float32 eagerly,
    # the compiled kernels' in float64; Adam's normalization scales it up.)
    for (name, a), (_, b) in zip(me.namedparams(), mj.namedparams()):
        np.testing.assert_allclose(b.array, a.array, rtol=2e-5, atol=1e-7, err_msg=name)
    assert step.cache_info().traces == 1
    assert oj.t == oe.t == 6


def test_changing_lr_between_compiled_steps_is_honoured_without_retrace():
    model = Quadratic()
    opt = optimizers.SGD(lr=0.1).setup(model)
    step = _make_jit_step(model, opt)
    step()
    for lr in (0.0, 0.5, 0.25):
        opt.lr = lr
        before, g = model.w.array.copy(), model.grads()['w']
        step()
        np.testing.assert_allclose(model.w.array, before - np.float32(lr) * g, rtol=1e-6)
    assert step.cache_info().traces == 1
    assert step.cache_info().hits == 3


def test_adam_alpha_and_per_parameter_override():
    model = Quadratic()
    opt = optimizers.Adam(alpha=0.1).setup(model)
    step = _make_jit_step(model, opt)
    step()
    opt.alpha = 0.0  # every rule reads it from the optimizer's hyperparameter
    w, u = model.w.array.copy(), model.u.array.copy()
    step()
    np.testing.assert_array_equal(model.w.array, w)
    np.testing.assert_array_equal(model.u.array, u)
    assert step.cache_info().traces == 1
    # An override for u only: the rules read one shared input until then,
    # so it traces once more; its value is then read anew every call.
    model.u.update_rule.hyperparam.alpha = 0.1
    step()
    np.testing.assert_array_equal(model.w.array, w)
    assert not np.array_equal(model.u.array, u)
    u = model.u.array.copy()
    model.u.update_rule.hyperparam.alpha = 0.0
    step()
    np.testing.assert_array_equal(model.u.array, u)
    np.testing.assert_array_equal(model.w.array, w)
    assert step.cache_info().traces == 2


class _AscentRule(optimizers.UpdateRule):
    def update_core(self, param):
        hp = self.hyperparam
        # A bool hyperparameter decides a Python branch: under jit it is a guard.
        sign = 1.0 if hp.ascend else -1.0
        param.array = param.array + sign * hp.lr * param.grad


class _Ascent(optimizers.GradientMethod):
    def __init__(self, lr, ascend):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.ascend = ascend

    def create_update_rule(self):
        return _AscentRule(self.hyperparam)


def test_a_user_update_rule_with_a_static_hyperparameter_retraces_when_it_changes():
    model = Quadratic()
    opt = _Ascent(lr=0.1, ascend=False).setup(model)
    step = _make_jit_step(model, opt)
    step()
    before, g = model.w.array.copy(), model.grads()['w']
    step()
    np.testing.assert_allclose(model.w.array, before - np.float32(0.1) * g, rtol=1e-6)
    assert step.cache_info().traces == 1
    opt.hyperparam.ascend = True
    before, g = model.w.array.copy(), model.grads()['w']
    step()
    np.testing.assert_allclose(model.w.array, before + np.float32(0.1) * g, rtol=1e-6)
    assert step.cache_info().traces == 2
    assert model.w.update_rule.t == 3


def test_adding_a_hook_retraces_and_applies():
    model = Quadratic()
    opt = optimizers.SGD(lr=1.0).setup(model)
    step = _make_jit_step(model, opt)
    step()
    opt.add_hook(optimizer_hooks.WeightDecay(0.5))
    before, g = model.w.array.copy(), model.grads()['w']
    step()
    np.testing.assert_allclose(model.w.array, before - (g + 0.5 * before), rtol=1e-6)
    assert step.cache_info().traces == 2
    opt.remove_hook('WeightDecay')
    before, g = model.w.array.copy(), model.grads()['w']
    step()  # (the first plan again, kept: its guards hold again)
    np.testing.assert_allclose(model.w.array, before - g, rtol=1e-6)
    assert step.cache_info().traces == 2


def test_disabling_an_update_rule_or_hooking_it_retraces_and_applies():
    model = Quadratic()
    opt = optimizers.SGD(lr=1.0).setup(model)
    step = _make_jit_step(model, opt)
    step()
    model.w.update_rule.enabled = False  # Chainer's way to freeze a parameter
    frozen = model.w.array.copy()
    step()
    np.testing.assert_array_equal(model.w.array, frozen)
    assert step.cache_info().traces == 2
    model.w.update_rule.enabled = True
    g = model.grads()['w']
    step()  # (the first plan again)
    np.testing.assert_allclose(model.w.array, frozen - g, rtol=1e-6)
    assert step.cache_info().traces == 2
    model.u.update_rule.add_hook(lambda rule, param: None, name='noop')
    step()
    assert step.cache_info().traces == 3


@pytest.mark.parametrize('mode', MODES)
def test_gradient_clipping_and_weight_decay(mode):
    model, opt, step, hist = _run(
        lambda: optimizers.SGD(lr=1.0), 3, mode,
        hooks=(optimizer_hooks.WeightDecay(0.1), optimizer_hooks.GradientClipping(1.0)))
    for before, g, after in hist:
        gw = g['w'] + 0.1 * before['w']
        gu = g['u'] + 0.1 * before['u']
        norm = np.sqrt((gw ** 2).sum() + (gu ** 2).sum())
        rate = min(1.0, 1.0 / norm)
        np.testing.assert_allclose(after['w'], before['w'] - gw * rate, rtol=1e-5)
        np.testing.assert_allclose(after['u'], before['u'] - gu * rate, rtol=1e-5)


def test_hook_setting_changes_without_retrace():
    model = Quadratic()
    opt = optimizers.SGD(lr=1.0).setup(model)
    hook = optimizer_hooks.WeightDecay(0.0)
    opt.add_hook(hook)
    step = _make_jit_step(model, opt)
    step()
    hook.rate = 0.5
    before, g = model.w.array.copy(), model.grads()['w']
    step()
    np.testing.assert_allclose(model.w.array, before - (g + 0.5 * before), rtol=1e-6)
    assert step.cache_info().traces == 1


def test_update_with_lossfun_and_gradients_left_on_parameters():
    model = Quadratic()
    opt = optimizers.SGD(lr=0.1).setup(model)
    g = model.grads()
    w = model.w.array.copy()
    opt.update(model)  # lossfun: the model itself, called with no arguments
    np.testing.assert_allclose(model.w.array, w - np.float32(0.1) * g['w'], rtol=1e-6)
    np.testing.assert_allclose(model.w.grad, g['w'], rtol=1e-6)


def test_parameters_without_gradient_get_zeros_as_in_chainer():
    model = Quadratic()
    opt = optimizers.MomentumSGD(lr=0.1, momentum=0.5).setup(model)
    model.w.grad = np.ones(3, np.float32)
    u = model.u.array.copy()
    opt.update()
    np.testing.assert_array_equal(model.u.grad, np.zeros((1, 2), np.float32))
    np.testing.assert_array_equal(model.u.array, u)


# ------------------------------------------------------------- loss scaling
def _scaling_run(mode, n, inf_at):
    np.random.seed(0)
    model = L.Linear(3, 2)
    opt = optimizers.Adam(alpha=0.01).setup(model)
    opt.loss_scaling(interval=2)
    x = np.ones((4, 3), np.float32)

    def lossfun(s):
        return F.sum(model(x) * s)

    def update(s):
        opt.update(lossfun, s)

    step = tapejit.jit(update) if mode == 'jit' else update
    log = []
    for i in range(n):
        s = np.full((4, 2), np.inf if i in inf_at else 1.0, np.float32)
        w = model.W.array.copy()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            step(s)
        # Only tapejit's own warnings: on some CPUs (AVX2 OpenBLAS kernels) the
        # product with inf also raises NumPy's "invalid value encountered".
        ours = [c for c in caught if 'Non finite number' in str(c.message)]
        log.append((opt._loss_scale, opt.t, model.W.update_rule.t,
                    bool(np.array_equal(w, model.W.array)), len(ours)))
    return model, log, step


@pytest.mark.parametrize('mode', MODES)
def test_dynamic_loss_scaling_skips_bad_steps_and_adapts_the_scale(mode):
    model, log, step = _scaling_run(mode, 7, inf_at={3})
    scales = [s for s, *_ in log]
    r = 2 ** 0.5  # 2 ** (1 / interval)
    # Doubles until the first overflow, halves at it, then grows by 2**(1/interval).
    assert scales == pytest.approx([2.0, 4.0, 8.0, 4.0, 4 * r, 8.0, 8 * r])
    skipped = [same for *_, same, _ in log]
    assert skipped == [False, False, False, True, False, False, False]
    assert [t for _, t, *_ in log] == [1, 2, 3, 4, 5, 6, 7]  # the optimizer counts all
    assert [rt for _, _, rt, *_ in log] == [1, 2, 3, 3, 4, 5, 6]  # the rule skipped one
    assert np.isfinite(model.W.array).all()
    if mode == 'eager':
        assert [w for *_, w in log] == [0, 0, 0, 2, 0, 0, 0]  # W and b are not finite
    else:
        assert step.cache_info().traces == 1


def test_dynamic_loss_scaling_compiled_equals_eager():
    me, _, _ = _scaling_run('eager', 8, inf_at={2, 5})
    mj, _, _ = _scaling_run('jit', 8, inf_at={2, 5})
    for a, b in zip(me.params(), mj.params()):
        np.testing.assert_allclose(b.array, a.array, rtol=1e-6)


def test_loss_scale_is_clamped_to_the_float16_range():
    model = Quadratic()
    opt = optimizers.SGD(lr=0.0).setup(model)
    opt.loss_scaling()
    for _ in range(20):
        opt.update(model)
    assert opt._loss_scale == 65504.0


@pytest.mark.parametrize('mode', MODES)
def test_float16_training_with_dynamic_loss_scaling(mode):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((32, 4)).astype(np.float16)
    w_true = rng.standard_normal((4, 1)).astype(np.float16)
    t = (x.astype(np.float32) @ w_true.astype(np.float32)).astype(np.float16)
    np.random.seed(0)
    model = L.Linear(4, 1)
    for p in model.params():
        p.array = p.array.astype(np.float16)
    opt = optimizers.Adam(alpha=0.05).setup(model)
    opt.loss_scaling(interval=10)

    def update(x, t):
        opt.update(lambda: F.mean_squared_error(model(x), t))

    step = tapejit.jit(update) if mode == 'jit' else update
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # eager warns about the overflowing steps
        for _ in range(150):
            step(x, t)
    assert model.W.dtype == np.float16
    assert model.W.update_rule.state['m'].dtype == np.float32  # float32 moments
    err = float(F.mean_squared_error(model(x), t).array)
    assert err < 0.02, err
    # The scale grew until float16 gradients overflowed (those steps were skipped).
    assert opt._loss_scaling_isnan_ever
    assert 1.0 < opt._loss_scale <= 65504.0


def test_static_loss_scale_divides_the_gradients():
    model = Quadratic()
    opt = optimizers.SGD(lr=0.1).setup(model)
    opt.set_loss_scale(128.0)
    g, w = model.grads(), model.w.array.copy()
    opt.update(model)
    np.testing.assert_allclose(model.w.array, w - np.float32(0.1) * g['w'], rtol=1e-6)


def test_loss_scaling_errors():
    opt = optimizers.SGD()
    with pytest.raises(ValueError, match='interval must be at least 1'):
        opt.loss_scaling(interval=0)
    with pytest.raises(ValueError, match='scale must be positive'):
        opt.loss_scaling(scale=-1.0)


# ------------------------------------------------------ state, API, errors
def test_optimizer_state_survives_a_save_load_round_trip():
    def run(n, restart_at=None):
        model = Quadratic()
        opt = optimizers.Adam(alpha=0.05).setup(model)
        for i in range(n):
            if i == restart_at:
                f_model, f_opt = io.BytesIO(), io.BytesIO()
                serializers.save_npz(f_model, model)
                serializers.save_npz(f_opt, opt)
                f_model.seek(0)
                f_opt.seek(0)
                model = Quadratic()
                model.w.array[...] = 0
                opt = optimizers.Adam(alpha=0.05).setup(model)
                serializers.load_npz(f_model, model)
                serializers.load_npz(f_opt, opt)
                assert opt.t == restart_at
            _eager_step(model, opt)
        return model, opt

    full, opt_full = run(6)
    resumed, opt_resumed = run(6, restart_at=3)
    np.testing.assert_array_equal(resumed.w.array, full.w.array)
    np.testing.assert_array_equal(resumed.u.array, full.u.array)
    assert opt_resumed.t == 6 and resumed.w.update_rule.t == 6


def test_optimizer_npz_keys_follow_chainer():
    model = Quadratic()
    opt = optimizers.Adam().setup(model)
    _eager_step(model, opt)
    f = io.BytesIO()
    serializers.save_npz(f, opt)
    f.seek(0)
    assert sorted(np.load(f).files) == ['epoch', 't', 'u/m', 'u/t', 'u/v', 'w/m', 'w/t', 'w/v']


def test_hyperparameter_api():
    opt = optimizers.Adam(alpha=0.01)
    assert opt.alpha == 0.01 and opt.hyperparam.alpha == 0.01
    assert 'alpha=0.01' in repr(opt.hyperparam)
    rule = opt.create_update_rule()
    assert rule.hyperparam.parent is opt.hyperparam
    assert rule.hyperparam.beta1 == 0.9
    with pytest.raises(AttributeError, match="hyperparameter 'nope' is not set"):
        rule.hyperparam.nope
    assert opt.hyperparam.get_dict()['amsgrad'] is False
    with pytest.raises(RuntimeError, match='update steps have not been started'):
        opt.lr


def test_setup_and_update_errors():
    # Chainer's own test matches "optimization target must be a link".
    with pytest.raises(TypeError, match=r'SGD.setup: optimization target must be a link '
                       r'\(a tapejit.Link\), got ndarray'):
        optimizers.SGD().setup(np.zeros(3))
    with pytest.raises(RuntimeError, match=r'SGD.update: call setup\(link\) first'):
        optimizers.SGD().update()
    with pytest.raises(RuntimeError, match='setup'):
        optimizers.SGD().add_hook(optimizer_hooks.WeightDecay(0.1))


def test_disabled_update_rule_leaves_the_parameter():
    model = Quadratic()
    opt = optimizers.SGD(lr=0.1).setup(model)
    model.u.update_rule.enabled = False
    u = model.u.array.copy()
    opt.update(model)
    np.testing.assert_array_equal(model.u.array, u)
    model.disable_update()
    w = model.w.array.copy()
    opt.update(model)
    np.testing.assert_array_equal(model.w.array, w)


def test_a_dynamic_hyperparameter_that_is_no_longer_a_number_is_reported():
    model = Quadratic()
    opt = optimizers.SGD(lr=0.1).setup(model)
    step = _make_jit_step(model, opt)
    step()
    opt.lr = None
    with pytest.raises(TypeError, match="hyperparameter 'lr' must be a number"):
        step()


def test_new_epoch():
    opt = optimizers.SGD().setup(Quadratic())
    opt.new_epoch()
    assert opt.epoch == 1
    with pytest.raises(RuntimeError, match='auto=True'):
        opt.new_epoch(auto=True)


def test_hook_tables_refuse_duplicates_and_remove_by_name():
    model = Quadratic()
    opt = optimizers.SGD(lr=1.0).setup(model)
    opt.add_hook(optimizer_hooks.WeightDecay(0.5))
    with pytest.raises(KeyError, match="hook 'WeightDecay' already exists"):
        opt.add_hook(optimizer_hooks.WeightDecay(0.1))
    opt.remove_hook('WeightDecay')
    opt.add_hook(optimizer_hooks.WeightDecay(0.1))       # free again
    rule = model.w.update_rule

    def clip(rule, param):
        pass
    rule.add_hook(clip, timing='post')
    with pytest.raises(ValueError, match="hook 'clip' already exists"):
        rule.add_hook(clip)
    rule.remove_hook('clip')
    with pytest.raises(KeyError):
        rule.remove_hook('clip')


# ------------------------------------------------ AdaBound, AMSBound, AdamW
def _adabound_reference(w, grads, alpha, final_lr, gamma, amsgrad, beta1=0.9, beta2=0.999,
                        eps=1e-8):
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    vhat = np.zeros_like(w)
    for t, g in enumerate(grads, 1):
        m += (1 - beta1) * (g - m)
        v += (1 - beta2) * (g * g - v)
        vhat = np.maximum(vhat, v) if amsgrad else v
        lr = alpha * np.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
        lower = final_lr * (1 - 1 / (gamma * t + 1))
        upper = final_lr * (1 + 1 / (gamma * t))
        w = w - np.clip(lr / (np.sqrt(vhat) + eps), lower, upper) * m
    return w


@pytest.mark.parametrize('cls,amsgrad', [('AdaBound', False), ('AMSBound', True)])
@pytest.mark.parametrize('mode', ['eager', 'jit'])
def test_adabound_clips_the_step_size(cls, amsgrad, mode):
    rng = np.random.default_rng(3)
    w0 = rng.standard_normal(5)
    grads = [rng.standard_normal(5) * s for s in (1.0, 1e-3, 10.0, 0.5)]
    model = tapejit.Chain()
    with model.init_scope():
        model.w = tapejit.Parameter(w0.copy())
    opt = getattr(optimizers, cls)(alpha=0.01, final_lr=0.05, gamma=0.1).setup(model)

    def step(g):
        model.w.grad = g
        opt.update()

    run = tapejit.jit(step) if mode == 'jit' else step
    for g in grads:
        run(g)
    want = _adabound_reference(w0, grads, 0.01, 0.05, 0.1, amsgrad)
    np.testing.assert_allclose(model.w.array, want, rtol=1e-12, atol=1e-14)
    lower, upper = model.w.update_rule.bounds
    assert lower < 0.05 < upper


def test_adamw_is_adam_with_weight_decay():
    a = optimizers.AdamW(alpha=0.1, weight_decay_rate=0.5)
    assert (a.alpha, a.weight_decay_rate, a.amsgrad, a.adabound) == (0.1, 0.5, False, False)
    with pytest.raises(RuntimeError, match='bounds'):
        model = tapejit.Chain()
        with model.init_scope():
            model.w = tapejit.Parameter(np.ones(2))
        optimizers.AdaBound().setup(model)
        model.w.update_rule.bounds


def test_the_rules_of_one_optimizer_share_one_input_per_hyperparameter():
    # Six parameters, one learning rate read once a call (not once a rule).
    np.random.seed(0)
    model = tapejit.Chain()
    with model.init_scope():
        model.l1 = L.Linear(4, 3)
        model.l2 = L.Linear(3, 3)
        model.l3 = L.Linear(3, 2)
    opt = optimizers.SGD(lr=0.1).setup(model)
    x = np.ones((2, 4), np.float32)

    @tapejit.jit
    def step(x):
        loss = F.sum(model.l3(model.l2(model.l1(x))))
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss
    step(x)
    (plan,) = step._plans()
    assert [w for _, w in plan.input_sources].count('call') == 1
    w = model.l1.W.array.copy()
    opt.lr = 0.5
    step(x)
    np.testing.assert_allclose(model.l1.W.array, w - 0.5 * model.l1.W.grad, rtol=1e-6)
    assert step.cache_info().traces == 1


def test_update_rules_made_without_an_optimizer_have_chainers_defaults():
    for rule, hp in ((optimizers.AdamRule(), dict(alpha=0.001, beta1=0.9, eps=1e-8)),
                     (optimizers.SGDRule(), dict(lr=0.01)),
                     (optimizers.MomentumSGDRule(), dict(lr=0.01, momentum=0.9)),
                     (optimizers.AdamRule(eps=1e-3), dict(eps=1e-3, alpha=0.001))):
        for k, v in hp.items():
            assert getattr(rule.hyperparam, k) == v, (type(rule).__name__, k)
    p = tapejit.Parameter(np.array([1.0]))
    p.grad = np.array([2.0])
    optimizers.SGDRule().update(p)
    np.testing.assert_allclose(p.array, [1.0 - 0.01 * 2.0])


def test_adabound_with_an_initial_alpha_of_zero_says_why():
    p = tapejit.Parameter(np.array([1.0]))
    p.grad = np.array([1.0])
    rule = optimizers.AdamRule(alpha=0.0, adabound=True)
    with pytest.raises(ValueError, match='AdaBound: the initial alpha is 0'):
        rule.update(p)


def test_triggers_name_a_bad_unit_and_take_tuples_of_points():
    from tapejit.training import triggers
    with pytest.raises(ValueError, match="got 'epochs'"):
        triggers.IntervalTrigger(1, 'epochs')
    t = triggers.ManualScheduleTrigger((2, 3), 'iteration')
    assert t.points == [2, 3]
    with pytest.raises(ValueError, match='points is empty'):
        triggers.ManualScheduleTrigger([], 'iteration')


def test_log2_and_log10_name_themselves_for_a_bad_input():
    with pytest.raises(TypeError, match='log2'):
        F.log2('x')
    with pytest.raises(TypeError, match='log10'):
        F.log10([1.0, 2.0])


def test_a_state_variable_replaced_under_the_same_name_retraces():
    model = Quadratic()
    opt = optimizers.MomentumSGD(lr=0.1, momentum=0.5).setup(model)
    step = _make_jit_step(model, opt)
    step()
    rule = model.w.update_rule
    v = rule.state['v'].copy()
    del rule.state['v']
    rule.state['v'] = np.zeros_like(v)  # a new StateVariable, the same count
    w, g = model.w.array.copy(), model.grads()['w']
    step()
    np.testing.assert_allclose(model.w.array, w - 0.1 * g, rtol=1e-6)  # from v = 0
    assert step.cache_info().traces == 2


def test_the_rules_are_checked_again_only_after_a_change_to_some_rule():
    # The compiled step's optimizer guard compares one version number while no
    # update rule anywhere changed; after a change (here, another optimizer's
    # rule gets a per-parameter override) it checks its own rules again once,
    # finds them as traced and keeps the plan.
    model = Quadratic()
    opt = optimizers.SGD(lr=1.0).setup(model)
    other = optimizers.SGD(lr=1.0).setup(Quadratic())
    holds = closure_guards.optimizer_guard(opt)
    checks = []
    rules_hold = holds.__globals__['rules_hold']
    holds.__globals__['rules_hold'] = lambda: checks.append(1) or rules_hold()
    for _ in range(3):
        assert holds()
    assert checks == []
    other.target.w.update_rule.hyperparam.lr = 0.5
    assert holds() and holds()
    assert checks == [1]
    model.w.update_rule.hyperparam.lr = 0.5  # this optimizer's own rule
    assert not holds()
