"""Constant initializers (Chainer's ``chainer.initializers.constant``):
:class:`Constant`, :class:`Zero`, :class:`One`, :class:`NaN` and
:class:`Identity`.

>>> import numpy as np
>>> from tapejit.initializers import constant
>>> a = np.empty(2, np.float32); constant.One()(a); a
array([1., 1.], dtype=float32)
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.initializer import Initializer

__all__ = ['Constant', 'Identity', 'NaN', 'One', 'Zero']


class Constant(Initializer):
    """Fills with ``fill_value`` (a scalar or an array broadcast to the shape).

    >>> import numpy as np
    >>> from tapejit.initializers import Constant
    >>> a = np.empty(3, np.float32); Constant(0.5)(a); a
    array([0.5, 0.5, 0.5], dtype=float32)
    """

    def __init__(self, fill_value: Any, dtype: Any = None) -> None:
        super().__init__(dtype)
        self.fill_value = fill_value

    def __call__(self, array: Any) -> None:
        xp = backends.get_array_module(array)
        array[...] = xp.asarray(self.fill_value)


class Zero(Constant):
    """Fills with zeros."""

    def __init__(self, dtype: Any = None) -> None:
        super().__init__(0.0, dtype)


class One(Constant):
    """Fills with ones."""

    def __init__(self, dtype: Any = None) -> None:
        super().__init__(1.0, dtype)


class NaN(Constant):
    """Fills with NaN (Chainer's default for a parameter without an initializer)."""

    def __init__(self, dtype: Any = None) -> None:
        super().__init__(numpy.nan, dtype)


class Identity(Initializer):
    """``scale`` times the identity matrix (for square 2-D arrays).

    >>> import numpy as np
    >>> from tapejit import initializers
    >>> w = np.empty((2, 2)); initializers.Identity(3.0)(w); w
    array([[3., 0.],
           [0., 3.]])
    """

    def __init__(self, scale: float = 1.0, dtype: Any = None) -> None:
        super().__init__(dtype)
        self.scale = scale

    def __call__(self, array: Any) -> None:
        if self.dtype is not None and array.dtype != self.dtype:
            raise ValueError(f'Identity: the array has dtype {array.dtype}; expected '
                             f'{numpy.dtype(self.dtype)}')
        shape = array.shape
        if len(shape) != 2 or shape[0] != shape[1]:
            raise ValueError('Identity matrix initialization can only be used for 2D '
                             f'squared matrices; got shape {tuple(shape)}')
        xp = backends.get_array_module(array)
        array[...] = xp.identity(shape[0]) * self.scale
