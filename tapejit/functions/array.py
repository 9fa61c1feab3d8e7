"""Array manipulation with Chainer's names: reshape, transpose, indexing, concat..."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.abstract import TracedArray
from tapejit.core.errors import LabelError, ShapeError
from tapejit.core.variable import Variable
from tapejit.functions._util import array_of, check_labels_in_range, check_var
from tapejit.ops import elementwise as E
from tapejit.ops import reduction as R
from tapejit.ops import structure as S
from tapejit.ops.registry import normalize_axis
from tapejit.ops.window import take_rows


def _shape(name: str, x: Any) -> tuple:
    check_var(name, x)
    return array_of(x).shape


def reshape(x: Any, shape: Any) -> Variable:
    """Same data, new shape (one ``-1`` is inferred).

    >>> import numpy as np, tapejit.functions as F
    >>> F.reshape(np.arange(6.0), (2, -1)).shape
    (2, 3)
    """
    in_shape = _shape('reshape', x)
    shape = S.resolve_shape('reshape', in_shape, shape)
    if shape == in_shape:
        # Nothing to do: the Variable itself, or one over the same array (Chainer's).
        return x if isinstance(x, Variable) else Variable._make(x, False)
    return S.reshape(x, shape=shape)


def flatten(x: Any) -> Variable:
    """Reshape to one dimension.

    >>> import numpy as np, tapejit.functions as F
    >>> F.flatten(np.ones((2, 3))).shape
    (6,)
    """
    return reshape(x, (-1,))


def transpose(x: Any, axes: Optional[Sequence[int]] = None) -> Variable:
    """Permute the axes (reverse them when ``axes`` is None).

    >>> import numpy as np, tapejit.functions as F
    >>> F.transpose(np.ones((2, 3, 4)), (1, 0, 2)).shape
    (3, 2, 4)
    """
    nd = len(_shape('transpose', x))
    if axes is None:
        axes = tuple(range(nd))[::-1]
    else:
        axes = tuple(int(a) % nd if nd else int(a) for a in axes)
    return S.transpose(x, axes=axes)


def broadcast_to(x: Any, shape: Sequence[int]) -> Variable:
    """Broadcast to ``shape``; the gradient sums over the broadcast axes.

    >>> import numpy as np, tapejit.functions as F
    >>> F.broadcast_to(np.array([1.0, 2.0]), (2, 2))
    variable([[1., 2.],
              [1., 2.]])
    """
    in_shape = _shape('broadcast_to', x)
    shape = tuple(int(s) for s in shape)
    if shape == in_shape:
        return x if isinstance(x, Variable) else Variable._make(x, False)
    return R.broadcast_to(x, shape=shape)


def broadcast(*args: Any) -> Any:
    """Broadcast the inputs against each other (Chainer's ``F.broadcast``).

    Returns one Variable for one input, else a tuple; each gradient sums over the
    axes its input was broadcast along.

    >>> import numpy as np, tapejit.functions as F
    >>> a, b = F.broadcast(np.zeros((2, 1)), np.ones(3))
    >>> a.shape, b.shape
    ((2, 3), (2, 3))
    """
    if not args:
        # A ValueError, and the InvalidType of Chainer's type check.
        raise ShapeError('broadcast: needs at least one input, got none')
    shapes = [_shape('broadcast', x) for x in args]
    try:
        shape = numpy.broadcast_shapes(*shapes)
    except ValueError:
        raise ShapeError(f'broadcast: shapes {" and ".join(map(str, shapes))} do not '
                         'broadcast together') from None
    ys = tuple(R.broadcast_to(x, shape=shape) for x in args)
    return ys[0] if len(ys) == 1 else ys


def sum_to(x: Any, shape: Sequence[int]) -> Variable:
    """Sum over the leading and size-1 axes so that the result has ``shape``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.sum_to(np.ones((2, 3)), (1, 3))
    variable([[2., 2., 2.]])
    """
    _shape('sum_to', x)
    if not isinstance(x, Variable):
        x = Variable._make(x, False)
    return R.sum_to(x, tuple(shape))


def expand_dims(x: Any, axis: int) -> Variable:
    """Insert an axis of size 1 at ``axis``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.expand_dims(np.ones(3), 0).shape
    (1, 3)
    """
    shape = list(_shape('expand_dims', x))
    nd = len(shape) + 1
    if not -nd <= axis < nd:
        raise ShapeError(f'expand_dims: axis {axis} is out of bounds for the result '
                         f'of {nd} dimensions')
    shape.insert(axis % nd, 1)
    return S.reshape(x, shape=tuple(shape))


def squeeze(x: Any, axis: Any = None) -> Variable:
    """Remove axes of size 1 (all of them when ``axis`` is None).

    >>> import numpy as np, tapejit.functions as F
    >>> F.squeeze(np.ones((1, 3, 1))).shape
    (3,)
    """
    shape = _shape('squeeze', x)
    axes = normalize_axis('squeeze', axis, len(shape))
    if axes is None:
        axes = tuple(i for i, s in enumerate(shape) if s == 1)
    for a in axes:
        if shape[a] != 1:
            raise ShapeError(f'squeeze: axis {a} of shape {shape} has size {shape[a]}; '
                             'expected size 1')
    return S.reshape(x, shape=tuple(s for i, s in enumerate(shape) if i not in axes))


def concat(xs: Sequence[Any], axis: int = 1) -> Variable:
    """Concatenate along ``axis`` (Chainer's default is 1).

    >>> import numpy as np, tapejit.functions as F
    >>> F.concat((np.ones((2, 1)), np.zeros((2, 2)))).shape
    (2, 3)
    """
    if not xs:
        raise ValueError('concat: needs at least one input')
    for x in xs:
        check_var('concat', x, 'each input')
    nd = array_of(xs[0]).ndim
    if not -nd <= axis < nd:
        raise ShapeError(f'concat: axis {axis} is out of bounds for inputs of {nd} '
                         'dimensions')
    return S.concat(*xs, axis=axis % nd)


def stack(xs: Sequence[Any], axis: int = 0) -> Variable:
    """Stack inputs of one shape along a new axis.

    >>> import numpy as np, tapejit.functions as F
    >>> F.stack([np.ones(3), np.zeros(3)]).shape
    (2, 3)
    """
    if not xs:
        raise ValueError('stack: needs at least one input')
    for x in xs:
        check_var('stack', x, 'each input')
    shapes = [array_of(x).shape for x in xs]
    if any(s != shapes[0] for s in shapes[1:]):
        raise ShapeError('stack: shapes ' + ' and '.join(str(s) for s in shapes)
                         + ' differ; expected one shape')
    return concat([expand_dims(x, axis) for x in xs], axis=axis)


def split_axis(x: Any, indices_or_sections: Any, axis: int,
               force_tuple: bool = True) -> Any:
    """Split along ``axis`` into equal sections (an int) or at the given indices.

    >>> import numpy as np, tapejit.functions as F
    >>> [y.shape for y in F.split_axis(np.ones((2, 6)), 3, axis=1)]
    [(2, 2), (2, 2), (2, 2)]
    """
    shape = _shape('split_axis', x)
    nd = len(shape)
    if not -nd <= axis < nd:
        raise ShapeError(f'split_axis: axis {axis} is out of bounds for shape {shape}')
    axis %= nd
    size = shape[axis]
    if isinstance(indices_or_sections, (int, numpy.integer)):
        n = int(indices_or_sections)
        if n <= 0 or size % n:
            raise ShapeError(f'split_axis: axis {axis} of size {size} cannot be split '
                             f'into {n} equal sections')
        bounds = [size // n * i for i in range(1, n)]
    else:
        # Negative split points count from the end, as in numpy.split.
        bounds = [min(max(int(i) + size if int(i) < 0 else int(i), 0), size)
                  for i in indices_or_sections]
    if any(a > b for a, b in zip(bounds, bounds[1:])):
        # (numpy.split would return empty pieces and overlapping ones silently)
        raise ShapeError(f'split_axis: the split points {list(indices_or_sections)} on axis '
                         f'{axis} of size {size} are not in increasing order')
    edges = [0] + bounds + [size]
    ys = tuple(get_item(x, (slice(None),) * axis + (slice(lo, max(lo, hi)),))
               for lo, hi in zip(edges[:-1], edges[1:]))
    if len(ys) == 1 and not force_tuple:
        return ys[0]
    return ys


def get_item(x: Any, slices: Any) -> Variable:
    """``x[slices]``: int, slice, Ellipsis, None, integer arrays, one boolean array.

    >>> import numpy as np, tapejit.functions as F
    >>> x = np.arange(12).reshape((2, 2, 3))
    >>> F.get_item(x, (Ellipsis, 2))
    variable([[ 2,  5],
              [ 8, 11]])
    """
    shape = _shape('get_item', x)
    slices = S.normalize_index(shape, slices)
    return S.get_item(x, slices=slices)


def select_item(x: Any, t: Any) -> Variable:
    """``x[i, t[i]]`` for each row ``i``: pick one column per row.

    An index outside ``[0, C)`` raises IndexError (under ``jit`` too: the compiled
    function checks its labels on every call).

    >>> import numpy as np, tapejit.functions as F
    >>> F.select_item(np.array([[0.0, 1.0], [2.0, 3.0]]), np.array([1, 0]))
    variable([1., 2.])
    """
    shape = _shape('select_item', x)
    t = array_of(t)
    if len(shape) != 2 or getattr(t, 'ndim', None) != 1 or t.shape[0] != shape[0]:
        raise ShapeError(f'select_item: x has shape {shape} and t has shape '
                         f'{getattr(t, "shape", None)}; expected x of shape (N, C) and t '
                         'of shape (N,)')
    if t.dtype.kind not in 'iu':
        raise TypeError(f'select_item: t has dtype {t.dtype}; expected an integer dtype')
    xp = numpy if isinstance(t, (numpy.ndarray, TracedArray)) else backends.get_array_module(t)
    t = wide_labels(t)
    check_labels_in_range(
        t, shape[1], LabelError, lambda got: f'select_item: got index(es) {got} in t for x '
        f'of shape {shape}; expected indexes in [0, {shape[1]})')
    # A one-hot mask instead of fancy indexing: works on traced labels too.
    onehot = E.equal(S.reshape(t, shape=(shape[0], 1)),
                     xp.arange(shape[1], dtype=numpy.int64).reshape(1, shape[1]))
    return R.sum(E.where(onehot, x, xp.zeros((), array_of(x).dtype)), axis=(1,),
                 keepdims=False)


def wide_labels(t: Any) -> Any:
    """Integer labels as int64, so that class numbers past a narrow dtype's range (256
    classes for uint8) and a negative ``ignore_label`` compare without wrapping."""
    if t.dtype == numpy.int64:
        return t
    if isinstance(t, TracedArray):
        return E.cast(t, dtype=numpy.dtype(numpy.int64))
    return t.astype(numpy.int64)


def swapaxes(x: Any, axis1: int, axis2: int) -> Variable:
    """Exchange two axes.

    >>> import numpy as np, tapejit.functions as F
    >>> F.swapaxes(np.ones((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """
    nd = len(_shape('swapaxes', x))
    for a in (axis1, axis2):
        if not -nd <= a < nd:
            raise ShapeError(f'swapaxes: axis {a} is out of bounds for an array of {nd} '
                             'dimensions')
    axes = list(range(nd))
    axes[axis1 % nd], axes[axis2 % nd] = axes[axis2 % nd], axes[axis1 % nd]
    return S.transpose(x, axes=tuple(axes))


def tile(x: Any, reps: Any) -> Variable:
    """``x`` repeated ``reps`` times along each axis (NumPy's ``tile``).

    >>> import numpy as np, tapejit.functions as F
    >>> F.tile(np.array([1.0, 2.0]), (2, 2)).array
    array([[1., 2., 1., 2.],
           [1., 2., 1., 2.]])
    """
    shape = _shape('tile', x)
    reps = (reps,) if isinstance(reps, (int, numpy.integer)) else tuple(reps)
    if any(not isinstance(r, (int, numpy.integer)) for r in reps):
        raise TypeError(f'tile: reps must be an int or a tuple of ints, got {reps!r}')
    if any(r < 0 for r in reps):
        raise ValueError(f'tile: reps must not be negative, got {reps}')
    nd = max(len(shape), len(reps))
    shape = (1,) * (nd - len(shape)) + shape
    reps = (1,) * (nd - len(reps)) + tuple(int(r) for r in reps)
    # (1, s0, 1, s1, ...) broadcast to (r0, s0, r1, s1, ...), then merged.
    spread = S.reshape(x, shape=tuple(v for s in shape for v in (1, s)))
    wide = R.broadcast_to(spread, shape=tuple(v for rs in zip(reps, shape) for v in rs))
    return S.reshape(wide, shape=tuple(r * s for r, s in zip(reps, shape)))


def repeat(x: Any, repeats: Any, axis: Optional[int] = None) -> Variable:
    """Each element of ``x`` repeated ``repeats`` times (an int, or one count
    per element along ``axis``) along ``axis`` (of the flattened ``x`` when
    None), as NumPy's ``repeat``.

    >>> import numpy as np, tapejit.functions as F
    >>> F.repeat(np.array([1.0, 2.0]), 2).array
    array([1., 1., 2., 2.])
    """
    shape = _shape('repeat', x)
    if axis is not None and (isinstance(axis, bool) or not isinstance(axis, (int, numpy.integer))):
        raise TypeError(f'repeat: axis must be an int or None, got {axis!r}')
    if isinstance(repeats, (str, bytes)) or not all(
            isinstance(r, (int, numpy.integer, numpy.bool_)) for r in numpy.ravel(repeats)):
        raise TypeError(f'repeat: repeats must be an int or a sequence of ints, got '
                        f'{repeats!r}')
    if axis is None:
        x, shape, axis = S.reshape(x, shape=(int(numpy.prod(shape)),)), \
            (int(numpy.prod(shape)),), 0
    nd = len(shape)
    if not -nd <= axis < nd:
        raise ShapeError(f'repeat: axis {axis} is out of bounds for an array of {nd} '
                         'dimensions')
    axis %= nd
    counts = numpy.asarray(repeats).astype(numpy.int64)
    if (counts < 0).any():
        raise ValueError(f'repeat: repeats must not be negative, got {repeats!r}')
    if counts.ndim == 1 and counts.size == 1:
        counts = counts.reshape(())
    if counts.ndim == 0:
        r = int(counts)
        spread = S.reshape(x, shape=shape[:axis + 1] + (1,) + shape[axis + 1:])
        wide = R.broadcast_to(spread, shape=shape[:axis + 1] + (r,) + shape[axis + 1:])
        return S.reshape(wide, shape=shape[:axis] + (shape[axis] * r,) + shape[axis + 1:])
    if counts.shape != (shape[axis],):
        raise ShapeError(f'repeat: {counts.size} counts for an axis of {shape[axis]} '
                         'elements; expected one per element')
    index = numpy.repeat(numpy.arange(shape[axis]), counts)
    return S.get_item(x, slices=(slice(None),) * axis + (index,))


def pad(x: Any, pad_width: Any, mode: str = 'constant', **keywords: Any) -> Variable:
    """``x`` padded by ``pad_width`` (NumPy's forms: an int, a ``(before,
    after)`` pair, or one pair per axis) with ``constant_values`` (default 0);
    only ``mode='constant'``, as in Chainer.

    >>> import numpy as np, tapejit.functions as F
    >>> F.pad(np.array([1.0, 2.0]), 1, 'constant', constant_values=9.0).array
    array([9., 1., 2., 9.])
    """
    shape = _shape('pad', x)
    if mode != 'constant':
        raise ValueError(f"pad: mode {mode!r} is not supported; expected 'constant'")
    unknown = set(keywords) - {'constant_values'}
    if unknown:
        raise TypeError(f'pad: unexpected keyword argument(s) {sorted(unknown)}')
    widths = numpy.broadcast_to(numpy.asarray(pad_width, dtype=numpy.int64),
                                (len(shape), 2))
    values = numpy.broadcast_to(numpy.asarray(keywords.get('constant_values', 0)),
                                (len(shape), 2))
    if (widths < 0).any():
        raise ValueError(f'pad: pad_width {pad_width!r} must not be negative')
    dt = array_of(x).dtype
    xp = numpy if isinstance(array_of(x), (numpy.ndarray, TracedArray)) \
        else backends.get_array_module(array_of(x))
    out = x
    for ax in range(len(shape)):
        parts = []
        for side in (0, 1):
            w = int(widths[ax, side])
            if w:
                size = list(array_of(out).shape)
                size[ax] = w
                parts.append(xp.full(tuple(size), values[ax, side], dt))
        if parts:
            before = parts[:1] if widths[ax, 0] else []
            after = parts[-1:] if widths[ax, 1] else []
            out = S.concat(*before, out, *after, axis=ax)
    return out


def transpose_sequence(xs: Sequence[Any]) -> tuple:
    """The time-major form of a batch of sequences, and back (Chainer's
    ``F.transpose_sequence``): ``xs`` holds sequences (arrays of shape
    ``(length, ...)``) sorted longest first; output ``t`` stacks the ``t``-th
    element of each sequence long enough to have one, so it has one row per
    such sequence. Applied to its output, it gives ``xs`` back.

    >>> import numpy as np, tapejit.functions as F
    >>> xs = [np.array([1, 2, 3]), np.array([4, 5]), np.array([6])]
    >>> [y.array.tolist() for y in F.transpose_sequence(xs)]
    [[1, 4, 6], [2, 5], [3]]
    >>> [x.array.tolist() for x in F.transpose_sequence(F.transpose_sequence(xs))]
    [[1, 2, 3], [4, 5], [6]]
    """
    if not xs:
        return ()
    for x in xs:
        check_var('transpose_sequence', x, 'each input')
    shapes = [_shape('transpose_sequence', x) for x in xs]
    if any(not s for s in shapes):
        raise ShapeError('transpose_sequence: each input needs a first (time) axis; got shapes '
                         + ', '.join(str(s) for s in shapes))
    if any(s[1:] != shapes[0][1:] for s in shapes):
        raise ShapeError('transpose_sequence: the inputs differ past their first axis: '
                         + ', '.join(str(s) for s in shapes))
    lengths = [s[0] for s in shapes]
    if any(a < b for a, b in zip(lengths, lengths[1:])):
        raise ShapeError(f'transpose_sequence: the lengths {lengths} are not sorted longest '
                         'first')
    if lengths[0] == 0:
        return ()
    # Three ops, whatever the batch: the sequences end to end, their rows
    # gathered in time-major order (a gather's gradient adds each row back),
    # and that cut at each time step's count.
    offsets = numpy.cumsum([0] + lengths[:-1])
    order = numpy.array([off + t for t in range(lengths[0])
                         for off, n in zip(offsets, lengths) if n > t], numpy.int64)
    counts = numpy.cumsum([sum(1 for n in lengths if n > t) for t in range(lengths[0])])
    flat = concat(list(xs), axis=0) if len(xs) > 1 else xs[0]
    data = array_of(flat)
    if not isinstance(data, (numpy.ndarray, TracedArray)):
        order = backends.get_array_module(data).asarray(order)
    rows = take_rows(flat, order)
    if lengths[0] == 1:
        return (rows,)
    return tuple(split_axis(rows, counts[:-1].tolist(), axis=0))
