"""MNIST (Chainer's ``chainer.datasets.mnist``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.datasets._mnist_helper import get_mnist_like

_BASE_URL = 'http://yann.lecun.com/exdb/mnist/'


def get_mnist(withlabel: bool = True, ndim: int = 1, scale: float = 1.0, dtype: Any = None,
              label_dtype: Any = numpy.int32, rgb_format: bool = False) -> tuple:
    """The MNIST training and test sets, as Chainer's ``get_mnist``.

    They are read from ``<root>/pfnet/chainer/mnist/{train,test}.npz`` (keys
    ``x``: uint8 (N, 784), ``y``: uint8 (N,)); a missing one is made, as
    Chainer makes it, from the gzipped IDX files of
    ``http://yann.lecun.com/exdb/mnist/`` (``train-images-idx3-ubyte.gz``...)
    found in the download cache (see :func:`tapejit.dataset.cached_download`).
    Nothing is downloaded: a file missing from both raises
    :class:`DatasetNotFoundError` saying where to put it.

    Pixels are scaled to ``[0, scale]`` and cast to ``dtype`` (by default
    ``config.dtype``); ``ndim`` 1, 2 or 3 gives images of shape ``(784,)``,
    ``(28, 28)`` or ``(1, 28, 28)`` (``rgb_format`` repeats the channel three
    times). Each set is a :class:`TupleDataset` of (image, label), or an array
    of images when ``withlabel`` is False.

    >>> import gzip, hashlib, os, struct, tempfile
    >>> import tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> root = tempfile.mkdtemp(); set_dataset_root(root)  # an empty root
    >>> try:
    ...     D.get_mnist()
    ... except D.DatasetNotFoundError as e:
    ...     print('pfnet/chainer/mnist/train.npz does not exist' in str(e))
    True
    >>> def cache(name, header, body):  # a raw file, as the download cache keeps it
    ...     url = 'http://yann.lecun.com/exdb/mnist/' + name
    ...     path = os.path.join(root, '_dl_cache', hashlib.md5(url.encode()).hexdigest())
    ...     with gzip.open(path, 'wb') as f:
    ...         f.write(struct.pack('>' + 'i' * len(header), *header) + body)
    >>> for prefix, n in (('train', 3), ('t10k', 2)):
    ...     cache(prefix + '-images-idx3-ubyte.gz', (2051, n, 28, 28), bytes(range(n)) * 784)
    ...     cache(prefix + '-labels-idx1-ubyte.gz', (2049, n), bytes(range(n)))
    >>> train, test = D.get_mnist(ndim=3)
    >>> len(train), len(test), train[2][0].shape, int(train[2][1])
    (3, 2, (1, 28, 28), 2)
    >>> sorted(os.listdir(os.path.join(root, 'pfnet/chainer/mnist')))  # read from now on
    ['test.npz', 'train.npz']
    >>> set_dataset_root(None)
    """
    return get_mnist_like('get_mnist', 'pfnet/chainer/mnist', _BASE_URL, withlabel, ndim, scale,
                          dtype, label_dtype, rgb_format)
