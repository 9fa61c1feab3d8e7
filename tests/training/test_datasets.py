"""Datasets and their loaders against Chainer's documented behaviour."""

import os

import numpy as np
import pytest

from tapejit import dataset, datasets


def test_tuple_dataset_indexing():
    x = np.arange(12).reshape(6, 2)
    t = np.arange(6) * 10
    ds = datasets.TupleDataset(x, t)
    assert len(ds) == 6
    a, b = ds[2]
    np.testing.assert_array_equal(a, [4, 5])
    assert b == 20
    batch = ds[1:5:2]
    assert len(batch) == 2 and batch[1][1] == 30
    assert [e[1] for e in ds[[0, 5]]] == [0, 50]
    assert [e[1] for e in ds[np.array([4, 1])]] == [40, 10]
    with pytest.raises(ValueError, match='length 3 but dataset 0 has length 6'):
        datasets.TupleDataset(x, t[:3])
    with pytest.raises(ValueError, match='no datasets'):
        datasets.TupleDataset()


def test_dict_dataset_indexing():
    ds = datasets.DictDataset(x=np.arange(4), y=np.arange(4) ** 2)
    assert len(ds) == 4
    assert {k: int(v) for k, v in ds[3].items()} == {'x': 3, 'y': 9}
    assert [int(e['y']) for e in ds[1:3]] == [1, 4]
    with pytest.raises(ValueError, match='length'):
        datasets.DictDataset(x=np.arange(4), y=np.arange(3))


def test_sub_dataset_and_splits():
    base = list(range(10))
    sub = datasets.SubDataset(base, 3, 7)
    assert len(sub) == 4 and sub[:] == [3, 4, 5, 6] and sub[-1] == 6
    with pytest.raises(IndexError):
        sub[4]
    order = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert datasets.SubDataset(base, 0, 3, order)[:] == [9, 8, 7]
    a, b = datasets.split_dataset(base, 4)
    assert a[:] == [0, 1, 2, 3] and b[:] == [4, 5, 6, 7, 8, 9]
    with pytest.raises(ValueError):
        datasets.split_dataset(base, 11)
    with pytest.raises(TypeError):
        datasets.split_dataset(base, 2.5)
    a, b = datasets.split_dataset_random(base, 6, seed=1)
    assert len(a) == 6 and sorted(a[:] + b[:]) == base
    a2, _ = datasets.split_dataset_random(base, 6, seed=1)
    assert a2[:] == a[:]  # the seed fixes the split
    perm = np.random.RandomState(1).permutation(10)
    assert a[:] == [int(i) for i in perm[:6]]  # Chainer's permutation of the seed


def test_cross_validation_folds_cover_the_dataset():
    folds = datasets.get_cross_validation_datasets(list(range(7)), 3)
    tests = sorted(v for _, test in folds for v in test[:])
    assert tests == list(range(7))
    for train, test in folds:
        assert sorted(train[:] + test[:]) == list(range(7))


def test_transform_and_concatenated_datasets():
    ds = datasets.TransformDataset(datasets.TupleDataset(np.arange(3), np.arange(3)),
                                   lambda e: (e[0] * 2, e[1] + 1))
    assert [tuple(int(v) for v in e) for e in ds[:]] == [(0, 1), (2, 2), (4, 3)]
    cat = datasets.ConcatenatedDataset([1, 2, 3], [4], [5, 6])
    assert len(cat) == 6 and cat[:] == [1, 2, 3, 4, 5, 6] and cat[3] == 4 and cat[-2] == 5
    with pytest.raises(IndexError):
        cat[6]


def test_concat_examples():
    batch = [(np.array([1, 2], np.float32), np.int32(0)), (np.array([3, 4], np.float32),
                                                          np.int32(1))]
    x, t = datasets.concat_examples(batch)
    assert x.dtype == np.float32 and x.shape == (2, 2) and t.dtype == np.int32
    np.testing.assert_array_equal(t, [0, 1])
    assert dataset.concat_examples is datasets.concat_examples
    d = dataset.concat_examples([{'a': np.zeros(3)}, {'a': np.ones(3)}])
    assert d['a'].shape == (2, 3)
    padded = dataset.concat_examples([np.ones((2, 1)), np.ones((1, 3))], padding=0)
    np.testing.assert_array_equal(padded, [[[1, 0, 0], [1, 0, 0]], [[1, 1, 1], [0, 0, 0]]])
    x, t = dataset.concat_examples([(np.ones(3), 0), (np.ones(2), 1)], padding=(-1, None))
    np.testing.assert_array_equal(x, [[1, 1, 1], [1, 1, -1]])
    with pytest.raises(ValueError, match='batch is empty'):
        dataset.concat_examples([])
    with pytest.raises(ValueError, match='padding'):
        dataset.concat_examples([np.ones(2), np.ones(3)])
    assert dataset.concat_examples([np.ones(2)], device='@numpy').shape == (1, 2)


def test_dataset_mixin():
    class Squares(dataset.DatasetMixin):
        def __len__(self):
            return 4

        def get_example(self, i):
            return i * i

    d = Squares()
    assert d[3] == 9 and d[-1] == 9 and d[1:3] == [1, 4] and d[np.array([0, 2])] == [0, 4]
    with pytest.raises(IndexError, match='out of range'):
        d[4]


def test_get_digits():
    train, test = datasets.get_digits()
    assert (len(train), len(test)) == (1347, 450)
    x, t = train[0]
    assert x.shape == (64,) and x.dtype == np.float32 and t.dtype == np.int32
    xs, ts = datasets.concat_examples(test[:])
    assert 0.0 <= xs.min() and xs.max() == 1.0
    # Stratified: every class is in the test set in proportion (about 45 each).
    counts = np.bincount(ts, minlength=10)
    assert counts.min() >= 43 and counts.max() <= 47
    xs2, _ = datasets.concat_examples(datasets.get_digits()[1][:])
    np.testing.assert_array_equal(xs, xs2)  # the split is fixed by the seed
    images, _ = datasets.get_digits(withlabel=False, ndim=3, scale=2.0)
    assert images.shape == (1347, 1, 8, 8) and images.max() == 2.0


@pytest.fixture
def dataset_root(tmp_path, monkeypatch):
    monkeypatch.setenv('TAPEJIT_DATASET_ROOT', str(tmp_path))
    return tmp_path


def _write_mnist(root, name, n_train=5, n_test=3):
    d = root / 'pfnet' / 'chainer' / name
    d.mkdir(parents=True)
    rng = np.random.RandomState(0)
    for split, n in (('train', n_train), ('test', n_test)):
        np.savez_compressed(d / f'{split}.npz', x=rng.randint(0, 256, (n, 784)).astype(np.uint8),
                            y=rng.randint(0, 10, n).astype(np.uint8))
    return d


@pytest.mark.parametrize('loader,name', [(datasets.get_mnist, 'mnist'),
                                         (datasets.get_fashion_mnist, 'fashion-mnist')])
def test_mnist_like_loaders_read_the_local_file(dataset_root, loader, name):
    with pytest.raises(datasets.DatasetNotFoundError) as e:
        loader()
    expected = os.path.join(str(dataset_root), 'pfnet', 'chainer', name, 'train.npz')
    assert expected in str(e.value) and 'TAPEJIT_DATASET_ROOT' in str(e.value)
    d = _write_mnist(dataset_root, name)
    train, test = loader()
    assert (len(train), len(test)) == (5, 3)
    with np.load(d / 'train.npz') as f:
        raw_x, raw_y = f['x'], f['y']
    x, t = train[1]
    np.testing.assert_allclose(x, raw_x[1] / 255.0, rtol=1e-6)
    assert x.dtype == np.float32 and t == raw_y[1] and t.dtype == np.int32
    images, _ = loader(withlabel=False, ndim=3, scale=2.0)
    assert images.shape == (5, 1, 28, 28) and images.max() <= 2.0
    assert loader(ndim=2)[0][0][0].shape == (28, 28)
    assert loader(ndim=3, rgb_format=True)[0][0][0].shape == (3, 28, 28)
    with pytest.raises(ValueError, match='invalid ndim 4'):
        loader(ndim=4)


def test_cifar10_reads_the_local_file(dataset_root):
    with pytest.raises(datasets.DatasetNotFoundError, match='cifar-10.npz'):
        datasets.get_cifar10()
    d = dataset_root / 'pfnet' / 'chainer' / 'cifar'
    d.mkdir(parents=True)
    rng = np.random.RandomState(0)
    np.savez(d / 'cifar-10.npz', train_x=rng.randint(0, 256, (4, 3072)).astype(np.uint8),
             train_y=np.arange(4, dtype=np.uint8), test_x=np.zeros((2, 3072), np.uint8),
             test_y=np.zeros(2, np.uint8))
    train, test = datasets.get_cifar10()
    assert train[0][0].shape == (3, 32, 32) and int(train[3][1]) == 3 and len(test) == 2
    assert datasets.get_cifar10(ndim=1, withlabel=False)[0].shape == (4, 3072)


def test_a_file_in_the_wrong_layout_is_named(dataset_root):
    d = dataset_root / 'pfnet' / 'chainer' / 'mnist'
    d.mkdir(parents=True)
    np.savez(d / 'train.npz', images=np.zeros((2, 784), np.uint8))
    with pytest.raises(ValueError, match=r"has the arrays \['images'\]; expected \['x', 'y'\]"):
        datasets.get_mnist()


def test_dataset_root():
    dataset.set_dataset_root('/somewhere')
    try:
        assert dataset.get_dataset_directory('a/b') == '/somewhere/a/b'
    finally:
        dataset.set_dataset_root(None)
    assert dataset.get_dataset_root() != '/somewhere'
