"""Order samplers: the order in which an iterator visits a dataset each epoch."""

from __future__ import annotations

from typing import Any, Optional

import numpy


class OrderSampler:
    """Base of order samplers: ``sampler(current_order, current_position)`` returns
    the order (a permutation of indices) of the next epoch.

    >>> import numpy as np
    >>> from tapejit.iterators import OrderSampler
    >>> class Reverse(OrderSampler):
    ...     def __call__(self, current_order, current_position):
    ...         return np.arange(len(current_order))[::-1]
    >>> Reverse()(np.arange(3), 0)
    array([2, 1, 0])
    """

    def __call__(self, current_order: Any, current_position: int) -> Any:
        raise NotImplementedError(f'{type(self).__name__}.__call__ is not implemented')


class ShuffleOrderSampler(OrderSampler):
    """A random permutation each epoch, drawn from ``random_state`` (a
    ``numpy.random.RandomState``; NumPy's global one by default).

    Its :meth:`serialize` saves the state of the random generator, so a
    training run resumed from a snapshot draws the same orders as the
    uninterrupted run (a snapshot restores NumPy's global generator when the
    sampler uses it).

    >>> import numpy as np
    >>> from tapejit.iterators import ShuffleOrderSampler
    >>> s = ShuffleOrderSampler(np.random.RandomState(0))
    >>> sorted(s(np.arange(5), 0).tolist())
    [0, 1, 2, 3, 4]
    """

    def __init__(self, random_state: Optional[numpy.random.RandomState] = None) -> None:
        if random_state is None:
            random_state = numpy.random.random.__self__
        self._random = random_state

    def __call__(self, current_order: Any, current_position: int) -> Any:
        return self._random.permutation(len(current_order))

    def serialize(self, serializer: Any) -> None:
        """Save or load the state of the random generator."""
        name, keys, pos, has_gauss, cached = self._random.get_state()
        keys = serializer('keys', keys)
        pos = serializer('pos', int(pos))
        has_gauss = serializer('has_gauss', int(has_gauss))
        cached = serializer('cached_gaussian', float(cached))
        self._random.set_state((name, keys, pos, has_gauss, cached))
