"""The PDF tests' fixture (a plugin of the root conftest): reportlab's invariant mode, for
every test in this folder (its conftest) and each game's ``test_printables.py``."""

from __future__ import annotations

import pytest


@pytest.fixture
def invariant(monkeypatch):
    """Fixed dates and document ids, so the same input gives the same bytes."""
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "invariant", 1)
