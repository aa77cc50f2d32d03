"""Six D One, Two and Five on the site before their play pages: help, new table, history.

The play pages (``templates/<slug>/play.html``) come with the grid UI; until then a
table of these games can be stored and its history, CSV and log read.
"""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path

import pytest

from referee.log import loads

LOGS = Path(__file__).resolve().parents[2] / "seeds"
SIXD = ("sixd-one", "sixd-two", "sixd-five")


def logged(name: str):
    return loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("slug", "words"),
    [
        ("sixd-one", ["Six D One", "stands alone", "row 2, column 5", "47", "64", "120"]),
        ("sixd-two", ["Six D Two", "clear path", "table's call", "round ends by itself"]),
        ("sixd-five", ["Six D Five", "table's call", "falling stack", "0 to six times"]),
    ],
)
def test_the_help_page_states_the_rulings_and_the_example(client, slug, words):
    page = html.unescape(client.get(f"/games/{slug}").text)
    for word in words:
        assert word in page
    assert "share the win" in page


def test_the_games_are_listed_for_a_new_table_and_on_the_help_index(client):
    for url in ("/tables/new", "/games/"):
        page = html.unescape(client.get(url).text)
        for title in ("Six D One", "Six D Two", "Six D Five"):
            assert title in page


@pytest.mark.parametrize(
    ("slug", "option", "low", "high"),
    [
        ("sixd-one", "rounds_per_player", 1, 3),
        ("sixd-two", "rounds", 1, 18),
        ("sixd-five", "dice", 2, 72),
    ],
)
def test_the_new_table_form_offers_the_option_in_its_range(client, slug, option, low, high):
    page = client.get(f"/tables/new/{slug}").text
    assert f'name="opt_{option}"' in page
    assert f'min="{low}"' in page and f'max="{high}"' in page


@pytest.mark.parametrize("name", ["sixd-one-finished", "sixd-two-finished", "sixd-five-finished"])
def test_a_stored_table_has_its_story_csv_and_log(client, stored, name):
    log = logged(name)
    (token,) = stored(log)
    assert client.get(f"/t/{token}/history").status_code == 200
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{token}/turns.csv").text)))
    assert rows[0][:3] == ["turn", "player", "points"]
    assert {row[1] for row in rows[1:]} == set(log.players)
    assert client.get(f"/t/{token}/log.json").json["moves"] == list(log.moves)


def test_the_six_d_two_help_page_says_a_pool_may_hold_any_number_of_dice(client):
    page = html.unescape(client.get("/games/sixd-two").text)
    assert "a pool may hold any number of dice and any number of one colour" in page
    assert "thirteen reds, or a single die (up to 200 dice, the most one move may list)" in page


@pytest.mark.parametrize("name", ["sixd-two-finished", "sixd-three-finished"])
def test_the_story_draws_coloured_dice_instead_of_their_codes(client, stored, name):
    import re

    (token,) = stored(logged(name))
    page = client.get(f"/t/{token}/history").text
    moves = re.findall(r'<span class="what">(.*?)</span>\s*<span class="said">', page, re.S)
    assert moves
    shown = [re.sub(r"<[^>]+>", " ", move) for move in moves]
    assert not [text for text in shown if re.search(r"\b[1-6][rygbopk]\b", text)]
    assert 'class="die c-' in " ".join(moves)  # drawn in their colours, with their names
    assert re.search(r'aria-label="(red|yellow|green|blue|orange|purple|black) [1-6]"', page)
