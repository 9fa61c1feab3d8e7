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


class _KernelEverywhere(dict):
    """Verdicts of :func:`tapejit.targets.cpu.product._kernel_pays` that
    give every layout to the kernel."""

    def get(self, layout, default=None):
        return True


@pytest.fixture(autouse=True)
def _the_product_kernel_takes_every_layout(monkeypatch):
    """Products of every layout go to tapejit's kernel, as its size rule
    says, whichever of the kernel and BLAS this machine times faster: which
    products a test's plan runs on the kernel must not depend on the
    machine it runs on (tests of the timing itself give the module a dict
    of its own)."""
    from tapejit.targets.cpu import product
    monkeypatch.setattr(product, '_verdicts', _KernelEverywhere())
