"""Six D Three and Four on the site around their play pages: help, new table, history.

The play pages themselves: ``tests/web/test_sixd_three_four_play.py``.
"""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path

import pytest

from referee.log import loads

LOGS = Path(__file__).resolve().parents[2] / "seeds"


def logged(name: str):
    return loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("slug", "words"),
    [
        ("sixd-three", ["Six D Three", "through the green chain", "= 28", "counted once"]),
        ("sixd-four", ["Six D Four", "(Ann keeps it)", "(back to Bo)", "Passing"]),
    ],
)
def test_the_help_page_states_the_rulings_and_the_example(client, slug, words):
    page = html.unescape(client.get(f"/games/{slug}").text)
    for word in words:
        assert word in page
    assert "share the win" in page


def test_the_six_d_four_example_draws_the_empty_squares_of_the_board(client):
    page = client.get("/games/sixd-four").text
    # Two boards: 13 pieces before the double capture, 12 after it.
    assert page.count('class="square"') == (36 - 13) + (36 - 12)


def test_the_games_are_listed_for_a_new_table_and_on_the_help_index(client):
    for url in ("/tables/new", "/games/"):
        page = html.unescape(client.get(url).text)
        assert "Six D Three" in page and "Six D Four" in page


@pytest.mark.parametrize("name", ["sixd-three-finished", "sixd-four-finished"])
def test_a_stored_table_has_its_story_csv_and_log(client, stored, name):
    log = logged(name)
    (token,) = stored(log)
    assert client.get(f"/t/{token}/history").status_code == 200
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{token}/turns.csv").text)))
    assert rows[0][:3] == ["turn", "player", "points"]
    assert {row[1] for row in rows[1:]} <= set(log.players)
    assert client.get(f"/t/{token}/log.json").json["moves"] == list(log.moves)
