"""Eager ``optimizer.update()`` of large NumPy parameters runs as its
compiled plan from a signature's second call on
(tapejit.optimizers._compiled_update): the eager results, to float rounding."""

import copy
import pickle
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import optimizers
from tapejit.functions import _fused_eager as fe


def _model():
    model = tapejit.Chain()
    rng = np.random.default_rng(0)
    with model.init_scope():
        model.l1 = L.Linear(300, 256, initialW=rng.standard_normal((256, 300)) * 0.05)
        model.l2 = L.Linear(256, 10, initialW=rng.standard_normal((10, 256)) * 0.05)
    return model


def _train(make_opt, steps=4, hook=None, schedule=None):
    model = _model()
    opt = make_opt().setup(model)
    if hook is not None:
        opt.add_hook(hook)
    x = np.random.default_rng(1).standard_normal((32, 300)).astype(np.float32)
    for k in range(steps):
        if schedule is not None:
            schedule(opt, k)
        model.cleargrads()
        F.mean(model.l2(F.relu(model.l1(x))) ** 2).backward()
        opt.update()
    return model, opt


def _eager(make_opt, **kw):
    old, fe.MIN_ELEMENTS = fe.MIN_ELEMENTS, 10 ** 9      # (no plan takes it)
    try:
        return _train(make_opt, **kw)
    finally:
        fe.MIN_ELEMENTS = old


@pytest.mark.parametrize('make_opt', [
    lambda: optimizers.Adam(), lambda: optimizers.AdamW(weight_decay_rate=0.01),
    lambda: optimizers.MomentumSGD(lr=0.01), lambda: optimizers.RMSprop(),
    lambda: optimizers.SGD(lr=0.1)], ids=['adam', 'adamw', 'momentum', 'rmsprop', 'sgd'])
def test_eager_updates_run_their_plan_from_the_second_call_with_eagers_results(make_opt):
    model, opt = _train(make_opt)
    ref, ref_opt = _eager(make_opt)
    state = opt._compiled_update
    assert state.jitted is not None and state.jitted.cache_info().traces == 1
    assert opt.t == ref_opt.t == 4
    for p, q in zip(model.params(), ref.params()):
        np.testing.assert_allclose(p.array, q.array, rtol=1e-5, atol=1e-6)
        for k, v in p.update_rule.state.items():
            np.testing.assert_allclose(v, q.update_rule.state[k], rtol=1e-5, atol=1e-6)


def test_a_users_hook_keeps_the_update_eager_and_runs_every_step():
    calls = []

    def hook(opt):
        calls.append(opt.t)
    hook.timing = 'pre'
    _, opt = _train(optimizers.Adam, hook=hook)
    assert calls == [0, 1, 2, 3]
    assert opt._compiled_update.jitted is None


def test_small_models_update_eagerly():
    model = L.Linear(4, 3)
    opt = optimizers.Adam().setup(model)
    for _ in range(3):
        model.cleargrads()
        F.sum(model(np.ones((2, 4), np.float32))).backward()
        opt.update()
    assert opt._compiled_update.jitted is None


def test_a_changing_learning_rate_applies_without_tracing_again():
    def schedule(opt, k):
        opt.lr = 0.1 / (k + 1)
    steps = 2 * fe.MAX_SIGNATURES + 4
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        model, opt = _train(lambda: optimizers.SGD(lr=0.1), steps=steps, schedule=schedule)
    ref, _ = _eager(lambda: optimizers.SGD(lr=0.1), steps=steps, schedule=schedule)
    assert opt._compiled_update.jitted.cache_info().traces == 1
    for p, q in zip(model.params(), ref.params()):
        np.testing.assert_allclose(p.array, q.array, rtol=1e-5, atol=1e-6)


def test_an_optimizer_that_updated_through_its_plan_copies_and_pickles():
    model, opt = _train(optimizers.Adam)
    assert opt._compiled_update.jitted is not None
    for other in (copy.deepcopy(opt), pickle.loads(pickle.dumps(opt))):
        assert '_compiled_update' not in other.__dict__ and other.t == opt.t


def test_a_hook_added_and_a_rule_disabled_between_updates_apply_as_eagerly():
    def schedule(opt, k):
        if k == 3:
            opt.add_hook(optimizers.WeightDecay(0.1))
        if k == 5:
            opt.target.l1.W.update_rule.enabled = False
    model, opt = _train(optimizers.Adam, steps=8, schedule=schedule)
    ref, _ = _eager(optimizers.Adam, steps=8, schedule=schedule)
    assert opt._compiled_update.jitted.cache_info().traces == 3    # (each change traced)
    for p, q in zip(model.params(), ref.params()):
        np.testing.assert_allclose(p.array, q.array, rtol=1e-5, atol=1e-6)
