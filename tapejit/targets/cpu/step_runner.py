"""A plan's :class:`~tapejit.compiler.program.Program` as straight-line
Python: the step runner.

A plan that does not run as one native call
(:mod:`~tapejit.targets.cpu.one_call`) runs through one generated function
written from its Program (:mod:`~tapejit.targets.cpu.lowering`), every
shape, dtype and callable a constant: it takes output buffers from the
plan's pool, writes donated stores in place (a copy where the array may not
be written), allocates reduction buffers and finishes them, gives each
pooled buffer back after its last reader and copies parameter updates in.
Each name is a local deleted after its last reader (a pooled buffer's is a
slot of a list: the pool reads from its reference count whether anyone else
holds it), and a view read once by the next call is written into it.  The
first call's runner calls each kernel through a wrapper that loads it
(:class:`~tapejit.targets.cpu.executable._FirstCall`); the runner written
after it calls the loaded kernels directly.  ``profile()``'s runner also
times each step.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional

import numpy

from tapejit.compiler import program as P
from tapejit.compiler.codecache import compile_source


def _finish(op: str, buf: numpy.ndarray, dtype: numpy.dtype, shape: tuple) -> numpy.ndarray:
    """A reduction's final values from its buffer (as ``codegen.finish_reduction``).

    >>> _finish('sum', numpy.ones((3, 2)), numpy.dtype('float32'), (2,))
    array([3., 3.], dtype=float32)
    """
    if op == 'sum':
        buf = buf.sum(axis=0)
    elif op == 'max':
        buf = buf.max(axis=0)
    elif op == 'min':
        buf = buf.min(axis=0)
    return numpy.asarray(buf, dtype=dtype).reshape(shape)


def compile_runner(exe: Any, first: bool = False,
                   times: Optional[list] = None) -> Callable[[list], list]:
    """``run(inputs) -> outputs`` rendering ``exe``'s Program.  ``first``:
    each kernel called through its step's first-call wrapper (which loads
    it); ``times``: each step's seconds added to ``times[step]``.

    >>> import numpy as np, tapejit
    >>> from tapejit.targets import compile_graph
    >>> from tapejit.ir.trace import trace_graph
    >>> x = np.arange(4, dtype=np.float32)
    >>> ex = compile_graph(trace_graph(lambda v: v * 2 + 1, [x]))
    >>> compile_runner(ex, first=True)([x])[0]
    array([1., 3., 5., 7.], dtype=float32)
    """
    r = _Renderer(exe, first, times)
    src = 'def run(inputs):\n' + ''.join(f'    {ln}\n' for ln in r.lines())
    exec(compile_source(src, '<tapejit step runner>'), r.env)
    return r.env['run']


class _Renderer:
    """The runner's statements, and the constants they name (``env``)."""

    def __init__(self, exe: Any, first: bool, times: Optional[list]) -> None:
        self.exe, self.first, self.times = exe, first, times
        self.program = exe.lowered.program
        self.origin = exe.lowered.origin
        self.env: dict = {'_nd': numpy.ndarray, '_asc': numpy.ascontiguousarray,
                          '_empty': numpy.empty, '_full': numpy.full, '_copyto': numpy.copyto,
                          '_asarray': numpy.asarray, '_array': numpy.array, '_fin': _finish,
                          '_pool': exe.pool, '_clock': time.perf_counter, '_times': times}
        self._names: dict = {}
        stmts = self.program.statements
        # Names given back to the pool live in slots of ``env``.
        pooled = [st.name for st in stmts if isinstance(st, P.Free) and st.pool]
        self.slot = {n: k for k, n in enumerate(dict.fromkeys(pooled))}
        self.inline = self._inlined(stmts)
        self.expr: dict = {}
        self.at = 0   # the index of the statement being written
        # Names known C-contiguous: read as one row without a copy check.
        self.contiguous = {st.out for st in stmts if isinstance(st, (P.Alloc, P.InPlace))}

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
        """Views read once, by a call right after them (only buffers and
        other views between): written into that call."""
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
                    and all(isinstance(s, (P.Reshape, P.Alloc, P.InPlace))
                            for s in stmts[i + 1:use[0]])):
                out.add(st.out)
        return out

    def name(self, n: str) -> str:
        """The expression reading name ``n``."""
        if n in self.expr:
            return self.expr[n]
        return f'env[{self.slot[n]}]' if n in self.slot else n

    def _last_reads(self, stmts: list) -> dict:
        """Per statement, the locals read for the last time there (an
        inlined view's reads happen where it is read)."""
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

    def lines(self) -> list:
        exe, prog = self.exe, self.program
        out = ['_pool.reclaim()', 'take = _pool.take', 'release = _pool.release']
        if self.slot:
            out.append(f'env = [None] * {len(self.slot)}')
        params = dict(zip(prog.params, [f'inputs[{i}]' for i, _ in exe.lowered.arg_inputs]
                          + [self.const(c) for c in exe.lowered.const_args]))
        for n, e in params.items():
            out.append(f'{self.name(n)} = {e}')
        stmts = prog.statements
        dels = self._last_reads(stmts)
        for i, st in enumerate(stmts):
            step = self.origin[i]
            if self.times is not None and step >= 0 and (i == 0 or self.origin[i - 1] != step):
                out.append('t0 = _clock()')
            self.at = i
            out += self.statement(st)
            if dels.get(i):
                # Locals never outlive their last reader: the pool reads
                # whether anyone else holds a buffer from its reference count.
                out.append('del ' + ', '.join(dels[i]))
            if self.times is not None and step >= 0 and (
                    i + 1 == len(stmts) or self.origin[i + 1] != step):
                out.append(f'_times[{step}] += _clock() - t0')
        return out

    def statement(self, st: Any) -> list:
        if isinstance(st, P.Reshape):
            if st.out in self.inline:
                self.expr[st.out] = self._view(st)
                return []
            return [f'{self.name(st.out)} = {self._view(st)}']
        return getattr(self, f'_{type(st).__name__.lower()}')(st)

    def _alloc(self, st: P.Alloc) -> list:
        shape, dt = self.shape(st.dims), self.const(numpy.dtype(st.dtype))
        if st.fill is not None:
            return [f'{self.name(st.out)} = _full({shape}, {self.const(st.fill)}, {dt})']
        return [f'{self.name(st.out)} = {"take" if st.pool else "_empty"}({shape}, {dt})']

    def _view(self, st: P.Reshape) -> str:
        src = self.name(st.src)
        if st.dims is None:
            return (f'{src}.reshape(-1)' if st.src in self.contiguous
                    else f'_asc({src}).reshape(-1)')
        return f'{src}.reshape({self.shape(st.dims)})'

    def _callkernel(self, st: P.CallKernel) -> list:
        step = self.exe.steps[self.origin[self.at]][1]
        args = ', '.join(self.name(a) for a in st.args)
        call = f'({self.const(step.sizes)}, {step.ch}, {step.nch}, {args})'
        if self.first or step.kernel is None:
            return [f'{self.const(self.exe.first_call(step))}{call}']
        fast = getattr(step.kernel, 'fast', None)
        if fast is None:
            return [f'{self.const(step.kernel)}{call}']
        # A native kernel's compiled entry first; not None means it refused
        # the arguments, and its dispatcher runs them.
        return [f'if {self.const(fast)}{call} is not None:',
                f'    {self.const(step.kernel)}{call}']

    def _call(self, st: P.Call) -> list:
        args = [self.name(a) for a in st.args]
        if st.params:
            args.append(f'**{self.const(dict(st.params))}')
        n = self.name(st.out)
        return [f'{n} = {self.const(self.program.calls[st.fn])}({", ".join(args)})',
                f'if {n}.__class__ is not _nd:', f'    {n} = _asarray({n})']

    def _finish(self, st: P.Finish) -> list:
        dt = self.const(numpy.dtype(st.dtype))
        return [f'{self.name(st.out)} = _fin({st.op!r}, {self.name(st.buf)}, {dt}, '
                f'{self.shape(st.dims)})']

    def _inplace(self, st: P.InPlace) -> list:
        n, src = self.name(st.out), self.name(st.src)
        return [f'{n} = {src}',
                f'if not ({n}.__class__ is _nd and {n}.flags.c_contiguous '
                f'and {n}.flags.writeable):',
                f'    {n} = take({self.shape(st.dims)}, {self.const(numpy.dtype(st.dtype))})',
                f'    _copyto({n}, {src})']

    def _copyinto(self, st: P.CopyInto) -> list:
        n, dst, src = self.name(st.out), self.name(st.dst), self.name(st.src)
        # (Else the caller writes the update back, or says why it cannot.)
        return [f'if {dst}.__class__ is _nd and {dst}.flags.writeable:',
                f'    _copyto({dst}, {src})', f'    {n} = {dst}', 'else:', f'    {n} = {src}']

    def _free(self, st: P.Free) -> list:
        # (A dropped name is a local, deleted after its last reader.)
        return [f'release(env, {self.slot[st.name]})'] if st.pool else []

    def _return(self, st: P.Return) -> list:
        out = [f'outs = [{", ".join(self.name(v) for v in st.values)}]']
        out += [f'outs[{i}] = _array(outs[{i}], copy=True)' for i in st.copies]
        if self.slot:
            out.append('del env')
        return out + ['_pool.lend(outs)', 'return outs']
