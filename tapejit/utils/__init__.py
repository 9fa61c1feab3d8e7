"""Helpers of Chainer's ``chainer.utils`` that functions and tests rely on.

>>> import numpy as np
>>> from tapejit import utils
>>> utils.force_array(np.float32(2.0))
array(2., dtype=float32)
>>> utils.size_of_shape((2, 3))
6
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.utils import type_check  # noqa: F401
from tapejit.utils.walker_alias import WalkerAlias


def force_array(x: Any, dtype: Any = None) -> Any:
    """``x`` as an array: a NumPy scalar becomes a 0-d array (of ``dtype`` if given)."""
    if numpy.isscalar(x):
        return numpy.asarray(x) if dtype is None else numpy.asarray(x, dtype=dtype)
    if dtype is None:
        return x
    return x.astype(dtype, copy=False)


def force_type(dtype: Any, value: Any) -> Any:
    """``value`` cast to ``dtype`` (a scalar becomes a NumPy scalar of ``dtype``)."""
    if numpy.isscalar(value):
        return numpy.dtype(dtype).type(value)
    if value.dtype != dtype:
        return value.astype(dtype, copy=False)
    return value


def size_of_shape(shape: tuple) -> int:
    """The number of elements of an array of ``shape``."""
    size = 1
    for d in shape:
        size *= int(d)
    return size


__all__ = ['WalkerAlias', 'force_array', 'force_type', 'size_of_shape', 'type_check']
