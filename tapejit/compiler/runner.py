"""A :class:`~tapejit.compiler.program.Program` written out as one Python function.

Each target runs a plan through a function ``run(inputs)`` written once from
its Program (:func:`tapejit.targets.cpu.lowering.compile_runner`,
:func:`tapejit.targets.cuda.executable.compile_runner`): shapes, dtypes and
callables constants of its namespace, each name a local deleted after its
last reader (a pooled buffer's a slot of a list: the pool reads its
reference count), a view read once by the next call written into it.
:class:`ProgramWriter` writes every statement but a kernel call, the
target's, over NumPy or CuPy.

>>> import numpy as np
>>> from tapejit.compiler import program as P
>>> p = P.Program(('a0',), [3])
>>> p.calls.append(np.negative)
>>> _ = p.add(P.Call('o1', 'neg', (), ('a0',), 0))
>>> p.add(P.Return(('o1', 'a0'), (1,)))
>>> w = ProgramWriter(p, np)
>>> w.compile(w.lines({'a0': 'inputs[0]'}), 'example')([np.ones(2)])
[array([-1., -1.]), array([1., 1.])]
"""

from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple, Optional

import numpy

from tapejit.compiler import program as P
from tapejit.compiler.codecache import define


class Section(NamedTuple):
    """What a target gives a plan's generated entry (``tapejit.jit``'s):
    ``lines`` computing ``outs`` from ``inputs`` (their constants in the
    entry's namespace; ``fail`` where they refuse the arrays), the input
    positions whose class, shape, dtype and layout they check themselves
    (``checked``: the entry need not), and whether they refuse the inputs
    the plan was compiled with as ``distinct`` when those are one object.

    >>> Section(['outs = _run(inputs, _unpinned)'], frozenset(), False).checked
    frozenset()
    """

    lines: list
    checked: frozenset
    distinct: bool


def run_section(env: dict, run: Callable, unpinned: Any) -> Section:
    """The section calling ``run(inputs, unpinned)``: a target's generic path,
    which checks what the caller's key leaves open (``unpinned``) itself."""
    env['_run'], env['_unpinned'] = run, unpinned
    return Section(['outs = _run(inputs, _unpinned)'], frozenset(), False)


def finisher(xp: Any) -> Callable:
    """``fin(op, buf, dtype, shape, into=None)``: a :class:`~P.Finish` on array module ``xp``.

    >>> finisher(numpy)('sum', numpy.ones((3, 2)), numpy.dtype('float32'), (2,))
    array([3., 3.], dtype=float32)
    """
    def fin(op: str, buf: Any, dtype: Any, shape: tuple, into: Any = None) -> Any:
        # (In a fixed order: the same sums whatever the thread count or timing.)
        if op != 'cast':
            buf = buf[0] if len(buf) == 1 else getattr(buf, op)(axis=0)  # sum, max or min
        if into is None:
            return xp.asarray(buf, dtype=dtype).reshape(shape)
        xp.copyto(into, buf.reshape(shape))
        return into
    return fin


class ProgramWriter:
    """The lines of a runner of ``program`` over array module ``xp`` and their
    constants (``env``, with ``extra``); ``slot``: names kept in a list."""

    def __init__(self, program: P.Program, xp: Any, slot: Optional[dict] = None,
                 **extra: Any) -> None:
        self.program = program
        # ``take``: a new buffer (a target pooling buffers binds its pool's).
        self.env: dict = {'_nd': xp.ndarray, '_asc': xp.ascontiguousarray, '_empty': xp.empty,
                          '_full': xp.full, '_copyto': xp.copyto, '_asarray': xp.asarray,
                          '_array': xp.array, '_fin': finisher(xp), 'take': xp.empty, **extra}
        # (A NumPy array may be read-only; a device array is always writable.)
        self.writable = ' and {}.flags.writeable' if xp is numpy else ''

        self._names: dict = {}
        stmts = program.statements
        self.slot = dict(slot or {})
        self.inline = self._inlined(stmts)
        self.expr: dict = {}
        self.at = 0   # the index of the statement being written
        # Names known C-contiguous: read as one row without a copy check.
        self.contiguous = {st.out for st in stmts if isinstance(st, (P.Alloc, P.Slice, P.InPlace))}

    def compile(self, lines: list, label: str,
                env: Optional[dict] = None) -> Callable[[list], list]:
        """``run(inputs) -> outputs``, the function of ``lines`` (its
        namespace ``env``, by default the writer's own)."""
        return define('run', 'inputs', lines, self.env if env is None else env,
                      f'<tapejit {label}>')

    def const(self, value: Any) -> str:
        key = id(value)
        if key not in self._names:
            self._names[key] = f'_k{len(self._names)}'
            self.env[self._names[key]] = value
        return self._names[key]

    def shape(self, dims: tuple) -> str:
        table = self.program.table
        return self.const(tuple(int(table[d]) for d in dims))

    def _inlined(self, stmts: list) -> set:
        """Views read once, by a call right after them: written into it."""
        readers: dict = {}
        for i, st in enumerate(stmts):
            for n in P.reads(st):
                readers.setdefault(n, []).append(i)
        out = set()
        for i, st in enumerate(stmts):
            if not isinstance(st, P.Reshape) or st.out in self.slot:
                continue
            use = readers.get(st.out, [])
            if (len(use) == 1 and isinstance(stmts[use[0]], (P.CallKernel, P.Call))
                    and all(isinstance(s, (P.Reshape, P.Slice, P.Alloc, P.InPlace))
                            for s in stmts[i + 1:use[0]])):
                out.add(st.out)
        return out

    def name(self, n: str) -> str:
        """The expression reading name ``n``."""
        if n in self.expr:
            return self.expr[n]
        return f'env[{self.slot[n]}]' if n in self.slot else n

    def _last_reads(self, stmts: list) -> dict:
        """Per statement, the locals read for the last time there."""
        last: dict = {}
        via: dict = {}
        for i, st in enumerate(stmts):
            if isinstance(st, P._DEFINES):
                last.setdefault(st.out, i)
            for n in P.reads(st):
                for m in via.get(n, (n,)):
                    last[m] = i
            if isinstance(st, P.Reshape) and st.out in self.inline:
                via[st.out] = via.get(st.src, (st.src,))
        kept = set(self.program.results) | set(self.slot) | self.inline
        out: dict = {}
        for n, i in last.items():
            if n not in kept:
                out.setdefault(i, []).append(n)
        return out

    def lines(self, params: dict, before: Callable = lambda i: [],
              after: Callable = lambda i: []) -> list:
        """The runner's lines: the ``params`` bound, then the statements
        (``before(i)``, ``after(i)``: lines around statement ``i``)."""
        out = [f'env = [None] * {len(self.slot)}'] if self.slot else []
        out += [f'{self.name(n)} = {e}' for n, e in params.items()]
        stmts = self.program.statements
        dels = self._last_reads(stmts)
        for i, st in enumerate(stmts):
            out += before(i)
            self.at = i
            out += self.statement(st)
            if dels.get(i):
                out.append('del ' + ', '.join(dels[i]))
            out += after(i)
        return out

    def statement(self, st: Any) -> list:
        return getattr(self, f'_{type(st).__name__.lower()}')(st)

    def _callkernel(self, st: P.CallKernel) -> list:
        raise NotImplementedError('a target writes its kernel calls')

    def _alloc(self, st: P.Alloc) -> list:
        shape, dt = self.shape(st.dims), self.const(numpy.dtype(st.dtype))
        if st.fill is not None:
            return [f'{self.name(st.out)} = _full({shape}, {self.const(st.fill)}, {dt})']
        return [f'{self.name(st.out)} = {"take" if st.pool else "_empty"}({shape}, {dt})']

    def _reshape(self, st: P.Reshape) -> list:
        src = self.name(st.src)
        if st.dims is not None:
            view = f'{src}.reshape({self.shape(st.dims)})'
        else:
            view = f'{src}.reshape(-1)' if st.src in self.contiguous else f'_asc({src}).reshape(-1)'
        if st.out in self.inline:
            self.expr[st.out] = view
            return []
        return [f'{self.name(st.out)} = {view}']

    def _slice(self, st: P.Slice) -> list:
        start = int(self.program.table[st.start])
        size = math.prod(int(self.program.table[d]) for d in st.dims)
        return [f'{self.name(st.out)} = {self.name(st.src)}[{start}:{start + size}]'
                f'.reshape({self.shape(st.dims)})']

    def _call(self, st: P.Call) -> list:
        args = [self.name(a) for a in st.args]
        if st.params:
            args.append(f'**{self.const(dict(st.params))}')
        if st.into:
            args.append(f'out={self.name(st.into)}')
        n = self.name(st.out)
        return [f'{n} = {self.const(self.program.calls[st.fn])}({", ".join(args)})',
                f'if {n}.__class__ is not _nd:', f'    {n} = _asarray({n})']

    def _finish(self, st: P.Finish) -> list:
        into = f', {self.name(st.into)}' if st.into else ''
        return [f'{self.name(st.out)} = _fin({st.op!r}, {self.name(st.buf)}, '
                f'{self.const(numpy.dtype(st.dtype))}, {self.shape(st.dims)}{into})']

    def _inplace(self, st: P.InPlace) -> list:
        n, src = self.name(st.out), self.name(st.src)
        return [f'{n} = {src}',
                f'if not ({n}.__class__ is _nd and {n}.flags.c_contiguous'
                f'{self.writable.format(n)}):',
                f'    {n} = take({self.shape(st.dims)}, {self.const(numpy.dtype(st.dtype))})',
                f'    _copyto({n}, {src})']

    def _copyinto(self, st: P.CopyInto) -> list:
        n, dst, src = self.name(st.out), self.name(st.dst), self.name(st.src)
        # (Else the caller writes the update back, or says why it cannot.)
        return [f'if {dst}.__class__ is _nd{self.writable.format(dst)}:',
                f'    _copyto({dst}, {src})', f'    {n} = {dst}', 'else:', f'    {n} = {src}']

    def _free(self, st: P.Free) -> list:
        # (A dropped name is a local, deleted after its last reader.)
        return [f'release(env, {self.slot[st.name]})'] if st.pool else []

    def _return(self, st: P.Return) -> list:
        out = [f'outs = [{", ".join(self.name(v) for v in st.values)}]']
        out += [f'outs[{i}] = _array(outs[{i}], copy=True)' for i in st.copies]
        return out + self.epilogue() + ['return outs']

    def epilogue(self) -> list:
        """The lines run before the runner returns ``outs``."""
        return []
