"""Six D Three and Four on paper: a placement (or a capture) a row, filled sheets of the
finished example logs, the worked examples, and empty squares drawn on a board figure."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.graphics.shapes import Rect

import printables
from printables.dice import board_drawing
from referee.core.gametext import SQUARE
from referee.games import get_game
from referee.log import Replay, loads, replay
from tests.printables.support import PAPERS, page_sizes, text_of

SLUGS = ["sixd-three", "sixd-four"]
LOGS = Path(__file__).resolve().parents[2] / "seeds"


def logged(name: str) -> Replay:
    return replay(loads((LOGS / f"{name}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_pad_fits_one_page(slug, players, paper):
    assert page_sizes(printables.scorepad(slug, players=players, paper=paper)) == [PAPERS[paper]]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_pad_has_eighteen_rows_and_no_busts_or_final_round(slug):
    # Three: two players place 18 dice each; Four: a row per capture of black pieces.
    assert get_game(slug).TEXT.pad.rows == 18
    text = text_of(printables.scorepad(slug, players=3))
    assert " 18 " in f" {text} " and " 19 " not in f" {text} "
    assert "bust" not in text and "final round" not in text


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("sixd-three-finished", "Winner: Xavi with 71."),
        ("sixd-four-finished", "Winner: Cleo with 6."),
    ],
)
def test_a_finished_table_prints_its_turns_and_its_result(name, words):
    result = logged(name)
    text = text_of(printables.filled_sheet(result, title_date="2026-11-21", address="/t/x"))
    assert words in text
    for record in result.game.turn_records(result.state):
        assert str(record.total) in text


def test_the_six_d_three_rule_sheet_adds_up_the_chain_to_28():
    text = text_of(printables.rule_sheet("sixd-three"))
    assert "+ 12 through the green chain + 8 through the 4s" in text
    assert "Bo scores 28" in text


def test_the_six_d_four_rule_sheet_shows_the_double_capture_on_the_whole_board():
    steps = get_game("sixd-four").TEXT.example
    assert all(len(s.board) == 6 and all(len(row) == 6 for row in s.board) for s in steps)
    # 15 placements, 3 pieces captured (Ann's own red, then the double capture): 12 stand.
    assert sum(cell == SQUARE for row in steps[1].board for cell in row) == 36 - (15 - 3)
    text = text_of(printables.rule_sheet("sixd-four"))
    assert "captures Bo's yellow piece at row 3, column 4 (back to Bo)" in text


def test_an_empty_square_of_a_board_figure_is_an_outline_without_fill():
    drawing = board_drawing([[SQUARE, "1r"], [None, SQUARE]], width=200, size=20)
    rects = [s for s in drawing.contents if isinstance(s, Rect)]
    outlines = [r for r in rects if r.fillColor is None]
    assert len(rects) == 3 and len(outlines) == 2
