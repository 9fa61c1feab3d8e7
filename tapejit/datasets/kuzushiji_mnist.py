"""Kuzushiji-MNIST (Chainer's ``chainer.datasets.kuzushiji_mnist``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.datasets._mnist_helper import get_mnist_like

_BASE_URL = 'http://codh.rois.ac.jp/kmnist/dataset/kmnist/'
_LABELS = [('o', '\u304A'), ('ki', '\u304D'), ('su', '\u3059'), ('tsu', '\u3064'),
           ('na', '\u306A'), ('ha', '\u306F'), ('ma', '\u307E'), ('ya', '\u3084'),
           ('re', '\u308C'), ('wo', '\u3092')]


def get_kuzushiji_mnist_labels() -> list:
    """The ten Kuzushiji-MNIST classes, by label: (romaji, the hiragana character).

    >>> import tapejit.datasets as D
    >>> D.get_kuzushiji_mnist_labels()[:2]
    [('o', 'お'), ('ki', 'き')]
    """
    return list(_LABELS)


def get_kuzushiji_mnist(withlabel: bool = True, ndim: int = 1, scale: float = 1.0,
                        dtype: Any = None, label_dtype: Any = numpy.int32,
                        rgb_format: bool = False) -> tuple:
    """Kuzushiji-MNIST (handwritten hiragana), from
    ``<root>/pfnet/chainer/kuzushiji_mnist/{train,test}.npz``, made when missing
    from the gzipped IDX files of ``http://codh.rois.ac.jp/kmnist/dataset/kmnist/``
    in the download cache (the layout and options of
    :func:`~tapejit.datasets.get_mnist`).

    >>> import tempfile, tapejit.datasets as D
    >>> from tapejit.dataset import set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())  # an empty root
    >>> try:
    ...     D.get_kuzushiji_mnist()
    ... except D.DatasetNotFoundError as e:
    ...     print('kuzushiji_mnist/train.npz does not exist' in str(e))
    True
    >>> set_dataset_root(None)
    """
    return get_mnist_like('get_kuzushiji_mnist', 'pfnet/chainer/kuzushiji_mnist', _BASE_URL,
                          withlabel, ndim, scale, dtype, label_dtype, rgb_format)
