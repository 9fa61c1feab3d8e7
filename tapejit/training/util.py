"""Turning trigger specifications into triggers."""

from __future__ import annotations

from typing import Any


def get_trigger(trigger: Any) -> Any:
    """A callable trigger from ``trigger``: a callable is returned as is, ``None``
    never fires, and ``(period, unit)`` is an :class:`IntervalTrigger`.

    >>> from tapejit.training import get_trigger
    >>> get_trigger((2, 'epoch')).period, get_trigger(None)(object())
    (2, False)
    """
    if callable(trigger):
        return trigger
    if trigger is None:
        return _never_fire_trigger
    from tapejit.training.triggers.interval_trigger import IntervalTrigger
    return IntervalTrigger(*trigger)


def _never_fire_trigger(trainer: Any) -> bool:
    return False
