"""Loaders of standard datasets, with Chainer's call shapes.

``get_digits()`` reads scikit-learn's bundled 8x8 digits (no file needed).
The others read an ``.npz`` file in Chainer's layout under the dataset root
(see :mod:`tapejit.dataset.download`). Where Chainer's loader makes that file
from the raw files it downloads, so does tapejit's, from the same raw files
found in the download cache (``<root>/_dl_cache/<MD5 of the URL>``, Chainer's
cache). Nothing is downloaded: a file missing from both raises
:class:`DatasetNotFoundError` saying where to put it.

=======================  ==================================================
loader                   files (under the dataset root)
=======================  ==================================================
``get_mnist``            ``pfnet/chainer/mnist/train.npz``, ``test.npz``
                         (keys ``x``: uint8 (N, 784), ``y``: uint8 (N,));
                         raw: the gzipped IDX files of
                         ``http://yann.lecun.com/exdb/mnist/``
``get_fashion_mnist``    ``pfnet/chainer/fashion-mnist/train.npz``,
                         ``test.npz`` (same keys; raw: the IDX files of
                         Fashion-MNIST)
``get_kuzushiji_mnist``  ``pfnet/chainer/kuzushiji_mnist/train.npz``,
                         ``test.npz`` (same keys; raw: the IDX files of
                         Kuzushiji-MNIST)
``get_cifar10``          ``pfnet/chainer/cifar/cifar-10.npz`` (keys
                         ``train_x`` uint8 (50000, 3072), ``train_y``,
                         ``test_x``, ``test_y``); raw:
                         ``cifar-10-python.tar.gz``
``get_cifar100``         ``pfnet/chainer/cifar/cifar-100.npz`` (the same
                         keys; labels the 100 fine classes); raw:
                         ``cifar-100-python.tar.gz``
``get_svhn``             ``pfnet/chainer/svhn/train.npz``, ``test.npz``,
                         ``extra.npz`` (keys ``x``: uint8 (32, 32, 3, N),
                         ``y``: uint8 (N, 1)); raw: ``train_32x32.mat``...
                         of ``http://ufldl.stanford.edu/housenumbers/``
                         (read with SciPy)
``get_ptb_words``        ``pfnet/chainer/ptb/train.npz``, ``valid.npz``,
                         ``test.npz`` (key ``x``: int32 word ids (N,)) and
                         ``vocab.txt`` (one word a line, the line number
                         its id)
=======================  ==================================================

Chainer writes exactly these ``.npz`` files into ``~/.chainer/dataset`` the
first time its own loaders run, and keeps the raw files it downloaded in
``~/.chainer/dataset/_dl_cache``, so either can be copied from there.
"""

from __future__ import annotations

import math
import os
from typing import Any, Optional

import numpy

from tapejit.dataset.download import (DatasetNotFoundError, get_dataset_directory,
                                      get_dataset_root)
from tapejit.datasets.cifar import get_cifar10, get_cifar100
from tapejit.datasets.fashion_mnist import get_fashion_mnist, get_fashion_mnist_labels
from tapejit.datasets.kuzushiji_mnist import get_kuzushiji_mnist, get_kuzushiji_mnist_labels
from tapejit.datasets.mnist import get_mnist
from tapejit.datasets.svhn import get_svhn
from tapejit.datasets.tuple_dataset import TupleDataset

__all__ = ['DatasetNotFoundError', 'get_cifar10', 'get_cifar100', 'get_digits',
           'get_fashion_mnist', 'get_fashion_mnist_labels', 'get_kuzushiji_mnist',
           'get_kuzushiji_mnist_labels', 'get_mnist', 'get_ptb_words',
           'get_ptb_words_vocabulary', 'get_svhn']


def _dtype(dtype: Any) -> Any:
    return numpy.dtype(numpy.float32 if dtype is None else dtype)


def _load_npz(loader: str, name: str, filename: str, keys: tuple, how: str) -> dict:
    path = os.path.join(get_dataset_directory(name), filename)
    if not os.path.exists(path):
        raise DatasetNotFoundError(
            f'{loader}: {path} does not exist. tapejit downloads nothing: put the file there '
            f'(an .npz with {how}), for example by copying ~/.chainer/dataset/{name}/'
            f'{filename} written by Chainer, or set TAPEJIT_DATASET_ROOT (now '
            f'{get_dataset_root()}) to the directory holding {name}/{filename}')
    with numpy.load(path, allow_pickle=False) as f:
        missing = [k for k in keys if k not in f.files]
        if missing:
            raise ValueError(f'{loader}: {path} has the arrays {sorted(f.files)}; expected '
                             f'{list(keys)} ({how})')
        return {k: f[k] for k in keys}


_PTB = 'pfnet/chainer/ptb'


def get_ptb_words() -> tuple:
    """The Penn Tree Bank training, validation and test sets, each one long
    int32 array of word ids (the sentences joined by ``<eos>``), from
    ``<root>/pfnet/chainer/ptb/{train,valid,test}.npz``.

    :func:`get_ptb_words_vocabulary` maps the words to these ids.

    >>> import tempfile, tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())  # an empty root
    >>> try:
    ...     D.get_ptb_words()
    ... except D.DatasetNotFoundError as e:
    ...     print('pfnet/chainer/ptb/train.npz does not exist' in str(e))
    True
    >>> set_dataset_root(None)
    """
    how = "'x': int32 word ids of shape (N,)"
    return tuple(_load_npz('get_ptb_words', _PTB, f'{split}.npz', ('x',), how)['x']
                 for split in ('train', 'valid', 'test'))


def get_ptb_words_vocabulary() -> dict:
    """``{word: id}`` of the Penn Tree Bank sets of :func:`get_ptb_words`, from
    ``<root>/pfnet/chainer/ptb/vocab.txt`` (one word a line, the line number
    its id).

    >>> import tempfile, tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())  # an empty root
    >>> try:
    ...     D.get_ptb_words_vocabulary()
    ... except D.DatasetNotFoundError as e:
    ...     print('pfnet/chainer/ptb/vocab.txt does not exist' in str(e))
    True
    >>> set_dataset_root(None)
    """
    path = os.path.join(get_dataset_directory(_PTB), 'vocab.txt')
    if not os.path.exists(path):
        raise DatasetNotFoundError(
            f'get_ptb_words_vocabulary: {path} does not exist. tapejit downloads nothing: '
            f'put the file there (one word a line), for example by copying '
            f'~/.chainer/dataset/{_PTB}/vocab.txt written by Chainer, or set '
            f'TAPEJIT_DATASET_ROOT (now {get_dataset_root()}) to the directory holding '
            f'{_PTB}/vocab.txt')
    with open(path) as f:
        return {word.strip(): i for i, word in enumerate(f)}


def get_digits(withlabel: bool = True, ndim: int = 1, scale: float = 1.0, dtype: Any = None,
               label_dtype: Any = numpy.int32, test_size: float = 0.25,
               seed: Optional[int] = 0) -> tuple:
    """scikit-learn's bundled 8x8 handwritten digits (1797 images, no download),
    as a training and a test set in the shape of :func:`get_mnist`'s.

    Pixels (0..16 in the source) are scaled to ``[0, scale]``; ``ndim`` 1, 2 or 3
    gives images of shape ``(64,)``, ``(8, 8)`` or ``(1, 8, 8)``.  The test set
    holds ``test_size`` of the images, drawn at random with ``seed`` and
    stratified by label.

    >>> import tapejit.datasets as D
    >>> train, test = D.get_digits()
    >>> len(train), len(test)
    (1347, 450)
    >>> x, t = train[0]
    >>> x.shape, x.dtype, float(x.max()) <= 1.0, t.dtype
    ((64,), dtype('float32'), True, dtype('int32'))
    """
    try:
        from sklearn.datasets import load_digits
    except ImportError:  # pragma: no cover - scikit-learn is a test dependency
        raise ImportError('get_digits: needs scikit-learn (pip install scikit-learn), which '
                          'ships the digits') from None
    shapes = {1: (64,), 2: (8, 8), 3: (1, 8, 8)}
    if ndim not in shapes:
        raise ValueError(f'get_digits: invalid ndim {ndim}; expected one of {sorted(shapes)}')
    if not 0.0 < test_size < 1.0:
        raise ValueError(f'get_digits: test_size must be in (0, 1), got {test_size}')
    digits = load_digits()
    images = digits.data.reshape((-1,) + shapes[ndim]).astype(_dtype(dtype))
    images *= scale / 16.0
    labels = digits.target.astype(label_dtype)
    order = _stratified_order(digits.target, test_size, seed)
    n_train = len(labels) - int(math.ceil(len(labels) * test_size))
    train, test = order[:n_train], order[n_train:]
    if not withlabel:
        return images[train], images[test]
    return (TupleDataset(images[train], labels[train]),
            TupleDataset(images[test], labels[test]))


def _stratified_order(labels: Any, test_size: float, seed: Optional[int]) -> Any:
    """A permutation of the indices whose last ``ceil(n * test_size)`` entries (the
    test set) hold each class in proportion to its size."""
    rng = numpy.random.RandomState(seed)
    n_test = int(math.ceil(len(labels) * test_size))
    groups = [rng.permutation(numpy.flatnonzero(labels == c)) for c in numpy.unique(labels)]
    quotas = numpy.array([len(g) * test_size for g in groups])
    counts = numpy.floor(quotas).astype(int)
    # The classes with the largest remainders take the test examples left over.
    for j in numpy.argsort(-(quotas - counts), kind='stable')[:n_test - counts.sum()]:
        counts[j] += 1
    train = numpy.concatenate([g[k:] for g, k in zip(groups, counts)])
    test = numpy.concatenate([g[:k] for g, k in zip(groups, counts)])
    return numpy.concatenate([rng.permutation(train), rng.permutation(test)])
