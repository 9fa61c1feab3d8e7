"""Chainer's module of the configuration (``chainer.configuration``).

``config`` is tapejit's per-thread configuration and ``using_config`` sets
one of its entries inside a ``with`` block, as code written for Chainer
imports them (``from chainer import configuration``).  ``GlobalConfig`` and
``LocalConfig`` are Chainer's two kinds of configuration object: a plain
object of defaults, and a per-thread view over one, whose entries set in a
thread are seen in that thread only and whose other entries are read from
the global one.  ``global_config`` is the global configuration
(``chainer.global_config``).

>>> import tapejit
>>> from tapejit import configuration
>>> with configuration.using_config('train', False):
...     configuration.config.train, tapejit.config.train
(False, False)
>>> g = configuration.GlobalConfig()
>>> g.x = 1
>>> local = configuration.LocalConfig(g)
>>> with configuration.using_config('x', 2, local):
...     local.x, g.x
(2, 1)
>>> local.x
1
"""

from __future__ import annotations

import contextlib
import threading
from typing import IO, Any, Optional

from tapejit.core import config as _core


_print_attrs = _core.print_attrs


class GlobalConfig:
    """A plain object holding configuration entries as attributes: the defaults
    that a :class:`LocalConfig` over it falls back to.

    >>> g = GlobalConfig()
    >>> g.train, g.debug = True, False
    >>> g.show()
    debug False
    train True
    """

    def show(self, file: Optional[IO[str]] = None) -> None:
        """Print the entries, one a line, sorted by name (to ``file``, by
        default ``sys.stdout``)."""
        _print_attrs(self, sorted(self.__dict__), file)


class LocalConfig:
    """Per-thread configuration over a :class:`GlobalConfig`: an entry set on
    it is seen by the thread that set it only; an entry it does not hold in
    this thread is read from the global configuration.

    >>> import threading
    >>> g = GlobalConfig()
    >>> g.mode = 'global'
    >>> local = LocalConfig(g)
    >>> local.mode = 'this thread'
    >>> seen = []
    >>> t = threading.Thread(target=lambda: seen.append(local.mode))
    >>> t.start(); t.join()
    >>> local.mode, seen
    ('this thread', ['global'])
    >>> del local.mode
    >>> local.mode
    'global'
    """

    def __init__(self, global_config: Any) -> None:
        object.__setattr__(self, '_global', global_config)
        object.__setattr__(self, '_local', threading.local())

    def __getattr__(self, name: str) -> Any:
        local = self._local.__dict__
        if name in local:
            return local[name]
        return getattr(self._global, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._local, name, value)

    def __delattr__(self, name: str) -> None:
        # Only what this thread set: a global entry is not deleted from here.
        delattr(self._local, name)

    def show(self, file: Optional[IO[str]] = None) -> None:
        """Print the entries this thread sees, global ones included, one a line,
        sorted by name (to ``file``, by default ``sys.stdout``).

        >>> g = GlobalConfig()
        >>> g.x = 'global x'
        >>> local = LocalConfig(g)
        >>> local.abc = 1
        >>> local.show()
        abc 1
        x   global x
        """
        keys = set(vars(self._global)) | set(self._local.__dict__)
        _print_attrs(self, sorted(keys), file)


class _TapejitGlobalConfig(GlobalConfig):
    """``tapejit.global_config``: the global entries ``tapejit.config`` reads
    where a thread set none of its own (every thread sees a change)."""

    def __setattr__(self, name: str, value: Any) -> None:
        _core.set_global(name, value)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        _core.del_global(name)
        object.__delattr__(self, name)


config = _core.config

global_config = _TapejitGlobalConfig()
global_config.__dict__.update(_core.global_entries())


def using_config(name: str, value: Any,
                 config: Any = None) -> contextlib.AbstractContextManager:
    """Set the configuration entry ``name`` to ``value`` inside a ``with``
    block, in this thread: in ``tapejit.config`` by default, or in the given
    :class:`LocalConfig` (Chainer's ``using_config(name, value, config)``).

    >>> import tapejit
    >>> with tapejit.using_config('train', False):
    ...     tapejit.config.train
    False
    >>> tapejit.config.train
    True
    """
    return _core.using_config(name, value, config)


__all__ = ['GlobalConfig', 'LocalConfig', 'config', 'global_config', 'using_config']
