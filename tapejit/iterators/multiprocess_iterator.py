"""The iterator that reads examples with a pool of worker processes."""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
import warnings
from typing import Any, Dict, List, Optional

import numpy

from tapejit.iterators.prefetch import PrefetchIterator

# What a worker process reads from: set by ``_worker_setup`` in each worker
# (never in the process that owns the iterator).
_worker: Dict[str, Any] = {}


def _worker_setup(dataset: Any, mem: Any) -> None:
    # Ctrl-C reaches the main process only; it terminates the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker['dataset'] = dataset
    _worker['mem'] = mem


class _Packed:
    """An array written into the shared memory: where it is and its shape."""

    __slots__ = ('shape', 'dtype', 'offset')

    def __init__(self, shape: tuple, dtype: Any, offset: int) -> None:
        self.shape = shape
        self.dtype = dtype
        self.offset = offset

    def unpack(self, mem: Any) -> numpy.ndarray:
        size = int(numpy.prod(self.shape, dtype=numpy.int64))
        return numpy.frombuffer(mem, self.dtype, size, self.offset).reshape(self.shape).copy()


def _is_plain_array(value: Any) -> bool:
    return type(value) is numpy.ndarray and not value.dtype.hasobject and value.nbytes > 0


def _arrays_of(example: Any) -> List[numpy.ndarray]:
    """The arrays of an example that go through the shared memory."""
    if type(example) in (tuple, list):
        values = example
    elif type(example) is dict:
        values = example.values()
    else:
        values = (example,)
    return [v for v in values if _is_plain_array(v)]


def _nbytes(example: Any) -> int:
    return sum(a.nbytes for a in _arrays_of(example))


def _read_example(args: tuple) -> tuple:
    """Read one example in a worker; ``(example, bytes that did not fit)``.

    Its arrays are written into the shared memory from ``offset`` on (up to
    ``limit``) and replaced by :class:`_Packed` placeholders; one that does
    not fit is sent back pickled."""
    index, offset, limit = args
    example = _worker['dataset'][index]
    mem = _worker['mem']
    if mem is None:
        return example, 0
    left_out = 0

    def pack(value: Any) -> Any:
        nonlocal offset, left_out
        if not _is_plain_array(value):
            return value
        if offset + value.nbytes > limit:
            left_out += value.nbytes
            return value
        numpy.frombuffer(mem, value.dtype, value.size, offset)[...] = value.ravel()
        packed = _Packed(value.shape, value.dtype, offset)
        offset += value.nbytes
        return packed

    kind = type(example)
    if kind in (tuple, list):
        example = kind([pack(v) for v in example])
    elif kind is dict:
        example = {k: pack(v) for k, v in example.items()}
    else:
        example = pack(example)
    return example, left_out


def _unpack(example: Any, mem: Any) -> Any:
    def unpack(value: Any) -> Any:
        return value.unpack(mem) if type(value) is _Packed else value

    kind = type(example)
    if kind in (tuple, list):
        return kind([unpack(v) for v in example])
    if kind is dict:
        return {k: unpack(v) for k, v in example.items()}
    return unpack(example)


class _Fetch:
    """A batch being read: by the pool (``result``, into shared-memory slot
    ``slot``), or already read in this process (``batch``)."""

    __slots__ = ('result', 'slot', 'batch')

    def __init__(self, result: Any = None, slot: Optional[int] = None,
                 batch: Optional[list] = None) -> None:
        self.result = result
        self.slot = slot
        self.batch = batch


class MultiprocessIterator(PrefetchIterator):
    """A :class:`SerialIterator` whose examples are read by ``n_processes``
    worker processes (all the CPUs by default), up to ``n_prefetch`` batches
    ahead of the one in use: for a dataset whose ``__getitem__`` computes in
    Python (decoding, augmentation), which threads would run one at a time.

    The order, the epochs, :meth:`reset` and :meth:`serialize` are the serial
    iterator's (``repeat``, ``shuffle`` and ``order_sampler`` as there; the
    order is drawn in this process).  The workers are started, with the
    platform's default way of starting processes (fork on Linux), on the first
    batch, not before: the dataset and the objects it holds reach them by
    fork, or by pickling where processes are spawned.  ``maxtasksperchild``
    replaces a worker after that many reads (see :class:`multiprocessing.pool.Pool`).

    Arrays of an example (the example itself, or the arrays in a tuple, list
    or dict) come back through shared memory of ``shared_mem`` bytes per
    example, not by pickling; with ``shared_mem=None`` the first batch is read
    in this process and its largest example sets the size.  An example whose
    arrays do not fit comes back pickled, with a warning.

    A batch that takes longer than ``dataset_timeout`` seconds (None: no
    limit) to read warns with :class:`MultiprocessIterator.TimeoutWarning`
    (turn it into an error with ``warnings.simplefilter('error', ...)``); the
    iterator then goes on waiting for it.

    :meth:`finalize` (or leaving a ``with`` block) stops the workers; the
    iterator cannot be used after it.  A copy (``copy.copy``) or an unpickled
    iterator starts its own workers, from the same position.

    >>> from tapejit.iterators import MultiprocessIterator
    >>> with MultiprocessIterator(list(range(5)), 2, shuffle=False, n_processes=2) as it:
    ...     next(it), next(it), next(it), it.epoch
    ([0, 1], [2, 3], [4, 0], 1)
    """

    class TimeoutWarning(RuntimeWarning):
        """A batch took longer than ``dataset_timeout`` seconds to read."""

    def __init__(self, dataset: Any, batch_size: int, repeat: bool = True,
                 shuffle: Optional[bool] = None, n_processes: Optional[int] = None,
                 n_prefetch: int = 1, shared_mem: Optional[int] = None,
                 order_sampler: Any = None, dataset_timeout: Optional[float] = 30.0,
                 maxtasksperchild: Optional[int] = None) -> None:
        self.n_processes = n_processes or multiprocessing.cpu_count()
        self.shared_mem = shared_mem
        self.dataset_timeout = dataset_timeout
        self.maxtasksperchild = maxtasksperchild
        # The bytes of shared memory per example (measured on the first batch
        # when shared_mem is None); kept by copies, so they measure no more.
        self._mem_size = shared_mem
        self._finalized = False
        self._init_workers()
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler,
                         n_prefetch=max(n_prefetch, 1))

    def _init_workers(self) -> None:
        self._pool: Any = None
        self._mem: Any = None
        # shared-memory slot -> the pool's result being written into it
        self._busy: Dict[int, Any] = {}
        # Every result the pool may still be working on, kept when a batch
        # is dropped (reset, serialize): finalize waits for them.
        self._issued: List[Any] = []

    # -- reading -----------------------------------------------------------

    def _start_fetch(self, indices: Any) -> _Fetch:
        if self._finalized:
            raise NotImplementedError('A finalized MultiprocessIterator cannot read more '
                                      'batches; create a new one.')
        if self._pool is None:
            if self._mem_size is None:
                batch = self._read_here(indices)
                self._mem_size = max(map(_nbytes, batch), default=0)
                self._start_pool()
                return _Fetch(batch=batch)
            self._start_pool()
        if self._mem is None:
            args = [(int(i), None, None) for i in indices]
            return _Fetch(self._map(args))
        slot = self._free_slot()
        size = self._mem_size
        start = slot * self.batch_size * size
        args = [(int(i), start + k * size, start + (k + 1) * size)
                for k, i in enumerate(indices)]
        result = self._map(args)
        self._busy[slot] = result
        return _Fetch(result, slot)

    def _map(self, args: list) -> Any:
        # The pool's own chunk size divides by its current number of workers,
        # which is 0 for a moment while maxtasksperchild replaces them.
        chunksize = max(1, -(-len(args) // (4 * self.n_processes)))
        self._issued = [r for r in self._issued if not r.ready()]
        result = self._pool.map_async(_read_example, args, chunksize)
        self._issued.append(result)
        return result

    def _read_here(self, indices: Any) -> list:
        """Read a batch in this process, warning if it takes too long."""
        if self.dataset_timeout is None:
            return [self.dataset[int(i)] for i in indices]
        out: list = []

        def read() -> None:
            try:
                out.append([self.dataset[int(i)] for i in indices])
            except BaseException as e:  # noqa: BLE001 - raised again below
                out.append(e)

        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        thread.join(self.dataset_timeout)
        if thread.is_alive():
            self._warn_stalled()
            thread.join()
        if isinstance(out[0], BaseException):
            raise out[0]
        return out[0]

    def _start_pool(self) -> None:
        n_slots = self.n_prefetch + 1
        if self._mem_size:
            from multiprocessing import sharedctypes
            self._mem = sharedctypes.RawArray('b', n_slots * self.batch_size * self._mem_size)
        self._n_slots = n_slots
        self._pool = multiprocessing.get_context().Pool(
            self.n_processes, initializer=_worker_setup, initargs=(self.dataset, self._mem),
            maxtasksperchild=self.maxtasksperchild)

    def _free_slot(self) -> int:
        """A slot of shared memory no worker writes into and no batch waits in."""
        while True:
            live = {id(h.result) for _, h in self._pending if h is not None}
            for slot in range(self._n_slots):
                result = self._busy.get(slot)
                if result is None or (id(result) not in live and result.ready()):
                    self._busy.pop(slot, None)
                    return slot
            # Every slot is held: wait for a batch dropped by reset or serialize.
            dropped = [r for r in self._busy.values() if id(r) not in live]
            (dropped or list(self._busy.values()))[0].wait()

    def _finish_fetch(self, fetch: _Fetch) -> list:
        if fetch.result is None:
            return fetch.batch
        try:
            if self.dataset_timeout is None:
                data = fetch.result.get()
            else:
                try:
                    data = fetch.result.get(self.dataset_timeout)
                except multiprocessing.TimeoutError:
                    self._warn_stalled()
                    data = fetch.result.get()
            batch = [_unpack(example, self._mem) for example, _ in data]
        finally:
            if fetch.slot is not None:
                self._busy.pop(fetch.slot, None)
        left_out = max(n for _, n in data)
        if left_out:
            warnings.warn(
                f'MultiprocessIterator: an example has {left_out} bytes of arrays more than '
                f'its {self._mem_size} bytes of shared memory; they were sent by pickling. '
                f'Set shared_mem to the bytes of arrays of the largest example.', UserWarning)
        return batch

    def _warn_stalled(self) -> None:
        warnings.warn(
            f'MultiprocessIterator: reading a batch took longer than dataset_timeout='
            f'{self.dataset_timeout} s; the dataset may be stalled (a lock or thread pool '
            f'inherited by the worker processes, such as OpenCV\'s: try OMP_NUM_THREADS=1, '
            f'cv2.setNumThreads(0) or MultithreadIterator).', MultiprocessIterator.TimeoutWarning)

    # -- life cycle --------------------------------------------------------

    def reset(self) -> None:
        """Start over from the first batch of epoch 0 (with a new order)."""
        if self._finalized:
            raise NotImplementedError('Reset of a finalized MultiprocessIterator is not '
                                      'supported; create a new one.')
        super().reset()

    def finalize(self) -> None:
        """Stop the worker processes; the iterator cannot read more batches.
        The batches read ahead are dropped, once the reads in flight end (at
        most ``dataset_timeout`` seconds, then the workers are killed)."""
        pool, issued = self._pool, self._issued
        self._init_workers()
        self._pending = ()
        self._finalized = True
        if pool is None:
            return
        # Pool.terminate() with tasks in flight can hang for ever (CPython
        # gh-96995: a worker killed while holding the result queue's lock;
        # a worker that read a stop sentinel early is replaced and holds the
        # task queue's lock).  Let the reads in flight end, then stop the
        # workers gracefully; terminate only a pool whose reads do not end.
        deadline = None if self.dataset_timeout is None else time.monotonic() + self.dataset_timeout
        for r in issued:
            r.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        if all(r.ready() for r in issued):
            pool.close()
            pool.join()
        else:
            pool.terminate()

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        for name in ('_pool', '_mem', '_busy', '_issued', '_pending', '_n_slots'):
            state.pop(name, None)
        state['_finalized'] = False
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._pending = ()
        self._init_workers()
