"""Convolution, batch normalization, embedding and LSTM links: eagerly against
the functions and NumPy, and compiled (``@tapejit.jit``) against eager."""

import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import TraceError, optimizers, serializers


def _data(seed, *shape):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


# ------------------------------------------------------------------ convolution
def test_convolution_2d_link_is_the_function_with_its_parameters():
    conv = L.Convolution2D(3, 5, 3, stride=2, pad=1, dilate=1, groups=1)
    x = _data(0, 2, 3, 7, 6)
    assert conv.W.shape == (5, 3, 3, 3) and conv.b.shape == (5,)
    np.testing.assert_array_equal(conv(x).array,
                                  F.convolution_2d(x, conv.W, conv.b, 2, 1).array)


def test_convolution_2d_takes_its_input_channels_from_the_first_input():
    conv = L.Convolution2D(4, 2, nobias=True, groups=2)
    assert conv.W.array is None and conv.b is None
    y = conv(_data(1, 1, 6, 5, 5))
    assert conv.W.shape == (4, 3, 2, 2) and y.shape == (1, 4, 4, 4)


def test_deconvolution_2d_link_inverts_the_shape_of_its_convolution():
    up = L.Deconvolution2D(3, 4, 4, stride=2, pad=1)
    y = up(_data(2, 2, 3, 5, 5))
    assert up.W.shape == (3, 4, 4, 4) and y.shape == (2, 4, 10, 10)
    np.testing.assert_array_equal(
        y.array, F.deconvolution_2d(_data(2, 2, 3, 5, 5), up.W, up.b, 2, 1).array)


def test_convolution_2d_refuses_mismatched_channels_naming_the_shapes():
    with pytest.raises(tapejit.ShapeError, match=r'convolution_2d: x has 3 channels'):
        F.convolution_2d(_data(0, 1, 3, 4, 4), _data(1, 2, 2, 3, 3))
    with pytest.raises(ValueError, match='dilate'):
        F.convolution_2d(_data(0, 1, 3, 4, 4), _data(1, 2, 3, 3, 3), dilate=0)


def test_gradient_penalty_through_a_convolution_matches_finite_differences():
    # WGAN-GP's term: the squared norm of d(sum f(x))/dx, differentiated again.
    rng = np.random.default_rng(3)
    x0, w0 = rng.standard_normal((1, 2, 5, 5)), rng.standard_normal((3, 2, 3, 3))

    def penalty(x, w):
        y = F.sum(F.tanh(F.convolution_2d(x, w, pad=1)))
        gx, = tapejit.grad([y], [x], enable_double_backprop=True)
        return F.sum(gx * gx)
    tapejit.gradient_check.check_backward(
        lambda w: penalty(tapejit.Variable(x0), w), w0, np.ones(()), atol=1e-5, rtol=1e-4)


# ---------------------------------------------------------- batch normalization
def test_batch_normalization_link_updates_its_running_averages_as_chainer():
    bn = L.BatchNormalization(3, decay=0.8)
    x = _data(4, 6, 3, 2, 2).astype(np.float64) * 2 + 1
    bn(x)
    mean = x.mean(axis=(0, 2, 3))
    var = x.var(axis=(0, 2, 3)) * 24 / 23  # unbiased
    np.testing.assert_allclose(bn.avg_mean, 0.2 * mean, rtol=1e-6)
    np.testing.assert_allclose(bn.avg_var, 0.8 + 0.2 * var, rtol=1e-6)
    with tapejit.using_config('train', False):
        y = bn(x).array
    want = (x - bn.avg_mean.reshape(1, 3, 1, 1)) / np.sqrt(bn.avg_var.reshape(1, 3, 1, 1)
                                                           + 2e-5)
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)


def test_batch_normalization_running_averages_are_saved_and_loaded(tmp_path):
    bn = L.BatchNormalization(2)
    bn(_data(5, 4, 2))
    serializers.save_npz(tmp_path / 'bn.npz', bn)
    other = L.BatchNormalization(2)
    serializers.load_npz(tmp_path / 'bn.npz', other)
    np.testing.assert_array_equal(other.avg_mean, bn.avg_mean)
    np.testing.assert_array_equal(other.avg_var, bn.avg_var)


def test_batch_normalization_warns_for_a_single_sample():
    with pytest.warns(UserWarning, match='single element'):
        F.batch_normalization(_data(0, 1, 3), np.ones(3, np.float32), np.zeros(3, np.float32))


def test_batch_normalization_refuses_array_statistics_under_jit():
    mean, var = np.zeros(2, np.float32), np.ones(2, np.float32)
    f = tapejit.jit(lambda x: F.batch_normalization(x, np.ones(2, np.float32),
                                                    np.zeros(2, np.float32),
                                                    running_mean=mean, running_var=var))
    with pytest.raises(TraceError, match='pass a Variable'):
        f(_data(0, 4, 2))


def _small_cnn():
    np.random.seed(0)
    model = tapejit.Sequential(
        L.Convolution2D(1, 4, 3, pad=1), L.BatchNormalization(4), F.relu,
        lambda h: F.max_pooling_2d(h, 2), L.Convolution2D(4, 4, 3, pad=1),
        lambda h: F.average_pooling_2d(h, 3), L.Linear(None, 3))
    opt = optimizers.MomentumSGD(0.05)
    opt.setup(model)
    return model, opt


@pytest.mark.parametrize('jit', [False, True], ids=['eager', 'jit'])
def test_a_cnn_with_batch_normalization_trains_the_same_compiled(jit):
    rng = np.random.default_rng(1)
    batches = [(rng.standard_normal((8, 1, 6, 6)).astype(np.float32), rng.integers(0, 3, 8))
               for _ in range(4)]
    runs = []
    for compiled in (False, jit):
        model, opt = _small_cnn()

        def step(x, t):
            loss = F.softmax_cross_entropy(model(x), t)
            model.cleargrads()
            loss.backward()
            opt.update()
            return loss
        f = tapejit.jit(step) if compiled else step
        losses = [float(f(x, t).array) for x, t in batches]
        bn = model[1]
        before = bn.avg_mean.copy()
        with tapejit.using_config('train', False):
            evaluate = tapejit.jit(model) if compiled else model
            scores = evaluate(batches[0][0]).array
        np.testing.assert_array_equal(bn.avg_mean, before)  # test mode leaves them
        runs.append((losses, bn.avg_mean.copy(), bn.avg_var.copy(), scores))
        if compiled:
            assert f.cache_info().traces == 1
    for a, b in zip(*runs):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


# -------------------------------------------------------------------- embedding
def test_embed_id_link_looks_up_rows_and_adds_repeated_gradients():
    emb = L.EmbedID(4, 3, ignore_label=-1)
    ids = np.array([[1, 1], [-1, 3]])
    y = emb(ids)
    np.testing.assert_array_equal(y.array[0, 0], emb.W.array[1])
    np.testing.assert_array_equal(y.array[1, 0], 0)
    emb.cleargrads()
    F.sum(y).backward()
    np.testing.assert_array_equal(emb.W.grad[:, 0], [0, 2, 0, 1])


def test_embed_id_refuses_an_id_out_of_range_eagerly_and_compiled():
    W = _data(0, 4, 2)
    with pytest.raises(ValueError, match=r'embed_id: got id\(s\) \[4\]'):
        F.embed_id(np.array([0, 4]), W)
    f = tapejit.jit(lambda t: F.embed_id(t, W))
    f(np.array([0, 3]))
    with pytest.raises(ValueError, match=r'embed_id: got id\(s\) \[-2\]'):
        f(np.array([-2, 3]))
    # An id past the end: the same error (not NumPy's IndexError from the middle
    # of the plan), from the step's value and from its gradient.
    with pytest.raises(ValueError, match=r'embed_id: got id\(s\) \[7\]'):
        f(np.array([7, 3]))
    g = tapejit.value_and_grad(lambda W, t: F.sum(F.embed_id(t, W)))
    with pytest.raises(ValueError, match=r'embed_id: got id\(s\) \[9\]'):
        g(W, np.array([9, 0]))
    # Integer rows, as Chainer: refused (eagerly and compiled alike).
    for run in (F.embed_id, tapejit.jit(F.embed_id)):
        with pytest.raises(TypeError, match=r'embed_id: W has dtype int64 and shape '
                                            r'\(3, 2\); expected a float'):
            run(np.array([0, 1]), np.arange(6).reshape(3, 2))


# ------------------------------------------------------------------------- LSTM
class _StatefulRNN(tapejit.Chain):
    """A user's recurrent link keeping its output on ``self.h``."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l = L.Linear(3, 3, initialW=np.eye(3, dtype=np.float32) * 0.5)
        self.h = None

    def forward(self, x):
        self.h = F.tanh(self.l(x) if self.h is None else self.l(x) + self.h)
        return self.h


def test_state_kept_on_a_users_link_is_carried_between_compiled_calls():
    xs = [_data(k, 2, 3) for k in range(5)]
    eager, rnn = _StatefulRNN(), _StatefulRNN()
    f = tapejit.jit(lambda x: rnn(x))
    for run in range(3):     # the later runs after a reset, as new sequences
        want = [eager(x).array for x in xs]
        got = [f(x).array for x in xs]
        np.testing.assert_allclose(got, want, rtol=1e-6)
        assert isinstance(rnn.h, tapejit.Variable) and not isinstance(
            rnn.h.array, tapejit.core.abstract.TracedArray)
        np.testing.assert_allclose(rnn.h.array, eager.h.array, rtol=1e-6)
        eager.h = rnn.h = None
    # Traced without state, then reading it; a reset finds both plans kept.
    assert f.cache_info().traces == 2
    # So for the link jitted itself, or its method.
    for g in (tapejit.jit(rnn), tapejit.jit(rnn.forward)):
        for x in xs * 2:
            if x is xs[0]:
                rnn.h = None
            g(x)
        assert g.cache_info().traces == 2
    # Within one call (truncated backprop through time, reset at the end).

    def window(xs):
        rnn.h = None
        loss = sum(F.sum(rnn(x)) for x in xs)
        rnn.h = None
        return loss
    np.testing.assert_allclose(tapejit.jit(window)(xs).array, window(xs).array, rtol=1e-6)
    # A parameter the call read and tied to another link stays that parameter.
    a, b = L.Linear(3, 3), L.Linear(3, 3)

    def tied(x):
        y = a(x)
        b.W = a.W
        return F.sum(b(y))
    g = tapejit.jit(tied)
    g(xs[0])
    assert b.W is a.W
    np.testing.assert_allclose(g(xs[0]).array, tied(xs[0]).array, rtol=1e-6)


class _ResetRNN(tapejit.Chain):
    """A user's recurrent link as Chainer's examples write it: the state
    None after ``reset_state()``, a recurrent product once it holds one."""

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.x2h = L.Linear(3, 4)
            self.h2h = L.Linear(4, 4, nobias=True)
            self.out = L.Linear(4, 2)
        self.reset_state()

    def reset_state(self):
        self.h = None

    def forward(self, x):
        z = self.x2h(x)
        if self.h is not None:
            z = z + self.h2h(self.h)
        self.h = F.tanh(z)
        return self.out(self.h)


def test_a_training_step_resetting_a_users_state_traces_once_per_kind_of_call():
    def make():
        np.random.seed(1)
        model = _ResetRNN()
        return model, tapejit.optimizers.SGD(0.1).setup(model)

    def step(model, optimizer, x, t):
        loss = F.softmax_cross_entropy(model(x), t)
        model.cleargrads()
        loss.backward()
        model.h.unchain_backward()  # (truncated backprop: one step per update)
        optimizer.update()
        return loss
    (eager, eager_opt), (model, opt) = make(), make()
    f = tapejit.jit(lambda x, t: step(model, opt, x, t))
    t = np.array([0, 1], np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter('error')  # (no retrace warning either)
        for i in range(30):
            if i % 3 == 0:
                eager.reset_state()
                model.reset_state()
            x = _data(i, 2, 3)
            want = step(eager, eager_opt, x, t)
            np.testing.assert_allclose(f(x, t).array, want.array, rtol=1e-5)
    np.testing.assert_allclose(model.h2h.W.array, eager.h2h.W.array, rtol=1e-5)
    np.testing.assert_allclose(model.h.array, eager.h.array, rtol=1e-5)
    # Without state; with it.  Each reset finds the plans kept, none traced
    # again (was 20 traces).
    assert f.cache_info().traces == 2
    # A state given another Variable of its shape is read anew, without a
    # trace: the plan reads whatever Variable the attribute holds.
    for m in (model, eager):
        m.h = tapejit.Variable(np.full((2, 4), 0.5, np.float32))
    np.testing.assert_allclose(f(x, t).array, step(eager, eager_opt, x, t).array, rtol=1e-5)
    assert f.cache_info().traces == 2


def test_a_state_given_or_replaced_between_calls_is_read_anew():
    # A link attribute None when traced (read, never written by the call),
    # then given a Variable; a Variable two links hold (a decoder started
    # from the encoder's state), then replaced on one of them.
    np.random.seed(0)
    enc, dec = L.Linear(2, 2), L.Linear(2, 2)
    dec.h = enc.h = None
    f = tapejit.jit(lambda x: dec(x) + dec.h if dec.h is not None else dec(x))
    x = np.ones((1, 2), np.float32)
    for h in (None, tapejit.Variable(np.zeros((1, 2), np.float32)), 'shared',
              tapejit.Variable(np.full((1, 2), 100, np.float32))):
        if h == 'shared':
            enc.h = dec.h
        else:
            dec.h = h
        want = dec(x).array + (0 if dec.h is None else dec.h.array)
        np.testing.assert_allclose(f(x).array, want, rtol=1e-6)
    # A state replaced before every call: plans kept for a signature are few.
    for k in range(12):
        dec.h = tapejit.Variable(np.full((1, 2), k, np.float32))
        np.testing.assert_allclose(f(x).array, dec(x).array + k, rtol=1e-6)
    assert f.cache_info().entries <= 8


def _lstm64():
    """An LSTM link in float64 (gradients compared to 1e-10), the same each time."""
    np.random.seed(0)
    rnn = L.LSTM(3, 4)
    for p in rnn.params():
        p.array = p.array.astype(np.float64)
    return rnn


def _lstm_step(rnn, x):
    loss = F.sum(rnn(x) ** 2)
    rnn.cleargrads()
    loss.backward()
    return loss


@pytest.mark.filterwarnings('ignore:.*a state with a graph')  # (the eager steps' state)
def test_lstm_eager_and_compiled_steps_mix_as_eager_ones():
    xs = [_data(k, 2, 3).astype(np.float64) for k in range(6)]
    ref, rnn = _lstm64(), _lstm64()
    f = tapejit.jit(lambda x: _lstm_step(rnn, x))
    c0, h0 = _data(9, 2, 4).astype(np.float64), _data(10, 2, 4).astype(np.float64)
    # compiled, eager, compiled, state set, compiled, eager
    for k, how in enumerate(('jit', 'eager', 'jit', 'set', 'jit', 'eager')):
        if how == 'set':
            for m in (ref, rnn):
                m.set_state(tapejit.Variable(c0.copy()), tapejit.Variable(h0.copy()))
            continue
        if how == 'jit' and ref.h is not None:
            # (A backward inside a compiled call stops at the state it
            # reads; an eager backward continues into the compiled calls.)
            ref.h.unchain_backward()
            ref.c.unchain_backward()
        want = _lstm_step(ref, xs[k])
        got = f(xs[k]) if how == 'jit' else _lstm_step(rnn, xs[k])
        np.testing.assert_allclose(got.array, want.array, rtol=1e-12)
        for name in ('upward', 'lateral'):
            got_g, want_g = getattr(rnn, name).W.grad, getattr(ref, name).W.grad
            assert (got_g is None) == (want_g is None), (k, how, name)
            if want_g is not None:
                np.testing.assert_allclose(got_g, want_g, rtol=1e-10, atol=1e-14,
                                           err_msg=f'{k} {how} {name}')
        np.testing.assert_allclose(rnn.h.array, ref.h.array, rtol=1e-12)  # (the newest)

    # A compiled window resetting the state at its end starts each afresh.
    def window(r, a, b):
        loss = F.sum(r(a) ** 2) + F.sum(r(b) ** 2)
        r.cleargrads()
        loss.backward()
        r.reset_state()
        return loss
    g = tapejit.jit(lambda a, b: window(rnn, a, b))
    for a, b in (xs[:2], xs[2:4], xs[4:]):
        np.testing.assert_allclose(g(a, b).array, window(ref, a, b).array, rtol=1e-12)
        assert rnn.c is None and ref.c is None


def test_lstm_compiled_from_a_state_with_a_graph_backprops_into_it():
    # A decoder started from an encoder's state (set eagerly): a backward
    # after the compiled call reaches the encoder, as eagerly.
    x = _data(0, 2, 3)
    grads = []
    for compiled in (False, True):
        np.random.seed(0)
        enc, dec = L.Linear(3, 4), L.LSTM(3, 4)
        step = (tapejit.jit if compiled else (lambda g: g))(lambda x: F.sum(dec(x) ** 2))
        dec.set_state(F.tanh(enc(x)), F.tanh(enc(x)))
        loss = step(x)
        loss.backward()
        grads.append([enc.W.grad.copy(), dec.upward.W.grad.copy()])
    for got, want in zip(grads[1], grads[0]):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


def test_lstm_link_carries_its_state_and_shrinks_its_batch():
    np.random.seed(0)
    rnn = L.LSTM(3, 2)
    x1, x2 = _data(6, 3, 3), _data(7, 2, 3)
    y1 = rnn(x1)
    c1 = rnn.c
    y2 = rnn(x2)
    z = rnn.upward(x2) + rnn.lateral(y1[:2])
    c_want, h_want = F.lstm(c1, z)
    np.testing.assert_allclose(y2.array, h_want.array, rtol=1e-6)
    np.testing.assert_allclose(rnn.c.array, c_want.array, rtol=1e-6)
    assert rnn.h.shape == (3, 2)
    np.testing.assert_array_equal(rnn.h.array[2], y1.array[2])


def test_lstm_forget_bias_starts_at_one():
    rnn = L.LSTM(2, 3)
    np.testing.assert_array_equal(rnn.upward.b.array.reshape(3, 4), [[0, 0, 1, 0]] * 3)


def test_lstm_under_jit_equals_eager_and_carries_its_state_between_calls():
    def make():
        np.random.seed(0)
        return L.LSTM(3, 4)
    eager, compiled = make(), make()
    xs = [_data(k, 2, 3) for k in range(6)]

    def two_steps(rnn, x):
        return F.sum(rnn(x) * rnn(x * 2))
    f = tapejit.jit(lambda x: two_steps(compiled, x))
    for i, x in enumerate(xs):
        if i == 3:  # a new sequence, started between calls
            eager.reset_state()
            compiled.reset_state()
        np.testing.assert_allclose(f(x).array, two_steps(eager, x).array, rtol=1e-5)
        assert isinstance(compiled.h.array, np.ndarray)  # the state the call left
        np.testing.assert_allclose(compiled.c.array, eager.c.array, rtol=1e-5, atol=1e-6)
    # Starting a sequence, continuing it: two plans, kept across the reset.
    assert f.cache_info().traces == 2
    # Eagerly, the sequence goes on from where the compiled calls left it.
    np.testing.assert_allclose(compiled(xs[0]).array, eager(xs[0]).array, rtol=1e-5)


def test_lstm_gradients_under_jit_equal_eager_with_the_state_carried_between_calls():
    # (The step once read its starting state through the Variables it then
    # assigned the new state to: its gradient saw the new state.)
    eager, compiled = _lstm64(), _lstm64()
    f = tapejit.jit(lambda x: _lstm_step(compiled, x))
    for i in range(4):
        if i == 2:
            eager.reset_state()
            compiled.reset_state()
        x = _data(i, 2, 3).astype(np.float64)
        np.testing.assert_allclose(f(x).array, _lstm_step(eager, x).array, rtol=1e-12)
        eager.h.unchain_backward()  # (a compiled call's state has no history)
        eager.c.unchain_backward()
        for name in ('upward', 'lateral'):
            want = getattr(eager, name).W.grad
            got = getattr(compiled, name).W.grad
            if want is None:  # (a sequence's start reads no state, as eagerly)
                assert got is None, (i, name)
            else:
                np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-14)
    assert f.cache_info().traces == 2


def test_lstm_reset_inside_the_jitted_step_starts_each_call_afresh():
    np.random.seed(0)
    rnn = L.LSTM(3, 4)
    xs = [_data(k, 2, 3) for k in range(5)]

    def run(xs):
        rnn.reset_state()
        return F.sum(sum(rnn(x) for x in xs))
    f = tapejit.jit(run)
    for _ in range(2):
        np.testing.assert_allclose(f(xs).array, run(xs).array, rtol=1e-6)
    assert f.cache_info().traces == 1


def _np_lstm_layer(xs, h, c, w, b):
    """One sequence through one layer, Chainer's n_step_lstm formulas (NumPy)."""
    def sig(v):
        return 1 / (1 + np.exp(-v))
    ys = []
    for x in xs:
        pre = [w[k] @ x + b[k] + w[k + 4] @ h + b[k + 4] for k in range(4)]
        c = sig(pre[1]) * c + sig(pre[0]) * np.tanh(pre[2])
        h = sig(pre[3]) * np.tanh(c)
        ys.append(h)
    return np.array(ys), h, c


def test_n_step_lstm_runs_sequences_of_any_lengths_as_separate_lstms():
    np.random.seed(0)
    rnn = L.NStepLSTM(2, 3, 4, 0.0)
    lengths = [2, 5, 3]
    xs = [_data(k, n, 3).astype(np.float64) for k, n in enumerate(lengths)]
    hx = _data(9, 2, 3, 4)
    hy, cy, ys = rnn(hx, None, [x.astype(np.float32) for x in xs])
    hx = hx.astype(np.float64)
    ws = [[w.array.astype(np.float64) for w in layer] for layer in rnn.ws]
    bs = [[b.array.astype(np.float64) for b in layer] for layer in rnn.bs]
    for i, x in enumerate(xs):
        seq = x
        for layer in range(2):
            seq, h, c = _np_lstm_layer(seq, hx[layer, i], np.zeros(4), ws[layer], bs[layer])
            np.testing.assert_allclose(hy.array[layer, i], h, rtol=1e-4, atol=1e-5)
            np.testing.assert_allclose(cy.array[layer, i], c, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(ys[i].array, seq, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize('cls, n_layers, lengths, want', [
    # Chainer 7.8.1's values: sum(hy), sum of the outputs' squares. Ties in
    # length (the rows' order, so which row each mask meets) and a
    # bidirectional stack (masks of their own per direction).
    ('NStepLSTM', 2, (5, 3, 5, 3, 5, 2, 5, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3, 3),
     (0.15569067001342773, 3.7672385834157467)),
    ('NStepBiLSTM', 3, (5, 3, 5, 3, 5, 2, 5, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3,
                        3), (-4.461085796356201, 0.7270434116944671)),
])
def test_n_step_lstm_dropout_draws_chainers_masks(cls, n_layers, lengths, want):
    np.random.seed(0)
    rnn = getattr(L, cls)(n_layers, 8, 8, 0.1)
    rs = np.random.RandomState(5)
    xs = [rs.randn(n, 8).astype(np.float32) for n in lengths]
    np.random.seed(1)
    hy, _, ys = rnn(None, None, xs)
    got = (float(F.sum(hy).array), float(sum(F.sum(y * y).array for y in ys)))
    np.testing.assert_allclose(got, want, rtol=1e-5)


def test_n_step_lstm_gradients_and_compiled_step():
    np.random.seed(1)
    rnn = L.NStepLSTM(1, 2, 3, 0.0)
    for p in rnn.params():
        p.array = p.array.astype(np.float64)
    xs = [_data(k, n, 2).astype(np.float64) for k, n in enumerate([3, 1, 2])]

    def loss(*xs):
        hy, cy, ys = rnn(None, None, list(xs))
        return F.sum(hy) + sum(F.sum(y * y) for y in ys)
    tapejit.gradient_check.check_backward(loss, tuple(xs), np.ones(()), atol=1e-5, rtol=1e-4)
    f = tapejit.jit(loss)
    for _ in range(2):
        np.testing.assert_allclose(f(*xs).array, loss(*xs).array, rtol=1e-5)
    assert f.cache_info().traces == 1


@pytest.mark.parametrize('jit', [False, True], ids=['eager', 'jit'])
@pytest.mark.parametrize('call, error, message', [
    (lambda: F.embed_id(np.ones(3, np.float32), np.ones((4, 2))), tapejit.DTypeError,
     r'embed_id: x has dtype float32; expected integer ids'),
    (lambda: F.lstm(np.ones((2, 3)), np.ones((2, 5))), tapejit.ShapeError,
     r'lstm: c_prev has shape \(2, 3\) and x \(2, 5\); expected x of shape \(b, 12'),
    (lambda: F.max_pooling_2d(np.ones((2, 3)), 2), tapejit.ShapeError,
     r'max_pooling_2d: x has shape \(2, 3\); expected \(batch, channels'),
    (lambda: F.batch_normalization(np.ones((4, 3)), np.ones(2), np.ones(2)),
     tapejit.ShapeError, r'batch_normalization: x has shape \(4, 3\) and gamma \(2,\)'),
    (lambda: F.convolution_2d(np.ones((1, 3, 4, 4), np.int32), np.ones((2, 3, 3, 3))),
     tapejit.DTypeError, r'convolution_2d: x has dtype int32; expected a floating dtype'),
    (lambda: F.convolution_2d(np.ones((3, 4, 4)), np.ones((2, 3, 3, 3))), tapejit.ShapeError,
     r'convolution_2d: x has shape \(3, 4, 4\) and W \(2, 3, 3, 3\); expected x \(batch, '
     r'channels, height, width\) and W \(out_channels, channels // groups'),
    (lambda: F.max_pooling_2d(np.ones((2, 3, 5, 5)), 8, pad=1, cover_all=False),
     tapejit.ShapeError, r'max_pooling_2d: an image of size \(5, 5\) with pad \(1, 1\) has 0 '
     r'windows of size \(8, 8\) \(stride \(8, 8\), dilate \(1, 1\)\) along the height; '
     r'expected a larger image or a smaller window'),
    (lambda: F.average_pooling_2d(np.ones((2, 3, 5, 5)), 8), tapejit.ShapeError,
     r'average_pooling_2d: an image of size \(5, 5\) with pad \(0, 0\) has 0 windows'),
    (lambda: F.convolution_2d(np.ones((1, 3, 2, 2)), np.ones((2, 3, 3, 3))), tapejit.ShapeError,
     r'convolution_2d: an image of size \(2, 2\) with pad \(0, 0\) has 0 windows of size '
     r'\(3, 3\)'),
    (lambda: F.unpooling_2d(np.ones((2, 3, 5, 5)), 2, outsize=(3, 3)), tapejit.ShapeError,
     r'unpooling_2d: 5 windows along the height do not fit an image of size \(3, 3\) '
     r'\(ksize \(2, 2\), stride \(2, 2\), pad \(0, 0\), dilate \(1, 1\)\); expected 1'),
    (lambda: F.deconvolution_2d(np.ones((1, 3, 2, 2)), np.ones((3, 2, 3, 3)), pad=5),
     tapejit.ShapeError, r'deconvolution_2d: an image of size \(-6, -6\) with pad \(5, 5\) '
     r'has 2 windows'),
    (lambda: F.deconvolution_2d(np.ones((1, 3, 4, 4)), np.ones((3, 2, 3))), tapejit.ShapeError,
     r'deconvolution_2d: x has shape \(1, 3, 4, 4\) and W \(3, 2, 3\); expected x '
     r'\(batch, channels, height, width\) and W \(channels, out_channels // groups'),
])
def test_bad_inputs_name_the_function_and_shapes_eagerly_and_compiled(call, error, message,
                                                                       jit):
    with pytest.raises(error, match=message):
        (tapejit.jit(call) if jit else call)()
