"""A trigger that fires every ``period`` iterations or epochs."""

from __future__ import annotations

import warnings
from typing import Any


class IntervalTrigger:
    """Fires when the iteration count (or the epoch, possibly fractional) crosses a
    multiple of ``period``.

    >>> from types import SimpleNamespace as NS
    >>> from tapejit.training.triggers import IntervalTrigger
    >>> trigger = IntervalTrigger(2, 'iteration')
    >>> trainer = NS(updater=NS(iteration=0, epoch_detail=0.0))
    >>> fired = []
    >>> for i in range(1, 6):
    ...     trainer.updater.iteration = i
    ...     fired.append(trigger(trainer))
    >>> fired
    [False, True, False, True, False]
    """

    def __init__(self, period: float, unit: str) -> None:
        if unit not in ('epoch', 'iteration'):
            raise ValueError("Trigger unit must be either 'epoch' or 'iteration', "
                             f'got {unit!r}')
        self.period = period
        self.unit = unit
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.0
        self.count = 0

    def __call__(self, trainer: Any) -> bool:
        """Whether the extension runs after this iteration."""
        updater = trainer.updater
        if self.unit == 'epoch':
            epoch_detail = updater.epoch_detail
            previous = self._previous_epoch_detail
            if previous < 0:  # loaded from a snapshot without it
                previous = updater.previous_epoch_detail
            self.count = epoch_detail // self.period
            fire = previous // self.period != epoch_detail // self.period
        else:
            iteration = updater.iteration
            previous = self._previous_iteration
            if previous < 0:
                previous = iteration - 1
            fire = previous // self.period != iteration // self.period
        self._previous_iteration = updater.iteration
        if hasattr(updater, 'epoch_detail'):
            self._previous_epoch_detail = updater.epoch_detail
        return fire

    def serialize(self, serializer: Any) -> None:
        """Save or load where the trigger last looked."""
        serialize_previous(self, serializer)

    def get_training_length(self) -> tuple:
        """``(period, unit)``: the length of training when this is the stop trigger."""
        return self.period, self.unit

    def __str__(self) -> str:
        return f"{type(self).__name__}({self.period}, '{self.unit}')"


def serialize_previous(trigger: Any, serializer: Any) -> None:
    """Save or load where ``trigger`` last looked (its previous iteration and
    epoch detail); a snapshot without them warns, as Chainer's does, and the
    trigger guesses them from the current iteration.

    >>> class _Loader:
    ...     def __call__(self, key, value):
    ...         raise KeyError(key)
    >>> import warnings
    >>> t = IntervalTrigger(1, 'epoch')
    >>> with warnings.catch_warnings(record=True):
    ...     warnings.simplefilter('always')
    ...     serialize_previous(t, _Loader())
    >>> t._previous_iteration, t._previous_epoch_detail
    (-1, -1.0)
    """
    name = type(trigger).__name__
    try:
        trigger._previous_iteration = serializer('previous_iteration',
                                                 trigger._previous_iteration)
    except KeyError:
        warnings.warn(f'The previous value of iteration is not saved. {name} guesses it '
                      'using current iteration.')
        trigger._previous_iteration = -1
    try:
        trigger._previous_epoch_detail = serializer('previous_epoch_detail',
                                                    trigger._previous_epoch_detail)
    except KeyError:
        warnings.warn(f'The previous value of epoch_detail is not saved. {name} uses the '
                      'value of trainer.updater.previous_epoch_detail.')
        trigger._previous_epoch_detail = -1.0
