"""Chainer's ``@static_graph`` decorator (see :mod:`tapejit.graph_optimizations`)."""

from __future__ import annotations

import functools
from typing import Any, Callable


class ScheduleManager:
    """What ``chain.schedule_manager`` is after a static chain's first call:
    Chainer's asks code doing several forward passes before a backward to
    call :meth:`end_forward`; with nothing recorded, there is nothing to end.

    >>> ScheduleManager().end_forward()
    """

    def end_forward(self) -> None:
        """Marks the end of a forward pass: nothing to do."""


def static_graph(*args: Any, **kwargs: Any) -> Callable:
    """Marks a chain's ``__call__`` (or ``forward``) as a static subgraph, as
    ``@static_graph`` or ``@static_graph(verbosity_level=1, ...)``.

    Chainer's options (``force_test_define_by_run``, ``minimize_cache_size``,
    ``verbosity_level``, ``enable_double_backprop``) are accepted; the method
    runs define-by-run, as Chainer's does with
    ``using_config('use_static_graph', False)``, and the chain gets the
    ``schedule_manager`` attribute Chainer's gets.

    >>> import numpy as np
    >>> import tapejit
    >>> class Double(tapejit.Chain):
    ...     @static_graph(verbosity_level=1)
    ...     def __call__(self, x):
    ...         return 2 * x
    >>> chain = Double()
    >>> float(chain(tapejit.Variable(np.array(1.5, np.float32))).array)
    3.0
    >>> chain.schedule_manager.end_forward()
    """
    unknown = set(kwargs) - {'force_test_define_by_run', 'minimize_cache_size',
                             'verbosity_level', 'enable_double_backprop'}
    if unknown:
        raise TypeError(f'static_graph() got unexpected keyword arguments {sorted(unknown)}')

    def wrap(func: Callable) -> Callable:
        @functools.wraps(func)
        def wrapped(chain: Any, *inner_args: Any, **inner_kwargs: Any) -> Any:
            if not hasattr(chain, 'schedule_manager'):
                chain.schedule_manager = ScheduleManager()
            return func(chain, *inner_args, **inner_kwargs)
        return wrapped

    if len(args) == 1 and not kwargs and callable(args[0]):
        return wrap(args[0])
    return wrap
