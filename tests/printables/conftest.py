"""The PDF tests build documents with reportlab's invariant mode on (``tests.printables.kit``)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def invariant_pdfs(invariant):
    """Every test here builds its PDFs in invariant mode."""
