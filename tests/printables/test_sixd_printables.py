"""Six D One, Two and Five on paper: round-by-round pads, filled sheets and the seed's example."""

from __future__ import annotations

from pathlib import Path

import pytest

import printables
from referee.games import get_game
from referee.log import Replay, loads, replay
from tests.printables.support import PAPERS, page_sizes, text_of

SIXD = ["sixd-one", "sixd-two", "sixd-five"]
LOGS = Path(__file__).resolve().parents[2] / "seeds"


def logged(name: str) -> Replay:
    return replay(loads((LOGS / f"{name}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", SIXD)
@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_round_pad_fits_one_page(slug, players, paper):
    assert page_sizes(printables.scorepad(slug, players=players, paper=paper)) == [PAPERS[paper]]


@pytest.mark.parametrize(("slug", "rows"), [("sixd-one", 18), ("sixd-two", 18), ("sixd-five", 4)])
def test_a_round_pad_has_a_row_per_round_and_no_busts_or_final_round(slug, rows):
    assert get_game(slug).TEXT.pad.rows == rows
    text = text_of(printables.scorepad(slug, players=3))
    assert f" {rows} " in f" {text} " and f" {rows + 1} " not in f" {text} "
    assert "bust" not in text and "final round" not in text


def test_the_pads_print_the_tables_options():
    assert "Boards per player: 2" in text_of(
        printables.scorepad("sixd-one", options={"rounds_per_player": 2})
    )
    assert "Rounds: 5" in text_of(printables.scorepad("sixd-two", options={"rounds": 5}))
    assert "48 dice on the stack" in text_of(printables.scorepad("sixd-five", options={"dice": 48}))


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("sixd-one-finished", "Winner: Olek with 384."),
        ("sixd-two-finished", "Winner: Pia with 71."),
        ("sixd-five-finished", "Winners: Tam and Vic share the win with 41."),
    ],
)
def test_a_finished_table_prints_its_rounds_and_its_result(name, words):
    result = logged(name)
    text = text_of(printables.filled_sheet(result, title_date="2026-11-21", address="/t/x"))
    assert words in text
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
