"""Fixtures shared by the tests of every folder."""

from __future__ import annotations

import pytest


@pytest.fixture
def cache_dir(tmp_path_factory, monkeypatch):
    """Point tapejit's on-disk store (``TAPEJIT_CACHE_DIR``) at one directory
    of this session's temporary folder, for the test that asks; return it.

    The directory is the same for every test of the session: kernels and
    plans compiled by one test are loaded by the next, so each compiles once.
    A module asks for it with ``pytestmark = pytest.mark.usefixtures('cache_dir')``.
    Tests of the store itself (faults, attacks, a cold start) need an empty
    one: they point ``TAPEJIT_CACHE_DIR`` at their own ``tmp_path`` instead.
    """
    d = tmp_path_factory.getbasetemp() / 'kernel-cache'
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(d))
    return d
