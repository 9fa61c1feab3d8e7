"""The training loop (Chainer's ``training.Trainer``)."""

from __future__ import annotations

import collections
import os
import sys
import time
import traceback
from typing import Any, Optional

from tapejit.reporter import Reporter
from tapejit.training import extension as extension_module
from tapejit.training.util import get_trigger


class _ExtensionEntry:
    def __init__(self, extension: Any, priority: int, trigger: Any,
                 call_before_training: bool) -> None:
        self.extension = extension
        self.trigger = trigger
        self.priority = priority
        self.call_before_training = call_before_training


class Trainer:
    """Runs ``updater.update()`` until ``stop_trigger`` fires, calling the
    extensions whose triggers fire after each update.

    Each iteration gets a fresh ``observation`` dictionary, made current
    through the trainer's :class:`~tapejit.Reporter`: values that the models
    report during the update (``'main/loss'``...) and that extensions add are
    there for the extensions to read.  Every optimizer's target link is an
    observer named after the optimizer (``'main'``), its child links
    ``'main/<name>'``.  ``out`` is the directory of logs, plots and snapshots.

    >>> import tempfile, numpy as np, tapejit
    >>> from tapejit import datasets, iterators, links as L, optimizers, training
    >>> np.random.seed(0)
    >>> train = datasets.TupleDataset(np.random.rand(8, 3).astype(np.float32),
    ...                               np.arange(8, dtype=np.int32) % 2)
    >>> model = L.Classifier(L.Linear(3, 2))
    >>> opt = optimizers.SGD(lr=0.1).setup(model)
    >>> updater = training.updaters.StandardUpdater(iterators.SerialIterator(train, 4), opt)
    >>> trainer = training.Trainer(updater, (3, 'epoch'), out=tempfile.mkdtemp())
    >>> trainer.run()
    >>> updater.iteration, updater.epoch, sorted(trainer.observation)
    (6, 3, ['main/accuracy', 'main/loss'])
    """

    def __init__(self, updater: Any, stop_trigger: Any = None, out: str = 'result',
                 extensions: Optional[list] = None) -> None:
        self.updater = updater
        self.stop_trigger = get_trigger(stop_trigger)
        self.observation: dict = {}
        self.out = out
        reporter = Reporter()
        for name, optimizer in updater.get_all_optimizers().items():
            reporter.add_observer(name, optimizer.target)
            reporter.add_observers(name, optimizer.target.namedlinks(skipself=True))
        self.reporter = reporter
        self._done = False
        self._extensions: collections.OrderedDict = collections.OrderedDict()
        self._start_at: Optional[float] = None
        self._snapshot_elapsed_time = 0.0
        self._final_elapsed_time: Optional[float] = None
        updater.connect_trainer(self)
        for ext in extensions or []:
            self.extend(ext)

    @property
    def is_before_training(self) -> bool:
        """Whether no update has run yet."""
        return self.updater.iteration == 0

    @property
    def elapsed_time(self) -> float:
        """Seconds of training, including those before the snapshot it resumed from."""
        if self._done:
            return self._final_elapsed_time
        if self._start_at is None:
            raise RuntimeError('training has not been started yet')
        return time.perf_counter() - self._start_at + self._snapshot_elapsed_time

    def extend(self, extension: Any, name: Optional[str] = None, trigger: Any = None,
               priority: Optional[int] = None, *, call_before_training: bool = False) -> None:
        """Register ``extension``: called after each update on which ``trigger`` fires
        (default: the extension's own ``trigger``), in order of ``priority``;
        ``call_before_training`` also calls it once before the first update.

        A name already taken gets a suffix (``'_1'``, ``'_2'``...).
        """
        if name is None:
            name = getattr(extension, 'name', None)
            if name is None:
                name = getattr(extension, 'default_name', None)
                if name is None:
                    name = getattr(extension, '__name__', None)
                    if name is None:
                        raise TypeError('name is not given for the extension')
        if name == 'training':
            raise ValueError('the name "training" is prohibited as an extension name')
        if trigger is None:
            trigger = getattr(extension, 'trigger', (1, 'iteration'))
        trigger = get_trigger(trigger)
        if priority is None:
            priority = getattr(extension, 'priority', extension_module.PRIORITY_READER)
        modified_name = name
        ordinal = 0
        while modified_name in self._extensions:
            ordinal += 1
            modified_name = f'{name}_{ordinal}'
        extension.name = modified_name
        self._extensions[modified_name] = _ExtensionEntry(extension, priority, trigger,
                                                          call_before_training)

    def get_extension(self, name: str) -> Any:
        """The extension registered as ``name``."""
        if name in self._extensions:
            return self._extensions[name].extension
        raise ValueError(f'extension {name} not found')

    def run(self, show_loop_exception_msg: bool = True) -> None:
        """Run the training loop until the stop trigger fires (once per trainer)."""
        if self._done:
            raise RuntimeError('cannot run training loop multiple times')
        os.makedirs(self.out, exist_ok=True)
        order = sorted(self._extensions, key=lambda n: self._extensions[n].priority,
                       reverse=True)
        extensions = [(name, self._extensions[name]) for name in order]
        self._start_at = time.perf_counter()
        for _, entry in extensions:
            initializer = getattr(entry.extension, 'initialize', None)
            finished = getattr(entry.trigger, 'finished', False)
            if initializer and not finished:
                initializer(self)
        update = self.updater.update
        reporter = self.reporter
        stop_trigger = self.stop_trigger
        if self.is_before_training:
            self.observation = {}
            with reporter.scope(self.observation):
                for _, entry in extensions:
                    if entry.call_before_training:
                        entry.extension(self)
        try:
            while not stop_trigger(self):
                self.observation = {}
                with reporter.scope(self.observation):
                    update()
                    for _, entry in extensions:
                        if entry.trigger(self):
                            entry.extension(self)
        except Exception as e:
            if show_loop_exception_msg:
                f = sys.stderr
                f.write(f'Exception in main training loop: {e}\n')
                f.write('Traceback (most recent call last):\n')
                traceback.print_tb(sys.exc_info()[2])
                f.write('Will finalize trainer extensions and updater before reraising the '
                        'exception.\n')
            for _, entry in extensions:
                handler = getattr(entry.extension, 'on_error', None)
                if handler:
                    try:
                        handler(self, e, sys.exc_info()[2])
                    except Exception as he:
                        sys.stderr.write(f'Exception in error handler: {he}\n')
            raise
        finally:
            for _, entry in extensions:
                finalize = getattr(entry.extension, 'finalize', None)
                if finalize:
                    finalize()
            self.updater.finalize()
        self._final_elapsed_time = self.elapsed_time
        self._done = True

    def serialize(self, serializer: Any) -> None:
        """Save or load the updater (iterators, optimizers, models), the stop
        trigger, every extension and trigger with state, and the elapsed time."""
        from tapejit.serializers.npz import Deserializer
        self.updater.serialize(serializer['updater'])
        if hasattr(self.stop_trigger, 'serialize'):
            self.stop_trigger.serialize(serializer['stop_trigger'])
        s = serializer['extensions']
        t = serializer['extension_triggers']
        for name, entry in self._extensions.items():
            if hasattr(entry.extension, 'serialize'):
                entry.extension.serialize(s[name])
            if hasattr(entry.trigger, 'serialize'):
                entry.trigger.serialize(t[name])
        if isinstance(serializer, Deserializer):
            self._snapshot_elapsed_time = serializer('_snapshot_elapsed_time', 0.0)
        else:
            serializer('_snapshot_elapsed_time', self.elapsed_time)
