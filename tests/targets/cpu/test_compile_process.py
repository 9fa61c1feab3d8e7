"""The compile process: a plan's first run hands the kernels it will compile
to a second process, which compiles them (from the last) while the run
compiles the others (from the first), with the same bytes as this process;
every signature handed over is the one the run then asks for; a kernel not
begun there is compiled here; a process that dies leaves every kernel to
this one, with a warning."""

from __future__ import annotations

import itertools
import sys
import threading
import time
import warnings

import numpy as np
import pytest

import tapejit
import tapejit.functions as F
from tapejit.backends import threads
from tapejit.targets.cpu import compile_process, llvm_jit, one_call
from tapejit.targets.cpu import executable as E

_fresh = itertools.count(1)


@pytest.fixture(autouse=True)
def step_runner(monkeypatch):
    """Plans run step by step (a small plan would otherwise be one native
    function, which the step runner's first run does not load)."""
    monkeypatch.setattr(one_call, 'ENABLED', False)


def _step():
    """A training step whose kernels no other test compiled (its constant
    is new): about a dozen kernels, some of them past a product."""
    c = 1.0 + next(_fresh) / 1024.0

    @tapejit.jit
    def step(x, w1, w2):
        h = F.tanh(F.matmul(x, w1) * c)
        y = F.sigmoid(F.matmul(h, w2)) - c
        loss = F.sum(y * y) + F.sum(F.exp(-h * c))
        w1.cleargrad()
        w2.cleargrad()
        loss.backward()
        return loss, w1.grad, w2.grad
    return step


def _args(seed=0):
    r = np.random.default_rng(seed)
    return (r.standard_normal((16, 8)).astype(np.float32),
            tapejit.Variable(r.standard_normal((8, 12)).astype(np.float32) * 0.3),
            tapejit.Variable(r.standard_normal((12, 4)).astype(np.float32) * 0.3))


def _np(a):
    return np.asarray(getattr(a, 'array', a))


def _eager(args):
    x, w1, w2 = args
    w1, w2 = tapejit.Variable(w1.array.copy()), tapejit.Variable(w2.array.copy())
    return x, w1, w2


@pytest.fixture
def counted(monkeypatch):
    """How many objects were handed to the compile process, and taken from it."""
    n = {'offered': 0, 'taken': 0}
    offer, take = compile_process.offer, compile_process.take

    def counted_offer(jobs, *a):
        n['offered'] += len(jobs)
        return offer(jobs, *a)

    def counted_take(symbol):
        obj = take(symbol)
        n['taken'] += obj is not None
        return obj
    monkeypatch.setattr(compile_process, 'offer', counted_offer)
    monkeypatch.setattr(compile_process, 'take', counted_take)
    monkeypatch.setattr(threads, 'available_cores', lambda: 2)
    return n


def test_the_process_compiles_the_same_bytes_as_this_one():
    ir = ('define void @tj_same(float* %x, i64 %n) {\nentry:\n  br label %loop\n'
          'loop:\n  %i = phi i64 [0, %entry], [%j, %loop]\n'
          '  %p = getelementptr float, float* %x, i64 %i\n  %v = load float, float* %p\n'
          '  %w = fmul float %v, 2.0\n  store float %w, float* %p\n  %j = add i64 %i, 1\n'
          '  %c = icmp slt i64 %j, %n\n  br i1 %c, label %loop, label %done\n'
          'done:\n  ret void\n}\n')
    st = llvm_jit._setup()
    for speed in (1, 2):
        jobs = [compile_process.Job(f'tj_same_{speed}_{k}', lambda s: ir, speed)
                for k in range(2)]
        compile_process.offer(jobs, st['cpu'], st['features'])
        for job in jobs:
            job.done.wait(60)
        theirs = compile_process.take(jobs[0].symbol)
        if theirs is None:  # (taken here before it began there: ask again)
            job = compile_process.Job(f'tj_same_{speed}_again', lambda s: ir, speed)
            compile_process.offer([job, compile_process.Job('tj_pad', lambda s: ir, 2)],
                                  st['cpu'], st['features'])
            job.done.wait(60)
            theirs = compile_process.take(job.symbol)
        assert theirs == llvm_jit._object_code(ir, speed)


def _started():
    """The compile process, started and ready (so that it takes a kernel
    before this process reaches it)."""
    st = llvm_jit._setup()
    ir = 'define i64 @tj_ready() {\n  ret i64 1\n}\n'
    jobs = [compile_process.Job(f'tj_ready_{next(_fresh)}', lambda s: ir, 2) for _ in range(2)]
    compile_process.offer(jobs, st['cpu'], st['features'])
    jobs[-1].done.wait(60)


def test_a_cold_first_run_hands_kernels_over_and_computes_what_eager_does(fresh_store,
                                                                         counted):
    _started()
    counted['offered'] = 0
    args = _args()
    step = _step()
    out = step(*args)
    assert counted['offered'] >= 2
    assert counted['taken'] >= 1
    ref = step.fn(*_eager(args))
    for a, b in zip(out, ref):
        np.testing.assert_allclose(_np(a), _np(b), rtol=2e-5, atol=1e-6)
    # The second call compiles nothing, and gives the same bits.
    again = step(*args)
    for a, b in zip(out, again):
        assert np.array_equal(_np(a), _np(b))


def test_every_signature_handed_over_is_the_one_the_run_asks_for(fresh_store, monkeypatch):
    predicted, loaded = [], []
    ahead = E.Executable._compile_ahead

    def record(self, inputs):
        from tapejit.targets.cpu import lowering
        for _, st, arrays in lowering.kernels_ahead(self, inputs):
            predicted.append((id(st), tuple(arrays)))
        return ahead(self, inputs)
    monkeypatch.setattr(E.Executable, '_compile_ahead', record)
    first_call = E._KernelStep.first_call

    def seen(self, *args):
        from tapejit.targets.cpu.native import signature
        loaded.append((id(self), signature(args[3:])))
        return first_call(self, *args)
    monkeypatch.setattr(E._KernelStep, 'first_call', seen)
    step = _step()
    step(*_args())
    assert len(predicted) >= 4
    assert set(predicted) <= set(loaded)


def test_nothing_is_handed_over_on_one_core_or_from_a_warm_store(fresh_store, counted,
                                                                monkeypatch):
    step = _step()
    monkeypatch.setattr(threads, 'available_cores', lambda: 1)
    step(*_args())
    assert counted['offered'] == 0
    # Another function with the same kernels, in the store now: none to compile.
    monkeypatch.setattr(threads, 'available_cores', lambda: 2)
    llvm_jit._entries.clear()
    again = tapejit.jit(step.fn)
    again(*_args())
    assert counted['offered'] == 0


def test_a_kernel_not_begun_there_is_compiled_here():
    proc = compile_process._Process.__new__(compile_process._Process)
    proc.lock = threading.Condition()
    proc.queue, proc.jobs, proc.failed = [], {}, None
    job = compile_process.Job('tj_queued', lambda s: '', 2)
    proc.jobs[job.symbol], proc.queue = job, [job]
    assert proc.take('tj_queued') is None
    assert proc.queue == [] and job.state == 'taken'


def _dying_process(tmp_path, monkeypatch, linger: float = 0.0) -> None:
    """Make the next compile process (of this test's own) one that answers
    the greeting, reads its first request and ends ``linger`` seconds
    later, without an answer."""
    monkeypatch.setattr(compile_process, '_process', [])
    script = tmp_path / 'dies.py'
    script.write_text('import sys, time\n'
                      'def frame():\n'
                      '    n = int.from_bytes(sys.stdin.buffer.read(8), "little")\n'
                      '    return sys.stdin.buffer.read(n)\n'
                      'frame()\n'
                      'sys.stdout.buffer.write((5).to_bytes(8, "little") + b"ready")\n'
                      'sys.stdout.buffer.flush()\n'
                      'frame()\n'
                      f'time.sleep({linger})\n')
    monkeypatch.setattr(compile_process._Process, 'command',
                        staticmethod(lambda: [sys.executable, str(script)]))


def test_a_kernel_waited_for_when_the_process_dies_is_compiled_here(tmp_path, monkeypatch):
    # This process takes the job the compile process has begun, and waits:
    # the process's end must wake it (with no object: compiled here).
    _dying_process(tmp_path, monkeypatch, linger=0.3)
    st = llvm_jit._setup()
    ir = 'define i64 @tj_waited() {\n  ret i64 1\n}\n'
    jobs = [compile_process.Job(f'tj_waited_{k}', lambda s: ir, 2) for k in range(2)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        compile_process.offer(jobs, st['cpu'], st['features'])
        for _ in range(6000):   # (30 s: a slow host starts the process late)
            if jobs[-1].state == 'sent':
                break
            time.sleep(0.005)
        assert jobs[-1].state == 'sent'
        got = []
        waiter = threading.Thread(target=lambda: got.append(
            compile_process.take(jobs[-1].symbol)), daemon=True)
        waiter.start()
        waiter.join(30)
        assert not waiter.is_alive(), 'take() still waits for a process that ended'
    assert got == [None]
    assert any('compile process failed' in str(w.message) for w in caught)
    assert compile_process.take(jobs[0].symbol) is None


def _take_after_a_request(monkeypatch) -> None:
    """This process's first kernel waits (at most 30 s) until the compile
    process was sent a request or failed: otherwise, where the process is
    slow to start, this one compiles every kernel before any is sent, and
    the process never reaches its end."""
    take, waited = compile_process.take, []

    def sent_first(symbol):
        proc = compile_process._process[0] if compile_process._process else None
        for _ in range(3000 if proc is not None and not waited else 0):
            if proc.failed is not None or any(
                    job.state == 'sent' for job in list(proc.jobs.values())):
                break
            time.sleep(0.01)
        waited.append(True)
        return take(symbol)
    monkeypatch.setattr(compile_process, 'take', sent_first)


def test_a_process_that_dies_leaves_every_kernel_here_with_a_warning(fresh_store, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setattr(threads, 'available_cores', lambda: 2)
    _dying_process(tmp_path, monkeypatch)
    _take_after_a_request(monkeypatch)
    args = _args(1)
    step = _step()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = step(*args)
        proc = compile_process._process[0]
        for _ in range(3000):
            if proc.failed is not None:
                break
            time.sleep(0.01)
    assert proc.failed is not None and 'ended' in proc.failed
    assert any('compile process failed' in str(w.message) for w in caught)
    ref = step.fn(*_eager(args))
    for a, b in zip(out, ref):
        np.testing.assert_allclose(_np(a), _np(b), rtol=2e-5, atol=1e-6)
    # Later plans compile here, without asking it again.
    more = _step()(*args)
    assert np.isfinite(float(_np(more[0])))


def test_a_weight_gradients_row_writer_is_handed_over_at_the_last_product(fresh_store,
                                                                         monkeypatch):
    # xᵀ @ gy over a batch longer than a transposed operand's block writes xᵀ
    # row-major first: its kernel is asked for where the weight gradients
    # come, the last products, which the compile process takes first.
    from tapejit.compiler import contraction as C
    from tapejit.targets.cpu import lowering
    from tapejit.targets.cpu import product as P
    from tapejit.targets.cpu.contraction import machine
    lanes, regs = machine(np.float32)
    nr = C.product_tile(lanes, regs)[1] * lanes
    batch = P._k_block(1 << 20, nr, 4, lanes, True) + 40
    asked = []
    objects_ahead = lowering.objects_ahead
    monkeypatch.setattr(lowering, 'objects_ahead', lambda exe, inputs: asked.append(
        objects_ahead(exe, inputs)) or asked[-1])
    c = 1.0 + next(_fresh) / 1024.0

    @tapejit.jit
    def step(x, w):
        w.cleargrad()
        loss = F.sum(F.tanh(F.matmul(x, w) * c))
        loss.backward()
        return loss, w.grad
    r = np.random.default_rng(4)
    x = r.standard_normal((batch, 256)).astype(np.float32)
    w = tapejit.Variable(r.standard_normal((256, 256)).astype(np.float32) * 0.1)
    loss, gw = step(x, w)
    keys = [obj[0] for obj in asked[0]]
    rows = P._rows_source(np.dtype(np.float32), lanes)[0]
    dtype, tile = np.dtype(np.float32), P.tile(256, np.float32)
    product = P.kernel_source('product', tile, dtype, (lanes,),
                              P._source(dtype, lanes, tile))[0]
    assert keys.count(rows) == 1 and keys.index(rows) > keys.index(product)
    w0 = tapejit.Variable(w.array.copy())
    ref = F.sum(F.tanh(F.matmul(x, w0) * c))
    ref.backward()
    np.testing.assert_allclose(_np(gw), w0.grad, rtol=2e-4, atol=1e-4)


def test_compile_there_waits_for_the_process_and_leaves_llvm_here_free(fresh_store, counted,
                                                                         monkeypatch):
    """A thread that needs a kernel beside the process's work (a product's
    trial loading its kernel) has the compile process compile it and waits: this
    process's LLVM compiles nothing, and the load maps what came back."""
    from tapejit.compiler import store
    from tapejit.targets.cpu.product_ir import transpose_ir
    key = f'compile there test {next(_fresh)}'
    source = (key, lambda symbol: transpose_ir(symbol, np.dtype(np.float32), 8),
              f'{store.cache_dir()}/native', 'tjconv', 1)

    def not_here(*args):
        raise AssertionError('compiled in this process')
    monkeypatch.setattr(llvm_jit, '_object_code', not_here)
    llvm_jit.compile_there([source])
    symbol, _ = llvm_jit._names(key, 'tjconv', 1)
    job = compile_process._process[0].jobs[symbol]
    assert job.done.is_set() and job.obj is not None      # (waited for)
    assert counted['offered'] >= 1
    fn = llvm_jit.load_object(*source)
    # (Everything handed over, the entry's argument reader too where it
    # was not loaded, came back from the process.)
    assert callable(fn) and counted['taken'] == counted['offered']
    # Stored now: nothing is handed over again.
    offered = counted['offered']
    llvm_jit.compile_there([source])
    assert counted['offered'] == offered
