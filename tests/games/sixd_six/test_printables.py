"""Six D Six on paper: a turn a row, the finished seed with each player's area drawn under the
scores, and the rule sheet's line of six for 15."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Paragraph, Table

import printables
from printables.sheets import boards_story
from referee.games import get_game
from referee.games.sixd_six.text import moves
from referee.log import GameLog, replay
from tests.printables.support import PAPERS, page_sizes, seed_replay, text_of

SIX = get_game("sixd-six")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pad_fits_one_page(players, paper):
    data = printables.scorepad("sixd-six", players=players, paper=paper)
    assert page_sizes(data) == [PAPERS[paper]]


def test_a_pad_has_eighteen_rows_and_no_busts_or_final_round():
    # Two players take all 36 dice at two or more a take: 18 takes at most.
    assert SIX.TEXT.pad.rows == 18
    text = text_of(printables.scorepad("sixd-six", players=2))
    assert " 18 " in f" {text} " and " 19 " not in f" {text} "
    assert "bust" not in text and "final round" not in text
    assert "A turn a row: the take's points (or pass), then your new total" in text


@pytest.mark.parametrize("paper", PAPERS)
def test_the_finished_seed_prints_its_turns_result_and_every_area(paper):
    result = seed_replay("sixd-six-finished")
    data = printables.filled_sheet(result, title_date="2026-11-21", address="/t/x", paper=paper)
    assert page_sizes(data) == [PAPERS[paper]]  # the areas fit under the scores
    text = text_of(data)
    assert "Winner: Dara with 24." in text
    for record in SIX.turn_records(result.state):
        assert str(record.total) in text
    for name, total in result.outcome.scores.items():
        assert f"{name}'s area · {total}" in text
    assert "pass: no set fitted the area" in text and " pass " in f" {text} "


def test_an_area_is_drawn_die_by_die():
    result = seed_replay("sixd-six-finished")
    grids = SIX.TEXT.sheet_boards(result.state)
    assert [caption for caption, _ in grids] == ["Dara's area · 24", "Eli's area · 20",
                                                 "Fern's area · 18"]  # fmt: skip
    for (_, grid), area in zip(grids, result.state.areas, strict=True):
        assert sum(d is not None for row in grid for d in row) == len(area)
    spacer, table = boards_story(grids, 480)
    assert isinstance(table, Table) and len(table._cellvalues) == 2  # two abreast
    figures = [f for row in table._cellvalues for cell in row for f in cell]
    assert sum(isinstance(f, Drawing) for f in figures) == 3


def test_an_empty_area_says_so():
    # The worked example after Ann's first take: Bo's area is still empty.
    result = replay(GameLog("sixd-six", ("Ann", "Bo"), {}, tuple(moves()[:2])))
    _, table = boards_story(SIX.TEXT.sheet_boards(result.state), 480)
    cells = [f for row in table._cellvalues for cell in row for f in cell]
    assert any(isinstance(f, Paragraph) and f.text == "no dice" for f in cells)
    text = text_of(printables.filled_sheet(result, title_date="2026-11-21", address="/t/x"))
    assert "Not finished. Bo plays next." in text and "no dice" in text


def test_a_game_without_boards_prints_none():
    assert boards_story((), 480) == []


def test_the_rule_sheet_adds_up_the_line_of_six_to_15():
    data = printables.rule_sheet("sixd-six")
    assert len(page_sizes(data)) <= 2
    text = text_of(data)
    assert "row of 6 + 6 for six + column of 3 = 15" in text
    assert "Ann has 20" in text
    assert "mirror image is refused" in text
