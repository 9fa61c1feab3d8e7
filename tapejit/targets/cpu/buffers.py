"""Memory planning at run time: a compiled plan's buffers, reused.

Every array a fused kernel writes comes from a :class:`BufferPool`.  When the
plan is done with an intermediate (after its last reader) or a caller is done
with an output (it dropped every reference), the buffer goes back to the pool
for the next kernel of the same shape and dtype: fewer bytes live at once,
and no fresh pages to fault in on every call (large NumPy allocations are
``mmap``-ed and returned to the OS when freed).

Whether anyone else holds a buffer is read from its reference count (a view
keeps its base alive).  A buffer still held when checked is forgotten, left
to the garbage collector, so the pool never pins memory someone else uses.
"""

from __future__ import annotations

import math
import sys
import threading
from typing import Any

import numpy

from tapejit.backends.host_arrays import ALIGN, aligned_empty

__all__ = ['BufferPool', 'aligned_empty', 'scratch', 'ALIGN', 'POOL_MIN_BYTES', 'LENT_CALLS']
# Outputs handed to the caller are checked again on this many later calls
# (a gradient written to ``x.grad`` is replaced only at the end of the next
# call, so it is free on the one after).
LENT_CALLS = 2
# Buffers smaller than this are plain allocations: malloc serves them from
# its own free lists without page faults, faster than the pool's bookkeeping.
POOL_MIN_BYTES = 1 << 16



def scratch(name: str, size: int, dtype: numpy.dtype) -> numpy.ndarray:
    """This thread's scratch array ``name`` of ``size`` elements, aligned to
    the widest vector: reused from call to call (a fresh one above malloc's
    mmap threshold would fault its pages in again on every step).

    >>> scratch('demo', 4, numpy.dtype(numpy.float32)).shape
    (4,)
    """
    have = getattr(_scratch, 'arrays', None)
    if have is None:
        have = _scratch.arrays = {}
    buf = have.get((name, dtype))
    if buf is None or buf.size < size:
        buf = have[(name, dtype)] = aligned_empty((size,), dtype)
    return buf[:size]


_scratch = threading.local()

# (Buffers start on a multiple of host_arrays.ALIGN bytes, the widest
# vector a kernel loads: NumPy's large arrays start 16 bytes past a page, so
# that every full-width vector load of theirs spans two cache lines; the
# convolution kernels' filter gradients measured 10-25% faster aligned.)


def _refs(holder: list, i: int) -> int:
    return sys.getrefcount(holder[i])


def _baseline() -> int:
    # References to a buffer held only by the pool's registry and one list
    # slot, as counted through ``_refs``: measured, since the count of
    # temporary references differs between Python versions.
    a = numpy.empty(1)
    registry = {id(a): a}
    holder = [a]
    del a
    n = _refs(holder, 0)
    registry.clear()
    return n


def _viewed(a: numpy.ndarray) -> bool:
    """Whether a view of ``a`` exists: a view of a view refers to the
    memory's owner, not to the array it was taken from, so a buffer made
    by :func:`aligned_empty` is viewed when its bytes are referred to by
    more than the buffer itself."""
    raw = a.base
    # (References: ``a``'s base, this frame's ``raw``, getrefcount's argument.)
    return raw is not None and sys.getrefcount(raw) > 3


class BufferPool:
    """Free buffers by (shape, dtype), and the registry of buffers it made."""

    def __init__(self) -> None:
        self._free: dict = {}
        self._owned: dict = {}   # id -> array: every buffer this pool handed out
        self._lent: list = []    # [array, calls left]: outputs the caller may hold
        self._lock = threading.Lock()
        self._base = _baseline()

    def take(self, shape: tuple, dtype: Any) -> numpy.ndarray:
        """A buffer of this shape and dtype (contents undefined)."""
        dtype = numpy.dtype(dtype)
        if dtype.itemsize * math.prod(shape) < POOL_MIN_BYTES:
            return numpy.empty(shape, dtype)
        key = (shape, dtype.str)
        with self._lock:
            lst = self._free.get(key)
            if lst:
                return lst.pop()
        a = aligned_empty(shape, dtype)
        with self._lock:
            self._owned[id(a)] = a
        return a

    def release(self, holder: list, i: int) -> None:
        """``holder[i]`` is no longer needed by the plan: pool it if no one
        else holds it, else forget it.  Clears ``holder[i]``."""
        a = holder[i]
        if a is None or self._owned.get(id(a)) is not a:
            holder[i] = None
            return
        with self._lock:
            # minus the local ``a``
            if _refs(holder, i) - 1 == self._base and not _viewed(a):
                self._free.setdefault((a.shape, a.dtype.str), []).append(a)
            else:
                del self._owned[id(a)]
        holder[i] = None

    def lend(self, arrays: list) -> None:
        """These outputs go to the caller; take them back once dropped."""
        with self._lock:
            lent = {id(e[0]): e for e in self._lent} if self._lent else {}
            for a in arrays:
                if a is not None and self._owned.get(id(a)) is a:
                    # A buffer the caller kept and handed back (a parameter
                    # updated in place, say) is lent once, with a fresh count.
                    if id(a) in lent:
                        lent[id(a)][1] = LENT_CALLS
                    else:
                        entry = [a, LENT_CALLS]
                        self._lent.append(entry)
                        lent[id(a)] = entry

    def reclaim(self) -> None:
        """Called at the start of a run: pool the lent outputs no one holds."""
        with self._lock:
            if not self._lent:
                return
            keep = []
            for entry in self._lent:
                a = entry[0]
                # minus the local ``a``: then entry, registry, argument
                if sys.getrefcount(a) - 1 == self._base and not _viewed(a):
                    self._free.setdefault((a.shape, a.dtype.str), []).append(a)
                elif entry[1] > 1:
                    entry[1] -= 1
                    keep.append(entry)
                else:
                    del self._owned[id(a)]
            self._lent = keep

    def nbytes(self) -> int:
        """Bytes held in free buffers."""
        with self._lock:
            return sum(a.nbytes for lst in self._free.values() for a in lst)
