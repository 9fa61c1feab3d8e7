"""Serializers (Chainer's ``chainer.serializers``): ``save_npz`` / ``load_npz``,
and ``save_hdf5`` / ``load_hdf5`` (h5py, imported when first used).

>>> import io, numpy as np
>>> from tapejit import links as L, serializers
>>> f = io.BytesIO()
>>> serializers.save_npz(f, L.Linear(4, 2)); _ = f.seek(0)
>>> sorted(np.load(f).files)
['W', 'b']
"""

from tapejit.serializers.hdf5 import HDF5Deserializer, HDF5Serializer, load_hdf5, save_hdf5
from tapejit.serializers.npz import (Deserializer, DictionarySerializer, NpzDeserializer,
                                     Serializer, load_npz, save_npz)

__all__ = ['Deserializer', 'DictionarySerializer', 'HDF5Deserializer', 'HDF5Serializer',
           'NpzDeserializer', 'Serializer', 'load_hdf5', 'load_npz', 'save_hdf5', 'save_npz']
