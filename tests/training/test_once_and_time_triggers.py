"""OnceTrigger and TimeTrigger against Chainer 7.8.1's behaviour."""

from __future__ import annotations

import numpy as np

from tapejit import serializers, training


def _reloaded(trigger, make):
    s = serializers.DictionarySerializer()
    trigger.serialize(s)
    again = make()
    again.serialize(serializers.NpzDeserializer(dict(s.target)))
    return again


def test_once_trigger_fires_once_and_after_a_resume_as_chainer():
    # Chainer 7.8.1: fired, finished, then fired after reloading the fired
    # trigger, and after reloading one that had not fired.
    want = [([True, False], True, [False, False]), [True, False],
            ([True, False], True, [True, False]), [True, False]]
    got = []
    for resume in (False, True):
        def make():
            return training.triggers.OnceTrigger(resume)
        t = make()
        fired = [t(None) for _ in range(2)]
        again = _reloaded(t, make)
        got.append((fired, t.finished, [again(None) for _ in range(2)]))
        fresh = _reloaded(make(), make)
        got.append([fresh(None) for _ in range(2)])
    assert got == want


def test_time_trigger_fires_each_period_of_elapsed_time_as_chainer():
    class Trainer:
        elapsed_time = 0.0
    trainer, trigger, fired = Trainer(), training.triggers.TimeTrigger(1.5), []
    for e in np.arange(0, 6, 0.5):
        trainer.elapsed_time = float(e)
        fired.append(trigger(trainer))
    assert fired == [False, False, False, False, True, False, False, True, False, False,
                     True, False]
    again = _reloaded(trigger, lambda: training.triggers.TimeTrigger(1.5))
    trainer.elapsed_time = 6.1
    assert again(trainer) is True
