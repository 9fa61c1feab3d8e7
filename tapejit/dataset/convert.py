"""Turning a list of examples into batched arrays (Chainer's ``concat_examples``),
and how updaters and evaluators call a converter."""

from __future__ import annotations

from typing import Any, Callable

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


class Converter:
    """Base class of new-style converters: ``converter(batch, device)`` receives a
    :class:`~tapejit.backend.Device` (or None) where Chainer's older converters,
    plain functions, receive an int (``-1`` for the CPU, a GPU's id).

    >>> from tapejit import dataset
    >>> class Identity(dataset.Converter):
    ...     def __call__(self, batch, device):
    ...         return batch
    >>> isinstance(Identity(), dataset.Converter)
    True
    """

    def __call__(self, batch: Any, device: Any) -> Any:
        raise NotImplementedError('Concrete class must implement __call__.')


class _FunctionConverter(Converter):
    """A function made a :class:`Converter` by :func:`converter`: the device
    argument it is called with becomes a Device (None stays None)."""

    def __init__(self, func: Callable) -> None:
        if not callable(func):
            raise TypeError(f'Can only wrap a callable. Actual: {type(func)}')
        self.base_callable = func

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if len(args) >= 2:
            args = (args[0], _device_or_none(args[1])) + args[2:]
        elif 'device' in kwargs:
            kwargs['device'] = _device_or_none(kwargs['device'])
        return self.base_callable(*args, **kwargs)


def _device_or_none(spec: Any) -> Any:
    return None if spec is None else backends.get_device(spec)


def converter() -> Callable[[Callable], Converter]:
    """Decorator making a function ``f(batch, device)`` a new-style :class:`Converter`
    (called with a Device, also when given an int).

    >>> import numpy as np
    >>> from tapejit import dataset
    >>> @dataset.converter()
    ... def to_float(batch, device):
    ...     return dataset.concat_examples(batch, device).astype(np.float32)
    >>> isinstance(to_float, dataset.Converter), to_float([np.zeros(2)], -1).dtype
    (True, dtype('float32'))
    """
    def wrap(func: Callable) -> Converter:
        return _FunctionConverter(func)
    return wrap


def call_converter(convert: Callable, batch: Any, device: Any) -> Any:
    """Call the converter ``convert`` on ``batch`` as Chainer's updaters and evaluators do:
    a new-style one (a :class:`Converter`, or :func:`concat_examples`) with the
    Device ``device``, any other with what Chainer's older converters expect:
    ``-1`` for the CPU, a GPU's id (None stays None either way).

    >>> import numpy as np
    >>> from tapejit import backend
    >>> from tapejit.dataset.convert import call_converter
    >>> call_converter(lambda batch, device: device, [np.zeros(2)], backend.CpuDevice())
    -1
    """
    if device is None or isinstance(convert, Converter) or convert is concat_examples:
        return convert(batch, device)
    device = backends.get_device(device)
    if isinstance(device, backends.CpuDevice):
        return convert(batch, -1)
    device_id = getattr(device, 'device_id', None)
    if device_id is None:
        raise RuntimeError(f'an old-style converter (a function, not a dataset.Converter) '
                           f'cannot take the device {device}: decorate it with '
                           '@tapejit.dataset.converter()')
    return convert(batch, device_id)
