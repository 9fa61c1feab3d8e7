"""Loaders of standard datasets, with Chainer's call shapes.

``get_digits()`` reads scikit-learn's bundled 8x8 digits (no file needed).
``get_mnist()``, ``get_fashion_mnist()``, ``get_cifar10()`` and
``get_cifar100()`` and ``get_ptb_words()`` read a local
``.npz`` file in Chainer's layout under the dataset root (see
:mod:`tapejit.dataset.download`): nothing is downloaded, and a missing file
raises :class:`DatasetNotFoundError` naming the exact path to put it at.

=======================  ==================================================
loader                   files (under the dataset root)
=======================  ==================================================
``get_mnist``            ``pfnet/chainer/mnist/train.npz``, ``test.npz``
                         (keys ``x``: uint8 (N, 784), ``y``: uint8 (N,))
``get_fashion_mnist``    ``pfnet/chainer/fashion-mnist/train.npz``,
                         ``test.npz`` (same keys)
``get_cifar10``          ``pfnet/chainer/cifar/cifar-10.npz`` (keys
                         ``train_x`` uint8 (50000, 3072), ``train_y``,
                         ``test_x``, ``test_y``)
``get_cifar100``         ``pfnet/chainer/cifar/cifar-100.npz`` (the same
                         keys; labels the 100 fine classes)
``get_ptb_words``        ``pfnet/chainer/ptb/train.npz``, ``valid.npz``,
                         ``test.npz`` (key ``x``: int32 word ids (N,)) and
                         ``vocab.txt`` (one word a line, the line number
                         its id)
=======================  ==================================================

Chainer writes exactly these files into ``~/.chainer/dataset`` the first time
its own loaders run, so they can be copied from there.
"""

from __future__ import annotations

import math
import os
from typing import Any, Optional

import numpy

from tapejit.dataset.download import (DatasetNotFoundError, get_dataset_directory,
                                      get_dataset_root)
from tapejit.datasets.tuple_dataset import TupleDataset


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


def _preprocess_images(loader: str, images: Any, labels: Any, shapes: dict, withlabel: bool,
                       ndim: int, scale: float, dtype: Any, label_dtype: Any,
                       rgb_format: bool = False) -> Any:
    if ndim not in shapes:
        raise ValueError(f'{loader}: invalid ndim {ndim}; expected one of {sorted(shapes)}')
    images = images.reshape((-1,) + shapes[ndim])
    if rgb_format and ndim == 3 and images.shape[1] == 1:
        images = numpy.broadcast_to(images, (len(images), 3) + images.shape[2:])
    images = images.astype(_dtype(dtype))
    images *= scale / 255.0
    if withlabel:
        return TupleDataset(images, labels.astype(label_dtype))
    return images


_MNIST_SHAPES = {1: (784,), 2: (28, 28), 3: (1, 28, 28)}
_MNIST_HOW = "'x': uint8 images of shape (N, 784) and 'y': uint8 labels of shape (N,)"


def _get_mnist_like(loader: str, name: str, withlabel: bool, ndim: int, scale: float,
                    dtype: Any, label_dtype: Any, rgb_format: bool) -> tuple:
    out = []
    for split in ('train.npz', 'test.npz'):
        raw = _load_npz(loader, name, split, ('x', 'y'), _MNIST_HOW)
        out.append(_preprocess_images(loader, raw['x'], raw['y'], _MNIST_SHAPES, withlabel,
                                      ndim, scale, dtype, label_dtype, rgb_format))
    return tuple(out)


def get_mnist(withlabel: bool = True, ndim: int = 1, scale: float = 1.0, dtype: Any = None,
              label_dtype: Any = numpy.int32, rgb_format: bool = False) -> tuple:
    """The MNIST training and test sets, from ``<root>/pfnet/chainer/mnist/{train,test}.npz``.

    Pixels are scaled to ``[0, scale]``; ``ndim`` 1, 2 or 3 gives images of shape
    ``(784,)``, ``(28, 28)`` or ``(1, 28, 28)`` (``rgb_format`` repeats the channel
    three times).  Each set is a :class:`TupleDataset` of (image, label), or an
    array of images when ``withlabel`` is False.

    >>> import tempfile, tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())  # an empty root
    >>> try:
    ...     D.get_mnist()
    ... except D.DatasetNotFoundError as e:
    ...     print('pfnet/chainer/mnist/train.npz does not exist' in str(e))
    True
    >>> set_dataset_root(None)
    """
    return _get_mnist_like('get_mnist', 'pfnet/chainer/mnist', withlabel, ndim, scale, dtype,
                           label_dtype, rgb_format)


def get_fashion_mnist(withlabel: bool = True, ndim: int = 1, scale: float = 1.0,
                      dtype: Any = None, label_dtype: Any = numpy.int32,
                      rgb_format: bool = False) -> tuple:
    """Fashion-MNIST, from ``<root>/pfnet/chainer/fashion-mnist/{train,test}.npz``
    (the layout and options of :func:`get_mnist`).

    >>> import tapejit.datasets as D
    >>> D.get_fashion_mnist_labels()[:3]
    ['T-shirt/top', 'Trouser', 'Pullover']
    """
    return _get_mnist_like('get_fashion_mnist', 'pfnet/chainer/fashion-mnist', withlabel, ndim,
                           scale, dtype, label_dtype, rgb_format)


_FASHION_LABELS = ['T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt',
                   'Sneaker', 'Bag', 'Ankle boot']


def get_fashion_mnist_labels() -> list:
    """The names of the ten Fashion-MNIST classes, by label."""
    return list(_FASHION_LABELS)


_CIFAR_SHAPES = {1: (3072,), 3: (3, 32, 32)}


def get_cifar10(withlabel: bool = True, ndim: int = 3, scale: float = 1.0,
                dtype: Any = None) -> tuple:
    """CIFAR-10, from ``<root>/pfnet/chainer/cifar/cifar-10.npz`` (keys ``train_x``,
    ``train_y``, ``test_x``, ``test_y``; images uint8 of shape (N, 3072)).

    ``ndim`` 3 gives images of shape ``(3, 32, 32)``, 1 of shape ``(3072,)``.

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
    return _get_cifar('get_cifar10', 'cifar-10.npz', withlabel, ndim, scale, dtype)


def get_cifar100(withlabel: bool = True, ndim: int = 3, scale: float = 1.0,
                 dtype: Any = None) -> tuple:
    """CIFAR-100, from ``<root>/pfnet/chainer/cifar/cifar-100.npz`` (the layout of
    :func:`get_cifar10`'s file, the labels being the 100 fine classes), with
    :func:`get_cifar10`'s options.

    >>> import tempfile, tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())  # an empty root
    >>> try:
    ...     D.get_cifar100()
    ... except D.DatasetNotFoundError as e:
    ...     print('cifar/cifar-100.npz does not exist' in str(e))
    True
    >>> set_dataset_root(None)
    """
    return _get_cifar('get_cifar100', 'cifar-100.npz', withlabel, ndim, scale, dtype)


def _get_cifar(loader: str, filename: str, withlabel: bool, ndim: int, scale: float,
               dtype: Any) -> tuple:
    how = ("'train_x', 'test_x': uint8 images of shape (N, 3072) and 'train_y', "
           "'test_y': uint8 labels of shape (N,)")
    raw = _load_npz(loader, 'pfnet/chainer/cifar', filename,
                    ('train_x', 'train_y', 'test_x', 'test_y'), how)
    return tuple(_preprocess_images(loader, raw[f'{s}_x'], raw[f'{s}_y'], _CIFAR_SHAPES,
                                    withlabel, ndim, scale, dtype, numpy.int32)
                 for s in ('train', 'test'))


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
