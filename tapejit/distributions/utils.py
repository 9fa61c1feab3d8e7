"""Helpers of the distributions: ``x log x`` continued at 0, products over
axes, and the noise that samples are made of."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import functions as F
from tapejit.core.variable import Variable, as_variable
from tapejit.functions._util import array_of
from tapejit.ops import random


def _modified_xlogx(x: Any) -> Variable:
    """``x * log(x)``, and 0 where ``x`` is 0 (its limit there), elementwise;
    differentiable where ``x > 0`` (Chainer's ``_modified_xlogx``).

    >>> import numpy as np
    >>> _modified_xlogx(np.array([0.0, 1.0, np.e])).array
    array([0.        , 0.        , 2.71828183])
    """
    x = as_variable(x)
    positive = condition(x.array > 0)
    # log of 1 where x is 0: the branch not taken stays finite, so that its
    # gradient (multiplied by 0) does not turn into NaN.
    safe = F.where(positive, x, numpy.ones((), x.dtype))
    return F.where(positive, x * F.log(safe), numpy.zeros((), x.dtype))


def prod(x: Any, axis: tuple) -> Variable:
    """The product of ``x`` over the axes ``axis`` (negative ones counted from
    the end), by multiplying halves: differentiable, zeros included.

    >>> import numpy as np
    >>> prod(np.arange(1.0, 7.0).reshape(2, 3), (-1,)).array
    array([  6., 120.])
    """
    x = as_variable(x)
    ndim = x.ndim
    axes = sorted({a % ndim for a in axis})
    if not axes:
        return x
    kept = [a for a in range(ndim) if a not in axes]
    shape = tuple(x.shape[a] for a in kept)
    n = 1
    for a in axes:
        n *= x.shape[a]
    y = F.reshape(F.transpose(x, tuple(kept) + tuple(axes)), shape + (n,))
    if n == 0:
        return F.sum(y, axis=-1) + 1  # (the empty product)
    while y.shape[-1] > 1:
        m = y.shape[-1]
        half = m // 2
        paired = y[..., :half] * y[..., half:2 * half]
        y = F.concat((paired, y[..., 2 * half:]), axis=-1) if m % 2 else paired
    return F.reshape(y, shape)


def noise_like(kind: str, x: Any, shape: tuple) -> Variable:
    """Noise of ``shape`` and ``x``'s floating dtype, on ``x``'s device:
    ``'normal'`` (standard normal) or ``'uniform'`` (``[0, 1)``), drawn by
    tapejit's random primitives (anew at every call of a compiled function).

    >>> import numpy as np
    >>> noise_like('uniform', np.zeros(2, np.float32), (3, 2)).shape
    (3, 2)
    """
    # The primitives draw an array of their input's shape: the input is x
    # broadcast to that shape (a view, where it is computed eagerly).
    base = F.broadcast_to(as_variable(array_of(x)), shape).array
    draw = random.normal_noise if kind == 'normal' else random.uniform_noise
    return draw(base)


def condition(c: Any) -> Any:
    """A comparison's result as ``F.where``'s condition: a 0-d array where NumPy
    made a scalar of it (comparing 0-d arrays).

    >>> import numpy as np
    >>> condition(np.zeros(()) == 0)
    array(True)
    """
    return numpy.asarray(c) if isinstance(c, numpy.generic) else c


def as_dtype(x: Any, dtype: Any) -> Variable:
    """``x`` (data: a Variable or an array) as a Variable of ``dtype``, cast
    where it has another (a Variable's gradient then goes through the cast).

    >>> import numpy as np
    >>> as_dtype(np.array([1, 0]), np.float32).dtype
    dtype('float32')
    """
    if isinstance(x, Variable):
        return x if x.dtype == dtype else F.cast(x, dtype)
    x = array_of(x)
    return as_variable(x if x.dtype == dtype else x.astype(dtype))
