"""Initializers drawing from uniform distributions (Chainer's
``chainer.initializers.uniform``).

>>> import numpy as np
>>> from tapejit.initializers import uniform
>>> a = np.empty((3, 4), np.float32); uniform.GlorotUniform(rng=np.random.default_rng(0))(a)
>>> bool(abs(a).max() <= 1)
True
"""

from __future__ import annotations

import math
from typing import Any

from tapejit.initializer import _Random, get_fans

__all__ = ['GlorotUniform', 'HeUniform', 'LeCunUniform', 'Uniform']


class Uniform(_Random):
    """Uniform on ``[-scale, scale]`` (``scale`` 0.05 by default, as in Chainer)."""

    def __init__(self, scale: float = 0.05, dtype: Any = None, rng: Any = None) -> None:
        super().__init__(scale, dtype, rng)

    def __call__(self, array: Any) -> None:
        self._draw('uniform', self.scale, array)


class LeCunUniform(_Random):
    """Uniform on ``[-s, s]`` with ``s = scale * sqrt(3 / fan_in)``."""

    def __call__(self, array: Any) -> None:
        fan_in, _ = get_fans(array.shape)
        self._draw('uniform', self.scale * math.sqrt(3.0 / fan_in), array)


class GlorotUniform(_Random):
    """Uniform on ``[-s, s]`` with ``s = scale * sqrt(6 / (fan_in + fan_out))``."""

    def __call__(self, array: Any) -> None:
        fan_in, fan_out = get_fans(array.shape)
        self._draw('uniform', self.scale * math.sqrt(6.0 / (fan_in + fan_out)), array)


class HeUniform(_Random):
    """Uniform on ``[-s, s]`` with ``s = scale * sqrt(6 / fan_in)``."""

    def __call__(self, array: Any) -> None:
        fan_in, _ = get_fans(array.shape)
        self._draw('uniform', self.scale * math.sqrt(6.0 / fan_in), array)
