"""Datasets derived from others: transformed examples, concatenated datasets."""

from __future__ import annotations

from typing import Any, Callable

from tapejit.dataset.dataset_mixin import DatasetMixin


class TransformDataset(DatasetMixin):
    """``transform(dataset[i])`` on access (data augmentation, preprocessing).

    >>> from tapejit.datasets import TransformDataset
    >>> ds = TransformDataset([1, 2, 3], lambda x: x * 10)
    >>> len(ds), ds[2], ds[:2]
    (3, 30, [10, 20])
    """

    def __init__(self, dataset: Any, transform: Callable) -> None:
        self._dataset = dataset
        self._transform = transform

    def __len__(self) -> int:
        return len(self._dataset)

    def get_example(self, i: int) -> Any:
        return self._transform(self._dataset[i])


class ConcatenatedDataset(DatasetMixin):
    """The examples of several datasets one after the other.

    >>> from tapejit.datasets import ConcatenatedDataset
    >>> ds = ConcatenatedDataset([1, 2], [3], [4, 5])
    >>> len(ds), ds[2], ds[-1], ds[:]
    (5, 3, 5, [1, 2, 3, 4, 5])
    """

    def __init__(self, *datasets: Any) -> None:
        self._datasets = datasets

    def __len__(self) -> int:
        return sum(len(d) for d in self._datasets)

    def get_example(self, i: int) -> Any:
        if i < 0:
            raise IndexError(f'ConcatenatedDataset: negative index {i}')
        for dataset in self._datasets:
            if i < len(dataset):
                return dataset[i]
            i -= len(dataset)
        raise IndexError('ConcatenatedDataset: index out of range')
