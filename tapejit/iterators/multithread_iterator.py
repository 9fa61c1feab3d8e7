"""The iterator that reads examples with a pool of threads."""

from __future__ import annotations

from typing import Any, Optional

from tapejit.iterators.prefetch import PrefetchIterator


def _read(args: tuple) -> Any:
    dataset, index = args
    return dataset[index]


class MultithreadIterator(PrefetchIterator):
    """A :class:`SerialIterator` whose examples are read by ``n_threads`` threads,
    the next batch while the current one is in use (a dataset whose
    ``__getitem__`` waits on files or releases the GIL reads faster).

    Its order, epochs, :meth:`reset` and :meth:`serialize` are the serial
    iterator's; :meth:`finalize` (or leaving a ``with`` block) stops the
    threads, and the next batch starts them again.

    >>> from tapejit.iterators import MultithreadIterator
    >>> with MultithreadIterator(list(range(5)), 2, shuffle=False, n_threads=2) as it:
    ...     next(it), next(it), next(it), it.epoch
    ([0, 1], [2, 3], [4, 0], 1)
    """

    def __init__(self, dataset: Any, batch_size: int, repeat: bool = True,
                 shuffle: Optional[bool] = None, n_threads: int = 1,
                 order_sampler: Any = None) -> None:
        if n_threads <= 0:
            raise ValueError(f'MultithreadIterator: n_threads must be positive, got {n_threads}')
        self.n_threads = n_threads
        self._pool = None
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler)

    def _start_fetch(self, indices: Any) -> Any:
        if self._pool is None:
            from multiprocessing.pool import ThreadPool
            self._pool = ThreadPool(self.n_threads)
        return self._pool.map_async(_read, [(self.dataset, int(i)) for i in indices])

    def _finish_fetch(self, handle: Any) -> list:
        return handle.get()

    def finalize(self) -> None:
        """Stop the threads (the batch read ahead is dropped)."""
        pool, self._pool = self._pool, None
        self._pending = ()
        if pool is not None:
            pool.terminate()
