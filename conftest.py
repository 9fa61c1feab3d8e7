"""Test-wide settings."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _small_plans_run_as_one_call_at_once(monkeypatch):
    # Tests of small plans check the one-call function from the first call;
    # the default (step by step for the first calls) has its own tests.
    from tapejit.compiler import one_call
    monkeypatch.setattr(one_call, 'HOT_CALLS', 0)
