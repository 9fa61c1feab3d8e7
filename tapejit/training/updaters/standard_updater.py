"""The standard updater: one batch, one optimizer step, compiled by default."""

from __future__ import annotations

import warnings
from typing import Any, Callable, Optional

from tapejit import backends
from tapejit.core.abstract import reason, TraceError
from tapejit.dataset.convert import call_converter, concat_examples
from tapejit.dataset.iterator import Iterator
from tapejit.jit import jit
from tapejit.training.updater import Updater
from tapejit.training.updaters.traced_update import TracedUpdate, call_after

# A compiled step that traces again on most batches (batches whose shapes
# change every time, as variable-length sequences') pays a compile per batch:
# after this many traces the updater runs its step eagerly, and says so once.
STORM_TRACES = 8


def call_with(fn: Callable, in_arrays: Any) -> Any:
    """``fn(*in_arrays)``, ``fn(**in_arrays)`` or ``fn(in_arrays)`` by the converter's
    result (a tuple, a dict, or anything else)."""
    if isinstance(in_arrays, tuple):
        return fn(*in_arrays)
    if isinstance(in_arrays, dict):
        return fn(**in_arrays)
    return fn(in_arrays)


def _count_epoch(iterator: Any, optimizer: Any) -> None:
    if iterator.is_new_epoch:
        optimizer.new_epoch(auto=True)


class StandardUpdater(Updater):
    """Reads a batch from the ``'main'`` iterator, converts it with ``converter`` and
    runs ``optimizer.update(loss_func, *arrays)`` (``loss_func`` defaults to the
    optimizer's target link).

    The step (forward, backward and the optimizer's update) is compiled with
    :func:`tapejit.jit` and replayed for every batch of the same shape;
    ``eager=True`` runs it eagerly instead, with the same results.  What the
    model reports inside the step (a :class:`~tapejit.links.Classifier`'s
    ``loss`` and ``accuracy``) reaches the trainer's reporter after each call
    either way (a compiled step's reports are outputs of its plan).

    ``iterator`` and ``optimizer`` may be dicts of several, named (``'main'``
    is the one used here).  ``device`` moves the target links there and the
    batches too (``input_device`` sends only the batches); ``loss_scale`` sets a
    static loss scale on every optimizer; with ``auto_new_epoch`` the
    optimizers count epochs as the main iterator finishes them.

    >>> import numpy as np, tapejit
    >>> from tapejit import datasets, iterators, links as L, optimizers, training
    >>> np.random.seed(0)
    >>> data = datasets.TupleDataset(np.random.rand(6, 3).astype(np.float32),
    ...                              np.array([0, 1, 0, 1, 0, 1], np.int32))
    >>> model = L.Classifier(L.Linear(3, 2))
    >>> opt = optimizers.SGD().setup(model)
    >>> updater = training.updaters.StandardUpdater(
    ...     iterators.SerialIterator(data, 2, shuffle=False), opt)
    >>> updater.update(); updater.update()
    >>> updater.iteration, updater.epoch_detail, updater.compiled_step.cache_info().traces
    (2, 0.6666666666666666, 1)
    """

    def __init__(self, iterator: Any, optimizer: Any, converter: Callable = concat_examples,
                 device: Any = None, loss_func: Optional[Callable] = None,
                 loss_scale: Optional[float] = None, auto_new_epoch: bool = True, *,
                 input_device: Any = None, eager: bool = False) -> None:
        if device is not None:
            device = backends.get_device(device)
        input_device = device if input_device is None else backends.get_device(input_device)
        if isinstance(iterator, Iterator):
            iterator = {'main': iterator}
        self._iterators = iterator
        if not isinstance(optimizer, dict):
            optimizer = {'main': optimizer}
        self._optimizers = optimizer
        if device is not None:
            for opt in self._optimizers.values():
                opt.target.to_device(device)
        self.converter = converter
        self.loss_func = loss_func
        self.iteration = 0
        self._device = device
        self._input_device = input_device
        self.loss_scale = loss_scale
        if loss_scale is not None:
            for opt in self._optimizers.values():
                opt.set_loss_scale(loss_scale)
        self.auto_new_epoch = auto_new_epoch
        if auto_new_epoch:
            for opt in self._optimizers.values():
                opt.use_auto_new_epoch = True
        self.eager = eager
        self._compiled: dict = {}
        self._traced: Optional[TracedUpdate] = None  # (an overriding update_core's)
        self._host_converter: Any = None  # (see traced_update.intercepting)

    @property
    def device(self) -> Any:
        """The device of the models and batches (None: left where they are)."""
        return self._device

    @property
    def input_device(self) -> Any:
        """The device the batches are sent to."""
        return self._input_device

    @property
    def epoch(self) -> int:
        """The main iterator's epoch count."""
        return self._iterators['main'].epoch

    @property
    def epoch_detail(self) -> float:
        """The main iterator's fractional epoch."""
        return self._iterators['main'].epoch_detail

    @property
    def previous_epoch_detail(self) -> Optional[float]:
        """The main iterator's fractional epoch before the last batch."""
        return self._iterators['main'].previous_epoch_detail

    @property
    def is_new_epoch(self) -> bool:
        """Whether the last batch completed an epoch."""
        return self._iterators['main'].is_new_epoch

    @property
    def compiled_step(self) -> Any:
        """The compiled step (None when ``eager``): its ``cache_info()`` tells
        how often it was traced.  That of the main optimizer, or, for a subclass
        overriding ``update_core``, the compiled ``update_core`` (None until
        its first update has run)."""
        if self.eager:
            return None
        if self._overrides_update_core():
            return None if self._traced is None else self._traced.step
        return self._step(self._optimizers['main'], self._loss_func())

    def _overrides_update_core(self) -> bool:
        return type(self).update_core is not StandardUpdater.update_core

    def finalize(self) -> None:
        """Finalize every iterator."""
        for iterator in self._iterators.values():
            iterator.finalize()

    def get_optimizer(self, name: str) -> Any:
        """The optimizer called ``name``."""
        return self._optimizers[name]

    def get_all_optimizers(self) -> dict:
        """``{name: optimizer}``."""
        return dict(self._optimizers)

    def get_iterator(self, name: str) -> Any:
        """The iterator called ``name``."""
        return self._iterators[name]

    def update(self) -> None:
        """Run one update and count the iteration.

        A subclass's own ``update_core`` runs compiled too (unless ``eager``):
        its iterators' batches, its converter's arrays and NumPy's draws are
        made in Python, as eagerly, and the rest (forward, backward, the
        optimizers' updates) runs as one compiled plan taking those arrays;
        see :mod:`tapejit.training.updaters.traced_update`.
        """
        if self.eager or not self._overrides_update_core():
            self.update_core()
        else:
            if self._traced is None:
                self._traced = TracedUpdate(self)
            self._traced.update()
        self.iteration += 1

    def _loss_func(self) -> Callable:
        return self.loss_func or self._optimizers['main'].target

    def _step(self, optimizer: Any, loss_func: Callable) -> Callable:
        key = (id(optimizer), id(loss_func))
        entry = self._compiled.get(key)
        if entry is None or entry[0] is not optimizer or entry[1] is not loss_func:
            def step(*args: Any, **kwargs: Any) -> None:
                optimizer.update(loss_func, *args, **kwargs)

            entry = (optimizer, loss_func, jit(step, eager_first=1))
            self._compiled[key] = entry
        return entry[2]

    def update_core(self) -> None:
        """Read a batch, convert it and update the main optimizer with it."""
        iterator = self._iterators['main']
        batch = iterator.next()
        in_arrays = call_converter(self.converter, batch, self._input_device)
        optimizer = self._optimizers['main']
        loss_func = self._loss_func()
        def eager(*a: Any, **k: Any) -> None:
            optimizer.update(loss_func, *a, **k)
        if self.eager:
            call_with(eager, in_arrays)
        else:
            self._compiled_update(self._step(optimizer, loss_func), in_arrays, eager)
        if self.auto_new_epoch:
            # (Called by a subclass's compiled update_core, it runs after the plan.)
            call_after(_count_epoch, iterator, optimizer)

    def _compiled_update(self, step: Callable, in_arrays: Any, eager: Callable) -> None:
        """Run the compiled step; where it cannot be traced (NumPy applied to
        a traced array, a traced value read as a Python number), or it traces
        again on most batches, run ``eager`` now and eagerly from then on,
        saying why once."""
        try:
            call_with(step, in_arrays)
        except TraceError as e:
            # (A failed trace changes no parameter: the update runs eagerly.)
            self.eager = True
            why = reason(e)
            warnings.warn(f'{type(self).__name__}: its step cannot be compiled ({why}); it '
                          'runs eagerly from now on, with the same results. (The updater '
                          f'compiles its step with tapejit.jit; {type(self).__name__}(..., '
                          'eager=True) runs it eagerly from the start.)', RuntimeWarning,
                          stacklevel=3)
            call_with(eager, in_arrays)
            return
        info = step.cache_info()
        # (A signature met once runs eagerly, traced at its second call.)
        if info.misses >= STORM_TRACES and 2 * info.misses >= info.hits + info.misses:
            self.eager = True
            warnings.warn(
                f'{type(self).__name__}: the compiled step met a new signature in '
                f'{info.misses} of {info.hits + info.misses} updates (the batches change shape, '
                'or a value the model reads changes every step), each running eagerly or '
                'compiling it again: it runs eagerly from now on, with the same results. Pad '
                'or bucket the batches to '
                f'shapes that repeat to keep it compiled, or pass {type(self).__name__}'
                '(..., eager=True).', RuntimeWarning, stacklevel=3)

    def serialize(self, serializer: Any) -> None:
        """Save or load the iterators, the optimizers, their target links and the
        iteration count."""
        for name, iterator in self._iterators.items():
            iterator.serialize(serializer['iterator:' + name])
        for name, optimizer in self._optimizers.items():
            optimizer.serialize(serializer['optimizer:' + name])
            optimizer.target.serialize(serializer['model:' + name])
        self.iteration = serializer('iteration', self.iteration)
