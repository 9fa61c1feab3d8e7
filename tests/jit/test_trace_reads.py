"""The Python values a trace reads are guarded: a later change traces again.

Each case changes a value the traced function read (through a link, any
object, a module, a class, a global some calls deep, a counter), and the
compiled call must give what the eager call gives.
"""

import argparse
import types
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import training

X = np.arange(6, dtype=np.float32).reshape(2, 3) / 6


def _same(f, g, *args):
    """``f`` (jitted) and ``g`` (eager) give the same value."""
    np.testing.assert_allclose(np.asarray(f(*args).array), np.asarray(g(*args).array),
                               rtol=1e-6, atol=1e-6)


class Scaled(tapejit.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(3, 2, initialW=np.eye(2, 3, dtype=np.float32))
        self.temperature = 1.0
        self.ratio = 0.0

    def forward(self, x):
        return F.sum(F.dropout(self.l(x), self.ratio) / self.temperature)


def test_a_link_attribute_read_is_guarded():
    m = Scaled()
    f = tapejit.jit(lambda x: m(x))
    _same(f, lambda x: m(x), X)
    m.temperature = 4.0
    _same(f, lambda x: m(x), X)
    m.ratio = 0.5  # a dropout ratio stored on the model
    with tapejit.using_config('train', False):
        _same(f, lambda x: m(x), X)


def test_batch_normalization_eps_and_replaced_averages_in_evaluation():
    x = np.random.RandomState(0).rand(4, 3).astype(np.float32)
    bn, ref = L.BatchNormalization(3), L.BatchNormalization(3)
    w = np.arange(3, dtype=np.float32)
    f = tapejit.jit(lambda x: F.sum(bn(x) * w))
    with tapejit.using_config('train', False):
        for change in (lambda b: setattr(b, 'eps', 0.5),
                       lambda b: setattr(b, 'avg_mean', np.full(3, 5.0, np.float32)),
                       lambda b: setattr(b, 'avg_var', np.full(3, 3.0, np.float32))):
            change(bn)
            change(ref)
            np.testing.assert_allclose(f(x).array, F.sum(ref(x) * w).array, rtol=1e-5)


def test_batch_normalization_running_average_follows_a_changed_decay():
    x = np.random.RandomState(1).rand(8, 3).astype(np.float32)
    bn, ref = L.BatchNormalization(3), L.BatchNormalization(3)
    f = tapejit.jit(lambda x: F.sum(bn(x)))
    for decay in (0.9, 0.5, 0.1):
        bn.decay = ref.decay = decay
        f(x)
        ref(x)
        np.testing.assert_allclose(bn.avg_mean, ref.avg_mean, rtol=1e-6)
        np.testing.assert_allclose(bn.avg_var, ref.avg_var, rtol=1e-6)


ARGS = argparse.Namespace(scale=1.0)
CFG = types.ModuleType('cfg')
CFG.SCALE = 1.0


class Settings:
    factor = 1.0


def test_a_namespace_a_module_and_a_class_attribute_are_guarded():
    def fn(x):
        return F.sum(x * ARGS.scale + CFG.SCALE * Settings.factor)
    f = tapejit.jit(fn)
    for change in (lambda: setattr(ARGS, 'scale', 3.0), lambda: setattr(CFG, 'SCALE', -2.0),
                   lambda: setattr(Settings, 'factor', 7.0)):
        _same(f, fn, X)
        change()
        _same(f, fn, X)


def test_infinite_and_nan_floats_read_by_a_trace_are_guarded():
    # np.inf (a module attribute), a namespace's -inf and NaN: guards that
    # compile (inf has no literal) and see a change.
    ns = types.SimpleNamespace(low=-np.inf, bad=float('nan'))

    def fn(x):
        y = F.where(np.array([True, False, True]), x, np.array(-np.inf, np.float32))
        return F.max(y) + F.sum(F.clip(x, ns.low, np.inf)) + (0.0 if ns.bad != ns.bad else 1.0)
    f = tapejit.jit(fn)
    x = np.arange(3, dtype=np.float32)
    _same(f, fn, x)
    _same(f, fn, x)
    ns.low = 1.0
    _same(f, fn, x)
    ns.bad = 2.0
    _same(f, fn, x)


DEEP = 1.0


def _innermost(x):
    return x * DEEP


def _inner(x):
    return _innermost(x) + 1


def _middle(x):
    return _inner(x) * 2


def test_a_global_read_three_calls_deep_is_guarded():
    global DEEP

    def fn(x):
        return F.sum(_middle(x))
    f = tapejit.jit(fn)
    _same(f, fn, X)
    DEEP = 5.0
    try:
        _same(f, fn, X)
    finally:
        DEEP = 1.0


class Counting(tapejit.Chain):
    def __init__(self):
        super().__init__()
        self.count = 0

    def forward(self, x):
        self.count += 1
        return F.sum(x * self.count)


def test_a_counter_traces_every_call_and_the_storm_warning_names_it():
    m = Counting()
    f = tapejit.jit(lambda x: m(x), retrace_warn_after=4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        got = [float(f(X).array) for _ in range(6)]
    assert m.count == 6
    np.testing.assert_allclose(got, [X.sum() * k for k in range(1, 7)], rtol=1e-6)
    said = [str(w.message) for w in caught if 'traced' in str(w.message)]
    assert said and 'Counting.count' in said[0] and 'as an argument' in said[0]


def test_a_child_link_added_to_a_closed_over_chain_is_seen():
    chain = tapejit.Chain()
    with chain.init_scope():
        chain.a = L.Linear(3, 2)

    def fn(x):
        return sum(F.sum(link(x)) for link in chain.children())
    f = tapejit.jit(fn)
    _same(f, fn, X)
    with chain.init_scope():
        chain.b = L.Linear(3, 2)
    _same(f, fn, X)


def test_a_plain_attribute_assigned_is_seen_and_an_unchanged_one_keeps_the_plan():
    m = Scaled()
    f = tapejit.jit(lambda x: m(x))
    f(X)
    m.temperature = 1.0  # the same value: the same plan
    f(X)
    assert f.cache_info().traces == 1
    m.temperature = 2.0
    np.testing.assert_allclose(f(X).array, m(X).array, rtol=1e-6)


def test_a_user_config_entry_read_is_guarded():
    def fn(x):
        return F.sum(x * tapejit.config.user_scale)
    f = tapejit.jit(fn)
    with tapejit.using_config('user_scale', 2.0):
        _same(f, fn, X)
    with tapejit.using_config('user_scale', 3.0):
        _same(f, fn, X)


def test_the_guards_cost_no_retrace_on_a_steady_model():
    # Links read their own caches (private attributes) while traced: not guarded.
    model = tapejit.Sequential(L.Linear(3, 4), L.BatchNormalization(4), F.relu, L.Linear(4, 1))
    opt = tapejit.optimizers.Adam().setup(model)

    @tapejit.jit
    def step(x):
        loss = F.sum(model(x))
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        for _ in range(12):
            step(X)


class Scheduled(tapejit.Chain):
    """A model whose forward reads a Python schedule an extension changes."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(3, 1, initialW=np.full((1, 3), 0.5, np.float32))
        self.scale = 1.0

    def forward(self, x, t):
        loss = F.mean_squared_error(self.l(x) * self.scale, t)
        tapejit.report({'loss': loss}, self)
        return loss


def _train(eager):
    rs = np.random.RandomState(0)
    x, t = rs.rand(16, 3).astype(np.float32), rs.rand(16, 1).astype(np.float32)
    model = Scheduled()
    opt = tapejit.optimizers.SGD(0.1).setup(model)
    it = tapejit.iterators.SerialIterator(tapejit.datasets.TupleDataset(x, t), 4, shuffle=False)
    test_it = tapejit.iterators.SerialIterator(tapejit.datasets.TupleDataset(x, t), 8,
                                               repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(it, opt, eager=eager)
    trainer = training.Trainer(updater, (3, 'epoch'), out='result')

    @training.make_extension(trigger=(1, 'iteration'))
    def schedule(trainer):
        model.scale = 1.0 + 0.1 * trainer.updater.iteration
    trainer.extend(schedule)
    evaluator = training.extensions.Evaluator(test_it, model, eager=eager)
    trainer.extend(evaluator, trigger=(1, 'epoch'))
    trainer.extend(training.extensions.LogReport(trigger=(1, 'epoch')))
    trainer.run()
    return model.l.W.array, [e['validation/main/loss'] for e in trainer.get_extension(
        'LogReport').log]


def test_the_trainer_compiled_gives_the_eager_results(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    w_eager, log_eager = _train(eager=True)
    w_jit, log_jit = _train(eager=False)
    np.testing.assert_allclose(w_jit, w_eager, rtol=1e-5)
    np.testing.assert_allclose(log_jit, log_eager, rtol=1e-5)


def test_code_run_by_an_import_while_tracing_is_not_guarded(tmp_path, monkeypatch):
    (tmp_path / 'lazy_settings.py').write_text('TABLE = {"a": 1}\nFACTOR = TABLE["a"] * 2.0\n')
    monkeypatch.syspath_prepend(str(tmp_path))

    def fn(x):
        import lazy_settings  # (its module code runs while traced)
        return F.sum(x * lazy_settings.FACTOR)
    f = tapejit.jit(fn)
    f(X)
    plan, = [p for plans in f._cache.values() for p in plans]
    assert [g.what for g, _ in plan.py_guards if hasattr(g, 'what')] == ['lazy_settings.FACTOR']


class Configured(tapejit.Chain):
    k = 1.0

    def __init__(self):
        super().__init__()
        self.act = F.relu
        self.s = 1.0
        self.stages = [{'s': 1.0, 'off': np.zeros(3, np.float32)},
                       argparse.Namespace(s=1.0)]

    def forward(self, x):
        y = self.act(x - 0.5) * getattr(self, 's') * type(self).k
        return F.sum(y * self.stages[1].s * self.stages[0]['s'])


@pytest.mark.parametrize('change', [
    lambda m: setattr(m, 'act', F.tanh),            # a callable swapped
    lambda m: setattr(m, 's', 3.0),                 # read by getattr(self, 's')
    lambda m: setattr(Configured, 'k', 2.5),        # read by type(self).k
    lambda m: setattr(m.stages[1], 's', 2.0),       # an item's attribute
    lambda m: m.stages[0].__setitem__('s', 4.0),    # a dict holding arrays too
], ids=['callable', 'getattr', 'type', 'item-attr', 'dict-item'])
def test_reads_through_calls_and_items_are_guarded(change):
    m = Configured()
    f = tapejit.jit(lambda x: m(x))
    try:
        _same(f, lambda x: m(x), X)
        change(m)
        _same(f, lambda x: m(x), X)
    finally:
        Configured.k = 1.0


def test_a_name_pointed_at_another_link_is_read_anew():
    m1, m2 = L.Linear(3, 2), L.Linear(3, 2)
    current = [m1]
    f = tapejit.jit(lambda x: F.sum(current[0](x)))
    _same(f, lambda x: F.sum(current[0](x)), X)
    current[0] = m2
    _same(f, lambda x: F.sum(current[0](x)), X)


def test_cells_of_helpers_and_of_the_function_given_to_value_and_grad_are_guarded():
    k = 1.0

    def fn(a):
        return F.sum(a * k)
    vg = tapejit.value_and_grad(fn)
    vg(X)
    k = 2.5
    value = vg(X)[0]
    np.testing.assert_allclose(float(getattr(value, 'array', value)), 2.5 * X.sum(), rtol=1e-6)
    s = 1.0

    def helper(a):
        return a * s
    f = tapejit.jit(lambda a: F.sum(helper(a)))
    f(X)
    s = 3.0
    np.testing.assert_allclose(float(f(X).array), 3.0 * X.sum(), rtol=1e-6)


def _cell_model():
    s = 1.0
    names = {'a'}

    def helper(h):
        return h * s

    class M(tapejit.Chain):
        def __init__(self):
            super().__init__()
            self.w = 1.0
            self.table = {'k': 1.0, 'mask': np.ones(3, np.float32)}

        def forward(self, x):
            total = 0
            for name in ('w',):
                total = total + getattr(self, name)
            y = helper(x) * total * vars(self)['w'] * self.table.get('k')
            return F.sum(y * (2.0 if 'b' in names else 1.0))

    def set_s(v):
        nonlocal s
        s = v
    return M(), set_s, names


@pytest.mark.parametrize('change', [
    lambda m, set_s, names: set_s(3.0),                   # a helper's enclosing variable
    lambda m, set_s, names: setattr(m, 'w', 2.0),         # getattr(self, name), vars(self)
    lambda m, set_s, names: m.table.__setitem__('k', 5.0),  # dict.get of a key
    lambda m, set_s, names: names.add('b'),               # a set's members
], ids=['cell', 'getattr-vars', 'dict-get', 'set'])
def test_cells_dynamic_getattr_dict_get_and_sets_are_guarded(change):
    m, set_s, names = _cell_model()
    f = tapejit.jit(lambda x: m(x))
    _same(f, lambda x: m(x), X)
    change(m, set_s, names)
    _same(f, lambda x: m(x), X)


def test_a_counter_in_an_enclosing_variable_traces_every_call():
    n = 0

    def bump():
        nonlocal n
        n += 1
        return n
    f = tapejit.jit(lambda x: F.sum(x * float(bump())), retrace_warn_after=100)
    got = [float(f(X).array) for _ in range(3)]
    np.testing.assert_allclose(got, [X.sum() * k for k in (1, 2, 3)], rtol=1e-6)


def test_an_attribute_getattr_found_absent_is_seen_when_it_appears():
    class M(tapejit.Chain):
        def forward(self, x):
            k = 1.0
            for name in ('a', 'b'):
                k = k * getattr(self, name, 1.0)
            return F.sum(x * k)
    m = M()
    f = tapejit.jit(lambda x: m(x))
    _same(f, lambda x: m(x), X)
    m.b = 3.0
    _same(f, lambda x: m(x), X)


def test_variables_of_a_comprehension_inside_the_call_are_not_guards():
    scale = [1.0, 2.0, 3.0]

    def fn(x):
        parts = [x * s for s in scale]
        return sum(F.sum(p) for p in parts)
    f = tapejit.jit(fn)
    for _ in range(3):
        _same(f, fn, X)
    assert f.cache_info().traces == 1


_collections_seen = 0


def _count_collections(phase, info):
    # A library's garbage-collector statistics (as hypothesis keeps them):
    # a global that changes at every collection.
    global _collections_seen
    if phase == 'start' and _collections_seen >= 0:
        _collections_seen += 1


def test_what_a_collector_callback_reads_during_a_trace_is_not_guarded():
    import gc

    @tapejit.jit
    def f(x):
        gc.collect()        # (any allocation of the traced code may start one)
        return F.sum(tapejit.Variable(x) * 2)
    gc.callbacks.append(_count_collections)
    try:
        assert float(f(X).array) == float(f(X).array)
        gc.collect()
        f(X)
    finally:
        gc.callbacks.remove(_count_collections)
    info = f.cache_info()
    assert (info.traces, info.hits) == (1, 2), info
    assert all(getattr(cb, '__self__', None) is None
               or type(cb.__self__).__name__ != 'ReadRecorder' for cb in gc.callbacks)


def test_an_environment_variable_read_while_traced_is_guarded(monkeypatch):
    import os
    monkeypatch.setenv('TAPEJIT_TEST_SCALE', '2')

    @tapejit.jit
    def by_get(x):
        return F.sum(tapejit.Variable(x) * float(os.environ.get('TAPEJIT_TEST_SCALE', '1')))

    @tapejit.jit
    def by_item(x):
        return F.sum(tapejit.Variable(x) * float(os.environ['TAPEJIT_TEST_SCALE']))
    for f in (by_get, by_item):
        assert float(f(X).array) == pytest.approx(2 * X.sum())
    monkeypatch.setenv('TAPEJIT_TEST_SCALE', '3')
    for f in (by_get, by_item):
        assert float(f(X).array) == pytest.approx(3 * X.sum())
        assert float(f(X).array) == pytest.approx(3 * X.sum())
        assert (f.cache_info().traces, f.cache_info().hits) == (2, 1)
    monkeypatch.delenv('TAPEJIT_TEST_SCALE')
    assert float(by_get(X).array) == pytest.approx(X.sum())   # the default, traced again


def test_os_getenv_read_while_traced_is_guarded(monkeypatch):
    import os
    monkeypatch.setenv('TAPEJIT_TEST_SCALE', '2')

    @tapejit.jit
    def f(x):
        return F.sum(tapejit.Variable(x) * float(os.getenv('TAPEJIT_TEST_SCALE', '1')))
    assert float(f(X).array) == pytest.approx(2 * X.sum())
    monkeypatch.setenv('TAPEJIT_TEST_SCALE', '5')
    assert float(f(X).array) == pytest.approx(5 * X.sum())
    monkeypatch.delenv('TAPEJIT_TEST_SCALE')
    assert float(f(X).array) == pytest.approx(X.sum())


class _Configured(tapejit.Chain):
    """A model reading its settings through a method's result, and an
    attribute named by another attribute."""

    def __init__(self):
        super().__init__()
        self._cfg = types.SimpleNamespace(scale=2.0)
        self.which, self.a, self.b = 'a', 1.0, 10.0

    def cfg(self):
        return self._cfg

    def forward(self, x):
        return F.sum(tapejit.Variable(x) * self.cfg().scale * getattr(self, self.which))


def test_a_value_read_through_a_calls_result_is_guarded():
    m = _Configured()
    f = tapejit.jit(m)
    assert float(f(X).array) == pytest.approx(2 * X.sum())
    m._cfg.scale = 3.0   # (the same object, another value: seen through cfg())
    assert float(f(X).array) == pytest.approx(3 * X.sum())
    assert f.cache_info().traces == 2


def test_an_attribute_named_by_another_attribute_is_guarded():
    m = _Configured()
    f = tapejit.jit(m)
    assert float(f(X).array) == pytest.approx(2 * X.sum())
    m.a = 4.0            # getattr(self, self.which) with which == 'a'
    assert float(f(X).array) == pytest.approx(8 * X.sum())
    m.which = 'b'
    assert float(f(X).array) == pytest.approx(20 * X.sum())
    assert float(f(X).array) == pytest.approx(20 * X.sum())
    assert f.cache_info().traces == 3


def test_values_read_by_an_attrgetter_or_itemgetter_are_guarded():
    import operator
    get = operator.attrgetter('cfg.scale', 'b')
    item = operator.itemgetter('k')

    class Getters(tapejit.Chain):
        def __init__(self):
            super().__init__()
            self.cfg, self.b = types.SimpleNamespace(scale=2.0), 3.0
            self.d = {'k': 5.0}

        def forward(self, x):
            scale, b = get(self)
            return F.sum(tapejit.Variable(x) * scale * b * item(self.d))
    m = Getters()
    f = tapejit.jit(m)
    for change in (lambda: None, lambda: setattr(m.cfg, 'scale', 7.0),
                   lambda: setattr(m, 'b', 11.0), lambda: m.d.update(k=13.0)):
        change()
        _same(f, m, X)
    assert f.cache_info().traces == 4


def test_a_method_replaced_on_the_class_traces_again():
    class Doubler(tapejit.Chain):
        def forward(self, x):
            return F.sum(tapejit.Variable(x) * 2)
    m = Doubler()
    f = tapejit.jit(m)
    assert float(f(X).array) == pytest.approx(2 * X.sum())
    Doubler.forward = lambda self, x: F.sum(tapejit.Variable(x) * 10)
    assert float(f(X).array) == pytest.approx(10 * X.sum())
    assert float(m(X).array) == pytest.approx(10 * X.sum())   # (as eagerly)


def test_a_global_config_entry_read_while_traced_is_guarded():
    # An entry of tapejit.global_config (seen by every thread that set none
    # of its own) read while tracing: changed, the next call traces again.
    tapejit.global_config.tj_scale = 2.0
    try:
        f = tapejit.jit(lambda x: F.sum(tapejit.Variable(x) * tapejit.config.tj_scale))
        assert float(f(X).array) == pytest.approx(2 * X.sum())
        tapejit.global_config.tj_scale = 3.0
        assert float(f(X).array) == pytest.approx(3 * X.sum())
        with tapejit.using_config('tj_scale', 5.0):   # (this thread's own, over it)
            assert float(f(X).array) == pytest.approx(5 * X.sum())
        assert float(f(X).array) == pytest.approx(3 * X.sum())
    finally:
        del tapejit.global_config.tj_scale


def test_a_value_read_only_on_a_branch_not_taken_is_not_guarded():
    # (A wrapper reading its bookkeeping only when not told to pass through:
    # the list grows at every call, outside the function, and the line that
    # reads it never runs while traced, so nothing traces again.)
    class Recorder:
        def __init__(self):
            self.times, self.passing = [], True

    rec = Recorder()
    W = tapejit.Variable(np.ones((3, 2), np.float32))

    def wrapped(x):
        if rec.passing:
            return F.sum(F.matmul(x, W))
        if len(rec.times) > 100:        # (never reached while traced)
            raise RuntimeError('too many')
        return F.sum(x)
    f = tapejit.jit(wrapped)
    x = np.ones((4, 3), np.float32)
    for k in range(5):
        rec.times.append(k)
        np.testing.assert_allclose(f(x).array, 24.0)
    assert f.cache_info().traces == 1
    # The branch's condition is guarded itself: a change takes the other branch.
    rec.passing = False
    np.testing.assert_allclose(f(x).array, 12.0)
    assert f.cache_info().traces == 2


@pytest.mark.parametrize('draw', ['global', 'generator', 'python'])
def test_a_refused_trace_puts_the_generators_it_drew_from_back(draw):
    # (fallback='eager' runs the function eagerly after the refused trace:
    # it draws what an eager call would have, not the numbers after the
    # trace's own draw.)
    import random
    rng = np.random.default_rng(0)
    pyrng = random.Random(0)

    def noise():
        if draw == 'global':
            return np.random.rand()
        return rng.random() if draw == 'generator' else pyrng.random()

    def f(x):
        return F.sum(x * noise())
    x = np.ones(3, np.float32)
    np.random.seed(5)
    rng = np.random.default_rng(0)
    pyrng = random.Random(0)
    want = [f(x).array for _ in range(2)]
    np.random.seed(5)
    rng = np.random.default_rng(0)
    pyrng = random.Random(0)
    g = tapejit.jit(f, fallback='eager')
    with pytest.warns(RuntimeWarning, match='running it eagerly'):
        got = [g(x).array for _ in range(2)]
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_the_code_a_trace_reads_values_in_is_the_users_and_installed_packages():
    import os
    import sys

    import pytest as installed     # (a package installed beside the user's)
    from tapejit.jit import read_sites
    assert read_sites.is_users(__file__) and read_sites.is_users('<stdin>')
    assert read_sites.is_users(installed.__file__)
    assert read_sites.is_users(os.path.join(read_sites.LINKS, 'connection', 'linear.py'))
    for library in (os.__file__, np.__file__, tapejit.__file__, read_sites.LINK_BASE,
                    '<frozen importlib._bootstrap>'):
        assert not read_sites.is_users(library), library
    # A site folder that holds the standard library (Windows lists the
    # installation's own folder) is none; a missing or empty answer is none.
    import site
    prefix = os.path.dirname(os.path.dirname(os.__file__.rstrip(os.sep)))
    folder = os.path.dirname(installed.__file__)
    monkeypatch_site = {'getsitepackages': lambda: [prefix, '', folder],
                        'getusersitepackages': lambda: None}
    saved = {k: getattr(site, k, None) for k in monkeypatch_site}
    try:
        for k, v in monkeypatch_site.items():
            setattr(site, k, v)
        _, stdlib, sites = read_sites._not_users()
        assert sites == (os.path.join(folder, ''),)
        for k in monkeypatch_site:
            delattr(site, k)
        assert read_sites._not_users()[1:] == (stdlib, ())
    finally:
        for k, v in saved.items():
            if v is not None:
                setattr(site, k, v)
    # The folders are found without loading sysconfig's build data (a few
    # milliseconds of a process's first trace).
    code = ('import sys, numpy, tapejit, tapejit.functions as F\n'
            'f = tapejit.jit(lambda x: F.sum(x * 2.0))\n'
            'f(numpy.ones(3, numpy.float32))\n'
            'print(any(m.startswith("_sysconfigdata") for m in sys.modules))\n')
    import subprocess
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == 'False'


def test_an_import_inside_the_traced_function_runs_finders_that_are_not_read():
    import importlib.abc
    import sys

    from tapejit.jit import read_sites
    limit = {'scale': 3.0}

    class Finder(importlib.abc.MetaPathFinder):
        """A finder of the user's, run by an import the function makes."""

        def find_spec(self, name, path, target=None):
            seen.append((name, limit['scale']))
            return None
    seen = []
    finder = Finder()
    sys.meta_path.insert(0, finder)
    try:
        def f(x):
            import json.tool       # (not imported yet in most processes: its finders run)
            del json
            return F.sum(x) * limit['scale']
        sys.modules.pop('json.tool', None)
        jf = tapejit.jit(f)
        np.testing.assert_allclose(jf(X).array, f(X).array, rtol=1e-6)
    finally:
        sys.meta_path.remove(finder)
    assert ('json.tool', 3.0) in seen
    # The finder's code was not read for the values it reads; the
    # function's read of ``limit['scale']`` is guarded.
    assert Finder.find_spec.__code__ not in read_sites.watched
    limit['scale'] = 5.0
    np.testing.assert_allclose(jf(X).array, f(X).array, rtol=1e-6)


def test_a_later_process_reads_the_analysis_of_the_users_code_from_the_store(
        fresh_store, monkeypatch):
    # A process's first trace reads each function of the user's from the
    # store where an earlier process analysed it: no bytecode is read, and
    # the function's reads are guarded as before.  A damaged entry is
    # analysed again (with a warning); a changed function has its own entry.
    from tapejit.jit import read_sites
    settings = {'scale': 3.0}

    def f(x):
        return F.sum(x) * settings['scale']
    want = read_sites._analyse(f.__code__)
    assert read_sites.chains(f.__code__) == want          # (analysed and kept)
    with monkeypatch.context() as m:
        m.setattr(read_sites, 'watched', {})              # (a later process)
        m.setattr(read_sites.dis, 'get_instructions',
                  lambda *a: pytest.fail('the bytecode was read again'))
        assert read_sites.chains(f.__code__) == want
        m.setattr(read_sites, 'watched', {})
        jf = tapejit.jit(f)
        np.testing.assert_allclose(jf(X).array, f(X).array, rtol=1e-6)
        settings['scale'] = 5.0
        np.testing.assert_allclose(jf(X).array, f(X).array, rtol=1e-6)
    # A damaged entry: read again from the bytecode, with a warning.
    from tapejit.compiler import store
    [entry] = [p for p in (fresh_store / 'reads').iterdir()
               if store.parse(p.read_bytes())[0] == read_sites._analysis_key(
                   f.__code__, store.fingerprint())]
    entry.write_bytes(entry.read_bytes()[:-1] + bytes([entry.read_bytes()[-1] ^ 1]))
    monkeypatch.setattr(read_sites, 'watched', {})
    with pytest.warns(RuntimeWarning, match='fails authentication.*reading the code again'):
        assert read_sites.chains(f.__code__) == want

    # The same bytecode on other lines reads on other lines: another entry.
    src = 'def h(x):\n    return x.scale + x.bias\n'
    ns1, ns2 = {}, {}
    exec(compile(src, '<reads-a>', 'exec'), ns1)
    exec(compile('\n\n' + src, '<reads-a>', 'exec'), ns2)
    h1, h2 = ns1['h'].__code__, ns2['h'].__code__
    assert h1.co_code == h2.co_code
    assert read_sites._analysis_key(h1, '') != read_sites._analysis_key(h2, '')


def test_the_analysis_key_is_the_same_in_every_process():
    # A set literal's constant (a frozenset) orders its items by string
    # hashing, which differs between processes: the key must not.
    import subprocess
    import sys
    code = ('from tapejit.jit import read_sites\n'
            'def f(x):\n    return x in {"alpha", "beta", "gamma", "delta", "eps"}\n'
            'print(read_sites._analysis_key(f.__code__, ""))\n')
    keys = {subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                           check=True, timeout=120, env={**__import__('os').environ,
                                                         'PYTHONHASHSEED': seed}).stdout
            for seed in ('1', '2', '3')}
    assert len(keys) == 1
