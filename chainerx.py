"""ChainerX as a Chainer install built without it shows it: absent.

Chainer's examples ``import chainerx`` and compare a device's array module
with it (``device.xp is not chainerx``) or ask ``chainerx.is_available()``.
tapejit has no ChainerX, so this module holds only what an unavailable
ChainerX has: ``is_available()`` (False) and the ``ndarray`` class, of
which nothing is ever an instance.

It is a plain module: where Chainer's own ``chainerx`` package is installed
beside it, that package is imported instead.

>>> import chainerx
>>> chainerx.is_available()
False
>>> import numpy as np
>>> isinstance(np.zeros(2), chainerx.ndarray)
False
"""

_available = False


def is_available() -> bool:
    """Whether ChainerX is built and usable: never, here.

    >>> is_available()
    False
    """
    return _available


class ndarray:  # noqa: N801 (ChainerX's name)
    """ChainerX's array type, for ``isinstance`` checks only.

    >>> try:
    ...     ndarray()
    ... except RuntimeError as e:
    ...     print(e)
    chainerx is not available.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise RuntimeError('chainerx is not available.')
