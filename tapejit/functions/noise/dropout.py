"""Dropout, under Chainer's module name (``chainer.functions.noise.dropout``).

The function and its node live in :mod:`tapejit.functions.nn`, with the
generator that ``set_dropout_seed`` seeds.
"""

from tapejit.functions.nn import Dropout, dropout

__all__ = ['Dropout', 'dropout']
