"""The jit call fast path: a repeated call skips building the cache key, and
every change the key would see still reaches the slow path.  Compiled to one
native call, a plan's hot call (JitFunction._make_hot) leaves the arrays'
checks to the native function: the same changes must reach the slow path."""

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.jit import JitFunction


@pytest.fixture
def key_calls(monkeypatch):
    """How many times a full cache key was built."""
    n = [0]
    orig = JitFunction._key

    def counted(self, args, kwargs):
        n[0] += 1
        return orig(self, args, kwargs)
    monkeypatch.setattr(JitFunction, '_key', counted)
    return n


# Plans interpreted (the generated check alone) and compiled to one native
# call (the hot call, its arrays checked by the native function).
TARGETS = ['interpret', 'cpu']


def _warm(step, call, n=4):
    """Call until the hot call runs (on 'cpu': built at a hit once the plan ran natively)."""
    for _ in range(n):
        call()
    last = step._last
    assert last is not None
    if step.target == 'cpu':
        assert callable(last.hot), 'no hot call'


def _step(target='interpret'):
    @tapejit.jit(target=target)
    def step(x, params, scale=1.0):
        loss = F.sum((F.matmul(x, params['w']) + params['b']) * scale)
        loss.backward()
        return loss
    return step


def _args():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    params = {'w': tapejit.Variable(np.ones((3, 2), np.float32)),
              'b': tapejit.Variable(np.zeros(2, np.float32))}
    return x, params


@pytest.mark.parametrize('target', TARGETS)
def test_repeated_calls_skip_the_full_key(target, key_calls):
    step = _step(target)
    x, params = _args()
    for _ in range(5):
        params['w'].cleargrad()
        params['b'].cleargrad()
        step(x, params)
    first = key_calls[0]
    for _ in range(10):
        params['w'].cleargrad()
        params['b'].cleargrad()
        loss = step(x, params)
    assert key_calls[0] == first  # no key built on these hits
    assert float(loss.array) == pytest.approx(float((x @ np.ones((3, 2))).sum()))
    np.testing.assert_allclose(params['w'].grad, np.repeat(x.sum(0)[:, None], 2, 1))
    info = step.cache_info()
    assert info.traces == 1 and info.hits == 14


def _eager(x, params, scale=1.0):
    loss = F.sum((F.matmul(x, params['w']) + params['b']) * scale)
    loss.backward()
    return loss


@pytest.mark.parametrize('change', [
    'array_shape', 'array_dtype', 'inplace_shape', 'variable_array', 'requires_grad',
    'has_grad', 'list_for_dict', 'extra_key', 'kwarg', 'scalar_value', 'train',
    'no_backprop', 'variable_class'])
@pytest.mark.parametrize('target', TARGETS)
def test_every_key_change_is_seen(change, target, key_calls):
    step = _step(target)
    x, params = _args()

    def clear():
        for v in params.values():
            if isinstance(v, tapejit.Variable):
                v.cleargrad()

    def call():
        clear()
        step(x, params)
    _warm(step, call)
    if change != 'has_grad':
        clear()
    kwargs = {}
    if change == 'array_shape':
        x = np.ones((4, 3), np.float32)
    elif change == 'array_dtype':
        x = x.astype(np.float64)
        params = {k: tapejit.Variable(v.array.astype(np.float64)) for k, v in params.items()}
    elif change == 'inplace_shape':
        x = x.copy()
        step(x, params)
        clear()
        x.shape = (3, 2)  # same array object, another shape
        params['w'].array = np.ones((2, 2), np.float32)
    elif change == 'variable_array':
        params['w'].array = np.full((3, 5), 2, np.float32)
        params['b'].array = np.zeros(5, np.float32)
    elif change == 'requires_grad':
        params['b'] = tapejit.Variable(params['b'].array, requires_grad=False)
    elif change == 'has_grad':
        pass  # gradients left by the last call: this one accumulates into them
    elif change == 'list_for_dict':
        params = dict(params)
        params['extra'] = [1, 2]
    elif change == 'extra_key':
        params = dict(params, c=np.zeros(1))
    elif change == 'kwarg':
        kwargs = {'scale': 2.0}
    elif change == 'scalar_value':
        kwargs = {'scale': 3.0}
        step(x, params, **kwargs)
        kwargs = {'scale': 4.0}
    elif change == 'variable_class':
        params['b'] = tapejit.Parameter(params['b'].array)
    before = key_calls[0]
    ref_params = {k: tapejit.Variable(v.array.copy(), requires_grad=v.requires_grad)
                  for k, v in params.items() if isinstance(v, tapejit.Variable)}
    for k, v in params.items():
        if isinstance(v, tapejit.Variable) and v.grad is not None:
            ref_params[k].grad = v.grad.copy()
    mode = {'train': ('train', False), 'no_backprop': ('enable_backprop', False)}.get(
        change, ('train', True))
    with tapejit.using_config(*mode):
        loss = step(x, params, **kwargs)
        ref = _eager(x, ref_params, **kwargs)
    assert key_calls[0] > before
    np.testing.assert_allclose(loss.array, ref.array)
    for k, v in ref_params.items():
        if v.grad is None:
            assert params[k].grad is None
        else:
            np.testing.assert_allclose(params[k].grad, v.grad)


def test_alternating_signatures_reuse_their_checks(key_calls):
    step = _step()
    x, params = _args()
    x2 = np.ones((5, 3), np.float32)

    def both():
        for xx in (x, x2):
            for v in params.values():
                v.cleargrad()
            step(xx, params)
    for _ in range(3):
        both()
    plans = [p for p in step._plans()]
    checks = [p.call_check for p in plans]
    for _ in range(3):
        both()
    assert [p.call_check for p in plans] == checks  # not generated again
    assert step.cache_info().traces == 2


def test_cache_clear_drops_the_fast_path():
    step = _step()
    x, params = _args()

    def call():
        for v in params.values():
            v.cleargrad()
        return step(x, params)
    call()
    call()
    step.cache_clear()
    call()
    assert step.cache_info().traces == 2


def test_eviction_drops_the_fast_path():
    calls = []

    @tapejit.jit(max_cache_size=1, target='interpret')
    def f(x):
        calls.append(x.shape)
        return x * 2
    a, b = np.ones(2), np.ones(3)
    f(a)
    f(b)  # evicts a's plan
    f(b)
    np.testing.assert_array_equal(f(a), a * 2)
    assert len(calls) == 3


def test_a_fast_path_call_is_the_most_recently_used(key_calls):
    # Calls with another key in between (a static argument, a signature run
    # eagerly) reorder the cache: a call served without its key still counts.
    @tapejit.jit(static_argnames='n', max_cache_size=2, target='interpret',
                 fallback='eager')
    def f(x, n=1):
        if n == 3:
            float(F.sum(x).array)  # needs concrete values: run eagerly
        return x * n
    a, c = np.ones(2), np.ones(3)
    for other in (2, 3):
        f.cache_clear()
        f(a)
        f(a, n=other)
        before = key_calls[0]
        f(a)
        f(a)
        assert key_calls[0] <= before + 1
        f(c)  # evicts n=other's entry, not a's
        traces = f.cache_info().traces
        f(a)
        assert f.cache_info().traces == traces
        f(a, n=other)
        assert f.cache_info().traces == traces + 1


def test_static_and_dynamic_arguments_keep_the_full_key(key_calls):
    f = tapejit.jit(lambda x, n: x * n, static_argnums=1, target='interpret')
    x = np.ones(2)
    f(x, 2)
    f(x, 2)
    before = key_calls[0]
    np.testing.assert_array_equal(f(x, 3), x * 3)
    assert key_calls[0] == before + 1


def test_a_container_where_a_value_was_traces_again():
    # The last call's leaf was a hashable value; a list there is a new structure.
    f = tapejit.jit(lambda x, s: x * (len(s) if isinstance(s, (list, dict)) else s),
                    target='interpret')
    x = np.ones(3, np.float32)
    f(x, 2)
    f(x, 2)
    np.testing.assert_array_equal(f(x, [1, 2]), x * 2)
    np.testing.assert_array_equal(f(x, {'a': 1}), x)
    assert f.cache_info().traces == 3


def _linear_step(target='interpret'):
    from tapejit import links as L

    @tapejit.jit(target=target)
    def step(model, x):
        model.cleargrads()
        loss = F.sum(model(x))
        loss.backward()
        return loss
    np.random.seed(0)
    return step, L.Linear(3, 2), np.ones((4, 3), np.float32)


@pytest.mark.parametrize('target', TARGETS)
def test_a_link_argument_skips_the_full_key(target, key_calls):
    step, model, x = _linear_step(target)
    _warm(step, lambda: step(model, x))
    before = key_calls[0]
    for _ in range(5):
        loss = step(model, x)
    assert key_calls[0] == before
    ref = (x @ model.W.array.T + model.b.array).sum()
    assert float(loss.array) == pytest.approx(float(ref), rel=1e-6)
    np.testing.assert_allclose(model.b.grad, np.full(2, 4, np.float32))


@pytest.mark.parametrize('change', ['other_link', 'new_param', 'param_shape', 'no_bias'])
@pytest.mark.parametrize('target', TARGETS)
def test_a_changed_link_reaches_the_full_key(change, target, key_calls):
    from tapejit import links as L
    step, model, x = _linear_step(target)
    _warm(step, lambda: step(model, x))
    if change == 'other_link':
        model = L.Linear(3, 2)
    elif change == 'new_param':
        with model.init_scope():
            model.extra = tapejit.Parameter(np.zeros(2, np.float32))
    elif change == 'param_shape':
        model.W.array = np.ones((5, 3), np.float32)
        model.b.array = np.zeros(5, np.float32)
    else:
        model = L.Linear(3, 2, nobias=True)
    before = key_calls[0]
    loss = step(model, x)
    assert key_calls[0] > before
    b = 0 if model.b is None else model.b.array
    ref = (x @ model.W.array.T + b).sum()
    assert float(loss.array) == pytest.approx(float(ref), rel=1e-6)


def test_a_changed_closure_variable_traces_again():
    w = tapejit.Variable(np.ones(3, np.float32))
    f = tapejit.jit(lambda x: tapejit.Variable(x) * w)
    x = np.arange(3, dtype=np.float32)
    f(x)
    f(x)
    w.array = np.full(3, 2, np.float32)  # same spec: the plan reads the new array
    np.testing.assert_array_equal(f(x).array, x * 2)
    assert f.cache_info().traces == 1
    w.grad = np.ones(3, np.float32)  # a gradient now: a new trace
    np.testing.assert_array_equal(f(x).array, x * 2)
    assert f.cache_info().traces == 2
    w.array = np.ones(4, np.float32)  # another shape: traced again, and refused
    with pytest.raises(Exception, match='shape'):
        f(x)


def test_the_hot_call_leaves_the_arrays_to_the_native_function(key_calls):
    step = _step('cpu')
    x, params = _args()

    def call(xx=None):
        for v in params.values():
            v.cleargrad()
        return step(x if xx is None else xx, params)
    _warm(step, call)
    hot = step._last.hot
    # No shape or dtype is read in Python: the native function compares them.
    assert 'shape' not in hot.__code__.co_names and 'dtype' not in hot.__code__.co_names
    before = key_calls[0]
    call()
    assert key_calls[0] == before
    assert step.cache_info().traces == 1

    # Arrays of the traced shape and dtype that the native function does not
    # take (strided) pass the generated check and run the same plan step by
    # step; a read-only one runs the hot call. Each result equals eager mode's.
    wide = np.zeros((2, 6), np.float32)
    wide[:, ::2] = x
    frozen = x.copy()
    frozen.flags.writeable = False
    for xx in (wide[:, ::2], np.asfortranarray(x), frozen):
        before = key_calls[0]
        loss = call(xx)
        assert key_calls[0] == before
        ref_params = {k: tapejit.Variable(v.array.copy()) for k, v in params.items()}
        ref = _eager(np.ascontiguousarray(xx, np.float32), ref_params)
        np.testing.assert_allclose(loss.array, ref.array, rtol=1e-6)
        for k in params:
            np.testing.assert_allclose(params[k].grad, ref_params[k].grad, rtol=1e-6)
        assert step.cache_info().traces == 1
    # And the hot call again for the traced arrays.
    before = key_calls[0]
    loss = call()
    assert key_calls[0] == before
    np.testing.assert_allclose(loss.array, _eager(x, {k: tapejit.Variable(v.array)
                                                       for k, v in params.items()}).array)


def test_the_hot_call_counts_its_hits_and_checks_closure_variables():
    w = tapejit.Variable(np.ones(3, np.float32))

    @tapejit.jit(target='cpu')
    def f(x):
        w.cleargrad()
        y = F.sum(tapejit.Variable(x) * w)
        y.backward()
        return y
    x = np.arange(3, dtype=np.float32)
    _warm(f, lambda: f(x), n=10)
    assert f.cache_info().hits == 9
    w.array = np.full(3, 2, np.float32)  # same spec: the plan reads the new array
    np.testing.assert_array_equal(f(x).array, (x * 2).sum())
    np.testing.assert_array_equal(w.grad, x)
    assert f.cache_info().traces == 1
    w.array = np.ones(4, np.float32)  # another shape: refused by the plan's guards
    with pytest.raises(Exception, match='shape'):
        f(x)


def test_the_hot_call_refuses_an_array_reshaped_to_as_many_elements():
    # An elementwise plan would run over the same number of elements: only
    # the native function's shape check sends the call to a new trace.
    f = tapejit.jit(lambda x: F.tanh(x) * 2, target='cpu')
    x = np.linspace(-1, 1, 6, dtype=np.float32)
    _warm(f, lambda: f(x.reshape(2, 3)))
    y = f(x.reshape(3, 2))
    assert y.shape == (3, 2) and f.cache_info().traces == 2
    np.testing.assert_allclose(y.array, np.tanh(x.reshape(3, 2)) * 2, rtol=1e-6)


def test_alternating_signatures_keep_their_hot_calls(monkeypatch):
    writes = []
    orig = JitFunction._write_hot

    def counted(self, plan, leaves):
        writes.append(plan.key)
        return orig(self, plan, leaves)
    monkeypatch.setattr(JitFunction, '_write_hot', counted)
    f = tapejit.jit(lambda x: F.tanh(x) * 2, target='cpu')
    a = np.linspace(-1, 1, 6, dtype=np.float32)
    b = np.linspace(-1, 1, 10, dtype=np.float32)
    for _ in range(4):
        for x in (a, a, b, b):
            np.testing.assert_allclose(f(x).array, np.tanh(x) * 2, rtol=1e-6)
    assert len(writes) == 2  # one per signature, kept on its plan
    assert f.cache_info().traces == 2


def test_refused_arrays_drop_the_hot_call_until_a_native_run(monkeypatch):
    step = _step('cpu')
    x, params = _args()

    def call(xx):
        for v in params.values():
            v.cleargrad()
        return step(xx, params)
    _warm(step, lambda: call(x))
    hot = step._last.hot
    plan = step._last
    strided = np.zeros((2, 6), np.float32)
    strided[:, ::2] = x
    strided = strided[:, ::2]
    before = plan.refusals
    for _ in range(3):
        call(strided)
        assert step._last.hot is None  # not taken while the arrays are refused
    assert plan.refusals == before + 3  # (the fused call's; the hot call is not taken again)
    call(x)
    call(x)
    assert step._last.hot is hot  # back, without being written again


@pytest.mark.parametrize('how', ['interpret', 'steps'])
def test_every_plan_gets_the_same_generated_entry(how, monkeypatch, key_calls):
    # A plan that does not run as one native call (interpreted, or run step
    # by step) is served by the same hot call: the key's check (with the
    # arrays' shapes and dtypes, which no native function checks here), the
    # guards, the gather, the run and the finish.
    from tapejit.targets.cpu import one_call
    monkeypatch.setattr(one_call, 'ENABLED', False)
    step = _step('interpret' if how == 'interpret' else 'cpu')
    x, params = _args()

    def call(xx=x):
        for v in params.values():
            v.cleargrad()
        return step(xx, params)
    for _ in range(3):
        call()
    hot = step._last.hot
    assert callable(hot) and 'shape' in hot.__code__.co_names
    assert not step._last.section({}, 'pass').checked   # (no native function checks them)
    before = key_calls[0]
    loss = call()
    assert key_calls[0] == before and step._last.hot is hot
    np.testing.assert_allclose(loss.array, np.sum(x @ np.ones((3, 2)), dtype=np.float32))
    np.testing.assert_allclose(params['w'].grad, np.repeat(x.sum(0)[:, None], 2, 1))
    # Another shape misses the hot call and traces again.
    call(np.ones((4, 3), np.float32))
    assert step.cache_info().traces == 2


def test_guards_on_a_device_variable_are_left_to_the_generic_check():
    # Only host Variables are checked field by field: a GPU Variable's guard
    # (its device is not the host's) is the generic check's alone.
    from tapejit.compiler.codecache import define
    from tapejit.jit.keys import guard_lines
    w = tapejit.Variable(np.ones(3, np.float32))
    spec = ('V', (3,), '<f4', '<CUDA Device 0>', True, False)
    env = {'_slow': lambda: 'generic'}
    lines = guard_lines(((w, spec, False),), (), env, 'return _slow()', 'return 1')
    assert lines == ['return _slow()']
    assert define('holds', '', lines + ['return 2'], env, '<test>')() == 'generic'
