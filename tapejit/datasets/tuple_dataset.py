"""Datasets made of arrays: tuples (``TupleDataset``) or dicts (``DictDataset``)."""

from __future__ import annotations

from typing import Any


def _check_lengths(kind: str, items: list) -> int:
    length = len(items[0][1])
    for name, ds in items:
        if len(ds) != length:
            raise ValueError(f'{kind}: dataset {name} has length {len(ds)} but dataset '
                             f'{items[0][0]} has length {length}; all must have one length')
    return length


class TupleDataset:
    """Examples are tuples of the items at one index of each dataset.

    >>> import numpy as np
    >>> from tapejit.datasets import TupleDataset
    >>> ds = TupleDataset(np.arange(6).reshape(3, 2), [0, 1, 0])
    >>> len(ds), ds[1]
    (3, (array([2, 3]), 1))
    >>> x, t = ds[0:2][1]; x, t
    (array([2, 3]), 1)
    """

    def __init__(self, *datasets: Any) -> None:
        if not datasets:
            raise ValueError('TupleDataset: no datasets are given')
        self._length = _check_lengths('TupleDataset', list(enumerate(datasets)))
        self._datasets = datasets

    def __getitem__(self, index: Any) -> Any:
        batches = [d[index] for d in self._datasets]
        if isinstance(index, slice):
            return [tuple(b[i] for b in batches) for i in range(len(batches[0]))]
        if isinstance(index, list) or getattr(index, 'ndim', 0) > 0:
            return [tuple(b[i] for b in batches) for i in range(len(batches[0]))]
        return tuple(batches)

    def __len__(self) -> int:
        return self._length


class DictDataset:
    """Examples are dicts of the items at one index of each named dataset.

    >>> from tapejit.datasets import DictDataset
    >>> ds = DictDataset(x=[0, 1, 2], y=[0, 10, 20])
    >>> ds[2]
    {'x': 2, 'y': 20}
    >>> [e['y'] for e in ds[:2]]
    [0, 10]
    """

    def __init__(self, **datasets: Any) -> None:
        if not datasets:
            raise ValueError('DictDataset: no datasets are given')
        self._length = _check_lengths('DictDataset', list(datasets.items()))
        self._datasets = datasets

    def __getitem__(self, index: Any) -> Any:
        batches = {key: d[index] for key, d in self._datasets.items()}
        if isinstance(index, (slice, list)) or getattr(index, 'ndim', 0) > 0:
            n = len(next(iter(batches.values())))
            return [{key: b[i] for key, b in batches.items()} for i in range(n)]
        return batches

    def __len__(self) -> int:
        return self._length
