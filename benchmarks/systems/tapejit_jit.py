"""tapejit ``@jit``: the same step functions as eager, traced once and replayed."""

from __future__ import annotations

from typing import Optional

from benchmarks.systems import chainerlike, no_sync, tapejit_eager

LABEL = 'tapejit jit'
sync = no_sync
versions = tapejit_eager.versions


def unavailable() -> Optional[str]:
    return None


def build(name: str, data: dict) -> tuple:
    import tapejit
    return chainerlike.build(tapejit_eager.api(), name, data, wrap=tapejit.jit)
