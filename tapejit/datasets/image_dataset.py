"""Datasets of image files, in a directory or in zip archives (read with Pillow,
imported when an image is first read)."""

from __future__ import annotations

import bisect
import importlib.util
import io
import os
import threading
import zipfile
from typing import Any, Sequence, Tuple, Union

import numpy

from tapejit.core.config import get_dtype
from tapejit.dataset.dataset_mixin import DatasetMixin

#: Whether Pillow can be imported (the datasets of this module need it).
available = importlib.util.find_spec('PIL') is not None


def _check_pillow_availability() -> None:
    if not available:
        raise ImportError('The image datasets read images with Pillow, which cannot be '
                          'imported: install Pillow (pip install Pillow, or tapejit[image])')


def _read_image_as_array(path_or_file: Any, dtype: numpy.dtype) -> numpy.ndarray:
    """The image as an array ``(channels, height, width)`` of ``dtype`` (one
    channel for a greyscale image)."""
    from PIL import Image
    with Image.open(path_or_file) as f:
        image = numpy.asarray(f, dtype=dtype)
    if image.ndim == 2:
        image = image[..., None]
    return image.transpose(2, 0, 1)


def _read_pairs(path: str) -> list:
    pairs = []
    with open(path) as f:
        for i, line in enumerate(f):
            pair = line.strip().split()
            if len(pair) != 2:
                raise ValueError(f'invalid format at line {i} in file {path}: expected '
                                 f'"path label", got {line.strip()!r}')
            pairs.append((pair[0], int(pair[1])))
    return pairs


class ImageDataset(DatasetMixin):
    """The images at ``paths`` (a list of paths, or a text file of one path a
    line), relative to ``root``, each read when indexed as an array
    ``(channels, height, width)`` of ``dtype`` (default: ``tapejit.config.dtype``).
    Needs Pillow.

    >>> import os, tempfile, numpy as np
    >>> from PIL import Image
    >>> from tapejit.datasets import ImageDataset
    >>> root = tempfile.mkdtemp()
    >>> Image.fromarray(np.zeros((2, 3, 3), np.uint8)).save(os.path.join(root, 'a.png'))
    >>> ds = ImageDataset(['a.png'], root=root)
    >>> ds[0].shape, ds[0].dtype
    ((3, 2, 3), dtype('float32'))
    """

    def __init__(self, paths: Union[str, Sequence[str]], root: str = '.',
                 dtype: Any = None) -> None:
        _check_pillow_availability()
        if isinstance(paths, str):
            with open(paths) as f:
                paths = [line.strip() for line in f]
        self._paths = paths
        self._root = root
        self._dtype = get_dtype(dtype)

    def __len__(self) -> int:
        return len(self._paths)

    def get_example(self, i: int) -> numpy.ndarray:
        return _read_image_as_array(os.path.join(self._root, self._paths[i]), self._dtype)


class LabeledImageDataset(DatasetMixin):
    """Pairs ``(image, label)``: ``pairs`` is a list of ``(path, int label)`` or a
    text file of ``path label`` lines (Caffe's format), paths relative to
    ``root``; the image as :class:`ImageDataset` reads it, the label a 0-d
    array of ``label_dtype``.  Needs Pillow.

    >>> import os, tempfile, numpy as np
    >>> from PIL import Image
    >>> from tapejit.datasets import LabeledImageDataset
    >>> root = tempfile.mkdtemp()
    >>> Image.fromarray(np.zeros((2, 3), np.uint8)).save(os.path.join(root, 'a.png'))
    >>> image, label = LabeledImageDataset([('a.png', 7)], root=root)[0]
    >>> image.shape, label
    ((1, 2, 3), array(7, dtype=int32))
    """

    def __init__(self, pairs: Union[str, Sequence[Tuple[str, int]]], root: str = '.',
                 dtype: Any = None, label_dtype: Any = numpy.int32) -> None:
        _check_pillow_availability()
        if isinstance(pairs, str):
            pairs = _read_pairs(pairs)
        self._pairs = pairs
        self._root = root
        self._dtype = get_dtype(dtype)
        self._label_dtype = label_dtype

    def __len__(self) -> int:
        return len(self._pairs)

    def get_example(self, i: int) -> tuple:
        path, label = self._pairs[i]
        image = _read_image_as_array(os.path.join(self._root, path), self._dtype)
        return image, numpy.array(label, dtype=self._label_dtype)


class ZippedImageDataset(DatasetMixin):
    """The images of the zip archive ``zipfilename`` (every file of it, in the
    archive's order), read as :class:`ImageDataset` reads them; indexed by
    position or by name in the archive.  Each process opens the archive for
    itself (also when unpickled).  Needs Pillow.

    >>> import io, os, tempfile, zipfile, numpy as np
    >>> from PIL import Image
    >>> from tapejit.datasets import ZippedImageDataset
    >>> path = os.path.join(tempfile.mkdtemp(), 'images.zip')
    >>> png = io.BytesIO(); Image.fromarray(np.zeros((2, 3), np.uint8)).save(png, 'PNG')
    >>> with zipfile.ZipFile(path, 'w') as z:
    ...     z.writestr('a.png', png.getvalue())
    >>> ds = ZippedImageDataset(path)
    >>> len(ds), ds[0].shape, ds.get_example('a.png').shape
    (1, (1, 2, 3), (1, 2, 3))
    """

    def __init__(self, zipfilename: str, dtype: Any = None) -> None:
        _check_pillow_availability()
        self._zipfilename = zipfilename
        self._zf = zipfile.ZipFile(zipfilename)
        self._zf_pid = os.getpid()
        self._dtype = get_dtype(dtype)
        self._paths = [name for name in self._zf.namelist() if not name.endswith('/')]
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._paths)

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        state['_zf'] = None
        state['_lock'] = None
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__ = state
        self._lock = threading.Lock()

    def get_example(self, i_or_filename: Union[int, str]) -> numpy.ndarray:
        if isinstance(i_or_filename, str):
            name = i_or_filename
        else:
            name = self._paths[i_or_filename]
        with self._lock:
            if self._zf is None or self._zf_pid != os.getpid():
                self._zf_pid = os.getpid()
                self._zf = zipfile.ZipFile(self._zipfilename)
            data = self._zf.read(name)
        return _read_image_as_array(io.BytesIO(data), self._dtype)


class LabeledZippedImageDataset(DatasetMixin):
    """Pairs ``(image, label)`` of the zip archive ``zipfilename``: the text file
    ``labelfilename`` has a ``name label`` line per example, ``name`` a file
    of the archive; images as :class:`ZippedImageDataset` reads them, labels
    as :class:`LabeledImageDataset`'s.  Needs Pillow.

    >>> import io, os, tempfile, zipfile, numpy as np
    >>> from PIL import Image
    >>> from tapejit.datasets import LabeledZippedImageDataset
    >>> root = tempfile.mkdtemp()
    >>> png = io.BytesIO(); Image.fromarray(np.zeros((2, 3), np.uint8)).save(png, 'PNG')
    >>> with zipfile.ZipFile(os.path.join(root, 'images.zip'), 'w') as z:
    ...     z.writestr('a.png', png.getvalue())
    >>> with open(os.path.join(root, 'labels.txt'), 'w') as f:
    ...     _ = f.write('a.png 3\\n')
    >>> ds = LabeledZippedImageDataset(os.path.join(root, 'images.zip'),
    ...                                os.path.join(root, 'labels.txt'))
    >>> ds[0][0].shape, ds[0][1]
    ((1, 2, 3), array(3, dtype=int32))
    """

    def __init__(self, zipfilename: str, labelfilename: str, dtype: Any = None,
                 label_dtype: Any = numpy.int32) -> None:
        _check_pillow_availability()
        self._pairs = _read_pairs(labelfilename)
        self._label_dtype = label_dtype
        self._zipfile = ZippedImageDataset(zipfilename, dtype=dtype)

    def __len__(self) -> int:
        return len(self._pairs)

    def get_example(self, i: int) -> tuple:
        name, label = self._pairs[i]
        return self._zipfile.get_example(name), numpy.array(label, dtype=self._label_dtype)


class MultiZippedImageDataset(DatasetMixin):
    """The images of several zip archives, one after another, each read as
    :class:`ZippedImageDataset` reads them.  Needs Pillow.

    >>> import io, os, tempfile, zipfile, numpy as np
    >>> from PIL import Image
    >>> from tapejit.datasets import MultiZippedImageDataset
    >>> root = tempfile.mkdtemp()
    >>> paths = []
    >>> for n in (1, 2):
    ...     paths.append(os.path.join(root, f'{n}.zip'))
    ...     with zipfile.ZipFile(paths[-1], 'w') as z:
    ...         for k in range(n):
    ...             png = io.BytesIO()
    ...             Image.fromarray(np.full((1, 1), k, np.uint8)).save(png, 'PNG')
    ...             z.writestr(f'{k}.png', png.getvalue())
    >>> ds = MultiZippedImageDataset(paths)
    >>> len(ds), ds[2].ravel()
    (3, array([1.], dtype=float32))
    """

    def __init__(self, zipfilenames: Sequence[str], dtype: Any = None) -> None:
        self._zfs = [ZippedImageDataset(name, dtype) for name in zipfilenames]
        self._starts = [0]
        for zf in self._zfs:
            self._starts.append(self._starts[-1] + len(zf))

    def __len__(self) -> int:
        return self._starts[-1]

    def get_example(self, i: int) -> numpy.ndarray:
        k = bisect.bisect(self._starts, i) - 1
        return self._zfs[k].get_example(i - self._starts[k])
