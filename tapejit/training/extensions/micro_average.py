"""The micro-average of a reported ratio over batches (Chainer's
``extensions.MicroAverage``)."""

from __future__ import annotations

from typing import Any

from tapejit.reporter import report
from tapejit.training import extension
from tapejit.training.util import get_trigger


class MicroAverage(extension.Extension):
    """Reports ``sum(numerators) / sum(denominators)`` of two observed values
    (say, correct predictions and examples per batch), accumulated until
    ``trigger`` fires, under ``result_key``: the ratio over all examples, not
    the mean of the batches' ratios (which differs when batches differ in size).

    >>> import numpy as np
    >>> import tapejit
    >>> from tapejit import training
    >>> from tapejit.training import extensions
    >>> class Model(tapejit.Chain):
    ...     def forward(self, x, t):
    ...         tapejit.report({'correct': int((x[:, 0] > 0).sum()), 'total': len(x)}, self)
    ...         return tapejit.functions.sum(x * 0)
    >>> x = np.array([[1], [-1], [1], [1]], np.float32)
    >>> it = tapejit.iterators.SerialIterator(
    ...     tapejit.datasets.TupleDataset(x, np.zeros(4, np.int32)), 2, shuffle=False)
    >>> model = Model()
    >>> opt = tapejit.optimizers.SGD()
    >>> _ = opt.setup(model)
    >>> trainer = training.Trainer(
    ...     training.updaters.StandardUpdater(it, opt, eager=True), (1, 'epoch'), out='/tmp')
    >>> trainer.extend(extensions.MicroAverage('main/correct', 'main/total', 'main/accuracy'))
    >>> log = extensions.LogReport(); trainer.extend(log)
    >>> trainer.run()
    >>> log.log[0]['main/accuracy']  # 3 of the 4 examples
    0.75
    """

    priority = extension.PRIORITY_EDITOR

    def __init__(self, numerator_key: str, denominator_key: str, result_key: str,
                 trigger: Any = (1, 'epoch')) -> None:
        self._trigger = get_trigger(trigger)
        self._numerator_key = numerator_key
        self._denominator_key = denominator_key
        self._result_key = result_key
        self._numerator: Any = 0
        self._denominator: Any = 0

    def __call__(self, trainer: Any) -> None:
        observation = trainer.observation
        if not (self._numerator_key in observation and self._denominator_key in observation):
            return
        # (a reported Variable counts by its value)
        self._numerator += getattr(observation[self._numerator_key], 'array',
                                   observation[self._numerator_key])
        self._denominator += getattr(observation[self._denominator_key], 'array',
                                     observation[self._denominator_key])
        if self._trigger(trainer):
            result = float(self._numerator) / self._denominator
            self._numerator = 0
            self._denominator = 0
            report({self._result_key: result})

    def serialize(self, serializer: Any) -> None:
        """Saves or restores the sums accumulated so far."""
        self._numerator = serializer('_numerator', self._numerator)
        self._denominator = serializer('_denominator', self._denominator)
