"""Test-wide settings."""

from __future__ import annotations

import importlib.util

# tapejit.distributed needs the ``mpi`` extra (mpi4py and an MPI library):
# its doctests run only where it is installed (.ci/run's MPI step).
collect_ignore_glob = ([] if importlib.util.find_spec('mpi4py') is not None
                       else ['tapejit/distributed/*'])
