"""Solitaire Dice on paper: a sheet per player, two a page, listing every sum with its value
and the throwaway column; the finished seed's sheet with each row's score and the total."""

from __future__ import annotations

import pytest

import printables
from referee.core.engine import points
from referee.games.solitaire import rules as solitaire
from tests.printables.support import page_sizes, seed_replay, text_of

pytestmark = pytest.mark.usefixtures("invariant")

DATE, ADDRESS = "2025-03-14", "http://localhost:5000/tables/7"


def sheet(name: str, **kwargs) -> bytes:
    return printables.filled_sheet(seed_replay(name), title_date=DATE, address=ADDRESS, **kwargs)


@pytest.mark.parametrize(("players", "pages"), [(1, 1), (2, 1), (3, 2), (4, 2), (8, 4)])
def test_solitaire_prints_one_sheet_per_player_two_a_page(players, pages):
    data = printables.scorepad("solitaire", players=players)
    assert len(page_sizes(data)) == pages
    assert text_of(data).count("Sheet of") == players


def test_a_solitaire_sheet_lists_every_sum_with_its_value_and_the_throwaway_column():
    text = text_of(printables.scorepad("solitaire", players=1))
    for total, value in [(2, 100), (3, 70), (7, 30), (11, 70), (12, 100)]:
        assert f"{total} {value}" in text
    for words in ("Throwaway", "Row score", "Total", "Over 10", "groups of five"):
        assert words in text


def test_a_solitaire_sheet_shows_each_row_score_and_the_total():
    replay = seed_replay("solitaire-solo")
    text = text_of(sheet("solitaire-solo"))
    (sid,) = replay.state.sheets
    for total in solitaire.SUM_VALUES:
        assert points(solitaire.row_score(total, sid.marks_for(total))) in text
    assert "Total 580" in text
    assert "Closed by the 8th mark on 4." in text
