"""A download cache of synthetic raw files for Chainer's dataset loaders.

Chainer's tests of ``get_mnist``, ``get_fashion_mnist``, ``get_kuzushiji_mnist``,
``get_cifar10``, ``get_cifar100`` and ``get_svhn`` (``datasets_tests/test_mnist.py``,
``test_cifar.py``, ``test_svhn.py``) let each loader download its raw files and
make its ``.npz``. Without a network, the files are put beforehand where
``cached_download`` finds them, ``<root>/_dl_cache/<MD5 hex digest of the
URL>``, in the published formats: gzipped IDX files for the MNIST-likes, the
python archives of pickled batches for CIFAR. The loaders then make the
``.npz`` from them as from the real files (Chainer's own loaders as well as
tapejit's: run Chainer's tests with ``CHAINER_DATASET_ROOT=<root>``).

The images are few (MNIST-likes: 200 training and 100 test images), except
for CIFAR-10, whose loader takes exactly five training batches and a test
batch of 10000 images each; each channel of these is flat, so that the
archive and the ``.npz`` compress fast. SVHN: 20 training, 10 test and 10
extra images. Every image has the published shape (28x28, 3x32x32, 32x32x3
for SVHN's).

Usage: ``python synthetic_datasets.py ROOT`` writes the cache under ``ROOT``.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import pathlib
import pickle
import struct
import sys
import tarfile

import numpy

MNIST_URLS = {
    'mnist': 'http://yann.lecun.com/exdb/mnist/',
    'fashion-mnist': 'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/',
    'kuzushiji_mnist': 'http://codh.rois.ac.jp/kmnist/dataset/kmnist/',
}
CIFAR_URL = 'https://www.cs.toronto.edu/~kriz/{}-python.tar.gz'
N_MNIST = {'train': 200, 't10k': 100}
N_CIFAR100 = {'train': 200, 'test': 100}
SVHN_URL = 'http://ufldl.stanford.edu/housenumbers/{}_32x32.mat'
N_SVHN = {'train': 20, 'test': 10, 'extra': 10}


def cache_path(root: pathlib.Path, url: str) -> pathlib.Path:
    """Where ``cached_download(url)`` looks (Chainer's and tapejit's)."""
    return root / '_dl_cache' / hashlib.md5(url.encode('utf-8')).hexdigest()


def idx_images(images: numpy.ndarray) -> bytes:
    """The IDX file of uint8 images (N, rows, cols): magic 2051, then the sizes."""
    n, rows, cols = images.shape
    return struct.pack('>iiii', 2051, n, rows, cols) + images.astype(numpy.uint8).tobytes()


def idx_labels(labels: numpy.ndarray) -> bytes:
    """The IDX file of uint8 labels (N,): magic 2049, then the count."""
    return struct.pack('>ii', 2049, len(labels)) + labels.astype(numpy.uint8).tobytes()


def _flat_images(rng: numpy.random.RandomState, n: int) -> numpy.ndarray:
    """(n, 3072) uint8 images of shape (3, 32, 32), each channel of one random
    value (what makes 60000 of them compress fast)."""
    channels = rng.randint(0, 256, (n, 3, 1)).astype(numpy.uint8)
    return numpy.repeat(channels, 1024, axis=2).reshape(n, 3072)


def _add(tar: tarfile.TarFile, name: str, obj: object) -> None:
    # Protocol 2, the published batches' (pickled by Python 2).
    data = pickle.dumps(obj, protocol=2)
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _write_tar_gz(path: pathlib.Path, members: list) -> None:
    # compresslevel 1: the flat images compress about as well, much faster.
    with open(path, 'wb') as raw, gzip.GzipFile(fileobj=raw, mode='wb', compresslevel=1,
                                                mtime=0) as gz:
        with tarfile.open(fileobj=gz, mode='w') as tar:
            for name, obj in members:
                _add(tar, name, obj)


def write_download_cache(root: pathlib.Path, seed: int = 0) -> dict[str, pathlib.Path]:
    """Write the synthetic raw files of every URL the six loaders fetch into
    ``root``'s download cache; returns ``{url: path}``."""
    rng = numpy.random.RandomState(seed)
    root = pathlib.Path(root)
    (root / '_dl_cache').mkdir(parents=True, exist_ok=True)
    written = {}
    for base in MNIST_URLS.values():
        for prefix, n in N_MNIST.items():
            images = rng.randint(0, 256, (n, 28, 28))
            labels = rng.randint(0, 10, n)
            for kind, content in (('images-idx3', idx_images(images)),
                                  ('labels-idx1', idx_labels(labels))):
                url = f'{base}{prefix}-{kind}-ubyte.gz'
                path = cache_path(root, url)
                with gzip.GzipFile(path, 'wb', mtime=0) as f:
                    f.write(content)
                written[url] = path

    url = CIFAR_URL.format('cifar-10')
    members = []
    for i, name in enumerate([f'data_batch_{k}' for k in range(1, 6)] + ['test_batch']):
        batch = 'testing batch 1 of 1' if name == 'test_batch' else f'training batch {i + 1} of 5'
        members.append((f'cifar-10-batches-py/{name}', {
            'batch_label': batch, 'labels': rng.randint(0, 10, 10000).tolist(),
            'data': _flat_images(rng, 10000),
            'filenames': [f'synthetic_{i}_{j}.png' for j in range(10000)]}))
    members.append(('cifar-10-batches-py/batches.meta', {
        'num_cases_per_batch': 10000, 'num_vis': 3072,
        'label_names': ['airplane', 'automobile', 'bird', 'cat', 'deer', 'dog', 'frog', 'horse',
                        'ship', 'truck']}))
    written[url] = cache_path(root, url)
    _write_tar_gz(written[url], members)

    url = CIFAR_URL.format('cifar-100')
    members = []
    for name, n in N_CIFAR100.items():
        fine = rng.randint(0, 100, n)
        members.append((f'cifar-100-python/{name}', {
            'batch_label': f'{name}ing batch 1 of 1',  # training, testing
            'fine_labels': fine.tolist(), 'coarse_labels': (fine // 5).tolist(),
            'data': rng.randint(0, 256, (n, 3072)).astype(numpy.uint8),
            'filenames': [f'synthetic_{name}_{j}.png' for j in range(n)]}))
    members.append(('cifar-100-python/meta', {
        'fine_label_names': [f'fine_{k}' for k in range(100)],
        'coarse_label_names': [f'coarse_{k}' for k in range(20)]}))
    written[url] = cache_path(root, url)
    _write_tar_gz(written[url], members)

    try:
        from scipy import io
    except ImportError:
        return written
    for name, n in N_SVHN.items():
        # The published layout: 'X' uint8 (32, 32, 3, N), 'y' labels 1-10 (10: the digit 0)
        # as doubles of shape (N, 1).
        url = SVHN_URL.format(name)
        written[url] = cache_path(root, url)
        with open(written[url], 'wb') as f:
            io.savemat(f, {'X': rng.randint(0, 256, (32, 32, 3, n)).astype(numpy.uint8),
                           'y': rng.randint(1, 11, (n, 1)).astype(numpy.float64)})
    return written


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__.rsplit('Usage: ', 1)[1])
    for url, path in write_download_cache(pathlib.Path(sys.argv[1])).items():
        print(f'{path}  {url}')
