"""The pool's native waits (tapejit.targets.cpu.pool_waits): what each wait
reads and stores, that each gives up after its pauses, and that a pool given
them starts back-to-back jobs without its worker sleeping, with the same
results."""

from __future__ import annotations

import ctypes
import os
import threading
import time

import numpy as np
import pytest

from tapejit.backends import threads
from tapejit.targets.cpu import pool_waits

pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)

_SEVERAL_CORES = hasattr(os, 'sched_getaffinity') and len(os.sched_getaffinity(0)) >= 2
_PLACEABLE = pytest.mark.skipif(not _SEVERAL_CORES or threads._current_cpu() is None,
                                reason='needs per-thread affinity and two cores')


@pytest.fixture(scope='module')
def waits():
    """``(wait_job, wait_idle, pauses a second)``: the native entry's two
    kinds of wait."""
    pool_waits.install()
    assert threads.native_waits()
    wait, per_s = threads._pool._waits

    def wait_job(words, *rest):
        return wait(words, threads.WAIT_JOB, *rest)

    def wait_idle(words, *rest):
        return wait(words, threads.WAIT_IDLE, *rest)
    return wait_job, wait_idle, per_s


def _words(**at):
    w = np.zeros(threads.W_BUSY + 2, np.int64)
    for k, v in at.items():
        w[getattr(threads, k)] = v
    return w


def _later(seconds, fn):
    t = threading.Timer(seconds, fn)
    t.start()
    return t


def test_the_pause_rate_is_measured(waits):
    assert 1e5 < waits[2] < 1e11


def test_a_worker_without_a_new_job_clears_its_flag_and_gives_up(waits):
    wait_job, _, per_s = waits
    w = _words(W_POSTED=5)
    flag = threads.W_BUSY + 1
    w[flag] = 1
    t = time.perf_counter()
    assert wait_job(w, flag, 5, int(0.002 * per_s)) is None
    assert time.perf_counter() - t >= 0.001       # (polled its pauses)
    assert w[flag] == 0 and w[threads.W_POSTED] == 5


def test_a_worker_leaves_its_wait_for_a_job_and_sets_its_flag(waits):
    wait_job, _, per_s = waits
    w = _words(W_POSTED=5)
    flag = threads.W_BUSY
    timer = _later(0.02, lambda: w.__setitem__(threads.W_POSTED, 6))
    t = time.perf_counter()
    wait_job(w, flag, 5, int(5.0 * per_s))
    timer.join()
    assert time.perf_counter() - t < 2.5          # (left at the job, not after 5 s)
    assert w[flag] == 1


def test_a_worker_waits_for_a_kernels_first_claim(waits):
    wait_job, _, per_s = waits
    w = _words(W_POSTED=6, W_KERNEL=1, W_CLAIM=0)
    left = []
    timer = _later(0.05, lambda: w.__setitem__(threads.W_CLAIM, 1))

    def wait():
        wait_job(w, threads.W_BUSY, 5, int(5.0 * per_s))
        left.append(w[threads.W_CLAIM])
    wait()
    timer.join()
    assert left == [1]                             # (not before the claim)


def test_the_callers_wait_ends_when_every_flag_is_clear(waits):
    _, wait_idle, per_s = waits
    w = _words()
    w[threads.W_BUSY:threads.W_BUSY + 2] = 1
    timers = [_later(0.01, lambda: w.__setitem__(threads.W_BUSY, 0)),
              _later(0.03, lambda: w.__setitem__(threads.W_BUSY + 1, 0))]
    wait_idle(w, threads.W_BUSY, 2, int(5.0 * per_s))
    for t in timers:
        t.join()
    assert not w[threads.W_BUSY:].any()
    t = time.perf_counter()
    w[threads.W_BUSY] = 1                          # (never cleared: gives up)
    wait_idle(w, threads.W_BUSY, 2, int(0.002 * per_s))
    assert 0.001 <= time.perf_counter() - t < 2.5


def test_a_wait_refuses_what_is_not_its_words(waits):
    wait_job = waits[0]
    assert wait_job(np.zeros(4, np.float64), 0, 0, 10) is NotImplemented
    assert wait_job(np.zeros(4, np.int64), 0, 0) is NotImplemented


@pytest.mark.parametrize('flag', [0, threads.W_CLAIM, threads.W_BUSY + 2, -1])
def test_a_worker_flag_outside_its_words_stores_nothing(waits, flag):
    # (A flag before W_BUSY would clear the pool's own words; past the end,
    # memory the array does not own.)
    wait_job, _, per_s = waits
    w = _words(W_POSTED=5, W_CLAIM=3)
    w[threads.W_BUSY:] = 7
    before = w.copy()
    t = time.perf_counter()
    assert wait_job(w, flag, 5, int(5.0 * per_s)) is None
    assert time.perf_counter() - t < 2.5                  # (at once, not a poll of 5 s)
    np.testing.assert_array_equal(w, before)


@pytest.mark.parametrize('first, count', [(-1, 2), (threads.W_BUSY, 3), (4, -1)])
def test_the_callers_wait_outside_its_words_returns_at_once(waits, first, count):
    _, wait_idle, per_s = waits
    w = np.ones(threads.W_BUSY + 2, np.int64)
    t = time.perf_counter()
    assert wait_idle(w, first, count, int(5.0 * per_s)) is None
    assert time.perf_counter() - t < 2.5


def _counting_kernel(chunk_s=0.0002):
    """A kernel of :class:`threads.Chunked`'s form (in Python, under the
    GIL) writing each chunk's index, and how it claims them."""
    def kernel(n, ch, nch, claim, out):
        counter = ctypes.c_int64.from_address(claim)
        while True:
            c = counter.value
            if c >= nch:
                return
            counter.value = c + 1          # (the GIL keeps this atomic here)
            out[c] = c + 1
            if chunk_s:
                time.sleep(chunk_s)        # (lets the other thread take some)
    return kernel


def _kept_apart(monkeypatch, others=0):
    """Other work counted as ``others`` (fewer than the cores: the workers
    are kept off the core the caller runs on, read as the pool reads it)."""
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: others)
    threads.calibration()


class _CountingCondition(threading.Condition):
    def __init__(self):
        super().__init__()
        self.sleeps = 0

    def wait(self, timeout=None):
        self.sleeps += 1
        return super().wait(timeout)


@_PLACEABLE
@pytest.mark.parametrize('given, others', [(True, 0), (False, 0), (True, 1)])
def test_a_worker_given_the_waits_takes_back_to_back_jobs_without_sleeping(
        waits, monkeypatch, given, others):
    # Native products (the GIL let go in the kernel, as a step's are) a
    # short gap apart.  Beside other work (one thread of it: the workers
    # still kept apart) a worker sleeps at once: it shares its core.
    from tapejit.targets.cpu import product
    if _machine_busy():
        pytest.skip('other work runs on this machine: a worker sharing its core '
                    'polls in vain (the pool would not poll there)')
    _kept_apart(monkeypatch, others)
    polls = given and others == 0
    rng = np.random.default_rng(0)
    a = rng.standard_normal((128, 256)).astype(np.float32)
    b = rng.standard_normal((256, 256)).astype(np.float32)
    x = np.ones(1 << 14, np.float32)
    want = a @ b      # (once: BLAS's own threads would take the cores between jobs)
    jobs = 40
    sleeps = []
    for _ in range(5):       # (until one run shows it: the host may take a core a while)
        pool = threads.Pool()
        if given:
            pool.use_waits(*threads._pool._waits)
        pool._cv = cv = _CountingCondition()
        monkeypatch.setattr(threads, '_pool', pool)
        for _ in range(jobs):
            np.testing.assert_allclose(product.matmul(a, b, None, 2), want, rtol=1e-4,
                                       atol=1e-3)
            for _ in range(4):
                np.sqrt(x, out=x)        # (a gap of some microseconds, without the GIL)
        sleeps.append(cv.sleeps)
        if polls:
            assert _settles(pool)      # (the worker back in a wait: its flag clear)
        # (Polling, it sleeps once at its start and where the machine took its
        # core for longer than its wait; without, at every job.)
        if (cv.sleeps < jobs // 4 if polls else cv.sleeps >= jobs // 2):
            break
    if polls:
        assert min(sleeps) < jobs // 4, sleeps
    else:
        assert max(sleeps) >= jobs // 2, sleeps


def _machine_busy():
    """Whether other work runs now: the fewest runnable tasks of a few
    reads, less this thread and the pool's workers."""
    reads = []
    for _ in range(8):
        reads.append(threads._runnable_tasks())
        time.sleep(0.002)
    if None in reads:
        return False
    return min(reads) - 1 - len(threads._pool._workers) > 0


def _settles(pool):
    t = time.monotonic()
    while time.monotonic() - t < 5 and pool._words[threads.W_BUSY:].any():
        time.sleep(0.001)
    return not pool._words[threads.W_BUSY:].any()


@_PLACEABLE
def test_an_error_of_a_kernel_job_reaches_the_caller(waits, monkeypatch):
    _kept_apart(monkeypatch)
    pool = threads.Pool()
    pool.use_waits(*threads._pool._waits)

    def kernel(n, ch, nch, claim, *args):
        raise ValueError('bad chunk')
    with pytest.raises(ValueError, match='bad chunk'):
        pool.run_kernel(kernel, None, 1, 8, (), 2)
    out = np.zeros(16, np.int64)                   # (and the pool goes on)
    pool.run_kernel(_counting_kernel(), None, 1, 16, (out,), 2)
    np.testing.assert_array_equal(out, np.arange(1, 17))


def test_a_kernel_job_while_another_runs_runs_on_its_caller(waits):
    pool = threads.Pool()
    pool.use_waits(*threads._pool._waits)
    assert pool._busy.acquire(blocking=False)      # (another thread's job)
    try:
        out = np.zeros(16, np.int64)
        pool.run_kernel(_counting_kernel(), None, 1, 16, (out,), 2)
        np.testing.assert_array_equal(out, np.arange(1, 17))
        assert pool._words[threads.W_CLAIM] == 0   # (its own counter, not the pool's)
    finally:
        pool._busy.release()


@_PLACEABLE
def test_a_worker_asleep_has_its_flag_clear(waits, monkeypatch):
    # A worker whose wait saw a job that ended before it got there sleeps
    # with its flag clear; else the caller would poll out its whole wait at
    # every job.  (More workers than a job's width, jobs the caller ends
    # alone: the case that left a flag set.)
    _kept_apart(monkeypatch)
    pool = threads.Pool()
    pool.use_waits(*threads._pool._waits)
    pool.run([lambda: None] * 8, 4)
    for i in range(2000):
        pool.run([lambda: None] * 2, 2)
        if i % 50 == 0:
            t = time.monotonic()
            while time.monotonic() - t < 1 and pool._asleep < len(pool._workers):
                time.sleep(0.001)
            with pool._cv:
                if pool._asleep == len(pool._workers):
                    assert not pool._words[threads.W_BUSY:].any(), pool._words


@_PLACEABLE
def test_a_caller_interrupted_in_its_wait_finishes_the_job_first(waits, monkeypatch):
    # Raised in the caller while a worker still runs the job's pieces (a
    # signal handler, KeyboardInterrupt): the pieces finish before the
    # error leaves the pool, so the next job's counter is its own.
    _kept_apart(monkeypatch)
    pool = threads.Pool()
    pool.use_waits(*threads._pool._waits)
    started = threading.Event()

    def kernel(n, ch, nch, claim, out):
        counter = ctypes.c_int64.from_address(claim)
        worker = threading.current_thread() is not threading.main_thread()
        if worker:
            started.set()
        else:
            started.wait(5)
        while True:
            c = counter.value
            if c >= nch:
                return
            counter.value = c + 1
            if worker:
                time.sleep(0.2)              # (the worker's piece is slow)
            out[c] = n
    real_wait = threads.Pool._wait_for

    def interrupted(self, job):
        raise KeyboardInterrupt
    monkeypatch.setattr(threads.Pool, '_wait_for', interrupted)
    first = np.zeros(8, np.int64)
    with pytest.raises(KeyboardInterrupt):
        pool.run_kernel(kernel, 1, 1, 8, (first,), 2)
    assert pool._job is None and (first == 1).all()
    monkeypatch.setattr(threads.Pool, '_wait_for', real_wait)
    started.clear()
    second = np.zeros(8, np.int64)
    pool.run_kernel(kernel, 2, 1, 8, (second,), 2)
    time.sleep(0.3)
    assert (second == 2).all() and (first == 1).all()


@_PLACEABLE
@pytest.mark.parametrize('others', [0, 1, None])
def test_neither_caller_nor_worker_polls_beside_other_work(waits, monkeypatch, others):
    # Beside other work a core is shared (a second process's worker may be
    # on the caller's): the pool's threads sleep there, as before.  Where
    # other work cannot be counted, too.
    _kept_apart(monkeypatch, others)
    pool = threads.Pool()
    pool.use_waits(*threads._pool._waits)
    pool.run([lambda: None] * 4, 2)
    polls = pool._poll_pauses(threads.PULL_AFTER_HANDOFFS)
    assert (polls > 0) == (others == 0), polls


@_PLACEABLE
def test_no_thread_polls_where_the_caller_may_use_one_core(waits, monkeypatch):
    # (Its workers then run on the caller's core: one polling there would
    # take the caller's time.  A plan's width was read before the mask.)
    _kept_apart(monkeypatch)
    cores = os.sched_getaffinity(0)
    pool = threads.Pool()
    pool.use_waits(*threads._pool._waits)
    os.sched_setaffinity(0, {threads._current_cpu()})
    try:
        pool.run([lambda: None] * 4, 2)
        assert pool._poll_pauses(threads.POLL_HANDOFFS) == 0
    finally:
        os.sched_setaffinity(0, cores)
    pool.run([lambda: None] * 4, 2)
    assert pool._poll_pauses(threads.POLL_HANDOFFS) > 0


def test_a_wait_that_fails_to_compile_leaves_the_pool_sleeping(monkeypatch):
    # Not an error of the kernel being loaded: a warning, and the pool keeps
    # the waits it has (none, in a fresh process: its threads sleep).
    given = []
    monkeypatch.setattr(pool_waits, '_installed', [])
    monkeypatch.setattr(threads, 'use_native_waits', lambda *a: given.append(a))

    def broken(*args, **kwargs):
        raise OSError('disk full')
    monkeypatch.setattr(pool_waits, 'load_object', broken)
    with pytest.warns(RuntimeWarning, match="waits could not be compiled.*disk full"):
        pool_waits.install()
    assert not given
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        pool_waits.install()        # (once a process: no second warning)


# --- native jobs: a kernel's call packed into the pool's block ---------------

def _doubling_kernel():
    """A generated kernel ``k(n, ch, nch, x, y)``: ``y = 2 * x``."""
    from tapejit.compiler import loop_ir as L
    from tapejit.targets.cpu.native import NativeKernel
    f32 = np.dtype(np.float32)
    body = [L.Assign(L.Load('y', ('i',)), L.Apply('mul', (L.Load('x', ('i',)),
                     L.Const(2.0, f32)), {}, (f32, f32), f32))]
    return NativeKernel('k', L.Kernel('k', ['x', 'y'], [], L.ChunkLoop(
        False, [], [L.ChunkRange('i', body)], [])), False, None)


def _packed(k, x, y):
    block = np.zeros(threads.KERNEL_BLOCK_WORDS, np.int64)
    assert k.pack(block, np.array([x.size]), 8, 1, x, y)
    return block


def test_a_kernels_entry_packs_its_call_and_the_callers_wait_runs_it(waits):
    k = _doubling_kernel()
    x, y = np.arange(5, dtype=np.float32), np.zeros(5, np.float32)
    block = _packed(k, x, y)
    assert block[0] != 0 and not y.any()         # (packed: nothing ran)
    wait, _ = threads._pool._waits
    words = _words(W_BODY=1, W_BLOCK=block.ctypes.data)      # (job 1, open)
    assert wait(words, threads.WAIT_RUN, threads.W_BUSY, 2, 10) is None
    assert y.tolist() == [0, 2, 4, 6, 8]
    assert words[threads.W_BODY] == 0            # (closed: no worker enters after it)
    # Arguments the call would refuse are not packed.
    bad = np.zeros(threads.KERNEL_BLOCK_WORDS, np.int64)
    frozen = np.zeros(5, np.float32)
    frozen.flags.writeable = False
    assert not k.pack(bad, np.array([5]), 8, 1, x, frozen)
    assert bad[0] == 0
    # Nor into anything but an int64 array of the block's words.
    short = np.zeros(threads.KERNEL_BLOCK_WORDS - 1, np.int64)
    assert not k.pack(short, np.array([5]), 8, 1, x, y) and not short.any()
    assert not k.pack(bad.astype(np.float64), np.array([5]), 8, 1, x, y)
    assert not k.pack(bad.ctypes.data, np.array([5]), 8, 1, x, y)


@pytest.mark.parametrize('seats, body, runs', [(1, 1, True), (0, 1, False), (1, 0, False),
                                               (1, 2, False)])
def test_a_worker_runs_a_posted_native_job_while_open_and_with_a_seat(waits, seats, body,
                                                                       runs):
    # body: W_BODY, the open job's number (the worker saw job 1 posted): 1
    # open; 0 closed, as its caller does once its own run is over; 2 the
    # next job's, opened before it was posted (a seat of job 1 must not let
    # the worker into job 2).
    wait_job, _, per_s = waits
    k = _doubling_kernel()
    x, y = np.arange(4, dtype=np.float32), np.zeros(4, np.float32)
    block = _packed(k, x, y)
    words = _words(W_POSTED=1, W_KERNEL=threads.K_NATIVE, W_SEATS=seats,
                   W_BODY=body, W_BLOCK=block.ctypes.data)
    words[threads.W_BUSY] = threads.IN_PYTHON
    # (It runs the job, polls on for the next, and gives up: it never
    # returned to Python in between.)
    assert wait_job(words, threads.W_BUSY, 0, int(per_s * 1e-3)) is None
    assert y.tolist() == ([0, 2, 4, 6] if runs else [0, 0, 0, 0])
    assert words[threads.W_BUSY] == 0
    # (Its seat taken where it ran; else the seats as they were.)
    assert words[threads.W_SEATS] == (seats - 1 if runs else seats)


def _products_as_native_jobs(monkeypatch, jobs=20):
    """Run ``jobs`` two-thread products through the pool; per job, whether
    it ran as a native job and whether a worker took its seat."""
    from tapejit.targets.cpu import product
    rng = np.random.default_rng(3)
    a = rng.standard_normal((128, 512)).astype(np.float32)
    b = rng.standard_normal((512, 512)).astype(np.float32)
    want = product.matmul(a, b, None, 1)
    seen = []
    run_native = threads.Pool._run_native

    def recorded(self, *args):
        ran = run_native(self, *args)
        seen.append((ran, self._words[threads.W_SEATS] == 0))
        return ran
    monkeypatch.setattr(threads.Pool, '_run_native', recorded)
    for _ in range(jobs):
        assert np.array_equal(product.matmul(a, b, None, 2), want)
    return seen


def test_products_run_as_native_jobs_with_the_same_bits(waits, monkeypatch):
    seen = _products_as_native_jobs(monkeypatch)
    assert seen and all(ran for ran, _ in seen)
    assert any(joined for _, joined in seen)     # (a worker ran part of one)


def test_a_sleeping_worker_woken_for_a_native_job_joins_it(waits, monkeypatch):
    # Polls so short that the worker is asleep at each job: woken on the
    # condition, its wait joins the job without the GIL.
    monkeypatch.setattr(threads.Pool, '_poll_pauses', lambda self, handoffs: 8)
    seen = _products_as_native_jobs(monkeypatch, 30)
    assert all(ran for ran, _ in seen)
    assert any(joined for _, joined in seen)
    assert _settles(threads._pool)


def test_beside_other_work_kernels_run_from_python(waits, monkeypatch):
    # Nothing polls there; a worker that joined a native job at once held
    # up the caller whenever the other work took its core mid-chunk.
    monkeypatch.setattr(threads.Pool, '_poll_pauses', lambda self, handoffs: 0)
    seen = _products_as_native_jobs(monkeypatch, 10)
    assert seen and not any(ran for ran, _ in seen)


def test_after_a_native_job_a_worker_polls_only_as_long_as_its_caller_allowed(waits):
    # Serving job after job natively, a worker never returns to Python to be
    # told that other work now runs: each job carries its caller's verdict
    # (W_POLL; beside other work 0: it sleeps instead of polling).
    wait_job, _, per_s = waits
    k = _doubling_kernel()
    x, y = np.arange(4, dtype=np.float32), np.zeros(4, np.float32)
    block = _packed(k, x, y)
    words = _words(W_POSTED=1, W_KERNEL=threads.K_NATIVE, W_SEATS=1, W_POLL=0,
                   W_BODY=1, W_BLOCK=block.ctypes.data)
    t = time.perf_counter()
    wait_job(words, threads.W_BUSY, 0, int(per_s * 30))       # (allowed 30 s at first)
    assert time.perf_counter() - t < 5
    assert y.tolist() == [0, 2, 4, 6]


@pytest.mark.parametrize('before', [False, True])
def test_an_interrupted_native_job_leaves_no_worker_in_it(waits, monkeypatch, before):
    # An interrupt raised as the caller's wait returns (or before it ran):
    # the caller still runs and closes the job and waits for the workers
    # before the exception leaves, so no worker writes its arrays or claims
    # from the pool's counter afterwards.
    from tapejit.targets.cpu import product
    rng = np.random.default_rng(5)
    a = rng.standard_normal((64, 2048)).astype(np.float32)
    b = rng.standard_normal((2048, 1024)).astype(np.float32)
    want = product.matmul(a, b, None, 1)
    pool = threads._pool
    wait, per_s = pool._waits
    monkeypatch.setattr(threads.Pool, '_poll_pauses', lambda self, handoffs: 10 ** 6)
    for _ in range(10):
        armed = [True]

        def interrupted(words, kind, *rest):
            if kind == threads.WAIT_RUN and armed[0]:
                armed[0] = False
                if before:
                    raise KeyboardInterrupt
                wait(words, kind, *rest)
                raise KeyboardInterrupt
            return wait(words, kind, *rest)
        monkeypatch.setattr(pool, '_waits', (interrupted, per_s))
        with pytest.raises(KeyboardInterrupt):
            product.matmul(a, b, None, 2)
        words = pool._words
        assert words[threads.W_BODY] == 0
        assert threads.IN_KERNEL not in words[threads.W_BUSY:].tolist()
        assert pool._job is None
        monkeypatch.setattr(pool, '_waits', (wait, per_s))
        assert np.array_equal(product.matmul(a, b, None, 2), want)
