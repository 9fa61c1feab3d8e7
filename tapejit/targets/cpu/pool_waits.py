"""The native waits of the pool of threads (:class:`tapejit.backends.threads.Pool`):
a thread that waits a short while polls words of memory without the GIL
instead of sleeping.

A Python thread that sleeps (on a condition, or on the GIL another thread
holds) is woken by the system, which takes tens of microseconds on a
virtual machine; the pool hands a step's threads a job every few hundred.
So a worker out of work polls the pool's words for the next job, then for
the caller's first claim of a kernel's chunks (the caller holds the GIL
until it enters the kernel, and a worker asking for it earlier would sleep
on it).  A caller at the end of its job polls until every worker is back
in its wait, having let go of the GIL it needed after its last piece.  A
native job (a generated kernel's call packed into the pool's block) never
needs the GIL: a worker's wait runs its thunk where it sees it posted and
polls on, and the caller's wait (``WAIT_RUN``) runs it too, clears the
thunk and polls until no worker is still at it.  Each poll gives up after
the number of pauses it is given: the pool then falls back to its
conditions.

The words (int64, owned by the pool) are indexed by the ``W_*`` constants of
:mod:`tapejit.backends.threads`.  :func:`install` compiles the entry of both
waits once per process (kept in the store as every kernel) and hands it to
the pool;
the loaders of the kernels the pool runs call it
(:mod:`~tapejit.targets.cpu.native`, :mod:`~tapejit.targets.cpu.contraction`).

>>> from tapejit.backends import threads
>>> install()
>>> threads.native_waits()
True
"""

from __future__ import annotations

import platform
import threading
import time
import warnings
from typing import Any

import numpy

from tapejit.backends import threads
from tapejit.compiler import store
from tapejit.compiler.loop_ir import Unsupported
from tapejit.targets.cpu.emitter import Emitter
from tapejit.targets.cpu.llvm_jit import load_object

__all__ = ['install']

# Pauses timed to learn how many make a second here (three times, about a
# tenth of a millisecond each, once per process).
_TIMED_PAUSES = 5000

_lock = threading.Lock()
_installed: list = []


def install() -> None:
    """Compile the waits' entry (once per process) and hand it to the pool.
    Where LLVM cannot compile it, or it fails otherwise (with a warning),
    the pool's threads keep sleeping between jobs."""
    with _lock:
        if _installed:
            return
        # (Marked first: a kernel loaded meanwhile on another thread runs
        # with sleeping threads until they are given.)
        _installed.append(True)
    d = store.cache_dir()
    cache = None if d is None else f'{d}/native'
    arch = platform.machine().lower()
    try:
        # (One entry for both waits: one object to compile.)
        wait = load_object(f'pool waits\n{arch}', lambda s: _module(s, arch), cache,
                           prefix='tjwait', speed=1)
        per_s = _pauses_per_s(wait)
    except Unsupported:
        return
    except Exception as e:
        # (The waits only spare the threads' wake-ups: the kernel being
        # loaded runs whatever becomes of them.)
        warnings.warn(f'tapejit: the thread pool\'s waits could not be compiled ({e!r}); '
                      f'its threads sleep between jobs', RuntimeWarning, stacklevel=2)
        return
    threads.use_native_waits(wait, per_s)


def _pauses_per_s(wait: Any) -> float:
    """Pauses a second (the fastest of three timings: a thread taken off
    its core meanwhile would make them look slower, its waits longer)."""
    words = numpy.ones(1, numpy.int64)
    best = float('inf')
    for _ in range(3):
        t = time.perf_counter()
        # (A word that stays set: every pause is spent.)
        if wait(words, threads.WAIT_IDLE, 0, 1, _TIMED_PAUSES) is not None:
            raise Unsupported('the pool\'s native wait refused its arguments')
        best = min(best, time.perf_counter() - t)
    return _TIMED_PAUSES / max(best, 1e-9)


def _module(symbol: str, arch: str) -> str:
    """The IR text of entry ``symbol(words, kind, a, b, pauses)``, without
    the GIL: :func:`_wait_job` where ``kind`` is ``WAIT_JOB``, else
    :func:`_wait_idle` (after :func:`_run_native` for ``WAIT_RUN``); at
    once where the words it would read or store
    are not all in ``words`` (a flag ``a`` before ``W_BUSY``, or ``b``
    words from ``a`` past the end)."""
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    em = Emitter(ir, module, False)
    sig = ((numpy.dtype(numpy.int64).char, 1, True), 'int', 'int', 'int', 'int')

    def body(words: Any, kind: Any, a: Any, b: Any, pauses: Any) -> None:
        pause = _pause(em, arch)
        bb, n = em.b, words.shape[0]
        job = bb.icmp_signed('==', kind, ir.Constant(em.i64, threads.WAIT_JOB))
        run = bb.icmp_signed('==', kind, ir.Constant(em.i64, threads.WAIT_RUN))
        with bb.if_else(job) as (for_job, for_caller):
            with for_job:
                with bb.if_then(_within(em, n, threads.W_BUSY, a,
                                        bb.add(a, ir.Constant(em.i64, 1)))):
                    _wait_job(em, pause, words.data, a, b, pauses)
            with for_caller:
                with em.b.if_then(_within(em, n, 0, a, em.b.add(a, b))):
                    with em.b.if_then(run):
                        _run_native(em, words.data)
                    _wait_idle(em, pause, words.data, a, b, pauses,
                               em.b.select(run, ir.Constant(em.i64, threads.IN_KERNEL),
                                           ir.Constant(em.i64, 0)))

    def make(layout: list) -> Any:
        return em.define(symbol + '_body', layout, False, False, body)
    em.entry_function(symbol, ['words', 'kind', 'a', 'b', 'pauses'], {'words'}, sig, make)
    return str(module)


def _within(em: Emitter, n: Any, lowest: int, first: Any, end: Any) -> Any:
    """Whether ``lowest <= first <= end <= n``: the words ``first .. end``
    (and, for a worker's flag at ``W_BUSY`` or after, the pool's words
    before it) lie in the ``n`` words.  Out of them, a wait returns at
    once: nothing is read or stored."""
    b, c = em.b, (lambda v: em.ir.Constant(em.i64, v))
    return b.and_(b.and_(b.icmp_signed('>=', first, c(lowest)),
                         b.icmp_signed('<=', first, end)), b.icmp_signed('<=', end, n))


def _pause(em: Emitter, arch: str) -> Any:
    """A function emitting the CPU's spin-wait hint (none where it has none)."""
    ir = em.ir
    if arch in ('x86_64', 'amd64', 'i386', 'i686'):
        fn = em._func('llvm.x86.sse2.pause', ir.VoidType(), [])
        return lambda: em.b.call(fn, [])
    if arch in ('aarch64', 'arm64'):
        fn = em._func('llvm.aarch64.hint', ir.VoidType(), [ir.IntType(32)])
        return lambda: em.b.call(fn, [ir.Constant(ir.IntType(32), 1)])   # (YIELD)
    return lambda: None


def _word(em: Emitter, words: Any, index: Any) -> Any:
    i = em.ir.Constant(em.i64, index) if isinstance(index, int) else index
    return em.b.gep(words, [i])


def _poll(em: Emitter, pause: Any, busy: Any, spent: Any, pauses: Any) -> Any:
    """Emit: pause while ``busy()`` (an i1 it emits) holds and fewer than
    ``pauses`` pauses are spent (counting on from ``spent``); the pauses
    spent after it."""
    return em.repeat(spent, pauses, lambda _: pause(), until=lambda: em.b.not_(busy()))


def _read(em: Emitter, ptr: Any) -> Any:
    return em.b.load_atomic(ptr, 'acquire', 8)


def _thunk_call(em: Emitter, words: Any) -> None:
    """Call the thunk whose address the pool's block (at ``W_BLOCK``)
    holds first, on that block."""
    ir, b, i64 = em.ir, em.b, em.i64
    fn_type = ir.FunctionType(ir.VoidType(), [i64.as_pointer()])
    block = b.inttoptr(_read(em, _word(em, words, threads.W_BLOCK)), i64.as_pointer())
    b.call(b.inttoptr(b.load(block), fn_type.as_pointer()), [block])


def _wait_job(em: Emitter, pause: Any, words: Any, flag: Any, posted: Any,
              pauses: Any) -> None:
    """A worker's wait: clear its word ``flag`` (it has let go of the GIL)
    and poll for a job after ``posted``.  A native job (``K_NATIVE``) it
    runs here, while the job is open and it has a seat (its word
    ``IN_KERNEL`` meanwhile), and polls on for the next; for any other it
    sets its word to ``IN_PYTHON`` and, for a kernel entered from Python,
    polls for its first claim (the caller then runs without the GIL)."""
    b, ir, i64 = em.b, em.ir, em.i64

    def c(v: int) -> Any:
        return ir.Constant(i64, v)
    mine = _word(em, words, flag)
    b.store_atomic(c(0), mine, 'release', 8)
    last = em.cell(posted)
    # (After a native job, the pauses its caller allowed: a worker serving
    # job after job natively never asks Python again, and beside other
    # work it must sleep, not poll.)
    budget = em.cell(pauses)
    fn = b.function
    head, got, native, seated, run, refuse, unseat, python, after = (
        fn.append_basic_block(name) for name in (
            'serve', 'got', 'native', 'seated', 'run', 'leave', 'unseat', 'python', 'after'))
    b.branch(head)
    b.position_at_end(head)
    cur = b.load(last)
    _poll(em, pause, lambda: b.icmp_signed(
        '==', _read(em, _word(em, words, threads.W_POSTED)), cur), c(0), b.load(budget))
    seen = _read(em, _word(em, words, threads.W_POSTED))
    b.cbranch(b.icmp_signed('!=', seen, cur), got, after)     # (else: no job came)
    b.position_at_end(got)
    kind = _read(em, _word(em, words, threads.W_KERNEL))
    b.cbranch(b.icmp_signed('==', kind, c(threads.K_NATIVE)), native, python)
    b.position_at_end(native)
    # (Marked before the job is read again: the caller closes the job, then
    # waits for the marks; one of the two sees the other.  Once this worker
    # has seen the job open under its mark, the job cannot end, nor the
    # next be posted, before the mark is cleared: the seat it takes or
    # gives back is this job's.)
    b.store_atomic(c(threads.IN_KERNEL), mine, 'seq_cst', 8)
    b.fence('seq_cst')
    body = b.load_atomic(_word(em, words, threads.W_BODY), 'seq_cst', 8)
    b.cbranch(b.icmp_signed('==', body, seen), seated, refuse)
    b.position_at_end(seated)
    seats = b.atomic_rmw('sub', _word(em, words, threads.W_SEATS), c(1), 'seq_cst')
    b.cbranch(b.icmp_signed('>', seats, c(0)), run, unseat)
    b.position_at_end(run)
    _thunk_call(em, words)
    b.branch(refuse)
    b.position_at_end(unseat)
    b.atomic_rmw('add', _word(em, words, threads.W_SEATS), c(1), 'seq_cst')
    b.branch(refuse)
    b.position_at_end(refuse)
    b.store_atomic(c(0), mine, 'release', 8)
    b.store(seen, last)
    b.store(_read(em, _word(em, words, threads.W_POLL)), budget)
    b.branch(head)
    b.position_at_end(python)
    b.store_atomic(c(threads.IN_PYTHON), mine, 'release', 8)
    with b.if_then(b.icmp_signed('==', kind, c(threads.K_KERNEL))):
        _poll(em, pause, lambda: b.icmp_signed(
            '==', _read(em, _word(em, words, threads.W_CLAIM)), c(0)), c(0), pauses)
    b.branch(after)
    b.position_at_end(after)


def _run_native(em: Emitter, words: Any) -> None:
    """The caller's part of a native job: the packed call, where the job is
    open, then the job closed (no worker enters after it)."""
    b, ir, i64 = em.b, em.ir, em.i64
    body = _read(em, _word(em, words, threads.W_BODY))
    with b.if_then(b.icmp_signed('!=', body, ir.Constant(i64, 0))):
        _thunk_call(em, words)
    b.store_atomic(ir.Constant(i64, 0), _word(em, words, threads.W_BODY), 'seq_cst', 8)
    b.fence('seq_cst')


def _wait_idle(em: Emitter, pause: Any, words: Any, first: Any, count: Any,
               pauses: Any, only: Any) -> None:
    """The caller's wait: poll until none of words ``first .. first +
    count`` (the workers' flags) is set (``only`` 0), or holds ``only``."""
    zero = em.ir.Constant(em.i64, 0)

    def busy() -> Any:
        b = em.b
        any_set = em.cell(zero)

        def one(k: Any) -> None:
            bb = em.b
            w = _read(em, _word(em, words, bb.add(first, k)))
            hit = bb.select(bb.icmp_signed('==', only, zero), bb.icmp_signed('!=', w, zero),
                            bb.icmp_signed('==', w, only))
            bb.store(bb.or_(bb.load(any_set), bb.zext(hit, em.i64)), any_set)
        em.repeat(zero, count, one)
        return b.icmp_signed('!=', em.b.load(any_set), zero)
    _poll(em, pause, busy, zero, pauses)
