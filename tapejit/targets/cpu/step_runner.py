"""A plan's steps as straight-line Python: the step runner.

A plan that does not run as one native call
(:mod:`~tapejit.targets.cpu.one_call`) runs through one generated function
whose statements name each kernel, slot, shape and dtype as constants: it
prepares each kernel's inputs by their mode, takes output buffers from the
plan's pool, checks donated arrays, allocates reduction buffers and
finishes them, and frees each buffer after its last reader.  The first
call's runner calls each kernel through a wrapper that loads it
(:class:`~tapejit.targets.cpu.executable._FirstCall`); the runner written
after it calls the loaded kernels directly.  ``profile()``'s runner also
times each step.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional

import numpy

from tapejit.compiler.codecache import compile_source
from tapejit.targets.cpu import codegen
from tapejit.targets.cpu.buffers import POOL_MIN_BYTES


def _nbytes(shape: tuple, dtype: numpy.dtype) -> int:
    n = dtype.itemsize
    for d in shape:
        n *= d
    return n


def compile_runner(exe: Any, first: bool = False,
                   times: Optional[list] = None) -> Callable[[list], list]:
    """``run(inputs) -> outputs`` for ``exe``'s steps.  ``first``: each
    kernel called through its step's first-call wrapper (which loads it);
    ``times``: each step's seconds added to ``times[step]``.

    >>> import numpy as np, tapejit
    >>> from tapejit.targets import compile_graph
    >>> from tapejit.ir.trace import trace_graph
    >>> x = np.arange(4, dtype=np.float32)
    >>> ex = compile_graph(trace_graph(lambda v: v * 2 + 1, [x]))
    >>> compile_runner(ex, first=True)([x])[0]
    array([1., 3., 5., 7.], dtype=float32)
    """
    env: dict = {'_nd': numpy.ndarray, '_asc': numpy.ascontiguousarray,
                 '_empty': numpy.empty, '_full': numpy.full, '_copyto': numpy.copyto,
                 '_asarray': numpy.asarray, '_array': numpy.array,
                 '_fin': codegen.finish_reduction, '_pool': exe.pool,
                 '_clock': time.perf_counter, '_times': times}
    names: dict = {}

    def const(value: Any) -> str:
        key = id(value)
        if key not in names:
            names[key] = f'_k{len(names)}'
            env[names[key]] = value
        return names[key]

    lines = ['_pool.reclaim()', 'take = _pool.take', 'release = _pool.release',
             f'env = [None] * {exe.nslots}']
    emit = lines.append
    for sl, c in exe.const_slots:
        emit(f'env[{sl}] = {const(c)}')
    for k, sl in enumerate(exe.in_slots):
        emit(f'env[{sl}] = inputs[{k}]')
    for i, (kind, st) in enumerate(exe.steps):
        if times is not None:
            emit('t0 = _clock()')
        if kind == 'call':
            fn, params, ins, out = st
            args = [f'env[{j}]' for j in ins] + ([f'**{const(params)}'] if params else [])
            emit(f'r = {const(fn)}({", ".join(args)})')
            emit(f'env[{out}] = r if r.__class__ is _nd else _asarray(r)')
            emit('del r')
        else:
            kernel = ((const(exe.first_call(st)),) if first or st.kernel is None
                      else _kernel_call(st, const))
            (_kernel if type(st) is exe.kernel_step else _chain)(st, kernel, emit, const)
        # Locals never outlive the statements above: the pool reads whether
        # anyone else holds a buffer from its reference count.
        for sl in exe.free_after[i]:
            emit(f'release(env, {sl})')
        for sl in exe.drop_after[i]:
            emit(f'env[{sl}] = None')
        if times is not None:
            emit(f'_times[{i}] += _clock() - t0')
    emit(f'outs = [{", ".join(f"env[{sl}]" for sl in exe.out_slots)}]')
    emit('del env')
    for i in exe.copy_out:
        emit(f'outs[{i}] = _array(outs[{i}], copy=True)')
    emit('_pool.lend(outs)')
    emit('return outs')
    src = 'def run(inputs):\n' + ''.join(f'    {ln}\n' for ln in lines)
    exec(compile_source(src, '<tapejit step runner>'), env)
    return env['run']


def _kernel_call(st: Any, const: Callable) -> tuple:
    """The names calling step ``st``'s loaded kernel: ``(kernel,)``, or a
    native kernel's ``(compiled entry, dispatcher)``."""
    fast = getattr(st.kernel, 'fast', None)
    return (const(st.kernel),) if fast is None else (const(fast), const(st.kernel))


def _call(st: Any, kernel: tuple, args: list, emit: Callable, const: Callable) -> None:
    """The call of a kernel step's ``kernel`` on ``args`` (after its sizes):
    a native kernel's compiled entry first; not None means it refused the
    arguments, and its dispatcher runs them."""
    call = f'({const(st.sizes)}, {st.ch}, {st.nch}, {", ".join(args)})'
    if len(kernel) == 2:
        emit(f'if {kernel[0]}{call} is not None:')
        emit(f'    {kernel[1]}{call}')
    else:
        emit(f'{kernel[0]}{call}')


def _chain(st: Any, kernel: tuple, emit: Callable, const: Callable) -> None:
    """One row chain step, as ``_ChainStep.run`` does it (its loop over the
    parts' buffers, written out: in a loop it cost more than a small kernel)."""
    spec = st.spec
    have = {v.id: f'env[{sl}]' for v, sl in zip(st.in_vars, st.ins)}
    made: dict = {}
    temps: list = []

    def temp(expr: str) -> str:
        name = f'm{len(temps)}'
        temps.append(name)
        emit(f'{name} = {expr}')
        return name

    # Buffers first: a later part reads what an earlier one writes.
    parts = []
    for sp in spec.specs:
        for v in sp.stores:
            made[v.id] = temp(f'take({const(v.shape)}, {const(v.dtype)})')
        bufs = []
        for (e, axes, how, init, adt), (shape, dt, fill) in zip(
                sp.reductions, codegen.reduction_layout(sp, st.nch)):
            b = temp(f'_full({const(shape)}, {const(fill)}, {const(dt)})')
            if how == 'row':
                made[e.out.id] = temp(f'{b}.reshape({const(e.out.shape)})')
            bufs.append((e, how, b))
        parts.append(bufs)
    for e in st.chain.views:
        made[e.out.id] = temp(f'{made[e.inputs[0].id]}.reshape({const(e.out.shape)})')
    # Parameters in part order: inputs, stores, reductions per part.
    args = []
    for sp, bufs in zip(spec.specs, parts):
        for v, mode in sp.inputs:
            a = made.get(v.id) or have[v.id]
            args.append(f'_asc({a}).reshape(-1)' if mode in ('scalar', 'flat') else a)
        args += [made[v.id] for v in sp.stores] + [b for _, _, b in bufs]
    _call(st, kernel, args, emit, const)
    res = []
    for sp, bufs in zip(spec.specs, parts):
        res += [made[v.id] for v in sp.stores]
        res += [made[e.out.id] if how == 'row' else f'_fin({const(e)}, {how!r}, {b}, {st.nch})'
                for e, how, b in bufs]
    res += [made[e.out.id] for e in st.chain.views]
    for sl, r in zip(st.outs, res):
        emit(f'env[{sl}] = {r}')
    if temps:
        emit(f'del {", ".join(temps)}')


def _kernel(st: Any, kernel: tuple, emit: Callable, const: Callable) -> None:
    """One kernel step, as ``_KernelStep.run`` does it."""
    spec = st.spec
    flat = spec.flat
    args = []
    donated_in = {i: k for k, i in st.donated.items()}
    for j, ((v, mode), sl) in enumerate(zip(spec.inputs, st.ins)):
        if j in donated_in:
            args.append(f'd{donated_in[j]}' + ('.reshape(-1)' if flat else ''))
        elif mode in ('scalar', 'flat'):
            args.append(f'_asc(env[{sl}]).reshape(-1)')
        else:
            args.append(f'env[{sl}]')
    outs = []
    for k, (v, sl) in enumerate(zip(spec.stores, st.outs)):
        shape, dt = const(v.shape), const(v.dtype)
        if k in st.donated:
            # The kernel writes through this input: a copy where the
            # caller's array may not be written (as _KernelStep.run).
            src = st.ins[st.donated[k]]
            emit(f'd{k} = env[{src}]')
            emit(f'if not (d{k}.__class__ is _nd and d{k}.flags.c_contiguous '
                 f'and d{k}.flags.writeable):')
            emit(f'    d{k} = take({shape}, {dt})')
            emit(f'    _copyto(d{k}, env[{src}])')
            continue
        alloc = 'take' if _nbytes(v.shape, v.dtype) >= POOL_MIN_BYTES else '_empty'
        emit(f'env[{sl}] = {alloc}({shape}, {dt})')
        outs.append(f'env[{sl}]' + ('.reshape(-1)' if flat else ''))
    reds = []
    for j, (shape, dt, init) in enumerate(codegen.reduction_layout(spec, st.nch)):
        emit(f'r{j} = _full({const(shape)}, {const(init)}, {const(dt)})')
        reds.append(f'r{j}')
    _call(st, kernel, args + outs + reds, emit, const)
    for k in st.donated:
        emit(f'env[{st.outs[k]}] = d{k}')
        emit(f'del d{k}')
    n = len(spec.stores)
    for j, (e, axes, how, init, adt) in enumerate(spec.reductions):
        emit(f'env[{st.outs[n + j]}] = _fin({const(e)}, {how!r}, r{j}, {st.nch})')
        emit(f'del r{j}')
