"""Chainer's module of the initializer base class (``chainer.initializer``):
:class:`Initializer`, the base of the random ones, and :func:`get_fans`;
:mod:`tapejit.initializers` holds the initializers themselves.

>>> from tapejit import initializer, initializers
>>> initializer.get_fans((2, 3, 4))
(12, 8)
>>> issubclass(initializers.Normal, initializer.Initializer)
True
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends

__all__ = ['Initializer', 'get_fans']


class Initializer:
    """Base class: fills an array in place when called.

    ``dtype`` is the dtype of the arrays it makes through
    :func:`generate_array` (``None``: float32, or the dtype asked for there).
    """

    def __init__(self, dtype: Any = None) -> None:
        self.dtype = None if dtype is None else numpy.dtype(dtype)

    def __call__(self, array: Any) -> None:
        raise NotImplementedError(f'{type(self).__name__}.__call__ is not implemented')

    def __repr__(self) -> str:
        return f'{type(self).__name__}()'


def get_fans(shape: tuple) -> tuple:
    """``(fan_in, fan_out)`` of a weight of ``shape`` (``(out, in, *kernel)``).

    >>> from tapejit.initializers import get_fans
    >>> get_fans((10, 4))
    (4, 10)
    """
    if len(shape) < 2:
        raise ValueError(f'get_fans: the shape must have at least 2 dimensions '
                         f'(out_size, in_size, ...), got {tuple(shape)}')
    receptive = int(numpy.prod(shape[2:]))
    return int(shape[1]) * receptive, int(shape[0]) * receptive


class _Random(Initializer):
    def __init__(self, scale: float = 1.0, dtype: Any = None, rng: Any = None) -> None:
        super().__init__(dtype)
        self.scale = scale
        self.rng = rng

    def _draw(self, kind: str, scale: float, array: Any) -> None:
        rng = numpy.random if self.rng is None else self.rng
        if kind == 'normal':
            values = rng.normal(loc=0.0, scale=scale, size=array.shape)
        else:
            values = rng.uniform(low=-scale, high=scale, size=array.shape)
        dev = backends.get_device_from_array(array)
        array[...] = dev.send(numpy.asarray(values, dtype=array.dtype))

    def __repr__(self) -> str:
        return f'{type(self).__name__}(scale={self.scale})'
