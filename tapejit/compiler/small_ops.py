"""Compiled helpers of a plan run as one call (:mod:`tapejit.compiler.one_call`).

Matrix products as loop nests (for the small sizes of such plans a BLAS call
costs more in dispatch than the loops do) and the final step of chunked
reductions (partial results combined in chunk order, cast to the output
dtype), which the step-by-step runner does with NumPy.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_OPTS = dict(cache=True, nogil=True, boundscheck=False, error_model='numpy')
# Dot-product loops may be reassociated, so they vectorize instead of waiting
# on each add; the order is fixed at compile time (results do not vary).
_DOT_OPTS = dict(_OPTS, fastmath={'reassoc'})


@njit(**_OPTS)
def mm_nn(a, b):  # pragma: no cover - runs compiled
    """``a @ b``: the inner loop runs along rows of ``b`` and ``out``.

    >>> import numpy as np
    >>> mm_nn(np.eye(2, dtype=np.float32), np.ones((2, 3), np.float32)).shape
    (2, 3)
    """
    m, k = a.shape
    n = b.shape[1]
    out = np.zeros((m, n), a.dtype)
    for i in range(m):
        for p in range(k):
            s = a[i, p]
            for j in range(n):
                out[i, j] += s * b[p, j]
    return out


@njit(**_DOT_OPTS)
def mm_nt(a, b):  # pragma: no cover - runs compiled
    """``a @ b.T``: each output is a dot product of two rows.

    >>> import numpy as np
    >>> float(mm_nt(np.ones((1, 3), np.float32), np.ones((2, 3), np.float32))[0, 1])
    3.0
    """
    m, k = a.shape
    n = b.shape[0]
    out = np.zeros((m, n), a.dtype)
    for i in range(m):
        for j in range(n):
            s = out[i, j]  # a zero of the right dtype
            for p in range(k):
                s += a[i, p] * b[j, p]
            out[i, j] = s
    return out


@njit(**_OPTS)
def mm_tn(a, b):  # pragma: no cover - runs compiled
    """``a.T @ b``.

    >>> import numpy as np
    >>> mm_tn(np.ones((3, 2), np.float32), np.ones((3, 4), np.float32)).shape
    (2, 4)
    """
    k, m = a.shape
    n = b.shape[1]
    out = np.zeros((m, n), a.dtype)
    for p in range(k):
        for i in range(m):
            s = a[p, i]
            for j in range(n):
                out[i, j] += s * b[p, j]
    return out


@njit(**_DOT_OPTS)
def mm_tt(a, b):  # pragma: no cover - runs compiled
    """``a.T @ b.T``.

    >>> import numpy as np
    >>> mm_tt(np.ones((3, 2), np.float32), np.ones((4, 3), np.float32)).shape
    (2, 4)
    """
    k, m = a.shape
    n = b.shape[0]
    out = np.zeros((m, n), a.dtype)
    for i in range(m):
        for j in range(n):
            s = out[i, j]  # a zero of the right dtype
            for p in range(k):
                s += a[p, i] * b[j, p]
            out[i, j] = s
    return out


# Multiply-adds from which a product calls BLAS (the ``bmm_*`` helpers): below
# it the loops above finish before a BLAS call has set up (measured: 32x64x256
# takes 38 µs as loops, 11 µs through BLAS; 8x16x32, 0.5 µs as loops).
BLAS_MIN = 1 << 15


# The ``bmm_*`` products call BLAS through Numba's ``np.dot``, which needs SciPy;
# a plan uses them only where SciPy is installed (``one_call.BLAS``). The size
# test runs inside, so the plan stays shape-generic. A strided operand is
# copied first (``np.dot`` takes C- or F-ordered arrays).
@njit(**_OPTS)
def bmm_nn(a, b):  # pragma: no cover - runs compiled
    """``a @ b``, through BLAS from ``BLAS_MIN`` multiply-adds on.

    >>> import numpy as np
    >>> bmm_nn(np.eye(2, dtype=np.float32), np.ones((2, 3), np.float32)).shape
    (2, 3)
    """
    if a.shape[0] * a.shape[1] * b.shape[1] < BLAS_MIN:
        return mm_nn(a, b)
    return np.dot(np.ascontiguousarray(a), np.ascontiguousarray(b))


@njit(**_OPTS)
def bmm_nt(a, b):  # pragma: no cover - runs compiled
    """``a @ b.T``, through BLAS from ``BLAS_MIN`` multiply-adds on.

    >>> import numpy as np
    >>> float(bmm_nt(np.ones((64, 64), np.float32), np.ones((32, 64), np.float32))[0, 0])
    64.0
    """
    if a.shape[0] * a.shape[1] * b.shape[0] < BLAS_MIN:
        return mm_nt(a, b)
    return np.dot(np.ascontiguousarray(a), np.ascontiguousarray(b).T)


@njit(**_OPTS)
def bmm_tn(a, b):  # pragma: no cover - runs compiled
    """``a.T @ b``, through BLAS from ``BLAS_MIN`` multiply-adds on.

    >>> import numpy as np
    >>> bmm_tn(np.ones((3, 2), np.float32), np.ones((3, 4), np.float32)).shape
    (2, 4)
    """
    if a.shape[0] * a.shape[1] * b.shape[1] < BLAS_MIN:
        return mm_tn(a, b)
    return np.dot(np.ascontiguousarray(a).T, np.ascontiguousarray(b))


@njit(**_OPTS)
def bmm_tt(a, b):  # pragma: no cover - runs compiled
    """``a.T @ b.T``, through BLAS from ``BLAS_MIN`` multiply-adds on.

    >>> import numpy as np
    >>> bmm_tt(np.ones((3, 2), np.float32), np.ones((4, 3), np.float32)).shape
    (2, 4)
    """
    if a.shape[0] * a.shape[1] * b.shape[0] < BLAS_MIN:
        return mm_tt(a, b)
    return np.dot(np.ascontiguousarray(a).T, np.ascontiguousarray(b).T)


@njit(**_OPTS)
def arg_best(x, out, largest):  # pragma: no cover - runs compiled
    """Index of the largest (``largest``) or smallest value along axis 1 of
    ``x`` (outer, n, inner) into flat ``out``: the first one, or the first
    NaN, as NumPy's ``argmax``/``argmin``.

    >>> import numpy as np
    >>> o = np.empty(2, np.int64)
    >>> arg_best(np.array([[[1.0, 5.0], [3.0, np.nan], [3.0, 0.0]]]), o, True); o.tolist()
    [1, 1]
    """
    a, n, b = x.shape
    for i in range(a):
        for k in range(b):
            best = x[i, 0, k]
            at = 0
            if best == best:
                for j in range(1, n):
                    v = x[i, j, k]
                    if v != v:
                        at = j
                        break
                    if (v > best) if largest else (v < best):
                        best = v
                        at = j
            out[i * b + k] = at


@njit(**_OPTS)
def fin_sum(buf, out):  # pragma: no cover - runs compiled
    """Sum the chunk rows of ``buf`` (chunks, ...) into flat ``out``, in chunk order.

    >>> import numpy as np
    >>> o = np.empty(2, np.float32); fin_sum(np.ones((3, 2)), o); o.tolist()
    [3.0, 3.0]
    """
    m = out.size
    b = buf.reshape((buf.shape[0], m))
    for j in range(m):
        acc = b[0, j]
        for c in range(1, b.shape[0]):
            acc += b[c, j]
        out[j] = acc


@njit(**_OPTS)
def fin_max(buf, out):  # pragma: no cover - runs compiled
    """The largest chunk value per element (NaN wins, as in NumPy).

    >>> import numpy as np
    >>> o = np.empty(1); fin_max(np.array([[1.0], [np.nan]]), o); o.tolist()
    [nan]
    """
    m = out.size
    b = buf.reshape((buf.shape[0], m))
    for j in range(m):
        acc = b[0, j]
        for c in range(1, b.shape[0]):
            t = b[c, j]
            acc = t if (t > acc or t != t) else acc
        out[j] = acc


@njit(**_OPTS)
def fin_min(buf, out):  # pragma: no cover - runs compiled
    """The smallest chunk value per element (NaN wins, as in NumPy).

    >>> import numpy as np
    >>> o = np.empty(1); fin_min(np.array([[1.0], [0.5]]), o); o.tolist()
    [0.5]
    """
    m = out.size
    b = buf.reshape((buf.shape[0], m))
    for j in range(m):
        acc = b[0, j]
        for c in range(1, b.shape[0]):
            t = b[c, j]
            acc = t if (t < acc or t != t) else acc
        out[j] = acc


@njit(**_OPTS)
def fin_cast(buf, out):  # pragma: no cover - runs compiled
    """Copy ``buf`` into flat ``out`` of another dtype.

    >>> import numpy as np
    >>> o = np.empty(2, np.float32); fin_cast(np.ones((1, 2)), o); o.tolist()
    [1.0, 1.0]
    """
    b = buf.reshape(out.size)
    for j in range(out.size):
        out[j] = b[j]


@njit(**_OPTS)
def copy_into(dst, src):  # pragma: no cover - runs compiled
    """Copy ``src`` (any layout) into C-contiguous ``dst`` of the same size.

    >>> import numpy as np
    >>> d = np.zeros((2, 2)); copy_into(d, np.eye(2).T); d.tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """
    dst.reshape(-1)[:] = np.ascontiguousarray(src).reshape(-1)
