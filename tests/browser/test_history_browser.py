"""The score chart on a phone: drawn, inside the screen, one labelled line per player."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.log import loads

pytestmark = pytest.mark.browser
SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def test_score_chart_fits_a_phone(live_server, phone, player, stored):
    (table_id,) = stored(loads((SEEDS / "tenk-finished.json").read_text()))
    phone.goto(f"{live_server}/t/{table_id}/history")
    chart = phone.locator("svg.chart")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] > 150
    assert chart.locator("polyline").count() == 3
    assert phone.locator(".legend-lines").inner_text().split() == ["Ann", "Bo", "Cy"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    player.shot("history-chart")
