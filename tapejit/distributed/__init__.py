"""Data-parallel training over MPI: ChainerMN's API on mpi4py.

Each process (rank) holds the whole model and trains on its share of every
batch; the multi-node optimizer averages the gradients over the ranks before
each update, so every rank takes the same step.  Inside ``@tapejit.jit`` the
average is a step of the compiled plan (an ``allreduce_start`` and an
``allreduce_wait`` per bucket of gradients).  Each step's exchange begins
with the step check: where the ranks are out of step (one skipped a step,
or traced another), every rank raises a :class:`StepMismatchError` naming
the difference.  Run a script with ``mpiexec -n 2 python script.py``
(MPICH's wheel puts ``mpiexec`` beside ``python``) or ``python -m
tapejit.distributed.run -n 2 script.py``.

Needs the ``mpi`` extra (``pip install "tapejit[mpi]"``: mpi4py and MPICH).

>>> from tapejit import distributed
>>> comm = distributed.create_communicator('mpi')   # one process here
>>> comm.size, comm.rank, comm.intra_size
(1, 0, 1)
"""

from __future__ import annotations

import sys
from typing import Any

from tapejit.distributed.communicator import MpiCommunicator
from tapejit.distributed.datasets import scatter_dataset
from tapejit.distributed.extensions import create_multi_node_evaluator, multi_node_snapshot
from tapejit.distributed.optimizer import create_multi_node_optimizer
from tapejit.distributed.stepcheck import StepMismatchError

__all__ = ['MpiCommunicator', 'StepMismatchError', 'create_communicator',
           'create_multi_node_evaluator', 'create_multi_node_optimizer', 'install_abort_hook',
           'multi_node_snapshot', 'scatter_dataset']

# ChainerMN's names of its communicators: all of them are one MPI
# communicator here (CPU arrays; the bucketed allreduce is what 'pure_nccl'
# and 'flat' did on GPUs).
_NAMES = ('mpi', 'naive', 'flat', 'hierarchical', 'two_dimensional', 'single_node',
          'non_cuda_aware')


def create_communicator(communicator_name: str = 'mpi', mpi_comm: Any = None,
                        **kwargs: Any) -> MpiCommunicator:
    """The communicator of the processes started by ``mpiexec`` (``mpi_comm``:
    an mpi4py communicator, ``COMM_WORLD`` by default).  Sizes this
    process's thread pools (tapejit's, BLAS's) to its share of the host's cores.
    ``timeout``: seconds a collective waits for its peers.

    >>> create_communicator('mpi').size
    1
    """
    if communicator_name not in _NAMES:
        raise ValueError(f'create_communicator: unknown communicator {communicator_name!r}; '
                         f'expected one of {_NAMES}')
    abort_on_error = kwargs.pop('abort_on_error', True)
    comm = MpiCommunicator(mpi_comm, **kwargs)
    if abort_on_error and comm.size > 1:
        install_abort_hook(comm)
    return comm


def install_abort_hook(comm: MpiCommunicator) -> None:
    """Make an uncaught exception on any rank end every rank (after printing
    its traceback): the others would otherwise wait for it in their next
    collective.  (ChainerMN's ``global_except_hook``.)

    >>> import sys
    >>> before = sys.excepthook
    >>> install_abort_hook(create_communicator('mpi')); sys.excepthook is not before
    True
    >>> sys.excepthook = before
    """
    previous = sys.excepthook

    def hook(kind: Any, value: Any, tb: Any) -> None:
        try:
            sys.stderr.write(f'tapejit.distributed: uncaught {kind.__name__} on rank '
                             f'{comm.rank} of {comm.size}; ending every rank\n')
            previous(kind, value, tb)
        finally:
            comm.abort(1)

    sys.excepthook = hook
