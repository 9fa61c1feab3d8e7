"""Chainer's ``chainer.backend`` name for :mod:`tapejit.backends`.

>>> import numpy as np
>>> from tapejit import backend
>>> backend.get_array_module(np.zeros(1)) is np
True
>>> backend.CpuDevice()
<CpuDevice @numpy>
"""

from tapejit.backends import (CPU, CpuDevice, Device, GpuDevice, copyto,  # noqa: F401
                              get_array_module, get_array_types, get_cpu_array_types,
                              get_device, get_device_from_array, is_array,
                              is_arrays_compatible, using_device)
from tapejit.backends import intel64  # noqa: F401


class ChainerxDevice(Device):
    """Chainer's ChainerX device class, for code that asks whether a device
    is one: tapejit has no ChainerX backend, so none is.

    >>> isinstance(CpuDevice(), ChainerxDevice)
    False
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise RuntimeError('ChainerX devices are not available in tapejit (it runs on '
                           'NumPy and CuPy arrays)')


def __getattr__(name: str):
    # backend.cuda, imported on first use: it imports CuPy where present.
    if name == 'cuda':
        import importlib
        return importlib.import_module('tapejit.backends.cuda')
    raise AttributeError(f"module 'tapejit.backend' has no attribute {name!r}")


__all__ = [
    'CPU', 'ChainerxDevice', 'CpuDevice', 'Device', 'GpuDevice', 'copyto', 'get_array_module',
    'get_array_types', 'get_cpu_array_types', 'get_device', 'get_device_from_array',
    'intel64', 'is_array', 'is_arrays_compatible', 'using_device',
]
