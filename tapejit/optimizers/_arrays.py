"""Array helpers for update rules: one code path for NumPy/CuPy arrays (eager)
and traced arrays (inside ``@tapejit.jit``).

Update rules are written with the operators (``+ - * / **``), which both kinds
of arrays support; these helpers cover the few functions they also need.
In-place operators (``m += ...``) update an array in place, a traced one too
(every holder of it sees the new value, as with NumPy); the rules store the
result back all the same (``state['m'] = m``).
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray, write_into
from tapejit.core.config import config


def tracing() -> bool:
    return config.trace is not None


def is_traced(a: Any) -> bool:
    return a.__class__ is TracedArray


def same_value(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` hold the same value: the same array object, or
    traced arrays of one graph value (a copy taken before nothing changed)."""
    if a.__class__ is TracedArray and b.__class__ is TracedArray:
        return a.var is b.var
    return a is b


def assign(dst: Any, value: Any) -> None:
    """``dst[...] = value``, ``value`` of ``dst``'s shape; a traced ``dst``
    takes ``value``'s traced value, which every holder of ``dst`` then sees."""
    if dst.__class__ is TracedArray:
        write_into(dst, value)
    else:
        dst[...] = value


def sqrt(a: Any) -> Any:
    if a.__class__ is TracedArray:
        from tapejit.ops import elementwise as E
        return E.sqrt(a)._data
    return backends.get_array_module(a).sqrt(a)


def maximum(a: Any, b: Any) -> Any:
    if a.__class__ is TracedArray or b.__class__ is TracedArray:
        from tapejit.functions.math import maximum as fmax
        return fmax(a, b)._data
    return backends.get_array_module(a, b).maximum(a, b)


def minimum(a: Any, b: Any) -> Any:
    if a.__class__ is TracedArray or b.__class__ is TracedArray:
        from tapejit.functions.math import minimum as fmin
        return fmin(a, b)._data
    return backends.get_array_module(a, b).minimum(a, b)


def where(cond: Any, a: Any, b: Any) -> Any:
    """``a`` where ``cond`` else ``b`` (``cond`` usually a 0-d bool)."""
    from tapejit.functions.math import where as fwhere
    return fwhere(cond, a, b)._data


def total(a: Any) -> Any:
    """The sum of all elements, as a 0-d array of ``a``'s dtype."""
    if a.__class__ is TracedArray:
        from tapejit.functions.reduction import sum as fsum
        return fsum(a)._data
    return a.sum()


def zeros(shape: tuple, dtype: Any, like: Any) -> Any:
    """Zeros on the device of ``like`` (NumPy when ``like`` is traced: a constant)."""
    xp = numpy if like.__class__ is TracedArray else backends.get_array_module(like)
    return xp.zeros(shape, dtype)


def as_dtype(x: Any, dtype: Any) -> Any:
    """``x`` usable with arrays of ``dtype``: a traced value of another dtype is cast
    (a weakly typed one or a Python number adapts by itself)."""
    if x.__class__ is TracedArray and not x.weak and x.dtype != dtype:
        return x.astype(dtype)
    return x


def dynamic_attr(obj: Any, name: str, what: str = '') -> Any:
    """``getattr(obj, name)``; inside ``@tapejit.jit`` a number becomes an input of
    the plan read on every call (so changing it needs no new trace) and any
    other value a guard (changing it traces the function again)."""
    value = getattr(obj, name)
    tr = config.trace
    if tr is None:
        return value
    return traced_value(tr, obj, name, value, what or f'{type(obj).__name__}.{name}',
                        lambda: getattr(obj, name))


def traced_value(tr: Any, obj: Any, name: str, value: Any, what: str, getter: Any) -> Any:
    key = (id(obj), name)
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        tr.guard(key, getter, value)
        return value
    return tr.dynamic(key, getter, what)
