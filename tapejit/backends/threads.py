"""The threads of the CPU target: who runs a product, and on how many cores.

A compiled step shares the machine with other work (a data loader, a
notebook, a second experiment).  BLAS libraries split each product evenly
over every core and spin while they wait, so when one core is taken the
whole product waits for the thread stuck on it, and the spinning threads
take the time the working ones need.  tapejit therefore decides the threads
of every product it runs itself:

- A product runs BLAS on the calling thread alone (the libraries' thread
  count set to one for its duration, through their documented
  ``openblas_set_num_threads``-style entry points, and restored after it:
  NumPy's library found through NumPy's extension module, others by
  ``threadpoolctl``).
- A product large enough to pay for handing work to another thread is cut
  into pieces (rows or columns of its result, or its batch), which the
  caller and the workers of :class:`Pool` take one at a time: a thread that
  has not started (its core taken) holds up no one, the caller takes its
  piece.  A parallel kernel is entered once per thread, and each takes its
  chunks one at a time from a shared counter (:class:`Chunked`).
- A worker out of work polls for the next job, without the GIL, for
  :data:`POLL_HANDOFFS` hand-offs' time, then sleeps on a condition; a
  caller out of pieces polls until its workers are back in their waits
  (:meth:`Pool.use_waits`: the CPU target's native waits).  Waking a
  sleeping thread, or one asleep on the GIL, costs tens of microseconds on
  a virtual machine, at each of a step's jobs.  Only while the workers are
  kept off the caller's core (below) and no other work runs.
- While other work leaves a core free for the calling thread, the workers
  keep off the core it runs on (their affinity is the caller's cores less
  the one it is on, set again when either changes).  When another process
  holds a core, Linux places a woken worker beside the thread that woke it:
  the two share one core and the other process has the other to itself.
  Kept apart, a parallel step loses only the share of the core it has to
  give up.  Where other work takes every core, each thread kept apart would
  share a core with it, and the step waits on its caller's share: the
  workers may then use every core.  Other work is counted from the
  runnable tasks in ``/proc/loadavg`` (:class:`_OtherWork`), less the
  pool's workers awake.  Where there is other work, a caller out of pieces
  that has waited :data:`PULL_AFTER_HANDOFFS` hand-offs' time for the one
  worker still at the job brings it onto its own core, about to idle: a
  worker that late was most likely displaced by the other process.
- How large is large enough is measured on this machine the first time
  tapejit runs a product (:func:`calibration`): the single-thread rate of
  BLAS, the round trip of a piece handed to a worker and the cost of
  setting BLAS's thread count.  The figures are kept in the store (under
  the machine's name, its cores and tapejit's and NumPy's versions), so
  that later processes decide alike and do not measure again.  The cores
  are those this process may use (``os.sched_getaffinity``), read when a
  plan's step runner is written and for each eager product.

Nothing here runs at import.  A user gives tapejit fewer cores with an
affinity mask (``taskset``, ``os.sched_setaffinity``) or
:func:`set_max_threads`.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import platform
import threading
import time
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit.backends import host_arrays

__all__ = ['Chunked', 'Pool', 'available_cores', 'blas_one_thread', 'calibration',
           'keep_figures', 'machine_key', 'matmul', 'product_madds', 'product_width',
           'set_max_threads', 'stored_figures', 'ufunc']

# A piece of a split product takes at least this many times the round trip
# of handing it to a worker: the hand-off then costs at most a few percent.
# (A ratio of two quantities measured here, not a time.)
PIECE_OVER_HANDOFF = 8
# Pieces of a product per thread.  One: a piece's BLAS kernel repacks the
# operand it shares with the others, so more pieces cost more (an MLP's
# products measured slower in four pieces on two threads than in two).  A
# thread that has not started its piece holds up no one: the pieces are
# handed out as threads ask, so the caller takes it.
PRODUCT_PIECES_PER_THREAD = 1
# A piece spans at least this many rows or columns: a BLAS kernel's
# register tile is up to a few dozen wide, so thinner pieces waste it.
MIN_PIECE_EDGE = 32
# An elementwise NumPy call is cut into pieces of about this many elements
# of its result (a tenth of a millisecond or so of a core), from results of
# twice that on.  The pieces depend on the result's shape alone, never on
# the threads or the machine's speed: a piece's elements are computed by
# the same loop (a vector body, a tail) on any machine, so an eager result
# has the same bits on one core or many.
UFUNC_PIECE = 1 << 17
# Results under this many elements (two pieces) are computed by one NumPy call.
UFUNC_SPLIT_MIN = 2 * UFUNC_PIECE
# Hand-offs' time the caller, out of pieces, waits for a worker kept off its
# core before bringing the last one still at work onto that core (see
# Pool._pull_late_worker): longer than a woken worker takes to start, far
# shorter than the time slice a worker another process displaced waits.
PULL_AFTER_HANDOFFS = 8
# How long a caller waiting for a worker still at a native job sleeps at a
# time, once its polling is over (the worker's last chunk is still running).
NATIVE_SLEEP_S = 20e-6
# Hand-offs' time a worker out of work polls memory (without the GIL) for
# the next job before it sleeps, and a caller for its workers' last pieces,
# where the workers are kept off the caller's core and no other work runs
# (see Pool._poll_pauses).  Waking a sleeping thread costs tens of
# microseconds on a virtual machine, and a step's serial kernels and Python
# between two parallel jobs take about ten hand-offs: polling for a few
# times that, a worker starts most of a step's jobs within microseconds of
# the caller, and an idle process stops polling a few tenths of a
# millisecond after its last job.
POLL_HANDOFFS = 32

# The pool's words (int64), polled by its native waits: the jobs posted;
# the job's kind (K_TASKS: Python pieces; K_KERNEL: a kernel whose chunks
# every thread claims from W_CLAIM, that counter, entered from Python;
# K_NATIVE: the same kernel packed into the block at W_BLOCK, the thunk's
# address first, which the workers run without the GIL while W_BODY holds
# the job's number: the caller sets it before posting and clears it once
# its own run is over);
# the seats left at a native job (workers beyond them leave it); the
# pauses a worker polls for after it (the caller's verdict at that job:
# beside other work, none); from
# W_BUSY on, a word per worker: IN_PYTHON from when it leaves its wait for a
# job that needs the GIL until it is back in one, IN_KERNEL while it runs a
# native job's thunk, else 0.
W_POSTED, W_KERNEL, W_CLAIM, W_BODY, W_BLOCK, W_SEATS, W_POLL, W_BUSY = 0, 1, 2, 3, 4, 5, 6, 8
K_TASKS, K_KERNEL, K_NATIVE = 0, 1, 2
IN_PYTHON, IN_KERNEL = 1, 2
# The int64 words of a native job's block: a kernel's entry packs its call
# there (tapejit.targets.cpu.emitter.Emitter.entry_function).
KERNEL_BLOCK_WORDS = 96
# The kinds of wait of the native waits' entry (see Pool.use_waits).
WAIT_JOB, WAIT_IDLE, WAIT_RUN = 0, 1, 2

_limit: list = [None]     # set_max_threads's cap (None: the affinity mask's count)


def set_max_threads(n: Optional[int]) -> None:
    """Cap the threads tapejit's products use at ``n`` (None: as many as the
    cores this process may use).  Plans built afterwards and eager products
    follow it.

    >>> set_max_threads(1)
    >>> available_cores()
    1
    >>> set_max_threads(None)
    """
    if n is not None and (not isinstance(n, int) or n < 1):
        raise ValueError(f'set_max_threads: expected a positive int or None, got {n!r}')
    _limit[0] = n


def available_cores() -> int:
    """The cores this process may run on (its affinity mask), capped by
    :func:`set_max_threads`.

    >>> available_cores() >= 1
    True
    """
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    cap = _limit[0]
    return max(1, min(n, cap) if cap else n)


# --- the BLAS libraries' thread counts -----------------------------------

class _Blas:
    """The thread-count entry points of the BLAS libraries tapejit calls:
    NumPy's, found once, and all that ``threadpoolctl`` finds (its
    documented library controllers) once another is loaded to be called
    (SciPy's, for compiled plans: :func:`blas_libraries_changed`)."""

    def __init__(self) -> None:
        self.setters: list = []     # per library: (get, set)

    def refresh(self, every_library: bool = False) -> None:
        own = None if every_library else _numpy_blas()
        if own is not None:
            self.setters = [own]
            return
        try:
            import threadpoolctl
        except ImportError:       # (a dependency; absent only in odd installs)
            return
        controllers = [c for c in threadpoolctl.ThreadpoolController().lib_controllers
                       if c.user_api == 'blas']
        self.setters = [_entry_points(c) for c in controllers]


# OpenBLAS's documented thread-count functions, under the prefixes and
# suffixes of its builds (NumPy's wheels: scipy_..._64_, 64-bit integers).
_OPENBLAS_ENTRIES = tuple((f'{prefix}openblas_get_num_threads{suffix}',
                           f'{prefix}openblas_set_num_threads{suffix}')
                          for prefix in ('', 'scipy_') for suffix in ('', '64_', '_64'))


def _numpy_blas() -> Optional[tuple]:
    """``(get, set)`` of the OpenBLAS NumPy's products call, else None.

    The symbols are looked up through the handle of NumPy's extension
    module, whose dependencies the dynamic linker searches too: the
    library NumPy linked, found without listing every library of the
    process as ``threadpoolctl`` does (a few milliseconds of a process's
    first product).  Another BLAS (MKL, BLIS), a platform without
    ``RTLD_NOLOAD``, or a NumPy laid out otherwise: None, and
    ``threadpoolctl`` finds the libraries."""
    import sys
    noload = getattr(os, 'RTLD_NOLOAD', None)
    ext = sys.modules.get('numpy._core._multiarray_umath') or sys.modules.get(
        'numpy.core._multiarray_umath')
    path = getattr(ext, '__file__', None)
    if noload is None or not path:
        return None
    import ctypes
    try:
        lib = ctypes.CDLL(path, mode=noload)
    except OSError:
        return None
    return _openblas_entries(lib)


def _openblas_entries(lib: Any) -> Optional[tuple]:
    """``(get, set)``: OpenBLAS's C functions in ``lib`` (a ``ctypes``
    library), called directly; None where it has none."""
    import ctypes
    for get_name, set_name in _OPENBLAS_ENTRIES:
        try:
            get, put = getattr(lib, get_name), getattr(lib, set_name)
        except AttributeError:
            continue
        get.restype, get.argtypes = ctypes.c_int, []
        put.restype, put.argtypes = None, [ctypes.c_int]
        return get, put
    return None


def _entry_points(c: Any) -> tuple:
    """``(get, set)`` of one library: OpenBLAS's own C functions called
    directly (the controller's Python wrappers cost microseconds a call),
    else the controller's methods."""
    if c.internal_api == 'openblas':
        entries = _openblas_entries(c.dynlib)
        if entries is not None:
            return entries
    return c.get_num_threads, c.set_num_threads


_blas = _Blas()
_blas_lock = threading.Lock()
_blas_ready = [False]


def _setters() -> list:
    if not _blas_ready[0]:
        with _blas_lock:
            if not _blas_ready[0]:
                _blas.refresh()
                _blas_ready[0] = True
    return _blas.setters


def blas_libraries_changed() -> None:
    """Look every BLAS library up (one tapejit calls was loaded since:
    SciPy's).  A library loaded while products run is set on the next
    first entry."""
    with _blas_lock:
        _blas.refresh(every_library=True)
        _blas_ready[0] = True


class blas_one_thread:
    """Context manager: the BLAS libraries tapejit calls (NumPy's, and
    SciPy's once a plan loads it: see :class:`_Blas`) run on the calling
    thread only, until the block ends.  The counts are process-wide: the first block to
    enter (of any thread) saves them and sets one, the last to leave
    restores them, so overlapping blocks of several threads all run on one
    thread each.  (A thread count another library sets inside such a block,
    ``threadpoolctl.threadpool_limits`` say, is undone when it ends.)

    >>> with blas_one_thread():
    ...     _ = numpy.ones((64, 64)) @ numpy.ones((64, 64))
    """

    __slots__ = ()

    def __enter__(self) -> 'blas_one_thread':
        enter_one_thread()
        return self

    def __exit__(self, *exc: Any) -> None:
        leave_one_thread()


# The blocks inside (see blas_one_thread), and what the first one saved:
# [depth, setters, counts].
_held: list = [0, (), ()]
_held_lock = threading.Lock()


def enter_one_thread() -> None:
    """Set every BLAS library to one thread until :func:`leave_one_thread`."""
    setters = _blas.setters if _blas_ready[0] else _setters()
    with _held_lock:
        if _held[0] == 0:
            counts = tuple(get() for get, _ in setters)
            for (_, put), n in zip(setters, counts):
                if n != 1:
                    put(1)
            _held[1:] = [setters, counts]
        _held[0] += 1


def leave_one_thread(_: Any = None) -> None:
    with _held_lock:
        _held[0] -= 1
        if _held[0] == 0:
            for (_, put), n in zip(_held[1], _held[2]):
                if n != 1:
                    put(n)


def _after_fork_in_child() -> None:
    # Only the forking thread lives on: its blocks and the pool's workers
    # are gone, and the locks may have been held by threads that are not.
    global _held_lock, _blas_lock, _pool
    if _held[0]:
        for (_, put), n in zip(_held[1], _held[2]):
            if n != 1:
                put(n)
    _held[0] = 0
    _held_lock, _blas_lock = threading.Lock(), threading.Lock()
    waits = _pool._waits       # (native code: still here in the child)
    _pool = Pool()
    _pool._waits = waits


# --- the pool ----------------------------------------------------------------

class _Job:
    __slots__ = ('tasks', 'next', 'left', 'lock', 'done', 'error', 'inside')

    def __init__(self, tasks: Sequence[Callable[[], Any]]) -> None:
        self.tasks = tasks
        self.next = itertools.count()      # (next() of a count is atomic)
        self.left = len(tasks)
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.error: Optional[BaseException] = None
        self.inside: set = set()           # thread ids of the workers at it


class Pool:
    """Worker threads taking the pieces of one job at a time, beside the
    caller.  Pieces are handed out one by one as threads ask (a late thread
    does not hold the rest up); idle workers wait on a condition, after
    polling for a short while where the CPU target gave the pool its native
    waits (:meth:`use_waits`).  A job arriving while another runs (a second
    user thread) runs on its caller alone.

    >>> out = []
    >>> Pool().run([lambda i=i: out.append(i) for i in range(8)], 2)
    >>> sorted(out)
    [0, 1, 2, 3, 4, 5, 6, 7]
    """

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._job: Optional[_Job] = None
        self._jobs = 0  # (jobs posted: a worker waits for the next by this count)
        self._busy = threading.Lock()
        self._workers: list = []
        # (The caller's core or None, its cores, the workers) they were placed for.
        self._placed: Optional[tuple] = None
        self._pulled: Optional[int] = None   # the worker brought onto the caller's core
        self._others: Optional[int] = None   # other work's threads, as last counted
        self._asleep = 0     # (workers waiting on the condition: the system runs them not)
        self._words = numpy.zeros(W_BUSY, numpy.int64)
        self._claim = self._words.ctypes.data + W_CLAIM * self._words.itemsize
        # (A native job's call, packed by the kernel's entry: see W_BLOCK.)
        self._block = numpy.zeros(KERNEL_BLOCK_WORDS, numpy.int64)
        self._words[W_BLOCK] = self._block.ctypes.data
        # (the native wait, pauses a second), or None: see use_waits.
        self._waits: Optional[tuple] = None

    def use_waits(self, wait: Callable, pauses_per_s: float) -> None:
        """Poll with this native function (it runs without the GIL) where
        a thread of the pool would otherwise sleep for a short while:
        ``wait(words, WAIT_JOB, flag, posted, pauses)`` clears the worker's
        word ``flag``, pauses until a job after ``posted`` is posted, runs a
        native one and pauses on for the next, and for another sets ``flag``
        (for a kernel entered from Python, once its first chunk is claimed);
        ``wait(words, WAIT_IDLE, first, count, pauses)`` pauses until the
        ``count`` words from ``first`` are 0; ``wait(words, WAIT_RUN, first,
        count, pauses)`` runs the posted native job where it is open, closes
        it and pauses until none of those words is ``IN_KERNEL``.  Each gives
        up after
        ``pauses``: :data:`POLL_HANDOFFS` hand-offs' time at
        ``pauses_per_s`` (a caller whose job is done: one hand-off's time);
        only where :meth:`_poll_pauses` says."""
        self._waits = (wait, pauses_per_s)

    def _poll_pauses(self, handoffs: int) -> int:
        """Pauses a wait of ``handoffs`` hand-offs' time polls for now: 0
        (sleep at once) unless the workers are kept off the caller's core
        and no other work runs, and while the hand-off is being measured.
        Beside other work a core is shared (with the caller's worker, or
        with another process's), and the system runs a thread it wakes
        before one that has been polling."""
        waits, placed, cal = self._waits, self._placed, _calibration[0]
        if (waits is None or placed is None or placed[0] is None or cal is None
                or self._others != 0):
            return 0
        return int(handoffs * cal.handoff_s * waits[1])

    def _ensure(self, n: int) -> None:
        if not _fork_hook[0]:
            # (Registered when the first worker starts, not at import.)
            _fork_hook[0] = True
            if hasattr(os, 'register_at_fork'):
                os.register_at_fork(after_in_child=_after_fork_in_child)
        if len(self._words) < W_BUSY + n:
            # (A worker still polling the words it had sleeps at its time.)
            words = numpy.zeros(W_BUSY + n, numpy.int64)
            words[:len(self._words)] = self._words
            self._words = words
            self._claim = words.ctypes.data + W_CLAIM * words.itemsize
        while len(self._workers) < n:
            t = threading.Thread(target=self._serve, args=(W_BUSY + len(self._workers),),
                                 name='tapejit-worker', daemon=True)
            t.start()
            self._workers.append(t)

    def run(self, tasks: Sequence[Callable[[], Any]], width: int, wait: bool = False) -> None:
        """Run every task, on up to ``width`` threads (the caller included);
        while another job runs, on the caller alone (``wait``: after it)."""
        if width <= 1 or len(tasks) <= 1 or not self._busy.acquire(blocking=wait):
            for t in tasks:
                t()
            return
        try:
            job = self._run(tasks, width, False)
        finally:
            self._busy.release()
        if job.error is not None:
            raise job.error

    def run_kernel(self, kernel: Callable[..., Any], n: Any, ch: int, nch: int, args: tuple,
                   width: int) -> None:
        """``kernel(n, ch, nch, claim, *args)`` (see :class:`Chunked`)
        entered once on each of up to ``width`` threads, its chunks claimed
        from the pool's counter; while another job runs, on the caller
        alone, from a counter of its own.  A generated kernel (one with a
        ``pack`` method: see :meth:`_run_native`) runs on the workers
        without the GIL where the pool has its native waits."""
        if width <= 1 or not self._busy.acquire(blocking=False):
            claim = numpy.zeros(1, numpy.int64)      # (held here until the kernel is done)
            kernel(n, ch, nch, claim.ctypes.data, *args)
            return
        try:
            self._ensure(width - 1)
            self._keep_off_caller()
            if self._run_native(kernel, (n, ch, nch) + tuple(args), width):
                return
            addr = self._claim         # (after the words grow, where they do)

            def task() -> None:
                kernel(n, ch, nch, addr, *args)
            job = self._run([task] * width, width, True, placed=True)
        finally:
            self._busy.release()
        if job.error is not None:
            raise job.error

    def _run_native(self, kernel: Any, args: tuple, width: int) -> bool:
        """Run ``kernel`` as a native job (the caller holds ``_busy``):
        its entry packs the call into the pool's block (``kernel.pack``,
        which refuses bad arguments as the call would), the workers polling
        without the GIL run it from there as they see it posted, and the
        caller runs it beside them inside its native wait, then waits for
        them there.  A worker never takes the GIL for it, so none waits for
        the GIL another holds (a wake-up of tens of microseconds on a
        virtual machine, at each end of every job).  False (nothing run)
        without native waits or a ``pack``, or where the call does not fit
        the block, and where the workers do not poll now (beside other
        work: see :meth:`_poll_pauses`).  There a worker woken for the job
        joined it sooner than one entering from Python, and then held up
        the caller whenever the other work took its core in the middle of
        a chunk: beside two busy processes ``adam_mlp``'s step slowed 5x its
        quiet time, against 1.4x on the Python path."""
        pack = getattr(kernel, 'pack', None)
        waits = self._waits
        pauses = self._poll_pauses(POLL_HANDOFFS)
        if pack is None or waits is None or not pauses:
            return False
        words, block = self._words, self._block
        block[0] = 0
        if not pack(block, args[0], args[1], args[2], self._claim, *args[3:]) or not block[0]:
            return False
        workers = len(self._workers)
        try:
            self._post_native(words, width, pauses)
            waits[0](words, WAIT_RUN, W_BUSY, workers, pauses)
        finally:
            # (Also where an interrupt came before the wait or at its
            # return: the workers run on the caller's arrays until they are out.)
            self._close_native(words, workers)
        return True

    def _post_native(self, words: numpy.ndarray, width: int, pauses: int) -> None:
        """Post the native job packed in the pool's block."""
        with self._cv:
            self._job = _NATIVE
            self._jobs += 1
            words[W_KERNEL] = K_NATIVE
            words[W_CLAIM] = 0
            words[W_SEATS] = width - 1
            words[W_POLL] = pauses
            # (Open: the job's number, before it is posted.)
            words[W_BODY] = self._jobs
            words[W_POSTED] = self._jobs
            if self._asleep:
                self._cv.notify(width - 1)

    def _close_native(self, words: numpy.ndarray, workers: int) -> None:
        """Close the native job: run what is left of it and clear it where
        the caller's wait did not (an interrupt before it), then sleep a
        little at a time until no worker still runs it (its block and the
        arrays are in use until then), whatever is raised meanwhile
        (re-raised after).  (Native jobs run only where no other work
        runs: nothing displaces a late worker, whose last chunk is still
        running.)"""
        error: Optional[BaseException] = None
        while True:
            try:
                if words[W_BODY]:
                    self._waits[0](words, WAIT_RUN, W_BUSY, workers, 0)
                if IN_KERNEL not in words[W_BUSY:W_BUSY + workers].tolist():
                    break
                time.sleep(NATIVE_SLEEP_S)
            except BaseException as e:   # (KeyboardInterrupt: raised once they are out)
                error = e
        with self._cv:
            self._job = None
        if error is not None:
            raise error

    def _run(self, tasks: Sequence[Callable[[], Any]], width: int, kernel: bool,
             placed: bool = False) -> _Job:
        """Post a job of ``tasks`` (the caller holds ``_busy``), take its
        pieces beside the workers, and return it once every piece is done
        (``placed``: the workers are made and placed for it already)."""
        if not placed:
            self._ensure(width - 1)
            self._keep_off_caller()
        job = _Job(tasks)
        words = self._words
        with self._cv:
            self._job = job
            self._jobs += 1
            words[W_KERNEL] = kernel
            words[W_CLAIM] = 0
            words[W_POSTED] = self._jobs
            self._cv.notify(width - 1)
        try:
            self._work(job)
            self._wait_for(job)
        except BaseException:
            # (Interrupted, as by KeyboardInterrupt: the workers still run
            # the job's pieces, on the caller's arrays and the pool's
            # counter, which the next job resets.  Its pieces are finished
            # first.)
            _finish(self, job)
            raise
        finally:
            with self._cv:
                self._job = None
        return job

    def _wait_for(self, job: _Job) -> None:
        """Return once every piece of ``job`` is done (the caller's own are)."""
        cal = _calibration[0]
        if cal is not None:
            # Done, a worker has a few lines of Python left (under a
            # hand-off); else the last pieces run on, and (polling only
            # where no other work runs) nothing displaced their threads.
            done = job.done.is_set()
            pauses = self._poll_pauses(1 if done else POLL_HANDOFFS)
            if pauses:
                # (Every worker back in its wait: none wants the GIL.)
                self._waits[0](self._words, WAIT_IDLE, W_BUSY, len(self._workers), pauses)
            if not done and not job.done.wait(0 if pauses else
                                              PULL_AFTER_HANDOFFS * cal.handoff_s):
                # (Only this pool's live workers: after a fork inside a task,
                # the ids at the job are the parent's threads.)
                self._pull_late_worker([t.native_id for t in self._workers
                                        if t.is_alive() and t.native_id in job.inside])
        job.done.wait()

    def _keep_off_caller(self) -> None:
        """Give the workers every core the caller may use but the one it
        runs on while other work leaves a core for the caller, else every
        core the caller may use; set again when the caller's core or cores,
        or that verdict, change, and for a worker brought onto the caller's
        core at the last job (see the module's docstring).  Without a way
        to read the caller's core, the workers are left as they are."""
        cpu = _current_cpu()
        if cpu is None:
            return
        try:
            cores = os.sched_getaffinity(0)
        except OSError:
            return
        others = self._others = _other_work.count(len(self._workers) - self._asleep)
        # (A caller that may use one core only has its workers beside it.)
        apart = (others is None or others < len(cores)) and len(cores) > 1
        key = (cpu if apart else None, cores, len(self._workers))
        pulled, self._pulled = self._pulled, None
        if key == self._placed and pulled is None:
            return          # (every job but the few that place: nothing to set)
        mask = (cores - {cpu} if apart else cores) or cores
        if key == self._placed:
            if not self._set_mask([pulled], mask):
                self._placed = None
            return
        # (A worker of the parent, in a forked child, is not alive: its
        # thread id is another process's.)
        live = [t.native_id for t in self._workers if t.is_alive()]
        self._placed = key if self._set_mask(live, mask) else None

    @staticmethod
    def _set_mask(thread_ids: list, mask: set) -> bool:
        """Set each thread's affinity to ``mask``; whether the system took
        every one (one it refuses is tried again at the next job)."""
        ok = True
        for tid in thread_ids:
            try:
                os.sched_setaffinity(tid, mask)
            except OSError:
                ok = False
        return ok

    def _pull_late_worker(self, late: list) -> None:
        """Bring the one worker still at the job (``late``: the thread ids
        of those at it) onto the caller's core,
        where the workers are kept off it: the caller, out of pieces, is
        about to leave its core idle, and a worker this late has most likely
        been displaced from its own by another process.  It is placed off
        the caller's core again at the next job handed to the workers."""
        placed = self._placed
        if placed is None or placed[0] is None:   # (not kept apart: left to the system)
            return
        if self._others == 0:
            # (No other work to displace it: its last piece is still running.)
            return
        cpu = _current_cpu()
        if len(late) != 1 or cpu is None:    # (two late workers would share one core)
            return
        if self._set_mask(late, {cpu}):
            self._pulled = late[0]

    def _work(self, job: _Job) -> None:
        tasks, n = job.tasks, len(job.tasks)
        while True:
            i = next(job.next)
            if i >= n:
                return
            try:
                tasks[i]()
            except BaseException as e:  # (raised again by the caller)
                job.error = e
            with job.lock:
                job.left -= 1
                if job.left == 0:
                    job.done.set()

    def _serve(self, flag: int) -> None:
        cv = self._cv
        me = threading.get_native_id()
        posted = 0
        while True:
            waits = self._waits
            if waits is not None:
                waits[0](self._words, WAIT_JOB, flag, posted, self._poll_pauses(POLL_HANDOFFS))
            with cv:
                if waits is not None and self._job is None and self._jobs != posted:
                    # (A job came and ended while this worker was on its
                    # way: it polls for the next one as for that one.)
                    posted = self._jobs
                    continue
                # (The next job, not this one again.)
                while self._job is None or self._jobs == posted:
                    if waits is not None:
                        # (Its wait may have seen a job that ended before it
                        # got here: asleep, it wants no GIL.)
                        self._words[flag] = 0
                    self._asleep += 1
                    cv.wait()
                    self._asleep -= 1
                job, posted = self._job, self._jobs
                if job is _NATIVE:
                    # (Woken for a native job: its wait joins it, without the GIL.)
                    posted -= 1
                    job = None
                    continue
                if waits is not None:
                    self._words[flag] = IN_PYTHON     # (already, where its wait saw the job)
            job.inside.add(me)
            self._work(job)
            job.inside.discard(me)
            # A job's tasks hold the kernel's arrays: an idle worker keeping
            # them would keep the plan's pool from reusing those buffers.
            job = None


def _finish(pool: Pool, job: _Job) -> None:
    """Take what is left of ``job`` and wait for its pieces, whatever is
    raised meanwhile (the caller re-raises what interrupted it)."""
    while not job.done.is_set():
        try:
            pool._work(job)
            job.done.wait()
        except BaseException:
            continue


_NATIVE = _Job(())      # (the pool's job while a native one runs: no Python pieces)
_pool = Pool()
_fork_hook = [False]


def use_native_waits(wait: Callable, pauses_per_s: float) -> None:
    """Give the pool native waits (see :meth:`Pool.use_waits`; the CPU
    target's :mod:`tapejit.targets.cpu.pool_waits` does, when a process
    first loads a kernel the pool runs)."""
    _pool.use_waits(wait, pauses_per_s)


def native_waits() -> bool:
    """Whether the pool polls with native waits (see :func:`use_native_waits`).

    >>> native_waits() in (True, False)
    True
    """
    return _pool._waits is not None


def _libc_getcpu() -> Optional[Callable[[], int]]:
    """The C library's ``sched_getcpu`` (the core the calling thread runs
    on), or None where there is none or no per-thread affinity to set."""
    if not hasattr(os, 'sched_setaffinity'):
        return None
    import ctypes
    try:
        # (PyDLL: called holding the GIL. It reads the core without a
        # system call, and handing the GIL over would cost a switch.)
        fn = ctypes.PyDLL(None).sched_getcpu
    except (AttributeError, OSError):
        return None
    fn.restype, fn.argtypes = ctypes.c_int, []
    return fn


_getcpu: list = []    # [sched_getcpu or None], looked up at the first job


class _OtherWork:
    """How many threads of other work the machine runs now: the fewest
    runnable tasks ``/proc/loadavg`` showed in its last :data:`READS` reads
    (one every :data:`EVERY_S` at most), less the thread reading it and the
    pool's workers then awake (at work or polling).  The fewest, because a
    worker falling asleep or waking is counted in some reads.  None where
    the file could not be read lately."""

    READS = 8
    EVERY_S = 0.002

    def __init__(self) -> None:
        self.seen: list[int] = []
        self.last = -math.inf

    def count(self, awake: int = 0) -> Optional[int]:
        """Threads of other work, given the pool's ``awake`` workers now."""
        now = time.perf_counter()
        if now - self.last >= self.EVERY_S:
            self.last = now
            running = _runnable_tasks()
            if running is None:
                self.seen = []
                return None
            self.seen = (self.seen + [max(0, running - 1 - awake)])[-self.READS:]
        return min(self.seen) if self.seen else None


def _runnable_tasks() -> Optional[int]:
    """The runnable tasks ``/proc/loadavg`` counts now (its fourth field's
    first number), or None where it cannot be read.  The file stays open
    once read (a read from its start is one system call, where opening it
    again took three: tens of microseconds in a step)."""
    try:
        if not _loadavg:
            _loadavg.append(os.open('/proc/loadavg', os.O_RDONLY))
        text = os.pread(_loadavg[0], 128, 0)
        return int(text.split()[3].split(b'/')[0])
    except (OSError, ValueError, IndexError):
        return None


_loadavg: list = []     # [the descriptor of /proc/loadavg], opened at the first read


_other_work = _OtherWork()


def _current_cpu() -> Optional[int]:
    """The core the calling thread runs on now, or None where unknown."""
    if not _getcpu:
        _getcpu.append(_libc_getcpu())
    fn = _getcpu[0]
    if fn is None:
        return None
    cpu = fn()
    return cpu if cpu >= 0 else None


# --- what this machine measures ------------------------------------------------

class Calibration:
    """What the split needs to know of this machine: BLAS's single-thread
    rate (multiply-adds per second, float32) and the round trip of a piece
    handed to a worker (seconds)."""

    __slots__ = ('madds_per_s', 'handoff_s', 'toggle_s', 'tiny_madds', 'split_madds',
                 'elements_per_s')

    def __init__(self, madds_per_s: float, handoff_s: float, toggle_s: float,
                 elements_per_s: float = 1e9) -> None:
        self.madds_per_s, self.handoff_s, self.toggle_s = madds_per_s, handoff_s, toggle_s
        # (NumPy's float32 addition, elements a second on one thread.)
        self.elements_per_s = elements_per_s
        # A product done in less time than setting BLAS's threads takes runs
        # as it is: no thread would be worth waking for it either.
        self.tiny_madds = madds_per_s * toggle_s
        self.split_madds = madds_per_s * handoff_s * PIECE_OVER_HANDOFF * 2

    def __repr__(self) -> str:
        return (f'Calibration({self.madds_per_s / 1e9:.1f} G multiply-adds/s a thread, '
                f'hand-off {self.handoff_s * 1e6:.0f} us)')


_calibration: list = [None]
_cal_lock = threading.Lock()


def calibration() -> Calibration:
    """This machine's figures: kept in the store by an earlier process
    (:func:`_stored`), else measured the first time they are needed (a
    few milliseconds; waits for a job another thread runs on the pool).

    >>> calibration().madds_per_s > 0
    True
    """
    cal = _calibration[0]
    if cal is None:
        with _cal_lock:
            cal = _calibration[0]
            if cal is None:
                cal = _stored()
                if cal is None:
                    cal = _measure()
                    _keep(cal)
                _calibration[0] = cal
    return cal


# The figures a calibration is measured as, in the order Calibration takes them.
_FIGURES = ('madds_per_s', 'handoff_s', 'toggle_s', 'elements_per_s')


def machine_key(what: str) -> str:
    """The store key of figures ``what`` measured on this machine: its name
    and architecture, its cores and those this process may use, and
    tapejit's and NumPy's versions (the BLAS NumPy runs).

    >>> machine_key('calibration 1').startswith('calibration 1')
    True
    """
    from tapejit.compiler import store
    return (f'{what}\n{store.fingerprint()}\n{platform.node()}|{platform.machine()}'
            f'|{os.cpu_count()}|{available_cores()}')


def stored_figures(what: str, names: Sequence[str], redo: str) -> Optional[dict]:
    """The figures ``names`` an earlier process on this machine kept as
    ``what`` (:func:`keep_figures`), or None: none kept, an entry that
    fails the store's check (warned of, ending in ``redo``), or one that
    does not hold each as a finite positive number."""
    from tapejit.compiler import store
    folder = store.cache_dir()
    blob = store.read(folder, machine_key(what), redo) if folder else None
    if blob is None:
        return None
    try:
        got = json.loads(blob)
        figures = {k: float(got[k]) for k in names}
    except (ValueError, KeyError, TypeError):
        return None
    return figures if all(math.isfinite(f) and f > 0 for f in figures.values()) else None


def keep_figures(what: str, figures: dict) -> None:
    """Keep ``figures`` (names to numbers) measured on this machine as
    ``what`` in the store, for later processes (:func:`stored_figures`)."""
    from tapejit.compiler import store
    folder = store.cache_dir()
    if folder:
        store.write(folder, machine_key(what), json.dumps(figures).encode())


_CALIBRATION = 'calibration 1'


def _calibration_key() -> str:
    return machine_key(_CALIBRATION)


def _stored() -> Optional[Calibration]:
    """The figures an earlier process kept (see :func:`_keep`), or None."""
    got = stored_figures(_CALIBRATION, _FIGURES, 'measuring again')
    return None if got is None else Calibration(*(got[k] for k in _FIGURES))


def _keep(cal: Calibration) -> None:
    keep_figures(_CALIBRATION, {k: getattr(cal, k) for k in _FIGURES})


def _best_of(fn: Callable[[], Any], times: int) -> float:
    best = math.inf
    for _ in range(times):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _measure() -> Calibration:
    # (Kept short: a process pays it in its first compiled call.  A product
    # of 128 runs below BLAS's peak, so larger products are judged longer
    # than they take: cut sooner, never later.)
    n = 128
    a = numpy.ones((n, n), numpy.float32)
    out = numpy.empty_like(a)
    with blas_one_thread():
        numpy.matmul(a, a, out=out)
        rate = n ** 3 / _best_of(lambda: numpy.matmul(a, a, out=out), 4)
    # The round trip of a job of two empty pieces: a worker woken, its
    # piece taken and its end seen.  The best of a few (a busy moment of
    # the machine is not this machine's figure).
    empty = [lambda: None, lambda: None]
    _pool.run(empty, 2, wait=True)
    handoff = _best_of(lambda: _pool.run(empty, 2, wait=True), 8)
    toggle = _best_of(lambda: leave_one_thread(enter_one_thread()), 8)
    # An addition of operands in cache: faster than one out of memory, so
    # elementwise calls too are judged shorter than they take (cut later).
    v = numpy.ones(1 << 16, numpy.float32)
    w = numpy.empty_like(v)
    numpy.add(v, v, out=w)
    elements = v.size / _best_of(lambda: numpy.add(v, v, out=w), 4)
    return Calibration(rate, max(handoff, 1e-6), toggle, elements)


# --- kernels -----------------------------------------------------------------

class Chunked:
    """A parallel kernel variant (``kernel(n, ch, nch, claim, *args)``: it
    takes chunks of the ``nch`` one at a time from the int64 counter at
    address ``claim`` until none is left, without the GIL) called as the
    serial one is (``(n, ch, nch, *args)``): on up to ``width`` threads (the
    cores this process may use, read when the plan's step runner is
    written), the caller and the pool's workers, each entering it once.  A
    thread that starts late, or whose core is taken, holds up only the
    chunk it is in.  Chunks write their own partial results, so the outcome
    does not depend on who ran which.

    >>> import ctypes, numpy as np
    >>> def kernel(n, ch, nch, claim, out):
    ...     counter = ctypes.c_int64.from_address(claim)
    ...     while counter.value < nch:           # (one thread: no race here)
    ...         c, counter.value = counter.value, counter.value + 1
    ...         out[c] = c
    >>> out = np.zeros(10)
    >>> Chunked(kernel, 1)((10,), 1, 10, out)
    >>> out.tolist() == list(range(10))
    True
    """

    __slots__ = ('kernel', 'width')

    def __init__(self, kernel: Callable[..., Any], width: Optional[int] = None) -> None:
        self.kernel = kernel
        self.width = available_cores() if width is None else width

    def __call__(self, n: Any, ch: int, nch: int, *args: Any) -> None:
        width = min(self.width, nch)
        if width > 1 and _calibration[0] is None:
            calibration()      # (how long a caller waits for a late worker)
        _pool.run_kernel(self.kernel, n, ch, nch, args, width)


# --- elementwise NumPy calls --------------------------------------------------

def ufunc(f: numpy.ufunc, *args: numpy.ndarray) -> numpy.ndarray:
    """``f(*args)`` (a NumPy ufunc of NumPy arrays) on threads tapejit
    decides: a result long enough to pay for handing pieces to workers is
    cut along its first axis into pieces that the caller and the pool's
    workers take one at a time (NumPy's loops run without the GIL); else as
    NumPy runs it.  Every element is computed by the same loop either way.

    >>> a = numpy.arange(6.0).reshape(3, 2)
    >>> ufunc(numpy.add, a, numpy.ones(2))
    array([[1., 2.],
           [3., 4.],
           [5., 6.]])
    """
    # (Every eager elementwise op comes here: a small one leaves on a few
    # attribute reads. A result holds at most the product of its operands'
    # sizes elements.)
    least = UFUNC_SPLIT_MIN
    if (args[0].size if len(args) == 1 else args[0].size * args[1].size) < least:
        return f(*args)
    shape = args[0].shape if len(args) == 1 else numpy.broadcast_shapes(
        *(a.shape for a in args))
    n = math.prod(shape)
    if n < least or shape[0] < 2:
        return f(*args)
    try:
        dtype = f.resolve_dtypes(tuple(a.dtype for a in args) + (None,))[-1]
    except (TypeError, ValueError, AttributeError):   # (NumPy's own error, raised by f)
        return f(*args)
    out = host_arrays.empty(shape, dtype)
    # An operand that spans the result's first axis is cut with it; one that
    # broadcasts along it is read whole by every piece.
    cut = [a.ndim == len(shape) and a.shape[0] == shape[0] for a in args]
    edges = _edges(shape[0], n // UFUNC_PIECE, 1)
    tasks = [lambda i=i, j=j: f(*(a[i:j] if c else a for a, c in zip(args, cut)),
                                out=out[i:j])
             for i, j in edges]
    cal = _calibration[0] or calibration()
    # Threads: as many as pieces of several hand-offs' work each allow.
    useful = n / (cal.elements_per_s * cal.handoff_s * PIECE_OVER_HANDOFF)
    _pool.run(tasks, max(1, min(available_cores(), len(tasks), int(useful))))
    return out


# --- products ----------------------------------------------------------------

def product_width(madds: float, cores: int) -> int:
    """Threads a product of ``madds`` multiply-adds runs on, given ``cores``:
    0 for a product shorter than setting BLAS's thread count (it runs as it
    is), 1 below the size that pays for a hand-off, else as many as its
    pieces of at least ``PIECE_OVER_HANDOFF`` hand-offs each.

    >>> product_width(10, 4)
    0
    """
    cal = calibration()
    if madds < cal.tiny_madds:
        return 0
    if cores <= 1 or madds < cal.split_madds:
        return 1
    pieces = madds / (cal.madds_per_s * cal.handoff_s * PIECE_OVER_HANDOFF)
    return int(max(1, min(cores, pieces)))


def _pieces(a: numpy.ndarray, b: numpy.ndarray, out: numpy.ndarray, count: int) -> list:
    """``count`` or so tasks writing ``out = a @ b`` piece by piece: along
    the first batch axis of a stacked product longer than one (an operand
    without it is broadcast by NumPy, not copied), else the longer of the
    result's rows and columns."""
    while out.ndim > 2 and out.shape[0] == 1:
        # (A leading axis of one: the product of what it holds.)
        a = a[0] if a.ndim == out.ndim else a
        b = b[0] if b.ndim == out.ndim else b
        out = out[0]
    if out.ndim > 2:
        sa = a.ndim == out.ndim and a.shape[0] != 1
        sb = b.ndim == out.ndim and b.shape[0] != 1
        return [lambda i=i, j=j: numpy.matmul(a[i:j] if sa else a, b[i:j] if sb else b,
                                              out=out[i:j])
                for i, j in _edges(out.shape[0], count, 1)]
    m, n = out.shape
    if m >= n:
        return [lambda i=i, j=j: numpy.matmul(a[i:j], b, out=out[i:j])
                for i, j in _edges(m, count, MIN_PIECE_EDGE)]
    return [lambda i=i, j=j: numpy.matmul(a, b[:, i:j], out=out[:, i:j])
            for i, j in _edges(n, count, MIN_PIECE_EDGE)]


def _edges(length: int, count: int, least: int) -> list:
    count = max(1, min(count, length // max(least, 1)))
    bounds = [length * k // count for k in range(count + 1)]
    return list(zip(bounds[:-1], bounds[1:]))


def product_madds(a: Any, b: Any) -> float:
    """The multiply-adds of ``a @ b`` (shapes with ``.shape``).

    >>> product_madds(numpy.ones((5, 2, 3)), numpy.ones((3, 4)))
    120.0
    """
    madds = float(a.shape[-2]) * a.shape[-1] * b.shape[-1]
    if len(a.shape) > 2 or len(b.shape) > 2:
        madds *= math.prod(numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2]))
    return madds


def matmul(a: numpy.ndarray, b: numpy.ndarray, out: Optional[numpy.ndarray] = None,
           width: Optional[int] = None) -> numpy.ndarray:
    """``a @ b`` (NumPy arrays, BLAS dtypes) on threads tapejit decides:
    ``width`` threads (None: :func:`product_width` of its size on the cores
    this process may use; 0: as NumPy runs it), BLAS itself on one thread
    each.

    >>> a = numpy.arange(6.0).reshape(2, 3)
    >>> matmul(a, a.T)
    array([[ 5., 14.],
           [14., 50.]])
    """
    if width is None:
        madds = product_madds(a, b)
        cal = _calibration[0] or calibration()
        width = 0 if madds < cal.tiny_madds else product_width(madds, available_cores())
    if width == 0:
        return numpy.matmul(a, b) if out is None else numpy.matmul(a, b, out=out)
    enter_one_thread()
    try:
        if width > 1:
            if out is None:
                shape = numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (
                    a.shape[-2], b.shape[-1])
                out = host_arrays.empty(shape, numpy.result_type(a, b))
            tasks = _pieces(a, b, out, width * PRODUCT_PIECES_PER_THREAD)
            if len(tasks) > 1:
                _pool.run(tasks, width)
                return out
        return numpy.matmul(a, b) if out is None else numpy.matmul(a, b, out=out)
    finally:
        leave_one_thread()
