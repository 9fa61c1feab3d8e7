"""The image loaders make their ``.npz`` from the raw files of the download
cache (``<root>/_dl_cache/<md5 of the URL>``), as Chainer's make them from what
they download: gzipped IDX files for the MNIST-likes, the python archives of
pickled batches for CIFAR."""

import gzip
import hashlib
import io
import os
import pickle
import struct
import tarfile

import numpy as np
import pytest

from tapejit import datasets

MNIST_LIKE = [
    (datasets.get_mnist, 'mnist', 'http://yann.lecun.com/exdb/mnist/'),
    (datasets.get_fashion_mnist, 'fashion-mnist',
     'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/'),
    (datasets.get_kuzushiji_mnist, 'kuzushiji_mnist',
     'http://codh.rois.ac.jp/kmnist/dataset/kmnist/'),
]


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setenv('TAPEJIT_DATASET_ROOT', str(tmp_path))
    (tmp_path / '_dl_cache').mkdir()
    return tmp_path


def _entry(root, url):
    return root / '_dl_cache' / hashlib.md5(url.encode('utf-8')).hexdigest()


def _write_idx(root, base, prefix, images, labels, n_labels=None):
    n = len(images) if n_labels is None else n_labels
    with gzip.open(_entry(root, f'{base}{prefix}-images-idx3-ubyte.gz'), 'wb') as f:
        f.write(struct.pack('>iiii', 2051, len(images), 28, 28) + images.tobytes())
    with gzip.open(_entry(root, f'{base}{prefix}-labels-idx1-ubyte.gz'), 'wb') as f:
        f.write(struct.pack('>ii', 2049, n) + labels.tobytes())


def _scaled(x, shape, dtype=np.float32, scale=1.0):
    # Chainer's preprocessing: cast, then scaled by scale / 255 in place.
    images = x.reshape(shape).astype(dtype)
    images *= scale / 255.
    return images


def _mnist_raw(root, base, seed=0):
    rng = np.random.RandomState(seed)
    raw = {}
    for split, prefix, n in (('train', 'train', 5), ('test', 't10k', 3)):
        x = rng.randint(0, 256, (n, 28, 28)).astype(np.uint8)
        y = rng.randint(0, 10, n).astype(np.uint8)
        _write_idx(root, base, prefix, x, y)
        raw[split] = (x, y)
    return raw


@pytest.mark.parametrize('loader,name,base', MNIST_LIKE)
def test_mnist_like_loaders_make_the_npz_from_the_idx_files(root, loader, name, base):
    raw = _mnist_raw(root, base)
    train, test = loader(ndim=3, scale=2.0, dtype=np.float64)
    for ds, (x, y) in ((train, raw['train']), (test, raw['test'])):
        images, labels = ds._datasets
        np.testing.assert_array_equal(images, _scaled(x, (-1, 1, 28, 28), np.float64, 2.0))
        assert images.dtype == np.float64 and labels.dtype == np.int32
        np.testing.assert_array_equal(labels, y)
    d = root / 'pfnet' / 'chainer' / name
    for split in ('train', 'test'):
        with np.load(d / f'{split}.npz') as f:
            assert sorted(f.files) == ['x', 'y'] and f['x'].dtype == np.uint8
            np.testing.assert_array_equal(f['x'], raw[split][0].reshape(-1, 784))
            np.testing.assert_array_equal(f['y'], raw[split][1])
    # Once made, the .npz is read: other raw files in the cache change nothing...
    _mnist_raw(root, base, seed=1)
    again = loader(withlabel=False)[0]
    np.testing.assert_array_equal(again, _scaled(raw['train'][0], (-1, 784)))
    # ...until it is deleted (as Chainer's tests do): then it is made anew.
    os.remove(d / 'train.npz')
    assert not np.array_equal(loader(withlabel=False)[0], again)


def test_mnist_options_and_a_missing_raw_file(root):
    with pytest.raises(datasets.DatasetNotFoundError) as e:
        datasets.get_mnist()
    url = 'http://yann.lecun.com/exdb/mnist/train-images-idx3-ubyte.gz'
    message = str(e.value)
    for part in (os.path.join(str(root), 'pfnet', 'chainer', 'mnist', 'train.npz'), url,
                 str(_entry(root, url)), 'TAPEJIT_DATASET_ROOT'):
        assert part in message
    raw = _mnist_raw(root, MNIST_LIKE[0][2])
    train, _ = datasets.get_mnist(ndim=3, rgb_format=True, label_dtype=np.int64)
    x, t = train[4]
    assert x.shape == (3, 28, 28) and x.dtype == np.float32 and t.dtype == np.int64
    np.testing.assert_array_equal(x[2], _scaled(raw['train'][0][4], (28, 28)))
    assert datasets.get_mnist(ndim=2)[1][0][0].shape == (28, 28)


def test_mnist_images_and_labels_must_pair(root):
    base = MNIST_LIKE[0][2]
    x = np.zeros((4, 28, 28), np.uint8)
    _write_idx(root, base, 'train', x, np.zeros(3, np.uint8), n_labels=3)
    with pytest.raises(RuntimeError, match='wrong pair of MNIST images and labels'):
        datasets.get_mnist()
    _write_idx(root, base, 'train', x, np.zeros(3, np.uint8), n_labels=4)
    with pytest.raises(ValueError, match='holds 3 bytes of labels'):
        datasets.get_mnist()
    assert not (root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz').exists()


def _archive(path, members, level=9):
    with tarfile.open(path, 'w:gz', compresslevel=level) as tar:
        for name, obj in members.items():
            data = pickle.dumps(obj, protocol=4)
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def test_cifar100_is_made_from_the_archive(root):
    rng = np.random.RandomState(0)
    raw = {s: (rng.randint(0, 256, (n, 3072)).astype(np.uint8), rng.randint(0, 100, n))
           for s, n in (('train', 4), ('test', 2))}
    _archive(_entry(root, 'https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz'),
             {f'cifar-100-python/{s}': {'data': x, 'fine_labels': y.tolist(),
                                        'coarse_labels': (y // 5).tolist()}
              for s, (x, y) in raw.items()})
    npz = root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-100.npz'
    for ndim, shape in ((3, (3, 32, 32)), (1, (3072,))):
        train, test = datasets.get_cifar100(ndim=ndim, scale=255.0)
        for ds, (x, y) in ((train, raw['train']), (test, raw['test'])):
            images, labels = ds._datasets
            assert images.shape == (len(x),) + shape and images.dtype == np.float32
            np.testing.assert_array_equal(images.reshape(len(x), 3072), x)  # scale 255: as is
            np.testing.assert_array_equal(labels, y)
            assert labels.dtype == np.int32
        with np.load(npz) as f:
            assert sorted(f.files) == ['test_x', 'test_y', 'train_x', 'train_y']
            np.testing.assert_array_equal(f['train_x'], raw['train'][0])
            assert f['train_y'].dtype == np.uint8
        os.remove(npz)  # made anew at the next call


def test_cifar10_is_made_from_the_five_batches_and_the_test_batch(root, monkeypatch):
    # The published layout: batches of 10000 images (each made of one value
    # here), labels as lists. Its 60000 images take seconds to compress: the
    # archive is stored and the .npz written uncompressed (the same arrays).
    monkeypatch.setattr(np, 'savez_compressed', np.savez)
    def batch(k):
        values = (np.arange(10000) + k) % 256
        return {'data': np.repeat(values.astype(np.uint8)[:, None], 3072, axis=1),
                'labels': ((np.arange(10000) + k) % 10).tolist()}
    members = {f'cifar-10-batches-py/data_batch_{k}': batch(k) for k in range(1, 6)}
    members['cifar-10-batches-py/test_batch'] = batch(7)
    _archive(_entry(root, 'https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz'), members,
             level=0)
    train, test = datasets.get_cifar10(ndim=1, scale=255.0)
    images, labels = train._datasets
    assert images.shape == (50000, 3072) and len(test) == 10000
    # Batch k's image j is training image (k - 1) * 10000 + j.
    for k, j in ((1, 0), (2, 5), (5, 9999)):
        i = (k - 1) * 10000 + j
        assert images[i, 100] == (j + k) % 256 and labels[i] == (j + k) % 10
    assert test[3][0][0] == 10 and test[3][1] == 0
    assert (root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz').exists()
