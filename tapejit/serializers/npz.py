"""Saving and loading links and optimizers as NumPy ``.npz`` files, with
Chainer's key layout (``'l1/W'``, ``'l1/b'``; an optimizer's ``'t'``,
``'epoch'``, ``'l1/W/m'``...)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy

from tapejit import backends
from tapejit.core.variable import Variable


class Serializer:
    """Base of serializers: ``s[key]`` is the child serializer at ``key``;
    ``s(key, value)`` saves ``value`` (and returns it).

    >>> from tapejit.serializers import DictionarySerializer, Serializer
    >>> issubclass(DictionarySerializer, Serializer)
    True
    """

    def __getitem__(self, key: str) -> 'Serializer':
        raise NotImplementedError

    def __call__(self, key: str, value: Any) -> Any:
        raise NotImplementedError

    def save(self, obj: Any) -> None:
        """Serialize ``obj`` (a link or an optimizer) into this serializer."""
        obj.serialize(self)


class Deserializer(Serializer):
    """Base of deserializers: ``d(key, value)`` loads into ``value`` and returns it.

    >>> from tapejit.serializers import Deserializer, NpzDeserializer
    >>> issubclass(NpzDeserializer, Deserializer)
    True
    """

    def load(self, obj: Any) -> None:
        """Load ``obj``'s arrays and values from this deserializer."""
        obj.serialize(self)


class DictionarySerializer(Serializer):
    """Collects arrays into a flat dictionary ``{'path/key': numpy array}``.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> from tapejit.serializers import DictionarySerializer
    >>> s = DictionarySerializer()
    >>> s.save(L.Linear(2, 3))
    >>> sorted(s.target)
    ['W', 'b']
    """

    def __init__(self, target: Optional[dict] = None, path: str = '') -> None:
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key: str) -> 'DictionarySerializer':
        key = key.strip('/')
        return DictionarySerializer(self.target, self.path + key + '/')

    def __call__(self, key: str, value: Any) -> Any:
        key = key.lstrip('/')
        if value is None:
            # An uninitialized parameter: nothing to save (it takes its shape from
            # the file when one is loaded into it).
            return value
        arr = value._data if isinstance(value, Variable) else value
        if backends.is_array(arr):
            arr = numpy.array(backends.CPU.send(arr))  # a copy: later updates stay out
        else:
            arr = numpy.asarray(arr)
        self.target[self.path + key] = arr
        return value


class NpzDeserializer(Deserializer):
    """Loads values from an opened ``.npz`` file (or any mapping of arrays).

    ``strict=False`` leaves values whose key is missing unchanged;
    ``ignore_names`` (names or callables on the key) skips keys.

    >>> import numpy as np
    >>> from tapejit import links as L
    >>> from tapejit.serializers import NpzDeserializer
    >>> lin = L.Linear(2, 1)
    >>> NpzDeserializer({'W': np.ones((1, 2)), 'b': np.zeros(1)}).load(lin)
    >>> lin.W.array
    array([[1., 1.]], dtype=float32)
    """

    def __init__(self, npz: Any, path: str = '', strict: bool = True,
                 ignore_names: Any = None) -> None:
        self.npz = npz
        self.path = path
        self.strict = strict
        if ignore_names is None:
            ignore_names = []
        elif isinstance(ignore_names, str) or callable(ignore_names):
            ignore_names = [ignore_names]
        self.ignore_names = list(ignore_names)

    def __getitem__(self, key: str) -> 'NpzDeserializer':
        key = key.strip('/')
        return NpzDeserializer(self.npz, self.path + key + '/', strict=self.strict,
                               ignore_names=self.ignore_names)

    def _ignored(self, key: str) -> bool:
        for name in self.ignore_names:
            if (callable(name) and name(key)) or name == key:
                return True
        return False

    def __call__(self, key: str, value: Any) -> Any:
        key = self.path + key.lstrip('/')
        if self._ignored(key):
            return value
        if key not in self.npz:
            if not self.strict:
                return value
            keys = sorted(self.npz.keys()) if hasattr(self.npz, 'keys') else []
            shown = ', '.join(keys[:8]) + (', ...' if len(keys) > 8 else '')
            raise KeyError(f'load_npz: {key!r} is not in the file (it has {shown}); pass '
                           'strict=False to skip missing entries')
        dataset = numpy.asarray(self.npz[key])
        if dataset.dtype == object and dataset.shape == () and dataset[()] is None:
            # Chainer's record of an uninitialized parameter (a pickled None, in a
            # file the caller opened with allow_pickle=True): nothing to load.
            return None
        if value is None:
            return dataset
        target = value._data if isinstance(value, Variable) else value
        if backends.is_array(target):
            if target.shape != dataset.shape:
                raise ValueError(f'load_npz: {key!r} has shape {dataset.shape} in the file '
                                 f'but the target has shape {target.shape}')
            if isinstance(target, numpy.ndarray):
                numpy.copyto(target, dataset, casting='same_kind')
            else:
                target.set(numpy.asarray(dataset, dtype=target.dtype))
            return value
        if isinstance(value, (bool, numpy.bool_)):
            return bool(dataset)
        return _scalar(key, dataset, type(value))


def _scalar(key: str, dataset: Any, value_type: type) -> Any:
    """``dataset`` as a ``value_type`` scalar, refusing a lossy cast as Chainer does
    (an integer into a Python int is always exact)."""
    if (issubclass(dataset.dtype.type, numpy.number)
            and not (issubclass(dataset.dtype.type, numpy.integer) and value_type is int)
            and not numpy.can_cast(dataset.dtype, value_type, casting='safe')):
        raise TypeError(f'load_npz: {key!r} holds {dataset.dtype} in the file, which '
                        f'cannot be loaded safely into a {value_type.__name__}')
    return value_type(dataset.item() if dataset.ndim == 0 else dataset)


def serialize(obj: Any) -> dict:
    """The arrays of ``obj`` (a link or an optimizer) as a dict ``{'path/key': array}``.

    >>> from tapejit import links as L
    >>> from tapejit.serializers.npz import serialize
    >>> sorted(serialize(L.Linear(2, 3)))
    ['W', 'b']
    """
    s = DictionarySerializer()
    s.save(obj)
    return s.target


def save_npz(file: Any, obj: Any, compression: bool = True) -> None:
    """Save the arrays of ``obj`` (a link or an optimizer) to ``file`` (``.npz``).

    >>> import io, numpy as np
    >>> from tapejit import links as L, serializers
    >>> a, b = L.Linear(2, 3), L.Linear(2, 3)
    >>> f = io.BytesIO()
    >>> serializers.save_npz(f, a); _ = f.seek(0)
    >>> serializers.load_npz(f, b)
    >>> np.array_equal(a.W.array, b.W.array)
    True
    """
    s = DictionarySerializer()
    s.save(obj)
    if isinstance(file, str):
        with open(file, 'wb') as f:
            _write(f, s.target, compression)
    else:
        _write(file, s.target, compression)


def _write(f: Any, target: dict, compression: bool) -> None:
    if compression:
        numpy.savez_compressed(f, **target)
    else:
        numpy.savez(f, **target)


def load_npz(file: Any, obj: Any, path: str = '', strict: bool = True,
             ignore_names: Optional[Sequence[Any]] = None) -> None:
    """Load ``obj`` (a link or an optimizer) from an ``.npz`` file written by
    :func:`save_npz`; ``path`` selects a sub-tree (``'updater/model:main/'``).

    Arrays are copied into the existing ones (an uninitialized parameter takes
    the saved shape); a missing key or a shape mismatch raises, naming the key.

    >>> import io, numpy as np, tapejit
    >>> from tapejit import links as L, serializers
    >>> f = io.BytesIO()
    >>> serializers.save_npz(f, tapejit.Chain(l1=L.Linear(2, 3))); _ = f.seek(0)
    >>> lazy = tapejit.Chain(l1=L.Linear(None, 3))
    >>> serializers.load_npz(f, lazy)
    >>> lazy.l1.W.shape
    (3, 2)
    """
    with numpy.load(file, allow_pickle=False) as f:
        d = NpzDeserializer(f, path=path, strict=strict, ignore_names=ignore_names)
        d.load(obj)
