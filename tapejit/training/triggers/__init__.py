"""Triggers: when an extension runs and when training stops.

>>> from tapejit.training import triggers
>>> str(triggers.IntervalTrigger(1, 'epoch'))
"IntervalTrigger(1, 'epoch')"
"""

from tapejit.training.triggers.interval_trigger import IntervalTrigger
from tapejit.training.triggers.manual_schedule_trigger import ManualScheduleTrigger
from tapejit.training.triggers.minmax_value_trigger import (BestValueTrigger, MaxValueTrigger,
                                                            MinValueTrigger)
from tapejit.training.triggers.once_trigger import OnceTrigger
from tapejit.training.triggers.time_trigger import TimeTrigger

__all__ = ['BestValueTrigger', 'IntervalTrigger', 'ManualScheduleTrigger', 'MaxValueTrigger',
           'MinValueTrigger', 'OnceTrigger', 'TimeTrigger']
