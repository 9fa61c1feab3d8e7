"""Updaters that override update_core (Chainer's ptb, dcgan and seq2seq
examples' patterns) run compiled, with the parameters an eager run gives."""

import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
import tapejit.links as L
from tapejit import iterators, optimizers, training
from tapejit.dataset import concat_examples


def _run(make, eager, n, dropout_seed=0):
    """``make(eager) -> (updater, links)``: run ``n`` updates; the links'
    parameters, the updater, and the warnings given.  ``dropout_seed``: that
    of :func:`F.set_dropout_seed` (None: dropout draws from NumPy's global
    generator)."""
    np.random.seed(0)
    F.set_dropout_seed(dropout_seed)
    up, links = make(eager)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        for _ in range(n):
            up.update()
    params = [{n: p.array.copy() for n, p in link.namedparams()} for link in links]
    return params, up, [str(m.message) for m in w if m.category is RuntimeWarning]


def _assert_same(got, want):
    for g, e in zip(got, want):
        assert g.keys() == e.keys()
        for name in g:
            np.testing.assert_allclose(g[name], e[name], rtol=1e-5, atol=1e-6, err_msg=name)


def _compare(make, n, dropout_seed=0):
    want, _, _ = _run(make, True, n, dropout_seed)
    got, up, said = _run(make, False, n, dropout_seed)
    _assert_same(got, want)
    return up, said


# ------------------------------------------------------------ ptb's pattern
class _RNN(tapejit.Chain):
    def __init__(self, n_vocab=12, n_units=6):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units)
            self.l1 = L.LSTM(n_units, n_units)
            self.l2 = L.Linear(n_units, n_vocab)

    def forward(self, x):
        return self.l2(F.dropout(self.l1(F.dropout(self.embed(x)))))


class _ParallelSequential(tapejit.dataset.Iterator):
    """ptb's iterator: a batch of (word, next word) at offsets of one sequence."""

    def __init__(self, words, batch_size):
        self.words = words
        self.offsets = [i * len(words) // batch_size for i in range(batch_size)]
        self.iteration = 0
        self.epoch = 0
        self.is_new_epoch = False

    def __next__(self):
        cur = [self.words[(o + self.iteration) % len(self.words)] for o in self.offsets]
        self.iteration += 1
        nxt = [self.words[(o + self.iteration) % len(self.words)] for o in self.offsets]
        epoch = self.iteration * len(self.offsets) // len(self.words)
        self.is_new_epoch = self.epoch < epoch
        self.epoch = epoch
        return list(zip(cur, nxt))

    @property
    def epoch_detail(self):
        return self.iteration * len(self.offsets) / len(self.words)


class _BPTTUpdater(training.updaters.StandardUpdater):
    """ptb's updater, as Chainer's example writes it."""

    def __init__(self, train_iter, optimizer, bprop_len, device, **kwargs):
        super().__init__(train_iter, optimizer, device=device, **kwargs)
        self.bprop_len = bprop_len

    def update_core(self):
        loss = 0
        train_iter = self.get_iterator('main')
        optimizer = self.get_optimizer('main')
        for i in range(self.bprop_len):
            batch = train_iter.__next__()
            x, t = self.converter(batch, self.device)
            loss += optimizer.target(x, t)
        optimizer.target.cleargrads()
        loss.backward()
        loss.unchain_backward()
        optimizer.update()


def _bptt(eager, updater=_BPTTUpdater):
    words = np.random.randint(0, 12, 200).astype(np.int32)
    model = L.Classifier(_RNN())
    model.compute_accuracy = False
    opt = optimizers.SGD(lr=0.5).setup(model)
    opt.add_hook(tapejit.optimizer_hooks.GradientClipping(5.0))
    up = updater(_ParallelSequential(words, 4), opt, 3, tapejit.get_device('@numpy'),
                 eager=eager)
    return up, [model]


def test_a_bptt_updater_with_unchain_backward_runs_compiled_as_eagerly():
    up, said = _compare(_bptt, 6)
    info = up.compiled_step.cache_info()
    # (Two updates record the host calls eagerly; the next traces once.)
    assert (info.traces, info.hits) == (1, 3), info
    assert not up.eager and not said
    assert up.iteration == 6 and up.get_iterator('main').iteration == 18


def test_a_bptt_updater_whose_dropout_draws_from_numpys_generator_runs_compiled():
    # (Chainer's ptb example: no dropout seed of tapejit's own.) The draws are
    # host calls, made in eager's order before the plan runs, and the plan
    # computes its masks from them.
    try:
        up, said = _compare(_bptt, 6, dropout_seed=None)
    finally:
        F.set_dropout_seed(None)
    info = up.compiled_step.cache_info()
    assert (info.traces, info.hits) == (1, 3), info
    assert not up.eager and not said


def test_the_updaters_iterator_and_converter_are_its_own_between_updates():
    up, _ = _bptt(False)
    it, conv = up.get_iterator('main'), up.converter
    up.update()
    up.update()
    assert type(it) is _ParallelSequential and up.converter is conv is concat_examples


# ------------------------------------------------------------ dcgan's pattern
class _Generator(tapejit.Chain):
    def __init__(self, n_hidden=4):
        super().__init__()
        self.n_hidden = n_hidden
        with self.init_scope():
            self.l0 = L.Linear(n_hidden, 8)
            self.l1 = L.Linear(8, 6)

    def make_hidden(self, batchsize):
        # (dcgan's: a NumPy draw, made in Python at every update)
        return np.random.uniform(-1, 1, (batchsize, self.n_hidden)).astype(np.float32)

    def forward(self, z):
        return F.tanh(self.l1(F.relu(self.l0(z))))


class _Discriminator(tapejit.Chain):
    def __init__(self, conv=False, view=False, dropout=False):
        super().__init__()
        with self.init_scope():
            self.l0 = L.Convolution2D(1, 2, 3, pad=1) if conv else L.Linear(6, 5)
            self.l1 = L.Linear(None, 1)
        self.conv, self.view, self.dropout = conv, view, dropout

    def forward(self, x):
        if self.conv:
            x = F.reshape(x, (-1, 1, 2, 3))
        if self.view:
            # (The filters read through views of the parameter's array.)
            w = F.reshape(F.reshape(self.l0.W, (30,)), (5, 6))
            h = F.leaky_relu(F.linear(x, w, self.l0.b))
        else:
            h = F.leaky_relu(self.l0(x))
        if self.dropout:
            h = F.dropout(h, 0.3)
        # (dcgan's add_noise: the module's draw, sized by a traced shape)
        h = h + 0.2 * self.xp.random.randn(*h.shape)
        return self.l1(h)


class _GANUpdater(training.updaters.StandardUpdater):
    """dcgan's updater, as Chainer's example writes it."""

    def __init__(self, *args, **kwargs):
        self.gen, self.dis = kwargs.pop('models')
        super().__init__(*args, **kwargs)

    def loss_dis(self, dis, y_fake, y_real):
        batchsize = len(y_fake)
        loss = F.sum(F.softplus(-y_real)) / batchsize + F.sum(F.softplus(y_fake)) / batchsize
        tapejit.report({'loss': loss}, dis)
        return loss

    def loss_gen(self, gen, y_fake):
        loss = F.sum(F.softplus(-y_fake)) / len(y_fake)
        tapejit.report({'loss': loss}, gen)
        return loss

    def update_core(self):
        gen_optimizer = self.get_optimizer('gen')
        dis_optimizer = self.get_optimizer('dis')
        batch = self.get_iterator('main').next()
        device = self.device
        x_real = tapejit.Variable(self.converter(batch, device)) / 255.
        gen, dis = self.gen, self.dis
        batchsize = len(batch)
        y_real = dis(x_real)
        z = tapejit.Variable(device.xp.asarray(gen.make_hidden(batchsize)))
        x_fake = gen(z)
        y_fake = dis(x_fake)
        dis_optimizer.update(self.loss_dis, dis, y_fake, y_real)
        gen_optimizer.update(self.loss_gen, gen, y_fake)


def _gan(eager, conv=False, view=False, dropout=False):
    gen, dis = _Generator(), _Discriminator(conv, view, dropout)
    opts = {}
    for name, link in (('gen', gen), ('dis', dis)):
        opts[name] = optimizers.Adam(alpha=0.01, beta1=0.5).setup(link)
        opts[name].add_hook(tapejit.optimizer_hooks.WeightDecay(1e-4))
    data = np.random.randint(0, 255, (24, 6)).astype(np.float32)
    up = _GANUpdater(models=(gen, dis), iterator=iterators.SerialIterator(data, 4),
                     optimizer=opts, device=tapejit.get_device('@numpy'), eager=eager)
    return up, [gen, dis]


def test_a_gan_updater_with_two_optimizers_and_numpy_draws_runs_compiled_as_eagerly():
    up, said = _compare(_gan, 9)   # (past an epoch: the iterator shuffles again)
    info = up.compiled_step.cache_info()
    # (The first update initializes the discriminator's last layer, drawing:
    # three updates record the host calls, until two in a row agree.)
    assert (info.traces, info.hits) == (1, 5), info
    assert not up.eager and not said


def test_a_dropout_seed_set_after_the_updater_compiled_reaches_its_draws():
    # (Its draws were host calls of NumPy's generator; from the seed on they
    # come from tapejit's own, as eagerly: the updater records again.)
    runs = []
    for eager in (True, False):
        np.random.seed(0)
        F.set_dropout_seed(None)
        try:
            up, links = _bptt(eager)
            for k in range(8):
                if k == 4:
                    F.set_dropout_seed(5)
                up.update()
        finally:
            F.set_dropout_seed(None)
        runs.append([{n: p.array.copy() for n, p in link.namedparams()} for link in links])
    _assert_same(runs[1], runs[0])


class _Noisy(_RNN):
    def forward(self, x):
        h = self.l1(F.dropout(self.embed(x)))
        # (float32 uniform noise, drawn from NumPy's generator: a host call)
        return self.l2(h + tapejit.ops.random.uniform_noise(h))


def test_float32_uniform_noise_from_numpys_generator_compiles_in_a_custom_updater():
    def make(eager):
        words = np.random.randint(0, 12, 200).astype(np.int32)
        model = L.Classifier(_Noisy())
        model.compute_accuracy = False
        opt = optimizers.SGD(lr=0.5).setup(model)
        return _BPTTUpdater(_ParallelSequential(words, 4), opt, 3,
                            tapejit.get_device('@numpy'), eager=eager), [model]
    try:
        up, said = _compare(make, 6, dropout_seed=None)
    finally:
        F.set_dropout_seed(None)
    assert not up.eager and not said


def test_dropout_and_the_users_own_draws_from_numpys_generator_keep_eagers_order():
    # Dropout's masks and the discriminator's noise come from NumPy's global
    # generator, interleaved: the compiled update draws each where eager does.
    try:
        up, said = _compare(lambda eager: _gan(eager, dropout=True), 6, dropout_seed=None)
    finally:
        F.set_dropout_seed(None)
    assert up.compiled_step.cache_info().traces == 1
    assert not up.eager and not said


def test_the_compiled_gan_draws_what_the_eager_one_draws_and_reports_its_losses():
    runs = []
    for eager in (True, False):
        np.random.seed(0)
        up, (gen, dis) = _gan(eager)
        reporter = tapejit.Reporter()
        reporter.add_observer('gen', gen)
        reporter.add_observer('dis', dis)
        seen = []
        for _ in range(4):
            obs = {}
            with reporter.scope(obs):
                up.update()
            seen.append((float(obs['gen/loss']), float(obs['dis/loss'])))
        runs.append((seen, np.random.get_state()[1].copy()))
    np.testing.assert_allclose(runs[1][0], runs[0][0], rtol=1e-5)
    np.testing.assert_array_equal(runs[1][1], runs[0][1])   # (as many draws)


def test_a_backward_through_views_of_parameters_updated_before_runs_eagerly_and_says_so():
    # The discriminator reads its weights through views: the generator's
    # backward after the discriminator's update reads the new weights
    # eagerly, the old ones in a trace: the updater runs eagerly.
    up, said = _compare(lambda eager: _gan(eager, view=True), 4)
    assert up.eager
    assert len(said) == 1 and 'updated in place' in said[0] and '_GANUpdater' in said[0]


def test_a_gan_updater_with_convolutions_runs_compiled_as_eagerly():
    # (A convolution reads its filters as they are, no view: dcgan's
    # pattern compiles.)
    up, said = _compare(lambda eager: _gan(eager, conv=True), 4)
    assert not up.eager and not said


# ------------------------------------------------------------ seq2seq's pattern
class _Seq2seqish(tapejit.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.embed = L.EmbedID(10, 4)
            self.out = L.Linear(4, 10)

    def forward(self, xs, ys):
        exs = self.embed(F.concat(xs, axis=0))
        return F.softmax_cross_entropy(self.out(exs), F.concat(ys, axis=0))


@tapejit.dataset.converter()
def _convert(batch, device):
    return {'xs': [x for x, _ in batch], 'ys': [y for _, y in batch]}


class _Seq2seqUpdater(training.updaters.StandardUpdater):
    def update_core(self):
        batch = next(self.get_iterator('main'))   # (the builtin next too)
        arrays = self.converter(batch, self.device)
        optimizer = self.get_optimizer('main')
        optimizer.update(optimizer.target, **arrays)


def _pairs(lengths):
    rng = np.random.RandomState(3)
    return [(rng.randint(0, 10, n).astype(np.int32), rng.randint(0, 10, n).astype(np.int32))
            for n in lengths]


def _seq2seq(eager, lengths):
    model = _Seq2seqish()
    opt = optimizers.SGD(0.1).setup(model)
    it = iterators.SerialIterator(_pairs(lengths), 2, shuffle=False)
    return _Seq2seqUpdater(it, opt, converter=_convert, eager=eager), [model]


def test_a_seq2seq_updater_with_variable_length_batches_runs_compiled_per_shape():
    # Batches of two lengths in turn: one trace per shape, then replays. (The
    # second shape's first update runs eagerly: a shape met once is not traced.)
    up, said = _compare(lambda eager: _seq2seq(eager, [3, 5, 4, 2] * 4), 8)
    info = up.compiled_step.cache_info()
    assert (info.traces, info.hits, info.misses) == (2, 3, 3), info
    assert not up.eager and not said


def test_a_seq2seq_updater_whose_shapes_never_repeat_runs_eagerly_and_says_so():
    up, said = _compare(lambda eager: _seq2seq(eager, range(1, 41)), 14)
    assert up.eager and up.compiled_step is None
    assert len(said) == 1 and 'met a new signature in 8 of 8 updates' in said[0]


# ------------------------------------------------------------ what cannot be compiled
class _ReadsALoss(_Seq2seqUpdater):
    def update_core(self):
        super().update_core()
        # (A traced value read as a Python number: eager only.)
        if float(self.get_optimizer('main').target.out.W.array[0, 0]) > 1e9:
            raise AssertionError


class _ConvertsItself(_Seq2seqUpdater):
    def update_core(self):
        batch = self.get_iterator('main').next()
        arrays = _convert(list(batch), None)   # (not through self.converter)
        optimizer = self.get_optimizer('main')
        optimizer.update(optimizer.target, **arrays)


@pytest.mark.parametrize('cls, why', [(_ReadsALoss, 'needs the value of a traced array'),
                                      (_ConvertsItself, 'other than through self.converter')])
def test_an_update_core_that_cannot_be_traced_runs_eagerly_and_says_why_once(cls, why):
    def make(eager):
        model = _Seq2seqish()
        opt = optimizers.SGD(0.1).setup(model)
        it = iterators.SerialIterator(_pairs([3] * 12), 2, shuffle=False)
        return cls(it, opt, converter=_convert, eager=eager), [model]
    up, said = _compare(make, 5)
    assert up.eager
    assert len(said) == 1 and why in said[0] and cls.__name__ in said[0]


class _CallsSuper(training.updaters.StandardUpdater):
    def update_core(self):
        super().update_core()


def test_an_update_core_calling_the_standard_one_counts_epochs_as_eagerly():
    def make(eager):
        model = L.Classifier(L.Linear(3, 2))
        opt = optimizers.MomentumSGD(0.1).setup(model)
        data = tapejit.datasets.TupleDataset(np.random.rand(8, 3).astype(np.float32),
                                             np.random.randint(0, 2, 8).astype(np.int32))
        up = _CallsSuper(iterators.SerialIterator(data, 2), opt, eager=eager)
        return up, [model]
    up, said = _compare(make, 10)
    info = up.compiled_step.cache_info()
    assert (info.traces, info.hits) == (1, 7) and not said
    # (The epoch is counted after the compiled plan ran, as the iterator ends one.)
    assert up.get_optimizer('main').epoch == up.epoch == 2
