"""The training loop (Trainer, StandardUpdater, triggers, extensions) against
Chainer's documented behaviour; a compiled run equals the eager one; a run
resumed from a snapshot continues exactly as the uninterrupted run."""

import json
import os

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import datasets, iterators, links as L, optimizers, serializers, training
from tapejit.training import extensions, triggers


class MLP(tapejit.Chain):
    def __init__(self, n_units=16, n_out=10):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, n_units)
            self.l2 = L.Linear(None, n_out)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


def _data(n=120, n_test=50, seed=0):
    rng = np.random.RandomState(seed)
    x = rng.rand(n + n_test, 8).astype(np.float32)
    w = rng.randn(8, 3).astype(np.float32)
    t = np.argmax(x @ w, axis=1).astype(np.int32)
    return (datasets.TupleDataset(x[:n], t[:n]), datasets.TupleDataset(x[n:], t[n:]))


def _trainer(out, eager, epochs=3, seed=0, snapshot=False, optimizer=None, batch=20):
    np.random.seed(seed)
    train, test = _data()
    model = L.Classifier(MLP(16, 3))
    opt = (optimizer or optimizers.Adam(alpha=0.01)).setup(model)
    train_iter = iterators.SerialIterator(train, batch,
                                          order_sampler=iterators.ShuffleOrderSampler(
                                              np.random.RandomState(seed)))
    test_iter = iterators.SerialIterator(test, 16, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, opt, eager=eager)
    trainer = training.Trainer(updater, (epochs, 'epoch'), out=str(out))
    trainer.extend(extensions.Evaluator(test_iter, model, eager=eager))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.ExponentialShift('alpha', 0.5), trigger=(1, 'epoch'))
    trainer.extend(extensions.observe_value('alpha', lambda tr: tr.updater.get_optimizer(
        'main').alpha))
    if snapshot:
        trainer.extend(extensions.snapshot(), trigger=(1, 'epoch'))
    losses = []
    trainer.extend(lambda tr: losses.append(float(tr.observation['main/loss'].array)),
                   name='record_loss')
    return trainer, model, losses


def _log(trainer):
    return [{k: v for k, v in e.items() if k != 'elapsed_time'}
            for e in trainer.get_extension('LogReport').log]


def test_compiled_run_equals_eager_run(tmp_path):
    runs = {}
    for eager in (False, True):
        trainer, model, losses = _trainer(tmp_path / str(eager), eager)
        trainer.run()
        runs[eager] = (trainer, model, losses)
    (tj, mj, lj), (te, me, le) = runs[False], runs[True]
    assert len(lj) == len(le) == 18  # 120 / 20 * 3 updates
    np.testing.assert_allclose(lj, le, rtol=1e-5, atol=1e-6)
    for (name, pj), (_, pe) in zip(mj.namedparams(), me.namedparams()):
        np.testing.assert_allclose(pj.array, pe.array, rtol=1e-5, atol=1e-6, err_msg=name)
    log_j, log_e = _log(tj), _log(te)
    assert [e['epoch'] for e in log_j] == [1, 2, 3]
    assert [e['iteration'] for e in log_j] == [6, 12, 18]
    assert sorted(log_j[0]) == sorted(log_e[0]) == [
        'alpha', 'epoch', 'iteration', 'main/accuracy', 'main/loss',
        'validation/main/accuracy', 'validation/main/loss']
    for a, b in zip(log_j, log_e):
        for k in a:
            assert a[k] == pytest.approx(b[k], rel=1e-5, abs=1e-6), k
    # The alpha halves each epoch; observe_value runs (as a writer) before the shift.
    assert [e['alpha'] for e in log_j] == [0.01, 0.005, 0.0025]
    # Compiled: one trace of the update step, one per batch shape of the evaluation.
    assert tj.updater.compiled_step.cache_info().traces == 1
    assert te.updater.compiled_step is None
    # The log file holds the same entries.
    with open(tmp_path / 'False' / 'log') as f:
        assert [e['main/loss'] for e in json.load(f)] == [e['main/loss'] for e in log_j]
    # It learned: the training loss fell.
    assert log_j[-1]['main/loss'] < log_j[0]['main/loss']


@pytest.mark.parametrize('eager', [False, True])
def test_resume_from_snapshot_continues_identically(tmp_path, eager):
    full, full_model, full_losses = _trainer(tmp_path / 'full', eager, epochs=4, snapshot=True)
    full.run()
    snap = tmp_path / 'full' / 'snapshot_iter_12'
    assert snap.exists()
    # A new trainer built the same way (different initial weights) resumes at epoch 2.
    resumed, model, losses = _trainer(tmp_path / 'resumed', eager, epochs=4, seed=5)
    serializers.load_npz(str(snap), resumed)
    assert resumed.updater.iteration == 12 and resumed.updater.epoch == 2
    resumed.run()
    assert losses == full_losses[12:]  # bit for bit
    for (name, p), (_, q) in zip(full_model.namedparams(), model.namedparams()):
        assert np.array_equal(p.array, q.array), name
    assert _log(resumed) == _log(full)
    assert resumed.updater.get_optimizer('main').alpha == full.updater.get_optimizer(
        'main').alpha
    assert resumed.elapsed_time >= full.get_extension('LogReport').log[1]['elapsed_time']
