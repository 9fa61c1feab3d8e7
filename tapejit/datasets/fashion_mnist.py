"""Fashion-MNIST (Chainer's ``chainer.datasets.fashion_mnist``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.datasets._mnist_helper import get_mnist_like

_BASE_URL = 'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/'
_LABELS = ['T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt', 'Sneaker',
           'Bag', 'Ankle boot']


def get_fashion_mnist_labels() -> list:
    """The names of the ten Fashion-MNIST classes, by label.

    >>> import tapejit.datasets as D
    >>> D.get_fashion_mnist_labels()[:3]
    ['T-shirt/top', 'Trouser', 'Pullover']
    """
    return list(_LABELS)


def get_fashion_mnist(withlabel: bool = True, ndim: int = 1, scale: float = 1.0,
                      dtype: Any = None, label_dtype: Any = numpy.int32,
                      rgb_format: bool = False) -> tuple:
    """Fashion-MNIST, from ``<root>/pfnet/chainer/fashion-mnist/{train,test}.npz``,
    made when missing from the gzipped IDX files of
    ``http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/`` in the
    download cache (the layout and options of :func:`~tapejit.datasets.get_mnist`).

    >>> import tempfile, tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())  # an empty root
    >>> try:
    ...     D.get_fashion_mnist()
    ... except D.DatasetNotFoundError as e:
    ...     print('fashion-mnist/train.npz does not exist' in str(e))
    True
    >>> set_dataset_root(None)
    """
    return get_mnist_like('get_fashion_mnist', 'pfnet/chainer/fashion-mnist', _BASE_URL,
                          withlabel, ndim, scale, dtype, label_dtype, rgb_format)
