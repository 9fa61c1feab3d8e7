"""Recording values (such as the learning rate) into the observation."""

from __future__ import annotations

from typing import Any, Callable

from tapejit.training import extension


def observe_value(observation_key: str, target_func: Callable) -> Callable:
    """An extension (each epoch) that sets ``observation[observation_key]`` to
    ``target_func(trainer)``.

    >>> from tapejit.training import extensions
    >>> ext = extensions.observe_value('answer', lambda trainer: 42)
    >>> ext.trigger, ext.default_name
    ((1, 'epoch'), 'observe_value')
    """

    @extension.make_extension(trigger=(1, 'epoch'), default_name='observe_value',
                              priority=extension.PRIORITY_WRITER)
    def _observe_value(trainer: Any) -> None:
        trainer.observation[observation_key] = target_func(trainer)

    return _observe_value


def observe_lr(optimizer_name: str = 'main', observation_key: str = 'lr') -> Callable:
    """An extension (each epoch) that records the optimizer's ``lr`` as ``'lr'``.

    >>> from tapejit.training import extensions
    >>> extensions.observe_lr().priority
    300
    """
    return observe_value(observation_key,
                         lambda trainer: trainer.updater.get_optimizer(optimizer_name).lr)
