"""Lucky Sevens on paper: the rule sheet's example of two sevens scoring 3 points."""

from __future__ import annotations

import pytest

import printables
from tests.printables.support import text_of

pytestmark = pytest.mark.usefixtures("invariant")


def test_the_lucky_sevens_example_with_two_sevens_scores_3_points():
    assert "two sevens, 3 points" in text_of(printables.rule_sheet("lucky7"))
