"""Argument handling shared by the Chainer-named functions."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.errors import not_an_array
from tapejit.core.variable import Variable
from tapejit.ops import elementwise as E

_SCALARS = (int, float, bool, numpy.generic)


def is_scalar(x: Any) -> bool:
    return isinstance(x, _SCALARS) and not isinstance(x, numpy.ndarray)


def array_of(x: Any) -> Any:
    return x._data if isinstance(x, Variable) else x


def lift_pair(name: str, a: Any, b: Any) -> tuple:
    """Make ``a`` and ``b`` bindable: a Python scalar becomes a 0-d array whose
    dtype follows NumPy's rules for Python scalars (``float32 * 2`` stays float32,
    ``int64 * 0.5`` becomes float64, in which case the array side is cast)."""
    sa, sb = is_scalar(a), is_scalar(b)
    if not (sa or sb):
        return _weak_pair(a, b)
    if sa and sb:
        raise TypeError(f'{name}: at least one operand must be a Variable or an array, '
                        f'got {type(a).__name__} and {type(b).__name__}')
    s, v = (a, b) if sa else (b, a)
    arr = array_of(v)
    if not backends.is_array(arr):
        raise TypeError(f'{name}: operands must be Variables, arrays or scalars, got '
                        f'{type(v).__name__}')
    dt = arr.dtype
    if not (dt.kind == 'f' and type(s) in (int, float)):
        if isinstance(s, numpy.generic):
            s = s.item()
        dt = numpy.result_type(dt, s)
    c = backends.get_array_module(arr).asarray(s, dtype=dt)
    if dt != arr.dtype:
        v = E.cast(v, dtype=dt)
    return (c, v) if sa else (v, c)


def check_var(name: str, x: Any, what: str = 'x') -> None:
    if not isinstance(x, Variable) and not backends.is_array(x):
        raise not_an_array(name, what, x)


def _weak_pair(a: Any, b: Any) -> tuple:
    """A dynamic Python scalar of ``@tapejit.jit`` (a weakly typed 0-d traced array)
    takes the dtype of the other operand, as the Python scalar itself would."""
    da, db = array_of(a), array_of(b)
    wa = da.__class__ is TracedArray and da.weak
    wb = db.__class__ is TracedArray and db.weak
    if wa and not wb and getattr(db, 'dtype', None) is not None and da.dtype != db.dtype:
        dt = _weak_result(da.dtype, db.dtype)
        a = E.cast(a, dtype=dt)
        if dt != db.dtype:
            b = E.cast(b, dtype=dt)
    elif wb and not wa and getattr(da, 'dtype', None) is not None and da.dtype != db.dtype:
        dt = _weak_result(db.dtype, da.dtype)
        b = E.cast(b, dtype=dt)
        if dt != da.dtype:
            a = E.cast(a, dtype=dt)
    return a, b


def _weak_result(weak: Any, other: Any) -> Any:
    """NumPy's dtype for an array of dtype ``other`` and a Python number
    (``weak``: float64 for a float, int64 for an int): the array's, unless
    the number is of a higher kind (``int_array * 0.5`` is float64,
    ``bool_array * 2`` int64)."""
    if weak.kind == 'f' and other.kind in 'biu' or weak.kind in 'iu' and other.kind == 'b':
        return numpy.result_type(other, weak)
    return other



def check_labels_in_range(t: Any, n: int, error: type, message: Any,
                          ignore: Any = None) -> None:
    """Refuse integer labels ``t`` (int64) outside ``[0, n)``, other than
    ``ignore``: at once for concrete labels, and on every call of the compiled
    plan for labels traced under ``jit`` (a check recorded in the trace), so
    that a bad label never silently contributes 0 (the compiled check costs
    two fused reductions and a comparison per call).  ``message(bad)`` is the
    error's text for the list of bad values.

    >>> import numpy as np
    >>> check_labels_in_range(np.array([0, 3]), 3, ValueError, lambda b: f'f: got {b}')
    Traceback (most recent call last):
    ValueError: f: got [3]
    """
    if not isinstance(array_of(t), TracedArray):
        t = array_of(t)
        bad = (t < 0) | (t >= n)
        if ignore is not None:
            bad &= t != ignore
        if bool(bad.any()):
            raise error(message(sorted({int(v) for v in
                                        backends.CPU.send(t[bad]).reshape(-1)[:8]})))
        return
    if t.size == 0:
        return
    from tapejit.core.config import config
    from tapejit.ops import reduction as R
    from tapejit.ops import structure as S
    flat = S.reshape(t, shape=(t.size,))
    if ignore is not None:  # (an ignored label counts as 0: in range)
        flat = E.where(E.not_equal(flat, numpy.asarray(ignore, numpy.int64)), flat,
                       numpy.zeros((), numpy.int64))
    # Two scalars computed with the step (fused into its kernels): the
    # smallest and the largest label.
    lo = R.min(flat, axis=None, keepdims=False)
    hi = R.max(flat, axis=None, keepdims=False)

    def fail(lo: Any, hi: Any) -> None:
        lo, hi = int(lo), int(hi)
        if lo < 0 or hi >= n:
            raise error(message([lo] if lo < 0 else [hi])
                        + ' (found by the compiled function after its run: no result '
                        'is handed out and no gradient written, but parameters it '
                        'updates in place may hold this step\'s update)')

    config.trace.check((lo, hi), fail)
