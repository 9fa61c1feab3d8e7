"""Chainer-named functions (``import tapejit.functions as F``).

Each is composed from the primitives of :mod:`tapejit.ops`, so each is
differentiable to any order the math allows.
"""

from tapejit.functions.array import (broadcast, broadcast_to, concat, expand_dims, flatten,
                                     get_item, pad, repeat, reshape, select_item, split_axis,
                                     squeeze, stack, sum_to, swapaxes, tile, transpose,
                                     transpose_sequence)
from tapejit.functions.connection import convolution_2d, deconvolution_2d, embed_id
from tapejit.functions.evaluation import accuracy, binary_accuracy
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
from tapejit.functions.noise.gaussian import gaussian
from tapejit.functions import loss  # noqa: F401  (Chainer's module of softmax_cross_entropy)
from tapejit.functions.loss.crf1d import argmax_crf1d, crf1d
from tapejit.functions.loss.hierarchical_softmax import binary_hierarchical_softmax
from tapejit.functions.loss.huber_loss import huber_loss
from tapejit.functions.loss.negative_sampling import negative_sampling
from tapejit.functions.normalization import (batch_normalization, fixed_batch_normalization,
                                             local_response_normalization)
from tapejit.functions.pooling import average_pooling_2d, max_pooling_2d, unpooling_2d
from tapejit.functions.rnn import lstm, n_step_bilstm, n_step_lstm
from tapejit.functions import operators  # noqa: F401  (installs Variable's and TracedArray's)
from tapejit.functions.reduction import (argmax, argmin, average, log_softmax, logsumexp, max,
                                         mean, min, softmax, sum)

__all__ = [
    'absolute', 'accuracy', 'add', 'arccos', 'arcsin', 'arctan', 'arctan2', 'argmax',
    'argmax_crf1d', 'argmin', 'crf1d',
    'average', 'average_pooling_2d', 'batch_matmul', 'batch_normalization',
    'binary_accuracy', 'binary_hierarchical_softmax', 'broadcast', 'broadcast_to', 'cast',
    'clip', 'concat',
    'convolution_2d', 'cos', 'deconvolution_2d', 'div',
    'dropout', 'elu', 'embed_id', 'erf', 'exp', 'expand_dims', 'expm1',
    'fixed_batch_normalization', 'flatten', 'floor_divide', 'gaussian', 'gelu', 'get_item',
    'huber_loss', 'identity',
    'layer_normalization', 'leaky_relu', 'linear', 'local_response_normalization', 'log', 'log10',
    'log1p', 'log2', 'log_softmax', 'logsumexp', 'lstm', 'matmul', 'max', 'max_pooling_2d',
    'maximum', 'mean', 'mean_squared_error', 'min', 'minimum', 'mul', 'n_step_bilstm',
    'n_step_lstm', 'neg', 'negative_sampling', 'pad', 'pow', 'relu', 'repeat', 'reshape',
    'rsqrt', 'select_item',
    'set_dropout_seed', 'sigmoid', 'sigmoid_cross_entropy', 'sign', 'sin', 'softmax',
    'softmax_cross_entropy', 'softplus', 'split_axis', 'sqrt', 'square', 'squeeze', 'stack', 'sub',
    'sum', 'sum_to', 'swapaxes', 'tan', 'tanh', 'tile', 'transpose', 'transpose_sequence',
    'unpooling_2d', 'where',
]
