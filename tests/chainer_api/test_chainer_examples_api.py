"""What Chainer's examples use beyond the core API: the ``chainerx`` module of
an install without ChainerX, ``get_cifar100``, the configuration objects of
``chainer.configuration``, Chainer's VAE example run unchanged (its imports
aside) on ``tapejit.distributions``, and its word2vec example with each of
its losses."""

import io
import json
import pathlib
import re
import subprocess
import sys
import threading
import types

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import configuration, datasets

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = pathlib.Path(__file__).resolve().parent / 'chainer_examples'


# ------------------------------------------------------------------ chainerx
def test_chainerx_is_the_module_of_an_install_without_it():
    import chainerx
    assert chainerx.is_available() is False
    assert not isinstance(np.zeros(2), chainerx.ndarray)
    with pytest.raises(RuntimeError, match='chainerx is not available'):
        chainerx.ndarray()
    # What Chainer's examples ask of it: a device's array module is not it.
    assert tapejit.get_device('@numpy').xp is not chainerx
    # Only what an unavailable ChainerX has (Chainer's own module holds the
    # same public names then).
    assert {n for n in vars(chainerx) if not n.startswith('_')} == {'is_available', 'ndarray'}


def test_chainerx_is_installed_with_the_package():
    text = (ROOT / 'pyproject.toml').read_text()
    assert re.search(r'^py-modules = \["chainerx"\]$', text, re.MULTILINE)
    assert (ROOT / 'chainerx.py').is_file()


def test_chainers_own_chainerx_wins_where_installed(tmp_path):
    # Installed side by side (one site-packages), the package directory is found first.
    (tmp_path / 'chainerx').mkdir()
    (tmp_path / 'chainerx' / '__init__.py').write_text('REAL = True\n')
    (tmp_path / 'chainerx.py').write_text((ROOT / 'chainerx.py').read_text())
    proc = subprocess.run([sys.executable, '-c', 'import chainerx; print(chainerx.REAL)'],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          env={'PYTHONPATH': str(tmp_path)})
    assert proc.stdout.strip() == 'True', proc.stderr


# ------------------------------------------------------------------- CIFAR-100
@pytest.fixture
def dataset_root(tmp_path):
    tapejit.dataset.set_dataset_root(str(tmp_path))
    yield tmp_path
    tapejit.dataset.set_dataset_root(None)


def _write_cifar100(root):
    d = root / 'pfnet' / 'chainer' / 'cifar'
    d.mkdir(parents=True)
    rng = np.random.RandomState(0)
    raw = dict(train_x=rng.randint(0, 256, (5, 3072)).astype(np.uint8),
               train_y=np.array([0, 99, 42, 7, 63], np.uint8),
               test_x=rng.randint(0, 256, (2, 3072)).astype(np.uint8),
               test_y=np.array([5, 98], np.uint8))
    np.savez(d / 'cifar-100.npz', **raw)
    return raw


def test_get_cifar100_reads_chainers_file(dataset_root):
    with pytest.raises(datasets.DatasetNotFoundError, match='cifar-100.npz'):
        datasets.get_cifar100()
    raw = _write_cifar100(dataset_root)
    train, test = datasets.get_cifar100()
    assert isinstance(train, datasets.TupleDataset) and (len(train), len(test)) == (5, 2)
    x, t = train[1]
    # Chainer's preprocessing: (3, 32, 32) images scaled to [0, 1], int32 labels.
    np.testing.assert_array_equal(x, raw['train_x'][1].reshape(3, 32, 32).astype(np.float32)
                                  * np.float32(1 / 255))
    assert x.dtype == np.float32 and t.dtype == np.int32 and int(t) == 99
    assert int(test[1][1]) == 98


@pytest.mark.parametrize('withlabel', [True, False])
@pytest.mark.parametrize('ndim', [1, 3])
@pytest.mark.parametrize('scale', [1.0, 255.0])
def test_get_cifar100_takes_chainers_options(dataset_root, withlabel, ndim, scale):
    raw = _write_cifar100(dataset_root)
    train, test = datasets.get_cifar100(withlabel=withlabel, ndim=ndim, scale=scale,
                                        dtype=np.float64)
    images = train._datasets[0] if withlabel else train
    assert isinstance(images, np.ndarray) and images.dtype == np.float64
    assert images.shape == ((5, 3072) if ndim == 1 else (5, 3, 32, 32))
    np.testing.assert_allclose(images.reshape(5, -1), raw['train_x'] * (scale / 255.0))
    with pytest.raises(ValueError, match='invalid ndim 2'):
        datasets.get_cifar100(ndim=2)


# ------------------------------------------------------------- configuration
def test_local_config_reads_through_to_the_global_one():
    g = configuration.GlobalConfig()
    local = configuration.LocalConfig(g)
    g.x, g.y = 'global x', 'global y'
    local.y, local.z = 'local y', 'local z'
    assert (local.x, local.y, local.z) == ('global x', 'local y', 'local z')
    assert not hasattr(local, 'w')
    del local.y
    assert local.y == 'global y'
    with pytest.raises(AttributeError):
        del local.x  # a global entry is not deleted through the local view


def test_local_config_is_per_thread():
    g = configuration.GlobalConfig()
    local = configuration.LocalConfig(g)
    g.x = 'global x'
    local.y = 'local y'
    seen = {}

    def other():
        seen['y'] = getattr(local, 'y', None)
        local.y = 'other y'
        g.x = 'global x2'
    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen == {'y': None}
    assert (local.x, local.y) == ('global x2', 'local y')


def test_using_config_on_a_local_config():
    g = configuration.GlobalConfig()
    local = configuration.LocalConfig(g)
    g.x = 'global x'
    local.y = 'local y'
    with tapejit.using_config('x', 'temporary x', local):
        assert (local.x, g.x) == ('temporary x', 'global x')
    g.x = 'global x2'
    assert local.x == 'global x2'  # the entry was removed again, not kept
    with tapejit.using_config('y', 'temporary y', local):
        assert local.y == 'temporary y'
    assert local.y == 'local y'


def test_show_prints_chainers_layout():
    g = configuration.GlobalConfig()
    local = configuration.LocalConfig(g)
    g.x, g.y = 'global x', 'global y'
    local.y, local.abc = 'local y', 1
    out = io.StringIO()
    local.show(out)
    assert out.getvalue() == 'abc 1\nx   global x\ny   local y\n'
    out = io.StringIO()
    g.show(out)
    assert out.getvalue() == 'x global x\ny global y\n'


def test_global_config_holds_the_defaults_every_thread_reads():
    assert isinstance(tapejit.global_config, configuration.GlobalConfig)
    assert tapejit.global_config is configuration.global_config
    assert tapejit.global_config.train is True and tapejit.global_config.debug is False
    assert tapejit.config is configuration.config
    # Chainer's examples set entries there (wavenet: autotune): every thread
    # that did not set its own sees them, at once.
    tapejit.global_config.i47_entry = 'set globally'
    try:
        assert tapejit.config.i47_entry == 'set globally'
        with tapejit.using_config('i47_entry', 'in a block'):
            assert tapejit.config.i47_entry == 'in a block'
            seen = []
            t = threading.Thread(target=lambda: seen.append(tapejit.config.i47_entry))
            t.start()
            t.join()
            assert seen == ['set globally']
        assert tapejit.config.i47_entry == 'set globally'
        out = io.StringIO()
        tapejit.global_config.show(out)
        assert 'i47_entry            set globally\n' in out.getvalue()
        out = io.StringIO()
        tapejit.config.show(out)
        assert 'i47_entry            set globally\n' in out.getvalue()
    finally:
        del tapejit.global_config.i47_entry
    assert not hasattr(tapejit.config, 'i47_entry')


# --------------------------------------------------------- Chainer's VAE example
def _as_tapejit(source):
    """Chainer's example with its imports of Chainer turned into tapejit's (and
    nothing else changed); ``import chainerx`` stays."""
    source = re.sub(r'^import chainer$', 'import tapejit as chainer', source, flags=re.M)
    source = re.sub(r'^import chainer\.(\S+) as', r'import tapejit.\1 as', source, flags=re.M)
    return re.sub(r'^from chainer(\.\S+)? import', r'from tapejit\1 import', source, flags=re.M)


def _vae_net():
    source = _as_tapejit((EXAMPLES / 'vae' / 'net.py.txt').read_text())
    assert 'import tapejit.distributions as D' in source and 'chainer.' in source
    net = types.ModuleType('vae_net')
    exec(compile(source, 'examples/vae/net.py', 'exec'), net.__dict__)
    return net


def _vae(net, k=2):
    np.random.seed(0)  # the initial weights: Chainer's, drawn from NumPy's generator
    model = net.AvgELBOLoss(net.make_encoder(20, 3, 16), net.make_decoder(20, 3, 16),
                            net.make_prior(3), beta=1.0, k=k)
    opt = tapejit.optimizers.Adam()
    opt.setup(model)
    return model, opt


def _update(model, opt):
    """The VAE example's training step, as a function of the batch."""
    def step(x):
        loss = model(x)
        model.cleargrads()
        loss.backward()
        opt.update()
        return loss
    return step


X = (np.random.RandomState(1).rand(8, 20) > 0.5).astype(np.float32)

# Chainer 7.8.1 running the same steps from the same seed, unchanged: the
# noise of Normal.sample_n is numpy.random.standard_normal's, drawn from
# NumPy's global generator after the initial weights, as tapejit draws it.
CHAINER_LOSSES = [17.193706512451172, 16.51803970336914, 16.456138610839844,
                  16.775545120239258, 16.03923797607422]
CHAINER_KL = [0.7266203761100769, 3.3464274406433105, 0.7696852087974548, 1.5022599697113037,
              1.7983627319335938, 1.2670412063598633, 0.5389266014099121, 0.6877548694610596]


def test_vae_example_net_matches_chainer():
    model, opt = _vae(_vae_net())
    step = _update(model, opt)
    losses = [float(step(X).array) for _ in range(5)]
    np.testing.assert_allclose(losses, CHAINER_LOSSES, rtol=1e-5)
    kl = tapejit.kl_divergence(model.encoder(X), model.prior())
    assert kl.shape == (8,)
    np.testing.assert_allclose(kl.array, CHAINER_KL, rtol=1e-5)


def test_vae_example_net_compiled_draws_chainers_noise():
    # Compiled, the step draws its noise from NumPy's generator at every
    # call, in the order eager draws it: Chainer's losses again.
    model, opt = _vae(_vae_net())
    step = tapejit.jit(_update(model, opt))
    losses = [float(step(X).array) for _ in range(5)]
    assert step.cache_info().traces == 1
    np.testing.assert_allclose(losses, CHAINER_LOSSES, rtol=1e-5)


def test_vae_example_net_trains_compiled():
    net = _vae_net()
    model, opt = _vae(net, k=1)
    reporter = tapejit.Reporter()
    reporter.add_observer('main', model)
    step = tapejit.jit(_update(model, opt))
    F.set_dropout_seed(0)
    observed = []
    for _ in range(150):
        with reporter.scope(observation := {}):
            step(X)
        observed.append(observation)
    assert step.cache_info().traces == 1
    losses = np.array([float(o['main/loss'].array) for o in observed])
    assert np.isfinite(losses).all()
    assert losses[-20:].mean() < losses[:20].mean() - 1.0, losses
    # The loss is -(reconstruction - KL), and the KL term is the closed form
    # of two diagonal normal distributions, per example, averaged.
    last = observed[-1]
    np.testing.assert_allclose(float(last['main/loss'].array),
                               float(-(last['main/reconstr'].array
                                       - last['main/kl_penalty'].array)), rtol=1e-6)
    with tapejit.no_backprop_mode():
        h = np.tanh(X @ model.encoder.linear.W.array.T + model.encoder.linear.b.array)
        mu = h @ model.encoder.mu.W.array.T + model.encoder.mu.b.array
        ln_sigma = h @ model.encoder.ln_sigma.W.array.T + model.encoder.ln_sigma.b.array
        kl = 0.5 * (mu ** 2 + np.exp(2 * ln_sigma) - 1 - 2 * ln_sigma).sum(axis=1)
        got = tapejit.kl_divergence(model.encoder(X), model.prior()).array
    np.testing.assert_allclose(got, kl, rtol=1e-5, atol=1e-6)


def test_chainers_vae_training_script_runs(tmp_path):
    # train_vae.py with its imports changed, on MNIST-shaped random images.
    for name in ('net.py', 'train_vae.py'):
        (tmp_path / name).write_text(_as_tapejit((EXAMPLES / 'vae' / f'{name}.txt').read_text()))
    data = tmp_path / 'data' / 'pfnet' / 'chainer' / 'mnist'
    data.mkdir(parents=True)
    rng = np.random.RandomState(0)
    for split, n in (('train', 200), ('test', 100)):
        np.savez(data / f'{split}.npz', x=rng.randint(0, 256, (n, 784)).astype(np.uint8),
                 y=rng.randint(0, 10, n).astype(np.uint8))
    env = {'PYTHONPATH': str(ROOT), 'TAPEJIT_DATASET_ROOT': str(tmp_path / 'data'),
           'MPLBACKEND': 'Agg', 'HOME': str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, 'train_vae.py', '--epoch', '2', '--test', '-b', '50',
         '--dim-h', '32', '--dim-z', '4', '--binary', '-o', str(tmp_path / 'out')],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    header = re.search(r'^epoch +main/loss +validation/main/loss +main/reconstr +'
                       r'main/kl_penalty +elapsed_time$', proc.stdout, re.MULTILINE)
    assert header, proc.stdout
    rows = [line.split() for line in proc.stdout.splitlines() if re.match(r'^[12] +\d', line)]
    assert [r[0] for r in rows] == ['1', '2'], proc.stdout
    assert all(np.isfinite(float(v)) for r in rows for v in r[1:]), rows
    made = {p.name for p in (tmp_path / 'out').iterdir()}
    assert {'log', 'snapshot_iter_4', 'train.png', 'test_reconstructed.png',
            'sampled.png'} <= made, made


# ---------------------------------------------------- Chainer's word2vec example
def _write_ptb(root):
    """A small corpus in the layout of Chainer's Penn Tree Bank files: 30
    words, the rarer the higher their id."""
    d = root / 'pfnet' / 'chainer' / 'ptb'
    d.mkdir(parents=True)
    rng = np.random.RandomState(0)
    p = 1.0 / np.arange(1, 31)
    p /= p.sum()
    for split, n in (('train', 600), ('valid', 200), ('test', 100)):
        x = rng.choice(30, n, p=p).astype(np.int32)
        if split == 'train':
            x[:30] = np.arange(30)  # (every word in the training set)
        np.savez_compressed(d / f'{split}.npz', x=x)
    (d / 'vocab.txt').write_text(''.join(f'{w}\n' for w in
                                         ['<eos>'] + [f'w{i}' for i in range(29)]))


# Chainer 7.8.1 running train_word2vec.py on that corpus with the same
# arguments, NumPy's generator seeded with 0 (its initial weights and its
# window order): (main/loss, validation/main/loss) of its two epochs. The
# negative sampling run draws its negatives from another generator, so it
# has no such figures.
CHAINER_WORD2VEC_LOGS = {
    ('hsm', 'skipgram'): [(232.89687395095825, 213.83964586257935),
                          (232.17631912231445, 218.69225692749023)],
    ('hsm', 'cbow'): [(71.04756259918213, 64.98448944091797),
                      (71.03952813148499, 64.98456597328186)],
    ('original', 'skipgram'): [(3.4005733728408813, 3.3987104296684265),
                               (3.397853970527649, 3.3963231444358826)],
    ('original', 'cbow'): [(3.40057909488678, 3.398716628551483),
                           (3.397859752178192, 3.396326720714569)],
}

_RUN_WORD2VEC = """
import runpy, sys, numpy
for out_type in ('hsm', 'ns', 'original'):
    for model in ('skipgram', 'cbow'):
        numpy.random.seed(0)
        sys.argv = ['train_word2vec.py', '--test', '-e', '2', '-b', '30', '-u', '8', '-w',
                    '3', '-o', out_type, '-m', model, '--out', f'out-{out_type}-{model}']
        runpy.run_path('train_word2vec.py', run_name='__main__')
"""


def test_chainers_word2vec_script_runs_with_each_loss_and_model(tmp_path):
    source = _as_tapejit((EXAMPLES / 'word2vec' / 'train_word2vec.py.txt').read_text())
    assert 'import tapejit as chainer' in source and 'L.NegativeSampling' in source
    (tmp_path / 'train_word2vec.py').write_text(source)
    _write_ptb(tmp_path / 'data')
    env = {'PYTHONPATH': str(ROOT), 'TAPEJIT_DATASET_ROOT': str(tmp_path / 'data'),
           'HOME': str(tmp_path)}
    proc = subprocess.run([sys.executable, '-c', _RUN_WORD2VEC], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for out_type in ('hsm', 'ns', 'original'):
        for model in ('skipgram', 'cbow'):
            out = tmp_path / f'out-{out_type}-{model}'
            log = json.loads((out / 'log').read_text())
            got = [(e['main/loss'], e['validation/main/loss']) for e in log]
            assert [e['epoch'] for e in log] == [1, 2]
            assert np.isfinite(got).all(), (out_type, model, got)
            if (out_type, model) in CHAINER_WORD2VEC_LOGS:
                np.testing.assert_allclose(got, CHAINER_WORD2VEC_LOGS[out_type, model],
                                           rtol=1e-5)
            lines = (out / 'word2vec.model').read_text().splitlines()
            assert lines[0] == '30 8' and len(lines) == 31
            assert lines[2].split()[0] == 'w0' and len(lines[2].split()) == 9
            assert (out / 'snapshot_epoch_2').is_file()
