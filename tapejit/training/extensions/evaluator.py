"""Evaluation of models on a validation set, once per epoch by default."""

from __future__ import annotations

import copy
import math
import warnings
from typing import Any, Callable, Optional

from tapejit import backends
from tapejit.core.abstract import reason, TraceError
from tapejit.core.config import no_backprop_mode, using_config
from tapejit.dataset.convert import call_converter, concat_examples
from tapejit.dataset.iterator import Iterator
from tapejit.links.link import Link
from tapejit.jit import jit
from tapejit.reporter import DictSummary, Reporter, report, report_scope
from tapejit.training import extension
from tapejit.training.extensions.progress_bar import ConsoleBar
from tapejit.training.updaters.standard_updater import call_with


class Evaluator(extension.Extension):
    """Runs ``eval_func`` (default: the ``'main'`` target link) on every batch of
    the ``'main'`` iterator, with ``config.train`` False and no graph, and reports
    the mean of each value the target reports, prefixed by the extension's name
    (``'validation/main/loss'``...).

    The evaluation step is compiled with :func:`tapejit.jit` (one trace per
    batch shape; the last, smaller batch adds one); ``eager=True`` runs it
    eagerly.  The iterator is reset before each evaluation, so it should not
    repeat; one without ``reset()`` is copied instead, with Chainer's
    ``DeprecationWarning``.  ``eval_hook(evaluator)`` runs before each evaluation;
    ``progress_bar=True`` shows the progress of each evaluation on stdout.

    >>> import numpy as np, tapejit
    >>> from tapejit import datasets, iterators, links as L
    >>> from tapejit.training import extensions
    >>> np.random.seed(0)
    >>> data = datasets.TupleDataset(np.random.rand(5, 3).astype(np.float32),
    ...                              np.array([0, 1, 0, 1, 0], np.int32))
    >>> model = L.Classifier(L.Linear(3, 2))
    >>> it = iterators.SerialIterator(data, 2, repeat=False, shuffle=False)
    >>> result = extensions.Evaluator(it, model)()
    >>> sorted(result)
    ['main/accuracy', 'main/loss']
    """

    trigger = (1, 'epoch')
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER
    name: Optional[str] = None

    def __init__(self, iterator: Any, target: Any, converter: Callable = concat_examples,
                 device: Any = None, eval_hook: Optional[Callable] = None,
                 eval_func: Optional[Callable] = None, *, progress_bar: bool = False,
                 eager: bool = False) -> None:
        if device is not None:
            device = backends.get_device(device)
        if isinstance(iterator, Iterator):
            iterator = {'main': iterator}
        self._iterators = iterator
        if isinstance(target, Link):
            target = {'main': target}
        self._targets = target
        self.converter = converter
        self.device = device
        self.eval_hook = eval_hook
        self.eval_func = eval_func
        self.eager = eager
        self._progress_bar = progress_bar
        self._compiled: dict = {}
        for key, it in iterator.items():
            if getattr(it, 'repeat', False):
                warnings.warn(f'The `repeat` property of the iterator {key} is set to `True`. '
                              'Typically, the evaluator sweeps over iterators until they '
                              'stop, but as the property being `True`, this iterator might '
                              'not stop and evaluation could go into an infinite loop. We '
                              'recommend to check the configuration of iterators')

    def get_iterator(self, name: str) -> Any:
        """The iterator called ``name``."""
        return self._iterators[name]

    def get_all_iterators(self) -> dict:
        """``{name: iterator}``."""
        return dict(self._iterators)

    def get_target(self, name: str) -> Any:
        """The target link called ``name``."""
        return self._targets[name]

    def get_all_targets(self) -> dict:
        """``{name: link}``."""
        return dict(self._targets)

    def __call__(self, trainer: Any = None) -> dict:
        """Evaluate, report the means to the current reporter and return them."""
        reporter = Reporter()
        prefix = '' if self.name is None else self.name + '/'
        for name, target in self._targets.items():
            reporter.add_observer(prefix + name, target)
            reporter.add_observers(prefix + name, target.namedlinks(skipself=True))
        with reporter:
            with using_config('train', False):
                result = self.evaluate()
        report(result)
        return result

    def _eval_step(self, eval_func: Callable) -> Callable:
        if self.eager:
            return eval_func
        entry = self._compiled.get(id(eval_func))
        if entry is None or entry[0] is not eval_func:
            entry = (eval_func, jit(lambda *a, **k: eval_func(*a, **k), eager_first=1))
            self._compiled[id(eval_func)] = entry
        return entry[1]

    def _run(self, step: Callable, eval_func: Callable, in_arrays: Any,
             observation: dict) -> Callable:
        """Run ``step`` on a batch and return the step for the next: where
        the compiled one cannot be traced (NumPy applied to a traced array, a
        traced value read as a number), ``eval_func`` from now on, run
        eagerly on this batch too, saying why once."""
        try:
            call_with(step, in_arrays)
            return step
        except TraceError as e:
            if step is eval_func:
                raise
            self.eager = True
            observation.clear()          # (what the failed trace reported)
            why = reason(e)
            warnings.warn(f'{type(self).__name__}: its evaluation step cannot be compiled '
                          f'({why}); it runs eagerly from now on, with the same results. '
                          f'({type(self).__name__}(..., eager=True) runs it eagerly from the '
                          'start.)', RuntimeWarning, stacklevel=4)
            call_with(eval_func, in_arrays)
            return eval_func

    def evaluate(self) -> dict:
        """The mean over the batches of every value reported during evaluation."""
        iterator = self._iterators['main']
        eval_func = self.eval_func or self._targets['main']
        step = self._eval_step(eval_func)
        if self.eval_hook:
            self.eval_hook(self)
        if hasattr(iterator, 'reset'):
            iterator.reset()
            it = iterator
        else:
            # As Chainer: a copy of the iterator is read instead, with its warning.
            warnings.warn('This iterator does not have the reset method. Evaluator copies the '
                          'iterator instead of resetting. This behavior is deprecated. Please '
                          'implement the reset method.', DeprecationWarning, stacklevel=2)
            it = copy.copy(iterator)
        summary = DictSummary()
        bar = _IteratorProgressBar(it) if self._progress_bar else None
        for batch in it:
            observation: dict = {}
            with report_scope(observation):
                in_arrays = call_converter(self.converter, batch, self.device)
                with no_backprop_mode():
                    step = self._run(step, eval_func, in_arrays, observation)
            summary.add(observation)
            if bar is not None:
                bar.update()
        if bar is not None:
            bar.close()
        return summary.compute_mean()

    def finalize(self) -> None:
        """Finalize every iterator."""
        for iterator in self._iterators.values():
            iterator.finalize()


class _IteratorProgressBar(ConsoleBar):
    """The progress of one evaluation, redrawn in place on ``out`` (stdout) after
    each batch, as Chainer's: the share of the iterator's epoch done, the
    batches and the speed."""

    def __init__(self, iterator: Any, bar_length: int = 50, out: Any = None) -> None:
        if not (hasattr(iterator, 'current_position') and hasattr(iterator, 'epoch_detail')):
            raise TypeError('Iterator must have the following attributes to enable a progress '
                            'bar: current_position, epoch_detail')
        super().__init__(bar_length, out)
        self._iterator = iterator

    def lines(self) -> list:
        iteration = self._iterator.current_position
        rate = self._iterator.epoch_detail
        iters_per_sec, rate_per_sec = self.speed(iteration, rate)
        size = getattr(self._iterator, '_epoch_size', None)
        return [self.bar('validation', rate),
                f'{iteration:10} / {size} iterations\n' if size
                else f'{iteration:10} iterations\n',
                self.finish(iters_per_sec, (1.0 - rate) / rate_per_sec if rate_per_sec
                            else math.inf)]
