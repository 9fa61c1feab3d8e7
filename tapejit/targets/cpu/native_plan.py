"""A small plan's one-call function compiled natively, with llvmlite.

:mod:`~tapejit.targets.cpu.one_call` renders a small plan as one Python
function over its fused kernels.  This module translates that rendered
source with the kernel translator of :mod:`tapejit.targets.cpu.native`:

- the fused kernels are translated from their own source, and the plan's
  helpers (the matrix products as loop nests blocked by four, the final
  step of chunked reductions, the copy of a parameter update) from the
  kernel language below (``HELPERS``); each is a function of the module
  that the plan calls;
- the arrays the function allocates come from one scratch block per plan,
  reused every call (their sizes are known when the plan is built: the
  ``scratch_bytes`` the renderer counted); the outputs it returns are
  arrays the caller passes in, since they outlive the call (those of the
  call before last again, where nothing else holds them);
- reshapes and transposes are views (pointer, dims, byte strides).

The function holds the GIL while it runs (its scratch block is shared
between calls) and returns ``None``, or ``NotImplemented`` for arguments
it was not compiled for (a read-only or strided array): the plan then runs
step by step for that call.  Sizes stay run-time values read from the
plan's table, so a new batch size compiles nothing new.  A construct the
translator does not know (a strided array reshaped) raises
:class:`~tapejit.targets.cpu.native.Unsupported`, and the plan runs step by
step.  Products past ``PRODUCT_MAX`` multiply-adds call BLAS ``?gemm``
where SciPy provides it (:func:`~tapejit.targets.cpu.native.gemm_symbols`).
"""

from __future__ import annotations

import ast
import re
import sys
from typing import Any, Callable, Optional, Sequence

import numpy

from tapejit.compiler.codecache import compile_source
from tapejit.targets.cpu import native
from tapejit.targets.cpu.native import Unsupported

__all__ = ['NativePlan', 'HELPERS']

# The plan's helpers in the kernel language, sizes passed in.  Products
# accumulate along the rows of ``b`` and ``out`` (vectorized without
# reordering a sum) where the layout allows, else as dot products whose adds
# may be reassociated (``_HELPER_FLAGS``), as in Numba's versions.  Each
# form is written once: ``A(r, c)`` stands for ``a``'s element (r, c) of the
# product's left operand, ``a[r, c]``, or ``a[c, r]`` where it is transposed.
_ROWS = '''
def mm_NAME(m, k, n, k4, a, b, out):
    for i in range(m):
        for j in range(n):
            out[i, j] = 0
    for q in range(k4):
        p = 4 * q
        for i in range(m):
            s0 = A(i, p)
            s1 = A(i, p + 1)
            s2 = A(i, p + 2)
            s3 = A(i, p + 3)
            for j in range(n):
                out[i, j] = (out[i, j] + s0 * b[p, j] + s1 * b[p + 1, j] + s2 * b[p + 2, j]
                             + s3 * b[p + 3, j])
    for p in range(4 * k4, k):
        for i in range(m):
            s = A(i, p)
            for j in range(n):
                out[i, j] += s * b[p, j]
'''

_DOTS = '''
def mm_NAME(m, k, n, n4, a, b, out):
    for i in range(m):
        for q in range(n4):
            j = 4 * q
            out[i, j] = 0
            s0 = out[i, j]
            s1 = s0
            s2 = s0
            s3 = s0
            for p in range(k):
                x = A(i, p)
                s0 += x * b[j, p]
                s1 += x * b[j + 1, p]
                s2 += x * b[j + 2, p]
                s3 += x * b[j + 3, p]
            out[i, j] = s0
            out[i, j + 1] = s1
            out[i, j + 2] = s2
            out[i, j + 3] = s3
        for j in range(4 * n4, n):
            out[i, j] = 0
            s = out[i, j]
            for p in range(k):
                s += A(i, p) * b[j, p]
            out[i, j] = s
'''

_EXTREME = '''
def fin_NAME(c, m, buf, out):
    for j in range(m):
        acc = buf[0, j]
        for q in range(1, c):
            t = buf[q, j]
            acc = t if (t CMP acc or t != t) else acc
        out[j] = acc
'''


def _product(template: str, name: str) -> str:
    at = r'a[\2, \1]' if name[0] == 't' else r'a[\1, \2]'
    return re.sub(r'A\((.+?), (.+?)\)', at, template.replace('NAME', name))


HELPERS = '\n'.join(
    [_product(_ROWS, 'nn'), _product(_ROWS, 'tn'), _product(_DOTS, 'nt'),
     _product(_DOTS, 'tt'), '''
def fin_sum(c, m, buf, out):
    for j in range(m):
        acc = buf[0, j]
        for q in range(1, c):
            acc += buf[q, j]
        out[j] = acc
''',
     _EXTREME.replace('NAME', 'max').replace('CMP', '>'),
     _EXTREME.replace('NAME', 'min').replace('CMP', '<'), '''
def fin_cast(m, buf, out):
    for j in range(m):
        out[j] = buf[j]


def copy_into(m, dst, src):
    for j in range(m):
        dst[j] = src[j]
'''])

# Largest matrix product (multiply-adds) a native plan does as loops: past
# it, BLAS is faster (where SciPy provides one: native.gemm_symbols).
PRODUCT_MAX = 1 << 18

_HELPER_FLAGS = {'mm_nt': ('reassoc',), 'mm_tt': ('reassoc',)}
_PRODUCTS = {'mm_nn', 'mm_nt', 'mm_tn', 'mm_tt'}
_HELPER_NAMES = frozenset({'mm_nn', 'mm_nt', 'mm_tn', 'mm_tt', 'fin_sum', 'fin_max',
                           'fin_min', 'fin_cast', 'copy_into'})


def _helper_defs() -> list:
    # Parsed when a plan is first translated, not at import.
    return [f for f in ast.parse(HELPERS).body if isinstance(f, ast.FunctionDef)]
_INT64 = numpy.dtype(numpy.int64)


def _flags(fastmath: Any) -> tuple:
    return (('fast',) if fastmath is True else
            tuple(sorted(fastmath)) if fastmath else ())


def _view_of(node: ast.AST) -> Optional[str]:
    """The array name a view expression (``x.reshape(..)``,
    ``np.ascontiguousarray(x).reshape(..)``, ``x.transpose(..)``) is of."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ('reshape', 'transpose')):
        inner = node.func.value
        if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute)
                and inner.func.attr == 'ascontiguousarray' and len(inner.args) == 1):
            inner = inner.args[0]
        if isinstance(inner, ast.Name):
            return inner.id
    return None


def _allocates(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == 'np':
        return f.attr in ('empty', 'full')
    return isinstance(f, ast.Name) and f.id.lstrip('b') in _PRODUCTS


class _PlanTranslator(native._Translator):
    """Emits a plan function's entry: argument checks, then its statements."""

    def __init__(self, ir: Any, module: Any, kernels: dict, gemm: bool = False) -> None:
        super().__init__(ir, module, False)
        self.kernel_src = kernels   # name -> (source, fastmath)
        self.gemm = gemm            # large products call BLAS (native.gemm_symbols)
        self.fdefs: dict = {f.name: (f, _HELPER_FLAGS.get(f.name, ()))
                            for f in _helper_defs()}
        self.bodies: dict = {}
        self.arrays: dict = {}
        self.outs: dict = {}        # allocated name -> the output array it is
        self.bad: Any = None
        self.arena: Any = None
        self.cap: Any = None
        self.cur: Any = None

    # --- values ------------------------------------------------------------
    def _scope(self) -> dict:
        return {'vars': {}, 'globals': {}, 'arrays': self.arrays}

    def int_value(self, node: ast.AST) -> Any:
        v, dt = self.expr(node, self._scope())
        if dt.kind not in 'iu':
            raise Unsupported(f'a size of dtype {dt}')
        return self.cast((v, dt), _INT64)

    def shape_value(self, node: ast.AST) -> list:
        if isinstance(node, ast.Tuple):
            return [self.int_value(e) for e in node.elts]
        return [self.int_value(node)]

    def size(self, arr: Any) -> Any:
        n = self.ir.Constant(self.i64, 1)
        for d in arr.shape:
            n = self.b.mul(n, d)
        return n

    def view(self, arr: Any, shape: list) -> Any:
        if not arr.contiguous:
            raise Unsupported('a strided array reshaped')
        out = native._Array(arr.dtype, len(shape), True)
        out.data, out.shape = arr.data, shape
        return out

    def _strides(self, arr: Any) -> list:
        if not arr.contiguous:
            return arr.strides
        st = [self.ir.Constant(self.i64, arr.dtype.itemsize)]
        for d in reversed(arr.shape[1:]):
            st.insert(0, self.b.mul(st[0], d))
        return st

    def array_value(self, node: ast.AST) -> Any:
        if isinstance(node, ast.Name):
            if node.id not in self.arrays:
                raise Unsupported(f'name {node.id}')
            return self.arrays[node.id]
        if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice)
                and isinstance(node.value, ast.Name)):
            arr = self.array_value(node.value)
            sl = node.slice
            if arr.ndim != 1 or sl.step is not None or sl.lower is None or sl.upper is None:
                raise Unsupported('a slice')
            lo, hi = self.int_value(sl.lower), self.int_value(sl.upper)
            out = native._Array(arr.dtype, 1, True)
            out.data = self.b.gep(arr.data, [lo], inbounds=True)
            out.shape = [self.b.sub(hi, lo)]
            return out
        name = _view_of(node)
        if name is None:
            raise Unsupported(f'array expression {ast.unparse(node)}')
        arr = self.array_value(ast.Name(id=name))
        if node.func.attr == 'reshape':
            if len(node.args) != 1:
                raise Unsupported('reshape')
            if self.const_value(node.args[0]) == -1:
                return self.view(arr, [self.size(arr)])
            return self.view(arr, self.shape_value(node.args[0]))
        # transpose(axes): a strided view.
        if len(node.args) != 1 or not isinstance(node.args[0], ast.Tuple):
            raise Unsupported('transpose')
        axes = [self.const_value(a) for a in node.args[0].elts]
        if sorted(axes) != list(range(arr.ndim)):
            raise Unsupported('transpose axes')
        strides = self._strides(arr)
        # (The identity of a strided view is still strided.)
        out = native._Array(arr.dtype, arr.ndim,
                            arr.contiguous and axes == list(range(arr.ndim)))
        out.data = arr.data
        out.shape = [arr.shape[a] for a in axes]
        out.strides = [strides[a] for a in axes]
        return out

    # --- calls -------------------------------------------------------------
    def callee(self, fname: str, layout: list) -> Any:
        key = (fname, tuple(None if a is None else (a.dtype.char, a.ndim, a.contiguous)
                            for a in layout))
        f = self.bodies.get(key)
        if f is None:
            if fname not in self.fdefs:
                if fname not in self.kernel_src:
                    raise Unsupported(f'call of {fname}')
                source, fm = self.kernel_src[fname]
                defs = [n for n in ast.parse(source).body
                        if isinstance(n, ast.FunctionDef) and n.name == 'kernel']
                if len(defs) != 1:
                    raise Unsupported(f'{fname}: no single kernel function')
                self.fdefs[fname] = (defs[0], _flags(fm))
            fdef, flags = self.fdefs[fname]
            if len(fdef.args.args) != len(layout):
                raise Unsupported(f'{fname}: {len(layout)} arguments')
            saved, self.flags = self.flags, flags
            try:
                # A helper's output is an array of its own (a fresh product,
                # a reduction's result, a parameter): no run-time overlap checks.
                # Not inlined: LLVM optimizing one function of every kernel
                # took several times as long, and the calls ran no slower.
                f = self.body_function(f'{fname}_{len(self.bodies)}', fdef, layout,
                                       fname in _HELPER_NAMES, inline=False)
            finally:
                self.flags = saved
            self.bodies[key] = f
        return f

    def emit_call(self, fname: str, args: list) -> None:
        """Call ``fname`` on int64 values and :class:`_Array` views."""
        layout, values = [], []
        for a in args:
            if isinstance(a, native._Array):
                layout.append(a)
                values.append(a.data)
                values += a.shape
                if not a.contiguous:
                    values += a.strides
            else:
                layout.append(None)
                values.append(a)
        self.b.call(self.callee(fname, layout), values)

    def alloc(self, name: str, shape: list, dt: numpy.dtype) -> Any:
        ir, b = self.ir, self.b
        arr = native._Array(dt, len(shape), True)
        arr.shape = shape
        elem = native._lltype(dt, ir, memory=True).as_pointer()
        nelem = self.size(arr)
        if name in self.outs:
            out = self.outs[name]
            if out.dtype != dt:
                raise Unsupported(f'output {name} of dtype {dt} returned as {out.dtype}')
            self.require(b.icmp_signed('==', nelem, self.size(out)))
            arr.data = b.bitcast(out.data, elem)
            return arr
        # The next cache-line-aligned piece of the scratch block, as
        # one_call._Source.alloc counted it; past its end: refused.
        nbytes = b.mul(nelem, ir.Constant(self.i64, dt.itemsize))
        one = ir.Constant(self.i64, 1)
        nbytes = b.select(b.icmp_signed('<', nbytes, one), one, nbytes)
        align = ir.Constant(self.i64, 64)
        rounded = b.mul(b.sdiv(b.add(nbytes, ir.Constant(self.i64, 63)), align), align)
        off = b.load(self.cur)
        end = b.add(off, rounded)
        self.require(b.icmp_signed('<=', end, self.cap))
        b.store(end, self.cur)
        arr.data = b.bitcast(b.gep(self.arena, [off], inbounds=True), elem)
        return arr

    def fill(self, arr: Any, val: tuple) -> None:
        v = self.cast(val, arr.dtype)
        if arr.dtype.kind == 'b':
            v = self.b.zext(v, self.i8)
        flat = self.view(arr, [self.size(arr)])
        self.counted(flat.shape[0], lambda i: self.b.store(
            v, self.b.gep(flat.data, [i], inbounds=True)))

    def counted(self, n: Any, body: Callable[[Any], None]) -> None:
        b, ir = self.b, self.ir
        counter = self._alloca(self.i64)
        b.store(ir.Constant(self.i64, 0), counter)
        head, loop, done = (b.append_basic_block(x) for x in ('fill', 'fill_body', 'filled'))
        b.branch(head)
        b.position_at_end(head)
        i = b.load(counter)
        b.cbranch(b.icmp_signed('<', i, n), loop, done)
        b.position_at_end(loop)
        body(i)
        b.store(b.add(i, ir.Constant(self.i64, 1)), counter)
        b.branch(head)
        b.position_at_end(done)

    def require(self, cond: Any) -> None:
        ok = self.b.append_basic_block('ok')
        self.b.cbranch(cond, ok, self.bad)
        self.b.position_at_end(ok)

    # --- statements --------------------------------------------------------
    def plan_stmt(self, node: ast.AST) -> None:
        if isinstance(node, ast.Assign):
            if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
                raise Unsupported('assignment')
            name, v = node.targets[0].id, node.value
            if _allocates(v):
                self.arrays[name] = self.allocate(name, v)
            else:
                self.arrays[name] = self.array_value(v)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            self.helper_call(node.value)
        elif isinstance(node, ast.Return):
            pass  # the outputs were written where the caller passed them
        else:
            raise Unsupported(f'statement {type(node).__name__}')

    def allocate(self, name: str, v: ast.Call) -> Any:
        f = v.func
        if isinstance(f, ast.Attribute):
            if f.attr == 'empty':
                d = v.args[1]
                if not isinstance(d, ast.Attribute):
                    raise Unsupported('np.empty dtype')
                dt = numpy.dtype('bool' if d.attr == 'bool_' else d.attr)
                return self.alloc(name, self.shape_value(v.args[0]), dt)
            val = self.expr(v.args[1], self._scope())  # np.full
            arr = self.alloc(name, self.shape_value(v.args[0]), val[1])
            self.fill(arr, val)
            return arr
        mm = f.id
        a, b = (self.array_value(x) for x in v.args)
        if a.ndim != 2 or b.ndim != 2 or a.dtype != b.dtype or a.dtype.kind != 'f':
            raise Unsupported(f'{mm} of {a.dtype}{a.ndim}-d, {b.dtype}{b.ndim}-d')
        # mm_<a><b>: 't' where that operand is transposed.
        m, k = (a.shape[1], a.shape[0]) if mm[3] == 't' else (a.shape[0], a.shape[1])
        n = b.shape[0] if mm[4] == 't' else b.shape[1]
        out = self.alloc(name, [m, n], a.dtype)
        if not (self.gemm and a.contiguous and b.contiguous):
            self.product_loops(mm, m, k, n, a, b, out)
            return out
        # Past PRODUCT_MAX multiply-adds BLAS is faster than the loops.
        bld, ir = self.b, self.ir
        work = bld.mul(bld.mul(m, k), n)
        big = bld.icmp_signed('>', work, ir.Constant(self.i64, PRODUCT_MAX))
        with bld.if_else(big) as (then, otherwise):
            with then:
                self.product_blas(mm, m, k, n, a, b, out)
            with otherwise:
                self.product_loops(mm, m, k, n, a, b, out)
        return out

    def product_loops(self, mm: str, m: Any, k: Any, n: Any, a: Any, b: Any, out: Any) -> None:
        # Blocked by 4 along the products' sum (nn, tn) or their columns (nt, tt).
        four = self.b.sdiv(n if mm[4] == 't' else k, self.ir.Constant(self.i64, 4))
        self.emit_call(mm, [m, k, n, four, a, b, out])

    def product_blas(self, mm: str, m: Any, k: Any, n: Any, a: Any, b: Any, out: Any) -> None:
        """``out = op(a) @ op(b)`` through BLAS ``?gemm`` (Fortran, column
        major): the row-major ``out`` is the column-major ``out.T = op(b).T @
        op(a).T``, so ``b`` goes first.  Sizes fit its 32-bit integers: the
        plan's values are small (``one_call.SMALL_MAX``)."""
        ir, bld, i32, i8 = self.ir, self.b, self.i32, self.i8
        elem = native._lltype(a.dtype, ir, memory=True)
        p32 = i32.as_pointer()

        def ref(value: Any, ty: Any) -> Any:
            cell = self._alloca(ty)
            bld.store(value, cell)
            return cell

        def int32(v: Any) -> Any:
            return ref(bld.trunc(v, i32), i32)
        tb, ta = mm[4] == 't', mm[3] == 't'
        args = [ref(ir.Constant(i8, ord('T' if tb else 'N')), i8),
                ref(ir.Constant(i8, ord('T' if ta else 'N')), i8),
                int32(n), int32(m), int32(k), ref(ir.Constant(elem, 1.0), elem),
                b.data, int32(k if tb else n), a.data, int32(m if ta else k),
                ref(ir.Constant(elem, 0.0), elem), out.data, int32(n)]
        i8p, ep = self.i8p, elem.as_pointer()
        f = self._func('tj_sgemm' if a.dtype.char == 'f' else 'tj_dgemm', ir.VoidType(),
                       [i8p, i8p, p32, p32, p32, ep, ep, p32, ep, p32, ep, ep, p32])
        bld.call(f, args)

    def helper_call(self, call: ast.Call) -> None:
        if not isinstance(call.func, ast.Name) or call.keywords:
            raise Unsupported('call')
        fname = call.func.id
        if fname.startswith('fin_'):
            buf, out = (self.array_value(x) for x in call.args)
            m = self.size(out)
            flat = self.view(out, [m])
            if fname == 'fin_cast':
                self.emit_call(fname, [m, self.view(buf, [m]), flat])
            else:
                c = buf.shape[0]
                self.emit_call(fname, [c, m, self.view(buf, [c, m]), flat])
            return
        if fname == 'copy_into':
            dst, src = (self.array_value(x) for x in call.args)
            m = self.size(dst)
            self.emit_call(fname, [m, self.view(dst, [m]), self.view(src, [m])])
            return
        if fname not in self.kernel_src:
            raise Unsupported(f'call of {fname}')
        args = []
        for x in call.args:
            if (isinstance(x, ast.Name) or _view_of(x) is not None
                    or (isinstance(x, ast.Subscript) and isinstance(x.slice, ast.Slice))):
                args.append(self.array_value(x))
            else:
                args.append(self.int_value(x))
        self.emit_call(fname, args)

    # --- the entry ---------------------------------------------------------
    def plan_entry(self, symbol: str, fdef: ast.FunctionDef, sig: list, owned: list,
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
        n_outs = len(owned)
        ir, i8p, i64, i32 = self.ir, self.i8p, self.i64, self.i32
        fn = ir.Function(self.module, ir.FunctionType(i8p, [i8p, i8p.as_pointer(), i64]),
                         symbol)
        self.entry_alloca = fn.append_basic_block('allocas')
        start = fn.append_basic_block('check')
        self.bad = fn.append_basic_block('bad')
        b = self.b = ir.IRBuilder(self.bad)
        incref = self._func('tj_incref', ir.VoidType(), [i8p])
        b.call(incref, [self._global('tj_notimpl')])
        b.ret(self._global('tj_notimpl'))
        b.position_at_end(start)
        params = [a.arg for a in fdef.args.args]
        if len(params) + n_outs + 2 != len(sig):
            raise Unsupported('signature does not match the parameters')
        self.require(b.icmp_signed('==', fn.args[2], ir.Constant(i64, len(sig))))
        names = params + [None] * n_outs + ['<scratch>', '<dims>']
        arrays = []
        objs = []
        for k, (p, (char, ndim, writeable)) in enumerate(zip(names, sig)):
            obj = b.load(b.gep(fn.args[1], [ir.Constant(i64, k)]))
            objs.append(obj)
            dt = numpy.dtype(char)
            need = (native._ALIGNED | native._C_CONTIGUOUS
                    | (native._WRITEABLE if writeable else 0))
            num, alias = native.type_nums(dt)
            self.require(b.call(self._arg_check(), [obj, ir.Constant(i32, ndim),
                                                    ir.Constant(i32, num), ir.Constant(i32, alias),
                                                    ir.Constant(i32, need)]))
            arr = native._Array(dt, max(ndim, 1), True)
            elem = native._lltype(dt, ir, memory=True)
            arr.data = b.bitcast(self._field(obj, native._DATA, i8p), elem.as_pointer())
            if ndim == 0:
                arr.shape = [ir.Constant(i64, 1)]
            else:
                dims = self._field(obj, native._DIMS, i64.as_pointer())
                arr.shape = [b.load(b.gep(dims, [ir.Constant(i64, d)])) for d in range(ndim)]
            arrays.append(arr)
            if p is not None and not p.startswith('<'):
                self.arrays[p] = arr
        for j, k in enumerate(distinct):
            for k2 in distinct[:j]:
                self.require(b.icmp_unsigned('!=', objs[k], objs[k2]))
        outs, scratch, want = arrays[len(params):-2], arrays[-2], arrays[-1]
        shaped = list(zip(outs, sig[len(params):]))
        shaped += [(arrays[k], sig[k]) for k in checked]
        total = sum(ndim for _, (_, ndim, _) in shaped)
        self.require(b.icmp_signed('==', want.shape[0], ir.Constant(i64, total)))
        at = 0
        for arr, (char, ndim, _) in shaped:
            for d in range(ndim):
                expect = b.load(b.gep(want.data, [ir.Constant(i64, at)]))
                self.require(b.icmp_signed('==', arr.shape[d], expect))
                at += 1
        self.outs = dict(zip(owned, outs))
        self.arena = b.bitcast(scratch.data, self.i8p)
        self.cap = scratch.shape[0]
        self.cur = self._alloca(i64)
        b.store(ir.Constant(i64, 0), self.cur)
        for st in fdef.body:
            self.plan_stmt(st)
        b = self.b
        b.call(incref, [self._global('tj_none')])
        b.ret(self._global('tj_none'))
        with b.goto_block(self.entry_alloca):
            b.branch(start)


def _char(dt: numpy.dtype) -> str:
    """The dtype's canonical character (int64 is ``'l'`` on Linux, which
    NumPy makes its arrays with, though ``'q'`` is the same type)."""
    return numpy.dtype(dt.str).char


def _unheld_count() -> int:
    """What ``sys.getrefcount`` says, in the output ring's generated code,
    of an array only the ring holds: 3 (the ring's, the local's and the
    argument's own reference) where the interpreter counts each, fewer where
    it borrows references for locals (CPython 3.14)."""
    env = {'_rc': sys.getrefcount}
    exec(compile_source('def probe(r):\n    o0 = r[0]\n    if o0 is None or _rc(o0) != 0:\n'
                        '        return _rc(o0)\n', '<tapejit probe>'), env)
    return env['probe']([object()])


def output_roots(fdef: ast.FunctionDef) -> list:
    """Per value the plan function returns: ``('alloc', name)``, an array
    it allocates (or a reshape of one), or ``('param', name)``, one of its
    parameters (or a reshape of one).  A strided view: Unsupported."""
    roots: dict = {a.arg: ('param', a.arg) for a in fdef.args.args}
    for st in fdef.body:
        if isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name):
            name, v = st.targets[0].id, st.value
            if _allocates(v):
                roots[name] = ('alloc', name)
            else:
                of = _view_of(v)
                roots[name] = (roots.get(of) if of is not None
                               and v.func.attr == 'reshape' else None)
    ret = fdef.body[-1] if fdef.body else None
    if not isinstance(ret, ast.Return) or not isinstance(ret.value, ast.Tuple):
        raise Unsupported('the plan does not end in a return of a tuple')
    out = []
    for e in ret.value.elts:
        r = roots.get(e.id) if isinstance(e, ast.Name) else None
        if r is None:
            raise Unsupported('an output that is a strided view')
        out.append(r)
    return out


def _plan_def(source: str) -> ast.FunctionDef:
    tree = ast.parse(source)
    fdefs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == 'plan']
    if len(fdefs) != 1:
        raise Unsupported('no single plan function')
    return fdefs[0]


def translate_plan(source: str, kernels: dict, sig: list, owned: list, symbol: str,
                   distinct: Sequence[int] = (), checked: Sequence[int] = (),
                   gemm: bool = False) -> str:
    """The LLVM IR of the plan function in ``source`` (rendered by
    :mod:`~tapejit.targets.cpu.one_call`), its kernels ``kernels`` (name ->
    (source, fastmath)), for arguments ``sig`` (see
    :meth:`_PlanTranslator.plan_entry`), the arrays it allocates that are
    returned in the output arguments being ``owned``; ``gemm``: large
    products call BLAS (:func:`~tapejit.targets.cpu.native.gemm_symbols`).

    >>> src = ('def plan(T, a0):\\n    o1 = np.empty((T[0],), np.float32)\\n'
    ...        '    copy_into(o1, a0)\\n    return (o1, )\\n')
    >>> ir = translate_plan(src, {}, [('l', 1, False), ('f', 1, False), ('f', 1, True),
    ...                               ('B', 1, True), ('l', 1, False)], ['o1'], 'demo')
    >>> 'define i8* @"demo"' in ir
    True
    """
    import llvmlite.ir as ir
    module = ir.Module(name=symbol)
    _PlanTranslator(ir, module, kernels, gemm).plan_entry(symbol, _plan_def(source), sig, owned,
                                                    distinct, checked)
    return str(module)


class NativePlan:
    """A one-call plan (:class:`~tapejit.targets.cpu.one_call.OneCall`)
    compiled here; ``plan(inputs)`` returns the outputs, or ``None`` where
    these arrays need the step-by-step plan (read-only, strided).

    Built from the first hot call's inputs; raises :class:`Unsupported`
    for a plan the translator does not compile.
    """

    def __init__(self, oc: Any, graph: Any, inputs: list, cache_dir: Optional[str]) -> None:
        if not getattr(sys, '_is_gil_enabled', lambda: True)():
            # The scratch block and the output ring are shared between calls,
            # which the GIL the function holds serializes.
            raise Unsupported('the interpreter runs without a GIL')
        kernels = {}
        for fname, source, parallel, fm in oc._kernels.values():
            if parallel:
                raise Unsupported('a parallel kernel')
            kernels[fname] = (source, fm)
        fdef = _plan_def(oc.source)
        roots = output_roots(fdef)
        # Python expressions of the plan function's parameters, in order.
        params = [f'inputs[{i}]' for i, _ in oc.arg_inputs]
        params += [f'_c{k}' for k in range(len(oc.const_args))]
        params += [f'inputs[{i}]' for _, i in oc.donated]
        # Constants as the function takes them: C-contiguous (never written).
        self._consts = [numpy.ascontiguousarray(c) for c in oc.const_args]
        arrays = ([inputs[i] for i, _ in oc.arg_inputs] + self._consts
                  + [inputs[i] for _, i in oc.donated])
        names = [a.arg for a in fdef.args.args[1:]]
        sig = [(_char(oc.table.dtype), 1, False)]
        for k, a in enumerate(arrays):
            if a.__class__ is not numpy.ndarray or not a.dtype.isnative:
                raise Unsupported('an input that is not a native-order ndarray')
            # A donated array is written (the parameter update).
            sig.append((_char(a.dtype), a.ndim, k >= len(arrays) - len(oc.donated)))
        # Per returned value: the output array the function writes it to
        # (one per array it allocates), or the parameter it is.
        owned: list = []
        self._outs: list = []     # (shape, dtype) per output argument
        results = []
        for k, (kind, root) in zip(oc.kept_outputs, roots):
            v = graph.outvars[k]
            shape = tuple(v.shape)
            if kind == 'alloc':
                if root not in owned:
                    owned.append(root)
                    self._outs.append((shape, numpy.dtype(v.dtype)))
                j = owned.index(root)
                expr, have = f'o{j}', self._outs[j][0]
            else:
                p = names.index(root)
                expr, have = params[p], arrays[p].shape
            results.append(expr if tuple(have) == shape else f'{expr}.reshape({shape!r})')
        for shape, dt in self._outs:
            sig.append((_char(dt), len(shape), True))
        sig += [('B', 1, True), (_char(numpy.dtype(numpy.int64)), 1, False)]
        self.sig = sig
        # Every input's shape is checked by the function (its dtype and rank
        # by the argument checks): a call with another refuses, so the caller
        # checks no array it passes (:attr:`checked_inputs`).
        checked = [1 + j for j in range(len(oc.arg_inputs))]
        self.checked_inputs = frozenset(i for i, _ in oc.arg_inputs)
        self._dims = numpy.array([d for shape, _ in self._outs for d in shape]
                                 + [d for i, _ in oc.arg_inputs for d in inputs[i].shape],
                                 numpy.int64)
        # One block for the function's scratch arrays, reused every call.
        self.scratch = numpy.empty(max(oc.scratch_bytes, 1), numpy.uint8)
        # Inputs that must be distinct arrays (those of Variables and array
        # arguments, in a plan that writes one in place): argument positions.
        distinct = [1 + j for j, (i, _) in enumerate(oc.arg_inputs)
                    if i in oc.distinct_inputs]
        # Whether its large products call BLAS (SciPy imported only for them).
        gemm = self.gemm = oc.largest_product > PRODUCT_MAX and bool(native.gemm_symbols())
        text = (f'plan|{HELPERS}|{sig!r}|{owned!r}|{distinct!r}|{checked!r}|{gemm}|{oc.source}|'
                + '|'.join(f'{n}:{fm!r}:{s}' for n, (s, fm) in sorted(kernels.items())))
        self.fn = native.load_object(
            text, lambda symbol: translate_plan(oc.source, kernels, sig, owned, symbol,
                                                distinct, checked, gemm),
            cache_dir, prefix='tjplan')
        self.run = self._write(oc, params, results)

    def _write(self, oc: Any, params: list, results: list) -> Callable[[list], Optional[list]]:
        # The output arrays of the call before last, where nothing else holds
        # them any more (a training step's gradients, replaced by the last
        # call's), are written again instead of allocating new ones: the
        # reference count (the ring's, the local's and getrefcount's own)
        # proves no view, Variable or caller still sees them.
        n = len(self._outs)
        self._env = {'_fn': self.fn, '_T': oc.table, '_scratch': self.scratch,
                     '_dims': self._dims, '_empty': numpy.empty, '_array': numpy.array,
                     '_rc': sys.getrefcount, '_rings': ([None] * n, [None] * n),
                     '_turn': [0], '_free': _unheld_count()}
        for k, c in enumerate(self._consts):
            self._env[f'_c{k}'] = c
        for j, (shape, dt) in enumerate(self._outs):
            self._env[f'_t{j}'] = dt
        self._parts = (oc, params, results)
        env: dict = {}
        lines = self.call_lines(env, 'return None', 'return ')
        src = 'def run(inputs):\n' + ''.join(f'    {ln}\n' for ln in lines)
        exec(compile_source(src, '<tapejit native plan call>'), env)
        return env['run']

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
        lines.append(f'if _fn(_T, {"".join(a + ", " for a in args)}_scratch, _dims) '
                     'is not None:')
        if self._outs:
            # Refused: maybe for an output array reused from the ring that
            # its last holder made read-only or reshaped in place.
            lines.append(f'    {" = ".join(f"r[{j}]" for j in range(len(self._outs)))} = None')
        lines.append(f'    {fail}')
        out = [''] * (len(oc.donated) + len(results))
        for o, i in oc.donated:
            out[o] = f'inputs[{i}]'
        for k, expr in zip(oc.kept_outputs, results):
            out[k] = expr
        for i in oc.copy_out:
            out[i] = f'_array({out[i]}, copy=True)'
        lines.append(f'{result}[{", ".join(out)}]')
        return lines

    def __call__(self, inputs: list) -> Optional[list]:
        return self.run(inputs)
