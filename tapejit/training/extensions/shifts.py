"""Schedules of an optimizer's hyperparameter (learning rate...).

Each schedule sets the optimizer's ``attr`` when the trainer starts (its
``initialize``) and each time it is triggered; a compiled training step reads
the new value on its next call: no retrace.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy

from tapejit.training import extension


class _Shift(extension.Extension):
    """What the schedules share: the optimizer (the updater's ``'main'`` by
    default), the count of calls ``_t``, the last value set (kept in a
    snapshot, restored by ``initialize`` on resume) and the clamping at
    ``target``.  A subclass computes the value of the ``t``-th call
    (:meth:`_compute_value`) and says whether the schedule increases."""

    def __init__(self, attr: str, init: Optional[float], target: Optional[float],
                 optimizer: Any) -> None:
        self._attr = attr
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
        value = self._compute_value()
        if self._target is not None:
            # Stop at the target (a ratio, as Chainer compares, for either sign).
            ratio = value / self._target
            if (ratio > 1) if self._increasing() else (ratio < 1):
                value = self._target
        self._update_value(self._get_optimizer(trainer), value)

    def _compute_value(self) -> float:
        raise NotImplementedError

    def _increasing(self) -> bool:
        raise NotImplementedError

    def serialize(self, serializer: Any) -> None:
        from tapejit.serializers.npz import Deserializer
        self._t = serializer('_t', self._t)
        if isinstance(serializer, Deserializer):
            try:
                value = serializer('_last_value', 0.0)
            except KeyError:  # saved before any value was set
                value = None
            if isinstance(value, numpy.ndarray):
                value = value.item()
            self._last_value = value
        elif self._last_value is not None:
            serializer('_last_value', float(self._last_value))

    def _get_optimizer(self, trainer: Any) -> Any:
        return self._optimizer or trainer.updater.get_optimizer('main')

    def _update_value(self, optimizer: Any, value: float) -> None:
        setattr(optimizer, self._attr, value)
        self._last_value = value


class ExponentialShift(_Shift):
    """Multiplies the optimizer's ``attr`` (``'lr'``, ``'alpha'``...) by ``rate`` each
    time it is triggered, from ``init`` (default: the value at the start) and
    not past ``target``.  ``optimizer`` defaults to the updater's ``'main'``.

    >>> from tapejit.training import extensions
    >>> s = extensions.ExponentialShift('lr', 0.5, init=0.1)
    >>> s._t = 2; s._compute_value()
    0.025
    """

    def __init__(self, attr: str, rate: float, init: Optional[float] = None,
                 target: Optional[float] = None, optimizer: Any = None) -> None:
        if rate < 0:
            raise ValueError('ExponentialShift does not support negative rate')
        super().__init__(attr, init, target, optimizer)
        self._rate = rate

    def _compute_value(self) -> float:
        return self._init * self._rate ** self._t

    def _increasing(self) -> bool:
        return self._rate > 1


class InverseShift(_Shift):
    """Sets the optimizer's ``attr`` to ``init * (1 + gamma * t) ** -power`` at the
    ``t``-th time it is triggered (Caffe's ``inv`` policy), not past ``target``;
    ``gamma`` must not be negative.

    >>> from tapejit.training import extensions
    >>> s = extensions.InverseShift('lr', gamma=1.0, power=2.0, init=1.0)
    >>> s._t = 3; s._compute_value()
    0.0625
    """

    def __init__(self, attr: str, gamma: float, power: float, init: Optional[float] = None,
                 target: Optional[float] = None, optimizer: Any = None) -> None:
        if gamma < 0:
            raise ValueError('InverseShift does not support negative gamma')
        super().__init__(attr, init, target, optimizer)
        self._gamma = gamma
        self._power = power

    def _compute_value(self) -> float:
        return self._init * (1 + self._gamma * self._t) ** (-self._power)

    def _increasing(self) -> bool:
        return self._power < 0


class StepShift(_Shift):
    """Multiplies the optimizer's ``attr`` by ``gamma`` every ``step`` times it is
    triggered: ``init * gamma ** floor(t / step)``, not past ``target``.

    >>> from tapejit.training import extensions
    >>> s = extensions.StepShift('lr', gamma=0.1, step=3, init=1.0)
    >>> s._t = 5; float(s._compute_value())
    0.1
    """

    def __init__(self, attr: str, gamma: float, step: int, init: Optional[float] = None,
                 target: Optional[float] = None, optimizer: Any = None) -> None:
        if step <= 0:
            raise ValueError(f'StepShift: step must be positive, got {step}')
        super().__init__(attr, init, target, optimizer)
        self._gamma = gamma
        self._step = step

    def _compute_value(self) -> float:
        return self._init * self._gamma ** numpy.floor(self._t / self._step)

    def _increasing(self) -> bool:
        return self._gamma > 1


class PolynomialShift(_Shift):
    """Sets the optimizer's ``attr`` to ``init * (1 - t / max_count) ** rate`` at the
    ``t``-th time it is triggered (0 from ``max_count`` on for a positive
    ``rate``), not past ``target``.

    >>> from tapejit.training import extensions
    >>> s = extensions.PolynomialShift('lr', rate=2.0, max_count=4, init=1.0)
    >>> s._t = 2; s._compute_value()
    0.25
    """

    invoke_before_training = True

    def __init__(self, attr: str, rate: float, max_count: int, init: Optional[float] = None,
                 target: Optional[float] = None, optimizer: Any = None) -> None:
        if max_count <= 0:
            raise ValueError(f'PolynomialShift: max_count must be positive, got {max_count}')
        super().__init__(attr, init, target, optimizer)
        self._rate = rate
        self._max_count = max_count

    def _compute_value(self) -> float:
        decay = max(1 - self._t / self._max_count, 0)
        return self._init * decay ** self._rate

    def _increasing(self) -> bool:
        return self._rate <= 0


class MultistepShift(_Shift):
    """Multiplies the optimizer's ``attr`` by ``gamma`` at each call count of
    ``step_value`` (the first call of each step): ``init`` before
    ``step_value[0]``, ``init * gamma`` from there to ``step_value[1]``...
    ``init`` None takes the optimizer's value at the start; a given ``init`` is
    set at the start (also on resume, as Chainer does).

    >>> from tapejit.training import extensions
    >>> s = extensions.MultistepShift('lr', 0.5, [2, 4], init=1.0)
    >>> values = []
    >>> for _ in range(5):
    ...     s._t += 1; s._advance(); values.append(s._compute_value())
    >>> values
    [1.0, 0.5, 0.5, 0.25, 0.25]
    """

    def __init__(self, attr: str, gamma: float, step_value: Sequence[int],
                 init: Optional[float], optimizer: Any = None) -> None:
        super().__init__(attr, init, None, optimizer)
        self._gamma = gamma
        self._step_value = step_value
        self._current_step = 0

    def initialize(self, trainer: Any) -> None:
        optimizer = self._get_optimizer(trainer)
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        else:
            self._update_value(optimizer, self._init)

    def __call__(self, trainer: Any) -> None:
        self._t += 1
        self._advance()
        self._update_value(self._get_optimizer(trainer), self._compute_value())

    def _advance(self) -> None:
        if (self._current_step < len(self._step_value)
                and self._t >= self._step_value[self._current_step]):
            self._current_step += 1

    def _compute_value(self) -> float:
        return self._init * self._gamma ** self._current_step

    def serialize(self, serializer: Any) -> None:
        self._t = serializer('_t', self._t)
        self._current_step = serializer('_current_step', self._current_step)


class LinearShift(_Shift):
    """Moves the optimizer's ``attr`` linearly from ``value_range[0]`` to
    ``value_range[1]`` between the ``time_range[0]``-th and ``time_range[1]``-th
    time it is triggered.

    >>> from tapejit.training import extensions
    >>> s = extensions.LinearShift('lr', (0.1, 0.0), (0, 10))
    >>> s._t = 5; s._compute_value()
    0.05
    """

    def __init__(self, attr: str, value_range: Sequence[float], time_range: Sequence[int],
                 optimizer: Any = None) -> None:
        super().__init__(attr, None, None, optimizer)
        self._value_range = value_range
        self._time_range = time_range

    def initialize(self, trainer: Any) -> None:
        value = self._compute_value() if self._last_value is None else self._last_value
        self._update_value(self._get_optimizer(trainer), value)

    def _compute_value(self) -> float:
        t1, t2 = self._time_range
        v1, v2 = self._value_range
        if self._t <= t1:
            return v1
        if self._t >= t2:
            return v2
        rate = (self._t - t1) / (t2 - t1)
        return v1 + rate * (v2 - v1)


class WarmupShift(_Shift):
    """Moves the optimizer's ``attr`` linearly from ``warmup_start`` to ``init``
    over the first ``warmup_iter`` times it is triggered (each iteration, as it
    is usually registered), then leaves it alone: another schedule can take
    over from there.  ``warmup_start`` None starts from the optimizer's value;
    a given one is set when the trainer starts.

    >>> from tapejit.training import extensions
    >>> s = extensions.WarmupShift('lr', warmup_start=0.0, warmup_iter=4, init=0.1)
    >>> s._t = 2; s._compute_value()
    0.05
    """

    def __init__(self, attr: str, warmup_start: Optional[float], warmup_iter: int,
                 init: float, optimizer: Any = None) -> None:
        super().__init__(attr, warmup_start, None, optimizer)
        self._warmup_iter = warmup_iter
        self._end = init

    def __call__(self, trainer: Any) -> None:
        self._t += 1
        if self._t <= self._warmup_iter:
            self._update_value(self._get_optimizer(trainer), self._compute_value())

    def _compute_value(self) -> float:
        t, n = self._t, self._warmup_iter
        return (t * self._end + (n - t) * self._init) / n
