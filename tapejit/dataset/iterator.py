"""The base of dataset iterators (Chainer's ``chainer.dataset.Iterator``)."""

from __future__ import annotations

from typing import Any


class Iterator:
    """Iterates over a dataset, one mini-batch (a list of examples) at a time.

    Subclasses implement ``__next__`` and usually ``epoch``, ``epoch_detail``,
    ``is_new_epoch`` and :meth:`serialize`.

    >>> from tapejit.dataset import Iterator
    >>> class Twice(Iterator):
    ...     def __init__(self):
    ...         self.n = 0
    ...     def __next__(self):
    ...         self.n += 1
    ...         if self.n > 2:
    ...             raise StopIteration
    ...         return [self.n]
    >>> list(Twice())
    [[1], [2]]
    """

    def __iter__(self) -> 'Iterator':
        return self

    def __next__(self) -> Any:
        raise NotImplementedError(f'{type(self).__name__}.__next__ is not implemented')

    def next(self) -> Any:
        """The next batch (same as ``next(iterator)``)."""
        return self.__next__()

    def finalize(self) -> None:
        """Release resources (threads, processes); nothing by default."""

    def __enter__(self) -> 'Iterator':
        return self

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        self.finalize()

    def serialize(self, serializer: Any) -> None:
        """Save or load the position of the iteration; nothing by default."""
