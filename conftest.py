"""Test-wide settings."""

from __future__ import annotations

import importlib.util

import pytest

# tapejit.distributed needs the ``mpi`` extra (mpi4py and an MPI library):
# its doctests run only where it is installed (.ci/run's MPI step).
collect_ignore_glob = ([] if importlib.util.find_spec('mpi4py') is not None
                       else ['tapejit/distributed/*'])
# The image datasets read images with Pillow (the ``image`` extra).
if importlib.util.find_spec('PIL') is None:
    collect_ignore_glob.append('tapejit/datasets/image_dataset.py')


@pytest.fixture(autouse=True)
def _draws_from_numpys_generator():
    """Each test starts drawing from NumPy's global generator, whatever
    generator an earlier test or doctest's ``F.set_dropout_seed`` left in place."""
    from tapejit.ops import random
    random.seed(None)
    yield
    random.seed(None)
