"""The base of datasets that compute their examples (Chainer's ``DatasetMixin``)."""

from __future__ import annotations

from typing import Any

import numpy


class DatasetMixin:
    """Indexing for a dataset that implements ``__len__`` and ``get_example(i)``.

    ``dataset[i]`` calls ``get_example(i)``; a slice, a list or an integer array
    of indices gives a list of examples.

    >>> from tapejit.dataset import DatasetMixin
    >>> class Squares(DatasetMixin):
    ...     def __len__(self):
    ...         return 5
    ...     def get_example(self, i):
    ...         return i * i
    >>> d = Squares()
    >>> d[3], d[-1], d[1:4], d[[0, 2]]
    (9, 16, [1, 4, 9], [0, 4])
    """

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            current, stop, step = index.indices(len(self))
            return [self.get_example(i) for i in range(current, stop, step)]
        if isinstance(index, list) or (isinstance(index, numpy.ndarray) and index.ndim > 0):
            return [self.get_example(int(i)) for i in index]
        i = int(index)
        n = len(self)
        if not -n <= i < n:
            raise IndexError(f'{type(self).__name__}: index {i} is out of range for a dataset '
                             f'of length {n}')
        return self.get_example(i + n if i < 0 else i)

    def __len__(self) -> int:
        raise NotImplementedError(f'{type(self).__name__}.__len__ is not implemented')

    def get_example(self, i: int) -> Any:
        """The ``i``-th example (``0 <= i < len(self)``)."""
        raise NotImplementedError(f'{type(self).__name__}.get_example is not implemented')
