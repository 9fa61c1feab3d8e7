"""Chainer-named functions (``import tapejit.functions as F``).

Each is composed from the primitives of :mod:`tapejit.ops`, so each is
differentiable to any order the math allows.
"""

from tapejit.functions.array import (broadcast, broadcast_to, concat, expand_dims, flatten,
                                     get_item, reshape, select_item, split_axis, squeeze,
                                     stack, sum_to, transpose)
from tapejit.functions.evaluation import accuracy
from tapejit.functions.math.identity import identity
from tapejit.functions.math import (absolute, add, arccos, arcsin, arctan, arctan2,
                                    batch_matmul, cast,
                                    clip, cos, div, erf,
                                    exp, expm1, floor_divide, gelu, log, log10,
                                    log1p, log2, matmul, maximum, minimum, mul, neg, pow,
                                    rsqrt, sign, sin, sqrt, square, sub, tan, tanh, where)
from tapejit.functions.nn import (dropout, elu, layer_normalization, leaky_relu, linear,
                                  mean_squared_error, relu, set_dropout_seed, sigmoid,
                                  sigmoid_cross_entropy, softmax_cross_entropy, softplus)
from tapejit.functions import noise  # noqa: F401  (Chainer's module of dropout)
from tapejit.functions import loss  # noqa: F401  (Chainer's module of softmax_cross_entropy)
from tapejit.functions.reduction import (argmax, argmin, average, log_softmax, logsumexp, max,
                                         mean, min, softmax, sum)

__all__ = [
    'absolute', 'accuracy', 'add', 'arccos', 'arcsin', 'arctan', 'arctan2', 'argmax', 'argmin',
    'average', 'batch_matmul', 'broadcast',
    'broadcast_to', 'cast', 'clip', 'concat', 'cos',
    'div', 'dropout', 'elu', 'erf', 'exp', 'expand_dims', 'expm1', 'flatten',
    'floor_divide', 'gelu', 'get_item', 'identity', 'layer_normalization', 'leaky_relu',
    'linear', 'log', 'log10', 'log1p', 'log2', 'log_softmax', 'logsumexp', 'matmul', 'max',
    'maximum', 'mean',
    'mean_squared_error', 'min', 'minimum', 'mul', 'neg', 'pow', 'relu', 'reshape',
    'rsqrt', 'select_item', 'set_dropout_seed', 'sigmoid', 'sigmoid_cross_entropy', 'sign',
    'sin', 'softmax', 'softmax_cross_entropy', 'softplus', 'split_axis', 'sqrt', 'square',
    'squeeze', 'stack', 'sub', 'sum', 'sum_to', 'tan', 'tanh', 'transpose', 'where',
]
