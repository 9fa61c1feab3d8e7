"""Collective primitives: values combined across the processes of a group.

``allreduce_mean(x, group=g)``: the mean of ``x`` over the processes of the
group ``g``, the same array on every process.  Its VJP is the same
collective on the incoming gradient: with ``y_r = (1/n) sum_s x_s`` on each
process ``r``, ``dL/dx_r = (1/n) sum_s gy_s``.  It is a ``'call'``
primitive: the compiler runs it between kernels, in the order of the graph,
so that every process issues its collectives in the same order.

``group`` is a :class:`Group`: hashable and compared by its identity number,
so that a traced step's parameters can be keyed like any other primitive's.
The group does the communication (:mod:`tapejit.distributed` makes MPI
groups); :data:`SELF` is the group of one process, which needs no MPI.

>>> import numpy as np
>>> allreduce_mean(np.arange(3.0), group=SELF).array
array([0., 1., 2.])
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy

from tapejit.core.errors import DTypeError
from tapejit.ops.registry import Aval, primitive

_ids = itertools.count()


class Group:
    """A group of processes that collectives run over: its ``size``, and
    :meth:`mean`, the elementwise mean of one array per process.  Equal and
    hashed by ``key`` (given out once per group), so that a primitive's
    parameters holding it can be compared and keyed.

    >>> g = Group(1); g == g, g == Group(1), g.size
    (True, False, 1)
    """

    __slots__ = ('key', 'size', '__weakref__')

    def __init__(self, size: int) -> None:
        self.key = next(_ids)
        self.size = int(size)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Group) and other.key == self.key

    def __hash__(self) -> int:
        return hash(('tapejit.Group', self.key))

    def __repr__(self) -> str:
        # (Stable within a process: a plan's description names its group.)
        return f'<group {self.key} of {self.size}>'

    def mean(self, x: Any) -> Any:
        """The elementwise mean of ``x`` over the group (here, of one: ``x``)."""
        return numpy.array(x, copy=True)


SELF = Group(1)


def _allreduce_mean_eval(x: Aval, group: Group) -> Aval:
    if numpy.dtype(x.dtype).kind != 'f':
        raise DTypeError(f'allreduce_mean: x has dtype {x.dtype} and shape {tuple(x.shape)}; '
                         'expected a floating-point dtype')
    if not isinstance(group, Group):
        raise TypeError(f'allreduce_mean: group is a {type(group).__name__}; expected a '
                        'tapejit.ops.collective.Group (see tapejit.distributed)')
    return Aval(tuple(x.shape), x.dtype)


def _allreduce_mean_impl(x: Any, group: Group) -> Any:
    # (Checked before the collective: one rank's bad call would leave the
    # others waiting.)
    _allreduce_mean_eval(Aval(tuple(x.shape), x.dtype), group)
    return group.mean(x)


allreduce_mean = primitive(
    'allreduce_mean', kind='call', impl=_allreduce_mean_impl,
    abstract_eval=_allreduce_mean_eval,
    vjp=lambda n, gy, need: (allreduce_mean(gy, group=n.params['group']),))
