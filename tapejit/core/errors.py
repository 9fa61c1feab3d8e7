"""Exception types whose messages name the op, the shapes/dtypes and what was expected."""

from __future__ import annotations


class ShapeError(ValueError):
    """An op got arrays whose shapes do not fit together."""


class DTypeError(TypeError):
    """An op got arrays whose dtypes do not fit together or are not supported."""


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
