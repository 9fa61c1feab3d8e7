"""The reporter, summaries, Classifier and F.accuracy, eagerly and compiled."""

import io

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import links as L, serializers
from tapejit.reporter import DictSummary, Summary


def test_reporter_scopes_and_observers():
    reporter = tapejit.Reporter()
    link = L.Linear(2, 2)
    child_owner = tapejit.Chain(l1=link)
    reporter.add_observer('main', child_owner)
    reporter.add_observers('main', child_owner.namedlinks(skipself=True))
    outer, inner = {}, {}
    with reporter.scope(outer):
        assert tapejit.get_current_reporter() is reporter
        tapejit.report({'a': 1.0}, child_owner)
        tapejit.report({'b': 2.0}, link)
        with tapejit.report_scope(inner):
            tapejit.report({'c': 3.0})
        tapejit.report({'d': 4.0})
    assert outer == {'main/a': 1.0, 'main/l1/b': 2.0, 'd': 4.0}
    assert inner == {'c': 3.0}
    with pytest.raises(KeyError, match='not registered'):
        with reporter.scope({}):
            tapejit.report({'x': 1}, object())
    tapejit.report({'nobody': 1})  # no reporter: nothing happens
    with pytest.raises(RuntimeError, match='no reporter is current'):
        tapejit.get_current_reporter()


def test_reported_variables_are_detached():
    x = tapejit.Variable(np.array([1.0, 2.0]))
    y = F.sum(x * x)
    obs = {}
    with tapejit.Reporter().scope(obs):
        tapejit.report({'y': y})
    assert obs['y'] is not y and obs['y'].creator is None
    np.testing.assert_array_equal(obs['y'].array, y.array)
    with tapejit.using_config('keep_graph_on_report', True):
        with tapejit.Reporter().scope(obs):
            tapejit.report({'y': y})
    assert obs['y'] is y


def test_summary_statistics():
    s = Summary()
    values = [1.0, 2.0, 4.0]
    for v in values:
        s.add(np.float32(v))
    assert float(s.compute_mean()) == pytest.approx(np.mean(values))
    mean, std = s.make_statistics()
    assert float(std) == pytest.approx(np.std(values), rel=1e-6)
    s.add(tapejit.Variable(np.array(3.0, np.float32)), weight=2)
    assert float(s.compute_mean()) == pytest.approx((7 + 6) / 5)
    with pytest.raises(ZeroDivisionError):
        Summary().compute_mean()


def test_dict_summary_skips_non_scalars_and_weights():
    d = DictSummary()
    d.add({'a': 1.0, 'v': tapejit.Variable(np.array(2.0)), 'img': np.zeros(3)})
    d.add({'a': (3.0, 3), 'v': np.array(4.0)})
    means = d.compute_mean()
    assert sorted(means) == ['a', 'v']
    assert float(means['a']) == pytest.approx(10 / 4) and float(means['v']) == 3.0
    stats = d.make_statistics()
    assert sorted(stats) == ['a', 'a.std', 'v', 'v.std']
    assert float(stats['v.std']) == pytest.approx(1.0)
    with pytest.raises(ValueError, match='weight'):
        d.add({'a': (1.0, np.ones(2))})


def test_dict_summary_serialization_roundtrip():
    d = DictSummary()
    d.add({'a': 1.0, 'b': 2.0})
    d.add({'a': 3.0})
    f = io.BytesIO()
    serializers.save_npz(f, d)
    f.seek(0)
    e = DictSummary()
    serializers.load_npz(f, e)
    assert {k: float(v) for k, v in e.compute_mean().items()} == {'a': 2.0, 'b': 2.0}


def test_accuracy_matches_numpy():
    rng = np.random.RandomState(0)
    y = rng.randn(20, 5).astype(np.float32)
    t = rng.randint(0, 5, 20).astype(np.int32)
    expected = np.mean(y.argmax(axis=1) == t)
    acc = F.accuracy(y, t)
    assert acc.dtype == np.float32 and acc.shape == ()
    assert float(acc.array) == pytest.approx(expected, rel=1e-6)
    t2 = t.copy()
    t2[:10] = -1
    expected = np.mean(y[10:].argmax(axis=1) == t[10:])
    assert float(F.accuracy(y, t2, ignore_label=-1).array) == pytest.approx(expected)
    assert float(F.accuracy(y, np.full(20, -1, np.int32), ignore_label=-1).array) == 0.0
    # (batch, classes, length) scores against (batch, length) labels.
    y3 = rng.randn(4, 3, 6).astype(np.float32)
    t3 = rng.randint(0, 3, (4, 6)).astype(np.int32)
    assert float(F.accuracy(y3, t3).array) == pytest.approx(np.mean(y3.argmax(1) == t3))
    with pytest.raises(tapejit.DTypeError, match='t has dtype float32'):
        F.accuracy(y, t.astype(np.float32))
    with pytest.raises(tapejit.ShapeError, match=r'accuracy: y has shape \(20, 5\)'):
        F.accuracy(y, t[:3])


def test_accuracy_compiled_equals_eager():
    rng = np.random.RandomState(1)
    y = rng.randn(16, 4).astype(np.float32)
    t = rng.randint(-1, 4, 16).astype(np.int32)
    f = tapejit.jit(lambda y, t: (F.accuracy(y, t), F.accuracy(y, t, ignore_label=-1)))
    for _ in range(2):
        a, b = f(y, t)
        assert float(a.array) == float(F.accuracy(y, t).array)
        assert float(b.array) == float(F.accuracy(y, t, ignore_label=-1).array)


def test_classifier_reports_loss_and_accuracy():
    np.random.seed(0)
    model = L.Classifier(L.Linear(3, 4))
    x = np.random.rand(6, 3).astype(np.float32)
    t = np.array([0, 1, 2, 3, 0, 1], np.int32)
    reporter = tapejit.Reporter()
    reporter.add_observer('main', model)
    obs = {}
    with reporter.scope(obs):
        loss = model(x, t)
    y = model.predictor(x)
    assert float(loss.array) == pytest.approx(float(F.softmax_cross_entropy(y, t).array))
    assert float(obs['main/loss'].array) == float(loss.array)
    assert float(obs['main/accuracy'].array) == float(F.accuracy(y, t).array)
    assert model.loss is loss and model.y.shape == (6, 4) and model.accuracy is not None
    model.compute_accuracy = False
    obs = {}
    with reporter.scope(obs):
        model(x, t)
    assert sorted(obs) == ['main/loss'] and model.accuracy is None
    # label_key by position and by name; custom loss and accuracy functions.
    named = L.Classifier(lambda x: model.predictor(x), label_key='t',
                         lossfun=F.softmax_cross_entropy, accfun=F.accuracy)
    assert float(named(x, t=t).array) == pytest.approx(float(loss.array))
    first = L.Classifier(lambda x: model.predictor(x), label_key=0)
    assert float(first(t, x).array) == pytest.approx(float(loss.array))
    with pytest.raises(ValueError, match='out of bounds'):
        L.Classifier(model.predictor, label_key=3)(x, t)
    with pytest.raises(ValueError, match='not found'):
        named(x, label=t)
    with pytest.raises(TypeError, match='label_key must be int or str'):
        L.Classifier(model.predictor, label_key=1.0)
    assert [n for n, _ in model.namedparams()] == ['/predictor/W', '/predictor/b']


def test_a_jitted_function_delivers_its_reports_on_every_call():
    np.random.seed(0)
    model = L.Classifier(L.Linear(3, 2))
    step = tapejit.jit(lambda x, t: model(x, t))
    x = np.random.rand(4, 3).astype(np.float32)
    t = np.array([0, 1, 0, 1], np.int32)
    reporter = tapejit.Reporter()
    reporter.add_observer('main', model)
    for scale in (1.0, 2.0, 3.0):
        obs = {}
        with reporter.scope(obs):
            out = step(x * scale, t)
        eager = {}
        with reporter.scope(eager):
            model(x * scale, t)
        assert sorted(obs) == sorted(eager) == ['main/accuracy', 'main/loss']
        for k in obs:
            assert isinstance(obs[k], tapejit.Variable)
            assert float(obs[k].array) == pytest.approx(float(eager[k].array), rel=1e-6)
        assert float(out.array) == pytest.approx(float(eager['main/loss'].array), rel=1e-6)
    assert step.cache_info().traces == 1
    # Names are resolved when delivered: another reporter, another prefix.
    other = tapejit.Reporter()
    other.add_observer('validation/main', model)
    obs = {}
    with other.scope(obs):
        step(x, t)
    assert sorted(obs) == ['validation/main/accuracy', 'validation/main/loss']


def test_report_inside_jit_reaches_the_current_reporter_after_each_call():
    @tapejit.jit
    def f(x):
        y = F.sum(x)
        tapejit.report({'y': y, 'scale': 2.0})
        return y

    x = np.ones(3, np.float32)
    for k in (1.0, 2.0):
        obs = {}
        with tapejit.Reporter().scope(obs):
            out = f(x * k)
        assert float(out.array) == 3.0 * k
        assert float(obs['y'].array) == 3.0 * k and obs['scale'] == 2.0
    assert float(f(x).array) == 3.0  # without a reporter, report() does nothing
    assert f.cache_info().traces == 1


def test_report_of_a_traced_value_outside_jit_tracing_is_refused():
    from tapejit.ir.trace import trace_graph

    def f(x):
        y = F.sum(x)
        tapejit.report({'y': y})
        return y
    with pytest.raises(RuntimeError, match=r"\['y'\] are traced values"):
        with tapejit.Reporter().scope({}):
            trace_graph(f, [np.ones(3, np.float32)])
