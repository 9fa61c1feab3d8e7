"""A dataset of pickled objects, one after another in a file, read when indexed."""

from __future__ import annotations

import io
import pickle
import threading
from typing import Any, BinaryIO

from tapejit.dataset.dataset_mixin import DatasetMixin


class PickleDatasetWriter:
    """Writes the examples of a :class:`PickleDataset` to ``writer`` (a binary
    file object), each pickled with ``protocol``.

    >>> import io
    >>> from tapejit.datasets import PickleDataset, PickleDatasetWriter
    >>> f = io.BytesIO()
    >>> w = PickleDatasetWriter(f)
    >>> w.write((1, 'a')); w.write([2.5]); w.flush()
    >>> ds = PickleDataset(f)
    >>> len(ds), ds[0], ds[1]
    (2, (1, 'a'), [2.5])
    """

    def __init__(self, writer: BinaryIO, protocol: int = pickle.HIGHEST_PROTOCOL) -> None:
        self._positions: list = []
        self._writer = writer
        self._protocol = protocol

    def close(self) -> None:
        """Close the file."""
        self._writer.close()

    def __enter__(self) -> 'PickleDatasetWriter':
        return self

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        self.close()

    def write(self, x: Any) -> None:
        """Append the example ``x``."""
        position = self._writer.tell()
        pickle.dump(x, self._writer, protocol=self._protocol)
        self._positions.append(position)

    def flush(self) -> None:
        """Flush the file (if it can be)."""
        if hasattr(self._writer, 'flush'):
            self._writer.flush()


def _after_fork(dataset: 'PickleDataset') -> None:
    after_fork = getattr(dataset._reader, 'after_fork', None)
    if callable(after_fork):
        after_fork()


class PickleDataset(DatasetMixin):
    """The examples pickled in ``reader`` (a binary file object that can seek),
    as :class:`PickleDatasetWriter` writes them; an example is unpickled when
    indexed (their offsets are found once, here).

    In a process forked by :mod:`multiprocessing` (the workers of a
    :class:`~tapejit.iterators.MultiprocessIterator`), a reader with an
    ``after_fork`` method (the one :func:`open_pickle_dataset` makes) reopens
    its file, so that processes do not share its position.

    >>> import io, pickle
    >>> from tapejit.datasets import PickleDataset
    >>> f = io.BytesIO(pickle.dumps('a') + pickle.dumps({'b': 2}))
    >>> ds = PickleDataset(f)
    >>> len(ds), ds[1], ds[0:2]
    (2, {'b': 2}, ['a', {'b': 2}])
    """

    def __init__(self, reader: BinaryIO) -> None:
        if not reader.seekable():
            raise ValueError('PickleDataset: the reader must support random access '
                             '(seekable() is False)')
        self._reader = reader
        self._positions = []
        reader.seek(0)
        while True:
            position = reader.tell()
            try:
                pickle.load(reader)
            except EOFError:
                break
            self._positions.append(position)
        self._lock = threading.RLock()
        self._register_hook()

    def _register_hook(self) -> None:
        from multiprocessing import util
        util.register_after_fork(self, _after_fork)

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        del state['_lock']
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()
        self._register_hook()

    def close(self) -> None:
        """Close the reader."""
        with self._lock:
            self._reader.close()

    def __enter__(self) -> 'PickleDataset':
        return self

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._positions)

    def get_example(self, i: int) -> Any:
        """The ``i``-th example, unpickled."""
        with self._lock:
            self._reader.seek(self._positions[i])
            return pickle.load(self._reader)


class _FileReader(io.RawIOBase):
    """A binary file opened by path, which reopens it after a fork
    (:meth:`after_fork`) and when unpickled."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self._path = path
        self._fp = None
        self._open()

    def _open(self) -> None:
        self._fp = open(self._path, 'rb')

    def after_fork(self) -> None:
        """Reopen the file, for a position of this process's own."""
        self.close()
        self._open()

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        del state['_fp']
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._open()

    def flush(self) -> None:
        self._fp.flush()

    def close(self) -> None:
        self._fp.close()

    def fileno(self) -> int:
        return self._fp.fileno()

    def seekable(self) -> bool:
        return self._fp.seekable()

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._fp.seek(offset, whence)

    def tell(self) -> int:
        return self._fp.tell()

    def readinto(self, b: Any) -> int:
        return self._fp.readinto(b)


def open_pickle_dataset(path: str) -> PickleDataset:
    """A :class:`PickleDataset` of the file at ``path``, open until it is
    closed (``with`` closes it).

    >>> import os, tempfile
    >>> from tapejit.datasets import open_pickle_dataset, open_pickle_dataset_writer
    >>> path = os.path.join(tempfile.mkdtemp(), 'data.pkl')
    >>> with open_pickle_dataset_writer(path) as w:
    ...     w.write((1, 2.0, 'hello')); w.write((2, 3.0, 'good-bye'))
    >>> with open_pickle_dataset(path) as ds:
    ...     ds[1]
    (2, 3.0, 'good-bye')
    """
    return PickleDataset(_FileReader(path))


def open_pickle_dataset_writer(path: str,
                               protocol: int = pickle.HIGHEST_PROTOCOL) -> PickleDatasetWriter:
    """A :class:`PickleDatasetWriter` to a new file at ``path``, open until it
    is closed (``with`` closes it); see :func:`open_pickle_dataset`.

    >>> import os, tempfile
    >>> from tapejit.datasets import open_pickle_dataset_writer
    >>> with open_pickle_dataset_writer(os.path.join(tempfile.mkdtemp(), 'a.pkl')) as w:
    ...     w.write('x')
    """
    return PickleDatasetWriter(open(path, 'wb'), protocol=protocol)
