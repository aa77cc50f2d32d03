"""Six D Four on paper: a capture a row, the finished seed's sheet, the rule sheet's double
capture on the whole board."""

from __future__ import annotations

import pytest

import printables
from referee.core.gametext import SQUARE
from referee.games import get_game
from tests.printables.support import PAPERS, page_sizes, seed_replay, text_of

pytestmark = pytest.mark.usefixtures("invariant")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_pad_fits_one_page(players, paper):
    pad = printables.scorepad("sixd-four", players=players, paper=paper)
    assert page_sizes(pad) == [PAPERS[paper]]


def test_a_pad_has_eighteen_rows_and_no_busts_or_final_round():
    # A row per capture of black pieces.
    assert get_game("sixd-four").TEXT.pad.rows == 18
    text = text_of(printables.scorepad("sixd-four", players=3))
    assert " 18 " in f" {text} " and " 19 " not in f" {text} "
    assert "bust" not in text and "final round" not in text


def test_a_finished_table_prints_its_turns_and_its_result():
    result = seed_replay("sixd-four-finished")
    text = text_of(printables.filled_sheet(result, title_date="2026-11-21", address="/t/x"))
    assert "Winner: Cleo with 6." in text
    for record in result.game.turn_records(result.state):
        assert str(record.total) in text


def test_the_six_d_four_rule_sheet_shows_the_double_capture_on_the_whole_board():
    steps = get_game("sixd-four").TEXT.example
    assert all(len(s.board) == 6 and all(len(row) == 6 for row in s.board) for s in steps)
    # 15 placements, 3 pieces captured (Ann's own red, then the double capture): 12 stand.
    assert sum(cell == SQUARE for row in steps[1].board for cell in row) == 36 - (15 - 3)
    text = text_of(printables.rule_sheet("sixd-four"))
    assert "captures Bo's yellow piece at row 3, column 4 (back to Bo)" in text
