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


def _counting_kernel():
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
            time.sleep(0.0002)             # (lets the other thread take some)
    return kernel


def _kept_apart(monkeypatch, others=0):
    cores = os.sched_getaffinity(0)
    monkeypatch.setattr(threads, '_current_cpu', lambda: min(cores))
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
    # Beside other work (one thread of it: the workers still kept apart) a
    # worker sleeps at once: it shares its core.
    _kept_apart(monkeypatch, others)
    polls = given and others == 0
    pool = threads.Pool()
    if given:
        pool.use_waits(*threads._pool._waits)
    pool._cv = cv = _CountingCondition()
    kernel = _counting_kernel()
    jobs = 40
    for _ in range(jobs):
        out = np.zeros(16, np.int64)
        pool.run_kernel(kernel, None, 1, 16, (out,), 2)
        np.testing.assert_array_equal(out, np.arange(1, 17))
    # (Polling, it sleeps once at its start and where the machine took its
    # core for longer than its wait; without, at every job.)
    if polls:
        assert cv.sleeps < jobs // 2, cv.sleeps
        assert _settles(pool)      # (the worker back in its wait: its flag clear)
    else:
        assert cv.sleeps >= jobs // 2, cv.sleeps


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
