"""Softmax cross-entropy, under Chainer's module name
(``chainer.functions.loss.softmax_cross_entropy``).

The function and its node live in :mod:`tapejit.functions.nn`.
"""

from tapejit.functions.nn import SoftmaxCrossEntropy, softmax_cross_entropy

__all__ = ['SoftmaxCrossEntropy', 'softmax_cross_entropy']
