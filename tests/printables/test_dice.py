"""The one dice-face helper: pips, colours, keys, sizes, a board figure's empty squares, and
every document using it."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Circle, Rect, String

import printables
from printables import dice
from printables.dice import board_drawing
from referee.core.gametext import SQUARE
from tests.printables.support import seed_replay


def shapes(drawing, kind):
    return [s for s in drawing.contents if isinstance(s, kind)]


@pytest.mark.parametrize("value", range(1, 7))
def test_a_face_has_one_pip_per_point(value):
    assert len(shapes(dice.face(str(value)), Circle)) == value


def test_a_key_has_a_double_border_and_a_tinted_face():
    plain, key = dice.face("4"), dice.face("K4")
    assert len(shapes(plain, Rect)) == 1
    assert len(shapes(key, Rect)) == 2
    assert shapes(key, Rect)[0].fillColor == dice.KEY_FILL


@pytest.mark.parametrize(("die", "pips"), [("1r", "white"), ("2y", "black"), ("6p", "white")])
def test_a_coloured_die_is_filled_in_its_colour_with_pips_that_show(die, pips):
    face = dice.face(die)
    assert shapes(face, Rect)[0].fillColor == dice.FILLS[die[-1]]
    pip = shapes(face, Circle)[0].fillColor
    assert (pip.red, pip.green, pip.blue) == ((1, 1, 1) if pips == "white" else (0, 0, 0))


def test_coloured_dice_are_named_underneath_unless_the_text_says_the_colours():
    named = dice.dice_drawing([["1r", "2y"]])
    assert [s.text for s in shapes(named, String)] == ["red", "yellow"]
    assert not shapes(dice.dice_drawing([["1r", "2y"]], names=False), String)


def test_groups_are_captioned_and_set_apart():
    drawing = dice.dice_drawing([["1", "5"], ["3"]], size=10, captions=["6 row", "throwaway"])
    assert [s.text for s in shapes(drawing, String)] == ["6 row", "throwaway"]
    assert drawing.width == pytest.approx(3 * 10 + 10 * dice.GAP + 10 * dice.GROUP_GAP)


def test_dice_shrink_to_fit_the_width_given():
    groups = [["K2"], ["3"] * 8, ["K6"]]
    assert dice.dice_drawing(groups, size=20, max_width=150).width == pytest.approx(150)
    assert dice.dice_drawing(groups, size=5, max_width=150).width < 150


def test_dice_are_given_in_log_notation_or_as_dice():
    assert dice.as_die("K3") == dice.as_die(dice.as_die("K3"))


def test_an_empty_square_of_a_board_figure_is_an_outline_without_fill():
    drawing = board_drawing([[SQUARE, "1r"], [None, SQUARE]], width=200, size=20)
    rects = [s for s in drawing.contents if isinstance(s, Rect)]
    outlines = [r for r in rects if r.fillColor is None]
    assert len(rects) == 3 and len(outlines) == 2


@pytest.mark.parametrize(
    "make",
    [
        lambda: printables.rule_sheet("sb"),
        lambda: printables.scorepad("tenk"),
        lambda: printables.filled_sheet(seed_replay("solitaire-solo"), title_date="d",
                                        address="a"),
    ],
    ids=["rules", "scorepad", "filled sheet"],
)  # fmt: skip
def test_every_document_draws_its_dice_with_the_one_helper(make, monkeypatch):
    drawn = []
    original = dice.draw_face

    def counting(group, die, x, y, size):
        drawn.append(str(dice.as_die(die)))
        original(group, die, x, y, size)

    monkeypatch.setattr(dice, "draw_face", counting)
    make()
    assert drawn
