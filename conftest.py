"""Test-wide settings."""

from __future__ import annotations
