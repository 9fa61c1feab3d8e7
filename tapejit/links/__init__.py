"""Links: parameterized building blocks of models (Chainer's ``chainer.links``).

>>> import numpy as np
>>> from tapejit import links as L
>>> L.Linear(4, 3)(np.ones((2, 4), np.float32)).shape
(2, 3)
"""

from tapejit.links.link import Chain, ChainList, Link
from tapejit.links.classifier import Classifier
from tapejit.links.convolution import Convolution2D, Deconvolution2D
from tapejit.links.embed import EmbedID
from tapejit.links.linear import Linear
from tapejit.links.loss.crf1d import CRF1d
from tapejit.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmax
from tapejit.links.loss.negative_sampling import NegativeSampling
from tapejit.links.normalization import BatchNormalization
from tapejit.links.rnn import LSTM, NStepBiLSTM, NStepLSTM, StatelessLSTM
from tapejit.links.sequential import Sequential

__all__ = ['BatchNormalization', 'BinaryHierarchicalSoftmax', 'CRF1d', 'Chain', 'ChainList',
           'Classifier', 'Convolution2D', 'Deconvolution2D', 'EmbedID', 'LSTM', 'Link', 'Linear',
           'NStepBiLSTM', 'NStepLSTM', 'NegativeSampling', 'Sequential', 'StatelessLSTM']
