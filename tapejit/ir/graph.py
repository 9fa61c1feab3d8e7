"""An immutable, typed graph: inputs, equations of primitives, outputs.

Every equation applies one primitive of :mod:`tapejit.ops` to :class:`Var` s,
with static params; constants are inputs (``constvars``) the graph carries.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Sequence

import numpy

from tapejit.ops.registry import Aval, Primitive

_SHORT = {'float16': 'f16', 'float32': 'f32', 'float64': 'f64', 'int8': 'i8',
          'int16': 'i16', 'int32': 'i32', 'int64': 'i64', 'uint8': 'u8', 'bool': 'bool'}


class Var:
    """One value of the graph."""

    __slots__ = ('id', 'shape', 'dtype')

    def __init__(self, id: int, shape: tuple, dtype: Any) -> None:
        self.id = id
        self.shape = tuple(shape)
        self.dtype = numpy.dtype(dtype)

    @property
    def aval(self) -> Aval:
        return Aval(self.shape, self.dtype)

    def type_str(self) -> str:
        dt = _SHORT.get(self.dtype.name, self.dtype.name)
        return f'{dt}[{", ".join(map(str, self.shape))}]'

    def __repr__(self) -> str:
        return _name(self.id)


def _name(i: int) -> str:
    s = ''
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(97 + r) + s
    return s


class Eqn(NamedTuple):
    """``out = prim(*inputs, **params)``; ``where`` is the user's line that made it."""

    prim: Primitive
    inputs: tuple
    params: dict
    out: Var
    where: Optional[str] = None


class Graph(NamedTuple):
    """A traced program."""

    invars: tuple
    constvars: tuple
    consts: tuple
    eqns: tuple
    outvars: tuple

    def __str__(self) -> str:
        def decl(vs):
            return ' '.join(f'{v!r}:{v.type_str()}' for v in vs)
        lines = [f'{{ lambda {decl(self.constvars)} ; {decl(self.invars)} .']
        for e in self.eqns:
            params = ' '.join(f'{k}={_fmt_param(v)}' for k, v in e.params.items())
            args = ' '.join(repr(v) for v in e.inputs)
            lines.append(f'    {e.out!r}:{e.out.type_str()} = {e.prim.name}'
                         f'{"[" + params + "]" if params else ""} {args}')
        lines.append(f'  in ({", ".join(repr(v) for v in self.outvars)}) }}')
        return '\n'.join(lines)


def live_eqns(eqns: Sequence, ids: Any) -> tuple:
    """``(equations, live ids)``: the equations of ``eqns`` (in order) that
    computing the values ``ids`` needs, and the ids those read or are.

    >>> from tapejit.ops.registry import PRIMITIVES
    >>> a, b, c = (Var(i, (2,), 'float32') for i in range(3))
    >>> neg = PRIMITIVES['neg']
    >>> keep, live = live_eqns((Eqn(neg, (a,), {}, b), Eqn(neg, (a,), {}, c)), [c.id])
    >>> [e.out.id for e in keep], sorted(live)
    ([2], [0, 2])
    """
    live = set(ids)
    keep = []
    for e in reversed(eqns):
        if e.out.id in live:
            keep.append(e)
            live.update(v.id for v in e.inputs)
    return tuple(reversed(keep)), live


def _fmt_param(v: Any) -> str:
    if isinstance(v, numpy.ndarray):
        return f'array{v.shape}'
    if isinstance(v, tuple):
        return '(' + ','.join(_fmt_param(x) for x in v) + (',)' if len(v) == 1 else ')')
    if isinstance(v, slice):
        return f'{"" if v.start is None else v.start}:{"" if v.stop is None else v.stop}' \
               f'{"" if v.step is None else ":" + str(v.step)}'
    if isinstance(v, numpy.dtype):
        return v.name
    return repr(v)


class VerifyError(AssertionError):
    """The graph is not well formed (a compiler pass broke it)."""


def verify(g: Graph, checked: Optional[dict] = None) -> None:
    """Check that every Var is defined before use and every equation's output
    is what its primitive's ``abstract_eval`` says.  ``checked`` (id ->
    equation): equations an earlier call checked already, not evaluated again."""
    defined = set()
    for v in g.constvars + g.invars:
        if v.id in defined:
            raise VerifyError(f'{v!r} is defined twice')
        defined.add(v.id)
    if len(g.consts) != len(g.constvars):
        raise VerifyError('consts and constvars differ in length')
    for c, v in zip(g.consts, g.constvars):
        if tuple(c.shape) != v.shape or c.dtype != v.dtype:
            raise VerifyError(f'constant {v!r}:{v.type_str()} holds {c.dtype}{c.shape}')
    for e in g.eqns:
        for v in e.inputs:
            if v.id not in defined:
                raise VerifyError(f'{e.prim.name}: input {v!r} is used before it is defined')
        if checked is None or checked.get(id(e)) is not e:
            out = e.prim.abstract_eval(*[v.aval for v in e.inputs], **e.params)
            if tuple(out.shape) != e.out.shape or numpy.dtype(out.dtype) != e.out.dtype:
                raise VerifyError(f'{e.prim.name}: output {e.out!r} is {e.out.type_str()} '
                                  f'but abstract_eval gives {out.dtype}{tuple(out.shape)}')
            if checked is not None:
                checked[id(e)] = e  # (held: its id stays its own)
        if e.out.id in defined:
            raise VerifyError(f'{e.out!r} is defined twice')
        defined.add(e.out.id)
    for v in g.outvars:
        if v.id not in defined:
            raise VerifyError(f'output {v!r} is not defined')
