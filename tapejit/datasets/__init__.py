"""Datasets (Chainer's ``chainer.datasets``): general dataset classes and
loaders of standard datasets.

A dataset is anything with ``len()`` and indexing; these wrap arrays and other
datasets.  The loaders read local files only, nothing is downloaded (see
:mod:`tapejit.datasets.loaders`).

>>> import numpy as np
>>> from tapejit import datasets
>>> ds = datasets.TupleDataset(np.arange(8).reshape(4, 2), [0, 2, 4, 6])
>>> train, test = datasets.split_dataset(ds, 3)
>>> len(train), test[0]
(3, (array([6, 7]), 6))
"""

from tapejit.dataset.convert import concat_examples
from tapejit.datasets.image_dataset import (ImageDataset, LabeledImageDataset,
                                            LabeledZippedImageDataset, MultiZippedImageDataset,
                                            ZippedImageDataset)
from tapejit.datasets.loaders import (DatasetNotFoundError, get_cifar10, get_cifar100,
                                      get_digits, get_fashion_mnist, get_fashion_mnist_labels,
                                      get_kuzushiji_mnist, get_kuzushiji_mnist_labels,
                                      get_mnist, get_ptb_words, get_ptb_words_vocabulary,
                                      get_svhn)
from tapejit.datasets.pickle_dataset import (PickleDataset, PickleDatasetWriter,
                                             open_pickle_dataset, open_pickle_dataset_writer)
from tapejit.datasets.sub_dataset import (SubDataset, get_cross_validation_datasets,
                                          get_cross_validation_datasets_random, split_dataset,
                                          split_dataset_n, split_dataset_n_random,
                                          split_dataset_random)
from tapejit.datasets.text_dataset import TextDataset
from tapejit.datasets.transform_dataset import ConcatenatedDataset, TransformDataset
from tapejit.datasets.tuple_dataset import DictDataset, TupleDataset

__all__ = [
    'ConcatenatedDataset', 'DatasetNotFoundError', 'DictDataset', 'ImageDataset',
    'LabeledImageDataset', 'LabeledZippedImageDataset', 'MultiZippedImageDataset',
    'PickleDataset', 'PickleDatasetWriter', 'SubDataset', 'TextDataset', 'TransformDataset',
    'TupleDataset', 'ZippedImageDataset',
    'concat_examples', 'get_cifar10', 'get_cifar100', 'get_cross_validation_datasets',
    'get_cross_validation_datasets_random', 'get_digits', 'get_fashion_mnist',
    'get_fashion_mnist_labels', 'get_kuzushiji_mnist', 'get_kuzushiji_mnist_labels',
    'get_mnist', 'get_ptb_words', 'get_ptb_words_vocabulary', 'get_svhn', 'open_pickle_dataset',
    'open_pickle_dataset_writer', 'split_dataset', 'split_dataset_n', 'split_dataset_n_random',
    'split_dataset_random',
]
