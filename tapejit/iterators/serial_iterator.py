"""The iterator that reads examples one after another in this process."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

import numpy

from tapejit.dataset.iterator import Iterator
from tapejit.iterators.order_samplers import ShuffleOrderSampler


class IteratorState(NamedTuple):
    """Where an iterator stands: position in the epoch, epoch count, whether the
    last batch began a new epoch, and the order of this epoch (or None)."""

    current_position: int
    epoch: int
    is_new_epoch: bool
    order: Any


def next_indices(state: IteratorState, batch_size: int, repeat: bool, order_sampler: Any,
                 dataset_len: int) -> tuple:
    """``(new state, indices of the next batch)``; indices are None at the end of
    a non-repeating iteration.  A repeating iterator fills the last batch of an
    epoch from the next epoch (so every batch has ``batch_size`` examples)."""
    i, epoch, _, order = state
    if not repeat and epoch > 0:
        return state, None
    n = dataset_len if order is None else len(order)
    if repeat and n == 0:
        raise ValueError('Epoch size must be positive for an iterator that repeats.')
    parts = []
    i_end = i + batch_size
    is_new_epoch = False
    while i_end >= n:
        parts.append(numpy.arange(i, n, dtype=numpy.intp) if order is None else order[i:n])
        if order is not None:
            new_order = order_sampler(order, i)
            if len(new_order) != len(order):
                raise ValueError(f'The size of order does not match the size of the previous '
                                 f'order ({len(new_order)} != {len(order)}).')
            order = new_order
        epoch += 1
        is_new_epoch = True
        i = 0
        if repeat:
            i_end -= n
        else:
            i_end = 0
            break
    parts.append(numpy.arange(i, i_end, dtype=numpy.intp) if order is None else order[i:i_end])
    return IteratorState(i_end, epoch, is_new_epoch, order), numpy.concatenate(parts)


class SerialIterator(Iterator):
    """Mini-batches of ``batch_size`` examples of ``dataset``, read in this process.

    ``repeat=True`` iterates forever, wrapping around into the next epoch;
    ``repeat=False`` stops after one epoch (its last batch may be smaller).
    ``shuffle`` (default True unless an ``order_sampler`` is given) visits the
    examples in a new random order each epoch; ``order_sampler`` chooses the
    order.  ``epoch``, ``epoch_detail`` (fractional epochs), ``is_new_epoch``
    and ``previous_epoch_detail`` tell where it stands; :meth:`serialize`
    saves and restores that (a resumed run continues from the same batch).

    >>> from tapejit.iterators import SerialIterator
    >>> it = SerialIterator(list(range(5)), 2, shuffle=False)
    >>> next(it), next(it), it.epoch_detail
    ([0, 1], [2, 3], 0.8)
    >>> next(it), it.epoch, it.is_new_epoch
    ([4, 0], 1, True)
    >>> list(SerialIterator([1, 2, 3], 2, repeat=False, shuffle=False))
    [[1, 2], [3]]
    """

    def __init__(self, dataset: Any, batch_size: int, repeat: bool = True,
                 shuffle: Optional[bool] = None, order_sampler: Any = None) -> None:
        if batch_size <= 0:
            raise ValueError(f'SerialIterator: batch_size must be positive, got {batch_size}')
        self.dataset = dataset
        self.batch_size = batch_size
        self._repeat = repeat
        self._shuffle = shuffle
        if shuffle is not None:
            if order_sampler is not None:
                raise ValueError('`shuffle` is not `None` and a custom `order_sampler` is set. '
                                 'Please set `shuffle` to `None` to use the custom order '
                                 'sampler.')
            if shuffle:
                order_sampler = ShuffleOrderSampler()
        elif order_sampler is None:
            order_sampler = ShuffleOrderSampler()
        self.order_sampler = order_sampler
        self.reset()

    def __next__(self) -> list:
        self._previous_epoch_detail = self.epoch_detail
        self._state, indices = next_indices(self._state, self.batch_size, self._repeat,
                                            self.order_sampler, len(self.dataset))
        if indices is None:
            raise StopIteration
        return self._fetch(indices)

    next = __next__

    def _fetch(self, indices: Any) -> list:
        return [self.dataset[int(i)] for i in indices]

    @property
    def current_position(self) -> int:
        """The position in the current epoch (examples read so far)."""
        return self._state.current_position

    @property
    def epoch(self) -> int:
        """The number of epochs completed."""
        return self._state.epoch

    @property
    def is_new_epoch(self) -> bool:
        """Whether the last batch completed an epoch."""
        return self._state.is_new_epoch

    @property
    def epoch_detail(self) -> float:
        """Epochs completed, with the fraction of the current one."""
        return self.epoch + self.current_position / self._epoch_size

    @property
    def previous_epoch_detail(self) -> Optional[float]:
        """``epoch_detail`` before the last batch (None before the first batch)."""
        if self._previous_epoch_detail < 0:
            return None
        return self._previous_epoch_detail

    @property
    def repeat(self) -> bool:
        """Whether the iteration goes on past the first epoch."""
        return self._repeat

    @property
    def _epoch_size(self) -> int:
        order = self._state.order
        return len(self.dataset) if order is None else len(order)

    def reset(self) -> None:
        """Start over from the first batch of epoch 0 (with a new order)."""
        if self.order_sampler:
            order = self.order_sampler(numpy.arange(len(self.dataset)), 0)
        else:
            order = None
        self._state = IteratorState(0, 0, False, order)
        self._previous_epoch_detail = -1.0

    def serialize(self, serializer: Any) -> None:
        """Save or load the position, epoch, order and the order sampler's state."""
        current_position = serializer('current_position', self.current_position)
        epoch = serializer('epoch', self.epoch)
        is_new_epoch = serializer('is_new_epoch', self.is_new_epoch)
        order = self._state.order
        if order is not None:
            try:
                order = serializer('order', order)
            except KeyError:
                order = serializer('_order', order)
        self._state = IteratorState(current_position, epoch, is_new_epoch, order)
        try:
            self._previous_epoch_detail = serializer('previous_epoch_detail',
                                                     self._previous_epoch_detail)
        except KeyError:
            # A snapshot without it: estimate it from the position, as Chainer does.
            self._previous_epoch_detail = (
                self.epoch + (self.current_position - self.batch_size) / self._epoch_size)
            if self.epoch_detail > 0:
                self._previous_epoch_detail = max(self._previous_epoch_detail, 0.0)
            else:
                self._previous_epoch_detail = -1.0
        if hasattr(self.order_sampler, 'serialize'):
            try:
                self.order_sampler.serialize(serializer['order_sampler'])
            except KeyError:
                pass  # a snapshot without the sampler's state: it draws on from its own
