"""What Chainer's examples use beyond the core API: the ``chainerx`` module of
an install without ChainerX, ``get_cifar100``, the configuration objects of
``chainer.configuration``, and Chainer's VAE example run unchanged (its
imports aside) on ``tapejit.distributions``."""

import io
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

ROOT = pathlib.Path(__file__).resolve().parent.parent
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


def test_global_config_holds_the_defaults_and_sets_this_threads():
    assert isinstance(tapejit.global_config, configuration.GlobalConfig)
    assert tapejit.global_config is configuration.global_config
    assert tapejit.global_config.train is True and tapejit.global_config.debug is False
    assert tapejit.config is configuration.config
    # Chainer's examples set entries there (wavenet: autotune): this thread sees them.
    tapejit.global_config.i47_entry = 'set globally'
    try:
        assert tapejit.config.i47_entry == 'set globally'
        with tapejit.using_config('i47_entry', 'in a block'):
            assert tapejit.config.i47_entry == 'in a block'
        assert tapejit.config.i47_entry == 'set globally'
        out = io.StringIO()
        tapejit.global_config.show(out)
        assert 'i47_entry            set globally\n' in out.getvalue()
    finally:
        del tapejit.global_config.i47_entry
        del tapejit.config.i47_entry
