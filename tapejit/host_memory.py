"""How freed host memory is kept for the next step (glibc's malloc thresholds).

Eager mode allocates a fresh NumPy array per operation and frees the whole
tape after ``backward``. With glibc's defaults, arrays above 128 KiB (or, once
one such array was freed, above its size) come from ``mmap``, and free memory
at the top of the heap beyond twice that threshold goes back to the kernel at
each ``free``. A training step then hands its megabytes back every time and
the next step faults them in again, page by page: 6,000 page faults and about
a third of the time of an eager MLP step with 1024-wide layers.

:func:`tune_malloc` lets arrays up to 32 MiB (glibc's largest mmap
threshold) come from the heap and keeps up to ``TRIM_THRESHOLD`` bytes of
freed heap in the process. It changes the whole process's allocator, so it is
an explicit opt-in: ``import tapejit`` never calls it; a training script
calls it once at its start. Elsewhere than on glibc it changes nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

# mallopt's parameter numbers (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3

#: glibc refuses larger values (HEAP_MAX_SIZE / 2 on 64-bit builds).
MMAP_THRESHOLD = 32 * 2 ** 20
#: Freed heap memory kept for reuse: an eager double-backprop step over
#: 16 MiB arrays frees about 200 MiB at once.
TRIM_THRESHOLD = 256 * 2 ** 20

_tuned: bool | None = None


def tune_malloc() -> bool:
    """Raise glibc's mmap and trim thresholds once; return whether they are raised.

    Returns ``False`` where the C library is not glibc.

    >>> import tapejit.host_memory as hm
    >>> hm.tune_malloc() in (True, False)
    True
    """
    global _tuned
    if _tuned is None:
        _tuned = False
        if sys.platform.startswith('linux'):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library('c') or 'libc.so.6')
            except OSError:
                return False
            # musl and others have no mallopt, or one without these knobs.
            if hasattr(libc, 'gnu_get_libc_version') and hasattr(libc, 'mallopt'):
                mallopt = libc.mallopt
                mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
                mallopt.restype = ctypes.c_int
                _tuned = bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
                              and mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    return _tuned
