"""Array initializers with Chainer's names (``chainer.initializers``).

An initializer fills an array in place (``initializer(array)``).  The random
ones draw from ``rng`` when one is given (a ``numpy.random.Generator`` or
``RandomState``) and from NumPy's global generator otherwise, so
``numpy.random.seed(0)`` makes a model's initial weights reproducible, as in
Chainer.

>>> import numpy as np
>>> from tapejit import initializers
>>> w = initializers.generate_array(initializers.LeCunNormal(rng=np.random.default_rng(0)),
...                                 (3, 4), np)
>>> w.shape, w.dtype
((3, 4), dtype('float32'))
"""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy

from tapejit import backends


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


def get_initializer(initializer: Any, default: Optional[Initializer] = None) -> Any:
    """An initializer from Chainer's shorthand: ``None`` (the default, LeCunNormal
    unless given), a scalar or an array (a :class:`Constant`), or a callable.

    >>> from tapejit.initializers import get_initializer
    >>> get_initializer(0)
    Constant()
    """
    if initializer is None:
        return LeCunNormal() if default is None else default
    if backends.is_array(initializer):
        return Constant(initializer, initializer.dtype)
    if isinstance(initializer, (int, float, numpy.number)) and not isinstance(initializer, bool):
        return Constant(initializer)
    if not callable(initializer):
        raise TypeError(f'initializer must be None, a scalar, an array or a callable, got '
                        f'{type(initializer).__name__}')
    return initializer


def generate_array(initializer: Any, shape: Any, xp: Any = numpy, dtype: Any = None,
                   device: Any = None) -> Any:
    """A new array of ``shape`` filled by ``initializer``.

    Its dtype is ``initializer.dtype`` if set, else ``dtype``, else
    ``tapejit.config.dtype`` if set (``using_config('dtype', 'float16')``, as in
    Chainer), else float32 (a ``dtype`` other than ``initializer.dtype`` is a
    ValueError, as in Chainer).
    ``device`` (a device or its name, ``'@numpy'``) must be one of ``xp``.

    >>> import numpy as np
    >>> from tapejit.initializers import generate_array, One
    >>> generate_array(One(), (2,), np, device='@numpy')
    array([1., 1.], dtype=float32)
    """
    dt = getattr(initializer, 'dtype', None)
    if dtype is not None and dt is not None and numpy.dtype(dtype) != numpy.dtype(dt):
        raise ValueError(f'generate_array: dtype mismatch: {numpy.dtype(dtype)} != '
                         f'{numpy.dtype(dt)} (the initializer\'s dtype)')
    if dt is None:
        dt = _default_dtype() if dtype is None else dtype
    if device is not None:
        dev = backends.get_device(device)
        if dev.xp is not xp:
            raise ValueError(f'generate_array: xp ({getattr(xp, "__name__", xp)}) and device '
                             f'({dev}) are inconsistent')
    shape = (int(shape),) if isinstance(shape, (int, numpy.integer)) else tuple(shape)
    array = xp.empty(shape, dtype=dt)
    initializer(array)
    return array


def _default_dtype() -> Any:
    """Chainer's default dtype: ``config.dtype`` where set, else float32.

    >>> import tapejit
    >>> with tapejit.using_config('dtype', 'float16'):
    ...     _default_dtype()
    dtype('float16')
    """
    from tapejit.core.config import get_dtype
    return get_dtype()


def _get_initializer(initializer: Any) -> Any:
    """Chainer's private name of :func:`get_initializer` without a default
    (some of Chainer's code and tests call it).

    >>> _get_initializer(None)
    LeCunNormal(scale=1.0)
    """
    return get_initializer(initializer)


__all__ = [
    'Constant', 'GlorotNormal', 'GlorotUniform', 'HeNormal', 'HeUniform', 'Identity', 'Initializer',
    'LeCunNormal', 'LeCunUniform', 'NaN', 'Normal', 'One', 'Uniform', 'Zero',
    'generate_array', 'get_fans', 'get_initializer',
]


def _check_is_initializer_like(initializer: Any) -> None:
    """Refuse what cannot initialize an array (Chainer's check, used by its
    testing helpers): None, an initializer, a callable, an array or a scalar pass.

    >>> _check_is_initializer_like('zeros')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    TypeError: Initializer is of wrong type: <class 'str'>. ...
    """
    if not (initializer is None or callable(initializer) or backends.is_array(initializer)
            or (numpy.isscalar(initializer) and not isinstance(initializer, (str, bytes)))):
        raise TypeError(f'Initializer is of wrong type: {type(initializer)}. Allowed types '
                        'are Initializer, ndarray and scalar.')
