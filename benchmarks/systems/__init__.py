"""The systems a workload runs on, one module each.

A system module defines ``LABEL``, ``unavailable() -> str | None`` (why it
cannot run here, or None), ``versions() -> dict``, ``build(name, data) ->
(fn, fetch)`` and ``sync(out)``.  ``fn()`` runs one whole timed call
(forward, backward, update); ``fetch(out)`` turns the result of the first
call into NumPy arrays for the correctness check.  ``build`` raises
``Unsupported`` for a workload the system cannot run, with the reason.
An optional ``ENV`` dict is set in the environment of its worker processes.
Modules import their framework lazily, so a missing peer is a note in the
table, never an error.
"""

from __future__ import annotations

import importlib
from types import ModuleType


class Unsupported(Exception):
    """The system cannot run this workload (the message says why)."""


# Column order of the table.
SYSTEMS = {
    'tapejit-jit': 'tapejit_jit',
    'tapejit-eager': 'tapejit_eager',
    'tapejit-cuda': 'tapejit_cuda',
    'numpy': 'numpy_hand',
    'roofline': 'roofline',
    'chainer': 'chainer_eager',
    'torch-eager': 'torch_eager',
    'torch-compile': 'torch_compile',
    'jax-jit': 'jax_jit',
}


def load(system: str) -> ModuleType:
    if system not in SYSTEMS:
        raise ValueError(f'unknown system {system!r}; known: {", ".join(SYSTEMS)}')
    return importlib.import_module(f'benchmarks.systems.{SYSTEMS[system]}')


def no_sync(out: object) -> None:
    return None
