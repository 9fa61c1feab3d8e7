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


@pytest.fixture
def fresh_store(tmp_path, monkeypatch):
    """An empty store of this test's own (``TAPEJIT_CACHE_DIR`` and the key
    file under ``tmp_path``), as a new process meets it: no kernel loaded
    in memory, no store warning given yet.  Returns its kernels folder
    (``tmp_path/cache/kernels``, not yet made)."""
    from tapejit.compiler import store
    from tapejit.targets import numba_cache
    from tapejit.targets.cpu import llvm_jit
    monkeypatch.setenv('TAPEJIT_CACHE_DIR', str(tmp_path / 'cache'))
    monkeypatch.setenv('TAPEJIT_KEY_FILE', str(tmp_path / 'key'))
    monkeypatch.delenv('TAPEJIT_CACHE', raising=False)
    monkeypatch.setattr(numba_cache, '_memory', {})
    monkeypatch.setattr(llvm_jit, '_entries', {})
    store.forget()
    yield tmp_path / 'cache' / 'kernels'
    store.forget()

