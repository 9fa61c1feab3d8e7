"""A device class of the user's that defines ``__str__`` and no ``name`` (as
Chainer's own tests write them) compares, hashes and prints."""

import numpy as np

from tapejit import backends


class _Dummy(backends.Device):
    xp = np

    def __init__(self, index):
        self.index = index

    def __str__(self):
        return f'@dummy:{self.index}'


def test_a_device_with_only_str_compares_hashes_and_prints():
    assert _Dummy(1) == _Dummy(1) and _Dummy(1) != _Dummy(2)
    assert len({_Dummy(1), _Dummy(1), _Dummy(2)}) == 2
    assert repr(_Dummy(3)) == '<_Dummy @dummy:3>'
    assert _Dummy(0) != backends.CPU
