"""A second process that compiles a plan's kernels while this one compiles
others: the first call of a plan, on two cores, in about half LLVM's time.

LLVM's optimizer and code generator take most of a cold first call, and
llvmlite runs one of its calls at a time in a process (a lock around each),
so threads cannot share the work.  A plan's first run therefore hands the
kernels it will compile (:func:`offer`, in the order it will load them) to
a compile process, which runs :mod:`~tapejit.targets.cpu.llvm_pipeline`:
the same target machine and pipeline, so the same bytes.  The process takes
them from the back of the list, one at a time, while the plan's run
compiles from the front; a kernel the process has not begun is compiled
here (:func:`take` says which), one it has begun is waited for.

It is started once per process, by the first plan with two kernels to
compile where this process may use two cores, and ends with this process
(its input closes).  Where it cannot start or fails, this process compiles
everything itself, as it would on one core, with a warning.

>>> take('tj_never_offered') is None   # (compiled here)
True
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
import warnings
from typing import Callable, Optional

from tapejit.targets.cpu import llvm_pipeline


class Job:
    """A kernel to compile: its entry ``symbol``, ``make_ir(symbol)`` its
    LLVM IR, ``speed`` the optimizer's level."""

    __slots__ = ('symbol', 'make_ir', 'speed', 'state', 'obj', 'done')

    def __init__(self, symbol: str, make_ir: Callable[[str], str], speed: int) -> None:
        self.symbol, self.make_ir, self.speed = symbol, make_ir, speed
        # 'queued' -> 'writing' (its IR being made) -> 'sent'; or 'taken': compiled here
        self.state = 'queued'
        self.obj: Optional[bytes] = None
        self.done = threading.Event()


class _Process:
    """The compile process, its queue, and the thread that feeds it and
    reads its answers."""

    def __init__(self, cpu: str, features: str) -> None:
        import subprocess  # (only where a plan compiles: not on a warm first call)
        self.lock = threading.Condition()
        self.queue: list = []          # jobs not yet begun, in the order they are loaded
        self.jobs: dict = {}           # symbol -> job offered and not taken
        self.current: Optional[Job] = None   # the job begun there, until its answer
        self.failed: Optional[str] = None
        self.proc = subprocess.Popen(self.command(), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        llvm_pipeline.write_frame(self.proc.stdin, f'{cpu}\n{features}'.encode())
        threading.Thread(target=self._serve, name='tapejit-compile', daemon=True).start()
        atexit.register(self.close)

    def close(self) -> None:
        """End the process (its input closes) and its pipes, quietly: at
        this process's exit."""
        with self.lock:
            if self.failed is None:
                self.failed = 'closed'
            self.queue.clear()
            self.lock.notify_all()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except (OSError, ValueError):
                pass
        try:
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()

    @staticmethod
    def command() -> list:
        """The compile process's command line: this interpreter running
        :mod:`~tapejit.targets.cpu.llvm_pipeline` as a file (it imports
        llvmlite alone, not tapejit), with no directory of the caller's
        first on its path."""
        here = os.path.dirname(os.path.abspath(__file__))
        boot = ('import runpy, sys; sys.path.pop(0); '
                'runpy.run_path(sys.argv[1], run_name="__main__")')
        return [sys.executable, '-c', boot, os.path.join(here, 'llvm_pipeline.py')]

    def offer(self, jobs: list) -> None:
        with self.lock:
            if self.failed is not None:
                return
            for job in jobs:
                if job.symbol not in self.jobs:
                    self.jobs[job.symbol] = job
                    self.queue.append(job)
            self.lock.notify_all()      # (the feeding thread, among waiters for idleness)

    def withdraw(self, jobs: list) -> None:
        with self.lock:
            for job in jobs:
                if self.jobs.get(job.symbol) is job:
                    del self.jobs[job.symbol]
                if job.state == 'queued' and job in self.queue:
                    self.queue.remove(job)
                    job.state = 'taken'
            self.lock.notify_all()

    def take(self, symbol: str) -> Optional[bytes]:
        with self.lock:
            job = self.jobs.pop(symbol, None)
            self.lock.notify_all()
            if job is None or job.state != 'sent':
                if job is not None:
                    # Not begun there (or its IR still being made): here.
                    if job in self.queue:
                        self.queue.remove(job)
                    job.state = 'taken'
                return None
        job.done.wait()
        return job.obj

    def _next(self) -> Job:
        with self.lock:
            while not self.queue:
                self.lock.wait()
            job = self.queue.pop()
            job.state = 'writing'
            self.current = job
            return job

    def _answered(self, job: Job) -> None:
        job.done.set()
        with self.lock:
            self.current = None
            self.lock.notify_all()

    def wait_idle(self, timeout: Optional[float]) -> None:
        with self.lock:
            self.lock.wait_for(lambda: self.failed is not None or (
                not self.queue and self.current is None), timeout)

    def wait_answered(self, symbols: list) -> None:
        def answered(symbol: str) -> bool:
            job = self.jobs.get(symbol)
            return job is None or job.done.is_set() or job.state == 'taken'
        with self.lock:
            self.lock.wait_for(lambda: self.failed is not None or all(map(answered, symbols)))

    def _serve(self) -> None:
        job = None
        try:
            if llvm_pipeline.read_frame(self.proc.stdout) != b'ready':
                raise RuntimeError('it did not start')
            ticket = 0
            while True:
                job = self._next()
                try:
                    ir = job.make_ir(job.symbol)
                except Exception:  # (compiled here, where the error is raised again)
                    ir = None
                with self.lock:
                    if job.state != 'writing' or ir is None:
                        self.current = None
                        job.done.set()
                        self.lock.notify_all()
                        continue
                    job.state = 'sent'
                ticket += 1
                llvm_pipeline.write_frame(self.proc.stdin,
                                          llvm_pipeline.request(ticket, job.speed, ir))
                payload = llvm_pipeline.read_frame(self.proc.stdout)
                if payload is None:
                    raise RuntimeError(f'it ended (exit status {self.proc.poll()})')
                got, obj, _ = llvm_pipeline.answer(payload)
                if got != ticket:
                    raise RuntimeError(f'it answered request {got} for {ticket}')
                job.obj = obj     # (None where it failed: compiled here)
                self._answered(job)
        except Exception as e:
            self._fail(f'{type(e).__name__}: {e}', job)

    def _fail(self, why: str, sent: Optional[Job] = None) -> None:
        with self.lock:
            if sent is not None:
                # (The job it was compiling: this process may be waiting
                # for it, having taken it from the jobs offered.)
                sent.done.set()
            if self.failed == 'closed':
                return
            self.failed = why
            for job in self.jobs.values():
                job.done.set()    # (no object: each is compiled here)
            self.jobs.clear()
            self.queue.clear()
            self.lock.notify_all()
        warnings.warn(f'tapejit: the compile process failed ({why}); this process compiles '
                      'every kernel itself', RuntimeWarning, stacklevel=2)
        try:
            self.proc.kill()
        except OSError:
            pass


_process: list = []   # [the process, or None where it could not start]
_start_lock = threading.Lock()
_owner = [0]          # the process id that started it: a forked child starts its own


def offer(jobs: list, cpu: str, features: str) -> None:
    """Hand ``jobs`` (:class:`Job`, in the order this process will load
    them) to the compile process, started for the host's ``cpu`` and
    ``features`` where there is none yet."""
    with _start_lock:
        if _process and _owner[0] != os.getpid():
            _process.clear()  # (a fork: the parent's process answers the parent)
        if not _process:
            _owner[0] = os.getpid()
            try:
                _process.append(_Process(cpu, features))
            except Exception as e:  # (no subprocess in this environment)
                warnings.warn(f'tapejit: no compile process ({type(e).__name__}: {e}); this '
                              'process compiles every kernel itself', RuntimeWarning,
                              stacklevel=3)
                _process.append(None)
        proc = _process[0]
    if proc is not None:
        proc.offer(jobs)


def withdraw(jobs: list) -> None:
    """Forget ``jobs`` (offered by this process's last plan run): those not
    begun are not compiled, the answers of the others not kept.  A plan's
    first run withdraws what it offered as it ends: an object it did not
    ask for (a kernel whose arguments it guessed wrong) is not compiled for
    nothing while later work runs."""
    proc = _process[0] if _process and _owner[0] == os.getpid() else None
    if proc is not None:
        proc.withdraw(jobs)


def take(symbol: str) -> Optional[bytes]:
    """The object code of the kernel ``symbol`` from the compile process,
    waiting for it where the process has begun it; None where it was not
    offered, not begun (compile it here: the process will not) or failed."""
    proc = _process[0] if _process and _owner[0] == os.getpid() else None
    return None if proc is None else proc.take(symbol)


def wait_idle(timeout: Optional[float] = None) -> None:
    """Wait (at most ``timeout`` seconds) until this process's compile
    process has no kernel queued or begun: at once where there is none.
    Work that would compete with a plan's first run for the cores (a
    product's trial against BLAS loading its kernel) waits for it here."""
    proc = _process[0] if _process and _owner[0] == os.getpid() else None
    if proc is not None:
        proc.wait_idle(timeout)


def wait_answered(symbols: list) -> None:
    """Wait until the compile process has answered the kernels ``symbols``
    offered to it (or they were taken, withdrawn, or it failed): at once
    where there is no process."""
    proc = _process[0] if _process and _owner[0] == os.getpid() else None
    if proc is not None:
        proc.wait_answered(symbols)


def forget_lock_holders() -> None:
    """In a forked child: the lock that starts the compile process made
    anew (see :func:`tapejit.targets.cpu.llvm_jit.forget_lock_holders`)."""
    global _start_lock
    _start_lock = threading.Lock()


def closed() -> bool:
    """Whether this process's compile process was closed (at exit)."""
    proc = _process[0] if _process and _owner[0] == os.getpid() else None
    return proc is not None and proc.failed == 'closed'
