"""A small plan's Program (:mod:`~tapejit.targets.cpu.one_call`) compiled
natively as one LLVM function, with llvmlite's IR builder:

- each fused kernel is a function of the module that the plan calls (its
  body from :mod:`~tapejit.targets.cpu.llvm_render`), as are the plan's
  helpers written here: matrix products as loop nests blocked by four (past
  ``PRODUCT_MAX`` multiply-adds BLAS ``?gemm`` where SciPy provides it), the
  final step of chunked reductions, the copy of a parameter update;
- the arrays it allocates come from one scratch block per plan, reused
  every call; the outputs it returns are arrays the caller passes in (those
  of the call before last again, where nothing else holds them);
- reshapes and transposes are views (pointer, dims, byte strides).

The function holds the GIL while it runs (its scratch block is shared
between calls) and returns ``None``, or ``NotImplemented`` for arguments it
was not compiled for (a read-only or strided array): the plan then runs step
by step for that call.  Sizes are read from the plan's table, so a new batch
size compiles nothing new.  A construct the translator does not know raises
:class:`~tapejit.targets.cpu.native.Unsupported`: the plan runs step by step.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit.backends import threads
from tapejit.compiler import program as P
from tapejit.compiler.codecache import define
from tapejit.compiler.loop_ir import Unsupported
from tapejit.targets.cpu import emitter, llvm_jit, llvm_render

__all__ = ['NativePlan', 'translate_plan']

# Largest matrix product (multiply-adds) done as loops: past it, BLAS is faster.
PRODUCT_MAX = 1 << 18

# Products whose sums run along a row of both operands (``b`` transposed)
# are dot products: their adds may be reassociated, as in Numba's versions,
# so that they vectorize.  The others accumulate along the rows of ``b``
# and ``out``, which vectorizes without reordering a sum.
_DOT_FLAGS = ('reassoc',)


class _PlanTranslator(emitter.Emitter):
    """Emits a plan function: argument checks, then its statements."""

    def __init__(self, ir: Any, module: Any, kernels: Sequence, gemm: bool = False) -> None:
        super().__init__(ir, module, False)
        self.kernels = kernels      # per kernel number: (loop IR, fastmath)
        self.gemm = gemm            # large products call BLAS (llvm_jit.gemm_symbols)
        self.bodies: dict = {}      # (name, *layout) -> function
        self.arrays: dict = {}      # the plan's array names -> emitter.Array
        self.outs: dict = {}        # allocated name -> the output array it is
        self.table: Any = None
        self.arena: Any = None
        self.cap: Any = None
        self.cur: Any = None

    # --- values ------------------------------------------------------------
    def c64(self, value: int) -> Any:
        return self.ir.Constant(self.i64, value)

    def shape_of(self, dims: tuple) -> list:
        """A shape read from the table (``dims``: its positions; ``()``: one element)."""
        b, t = self.b, self.table
        return [b.load(b.gep(t.data, [self.c64(d)], inbounds=True)) for d in dims] or [self.c64(1)]

    def size(self, arr: Any) -> Any:
        n = self.c64(1)
        for d in arr.shape:
            n = self.b.mul(n, d)
        return n

    def view(self, arr: Any, shape: list) -> Any:
        if not arr.contiguous:
            raise Unsupported('a strided array reshaped')
        return emitter.Array(arr.dtype, len(shape), True, arr.data, shape)

    def _strides(self, arr: Any) -> list:
        if not arr.contiguous:
            return arr.strides
        st = [self.c64(arr.dtype.itemsize)]
        for d in reversed(arr.shape[1:]):
            st.insert(0, self.b.mul(st[0], d))
        return st

    def transposed(self, arr: Any, axes: tuple) -> Any:
        if sorted(axes) != list(range(arr.ndim)):
            raise Unsupported(f'transpose of a {arr.ndim}-d array by axes {axes}')
        strides = self._strides(arr)
        # (The identity of a strided view is still strided.)
        return emitter.Array(arr.dtype, arr.ndim,
                             arr.contiguous and list(axes) == list(range(arr.ndim)), arr.data,
                             [arr.shape[a] for a in axes], [strides[a] for a in axes])

    # --- elements
    def load(self, arr: Any, idx: list) -> tuple:
        return self.load_element(arr, self.element_ptr(arr, idx))

    def put(self, arr: Any, idx: list, val: tuple) -> None:
        self.store_element(arr, self.element_ptr(arr, idx), val)

    # --- the module's functions --------------------------------------------
    def invoke(self, name: str, make: Callable[[str, list], Any], args: list) -> None:
        """Call the module's function ``name`` on ``args`` (int64 values and
        :class:`~tapejit.targets.cpu.emitter.Array` views): one function per
        layout of the arguments, ``make(symbol, layout)`` at its first call."""
        layout = [a if isinstance(a, emitter.Array) else None for a in args]
        key = (name,) + tuple(None if a is None else (a.dtype.char, a.ndim, a.contiguous)
                              for a in layout)
        if key not in self.bodies:
            self.bodies[key] = make(f'{name}_{len(self.bodies)}', layout)
        values = []
        for a in args:
            if isinstance(a, emitter.Array):
                values += [a.data] + a.shape + ([] if a.contiguous else a.strides)
            else:
                values.append(a)
        self.b.call(self.bodies[key], values)

    def helper(self, name: str, flags: tuple, emit: Callable[..., None], args: list) -> None:
        """Call the plan's helper ``name`` (its body ``emit`` under ``flags``)
        on ``args``, ``noalias``: a helper's output is an array of its own."""
        self.invoke(name, lambda symbol, layout: self.define(symbol, layout, True, False, emit,
                                                             flags), args)

    # --- the plan's helpers ------------------------------------------------
    def _four(self, q: Any) -> list:
        first = self.b.mul(self.c64(4), q)
        return [first] + [self.b.add(first, self.c64(t)) for t in (1, 2, 3)]

    def _rows(self, ta: bool) -> Callable[..., None]:
        """``out = op(a) @ b`` summed along the rows of ``b`` and ``out``,
        four of ``op(a)``'s columns at a time (added in order), then the
        rest one by one."""
        def emit(m: Any, k: Any, n: Any, k4: Any, a: Any, b: Any, out: Any) -> None:
            c0 = self.c64(0)
            self.fill(out, self.const(0, out.dtype))

            def rows(ps: list) -> None:
                def row(i: Any) -> None:
                    s = [self.load(a, [p, i] if ta else [i, p]) for p in ps]

                    def column(j: Any) -> None:
                        acc = self.load(out, [i, j])
                        for x, p in zip(s, ps):
                            acc = self.arith('+', acc, self.arith('*', x, self.load(b, [p, j])))
                        self.put(out, [i, j], acc)
                    self.repeat(c0, n, column)
                self.repeat(c0, m, row)
            self.repeat(c0, k4, lambda q: rows(self._four(q)))
            self.repeat(self.b.mul(self.c64(4), k4), k, lambda p: rows([p]))
        return emit

    def _dots(self, ta: bool) -> Callable[..., None]:
        """``out = op(a) @ b.T`` as dot products, four of ``out``'s columns
        at a time, then the rest one by one."""
        def emit(m: Any, k: Any, n: Any, n4: Any, a: Any, b: Any, out: Any) -> None:
            c0, dt = self.c64(0), out.dtype

            def dots(i: Any, js: list) -> None:
                cells = [self.cell(self.const(0, dt)[0]) for _ in js]

                def step(p: Any) -> None:
                    x = self.load(a, [p, i] if ta else [i, p])
                    for cell, j in zip(cells, js):
                        inc = self.arith('*', x, self.load(b, [j, p]))
                        self.b.store(self.arith('+', (self.b.load(cell), dt), inc)[0], cell)
                self.repeat(c0, k, step)
                for cell, j in zip(cells, js):
                    self.put(out, [i, j], (self.b.load(cell), dt))

            def row(i: Any) -> None:
                self.repeat(c0, n4, lambda q: dots(i, self._four(q)))
                self.repeat(self.b.mul(self.c64(4), n4), n, lambda j: dots(i, [j]))
            self.repeat(c0, m, row)
        return emit

    def _finish(self, op: str) -> Callable[..., None]:
        """``out[j]``: the sum, max or min over ``q < c`` of ``buf[q, j]``
        (a NaN wins a max or min, as NumPy's)."""
        def emit(c: Any, m: Any, buf: Any, out: Any) -> None:
            dt = buf.dtype

            def column(j: Any) -> None:
                cell = self.cell(self.load(buf, [self.c64(0), j])[0])

                def part(q: Any) -> None:
                    t, acc = self.load(buf, [q, j]), (self.b.load(cell), dt)
                    self.b.store(self.fold(op, acc, t)[0], cell)
                self.repeat(self.c64(1), c, part)
                self.put(out, [j], (self.b.load(cell), dt))
            self.repeat(self.c64(0), m, column)
        return emit

    def _copy(self, m: Any, dst: Any, src: Any) -> None:
        """``dst[j] = src[j]``, converted to ``dst``'s dtype."""
        self.repeat(self.c64(0), m, lambda j: self.put(dst, [j], self.load(src, [j])))

    # --- statements --------------------------------------------------------
    def statement(self, st: Any) -> None:
        handler = self._HANDLERS.get(type(st))
        if handler is None:
            raise Unsupported(f'plan statement {type(st).__name__}')
        handler(self, st)

    def alloc_stmt(self, st: P.Alloc) -> None:
        dt = numpy.dtype(st.dtype)
        arr = self.arrays[st.out] = self.alloc(st.out, self.shape_of(st.dims), dt)
        if st.fill is not None:
            self.fill(arr, self.const(st.fill, dt))

    def reshape_stmt(self, st: P.Reshape) -> None:
        arr = self.arrays[st.src]
        shape = [self.size(arr)] if st.dims is None else self.shape_of(st.dims)
        self.arrays[st.out] = self.view(arr, shape)

    def slice_stmt(self, st: P.Slice) -> None:
        row = self.arrays[st.src]
        if not row.contiguous:
            raise Unsupported('a slice of a strided array')
        start = self.shape_of((st.start,))[0]
        shape = self.shape_of(st.dims)
        self.arrays[st.out] = emitter.Array(row.dtype, len(shape), True,
                                            self.b.gep(row.data, [start], inbounds=True), shape)

    def call_stmt(self, st: P.Call) -> None:
        """A library call: a matrix product, or a transpose (a view)."""
        params = dict(st.params)
        if st.prim == 'matmul' and len(st.args) == 2:
            self.product(st.out, *st.args, bool(params.get('transa')),
                         bool(params.get('transb')), st.into)
        elif st.prim == 'transpose' and params.get('axes') is not None:
            axes = tuple(int(a) for a in params['axes'])
            self.arrays[st.out] = self.transposed(self.arrays[st.args[0]], axes)
        else:
            raise Unsupported(f'a library call of {st.prim}')

    def in_place_stmt(self, st: P.InPlace) -> None:
        # (A parameter written in place is taken only writeable.)
        self.arrays[st.out] = self.arrays[st.src]

    def kernel_stmt(self, st: P.CallKernel) -> None:
        t, b = self.table, self.b
        lo, hi = st.sizes
        sizes = emitter.Array(t.dtype, 1, True, b.gep(t.data, [self.c64(lo)], inbounds=True),
                              [self.c64(hi - lo)])
        kernel, fastmath = self.kernels[st.kernel]
        # Not inlined: LLVM optimizing one function of every kernel took
        # several times as long, and the calls ran no slower.
        self.invoke(f'k{st.kernel}', lambda symbol, layout: llvm_render.kernel_body(
            self, kernel, layout, False, inline=False, name=symbol,
            flags=emitter.fast_flags(fastmath)),
            [sizes] + self.shape_of((st.ch, st.nch)) + [self.arrays[a] for a in st.args])

    def finish_stmt(self, st: P.Finish) -> None:
        buf = self.arrays[st.buf]
        out = self.arrays[st.out] = self.result(st.out, self.shape_of(st.dims),
                                                numpy.dtype(st.dtype), st.into)
        m = self.size(out)
        flat = self.view(out, [m])
        if st.op == 'cast':
            self.helper('fin_cast', (), self._copy, [m, flat, self.view(buf, [m])])
        elif st.op in ('sum', 'max', 'min'):
            c = buf.shape[0]
            self.helper(f'fin_{st.op}', (), self._finish(st.op),
                        [c, m, self.view(buf, [c, m]), flat])
        else:
            raise Unsupported(f'the finish of a {st.op} reduction')

    def copy_stmt(self, st: P.CopyInto) -> None:
        dst, src = self.arrays[st.dst], self.arrays[st.src]
        m = self.size(dst)
        self.helper('copy_into', (), self._copy, [m, self.view(dst, [m]), self.view(src, [m])])
        self.arrays[st.out] = dst

    def result(self, name: str, shape: list, dt: numpy.dtype, into: Optional[str]) -> Any:
        """The array statement result ``name`` is written to: ``into``'s
        (of ``shape`` and ``dt``, else refused), else a new one."""
        if into is None:
            return self.alloc(name, shape, dt)
        arr = self.arrays[into]
        if arr.dtype != dt or not arr.contiguous:
            raise Unsupported(f'{name} written into a {arr.dtype} array, not a contiguous {dt} one')
        self.require(self.b.icmp_signed('==', self.size(arr), self.size(
            emitter.Array(dt, len(shape), True, None, shape))))
        return emitter.Array(dt, len(shape), True, arr.data, shape)

    def product(self, name: str, a_name: str, b_name: str, ta: bool, tb: bool,
                into: Optional[str] = None) -> None:
        """``name = op(a) @ op(b)`` (``op`` transposes where ``ta``, ``tb``),
        written into ``into`` where given."""
        a, b = self.arrays[a_name], self.arrays[b_name]
        if a.ndim != 2 or b.ndim != 2 or a.dtype != b.dtype or a.dtype.kind != 'f':
            raise Unsupported(f'matmul of {a.dtype} {a.ndim}-d and {b.dtype} {b.ndim}-d arrays: '
                              'expected 2-d arrays of one float dtype')
        m, k = (a.shape[1], a.shape[0]) if ta else (a.shape[0], a.shape[1])
        n = b.shape[0] if tb else b.shape[1]
        out = self.arrays[name] = self.result(name, [m, n], a.dtype, into)
        if not (self.gemm and a.contiguous and b.contiguous):
            self.product_loops(ta, tb, m, k, n, a, b, out)
            return
        # Past PRODUCT_MAX multiply-adds BLAS is faster than the loops.
        bld = self.b
        big = bld.icmp_signed('>', bld.mul(bld.mul(m, k), n), self.c64(PRODUCT_MAX))
        with bld.if_else(big) as (then, otherwise):
            with then:
                self.product_blas(ta, tb, m, k, n, a, b, out)
            with otherwise:
                self.product_loops(ta, tb, m, k, n, a, b, out)

    def product_loops(self, ta: bool, tb: bool, m: Any, k: Any, n: Any, a: Any, b: Any,
                      out: Any) -> None:
        # Blocked by 4 along the products' sum (b as is) or their columns (b transposed).
        four = self.b.sdiv(n if tb else k, self.c64(4))
        emit = self._dots(ta) if tb else self._rows(ta)
        self.helper(f'mm_{"tn"[not ta]}{"tn"[not tb]}', _DOT_FLAGS if tb else (), emit,
                    [m, k, n, four, a, b, out])

    def product_blas(self, ta: bool, tb: bool, m: Any, k: Any, n: Any, a: Any, b: Any,
                     out: Any) -> None:
        """``out = op(a) @ op(b)`` through BLAS ``?gemm`` (Fortran, column
        major): the row-major ``out`` is the column-major ``out.T = op(b).T @
        op(a).T``, so ``b`` goes first.  Sizes fit its 32-bit integers: the
        plan's values are small (``one_call.SMALL_MAX``)."""
        ir, bld, i32, i8 = self.ir, self.b, self.i32, self.i8
        elem = emitter.lltype(a.dtype, ir, memory=True)
        p32, ref = i32.as_pointer(), self.cell

        def int32(v: Any) -> Any:
            return ref(bld.trunc(v, i32))
        args = [ref(ir.Constant(i8, ord('T' if tb else 'N'))),
                ref(ir.Constant(i8, ord('T' if ta else 'N'))),
                int32(n), int32(m), int32(k), ref(ir.Constant(elem, 1.0)),
                b.data, int32(k if tb else n), a.data, int32(m if ta else k),
                ref(ir.Constant(elem, 0.0)), out.data, int32(n)]
        i8p, ep = self.i8p, elem.as_pointer()
        f = self._func('tj_sgemm' if a.dtype.char == 'f' else 'tj_dgemm', ir.VoidType(),
                       [i8p, i8p, p32, p32, p32, ep, ep, p32, ep, p32, ep, ep, p32])
        bld.call(f, args)

    # --- memory ------------------------------------------------------------
    def alloc(self, name: str, shape: list, dt: numpy.dtype) -> Any:
        ir, b = self.ir, self.b
        arr = emitter.Array(dt, len(shape), True, None, shape)
        elem = emitter.lltype(dt, ir, memory=True).as_pointer()
        nelem = self.size(arr)
        if name in self.outs:
            out = self.outs[name]
            if out.dtype != dt:
                raise Unsupported(f'output {name} of dtype {dt} returned as {out.dtype}')
            self.require(b.icmp_signed('==', nelem, self.size(out)))
            arr.data = b.bitcast(out.data, elem)
            return arr
        # The next cache-line-aligned piece of the scratch block, as
        # lowering.Lowered.count counted it; past its end: refused.
        nbytes = b.mul(nelem, self.c64(dt.itemsize))
        one = self.c64(1)
        nbytes = b.select(b.icmp_signed('<', nbytes, one), one, nbytes)
        align = self.c64(64)
        rounded = b.mul(b.sdiv(b.add(nbytes, self.c64(63)), align), align)
        off = b.load(self.cur)
        end = b.add(off, rounded)
        self.require(b.icmp_signed('<=', end, self.cap))
        b.store(end, self.cur)
        arr.data = b.bitcast(b.gep(self.arena, [off], inbounds=True), elem)
        return arr

    def fill(self, arr: Any, val: tuple) -> None:
        flat = self.view(arr, [self.size(arr)])
        self.repeat(self.c64(0), flat.shape[0], lambda i: self.put(flat, [i], val))

    # --- the entry ---------------------------------------------------------
    def plan_entry(self, symbol: str, program: P.Program, sig: list, owned: list,
                   distinct: Sequence[int] = (), checked: Sequence[int] = ()) -> None:
        """``plan(T, *params, *outputs, scratch, dims)``: ``sig`` is per
        argument (dtype character, ndim, writeable); a 0-d array is read as
        one element.  ``owned``: the arrays the function allocates that are
        outputs, in the order of the output arguments that hold them;
        ``dims``, their shapes one after another (an output array of another
        shape is refused: one the caller reshaped in place, say), then those
        of the arguments at the positions ``checked`` (an input of another
        shape is refused, so the caller need not compare shapes itself).
        The arguments at the positions ``distinct`` must be distinct objects
        (else refused: the plan was traced with them apart)."""
        names = ['<table>'] + list(program.params)
        if len(names) + len(owned) + 2 != len(sig):
            raise Unsupported(f'a plan of {len(names)} parameters and {len(owned)} outputs '
                              f'called with {len(sig)} arguments')
        fn, start = self._entry(symbol, len(sig), allocas=True)
        b = self.b
        objs, arrays = self.arguments(fn, sig)
        for j, k in enumerate(distinct):
            for k2 in distinct[:j]:
                self.require(b.icmp_unsigned('!=', objs[k], objs[k2]))
        self.arrays.update(zip(names[1:], arrays[1:len(names)]))
        self.table = arrays[0]
        outs, scratch = arrays[len(names):-2], arrays[-2]
        shaped = list(zip(outs, sig[len(names):])) + [(arrays[k], sig[k]) for k in checked]
        self.check_shapes(shaped, arrays[-1])
        self.outs = dict(zip(owned, outs))
        self.arena = b.bitcast(scratch.data, self.i8p)
        self.cap = scratch.shape[0]
        self.cur = self.cell(self.c64(0))
        for st in program.statements:
            self.statement(st)
        self.return_object('tj_none')
        with self.b.goto_block(self.entry_alloca):
            self.b.branch(start)

    def arguments(self, fn: Any, sig: list) -> tuple:
        """The entry's argument objects, each checked against its ``sig``
        entry, and their arrays (C-contiguous, read as their dims say)."""
        objs, arrays = [], []
        for k, (char, ndim, writeable) in enumerate(sig):
            obj = self._argument(fn, k)
            arr = self._array_argument(obj, (char, ndim, True), writeable)
            if ndim == 0:
                arr.ndim, arr.shape = 1, [self.c64(1)]
            objs.append(obj)
            arrays.append(arr)
        return objs, arrays

    def check_shapes(self, shaped: list, want: Any) -> None:
        """Refuse unless each array of ``shaped`` (array, its sig entry) has
        the dims listed for it, in order, in the int64 array ``want``."""
        b = self.b
        total = sum(ndim for _, (_, ndim, _) in shaped)
        self.require(b.icmp_signed('==', want.shape[0], self.c64(total)))
        at = 0
        for arr, (char, ndim, _) in shaped:
            for d in range(ndim):
                expect = b.load(b.gep(want.data, [self.c64(at)]))
                self.require(b.icmp_signed('==', arr.shape[d], expect))
                at += 1

    _HANDLERS: dict = {P.Alloc: alloc_stmt, P.Reshape: reshape_stmt, P.Slice: slice_stmt,
                       P.Call: call_stmt,
                       P.CallKernel: kernel_stmt, P.Finish: finish_stmt,
                       P.InPlace: in_place_stmt, P.CopyInto: copy_stmt,
                       # (A freed array's scratch is the plan's until the call
                       # returns; the outputs are written where the caller
                       # passed them.)
                       P.Free: lambda self, st: None, P.Return: lambda self, st: None}


def _char(dt: numpy.dtype) -> str:
    """The dtype's canonical character (int64 is ``'l'`` on Linux, not ``'q'``)."""
    return numpy.dtype(dt.str).char


def _unheld_count() -> int:
    """What ``sys.getrefcount`` says, in the output ring's generated code,
    of an array only the ring holds: 3 (the ring's, the local's and the
    argument's own reference) where the interpreter counts each, fewer where
    it borrows references for locals (CPython 3.14)."""
    lines = ['o0 = r[0]', 'if o0 is None or _rc(o0) != 0:', '    return _rc(o0)']
    return define('probe', 'r', lines, {'_rc': sys.getrefcount}, '<tapejit probe>')([object()])


def translate_plan(program: P.Program, kernels: Sequence, sig: list, owned: list, symbol: str,
                   distinct: Sequence[int] = (), checked: Sequence[int] = (),
                   gemm: bool = False) -> str:
    """The LLVM IR of ``program``, its kernels ``kernels`` (per kernel
    number: (loop IR, fastmath)), for arguments ``sig`` (see
    :meth:`_PlanTranslator.plan_entry`) of which ``owned`` are outputs;
    ``gemm``: large products call BLAS.

    >>> p = P.Program(('a0',), [4])
    >>> for st in (P.Alloc('o1', (0,), 'float32'), P.CopyInto('d2', 'o1', 'a0'),
    ...            P.Return(('d2',))):
    ...     _ = p.add(st)
    >>> ir = translate_plan(p, [], [('l', 1, False), ('f', 1, False), ('f', 1, True),
    ...                             ('B', 1, True), ('l', 1, False)], ['o1'], 'demo')
    >>> 'define i8* @"demo"' in ir
    True
    """
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    _PlanTranslator(ir, module, kernels, gemm).plan_entry(symbol, program, sig, owned,
                                                          distinct, checked)
    return str(module)


class NativePlan:
    """A one-call plan (:class:`~tapejit.targets.cpu.one_call.OneCall`)
    compiled here, from its first call's inputs (:class:`Unsupported` for a
    plan the translator does not compile); ``run(inputs)`` returns the
    outputs, or ``None`` where these arrays need the step-by-step plan."""

    def __init__(self, oc: Any, inputs: list, cache_dir: Optional[str]) -> None:
        if not getattr(sys, '_is_gil_enabled', lambda: True)():
            # The scratch block and the output ring are shared between calls,
            # which the GIL the function holds serializes.
            raise Unsupported('the interpreter runs without a GIL')
        if any(parallel for _, parallel, _ in oc.kernels):
            raise Unsupported('a parallel kernel')
        kernels = [(ir, fm) for ir, _, fm in oc.kernels]
        # Python expressions of the plan function's parameters, in order.
        params = [f'inputs[{i}]' for i, _ in oc.arg_inputs]
        params += [f'_c{k}' for k in range(len(oc.const_args))]
        # Constants as the function takes them: C-contiguous (never written).
        consts = [numpy.ascontiguousarray(c) for c in oc.const_args]
        arrays = [inputs[i] for i, _ in oc.arg_inputs] + consts
        written = oc.program.written_params()
        sig = [(_char(oc.table.dtype), 1, False)]
        for name, a in zip(oc.program.params, arrays):
            if a.__class__ is not numpy.ndarray or not a.dtype.isnative:
                raise Unsupported('an input that is not a native-order ndarray')
            # A parameter updated in place is written: taken only writeable.
            sig.append((_char(a.dtype), a.ndim, name in written))
        owned, results = self._results(oc.program, oc.graph, params, arrays)
        sig += [(_char(dt), len(shape), True) for shape, dt in self._outs]
        sig += [('B', 1, True), (_char(numpy.dtype(numpy.int64)), 1, False)]
        # Every input's shape is checked by the function, so the caller
        # checks no array it passes (:attr:`checked_inputs`).
        checked = [1 + j for j in range(len(oc.arg_inputs))]
        self.checked_inputs = frozenset(i for i, _ in oc.arg_inputs)
        dims = numpy.array([d for shape, _ in self._outs for d in shape]
                           + [d for i, _ in oc.arg_inputs for d in inputs[i].shape], numpy.int64)
        # Argument positions of inputs that must be distinct arrays.
        distinct = [1 + j for j, (i, _) in enumerate(oc.arg_inputs)
                    if i in oc.distinct_inputs]
        gemm = self.gemm = oc.largest_product > PRODUCT_MAX and bool(llvm_jit.gemm_symbols())
        # The statements, not their sizes: a new batch size loads this object.
        text = (f'plan\n{sig!r}\n{owned!r}\n{distinct!r}\n{checked!r}\n{gemm}\n'
                + oc.program.key())
        self.fn = llvm_jit.load_object(
            text, lambda symbol: translate_plan(oc.program, kernels, sig, owned, symbol,
                                                distinct, checked, gemm),
            cache_dir, prefix='tjplan')
        # The output arrays of the call before last are written again where
        # nothing else holds them any more (a training step's gradients,
        # replaced by the last call's): their reference count proves no view,
        # Variable or caller still sees them.
        n = len(self._outs)
        # (One block for the function's scratch arrays, reused every call.)
        self._env = {'_fn': self.fn, '_T': oc.table, '_dims': dims, '_empty': numpy.empty,
                     '_scratch': numpy.empty(max(oc.scratch_bytes, 1), numpy.uint8),
                     '_array': numpy.array, '_rc': sys.getrefcount,
                     '_rings': ([None] * n, [None] * n), '_turn': [0], '_free': _unheld_count(),
                     **{f'_c{k}': c for k, c in enumerate(consts)},
                     **{f'_t{j}': dt for j, (_, dt) in enumerate(self._outs)}}
        self._parts = (oc, params, results)
        env: dict = {}
        self.run = define('run', 'inputs', self.call_lines(env, 'return None', 'return '), env,
                          '<tapejit native plan call>')

    def _results(self, program: P.Program, graph: Any, params: list, arrays: list) -> tuple:
        """Per returned value, the output array the function writes it to
        (one per array it allocates: ``owned``, whose (shape, dtype) go to
        ``_outs``), or the parameter it is, as a Python expression."""
        owned: list = []
        self._outs: list = []     # (shape, dtype) per output argument
        results = []
        for k, root in enumerate(program.output_roots()):
            if root is None:
                raise Unsupported('an output that is a strided view')
            kind, name = root
            v = graph.outvars[k]
            shape = tuple(v.shape)
            if kind == 'alloc':
                if name not in owned:
                    owned.append(name)
                    self._outs.append((shape, numpy.dtype(v.dtype)))
                j = owned.index(name)
                expr, have = f'o{j}', self._outs[j][0]
            else:
                p = program.params.index(name)
                expr, have = params[p], arrays[p].shape
            results.append(expr if tuple(have) == shape else f'{expr}.reshape({shape!r})')
        return owned, results

    def call_lines(self, env: dict, fail: str, result: str) -> list:
        """The statements of :attr:`run` (over ``inputs``), its constants
        added to ``env``: ``fail`` where the function refuses the arrays,
        ``result`` before the list of outputs."""
        env.update(self._env)
        oc, params, results = self._parts
        lines = []
        if self._outs:
            lines += ['t = _turn[0]', '_turn[0] = 1 - t', 'r = _rings[t]']
        args = list(params)
        for j, (shape, dt) in enumerate(self._outs):
            lines.append(f'o{j} = r[{j}]')
            lines.append(f'if o{j} is None or _rc(o{j}) != _free:')
            lines.append(f'    o{j} = r[{j}] = _empty({shape!r}, _t{j})')
            args.append(f'o{j}')
        call = f'_fn(_T, {"".join(a + ", " for a in args)}_scratch, _dims)'
        if self.gemm:
            # Its products call BLAS on this thread alone (see
            # tapejit.backends.threads): no BLAS thread waits on a busy core.
            env['_one'], env['_restore'] = threads.enter_one_thread, threads.leave_one_thread
            lines += ['_one()', 'try:', f'    _refused = {call}', 'finally:', '    _restore()']
            call = '_refused'
        lines.append(f'if {call} is not None:')
        if self._outs:
            # Refused: maybe for an output array reused from the ring that
            # its last holder made read-only or reshaped in place.
            lines.append(f'    {" = ".join(f"r[{j}]" for j in range(len(self._outs)))} = None')
        lines.append(f'    {fail}')
        out = list(results)
        for i in oc.copy_out:
            out[i] = f'_array({out[i]}, copy=True)'
        lines.append(f'{result}[{", ".join(out)}]')
        return lines
