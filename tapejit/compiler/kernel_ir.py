"""The per-element loop IR of a fused kernel, built the same way for every target.

A target decides the schedule; what each element computes is built here
as loop-IR statements: how outside inputs are read (:func:`bind_inputs`),
the members (:func:`elementwise_stmts`) and the stores (:func:`store_stmts`).

>>> import numpy as np
>>> from tapejit.ir.graph import Eqn, Var
>>> from tapejit.ops.registry import PRIMITIVES
>>> x, y = Var(0, (4,), np.dtype('float32')), Var(1, (4,), np.dtype('float32'))
>>> spec = KernelSpec(); spec.flat = True
>>> names, hoisted, params = bind_inputs(spec, [x], {}, (4,))
>>> body = elementwise_stmts([Eqn(PRIMITIVES['exp'], (x,), {}, y)], set(), names)
>>> stores, _ = store_stmts(spec, [y], names, params, ('i',))
>>> [type(s).__name__ for s in body + stores], params
(['Assign', 'Assign'], ['in0', 'out0'])
"""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy

from tapejit.compiler import loop_ir as L


class KernelSpec:
    """What a kernel's caller needs besides the compiled function.

    >>> KernelSpec().inputs
    []
    """

    def __init__(self) -> None:
        self.source = ''
        self.name = ''
        self.flat = False
        self.shape: tuple = ()
        self.inputs: list = []     # (var, mode) with mode 'scalar' | 'flat' | 'nd'
        self.stores: list = []     # vars stored at shape S
        self.reductions: list = []  # per reduction, as the target describes it
        self.outputs: list = []    # vars the kernel hands out, in order
        self.pieces: dict = {}     # parts of the source, for a row chain
        self.in_params: list = []  # the parameter name of each of ``inputs``
        self.inplace: dict = {}    # store index -> index in ``inputs`` it writes through
        self.kernel: Any = None    # the loop-IR kernel ``source`` renders


def acc_dtype(out_dtype: numpy.dtype, op: str) -> numpy.dtype:
    """Accumulator dtype of a reduction ``op`` producing ``out_dtype``.

    >>> acc_dtype(numpy.dtype('float32'), 'sum'), acc_dtype(numpy.dtype('float32'), 'max')
    (dtype('float64'), dtype('float32'))
    """
    # float32 sums accumulate in float64: chunked sequential sums are then as
    # accurate as NumPy's pairwise ones.
    if op == 'sum' and out_dtype.kind == 'f':
        return numpy.dtype(numpy.float64)
    return out_dtype


def init_value(op: str, dt: numpy.dtype) -> Any:
    """The identity of ``op`` in dtype ``dt``.

    >>> init_value('max', numpy.dtype('float32')), init_value('min', numpy.dtype('int8'))
    (-inf, 127)
    """
    if op == 'sum':
        return 0
    if dt.kind == 'f':
        return -numpy.inf if op == 'max' else numpy.inf
    if dt.kind == 'b':
        return op != 'max'
    info = numpy.iinfo(dt)
    return info.min if op == 'max' else info.max


def input_mode(v: Any, consts: dict, S: tuple, flat: bool) -> Optional[str]:
    """How a kernel over ``S`` reads outside input ``v``: None (a one-element
    constant, written as a literal), ``'scalar'`` (one value, hoisted),
    ``'flat'`` (at the flat index) or ``'nd'`` (at the broadcast multi-index).

    >>> from tapejit.ir.graph import Var
    >>> [input_mode(Var(0, s, 'float32'), {}, (2, 3), False) for s in [(2, 3), (3,), (1,)]]
    ['nd', 'nd', 'scalar']
    """
    size = int(math.prod(v.shape))
    if v.id in consts and size == 1:
        return None
    if size == 1 and (v.shape != S or not S or flat):
        return 'scalar'
    return 'flat' if flat else 'nd'


class Interface:
    """What a kernel reads and writes, known before it is rendered (memory
    planning decides its buffers from it): ``inputs`` as ``(var, mode)``
    in parameter order, ``stores`` (values written at every index of
    ``shape``) and ``outputs`` (the stores, then the reductions' values)."""

    __slots__ = ('shape', 'inputs', 'stores', 'outputs')

    def __init__(self, shape: tuple, inputs: list, stores: list, outputs: list) -> None:
        self.shape, self.inputs, self.stores, self.outputs = shape, inputs, stores, outputs


def interface(members: list, stores: list, reds: list, consts: dict, S: tuple,
              flat: bool) -> Interface:
    """The :class:`Interface` of a kernel over ``S`` computing ``members``,
    storing ``stores`` and reducing into the outputs of ``reds``; rendering
    it binds its inputs in the same order (:func:`bind_inputs`)."""
    ins = [(v, m) for v in outside_inputs(members)
           for m in [input_mode(v, consts, S, flat)] if m is not None]
    return Interface(S, ins, list(stores), list(stores) + [e.out for e in reds])


def bind_inputs(spec: Any, ext: list, consts: dict, S: tuple, prefix: str = '',
                within: Optional[dict] = None) -> tuple:
    """How a kernel over ``S`` reads each outside input (a literal, a hoisted
    scalar, a flat or broadcast nd index: :func:`input_mode`), into
    ``spec.inputs``; returns (value id -> loop-IR expression, hoisted
    statements, parameter names).  ``within``: values an earlier part of a
    row chain made (id -> parameter, shape, which differs by trailing 1s at
    most), read through that parameter."""
    r = len(S)
    names: dict = {}
    hoisted: list = []
    params: list = []
    for k, v in enumerate(ext):
        off = r - len(v.shape)
        idx = [0 if (d == 1 and S[off + j] != 1) else f'i{off + j}' for j, d in enumerate(v.shape)]
        if v.id in (within or {}):
            arg, shape = within[v.id]
            names[v.id] = L.Load(arg, (idx + [0] * len(shape))[:len(shape)])
            continue
        mode = input_mode(v, consts, S, spec.flat)
        if mode is None:
            names[v.id] = L.Const(consts[v.id].reshape(-1)[0], v.dtype)
            continue
        arg = f'{prefix}in{k}'
        params.append(arg)
        spec.in_params.append(arg)
        spec.inputs.append((v, mode))
        if mode == 'scalar':
            names[v.id] = L.Local(f'{prefix}s{k}')
            hoisted.append(L.Assign(names[v.id], L.Load(arg, (0,))))
        else:
            names[v.id] = L.Load(arg, ('i',) if mode == 'flat' else idx)
    return names, hoisted, params


def outside_inputs(members: list) -> list:
    """The values ``members`` (equations) read from outside themselves, in
    first-use order.

    >>> from tapejit.ir.graph import Eqn, Var
    >>> a, b, c = (Var(i, (2,), 'float32') for i in range(3))
    >>> [v.id for v in outside_inputs([Eqn(None, (a, a), {}, b), Eqn(None, (b, a), {}, c)])]
    [0]
    """
    own = {e.out.id for e in members}
    return list({v.id: v for e in members for v in e.inputs if v.id not in own}.values())


def elementwise_stmts(members: list, skip: set, names: dict, prefix: str = '') -> list:
    """One assignment per member not in ``skip`` (the reductions), into
    ``names``; locals numbered within the kernel (the same loop from another
    graph has the same source)."""
    body: list = []
    for j, e in enumerate(m for m in members if m.out.id not in skip):
        t = L.Local(f'{prefix}t{j}')
        if e.prim.name == 'broadcast_to':
            value = names[e.inputs[0].id]
        else:
            value = L.Apply(e.prim.name, [names[v.id] for v in e.inputs], e.params,
                            [v.dtype for v in e.inputs], e.out.dtype)
        body.append(L.Assign(t, value))
        names[e.out.id] = t
    return body


def store_stmts(spec: KernelSpec, values: list, names: dict, params: list, index: tuple,
                inplace: Optional[dict] = None, prefix: str = '') -> tuple:
    """The stores of ``values`` at ``index``, each to an output parameter of
    its own, or, where ``inplace`` maps it to an input, through that input.
    Returns (stores, in-place stores), the latter run last (after the read)."""
    inplace = dict(inplace or {})
    body: list = []
    last: list = []
    for k, v in enumerate(values):
        spec.stores.append(v)
        if k in inplace:
            last.append(L.Assign(L.Load(spec.in_params[inplace[k]], index), names[v.id]))
            continue
        arg = f'{prefix}out{k}'
        params.append(arg)
        body.append(L.Assign(L.Load(arg, index), names[v.id]))
    spec.inplace = inplace
    return body, last
