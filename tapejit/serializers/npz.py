"""Saving and loading links and optimizers as NumPy ``.npz`` files, with
Chainer's key layout (``'l1/W'``, ``'l1/b'``; an optimizer's ``'t'``,
``'epoch'``, ``'l1/W/m'``...).

:func:`load_npz` loads all or nothing: it reads and checks every array the
object would take from the file before it assigns any, so a damaged or
mismatched file leaves the link or optimizer as it was."""

from __future__ import annotations

import collections.abc
import contextlib
import copy
import os
import zipfile
import zlib
from typing import Any, Iterator, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.variable import Variable


class Serializer:
    """Base of serializers: ``s[key]`` is the child serializer at ``key``;
    ``s(key, value)`` saves ``value`` (and returns it).

    >>> from tapejit.serializers import DictionarySerializer, Serializer
    >>> issubclass(DictionarySerializer, Serializer)
    True
    """

    def __getitem__(self, key: str) -> 'Serializer':
        raise NotImplementedError

    def __call__(self, key: str, value: Any) -> Any:
        raise NotImplementedError

    def save(self, obj: Any) -> None:
        """Serialize ``obj`` (a link or an optimizer) into this serializer."""
        obj.serialize(self)


class Deserializer(Serializer):
    """Base of deserializers: ``d(key, value)`` loads into ``value`` and returns it.

    >>> from tapejit.serializers import Deserializer, NpzDeserializer
    >>> issubclass(NpzDeserializer, Deserializer)
    True
    """

    def load(self, obj: Any) -> None:
        """Load ``obj``'s arrays and values from this deserializer."""
        obj.serialize(self)


class DictionarySerializer(Serializer):
    """Collects arrays into a flat dictionary ``{'path/key': numpy array}``.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> from tapejit.serializers import DictionarySerializer
    >>> s = DictionarySerializer()
    >>> s.save(L.Linear(2, 3))
    >>> sorted(s.target)
    ['W', 'b']
    """

    def __init__(self, target: Optional[dict] = None, path: str = '') -> None:
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key: str) -> 'DictionarySerializer':
        key = key.strip('/')
        return DictionarySerializer(self.target, self.path + key + '/')

    def __call__(self, key: str, value: Any) -> Any:
        key = key.lstrip('/')
        if value is None:
            # An uninitialized parameter: nothing to save (it takes its shape from
            # the file when one is loaded into it).
            return value
        # (A copy: later updates stay out.)
        self.target[self.path + key] = _on_host(value, copy=True)
        return value


def _on_host(value: Any, copy: bool) -> numpy.ndarray:
    """``value`` (an array on any device, a Variable, a number) as a NumPy
    array; ``copy``: one of its own."""
    arr = value._data if isinstance(value, Variable) else value
    if backends.is_array(arr):
        arr = backends.CPU.send(arr)
        return numpy.array(arr) if copy else numpy.asarray(arr)
    return numpy.asarray(arr)


class _MappingDeserializer(Deserializer):
    """What the deserializers of tapejit's file formats share: loading from
    ``entries``, a mapping from paths below the loaded object (``'l1/W'``)
    to arrays (None: Chainer's record of an uninitialized parameter), from
    ``path`` on, with ``strict`` and ``ignore_names`` as
    :class:`NpzDeserializer` has them."""

    # Whether values are assigned (False: the file is only checked, see
    # _load_all_or_nothing); a child (``d['l1']``) takes its parent's.
    _assigns = True
    # Who is loading, for the error messages.
    _who = 'load_npz'

    def __init__(self, entries: Any, path: str = '', strict: bool = True,
                 ignore_names: Any = None) -> None:
        self._entries = entries
        self.path = path
        self.strict = strict
        if ignore_names is None:
            ignore_names = []
        elif isinstance(ignore_names, str) or callable(ignore_names):
            ignore_names = [ignore_names]
        self.ignore_names = list(ignore_names)

    def __getitem__(self, key: str) -> '_MappingDeserializer':
        child = self._child(self.path + key.strip('/') + '/')
        child._assigns = self._assigns
        return child

    def _child(self, path: str) -> '_MappingDeserializer':
        """The deserializer of the sub-tree at ``path``, reading the same file."""
        raise NotImplementedError

    def _ignored(self, key: str) -> bool:
        for name in self.ignore_names:
            if (callable(name) and name(key)) or name == key:
                return True
        return False

    def __call__(self, key: str, value: Any) -> Any:
        key = self.path + key.lstrip('/')
        if self._ignored(key):
            return value
        if key not in self._entries:
            if not self.strict:
                return value
            raise self._missing(key)
        raw = self._entries[key]
        if raw is None or _is_pickled_none(raw):
            # Chainer's record of an uninitialized parameter (a pickled None, in a
            # file the caller opened with allow_pickle=True; an empty HDF5
            # dataset): nothing to load.
            return None if self._assigns else value
        dataset = numpy.asarray(raw)
        if value is None:
            return dataset if self._assigns else None
        target = value._data if isinstance(value, Variable) else value
        if backends.is_array(target):
            _check_array(key, dataset, target, self._who)
            if self._assigns:
                self._copy_into(key, dataset, target)
            return value
        if isinstance(value, (bool, numpy.bool_)):
            loaded = bool(dataset)
        else:
            loaded = _scalar(key, dataset, type(value), self._who)
        # (A string comes back even when only checking: callers parse it, a
        # log kept as JSON, before they ask for the next value.)
        return loaded if self._assigns or isinstance(value, str) else value

    def _missing(self, key: str) -> Exception:
        """The error for ``key`` missing from the file (strict loading)."""
        keys = sorted(self._entries.keys()) if hasattr(self._entries, 'keys') else []
        shown = ', '.join(keys[:8]) + (', ...' if len(keys) > 8 else '')
        return KeyError(f'{self._who}: {key!r} is not in the file (it has {shown}); pass '
                        'strict=False to skip missing entries')

    def _copy_into(self, key: str, dataset: numpy.ndarray, target: Any) -> None:
        """Copy the checked array ``dataset`` (the file's ``key``) into ``target``."""
        if isinstance(target, numpy.ndarray):
            numpy.copyto(target, dataset, casting='same_kind')
        else:
            target.set(numpy.asarray(dataset, dtype=target.dtype))


class NpzDeserializer(_MappingDeserializer):
    """Loads values from an opened ``.npz`` file (or any mapping of arrays).

    ``strict=False`` leaves values whose key is missing unchanged;
    ``ignore_names`` (names or callables on the key) skips keys.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> from tapejit.serializers import NpzDeserializer
    >>> lin = L.Linear(2, 1)
    >>> NpzDeserializer({'W': np.ones((1, 2)), 'b': np.zeros(1)}).load(lin)
    >>> lin.W.array
    array([[1., 1.]], dtype=float32)
    """

    def __init__(self, npz: Any, path: str = '', strict: bool = True,
                 ignore_names: Any = None) -> None:
        super().__init__(npz, path, strict, ignore_names)

    @property
    def npz(self) -> Any:
        """The opened ``.npz`` file (or mapping) values are loaded from."""
        return self._entries

    @npz.setter
    def npz(self, npz: Any) -> None:
        self._entries = npz

    def _child(self, path: str) -> 'NpzDeserializer':
        return NpzDeserializer(self._entries, path, strict=self.strict,
                               ignore_names=self.ignore_names)


def _is_pickled_none(raw: Any) -> bool:
    return (isinstance(raw, numpy.ndarray) and raw.dtype == object and raw.shape == ()
            and raw[()] is None)


def _load_all_or_nothing(deserializer: _MappingDeserializer, obj: Any) -> None:
    """Load ``obj`` from ``deserializer`` all or nothing: a first walk that
    only checks, then the one that loads (an object assigns what a
    deserializer returns as it goes).

    The checking walk is a copy of ``deserializer`` raising what it raises
    but assigning nothing: an array is not copied into, an uninitialized
    parameter or update rule is not given one, and a value comes back as it
    was.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> from tapejit.serializers import NpzDeserializer
    >>> lin = L.Linear(2, 1)
    >>> W = lin.W.array.copy()
    >>> d = NpzDeserializer({'W': np.ones((1, 2)), 'b': np.zeros(2)})
    >>> _load_all_or_nothing(d, lin)
    Traceback (most recent call last):
      ...
    ValueError: load_npz: 'b' has shape (2,) in the file but the target has shape (1,)
    >>> np.array_equal(lin.W.array, W)
    True
    """
    checking = copy.copy(deserializer)
    checking._assigns = False
    checking.load(obj)
    deserializer.load(obj)


def _check_array(key: str, dataset: Any, target: Any, who: str = 'load_npz') -> None:
    """Raise where the array ``dataset`` cannot be copied into ``target``
    (a NumPy array as ``numpy.copyto`` does, casting within a kind at
    most; another device's array takes any number)."""
    if target.shape != dataset.shape:
        raise ValueError(f'{who}: {key!r} has shape {dataset.shape} in the file '
                         f'but the target has shape {target.shape}')
    if isinstance(target, numpy.ndarray):
        ok = numpy.can_cast(dataset.dtype, target.dtype, casting='same_kind')
    else:
        ok = dataset.dtype.kind in 'biufc'
    if not ok:
        raise TypeError(f'{who}: {key!r} holds {dataset.dtype} in the file, which '
                        f'cannot be loaded into the target\'s {target.dtype}')


def _scalar(key: str, dataset: Any, value_type: type, who: str = 'load_npz') -> Any:
    """``dataset`` as a ``value_type`` scalar, refusing a lossy cast as Chainer does
    (an integer into a Python int is always exact)."""
    if (issubclass(dataset.dtype.type, numpy.number)
            and not (issubclass(dataset.dtype.type, numpy.integer) and value_type is int)
            and not numpy.can_cast(dataset.dtype, value_type, casting='safe')):
        raise TypeError(f'{who}: {key!r} holds {dataset.dtype} in the file, which '
                        f'cannot be loaded safely into a {value_type.__name__}')
    return value_type(dataset.item() if dataset.ndim == 0 else dataset)


def serialize(obj: Any) -> dict:
    """The arrays of ``obj`` (a link or an optimizer) as a dict ``{'path/key': array}``.

    >>> from tapejit import links as L
    >>> from tapejit.serializers.npz import serialize
    >>> sorted(serialize(L.Linear(2, 3)))
    ['W', 'b']
    """
    s = DictionarySerializer()
    s.save(obj)
    return s.target


def save_npz(file: Any, obj: Any, compression: bool = True) -> None:
    """Save the arrays of ``obj`` (a link or an optimizer) to ``file`` (``.npz``).

    >>> import io, numpy as np
    >>> from tapejit import links as L, serializers
    >>> a, b = L.Linear(2, 3), L.Linear(2, 3)
    >>> f = io.BytesIO()
    >>> serializers.save_npz(f, a); _ = f.seek(0)
    >>> serializers.load_npz(f, b)
    >>> np.array_equal(a.W.array, b.W.array)
    True
    """
    s = DictionarySerializer()
    s.save(obj)
    if isinstance(file, str):
        with open(file, 'wb') as f:
            _write(f, s.target, compression)
    else:
        _write(file, s.target, compression)


def _write(f: Any, target: dict, compression: bool) -> None:
    if compression:
        numpy.savez_compressed(f, **target)
    else:
        numpy.savez(f, **target)


def load_npz(file: Any, obj: Any, path: str = '', strict: bool = True,
             ignore_names: Optional[Sequence[Any]] = None) -> None:
    """Load ``obj`` (a link or an optimizer) from an ``.npz`` file written by
    :func:`save_npz` (a path or a binary file object); ``path`` selects a
    sub-tree (``'updater/model:main/'``).

    Arrays are copied into the existing ones (an uninitialized parameter takes
    the saved shape).  All or nothing: every array ``obj`` takes is read
    and checked (present, unless ``strict=False``; readable; of the target's
    shape and a dtype that casts to its own) before any is assigned, so an
    error (naming the key) leaves ``obj`` as it was.  A file that is not an
    ``.npz`` archive is refused, saying what it is.

    >>> import io, numpy as np, tapejit
    >>> from tapejit import links as L, serializers
    >>> f = io.BytesIO()
    >>> serializers.save_npz(f, tapejit.Chain(l1=L.Linear(2, 3))); _ = f.seek(0)
    >>> lazy = tapejit.Chain(l1=L.Linear(None, 3))
    >>> serializers.load_npz(f, lazy)
    >>> lazy.l1.W.shape
    (3, 2)
    >>> wider = tapejit.Chain(l1=L.Linear(4, 3)); _ = f.seek(0)
    >>> W = wider.l1.W.array.copy()
    >>> serializers.load_npz(f, wider)
    Traceback (most recent call last):
      ...
    ValueError: load_npz: 'l1/W' has shape (3, 2) in the file but the target has shape (3, 4)
    >>> np.array_equal(wider.l1.W.array, W)
    True
    """
    with _open_archive(file) as archive:
        _load_all_or_nothing(
            NpzDeserializer(archive, path=path, strict=strict, ignore_names=ignore_names), obj)


# The first bytes of a zip archive (of entries, or empty), which an .npz is.
_ZIP_MAGIC = (b'PK\x03\x04', b'PK\x05\x06')
# The signature an HDF5 file starts with.
_HDF5_MAGIC = b'\x89HDF\r\n\x1a\n'


class _Archive(collections.abc.Mapping):
    """The arrays of an opened ``.npz`` archive (``npz``, from the file
    ``name``), each read and checked (its CRC, its header) once, when first
    asked for, and kept: the walk that loads takes what the checking walk
    read."""

    def __init__(self, npz: Any, name: str) -> None:
        self._npz = npz
        self._name = name
        self._arrays: dict = {}

    def __getitem__(self, key: str) -> Any:
        if key in self._arrays:
            return self._arrays[key]
        if key not in self._npz:
            raise KeyError(key)
        try:
            array = self._npz[key]
        except ValueError as e:
            if 'allow_pickle' not in str(e):
                raise _damaged(key, self._name, e) from e
            raise ValueError(f'load_npz: {key!r} in {self._name} holds Python objects '
                             f'(pickled), which load_npz does not load') from None
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as e:
            raise _damaged(key, self._name, e) from e
        self._arrays[key] = array
        return array

    def __contains__(self, key: object) -> bool:
        return key in self._npz

    def __iter__(self) -> Iterator[str]:
        return iter(self._npz.files)

    def __len__(self) -> int:
        return len(self._npz.files)


def _damaged(key: str, name: str, e: BaseException) -> ValueError:
    return ValueError(f'load_npz: {key!r} in {name} cannot be read ({type(e).__name__}: {e}); '
                      f'the file is damaged')


@contextlib.contextmanager
def _open_archive(file: Any) -> Iterator[_Archive]:
    """``file`` (a path or a binary file object) opened as an ``.npz``
    archive; a ValueError, naming it and saying what it holds, where it is
    none or is damaged."""
    if isinstance(file, (str, bytes, os.PathLike)):
        name = os.fsdecode(file)
        f = open(file, 'rb')
    else:
        name, f = str(getattr(file, 'name', None) or 'the file object'), file
    try:
        head = f.read(16)
        f.seek(-len(head), 1)
        if not head.startswith(_ZIP_MAGIC):
            raise ValueError(f'load_npz: {name} is not an .npz archive: {_what(head)}')
        try:
            npz = numpy.load(f, allow_pickle=False)
        except (zipfile.BadZipFile, zlib.error, ValueError, EOFError, OSError) as e:
            raise ValueError(f'load_npz: {name} is not a readable .npz archive (damaged or '
                             f'truncated: {e})') from e
        with npz:
            yield _Archive(npz, name)
    finally:
        if f is not file:
            f.close()


def _what(head: bytes) -> str:
    """What a file starting with ``head`` (its first bytes) holds, in words."""
    if not head:
        return 'it is empty'
    if head.startswith(b'\x93NUMPY'):
        return 'it holds a single array (.npy, written by numpy.save; numpy.load reads it)'
    if head.startswith(_HDF5_MAGIC):
        return 'it is an HDF5 file (written by save_hdf5; load_hdf5 reads it)'
    if head.startswith(_ZIP_MAGIC):
        return 'it is a zip archive (an .npz, written by save_npz; load_npz reads it)'
    if head[:1] == b'\x80':
        return 'it holds a pickle'
    for cut in range(4):  # (the last character may be cut short)
        try:
            text = head[:len(head) - cut].decode('utf-8')
        except UnicodeDecodeError:
            continue
        if text and all(c.isprintable() or c in '\t\r\n' for c in text):
            return f'it starts with the text {text!r}'
        break
    return f'it starts with the bytes {head[:8].hex(" ")}'
