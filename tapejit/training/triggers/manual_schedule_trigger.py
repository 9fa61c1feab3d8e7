"""A trigger that fires at given iterations or epochs."""

from __future__ import annotations

import warnings
from typing import Any

from tapejit.training.triggers.interval_trigger import serialize_previous


class ManualScheduleTrigger:
    """Fires when the iteration count (or epoch) reaches one of ``points``;
    :attr:`finished` turns True once the last point is passed.

    >>> from types import SimpleNamespace as NS
    >>> from tapejit.training.triggers import ManualScheduleTrigger
    >>> trigger = ManualScheduleTrigger([2, 3], 'iteration')
    >>> trainer = NS(updater=NS(iteration=0, epoch_detail=0.0))
    >>> fired = []
    >>> for i in range(1, 5):
    ...     trainer.updater.iteration = i
    ...     fired.append(trigger(trainer))
    >>> fired, trigger.finished
    ([False, True, True, False], True)
    """

    def __init__(self, points: Any, unit: str) -> None:
        if unit not in ('epoch', 'iteration'):
            raise ValueError("Trigger unit must be either 'epoch' or 'iteration', "
                             f'got {unit!r}')
        self.points = list(points) if isinstance(points, (list, tuple)) else [points]
        if not self.points:
            raise ValueError('ManualScheduleTrigger: points is empty; give the iterations '
                             'or epochs to fire at')
        self.unit = unit
        self.finished = False
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.0

    def __call__(self, trainer: Any) -> bool:
        """Whether the extension runs after this iteration."""
        updater = trainer.updater
        if self.unit == 'epoch':
            now = updater.epoch_detail
            previous = self._previous_epoch_detail
            if previous < 0:
                previous = updater.previous_epoch_detail
        else:
            now = updater.iteration
            previous = self._previous_iteration
            if previous < 0:
                previous = now - 1
        fire = any(previous < p <= now for p in self.points)
        if getattr(self, '_finished_is_tmp', False):
            del self._finished_is_tmp
            if now >= max(self.points):
                self.finished = True
        if fire and now >= max(self.points):
            self.finished = True
        self._previous_iteration = updater.iteration
        if hasattr(updater, 'epoch_detail'):
            self._previous_epoch_detail = updater.epoch_detail
        return fire

    def serialize(self, serializer: Any) -> None:
        """Save or load where the trigger last looked and whether it finished."""
        serialize_previous(self, serializer)
        try:
            self.finished = serializer('finished', self.finished)
        except KeyError:
            warnings.warn('The flag of finished is not saved. ManualScheduleTrigger sets it '
                          'to False and decides it anew on the next call.')
            self.finished = False
            self._finished_is_tmp = True
