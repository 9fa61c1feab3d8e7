"""Chainer's module of the initializer base class (``chainer.initializer``):
:class:`Initializer` and :func:`get_fans`, the very objects
:mod:`tapejit.initializers` holds, where code written for Chainer imports them.

>>> from tapejit import initializer, initializers
>>> initializer.get_fans((2, 3, 4))
(12, 8)
>>> issubclass(initializers.Normal, initializer.Initializer)
True
"""

from tapejit.initializers import Initializer, get_fans

__all__ = ['Initializer', 'get_fans']
