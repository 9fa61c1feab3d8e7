"""A dataset of the lines of text files."""

from __future__ import annotations

import io
import threading
from typing import Any, Callable, List, Optional, Sequence, Union

from tapejit.dataset.dataset_mixin import DatasetMixin

_Option = Union[str, None, Sequence[Optional[str]]]


def _per_file(name: str, value: _Option, n: int) -> list:
    if value is None or isinstance(value, str):
        return [value] * n
    value = list(value)
    if len(value) != n:
        raise ValueError(f'TextDataset: {name} must be one value or one per file ({n}), '
                         f'got {len(value)}: length of each option must match with the '
                         f'number of text files to read')
    return value


class TextDataset(DatasetMixin):
    """The lines of a text file (``paths`` a path: each example a ``str``, its
    line ending included), or of several files read side by side (``paths`` a
    list: each example a tuple of their lines; the files must have as many
    lines).

    ``encoding``, ``errors`` and ``newline`` are :func:`open`'s, one for all
    files or a list of one per file.  ``filter_func(*lines)`` keeps the lines
    it returns True for.  The files stay open and a line is read when
    indexed (the offsets of the lines are found once, here); :meth:`close`
    closes them.  A pickled dataset keeps the offsets and opens the files
    again when unpickled.

    >>> import os, tempfile
    >>> from tapejit.datasets import TextDataset
    >>> path = os.path.join(tempfile.mkdtemp(), 'lines.txt')
    >>> with open(path, 'w') as f:
    ...     _ = f.write('hello\\nworld\\n')
    >>> ds = TextDataset(path)
    >>> len(ds), ds[1]
    (2, 'world\\n')
    >>> ds.close()
    """

    def __init__(self, paths: Union[str, Sequence[str]], encoding: _Option = None,
                 errors: _Option = None, newline: _Option = None,
                 filter_func: Optional[Callable[..., bool]] = None) -> None:
        if isinstance(paths, str):
            paths = [paths]
        elif not paths:
            raise ValueError('TextDataset: at least one text file must be specified')
        self._paths = list(paths)
        n = len(self._paths)
        self._encoding = _per_file('encoding', encoding, n)
        self._errors = _per_file('errors', errors, n)
        self._newline = _per_file('newline', newline, n)
        self._open()
        bounds: List[List[int]] = [[0] for _ in self._fps]
        lines = []
        count = 0
        while True:
            data = [fp.readline() for fp in self._fps]
            if not all(data):
                if any(data):
                    raise ValueError(f'TextDataset: the files {self._paths} do not have '
                                     f'the same number of lines')
                break
            for offsets, fp in zip(bounds, self._fps):
                offsets.append(fp.tell())
            if filter_func is None or filter_func(*data):
                lines.append(count)
            count += 1
        self._bounds = bounds
        self._lines = lines

    def _open(self) -> None:
        self._fps = [io.open(path, mode='rt', encoding=encoding, errors=errors, newline=newline)
                     for path, encoding, errors, newline
                     in zip(self._paths, self._encoding, self._errors, self._newline)]
        self._lock = threading.Lock()

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        del state['_fps'], state['_lock']
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__ = state
        self._open()

    def __len__(self) -> int:
        return len(self._lines)

    def close(self) -> None:
        """Close the files (each is tried; the last error is raised after)."""
        error = None
        for fp in self._fps:
            try:
                fp.close()
            except Exception as e:  # noqa: BLE001 - close the others first
                error = e
        if error is not None:
            raise error

    def get_example(self, i: int) -> Any:
        if not 0 <= i < len(self._lines):
            raise IndexError(f'TextDataset: index {i} out of range for {len(self._lines)} '
                             f'lines')
        line = self._lines[i]
        with self._lock:
            for offsets, fp in zip(self._bounds, self._fps):
                fp.seek(offsets[line])
            data = [fp.readline() for fp in self._fps]
        return data[0] if len(data) == 1 else tuple(data)
