"""Evaluation functions (Chainer's ``chainer.functions.evaluation``)."""

from __future__ import annotations

from typing import Any, Optional

import numpy

from tapejit.core.config import no_backprop_mode
from tapejit.core.errors import DTypeError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of, check_var
from tapejit.functions.array import reshape
from tapejit.functions.math import maximum
from tapejit.functions.reduction import argmax, mean
from tapejit.functions.reduction import sum as fsum


def _check_accuracy_args(y: Any, t: Any) -> None:
    ya, ta = array_of(y), array_of(t)
    if ya.dtype.kind != 'f':
        raise DTypeError(f'accuracy: y has dtype {ya.dtype}; expected a floating point dtype')
    if ta.dtype.kind not in 'iu':
        raise DTypeError(f'accuracy: t has dtype {ta.dtype}; expected an integer dtype')
    ok = (ya.ndim >= 2 and ya.ndim >= ta.ndim and ya.shape[0] == ta.shape[0]
          and ya.shape[2:ta.ndim + 1] == ta.shape[1:]
          and all(d == 1 for d in ya.shape[ta.ndim + 1:]))
    if not ok:
        raise ShapeError(f'accuracy: y has shape {ya.shape} and t has shape {ta.shape}; '
                         'expected y of shape (batch, classes, ...) and t of shape '
                         '(batch, ...) matching the axes of y past the class axis')


def accuracy(y: Any, t: Any, ignore_label: Optional[int] = None) -> Variable:
    """The fraction of examples whose largest score ``y[i, :]`` is at the label ``t[i]``.

    ``y`` holds scores of shape ``(batch, classes, ...)``, ``t`` integer labels of
    shape ``(batch, ...)``.  Labels equal to ``ignore_label`` are left out (the
    accuracy is 0 when every label is ignored).  The result has ``y``'s dtype
    and is not differentiable; it works eagerly and inside ``@tapejit.jit``.

    >>> import numpy as np, tapejit.functions as F
    >>> y = np.array([[0.1, 0.7, 0.2], [0.8, 0.1, 0.1], [0.2, 0.3, 0.5]], np.float32)
    >>> F.accuracy(y, np.array([1, 0, 0], np.int32))
    variable(0.6666667)
    >>> F.accuracy(y, np.array([1, -1, 0], np.int32), ignore_label=-1)
    variable(0.5)
    """
    check_var('accuracy', y, 'y')
    check_var('accuracy', t, 't')
    _check_accuracy_args(y, t)
    ya, ta = array_of(y), array_of(t)
    dtype = ya.dtype
    with no_backprop_mode():
        pred = argmax(ya, axis=1).array
        if pred.shape != ta.shape:
            pred = reshape(pred, ta.shape).array
        tt = ta.astype(pred.dtype) if ta.dtype != pred.dtype else ta
        hit = pred == tt
        if ignore_label is None:
            return mean(hit.astype(dtype))
        valid = tt != numpy.asarray(ignore_label, pred.dtype)
        mask = valid.astype(dtype)
        count = fsum(hit.astype(dtype) * mask)
        total = fsum(mask)
        # No valid label: count is 0 too, and 0 / max(0, 1) gives Chainer's 0.
        return count / maximum(total, numpy.ones((), dtype))


def binary_accuracy(y: Any, t: Any) -> Variable:
    """The fraction of binary labels ``t`` that the scores ``y`` predict, the
    prediction being 1 where ``y >= 0`` and 0 elsewhere (Chainer's
    ``F.binary_accuracy``).

    ``y`` (floating point) and ``t`` (signed integers) have the same shape,
    any; labels of -1 are left out of the count (the accuracy is 0 when every
    label is -1). The result has ``y``'s dtype and is not differentiable; it
    works eagerly and inside ``@tapejit.jit``.

    >>> import numpy as np, tapejit.functions as F
    >>> y = np.array([[2.0, -1.0], [0.0, -3.0]], np.float32)
    >>> F.binary_accuracy(y, np.array([[1, 1], [1, 0]], np.int32))
    variable(0.75)
    >>> F.binary_accuracy(y, np.array([[1, -1], [0, -1]], np.int32))
    variable(0.5)
    """
    check_var('binary_accuracy', y, 'y')
    check_var('binary_accuracy', t, 't')
    ya, ta = array_of(y), array_of(t)
    if ya.dtype.kind != 'f':
        raise DTypeError(f'binary_accuracy: y has dtype {ya.dtype}; expected a floating point '
                         'dtype')
    if ta.dtype.kind != 'i':
        raise DTypeError(f'binary_accuracy: t has dtype {ta.dtype}; expected a signed integer '
                         'dtype (-1 marks a label left out)')
    if ya.shape != ta.shape:
        raise ShapeError(f'binary_accuracy: y has shape {ya.shape} and t has shape '
                         f'{ta.shape}; expected the same shape')
    dtype = ya.dtype
    with no_backprop_mode():
        pred = (ya >= numpy.zeros((), dtype)).astype(ta.dtype)
        # A label of -1 is never predicted, so it adds nothing to the hits.
        hits = fsum((pred == ta).astype(dtype))
        total = fsum((ta != numpy.asarray(-1, ta.dtype)).astype(dtype))
        return hits / maximum(total, numpy.ones((), dtype))
