"""The score chart on a phone: drawn, inside the screen, one labelled line per player."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.autoplay import play_random_game
from referee.games import get_game
from referee.log import GameLog, loads
from tests.browser.kit import PHONE

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


def page_height(phone) -> int:
    return phone.evaluate("document.documentElement.scrollHeight")


def test_a_long_story_is_folded_the_chart_first(live_server, phone, player, stored):
    """The 10K seed game (138 moves, 32 turns) was 12,747 px tall at 390 px wide with every
    move listed; a random 457-move game 39,846 px.  Folded ten turns at a time, the last
    fold open, they are about 2,000 and 5,800 px."""
    moves = play_random_game(get_game("tenk"), ["Ann", "Bo", "Cy"], None, random.Random(1))
    seeded, long = stored(
        loads((SEEDS / "tenk-finished.json").read_text()),
        GameLog("tenk", ("Ann", "Bo", "Cy"), {}, tuple(moves)),
    )
    phone.goto(f"{live_server}/t/{seeded}/history")
    assert phone.locator("svg.chart").bounding_box()["y"] < PHONE["height"]
    assert phone.locator("details.fold").count() == 3  # the last three folds hold moves,
    assert phone.locator("p.fold-link").count() == 1  # the older one is a link away
    assert phone.locator("details.fold[open]").count() == 1
    assert page_height(phone) < 3_000
    older = phone.locator("p.fold-link").first
    assert "Ann 2,900 · Bo 0 · Cy 5,950" in older.inner_text()
    with phone.expect_navigation():
        older.locator("a").tap()  # its page holds that fold's moves, open
    assert phone.locator("details.fold[open]").first.locator("li").first.is_visible()
    closed = phone.locator("details.fold:not([open])").first.element_handle()
    closed.query_selector("summary").tap()  # a folded turn opens with a tap, no script needed
    assert closed.get_attribute("open") is not None
    player.shot("history-story-seed")

    phone.goto(f"{live_server}/t/{long}/history")
    assert page_height(phone) < 7_000
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_history_list_shows_scores_and_winners(live_server, phone, player, stored):
    """Then the finished table: its earlier turns a tap away, and Play again starts the next
    game once, the next player first."""
    done, _ = stored(
        loads((SEEDS / "tenk-finished.json").read_text()),
        loads((SEEDS / "tenk-in-progress.json").read_text()),
    )
    from tests.conftest import HOUSE_PIN

    phone.goto(f"{live_server}/history")
    phone.locator("input[name='pin']").fill(HOUSE_PIN)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Enter", exact=True).tap()
    rows = phone.locator("ul.history > li")
    assert rows.count() == 2
    finished = rows.nth(1)
    assert "Won by Cy" in finished.inner_text()
    assert finished.locator(".final-scores .won").inner_text() == "Cy 12,200"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    player.shot("history-list")

    phone.goto(f"{live_server}/t/{done}")
    earlier = phone.locator("section.turns details.earlier")
    assert earlier.locator("li").first.is_hidden()
    earlier.locator("summary").tap()
    assert earlier.locator("li").first.is_visible()
    assert phone.get_by_text("Same options, seated Bo, Cy, Ann.").is_visible()
    player.press("Play again")
    rematch = phone.url
    assert rematch != f"{live_server}/t/{done}" and "Bo to roll" in player.ruling()
    player.shot("history-play-again")
    phone.goto(f"{live_server}/t/{done}")
    player.press("Open the next game")  # a second press opens the same table
    assert phone.url == rematch
