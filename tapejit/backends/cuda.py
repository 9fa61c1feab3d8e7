"""Chainer's ``chainer.backends.cuda`` (also ``tapejit.cuda``): CuPy where it is present.

``available`` says whether CuPy imported and sees a GPU. Without CuPy,
``cupy`` is ``None``, ``ndarray`` is a class nothing is an instance of (so
``isinstance(x, cuda.ndarray)`` is simply false), and ``to_gpu`` raises
saying how to install the GPU extra. cuDNN is never used by tapejit.

>>> import numpy as np
>>> from tapejit.backends import cuda
>>> cuda.to_cpu(np.arange(3))
array([0, 1, 2])
>>> cuda.get_array_module(np.zeros(2)) is np
True
"""

from __future__ import annotations

from typing import Any

import numpy

from tapejit.backends import CPU, GpuDevice, cupy_or_none, get_array_module, require_cupy
from tapejit.backends import get_device_from_array as _device_of

cupy = cupy_or_none()
cudnn_enabled = False
cudnn = None


def _gpu_count() -> int:
    if cupy is None:
        return 0
    try:
        return int(cupy.cuda.runtime.getDeviceCount())
    except Exception:  # a driver that fails to load counts as no GPU
        return 0


available = _gpu_count() > 0


class _NoCupyArray:
    """Stands for ``cupy.ndarray`` where CuPy is absent: nothing is an instance."""


ndarray: Any = cupy.ndarray if cupy is not None else _NoCupyArray


class DummyDeviceType:
    """The device of a NumPy array: a no-op context manager with ``id`` -1."""

    id = -1

    def __int__(self) -> int:
        return -1

    def __enter__(self) -> 'DummyDeviceType':
        return self

    def __exit__(self, *args: Any) -> None:
        pass

    def use(self) -> None:
        pass

    def synchronize(self) -> None:
        pass

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DummyDeviceType)

    def __hash__(self) -> int:
        return hash(DummyDeviceType)


DummyDevice = DummyDeviceType()


def check_cuda_available() -> None:
    """Raise RuntimeError naming the remedy unless CuPy and a GPU are present."""
    if not available:
        require_cupy('cuda')
        raise RuntimeError('cuda: CuPy is installed but sees no CUDA device')


def get_device_from_id(device_id: int | None) -> Any:
    """``cupy.cuda.Device(device_id)``, or ``DummyDevice`` for ``None``."""
    if device_id is None:
        return DummyDevice
    check_cuda_available()
    return cupy.cuda.Device(int(device_id))


def get_device_from_array(*arrays: Any) -> Any:
    """The CuPy device of the first CuPy array among ``arrays``, else ``DummyDevice``."""
    for a in arrays:
        dev = _device_of(getattr(a, 'array', a))
        if isinstance(dev, GpuDevice):
            return cupy.cuda.Device(dev.device_id)
    return DummyDevice


def to_gpu(array: Any, device: Any = None, stream: Any = None) -> Any:
    """Copy ``array`` (or each of a list/tuple) to GPU ``device`` (the current one if None)."""
    check_cuda_available()
    if isinstance(array, (list, tuple)):
        return type(array)(to_gpu(a, device) for a in array)
    if array is None:
        return None
    dev_id = cupy.cuda.Device().id if device is None else int(getattr(device, 'id', device))
    return GpuDevice(dev_id).send(array)


def to_cpu(array: Any, stream: Any = None) -> Any:
    """Copy ``array`` (or each of a list/tuple) to the host as NumPy arrays."""
    if isinstance(array, (list, tuple)):
        return type(array)(to_cpu(a) for a in array)
    if array is None or isinstance(array, numpy.ndarray):
        return array
    if numpy.isscalar(array):
        return numpy.asarray(array)
    return CPU.send(array)


def copy(array: Any, out: Any = None, out_device: Any = None, stream: Any = None) -> Any:
    """A copy of ``array`` on its own device (or into ``out``)."""
    xp = get_array_module(array)
    if out is None:
        return xp.array(array, copy=True)
    out[...] = array
    return out


def should_use_cudnn(level: str, lowest_version: int = 0) -> bool:
    """Always False: tapejit does not call cuDNN."""
    return False


__all__ = [
    'DummyDevice', 'DummyDeviceType', 'available', 'check_cuda_available', 'copy', 'cudnn',
    'cudnn_enabled', 'cupy', 'get_array_module', 'get_device_from_array',
    'get_device_from_id', 'ndarray', 'should_use_cudnn', 'to_cpu', 'to_gpu',
]
