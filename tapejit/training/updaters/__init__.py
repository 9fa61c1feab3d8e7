"""Updaters (Chainer's ``training.updaters``).

>>> from tapejit.training import updaters
>>> updaters.StandardUpdater.__name__
'StandardUpdater'
"""

from tapejit.training.updaters.standard_updater import StandardUpdater

__all__ = ['StandardUpdater']
