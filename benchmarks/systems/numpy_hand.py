"""NumPy with the forward and backward passes written by hand: the no-framework floor."""

from __future__ import annotations

from typing import Optional

from benchmarks import workloads as W
from benchmarks.systems import Unsupported, chainerlike, no_sync

LABEL = 'NumPy by hand'
sync = no_sync


def unavailable() -> Optional[str]:
    return None


def versions() -> dict:
    import numpy
    return {'numpy': numpy.__version__}


def build(name: str, data: dict) -> tuple:
    if name == 'poly':
        x = data['x']
        return (lambda: W.poly(x)), list
    if name == 'layernorm_gelu':
        args = [data[k] for k in ('x', 'w', 'g', 'b')]
        return (lambda: W.layernorm_gelu(*args)), list
    if name in ('mlp_big', 'mlp_tiny'):
        state = {k: v.copy() for k, v in data.items()}
        return ((lambda: W.mlp_step(state)),
                (lambda out: [out] + [state[k] for k in chainerlike.PARAMS]))
    if name in W.ADAM_STEPS:
        state = {k: v.copy() for k, v in data.items()}
        return ((lambda: W.adam_step(state)),
                (lambda out: [out] + [state[k] for k in chainerlike.PARAMS]))
    if name == 'hvp':
        x, v = data['x'], data['v']
        return (lambda: W.hvp(x, v)), (lambda out: [out])
    if name in W.NO_NUMPY_REFERENCE:
        raise Unsupported(f'no hand-written NumPy {name} (its backward by hand is not kept '
                          'here; the frameworks are checked against each other)')
    raise Unsupported(f'no {name} workload')
