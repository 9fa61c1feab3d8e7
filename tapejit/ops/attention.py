"""Attention primitives: a masked softmax between two batched products, as
one call forward and one backward.

- ``attention(q, k, v[, mask])``: ``softmax(where(mask, q @ k^T, -inf)) @ v``
  over the last axis, the softmax as :func:`tapejit.functions.softmax`
  computes it (its maximum clamped to the finite range), for ``q`` of shape
  ``(..., s, d)``, ``k`` ``(..., t, d)``, ``v`` ``(..., t, e)`` and a
  boolean ``mask`` broadcasting to ``(..., s, t)`` (True: the key is seen);
- ``attention_grad(q, k, v, gy[, mask])``: the gradients of ``sum(gy *
  attention(q, k, v, mask))`` with respect to ``q``, ``k`` and ``v``,
  stacked along a new first axis (``q``, ``k`` and ``v`` of one shape).

No user calls them: the compiler's pass
:func:`tapejit.compiler.attention.fuse_attention` puts them in a traced graph
in place of the products, the softmax and their gradients, where the
target computes them without writing the scores out (the CPU's kernels,
:mod:`tapejit.targets.cpu.attention`).  Elsewhere they are the same
operations one after the other (:func:`weights`).

>>> import numpy as np
>>> q = k = v = np.eye(2).reshape(1, 2, 2)
>>> attention.impl(q, k, v, np.array([[True, False], [True, True]]))[0]
array([[1.        , 0.        ],
       [0.26894142, 0.73105858]])
"""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.core.errors import DTypeError, ShapeError
from tapejit.ops.elementwise import _xp
from tapejit.ops.registry import Aval, host_kernel, primitive, same_dtype

__all__ = ['attention', 'attention_grad', 'weights']


def _check(name: str, q: Aval, k: Aval, v: Aval, mask: Optional[Aval]) -> Any:
    dt = same_dtype(name, q, k, v)
    if numpy.dtype(dt).kind != 'f':
        raise DTypeError(f'{name}: dtype {dt}; expected floating q, k and v')
    if (len(q.shape) < 2 or len(k.shape) != len(q.shape) or len(v.shape) != len(q.shape)
            or q.shape[:-2] != k.shape[:-2] or k.shape[:-2] != v.shape[:-2]
            or q.shape[-1] != k.shape[-1] or k.shape[-2] != v.shape[-2]):
        raise ShapeError(f'{name}: q {q.shape}, k {k.shape}, v {v.shape}; expected (..., s, d), '
                         '(..., t, d) and (..., t, e) with the same leading axes')
    if mask is not None:
        want = q.shape[:-1] + (k.shape[-2],)
        if numpy.dtype(mask.dtype) != numpy.bool_:
            raise DTypeError(f'{name}: mask of dtype {mask.dtype}; expected bool')
        try:
            ok = numpy.broadcast_shapes(mask.shape, want) == want
        except ValueError:
            ok = False
        if not ok:
            raise ShapeError(f'{name}: mask of shape {mask.shape}; expected one broadcasting '
                             f'to the scores {want}')
    return dt


def _swap(x: Any) -> Any:
    return x.swapaxes(-1, -2)


def weights(q: Any, k: Any, mask: Any = None) -> Any:
    """The attention weights ``softmax(where(mask, q @ k^T, -inf))`` along
    the last axis, as the traced operations compute them (NumPy or CuPy).

    >>> import numpy as np
    >>> weights(np.zeros((1, 1, 2)), np.zeros((1, 3, 2)))
    array([[[0.33333333, 0.33333333, 0.33333333]]])
    """
    xp = _xp(q)
    s = q @ _swap(k)
    if mask is not None:
        s = xp.where(mask, s, xp.asarray(-numpy.inf, s.dtype))
    fi = numpy.finfo(s.dtype)
    m = xp.minimum(xp.maximum(s.max(axis=-1, keepdims=True), fi.min), fi.max)
    e = xp.exp(s - m.astype(s.dtype))
    return e / e.sum(axis=-1, keepdims=True)


def _into(out: Any, y: Any) -> Any:
    if out is None:
        return y
    out[...] = y
    return out


def _attention_eval(q: Aval, k: Aval, v: Aval, mask: Optional[Aval] = None) -> Aval:
    return Aval(q.shape[:-1] + (v.shape[-1],), _check('attention', q, k, v, mask))


def _attention_impl(q: Any, k: Any, v: Any, mask: Any = None, out: Any = None) -> Any:
    _attention_eval(*(Aval(a.shape, a.dtype) for a in (q, k, v)),
                    None if mask is None else Aval(mask.shape, mask.dtype))
    kernel = host_kernel('attention', q, k, v, mask)
    if kernel is not None:
        return kernel(q, k, v, mask, out)
    return _into(out, weights(q, k, mask) @ v)


def _grad_eval(q: Aval, k: Aval, v: Aval, gy: Aval, mask: Optional[Aval] = None) -> Aval:
    dt = _check('attention_grad', q, k, v, mask)
    if not (q.shape == k.shape == v.shape == gy.shape):
        raise ShapeError(f'attention_grad: q {q.shape}, k {k.shape}, v {v.shape}, gy '
                         f'{gy.shape}; expected one shape')
    same_dtype('attention_grad', q, gy)
    return Aval((3,) + tuple(q.shape), dt)


def _grad_impl(q: Any, k: Any, v: Any, gy: Any, mask: Any = None, out: Any = None) -> Any:
    _grad_eval(*(Aval(a.shape, a.dtype) for a in (q, k, v, gy)),
               None if mask is None else Aval(mask.shape, mask.dtype))
    kernel = host_kernel('attention_grad', q, k, v, gy, mask)
    if kernel is not None:
        return kernel(q, k, v, gy, mask, out)
    xp = _xp(q)
    p = weights(q, k, mask)
    gp = gy @ _swap(v)
    gs = p * (gp - (gp * p).sum(axis=-1, keepdims=True))
    if mask is not None:
        gs = xp.where(mask, gs, xp.zeros((), gs.dtype))
    return _into(out, xp.stack([gs @ k, _swap(gs) @ q, _swap(p) @ gy]))


def _traced_weights(q: Any, k: Any, mask: Any) -> Any:
    """:func:`weights` made of primitives (differentiable to any order),
    the maximum taken from the scores' array, as
    :func:`tapejit.functions.softmax` shifts them (no gradient flows
    through it: the weights do not depend on it)."""
    from tapejit.ops import elementwise as E, linalg, reduction as R
    s = linalg.matmul(q, k, transa=False, transb=True)
    xp = _xp(s.array)
    dt = s.array.dtype
    if mask is not None:
        s = E.where(mask, s, xp.asarray(-numpy.inf, dt))
    fi = numpy.finfo(dt)
    last = (len(s.shape) - 1,)
    top = R.max(s.array, axis=last, keepdims=True)
    top = E.minimum(E.maximum(top, xp.asarray(fi.min, dt)), xp.asarray(fi.max, dt))
    e = E.exp(E.sub(s, top.array))
    return E.div(e, R.sum(e, axis=last, keepdims=True))


def _traced_gradients(q: Any, k: Any, v: Any, gy: Any, mask: Any) -> tuple:
    """``(gq, gk, gv)`` of attention made of primitives (any shapes)."""
    from tapejit.ops import elementwise as E, linalg, reduction as R
    p = _traced_weights(q, k, mask)
    gp = linalg.matmul(gy, v, transa=False, transb=True)
    last = (len(gp.shape) - 1,)
    gs = E.mul(p, E.sub(gp, R.sum(E.mul(gp, p), axis=last, keepdims=True)))
    if mask is not None:
        gs = E.where(mask, gs, _xp(gs.array).zeros((), gs.array.dtype))
    return (linalg.matmul(gs, k, transa=False, transb=False),
            linalg.matmul(gs, q, transa=True, transb=False),
            linalg.matmul(p, gy, transa=True, transb=False))


def _mask_of(n: Any, at: int) -> Any:
    return n.operand(at) if len(n.inputs) > at else None


def _attention_vjp(n: Any, gy: Any, need: tuple) -> tuple:
    from tapejit.ops.structure import get_item
    q, k, v = n.x(0), n.x(1), n.x(2)
    mask = _mask_of(n, 3)
    if q.shape == k.shape == v.shape:
        both = attention_grad(q, k, v, gy) if mask is None else attention_grad(q, k, v, gy,
                                                                                mask)
        grads = tuple(get_item(both, slices=(i,)) for i in range(3))
    else:
        grads = _traced_gradients(q, k, v, gy, mask)
    return grads + (() if mask is None else (None,))


def _grad_vjp(n: Any, g: Any, need: tuple) -> tuple:
    # (The gradient of the gradients, through their decomposition: a
    # second derivative of attention, as rare as it is long to write out.)
    from tapejit.core.backprop import grad
    from tapejit.core.config import force_backprop_mode
    from tapejit.ops import elementwise as E, reduction as R
    from tapejit.ops.structure import get_item
    ins = [n.x(i) for i in range(4)]
    mask = _mask_of(n, 4)
    # (Recorded whether or not the backward pass records itself: it is
    # differentiated here, and only its result goes on.)
    with force_backprop_mode():
        parts = _traced_gradients(*ins, mask)
        total = None
        for i, part in enumerate(parts):
            term = R.sum(E.mul(part, get_item(g, slices=(i,))), axis=None, keepdims=False)
            total = term if total is None else E.add(total, term)
    grads = grad([total], ins, enable_double_backprop=True)
    return tuple(grads) + (() if mask is None else (None,))


# (The VJPs read q, k, v and gy: kept, as a product keeps its operands; a
# mask is a constant of the graph or a bool, which keeps its array.)
attention = primitive('attention', kind='call', impl=_attention_impl,
                      abstract_eval=_attention_eval, vjp=_attention_vjp, save_inputs=(0, 1, 2))
attention_grad = primitive('attention_grad', kind='call', impl=_grad_impl,
                           abstract_eval=_grad_eval, vjp=_grad_vjp, save_inputs=(0, 1, 2, 3))
