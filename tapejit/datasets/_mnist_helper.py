"""What MNIST, Fashion-MNIST and Kuzushiji-MNIST share (Chainer's
``chainer.datasets._mnist_helper``): the raw files are the IDX files of
LeCun's MNIST, gzipped, and the cached ``.npz`` holds them as arrays."""

from __future__ import annotations

import gzip
import os
import struct
from typing import Any, Sequence

import numpy

from tapejit.dataset.download import cached_download, get_dataset_directory
from tapejit.datasets._cache import preprocess_images, retrieve

SHAPES = {1: (784,), 2: (28, 28), 3: (1, 28, 28)}
LAYOUT = "'x': uint8 images of shape (N, 784) and 'y': uint8 labels of shape (N,)"


def make_npz(path: str, urls: Sequence[str]) -> dict:
    """Read the gzipped IDX images and labels that ``urls`` name from the
    download cache, save them at ``path`` (an ``.npz`` of ``x``: uint8 (N, 784)
    and ``y``: uint8 (N,)) and return them, as Chainer's ``make_npz``.

    As Chainer, it reads the image count after the 4-byte magic number, skips
    the row and column counts and takes 784 bytes an image.

    >>> import gzip, hashlib, os, struct, tempfile
    >>> import numpy as np
    >>> from tapejit.dataset import set_dataset_root
    >>> root = tempfile.mkdtemp(); set_dataset_root(root)
    >>> os.makedirs(os.path.join(root, '_dl_cache'))
    >>> def cache(url, content):
    ...     name = hashlib.md5(url.encode()).hexdigest()
    ...     with gzip.open(os.path.join(root, '_dl_cache', name), 'wb') as f:
    ...         f.write(content)
    >>> cache('https://example.com/x.gz', struct.pack('>iiii', 2051, 2, 28, 28) + bytes(2 * 784))
    >>> cache('https://example.com/y.gz', struct.pack('>ii', 2049, 2) + bytes([3, 7]))
    >>> raw = make_npz(os.path.join(root, 'made.npz'),
    ...                ['https://example.com/x.gz', 'https://example.com/y.gz'])
    >>> raw['x'].shape, raw['y']
    ((2, 784), array([3, 7], dtype=uint8))
    >>> set_dataset_root(None)
    """
    x_url, y_url = urls
    x_path = cached_download(x_url)
    y_path = cached_download(y_url)
    with gzip.open(x_path, 'rb') as fx, gzip.open(y_path, 'rb') as fy:
        fx.read(4)
        fy.read(4)
        n, = struct.unpack('>i', fx.read(4))
        if n != struct.unpack('>i', fy.read(4))[0]:
            raise RuntimeError('wrong pair of MNIST images and labels')
        fx.read(8)
        x = numpy.frombuffer(fx.read(n * 784), dtype=numpy.uint8)
        y = numpy.frombuffer(fy.read(n), dtype=numpy.uint8)
    for what, url, got, want in (('images', x_url, x.size, n * 784), ('labels', y_url, y.size, n)):
        if got != want:
            raise ValueError(f'make_npz: {url} holds {got} bytes of {what} after its header, '
                             f'which announces {n} of them ({want} bytes)')
    x = x.reshape(n, 784).copy()  # (frombuffer's arrays are read-only)
    y = y.copy()
    numpy.savez_compressed(path, x=x, y=y)
    return {'x': x, 'y': y}


def retrieve_mnist(loader: str, dataset: str, name: str, urls: Sequence[str]) -> dict:
    """``<root>/<dataset>/<name>``'s arrays ``x`` and ``y``, made from the raw files
    ``urls`` of the download cache when the ``.npz`` is missing."""
    path = os.path.join(get_dataset_directory(dataset), name)
    # numpy.load is read at each call: a stand-in for it is then used too.
    return retrieve(loader, path, lambda tmp: make_npz(tmp, urls),
                    lambda p: numpy.load(p), ('x', 'y'), LAYOUT)


def get_mnist_like(loader: str, dataset: str, base_url: str, withlabel: bool, ndim: int,
                   scale: float, dtype: Any, label_dtype: Any, rgb_format: bool) -> tuple:
    """The training and test sets of an MNIST-like dataset whose raw files are
    ``base_url`` + ``{train,t10k}-{images-idx3,labels-idx1}-ubyte.gz``."""
    out = []
    for split, prefix in (('train.npz', 'train'), ('test.npz', 't10k')):
        urls = [f'{base_url}{prefix}-images-idx3-ubyte.gz',
                f'{base_url}{prefix}-labels-idx1-ubyte.gz']
        raw = retrieve_mnist(loader, dataset, split, urls)
        out.append(preprocess_images(loader, raw['x'], raw['y'], SHAPES, withlabel, ndim,
                                     scale, dtype, label_dtype, rgb_format))
    return tuple(out)
