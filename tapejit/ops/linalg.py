"""Matrix product primitive (batched, with Chainer's ``transa``/``transb``).

A compiled plan may give a product an epilogue (the CPU's epilogue pass,
:mod:`tapejit.compiler.epilogue`): ``bias=True`` adds a row (its third
operand) to each row of the result, ``relu=True`` then sets what is below
0 to 0, ``gate=True`` then sets to 0 what its last operand (of the
result's shape) holds 0 or less at, as the elementwise operations it
replaces compute them.  Traced code never asks for one.
"""

from __future__ import annotations

import numpy

from tapejit.backends import threads
from tapejit.core.errors import ShapeError
from tapejit.ops.registry import Aval, broadcast_shapes, host_kernel, primitive, same_dtype


def _swap(shape: tuple) -> tuple:
    return shape[:-2] + (shape[-1], shape[-2])


def _matmul_eval(a: Aval, b: Aval, *extra: Aval, transa: bool = False, transb: bool = False,
                 bias: bool = False, relu: bool = False, gate: bool = False) -> Aval:
    out = _product_eval(a, b, transa, transb)
    if len(extra) != bias + gate or any(
            x.dtype != out.dtype or x.shape != want for x, want in zip(
                extra, ((out.shape[-1:],) if bias else ()) + ((out.shape,) if gate else ()))):
        raise ShapeError(f'matmul: epilogue operands {[(x.shape, x.dtype) for x in extra]} '
                         f'for a result {out.shape} ({out.dtype}); expected a bias of its '
                         f'columns (bias={bias}) and a gate of its shape (gate={gate})')
    return out


def _product_eval(a: Aval, b: Aval, transa: bool, transb: bool) -> Aval:
    if len(a.shape) < 2 or len(b.shape) < 2:
        raise ShapeError(f'matmul: shapes {a.shape} and {b.shape}; expected arrays of at '
                         'least 2 dimensions')
    dt = same_dtype('matmul', a, b)
    sa = _swap(a.shape) if transa else a.shape
    sb = _swap(b.shape) if transb else b.shape
    if sa[-1] != sb[-2]:
        raise ShapeError(f'matmul: shapes {a.shape} and {b.shape} (transa={transa}, '
                         f'transb={transb}) are not aligned: {sa[-1]} != {sb[-2]}')
    batch = broadcast_shapes('matmul', sa[:-2], sb[:-2])
    return Aval(batch + (sa[-2], sb[-1]), dt)


def _t(x):
    return x.swapaxes(-1, -2)


def _matmul_impl(a, b, *extra, transa=False, transb=False, out=None, width=None, bias=False,
                 relu=False, gate=False):
    # ``out``: an array of the result's shape and dtype to write into (a
    # compiled plan's buffer); ``width``: the threads a plan chose for it
    # (None: chosen here, by its size); ``extra``, ``bias``, ``relu`` and
    # ``gate``: the epilogue (see the module's docstring).
    if a.ndim < 2 or b.ndim < 2 or a.dtype != b.dtype or extra:
        _matmul_eval(Aval(a.shape, a.dtype), Aval(b.shape, b.dtype),
                     *(Aval(x.shape, x.dtype) for x in extra), transa=transa, transb=transb,
                     bias=bias, gate=gate)
    if transa:
        a = _t(a)
    if transb:
        b = _t(b)
    rows = extra[0] if bias else None
    gates = extra[-1] if gate else None
    epilogue = bias or relu or gate
    if type(a) is numpy.ndarray and type(b) is numpy.ndarray and a.dtype.char in 'fdFD' and (
            out is None or type(out) is numpy.ndarray):
        if epilogue:
            kernel = host_kernel('matmul_epilogue', a, b, rows, gates)
            if kernel is not None:
                return kernel(a, b, out, width, bias=rows, relu=relu, gate=gates)
        else:
            kernel = host_kernel('matmul', a, b)
            if kernel is not None:
                return kernel(a, b, out, width)
        # On the threads tapejit decides (tapejit.backends.threads), never
        # every BLAS thread, whatever else runs on the machine.
        return _apply_epilogue(threads.matmul(a, b, out, width), rows, relu, gates)
    if out is None:
        out = a @ b
    else:
        out[...] = a @ b
    return _apply_epilogue(out, rows, relu, gates)


def _apply_epilogue(c, bias, relu, gate):
    """``c`` with the epilogue applied in place (see the module's
    docstring), as the elementwise kernels it replaces compute it."""
    if bias is not None:
        c += bias
    if relu:
        c[c < 0] = 0
    if gate is not None:
        c[gate <= 0] = 0
    return c


def _matmul_vjp(n, gy, need):
    if any(n.params.get(k) for k in ('bias', 'relu', 'gate')):
        raise NotImplementedError('matmul: the gradient of a product with an epilogue (a '
                                  'compiled plan\'s, after its backward pass was traced)')
    ta, tb = n.params['transa'], n.params['transb']
    a, b = n.x(0), n.x(1)
    ga = gb = None
    if need[0]:
        ga = (matmul(b, gy, transa=tb, transb=True) if ta
              else matmul(gy, b, transa=False, transb=not tb))
    if need[1]:
        gb = (matmul(gy, a, transa=True, transb=ta) if tb
              else matmul(a, gy, transa=not ta, transb=False))
    return (ga, gb)


matmul = primitive('matmul', kind='call', impl=_matmul_impl, abstract_eval=_matmul_eval,
                   vjp=_matmul_vjp, save_inputs=(0, 1), unbroadcast=True)
