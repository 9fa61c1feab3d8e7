"""The base of iterators that read their next batches ahead, in workers."""

from __future__ import annotations

from typing import Any, Optional, Tuple

from tapejit.iterators.serial_iterator import IteratorState, SerialIterator, next_indices


class PrefetchIterator(SerialIterator):
    """A :class:`SerialIterator` whose batches are read by workers, up to
    ``n_prefetch`` batches ahead of the one returned: the order, the epochs and
    what is saved in a snapshot are the serial iterator's (a batch read ahead
    is read again after :meth:`reset` or loading a snapshot).

    A snapshot taken while a batch of the next epoch is read ahead holds the
    order sampler's state after drawing that epoch's order (as in Chainer):
    a run resumed from it draws its next epoch's order afresh.

    A subclass starts reading a batch (:meth:`_start_fetch`, returning a
    handle), waits for it (:meth:`_finish_fetch`) and stops its workers
    (:meth:`finalize`).

    >>> from tapejit.iterators.prefetch import PrefetchIterator
    >>> class Later(PrefetchIterator):
    ...     def _start_fetch(self, indices):
    ...         return [self.dataset[int(i)] for i in indices]
    ...     def _finish_fetch(self, handle):
    ...         return handle
    >>> it = Later([1, 2, 3], 2, repeat=False, shuffle=False, n_prefetch=2)
    >>> list(it)
    [[1, 2], [3]]
    """

    def __init__(self, dataset: Any, batch_size: int, repeat: bool = True,
                 shuffle: Optional[bool] = None, order_sampler: Any = None,
                 n_prefetch: int = 1) -> None:
        if n_prefetch <= 0:
            raise ValueError(f'{type(self).__name__}: n_prefetch must be positive, '
                             f'got {n_prefetch}')
        self.n_prefetch = n_prefetch
        # (state after the batch, handle or None at the end), oldest first; a
        # tuple, never changed in place, so a copy of the iterator has its own.
        self._pending: Tuple[Tuple[IteratorState, Any], ...] = ()
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler)

    def __next__(self) -> list:
        self._prefetch()
        (state, handle), self._pending = self._pending[0], self._pending[1:]
        self._previous_epoch_detail = self.epoch_detail
        self._state = state
        if handle is None:
            self._pending = ()
            raise StopIteration
        batch = self._finish_fetch(handle)
        self._prefetch()
        return batch

    next = __next__

    def _prefetch(self) -> None:
        while len(self._pending) < self.n_prefetch:
            if self._pending:
                state, handle = self._pending[-1]
                if handle is None:
                    return
            else:
                state = self._state
            state, indices = next_indices(state, self.batch_size, self._repeat,
                                          self.order_sampler, len(self.dataset))
            handle = None if indices is None else self._start_fetch(indices)
            self._pending += ((state, handle),)

    def _start_fetch(self, indices: Any) -> Any:
        raise NotImplementedError(f'{type(self).__name__}._start_fetch is not implemented')

    def _finish_fetch(self, handle: Any) -> list:
        raise NotImplementedError(f'{type(self).__name__}._finish_fetch is not implemented')

    def reset(self) -> None:
        """Start over from the first batch of epoch 0 (with a new order)."""
        self._pending = ()
        super().reset()

    def serialize(self, serializer: Any) -> None:
        """Save or load the position, epoch, order and the order sampler's state."""
        super().serialize(serializer)
        self._pending = ()

    def __del__(self) -> None:
        try:
            self.finalize()
        except Exception:  # noqa: BLE001 - at interpreter exit the modules may be gone
            pass
