"""The loop IR: a fused kernel as data, before any target renders it.

A :class:`Kernel` is a name, its parameters and statements over scalar
locals and array elements: assignments, accumulations, counted loops, a CPU
kernel's chunk loop and a GPU kernel's grid loop, over constants, locals,
loads, elementwise primitives and casts.  Each target renders it
(:mod:`tapejit.targets.cpu.codegen`, :mod:`tapejit.targets.cuda.codegen`).

>>> import numpy as np
>>> f32 = np.dtype(np.float32)
>>> body = [Assign(Local('t0'), Apply('mul', (Load('in0', ('i',)), Const(2.0, f32)), {},
...                                   (f32, f32), f32)),
...         Assign(Load('out0', ('i',)), Local('t0'))]
>>> k = Kernel('kernel', ['in0', 'out0'], [], ChunkLoop(False, [], [ChunkRange('i', body)], []))
>>> [type(s).__name__ for s in k.chunk.body[0].body]
['Assign', 'Assign']
"""

from __future__ import annotations

from typing import Any

import numpy


class Unsupported(Exception):
    """A kernel uses something its target's renderer does not compile."""


class _Node:
    """A node whose ``__slots__`` are set from the arguments, in order, each
    through its conversion in ``_as`` (a dtype, a tuple) where it has one."""

    __slots__ = ()
    _as: dict = {}

    def __init__(self, *values: Any) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            setattr(self, name, self._as[name](value) if name in self._as else value)


class Const(_Node):
    """A literal of ``dtype``."""

    __slots__ = ('value', 'dtype')
    _as = {'dtype': numpy.dtype}


class Local(_Node):
    """A scalar local (a value, an accumulator, a hoisted scalar input)."""

    __slots__ = ('name',)


class Load(_Node):
    """Element ``index`` of array parameter ``array``; an index entry is an
    index variable's name (``'i'``, ``'i0'``, ``'c'``) or an int literal."""

    __slots__ = ('array', 'index')
    _as = {'index': tuple}


class Apply(_Node):
    """Elementwise primitive ``prim`` on ``args`` (with its ``params``), from
    inputs of ``in_dtypes`` to ``dtype``."""

    __slots__ = ('prim', 'args', 'params', 'in_dtypes', 'dtype')
    _as = {'args': tuple, 'in_dtypes': tuple}


class Cast(_Node):
    """``expr`` converted to ``dtype``."""

    __slots__ = ('expr', 'dtype')
    _as = {'dtype': numpy.dtype}


class Assign(_Node):
    """``target = value``; the target a :class:`Local` or a :class:`Load` cell."""

    __slots__ = ('target', 'value')


class Accumulate(_Node):
    """Fold ``value`` into ``target`` with reduction ``op`` (``'sum'``,
    ``'max'``, ``'min'``; in max and min a NaN wins)."""

    __slots__ = ('op', 'target', 'value')


class For(_Node):
    """``for var in range(n[axis])``: the loop over one axis of the kernel's shape."""

    __slots__ = ('var', 'axis', 'body')


class ChunkRange(_Node):
    """The loop over chunk ``c``'s outer indices (``var`` from ``c * ch`` up
    to the chunk's end or ``n[0]``), as an unsigned index."""

    __slots__ = ('var', 'body')


class ChunkLoop(_Node):
    """The kernel's loop over its ``nch`` chunks (``parallel``: the chunks
    may run on several threads): ``pre`` runs first in each chunk, then
    ``body``, then ``post``."""

    __slots__ = ('parallel', 'pre', 'body', 'post')


class GridLoop(_Node):
    """A GPU kernel's threads over ``rank`` axes, in the schedule ``kind``
    (:mod:`tapejit.targets.cuda.codegen`): ``'ew'`` a grid-stride loop,
    ``'cols'`` a thread per (chunk, kept cell) over the reduced ``axes``,
    ``'rows'`` a block of ``block`` threads per (cell, chunk).  ``pre`` runs
    per cell first; each of ``accs`` (accumulator, op, dtype, output) ends in
    its output's cell ``[p, c]``."""

    __slots__ = ('kind', 'rank', 'axes', 'flat', 'block', 'pre', 'body', 'accs')


class Kernel(_Node):
    """``name(n, ch, nch, *params)`` (sizes, outer indices per chunk, chunks):
    ``hoisted`` statements, then the chunk loop (a GPU's :class:`GridLoop`)."""

    __slots__ = ('name', 'params', 'hoisted', 'chunk')
