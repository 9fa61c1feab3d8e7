"""State under jit: calls from several threads, and backprop through the
state a link keeps from one jitted call to the next."""

import threading

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L

from tests.support.jit_helpers import linear_adam_step


def _model_and_step():
    return linear_adam_step(512, 512, initialW=np.full((512, 512), 0.01, np.float32))


def test_calls_from_several_threads_lose_no_update():
    x = np.random.RandomState(0).rand(256, 512).astype(np.float32)
    model, opt, step = _model_and_step()
    jitted = tapejit.jit(step)
    jitted(x)

    def work():
        for _ in range(25):
            jitted(x)
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert opt.t == 101
    ref, ref_opt, ref_step = _model_and_step()
    for _ in range(101):
        ref_step(x)
    np.testing.assert_allclose(model.W.array, ref.W.array, rtol=1e-5, atol=1e-6)


class Cell(tapejit.Chain):
    """A recurrent cell written as users write one: its state on ``self.h``."""

    def __init__(self):
        super().__init__()
        rs = np.random.RandomState(1)
        with self.init_scope():
            self.x2h = L.Linear(3, 4, initialW=rs.rand(4, 3).astype(np.float32))
            self.h2h = L.Linear(4, 4, initialW=rs.rand(4, 4).astype(np.float32) * 0.5)
        self.h = None

    def forward(self, x):
        z = self.x2h(x)
        if self.h is not None:
            z = z + self.h2h(self.h)
        self.h = F.tanh(z)
        return self.h


def _bptt(jitted, steps, truncate_after=None):
    xs = [np.random.RandomState(k).rand(2, 3).astype(np.float32) for k in range(steps)]
    cell = Cell()

    def step(x):
        return F.sum(cell(x) ** 2)
    call = tapejit.jit(step) if jitted else step
    loss = 0
    for k, x in enumerate(xs):
        loss += call(x)
        if k == truncate_after:
            loss.unchain_backward()
    cell.cleargrads()
    loss.backward()
    return float(loss.array), cell.x2h.W.grad.copy(), cell.h2h.W.grad.copy()


def test_backprop_through_the_state_a_link_keeps_between_jitted_calls():
    eager, jitted = _bptt(False, 5), _bptt(True, 5)
    np.testing.assert_allclose(jitted[0], eager[0], rtol=1e-6)
    np.testing.assert_allclose(jitted[1], eager[1], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(jitted[2], eager[2], rtol=1e-5, atol=1e-6)


def test_unchain_backward_truncates_as_eagerly():
    eager, jitted = _bptt(False, 6, truncate_after=2), _bptt(True, 6, truncate_after=2)
    np.testing.assert_allclose(jitted[1], eager[1], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(jitted[2], eager[2], rtol=1e-5, atol=1e-6)


def test_batch_normalization_finetune_counts_in_the_compiled_step():
    rs = np.random.RandomState(0)
    xs = [rs.rand(8, 3).astype(np.float32) for _ in range(6)]
    eager_bn, bn = L.BatchNormalization(3), L.BatchNormalization(3)
    step = tapejit.jit(lambda x: F.sum(bn(x, finetune=True)))
    for x in xs:
        step(x)
        eager_bn(x, finetune=True)
    assert int(bn.N) == int(eager_bn.N) == 6
    assert step.cache_info().traces <= 2  # (once more where N was a Python number)
    np.testing.assert_allclose(bn.avg_mean, eager_bn.avg_mean, rtol=1e-6)
    np.testing.assert_allclose(bn.avg_var, eager_bn.avg_var, rtol=1e-6)
    bn.start_finetuning()
    eager_bn.start_finetuning()
    for x in xs[:3]:
        step(x)
        eager_bn(x, finetune=True)
    assert int(bn.N) == 3
    np.testing.assert_allclose(bn.avg_mean, eager_bn.avg_mean, rtol=1e-6)
    np.testing.assert_allclose(bn.avg_var, eager_bn.avg_var, rtol=1e-6)


class _RNNLM(tapejit.Chain):
    """Chainer's PTB example in small: an LSTM between two linear layers."""

    def __init__(self):
        super().__init__()
        rs = np.random.RandomState(3)
        with self.init_scope():
            self.inp = L.Linear(3, 4, initialW=rs.randn(4, 3).astype(np.float32))
            self.rnn = L.LSTM(4, 4)
            self.out = L.Linear(4, 3, initialW=rs.randn(3, 4).astype(np.float32))
        rs = np.random.RandomState(4)
        for p in self.rnn.params():
            p.array[...] = rs.randn(*p.shape).astype(np.float32) * 0.5

    def forward(self, x, t):
        return F.softmax_cross_entropy(self.out(self.rnn(self.inp(x))), t)


def _ptb(jitted, windows=3, bptt_len=4):
    """Per window: the loss accumulated over ``bptt_len`` calls, one
    backward, unchain_backward, an update (Chainer's PTB updater)."""
    model = _RNNLM()
    opt = tapejit.optimizers.SGD(0.5).setup(model)
    call = tapejit.jit(model) if jitted else model
    rs = np.random.RandomState(0)
    out = []
    for w in range(windows):
        if w == 2:
            model.rnn.reset_state()  # (a new sequence, between two windows)
        loss = 0
        for _ in range(bptt_len):
            x = rs.rand(2, 3).astype(np.float32)
            t = rs.randint(0, 3, 2).astype(np.int32)
            loss += call(x, t)
        model.cleargrads()
        loss.backward()
        loss.unchain_backward()
        grads = {name: p.grad.copy() for name, p in model.namedparams()}
        opt.update()
        out.append((float(loss.array), grads, model.rnn.h.array.copy()))
    return out, call


def test_truncated_bptt_over_jitted_lstm_calls_gives_the_eager_gradients():
    import warnings
    eager, _ = _ptb(False)
    with warnings.catch_warnings():
        warnings.simplefilter('error')  # (nothing cut, nothing to say)
        jitted, call = _ptb(True)
    for (loss, grads, h), (want_loss, want_grads, want_h) in zip(jitted, eager):
        np.testing.assert_allclose(loss, want_loss, rtol=1e-5)
        assert grads.keys() == want_grads.keys()
        for name in grads:
            np.testing.assert_allclose(grads[name], want_grads[name], rtol=1e-4, atol=1e-6,
                                       err_msg=name)
        np.testing.assert_allclose(h, want_h, rtol=1e-5, atol=1e-6)
    # Starting a sequence, continuing it: two plans, kept across the reset.
    assert call.cache_info().traces == 2


def test_lstm_steps_eager_and_jitted_backprop_into_each_other_as_eagerly():
    def run(kinds):
        model = _RNNLM()
        call = tapejit.jit(model)
        rs = np.random.RandomState(0)
        loss = 0
        for kind in kinds:
            x = rs.rand(2, 3).astype(np.float32)
            t = rs.randint(0, 3, 2).astype(np.int32)
            loss += (call if kind == 'jit' else model)(x, t)
        model.cleargrads()
        loss.backward()
        return {name: p.grad.copy() for name, p in model.namedparams()}
    want = run(['eager'] * 5)
    for kinds in (['jit', 'eager', 'jit', 'jit', 'eager'],
                  ['eager', 'eager', 'jit', 'eager', 'jit']):
        got = run(kinds)
        for name in want:
            np.testing.assert_allclose(got[name], want[name], rtol=1e-4, atol=1e-6,
                                       err_msg=f'{kinds} {name}')


def test_a_backward_inside_the_call_from_a_state_with_a_graph_is_said():
    import pytest
    import warnings
    xs = [np.random.RandomState(k).rand(2, 3).astype(np.float32) for k in range(3)]
    lstm = L.LSTM(3, 4)
    opt = tapejit.optimizers.SGD().setup(lstm)

    def train(x, unchain):
        loss = F.sum(lstm(x) ** 2)
        lstm.cleargrads()
        loss.backward()
        if unchain:
            loss.unchain_backward()  # (Chainer's examples cut the graph so)
        opt.update()
        return loss
    step = tapejit.jit(train, static_argnums=1)
    step(xs[0], False)  # (starts the sequence: nothing read)
    with pytest.warns(RuntimeWarning, match=r'reaches the state held in LSTM.c, LSTM.h, a Variable '
                      'with a graph'):
        step(xs[1], False)
    lstm.reset_state()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        for x in xs:
            step(x, True)


def test_state_stored_outside_links_is_refused_naming_the_place():
    import pytest
    import types
    lin = L.Linear(3, 2)
    memory = types.SimpleNamespace(h=None)

    def step(x):
        h = lin(x) if memory.h is None else lin(x) + memory.h
        memory.h = h
        return F.sum(h)
    with pytest.raises(tapejit.TraceError, match=r'SimpleNamespace\.h: the function stores'):
        tapejit.jit(step)(np.ones((2, 3), np.float32))


# A user's recurrent cell, as Chainer's users write one, run by tapejit
# (eagerly and jitted) and, where it is installed, by Chainer itself.
_USER_CELL = '''
import numpy as np
import {module} as chainer
import {module}.functions as F
import {module}.links as L


class Cell(chainer.Chain):
    def __init__(self):
        super().__init__()
        rs = np.random.RandomState(1)
        with self.init_scope():
            self.l = L.Linear(3, 4, initialW=rs.rand(4, 3).astype(np.float32))
            self.r = L.Linear(4, 4, initialW=rs.rand(4, 4).astype(np.float32) * 0.5)
        self.h = None

    def forward(self, x):
        if self.h is None:
            self.h = chainer.Variable(np.zeros((x.shape[0], 4), np.float32))
        self.h = F.tanh(self.l(x) + self.r(self.h))
        return self.h


def run(wrap):
    """Three sequences: from a shared initial state h0, from a reset, and
    from a fresh Variable; each ends in one backward over its steps."""
    cell = Cell()
    h0 = chainer.Variable(np.full((2, 4), 0.3, np.float32))
    call = wrap(lambda x: F.sum(cell(x) ** 2))
    out = []
    for start in ('h0', 'none', 'fresh', 'h0'):
        cell.h = {{'h0': h0, 'none': None,
                  'fresh': chainer.Variable(np.full((2, 4), -0.2, np.float32))}}[start]
        loss = 0
        for k in range(3):
            y = call(np.random.RandomState(k).rand(2, 3).astype(np.float32))
            loss = loss + y
        cell.cleargrads()
        h0.cleargrad()
        loss.backward()
        out.append([float(loss.array), h0.array.tolist(), cell.h.array.tolist(),
                    cell.l.W.grad.tolist(), cell.r.W.grad.tolist(),
                    None if h0.grad is None else h0.grad.tolist()])
    return out
'''


def _user_cell(module='tapejit'):
    env = {}
    exec(_USER_CELL.format(module=module), env)
    return env['run']


def _assert_same_runs(got, want):
    for g, w in zip(got, want):
        for a, b in zip(g, w):
            if b is None:
                assert a is None
            else:
                np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_a_user_cell_replaced_reset_or_restarted_from_a_shared_state_is_eager():
    run = _user_cell()
    eager, jitted = run(lambda f: f), run(tapejit.jit)
    _assert_same_runs(jitted, eager)
    # The shared initial state keeps its values: each call leaves a new Variable.
    np.testing.assert_array_equal(jitted[-1][1], np.full((2, 4), 0.3, np.float32))


def test_a_user_cell_under_jit_leaves_a_new_variable_each_call_as_eagerly():
    env = {}
    exec(_USER_CELL.format(module='tapejit'), env)
    cell = env['Cell']()
    step = tapejit.jit(lambda x: cell(x))
    x = np.ones((2, 3), np.float32)
    seen = []
    for _ in range(4):
        y = step(x)
        assert y is cell.h  # (the returned Variable is the state, as eagerly)
        seen.append(y)
    assert len({id(v) for v in seen}) == 4
    assert step.cache_info().traces == 2  # (from None, then from a Variable)
    # A state of another batch is another trace; the same batch again is not.
    cell.h = tapejit.Variable(np.zeros((5, 4), np.float32))
    step(np.ones((5, 3), np.float32))
    cell.h = tapejit.Variable(np.zeros((2, 4), np.float32))
    got = step(x).array
    want_cell = env['Cell']()
    want_cell.h = tapejit.Variable(np.zeros((2, 4), np.float32))
    np.testing.assert_allclose(got, want_cell(x).array, rtol=1e-6)
    assert step.cache_info().traces == 3


def test_a_user_cell_under_jit_gives_chainers_results():
    import json
    import os
    import subprocess

    import pytest
    python = os.environ.get('CHAINER_PYTHON', '/work/main/.venv-chainer/bin/python')
    if not os.path.exists(python):
        pytest.skip('no Python with Chainer installed')
    script = (_USER_CELL.format(module='chainer')
              + '\nimport json\nprint(json.dumps(run(lambda f: f)))\n')
    done = subprocess.run([python, '-c', script], capture_output=True, text=True, timeout=300)
    if done.returncode:
        pytest.skip(f'Chainer could not run the cell: {done.stderr[-300:]}')
    _assert_same_runs(_user_cell()(tapejit.jit), json.loads(done.stdout))


class _GatedCell(tapejit.Chain):
    """A cell keeping three states, the first two updated by one tuple
    assignment (``self.c, self.h = F.lstm(...)``): created inside the first
    call (``None`` before it) or given before it."""

    def __init__(self, lazy, returns):
        super().__init__()
        rs = np.random.RandomState(4)
        with self.init_scope():
            self.w = L.Linear(5, 8, initialW=rs.randn(8, 5).astype(np.float32) * 0.5)
        self.returns = returns
        self.c = self.h = self.m = None
        if not lazy:
            self.c, self.h, self.m = (tapejit.Variable(np.full((2, 2), v, np.float32))
                                      for v in (0.1, -0.2, 0.3))

    def forward(self, x):
        if self.h is None:
            self.h = tapejit.Variable(np.zeros((x.shape[0], 2), np.float32))
            self.c = tapejit.Variable(np.zeros((x.shape[0], 2), np.float32))
            self.m = tapejit.Variable(np.zeros((x.shape[0], 2), np.float32))
        z = self.w(F.concat([x, self.h], axis=1))
        self.c, self.h = F.lstm(self.c, z)
        self.m = self.m * 0.5 + self.h * self.c
        return {'h': lambda: self.h, 'c': lambda: self.c, 'hc': lambda: (self.h, self.c),
                'none': lambda: F.sum(self.h * 2)}[self.returns]()


def _gated_run(lazy, returns, wrap):
    cell = _GatedCell(lazy, returns)
    step = wrap(lambda x: cell(x))
    rs = np.random.RandomState(0)
    ys = [step(rs.randn(2, 3).astype(np.float32)) for _ in range(4)]
    outs = [y for r in ys for y in (r if isinstance(r, tuple) else (r,))]
    # (Every state's graph too: the last call's c and m are returned by none.)
    loss = sum(F.sum(y) for y in outs) + F.sum(cell.c * cell.m) + F.sum(cell.h)
    cell.cleargrads()
    loss.backward()
    return ([y.array for y in outs] + [cell.c.array, cell.h.array, cell.m.array],
            {name: p.grad for name, p in cell.namedparams()})


@pytest.mark.parametrize('returns', ['h', 'c', 'hc', 'none'])
@pytest.mark.parametrize('lazy', [True, False])
def test_states_a_cell_creates_in_its_first_call_backprop_as_eagerly(lazy, returns):
    """Whether the states are created by the first jitted call or before it,
    and whichever of them it returns, every call's values and every
    parameter's gradient over the calls are eager's."""
    want_values, want_grads = _gated_run(lazy, returns, lambda f: f)
    got_values, got_grads = _gated_run(lazy, returns, tapejit.jit)
    for got, want in zip(got_values, want_values, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    assert got_grads.keys() == want_grads.keys()
    for name, want in want_grads.items():
        np.testing.assert_allclose(got_grads[name], want, rtol=1e-5, atol=1e-6, err_msg=name)
