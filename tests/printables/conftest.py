"""The PDF tests build documents with reportlab's invariant mode on."""

from __future__ import annotations

import pytest
from reportlab import rl_config


@pytest.fixture(autouse=True)
def invariant(monkeypatch):
    """Fixed dates and document ids, so the same input gives the same bytes."""
    monkeypatch.setattr(rl_config, "invariant", 1)
