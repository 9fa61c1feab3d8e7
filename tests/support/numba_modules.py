"""Small Numba kernel modules loaded through the store's Numba machinery
(:func:`tapejit.targets.numba_cache.load_source`), as the CUDA target loads
its kernels: a module file ``numba/k_<key>.py`` in the kernel cache, Numba's
machine code beside it (``numba/__pycache__/*.nbi`` and ``*.nbc``) and the
digests of those files (``numba-files/*.bin``).  (CPU kernels no longer go
through Numba: the tests of this machinery call it directly.)

A subprocess uses these as well: ``sys.path.append(REPO)`` and import this
module (:data:`REPO` is the folder holding the ``tests`` package).
"""

from __future__ import annotations

import glob
import hashlib
import os
from typing import Any

from tapejit.targets import numba_cache

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The kernels a "process" of these tests loads: name -> the constant it adds.
KERNELS = {'ka': 41.0, 'kb': 3.5}


def key_of(name: str) -> str:
    """The 24-hex-digit key the demo kernel ``name`` is filed under."""
    return hashlib.sha256(f'tapejit-test-numba-demo\n{name}'.encode()).hexdigest()[:24]


def module_text(c: float) -> Any:
    """``text(cache)``: the module of a kernel returning ``x + c``, a Numba
    dispatcher with ``cache=cache`` (as :func:`numba_cache.load_source` wants it)."""
    return lambda cache: ('from numba import njit\n\n\n'
                          f'@njit(cache={cache}, nogil=True)\n'
                          f'def kernel(x):\n    return x + {float(c)!r}\n')


def load(name: str = 'ka', c: float = None) -> Any:
    """The dispatcher of the demo kernel ``name`` (adding ``c``, by default
    its :data:`KERNELS` constant), loaded by :func:`numba_cache.load_source`."""
    c = KERNELS.get(name, 1.0) if c is None else c
    key = key_of(name)
    return numba_cache.load_source(key, 'demo', f'# demo kernel {name}', f'tapejit_demo_{key}',
                                   os.path.join('numba', f'k_{key}.py'), module_text(c))


def cache_hits(kernel: Any) -> int:
    """How many times ``kernel`` loaded its machine code from Numba's cache."""
    return sum(kernel.stats.cache_hits.values())


def run_all() -> tuple:
    """Load and call every kernel of :data:`KERNELS` (as a new process
    would): (every result right, every kernel's machine code from the cache)."""
    right, cached = [], []
    for name, c in KERNELS.items():
        k = load(name)
        right.append(k(1.0) == 1.0 + c)
        cached.append(cache_hits(k) > 0)
    return all(right), all(cached)


def modules(kernels: Any) -> list:
    """The kernel module files in the store's folder ``kernels``."""
    return sorted(glob.glob(os.path.join(str(kernels), 'numba', 'k_*.py')))


def numba_files(kernels: Any, ext: str) -> list:
    """Numba's cache files (``ext``: 'nbi' or 'nbc') of those modules."""
    return sorted(glob.glob(os.path.join(str(kernels), 'numba', '__pycache__', f'*.{ext}')))


# A new process on the cache of $TAPEJIT_CACHE_DIR: prints
# ``RESULT <all right> <all from the cache>``.
WORKER = (f'import sys, warnings\nsys.path.append({REPO!r})\n'
          'warnings.simplefilter("always")\n'
          'from tests.support.numba_modules import run_all\n'
          'print("RESULT", *run_all())\n')
