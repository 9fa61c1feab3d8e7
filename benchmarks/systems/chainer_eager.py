"""Chainer 7.8 eager (needs ``numpy<2``: usually run with ``--chainer-python``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Optional

from benchmarks.systems import chainerlike, no_sync

LABEL = 'Chainer eager'
sync = no_sync


def unavailable() -> Optional[str]:
    try:
        import chainer  # noqa: F401
    except Exception as e:  # ImportError, or numpy 2 breaking its import
        return f'chainer not importable here ({type(e).__name__}: {e}); see --chainer-python'
    return None


def versions() -> dict:
    import chainer
    import numpy
    return {'chainer': chainer.__version__, 'numpy (chainer)': numpy.__version__}


def build(name: str, data: dict) -> tuple:
    import chainer
    import chainer.functions as F
    import chainer.links as L
    api = SimpleNamespace(Variable=chainer.Variable, F=F, grad=chainer.grad,
                          gelu_tanh=lambda u: chainerlike.gelu_tanh_by_hand(F, u),
                          Chain=chainer.Chain, L=L, optimizers=chainer.optimizers,
                          Parameter=chainer.Parameter)
    return chainerlike.build(api, name, data)
