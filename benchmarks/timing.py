"""Timing: warm-up, then repeated batches of calls; the median per-call time."""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

# A timed batch runs at least this long, so sub-millisecond calls (mlp_tiny)
# are not lost in the timer's resolution and the loop's own cost.
MIN_BATCH_S = 0.02


def measure(fn: Callable[[], Any], sync: Callable[[Any], None], *, warmup: int = 2,
            repeats: int = 10) -> dict:
    """Median seconds per call of ``fn`` (each call's result passed to ``sync``)."""
    # The first calls compile (jit systems); the fastest warm-up call sizes the batches.
    per_call = float('inf')
    for _ in range(max(warmup, 2)):
        t0 = time.perf_counter()
        sync(fn())
        per_call = min(per_call, time.perf_counter() - t0)
    calls = max(1, int(MIN_BATCH_S / max(per_call, 1e-9)))
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(calls):
            out = fn()
        sync(out)
        times.append((time.perf_counter() - t) / calls)
    return {'median_ms': statistics.median(times) * 1e3,
            'min_ms': min(times) * 1e3,
            'times_ms': [round(t * 1e3, 6) for t in times],
            'calls_per_repeat': calls}
