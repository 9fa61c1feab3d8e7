"""Large arrays that eager operations return, from blocks tapejit keeps.

An eager training step allocates its activations and gradients anew on
every step, and frees the previous step's once the caller drops them.
NumPy's allocations of more than a few pages come from ``mmap`` and go back
to the operating system when freed, so every step faults its megabytes in
again, page by page: 10-30% of an eager convolutional step measured that
way (glibc's thresholds move with what was freed last, so the share varies
from step to step).

:func:`empty` serves the arrays that tapejit's own eager kernels write (the
convolutions, the elementwise operations it splits over threads, the
products) from blocks it keeps, as PyTorch's and CuPy's allocators do: a
block whose arrays and views are all gone is used again for the next array
of its size class.  Only arrays tapejit allocates take part; the process's
allocator is left as it is.  At most :func:`limit` bytes are kept (an eighth
of the memory this process may use): a new size drops the free blocks used
least recently to fit; :func:`release` drops every block no array uses.

>>> import numpy
>>> a = empty((256, 1024), numpy.float32)
>>> a.shape, a.dtype.name, a.ctypes.data % ALIGN
((256, 1024), 'float32', 0)
>>> address = a.ctypes.data
>>> del a
>>> empty((1024, 256), numpy.float32).ctypes.data == address   # its block, again
True
"""

from __future__ import annotations

import math
import os
import sys
import threading
from typing import Any

import numpy

# Arrays of fewer bytes are NumPy's own: malloc serves them from its free
# lists without page faults.
MIN_BYTES = 1 << 16
# Arrays start on a multiple of this many bytes (AVX-512's vector).
ALIGN = 64
# Size classes are whole multiples of this many bytes (a page).
GRAIN = 1 << 12
# The share of the machine's memory the kept blocks may hold.
MEMORY_SHARE = 8

_lock = threading.Lock()
_blocks: dict = {}      # size class -> [byte arrays handed out or free]
_held = [0]             # bytes in _blocks
_last: dict = {}        # id of a block -> _tick when last handed out
_tick = [0]
_limit: list = []       # [bytes], once read


def aligned(shape: tuple, dtype: Any, raw: numpy.ndarray) -> numpy.ndarray:
    """An array of ``shape`` and ``dtype`` in byte array ``raw`` (at least
    its size plus :data:`ALIGN`), starting on a multiple of ``ALIGN``: its
    ``base``, and every further view's, is ``raw``."""
    skip = -raw.ctypes.data % ALIGN
    return numpy.ndarray(shape, dtype, raw.data, skip)


def aligned_empty(shape: tuple, dtype: Any) -> numpy.ndarray:
    """An uninitialized C-contiguous array of its own bytes, aligned as
    :func:`aligned` says (a pool's buffer: it is never handed back here).

    >>> aligned_empty((3, 5), numpy.float32).ctypes.data % ALIGN
    0
    """
    dtype = numpy.dtype(dtype)
    nbytes = dtype.itemsize * math.prod(shape)
    return aligned(shape, dtype, numpy.empty(nbytes + ALIGN, numpy.uint8))


def empty(shape: tuple, dtype: Any) -> numpy.ndarray:
    """An uninitialized C-contiguous array of ``shape`` and ``dtype``, from a
    kept block where one of its size class is free (see the module's
    example).  The caller owns it as any NumPy array: the block is used again
    only once it and all its views are gone."""
    dtype = numpy.dtype(dtype)
    nbytes = dtype.itemsize * math.prod(shape)
    # (Object arrays hold references: an array over stale bytes would
    # release pointers it never held.)
    if nbytes < MIN_BYTES or dtype.hasobject:
        return numpy.empty(shape, dtype)
    size = -(-nbytes // GRAIN) * GRAIN
    with _lock:
        _tick[0] += 1
        blocks = _blocks.get(size)
        if blocks:
            for i in range(len(blocks)):
                # (Held by the list alone: no array refers to it. The
                # count includes getrefcount's argument.)
                if sys.getrefcount(blocks[i]) <= _FREE:
                    _last[id(blocks[i])] = _tick[0]
                    return aligned(shape, dtype, blocks[i])
        raw = numpy.empty(size + ALIGN, numpy.uint8)
        if _held[0] + raw.nbytes > limit():
            _evict(_held[0] + raw.nbytes - limit())
        if _held[0] + raw.nbytes <= limit():
            _blocks.setdefault(size, []).append(raw)
            _held[0] += raw.nbytes
            _last[id(raw)] = _tick[0]
    return aligned(shape, dtype, raw)


def _evict(need: int) -> None:
    """Drop free blocks, the least recently used first, until ``need``
    bytes are dropped or none is free (a size a step no longer uses gives
    way to the sizes it does).  Called under the lock."""
    free = sorted(((_last.get(id(blocks[i]), 0), size, i)
                   for size, blocks in _blocks.items() for i in range(len(blocks))
                   if sys.getrefcount(blocks[i]) <= _FREE))
    drop: dict = {}
    for _, size, i in free:
        if need <= 0:
            break
        need -= _blocks[size][i].nbytes
        drop.setdefault(size, set()).add(i)
    for size, idx in drop.items():
        blocks = _blocks[size]
        for i in idx:
            _held[0] -= blocks[i].nbytes
            _last.pop(id(blocks[i]), None)
        kept = [b for i, b in enumerate(blocks) if i not in idx]
        if kept:
            _blocks[size] = kept
        else:
            del _blocks[size]


def limit() -> int:
    """The most bytes the kept blocks hold: an eighth of the memory this
    process may use (the machine's, or its control group's limit where
    lower; 1 GiB where neither can be read).

    >>> limit() > 0
    True
    """
    if not _limit:
        try:
            total = os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES')
        except (ValueError, OSError, AttributeError):
            total = 8 << 30
        for path in ('/sys/fs/cgroup/memory.max',
                     '/sys/fs/cgroup/memory/memory.limit_in_bytes'):
            try:
                with open(path) as f:
                    text = f.read().strip()
            except OSError:
                continue
            if text.isdigit():
                total = min(total, int(text))
        _limit.append(total // MEMORY_SHARE)
    return _limit[0]


def release() -> int:
    """Drop the kept blocks that no array uses; return the bytes dropped.

    >>> release() >= 0
    True
    """
    with _lock:
        before = _held[0]
        _evict(before)
        return before - _held[0]


def held() -> int:
    """Bytes in kept blocks, used or free.

    >>> held() >= 0
    True
    """
    return _held[0]


def _free_count() -> int:
    # The reference count of a block the list alone holds, as
    # ``sys.getrefcount(blocks[i])`` reads it: measured, since temporary
    # references differ between Python versions.
    blocks = [numpy.empty(1, numpy.uint8)]
    return sys.getrefcount(blocks[0])


_FREE: int = _free_count()
__all__ = ['empty', 'aligned_empty', 'release', 'held', 'limit', 'MIN_BYTES', 'ALIGN']
