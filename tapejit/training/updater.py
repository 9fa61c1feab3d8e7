"""The interface of updaters (Chainer's ``training.Updater``)."""

from __future__ import annotations

from typing import Any


class Updater:
    """Runs one update of the training loop; :class:`StandardUpdater` is the usual one.

    >>> from tapejit.training import Updater, updaters
    >>> issubclass(updaters.StandardUpdater, Updater)
    True
    """

    def connect_trainer(self, trainer: Any) -> None:
        """Called by the trainer that will run this updater."""

    def finalize(self) -> None:
        """Called at the end of the training loop."""
        raise NotImplementedError

    def get_optimizer(self, name: str) -> Any:
        """The optimizer called ``name``."""
        raise NotImplementedError

    def get_all_optimizers(self) -> dict:
        """``{name: optimizer}`` of every optimizer."""
        raise NotImplementedError

    def update(self) -> None:
        """Run one update."""
        raise NotImplementedError

    def serialize(self, serializer: Any) -> None:
        """Save or load the updater's state."""
        raise NotImplementedError
