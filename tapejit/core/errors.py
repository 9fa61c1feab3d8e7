"""Exception types whose messages name the op, the shapes/dtypes and what was expected."""

from __future__ import annotations

from typing import Any


class InvalidType(Exception):
    """Inputs of a function have shapes or dtypes it does not accept (Chainer's
    ``chainer.utils.type_check.InvalidType``).

    ``expect`` and ``actual`` describe the failed condition when known.

    >>> print(InvalidType('x.ndim == 2', '3 != 2'))
    Expect: x.ndim == 2
    Actual: 3 != 2
    """

    expect: str | None = None
    actual: str | None = None

    def __init__(self, expect: str | None = None, actual: str | None = None,
                 msg: str | None = None) -> None:
        if msg is None:
            msg = f'Expect: {expect}\nActual: {actual}'
        super().__init__(msg)
        self.expect = expect
        self.actual = actual

    def __reduce__(self) -> tuple:
        return type(self), (self.expect, self.actual, str(self))


class ShapeError(ValueError, InvalidType):
    """An op got arrays whose shapes do not fit together.

    A :class:`ValueError` and, as in Chainer, a ``type_check.InvalidType``.
    """

    def __init__(self, *args: object) -> None:
        ValueError.__init__(self, *args)

    def __reduce__(self) -> tuple:
        return type(self), self.args


class DTypeError(TypeError, InvalidType):
    """An op got arrays whose dtypes do not fit together or are not supported.

    A :class:`TypeError` and, as in Chainer, a ``type_check.InvalidType``.
    """

    def __init__(self, *args: object) -> None:
        TypeError.__init__(self, *args)

    def __reduce__(self) -> tuple:
        return type(self), self.args


class LabelError(IndexError, ValueError):
    """A label or index outside its range (``F.select_item``): an
    :class:`IndexError`, as NumPy's indexing raises, and a :class:`ValueError`,
    as Chainer's check raises.

    >>> from tapejit.core.errors import LabelError
    >>> issubclass(LabelError, IndexError) and issubclass(LabelError, ValueError)
    True
    """


class GradientError(ValueError):
    """Backprop cannot start or a backward rule returned an invalid gradient."""


def fmt_shapes(arrays) -> str:
    return ' and '.join(str(tuple(a.shape)) for a in arrays)


def fmt_dtypes(arrays) -> str:
    return ' and '.join(str(a.dtype) for a in arrays)


def not_an_array(op: str, what: str, x) -> TypeError:
    """``"<op>: <what> must be a Variable or an array ..., got list; wrap it ..."``."""
    hint = ''
    if isinstance(x, (list, tuple, int, float, bool)) or type(x).__module__ == 'numpy':
        hint = '; wrap it with numpy.asarray(...) or tapejit.Variable(...)'
    return TypeError(f'{op}: {what} must be a Variable or an array (numpy.ndarray or '
                     f'cupy.ndarray), got {type(x).__name__}{hint}')


def native_dtype(dt: Any) -> Any:
    """``dt`` in the machine's byte order: a big-endian array's values are
    the same numbers, and a result is native whatever its inputs' order.

    >>> import numpy as np
    >>> native_dtype(np.dtype('>f4')) == np.float32
    True
    """
    return dt if dt.isnative else dt.newbyteorder('=')
