"""The recipe of docs/adding-a-game.md, tried: a tiny game that exists only in the tests.

Its rules, its text and its play template are all defined in ``tests/tiny_game.py``; it is
registered, listed, explained, played to the end through the web client, stored, replayed,
undone and printed, and no file outside the tests was written for it.  If shared code ever
needs to know a game by name again, this test is where it shows.
"""

from __future__ import annotations

import re

import pytest

import printables
from referee.core.contract import Parts
from referee.games import _REGISTRY, all_games, register
from referee.log import replay
from referee.web.storage.loading import log_of, table_by_token
from tests.printables.support import text_of
from tests.tiny_game import SLUG, _module


def test_a_game_defined_only_in_the_tests_is_listed_explained_played_stored_and_printed(
    app, client, new_table, tiny_game
):
    assert tiny_game in all_games()
    assert "Tiny Pig" in client.get("/").text
    help_page = client.get(f"/games/{SLUG}").text
    assert "a 1 loses the turn" in help_page and "Points that win." in help_page

    table = new_table(SLUG, players=("Ann", "Bo"), target=5)
    assert "Ann rolls, turn total 0" in table.page()
    assert table.roll(1).status_code == 302  # Ann busts
    assert table.roll(7).status_code == 422  # refused with the engine's words
    assert table.roll(4).status_code == 302
    assert "Bo rolls, turn total 4" in table.page()
    assert table.post(action="bank").status_code == 302
    assert table.roll(3).status_code == 302
    assert table.post("undo").status_code == 302  # takes the 3 back
    assert "Ann rolls, turn total 0" in table.page()
    assert table.roll(6).status_code == 302
    assert table.post(action="bank").status_code == 302
    page = table.page()
    assert re.search(r"Ann\s*<span class=\"badge\">wins</span>", page)

    with app.app_context():
        stored = replay(log_of(table_by_token(table.token)))
    assert stored.outcome.over and stored.outcome.winners == ["Ann"]
    assert stored.outcome.scores == {"Ann": 6, "Bo": 4}

    sheet = client.get(f"{table.url}/sheet.pdf")
    assert sheet.status_code == 200 and "Winner: Ann with 6." in text_of(sheet.data)
    rules = text_of(printables.rule_sheet(SLUG))
    assert "Tiny Pig: rules" in rules and "a 1 busts" not in rules  # the reminder is the pad's
    assert "Target 12" in text_of(printables.scorepad(SLUG, players=2))
    assert client.get(f"/print/{SLUG}/rules.pdf").status_code == 200
    history = client.get(f"{table.url}/history").text
    assert "Ann" in history and "bust" in history


def test_a_game_without_a_text_is_refused_at_registration():
    module = _module()
    with pytest.raises(TypeError, match="has no GameText"):
        register(Parts(rules=module, page=module, text=None))
    assert SLUG not in _REGISTRY
