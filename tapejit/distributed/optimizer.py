"""The multi-node optimizer: gradients averaged over the ranks before each update.

Inside ``@tapejit.jit`` the update records, after the backward pass, one
``allreduce_start`` per bucket of gradients, then one ``allreduce_wait``
per bucket, then the wrapped optimizer's update: the compiled step is one
plan whose allreduces are steps of it, each start moved up to just after
its bucket's last gradient and each wait down to just before the first
update that reads it (:mod:`tapejit.compiler.schedule`).
The first exchange of every step, eager or compiled, begins with the step
check (:mod:`tapejit.distributed.stepcheck`): the ranks compare the step's
number, what they traced and which gradients they average, and all raise an
error naming the difference where any differs, so that no rank averages
another step's gradients and none waits for a collective of another size.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy

from tapejit.core.config import config
from tapejit.distributed.communicator import BUCKET_BYTES


def _concrete(tr: Any, p: Any) -> Any:
    """The array of parameter ``p`` that a plan traced by ``tr`` reads."""
    st = tr.stateful.get(id(p))
    return p._data if st is None else st.orig_data


class _MultiNodeOptimizer:
    """An optimizer whose ``update()`` averages the gradients over the ranks
    first (see :func:`create_multi_node_optimizer`); every other attribute
    is the wrapped optimizer's."""

    def __init__(self, actual_optimizer: Any, communicator: Any, zero_fill: bool,
                 bucket_bytes: int) -> None:
        object.__setattr__(self, 'actual_optimizer', actual_optimizer)
        object.__setattr__(self, 'communicator', communicator)
        object.__setattr__(self, 'zero_fill', zero_fill)
        object.__setattr__(self, 'bucket_bytes', bucket_bytes)
        object.__setattr__(self, '_synced', None)
        if getattr(actual_optimizer, 'target', None) is not None:
            self._sync(actual_optimizer.target)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.actual_optimizer, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.actual_optimizer, name, value)

    def setup(self, link: Any) -> '_MultiNodeOptimizer':
        """Set up the wrapped optimizer on ``link`` and give every rank rank 0's parameters."""
        self.actual_optimizer.setup(link)
        self._sync(link)
        return self

    def _params(self, link: Any) -> tuple:
        return tuple(name for name, p in sorted(link.namedparams()) if p.array is not None)

    def _sync(self, link: Any) -> None:
        self.communicator.bcast_data(link)
        object.__setattr__(self, '_synced', self._params(link))

    def update(self, lossfun: Optional[Callable] = None, *args: Any, **kwds: Any) -> None:
        """Compute the gradients (with ``lossfun``, as the wrapped optimizer
        does), average them over the ranks, then update.  A parameter made
        by the first forward pass (a lazy link) is first broadcast from
        rank 0: eagerly, that step updates nothing, as in ChainerMN (its
        gradients came from each rank's own weights); a compiled step
        broadcasts it while tracing, and its first call runs on rank 0's.
        Each update is a step of the communicator's count
        (:attr:`~tapejit.distributed.MpiCommunicator.step`), taken eagerly
        as it begins, and its exchange begins with the step check."""
        opt = self.actual_optimizer
        target = opt.target
        tr = config.trace
        # (Counted as it begins: a rank whose loss function fails, and goes
        # on to the next step, is then a step ahead, which the check names.)
        begin = getattr(self.communicator, 'begin_step', None) if tr is None else None
        step = None if begin is None else begin()
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            if getattr(opt, '_use_cleargrads', True):
                target.cleargrads()
            else:
                for p in target.params(False):
                    p.grad = numpy.zeros(p.shape, p.dtype)
            loss.backward(loss_scale=opt._loss_scale)
            del loss
        if self._params(target) != self._synced:
            if tr is None:
                # (This step's gradients came from each rank's own new weights.)
                self._sync(target)
                return
            # Made while tracing (a lazy link): rank 0's arrays are broadcast
            # into those the plan reads at every call, the first included.
            self.communicator.bcast_arrays([(n, _concrete(tr, p))
                                            for n, p in sorted(target.namedparams())
                                            if p.array is not None])
            object.__setattr__(self, '_synced', self._params(target))
        self.communicator.multi_node_mean_grad(target, self.zero_fill, self.bucket_bytes,
                                               **({} if step is None else {'step': step}))
        opt.update(None)


def create_multi_node_optimizer(actual_optimizer: Any, communicator: Any,
                                double_buffering: bool = False,
                                zero_fill: bool = True,
                                bucket_bytes: int = BUCKET_BYTES) -> Any:
    """Wrap ``actual_optimizer`` so that its ``update()`` first averages the
    gradients over the ranks of ``communicator`` (ChainerMN's semantics).
    Every rank starts from rank 0's parameters (broadcast at setup).
    ``zero_fill``: a parameter without a gradient takes part with zeros.
    ``bucket_bytes``: the gradients are averaged in buckets of at most this
    many bytes (25 MB by default), the last layers' first; in a compiled
    step each bucket's exchange starts as soon as its last gradient is
    written and is waited for just before the first update that reads it.

    >>> import numpy as np, tapejit.functions as F
    >>> from tapejit import distributed, links as L, optimizers
    >>> comm = distributed.create_communicator('mpi')
    >>> model = L.Linear(2, 1, initialW=np.array([[1.0, 2.0]], np.float32))
    >>> opt = distributed.create_multi_node_optimizer(optimizers.SGD(lr=0.1), comm)
    >>> opt = opt.setup(model)
    >>> opt.update(lambda: F.sum(model(np.ones((1, 2), np.float32))))
    >>> model.W.array
    array([[0.9, 1.9]], dtype=float32)
    """
    if not callable(getattr(actual_optimizer, 'update', None)):
        raise TypeError(f'create_multi_node_optimizer: actual_optimizer is a '
                        f'{type(actual_optimizer).__name__}; expected an optimizer (tapejit.'
                        'optimizers), then the communicator')
    if not hasattr(communicator, 'multi_node_mean_grad'):
        raise TypeError(f'create_multi_node_optimizer: communicator is a '
                        f'{type(communicator).__name__}; expected one from '
                        "tapejit.distributed.create_communicator('mpi')")
    if double_buffering:
        raise ValueError('create_multi_node_optimizer: double_buffering=True (updating with '
                         "the previous step's averaged gradients) is not supported; expected "
                         'double_buffering=False')
    if not (isinstance(bucket_bytes, (int, numpy.integer)) and bucket_bytes > 0):
        raise ValueError(f'create_multi_node_optimizer: bucket_bytes is {bucket_bytes!r}; '
                         'expected a positive int (bytes)')
    return _MultiNodeOptimizer(actual_optimizer, communicator, zero_fill, bucket_bytes)
