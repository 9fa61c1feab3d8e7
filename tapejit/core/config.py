"""The configuration: backprop mode, train/test mode, debug, as Chainer's.

``config`` is a per-thread view over the global values (Chainer's
``LocalConfig`` over ``global_config``): an entry a thread sets is its own,
so ``no_backprop_mode()`` in one thread never leaks into another (a worker
computing metrics must not disable training); an entry it did not set is
read from the global values, which every thread sees (:func:`set_global`).
The global values are class attributes of the per-thread object's class, so
reading an entry costs one attribute lookup, as an op does at every call.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from typing import IO, Any, Iterable, Iterator, Optional

import numpy

_DEFAULTS = {
    'enable_backprop': True,
    'train': True,
    'debug': False,
    # The dtype of arrays an initializer without a dtype makes (Chainer's default).
    'dtype': numpy.dtype(numpy.float32),
    # FunctionNode.apply runs check_type_forward (Chainer's type_check) when True.
    'type_check': True,
    # The active tapejit.ir.trace.Trace while @tapejit.jit traces a function.
    'trace': None,
    # reporter.report keeps a reported Variable's graph (Chainer's default: not).
    'keep_graph_on_report': False,
    # Chainer's switch of @static_graph (tapejit.graph_optimizations): read, never needed.
    'use_static_graph': True,
}


class _Mixed16:
    """Chainer's ``mixed16``: a ``config.dtype`` for float16 activations, with
    float32 where a layer keeps statistics (batch normalization's parameters
    and running averages)."""

    dtype = numpy.dtype(numpy.float16)

    def __repr__(self) -> str:
        return "dtype('mixed16')"


mixed16 = _Mixed16()


def get_dtype(dtype: Any = None, map_mixed16: Any = None) -> numpy.dtype:
    """``dtype`` as a NumPy dtype, by default ``config.dtype``; where that is
    :data:`mixed16`, ``map_mixed16`` if given, else float16 (Chainer's rule).

    >>> import tapejit
    >>> with tapejit.using_config('dtype', tapejit.mixed16):
    ...     tapejit.get_dtype(), tapejit.get_dtype(map_mixed16='float32')
    (dtype('float16'), dtype('float32'))
    """
    if dtype is None:
        dtype = config.dtype
    if dtype is mixed16:
        dtype = mixed16.dtype if map_mixed16 is None else map_mixed16
    return numpy.dtype(dtype)


def print_attrs(obj: Any, keys: Iterable[str], file: Optional[IO[str]]) -> None:
    """Print ``obj``'s entries ``keys``, one a line, in Chainer's layout (the
    names padded to the longest, one space after it), to ``file`` or stdout."""
    keys = list(keys)
    out = sys.stdout if file is None else file
    width = max((len(k) for k in keys), default=0)
    for key in keys:
        out.write(f'{key:<{width}} {getattr(obj, key)}\n')


class _Config(threading.local):
    """Per-thread configuration entries over the global ones (the class's
    attributes: see :func:`set_global`)."""

    def show(self, file: Optional[IO[str]] = None) -> None:
        """Print the entries this thread sees, sorted by name (Chainer's
        ``LocalConfig.show``)."""
        print_attrs(self, sorted(set(global_entries()) | set(self.__dict__)), file)


for _k, _v in _DEFAULTS.items():
    setattr(_Config, _k, _v)
_GLOBAL = set(_DEFAULTS)  # (the names of the global entries)


def global_entries() -> dict:
    """The global entries (name -> value)."""
    return {k: getattr(_Config, k) for k in sorted(_GLOBAL)}


def set_global(name: str, value: Any) -> None:
    """Set the global entry ``name``: every thread that did not set its own sees it.

    >>> import threading, tapejit
    >>> set_global('my_entry', 3)
    >>> seen = []
    >>> t = threading.Thread(target=lambda: seen.append(tapejit.config.my_entry))
    >>> t.start(); t.join(); seen
    [3]
    >>> del_global('my_entry')
    """
    if name.startswith('_') or name == 'show':
        raise AttributeError(f'configuration: {name!r} is not an entry one can set')
    setattr(_Config, name, value)
    _GLOBAL.add(name)


def del_global(name: str) -> None:
    """Remove the global entry ``name``."""
    if name not in _GLOBAL:
        raise AttributeError(name)
    delattr(_Config, name)
    _GLOBAL.discard(name)


config = _Config()


@contextlib.contextmanager
def using_config(name: str, value: Any, target: Any = None) -> Iterator[None]:
    """Set ``config.<name>`` to ``value`` for this thread inside a ``with``
    block; ``target``: another per-thread configuration (a
    :class:`tapejit.configuration.LocalConfig`, whose entries of this thread
    are its ``_local``'s) in place of ``config``.

    >>> import tapejit
    >>> with tapejit.using_config('train', False):
    ...     tapejit.config.train
    False
    >>> tapejit.config.train
    True
    """
    # Unknown keys are accepted, as in Chainer (code sets 'use_cudnn', 'type_check'...).
    # An entry this thread held gets its value back; one it did not hold is
    # removed again, so the global one shows through (Chainer's rule).
    target = config if target is None else target
    own = getattr(target, '_local', target).__dict__
    held = name in own
    old = own.get(name)
    setattr(target, name, value)
    try:
        yield
    finally:
        if held:
            setattr(target, name, old)
        else:
            delattr(target, name)


def is_debug() -> bool:
    """Whether debug mode is on in this thread (``config.debug``).

    >>> import tapejit
    >>> tapejit.is_debug()
    False
    """
    return bool(config.debug)


def set_debug(debug: bool) -> None:
    """Turn debug mode on or off in this thread (sets ``config.debug``).

    >>> import tapejit
    >>> tapejit.set_debug(True); tapejit.is_debug()
    True
    >>> tapejit.set_debug(False)
    """
    config.debug = bool(debug)


class DebugMode:
    """A ``with`` block in debug mode (or out of it): Chainer's ``DebugMode``.

    >>> import tapejit
    >>> with tapejit.DebugMode(True):
    ...     tapejit.is_debug()
    True
    """

    def __init__(self, debug: bool) -> None:
        self._debug = bool(debug)

    def __enter__(self) -> None:
        self._old = config.debug
        config.debug = self._debug

    def __exit__(self, *args: Any) -> None:
        config.debug = self._old


def no_backprop_mode() -> contextlib.AbstractContextManager:
    """Disable graph construction in this thread inside a ``with`` block.

    Variables created inside get no creator, so no backprop goes through them.

    >>> import numpy as np, tapejit
    >>> x = tapejit.Variable(np.array([1.0, 2.0]))
    >>> with tapejit.no_backprop_mode():
    ...     y = x * 2
    >>> y.creator is None
    True
    """
    return using_config('enable_backprop', False)


def force_backprop_mode() -> contextlib.AbstractContextManager:
    """Enable graph construction in this thread, even inside ``no_backprop_mode``.

    >>> import numpy as np, tapejit
    >>> x = tapejit.Variable(np.array([1.0, 2.0]))
    >>> with tapejit.no_backprop_mode():
    ...     with tapejit.force_backprop_mode():
    ...         y = x * 2
    >>> y.creator is not None
    True
    """
    return using_config('enable_backprop', True)
