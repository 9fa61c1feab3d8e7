"""Collective primitives: values combined across the processes of a group.

``allreduce_mean(x, group=g)``: the mean of ``x`` over the processes of the
group ``g``, the same array on every process.  Its VJP is the same
collective on the incoming gradient: with ``y_r = (1/n) sum_s x_s`` on each
process ``r``, ``dL/dx_r = (1/n) sum_s gy_s``.  It is a ``'call'``
primitive: the compiler runs it between kernels, in the order of the graph,
so that every process issues its collectives in the same order.

The same mean in two steps, so that the exchange can run while other work
goes on: ``buf = allreduce_start(x, group=g)`` issues it and returns the
buffer its result arrives in (the group holds the request, keyed by that
buffer); ``allreduce_wait(buf, group=g)`` waits for it and returns the
mean.  Only the wait reads the buffer.  ``allreduce_start(x1, x2, ...,
group=g)`` lays several arrays out one after another in the one buffer it
sends (a row; with one array, its shape): the gradients of a bucket are
copied once, into what is sent; with ``overwrite=True`` the one array given
is sent itself and receives the mean (a compiled plan writes a bucket's
gradients into one row: :mod:`tapejit.compiler.buckets`).  Their VJPs are each other's, so that
``wait(start(x))`` differentiates as ``allreduce_mean`` (each input's part
of the row): the backward starts the mean of the incoming gradient, then
waits for it.  Eagerly each
runs when called (:class:`Group` itself has the whole mean done at the
start); in a compiled plan the scheduling pass
(:mod:`tapejit.compiler.schedule`) moves each start up to just after what
it reads is computed and each wait down to just before its result is read.

``group`` is a :class:`Group`: hashable and compared by its identity number,
so that a traced step's parameters can be keyed like any other primitive's.
The group does the communication (:mod:`tapejit.distributed` makes MPI
groups); :data:`SELF` is the group of one process, which needs no MPI.

>>> import numpy as np
>>> allreduce_mean(np.arange(3.0), group=SELF).array
array([0., 1., 2.])
>>> allreduce_wait(allreduce_start(np.arange(3.0), group=SELF), group=SELF).array
array([0., 1., 2.])
>>> allreduce_start(np.ones((2, 2)), np.zeros(3), group=SELF).array
array([1., 1., 1., 1., 0., 0., 0.])
"""

from __future__ import annotations

import itertools
from typing import Any, Sequence

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

    def mean_start(self, xs: Sequence[Any]) -> Any:
        """Begin the mean of the arrays ``xs`` laid out as :func:`pack`
        does; the buffer :meth:`mean_wait` completes.  Here the whole
        :meth:`mean`, at once (a group without non-blocking collectives)."""
        return self.mean(pack(xs))

    def mean_start_in(self, buf: Any) -> Any:
        """Begin the mean of the one array ``buf``, which the exchange may
        take as its own buffer, its values replaced by the mean (a
        compiled plan's bucket row, read by nothing else); the buffer
        :meth:`mean_wait` completes.  Here :meth:`mean_start` of ``[buf]``."""
        return self.mean_start([buf])

    def mean_wait(self, buf: Any) -> Any:
        """The mean begun by :meth:`mean_start` into ``buf`` (here, ``buf``)."""
        return buf


SELF = Group(1)


def pack(xs: Sequence[Any]) -> numpy.ndarray:
    """The NumPy arrays ``xs`` (of one dtype) copied one after another into
    a new array: one row, or ``xs[0]``'s shape where it is alone.

    >>> pack([numpy.ones((2, 2)), numpy.arange(2.0)])
    array([1., 1., 1., 1., 0., 1.])
    """
    if len(xs) == 1:
        return numpy.array(xs[0], order='C', copy=True)
    out = numpy.empty(sum(x.size for x in xs), xs[0].dtype)
    k = 0
    for x in xs:
        numpy.copyto(out[k:k + x.size].reshape(x.shape), x)
        k += x.size
    return out


def _checked(name: str, *xs: Aval, group: Group, overwrite: bool = False) -> Aval:
    """The result of collective ``name`` on ``xs``: their shape where one,
    else a row of all their elements."""
    if not xs:
        raise TypeError(f'{name}: got no array; expected one or more arrays and group=')
    if overwrite and len(xs) != 1:
        raise TypeError(f'{name}: overwrite=True with {len(xs)} arrays; expected one array '
                        '(the buffer to send and receive in)')
    x = xs[0]
    if any(numpy.dtype(v.dtype).kind != 'f' or v.dtype != x.dtype for v in xs):
        got = ', '.join(f'{v.dtype}{tuple(v.shape)}' for v in xs)
        raise DTypeError(f'{name}: x has dtype {x.dtype} and shape {tuple(x.shape)}; expected '
                         'a floating-point dtype' if len(xs) == 1 else
                         f'{name}: the inputs are {got}; expected one floating-point dtype')
    if not isinstance(group, Group):
        raise TypeError(f'{name}: group is a {type(group).__name__}; expected a '
                        'tapejit.ops.collective.Group (see tapejit.distributed)')
    if len(xs) == 1:
        return Aval(tuple(x.shape), x.dtype)
    return Aval((sum(int(numpy.prod(v.shape)) for v in xs),), x.dtype)


def _allreduce_mean_eval(x: Aval, group: Group) -> Aval:
    return _checked('allreduce_mean', x, group=group)


def _allreduce_mean_impl(x: Any, group: Group) -> Any:
    # (Checked before the collective: one rank's bad call would leave the
    # others waiting.)
    _allreduce_mean_eval(Aval(tuple(x.shape), x.dtype), group)
    return group.mean(x)


allreduce_mean = primitive(
    'allreduce_mean', kind='call', pure=False, impl=_allreduce_mean_impl,
    abstract_eval=_allreduce_mean_eval,
    vjp=lambda n, gy, need: (allreduce_mean(gy, group=n.params['group']),))


def _start_impl(*xs: Any, group: Group, overwrite: bool = False) -> Any:
    # (Checked before the collective is issued, as allreduce_mean's.)
    _checked('allreduce_start', *[Aval(tuple(x.shape), x.dtype) for x in xs], group=group,
             overwrite=overwrite)
    return group.mean_start_in(xs[0]) if overwrite else group.mean_start(xs)


def _wait_impl(buf: Any, group: Group) -> Any:
    _checked('allreduce_wait', Aval(tuple(buf.shape), buf.dtype), group=group)
    return group.mean_wait(buf)


def _start_vjp(n: Any, gy: Any, need: Sequence[bool]) -> tuple:
    """Each input's part of the mean of ``gy`` (the backward of the start
    is the wait)."""
    from tapejit.ops.structure import get_item, reshape
    g = allreduce_wait(gy, group=n.params['group'])
    if len(n.inputs) == 1:
        return (g,)
    out, k = [], 0
    for i, v in enumerate(n.inputs):
        size = int(numpy.prod(v.shape))
        out.append(reshape(get_item(g, slices=(slice(k, k + size),)), shape=tuple(v.shape))
                   if need[i] else None)
        k += size
    return tuple(out)


# (Each one's VJP is the other: the backward of wait(start(x)) is
# wait(start(gy)), the mean of the gradient, started before it is waited for.)
allreduce_start = primitive(
    'allreduce_start', kind='call', pure=False, impl=_start_impl,
    abstract_eval=lambda *xs, group, overwrite=False: _checked(
        'allreduce_start', *xs, group=group, overwrite=overwrite),
    vjp=_start_vjp)
allreduce_wait = primitive(
    'allreduce_wait', kind='call', pure=False, impl=_wait_impl,
    abstract_eval=lambda x, group: _checked('allreduce_wait', x, group=group),
    vjp=lambda n, gy, need: (allreduce_start(gy, group=n.params['group']),))

# The primitives that issue a collective: every process must issue them in
# the same order (MPI's rule, non-blocking ones included), which the
# compiler's passes keep.  A wait issues nothing: MPI lets requests complete
# in any order.
COLLECTIVES = frozenset({'allreduce_mean', 'allreduce_start'})
