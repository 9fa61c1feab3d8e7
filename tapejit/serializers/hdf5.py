"""Saving and loading links and optimizers as HDF5 files, with Chainer's
layout: a group per link on the path (``/l1``), a dataset per array
(``/l1/W``); an optimizer's ``t`` and ``epoch`` at the top, its update
rules' state below each parameter (``/l1/W/m``).

h5py is optional: it is imported when one of these is first used, which
raises RuntimeError (Chainer's message) where it is not installed.

As :func:`~tapejit.serializers.load_npz` does, :func:`load_hdf5` loads all
or nothing: it reads and checks every array the object would take before it
assigns any, so a damaged or mismatched file leaves the object as it was.

>>> import os, tempfile, numpy as np
>>> from tapejit import links as L, serializers
>>> path = os.path.join(tempfile.mkdtemp(), 'linear.h5')
>>> a, b = L.Linear(2, 3), L.Linear(2, 3)
>>> serializers.save_hdf5(path, a)
>>> serializers.load_hdf5(path, b)
>>> np.array_equal(a.W.array, b.W.array)
True
"""

from __future__ import annotations

import collections.abc
import contextlib
import os
import uuid
from typing import Any, Iterator, Optional, Sequence

import numpy

from tapejit.serializers.npz import (_HDF5_MAGIC, Serializer, _load_all_or_nothing,
                                     _MappingDeserializer, _on_host, _what)

_NOT_INSTALLED = '''h5py is not installed on your environment.
Please install h5py to activate hdf5 serializers.

  $ pip install h5py'''


def _h5py() -> Any:
    """The h5py module, imported now; RuntimeError (Chainer's) where it is missing."""
    try:
        import h5py
    except ImportError as e:
        raise RuntimeError(_NOT_INSTALLED) from e
    return h5py


def _check_available() -> None:
    _h5py()


def __getattr__(name: str) -> Any:
    # Chainer's ``hdf5._available``: whether h5py can be imported (asked when
    # read, so that importing tapejit imports no h5py).
    if name == '_available':
        try:
            import h5py  # noqa: F401
        except ImportError:
            return False
        return True
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')


class HDF5Serializer(Serializer):
    """Writes into the h5py group ``group``: ``s['l1']`` is the serializer of
    its subgroup ``l1`` (made where missing); ``s('W', array)`` writes the
    dataset ``W``, gzip-compressed at level ``compression`` (None: not
    compressed) unless it holds one element at most.

    None is written as an empty dataset (``h5py.Empty``) and a string as a
    UTF-8 string; a number as a 0-d dataset.

    >>> import os, tempfile, h5py, numpy as np
    >>> from tapejit import links as L
    >>> from tapejit.serializers import HDF5Serializer
    >>> path = os.path.join(tempfile.mkdtemp(), 'model.h5')
    >>> with h5py.File(path, 'w') as f:
    ...     HDF5Serializer(f.create_group('model')).save(L.Linear(2, 3))
    ...     sorted(f['model']), f['model/W'].shape, f['model/W'].compression
    (['W', 'b'], (3, 2), 'gzip')
    """

    def __init__(self, group: Any, compression: Optional[Any] = 4) -> None:
        _check_available()
        self.group = group
        self.compression = compression

    def __getitem__(self, key: str) -> 'HDF5Serializer':
        return HDF5Serializer(self.group.require_group(key.strip('/')), self.compression)

    def __call__(self, key: str, value: Any) -> Any:
        _write(self.group, key.lstrip('/'), value, self.compression)
        return value


def _write(group: Any, key: str, value: Any, compression: Any) -> None:
    """Write ``value`` as the dataset ``key`` of ``group``."""
    h5py = _h5py()
    if value is None:
        if h5py.version.version_tuple < (2, 7, 0):
            raise RuntimeError('h5py>=2.7.0 is required to serialize None.')
        group.create_dataset(key, data=h5py.Empty('f'))
        return
    if isinstance(value, str):
        group.create_dataset(key, data=value, dtype=h5py.string_dtype())
        return
    arr = _on_host(value, copy=False)
    if arr.dtype.kind == 'U':
        group.create_dataset(key, data=arr.astype(object), dtype=h5py.string_dtype())
        return
    try:
        group.create_dataset(key, data=arr,
                             compression=None if arr.size <= 1 else compression)
    except TypeError as e:
        name = group.name.rstrip('/') + '/' + key
        raise TypeError(f'save_hdf5: {name!r} holds {arr.dtype} values, which HDF5 cannot '
                        f'store ({e})') from e


def save_hdf5(filename: Any, obj: Any, compression: Optional[Any] = 4) -> None:
    """Save ``obj`` (a link, an optimizer, a trainer; or a dict of arrays,
    each written at its key) to the HDF5 file ``filename`` (a path or a
    binary file object), gzip-compressed at level ``compression``.

    The file is written once ``obj`` is serialized whole (an error leaves
    an existing file as it was).  To write several objects into one file,
    use :class:`HDF5Serializer` on groups of an ``h5py.File``.

    >>> import os, tempfile, h5py, tapejit
    >>> from tapejit import links as L, serializers
    >>> path = os.path.join(tempfile.mkdtemp(), 'mlp.h5')
    >>> serializers.save_hdf5(path, tapejit.Chain(l1=L.Linear(4, 3), l2=L.Linear(3, 2)))
    >>> with h5py.File(path, 'r') as f:
    ...     sorted(f), sorted(f['l1']), f['l1/W'].shape
    (['l1', 'l2'], ['W', 'b'], (3, 4))
    """
    h5py = _h5py()
    # Written in memory first, the file after.
    with h5py.File(f'tapejit-{uuid.uuid4().hex}.h5', 'w', driver='core',
                   backing_store=False) as f:
        if isinstance(obj, dict):
            for key, value in obj.items():
                _write(f, key.lstrip('/'), value, compression)
        else:
            HDF5Serializer(f, compression=compression).save(obj)
        f.flush()
        image = f.id.get_file_image()
    if isinstance(filename, (str, bytes, os.PathLike)):
        with open(filename, 'wb') as out:
            out.write(image)
    else:
        filename.write(image)


class HDF5Deserializer(_MappingDeserializer):
    """Loads from the h5py group ``group``: ``d['l1']`` is the deserializer
    of its subgroup ``l1``; ``d('W', array)`` copies the dataset ``W`` into
    ``array`` (casting as HDF5 does) and returns it; ``d('W', None)`` returns
    it as a NumPy array, an empty dataset (a saved None) returns None.

    ``strict=False`` leaves values whose dataset is missing unchanged (a
    missing group too).  Beyond Chainer's arguments: ``path`` starts from a
    sub-group (``'updater/model:main/'``) and ``ignore_names`` (names or
    callables on the path, ``'l1/W'``) skips entries, as
    :class:`~tapejit.serializers.NpzDeserializer` does.

    >>> import os, tempfile, h5py, numpy as np
    >>> from tapejit import links as L
    >>> from tapejit.serializers import HDF5Deserializer
    >>> path = os.path.join(tempfile.mkdtemp(), 'linear.h5')
    >>> with h5py.File(path, 'w') as f:
    ...     _ = f.create_dataset('W', data=np.ones((1, 2))), f.create_dataset('b', data=[0.])
    >>> lin = L.Linear(2, 1)
    >>> with h5py.File(path, 'r') as f:
    ...     HDF5Deserializer(f).load(lin)
    >>> lin.W.array
    array([[1., 1.]], dtype=float32)
    """

    _who = 'load_hdf5'

    def __init__(self, group: Any, strict: bool = True, *, path: str = '',
                 ignore_names: Any = None) -> None:
        _check_available()
        entries = group if isinstance(group, _Datasets) else _Datasets(group)
        super().__init__(entries, path=path, strict=strict, ignore_names=ignore_names)

    @property
    def group(self) -> Any:
        """The h5py group this deserializer reads (None where the file has none there)."""
        return self._entries.group_at(self.path)

    def _child(self, path: str) -> 'HDF5Deserializer':
        return HDF5Deserializer(self._entries, self.strict, path=path,
                                ignore_names=self.ignore_names)

    def _missing(self, key: str) -> Exception:
        if self.group is None:
            where = '/' + self.path.strip('/')
            return _GroupNotFound(
                f'{self._who}: the group {where!r} is not in the file, so {key!r} cannot be '
                f'loaded (the file\'s top level has {_listing(self._entries.group)}); pass '
                'strict=False to skip missing entries')
        return super()._missing(key)

    def _copy_into(self, key: str, dataset: numpy.ndarray, target: Any) -> None:
        if (isinstance(target, numpy.ndarray) and target.dtype != dataset.dtype
                and target.flags.c_contiguous):
            # HDF5 converts, as Chainer has it (an integer out of range saturates).
            self._entries.read_direct(key, target)
        else:
            super()._copy_into(key, dataset, target)


class _GroupNotFound(KeyError, ValueError):
    """A group missing from the file: a KeyError as a missing dataset is,
    and the ValueError Chainer raises."""


def _listing(group: Any) -> str:
    if group is None:
        return 'nothing'
    names = sorted(group)
    return ', '.join(names[:8]) + (', ...' if len(names) > 8 else '') if names else 'nothing'


class _Datasets(collections.abc.Mapping):
    """The datasets below the h5py group ``group`` by their path there
    (``'l1/W'``), each read (and checked) once, when first asked for, and
    kept: the walk that loads takes what the checking walk read.  An empty
    dataset reads as None, a string dataset as a NumPy string."""

    def __init__(self, group: Any, name: Optional[str] = None) -> None:
        self.group = group
        self._name = name or (getattr(getattr(group, 'file', None), 'filename', None)
                              or 'the file')
        self._arrays: dict = {}

    def _node(self, key: str) -> Any:
        return None if self.group is None or not key else self.group.get(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._node(key) is not None

    def __getitem__(self, key: str) -> Any:
        if key in self._arrays:
            return self._arrays[key]
        h5py = _h5py()
        node = self._node(key)
        if node is None:
            raise KeyError(key)
        if not isinstance(node, h5py.Dataset):
            raise ValueError(f'load_hdf5: {key!r} in {self._name} is a group, not an array '
                             f'(it holds {_listing(node)})')
        try:
            if node.shape is None:
                array = None  # h5py.Empty: a saved None
            elif h5py.check_string_dtype(node.dtype) is not None:
                array = numpy.array(node.asstr()[()], dtype=str)
            else:
                array = numpy.asarray(node[()])
        except (OSError, RuntimeError, ValueError) as e:
            raise ValueError(f'load_hdf5: {key!r} in {self._name} cannot be read '
                             f'({type(e).__name__}: {e}); the file is damaged') from e
        self._arrays[key] = array
        return array

    def read_direct(self, key: str, target: numpy.ndarray) -> None:
        self.group[key].read_direct(target)

    def group_at(self, path: str) -> Any:
        """The group at ``path`` (None where there is none)."""
        path = path.strip('/')
        if self.group is None or not path:
            return self.group
        node = self.group.get(path)
        return node if isinstance(node, _h5py().Group) else None

    def __iter__(self) -> Iterator[str]:
        h5py = _h5py()
        names: list = []
        if self.group is not None:
            self.group.visititems(
                lambda name, node: names.append(name) if isinstance(node, h5py.Dataset) else None)
        return iter(names)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def load_hdf5(filename: Any, obj: Any, *, path: str = '', strict: bool = True,
              ignore_names: Optional[Sequence[Any]] = None) -> None:
    """Load ``obj`` (a link, an optimizer, a trainer) from the HDF5 file
    ``filename`` (a path or a binary file object) written by
    :func:`save_hdf5` (or by Chainer's).

    Arrays are copied into the existing ones (an uninitialized parameter takes
    the saved shape).  All or nothing: every array ``obj`` takes is read and
    checked (present, unless ``strict=False``; readable; of the target's
    shape and a dtype that casts to its own) before any is assigned, so an
    error (naming the entry) leaves ``obj`` as it was.  A file that is not
    an HDF5 file is refused, saying what it is.  Beyond Chainer's
    arguments, ``path``, ``strict`` and ``ignore_names`` are those of
    :func:`~tapejit.serializers.load_npz`.

    >>> import os, tempfile, numpy as np, tapejit
    >>> from tapejit import links as L, serializers
    >>> path = os.path.join(tempfile.mkdtemp(), 'model.h5')
    >>> serializers.save_hdf5(path, tapejit.Chain(l1=L.Linear(2, 3)))
    >>> lazy = tapejit.Chain(l1=L.Linear(None, 3))
    >>> serializers.load_hdf5(path, lazy)
    >>> lazy.l1.W.shape
    (3, 2)
    >>> wider = tapejit.Chain(l1=L.Linear(4, 3))
    >>> W = wider.l1.W.array.copy()
    >>> serializers.load_hdf5(path, wider)
    Traceback (most recent call last):
      ...
    ValueError: load_hdf5: 'l1/W' has shape (3, 2) in the file but the target has shape (3, 4)
    >>> np.array_equal(wider.l1.W.array, W)
    True
    """
    _check_available()
    with _open(filename) as f:
        _load_all_or_nothing(
            HDF5Deserializer(f, strict=strict, path=path, ignore_names=ignore_names), obj)


@contextlib.contextmanager
def _open(file: Any) -> Iterator[Any]:
    """``file`` (a path or a binary file object) opened as an HDF5 file for
    reading; a ValueError, naming it and saying what it holds, where it is
    none or is damaged."""
    h5py = _h5py()
    if isinstance(file, (str, bytes, os.PathLike)):
        name = os.fsdecode(file)
    else:
        name = str(getattr(file, 'name', None) or 'the file object')
    try:
        f = h5py.File(file, 'r')
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        raise
    except OSError as e:
        try:
            head = _head(file)
        except OSError:
            raise e from None
        if head.startswith(_HDF5_MAGIC):
            raise ValueError(f'load_hdf5: {name} is not a readable HDF5 file (damaged or '
                             f'truncated: {e})') from e
        raise ValueError(f'load_hdf5: {name} is not an HDF5 file: {_what(head)}') from e
    with f:
        yield f


def _head(file: Any) -> bytes:
    """The first bytes of ``file`` (a path or a binary file object)."""
    if isinstance(file, (str, bytes, os.PathLike)):
        with open(file, 'rb') as f:
            return f.read(16)
    file.seek(0)
    return file.read(16)
