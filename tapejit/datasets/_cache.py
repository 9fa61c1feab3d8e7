"""What the image loaders share: the cached ``.npz`` (made from the raw files of
the download cache when it is missing) and Chainer's preprocessing."""

from __future__ import annotations

from typing import Any, Callable

import numpy

from tapejit.core.config import get_dtype
from tapejit.dataset.download import DatasetNotFoundError, cache_or_load_file
from tapejit.datasets.tuple_dataset import TupleDataset

# Taken now: the loader modules' own ``numpy`` may be replaced by a stand-in
# (Chainer's tests do so), whose attributes are no classes.
_NpzFile = numpy.lib.npyio.NpzFile


def retrieve(loader: str, path: str, creator: Callable[[str], dict],
             load: Callable[[str], Any], keys: tuple, layout: str) -> Any:
    """``load(path)``'s arrays ``keys`` when the ``.npz`` at ``path`` exists; else
    what ``creator`` returns, having written the file from the raw ones in the
    download cache (:func:`~tapejit.dataset.cache_or_load_file`).

    A raw file missing from the download cache raises
    :class:`DatasetNotFoundError` saying where to put it, or the ``.npz``."""
    def read(p: str) -> Any:
        return _checked(loader, p, load(p), keys, layout)
    try:
        return cache_or_load_file(path, creator, read)
    except DatasetNotFoundError as e:
        raise DatasetNotFoundError(
            f'{loader}: {path} does not exist, and the raw files it is made from are not all '
            f'in the download cache ({e}). Alternatively put the .npz itself there (with '
            f'{layout}), for example by copying the one Chainer wrote under '
            '~/.chainer/dataset') from None


def _checked(loader: str, path: str, content: Any, keys: tuple, layout: str) -> Any:
    """The arrays ``keys`` of the ``.npz`` ``content`` read from ``path``, the file
    closed; anything but an ``.npz`` (a stand-in for ``numpy.load``) as it is."""
    if not isinstance(content, _NpzFile):
        return content
    with content:
        missing = [k for k in keys if k not in content.files]
        if missing:
            raise ValueError(f'{loader}: {path} has the arrays {sorted(content.files)}; '
                             f'expected {list(keys)} ({layout})')
        return {k: content[k] for k in keys}


def preprocess_images(loader: str, images: Any, labels: Any, shapes: dict, withlabel: bool,
                      ndim: int, scale: float, dtype: Any, label_dtype: Any,
                      rgb_format: bool = False) -> Any:
    """Chainer's preprocessing of the raw uint8 images (one row each) and labels:
    reshaped as ``shapes[ndim]``, the channel repeated three times for
    ``rgb_format``, cast to ``dtype`` (by default ``config.dtype``) and scaled to
    ``[0, scale]``; a :class:`TupleDataset` with the labels cast to
    ``label_dtype``, or the images alone."""
    if ndim not in shapes:
        raise ValueError(f'{loader}: invalid ndim {ndim}; expected one of {sorted(shapes)}')
    images = images.reshape((-1,) + shapes[ndim])
    if rgb_format and ndim == 3:
        images = numpy.broadcast_to(images, (len(images), 3) + images.shape[2:])
    images = images.astype(get_dtype(dtype))
    images *= scale / 255.
    if withlabel:
        return TupleDataset(images, labels.astype(label_dtype))
    return images
