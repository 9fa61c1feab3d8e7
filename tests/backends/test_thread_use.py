"""How tapejit uses threads (tapejit.backends.threads): products on the
threads it decides (BLAS on one thread each, big products cut into pieces
handed out one at a time), parallel kernels whose chunks each thread takes, nothing
spinning when idle, chosen once per plan."""

from __future__ import annotations

import os
import threading
import time
import types

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit import Variable
from tapejit.backends import threads


pytestmark = pytest.mark.usefixtures('cache_dir')  # (tests/conftest.py)


def _rand(*shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


@pytest.mark.parametrize('shapes', [((96, 70), (70, 40)),      # rows split
                                    ((40, 70), (70, 96)),      # columns split
                                    ((6, 33, 20), (6, 20, 17)),  # batch split
                                    ((5, 33, 20), (20, 17)),   # broadcast batch
                                    ((2, 3, 33, 20), (3, 20, 17))])
@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_a_product_cut_into_pieces_equals_numpy(shapes, dtype):
    a, b = _rand(*shapes[0], dtype=dtype), _rand(*shapes[1], dtype=dtype, seed=1)
    for width in (1, 2, 3):
        got = threads.matmul(a, b, width=width)
        np.testing.assert_allclose(got, a @ b, rtol=1e-5, atol=1e-5)
    # Transposed views and a given output array.
    out = np.empty((shapes[0][-1], shapes[0][-1]) if len(shapes[0]) == 2 else
                   a.shape[:-2] + (a.shape[-1], a.shape[-1]), dtype)
    threads.matmul(a.swapaxes(-1, -2), a, out=out, width=2)
    np.testing.assert_allclose(out, a.swapaxes(-1, -2) @ a, rtol=1e-5, atol=1e-4)


def test_pieces_are_handed_out_one_at_a_time_so_a_late_thread_holds_up_none():
    # The first piece blocks until every other piece has run: with pieces
    # split evenly between two threads ahead of time, the thread holding the
    # first would wait for pieces queued behind it (a hang); handed out one at
    # a time, the other thread takes them all.
    n = 12
    ran = []
    others_done = threading.Event()

    def first():
        assert others_done.wait(10), 'pieces were not handed to the free thread'
        ran.append(0)

    def other(i):
        ran.append(i)
        if len(ran) == n - 1:
            others_done.set()
    threads.Pool().run([first] + [lambda i=i: other(i) for i in range(1, n)], 2)
    assert sorted(ran) == list(range(n))


def test_a_parallel_kernels_chunks_are_taken_one_at_a_time_by_threads_entering_it_once():
    # The kernel's protocol (tapejit.targets.cpu.claim): each thread enters
    # once and takes chunks from the counter at ``claim`` until none is left.
    # The thread holding chunk 0 stalls until every other chunk is done: with
    # the chunks split between the threads ahead of time it would wait for
    # chunks queued behind it (a hang); taken one at a time, the other thread
    # runs them all.
    import ctypes
    nch = 40
    lock = threading.Lock()
    entered, done = [], []
    rest_done = threading.Event()

    def kernel(n, ch, nch, claim, out):
        counter = ctypes.c_int64.from_address(claim)
        entered.append(threading.get_ident())
        while True:
            with lock:
                c = counter.value
                counter.value = c + 1
            if c >= nch:
                return
            if c == 0:
                assert rest_done.wait(10), 'the other chunks were not taken by the free thread'
            out[c] = c
            with lock:
                done.append(c)
                if len(done) == nch - 1 and 0 not in done:
                    rest_done.set()
    out = np.zeros(nch)
    threads.Chunked(kernel, 2)((nch,), 1, nch, out)
    assert out.tolist() == list(range(nch)) and sorted(done) == list(range(nch))
    assert len(entered) == 2  # once per thread, not once per chunk or range


def test_an_error_in_a_piece_reaches_the_caller_and_the_pool_stays_usable():
    pool = threads.Pool()

    def boom():
        raise ValueError('piece 3 failed')
    with pytest.raises(ValueError, match='piece 3'):
        pool.run([lambda: None] * 3 + [boom] + [lambda: None] * 3, 2)
    out = []
    pool.run([lambda i=i: out.append(i) for i in range(6)], 2)
    assert sorted(out) == list(range(6))


def test_idle_workers_do_not_spin():
    # After a split product, the process uses no CPU while it sleeps: no
    # worker (tapejit's, or BLAS's) is left spinning on a core.
    a = _rand(512, 512)
    time.sleep(0.5)     # (BLAS's threads, woken by an earlier test's NumPy product, sleep)
    for width in (2, 1, None):
        threads.matmul(a, a, width=width)
    time.sleep(0.05)
    cpu = time.process_time()
    time.sleep(0.3)
    assert time.process_time() - cpu < 0.05


_SEVERAL_CORES = hasattr(os, 'sched_getaffinity') and len(os.sched_getaffinity(0)) >= 2


@pytest.mark.skipif(not _SEVERAL_CORES or threads._current_cpu() is None,
                    reason='needs per-thread affinity and two cores')
def test_workers_keep_off_the_core_the_caller_runs_on(monkeypatch):
    # With another process on one core, Linux places a woken worker beside
    # the thread that woke it; the pool keeps its workers on the caller's
    # other cores instead, and moves them when the caller moves.
    cores = os.sched_getaffinity(0)
    first, second = sorted(cores)[:2]
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: len(cores) - 1)
    pool = threads.Pool()
    out = []
    for caller in (first, second, first):
        monkeypatch.setattr(threads, '_current_cpu', lambda caller=caller: caller)
        pool.run([lambda i=i: out.append(i) for i in range(4)], 3)
        assert len(pool._workers) == 2
        for t in pool._workers:
            assert os.sched_getaffinity(t.native_id) == cores - {caller}
    assert sorted(out) == sorted(list(range(4)) * 3)


@pytest.mark.skipif(not _SEVERAL_CORES or threads._current_cpu() is None,
                    reason='needs per-thread affinity and two cores')
def test_with_every_core_taken_by_other_work_the_workers_may_use_every_core(monkeypatch):
    # Kept off the caller's core then, each of the step's threads would share
    # a core with other work; left to the system, they may share one.
    cores = os.sched_getaffinity(0)
    monkeypatch.setattr(threads, '_current_cpu', lambda: min(cores))
    pool = threads.Pool()
    for others, expected in ((len(cores) - 1, cores - {min(cores)}), (len(cores), cores),
                             (0, cores - {min(cores)})):
        monkeypatch.setattr(threads._other_work, 'count', lambda awake=0, others=others: others)
        pool.run([lambda: None] * 4, 2)
        assert os.sched_getaffinity(pool._workers[0].native_id) == expected


def test_other_work_counts_the_fewest_runnable_tasks_of_its_last_reads(monkeypatch):
    reads = iter([4, 2, 5, None, 6])
    monkeypatch.setattr(threads, '_runnable_tasks', lambda: next(reads))
    w = threads._OtherWork()
    w.EVERY_S = 0.0
    # (Less the reader; the fewest of the last reads; none where a read failed.)
    assert [w.count(), w.count(), w.count(), w.count(), w.count()] == [3, 1, 1, None, 5]


def test_other_work_leaves_out_the_pools_awake_workers(monkeypatch):
    # A worker polling for its next job is runnable as other work is: the
    # count leaves out the workers the pool has awake then.
    reads = iter([3, 3, 2])
    monkeypatch.setattr(threads, '_runnable_tasks', lambda: next(reads))
    w = threads._OtherWork()
    w.EVERY_S = 0.0
    assert [w.count(2), w.count(1), w.count(1)] == [0, 0, 0]


def test_runnable_tasks_reads_the_systems_count():
    n = threads._runnable_tasks()
    if not os.path.exists('/proc/loadavg'):
        assert n is None
    else:
        assert isinstance(n, int) and n >= 1      # (this thread, at least)


@pytest.mark.skipif(not _SEVERAL_CORES, reason='needs two cores')
def test_workers_are_placed_only_when_the_callers_core_changes(monkeypatch):
    calls = []
    real = os.sched_setaffinity
    monkeypatch.setattr(os, 'sched_setaffinity', lambda *a: (calls.append(a), real(*a)))
    first, second = sorted(os.sched_getaffinity(0))[:2]
    core = [first]
    monkeypatch.setattr(threads, '_current_cpu', lambda: core[0])
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: 0)
    pool = threads.Pool()
    for _ in range(5):
        pool.run([lambda: None] * 4, 2)
    assert len(calls) == 1          # the first job's, not one per job
    core[0] = second
    for _ in range(5):
        pool.run([lambda: None] * 4, 2)
    assert len(calls) == 2 and calls[-1][1] == os.sched_getaffinity(0) - {second}


@pytest.mark.skipif(not _SEVERAL_CORES, reason='needs two cores')
def test_a_placement_the_system_refuses_is_tried_again_at_the_next_job(monkeypatch):
    calls = []
    real = os.sched_setaffinity

    def refuse_first(*a):
        calls.append(a)
        if len(calls) == 1:
            raise OSError(22, 'refused')
        real(*a)
    monkeypatch.setattr(os, 'sched_setaffinity', refuse_first)
    cores = os.sched_getaffinity(0)
    monkeypatch.setattr(threads, '_current_cpu', lambda: min(cores))
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: 0)
    pool = threads.Pool()
    pool.run([lambda: None] * 4, 2)
    pool.run([lambda: None] * 4, 2)
    assert len(calls) == 2
    assert os.sched_getaffinity(pool._workers[0].native_id) == cores - {min(cores)}


@pytest.mark.skipif(not _SEVERAL_CORES, reason='needs two cores')
def test_without_a_count_of_other_work_the_workers_keep_off_the_callers_core(monkeypatch):
    cores = os.sched_getaffinity(0)
    monkeypatch.setattr(threads, '_current_cpu', lambda: min(cores))
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: None)
    pool = threads.Pool()
    pool.run([lambda: None] * 4, 2)
    assert os.sched_getaffinity(pool._workers[0].native_id) == cores - {min(cores)}


_PLACEABLE = pytest.mark.skipif(not _SEVERAL_CORES or threads._current_cpu() is None,
                                reason='needs per-thread affinity and two cores')


def _kept_apart_from(monkeypatch: pytest.MonkeyPatch, others: int = 1) -> tuple:
    """``(cores, first)``: the workers kept off core ``first``, the caller's
    as far as the pool knows, with ``others`` threads of other work counted
    (fewer than the cores) and the calibration measured."""
    cores = os.sched_getaffinity(0)
    first = min(cores)
    monkeypatch.setattr(threads, '_current_cpu', lambda: first)
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: others)
    threads.calibration()
    return cores, first


def _until_on(core: int) -> None:
    """Wait (5 s at most) until this thread may run only on ``core``."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < 5 and os.sched_getaffinity(0) != {core}:
        time.sleep(0.001)


@_PLACEABLE
def test_a_late_worker_kept_apart_is_brought_onto_the_callers_core(monkeypatch):
    # The caller, out of pieces, waits a few hand-offs' time; a worker still
    # at the job then is moved onto the caller's core (about to idle), and
    # kept apart again at the next job.
    cores, first = _kept_apart_from(monkeypatch)
    caller = threading.get_native_id()
    started, seen = threading.Event(), []

    def task():
        if threading.get_native_id() == caller:
            started.wait(5)          # (the worker holds the other piece)
            return
        started.set()
        _until_on(first)
        seen.append(os.sched_getaffinity(0))
    pool = threads.Pool()
    pool.run([task, task], 2)
    assert seen == [{first}]
    pool.run([lambda: None] * 4, 2)
    assert os.sched_getaffinity(pool._workers[0].native_id) == cores - {first}


@_PLACEABLE
def test_a_late_worker_stays_where_no_other_work_runs(monkeypatch):
    # Without other work nothing displaced it: its last piece is still
    # running, and moving it would only cost a migration.
    cores, first = _kept_apart_from(monkeypatch, others=0)
    caller = threading.get_native_id()
    started, seen = threading.Event(), []

    def task():
        if threading.get_native_id() == caller:
            started.wait(5)
            return
        started.set()
        time.sleep(0.05)             # (far past the caller's wait)
        seen.append(os.sched_getaffinity(0))
    pool = threads.Pool()
    pool.run([task, task], 2)
    assert seen == [cores - {first}]


@_PLACEABLE
def test_only_the_worker_brought_over_is_placed_back(monkeypatch):
    cores, first = _kept_apart_from(monkeypatch)
    caller = threading.get_native_id()
    arrived, lock = [], threading.Lock()
    both = threading.Event()

    def task():
        me = threading.get_native_id()
        if me == caller:
            both.wait(5)
            t0 = time.monotonic()     # (until the other worker has left the job)
            while time.monotonic() - t0 < 5 and len(pool._job.inside) > 1:
                time.sleep(0.001)
            return
        with lock:
            arrived.append(me)
            if len(arrived) == 2:
                both.set()
        if arrived[0] != me:
            return                    # (the other worker: done at once)
        _until_on(first)
    pool = threads.Pool()
    pool.run([task, task, task], 3)
    assert len(arrived) == 2 and os.sched_getaffinity(arrived[0]) == {first}
    calls = []
    real = os.sched_setaffinity
    monkeypatch.setattr(os, 'sched_setaffinity', lambda *a: (calls.append(a), real(*a)))
    pool.run([lambda: None] * 3, 3)
    assert calls == [(arrived[0], cores - {first})]


@pytest.mark.skipif(not _SEVERAL_CORES, reason='needs two cores')
def test_a_late_worker_is_left_where_it_is_when_not_kept_apart(monkeypatch):
    monkeypatch.setattr(threads, '_current_cpu', lambda: min(os.sched_getaffinity(0)))
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: 99)   # (every core taken)
    threads.calibration()
    calls = []
    real = os.sched_setaffinity
    monkeypatch.setattr(os, 'sched_setaffinity', lambda *a: (calls.append(a), real(*a)))
    caller = threading.get_native_id()
    started = threading.Event()

    def task():
        if threading.get_native_id() == caller:
            started.wait(5)
            return
        started.set()
        time.sleep(0.05)
    pool = threads.Pool()
    pool.run([task, task], 2)
    assert all(len(mask) == len(os.sched_getaffinity(0)) for _, mask in calls)


def test_the_callers_own_cores_never_change():
    # Only tapejit's own workers are placed.
    before = os.sched_getaffinity(0)
    a = _rand(256, 256)
    for _ in range(5):
        threads.matmul(a, a, width=2)
        threads.Pool().run([lambda: None] * 4, 2)
        threads.ufunc(np.add, np.ones((1024, 512), np.float32), np.float32(1))
    assert os.sched_getaffinity(0) == before


@pytest.mark.skipif(not (_SEVERAL_CORES and hasattr(os, 'fork')), reason='needs fork, two cores')
def test_a_forked_child_places_none_of_its_parents_threads(monkeypatch):
    # A pool made before the fork lists the parent's workers; their thread
    # ids belong to the parent.
    first, second = sorted(os.sched_getaffinity(0))[:2]
    monkeypatch.setattr(threads._other_work, 'count', lambda awake=0: 0)
    monkeypatch.setattr(threads, '_current_cpu', lambda: first)
    pool = threads.Pool()
    pool.run([lambda: None] * 4, 2)
    worker = pool._workers[0].native_id
    placed = os.sched_getaffinity(worker)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        threads._current_cpu = lambda: second
        out = []
        pool.run([lambda i=i: out.append(i) for i in range(4)], 2)
        os.write(w, b'1' if sorted(out) == [0, 1, 2, 3] else b'0')
        os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(r, 1) == b'1'
    assert os.sched_getaffinity(worker) == placed


def test_without_the_callers_core_the_workers_are_left_as_they_are(monkeypatch):
    monkeypatch.setattr(threads, '_current_cpu', lambda: None)
    monkeypatch.setattr(os, 'sched_setaffinity', lambda *a: pytest.fail('placed'),
                        raising=False)
    out = []
    threads.Pool().run([lambda i=i: out.append(i) for i in range(4)], 2)
    assert sorted(out) == [0, 1, 2, 3]


def test_blas_runs_on_one_thread_during_a_product_and_is_restored_after(monkeypatch):
    setters = threads._setters()
    if not setters:
        pytest.skip('no BLAS library that threadpoolctl controls')
    before = [get() for get, _ in setters]
    threads.calibration()       # (measured with the real NumPy)
    seen = []
    real = np.matmul

    def watched(*args, **kw):
        seen.append([get() for get, _ in threads._blas.setters])
        return real(*args, **kw)
    monkeypatch.setattr(threads, 'numpy', types.SimpleNamespace(
        matmul=watched, broadcast_to=np.broadcast_to, broadcast_shapes=np.broadcast_shapes,
        empty=np.empty, result_type=np.result_type, shares_memory=np.shares_memory))
    a = _rand(300, 300)
    for width in (None, 1, 2):
        threads.matmul(a, a, width=width)
    assert seen and all(counts == [1] * len(setters) for counts in seen)
    assert [get() for get, _ in setters] == before


def test_an_eager_product_runs_on_tapejits_threads(monkeypatch):
    calls = []
    real = threads.matmul
    monkeypatch.setattr(threads, 'matmul', lambda *a, **k: calls.append(k) or real(*a, **k))
    x, w = Variable(_rand(64, 128)), Variable(_rand(32, 128, seed=1))
    y = F.linear(x, w)
    np.testing.assert_allclose(y.array, x.array @ w.array.T, rtol=1e-5, atol=1e-5)
    assert len(calls) == 1


def test_a_plan_chooses_its_products_threads_once(monkeypatch):
    w = Variable(_rand(256, 300))

    @tapejit.jit
    def step(x):
        w.cleargrad()
        loss = F.sum(F.relu(F.linear(x, w)))
        loss.backward()
        return loss
    x = _rand(400, 300, seed=2)
    step(x)
    step(x)
    chosen = []
    real = threads.product_width
    monkeypatch.setattr(threads, 'product_width', lambda *a: chosen.append(a) or real(*a))
    loss = step(x)
    assert chosen == []          # (chosen when the step runner was written)
    h = np.maximum(x @ w.array.T, 0)
    np.testing.assert_allclose(loss.array, h.sum(), rtol=1e-4)
    np.testing.assert_allclose(w.grad, (h > 0).astype(np.float32).T @ x, rtol=1e-4,
                               atol=1e-3)


def test_a_parallel_kernel_gives_the_same_bits_on_any_number_of_threads(monkeypatch):
    # Big enough for the parallel variant: its chunks run on the pool, and
    # the sum's partials are combined in a fixed order.
    x = _rand(1 << 18, seed=3)

    def f(x):
        x = Variable(x)
        loss = F.sum(F.tanh(x) * x - 2 * x)
        gx, = tapejit.grad([loss], [x])
        return loss, gx
    want_loss, want_gx = f(x)
    bits = set()
    for width in (1, 2, 3):
        monkeypatch.setattr(threads, 'available_cores', lambda: width)
        jf = tapejit.jit(f)
        loss, gx = jf(x)
        loss, gx = jf(x)
        kernels = [st for kind, st in jf._last._executable.plan.steps if kind == 'kernel']
        assert any(isinstance(st.kernel, threads.Chunked) and st.kernel.width == width
                   for st in kernels)
        np.testing.assert_allclose(loss.array, want_loss.array, rtol=1e-5)
        np.testing.assert_allclose(gx.array, want_gx.array, rtol=1e-6, atol=1e-6)
        bits.add((loss.array.tobytes(), gx.array.tobytes()))
    assert len(bits) == 1


def test_set_max_threads_caps_the_products_and_kernels():
    try:
        threads.set_max_threads(1)
        assert threads.available_cores() == 1
        assert threads.product_width(1e12, threads.available_cores()) == 1
    finally:
        threads.set_max_threads(None)
    assert threads.available_cores() == len(os.sched_getaffinity(0))
    with pytest.raises(ValueError, match='set_max_threads'):
        threads.set_max_threads(0)


def _counts():
    return [get() for get, _ in threads._setters()]


def test_overlapping_products_of_two_threads_each_run_on_one_blas_thread():
    # The first product to start saves the count, the last to end restores
    # it: one thread's product ending does not give the other's BLAS back
    # its threads, nor leave them at one.
    if not threads._setters():
        pytest.skip('no BLAS library that threadpoolctl controls')
    before = _counts()
    a_in, a_may_leave, seen = threading.Event(), threading.Event(), []

    def a():
        with threads.blas_one_thread():
            a_in.set()
            a_may_leave.wait(10)
    t = threading.Thread(target=a)
    t.start()
    a_in.wait(10)
    with threads.blas_one_thread():
        a_may_leave.set()
        t.join(10)
        seen.append(_counts())            # A has left; B is still inside
    assert seen == [[1] * len(before)]
    assert _counts() == before


def test_numpys_own_blas_is_set_without_listing_every_library():
    # NumPy's OpenBLAS is reached through NumPy's extension module: the
    # process's first product neither imports threadpoolctl nor lists its
    # libraries, and the count set is the one NumPy's library reports.
    import subprocess
    import sys
    code = """
import sys, numpy
from tapejit.backends import threads
setters = threads._setters()
listed = 'threadpoolctl' in sys.modules
import threadpoolctl
numpys = [c for c in threadpoolctl.ThreadpoolController().lib_controllers
          if c.user_api == 'blas' and 'numpy' in c.filepath]
if not numpys or numpys[0].internal_api != 'openblas':
    print('SKIP')
    sys.exit(0)
with threads.blas_one_thread():
    inside = numpys[0].get_num_threads()
print(len(setters), listed, inside, numpys[0].get_num_threads() == setters[0][0]())
"""
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         timeout=120, check=True).stdout.split()
    if out == ['SKIP']:
        pytest.skip("NumPy's BLAS is not an OpenBLAS here")
    assert out == ['1', 'False', '1', 'True']


def test_a_library_loaded_to_be_called_adds_every_library_threadpoolctl_finds():
    threadpoolctl = pytest.importorskip('threadpoolctl')
    found = [c for c in threadpoolctl.ThreadpoolController().lib_controllers
             if c.user_api == 'blas']
    threads._setters()
    saved = list(threads._blas.setters)
    try:
        threads.blas_libraries_changed()
        assert len(threads._blas.setters) == len(found)
    finally:
        with threads._blas_lock:     # (SciPy's, where a plan loaded it before, stays set)
            threads._blas.setters = saved


def test_a_library_found_during_a_product_does_not_change_what_is_restored():
    if not threads._setters():
        pytest.skip('no BLAS library that threadpoolctl controls')
    before = _counts()
    with threads.blas_one_thread():
        threads.blas_libraries_changed()        # (SciPy's BLAS, loaded meanwhile)
    assert _counts()[:len(before)] == before


def test_calibration_waits_for_a_busy_pool():
    # Measured while another thread's job holds the pool, the hand-off must
    # still be a real round trip, not the caller running the pieces alone.
    started, release = threading.Event(), threading.Event()

    def hold():
        started.set()
        release.wait(10)
    t = threading.Thread(target=lambda: threads._pool.run([hold, lambda: None], 2))
    t.start()
    started.wait(10)
    try:
        threading.Timer(0.05, release.set).start()
        cal = threads._measure()
        assert cal.handoff_s > 1e-6
    finally:
        t.join(10)


def test_the_figures_are_kept_in_the_store_for_later_processes(fresh_store, monkeypatch):
    measured = []

    def measure():
        measured.append(1)
        return threads.Calibration(50e9, 7e-6, 3e-6, 2e9)
    monkeypatch.setattr(threads, '_measure', measure)
    monkeypatch.setattr(threads, '_calibration', [None])
    first = threads.calibration()
    assert measured == [1] and threads.calibration() is first
    # A later process (nothing in memory) reads them: the same decisions.
    monkeypatch.setattr(threads, '_calibration', [None])
    again = threads.calibration()
    assert measured == [1]
    assert [getattr(again, k) for k in threads.Calibration.__slots__] == \
        [getattr(first, k) for k in threads.Calibration.__slots__]
    # Other cores (an affinity mask): measured for them.
    monkeypatch.setattr(threads, '_calibration', [None])
    monkeypatch.setattr(threads, 'available_cores', lambda: 64)
    threads.calibration()
    assert measured == [1, 1]


def test_figures_that_do_not_read_are_measured_again(fresh_store, monkeypatch):
    from tapejit.compiler import store
    monkeypatch.setattr(threads, '_measure', lambda: threads.Calibration(50e9, 7e-6, 3e-6))
    folder = store.cache_dir()
    for bad in (b'not json', b'{"madds_per_s": 1}',
                b'{"madds_per_s": -1, "handoff_s": 1, "toggle_s": 1, "elements_per_s": 1}'):
        store.write(folder, threads._calibration_key(), bad)
        monkeypatch.setattr(threads, '_calibration', [None])
        assert threads.calibration().madds_per_s == 50e9
    # A forged entry (not under this user's key) is refused with a warning.
    path = store.entry_path(folder, threads._calibration_key())
    with open(path, 'r+b') as f:
        f.seek(-3, 2)
        f.write(b'1e9')
    monkeypatch.setattr(threads, '_calibration', [None])
    with pytest.warns(RuntimeWarning, match='measuring again'):
        assert threads.calibration().madds_per_s == 50e9


def test_a_batch_axis_of_one_is_still_cut_into_pieces():
    a, b = _rand(1, 1, 96, 40), _rand(1, 40, 70, seed=1)
    out = np.empty((1, 1, 96, 70), np.float32)
    tasks = threads._pieces(a, b, out, 2)
    assert len(tasks) == 2
    for task in tasks:
        task()
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)


def test_a_small_plan_with_a_product_worth_cutting_runs_step_by_step(monkeypatch):
    w = Variable(_rand(128, 128))

    @tapejit.jit
    def step(x):
        return F.sum(F.matmul(x, w))
    x = _rand(128, 128, seed=1)
    monkeypatch.setattr(threads, 'available_cores', lambda: 2)
    cal = threads.calibration()
    monkeypatch.setattr(cal, 'split_madds', 1.0)
    monkeypatch.setattr(cal, 'handoff_s', 1e-9)
    np.testing.assert_allclose(step(x).array, (x @ w.array).sum(), rtol=1e-4)
    assert step._last._executable.one_call is None


@pytest.mark.skipif(not hasattr(os, 'fork'), reason='no fork')
def test_a_forked_child_gets_a_new_pool_and_the_blas_count_back():
    a = _rand(300, 300)
    threads.matmul(a, a, width=2)                 # the pool's worker started
    before = _counts()
    r, w = os.pipe()
    with threads.blas_one_thread():               # forked inside a product
        pid = os.fork()
        if pid == 0:
            ok = (_counts() == before and threads._pool._workers == []
                  and np.allclose(threads.matmul(a, a, width=2), a @ a, rtol=1e-4, atol=1e-3))
            os.write(w, b'1' if ok else b'0')
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(r, 1) == b'1'


def test_an_idle_worker_holds_no_array_of_the_last_job():
    # A worker kept its last job's tasks (and so the kernel's arrays) until
    # the next job: a plan's pool then saw its buffers as taken, by timing.
    import gc
    import sys
    import time

    out = np.zeros(64)
    base = sys.getrefcount(out)

    def kernel(n, ch, nch, claim, arr):
        time.sleep(0.01)   # (every thread enters while the others run)
    threads.Chunked(kernel, 2)((64,), 1, 4, out)
    deadline = time.monotonic() + 2
    while sys.getrefcount(out) > base and time.monotonic() < deadline:
        gc.collect()
        time.sleep(0.01)
    assert sys.getrefcount(out) == base


@pytest.mark.parametrize('f, shapes', [
    (np.add, [(70, 16, 300), (1, 16, 1)]),        # broadcast along the cut axis
    (np.multiply, [(70, 16, 300), (70, 16, 300)]),
    (np.greater_equal, [(300, 2000), (2000,)]),   # a bool result, fewer dims
    (np.exp, [(70, 16, 300)]),
    (np.tanh, [(3, 200000)]),                     # a few long rows
])
def test_a_large_eager_elementwise_call_is_cut_into_pieces_with_numpys_bits(f, shapes,
                                                                            monkeypatch):
    args = [_rand(*s, seed=k) for k, s in enumerate(shapes)]
    ran = []
    real = threads._pool.run
    monkeypatch.setattr(threads._pool, 'run', lambda tasks, width, **k: (
        ran.append((len(tasks), width)), real(tasks, width, **k))[1])
    got = threads.ufunc(f, *args)
    want = f(*args)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()
    # Pieces of about UFUNC_PIECE elements, whatever the threads.
    n = want.size
    assert ran and ran[0][0] == min(want.shape[0], n // threads.UFUNC_PIECE) >= 2
    threads.set_max_threads(1)
    try:
        ran.clear()
        again = threads.ufunc(f, *args)
    finally:
        threads.set_max_threads(None)
    assert again.tobytes() == want.tobytes() and ran[0][1] == 1


def test_small_or_one_row_elementwise_calls_run_as_numpy_runs_them(monkeypatch):
    monkeypatch.setattr(threads._pool, 'run', lambda *a, **k: pytest.fail('cut'))
    for args in ([_rand(100, 100)], [_rand(1, 10 ** 6)], [np.float32(3) * np.ones(())]):
        np.testing.assert_array_equal(threads.ufunc(np.negative, *args), -args[0])


def test_eager_elementwise_ops_run_on_tapejits_threads(monkeypatch):
    calls = []
    real = threads.ufunc
    monkeypatch.setattr(threads, 'ufunc', lambda f, *a: calls.append(f) or real(f, *a))
    x = Variable(_rand(64, 32, 16, 16))
    y = F.exp(x) * x + x
    np.testing.assert_allclose(y.array, np.exp(x.array) * x.array + x.array, rtol=1e-6)
    assert calls == [np.exp, np.multiply, np.add]
