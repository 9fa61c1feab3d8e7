"""A whole training step under ``@tapejit.jit`` against eager: parameters as
arguments or closed over, every call after the first a hit, train and eval
signatures both cached, the same bits in every process, and the README's form
of a step as fast as one written by hand."""

from __future__ import annotations

import gc
import os

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable

from tests.support.jit_helpers import _close, _forbid_eager_machinery, _info, linear_adam_step


# ================================================================ training step
def _mlp_params(seed=0):
    r = np.random.default_rng(seed)
    return [Variable((r.standard_normal((4, 8)) * 0.5).astype(np.float32)),
            Variable(np.zeros(8, np.float32)),
            Variable((r.standard_normal((8, 3)) * 0.5).astype(np.float32)),
            Variable(np.zeros(3, np.float32))]


def _train_step(params, x, t, lr=0.1):
    W1, b1, W2, b2 = params
    for p in params:
        p.cleargrad()
    h = F.relu(F.matmul(x, W1) + b1)
    loss = F.softmax_cross_entropy(F.matmul(h, W2) + b2, t)
    loss.backward()
    for p in params:
        p.array -= lr * p.grad
    return loss


def _batches(n):
    r = np.random.default_rng(1)
    return [(r.standard_normal((5, 4)).astype(np.float32),
             r.integers(0, 3, 5).astype(np.int32)) for _ in range(n)]


def test_training_step_matches_eager(monkeypatch):
    calls = []

    @tapejit.jit
    def step(params, x, t):
        calls.append(1)
        return _train_step(params, x, t)

    pe, pj = _mlp_params(), _mlp_params()
    batches = _batches(6)
    for k, (x, t) in enumerate(batches):
        if k == len(batches) - 1:
            # Once warm, a call runs the plan only: no tracing, no eager ops.
            _forbid_eager_machinery(monkeypatch)
        lj = step(pj, x, t)
        monkeypatch.undo()
        le = _train_step(pe, x, t)
        assert lj.dtype == np.float32
        _close(lj, le, rtol=1e-6, atol=1e-6)
        for a, b in zip(pj, pe):
            _close(a.grad, b.grad, rtol=1e-5, atol=1e-6)
            _close(a.array, b.array, rtol=1e-5, atol=1e-6)
    info = step.cache_info()
    assert len(calls) == info.traces  # the body runs only when tracing
    assert info.hits >= len(batches) - 2


def test_training_step_with_closure_parameters_matches_eager():
    pe, pj = _mlp_params(), _mlp_params()
    step = tapejit.jit(lambda x, t: _train_step(pj, x, t))
    for x, t in _batches(4):
        _close(step(x, t), _train_step(pe, x, t), rtol=1e-6, atol=1e-6)
        for a, b in zip(pj, pe):
            _close(a.array, b.array, rtol=1e-5, atol=1e-6)


def test_training_step_every_call_after_the_first_hits():
    calls = []

    @tapejit.jit
    def step(params, x, t):
        calls.append(1)
        return _train_step(params, x, t)

    params = _mlp_params()
    for x, t in _batches(5):
        step(params, x, t)
    assert len(calls) == 1
    assert _info(step)[:3] == (4, 1, 1)


def test_the_call_that_traced_collects_what_the_trace_left():
    """The objects a trace and its compile leave in the collector's young
    generations are collected by the call that traced.  Left there, the
    collections a later call triggers walk them: a pause of milliseconds in a
    step of microseconds."""
    step = tapejit.jit(linear_adam_step(4, 3)[2])
    x = np.ones((5, 4), np.float32)
    step(x)
    # (Without the collection, about 2,700 objects: the trace's and the plan's.)
    young = len(gc.get_objects(0)) + len(gc.get_objects(1))
    assert young < 300, f'{young} objects left in the young generations after the first call'
    for _ in range(3):
        step(x)
    assert _info(step)[:2] == (3, 1)


def test_train_and_eval_signatures_both_stay_cached():
    calls = []

    @tapejit.jit(static_argnames='train')
    def run(params, x, t, *, train):
        calls.append(train)
        if train:
            return _train_step(params, x, t)
        W1, b1, W2, b2 = params
        h = F.relu(F.matmul(x, W1) + b1)
        return F.softmax_cross_entropy(F.matmul(h, W2) + b2, t)

    params = _mlp_params()
    for k, (x, t) in enumerate(_batches(9)):
        run(params, x, t, train=k % 3 != 2)  # two training steps, one evaluation
    assert calls == [True, False], calls  # one trace per signature


_DETERMINISM_SCRIPT = '''
import hashlib, sys
import numpy as np
import tapejit, tapejit.functions as F, tapejit.links as L, tapejit.optimizers as O
D, H = int(sys.argv[1]), int(sys.argv[2])
rng = np.random.default_rng(0)
ch = tapejit.Chain()
with ch.init_scope():
    ch.l1 = L.Linear(D, H, initialW=rng.standard_normal((H, D)).astype(np.float32) * 0.1)
    ch.l2 = L.Linear(H, 10, initialW=rng.standard_normal((10, H)).astype(np.float32) * 0.1)
opt = O.Adam()
opt.setup(ch)
@tapejit.jit
def step(x, t):
    loss = F.softmax_cross_entropy(ch.l2(F.relu(ch.l1(x))), t)
    ch.cleargrads()
    loss.backward()
    opt.update()
    return loss
x = rng.standard_normal((150, 16, D)).astype(np.float32)
t = rng.integers(0, 10, (150, 16)).astype(np.int32)
losses = [step(x[i], t[i]).array for i in range(150)]
data = np.concatenate([p.array.ravel() for p in ch.params()]).tobytes()
print(hashlib.sha256(data + np.array(losses).tobytes()).hexdigest())
'''


@pytest.mark.slow
@pytest.mark.parametrize('sizes', [('4', '8'), ('96', '160')])
def test_results_do_not_depend_on_call_count_or_an_earlier_process(tmp_path, sizes):
    # 150 steps of a small plan (one native call from the first) and of a
    # larger one (its step loop), twice in fresh processes: the first
    # compiles into an empty cache, the second finds its plan there (hot):
    # the same bits.
    import subprocess
    import sys
    script = tmp_path / 'run.py'
    script.write_text(_DETERMINISM_SCRIPT)
    env = dict(os.environ, TAPEJIT_CACHE_DIR=str(tmp_path / 'cache'))
    runs = [subprocess.run([sys.executable, str(script), *sizes], env=env, check=True,
                           capture_output=True, text=True).stdout for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0].strip()) == 64


def test_the_readme_form_step_takes_the_same_entry_as_the_hand_written_one():
    # A Chain of Linear links and optimizer.update(), against the same network
    # with its parameters passed as arguments and the update written by hand:
    # both run as one native call from one generated entry, and the first
    # costs at most 1.3 times the second per call (CPU time of this thread,
    # best of several rounds, the two alternating).
    import time
    import tapejit.links as L
    np.random.seed(0)
    model = tapejit.Chain()
    with model.init_scope():
        model.l1 = L.Linear(16, 32)
        model.l2 = L.Linear(32, 32)
        model.l3 = L.Linear(32, 4)
    opt = tapejit.optimizers.SGD(lr=0.01).setup(model)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 16)).astype(np.float32)
    t = rng.integers(0, 4, 8).astype(np.int32)

    @tapejit.jit
    def user_step(x, t):
        h = F.relu(model.l2(F.relu(model.l1(x))))
        loss = F.softmax_cross_entropy(model.l3(h), t)
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss

    params = [Variable(p.array.copy()) for p in model.params()]

    @tapejit.jit
    def hand_step(x, t, params):
        W1, b1, W2, b2, W3, b3 = params
        h = F.relu(F.linear(F.relu(F.linear(x, W1, b1)), W2, b2))
        loss = F.softmax_cross_entropy(F.linear(h, W3, b3), t)
        for p in params:
            p.cleargrad()
        loss.backward()
        for p in params:
            p.array -= 0.01 * p.grad
        return loss

    def per_call(f, *a):
        for _ in range(20):
            f(*a)
        t0 = time.thread_time()
        for _ in range(1000):
            f(*a)
        return (time.thread_time() - t0) / 1000

    for _ in range(6):  # (a round on a busy machine may be unlucky: measured again)
        user, hand = [], []
        for _ in range(7):
            user.append(per_call(user_step, x, t))
            hand.append(per_call(hand_step, x, t, params))
        user, hand = min(user), min(hand)
        if user <= 1.3 * hand:
            break
    for f in (user_step, hand_step):
        plan = f._last
        assert f._last.hot and plan._entry is not None  # the generated entry
        assert f.cache_info().traces == 1
    assert user <= 1.3 * hand, (user, hand)
