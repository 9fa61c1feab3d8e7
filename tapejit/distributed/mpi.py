"""mpi4py's ``MPI`` module, imported when first needed: the ``mpi`` extra
(mpi4py and an MPI library) may be absent, and ``import tapejit`` works without it."""

from __future__ import annotations

from typing import Any


def import_mpi() -> Any:
    """``mpi4py.MPI``, or an ImportError saying how to install it.

    >>> import_mpi().__name__
    'mpi4py.MPI'
    """
    try:
        from mpi4py import MPI
    except ImportError as e:  # pragma: no cover - the extra is not installed
        raise ImportError("tapejit.distributed needs mpi4py and an MPI library: "
                          "pip install 'tapejit[mpi]' (mpi4py and mpich)") from e
    return MPI
