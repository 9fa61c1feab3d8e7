"""Triggers that fire when an observed value reaches a new best."""

from __future__ import annotations

from typing import Any, Callable

from tapejit.reporter import DictSummary
from tapejit.training.util import get_trigger


class BestValueTrigger:
    """Averages ``trainer.observation[key]`` over each period of ``trigger`` and
    fires at the end of a period whose mean beats the best so far by ``compare``.

    >>> from tapejit.training.triggers import BestValueTrigger
    >>> t = BestValueTrigger('loss', lambda best, new: new < best)
    >>> t._best_value is None
    True
    """

    def __init__(self, key: str, compare: Callable, trigger: Any = (1, 'epoch')) -> None:
        self._key = key
        self._best_value: Any = None
        self._interval_trigger = get_trigger(trigger)
        self._summary = DictSummary()
        self._compare = compare

    def __call__(self, trainer: Any) -> bool:
        """Whether the value of this period is a new best."""
        observation = trainer.observation
        key = self._key
        if key in observation:
            self._summary.add({key: observation[key]})
        if not self._interval_trigger(trainer):
            return False
        stats = self._summary.compute_mean()
        if key not in stats:
            raise KeyError(f'{type(self).__name__}: {key!r} was not observed during the '
                           f'period (observed: {sorted(observation)})')
        value = float(stats[key])
        self._summary = DictSummary()
        if self._best_value is None or self._compare(self._best_value, value):
            self._best_value = value
            return True
        return False

    def serialize(self, serializer: Any) -> None:
        """Save or load the interval trigger, the running summary and the best value."""
        self._interval_trigger.serialize(serializer['interval_trigger'])
        self._summary.serialize(serializer['summary'])
        from tapejit.serializers.npz import Deserializer
        if isinstance(serializer, Deserializer):
            try:
                self._best_value = float(serializer('best_value', 0.0))
            except KeyError:  # saved before any value: none yet
                self._best_value = None
        elif self._best_value is not None:
            serializer('best_value', self._best_value)


class MaxValueTrigger(BestValueTrigger):
    """Fires when the mean of ``key`` over a period is the largest so far.

    >>> from tapejit.training import triggers
    >>> t = triggers.MaxValueTrigger('validation/main/accuracy', trigger=(1, 'epoch'))
    >>> t._compare(0.5, 0.7)
    True
    """

    def __init__(self, key: str, trigger: Any = (1, 'epoch')) -> None:
        super().__init__(key, lambda best, new: new > best, trigger)


class MinValueTrigger(BestValueTrigger):
    """Fires when the mean of ``key`` over a period is the smallest so far.

    >>> from tapejit.training import triggers
    >>> t = triggers.MinValueTrigger('validation/main/loss')
    >>> t._compare(0.5, 0.7)
    False
    """

    def __init__(self, key: str, trigger: Any = (1, 'epoch')) -> None:
        super().__init__(key, lambda best, new: new < best, trigger)
