"""Devices: ``'@numpy'`` (the CPU) and ``'@cupy:N'`` (GPU ``N``), as in Chainer.

CuPy is optional and imported lazily, so ``import tapejit`` works without it.
ChainerX and iDeep devices do not exist here; asking for one raises an error
that says so.
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any

import numpy

_cupy_module: Any = None


def cupy_or_none() -> Any:
    """Return the ``cupy`` module if it can be imported, else ``None``."""
    global _cupy_module
    if _cupy_module is None:
        try:
            _cupy_module = importlib.import_module('cupy')
        except Exception:  # ImportError, or a CUDA driver that fails to load
            _cupy_module = False
    return _cupy_module or None


def require_cupy(what: str) -> Any:
    cp = cupy_or_none()
    if cp is None:
        raise RuntimeError(
            f'{what}: CuPy is not installed or no CUDA device is usable; '
            'install the GPU extra with `pip install "tapejit[cuda]"`')
    return cp


class Device:
    """A place where arrays live; ``xp`` is its array module."""

    name: str
    xp: Any

    # (Compared, hashed and shown by str(): a device class of the user's, as
    # Chainer's own tests write them, may define __str__ and no name.)
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f'<{type(self).__name__} {self}>'

    def __str__(self) -> str:
        return self.name

    def __enter__(self) -> None:
        raise RuntimeError(f'{self}: a Device is not a context manager; use '
                           'tapejit.using_device(device) instead')

    def __exit__(self, *args: Any) -> None:
        pass

    def send(self, arrays: Any) -> Any:
        """Copy an array, or each of a list/tuple of arrays, to this device."""
        if isinstance(arrays, (list, tuple)):
            # One array met twice in the container becomes one array, as in Chainer.
            done: dict = {}
            out = []
            for a in arrays:
                if id(a) not in done:
                    done[id(a)] = self.send_array(a)
                out.append(done[id(a)])
            return type(arrays)(out)
        return self.send_array(arrays)

    def send_array(self, array: Any) -> Any:
        raise NotImplementedError

    def create_context(self) -> contextlib.AbstractContextManager:
        """A context manager in which this device is current (a no-op on the CPU)."""
        return contextlib.nullcontext()

    def use(self) -> None:
        """Make this device current in this thread (a no-op on the CPU)."""

    def is_array_supported(self, array: Any) -> bool:
        """Whether ``array`` lives on this device."""
        return isinstance(array, self.supported_array_types) and \
            get_device_from_array(array) == self


class CpuDevice(Device):
    """The host: NumPy arrays.

    >>> import numpy as np
    >>> from tapejit.backends import CpuDevice
    >>> CpuDevice().send([np.zeros(1), None])
    [array([0.]), None]
    """

    name = '@numpy'
    xp = numpy
    supported_array_types = (numpy.ndarray,)

    @staticmethod
    def from_array(array: Any) -> 'CpuDevice | None':
        """The CPU device if ``array`` is a NumPy array, else None."""
        return CPU if isinstance(array, numpy.ndarray) else None

    def send_array(self, array: Any) -> Any:
        if array is None or isinstance(array, numpy.ndarray):
            return array
        if hasattr(array, 'get'):  # a cupy.ndarray
            return array.get()
        return numpy.asarray(array)


class GpuDevice(Device):
    """GPU ``device_id``: CuPy arrays."""

    def __init__(self, device_id: int) -> None:
        self.device_id = int(device_id)
        self.name = f'@cupy:{self.device_id}'

    @staticmethod
    def from_device_id(device_id: int) -> 'GpuDevice':
        """GPU ``device_id``."""
        return GpuDevice(device_id)

    @staticmethod
    def from_array(array: Any) -> 'GpuDevice | None':
        """The GPU a CuPy array lives on, else None."""
        dev = get_device_from_array(array)
        return dev if isinstance(dev, GpuDevice) else None

    @property
    def xp(self) -> Any:  # type: ignore[override]
        return require_cupy(self.name)

    @property
    def supported_array_types(self) -> tuple:
        return (self.xp.ndarray,)

    def create_context(self) -> Any:
        return self.xp.cuda.Device(self.device_id)

    def use(self) -> None:
        self.xp.cuda.Device(self.device_id).use()

    def send_array(self, array: Any) -> Any:
        if array is None:
            return None
        cp = self.xp
        if isinstance(array, cp.ndarray) and array.device.id == self.device_id:
            return array
        with cp.cuda.Device(self.device_id):
            return cp.asarray(array)


CPU = CpuDevice()

_UNSUPPORTED = {
    'native': 'ChainerX devices',
    'cuda': 'ChainerX devices',
    '@intel64': 'iDeep (intel64) devices',
}


def get_device(spec: Any) -> Device:
    """Resolve a device specifier: ``'@numpy'``, ``'@cupy:N'``, a Device, or numpy/cupy.

    A negative integer (or its string, ``'-1'``) is the CPU, ``N >= 0`` GPU N.

    >>> from tapejit.backends import get_device
    >>> get_device('@numpy'), get_device('-1')
    (<CpuDevice @numpy>, <CpuDevice @numpy>)
    """
    if isinstance(spec, Device):
        return spec
    if spec is numpy:
        return CPU
    if isinstance(spec, str):
        if spec == '@numpy':
            return CPU
        try:  # '-1', '0': Chainer's integer specifiers, as a command line gives them
            spec = int(spec)
        except ValueError:
            pass
    if isinstance(spec, str):
        if spec.startswith('@cupy:'):
            try:
                return GpuDevice(int(spec[len('@cupy:'):]))
            except ValueError:
                pass
        for prefix, what in _UNSUPPORTED.items():
            if spec.startswith(prefix):
                raise ValueError(
                    f'get_device: {what} such as {spec!r} are not supported by '
                    "tapejit; use '@numpy' (CPU) or '@cupy:N' (GPU N)")
    if isinstance(spec, int) and not isinstance(spec, bool):
        return CPU if spec < 0 else GpuDevice(spec)
    cp = cupy_or_none()
    if cp is not None and spec is cp:
        return GpuDevice(cp.cuda.Device().id)
    raise ValueError(f"get_device: invalid device specifier {spec!r}; expected "
                     "'@numpy' (CPU) or '@cupy:N' (GPU N)")


def using_device(device_spec: Any) -> contextlib.AbstractContextManager:
    """A context manager making a device current in this thread (Chainer's ``using_device``).

    On the CPU this does nothing; for ``'@cupy:N'`` it enters ``cupy.cuda.Device(N)``.

    >>> import tapejit
    >>> with tapejit.using_device('@numpy'):
    ...     pass
    """
    return get_device(device_spec).create_context()


def get_device_from_array(*arrays: Any) -> Device:
    """The device the first non-NumPy array among ``arrays`` lives on (the CPU if none).

    >>> import numpy as np
    >>> get_device_from_array(np.zeros(2))
    <CpuDevice @numpy>
    """
    cp = cupy_or_none() if _cupy_module is not False else None
    for array in arrays:
        if cp is not None and isinstance(array, cp.ndarray):
            return GpuDevice(array.device.id)
    return CPU


def copyto(dst: Any, src: Any) -> None:
    """Copy the elements of ``src`` into ``dst``, across devices if need be.

    >>> import numpy as np
    >>> dst = np.zeros(2); copyto(dst, np.ones(2)); dst
    array([1., 1.])
    """
    if isinstance(dst, numpy.ndarray):
        numpy.copyto(dst, CPU.send_array(src))
        return
    cp = cupy_or_none()
    if cp is not None and isinstance(dst, cp.ndarray):
        cp.copyto(dst, GpuDevice(dst.device.id).send_array(src))
        return
    raise TypeError(f'copyto: cannot copy to {type(dst).__name__}; expected a NumPy or '
                    'CuPy array')


def get_cpu_array_types() -> tuple:
    """The array types of the CPU: ``(numpy.ndarray,)``."""
    return (numpy.ndarray,)


def get_array_types() -> tuple:
    """The array types tapejit accepts: NumPy's, and CuPy's where it is installed."""
    cp = cupy_or_none()
    return (numpy.ndarray,) + ((cp.ndarray,) if cp is not None else ())


def is_arrays_compatible(arrays: Any) -> bool:
    """Whether the (non-None) ``arrays`` all live on one kind of device."""
    arrays = [a for a in arrays if a is not None]
    return len({type(get_device_from_array(a)) for a in arrays}) <= 1


def on_one_device(what: str, arrays: list) -> list:
    """``arrays`` if they live on one device; else a ValueError naming the devices.

    A 0-d NumPy array meeting GPU arrays is a scalar: it is copied to their
    device (as a Python number would be), while any other host array is an
    error, as is a mix of GPUs.

    >>> import numpy as np
    >>> on_one_device('add', [np.ones(2), np.zeros(())])[0]
    array([1., 1.])
    """
    cp = cupy_or_none()
    if cp is None:
        return arrays
    gpu = None
    places = []
    for i, a in enumerate(arrays):
        if isinstance(a, cp.ndarray):
            place = f'@cupy:{a.device.id}'
            if gpu is None:
                gpu = a.device.id
        elif isinstance(a, numpy.ndarray) and a.ndim:
            place = '@numpy'
        else:
            continue
        places.append((i, place))
    if len({p for _, p in places}) > 1:
        where = ', '.join(f'input {i} on {p}' for i, p in places)
        devs = ' and '.join(sorted({p for _, p in places}))
        raise ValueError(f'{what}: inputs live on different devices ({devs}: {where}); '
                         'move them to one device with to_device(), to_gpu() or to_cpu()')
    if gpu is None:
        return arrays
    dev = GpuDevice(gpu)
    return [dev.send(a) if isinstance(a, numpy.ndarray) else a for a in arrays]


def get_array_module(*arrays: Any) -> Any:
    """``numpy`` or ``cupy``, whichever the (Variable or array) arguments live in.

    >>> import numpy as np
    >>> from tapejit.backends import get_array_module
    >>> get_array_module(np.zeros(3)) is np
    True
    """
    for a in arrays:
        a = getattr(a, 'array', a)
        if a is None or isinstance(a, (numpy.ndarray, numpy.generic)):
            continue
        cp = cupy_or_none()
        if cp is not None and isinstance(a, cp.ndarray):
            return cp
    return numpy


# The class of a traced array (``tapejit.core.abstract.TracedArray``), which
# registers itself here when defined: an array to every caller of is_array.
traced_array_types: tuple = ()


def is_array(obj: Any) -> bool:
    """Whether ``obj`` is a NumPy or CuPy array, or a traced array under ``@tapejit.jit``."""
    if isinstance(obj, numpy.ndarray) or isinstance(obj, traced_array_types):
        return True
    cp = cupy_or_none() if _cupy_module is not False else None
    return cp is not None and isinstance(obj, cp.ndarray)


def refuse_array_subclass(x: Any, what: str) -> None:
    """Refuse the NumPy subclasses whose semantics an ndarray's computation
    would silently change: ``numpy.matrix`` (``*`` is a matrix product,
    reductions stay 2-d) and masked arrays (the mask would be ignored).
    Other subclasses (a memmap, say) are host arrays like any other.

    >>> import numpy as np
    >>> refuse_array_subclass(np.zeros(2), 'x')
    >>> refuse_array_subclass(np.ma.masked_array([1.0]), 'jit: argument x')
    Traceback (most recent call last):
    TypeError: jit: argument x is a numpy.ma.MaskedArray, whose mask tapejit would ...
    """
    import numpy
    if x.__class__ is numpy.ndarray or not isinstance(x, numpy.ndarray):
        return
    if isinstance(x, numpy.matrix):
        raise TypeError(f'{what} is a numpy.matrix, whose operators differ from an '
                        "ndarray's (* is a matrix product, reductions keep two dimensions); "
                        'pass numpy.asarray(m)')
    if isinstance(x, numpy.ma.MaskedArray):
        raise TypeError(f'{what} is a numpy.ma.MaskedArray, whose mask tapejit would '
                        'ignore; pass a.filled(value) or numpy.asarray(a)')


def __getattr__(name: str) -> Any:
    # Chainer's chainer.backends.cuda and .intel64, read after a plain
    # ``import chainer`` (``chainer.backends.cuda.to_cpu(x)``): imported on
    # first use, since importing cuda imports CuPy where it is installed.
    if name in ('cuda', 'intel64'):
        return importlib.import_module(f'{__name__}.{name}')
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')
