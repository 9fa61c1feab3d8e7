"""HDF5 serialization (``save_hdf5`` / ``load_hdf5``, ``HDF5Serializer`` /
``HDF5Deserializer``) as Chainer 7.8.1 has it: a group per link, Chainer's
files load with the same arrays and tapejit writes the files Chainer writes;
load_hdf5 loads all or nothing, as load_npz does; h5py stays optional."""

from __future__ import annotations

import base64
import io
import os
import pathlib
import subprocess
import sys
import zlib

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import datasets, iterators, links as L, optimizers, serializers, training
from tapejit.serializers import hdf5
from tapejit.training import extensions

try:
    import h5py
except ImportError:  # the suite's test extra installs it
    h5py = None

needs_h5py = pytest.mark.skipif(h5py is None, reason='needs h5py (pip install h5py)')
ROOT = pathlib.Path(__file__).resolve().parents[2]


# ------------------------------------------------------ Chainer's own files
# Written by Chainer 7.8.1 (h5py 3.16) with
#   serializers.save_hdf5('model.h5', _model())
#   opt = optimizers.Adam(alpha=0.01); opt.setup(_model(lazy=False))
#   F.sum(model.l2(model.l1(_X))).backward(); opt.update(); opt.new_epoch()
#   serializers.save_hdf5('adam.h5', opt)
# (zlib-compressed, base64).
CHAINER_MODEL = (
    'eNrtm89vEkEUx9/MAt1QSKiJVqqJXAzEUzVoUWOtCZieaqMm7cksKtoDmib2gB40pomif0G9eeTosfFETA/eJJ56'
    'RA/+CVxxd2dml93yK1VXCt/P5fFmZmeW4c1k3neXd8v5m/HoXJQsdJ1ClKBO2hJa8fkSQ1ombVXaGlflzK47Kctn'
    'ZP/+dndvFwpW67YPNc58SFjv3YFJYblwY9Wy6yoepP3Kve2elIpPLftsq7Rp2XLxxXPbXhD15fPeeM0MGJdRRLRl'
    'yheRzJgoUMMrq5n1Vs1M6jrpdskSZacp29ZEfdgsteq5xu0Opill+8zpX7dXzMPSo3Jxq0Qy7M1SMa7GeSXsDqm7'
    'd2oE8jvcWbmVZ+a3UPO2edE7nzvS310QNiXLE2e97XLSX08Lq/aH3RPedk3pU1LNg+xX63+fap+oHR/NeLb2O9Zl'
    'vzvWo30t7vU5eecDAAAAAONH5d4Dg15PtYz3P95eo/glvqZ11Gx8emwY5nk3tM1sP2d8q9dNP7LN6maTRftq7Wrk'
    'TSS1SHuxViwWbVFyj3+wKgzz4o39KdIYe4mJBgAAAEYIS3Px6lA6dbikUcL+nNDJ0Z0sHL2JC73J0ZHY53h3BeHj'
    'EZmP7rqyXy8apCtX54SFrjyZ+HVlFU+ppLfdmrT3nfijjlX299Yzl9KeqyOfkRpwimZ1mn0lr++9rv0RrtgZ6d9B'
    '6Mrc2Y0qyf7t1XptnEIMe+PqsM8rBsTZ4Z9XNE+7Q4bcOzUCmY9eOnuv/f5LD509hNACAAAAxvj81D2v9L+vMCiv'
    'bGaQVyKvPJhXVtL/Oq/0n/9FIDJxfHf6577xgssHtMw5d+iOnGA1kLyykR4urzSyiOE/yaMU3+P++EReBQAAAAAw'
    '3vl0uO/zCOY7Fx7+udfPePcTZfVI6Av+/00M0heWLkNfgL5wUF/YX/i/+oKrI1BXPwB9oXrFHVoLWl+Yzw2nL9Tz'
    'iOFh9IUBrwHQrx7PazXoCwAAAAAAY6ovjNz7jo2CO+TIv+/YxvuOAAAAwMTxG4tXKX0='
)
CHAINER_ADAM = (
    'eNrtnU1ME0EUx2d3W1gxjYWoFBNjo8ZwQvAjISoEE0oaQWnARCIJqR8FlCI9ENKDRhMv9WK4mFCIEW899mCUixBv'
    'PZTEGGNIvHAwysEY9eQNu+xM2xm2u8SsDe3+fwems/t2Znb6dubNe7PlSbC7x1N3qI5oqCpxES8pZpOSifJ5dj5M'
    'U4mmCZqmZHZc2jrno8frafmi3NWBQECT3hRg9bS69FQlwIkEAxdDWjpE8800zci83DRNI7GpW+O5NNqm56OneD1t'
    '3WG9EnHr10gsr3LlKDl91j57VaabXVt/3bmcdlyWZUnXW/0JUFgB2zR5sSK+h8Er/d1S0SgRd5vLs+c+UcP3Pysg'
    'TY/76eH1AC+n9tDvO8j3ml+pbH22X6/UitarUvOEqCfiOMDk39fw5V2j6U1hfuqyuX3+Bj0fqjVuH9PrWK3xODVJ'
    '0xmhne02tS/WoudnW0tdZ5zGRyQf+bY5n2zqnE8mO8dGv3auZvuWV7PZ5dyxlYWnnmvxkc/DR6Nv33Svnfjya2Dh'
    '/svRCf9r6fekFPft8RXKWTg7+OHH96YXD0j9O1eLftHzkx+jHuLZkFd4uXufsskZ4p1RnhUKryH7xpR8u3IN6Jhq'
    'eHwOMyIAAADw71itu7v2c2YYgH5w+jF3kLfDgbPQ/QFyftXZXMuvI8T1ERtHMoKc1Tql2rHfH+CtAj+TkteX9UZz'
    'eXaXiQPmcmycaj7mFL2qEfRK95xKuroQOa9fxDCv5HpMk6z3HyEu6tFoVEnjQ3o+r3+KXuDe3Hntg1Skx5pn4nZk'
    'NHpjOkLLKNJTWfnpK1StVUtFQv9tPpMM5jMrdfAJj5HYTy5MBQAAAAAAsKPLa0e3H98FdvRhi+vOw44GAAAAAHAU'
    'VvFEH92ni3iiMym1fzItxAXt3z9pd/xtqKrib+HT5vLsLtU2czn2XC9ecKrfQO8BSeL9BnLZ/ARy7EyhyqLldrhs'
    '47+R36DU/qJwCX8B/AQAAAAA7Kcy2k/pjgqyn2KwnwAAAAAH2k/G74WLv6tg5ZcP9+op3gNzJqV+dyEY5OXK9bsL'
    'GVrvxqWd6e/SZb7dwNn662frul5ezu64kvh+3GKQL0/UYza+zkZ4uSWaXxtz6jxmd3zuUVXF50i/uTy7y1SfuVx+'
    'XL/uFL0y39crCX4TMV+Gfb3eUKHqIp9Teff1Wtl9CVXsV76f4G8CAAAAAIAdXWY7emi4AuzoOdjRAAAAAAAOs6ON'
    '451i/McyXn9HTxHvdCal4p1/hPjh7n+PLlVVcbrUXXN5dpehcXM59lwvTThlXHSb7gMX/3/Fjv0J2/QtrRqvtBMO'
    '7Y9XFdEffwGqHbD8'
)

# The datasets of those files, as h5py lists them (path, shape, dtype,
# compression); a shape of None is an empty dataset (a saved None).
CHAINER_MODEL_LAYOUT = [
    ('l1/W', (2, 3), 'float32', 'gzip'), ('l1/b', (2,), 'float32', 'gzip'),
    ('l2/W', (1, 2), 'float32', 'gzip'), ('l2/b', (1,), 'float32', None),
    ('lazy/W', None, 'float32', None), ('lazy/b', (2,), 'float32', 'gzip'),
    ('mean', (2,), 'float64', 'gzip'), ('step', (), 'int64', None),
]
CHAINER_ADAM_LAYOUT = [('epoch', (), 'int64', None)] + [
    (f'{link}/{p}/{s}', shape if s != 't' else (), 'float32' if s != 't' else 'int64',
     None if s == 't' or shape in ((1,),) else 'gzip')
    for link, p, shape in [('l1', 'W', (2, 3)), ('l1', 'b', (2,)), ('l2', 'W', (1, 2)),
                           ('l2', 'b', (1,))]
    for s in ('m', 't', 'v')] + [('t', (), 'int64', None)]
_X = np.array([[1, 2, 3]], np.float32)


def _model(lazy=True):
    """The model both files were written from: known values."""
    m = tapejit.Chain()
    with m.init_scope():
        m.l1 = L.Linear(3, 2)
        m.l2 = L.Linear(2, 1)
        if lazy:
            m.lazy = L.Linear(None, 2)
    m.l1.W.array[...] = np.arange(6, dtype=np.float32).reshape(2, 3) / 8
    m.l1.b.array[...] = [0.5, -0.25]
    m.l2.W.array[...] = [[1.5, -2.0]]
    m.l2.b.array[...] = [0.125]
    if lazy:
        m.lazy.b.array[...] = [1, 2]
    m.add_persistent('step', 3)
    m.add_persistent('mean', np.array([0.5, 1.5]))
    return m


def _fresh(lazy=True):
    """A model of the same structure holding other values."""
    m = tapejit.Chain()
    with m.init_scope():
        m.l1 = L.Linear(3, 2)
        m.l2 = L.Linear(2, 1)
        if lazy:
            m.lazy = L.Linear(None, 2)
    m.add_persistent('step', 0)
    m.add_persistent('mean', np.zeros(2))
    return m


def _adam(model):
    opt = optimizers.Adam(alpha=0.01)
    opt.setup(model)
    model.cleargrads()
    F.sum(model.l2(model.l1(_X))).backward()
    opt.update()
    opt.new_epoch()
    return opt


def _chainer_file(tmp_path, blob, name):
    path = tmp_path / name
    path.write_bytes(zlib.decompress(base64.b64decode(''.join(blob))))
    return path


def _layout(path):
    rows = []
    with h5py.File(path, 'r') as f:
        f.visititems(lambda name, node: rows.append(
            (name, node.shape, str(node.dtype), node.compression))
            if isinstance(node, h5py.Dataset) else None)
    return sorted(rows)


def _datasets(path):
    out = {}
    with h5py.File(path, 'r') as f:
        f.visititems(lambda name, node: out.__setitem__(
            name, None if node.shape is None else node[()])
            if isinstance(node, h5py.Dataset) else None)
    return out


@needs_h5py
def test_a_model_file_written_by_chainer_loads_with_its_arrays(tmp_path):
    path = _chainer_file(tmp_path, CHAINER_MODEL, 'model.h5')
    assert _layout(path) == sorted(CHAINER_MODEL_LAYOUT)
    saved, expected = _datasets(path), _model()
    m = _fresh()
    serializers.load_hdf5(str(path), m)
    for name, p in m.namedparams():
        key = name.lstrip('/')
        if key == 'lazy/W':  # saved as None: stays uninitialized
            assert saved[key] is None and p.array is None
            continue
        assert p.array.dtype == saved[key].dtype, key
        np.testing.assert_array_equal(p.array, saved[key], err_msg=key)
        np.testing.assert_array_equal(p.array, expected[key[:-2]].__dict__[key[-1]].array)
    assert m.step == 3 and isinstance(m.step, int)
    np.testing.assert_array_equal(m.mean, [0.5, 1.5])


@needs_h5py
def test_an_optimizer_file_written_by_chainer_loads_with_its_state(tmp_path):
    path = _chainer_file(tmp_path, CHAINER_ADAM, 'adam.h5')
    assert _layout(path) == sorted(CHAINER_ADAM_LAYOUT)
    saved = _datasets(path)
    model = _fresh(lazy=False)
    opt = optimizers.Adam(alpha=0.01)
    opt.setup(model)
    serializers.load_hdf5(path, opt)  # (a pathlib.Path)
    assert (opt.t, opt.epoch) == (1, 1)
    for name, p in model.namedparams():
        key = name.lstrip('/')
        assert p.update_rule.t == saved[f'{key}/t'] == 1
        for s in ('m', 'v'):
            np.testing.assert_array_equal(p.update_rule.state[s], saved[f'{key}/{s}'])
    # The state goes on from there as Chainer's would: tapejit's own update from
    # the same model writes the same moments.
    np.testing.assert_allclose(_adam(_model(lazy=False)).target.l1.W.update_rule.state['v'],
                               saved['l1/W/v'], rtol=1e-6)


@needs_h5py
@pytest.mark.parametrize('kind', ['model', 'adam'])
def test_tapejit_writes_the_file_chainer_writes(tmp_path, kind):
    """Chainer reads a file by its layout: the same groups and datasets, of the
    same shapes, dtypes and compression, holding the same values."""
    blob, layout = ((CHAINER_MODEL, CHAINER_MODEL_LAYOUT) if kind == 'model'
                    else (CHAINER_ADAM, CHAINER_ADAM_LAYOUT))
    obj = _model() if kind == 'model' else _adam(_model(lazy=False))
    path = tmp_path / 'tapejit.h5'
    serializers.save_hdf5(str(path), obj)
    assert _layout(path) == sorted(layout)
    ours, chainers = _datasets(path), _datasets(_chainer_file(tmp_path, blob, 'chainer.h5'))
    assert ours.keys() == chainers.keys()
    for key, value in chainers.items():
        if value is None:
            assert ours[key] is None, key
        elif key.endswith(('/m', '/v')):  # Adam's moments: computed here
            np.testing.assert_allclose(ours[key], value, rtol=1e-6, err_msg=key)
        else:
            np.testing.assert_array_equal(ours[key], value, err_msg=key)
            assert np.asarray(ours[key]).dtype == np.asarray(value).dtype, key


# --------------------------------------------------------------- round trips
@needs_h5py
def test_a_link_round_trips(tmp_path):
    src = _model()
    serializers.save_hdf5(tmp_path / 'm.h5', src, compression=None)
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        assert f['l1/W'].compression is None
    dst = _fresh()
    serializers.load_hdf5(tmp_path / 'm.h5', dst)
    for (name, p), (_, q) in zip(src.namedparams(), dst.namedparams()):
        if p.array is None:
            assert q.array is None, name
        else:
            np.testing.assert_array_equal(p.array, q.array, err_msg=name)
    assert dst.step == 3
    # A lazy link takes the saved shape.
    lazy = tapejit.Chain(l1=L.Linear(None, 2))
    serializers.load_hdf5(tmp_path / 'm.h5', lazy, path='', strict=False)
    np.testing.assert_array_equal(lazy.l1.W.array, src.l1.W.array)


@needs_h5py
def test_an_optimizer_round_trips_and_resumes(tmp_path):
    src = _adam(_model(lazy=False))
    serializers.save_hdf5(tmp_path / 'opt.h5', src)
    model = tapejit.Chain(l1=L.Linear(3, 2), l2=L.Linear(2, 1))
    with pytest.raises(ValueError, match="'l1/W' in .* is a group, not an array "
                                         r'\(it holds m, t, v\)'):
        serializers.load_hdf5(tmp_path / 'opt.h5', model)  # an optimizer's file
    serializers.save_hdf5(tmp_path / 'model.h5', src.target)
    dst = optimizers.Adam(alpha=0.01)
    dst.setup(_fresh(lazy=False))
    serializers.load_hdf5(tmp_path / 'opt.h5', dst)
    serializers.load_hdf5(tmp_path / 'model.h5', dst.target)
    assert (dst.t, dst.epoch) == (src.t, src.epoch)
    for (name, p), (_, q) in zip(src.target.namedparams(), dst.target.namedparams()):
        for k in ('m', 'v'):
            np.testing.assert_array_equal(p.update_rule.state[k], q.update_rule.state[k])
    # One more step each: the same parameters.
    for opt in (src, dst):
        opt.target.cleargrads()
        F.sum(opt.target.l2(opt.target.l1(_X))).backward()
        opt.update()
    np.testing.assert_array_equal(src.target.l1.W.array, dst.target.l1.W.array)


@needs_h5py
def test_several_objects_in_one_file_through_groups(tmp_path):
    model, opt = _model(lazy=False), None
    opt = _adam(model)
    with h5py.File(tmp_path / 'both.h5', 'w') as f:
        serializers.HDF5Serializer(f.create_group('model'), compression=3).save(model)
        serializers.HDF5Serializer(f.create_group('opt')).save(opt)
        assert f['model/l1/W'].compression_opts == 3
        assert f['model/step'].compression is None  # one element: not compressed
    other = _fresh(lazy=False)
    with h5py.File(tmp_path / 'both.h5', 'r') as f:
        d = serializers.HDF5Deserializer(f['model'])
        assert d['l1'].group.name == '/model/l1'
        d.load(other)
    np.testing.assert_array_equal(other.l2.W.array, model.l2.W.array)


@needs_h5py
def test_a_trainer_snapshot_in_hdf5_resumes_identically(tmp_path):
    def build(out, seed):
        np.random.seed(seed)
        rng = np.random.RandomState(0)
        x = rng.rand(60, 4).astype(np.float32)
        t = (x.sum(axis=1) > 2).astype(np.int32)
        model = L.Classifier(tapejit.Chain(l1=L.Linear(None, 2)).l1)
        opt = optimizers.Adam(alpha=0.01).setup(model)
        it = iterators.SerialIterator(datasets.TupleDataset(x, t), 10,
                                      order_sampler=iterators.ShuffleOrderSampler(
                                          np.random.RandomState(seed)))
        trainer = training.Trainer(training.updaters.StandardUpdater(it, opt, eager=True),
                                   (3, 'epoch'), out=str(out))
        trainer.extend(extensions.LogReport())
        trainer.extend(extensions.snapshot(savefun=serializers.save_hdf5),
                       trigger=(1, 'epoch'))
        losses = []
        trainer.extend(lambda tr: losses.append(float(tr.observation['main/loss'].array)),
                       name='record_loss')
        return trainer, losses

    full, full_losses = build(tmp_path / 'full', 0)
    full.run()
    resumed, losses = build(tmp_path / 'resumed', 0)
    serializers.load_hdf5(tmp_path / 'full' / 'snapshot_iter_6', resumed)
    assert resumed.updater.iteration == 6
    resumed.run()
    assert losses == full_losses[6:]
    # (The log, a JSON string in the file, came back too.)
    assert [e['epoch'] for e in resumed.get_extension('LogReport').log] == [1, 2, 3]


@needs_h5py
def test_save_hdf5_of_a_dict_and_to_a_file_object(tmp_path):
    f = io.BytesIO()
    serializers.save_hdf5(f, {'a/x': np.arange(3), '/b': 2.5, 'c': None})
    with h5py.File(io.BytesIO(f.getvalue()), 'r') as h:
        np.testing.assert_array_equal(h['a/x'][()], [0, 1, 2])
        assert h['b'][()] == 2.5 and h['c'].shape is None
    lin = L.Linear(2, 3)
    g = io.BytesIO()
    serializers.save_hdf5(g, lin)
    g.seek(0)
    other = L.Linear(2, 3)
    serializers.load_hdf5(g, other)
    np.testing.assert_array_equal(other.W.array, lin.W.array)


@needs_h5py
def test_chainers_deserializer_semantics(tmp_path):
    data = np.random.RandomState(0).uniform(-1, 1, (2, 3)).astype(np.float32)
    with h5py.File(tmp_path / 'd.h5', 'w') as f:
        f.create_dataset('y', data=data)
        f.create_dataset('z', data=np.asarray(10))
        f.create_dataset('w', data=h5py.Empty('f'))
        f.create_dataset('s', data='abc')
    with h5py.File(tmp_path / 'd.h5', 'r') as f:
        d = serializers.HDF5Deserializer(f)
        y = np.empty((2, 3), np.float16)
        assert d('y', y) is y  # cast as HDF5 casts, bit for bit
        direct = np.empty((2, 3), np.float16)
        f['y'].read_direct(direct)
        np.testing.assert_array_equal(y, direct)
        np.testing.assert_array_equal(d('y', None), data)
        assert d('z', 5) == 10
        assert d('w', np.empty(1)) is None
        assert d('s', '') == 'abc'
        with pytest.raises(KeyError, match="load_hdf5: 'q' is not in the file"):
            d('q', 1)
        assert serializers.HDF5Deserializer(f, strict=False)('q', 1) == 1
        # A group that is not there: Chainer's ValueError (a KeyError as well).
        with pytest.raises(ValueError, match="the group '/nothere' is not in the file"):
            d['nothere']('W', np.empty(1))
        assert d['nothere'].group is None
        with pytest.raises(KeyError):
            d['nothere']('W', np.empty(1))
        assert serializers.HDF5Deserializer(f, strict=False)['nothere']('W', 7) == 7


@needs_h5py
def test_strings_and_none_are_written_as_chainer_does(tmp_path):
    with h5py.File(tmp_path / 's.h5', 'w') as f:
        s = serializers.HDF5Serializer(f)
        assert s('none', None) is None
        assert s('log', '[{"x": 1}]') == '[{"x": 1}]'
        s('n', 10)
        assert f['none'].shape is None
        assert f['log'].asstr()[()] == '[{"x": 1}]'
        assert f['n'].dtype == np.int64 and f['n'].compression is None
        with pytest.raises(TypeError, match="save_hdf5: '/obj' holds object values"):
            s('obj', np.array([{}, None], dtype=object))


# ------------------------------------------------------------ all or nothing
def _state(model):
    return {name: (None if p.array is None else p.array.copy())
            for name, p in model.namedparams()}


def _same(a, b):
    assert a.keys() == b.keys()
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=k)


def _edited(tmp_path, edit, obj=None):
    """The file of ``obj`` (the model by default), changed by ``edit(h5py.File)``."""
    path = tmp_path / 'edited.h5'
    serializers.save_hdf5(path, _model(lazy=False) if obj is None else obj)
    with h5py.File(path, 'a') as f:
        edit(f)
    return path


@needs_h5py
@pytest.mark.parametrize('edit, error, match', [
    (lambda f: (f.__delitem__('l2/W'), f.create_dataset('l2/W', data=np.zeros((2, 5)))),
     ValueError, r"load_hdf5: 'l2/W' has shape \(2, 5\) in the file but the target has "
     r"shape \(1, 2\)"),
    (lambda f: f.__delitem__('l2/b'), KeyError, "load_hdf5: 'l2/b' is not in the file"),
    (lambda f: f.__delitem__('l2'), ValueError, "the group '/l2' is not in the file"),
    (lambda f: (f.__delitem__('l2/W'),
                f.create_dataset('l2/W', data=np.zeros((1, 2), np.complex64))),
     TypeError, "'l2/W' holds complex64 in the file"),
    (lambda f: (f.__delitem__('l2/W'), f.create_group('l2/W')),
     ValueError, "'l2/W' in .* is a group, not an array"),
    (lambda f: (f.__delitem__('step'), f.create_dataset('step', data=2.5)),
     TypeError, "'step' holds float64 in the file, which cannot be loaded safely into a int"),
])
def test_a_mismatched_file_leaves_the_model_untouched(tmp_path, edit, error, match):
    dst = _fresh(lazy=False)
    before, step = _state(dst), dst.step
    with pytest.raises(error, match=match):
        serializers.load_hdf5(_edited(tmp_path, edit), dst)
    _same(_state(dst), before)  # l1 (read before l2) was not loaded either
    assert dst.step == step


@needs_h5py
def test_a_damaged_dataset_leaves_the_model_untouched(tmp_path):
    src = _model(lazy=False)
    src.l2.W.array[...] = np.random.RandomState(0).randn(1, 2)
    path = tmp_path / 'm.h5'
    serializers.save_hdf5(path, src)
    with h5py.File(path, 'r') as f:
        info = f['l2/W'].id.get_chunk_info(0)  # its gzip-compressed bytes
    raw = bytearray(path.read_bytes())
    for i in range(info.byte_offset + 2, info.byte_offset + info.size):
        raw[i] ^= 0x55
    path.write_bytes(bytes(raw))
    dst = _fresh(lazy=False)
    before = _state(dst)
    with pytest.raises(ValueError, match=r"load_hdf5: 'l2/W' in .* cannot be read .*damaged"):
        serializers.load_hdf5(path, dst)
    _same(_state(dst), before)


@needs_h5py
def test_a_truncated_file_or_another_format_is_named(tmp_path):
    path = tmp_path / 'm.h5'
    serializers.save_hdf5(path, _model(lazy=False))
    cut = tmp_path / 'cut.h5'
    cut.write_bytes(path.read_bytes()[:2000])
    dst = _fresh(lazy=False)
    before = _state(dst)
    with pytest.raises(ValueError, match=f'load_hdf5: {cut} is not a readable HDF5 file '
                                         r'\(damaged or truncated'):
        serializers.load_hdf5(cut, dst)
    npz = tmp_path / 'm.npz'
    serializers.save_npz(npz, _model(lazy=False))
    with pytest.raises(ValueError, match=f'{npz} is not an HDF5 file: it is a zip archive '
                                         r'\(an \.npz, written by save_npz; load_npz reads it'):
        serializers.load_hdf5(npz, dst)
    with pytest.raises(ValueError, match=f'load_npz: {path} is not an .npz archive: it is an '
                                         'HDF5 file'):
        serializers.load_npz(path, dst)
    text = tmp_path / 'w.txt'
    text.write_text('W,b\n')
    with pytest.raises(ValueError, match="is not an HDF5 file: it starts with the text 'W,b"):
        serializers.load_hdf5(text, dst)
    with pytest.raises(FileNotFoundError):
        serializers.load_hdf5(tmp_path / 'missing.h5', dst)
    _same(_state(dst), before)


@needs_h5py
def test_a_file_missing_a_state_entry_leaves_the_optimizer_untouched(tmp_path):
    path = _edited(tmp_path, lambda f: f.__delitem__('l2/b/v'), _adam(_model(lazy=False)))
    opt = optimizers.Adam()
    opt.setup(_fresh(lazy=False))
    with pytest.raises(KeyError, match="'l2/b/v' is not in the file"):
        serializers.load_hdf5(path, opt)
    assert (opt.t, opt.epoch) == (0, 0)
    assert all(p.update_rule.state is None and p.update_rule.t == 0
               for p in opt.target.params())


@needs_h5py
def test_strict_ignore_names_and_path(tmp_path):
    src = _model(lazy=False)
    path = _edited(tmp_path, lambda f: f.__delitem__('l2/b'))
    dst = _fresh(lazy=False)
    b = dst.l2.b.array.copy()
    serializers.load_hdf5(path, dst, strict=False)
    np.testing.assert_array_equal(dst.l2.b.array, b)
    np.testing.assert_array_equal(dst.l2.W.array, src.l2.W.array)
    other = _fresh(lazy=False)
    W = other.l1.W.array.copy()
    serializers.load_hdf5(path, other, ignore_names=['l1/W', lambda k: k == 'l2/b'])
    np.testing.assert_array_equal(other.l1.W.array, W)
    np.testing.assert_array_equal(other.l1.b.array, src.l1.b.array)
    sub = L.Linear(3, 2)
    serializers.load_hdf5(path, sub, path='l1/')
    np.testing.assert_array_equal(sub.W.array, src.l1.W.array)


@needs_h5py
def test_a_failed_save_leaves_an_existing_file_as_it_was(tmp_path):
    path = tmp_path / 'm.h5'
    serializers.save_hdf5(path, _model(lazy=False))
    data = path.read_bytes()
    with pytest.raises(TypeError, match='HDF5 cannot store'):
        serializers.save_hdf5(path, {'a': np.ones(2), 'b': np.array([{}], dtype=object)})
    assert path.read_bytes() == data


# --------------------------------------------------------------- no h5py
def test_without_h5py_each_entry_point_says_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, 'h5py', None)  # import h5py raises ImportError
    assert hdf5._available is False
    calls = [lambda: serializers.save_hdf5(None, None, None),
             lambda: serializers.load_hdf5(None, None),
             lambda: serializers.HDF5Serializer(None),
             lambda: serializers.HDF5Deserializer(None)]
    for call in calls:
        with pytest.raises(RuntimeError, match=r'h5py is not installed[\s\S]*pip install h5py'):
            call()


def test_importing_tapejit_does_not_import_h5py():
    code = ('import sys\n'
            'import tapejit, tapejit.serializers, tapejit.training\n'
            'assert "h5py" not in sys.modules, "h5py imported"\n'
            'sys.modules["h5py"] = None\n'
            'from tapejit.serializers import hdf5\n'
            'assert hdf5._available is False\n')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get('PYTHONPATH')])))
    proc = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
