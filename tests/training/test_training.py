"""The training loop (Trainer, StandardUpdater, triggers, extensions) against
Chainer's documented behaviour; a compiled run equals the eager one; a run
resumed from a snapshot continues exactly as the uninterrupted run."""

import io
import json
import os
import sys
import warnings

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


def _trainer(out, eager, epochs=3, seed=0, snapshot=False, optimizer=None, batch=20,
             global_random=False):
    np.random.seed(seed)
    train, test = _data()
    model = L.Classifier(MLP(16, 3))
    opt = (optimizer or optimizers.Adam(alpha=0.01)).setup(model)
    # (global_random: the default sampler, on NumPy's global generator, as the
    # example of docs/training.md has it.)
    sampler = None if global_random else iterators.ShuffleOrderSampler(
        np.random.RandomState(seed))
    train_iter = iterators.SerialIterator(train, batch, order_sampler=sampler)
    test_iter = iterators.SerialIterator(test, 16, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, opt, eager=eager)
    trainer = training.Trainer(updater, (epochs, 'epoch'), out=str(out))
    trainer.extend(extensions.Evaluator(test_iter, model, eager=eager))
    trainer.extend(extensions.LogReport())
    if optimizer is None:
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


@pytest.mark.parametrize('eager, global_random', [(False, False), (True, False),
                                                  (False, True)])
def test_resume_from_snapshot_continues_identically(tmp_path, eager, global_random):
    full, full_model, full_losses = _trainer(tmp_path / 'full', eager, epochs=4, snapshot=True,
                                             global_random=global_random)
    full.run()
    snap = tmp_path / 'full' / 'snapshot_iter_12'
    assert snap.exists()
    # A new trainer built the same way (different initial weights, parameters
    # made at the first forward, which loading makes) resumes at epoch 2.
    resumed, model, losses = _trainer(tmp_path / 'resumed', eager, epochs=4, seed=5,
                                      global_random=global_random)
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


class _FakeUpdater:
    def __init__(self, iters_per_epoch=4):
        self.iteration = 0
        self.n = iters_per_epoch

    @property
    def epoch_detail(self):
        return self.iteration / self.n

    @property
    def previous_epoch_detail(self):
        return (self.iteration - 1) / self.n

    @property
    def epoch(self):
        return self.iteration // self.n


class _FakeTrainer:
    def __init__(self, iters_per_epoch=4):
        self.updater = _FakeUpdater(iters_per_epoch)
        self.observation = {}


def _fire(trigger, n, trainer=None, observations=None):
    trainer = trainer or _FakeTrainer()
    fired = []
    for i in range(1, n + 1):
        trainer.updater.iteration = i
        trainer.observation = observations[i - 1] if observations else {}
        fired.append(trigger(trainer))
    return fired


def test_interval_trigger_iterations_and_epochs():
    assert _fire(triggers.IntervalTrigger(3, 'iteration'), 7) == [
        False, False, True, False, False, True, False]
    # 4 iterations per epoch: every 0.5 epoch is every 2 iterations.
    assert _fire(triggers.IntervalTrigger(0.5, 'epoch'), 6) == [
        False, True, False, True, False, True]
    assert training.get_trigger((2, 'epoch')).get_training_length() == (2, 'epoch')
    with pytest.raises(ValueError, match="either 'epoch' or 'iteration'"):
        triggers.IntervalTrigger(1, 'step')


def test_manual_schedule_trigger():
    t = triggers.ManualScheduleTrigger([2, 5], 'iteration')
    assert _fire(t, 6) == [False, True, False, False, True, False]
    assert t.finished
    t = triggers.ManualScheduleTrigger(1, 'epoch')
    assert _fire(t, 5) == [False, False, False, True, False]


@pytest.mark.parametrize('cls,values,expected', [
    (triggers.MaxValueTrigger, [1, 3, 2, 5], [True, True, False, True]),
    (triggers.MinValueTrigger, [3, 1, 2, 0], [True, True, False, True]),
])
def test_best_value_triggers(cls, values, expected):
    # One value per iteration, judged every iteration ((1, 'iteration')).
    t = cls('v', trigger=(1, 'iteration'))
    assert _fire(t, 4, observations=[{'v': v} for v in values]) == expected
    # Means over a period of two iterations: 1.5, 2.5 -> both new bests for max.
    t = triggers.MaxValueTrigger('v', trigger=(2, 'iteration'))
    assert _fire(t, 4, observations=[{'v': v} for v in (1, 2, 3, 2)]) == [
        False, True, False, True]


def test_trainer_extension_order_names_and_priorities(tmp_path):
    train, _ = _data()
    model = L.Classifier(MLP(4, 3))
    opt = optimizers.SGD().setup(model)
    updater = training.updaters.StandardUpdater(iterators.SerialIterator(train, 40), opt,
                                                eager=True)
    trainer = training.Trainer(updater, (2, 'iteration'), out=str(tmp_path))
    calls = []

    @training.make_extension(priority=training.PRIORITY_READER)
    def reader(tr):
        calls.append(('reader', tr.updater.iteration))

    @training.make_extension(priority=training.PRIORITY_WRITER,
                             initializer=lambda tr: calls.append(('init', 0)))
    def writer(tr):
        calls.append(('writer', tr.updater.iteration))

    trainer.extend(reader)
    trainer.extend(writer)
    trainer.extend(reader, name='reader')  # a second 'reader' becomes 'reader_1'
    assert trainer.get_extension('reader_1') is reader
    with pytest.raises(ValueError, match='prohibited'):
        trainer.extend(writer, name='training')
    trainer.run()
    assert calls[0] == ('init', 0)
    assert [c[0] for c in calls[1:4]] == ['writer', 'reader', 'reader']
    assert [c[1] for c in calls[1:]] == [1, 1, 1, 2, 2, 2]
    with pytest.raises(RuntimeError, match='multiple times'):
        trainer.run()
    with pytest.raises(ValueError, match='extension nope not found'):
        trainer.get_extension('nope')


def test_trainer_calls_on_error_and_finalize(tmp_path):
    train, _ = _data()
    model = L.Classifier(MLP(4, 3))
    opt = optimizers.SGD().setup(model)
    updater = training.updaters.StandardUpdater(iterators.SerialIterator(train, 40), opt,
                                                eager=True)
    trainer = training.Trainer(updater, (5, 'iteration'), out=str(tmp_path))
    seen = []

    class Failing(training.Extension):
        def __call__(self, tr):
            if tr.updater.iteration == 2:
                raise ValueError('boom')

        def on_error(self, tr, exc, tb):
            seen.append(('error', str(exc)))

        def finalize(self):
            seen.append('finalize')

    trainer.extend(Failing())
    with pytest.raises(ValueError, match='boom'):
        trainer.run(show_loop_exception_msg=False)
    assert seen == [('error', 'boom'), 'finalize']


def test_evaluator_reports_means_over_batches_and_resets(tmp_path):
    _, test = _data(n_test=50)
    np.random.seed(0)
    model = L.Classifier(MLP(8, 3))
    it = iterators.SerialIterator(test, 16, repeat=False, shuffle=False)
    results = {}
    for eager in (False, True):
        ev = extensions.Evaluator(it, model, eager=eager)
        ev.name = 'validation'
        reporter = tapejit.Reporter()
        obs = {}
        with reporter.scope(obs):
            results[eager] = ev()
        assert sorted(obs) == ['validation/main/accuracy', 'validation/main/loss']
        ev()  # the iterator is reset: a second evaluation gives the same values
    # By hand: the mean of the per-batch means (the last batch of 2 counts as one).
    losses, accs = [], []
    with tapejit.using_config('train', False), tapejit.no_backprop_mode():
        for i in range(0, 50, 16):
            x, t = datasets.concat_examples(test[i:i + 16])
            y = model.predictor(x)
            losses.append(float(F.softmax_cross_entropy(y, t).array))
            accs.append(float(F.accuracy(y, t).array))
    for eager in (False, True):
        r = results[eager]
        assert float(r['validation/main/loss']) == pytest.approx(np.mean(losses), rel=1e-5)
        assert float(r['validation/main/accuracy']) == pytest.approx(np.mean(accs), rel=1e-6)
    with pytest.warns(UserWarning, match='repeat'):
        extensions.Evaluator(iterators.SerialIterator(test, 16), model)


def test_evaluator_copies_an_iterator_without_reset_as_chainer_does():
    # (word2vec's iterator has no reset(): Chainer copies it, with a
    # DeprecationWarning, and evaluates the copy each time.)
    _, test = _data(n_test=20)

    class NoReset(tapejit.dataset.Iterator):
        def __init__(self):
            self.i = 0

        def __next__(self):
            if self.i >= len(test):
                raise StopIteration
            batch = test[self.i:self.i + 8]
            self.i += 8
            return batch
    model = L.Classifier(MLP(8, 3))
    it = NoReset()
    ev = extensions.Evaluator(it, model, eager=True)
    with pytest.warns(DeprecationWarning, match='does not have the reset method'):
        first = ev()
    with pytest.warns(DeprecationWarning):
        again = ev()
    assert it.i == 0  # the copies were read, not the iterator itself
    assert float(first['main/loss']) == float(again['main/loss'])


def test_evaluator_runs_in_test_mode_without_graph():
    seen = []

    def eval_func(x, t):
        seen.append((tapejit.config.train, tapejit.config.enable_backprop))
        return F.sum(x)

    _, test = _data(n_test=8)
    it = iterators.SerialIterator(test, 4, repeat=False, shuffle=False)
    extensions.Evaluator(it, {'main': MLP()}, eval_func=eval_func, eager=True)()
    assert seen == [(False, False), (False, False)]


def test_print_report_and_log_report(tmp_path):
    import io
    out = io.StringIO()
    trainer, _, _ = _trainer(tmp_path, eager=False, epochs=2)
    trainer.extend(extensions.PrintReport(['epoch', 'main/loss', 'validation/main/accuracy'],
                                          out=out))
    trainer.run()
    lines = out.getvalue().splitlines()
    assert lines[0].split() == ['epoch', 'main/loss', 'validation/main/accuracy']
    log = trainer.get_extension('LogReport').log
    for line, entry in zip(lines[1:], log):
        cols = line.split()
        assert int(cols[0]) == entry['epoch']
        assert float(cols[1]) == pytest.approx(entry['main/loss'], rel=1e-5)
    assert len(lines) == 3


def test_log_report_keys_postprocess_and_filename(tmp_path):
    trainer, _, _ = _trainer(tmp_path, eager=True, epochs=2)

    def post(entry):
        entry['double'] = 2 * entry['main/loss']
    trainer.extend(extensions.LogReport(keys=['main/loss'], trigger=(3, 'iteration'),
                                        postprocess=post, filename='log_{epoch}'), name='log2')
    trainer.run()
    log = trainer.get_extension('log2').log
    assert [e['iteration'] for e in log] == [3, 6, 9, 12]
    assert sorted(log[0]) == ['double', 'elapsed_time', 'epoch', 'iteration', 'main/loss']
    assert log[0]['double'] == 2 * log[0]['main/loss']
    assert (tmp_path / 'log_2').exists() and (tmp_path / 'log_1').exists()


def test_plot_report_progress_bar_snapshot_files(tmp_path):
    import io
    trainer, model, _ = _trainer(tmp_path, eager=False, epochs=3)
    trainer.extend(extensions.PlotReport(['main/loss', 'validation/main/loss'], 'epoch',
                                         file_name='loss.png'))
    bar_out = io.StringIO()
    trainer.extend(extensions.ProgressBar(update_interval=2, out=bar_out))
    trainer.extend(extensions.snapshot(n_retains=2), trigger=(1, 'epoch'))
    trainer.extend(extensions.snapshot_object(model.predictor, 'mlp_{.updater.epoch}.npz'),
                   trigger=(1, 'epoch'))
    trainer.run()
    assert (tmp_path / 'loss.png').read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    # Chainer's lines: the bars of the training and the epoch, the iteration
    # and epoch, the speed.
    drawn = bar_out.getvalue()
    assert '     total [' + '#' * 50 + '] 100.00%\n' in drawn
    assert 'this epoch [' in drawn
    assert '        18 iter, 3 epoch / 3 epochs\n' in drawn
    assert 'iters/sec. Estimated time to finish: ' in drawn
    snaps = sorted(f for f in os.listdir(tmp_path) if f.startswith('snapshot_iter_'))
    assert snaps == ['snapshot_iter_12', 'snapshot_iter_18']  # n_retains=2
    with np.load(tmp_path / 'mlp_3.npz') as f:
        assert sorted(f.files) == ['l1/W', 'l1/b', 'l2/W', 'l2/b']
        np.testing.assert_array_equal(f['l1/W'], model.predictor.l1.W.array)
    with np.load(tmp_path / 'snapshot_iter_18') as f:
        assert 'updater/model:main/predictor/l1/W' in f.files
        assert 'updater/iterator:main/order' in f.files
        assert 'updater/optimizer:main/predictor/l1/W/m' in f.files


@pytest.mark.filterwarnings('ignore:The previous value')
def test_snapshot_autoload(tmp_path):
    trainer, _, losses = _trainer(tmp_path, eager=True, epochs=2, snapshot=True)
    trainer.run()
    again, _, losses2 = _trainer(tmp_path, eager=True, epochs=3, seed=3)
    again.extend(extensions.snapshot(autoload=True), name='autoload')
    again.run()
    assert again.updater.iteration == 18 and len(losses2) == 6  # started from iteration 12


def test_linear_shift_and_observe_lr(tmp_path):
    trainer, _, _ = _trainer(tmp_path, eager=False, epochs=1,
                             optimizer=optimizers.MomentumSGD(lr=0.1))
    trainer.extend(extensions.LinearShift('lr', (0.1, 0.0), (0, 4)))
    trainer.extend(extensions.observe_lr(), trigger=(1, 'iteration'))
    lrs = []
    trainer.extend(lambda tr: lrs.append(tr.observation['lr']), name='record_lr')
    trainer.run()
    # observe_lr (a writer) sees the value before this iteration's shift.
    assert lrs == pytest.approx([0.1, 0.075, 0.05, 0.025, 0.0, 0.0])
    assert trainer.updater.compiled_step.cache_info().traces == 1  # no retrace on a new lr


def test_fail_on_nonnumber(tmp_path):
    trainer, model, _ = _trainer(tmp_path, eager=True, epochs=1,
                                 optimizer=optimizers.SGD(lr=1e30))
    trainer.extend(extensions.FailOnNonNumber())
    with np.errstate(all='ignore'):
        with pytest.raises(RuntimeError, match="optimizer 'main' diverge"):
            trainer.run(show_loop_exception_msg=False)
    assert trainer.updater.iteration < 6


def test_dump_graph(tmp_path):
    trainer, _, _ = _trainer(tmp_path, eager=True, epochs=1)
    trainer.extend(extensions.DumpGraph('main/loss'))
    trainer.run()
    dot = (tmp_path / 'cg.dot').read_text()
    assert dot.startswith('digraph graphname {')
    # The loss's backward graph: functions as boxes, down to the inputs.
    assert dot.count('shape=box') >= 5 and '(20, 8), float32' in dot, dot
    assert not tapejit.config.keep_graph_on_report


def test_report_inside_compiled_step_reaches_log_report(tmp_path):
    train, _ = _data()
    model = L.Classifier(MLP(4, 3))

    def loss_func(x, t):
        loss = model(x, t)
        tapejit.report({'custom': loss * 2, 'constant': 1.5})
        return loss

    opt = optimizers.SGD().setup(model)
    updater = training.updaters.StandardUpdater(iterators.SerialIterator(train, 40), opt,
                                                loss_func=loss_func)
    trainer = training.Trainer(updater, (2, 'epoch'), out=str(tmp_path))
    trainer.extend(extensions.LogReport())
    trainer.run()
    log = trainer.get_extension('LogReport').log
    assert [e['constant'] for e in log] == [1.5, 1.5]
    for e in log:
        assert e['custom'] == pytest.approx(2 * e['main/loss'], rel=1e-6)
    assert updater.compiled_step.cache_info().traces == 1


class _SumOverTime(tapejit.Chain):
    """A loss over sequences of any length (the batch padded to its longest)."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(3, 1)

    def forward(self, x):
        return F.mean(self.l(F.reshape(x, (-1, 3))) ** 2)


def _variable_lengths(n):
    rng = np.random.default_rng(0)
    return [rng.standard_normal((int(k), 3)).astype(np.float32)
            for k in rng.integers(1, 40, n)]


def _pad(batch, device=None):
    longest = max(len(x) for x in batch)
    return np.stack([np.pad(x, ((0, longest - len(x)), (0, 0))) for x in batch])


def test_an_updater_whose_step_retraces_every_batch_runs_eagerly_and_says_so():
    data = _variable_lengths(60)
    runs = []
    for eager in (True, False):
        np.random.seed(1)
        model = _SumOverTime()
        opt = optimizers.SGD(0.01).setup(model)
        it = iterators.SerialIterator(data, 2, shuffle=False)
        up = training.updaters.StandardUpdater(it, opt, converter=_pad, eager=eager)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            for _ in range(30):
                up.update()
        runs.append(model.l.W.array.copy())
        if not eager:
            said = [str(m.message) for m in w if 'runs eagerly from now on' in str(m.message)]
            assert len(said) == 1 and 'StandardUpdater' in said[0]
            assert up.eager   # (a compile per batch no more)
    np.testing.assert_allclose(runs[1], runs[0], rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize('how', ['number', 'method'])
def test_a_step_that_cannot_be_traced_runs_eagerly_and_says_why_once(how):
    # (seq2seq's self.xp.exp(loss.array), a traced value read as a number;
    # sentiment's y.array.argmax(), a NumPy method tapejit does not record:
    # fine eagerly, not traceable.)
    class ReadsAValue(tapejit.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.l = L.Linear(3, 1)

        def forward(self, x):
            loss = F.sum(self.l(x))
            big = (float(loss.array) if how == 'number' else loss.array.argmax()) > 1e9
            if big:
                return loss * 0
            return loss
    data = [np.full(3, k, np.float32) for k in range(8)]
    weights = []
    for eager in (True, False):
        np.random.seed(0)
        model = ReadsAValue()
        opt = optimizers.SGD(0.01).setup(model)
        up = training.updaters.StandardUpdater(iterators.SerialIterator(data, 2), opt,
                                               eager=eager)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            for _ in range(6):
                up.update()
        weights.append(model.l.W.array.copy())
        if not eager:
            said = [str(m.message) for m in w if 'cannot be compiled' in str(m.message)]
            assert len(said) == 1 and 'StandardUpdater(..., eager=True)' in said[0], said
            # (It names the user's line: where the step needed a value.)
            assert "if how == 'number' else loss.array.argmax())" in said[0], said
            assert up.eager
    np.testing.assert_allclose(weights[1], weights[0], rtol=1e-6)


def test_an_evaluation_step_that_cannot_be_traced_runs_eagerly_and_says_why_once():
    # (Chainer's own Evaluator tests sum a target's input with x.sum(), a
    # NumPy method tapejit does not record on a traced array.)
    class Summing(tapejit.Chain):
        def forward(self, x):
            tapejit.report({'total': x.array.sum() if hasattr(x, 'array') else x.sum()},
                           self)
            return x
    data = [np.full(3, k, np.float32) for k in range(6)]
    results = []
    for eager in (True, False):
        target = Summing()
        ev = training.extensions.Evaluator(iterators.SerialIterator(data, 2, repeat=False,
                                                                    shuffle=False),
                                           target, eager=eager)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            results.append([ev(), ev()])
        said = [str(m.message) for m in w if 'cannot be compiled' in str(m.message)]
        assert len(said) == (0 if eager else 1), said
    assert results[1] == results[0]
    # (The batches sum to 3, 15 and 27.)
    assert [float(v) for v in results[0][0].values()] == [15.0], results


def test_progress_bar_needs_no_tqdm(monkeypatch, tmp_path):
    # Chainer's bar is its own: scripts using it run where tqdm is not installed.
    monkeypatch.setitem(sys.modules, 'tqdm', None)
    trainer, _, _ = _trainer(tmp_path, eager=True, epochs=1)
    out = io.StringIO()
    trainer.extend(extensions.ProgressBar(update_interval=1, out=out))
    trainer.run()
    assert '     total [' + '#' * 50 + '] 100.00%\n' in out.getvalue()
