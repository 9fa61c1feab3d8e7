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
    # The slowest single call after the warm-up (a pause to compile, or a
    # call stuck behind a thread on a busy core); for a system that
    # dispatches asynchronously (JAX), the batch's last call holds its wait.
    slowest = 0.0
    for _ in range(repeats):
        t = prev = time.perf_counter()
        for i in range(calls):
            out = fn()
            if i == calls - 1:
                sync(out)
            now = time.perf_counter()
            slowest, prev = max(slowest, now - prev), now
        times.append((prev - t) / calls)
    return {'median_ms': statistics.median(times) * 1e3,
            'min_ms': min(times) * 1e3,
            'slowest_call_ms': slowest * 1e3,
            'times_ms': [round(t * 1e3, 6) for t in times],
            'calls_per_repeat': calls}
