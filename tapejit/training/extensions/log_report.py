"""The log of averaged observations, written to ``<out>/log`` as JSON."""

from __future__ import annotations

import json
import os
import tempfile
import warnings
from typing import Any, Callable, Iterable, Optional

from tapejit.reporter import DictSummary
from tapejit.training import extension
from tapejit.training.util import get_trigger


class LogReport(extension.Extension):
    """Averages the observations (all keys, or ``keys``) of each period of
    ``trigger`` and appends the means, with ``epoch``, ``iteration`` and
    ``elapsed_time``, to :attr:`log`, saved as JSON to ``<trainer.out>/<filename>``
    (``filename`` may use the entries: ``'log_{.epoch}'``; None: not saved).
    ``postprocess(entry)`` may edit each entry first.

    >>> from tapejit.training import extensions
    >>> extensions.LogReport(trigger=(100, 'iteration')).log
    []
    """

    def __init__(self, keys: Optional[Iterable[str]] = None, trigger: Any = (1, 'epoch'),
                 postprocess: Optional[Callable] = None, filename: Optional[str] = None,
                 log_name: str = 'log') -> None:
        self._keys = keys
        self._trigger = get_trigger(trigger)
        self._postprocess = postprocess
        self._log: list = []
        self._log_name = log_name if filename is None else filename
        self._summary = DictSummary()

    def __call__(self, trainer: Any) -> None:
        observation = trainer.observation
        if self._keys is None:
            self._summary.add(observation)
        else:
            self._summary.add({k: observation[k] for k in self._keys if k in observation})
        if trainer.is_before_training or self._trigger(trainer):
            stats = {name: float(value) for name, value in
                     self._summary.compute_mean().items()}
            updater = trainer.updater
            stats['epoch'] = updater.epoch
            stats['iteration'] = updater.iteration
            stats['elapsed_time'] = trainer.elapsed_time
            if self._postprocess is not None:
                self._postprocess(stats)
            self._log.append(stats)
            if self._log_name is not None:
                _write_json(trainer.out, self._log_name.format(**stats), self._log)
            self._summary = DictSummary()

    @property
    def log(self) -> list:
        """The entries so far (dicts of floats)."""
        return self._log

    def serialize(self, serializer: Any) -> None:
        """Save or load the trigger, the running summary and the log."""
        from tapejit.serializers.npz import Deserializer
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        try:
            self._summary.serialize(serializer['_summary'])
        except KeyError:
            warnings.warn('The statistics are not saved.')
        if isinstance(serializer, Deserializer):
            self._log = json.loads(serializer('_log', ''))
        else:
            serializer('_log', json.dumps(self._log))


def _write_json(out: str, name: str, obj: Any) -> None:
    """Write ``obj`` as JSON to ``out/name`` atomically (a reader never sees half a file)."""
    os.makedirs(out, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=name, dir=out)
    try:
        with os.fdopen(fd, 'w') as f:
            json.dump(obj, f, indent=4)
        os.replace(tmp, os.path.join(out, name))
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
