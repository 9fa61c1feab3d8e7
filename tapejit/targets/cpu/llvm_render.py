"""The CPU target's LLVM renderer: a loop-IR kernel
(:mod:`tapejit.compiler.loop_ir`) emitted with llvmlite's IR builder.

Each elementwise primitive is built by the ``llvm`` entry of its row in the
op table's ``llvm`` entries (:mod:`tapejit.targets.ops`), operation for operation as
the row's Numba text computes it.  The kernel ``name(n, ch, nch, *params)``
becomes an internal body function (:func:`kernel_body`); :func:`translate`
wraps it in the entry function that checks the arguments and releases the
GIL.  A parallel kernel's entry takes ``claim`` after ``nch`` (the address
of the chunk counter its threads share: :meth:`_Kernel.claimed_chunks`).
A case no entry compiles raises
:class:`~tapejit.targets.cpu.native.Unsupported`: the plan runs the kernel
op by op, with a warning.

>>> import numpy as np
>>> from tapejit.compiler import loop_ir as L
>>> f64 = np.dtype(np.float64)
>>> body = [L.Assign(L.Load('out0', ('i',)),
...                  L.Apply('mul', (L.Load('in0', ('i',)), L.Const(2.0, f64)), {},
...                          (f64, f64), f64))]
>>> k = L.Kernel('kernel', ['in0', 'out0'], [],
...              L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
>>> text = translate(k, (('l', 1, True), 'int', 'int', ('d', 1, True), ('d', 1, True)),
...                  False, 'demo')
>>> 'define i8* @"demo"' in text and 'fmul double' in text
True
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.compiler import loop_ir as L
from tapejit.compiler.loop_ir import Unsupported
from tapejit.targets.cpu import emitter
from tapejit.targets.ops import OPS

_INT64 = numpy.dtype(numpy.int64)
# A loop over an axis of constant size up to this is written out that many
# times (codegen.SMALL_AXIS makes such axes).
UNROLL = 8
_UINT64 = numpy.dtype(numpy.uint64)
# The kernel's leading parameters: sizes, outer indices per chunk, chunks.
HEAD = ['n', 'ch', 'nch']
# A parallel kernel's: then the address of the chunk counter its threads share.
PARALLEL_HEAD = HEAD + ['claim']


def head(kernel: L.Kernel) -> list:
    """The leading parameters of ``kernel``'s entry (:data:`HEAD`, or
    :data:`PARALLEL_HEAD` where its chunks run on several threads).

    >>> head(L.Kernel('k', ['x'], [], L.ChunkLoop(True, [], [], [])))
    ['n', 'ch', 'nch', 'claim']
    """
    return PARALLEL_HEAD if kernel.chunk.parallel else HEAD


def stored_arrays(stmts: list) -> set:
    """The array parameters ``stmts`` store to (an output must be writeable).

    >>> stored_arrays([L.Accumulate('sum', L.Load('red0', ('c',)), L.Local('t0'))])
    {'red0'}
    """
    out: set = set()
    for s in stmts:
        if s.__class__ in (L.Assign, L.Accumulate) and s.target.__class__ is L.Load:
            out.add(s.target.array)
        elif s.__class__ in (L.For, L.ChunkRange):
            out |= stored_arrays(s.body)
    return out


class _Kernel:
    """One kernel body being emitted: its locals (name -> (slot, dtype))
    and array parameters, over the emitter's builder."""

    def __init__(self, em: Any, ints: dict, arrays: dict) -> None:
        self.em, self.vars, self.arrays = em, ints, arrays
        self.sizes: dict = {}     # loop variable -> its axis's constant size
        self.spans: dict = {}     # a merged run's loop variable -> its axes

    # --- expressions -------------------------------------------------------
    def expr(self, e: Any) -> tuple:
        """The ``(value, dtype)`` of loop-IR expression ``e``."""
        em, cls = self.em, e.__class__
        if cls is L.Local:
            return self.local(e.name)
        if cls is str:  # an index variable
            return self.local(e)
        if cls is L.Load:
            return em.load_element(*self.cell(e))
        if cls is L.Const:
            if e.dtype.kind != 'b' and e.dtype.name not in emitter.NUMPY_TYPES:
                raise Unsupported(f'a constant of dtype {e.dtype}')
            return em.const(e.value, e.dtype)
        if cls is L.Apply:
            row = OPS.get(e.prim)
            if row is None:
                raise Unsupported(f'{e.prim}: no LLVM entry in the CPU op table')
            return row.llvm(em, [self.expr(a) for a in e.args], e.params, e.in_dtypes, e.dtype)
        if cls is L.Cast:
            return em.convert(self.expr(e.expr), e.dtype)
        if isinstance(e, int):  # an int literal (an index, a row-wide loop's 0)
            return em.const(e, emitter.BOOL if isinstance(e, bool) else _INT64)
        raise TypeError(f'loop IR: no LLVM rendering of {cls.__name__}')

    def local(self, name: str) -> tuple:
        if name not in self.vars:
            raise Unsupported(f'name {name}')
        ptr, dt = self.vars[name]
        return self.em.b.load(ptr), dt

    def cell(self, e: L.Load) -> tuple:
        """(array, pointer to the element ``e`` names)."""
        arr = self.arrays.get(e.array)
        if arr is None:
            raise Unsupported(f'{e.array}: not an array argument')
        if len(e.index) != arr.ndim:
            raise Unsupported(f'{e.array}: {len(e.index)} indices of a {arr.ndim}-d array')
        # (An index over an axis of constant size: the array's dimension
        # there is that size, a constant of its offset.)
        dims = [self.sizes.get(x) if isinstance(x, str) else None for x in e.index]
        ivals = [self.em.index(self.expr(x)) for x in e.index]
        if not arr.contiguous:
            ivals = self._split_runs(arr, e.index, ivals)
        return arr, self.em.element_ptr(arr, ivals, dims)

    def _split_runs(self, arr: Any, index: tuple, ivals: list) -> list:
        """A strided array's indices where a merged run's loop variable
        (spanning several axes, see :func:`codegen.merged_runs`) indexes it:
        that index split again over the run's axes (row-major)."""
        for p, x in enumerate(index):
            span = self.spans.get(x, 1) if isinstance(x, str) else 1
            if span > 1:
                m = ivals[p]
                for j in range(p, p - span, -1):
                    if j == p - span + 1:
                        ivals[j] = m
                    else:
                        ivals[j] = self.em.b.urem(m, arr.shape[j])
                        m = self.em.b.udiv(m, arr.shape[j])
        return ivals

    # --- statements --------------------------------------------------------
    def statements(self, stmts: list) -> None:
        for s in stmts:
            cls = s.__class__
            if cls is L.Assign:
                self.assign(s.target, self.expr(s.value))
            elif cls is L.Accumulate:
                self.accumulate(s)
            elif cls is L.For:
                self.loop(s)
            elif cls is L.ChunkRange:
                self.chunk_range(s)
            else:
                raise TypeError(f'loop IR: no LLVM rendering of {cls.__name__}')

    def loop(self, s: L.For) -> None:
        """A :class:`~L.For`: over a constant size up to :data:`UNROLL`,
        written out (LLVM's unroller is off, see llvm_jit); its variable
        indexes a dimension of that size inside it only (a row chain's
        row-wide part reuses the name for index 0 of a dimension of 1)."""
        if isinstance(s.axis, tuple):
            # A merged run of axes: one loop over all their elements.
            trip = self.expr(L.Load('n', (s.axis[0],)))[0]
            for a in s.axis[1:]:
                trip = self.em.b.mul(trip, self.expr(L.Load('n', (a,)))[0])
            self.spans[s.var] = len(s.axis)
            self.em.range_loop(self.vars, s.var, None, (trip, _INT64),
                               lambda: self.statements(s.body))
            del self.spans[s.var]
            return
        if s.size is None:
            self.em.range_loop(self.vars, s.var, None, self.expr(L.Load('n', (s.axis,))),
                               lambda: self.statements(s.body))
            return
        outer = self.sizes.get(s.var)
        self.sizes[s.var] = s.size
        if s.size <= UNROLL:
            for k in range(s.size):
                self.em.set_local(self.vars, s.var, self.em.const(k, _INT64))
                self.statements(s.body)
        else:
            self.em.range_loop(self.vars, s.var, None, self.em.const(s.size, _INT64),
                               lambda: self.statements(s.body))
        if outer is None:
            del self.sizes[s.var]
        else:
            self.sizes[s.var] = outer

    def assign(self, target: Any, val: tuple) -> None:
        if target.__class__ is L.Local:
            self.em.set_local(self.vars, target.name, val)
        else:
            self.em.store_element(*self.cell(target), val)

    def accumulate(self, s: L.Accumulate) -> None:
        """Fold a value into an accumulator (NaN wins in max and min, as
        :func:`tapejit.targets.numba_text.update` writes it)."""
        em, t = self.em, s.target
        if t.__class__ is L.Local:
            old, write = self.local(t.name), lambda v: em.set_local(self.vars, t.name, v)
        else:
            arr, ptr = self.cell(t)
            old, write = em.load_element(arr, ptr), lambda v: em.store_element(arr, ptr, v)
        write(em.fold(s.op, old, self.expr(s.value)))

    def chunk_range(self, s: L.ChunkRange) -> None:
        """``for var_ in range(c * ch, min(c * ch + ch, n[0])): var = uint64(var_)``."""
        em = self.em
        lo = em.arith('*', self.local('c'), self.local('ch'))
        end = em.arith('+', em.arith('*', self.local('c'), self.local('ch')), self.local('ch'))
        rows = self.expr(L.Load('n', (0,)))
        hi = em.select(em.compare_op('<', end, rows), end, rows)

        def body() -> None:
            # An unsigned index: see codegen.statements.
            em.set_local(self.vars, s.var, (self.local(s.var + '_')[0], _UINT64))
            self.statements(s.body)
        em.range_loop(self.vars, s.var + '_', em.cast(lo, _INT64), hi, body)

    def kernel(self, k: L.Kernel) -> None:
        self.statements(k.hoisted)
        ch = k.chunk
        if ch.parallel:
            self.claimed_chunks(lambda: self.statements(ch.pre + ch.body + ch.post))
        else:
            self.em.range_loop(self.vars, 'c', None, self.local('nch'),
                               lambda: self.statements(ch.pre + ch.body + ch.post))

    def claimed_chunks(self, body: Any) -> None:
        """``while (c = claim++) < nch: body()``: each of the plan's threads
        enters the kernel once and takes chunks one at a time from the int64
        counter at address ``claim`` (:class:`tapejit.backends.threads.Chunked`),
        so a late thread holds up no chunk it has not begun."""
        em = self.em
        b = em.b
        counter = b.inttoptr(self.local('claim')[0], em.i64.as_pointer())
        take = b.append_basic_block('take')
        work = b.append_basic_block('chunk')
        done = b.append_basic_block('chunks_done')
        b.branch(take)
        b.position_at_end(take)
        c = b.atomic_rmw('add', counter, em.ir.Constant(em.i64, 1), 'monotonic')
        b.cbranch(b.icmp_signed('<', c, self.local('nch')[0]), work, done)
        b.position_at_end(work)
        em.set_local(self.vars, 'c', (c, _INT64))
        body()
        em.b.branch(take)
        em.b.position_at_end(done)


def kernel_body(em: Any, kernel: L.Kernel, layout: list, exclusive: bool,
                inline: bool = True, name: Optional[str] = None,
                flags: Optional[tuple] = None) -> Any:
    """Emit ``kernel``'s body function into ``em``'s module, under
    ``em.flags`` (or the fast-math ``flags``), and return it.  Its arguments are laid out as
    :meth:`~tapejit.targets.cpu.emitter.Emitter.define` says, per parameter
    (``n, ch, nch`` and then ``kernel.params``) of ``layout``.
    ``exclusive``: its array pointers are ``noalias``; ``inline``: LLVM
    inlines it into its callers.  ``name`` defaults to ``<kernel name>_body``.

    >>> import llvmlite.ir as ir, numpy as np
    >>> body = [L.Assign(L.Load('x', ('i',)), L.Const(1.5, np.float32))]
    >>> k = L.Kernel('k', ['x'], [], L.ChunkLoop(False, [], [L.ChunkRange('i', body)], []))
    >>> em = emitter.Emitter(ir, ir.Module(), False)
    >>> n = emitter.Array(np.dtype(np.int64), 1, True)
    >>> x = emitter.Array(np.dtype(np.float32), 1, True)
    >>> f = kernel_body(em, k, [n, None, None, x], exclusive=True)
    >>> f.name, [str(t) for t in f.function_type.args]
    ('k_body', ['i64*', 'i64', 'i64', 'i64', 'float*', 'i64'])
    """
    params = head(kernel) + list(kernel.params)
    if len(params) != len(layout):
        raise Unsupported(f'{kernel.name}: {len(layout)} arguments for {len(params)} '
                          f'parameters')

    def statements(*values: Any) -> None:
        ints: dict = {}      # name -> (slot, int64)
        arrays: dict = {}    # name -> emitter.Array
        for p, v in zip(params, values):
            if isinstance(v, emitter.Array):
                arrays[p] = v
            else:
                em.set_local(ints, p, (v, _INT64))
        _Kernel(em, ints, arrays).kernel(kernel)
    return em.define(name or f'{kernel.name}_body', layout, exclusive, inline, statements,
                     flags)


def translate(kernel: L.Kernel, sig: tuple, fastmath: Any, symbol: str,
              exclusive: bool = False) -> str:
    """The LLVM IR text of ``kernel`` for argument signature ``sig`` (per
    parameter ``'int'`` or ``(dtype character, ndim, contiguous)``),
    entered as ``symbol`` (see the module's example).  ``exclusive``: no
    array the kernel writes overlaps another argument."""
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    em = emitter.Emitter(ir, module, fastmath)
    stmts = kernel.hoisted + kernel.chunk.pre + kernel.chunk.body + kernel.chunk.post
    em.entry_function(symbol, head(kernel) + list(kernel.params), stored_arrays(stmts), sig,
                      lambda layout: kernel_body(em, kernel, layout, exclusive,
                                                 name=symbol + '_body'))
    return str(module)
