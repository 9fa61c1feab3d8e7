"""The Street View House Numbers (Chainer's ``chainer.datasets.svhn``)."""

from __future__ import annotations

import os
from typing import Any

import numpy

from tapejit.core.config import get_dtype
from tapejit.dataset.download import cached_download, get_dataset_directory
from tapejit.datasets._cache import retrieve
from tapejit.datasets.tuple_dataset import TupleDataset

_URL = 'http://ufldl.stanford.edu/housenumbers/{}_32x32.mat'
_LAYOUT = "'x': uint8 images of shape (32, 32, 3, N) and 'y': uint8 labels 1-10 of shape (N, 1)"


def get_svhn(withlabel: bool = True, scale: float = 1.0, dtype: Any = None,
             label_dtype: Any = numpy.int32, add_extra: bool = False) -> tuple:
    """The SVHN training and test sets (and the extra training set with
    ``add_extra``), as Chainer's ``get_svhn``.

    They are read from ``<root>/pfnet/chainer/svhn/train.npz``, ``test.npz``
    (and ``extra.npz``), with keys ``x``: uint8 images (32, 32, 3, N) and
    ``y``: uint8 labels 1-10 (N, 1); a missing file is made, as Chainer makes
    it, from the MATLAB file
    ``http://ufldl.stanford.edu/housenumbers/train_32x32.mat`` (``test_``,
    ``extra_``) found in the download cache (see
    :func:`tapejit.dataset.cached_download`), read with SciPy (needed only
    then). Nothing is downloaded: a file missing from both raises
    :class:`DatasetNotFoundError` saying where to put it.

    Images have shape ``(3, 32, 32)``, pixels scaled to ``[0, scale]`` and cast
    to ``dtype`` (by default ``config.dtype``); the digit 0, labelled 10 in
    the files, has label 0. Each set is a :class:`TupleDataset` of (image,
    label of ``label_dtype``), or an array of images when ``withlabel`` is
    False.

    >>> import os, tempfile
    >>> import numpy as np
    >>> import tapejit.datasets as D
    >>> from tapejit.dataset import get_dataset_directory, set_dataset_root
    >>> set_dataset_root(tempfile.mkdtemp())
    >>> d = get_dataset_directory(os.path.join('pfnet', 'chainer', 'svhn'), create_directory=True)
    >>> for name, labels in (('train', [[1], [10]]), ('test', [[3]])):
    ...     np.savez_compressed(os.path.join(d, name + '.npz'), y=np.uint8(labels),
    ...                         x=np.full((32, 32, 3, len(labels)), 255, np.uint8))
    >>> train, test = D.get_svhn()
    >>> len(train), train[0][0].shape, float(train[0][0].max()), [int(y) for _, y in train]
    (2, (3, 32, 32), 1.0, [1, 0])
    >>> set_dataset_root(None)
    """
    names = ('train', 'test', 'extra') if add_extra else ('train', 'test')
    return tuple(_preprocess(_retrieve(name), withlabel, scale, dtype, label_dtype)
                 for name in names)


def _retrieve(name: str) -> Any:
    root = get_dataset_directory(os.path.join('pfnet', 'chainer', 'svhn'))
    url = _URL.format(name)

    def creator(path: str) -> dict:
        mat_path = cached_download(url)
        try:
            from scipy import io
        except ImportError as e:
            raise RuntimeError(f'get_svhn: SciPy is needed to read {url} (cached at '
                               f'{mat_path}) and make {path}: {e}') from e
        raw = io.loadmat(mat_path)
        images = raw['X'].astype(numpy.uint8)
        labels = raw['y'].astype(numpy.uint8)
        numpy.savez_compressed(path, x=images, y=labels)
        return {'x': images, 'y': labels}

    # numpy.load is read at each call: a stand-in for it is then used too.
    return retrieve('get_svhn', os.path.join(root, f'{name}.npz'), creator,
                    lambda p: numpy.load(p), ('x', 'y'), _LAYOUT)


def _preprocess(raw: Any, withlabel: bool, scale: float, dtype: Any, label_dtype: Any) -> Any:
    images = raw['x'].transpose(3, 2, 0, 1).astype(get_dtype(dtype))
    images *= scale / 255.
    labels = raw['y'].astype(label_dtype).flatten()
    labels[labels == 10] = 0  # the files label the digit 0 as 10
    if withlabel:
        return TupleDataset(images, labels)
    return images
