"""Six D Three on paper: a placement a row, the finished seed's sheet, the rule sheet's chain
adding up to 28."""

from __future__ import annotations

import pytest

import printables
from referee.games import get_game
from tests.printables.support import PAPERS, page_sizes, seed_replay, text_of

pytestmark = pytest.mark.usefixtures("invariant")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_pad_fits_one_page(players, paper):
    pad = printables.scorepad("sixd-three", players=players, paper=paper)
    assert page_sizes(pad) == [PAPERS[paper]]


def test_a_pad_has_eighteen_rows_and_no_busts_or_final_round():
    # Two players place 18 dice each.
    assert get_game("sixd-three").TEXT.pad.rows == 18
    text = text_of(printables.scorepad("sixd-three", players=3))
    assert " 18 " in f" {text} " and " 19 " not in f" {text} "
    assert "bust" not in text and "final round" not in text


def test_a_finished_table_prints_its_turns_and_its_result():
    result = seed_replay("sixd-three-finished")
    text = text_of(printables.filled_sheet(result, title_date="2026-11-21", address="/t/x"))
    assert "Winner: Xavi with 71." in text
    for record in result.game.turn_records(result.state):
        assert str(record.total) in text


def test_the_six_d_three_rule_sheet_adds_up_the_chain_to_28():
    text = text_of(printables.rule_sheet("sixd-three"))
    assert "+ 12 through the green chain + 8 through the 4s" in text
    assert "Bo scores 28" in text
