"""Trainer extensions: the base class and the decorator for plain functions."""

from __future__ import annotations

from typing import Any, Callable, Optional

PRIORITY_WRITER = 300
PRIORITY_EDITOR = 200
PRIORITY_READER = 100


class Extension:
    """Something the trainer calls after updates, when its trigger fires.

    ``trigger`` (default every iteration), ``priority`` (writers run before
    editors before readers) and ``name`` (default: the class name) are read by
    :meth:`Trainer.extend`; :meth:`initialize` runs before the loop,
    :meth:`finalize` after it, :meth:`on_error` when it fails, and
    :meth:`serialize` saves and loads the extension's state with a snapshot.

    >>> from tapejit.training import Extension
    >>> class CountCalls(Extension):
    ...     def __init__(self):
    ...         self.calls = 0
    ...     def __call__(self, trainer):
    ...         self.calls += 1
    >>> CountCalls().default_name, CountCalls.trigger
    ('CountCalls', (1, 'iteration'))
    """

    trigger: Any = (1, 'iteration')
    priority = PRIORITY_READER
    name: Optional[str] = None

    @property
    def default_name(self) -> str:
        """The name of the extension when none is given: the class name."""
        return type(self).__name__

    def __call__(self, trainer: Any) -> None:
        raise NotImplementedError('Extension implementation must override __call__.')

    def finalize(self) -> None:
        """Called at the end of the training loop."""

    def initialize(self, trainer: Any) -> None:
        """Called before the training loop (also when it resumes)."""

    def on_error(self, trainer: Any, exc: BaseException, tb: Any) -> None:
        """Called when the training loop raises, before the extensions are finalized."""

    def serialize(self, serializer: Any) -> None:
        """Save or load the extension's state."""


def make_extension(trigger: Any = None, default_name: Optional[str] = None,
                   priority: Optional[int] = None, finalizer: Optional[Callable] = None,
                   initializer: Optional[Callable] = None,
                   on_error: Optional[Callable] = None, **kwargs: Any) -> Callable:
    """Decorate a function ``f(trainer)`` into an extension with these attributes.

    Chainer's removed ``invoke_before_training`` argument raises ValueError
    naming its replacement (``initializer``), any other unknown one TypeError.

    >>> from tapejit import training
    >>> @training.make_extension(trigger=(1, 'epoch'))
    ... def say(trainer):
    ...     print('epoch done')
    >>> say.trigger, say.default_name, say.priority
    ((1, 'epoch'), 'say', 100)
    """
    if 'invoke_before_training' in kwargs:
        raise ValueError('invoke_before_training has been removed since Chainer v2.0.0. '
                         'Use initializer= instead.')
    if kwargs:
        raise TypeError(f'make_extension() got an unexpected keyword argument '
                        f'{next(iter(kwargs))!r}')
    if trigger is None:
        trigger = Extension.trigger
    if priority is None:
        priority = Extension.priority

    def decorator(ext: Callable) -> Callable:
        ext.trigger = trigger
        ext.default_name = default_name or ext.__name__
        ext.priority = priority
        ext.finalize = finalizer
        ext.on_error = on_error
        ext.initialize = initializer
        return ext

    return decorator
