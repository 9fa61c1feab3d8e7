"""A small plan as one compiled call.

Run step by step, a plan pays a Python dispatch per kernel and per library
call (a few microseconds each), which is most of the time of a small step:
about 30 steps for a tiny MLP's training step.  Here the whole plan becomes
one Numba function: it allocates its buffers, calls the plan's fused kernels
(compiled into it), does the matrix products as loop nests, or through BLAS
from a few ten thousand multiply-adds on (:mod:`tapejit.compiler.small_ops`),
takes reshapes and transposes as views, and returns the outputs, so a call
costs one dispatch.

The function stays shape-generic like the kernels: every size it needs
(loop bounds, chunk counts, buffer shapes) is read from a table of integers
passed in, so a new batch size builds a new table but compiles nothing.
A 0-d value is carried as a 1-element 1-d array (reshaped at the boundary).

Only plans whose values are all small (``SMALL_MAX`` elements) and whose
library calls have a compiled form here (2-d float ``matmul``, ``reshape``,
``transpose``, ``argmax``, ``argmin``) run this way; without SciPy (which
Numba's BLAS calls need) each product must also be small enough for the
loops.  The others, and a plan whose function Numba cannot compile (with a
warning), run step by step.
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import os
import sys
import warnings
from typing import Any, Optional

import numpy

from tapejit.codecache import compile_source
from tapejit.compiler import codegen, kernel_cache, native
from tapejit.compiler.cpu_ops import typed
from tapejit.compiler.fusion import SUPPORTED, Group, RowChain
from tapejit.ir.graph import Eqn

# Largest value (in elements) of a plan run as one call: past it, each step
# costs far more than its dispatch.
SMALL_MAX = 1 << 18
# Whether products may call BLAS from compiled code (Numba's ``np.dot`` needs
# SciPy). Without it a plan runs as one call only if each product is small
# enough for the loops (LOOP_MAX multiply-adds, about 13 µs as loops).
BLAS = importlib.util.find_spec('scipy') is not None
LOOP_MAX = 1 << 17
# Largest plan function, in arguments plus statements, compiled as one call.
# Compiling it costs more than compiling its kernels alone, and grows faster
# than its length (Numba types and lowers one large function, and LLVM
# optimizes the kernels again once linked into it). Measured on a cold cache:
# a tiny MLP's SGD step (107) takes 5.7 s to its first result against 2.3 s
# step by step; a 3-layer SGD step (146) 7.9 s against 2.8 s; a 3-layer Adam
# step (260) 12.6 s against 3.8 s, which its per-step saving (0.4 ms)
# would repay only after some 20,000 steps. Later processes load it from the
# disk cache. (Those are Numba's figures; compiled natively the tiny MLP's
# step takes about 0.6 s, but a plan past the limit still falls back to
# Numba where the translator refuses it, so the limit stays.)
MAX_STATEMENTS = 160
# Off: every plan runs step by step (the tests compare the two).
ENABLED = True
# A plan runs step by step for its first HOT_CALLS calls, and as one call
# from then on: its serial kernels compile natively in well under a second,
# while the one-call function costs Numba seconds (above) that only a plan
# called many times repays; an evaluation function called once an epoch
# never does.  A plan that became hot in an earlier process (a marker file
# in the cache directory) runs as one call at once.  0: always at once.
HOT_CALLS = int(os.environ.get('TAPEJIT_ONE_CALL_AFTER', '100'))
# The function compiled by :mod:`~tapejit.compiler.native_plan` where it can
# (``native.enabled()``): well under a second to compile against Numba's
# seconds, and a few times faster a call.  ``TAPEJIT_NATIVE_PLAN=0`` (or
# ``TAPEJIT_NATIVE=0``, every native path) turns it off: Numba's then.
NATIVE = os.environ.get('TAPEJIT_NATIVE_PLAN', '1').lower() not in ('0', 'false', 'off', 'no')
# Alignment of each array in a native plan's scratch block (a cache line).
ALIGN = 64


def _np_dtype(dt: numpy.dtype) -> str:
    return 'np.bool_' if dt == numpy.bool_ else f'np.{dt.name}'


class _Source:
    """The plan function's source, with its table of sizes."""

    def __init__(self) -> None:
        self.table: list = []
        self.lines: list = []
        self.kernels: dict = {}   # (source, fastmath) -> function name
        self.tmp = 0
        # Bytes of the arrays the function allocates, each rounded up to
        # ALIGN: a natively compiled plan takes them from one scratch block.
        self.scratch = 0
        self.products: list = []   # multiply-adds of each matrix product

    def alloc(self, shape: tuple, dtype: numpy.dtype) -> None:
        n = int(math.prod(shape)) * numpy.dtype(dtype).itemsize
        self.scratch += -(-max(n, 1) // ALIGN) * ALIGN

    def size(self, value: int) -> str:
        self.table.append(int(value))
        return f'T[{len(self.table) - 1}]'

    def shape(self, shape: tuple) -> str:
        """A shape tuple read from the table; a 0-d shape is carried as (1,)."""
        if not shape:
            return '(1,)'
        return '(' + ''.join(self.size(d) + ', ' for d in shape) + ')'

    def sizes_array(self, values: Any) -> str:
        start = len(self.table)
        for v in values:
            self.table.append(int(v))
        return f'T[{start}:{len(self.table)}]'

    def name(self, stem: str) -> str:
        self.tmp += 1
        return f'{stem}{self.tmp}'

    def kernel(self, st: Any) -> str:
        """The name of step ``st``'s kernel, as the step runner keyed it."""
        source, par = st.spec.source, st.parallel
        key = kernel_cache.kernel_key(source, par, st.fastmath)
        if key not in self.kernels:
            self.kernels[key] = (f'k{len(self.kernels)}', source, par, st.fastmath)
        return self.kernels[key][0]

    def emit(self, line: str) -> None:
        self.lines.append('    ' + line)


def _reshaped(x: str, shape: tuple, src: _Source) -> str:
    return f'np.ascontiguousarray({x}).reshape({src.shape(shape)})'


def _prepared(x: str, mode: str) -> str:
    return f'np.ascontiguousarray({x}).reshape(-1)' if mode in ('scalar', 'flat') else x


def _alloc_reductions(sp: Any, nch: int, src: _Source) -> list:
    names = []
    for shape, dt, init in codegen.reduction_layout(sp, nch):
        r = src.name('r')
        src.alloc(shape, dt)
        src.emit(f'{r} = np.full({src.shape(shape)}, {typed(init, dt)})')
        names.append(r)
    return names


def _finish(e: Any, how: str, buf: str, src: _Source) -> str:
    """The expression (after emitted lines) of reduction ``e``'s final value."""
    shape = e.out.shape
    if how == 'row':
        return f'{buf}.reshape({src.shape(shape)})'
    o = src.name('f')
    src.alloc(shape, e.out.dtype)
    src.emit(f'{o} = np.empty({src.size(int(math.prod(shape)))}, '
             f'{_np_dtype(e.out.dtype)})')
    helper = f'fin_{e.prim.name}' if how == 'partial' else 'fin_cast'
    src.emit(f'{helper}({buf}, {o})')
    return o if len(shape) <= 1 else f'{o}.reshape({src.shape(shape)})'


def _kernel_step(st: Any, src: _Source, var: dict) -> None:
    spec = st.spec
    fn = src.kernel(st)
    n = src.sizes_array(st.sizes)
    args = [_prepared(var[sl], mode) for (v, mode), sl in zip(spec.inputs, st.ins)]
    outs, views = [], []
    for v in spec.stores:
        o = src.name('o')
        src.alloc(v.shape, v.dtype)
        if spec.flat:
            src.emit(f'{o} = np.empty({src.size(int(math.prod(v.shape)))}, '
                     f'{_np_dtype(v.dtype)})')
            views.append(o if len(v.shape) <= 1 else f'{o}.reshape({src.shape(v.shape)})')
        else:
            src.emit(f'{o} = np.empty({src.shape(v.shape)}, {_np_dtype(v.dtype)})')
            views.append(o)
        outs.append(o)
    reds = _alloc_reductions(spec, st.nch, src)
    src.emit(f'{fn}({n}, {src.size(st.ch)}, {src.size(st.nch)}, '
             f'{", ".join(args + outs + reds)})')
    results = list(views)
    for (e, axes, how, init, adt), r in zip(spec.reductions, reds):
        results.append(_finish(e, how, r, src))
    for sl, x in zip(st.outs, results):
        var[sl] = _bind(x, src)


def _chain_step(st: Any, src: _Source, var: dict) -> None:
    spec = st.spec
    fn = src.kernel(st)
    n = src.sizes_array(st.sizes)
    made: dict = {}
    have = {v.id: var[sl] for v, sl in zip(st.in_vars, st.ins)}
    reds: list = []
    finish: list = []
    for sp in spec.specs:
        for v in sp.stores:
            o = src.name('o')
            src.alloc(v.shape, v.dtype)
            src.emit(f'{o} = np.empty({src.shape(v.shape)}, {_np_dtype(v.dtype)})')
            made[v.id] = o
        bufs = _alloc_reductions(sp, st.nch, src)
        for (e, axes, how, init, adt), b in zip(sp.reductions, bufs):
            if how == 'row':
                made[e.out.id] = _bind(f'{b}.reshape({src.shape(e.out.shape)})', src)
            finish.append((e, how, b))
        reds.append(bufs)
    for e in st.chain.views:
        made[e.out.id] = _bind(_reshaped(made[e.inputs[0].id], e.out.shape, src), src)
    call = []
    for sp, bufs in zip(spec.specs, reds):
        call += [_prepared(made[v.id] if v.id in made else have[v.id], mode)
                 for v, mode in sp.inputs]
        call += [made[v.id] for v in sp.stores] + bufs
    src.emit(f'{fn}({n}, {src.size(st.ch)}, {src.size(st.nch)}, {", ".join(call)})')
    results = []
    fin = iter(finish)
    for sp in spec.specs:
        results += [made[v.id] for v in sp.stores]
        for _ in sp.reductions:
            e, how, b = next(fin)
            results.append(made[e.out.id] if how == 'row' else _finish(e, how, b, src))
    results += [made[e.out.id] for e in st.chain.views]
    for sl, x in zip(st.outs, results):
        var[sl] = _bind(x, src)


def _bind(expr: str, src: _Source) -> str:
    if expr.isidentifier():
        return expr
    v = src.name('v')
    src.emit(f'{v} = {expr}')
    return v


_MM = {(False, False): 'mm_nn', (False, True): 'mm_nt', (True, False): 'mm_tn',
       (True, True): 'mm_tt'}


def _call_step(e: Eqn, st: tuple, src: _Source, var: dict) -> None:
    fn, params, ins, out = st
    x = [var[s] for s in ins]
    name = e.prim.name
    if name == 'matmul':
        mm = _MM[(bool(params["transa"]), bool(params["transb"]))]
        expr = f'{"b" + mm if BLAS else mm}({x[0]}, {x[1]})'
        src.alloc(e.out.shape, e.out.dtype)
        a = e.inputs[0].shape
        src.products.append(int(math.prod(e.out.shape)) * (a[0] if params['transa'] else a[1]))
    elif name in ('argmax', 'argmin'):
        expr = _arg_best(e, x[0], src)
    elif name == 'reshape':
        expr = _reshaped(x[0], e.out.shape, src)
    else:  # transpose
        expr = f'{x[0]}.transpose({tuple(int(a) for a in params["axes"])})'
    var[out] = _bind(expr, src)


def _arg_best(e: Eqn, x: str, src: _Source) -> str:
    """``argmax``/``argmin`` of ``x``: the input seen as (outer, axis, inner)."""
    shape = e.inputs[0].shape
    axis = e.params.get('axis')
    if axis is None or not shape:
        outer, n, inner = 1, int(math.prod(shape)), 1
    else:
        axis %= len(shape)
        outer = int(math.prod(shape[:axis]))
        n, inner = shape[axis], int(math.prod(shape[axis + 1:]))
    o = src.name('o')
    src.alloc((outer * inner,), e.out.dtype)
    src.emit(f'{o} = np.empty({src.size(outer * inner)}, {_np_dtype(e.out.dtype)})')
    src.emit(f'arg_best({_reshaped(x, (outer, n, inner), src)}, {o}, '
             f'{e.prim.name == "argmax"})')
    return o if len(e.out.shape) <= 1 else f'{o}.reshape({src.shape(e.out.shape)})'


def eligible(exe: Any) -> bool:
    """Whether ``exe``'s plan can run as one call (see the module docstring)."""
    for v in exe._all_vars(exe.graph):
        # Dtypes the generated loops do not handle (float16, complex) run op by
        # op in the step-by-step plan; a compiled function could not hold them.
        if int(math.prod(v.shape)) > SMALL_MAX or v.dtype not in SUPPORTED:
            return False
    for u in exe.units:
        if isinstance(u, (Group, RowChain)):
            continue
        name = u.prim.name
        if name == 'matmul':
            a, b = u.inputs
            if len(a.shape) != 2 or len(b.shape) != 2 or a.dtype.kind != 'f':
                return False
            inner = a.shape[0] if u.params['transa'] else a.shape[1]
            if not BLAS and int(math.prod(u.out.shape)) * inner > LOOP_MAX:
                return False
        elif name not in ('reshape', 'transpose', 'argmax', 'argmin'):
            return False
    return True


class OneCall:
    """The plan of an :class:`~tapejit.compiler.executable.Executable` as one
    compiled function; ``None`` from :meth:`__call__` means "run it step by
    step" (its function did not compile)."""

    def __init__(self, exe: Any) -> None:
        src = _Source()
        var: dict = {}
        g = exe.graph
        params = []
        read: set = set()
        for kind, st in exe.steps:
            read.update(st.ins if kind == 'kernel' else st[2])
        read.update(exe.out_slots)
        self.arg_inputs = []   # (input index, carried as 1-d)
        for i, (v, sl) in enumerate(zip(g.invars, exe.in_slots)):
            if sl in read and sl not in var:
                var[sl] = f'a{len(params)}'
                params.append(var[sl])
                self.arg_inputs.append((i, v.shape == ()))
        self.const_args = []
        for (sl, c), v in zip(exe.const_slots, g.constvars):
            if sl in read and sl not in var:
                var[sl] = f'a{len(params)}'
                params.append(var[sl])
                self.const_args.append(c.reshape(1) if c.shape == () else c)
        for u, (kind, st) in zip(exe.units, exe.steps):
            if kind == 'call':
                _call_step(u, st, src, var)
            elif isinstance(st.spec, codegen.ChainSpec):
                _chain_step(st, src, var)
            else:
                _kernel_step(st, src, var)
        outs = [var[sl] for sl in exe.out_slots]
        # Donated inputs (a parameter whose update is an output): the update is
        # copied into the parameter's own array at the end, when nothing reads
        # the old values any more, and that array is the output, so the caller
        # finds the update in place (as eager ``W.array -= ...``) at no cost.
        # Each gets a parameter of its own, typed C-contiguous and writable: a
        # read-only or strided array is replaced by a scratch array per call.
        # Graph inputs the native function refuses to take as one object
        # (set by the jitted plan; see native_plan.NativePlan).
        self.distinct_inputs: frozenset = frozenset()
        self.donated = []   # (output index, input index)
        in_args = {i for i, _ in self.arg_inputs}
        for o, i in sorted(exe.donate_map.items()):
            if o >= len(g.outvars) or i >= len(g.invars) or i not in in_args:
                continue
            ov, iv = g.outvars[o], g.invars[i]
            if (ov.shape != iv.shape or ov.dtype != iv.dtype or iv.shape == ()
                    or exe.in_slots[i] in exe.out_slots
                    or exe.out_slots.count(exe.out_slots[o]) > 1):
                continue
            d = f'd{len(self.donated)}'
            params.append(d)
            src.emit(f'copy_into({d}, {outs[o]})')
            outs[o] = d
            self.donated.append((o, i))
        # The caller has the donated arrays already: returning them would only
        # box each again (about 0.2 µs apiece).
        kept = [x for k, x in enumerate(outs) if k not in {o for o, _ in self.donated}]
        self.n_kept = len(kept)
        # The graph outputs returned, in order (the others are donated).
        self.kept_outputs = [k for k in range(len(outs))
                             if k not in {o for o, _ in self.donated}]
        self.scratch_bytes = src.scratch
        self.largest_product = max(src.products, default=0)
        self._fast: Any = None  # written once a call ran (_write_fast)
        src.emit(f'return ({"".join(x + ", " for x in kept)})')
        self.zero_d_outs = [i for i, v in enumerate(g.outvars) if v.shape == ()]
        self._donated_last: list = [None] * len(self.donated)
        self.any_zero_d = any(zd for _, zd in self.arg_inputs)
        self.copy_out = exe.copy_out
        self.table = numpy.array(src.table, numpy.int64)
        body = [f'def plan(T, {", ".join(params)}):'] + src.lines
        self.source = '\n'.join(body) + '\n'
        self.statements = len(params) + len(src.lines)
        self._kernels = src.kernels   # key -> (name, source, parallel, fastmath)
        self.fn: Any = None
        self.failed = False
        self.in_memory = False
        self.graph = g
        self.native: Any = None         # the NativePlan, once built
        self.native_refused: Optional[str] = None   # why the translator refused it

    def _marker(self) -> Optional[str]:
        d = kernel_cache.cache_dir()
        if d is None:
            return None
        key = hashlib.sha256(self.module_text(True).encode()).hexdigest()[:24]
        return os.path.join(d, 'hot', key)

    def was_hot(self) -> bool:
        """Whether this plan ran as one call in an earlier process."""
        m = self._marker()
        return m is not None and os.path.exists(m)

    def mark_hot(self) -> None:
        """Remember, for later processes, that this plan became hot."""
        m = self._marker()
        if m is None:
            return
        try:
            os.makedirs(os.path.dirname(m), exist_ok=True)
            with open(m, 'w'):
                pass
        except OSError:
            pass  # kernel_cache warns about an unusable directory

    def cheap_to_compile(self) -> bool:
        """Whether the function is small enough to compile as one
        (``MAX_STATEMENTS``); a larger plan runs step by step."""
        return self.statements <= MAX_STATEMENTS

    def module_text(self, cache: bool) -> str:
        """The whole module: the plan function, calling the kernels the step
        runner loaded (shared with other plans, so each compiles once)."""
        parts = ['from tapejit.compiler.kernel_cache import loaded_kernel\n'
                 'from tapejit.compiler.small_ops import (arg_best, bmm_nn, bmm_nt, bmm_tn, '
                 'bmm_tt, copy_into, fin_cast, fin_max, fin_min, fin_sum, mm_nn, mm_nt, '
                 'mm_tn, mm_tt)\n\n']
        for key, (fname, _, _, _) in self._kernels.items():
            parts.append(f'{fname} = loaded_kernel({key!r})\n')
        parts.append('\n\n')
        parts.append(f'@njit(cache={cache}, nogil=True, boundscheck=False, '
                     'error_model="numpy")\n' + self.source)
        return ''.join(parts)

    def fast(self, inputs: list) -> Optional[list]:
        """:meth:`__call__` for a call like the last one that ran, as a
        function written out for this plan (arguments, the donated arrays'
        identity check and the result assembly inline); ``None`` where it
        does not apply (a donated array not seen last call, an error), and
        the caller runs :meth:`__call__` instead."""
        return None if self._fast is None else self._fast(inputs)

    def _native(self, inputs: list) -> Any:
        """The natively compiled plan, built on the first call; ``None``
        where that path is off or refuses this plan (Numba's then)."""
        if self.native is None and self.native_refused is None:
            if not (NATIVE and native.enabled()):
                self.native_refused = 'off'
                return None
            # Threads calling a new plan at once build it once (and CPython's
            # ast.parse, which the translator uses, is not thread-safe).
            with native.lock():
                if self.native is None and self.native_refused is None:
                    self._build_native(inputs)
        return self.native

    def _build_native(self, inputs: list) -> None:
        # (Imported here: a plan too large for one call never loads it.)
        from tapejit.compiler import native_plan
        d = kernel_cache.cache_dir()
        if os.environ.get('TAPEJIT_DEBUG', '') not in ('', '0'):
            print(f'--- tapejit native plan\n{self.source}', file=sys.stderr)
        if BLAS and self.largest_product > native_plan.PRODUCT_MAX:
            # Numba's function calls BLAS for it.
            self.native_refused = (f'a product of {self.largest_product} multiply-adds '
                                   '(BLAS through Numba)')
            return
        try:
            plan = native_plan.NativePlan(self, self.graph, inputs,
                                          os.path.join(d, 'native') if d else None)
        except native.Unsupported as e:
            self.native_refused = str(e) or 'unsupported'
            return
        self.native = plan  # (the executable calls plan.run directly from now on)

    def _write_fast(self) -> None:
        env: dict = {'_fn': self.fn, '_table': self.table, '_last': self._donated_last,
                     '_array': numpy.array}
        args = []
        for i, zd in self.arg_inputs:
            args.append(f'inputs[{i}].reshape(1)' if zd else f'inputs[{i}]')
        for k, c in enumerate(self.const_args):
            env[f'_c{k}'] = c
            args.append(f'_c{k}')
        lines = []
        for k, (_, i) in enumerate(self.donated):
            lines.append(f'd{k} = inputs[{i}]')
            lines.append(f'if d{k} is not _last[{k}]: return None')
            args.append(f'd{k}')
        lines.append('try:')
        lines.append(f'    res = _fn(_table, {", ".join(args)})')
        lines.append('except Exception:')
        lines.append('    return None')
        donated = {o: k for k, (o, _) in enumerate(self.donated)}
        outs, r = [], 0
        for o in range(len(self.donated) + self.n_kept):
            if o in donated:
                outs.append(f'd{donated[o]}')
            else:
                outs.append(f'res[{r}]')
                r += 1
        for i in self.zero_d_outs:
            outs[i] = f'{outs[i]}.reshape(())'
        for i in self.copy_out:
            outs[i] = f'_array({outs[i]}, copy=True)'
        lines.append(f'return [{", ".join(outs)}]')
        src = 'def fast(inputs):\n' + ''.join(f'    {ln}\n' for ln in lines)
        exec(compile_source(src, '<tapejit plan call>'), env)
        self._fast = env['fast']

    def __call__(self, inputs: list, recheck: bool = True) -> Optional[list]:
        if self.failed:
            return None
        if self.native is not None or (self.native_refused is None
                                       and self._native(inputs) is not None):
            # None: these arrays (read-only, strided) run step by step.
            return self.native(inputs)
        if self.fn is None:
            # The module reads its kernels from those loaded (loaded_kernel).
            for _, source, par, fm in self._kernels.values():
                # (Numba's: the plan calls them from its own compiled code.)
                kernel_cache.get_kernel('kernel', source, parallel=par, fastmath=fm,
                                        native=False)
            self.fn = kernel_cache.get_function(self.module_text, 'plan')
        if self.any_zero_d:
            args = [inputs[i].reshape(1) if zd else inputs[i] for i, zd in self.arg_inputs]
        else:
            args = [inputs[i] for i, _ in self.arg_inputs]
        args += self.const_args
        dargs = [inputs[i] for _, i in self.donated]
        last = self._donated_last
        for k, a in enumerate(dargs):
            # The same parameter array as last call passed these checks then.
            # (One made read-only since is typed apart by Numba, so the call
            # fails to compile instead of writing it, and is checked again.)
            if a is not last[k]:
                f = a.flags
                if not (a.__class__ is numpy.ndarray and f.c_contiguous and f.writeable):
                    dargs[k] = numpy.empty(a.shape, a.dtype)
                else:
                    last[k] = a
        try:
            res = self.fn(self.table, *args, *dargs)
        except Exception as exc:
            numba_error = type(exc).__module__.startswith('numba')
            # (Only a function that compiled before can have met a parameter
            # that changed since: a first failure is the plan's own.)
            if numba_error and recheck and self.fn.signatures and any(
                    a is not None for a in last):
                self._donated_last = [None] * len(self.donated)
                self._fast = None
                return self(inputs, recheck=False)
            first = self.fn.signatures == [] and not self.in_memory
            if first and not (numba_error and 'TypingError' in type(exc).__name__):
                # A disk cache entry that does not load (damaged, from
                # elsewhere) is never trusted: compiled afresh.
                warnings.warn(f'tapejit: the plan function did not load from the cache '
                              f'({type(exc).__name__}: {exc}); recompiling it',
                              RuntimeWarning, stacklevel=4)
                for fname, source, par, fm in self._kernels.values():
                    kernel_cache.compile_in_memory('kernel', source, parallel=par,
                                                   fastmath=fm)
                self.fn = kernel_cache.function_in_memory(self.module_text, 'plan')
                self._fast = None
                self.in_memory = True
                return self(inputs)
            if not numba_error:
                raise
            self.failed = True
            warnings.warn(f'tapejit: the plan did not compile as one call '
                          f'({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ""}'
                          f'); running it step by step', RuntimeWarning, stacklevel=4)
            return None
        if self._fast is None and all(a is b for a, b in zip(dargs, self._donated_last)):
            self._write_fast()
        outs = list(res)
        for (o, _), d in zip(self.donated, dargs):  # in increasing output order
            outs.insert(o, d)
        for i in self.zero_d_outs:
            outs[i] = outs[i].reshape(())
        for i in self.copy_out:
            outs[i] = numpy.array(outs[i], copy=True)
        return outs
