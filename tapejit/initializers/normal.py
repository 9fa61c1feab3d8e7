"""Initializers drawing from normal distributions (Chainer's
``chainer.initializers.normal``).

>>> import numpy as np
>>> from tapejit.initializers import normal
>>> a = np.empty((3, 4), np.float32); normal.HeNormal(rng=np.random.default_rng(0))(a)
>>> a.shape
(3, 4)
"""

from __future__ import annotations

import math
from typing import Any

from tapejit.initializer import _Random, get_fans

__all__ = ['GlorotNormal', 'HeNormal', 'LeCunNormal', 'Normal']


class Normal(_Random):
    """Draws from a normal distribution with standard deviation ``scale`` (0.05 by
    default, as in Chainer).

    >>> import numpy as np
    >>> from tapejit import initializers
    >>> w = np.empty((200, 200), np.float32); initializers.Normal()(w)
    >>> bool(0.04 < w.std() < 0.06)
    True
    """

    def __init__(self, scale: float = 0.05, dtype: Any = None, rng: Any = None) -> None:
        super().__init__(scale, dtype, rng)

    def __call__(self, array: Any) -> None:
        self._draw('normal', self.scale, array)


class LeCunNormal(_Random):
    """Normal with standard deviation ``scale * sqrt(1 / fan_in)`` (Chainer's default)."""

    def __call__(self, array: Any) -> None:
        fan_in, _ = get_fans(array.shape)
        self._draw('normal', self.scale * math.sqrt(1.0 / fan_in), array)


class GlorotNormal(_Random):
    """Normal with standard deviation ``scale * sqrt(2 / (fan_in + fan_out))``."""

    def __call__(self, array: Any) -> None:
        fan_in, fan_out = get_fans(array.shape)
        self._draw('normal', self.scale * math.sqrt(2.0 / (fan_in + fan_out)), array)


class HeNormal(_Random):
    """Normal with standard deviation ``scale * sqrt(2 / fan)``; ``fan`` is the
    input size (``fan_option='fan_in'``, the default) or the output size
    (``'fan_out'``)."""

    def __init__(self, scale: float = 1.0, dtype: Any = None, fan_option: str = 'fan_in',
                 rng: Any = None) -> None:
        super().__init__(scale, dtype, rng)
        if fan_option not in ('fan_in', 'fan_out'):
            raise ValueError(f"HeNormal: fan_option must be 'fan_in' or 'fan_out', got "
                             f'{fan_option!r}')
        self.fan_option = fan_option

    def __call__(self, array: Any) -> None:
        fan_in, fan_out = get_fans(array.shape)
        fan = fan_in if self.fan_option == 'fan_in' else fan_out
        self._draw('normal', self.scale * math.sqrt(2.0 / fan), array)
