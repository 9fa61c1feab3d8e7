"""The Huber loss (Chainer's ``F.huber_loss``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of, check_var
from tapejit.functions.math import absolute, sub, where
from tapejit.functions.reduction import sum as _sum


def huber_loss(x: Any, t: Any, delta: float,
               reduce: str = 'sum_along_second_axis') -> Variable:
    """The Huber loss of ``x`` against ``t`` (the same shape): per element,
    ``d ** 2 / 2`` where ``|d| <= delta`` and ``delta * (|d| - delta / 2)``
    elsewhere, ``d = x - t``; summed over axis 1 (``reduce=
    'sum_along_second_axis'``, Chainer's default) or not (``'no'``).

    >>> import numpy as np, tapejit.functions as F
    >>> x = np.array([[0.5, 3.0], [-2.0, 0.0]], np.float32)
    >>> F.huber_loss(x, np.zeros_like(x), delta=1.0)
    variable([2.625, 1.5  ])
    >>> F.huber_loss(x, np.zeros_like(x), delta=1.0, reduce='no')
    variable([[0.125, 2.5  ],
              [1.5  , 0.   ]])
    """
    if reduce not in ('sum_along_second_axis', 'no'):
        raise ValueError("only 'sum_along_second_axis' and 'no' are valid for 'reduce', but "
                         f"'{reduce}' is given")
    check_var('huber_loss', x, 'x')
    check_var('huber_loss', t, 't')
    xa, ta = array_of(x), array_of(t)
    if xa.dtype.kind != 'f' or ta.dtype != xa.dtype:
        raise DTypeError(f'huber_loss: x has dtype {xa.dtype} and t {ta.dtype}; expected one '
                         'floating point dtype')
    if xa.shape != ta.shape:
        raise ShapeError(f'huber_loss: x has shape {xa.shape} and t {ta.shape}; expected the '
                         'same shape')
    diff = sub(x, t)  # (a Variable even of two 0-d arrays, whose difference is a scalar)
    abs_diff = absolute(diff)
    # The linear branch's gradient is delta * sign(d), the quadratic one's d.
    near = abs_diff.array <= xa.dtype.type(delta)
    if isinstance(near, numpy.generic):  # (a 0-d array compares to a NumPy scalar)
        near = numpy.asarray(near)
    loss = where(near, 0.5 * diff * diff, delta * (abs_diff - 0.5 * delta))
    if reduce == 'sum_along_second_axis':
        return _sum(loss, axis=1)
    return loss
