"""Views of part of a dataset, and splitting a dataset in two."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.dataset.dataset_mixin import DatasetMixin


class SubDataset(DatasetMixin):
    """The examples ``start <= i < finish`` of ``dataset``, optionally reordered:
    the ``i``-th example is ``dataset[order[start + i]]``.

    >>> import numpy as np
    >>> from tapejit.datasets import SubDataset
    >>> sub = SubDataset(list(range(0, 100, 10)), 2, 5)
    >>> len(sub), sub[0], sub[-1]
    (3, 20, 40)
    >>> SubDataset([0, 10, 20, 30], 0, 2, order=[3, 1, 2, 0])[:]
    [30, 10]
    """

    def __init__(self, dataset: Any, start: int, finish: int,
                 order: Optional[Any] = None) -> None:
        if start < 0 or finish > len(dataset):
            raise ValueError(f'SubDataset: the range [{start}, {finish}) is out of the '
                             f'dataset of length {len(dataset)}')
        if order is not None and len(order) != len(dataset):
            raise ValueError(f'SubDataset: order has length {len(order)} but the dataset '
                             f'has length {len(dataset)}')
        self._dataset = dataset
        self._start = start
        self._finish = finish
        self._size = finish - start
        self._order = order

    def __len__(self) -> int:
        return self._size

    def get_example(self, i: int) -> Any:
        if i >= 0:
            if i >= self._size:
                raise IndexError('dataset index out of range')
            index = self._start + i
        else:
            if i < -self._size:
                raise IndexError('dataset index out of range')
            index = self._finish + i
        if self._order is not None:
            index = self._order[index]
        return self._dataset[index]


def _first_size(name: str, dataset: Any, first_size: int) -> int:
    n = len(dataset)
    if not 0 <= first_size <= n:
        raise ValueError(f'{name}: first_size must be in [0, {n}] for a dataset of length '
                         f'{n}, got {first_size}')
    return n


def split_dataset(dataset: Any, split_at: int, order: Optional[Any] = None) -> tuple:
    """Split ``dataset`` into the first ``split_at`` examples and the rest.

    >>> import numpy as np
    >>> from tapejit.datasets import split_dataset
    >>> a, b = split_dataset([0, 1, 2, 3, 4], 2)
    >>> a[:], b[:]
    ([0, 1], [2, 3, 4])
    """
    n = len(dataset)
    if not isinstance(split_at, (int, numpy.integer)):
        raise TypeError(f'split_dataset: split_at must be an int, got '
                        f'{type(split_at).__name__}')
    if not 0 <= split_at <= n:
        raise ValueError(f'split_dataset: split_at must be in [0, {n}] for a dataset of '
                         f'length {n}, got {split_at}')
    return SubDataset(dataset, 0, split_at, order), SubDataset(dataset, split_at, n, order)


def split_dataset_random(dataset: Any, first_size: int, seed: Optional[int] = None) -> tuple:
    """Split ``dataset`` at random into ``first_size`` examples and the rest
    (``seed`` seeds the permutation).

    >>> from tapejit.datasets import split_dataset_random
    >>> a, b = split_dataset_random(list(range(10)), 3, seed=0)
    >>> len(a), len(b), sorted(a[:] + b[:]) == list(range(10))
    (3, 7, True)
    """
    _first_size('split_dataset_random', dataset, first_size)
    return split_dataset(dataset, int(first_size), _permutation(dataset, seed))


def _permutation(dataset: Any, seed: Optional[int]) -> Any:
    """A random order of ``dataset``'s indices (``seed`` seeds it)."""
    return numpy.random.RandomState(seed).permutation(len(dataset))


def _n_subsets(name: str, n: Any) -> int:
    if not isinstance(n, (int, numpy.integer)) or n <= 0:
        raise ValueError(f'{name}: the number of subsets must be a positive int, got {n!r}')
    return int(n)


def split_dataset_n(dataset: Any, n: int, order: Optional[Any] = None) -> list:
    """``n`` subsets of ``len(dataset) // n`` examples each, one after another
    in ``order`` (the remainder is left out).

    >>> from tapejit.datasets import split_dataset_n
    >>> [s[:] for s in split_dataset_n([0, 1, 2, 3, 4, 5, 6], 3)]
    [[0, 1], [2, 3], [4, 5]]
    """
    size = len(dataset) // _n_subsets('split_dataset_n', n)
    return [SubDataset(dataset, size * i, size * (i + 1), order) for i in range(n)]


def split_dataset_n_random(dataset: Any, n: int, seed: Optional[int] = None) -> list:
    """:func:`split_dataset_n` in a random order (``seed`` seeds it).

    >>> from tapejit.datasets import split_dataset_n_random
    >>> subsets = split_dataset_n_random(list(range(7)), 3, seed=0)
    >>> [len(s) for s in subsets], len(set(sum((s[:] for s in subsets), [])))
    ([2, 2, 2], 6)
    """
    _n_subsets('split_dataset_n_random', n)
    return split_dataset_n(dataset, n, _permutation(dataset, seed))


def get_cross_validation_datasets(dataset: Any, n_folds: int,
                                  order: Optional[Any] = None) -> list:
    """``n_folds`` pairs ``(train, test)``: the test sets are the ``n_folds`` folds of
    ``order``, each training set the rest of the dataset.

    >>> from tapejit.datasets import get_cross_validation_datasets
    >>> folds = get_cross_validation_datasets([0, 1, 2, 3, 4], 2)
    >>> [(tr[:], te[:]) for tr, te in folds]
    [([0, 1], [2, 3, 4]), ([2, 3, 4], [0, 1])]
    """
    if order is None:
        order = numpy.arange(len(dataset))
    else:
        order = numpy.array(order)
    whole_size = len(dataset)
    borders = [whole_size * i // n_folds for i in range(n_folds + 1)]
    test_sizes = [borders[i + 1] - borders[i] for i in range(n_folds)]
    splits = []
    for test_size in reversed(test_sizes):
        size = whole_size - test_size
        splits.append(split_dataset(dataset, size, order))
        order = numpy.roll(order, test_size)
    return splits


def get_cross_validation_datasets_random(dataset: Any, n_folds: int,
                                         seed: Optional[int] = None) -> list:
    """:func:`get_cross_validation_datasets` over a random order (``seed`` seeds it).

    >>> from tapejit.datasets import get_cross_validation_datasets_random
    >>> folds = get_cross_validation_datasets_random(list(range(6)), 3, seed=0)
    >>> sorted(sum((te[:] for _, te in folds), []))
    [0, 1, 2, 3, 4, 5]
    """
    return get_cross_validation_datasets(dataset, n_folds, _permutation(dataset, seed))
