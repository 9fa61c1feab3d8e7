"""The memory-bandwidth roofline: a NumPy copy moving as many bytes as the
workload must at least read and write (its inputs once, its outputs once)."""

from __future__ import annotations

from typing import Optional

import numpy as np

from benchmarks import workloads as W
from benchmarks.systems import Unsupported, no_sync

LABEL = 'roofline copy'
sync = no_sync


def unavailable() -> Optional[str]:
    return None


def versions() -> dict:
    return {'numpy': np.__version__}


def build(name: str, data: dict) -> tuple:
    count = W.WORKLOADS[name].min_bytes
    if count is None:
        raise Unsupported('compute-bound (BLAS); no memory roofline')
    # A copy reads n bytes and writes n bytes.
    n = count(data) // 2 // 4
    src = np.ones(n, np.float32)
    dst = np.empty_like(src)
    return (lambda: np.copyto(dst, src)), (lambda out: None)
