"""Chainer's ``chainer.backends.intel64``: tapejit has no iDeep backend.

>>> from tapejit.backends import intel64
>>> intel64.is_ideep_available()
False
"""

from __future__ import annotations

from typing import Any


def is_ideep_available() -> bool:
    """Always False: tapejit runs on NumPy (CPU) and CuPy (GPU) only."""
    return False


def should_use_ideep(level: str) -> bool:
    """Always False (see :func:`is_ideep_available`)."""
    return False


def inputs_all_ready(inputs: Any, supported_ndim: tuple = (2, 4)) -> bool:
    """Always False (see :func:`is_ideep_available`)."""
    return False
