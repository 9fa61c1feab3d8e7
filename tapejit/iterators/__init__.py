"""Dataset iterators (Chainer's ``chainer.iterators``).

>>> from tapejit import iterators
>>> it = iterators.SerialIterator([0, 1, 2, 3, 4, 5], 4, shuffle=False)
>>> next(it), next(it), it.epoch
([0, 1, 2, 3], [4, 5, 0, 1], 1)
"""

from tapejit.iterators.multiprocess_iterator import MultiprocessIterator
from tapejit.iterators.multithread_iterator import MultithreadIterator
from tapejit.iterators.order_samplers import OrderSampler, ShuffleOrderSampler
from tapejit.iterators.serial_iterator import SerialIterator

__all__ = ['MultiprocessIterator', 'MultithreadIterator', 'OrderSampler', 'SerialIterator',
           'ShuffleOrderSampler']
