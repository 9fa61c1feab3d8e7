"""``Sequential``: a list of layers (links or functions) applied one after another."""

from __future__ import annotations

import copy
import inspect

from typing import Any, Iterator

from tapejit.links.link import ChainList, Link, register_sequential


class Sequential(ChainList):
    """Sequential(*layers)

    Calls its layers in order, each on the output of the previous one (a tuple
    output is unpacked into the next layer's arguments). Layers are links
    (registered as children, so their parameters belong to the model) or any
    callables such as ``F.relu``.

    >>> import numpy as np, tapejit, tapejit.functions as F
    >>> from tapejit import links as L
    >>> net = tapejit.Sequential(L.Linear(3, 4), F.relu, L.Linear(4, 2))
    >>> net(np.ones((5, 3), np.float32)).shape, len(net)
    ((5, 2), 3)
    >>> [name for name, _ in net.namedparams()]
    ['/0/W', '/0/b', '/1/W', '/1/b']
    """

    def __init__(self, *layers: Any) -> None:
        self._layers: list = []
        super().__init__()
        for layer in layers:
            self.append(layer)

    def __len__(self) -> int:
        return len(self._layers)

    def __getitem__(self, index: Any) -> Any:
        return self._layers[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._layers)

    def __setitem__(self, index: Any, layer: Any) -> None:
        if isinstance(index, slice):
            layers = list(layer)
        else:
            layers = [layer]
        for item in layers:
            self._check_layer(item)
        self._layers[index] = layers if isinstance(index, slice) else layer
        self._sync()

    def __delitem__(self, index: Any) -> None:
        del self._layers[index]
        self._sync()

    def insert(self, index: int, layer: Any) -> None:
        """Insert ``layer`` (a link or a callable) before ``index``, which
        must be a position of the list or its end (Chainer's rule: ``list.insert``
        would clamp it)."""
        n = len(self._layers)
        if not -n <= index <= n:
            raise IndexError(f'Sequential.insert: index {index} out of range for '
                             f'{n} layer(s)')
        self._check_layer(layer)
        self._layers.insert(index, layer)
        self._sync()

    def __reduce__(self) -> Any:
        # (A lambda does not pickle by name; said here, as Chainer says it.)
        if any(getattr(layer, '__name__', None) == '<lambda>' for layer in self._layers):
            raise ValueError('This Sequential holds a lambda function as a layer, and a '
                             'lambda cannot be pickled: use a function defined with def, '
                             'or functools.partial')
        return super().__reduce__()

    def __deepcopy__(self, memo: dict) -> 'Sequential':
        # (Copied without pickling: a lambda layer is shared, as functions are.)
        new = self.__class__.__new__(self.__class__)
        memo[id(self)] = new
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    def __add__(self, other: Any) -> 'Sequential':
        """A new Sequential of this one's layers, then ``other``'s (a
        Sequential), as Chainer's ``+``."""
        if not isinstance(other, Sequential):
            raise ValueError('add (+) operator supports only objects of Sequential class, '
                             f'but {type(other)} is given.')
        return Sequential(*self._layers, *other._layers)

    def __iadd__(self, other: Any) -> 'Sequential':
        """Append ``other``'s layers (a Sequential) to this one."""
        if not isinstance(other, Sequential):
            raise ValueError('add (+) operator supports only objects of Sequential class, '
                             f'but {type(other)} is given.')
        for layer in list(other._layers):
            self.append(layer)
        return self

    def flatten(self) -> 'Sequential':
        """A new Sequential whose nested Sequentials are replaced by their
        layers, at any depth (the layers themselves are shared).

        >>> import tapejit, tapejit.functions as F
        >>> from tapejit import links as L
        >>> inner = tapejit.Sequential(L.Linear(2, 2), F.relu)
        >>> net = tapejit.Sequential(L.Linear(3, 2), inner)
        >>> flat = net.flatten()
        >>> len(net), len(flat), flat.count_by_layer_type('Linear')
        (2, 3, 2)
        """
        out = Sequential()
        for layer in self._layers:
            if isinstance(layer, Sequential):
                out.extend(layer.flatten())
            else:
                out.append(layer)
        return out

    def count_by_layer_type(self, type_name: str) -> int:
        """How many layers are named ``type_name``: a link's class name
        (``'Linear'``) or a function's name (``'relu'``)."""
        return sum(1 for layer in self._layers if _layer_type(layer) == type_name)

    def remove_by_layer_type(self, type_name: str) -> None:
        """Remove every layer named ``type_name`` (see :meth:`count_by_layer_type`)."""
        for layer in [la for la in self._layers if _layer_type(la) == type_name]:
            self.remove(layer)

    def _check_layer(self, layer: Any) -> None:
        if not callable(layer):
            raise ValueError(f'{self._label()}: all elements of a Sequential should be '
                             f'callable, but {layer!r} is not')

    def _sync(self) -> None:
        # The links among the layers are the children, numbered in order.
        self._children = [la for la in self._layers if isinstance(la, Link)]
        self._renumber()

    def forward(self, *x: Any) -> Any:
        """Apply the layers in order."""
        if not self._layers:
            raise RuntimeError(f'{self._label()}: the Sequential has no layer')
        for layer in self._layers:
            x = layer(*x) if isinstance(x, tuple) else layer(x)
        return x

    def copy(self, mode: str = 'share') -> 'Sequential':
        ret = super().copy(mode)
        copies = iter(ret._children)
        ret._layers = [next(copies) if isinstance(la, Link) else la for la in self._layers]
        return ret

    def __str__(self) -> str:
        reps = []
        for i, layer in enumerate(self._layers):
            for line in f'({i}): {_layer_text(layer)},'.splitlines():
                reps.append(f'  {line}\n')
        body = ''.join(reps)
        return f'{type(self).__name__}(' + ('\n' + body if body else '') + ')'


register_sequential(Sequential)


def _layer_text(layer: Any) -> str:
    """A layer as ``str(Sequential)`` shows it: a lambda by its source line (Chainer's)."""
    if getattr(layer, '__name__', None) == '<lambda>':
        try:
            return inspect.getsource(layer).strip().rstrip(',')
        except (OSError, TypeError):  # (defined where no source is kept: a notebook's exec)
            pass
    return str(layer)


def _layer_type(layer: Any) -> str:
    # (Chainer's naming: a link's class, else the callable's own name.)
    if isinstance(layer, Link):
        return type(layer).__name__
    return getattr(layer, '__name__', type(layer).__name__)


__all__ = ['Sequential']
