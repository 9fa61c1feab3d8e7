"""Errors under ``@tapejit.jit``: ``TraceError`` where a traced value is asked
for a concrete one, pointing at the user's line; a traced value leaked after
the call; ``fallback='eager'`` and its one warning; NumPy methods a traced
array lacks."""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import TraceError, Variable

from tests.support.jit_helpers import _close, _info, _line_of

THIS_FILE = os.path.basename(__file__)


# =================================================================== TraceError
def test_trace_error_points_at_the_users_line():
    @tapejit.jit
    def f(x):
        y = x * 2
        if F.sum(y).array > 0:  # MARK-BOOL
            return y
        return -y

    with pytest.raises(TraceError) as ei:
        f(np.ones(2))
    msg = str(ei.value)
    assert f'{THIS_FILE}:{_line_of(f.__wrapped__, "# MARK-BOOL")}' in msg
    assert 'if F.sum(y).array > 0:' in msg  # the source line itself
    assert '(in f)' in msg
    assert 'static_argnums' in msg and "fallback='eager'" in msg  # the remedies


@pytest.mark.parametrize('what, body', [
    ('float', lambda x: float(F.sum(x).array)),
    ('int', lambda x: int(F.sum(x).array)),
    ('item', lambda x: F.sum(x).array.item()),
    ('tolist', lambda x: x.array.tolist()),
    ('iter', lambda x: [v for v in x.array]),
    ('numpy', lambda x: np.asarray(x.array)),
    ('index', lambda x: [1, 2, 3][F.sum(x).array]),
    ('variable-float', lambda x: float(F.sum(x))),
])
def test_trace_error_for_concrete_value_requests(what, body):
    with pytest.raises(TraceError) as ei:
        tapejit.jit(body)(Variable(np.ones(2)))
    assert f'{THIS_FILE}:' in str(ei.value), str(ei.value)


def test_trace_error_for_traced_index_array():
    def f(x):
        idx = F.argmax(x, axis=0).array
        return F.get_item(x, idx)  # MARK-IDX

    with pytest.raises(TraceError) as ei:
        tapejit.jit(f)(np.array([[1.0, 2.0], [3.0, 0.0]]))
    assert f'{THIS_FILE}:{_line_of(f, "# MARK-IDX")}' in str(ei.value)


def test_dropout_with_its_own_generator_error_points_at_users_line():
    def f(x):
        return F.dropout(x, 0.5, rng=np.random.default_rng(0))  # MARK-DROP

    with pytest.raises(TraceError, match='set_dropout_seed') as ei:
        tapejit.jit(f)(np.ones(3))
    assert f'{THIS_FILE}:{_line_of(f, "# MARK-DROP")}' in str(ei.value)


def test_leaked_traced_value_raises_after_the_call():
    leaked = []

    @tapejit.jit
    def f(x):
        y = x * 2
        leaked.append(y)
        return y

    _close(f(Variable(np.ones(2))), np.full(2, 2.0))
    v = leaked[0]
    with pytest.raises(TraceError, match='escaped') as ei:
        v + 1  # MARK-LEAK
    line = _line_of(test_leaked_traced_value_raises_after_the_call, '# MARK-LEAK')
    assert f'{THIS_FILE}:{line}' in str(ei.value)
    with pytest.raises(TraceError, match='escaped'):
        F.exp(v)
    with pytest.raises(TraceError, match='escaped'):
        v.array * 3
    with pytest.raises(TraceError):
        np.asarray(v.array)
    # ... and inside another trace.
    with pytest.raises(TraceError, match='escaped'):
        tapejit.jit(lambda x: x + v)(np.ones(2))


def test_fallback_eager_runs_eagerly_with_one_warning():
    calls = []

    def f(x):
        calls.append(1)
        if F.sum(x).array > 0:
            return x * 2
        return x - 1

    with pytest.raises(TraceError):
        tapejit.jit(f)(np.ones(2))
    jf = tapejit.jit(f, fallback='eager')
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter('always')
        _close(jf(np.ones(2)), np.full(2, 2.0))
        _close(jf(-np.ones(2)), np.full(2, -2.0))
        _close(jf(np.ones(3)), np.full(3, 2.0))
    msgs = [str(w.message) for w in rec]
    assert len(msgs) == 1 and "fallback='eager'" in msgs[0], msgs
    # Each call ran the function (eagerly); the eager decision is cached per signature.
    assert len(calls) == 1 + 2 + 1 + 2
    assert _info(jf) == (1, 2, 2, 2)
    with pytest.raises(TraceError, match='eagerly'):
        jf.explain(np.ones(2))
    with pytest.raises(ValueError, match='fallback'):
        tapejit.jit(f, fallback='python')


def test_fallback_eager_keeps_eager_side_effects():
    def f(x):
        loss = F.sum(x * x)
        if loss.array > 1:
            loss.backward()
        return loss

    x = Variable(np.array([1.0, 2.0]))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        jf = tapejit.jit(f, fallback='eager')
        jf(x)
        jf(x)
    _close(x.grad, 4 * x.array)


def test_fallback_warning_points_at_the_callers_line():
    jf = tapejit.jit(lambda x: x * 2 if F.sum(x).array > 0 else x, fallback='eager')
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter('always')
        jf(np.ones(2))  # CALL-LINE
    w, = rec
    assert (os.path.basename(w.filename), w.lineno) == (
        THIS_FILE, _line_of(test_fallback_warning_points_at_the_callers_line, '# CALL-LINE'))


def test_numpy_methods_a_traced_array_lacks_are_errors_naming_the_line():
    x = Variable(np.array([-1.0, 2.0]))
    f = tapejit.jit(lambda x: (abs(x.array), +x.array))
    a, b = f(x)
    np.testing.assert_array_equal(a, [1.0, 2.0])
    np.testing.assert_array_equal(b, [-1.0, 2.0])
    with pytest.raises(AttributeError,
                       match=r"no NumPy method 'sum'.*F\.sum.*test_trace_errors\.py"):
        tapejit.jit(lambda x: x.array.sum())(x)


def test_a_numpy_function_of_a_traced_array_names_it_and_the_users_line():
    # np.sum reaches the traced array's __array__ through NumPy's own Python
    # frames: the error names the user's line and numpy.sum, not NumPy's file.
    def total(x):
        return float(np.sum(Variable(x).array))

    class Model(tapejit.Chain):
        def forward(self, x):
            loss = F.sum(Variable(x) ** 2)
            return self.xp.exp(loss.array)   # (as Chainer's seq2seq example writes)
    for fn, name in ((total, 'sum'), (Model(), 'exp')):
        with pytest.raises(TraceError) as info:
            tapejit.jit(fn)(np.ones(3, np.float32))
        msg = str(info.value)
        assert f'numpy.{name} computes on concrete arrays only: use F.{name}' in msg, msg
        assert f'{os.path.basename(__file__)}:' in msg and 'fromnumeric' not in msg, msg
