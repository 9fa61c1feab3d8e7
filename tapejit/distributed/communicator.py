"""The communicator: ChainerMN's ``CommunicatorBase`` surface over mpi4py.

A :class:`MpiCommunicator` wraps an ``mpi4py`` communicator (``COMM_WORLD``
by default): its ``rank`` and ``size``, its place on this host
(``intra_rank``, ``intra_size``), collectives of Python objects
(``bcast_obj``, ``gather_obj``, ``allreduce_obj``) and of arrays
(``allreduce``, ``bcast_data``), and :meth:`MpiCommunicator.multi_node_mean_grad`,
the gradients of a link averaged over the processes.  That one records
``allreduce_start`` and ``allreduce_wait`` primitives
(:mod:`tapejit.ops.collective`) on buckets of gradients, so inside
``@tapejit.jit`` the allreduce is a step of the compiled plan.

Every collective (of arrays or of pickled objects), the barrier, the point
to point messages and the checks that the ranks agree wait at most
``timeout`` seconds (by default ``TAPEJIT_MPI_TIMEOUT`` or 600): a peer that
hangs or died under a launcher that did not notice makes this process fail
with an error naming the collective.
"""

from __future__ import annotations

import functools
import operator
import os
import pickle
import sys
import time
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit.core.config import config
from tapejit.distributed.mpi import import_mpi
from tapejit.distributed.stepcheck import StepGroup, attach, bucket_lines, check_same, step_lines
from tapejit.ops.collective import Group, pack

# Gradients are averaged in buckets of at most this many bytes (as DDP's 25
# MB): large enough that each allreduce is bandwidth-bound, small enough that
# one bucket's exchange can overlap the computation of the next.
BUCKET_BYTES = 25 * 1024 * 1024


def default_timeout() -> float:
    """The seconds a collective waits for its peers (``TAPEJIT_MPI_TIMEOUT``, else 600).

    >>> default_timeout() > 0
    True
    """
    return float(os.environ.get('TAPEJIT_MPI_TIMEOUT', '600'))


class MpiGroup(Group):
    """The :class:`~tapejit.ops.collective.Group` of an mpi4py communicator:
    the mean is a non-blocking ``Iallreduce`` of the sums, then waited for
    within ``timeout`` seconds, then divided by the size.  :meth:`mean_start`
    issues it and :meth:`mean_wait` completes it: in between, the request
    and its buffer are held here, keyed by the buffer's address."""

    __slots__ = ('comm', 'rank', 'timeout', 'pending')

    def __init__(self, comm: Any, timeout: float) -> None:
        super().__init__(comm.Get_size())
        self.comm = comm
        self.rank = comm.Get_rank()
        self.timeout = float(timeout)
        self.pending: dict = {}  # buffer address -> (request, buffer)

    def __repr__(self) -> str:
        return f'<mpi group {self.key}: rank {self.rank} of {self.size}>'

    def __getstate__(self) -> tuple:
        # (A plan kept in the disk cache holds its group: never its requests.)
        return None, {k: getattr(self, k) for k in ('key', 'size', 'comm', 'rank', 'timeout')}

    def __setstate__(self, state: tuple) -> None:
        for k, v in state[1].items():
            setattr(self, k, v)
        self.pending = {}

    def mean(self, x: Any) -> Any:
        if type(x) is not numpy.ndarray:
            raise TypeError(f'allreduce_mean: the MPI communicator takes NumPy arrays, got '
                            f'{type(x).__name__} of shape {getattr(x, "shape", None)}')
        send = numpy.ascontiguousarray(x)
        out = numpy.empty_like(send)
        if self.size == 1:
            out[...] = send
            return out
        MPI = import_mpi()
        self.wait(self.comm.Iallreduce(send, out, op=MPI.SUM), 'allreduce_mean',
                  f'{send.dtype}{send.shape}')
        out /= out.dtype.type(self.size)
        return out

    def mean_start(self, xs: Sequence[Any]) -> Any:
        """Issue the ``Iallreduce`` of the arrays ``xs`` laid out one after
        another (:func:`~tapejit.ops.collective.pack`: their one copy, so
        that nothing done to ``xs`` afterwards reaches the exchange) and
        return the buffer the sums arrive in."""
        bad = [x for x in xs if type(x) is not numpy.ndarray]
        if bad:
            raise TypeError(f'allreduce_start: the MPI communicator takes NumPy arrays, got '
                            f'{type(bad[0]).__name__} of shape {getattr(bad[0], "shape", None)}')
        return self._issue(pack(xs))

    def mean_start_in(self, buf: Any) -> Any:
        """Issue the in-place ``Iallreduce`` of ``buf`` itself (a compiled
        plan's bucket row, written by the gradients' producers and read by
        nothing else: no copy) and return it: the sums arrive in it."""
        if not (type(buf) is numpy.ndarray and buf.flags.c_contiguous and buf.flags.writeable):
            raise TypeError(f'allreduce_start: overwrite=True takes a C-contiguous writable '
                            f'NumPy array, got {type(buf).__name__} '
                            f'{getattr(buf, "dtype", "")}{getattr(buf, "shape", "")}')
        return self._issue(buf)

    def _issue(self, buf: Any) -> Any:
        if self.size > 1:
            MPI = import_mpi()
            self.pending[_address(buf)] = (self.comm.Iallreduce(MPI.IN_PLACE, buf, op=MPI.SUM),
                                           buf)
        return buf

    def mean_wait(self, buf: Any) -> Any:
        """Wait (until the deadline) for the ``Iallreduce`` that
        :meth:`mean_start` issued into ``buf``; the mean, in ``buf``."""
        if self.size == 1:
            return buf
        entry = self.pending.pop(_address(buf), None) if type(buf) is numpy.ndarray else None
        if entry is None:
            raise RuntimeError(f'allreduce_wait: rank {self.rank} has no allreduce_start pending '
                               f'for this {getattr(buf, "dtype", type(buf).__name__)}'
                               f'{getattr(buf, "shape", "")} buffer; expected the buffer '
                               'allreduce_start returned, waited for once')
        req, out = entry
        # (Named as the mean it completes: what a user sees in a timeout.)
        self.wait(req, 'allreduce_mean', f'{out.dtype}{out.shape}')
        out /= out.dtype.type(self.size)
        return out

    def wait(self, req: Any, what: str, about: str,
             poll: Optional[Callable[[], None]] = None) -> None:
        """Wait for request ``req`` (collective ``what`` on ``about``) until
        the deadline; then raise an error naming it.  ``poll``: called now
        and then while it waits (it may raise)."""
        if req.Test():
            return
        deadline = time.monotonic() + self.timeout
        n = 0
        # (Each Test drives MPI's progress; checking the clock each time would cost more.)
        while not req.Test():
            n += 1
            if n % 256 == 0:
                if poll is not None:
                    poll()
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f'{what}: rank {self.rank} of {self.size} waited {self.timeout:g} s '
                        f'for the other ranks on {about}; a rank died, hangs or runs a '
                        'different step (TAPEJIT_MPI_TIMEOUT sets the limit)')
                time.sleep(0)


def _pickled(obj: Any) -> numpy.ndarray:
    return numpy.frombuffer(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL), numpy.uint8)


class _Probe:
    """A message awaited as a request is (``Test``: whether it has come)."""

    def __init__(self, comm: Any, source: int, tag: int) -> None:
        self.comm, self.source, self.tag = comm, source, tag

    def Test(self) -> bool:  # noqa: N802  (the name MpiGroup.wait calls)
        return bool(self.comm.Iprobe(source=self.source, tag=self.tag))


def _address(a: Any) -> int:
    """The address of array ``a``'s first element (a view of it at the same
    start has the same)."""
    return a.__array_interface__['data'][0]


def _host_ranks(comm: Any) -> tuple:
    """``(intra_rank, intra_size)``: this process's place among those on its host."""
    MPI = import_mpi()
    try:
        local = comm.Split_type(MPI.COMM_TYPE_SHARED)
    except (AttributeError, NotImplementedError):  # an MPI without it: by host name
        names = comm.allgather(MPI.Get_processor_name())
        me = names[comm.Get_rank()]
        mine = [r for r, n in enumerate(names) if n == me]
        return mine.index(comm.Get_rank()), len(mine)
    try:
        return local.Get_rank(), local.Get_size()
    finally:
        local.Free()


def size_thread_pools(intra_size: int, intra_rank: int = 0) -> int:
    """Give this process its share of the host's cores (of those it may run
    on): the threads of tapejit's products and kernels
    (:func:`tapejit.set_max_threads`) and BLAS's own; returns the share.
    Processes on one host each running as many threads as there are cores
    would slow each other down.

    >>> size_thread_pools(1) >= 1
    True
    """
    from tapejit.backends import threads
    share = max(1, threads.available_cores() // max(1, intra_size))
    threads.set_max_threads(share)
    try:
        import threadpoolctl
        threadpoolctl.threadpool_limits(share)
    except ImportError:
        pass
    return share


class MpiCommunicator:
    """ChainerMN's communicator on mpi4py (see :func:`create_communicator`).

    >>> from tapejit import distributed
    >>> comm = distributed.create_communicator('mpi')   # one process: size 1
    >>> comm.rank, comm.size, comm.bcast_obj({'a': 1})
    (0, 1, {'a': 1})
    """

    def __init__(self, mpi_comm: Any = None, timeout: Optional[float] = None,
                 size_threads: bool = True) -> None:
        MPI = import_mpi()
        self.mpi_comm = MPI.COMM_WORLD if mpi_comm is None else mpi_comm
        self.rank = self.mpi_comm.Get_rank()
        self.size = self.mpi_comm.Get_size()
        self.intra_rank, self.intra_size = _host_ranks(self.mpi_comm)
        self.inter_rank, self.inter_size = self.rank // self.intra_size, -(
            -self.size // self.intra_size)
        self.group = MpiGroup(self.mpi_comm, default_timeout() if timeout is None else timeout)
        self._steps = attach(self.mpi_comm, self.group)
        self.threads = size_thread_pools(self.intra_size, self.intra_rank) if size_threads \
            else None

    def __repr__(self) -> str:
        return f'<MpiCommunicator rank {self.rank} of {self.size}>'

    @property
    def step(self) -> int:
        """The number the next training step takes (from 0): every step's
        gradient exchange begins with the step check, which compares it over
        the ranks (with hashes of the step and its gradients) and raises a
        :class:`~tapejit.distributed.stepcheck.StepMismatchError` on every
        rank where they differ.  Each step counts itself (an eager
        ``update()`` as it begins, so that one that fails still counts; a
        compiled step as its check runs).  A loop that may skip a step on
        some rank (an error it catches while loading a batch) sets it to its
        own step number before each step, so that the next check names the
        skip.  Shared by every MpiCommunicator of one MPI communicator.

        >>> from tapejit import distributed
        >>> comm = distributed.create_communicator('mpi')
        >>> comm.step = 5; comm.step
        5
        """
        return self._steps.next

    @step.setter
    def step(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, numpy.integer)):
            raise TypeError(f'MpiCommunicator.step: got {value!r}; expected an int (the '
                            "number of the next step)")
        self._steps.next = int(value)

    def begin_step(self) -> Optional[int]:
        """Count a step beginning now and return its number (None for one
        rank: no check).  An eager ``update()`` calls it first, so that a
        step that fails before its exchange still counts.

        >>> from tapejit import distributed
        >>> print(distributed.create_communicator('mpi').begin_step())
        None
        """
        return self._steps.take() if self.size > 1 else None

    # ------------------------------------------------------------- objects
    # Pickled, sent as bytes by non-blocking collectives: each waits within
    # the deadline, as the array collectives do.
    def bcast_obj(self, obj: Any, root: int = 0) -> Any:
        """``obj`` of rank ``root``, on every rank (within the deadline)."""
        mine = _pickled(obj) if self.rank == root else None
        n = self.bcast_int(0 if mine is None else mine.size, root, 'bcast_obj')
        if self.size == 1:
            return obj
        buf = mine if mine is not None else numpy.empty(n, numpy.uint8)
        self.group.wait(self.mpi_comm.Ibcast(buf, root=root), 'bcast_obj', f'{n} bytes')
        return obj if mine is not None else pickle.loads(buf.tobytes())

    def gather_obj(self, obj: Any, root: int = 0) -> Optional[list]:
        """Every rank's ``obj``, as a list on rank ``root`` (None elsewhere:
        only ``root`` receives them)."""
        self._check_root('gather_obj', root)
        return self._allgather(obj, 'gather_obj', root)

    def _check_root(self, what: str, root: Any) -> None:
        if not isinstance(root, (int, numpy.integer)) or not 0 <= root < self.size:
            raise ValueError(f'{what}: root is {root!r}; expected a rank from 0 to '
                             f'{self.size - 1} (the communicator has {self.size})')

    def allgather_obj(self, obj: Any) -> list:
        """Every rank's ``obj``, as a list on every rank (within the deadline)."""
        return self._allgather(obj, 'allgather_obj')

    def allreduce_obj(self, obj: Any) -> Any:
        """The sum of every rank's ``obj`` (numbers, or arrays), on every rank."""
        return functools.reduce(operator.add, self._allgather(obj, 'allreduce_obj'))

    def _allgather(self, obj: Any, what: str, root: Optional[int] = None) -> Optional[list]:
        """Every rank's ``obj`` on every rank, or on ``root`` only (None elsewhere)."""
        mine = _pickled(obj)
        c, here = self.mpi_comm, root is None or self.rank == root
        n = numpy.array([mine.size], numpy.int64)
        sizes = numpy.zeros(self.size, numpy.int64) if here else None
        self.group.wait(c.Iallgather(n, sizes) if root is None else c.Igather(n, sizes, root),
                        what, 'the sizes of the objects')
        buf = numpy.empty(int(sizes.sum()), numpy.uint8) if here else None
        into = [buf, sizes] if here else None
        self.group.wait(c.Iallgatherv(mine, into) if root is None else c.Igatherv(mine, into, root),
                        what, f'{mine.size} bytes' if buf is None else f'{buf.size} bytes')
        if not here:
            return None
        ends = numpy.cumsum(sizes)
        return [pickle.loads(buf[e - n:e].tobytes()) for n, e in zip(sizes, ends)]

    def send_obj(self, obj: Any, dest: int, tag: int = 0) -> None:
        """Send ``obj`` to rank ``dest`` (delivered within the deadline)."""
        self.group.wait(self.mpi_comm.isend(obj, dest=dest, tag=tag), 'send_obj',
                        f'a message to rank {dest}')

    def recv_obj(self, source: int, tag: int = 0) -> Any:
        """The object rank ``source`` sent (arriving within the deadline)."""
        self.group.wait(_Probe(self.mpi_comm, source, tag), 'recv_obj',
                        f'a message from rank {source}')
        return self.mpi_comm.recv(source=source, tag=tag)

    def barrier(self) -> None:
        """Wait until every rank reaches it (within the deadline)."""
        self.group.wait(self.mpi_comm.Ibarrier(), 'barrier', 'the barrier')

    def bcast_int(self, value: int, root: int = 0, what: str = 'bcast_int') -> int:
        """Rank ``root``'s integer ``value`` on every rank (within the deadline).

        >>> from tapejit import distributed
        >>> distributed.create_communicator('mpi').bcast_int(7)
        7
        """
        self._check_root(what, root)
        n = numpy.array([value], numpy.int64)
        if self.size > 1:
            self.group.wait(self.mpi_comm.Ibcast(n, root=root), what, 'an integer')
        return int(n[0])

    # -------------------------------------------------------------- arrays
    def allreduce(self, data: Any) -> Any:
        """The mean over the ranks of array ``data`` (ChainerMN's ``allreduce``
        averages), a new array; a Variable gives a Variable, differentiable."""
        from tapejit.core.variable import Variable
        from tapejit.ops.collective import COLLECTIVES, allreduce_mean
        x = data.array if isinstance(data, Variable) else numpy.asarray(data)
        tr, group = config.trace, self.group
        if tr is None:
            check_same(self, [f'{x.dtype}{x.shape}'], 'allreduce',
                       'the ranks passed arrays of different dtypes or shapes')
        elif self.size > 1 and not any(e.prim.name in COLLECTIVES for e in tr.eqns):
            # The first exchange of a compiled step (a forward's, before the
            # gradients'): the step check first, on what was traced so far.
            group = StepGroup(self.group, [f'{x.dtype}{tuple(x.shape)}'], step_lines(tr),
                              counts=False)
        y = allreduce_mean(data, group=group)
        return y if isinstance(data, Variable) else y.array

    def abort(self, code: int = 1) -> None:
        """End every rank now (``MPI_Abort``): for an error after which the
        other ranks would wait for this one for ever."""
        sys.stdout.flush()
        sys.stderr.flush()
        self.mpi_comm.Abort(code)
        os._exit(code)  # (MPI_Abort may return before the launcher ends this process)

    def bcast_data(self, link: Any, root: int = 0) -> None:
        """Copy rank ``root``'s parameters of ``link`` into every rank's: all
        ranks start from the same model.  Every rank first checks that all
        have the same parameters (names, shapes, dtypes), and raises an
        error naming the first difference otherwise."""
        self.bcast_arrays([(name, p.array) for name, p in sorted(link.namedparams())
                           if p.array is not None], root)

    def bcast_arrays(self, named: list, root: int = 0) -> None:
        """Copy rank ``root``'s arrays ``named`` (``(name, array)`` pairs, in
        one order on every rank) into every rank's, in place."""
        mine = [(name, tuple(a.shape), numpy.dtype(a.dtype).name) for name, a in named]
        every = self.allgather_obj(mine)
        for r, theirs in enumerate(every):
            if theirs != every[root]:
                k = next((i for i, (a, b) in enumerate(zip(every[root], theirs)) if a != b),
                         min(len(theirs), len(every[root])))
                show = [lst[k] if k < len(lst) else 'nothing' for lst in (every[root], theirs)]
                raise ValueError(f'bcast_data: rank {r} has other parameters than rank {root}: '
                                 f'parameter {k} is {show[1]} on rank {r}, {show[0]} on rank '
                                 f'{root}; expected the same model on every rank')
        for _, array in named:
            buf = numpy.ascontiguousarray(array)
            self.group.wait(self.mpi_comm.Ibcast(buf, root=root), 'bcast_data',
                            f'{buf.dtype}{buf.shape}')
            if buf is not array:
                array[...] = buf

    def multi_node_mean_grad(self, link: Any, zero_fill: bool = False,
                             bucket_bytes: int = BUCKET_BYTES, *,
                             step: Optional[int] = None) -> None:
        """Average ``link``'s gradients over the ranks (each parameter's
        ``grad`` replaced by the mean): bucket by bucket (at most
        ``bucket_bytes`` each, see :func:`grad_buckets`), each an
        ``allreduce_start`` of the bucket's gradients laid out in one row,
        every bucket started before the first is waited for
        (``allreduce_wait``), in the same order on every rank.  A parameter
        without a gradient takes part with zeros where ``zero_fill``, else
        is left out (then every rank must have none for it).

        The first exchange begins with the step check (:attr:`step`): the
        ranks compare the step's number (``step``, else the next of
        :attr:`step`; a compiled step takes the next at each call), what
        they traced and which gradients they average, and all raise a
        :class:`~tapejit.distributed.stepcheck.StepMismatchError` naming
        the difference where any differs.

        >>> import numpy as np
        >>> from tapejit import distributed, links as L
        >>> lin = L.Linear(2, 1)
        >>> lin.W.grad, lin.b.grad = np.ones((1, 2), np.float32), np.ones(1, np.float32)
        >>> distributed.create_communicator('mpi').multi_node_mean_grad(lin)  # (one rank)
        >>> lin.W.grad
        array([[1., 1.]], dtype=float32)
        """
        buckets = grad_buckets(link, zero_fill, bucket_bytes)
        tr = config.trace
        groups = [self.group] * len(buckets)
        if self.size > 1:
            if tr is not None and step is not None:
                raise ValueError('multi_node_mean_grad: step= inside @tapejit.jit would be '
                                 'read once, when the step is traced; set comm.step before '
                                 'each call instead')
            arrays = bucket_lines(link, buckets)
            if tr is None:
                # (Eagerly, the whole check first: an error inside a collective
                # would reach the caller wrapped in the primitive's.)
                StepGroup(self.group, arrays, None, step)._check()
            else:
                # A compiled plan issues the check with its first exchange and
                # completes it as it first waits for one.
                lines = step_lines(tr)
                groups = [StepGroup(self.group, arrays, lines, first=i == 0)
                          for i in range(len(buckets))]
        # (Each exchange runs while the next bucket is laid out; in a compiled
        # step the scheduling pass moves them further apart.)
        bufs = [start_bucket(b, g) for b, g in zip(buckets, groups)]
        for b, buf, g in zip(buckets, bufs, groups):
            finish_bucket(b, buf, g)


def ready_order(link: Any) -> list:
    """``link``'s ``(name, parameter)`` pairs, those whose gradients the
    backward writes first first: while a step is traced, in the order of the
    equations that made the gradients (one without any, a constant, last);
    else by name, last first (a chain's last layers first).

    >>> from tapejit import links as L
    >>> c = L.Classifier(L.Linear(2, 2)); [n for n, _ in ready_order(c)]
    ['/predictor/b', '/predictor/W']
    """
    named = sorted(link.namedparams(), key=lambda kv: kv[0], reverse=True)
    tr = config.trace
    if tr is None:
        return named
    made = {e.out.id: k for k, e in enumerate(tr.eqns)}

    def made_at(p: Any) -> int:
        var = getattr(getattr(p.grad_var, '_data', None), 'var', None)
        return made.get(getattr(var, 'id', None), len(made))
    return sorted(named, key=lambda kv: made_at(kv[1]))


def grad_buckets(link: Any, zero_fill: bool = False, limit: int = BUCKET_BYTES) -> list:
    """``link``'s parameters with gradients, in buckets of one dtype and at
    most ``limit`` bytes (a larger parameter has one of its own), in
    :func:`ready_order`: the first bucket's gradients are the first the
    backward writes, so that, compiled, its exchange starts earliest.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> lin = L.Linear(3, 2)
    >>> lin.W.grad, lin.b.grad = np.ones((2, 3), np.float32), np.ones(2, np.float32)
    >>> [[p.shape for p in b] for b in grad_buckets(lin, limit=24)]
    [[(2,)], [(2, 3)]]
    """
    if not limit > 0:
        raise ValueError(f'grad_buckets: limit is {limit!r}; expected a positive number of bytes')
    buckets: list = []
    open_: dict = {}  # dtype -> (bucket, bytes)
    for _, p in ready_order(link):
        if p.array is None:
            continue
        if p.grad_var is None:
            if not zero_fill:
                continue
            p.grad = numpy.zeros(p.shape, p.dtype)
        nbytes = int(p.size) * numpy.dtype(p.dtype).itemsize
        b = open_.get(p.dtype)
        if b is None or b[1] + nbytes > limit:
            b = ([], 0)
            buckets.append(b[0])
        b[0].append(p)
        open_[p.dtype] = (b[0], b[1] + nbytes)
    return buckets


def start_bucket(params: list, group: Group) -> Any:
    """Start the mean over ``group`` of the gradients of ``params`` (one
    dtype), copied one after another into the buffer sent
    (``allreduce_start``); the buffer to wait for."""
    from tapejit.ops.collective import allreduce_start
    return allreduce_start(*[p.grad_var for p in params], group=group)


def finish_bucket(params: list, buf: Any, group: Group) -> None:
    """Wait for the mean :func:`start_bucket` began into ``buf`` and give
    each parameter its part as its gradient."""
    from tapejit import functions as F
    from tapejit.ops.collective import allreduce_wait
    mean = allreduce_wait(buf, group=group)
    start = 0
    for p in params:
        shape = p.grad_var.shape
        n = int(numpy.prod(shape))
        p.grad_var = mean if len(params) == 1 else F.reshape(mean[start:start + n], shape)
        start += n


def mean_bucket(params: list, group: Group) -> None:
    """Replace the gradients of ``params`` (one dtype) by their means over
    ``group``: one mean of the gradients laid out in one row, started and
    waited for at once."""
    finish_bucket(params, start_bucket(params, group), group)
