"""Pausing the recorder of the values a trace reads around tapejit's own code.

While a function is traced, a ``sys.settrace`` hook records the Python
values its code reads (:mod:`tapejit.jit.reads`), and every Python call in
the thread pays for the hook.  tapejit's own arithmetic (an update rule's)
reads no value of the user's: it runs with the hook paused.
"""

from __future__ import annotations

import sys
from typing import Any

_NONE = object()


def paused() -> Any:
    """Pause the recorder in this thread, if one runs; returns what
    :func:`resume` needs.

    >>> token = paused(); resume(token)
    """
    hook = sys.gettrace()
    prev = getattr(getattr(hook, '__self__', None), 'pause_to', _NONE)
    if prev is _NONE:
        return None
    sys.settrace(prev)
    return hook


def resume(token: Any) -> None:
    """Record again after :func:`paused`."""
    if token is not None:
        sys.settrace(token)
