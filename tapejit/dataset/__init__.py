"""Dataset machinery (Chainer's ``chainer.dataset``): the :class:`DatasetMixin`
and :class:`Iterator` bases, the :func:`concat_examples` converter (and the
:class:`Converter` base and :func:`converter` decorator of new-style ones) and the
dataset directory the loaders of :mod:`tapejit.datasets` read from.

>>> import numpy as np
>>> from tapejit.dataset import concat_examples
>>> x, t = concat_examples([(np.zeros(2), 0), (np.ones(2), 1)])
>>> x.shape, t
((2, 2), array([0, 1]))
"""

from tapejit.dataset.convert import Converter, concat_examples, converter, to_device
from tapejit.dataset.dataset_mixin import DatasetMixin
from tapejit.dataset.download import (cache_or_load_file, cached_download,
                                      get_dataset_directory, get_dataset_root,
                                      set_dataset_root)
from tapejit.dataset.iterator import Iterator

__all__ = ['Converter', 'DatasetMixin', 'Iterator', 'cache_or_load_file', 'cached_download',
           'concat_examples', 'converter',
           'get_dataset_directory', 'get_dataset_root', 'set_dataset_root', 'to_device']
