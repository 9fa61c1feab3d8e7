"""A trigger that fires every so many seconds of training."""

from __future__ import annotations

from typing import Any


class TimeTrigger:
    """Fires at the first call after each ``period`` seconds of the
    trainer's ``elapsed_time``.

    >>> from types import SimpleNamespace as NS
    >>> from tapejit.training.triggers import TimeTrigger
    >>> trigger = TimeTrigger(10.0)
    >>> [trigger(NS(elapsed_time=t)) for t in (5.0, 10.5, 12.0, 21.0)]
    [False, True, False, True]
    """

    def __init__(self, period: float) -> None:
        self._period = period
        self._next_time = period

    def __call__(self, trainer: Any) -> bool:
        """Whether the next period has passed."""
        if self._next_time < trainer.elapsed_time:
            self._next_time += self._period
            return True
        return False

    def serialize(self, serializer: Any) -> None:
        """Save or load when it fires next."""
        self._next_time = serializer('next_time', self._next_time)
