"""The window primitives as ``numba.cuda`` kernels, built as loop IR for the
CUDA renderer like a fusion group's: ``im2col`` a gather (a thread per window
element, the pad value outside the image), ``col2im`` a sum per pixel of the
window elements that read it (``'cols'``: no two threads write one cell, no
atomics), ``take_rows`` a gather of rows.  Index arithmetic is int64 ops of
the CUDA table; an index is clamped into its array and a read that needed
clamping replaced.  The image's (``im2col``) or windows' (``col2im``) extent
is written into the source; the other sizes are the launch's.

>>> import numpy as np
>>> from tapejit.ir.graph import Eqn, Var
>>> from tapejit.ops.registry import PRIMITIVES
>>> x, col = Var(0, (2, 3, 5, 5), np.float32), Var(1, (2, 3, 3, 3, 5, 5), np.float32)
>>> e = Eqn(PRIMITIVES['im2col'], (x,), dict(ksize=(3, 3), stride=(1, 1), pad=(1, 1),
...         dilate=(1, 1), out_size=(5, 5), pad_value=0.0), col)
>>> spec = render(e, 'kernel', 8)
>>> spec.kind, spec.shape, 'v0 = (in0[i0, i1, wy, wx] if (' in spec.source
('ew', (2, 3, 3, 3, 5, 5), True)
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.compiler import kernel_ir as K, loop_ir as L
from tapejit.ir.graph import Eqn
from tapejit.ops.registry import PRIMITIVES
from tapejit.targets.cuda import codegen

_I, _B = numpy.dtype(numpy.int64), numpy.dtype(numpy.bool_)


def _op(name: str, *args: Any) -> L.Apply:
    """Int64 op ``name`` of the CUDA table on locals (str), ints and expressions."""
    a = [L.Const(x, _I) if isinstance(x, int) else L.Local(x) if isinstance(x, str) else x
         for x in args]
    return L.Apply(name, a, {}, [_I] * len(a), _B if name in ('equal', 'less') else _I)


def _lin(const: int, **terms: int) -> Any:
    e: Any = L.Const(const, _I)  # const + sum(coef * index)
    for var, coef in terms.items():
        e = _op('add', e, var if coef == 1 else _op('mul', var, coef))
    return e


def _exact(body: list, a: str, t: Any, s: int, size: int) -> L.Apply:
    """``w<a>`` = ``t / s`` (truncated) clamped into ``[0, size)``; returns
    ``|w<a> * s - t|``, 0 only where ``t`` is ``s`` times an index in range."""
    body.append(L.Assign(L.Local('t' + a), t))
    body += [L.Assign(L.Local('w' + a), _op('maximum', _op('div', 't' + a, s) if s != 1
                                                else 't' + a, 0)),
             L.Assign(L.Local('w' + a), _op('minimum', 'w' + a, size - 1))]
    return _op('absolute', _op('sub', _op('mul', 'w' + a, s) if s != 1 else 'w' + a, 't' + a))


def _windows(e: Eqn, body: list) -> tuple:
    """im2col's value per window element ``(n, c, j, i, y, x)``, or col2im's
    per pixel and window element ``(n, c, y, x, j, i)``, and the axes summed."""
    st, pad, dil = (e.params[k] for k in ('stride', 'pad', 'dilate'))
    gather, dt = e.prim.name == 'im2col', e.out.dtype
    size = e.inputs[0].shape[2:] if gather else e.inputs[0].shape[4:]
    offs = []
    for a, k in (('y', 0), ('x', 1)):
        if gather:  # the pixel of window element j at output o: o * s + j * d - p
            t, s = _lin(-pad[k], **{f'i{4 + k}': st[k], f'i{2 + k}': dil[k]}), 1
        else:  # the output whose window element j reads pixel y: (y + p - j * d) / s
            t, s = _lin(pad[k], **{f'i{2 + k}': 1, f'i{4 + k}': -dil[k]}), st[k]
        offs.append(_exact(body, a, t, s, size[k]))
    load = L.Load('in0', ('i0', 'i1') + (() if gather else ('i4', 'i5')) + ('wy', 'wx'))
    fill = L.Const(e.params['pad_value'] if gather else 0, dt)
    return L.Apply('where', (_op('equal', _op('add', *offs), 0), load, fill), {},
                   (_B, dt, dt), dt), () if gather else (4, 5)


def _take_rows(e: Eqn, body: list) -> tuple:
    r, rows = len(e.inputs[1].shape), e.inputs[0].shape[0]
    body.append(L.Assign(L.Local('rid'), L.Load('in1', [f'i{d}' for d in range(r)])))
    # A negative id counts from the end, as NumPy's take.
    body.append(L.Assign(L.Local('row'), L.Apply('where', (_op('less', 'rid', 0), _op(
        'add', 'rid', rows), L.Local('rid')), {}, (_B, _I, _I), _I)))
    # (Clamped: an id out of range, which embed_id reports after the run, reads
    # a row of the array rather than memory past it.)
    body.append(L.Assign(L.Local('row'), _op('minimum', _op('maximum', 'row', 0), rows - 1)))
    return L.Load('in0', ['row'] + [f'i{d}' for d in range(r, len(e.out.shape))]), ()


BUILDERS = {'im2col': _windows, 'col2im': _windows, 'take_rows': _take_rows}


def render(e: Eqn, name: str, block: int) -> Optional[codegen.CudaKernelSpec]:
    """Equation ``e``'s kernel; None for a primitive without one (or no ids axis)."""
    build = BUILDERS.get(e.prim.name)
    if build is None or (e.prim.name == 'take_rows' and not e.inputs[1].shape):
        return None
    spec, body = codegen.CudaKernelSpec(), []
    value, axes = build(e, body)
    S = e.out.shape + (e.inputs[0].shape[2:4] if axes else ())
    # A pixel's few window elements are summed by one thread ('cols').
    spec.shape, spec.axes, spec.kind = S, axes, 'cols' if axes else 'ew'
    spec.name, spec.block, spec.members = name, block, [e]
    spec.inputs, spec.in_params = [(v, 'nd') for v in e.inputs], ['in0', 'in1'][:len(e.inputs)]
    params, pre, accs = list(spec.in_params), [], []
    if axes:
        adt, acc = K.acc_dtype(e.out.dtype, 'sum'), L.Local('acc0')
        pre, accs = [L.Assign(acc, L.Const(0, adt))], [(acc, 'sum', adt, 'red0')]
        body.append(L.Accumulate('sum', acc, L.Cast(value, adt)))
        params.append('red0')
        spec.reductions.append((Eqn(PRIMITIVES['sum'], e.inputs, {}, e.out), 0, adt))
    else:
        body.append(L.Assign(L.Local('v0'), value))
        body += K.store_stmts(spec, [e.out], {e.out.id: L.Local('v0')}, params,
                              tuple(f'i{d}' for d in range(len(S))))[0]
    spec.kernel = L.Kernel(name, params, [], L.GridLoop(spec.kind, len(S), axes, False, block,
                                                        pre, body, accs))
    spec.source = codegen.source(spec.kernel)
    spec.outputs = list(spec.stores) + [e.out for _ in accs]
    return spec
