"""Trainer extensions across ranks: the multi-node evaluator and snapshots
written by one rank."""

from __future__ import annotations

import types
from typing import Any

import numpy


def create_multi_node_evaluator(actual_evaluator: Any, communicator: Any) -> Any:
    """Make ``actual_evaluator`` (an :class:`~tapejit.training.extensions.Evaluator`
    on each rank's share of the validation data) report the means over the
    ranks: every rank gets the same values.  Returns the same evaluator.

    >>> import numpy as np
    >>> from tapejit import distributed
    >>> comm = distributed.create_communicator('mpi')
    >>> class Ev:
    ...     def evaluate(self):
    ...         return {'validation/main/loss': np.float32(0.5)}
    >>> distributed.create_multi_node_evaluator(Ev(), comm).evaluate()
    {'validation/main/loss': 0.5}
    """
    local = actual_evaluator.evaluate

    def evaluate(self: Any) -> dict:
        means = local()
        # (In one order on every rank: the collectives must match.)
        names = sorted(means)
        if communicator.bcast_obj(names) != names:
            raise RuntimeError(f'create_multi_node_evaluator: rank {communicator.rank} '
                               f'reported {names}; rank 0 reported other values')
        return {k: _mean(communicator, means[k]) for k in names}

    actual_evaluator.evaluate = types.MethodType(evaluate, actual_evaluator)
    return actual_evaluator


def _mean(comm: Any, value: Any) -> Any:
    arr = numpy.asarray(getattr(value, 'array', value), numpy.float64)
    total = comm.allreduce_obj(arr)
    out = total / comm.size
    return float(out) if out.ndim == 0 else out


def multi_node_snapshot(communicator: Any, snapshot: Any, root: int = 0) -> Any:
    """``snapshot`` (a :func:`~tapejit.training.extensions.snapshot`
    extension) writing its files on rank ``root`` only: every rank holds
    the same model and optimizer state after each update.  Every rank still
    reads a snapshot to resume (``autoload``).  Returns the same extension.

    >>> from tapejit import distributed
    >>> from tapejit.training import extensions
    >>> comm = distributed.create_communicator('mpi')
    >>> ext = distributed.multi_node_snapshot(comm, extensions.snapshot())
    >>> ext.condition()
    True
    """
    cond = snapshot.condition
    writer = communicator.rank == root
    snapshot.condition = lambda: writer and cond()
    if not writer:
        snapshot._snapshot_on_error = False
    return snapshot
