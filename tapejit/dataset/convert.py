"""Turning a list of examples into batched arrays (Chainer's ``concat_examples``)."""

from __future__ import annotations

from typing import Any

import numpy

from tapejit import backends


def to_device(device: Any, x: Any) -> Any:
    """Send the array ``x`` to ``device`` (a Device, ``'@numpy'``, ``'@cupy:N'``, an
    int: negative for the CPU); ``None`` leaves it where it is.

    >>> import numpy as np
    >>> from tapejit.dataset import to_device
    >>> to_device('@numpy', np.arange(3))
    array([0, 1, 2])
    """
    if device is None or x is None:
        return x
    return backends.get_device(device).send(x)


def _concat_arrays(arrays: list, padding: Any) -> Any:
    if not backends.is_array(arrays[0]):
        arrays = numpy.asarray(arrays)
        if padding is None:
            return arrays
    if padding is not None:
        return _concat_with_padding(arrays, padding)
    xp = backends.get_array_module(arrays[0])
    first = arrays[0]
    for i, a in enumerate(arrays):
        if a.shape != first.shape:
            raise ValueError(f'concat_examples: example {i} has shape {a.shape} but example 0 '
                             f'has shape {first.shape}; pass padding= to pad them to one '
                             'shape')
    return xp.concatenate([a[None] for a in arrays])


def _concat_with_padding(arrays: Any, padding: Any) -> Any:
    shape = numpy.array(arrays[0].shape, dtype=int)
    for a in arrays[1:]:
        if len(a.shape) != len(shape):
            raise ValueError(f'concat_examples: examples of {len(shape)} and {len(a.shape)} '
                             'dimensions cannot be padded to one shape')
        numpy.maximum(shape, numpy.array(a.shape, dtype=int), out=shape)
    xp = backends.get_array_module(arrays[0])
    result = xp.full((len(arrays),) + tuple(int(s) for s in shape), padding,
                     dtype=arrays[0].dtype)
    for i, a in enumerate(arrays):
        result[(i,) + tuple(slice(d) for d in a.shape)] = a
    return result


def concat_examples(batch: list, device: Any = None, padding: Any = None) -> Any:
    """Concatenate a list of examples into batched arrays.

    Examples that are tuples give a tuple of arrays (one per position), dicts a
    dict of arrays, arrays one array.  With ``padding``, arrays of different
    shapes are padded to the largest shape with that value (a tuple or dict
    of paddings gives one per position or key).  ``device`` sends the result
    there.

    >>> import numpy as np
    >>> from tapejit.dataset import concat_examples
    >>> concat_examples([np.array([1, 2]), np.array([3, 4])])
    array([[1, 2],
           [3, 4]])
    >>> x, t = concat_examples([(np.array([1, 2, 3]), 0), (np.array([4, 5]), 1)], padding=-1)
    >>> x
    array([[ 1,  2,  3],
           [ 4,  5, -1]])
    >>> concat_examples([{'x': np.zeros(2), 'y': 1}, {'x': np.ones(2), 'y': 2}])['y']
    array([1, 2])
    """
    if len(batch) == 0:
        raise ValueError('concat_examples: batch is empty')
    first = batch[0]
    if isinstance(first, tuple):
        if not isinstance(padding, tuple):
            padding = (padding,) * len(first)
        return tuple(to_device(device, _concat_arrays([ex[i] for ex in batch], padding[i]))
                     for i in range(len(first)))
    if isinstance(first, dict):
        if not isinstance(padding, dict):
            padding = {key: padding for key in first}
        return {key: to_device(device, _concat_arrays([ex[key] for ex in batch], padding[key]))
                for key in first}
    return to_device(device, _concat_arrays(batch, padding))
