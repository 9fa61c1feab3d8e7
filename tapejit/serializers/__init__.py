"""Serializers (Chainer's ``chainer.serializers``): ``save_npz`` / ``load_npz``.

>>> import io, numpy as np
>>> from tapejit import links as L, serializers
>>> f = io.BytesIO()
>>> serializers.save_npz(f, L.Linear(4, 2)); _ = f.seek(0)
>>> sorted(np.load(f).files)
['W', 'b']
"""

from tapejit.serializers.npz import (Deserializer, DictionarySerializer, NpzDeserializer,
                                     Serializer, load_npz, save_npz)

__all__ = ['Deserializer', 'DictionarySerializer', 'NpzDeserializer', 'Serializer',
           'load_npz', 'save_npz']
