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

from typing import Any, Optional

import numpy

from tapejit import backends
from tapejit.initializer import Initializer, get_fans
from tapejit.initializers import constant, normal, uniform  # noqa: F401  (Chainer's modules)
from tapejit.initializers.constant import Constant, Identity, NaN, One, Zero
from tapejit.initializers.normal import GlorotNormal, HeNormal, LeCunNormal, Normal
from tapejit.initializers.uniform import GlorotUniform, HeUniform, LeCunUniform, Uniform


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
