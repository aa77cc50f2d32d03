"""Six D One on paper: a round-by-round pad, the finished seed's sheet, the rule sheet's
example of the seed's board scoring 47, 64 and 120."""

from __future__ import annotations

import pytest

import printables
from referee.games import get_game
from tests.printables.support import PAPERS, page_sizes, seed_replay, text_of

pytestmark = pytest.mark.usefixtures("invariant")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_round_pad_fits_one_page(players, paper):
    pad = printables.scorepad("sixd-one", players=players, paper=paper)
    assert page_sizes(pad) == [PAPERS[paper]]


def test_a_round_pad_has_a_row_per_round_and_no_busts_or_final_round():
    assert get_game("sixd-one").TEXT.pad.rows == 18
    text = text_of(printables.scorepad("sixd-one", players=3))
    assert " 18 " in f" {text} " and " 19 " not in f" {text} "
    assert "bust" not in text and "final round" not in text


def test_a_finished_table_prints_its_rounds_and_its_result():
    result = seed_replay("sixd-one-finished")
    text = text_of(printables.filled_sheet(result, title_date="2026-11-21", address="/t/x"))
    assert "Winner: Olek with 384." in text
    for record in result.game.turn_records(result.state):
        assert str(record.total) in text


def test_the_rule_sheet_scores_the_seeds_board_47_64_and_120():
    text = text_of(printables.rule_sheet("sixd-one"))
    for words in ("27 + 16 + 4 = 47", "48 + 16 = 64", "120 for the round"):
        assert words in text


def test_the_six_d_one_example_draws_the_covered_board_before_its_47_64_120():
    steps = get_game("sixd-one").TEXT.example
    board = steps[0].board
    dice = [cell for row in board for cell in row if cell]
    assert len(dice) == 18 and {d[-1] for d in dice} == {"r", "y", "g"}
    assert [s.text.split("<b>")[1].split("</b>")[0] for s in steps[1:]] == ["47", "64", "120"]
    page = text_of(printables.rule_sheet("sixd-one"))
    assert "covered as drawn" in page


def test_a_round_scored_pad_heads_its_columns_round_and_total():
    text = text_of(printables.scorepad("sixd-one", players=3))
    assert " ".join(["round total"] * 3) in text and "turn total" not in text
