"""Matrix product primitive (batched, with Chainer's ``transa``/``transb``)."""

from __future__ import annotations

import numpy

from tapejit.backends import threads
from tapejit.core.errors import ShapeError
from tapejit.ops.registry import Aval, broadcast_shapes, host_kernel, primitive, same_dtype


def _swap(shape: tuple) -> tuple:
    return shape[:-2] + (shape[-1], shape[-2])


def _matmul_eval(a: Aval, b: Aval, transa: bool = False, transb: bool = False) -> Aval:
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


def _matmul_impl(a, b, transa=False, transb=False, out=None, width=None):
    # ``out``: an array of the result's shape and dtype to write into (a
    # compiled plan's buffer); ``width``: the threads a plan chose for it
    # (None: chosen here, by its size).
    if a.ndim < 2 or b.ndim < 2 or a.dtype != b.dtype:
        _matmul_eval(Aval(a.shape, a.dtype), Aval(b.shape, b.dtype), transa, transb)
    if transa:
        a = _t(a)
    if transb:
        b = _t(b)
    if type(a) is numpy.ndarray and type(b) is numpy.ndarray and a.dtype.char in 'fdFD' and (
            out is None or type(out) is numpy.ndarray):
        kernel = host_kernel('matmul', a, b)
        if kernel is not None:
            return kernel(a, b, out, width)
        # On the threads tapejit decides (tapejit.backends.threads), never
        # every BLAS thread, whatever else runs on the machine.
        return threads.matmul(a, b, out, width)
    if out is None:
        return a @ b
    out[...] = a @ b
    return out


def _matmul_vjp(n, gy, need):
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
