"""CIFAR-10 and CIFAR-100 (Chainer's ``chainer.datasets.cifar``)."""

from __future__ import annotations

import os
import pickle
import tarfile
from typing import IO, Any

import numpy

from tapejit.dataset.download import cached_download, get_dataset_directory
from tapejit.datasets._cache import preprocess_images, retrieve

_SHAPES = {1: (3072,), 3: (3, 32, 32)}
_LAYOUT = ("'train_x', 'test_x': uint8 images of shape (N, 3072) and 'train_y', 'test_y': "
           "uint8 labels of shape (N,)")
_KEYS = ('train_x', 'train_y', 'test_x', 'test_y')


def get_cifar10(withlabel: bool = True, ndim: int = 3, scale: float = 1.0,
                dtype: Any = None) -> tuple:
    """The CIFAR-10 training and test sets, as Chainer's ``get_cifar10``.

    They are read from ``<root>/pfnet/chainer/cifar/cifar-10.npz`` (keys
    ``train_x``: uint8 (50000, 3072), ``train_y``, ``test_x``, ``test_y``); a
    missing file is made, as Chainer makes it, from the archive
    ``https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz`` (its five
    pickled training batches of 10000 images and its test batch) found in
    the download cache (see :func:`tapejit.dataset.cached_download`). Nothing
    is downloaded: a file missing from both raises
    :class:`DatasetNotFoundError` saying where to put it.

    Pixels are scaled to ``[0, scale]`` and cast to ``dtype`` (by default
    ``config.dtype``); ``ndim`` 3 gives images of shape ``(3, 32, 32)``, 1 of
    shape ``(3072,)``. Each set is a :class:`TupleDataset` of (image, int32
    label), or an array of images when ``withlabel`` is False.

    >>> import tempfile, tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())  # an empty root
    >>> try:
    ...     D.get_cifar10()
    ... except D.DatasetNotFoundError as e:
    ...     print('cifar/cifar-10.npz does not exist' in str(e))
    True
    >>> set_dataset_root(None)
    """
    return _get_cifar('get_cifar10', 'cifar-10', withlabel, ndim, scale, dtype)


def get_cifar100(withlabel: bool = True, ndim: int = 3, scale: float = 1.0,
                 dtype: Any = None) -> tuple:
    """The CIFAR-100 training and test sets, labelled by the 100 fine classes,
    as Chainer's ``get_cifar100``: read from
    ``<root>/pfnet/chainer/cifar/cifar-100.npz`` (the keys of
    :func:`get_cifar10`'s file), made when missing from the archive
    ``https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz`` in the download
    cache; :func:`get_cifar10`'s options.

    >>> import hashlib, io, os, pickle, tarfile, tempfile
    >>> import numpy as np
    >>> import tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> root = tempfile.mkdtemp(); set_dataset_root(root)
    >>> url = 'https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz'
    >>> os.makedirs(os.path.join(root, '_dl_cache'))
    >>> archive = os.path.join(root, '_dl_cache', hashlib.md5(url.encode()).hexdigest())
    >>> with tarfile.open(archive, 'w:gz') as tar:  # the archive's layout, 3 images
    ...     for name, n in (('train', 2), ('test', 1)):
    ...         data = pickle.dumps({'data': np.full((n, 3072), 255, np.uint8),
    ...                              'fine_labels': [98, 99][:n]})
    ...         info = tarfile.TarInfo('cifar-100-python/' + name); info.size = len(data)
    ...         tar.addfile(info, io.BytesIO(data))
    >>> train, test = D.get_cifar100()
    >>> len(train), len(test), train[1][0].shape, float(train[1][0].max()), int(train[1][1])
    (2, 1, (3, 32, 32), 1.0, 99)
    >>> set_dataset_root(None)
    """
    return _get_cifar('get_cifar100', 'cifar-100', withlabel, ndim, scale, dtype)


def _get_cifar(loader: str, name: str, withlabel: bool, ndim: int, scale: float,
               dtype: Any) -> tuple:
    npz_path = os.path.join(get_dataset_directory(os.path.join('pfnet', 'chainer', 'cifar')),
                            f'{name}.npz')
    url = f'https://www.cs.toronto.edu/~kriz/{name}-python.tar.gz'

    def creator(path: str) -> dict:
        archive_path = cached_download(url)
        with tarfile.open(archive_path, 'r:gz') as archive:
            if name == 'cifar-10':
                # Chainer's fixed sizes: five training batches of 10000 images
                # and a test batch of 10000 labels, as in the published archive.
                train_x = numpy.empty((5, 10000, 3072), dtype=numpy.uint8)
                train_y = numpy.empty((5, 10000), dtype=numpy.uint8)
                test_y = numpy.empty(10000, dtype=numpy.uint8)
                for i in range(5):
                    d = _member(archive, f'cifar-10-batches-py/data_batch_{i + 1}')
                    train_x[i] = d['data']
                    train_y[i] = d['labels']
                d = _member(archive, 'cifar-10-batches-py/test_batch')
                test_x = d['data']
                test_y[...] = d['labels']
                train_x = train_x.reshape(50000, 3072)
                train_y = train_y.reshape(50000)
            else:
                d = _member(archive, 'cifar-100-python/train')
                train_x = d['data'].reshape((-1, 3072))
                train_y = numpy.array(d['fine_labels'], dtype=numpy.uint8)
                d = _member(archive, 'cifar-100-python/test')
                test_x = d['data'].reshape((-1, 3072))
                test_y = numpy.array(d['fine_labels'], dtype=numpy.uint8)
        numpy.savez_compressed(path, train_x=train_x, train_y=train_y, test_x=test_x,
                               test_y=test_y)
        return {'train_x': train_x, 'train_y': train_y, 'test_x': test_x, 'test_y': test_y}

    # numpy.load is read at each call: a stand-in for it is then used too.
    raw = retrieve(loader, npz_path, creator, lambda p: numpy.load(p), _KEYS, _LAYOUT)
    return tuple(preprocess_images(loader, raw[f'{s}_x'], raw[f'{s}_y'], _SHAPES, withlabel,
                                   ndim, scale, dtype, numpy.int32)
                 for s in ('train', 'test'))


def _member(archive: tarfile.TarFile, name: str) -> Any:
    f = archive.extractfile(name)
    if f is None:
        raise ValueError(f'{archive.name}: {name} is not a file of the CIFAR archive')
    return _pickle_load(f)


def _pickle_load(f: IO[bytes]) -> Any:
    # The batches were pickled by Python 2: its byte strings are read as Latin-1.
    return pickle.load(f, encoding='latin-1')
