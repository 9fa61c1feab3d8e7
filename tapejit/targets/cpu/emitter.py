"""The LLVM IR builder's helpers native kernels and plans are emitted with
(:class:`Emitter`): values typed with NumPy's promotion rules and computed
as Numba computes the same Python; loops, locals, and the CPython entry
code that checks its arguments' fields (the object layout
:mod:`~tapejit.targets.cpu.llvm_jit` verifies) before calling the body.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy

from tapejit.backends.threads import KERNEL_BLOCK_WORDS
from tapejit.compiler.loop_ir import Unsupported
from tapejit.targets.ops import OPS
from tapejit.targets.cpu.llvm_jit import (ALIGNED, C_CONTIGUOUS, DATA, DESCR, DESCR_BYTEORDER,
                                          DESCR_TYPENUM, DIMS, FLAGS, ND, OB_TYPE, STRIDES,
                                          WRITEABLE, provide, type_nums)

def lltype(dt: numpy.dtype, ir: Any, memory: bool = False) -> Any:
    if dt.kind == 'b':
        return ir.IntType(8 if memory else 1)
    if dt.kind in 'iu':
        return ir.IntType(dt.itemsize * 8)
    if dt == numpy.float32:
        return ir.FloatType()
    if dt == numpy.float64:
        return ir.DoubleType()
    raise Unsupported(f'dtype {dt}')


_INT64 = numpy.dtype(numpy.int64)
_FLOAT64 = numpy.dtype(numpy.float64)
BOOL = numpy.dtype(numpy.bool_)
NUMPY_TYPES = ('float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16',
                'uint32', 'uint64', 'bool_')
# np.<fn> and math.<fn> on floats: LLVM intrinsics where LLVM has them (it
# knows their semantics), else the C library's function (by its C name).
_MATH = {'exp': 'llvm.exp', 'log': 'llvm.log', 'sqrt': 'llvm.sqrt', 'sin': 'llvm.sin',
         'cos': 'llvm.cos', 'log1p': 'log1p', 'expm1': 'expm1', 'tan': 'tan', 'tanh': 'tanh',
         'erf': 'erf', 'arcsin': 'asin', 'arccos': 'acos', 'arctan': 'atan'}
_ARITH = {'+': ('fadd', 'add'), '-': ('fsub', 'sub'), '*': ('fmul', 'mul')}


def _promote(a: numpy.dtype, b: numpy.dtype) -> numpy.dtype:
    if a == b:
        return a
    if a.kind == 'b':
        return b
    if b.kind == 'b':
        return a
    r = numpy.promote_types(a, b)
    if r.kind not in 'iufb' or r.itemsize > 8:
        raise Unsupported(f'promotion of {a} and {b}')
    return r


def fast_flags(fastmath: Any) -> tuple:
    """LLVM's fast-math flags for ``fastmath`` (a bool, or a set of flags).

    >>> fast_flags(True), fast_flags({'reassoc'}), fast_flags(False)
    (('fast',), ('reassoc',), ())
    """
    return ('fast',) if fastmath is True else tuple(sorted(fastmath)) if fastmath else ()


class Array:
    """An array argument as the emitted code sees it: dtype, rank,
    contiguity and (in a function) data pointer, dims and, where not
    contiguous, byte strides."""

    __slots__ = ('dtype', 'ndim', 'contiguous', 'data', 'shape', 'strides')

    def __init__(self, dtype: numpy.dtype, ndim: int, contiguous: bool, data: Any = None,
                 shape: Optional[list] = None, strides: Optional[list] = None) -> None:
        self.dtype, self.ndim, self.contiguous, self.data = dtype, ndim, contiguous, data
        self.shape, self.strides = shape or [], strides or []


# Vector iterations in flight in a loop around a polynomial (tanh, exp).
# Its elements are independent, but each vector iteration is one serial
# chain of a dozen fused multiply-adds: a core's two FMA pipes, each taking
# four cycles per result, need eight chains in flight, and a tanh has two
# (numerator and denominator) per iteration.  LLVM's cost model leaves a
# loop that large uninterleaved, expecting the core to overlap iterations
# itself, which a chain this long defeats (benchmarks/README.md: hvp).
LONG_CHAIN_INTERLEAVE = 4


class _Loop:
    """What a loop being emitted holds: a nested loop, a reduction, a long
    arithmetic chain (:meth:`Emitter.long_chain`)."""

    __slots__ = ('nested', 'reduces', 'chain')

    def __init__(self) -> None:
        self.nested = self.reduces = self.chain = False

    def interleaved(self) -> bool:
        """Whether its vector iterations should be interleaved: an innermost
        map over elements (a reduction's partial sums already give the core
        independent chains) whose arithmetic is a long chain."""
        return self.chain and not (self.nested or self.reduces)


# The int64 words of the block an entry reads its arguments into, at most
# (a thunk's address, then an int's value or an array's pointer, dims and
# strides an argument): far past any kernel's, on the caller's stack.
ENTRY_WORDS = 1024


def enter_parameters(ir: Any, i8p: Any, i64: Any, i32: Any) -> list:
    """The parameter types of ``tj_enter`` (see :meth:`Emitter.enter_function`)."""
    return [i8p.as_pointer(), i64, i32.as_pointer(), i64, i64, i8p]


class Emitter:
    """The LLVM IR builder's helpers kernels are emitted with: values are
    ``(llvm value, numpy dtype)`` pairs, typed and computed as Numba computes
    the same Python.  The op table's rows (:mod:`tapejit.targets.ops`)
    are written against these calls, which its text builder mirrors.

    >>> import llvmlite.ir as ir
    >>> em = Emitter(ir, ir.Module(), False)
    >>> f = ir.Function(em.module, ir.FunctionType(ir.DoubleType(), [ir.FloatType()]), 'f')
    >>> em.b = ir.IRBuilder(f.append_basic_block())
    >>> v, dt = em.arith('/', (f.args[0], numpy.dtype('f4')), em.integer(2))
    >>> dt, str(v.type)
    (dtype('float64'), 'double')
    """

    def __init__(self, ir: Any, module: Any, fastmath: Any) -> None:
        self.ir = ir
        self.module = module
        self.b: Any = None
        self.flags = fast_flags(fastmath)
        self.i64 = ir.IntType(64)
        self.i32 = ir.IntType(32)
        self.i8 = ir.IntType(8)
        self.i8p = ir.IntType(8).as_pointer()
        self.entry_alloca: Any = None
        self.bad: Any = None  # an entry's block refusing its arguments
        # The loops being emitted, outermost first.
        self._loops: list = []

    def _global(self, name: str) -> Any:
        # (No initializer: an external symbol, bound where the object loads.)
        g = self.module.globals.get(name)
        if g is None:
            g = self.ir.GlobalVariable(self.module, self.i8, name)
        return g

    def _func(self, name: str, ret: Any, args: list) -> Any:
        f = self.module.globals.get(name)
        if f is None:
            f = self.ir.Function(self.module, self.ir.FunctionType(ret, args), name)
        return f

    def _field(self, obj: Any, offset: int, ty: Any) -> Any:
        p = self.b.gep(obj, [self.ir.Constant(self.i64, offset)])
        return self.b.load(self.b.bitcast(p, ty.as_pointer()))

    def _alloca(self, ty: Any) -> Any:
        # Allocas in the entry block, so LLVM promotes them to registers.
        with self.b.goto_block(self.entry_alloca):
            return self.b.alloca(ty)

    def cell(self, value: Any) -> Any:
        """A slot (see :meth:`_alloca`) holding the LLVM value ``value``."""
        ptr = self._alloca(value.type)
        self.b.store(value, ptr)
        return ptr

    def const(self, value: Any, dt: Any) -> tuple:
        """The constant ``value`` of ``dt``, as :func:`~tapejit.targets.ops.typed`
        spells it (a NaN is the one NumPy's ``np.nan`` is)."""
        ir, dt = self.ir, numpy.dtype(dt)
        if dt.kind == 'b':
            return ir.Constant(ir.IntType(1), int(bool(value))), dt
        if dt.kind in 'iu':
            return ir.Constant(lltype(dt, ir), int(numpy.array(value).astype(dt))), dt
        v = float(value)
        return ir.Constant(lltype(dt, ir), float(numpy.array(v if v == v else numpy.nan,
                                                              dtype=dt))), dt

    def integer(self, value: int) -> tuple:
        """A Python int literal (an int64)."""
        return self.const(value, _INT64)

    def cast(self, val: tuple, to: numpy.dtype) -> Any:
        v, fr = val
        b, ir = self.b, self.ir
        if fr == to:
            return v
        t = lltype(to, ir)
        if to.kind == 'b':
            if fr.kind == 'f':
                return b.fcmp_unordered('!=', v, ir.Constant(v.type, 0.0))
            return b.icmp_unsigned('!=', v, ir.Constant(v.type, 0))
        if fr.kind == 'b':
            return b.uitofp(v, t) if to.kind == 'f' else b.zext(v, t)
        if fr.kind in 'iu' and to.kind in 'iu':
            if to.itemsize == fr.itemsize:
                return v
            if to.itemsize < fr.itemsize:
                return b.trunc(v, t)
            return b.sext(v, t) if fr.kind == 'i' else b.zext(v, t)
        if fr.kind in 'iu':
            return b.sitofp(v, t) if fr.kind == 'i' else b.uitofp(v, t)
        if to.kind in 'iu':
            return b.fptosi(v, t) if to.kind == 'i' else b.fptoui(v, t)
        return b.fpext(v, t) if to.itemsize > fr.itemsize else b.fptrunc(v, t)

    def intrinsic(self, name: str, args: list) -> Any:
        ty = args[0].type
        suffix = 'f32' if ty == self.ir.FloatType() else 'f64'
        f = self._func(f'{name}.{suffix}', ty, [a.type for a in args])
        return self.b.call(f, args, fastmath=self.flags)

    # --- operations on values ---------------------------------------------
    def arith(self, op: str, x: tuple, y: tuple) -> tuple:
        """``x op y`` for ``op`` in ``+ - * / **``, as Python on NumPy
        scalars computes it (``/`` of integers in float64; bools add as
        ``or`` and multiply as ``and``; integer powers refused)."""
        b = self.b
        dt = _promote(x[1], y[1])
        if op == '/':
            dt = dt if dt.kind == 'f' else _FLOAT64
            return b.fdiv(self.cast(x, dt), self.cast(y, dt), flags=self.flags), dt
        u, v = self.cast(x, dt), self.cast(y, dt)
        if dt.kind == 'b':
            if op not in ('+', '*'):
                raise Unsupported(f'{op} of bools')
            return (b.or_(u, v) if op == '+' else b.and_(u, v)), dt
        if op == '**':
            if dt.kind != 'f':
                raise Unsupported('integer power')
            return self.intrinsic('llvm.pow', [u, v]), dt
        names = _ARITH.get(op)
        if names is None:
            raise Unsupported(f'operator {op}')
        if dt.kind == 'f':
            return getattr(b, names[0])(u, v, flags=self.flags), dt
        return getattr(b, names[1])(u, v), dt

    def compare_op(self, sym: str, x: tuple, y: tuple) -> tuple:
        """``x sym y`` (``< <= > >= == !=``) after promotion, as a bool."""
        dt = _promote(x[1], y[1])
        u, v = self.cast(x, dt), self.cast(y, dt)
        if dt.kind == 'f':
            # Python's float comparisons: ordered, except != (true for NaN).
            cmp = self.b.fcmp_unordered if sym == '!=' else self.b.fcmp_ordered
            return cmp(sym, u, v, flags=self.flags), BOOL
        if dt.kind == 'i':
            return self.b.icmp_signed(sym, u, v), BOOL
        return self.b.icmp_unsigned(sym, u, v), BOOL

    def either(self, x: tuple, y: tuple) -> tuple:
        """``x or y`` of two values as bools (both evaluated: no side effects)."""
        return self.b.or_(self.cast(x, BOOL), self.cast(y, BOOL)), BOOL

    def select(self, test: tuple, x: tuple, y: tuple) -> tuple:
        """``x if test else y``, in the promoted dtype of ``x`` and ``y``."""
        t = self.cast(test, BOOL)
        dt = _promote(x[1], y[1])
        return self.b.select(t, self.cast(x, dt), self.cast(y, dt)), dt

    def negate(self, x: tuple) -> tuple:
        """``-x`` (refused for a bool)."""
        v, dt = x
        if dt.kind == 'f':
            return self.b.fneg(v, flags=self.flags), dt
        if dt.kind == 'b':
            raise Unsupported('negative of a bool')
        return self.b.neg(v), dt

    def absolute(self, x: tuple) -> tuple:
        """Python's ``abs(x)``."""
        v, dt = x
        if dt.kind == 'f':
            return self.intrinsic('llvm.fabs', [v]), dt
        if dt.kind == 'i':
            neg = self.b.icmp_signed('<', v, self.ir.Constant(v.type, 0))
            return self.b.select(neg, self.b.neg(v), v), dt
        return v, dt

    def convert(self, x: tuple, dt: numpy.dtype) -> tuple:
        """``np.<dt>(x)``: a bool literal becomes a constant, as Numba folds it."""
        if dt.name not in NUMPY_TYPES:
            raise Unsupported(f'np.{dt.name}')
        v, fr = x
        if fr.kind == 'b' and isinstance(v, self.ir.Constant):
            return self.const(bool(v.constant), dt)
        return self.cast(x, dt), dt

    def fold(self, op: str, acc: tuple, t: tuple) -> tuple:
        """``acc`` with ``t`` folded in by reduction ``op`` (``sum``, keeping
        ``acc``'s dtype; ``max`` or ``min``, NaN winning, as the op table's
        ``maximum`` and ``minimum``)."""
        if self._loops:
            self._loops[-1].reduces = True
        if op == 'sum':
            return self.cast(self.arith('+', acc, t), acc[1]), acc[1]
        if acc[1].kind == 'f' and t[1] == acc[1]:
            # NaN wins, as the select below; as one intrinsic the loop's
            # fold is a reduction LLVM vectorizes.  (A zero's sign may come
            # from either side, as in NumPy's own reductions.)
            return self.intrinsic('llvm.maximum' if op == 'max' else 'llvm.minimum',
                                  [acc[0], t[0]]), acc[1]
        return OPS['maximum' if op == 'max' else 'minimum'].llvm(self, [t, acc], {}, (), None)

    def vector_f32(self, name: str, x: tuple) -> tuple:
        """:mod:`tapejit.targets.cpu.vecmath`'s ``<name>_f32_py`` of ``x``,
        inlined (its ``<name>_f32_llvm``)."""
        from tapejit.targets.cpu import vecmath
        return getattr(vecmath, f'{name}_f32_llvm')(self, x)

    def math(self, mod: str, name: str, x: tuple) -> tuple:
        """``np.<name>(x)`` or ``math.<name>(x)``, an integer taken as a
        float64 (``np`` refuses bools and integers of under 32 bits, which
        NumPy computes in a narrower float): an LLVM intrinsic where LLVM
        has one, else the C library's function."""
        v, dt = x
        if dt.kind != 'f':
            if mod == 'np' and (dt.kind == 'b' or dt.itemsize < 4):
                raise Unsupported(f'np.{name} of {dt}')
            v, dt = self.cast((v, dt), _FLOAT64), _FLOAT64
        fn = _MATH.get(name)
        if fn is None:
            raise Unsupported(f'{mod}.{name} of {dt}')
        if fn.startswith('llvm.'):
            return self.intrinsic(fn, [v]), dt
        fn += 'f' if dt == numpy.float32 else ''
        return self.b.call(self._func(fn, v.type, [v.type]), [v]), dt

    # --- array elements ----------------------------------------------------
    def index(self, x: tuple) -> Any:
        """An index value as an int64 (refused unless an integer)."""
        v, dt = x
        if dt.kind not in 'iu':
            raise Unsupported(f'index of dtype {dt}')
        return self.cast((v, dt), _INT64) if dt.itemsize < 8 else v

    def element_ptr(self, arr: 'Array', ivals: list, dims: Optional[list] = None) -> Any:
        """The pointer to ``arr``'s element at int64 indices ``ivals`` (of a
        contiguous array, ``dims`` gives the sizes known as constants, None
        for the others)."""
        b, ir = self.b, self.ir
        elem = lltype(arr.dtype, ir, memory=True)
        if arr.ndim == 0:
            raise Unsupported('a 0-d array argument')
        if arr.contiguous:
            # Row-major element offset from the run-time shape: unit stride
            # in the last index, which LLVM's vectorizer sees.
            off = ivals[0]
            for k in range(1, arr.ndim):
                size = arr.shape[k] if dims is None or dims[k] is None else \
                    ir.Constant(self.i64, dims[k])
                off = b.add(b.mul(off, size), ivals[k])
            return b.gep(arr.data, [off], inbounds=True)
        off = ir.Constant(self.i64, 0)
        for k in range(arr.ndim):
            off = b.add(off, b.mul(ivals[k], arr.strides[k]))
        raw = b.gep(b.bitcast(arr.data, self.i8p), [off], inbounds=True)
        return b.bitcast(raw, elem.as_pointer())

    def load_element(self, arr: 'Array', ptr: Any) -> tuple:
        """The element at ``ptr`` (a bool read as ``!= 0``)."""
        v = self.b.load(ptr)
        if arr.dtype.kind == 'b':
            v = self.b.icmp_unsigned('!=', v, self.ir.Constant(v.type, 0))
        return v, arr.dtype

    def store_element(self, arr: 'Array', ptr: Any, val: tuple) -> None:
        """Store ``val`` converted to ``arr``'s dtype at ``ptr``."""
        v = self.cast(val, arr.dtype)
        if arr.dtype.kind == 'b':
            v = self.b.zext(v, self.i8)
        self.b.store(v, ptr)

    def set_local(self, scope: dict, name: str, val: tuple) -> None:
        """Store ``val`` in local ``name`` of ``scope`` (name -> (slot,
        dtype)), its slot made at its first assignment; a local keeps one dtype."""
        v, dt = val
        have = scope.get(name)
        if have is None:
            scope[name] = (self.cell(v), dt)
            return
        ptr, hdt = have
        if hdt != dt:
            raise Unsupported(f'{name} takes dtypes {hdt} and {dt}')
        self.b.store(v, ptr)

    def range_loop(self, scope: dict, var: str, lo: Any, bound: tuple,
                   body: Callable[[], None]) -> None:
        """``for var in range(lo, bound): body()`` (``lo`` an int64, or
        None for 0; ``bound`` evaluated once, before the loop)."""
        if bound[1].kind not in 'iu':
            raise Unsupported('range over non-integers')
        lo = self.ir.Constant(self.i64, 0) if lo is None else lo
        hi = self.cast(bound, _INT64)
        self.set_local(scope, var, (lo, _INT64))
        ptr = scope[var][0]

        def each(i: Any) -> None:
            self.b.store(i, ptr)
            body()
        self.repeat(lo, hi, each)

    def repeat(self, lo: Any, hi: Any, body: Callable[[Any], None],
               until: Optional[Callable[[], Any]] = None) -> Any:
        """Emit ``for i in range(lo, hi): body(i)`` (int64s), leaving the
        builder after the loop; where ``until`` is given, the loop also ends
        before a step where ``until()`` (an i1 it emits) holds.  Returns
        ``i`` as the loop ended (``hi``, or the step ``until`` stopped)."""
        b, i64 = self.b, self.i64
        counter = self.cell(lo)
        head = b.append_basic_block('head')
        loop = b.append_basic_block('body')
        done = b.append_basic_block('done')
        b.branch(head)
        b.position_at_end(head)
        i = b.load(counter)
        go = b.icmp_signed('<', i, hi)
        if until is not None:
            go = b.and_(go, b.not_(until()))
        b.cbranch(go, loop, done)
        b.position_at_end(loop)
        for outer in self._loops:
            outer.nested = True
        self._loops.append(_Loop())
        try:
            body(i)
        finally:
            loop = self._loops.pop()
        b.store(b.add(i, self.ir.Constant(i64, 1), flags=('nsw',)), counter)
        latch = b.branch(head)
        if loop.interleaved():
            latch.set_metadata('llvm.loop', self._loop_id(LONG_CHAIN_INTERLEAVE))
        b.position_at_end(done)
        return i

    def _loop_id(self, interleave: int) -> Any:
        """Loop metadata asking LLVM's vectorizer to interleave ``interleave``
        vector iterations."""
        ir, m = self.ir, self.module
        hint = m.add_metadata([ir.MetaDataString(m, 'llvm.loop.interleave.count'),
                               ir.Constant(ir.IntType(32), interleave)])
        # A loop's ID is a metadata node whose first operand is itself.
        loop = self.ir.values.MDValue(m, [hint], name=str(len(m.metadata)))
        loop.operands = (loop, hint)
        return loop

    def long_chain(self) -> None:
        """Note that the loop being emitted computes a long serial chain of
        arithmetic per element (a polynomial: :mod:`vecmath`'s functions)."""
        if self._loops:
            self._loops[-1].chain = True

    # --- the entry function ------------------------------------------------
    def _arg_check(self) -> Any:
        """``i1 tj_arg_ok(obj, ndim, type number, its alias, flags)``: whether
        ``obj`` is an ndarray of that rank and dtype (either type number: see
        :func:`type_nums`; native byte order) with those flags set, and
        C-contiguous exactly where ``flags`` says so: the same arrays always
        run the same variant, so a float sum always rounds the same."""
        f = self.module.globals.get('tj_arg_ok')
        if f is not None:
            return f
        ir, i8p, i32 = self.ir, self.i8p, self.i32
        f = ir.Function(self.module, ir.FunctionType(ir.IntType(1), [i8p, i32, i32, i32, i32]),
                        'tj_arg_ok')
        f.linkage = 'internal'
        f.attributes.add('noinline')
        obj, ndim, num, alias, need = f.args
        outer = self.b
        b = self.b = ir.IRBuilder(f.append_basic_block('type'))
        fields = f.append_basic_block('fields')
        no = f.append_basic_block('no')
        # The type first: only an ndarray's fields may be read.
        b.cbranch(b.icmp_unsigned('==', self._field(obj, OB_TYPE, i8p),
                                  self._global('tj_ndarray')), fields, no)
        b.position_at_end(no)
        b.ret(ir.Constant(ir.IntType(1), 0))
        b.position_at_end(fields)
        ok = b.icmp_signed('==', self._field(obj, ND, i32), ndim)
        descr = self._field(obj, DESCR, i8p)
        typenum = self._field(descr, DESCR_TYPENUM, i32)
        ok = b.and_(ok, b.or_(b.icmp_signed('==', typenum, num),
                              b.icmp_signed('==', typenum, alias)))
        order = self._field(descr, DESCR_BYTEORDER, self.i8)
        ok = b.and_(ok, b.or_(b.icmp_unsigned('==', order, ir.Constant(self.i8, ord('='))),
                              b.icmp_unsigned('==', order, ir.Constant(self.i8, ord('|')))))
        flags = b.and_(self._field(obj, FLAGS, i32), b.or_(need, ir.Constant(i32, C_CONTIGUOUS)))
        b.ret(b.and_(ok, b.icmp_unsigned('==', flags, need)))
        self.b = outer
        return f

    def require(self, cond: Any) -> None:
        """Go on where ``cond`` holds; else the entry refuses its arguments."""
        ok = self.b.append_basic_block('ok')
        self.b.cbranch(cond, ok, self.bad)
        self.b.position_at_end(ok)

    def _entry(self, name: str, nargs: int, allocas: bool = False,
               packs: bool = False) -> tuple:
        """``PyObject *name(PyObject *self, PyObject *const *args, Py_ssize_t n)``
        and its first block, the builder there after checking ``n`` (``nargs``,
        or one more where it ``packs``: see :meth:`entry_function`); a
        refusal (``self.bad``) returns ``NotImplemented``.  ``allocas``: an
        entry block for allocas first (the caller branches it to the first)."""
        ir, i8p, i64 = self.ir, self.i8p, self.i64
        fn = ir.Function(self.module, ir.FunctionType(i8p, [i8p, i8p.as_pointer(), i64]), name)
        if allocas:
            self.entry_alloca = fn.append_basic_block('allocas')
        start = fn.append_basic_block('check')
        self.bad = fn.append_basic_block('bad')
        b = self.b = ir.IRBuilder(self.bad)
        self.return_object('tj_notimpl')
        b.position_at_end(start)
        ok = b.icmp_signed('==', fn.args[2], ir.Constant(i64, nargs))
        if packs:
            ok = b.or_(ok, b.icmp_signed('==', fn.args[2], ir.Constant(i64, nargs + 1)))
        self.require(ok)
        return fn, start

    def return_object(self, name: str) -> None:
        """Return a new reference to the object bound to symbol ``name``
        (``tj_none``, ``tj_notimpl``)."""
        obj = self._global(name)
        self.b.call(self._func('tj_incref', self.ir.VoidType(), [self.i8p]), [obj])
        self.b.ret(obj)

    def entry_function(self, name: str, params: list, written: set, sig: tuple,
                       make_body: Callable[[list], Any]) -> None:
        """The entry ``PyObject *name(PyObject *self, PyObject *const *args,
        Py_ssize_t n)``: it checks the arguments ``params`` (those in
        ``written`` must be writeable arrays) against ``sig``, reads their
        fields and calls the loop body, ``make_body(layout)`` (a function
        LLVM inlines), without the GIL.

        It hands its arguments, a constant table of their kinds (an int; an
        array's rank, dtype and flags) and its body's thunk to the process's
        one argument reader, ``tj_enter`` (:meth:`enter_function`, compiled
        once and kept in the store): an entry written out per argument took
        LLVM as long again as a small kernel's body.

        Given one argument more, an int64 array of at least
        ``threads.KERNEL_BLOCK_WORDS`` (else it refuses), the entry runs
        nothing but packs the call there: the address of ``void
        thunk(int64 *block)`` first (0 where the call does not fit), then
        what the body takes.  The pool
        hands that block to threads that never hold the GIL
        (:class:`tapejit.backends.threads.Pool`); the arrays must outlive
        the run, as the caller's references keep them."""
        if len(params) != len(sig):
            raise Unsupported('signature does not match the parameters')
        ir, i8p, i64, i32 = self.ir, self.i8p, self.i64, self.i32
        rows, types, layout = [], [], []
        for p, s in zip(params, sig):
            if s == 'int':
                rows.append([0, 0, 0, 0, 0])
                types.append(i64)
                layout.append(None)
                continue
            dtstr, ndim, contiguous = s
            dt = numpy.dtype(dtstr)
            need = ALIGNED | (C_CONTIGUOUS if contiguous else 0) | (
                WRITEABLE if p in written else 0)
            rows.append([1, ndim, *type_nums(dt), need])
            types += [lltype(dt, ir, memory=True).as_pointer()] + [i64] * (
                ndim * (1 if contiguous else 2))
            layout.append(Array(dt, ndim, contiguous, None, [], []))
        if 1 + len(types) > ENTRY_WORDS:
            raise Unsupported(f'{len(types)} argument words; the entry takes at most '
                              f'{ENTRY_WORDS - 1}')
        thunk = self._thunk(name, make_body(layout), types)
        row_type = ir.ArrayType(i32, 5)
        table = ir.GlobalVariable(self.module, ir.ArrayType(row_type, len(rows)),
                                  name + '_arguments')
        table.global_constant = True
        table.linkage = 'internal'
        table.initializer = ir.Constant(ir.ArrayType(row_type, len(rows)),
                                        [ir.Constant(row_type, r) for r in rows])
        fn = ir.Function(self.module, ir.FunctionType(i8p, [i8p, i8p.as_pointer(), i64]), name)
        b = self.b = ir.IRBuilder(fn.append_basic_block('enter'))
        enter = self._func('tj_enter', i8p, enter_parameters(ir, i8p, i64, i32))
        b.ret(b.call(enter, [fn.args[1], fn.args[2],
                             b.bitcast(table, i32.as_pointer()),
                             ir.Constant(i64, len(rows)), ir.Constant(i64, 1 + len(types)),
                             b.bitcast(thunk, i8p)]))

    def enter_function(self, name: str) -> None:
        """The argument reader every entry calls (:meth:`entry_function`):
        ``PyObject *name(PyObject *const *args, Py_ssize_t n, int32 *table,
        int64 params, int64 words, void (*thunk)(int64 *))``.  It refuses
        (``NotImplemented``) unless ``n`` is ``params`` (or one more, an
        int64 array of at least ``threads.KERNEL_BLOCK_WORDS`` to pack the
        call into) and each argument matches its row of ``table``; reads
        them into a block of ``words`` int64s (``thunk``'s address first,
        then per int its value, per array its data pointer, dims and, where
        it may be strided, strides); then packs the block or runs ``thunk``
        on it without the GIL, and returns None (NULL where reading an int
        raised)."""
        ir, i8p, i64, i32 = self.ir, self.i8p, self.i64, self.i32
        fn = ir.Function(self.module, ir.FunctionType(i8p, enter_parameters(ir, i8p, i64, i32)),
                         name)
        args, n, table, params, words, thunk = fn.args
        self.entry_alloca = fn.append_basic_block('allocas')
        start = fn.append_basic_block('check')
        self.bad = fn.append_basic_block('bad')
        failed = fn.append_basic_block('failed')  # an exception is set: raise it
        b = self.b = ir.IRBuilder(self.bad)
        self.return_object('tj_notimpl')
        b.position_at_end(failed)
        b.ret(ir.Constant(i8p, None))
        b.position_at_end(start)
        self.require(b.or_(b.icmp_signed('==', n, params),
                           b.icmp_signed('==', n, b.add(params, ir.Constant(i64, 1)))))
        block = self.b.bitcast(self._alloca(ir.ArrayType(i64, ENTRY_WORDS)), i64.as_pointer())
        self._read_arguments(args, table, params, block, failed)
        b = self.b
        b.store(b.ptrtoint(thunk, i64), block)
        with b.if_else(b.icmp_signed('!=', n, params)) as (pack, run):
            with pack:
                # (An int64 array of the block's words, checked as any array
                # argument: the call is never packed where an int would point.)
                into = self._array_argument(self.b.load(self.b.gep(args, [params])),
                                            (numpy.dtype(numpy.int64).char, 1, True), True)
                bb = self.b
                self.require(bb.icmp_signed('>=', into.shape[0],
                                            ir.Constant(i64, KERNEL_BLOCK_WORDS)))
                bb = self.b
                fits = bb.icmp_signed('<=', words, ir.Constant(i64, KERNEL_BLOCK_WORDS))
                with bb.if_else(fits) as (copy, too_long):
                    with copy:
                        self.repeat(ir.Constant(i64, 0), words, lambda w: self.b.store(
                            self.b.load(self.b.gep(block, [w])), self.b.gep(into.data, [w])))
                    with too_long:
                        self.b.store(ir.Constant(i64, 0), into.data)
            with run:
                # The loops run without the GIL, as Numba's nogil kernels did:
                # the caller's argument references keep the arrays alive meanwhile.
                save = self._func('tj_save_thread', i8p, [])
                restore = self._func('tj_restore_thread', ir.VoidType(), [i8p])
                tstate = self.b.call(save, [])
                body = ir.FunctionType(ir.VoidType(), [i64.as_pointer()])
                self.b.call(self.b.bitcast(thunk, body.as_pointer()), [block])
                self.b.call(restore, [tstate])
        self.return_object('tj_none')
        with self.b.goto_block(self.entry_alloca):
            self.b.branch(start)

    def _read_arguments(self, args: Any, table: Any, params: Any, block: Any,
                        failed: Any) -> None:
        """Read ``params`` arguments from ``args`` into ``block`` from word 1
        on, by ``table`` (five int32s an argument: kind (0 an int, 1 an
        array), rank, the dtype's two type numbers, the flags it needs);
        refused (``self.bad``) where one does not match, ``failed`` where
        reading an int raised."""
        ir, i8p, i64, i32 = self.ir, self.i8p, self.i64, self.i32
        at = self.cell(ir.Constant(i64, 1))

        def put(value: Any) -> None:
            b = self.b
            pos = b.load(at)
            b.store(value, b.gep(block, [pos]))
            b.store(b.add(pos, ir.Constant(i64, 1)), at)

        def argument(k: Any) -> None:
            b = self.b
            first = b.mul(k, ir.Constant(i64, 5))
            kind, ndim, num, alias, need = [
                b.load(b.gep(table, [b.add(first, ir.Constant(i64, f))])) for f in range(5)]
            obj = b.load(b.gep(args, [k]))
            with b.if_else(b.icmp_signed('==', kind, ir.Constant(i32, 0))) as (an_int, array):
                with an_int:
                    put(self._int_argument(obj, failed))
                with array:
                    self.require(self.b.call(self._arg_check(), [obj, ndim, num, alias, need]))
                    bb = self.b
                    put(bb.ptrtoint(self._field(obj, DATA, i8p), i64))
                    rank = bb.sext(ndim, i64)
                    self._fields_into(obj, DIMS, rank, put)
                    strided = bb.icmp_signed('==', bb.and_(need, ir.Constant(i32, C_CONTIGUOUS)),
                                             ir.Constant(i32, 0))
                    with bb.if_then(strided):
                        self._fields_into(obj, STRIDES, rank, put)
        self.repeat(ir.Constant(i64, 0), params, argument)

    def _fields_into(self, obj: Any, offset: int, count: Any, put: Callable) -> None:
        """``put`` each of the ``count`` int64s at the pointer in ``obj``'s
        field ``offset`` (an array's dims or strides)."""
        p = self._field(obj, offset, self.i64.as_pointer())
        self.repeat(self.ir.Constant(self.i64, 0), count,
                    lambda d: put(self.b.load(self.b.gep(p, [d]))))

    def _thunk(self, name: str, body: Any, types: list) -> Any:
        """``void name_thunk(int64 *block)``: ``body`` over the values (of
        ``types``) the argument reader (:meth:`enter_function`) stored in
        ``block`` from word 1 on."""
        ir, i64 = self.ir, self.i64
        f = ir.Function(self.module, ir.FunctionType(ir.VoidType(), [i64.as_pointer()]),
                        name + '_thunk')
        f.linkage = 'internal'
        # (Called from the entry and, by address, from the pool's waits:
        # the body is inlined here alone.)
        f.attributes.add('noinline')
        b = ir.IRBuilder(f.append_basic_block('start'))
        args = []
        for i, t in enumerate(types):
            word = b.load(b.gep(f.args[0], [ir.Constant(i64, i + 1)]))
            args.append(b.inttoptr(word, t) if isinstance(t, ir.PointerType) else word)
        b.call(body, args)
        b.ret_void()
        return f

    def _argument(self, fn: Any, k: int) -> Any:
        """The entry ``fn``'s argument object ``k``."""
        return self.b.load(self.b.gep(fn.args[1], [self.ir.Constant(self.i64, k)]))

    def _int_argument(self, obj: Any, failed: Any) -> Any:
        """A Python int argument as an int64 (refused unless exactly an int;
        an int beyond int64 raises its OverflowError)."""
        ir, b, i8p, i64 = self.ir, self.b, self.i8p, self.i64
        typ = self._field(obj, OB_TYPE, i8p)
        self.require(b.icmp_unsigned('==', typ, self._global('tj_long')))
        v = b.call(self._func('tj_as_ll', i64, [i8p]), [obj])
        # -1 may be an OverflowError (an int beyond int64).
        maybe = b.append_basic_block('maybe_error')
        fine = b.append_basic_block('int_ok')
        b.cbranch(b.icmp_signed('==', v, ir.Constant(i64, -1)), maybe, fine)
        b.position_at_end(maybe)
        err = b.call(self._func('tj_err_occurred', i8p, []), [])
        b.cbranch(b.icmp_unsigned('!=', err, ir.Constant(i8p, None)), failed, fine)
        b.position_at_end(fine)
        return v

    def _array_argument(self, obj: Any, s: tuple, written: bool) -> 'Array':
        """An array argument checked against its signature entry ``s`` (dtype,
        ndim, contiguous; writeable where the kernel stores to it), with its
        data pointer, dims and (strided) byte strides."""
        ir, b, i8p, i64, i32 = self.ir, self.b, self.i8p, self.i64, self.i32
        dtstr, ndim, contiguous = s
        dt = numpy.dtype(dtstr)
        need = (ALIGNED | (C_CONTIGUOUS if contiguous else 0) | (WRITEABLE if written else 0))
        num, alias = type_nums(dt)
        self.require(b.call(self._arg_check(), [obj, ir.Constant(i32, ndim),
                                                ir.Constant(i32, num), ir.Constant(i32, alias),
                                                ir.Constant(i32, need)]))
        elem = lltype(dt, ir, memory=True)
        data = b.bitcast(self._field(obj, DATA, i8p), elem.as_pointer())

        def fields(offset: int) -> list:
            p = self._field(obj, offset, i64.as_pointer())
            return [b.load(b.gep(p, [ir.Constant(i64, d)])) for d in range(ndim)]
        shape = fields(DIMS) if ndim else []
        return Array(dt, ndim, contiguous, data, shape, [] if contiguous else fields(STRIDES))

    def define(self, name: str, layout: list, noalias: bool, inline: bool,
               emit: Callable[..., None], flags: Optional[tuple] = None) -> Any:
        """The internal function ``name`` over ``layout``: per argument an
        int64 (``None`` in ``layout``) or, for an :class:`Array`, its data
        pointer (``noalias`` where asked), dims and (not contiguous) byte
        strides.  Its statements are ``emit(*arguments)`` (int64 values and
        :class:`Array` s), under the fast-math ``flags`` where given."""
        ir, i64 = self.ir, self.i64
        types: list = []
        for arr in layout:
            if arr is not None:
                types.append(lltype(arr.dtype, ir, memory=True).as_pointer())
            types += [i64] * (1 if arr is None else arr.ndim * (1 if arr.contiguous else 2))
        f = ir.Function(self.module, ir.FunctionType(ir.VoidType(), types), name)
        f.linkage = 'internal'
        f.attributes.add('alwaysinline' if inline else 'noinline')
        saved = self.b, self.entry_alloca, self.flags
        self.entry_alloca = f.append_basic_block('entry')
        first = f.append_basic_block('start')
        self.b = ir.IRBuilder(first)
        self.flags = self.flags if flags is None else flags
        args, values = iter(f.args), []
        for lay in layout:
            a = next(args)
            if lay is not None:
                if noalias:
                    a.add_attribute('noalias')
                shape = [next(args) for _ in range(lay.ndim)]
                strides = [] if lay.contiguous else [next(args) for _ in range(lay.ndim)]
                a = Array(lay.dtype, lay.ndim, lay.contiguous, a, shape, strides)
            values.append(a)
        try:
            emit(*values)
            self.b.ret_void()
            with self.b.goto_block(self.entry_alloca):
                self.b.branch(first)
        finally:
            self.b, self.entry_alloca, self.flags = saved
        return f


def enter_ir(symbol: str) -> str:
    """The LLVM IR of the argument reader ``symbol`` every kernel entry
    calls as ``tj_enter`` (:meth:`Emitter.enter_function`).

    >>> 'tj_arg_ok' in enter_ir('demo')
    True
    """
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    Emitter(ir, module, False).enter_function(symbol)
    return str(module)


# (The reader is compiled once, kept in the store, and loaded before the
# first kernel: see tapejit.targets.cpu.llvm_jit.load_object.)
provide('tj_enter', "kernel entries' argument reader", enter_ir, 'tjenter')
