"""tapejit eager: Variables on NumPy arrays, the tape walked by backward()."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Optional

from benchmarks.systems import chainerlike, no_sync

LABEL = 'tapejit eager'
sync = no_sync


def unavailable() -> Optional[str]:
    return None


def versions() -> dict:
    # Numba's and llvmlite's versions from their metadata, not by importing
    # them: ``import tapejit`` loads neither, and the ``compile`` workload
    # times what a first call loads (LLVM's library on a cold one) after
    # this import.
    from importlib.metadata import version

    import numpy

    import tapejit
    return {'tapejit': tapejit.__version__, 'numpy': numpy.__version__,
            'numba': version('numba'), 'llvmlite': version('llvmlite')}


def api() -> SimpleNamespace:
    import tapejit
    import tapejit.functions as F
    import tapejit.links as L
    return SimpleNamespace(Variable=tapejit.Variable, F=F, grad=tapejit.grad,
                           gelu_tanh=lambda u: F.gelu(u, approximate='tanh'),
                           Chain=tapejit.Chain, L=L, optimizers=tapejit.optimizers,
                           Parameter=tapejit.Parameter)


def build(name: str, data: dict) -> tuple:
    return chainerlike.build(api(), name, data)
