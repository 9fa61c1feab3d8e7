"""Schedules of an optimizer's hyperparameter (learning rate...)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy

from tapejit.training import extension


def _serialize_schedule(ext: Any, serializer: Any) -> None:
    from tapejit.serializers.npz import Deserializer
    ext._t = serializer('_t', ext._t)
    if isinstance(serializer, Deserializer):
        try:
            value = serializer('_last_value', 0.0)
        except KeyError:  # saved before any value was set
            value = None
        if isinstance(value, numpy.ndarray):
            value = value.item()
        ext._last_value = value
    elif ext._last_value is not None:
        serializer('_last_value', float(ext._last_value))


class ExponentialShift(extension.Extension):
    """Multiplies the optimizer's ``attr`` (``'lr'``, ``'alpha'``...) by ``rate`` each
    time it is triggered, from ``init`` (default: the value at the start) and
    not past ``target``.  ``optimizer`` defaults to the updater's ``'main'``.

    A compiled training step reads the new value on its next call: no retrace.

    >>> from tapejit.training import extensions
    >>> extensions.ExponentialShift('lr', 0.5, init=0.1)._rate
    0.5
    """

    def __init__(self, attr: str, rate: float, init: Optional[float] = None,
                 target: Optional[float] = None, optimizer: Any = None) -> None:
        if rate < 0:
            raise ValueError('ExponentialShift does not support negative rate')
        self._attr = attr
        self._rate = rate
        self._init = init
        self._target = target
        self._optimizer = optimizer
        self._t = 0
        self._last_value: Optional[float] = None

    def initialize(self, trainer: Any) -> None:
        optimizer = self._get_optimizer(trainer)
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        value = self._init if self._last_value is None else self._last_value
        self._update_value(optimizer, value)

    def __call__(self, trainer: Any) -> None:
        self._t += 1
        optimizer = self._get_optimizer(trainer)
        value = self._init * self._rate ** self._t
        if self._target is not None:
            if self._rate > 1:
                if value / self._target > 1:
                    value = self._target
            elif value / self._target < 1:
                value = self._target
        self._update_value(optimizer, value)

    def serialize(self, serializer: Any) -> None:
        _serialize_schedule(self, serializer)

    def _get_optimizer(self, trainer: Any) -> Any:
        return self._optimizer or trainer.updater.get_optimizer('main')

    def _update_value(self, optimizer: Any, value: float) -> None:
        setattr(optimizer, self._attr, value)
        self._last_value = value


class LinearShift(extension.Extension):
    """Moves the optimizer's ``attr`` linearly from ``value_range[0]`` to
    ``value_range[1]`` between the ``time_range[0]``-th and ``time_range[1]``-th
    time it is triggered.

    >>> from tapejit.training import extensions
    >>> s = extensions.LinearShift('lr', (0.1, 0.0), (0, 10))
    >>> s._t = 5; s._compute_next_value()
    0.05
    """

    def __init__(self, attr: str, value_range: Sequence[float], time_range: Sequence[int],
                 optimizer: Any = None) -> None:
        self._attr = attr
        self._value_range = value_range
        self._time_range = time_range
        self._optimizer = optimizer
        self._t = 0
        self._last_value: Optional[float] = None

    def initialize(self, trainer: Any) -> None:
        optimizer = self._get_optimizer(trainer)
        value = self._compute_next_value() if self._last_value is None else self._last_value
        self._update_value(optimizer, value)

    def __call__(self, trainer: Any) -> None:
        self._t += 1
        self._update_value(self._get_optimizer(trainer), self._compute_next_value())

    def serialize(self, serializer: Any) -> None:
        _serialize_schedule(self, serializer)

    def _get_optimizer(self, trainer: Any) -> Any:
        return self._optimizer or trainer.updater.get_optimizer('main')

    def _compute_next_value(self) -> float:
        t1, t2 = self._time_range
        v1, v2 = self._value_range
        if self._t <= t1:
            return v1
        if self._t >= t2:
            return v2
        rate = (self._t - t1) / (t2 - t1)
        return v1 + rate * (v2 - v1)

    def _update_value(self, optimizer: Any, value: float) -> None:
        setattr(optimizer, self._attr, value)
        self._last_value = value
