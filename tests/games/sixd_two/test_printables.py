"""Six D Two on paper: a round-by-round pad and the finished seed's sheet."""

from __future__ import annotations

import pytest

import printables
from referee.games import get_game
from tests.printables.support import PAPERS, page_sizes, seed_replay, text_of

pytestmark = pytest.mark.usefixtures("invariant")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_round_pad_fits_one_page(players, paper):
    pad = printables.scorepad("sixd-two", players=players, paper=paper)
    assert page_sizes(pad) == [PAPERS[paper]]


def test_a_round_pad_has_a_row_per_round_and_no_busts_or_final_round():
    assert get_game("sixd-two").TEXT.pad.rows == 18
    text = text_of(printables.scorepad("sixd-two", players=3))
    assert " 18 " in f" {text} " and " 19 " not in f" {text} "
    assert "bust" not in text and "final round" not in text


def test_a_finished_table_prints_its_rounds_and_its_result():
    result = seed_replay("sixd-two-finished")
    text = text_of(printables.filled_sheet(result, title_date="2026-11-21", address="/t/x"))
    assert "Winner: Pia with 71." in text
    for record in result.game.turn_records(result.state):
        assert str(record.total) in text
