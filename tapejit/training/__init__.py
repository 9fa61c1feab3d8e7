"""Chainer's training loop: :class:`Trainer`, updaters, triggers and extensions.

>>> from tapejit import training
>>> from tapejit.training import extensions
>>> training.Trainer.__name__, training.updaters.StandardUpdater.__name__
('Trainer', 'StandardUpdater')
"""

from tapejit.training import extensions, triggers, updaters  # noqa: F401
from tapejit.training.extension import (PRIORITY_EDITOR, PRIORITY_READER, PRIORITY_WRITER,
                                        Extension, make_extension)
from tapejit.training.trainer import Trainer
from tapejit.training.updater import Updater
from tapejit.training.updaters import StandardUpdater
from tapejit.training.util import get_trigger

__all__ = ['Extension', 'PRIORITY_EDITOR', 'PRIORITY_READER', 'PRIORITY_WRITER',
           'StandardUpdater', 'Trainer', 'Updater', 'extensions', 'get_trigger',
           'make_extension', 'triggers', 'updaters']
