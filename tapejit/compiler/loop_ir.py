"""The loop IR: a fused kernel as data, before any target renders it.

A :class:`Kernel` is a name, its parameters and statements over scalar
locals and array elements: assignments, accumulations, counted loops, a CPU
kernel's chunk loop and a GPU kernel's grid loop, over constants, locals,
loads, elementwise primitives and casts.  Each target renders it
(:mod:`tapejit.targets.cpu.codegen`, :mod:`tapejit.targets.cuda.codegen`).
A kernel is identified by its :func:`digest` (a hash of its
:func:`canonical` text), never by what a target renders from it: the
compiled-kernel caches key a kernel by that digest and by what the IR leaves
out (fast-math flags, the renderer, a GPU's architecture).

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

import hashlib
from typing import Any

import numpy

# The version of :func:`canonical`'s text, hashed into every :func:`digest`:
# bumped whenever that text changes, so that keys made before never match.
FORMAT = 2


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
    """``for var in range(n[axis])``: the loop over one axis of the kernel's
    shape; with a ``size``, that axis's size is that constant (the kernel
    serves that size only): every array indexed by ``var`` along a dimension
    has it there."""

    __slots__ = ('var', 'axis', 'body', 'size')

    def __init__(self, var: str, axis: int, body: list, size: Any = None) -> None:
        super().__init__(var, axis, body, size)


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


def canonical(node: Any) -> str:
    """The exact, deterministic text of ``node`` (a loop-IR node, or a value
    in one): each node's class and slots in order, dtypes by name, numbers
    with their type and every bit (an int is not the float of its value, a
    float32 constant is not the float64 of its value), ``params`` dicts
    sorted.  Equal texts are equal kernels.

    >>> f32 = numpy.dtype(numpy.float32)
    >>> canonical(Load('x', ('i', 0)))
    "Load(array='x', index=('i', int:0))"
    >>> canonical({'b': (f32,), 'a': None})
    "{'a': None, 'b': (float32,)}"
    >>> canonical(Const(0.5, f32))
    'Const(value=float:0x1.0000000000000p-1, dtype=float32)'
    >>> canonical(numpy.float32(0.5)), canonical(1), canonical(True)
    ('float32:0000003f', 'int:1', 'True')
    >>> canonical(numpy.int32)
    'type:<i4'
    """
    render = _CANONICAL.get(type(node))
    if render is not None:
        return render(node)
    if isinstance(node, _Node):
        slots = ', '.join(f'{name}={canonical(getattr(node, name))}' for name in node.__slots__)
        return f'{type(node).__name__}({slots})'
    if isinstance(node, numpy.generic):
        # (Its bytes: a repr may round, or print a long double alike for two.)
        return f'{node.dtype.name}:{node.tobytes().hex()}'
    if isinstance(node, numpy.dtype):
        # (By name where native: only another byte order needs more.)
        return node.name if node.isnative else node.str
    if isinstance(node, type) and (issubclass(node, numpy.generic)
                                   or node in (bool, int, float, complex)):
        # (A parameter naming a scalar type, numpy.int32 or float: as its dtype.)
        return f'type:{numpy.dtype(node).str}'
    if isinstance(node, slice):
        return f'slice({canonical(node.start)}, {canonical(node.stop)}, {canonical(node.step)})'
    raise TypeError(f'loop IR: no canonical text of {type(node).__name__} {node!r}')


def _tuple(v: tuple) -> str:
    items = [canonical(x) for x in v]
    return f'({items[0]},)' if len(items) == 1 else f'({", ".join(items)})'


def _dict(v: dict) -> str:
    # (Sorted by text: the order a dict was built in is no part of a kernel.)
    return '{' + ', '.join(sorted(f'{canonical(k)}: {canonical(x)}' for k, x in v.items())) + '}'


_CANONICAL: dict = {
    type(None): repr,
    bool: repr,
    str: repr,
    int: lambda v: f'int:{v}',
    float: lambda v: f'float:{v.hex()}',
    tuple: _tuple,
    list: lambda v: '[' + ', '.join(canonical(x) for x in v) + ']',
    dict: _dict,
}


def digest(kernel: Kernel) -> str:
    """A hash of ``kernel``'s :func:`canonical` text (32 hex digits): what
    identifies the kernel to every cache of compiled kernels.

    >>> f64 = numpy.dtype(numpy.float64)
    >>> def scale(c):
    ...     return Kernel('kernel', ['x', 'y'], [], ChunkLoop(False, [], [ChunkRange('i', [
    ...         Assign(Load('y', ('i',)), Apply('mul', (Load('x', ('i',)), c), {},
    ...                                         (f64, f64), f64))])], []))
    >>> digest(scale(Const(2.0, f64))) == digest(scale(Const(2.0, f64)))
    True
    >>> len({digest(scale(Const(v, f64))) for v in (2.0, 2, -0.0, 0.0, numpy.float64(2.0))})
    5
    """
    text = f'loop-ir {FORMAT}\n{canonical(kernel)}'
    return hashlib.sha256(text.encode()).hexdigest()[:32]
