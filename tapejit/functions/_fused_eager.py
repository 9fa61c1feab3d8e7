"""Composite functions whose eager calls on large arrays run as compiled plans.

Called eagerly, a function made of several primitives (batch
normalization: a mean, a variance, the normalization and the affine; a max
pooling: a window maximum and, in its backward pass, the ties; a softmax; a
GELU's polynomial and tanh) runs each primitive as a NumPy call over the
whole array, and its backward pass as many again: on a convolutional
network's activations, tens of passes over memory where the compiled plan of
the same function makes a few.

A function decorated with :func:`fused_when_eager` runs as it is the first
time it meets a signature (the arrays' shapes and dtypes, which of them
need gradients, the other arguments), and through :func:`tapejit.jit` of
itself (installed by :mod:`tapejit.jit` with :func:`install_compiler`) from
the second call of that signature on: its forward pass in the
plan's fused kernels, and its backward pass in the compiled plan of its
gradient (the call is one node of the eager graph, see ``docs/jit.md``).
So a shape met once compiles nothing, and the results are the plan's,
which equal eager ones to float rounding (a fused sum adds in another
order).  Only NumPy arrays of at least :data:`MIN_ELEMENTS` elements (a
function of many primitives may set fewer) take the plan, outside any
trace (a traced call is part of its caller's plan).
A function whose compiled signatures are seldom met again (more than
:data:`MAX_SIGNATURES`, most of them called once or twice), whose plans are
traced twice that often, or that a trace cannot take, stays eager from then
on.
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Callable, Optional

import numpy

from tapejit.core.abstract import TraceError
from tapejit.core.config import config
from tapejit.core.variable import Variable

__all__ = ['fused_when_eager', 'install_compiler', 'compiled', 'MIN_ELEMENTS',
           'MAX_SIGNATURES']

# The largest array a call must have to take its plan: below this, the
# primitives' NumPy calls cost little more than the plan's call.
MIN_ELEMENTS = 1 << 16
# Signatures one function compiles before it checks that they are met again.
MAX_SIGNATURES = 8
_PLAIN = (type(None), bool, int, float, str, numpy.dtype)


def _describe(value: Any) -> Optional[tuple]:
    """``(key, elements)`` of one argument; None where no plan takes it."""
    if isinstance(value, Variable):
        data = value._data
        if data.__class__ is not numpy.ndarray:
            return None
        return ('V', data.shape, data.dtype, value.requires_grad), data.size
    if value.__class__ is numpy.ndarray:
        return ('A', value.shape, value.dtype), value.size
    if isinstance(value, _PLAIN) or (
            value.__class__ is tuple and all(isinstance(v, _PLAIN) for v in value)):
        return (value,), 0
    return None


def _large(args: tuple, least: int) -> bool:
    """Whether a positional argument is a NumPy array (or a Variable's) of
    ``least`` elements or more: the check every eager call makes first,
    kept to a few attribute reads (a softmax per tree node meets it)."""
    for a in args:
        d = a._data if isinstance(a, Variable) else a
        if d.__class__ is numpy.ndarray and d.size >= least:
            return True
    return False


def _signature(args: tuple, kwargs: dict) -> Optional[tuple]:
    """``(key, largest array's elements)`` of a call; None where no plan takes it."""
    key = []
    largest = 0
    for name, value in [(None, a) for a in args] + sorted(kwargs.items()):
        d = _describe(value)
        if d is None:
            return None
        key.append((name, d[0]))
        largest = max(largest, d[1])
    return tuple(key), largest


# tapejit.jit's ``jit``, installed by it (the functions are below it: they
# import nothing of it).
_compiler: list = [None]


def install_compiler(jit: Callable) -> None:
    """Make ``jit`` (:func:`tapejit.jit`) what compiles the decorated functions."""
    _compiler[0] = jit


def compiled(fn: Callable) -> Any:
    """``fn`` jitted as the functions here are (its cache sized for them), or
    None where no compiler is installed."""
    jit = _compiler[0]
    if jit is None:  # (none installed: tapejit.jit not imported)
        return None
    return jit(fn, max_cache_size=2 * MAX_SIGNATURES, retrace_warn_after=4 * MAX_SIGNATURES)


class _Fused:
    """The state of one decorated function: the signatures met, the jitted
    function (made at the first compile) and how often its plans served."""

    def __init__(self, fn: Callable, least: int = MIN_ELEMENTS) -> None:
        self.fn = fn
        self.least = least      # (the fewest elements of the largest array of a call it takes)
        self.seen: set = set()
        self.compiled: set = set()
        self.hits = 0
        self.jitted: Any = None
        self.off = False
        self.lock = threading.Lock()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.off or config.trace is not None or not _large(args, self.least):
            return self.fn(*args, **kwargs)
        sig = _signature(args, kwargs)
        if sig is None or sig[1] < self.least:
            return self.fn(*args, **kwargs)
        run = self._runner(sig[0])
        if run is self.fn:
            return run(*args, **kwargs)
        try:
            out = run(*args, **kwargs)
        except TraceError:
            # (A composite its trace cannot take on these arguments: the
            # primitives from now on; a failed trace changes nothing.)
            self.off = True
            return self.fn(*args, **kwargs)
        if run.cache_info().traces >= 2 * MAX_SIGNATURES:
            self.off = True  # (its plans are evicted and traced again: compiling costs more)
        return out

    def _runner(self, key: tuple) -> Callable:
        """The function a call of signature ``key`` runs: ``fn`` itself or its
        jitted form."""
        with self.lock:
            if key not in self.seen:
                self.seen.add(key)
                return self.fn
            if key in self.compiled:
                self.hits += 1
            else:
                if len(self.compiled) >= MAX_SIGNATURES and self.hits < 2 * len(self.compiled):
                    self.off = True  # (its shapes seldom repeat: compiling costs more)
                    return self.fn
                self.compiled.add(key)
            if self.jitted is None:
                self.jitted = compiled(self.fn)
                if self.jitted is None:
                    return self.fn
            return self.jitted


def fused_when_eager(fn: Optional[Callable] = None, *, least: int = MIN_ELEMENTS) -> Any:
    """``fn`` (a composite of primitives, with no Python state) run through
    its compiled plan where the module's docstring says: from arrays of
    ``least`` elements on (``fused_when_eager(least=n)`` decorates so).

    >>> import numpy as np, tapejit
    >>> @fused_when_eager
    ... def scaled_sum(x, k):
    ...     return tapejit.functions.sum(x * k + 1.0)
    >>> x = np.ones(MIN_ELEMENTS, np.float32)
    >>> [float(scaled_sum(x, 2.0).array) for _ in range(3)] == [3.0 * MIN_ELEMENTS] * 3
    True
    """
    if fn is None:
        return functools.partial(fused_when_eager, least=least)
    state = _Fused(fn, least)

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        return state(*args, **kwargs)
    call.fused = state  # type: ignore[attr-defined]
    return call
