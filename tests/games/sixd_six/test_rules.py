"""Six D Six (the sixth game): one test per ruling in docs/rulings.md ("The Six D games",
"Every game") and the rulings of the game's text, the move formats of docs/gamelog.md, bad
input, the play page's form and view, the phone's helpers, and the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial

import pytest
from werkzeug.datastructures import MultiDict

from referee.cli import main
from referee.core.dice import Die, parse_die
from referee.core.engine import BoardEntry, RuleViolation, SlideEntry
from referee.core.moves import apply_move, describe_move
from referee.families.grid import Board, parse_board
from referee.games import get_game
from referee.games.sixd_six import rules as sixd_six
from referee.games.sixd_six.rules import Area
from referee.log import GameLog, replay
from tests.engine import support

SIX = get_game("sixd-six")
AB = ("Ann", "Bo")
ABC = ("Ann", "Bo", "Cy")
# Six of each colour.  Top row: a red run 1 2 3 and a run of 4s in three colours; column 5
# (rows 2-6) five orange dice; column 4 (rows 2-5) purple 2 3 5 6; two yellow 3s one above
# the other in column 2.
S = [
    "1r 2r 3r 4g 4b 4y",
    "5r 6g 6r 1g 2p 4o",
    "2y 3y 5y 1b 3p 6o",
    "6y 3y 4r 2b 5p 1o",
    "3g 5g 2g 3b 6p 2o",
    "5b 6b 4p 1p 3o 5o",
]
# No two dice side by side share exactly one of colour and number: no set at all.
NO_SET = [" ".join(f"{(r + c) % 6 + 1}{'rygbop'[(r + c) % 6]}" for c in range(6)) for r in range(6)]


def square(rows: list[str] = S, **extra: object) -> dict:
    return {"type": "board", "board": [row.split() for row in rows], **extra}


def take(cells, place, **extra: object) -> dict:
    return {"type": "take", "cells": [list(c) for c in cells],
            "place": [list(c) for c in place], **extra}  # fmt: skip


def slide(rows: list[str], **extra: object) -> dict:
    return {"type": "slide", "board": [[None if d == "." else d for d in row.split()]
                                       for row in rows], **extra}  # fmt: skip


PASS = {"type": "pass"}
RED_ROW = ((0, 0), (0, 1), (0, 2))  # 1r 2r 3r
FOURS = ((0, 3), (0, 4), (0, 5))  # 4g 4b 4y
PURPLE = ((1, 4), (2, 4), (3, 4), (4, 4))  # 2p 3p 5p 6p, a column
ROW0 = ((0, 0), (0, 1), (0, 2))
# Ann's red row, then Bo's 4s: the top row is empty, nothing to slide.
OPENING = [square(), take(RED_ROW, ROW0), take(FOURS, ROW0)]
# Ann's purple column, stood on its side under her red row: 2p under 2r, 3p under 3r.
PURPLE_ROW = ((1, 1), (1, 2), (1, 3), (1, 4))
# ... and the board slid shut: the last die of rows 2-5 slides left into the gap.
SLID = [
    ". . . . . .",
    "5r 6g 6r 1g 4o .",
    "2y 3y 5y 1b 6o .",
    "6y 3y 4r 2b 1o .",
    "3g 5g 2g 3b 2o .",
    "5b 6b 4p 1p 3o 5o",
]

play = partial(support.play, "sixd-six", players=AB)
refused = partial(support.refused, "sixd-six", players=AB)
play3 = partial(support.play, "sixd-six", players=ABC)
refused3 = partial(support.refused, "sixd-six", players=ABC)


def dice(text: str) -> tuple[Die, ...]:
    return tuple(parse_die(d) for d in text.split())


def area(layout: dict[tuple[int, int], str]) -> Area:
    return Area(tuple(sorted((cell, parse_die(d)) for cell, d in layout.items())))


def with_area(layout: dict[tuple[int, int], str], *moves: dict) -> sixd_six.SixDSix:
    """A table after ``moves`` (the square at least) with Ann's area set to ``layout``."""
    state = play(*(moves or [square()]))
    return replace(state, areas=(area(layout), *state.areas[1:]))


def board(rows: list[str]) -> Board:
    return parse_board([[None if d == "." else d for d in row.split()] for row in rows],
                       max_side=6)  # fmt: skip


def fault(state: sixd_six.SixDSix, cells, place) -> RuleViolation:
    return support.refusal_of(SIX, state, take(cells, place))


# --- The rolled square ---------------------------------------------------------------------------


def test_the_first_player_enters_the_rolled_square() -> None:
    state = play()
    assert SIX.to_move(state) == "Ann" and state.phase == "square"
    assert state.ruling == (
        "Ann rolls the 36 dice, pushes them into a 6 × 6 square and enters it: the numbers "
        "row by row, then the colours."
    )
    assert refused(square(player="Bo")).code == "wrong-player"
    state = play(square(player="Ann"))
    assert len(state.board.cells()) == 36 and state.phase == "take"
    assert state.ruling == "The square is entered. Ann takes a set."


def test_the_square_is_six_full_rows_of_six() -> None:
    short = square()
    short["board"][2][5] = None
    error = refused(short)
    assert (error.code, error.message) == (
        "wrong-dice-count",
        "The square is 6 rows of 6 dice, 36 in all: 35 were entered (row 3, column 6 is empty).",
    )
    assert refused(square(S[:5])).code == "wrong-dice-count"
    assert refused(square([*S, "1r 2r 3r 4r 5r 6r"])).code == "board-too-big"
    assert refused(square([row + " 1r" for row in S])).code == "board-too-big"


@pytest.mark.parametrize(("die", "said"), [("3", "has no colour"), ("3k", "is entered as black")])
def test_every_die_of_the_square_has_one_of_the_six_colours(die: str, said: str) -> None:
    move = square()
    move["board"][1][2] = die
    error = refused(move)
    assert (error.code, error.message) == (
        "bad-colour",
        f"Every die of the square has one of the six colours: the 3 at row 2, column 3 {said}.",
    )


def test_the_square_holds_six_dice_of_each_colour() -> None:
    move = square()
    move["board"][0][0] = "1b"  # a red die entered as blue
    error = refused(move)
    assert (error.code, error.message) == (
        "colour-count",
        "The square holds 6 dice of each colour: 5 red and 7 blue were entered.",
    )


def test_the_square_is_entered_once() -> None:
    assert refused(square(), square()).code == "square-laid"


def test_nothing_is_taken_passed_or_slid_before_the_square() -> None:
    for move in (take(RED_ROW, ROW0), PASS, slide(SLID)):
        error = refused(move)
        assert (error.code, error.message) == (
            "square-first",
            "Ann enters the rolled square of 36 dice first.",
        )


def test_a_rolled_square_with_no_legal_pair_ends_the_game_at_once() -> None:
    state = play(square(NO_SET))
    assert SIX.is_over(state) and SIX.to_move(state) is None and state.ending == "no-pair"
    assert SIX.outcome(state).winners == ["Ann", "Bo"]
    assert state.ruling == (
        "The square is entered, but no two dice side by side make a line (one colour with "
        "different numbers, or one number in different colours): no set, so the game is over "
        "at once. Game over: Ann and Bo share the win with 0."
    )
    assert refused(square(NO_SET), take(((0, 0), (0, 1)), ROW0[:2])).code == "game-over"


def test_two_dice_alike_side_by_side_are_no_pair() -> None:
    rows = [row.split() for row in NO_SET]
    rows[0][1] = "1r"  # beside the red 1 at (0, 0)
    assert not sixd_six.has_pair(parse_board(rows, max_side=6))
    rows[0][1] = "1y"
    assert sixd_six.has_pair(parse_board(rows, max_side=6))


# --- What a set is -------------------------------------------------------------------------------


def test_a_line_of_one_colour_with_different_numbers_is_a_set() -> None:
    assert sixd_six.judge_set(board(S), RED_ROW) is None
    assert sixd_six.judge_set(board(S), ((1, 5), (2, 5), (3, 5), (4, 5), (5, 5))) is None


def test_a_line_of_one_number_in_different_colours_is_a_set() -> None:
    assert sixd_six.judge_set(board(S), FOURS) is None


def test_an_l_of_a_colour_line_and_a_number_line_is_a_set() -> None:
    # 3r 6r down column 3, 6g 6r along row 2: each line keeps its own rule.
    assert sixd_six.judge_set(board(S), ((0, 2), (1, 2), (1, 1))) is None


def test_a_set_of_one_die_is_refused() -> None:
    error = refused(square(), take(((0, 0),), ((0, 0),)))
    assert (error.code, error.message) == (
        "set-too-small",
        "A set is 2 dice or more, side by side in a line.",
    )
    assert refused(square(), take((), ())).code == "set-too-small"


@pytest.mark.parametrize("cells", [((0, 0), (0, 2)), ((0, 0), (1, 1)), ((0, 0), (0, 1), (2, 1))])
def test_a_set_whose_dice_do_not_join_side_to_side_is_refused(cells) -> None:
    error = refused(square(), take(cells, [(0, n) for n in range(len(cells))]))
    assert error.code == "not-connected"
    assert error.message.startswith("The dice of a set join side to side: the ")


def test_not_connected_names_the_die_cut_off() -> None:
    error = refused(square(), take(((0, 0), (0, 2)), ((0, 0), (0, 1))))
    assert error.message == (
        "The dice of a set join side to side: the red 3 at row 1, column 3 is cut off from "
        "the red 1 at row 1, column 1."
    )


def test_a_line_sharing_neither_colour_nor_number_is_refused() -> None:
    error = refused(square(), take(((0, 2), (0, 3)), ROW0[:2]))
    assert (error.code, error.message) == (
        "line-mixed",
        "Not a set: in row 1, columns 3 to 4, the red 3 and the green 4 share neither colour "
        "nor number.",
    )


def test_a_line_mixing_a_colour_run_with_a_number_run_is_refused() -> None:
    # red 1 - red 3 share a colour, red 3 - green 3 a number; red 1 and green 3 neither.
    assert sixd_six.line_fault(dice("1r 3r 3g")) == (
        "the red 1 and the green 3 share neither colour nor number"
    )
    error = refused(square(), take(((4, 0), (4, 1), (4, 2), (4, 3)), [(0, n) for n in range(4)]))
    assert error.code == "line-mixed"  # green 3 5 2, then a blue 3


def test_a_line_with_two_dice_alike_is_refused() -> None:
    error = refused(square(), take(((2, 1), (3, 1)), ROW0[:2]))
    assert (error.code, error.message) == (
        "line-repeats",
        "Not a set: in column 2, rows 3 to 4, it holds two yellow 3s, and no line may hold two "
        "dice alike.",
    )


def test_a_line_with_a_number_twice_in_one_colour_is_refused() -> None:
    assert sixd_six.line_fault(dice("2r 5r 2r")).startswith("it holds two red 2s")
    assert sixd_six.line_fault(dice("4g 4b 4g")).startswith("it holds two green 4s")


def test_a_set_is_judged_by_its_own_rows_and_columns() -> None:
    # A U: the 4s of the top row with the green 1 and orange 4 hanging below its ends.  The
    # green 1 and orange 4 sit in one board row with the purple 2 between them, which is not
    # taken: they are no line, though they would share neither colour nor number.
    u = ((0, 3), (0, 4), (0, 5), (1, 3), (1, 5))
    assert sixd_six.judge_set(board(S), u) is None
    state = play(square(), take(u, ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2))))
    assert SIX.outcome(state).scores["Ann"] == 3 + 2 + 2
    # The die beside a set on the board does not count either: red 1 and red 5 down column 1
    # are a set though the green 6 beside the red 5 would break a row with it.
    assert sixd_six.judge_set(board(S), ((0, 0), (1, 0))) is None


@pytest.mark.parametrize(
    ("cells", "code"),
    [
        ([[6, 0], [5, 0]], "off-board"),
        ([[0, -1], [0, 0]], "off-board"),
        ([[10**100, 0], [0, 0]], "off-board"),
        ([[0], [0, 1]], "bad-cell"),
        ([[True, 0], [0, 1]], "bad-cell"),
        ([[0.0, 0], [0, 1]], "bad-cell"),
        (["0,0", [0, 1]], "bad-cell"),
        ([None, [0, 1]], "bad-cell"),
        ("0,0 0,1", "bad-move"),
        (None, "bad-move"),
    ],
)
def test_a_cell_of_a_set_is_a_cell_of_the_board(cells: object, code: str) -> None:
    error = refused(square(), {"type": "take", "cells": cells, "place": [[0, 0], [0, 1]]})
    assert error.code == code
    assert len(error.message) < 200


def test_a_set_picks_each_cell_once_and_only_cells_holding_dice() -> None:
    error = refused(square(), take(((0, 0), (0, 0)), ROW0[:2]))
    assert (error.code, error.message) == ("same-cell", "Row 1, column 1 was picked twice.")
    error = refused(*OPENING, take(((0, 0), (1, 0)), ROW0[:2]))
    assert (error.code, error.message) == (
        "no-die",
        "Row 1, column 1 is empty: a set is made of dice.",
    )


def test_a_set_has_at_most_36_dice() -> None:
    error = refused(square(), take([(0, 0)] * 37, [(0, 0)] * 37))
    assert (error.code, error.message) == ("set-too-big", "A set has at most 36 dice, not 37.")


# --- Placing the set -----------------------------------------------------------------------------


def test_the_first_take_goes_anywhere_in_the_empty_area() -> None:
    far = ((-50, 7), (-50, 8), (-50, 9))
    state = play(square(), take(RED_ROW, far))
    assert state.areas[0].at == {c: d for c, d in zip(far, dice("1r 2r 3r"), strict=True)}
    assert state.areas[0].bounds() == (-50, 7, 1, 3)
    assert SIX.outcome(state).scores == {"Ann": 3, "Bo": 0}


# An L of three red dice: 1r at the corner (0,0), 2r to its right, 5r below it.
L_CELLS = ((0, 0), (0, 1), (1, 0))
L_TURNS = {
    0: ((5, 5), (5, 6), (6, 5)),  # as it lay
    1: ((5, 5), (6, 5), (5, 4)),  # a quarter clockwise: right goes down, down goes left
    2: ((5, 5), (5, 4), (4, 5)),  # half round
    3: ((5, 5), (4, 5), (5, 6)),  # a quarter anticlockwise
}


@pytest.mark.parametrize("quarters", [0, 1, 2, 3])
def test_each_quarter_turn_of_the_set_is_accepted(quarters: int) -> None:
    state = play(square(), take(L_CELLS, L_TURNS[quarters]))
    assert state.last.placement.quarters == quarters
    assert state.last.placement.score.words == "row of 2 + column of 2 = 4"
    assert state.ruling.startswith(
        f"Ann took the red 1, red 2 and red 5 and placed them {sixd_six.TURN_WORDS[quarters]}: "
    )


@pytest.mark.parametrize(
    "mirror",
    [
        ((5, 5), (5, 4), (6, 5)),  # flipped left to right
        ((5, 5), (5, 6), (4, 5)),  # flipped top to bottom
        ((5, 5), (6, 5), (5, 6)),  # flipped about the diagonal
        ((5, 5), (4, 5), (5, 4)),
    ],
)
def test_a_mirror_image_of_the_set_is_refused(mirror) -> None:
    error = refused(square(), take(L_CELLS, mirror))
    assert (error.code, error.message) == (
        "mirrored",
        "That placement is the set's mirror image: a set may be turned, never flipped over.",
    )


def test_a_straight_line_may_be_turned_half_round() -> None:
    # Reversed, a line is its own mirror image and its half turn: the turn is accepted.
    state = play(square(), take(RED_ROW, ((0, 2), (0, 1), (0, 0))))
    assert state.last.placement.quarters == 2
    assert state.areas[0].at[(0, 0)] == parse_die("3r")


@pytest.mark.parametrize(
    "place",
    [
        ((0, 0), (0, 1), (0, 3)),  # pulled apart
        ((0, 0), (0, 1), (1, 1)),  # bent
        ((0, 0), (0, 1), (0, 1)),  # two dice on one cell
        ((0, 0), (1, 1), (2, 2)),  # corner to corner
    ],
)
def test_a_placement_that_changes_the_shape_is_refused(place) -> None:
    error = refused(square(), take(RED_ROW, place))
    assert error.code == "wrong-shape"
    assert error.message == (
        "The set keeps its shape: each die must land beside the same dice as on the board, "
        "the whole set turned by a quarter, a half or three quarters at most."
    )


def test_the_placement_names_one_area_cell_per_die_in_the_same_order() -> None:
    error = refused(square(), take(RED_ROW, ROW0[:2]))
    assert (error.code, error.message) == (
        "wrong-count",
        "The placement names 2 area cells for 3 dice: one for each die, in the same order.",
    )
    assert refused(square(), {"type": "take", "cells": [[0, 0], [0, 1]]}).code == "bad-move"


@pytest.mark.parametrize(
    "place", [[[0, 0], [0, 1.0]], [[0, 0], [True, 1]], [[0, 0], "0,1"], [[0, 0], [0, 1, 2]]]
)
def test_an_area_cell_is_two_whole_numbers(place) -> None:
    error = refused(square(), {"type": "take", "cells": [[0, 0], [0, 1]], "place": place})
    assert (error.code, error.message) == (
        "bad-cell",
        "A cell is [row, column], two whole numbers (any, in the area), like [1, -4].",
    )


def test_area_cells_may_be_huge() -> None:
    big = 10**30
    state = play(square(), take(ROW0[:2], ((big, -big), (big, 1 - big))))
    assert SIX.outcome(state).scores["Ann"] == 2 and state.areas[0].bounds() == (big, -big, 1, 2)
    assert str(big) not in state.ruling


def test_a_set_goes_on_free_cells_of_the_area() -> None:
    state = play(*OPENING)
    error = fault(state, ((1, 3), (2, 3)), ((0, 2), (1, 2)))  # green 1 onto the red 3
    assert (error.code, error.message) == (
        "occupied",
        "Ann's area already has a red 3 where the green 1 would go.",
    )


def test_after_the_first_take_a_set_must_touch_the_area() -> None:
    state = play(*OPENING)
    cells = ((2, 3), (3, 3), (4, 3))  # blue 1 2 3
    for place in (((2, 0), (3, 0), (4, 0)), ((1, 3), (2, 3), (3, 3))):  # apart, corner only
        error = fault(state, cells, place)
        assert (error.code, error.message) == (
            "not-touching",
            "After the first take a set must touch Ann's area: at least one of its dice side "
            "by side with a die already there.",
        )


def test_a_placement_that_breaks_a_line_is_refused() -> None:
    state = play(*OPENING)
    # The blue 1 2 3 run on from the red 3: a row red 1 2 3, blue 1 2 3.
    error = fault(state, ((2, 3), (3, 3), (4, 3)), ((0, 3), (0, 4), (0, 5)))
    assert error.code == "breaks-line"
    assert error.message == (
        "That placement breaks a line: Ann's area would get a row of a red 1, a red 2, a red "
        "3, a blue 1, a blue 2 and a blue 3, and the red 1 and the blue 2 share neither colour "
        "nor number."
    )


def test_a_placement_that_breaks_a_column_names_the_column() -> None:
    state = with_area({(0, 0): "1r", (0, 1): "2r"})
    # green 6 - red 6 under the red 1 - red 2: columns 1r/6g (neither) ...
    error = fault(state, ((1, 1), (1, 2)), ((1, 0), (1, 1)))
    assert error.code == "breaks-line"
    assert error.message == (
        "That placement breaks a line: Ann's area would get a column of a red 1 and a green "
        "6, and the red 1 and the green 6 share neither colour nor number."
    )


def test_a_line_joined_through_area_dice_must_be_a_line_too() -> None:
    # The U of 4s (the 1g and 4o hang below its ends) put over an area die that fills the
    # U's gap: the row 1g, that die, 4o must be a line.  No die can (1g and 4o share nothing).
    u = ((0, 3), (0, 4), (0, 5), (1, 3), (1, 5))
    u_place = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2))
    state = with_area({(1, 1): "1y", (2, 1): "2y"})
    error = fault(state, u, u_place)
    assert error.code == "breaks-line"
    assert "a row of a green 1, a yellow 1 and an orange 4" in error.message
    # Beside the gap instead, it fits.
    assert sixd_six.fit(state, dice("4g 4b 4y 1g 4o"), u,
                        ((0, 2), (0, 3), (0, 4), (1, 2), (1, 4))).score.total > 0  # fmt: skip


# --- Scoring -------------------------------------------------------------------------------------


def test_a_take_scores_each_line_through_a_new_die() -> None:
    state = play(square(), take(RED_ROW, ROW0))
    assert SIX.outcome(state).scores == {"Ann": 3, "Bo": 0}
    assert state.last.placement.score.words == "row of 3 = 3"
    records = [(r.player, r.points, r.total) for r in SIX.turn_records(state)]
    assert records == [("Ann", 3, 3)] and SIX.turns_done(state) == 1


def test_an_l_of_three_dice_scores_two_lines_of_two() -> None:
    # docs/rulings.md: "[2] / [2][4]" cannot score 3: an L of three makes two lines of 2.
    score = play(square(), take(L_CELLS, L_TURNS[0])).last.placement.score
    assert (score.total, score.words) == (4, "row of 2 + column of 2 = 4")


def test_crossing_lines_each_score() -> None:
    # Purple 2 3 5 6 on its side under Ann's red 1 2 3: 2p under 2r, 3p under 3r.
    state = play(*OPENING, take(PURPLE, PURPLE_ROW))
    worth = state.last.placement.score
    assert worth.words == "row of 4 + column of 2 + column of 2 = 8"
    assert state.last.placement.quarters == 3
    assert SIX.outcome(state).scores == {"Ann": 3 + 8, "Bo": 3}


def test_the_score_in_words_row_then_column() -> None:
    # Ann's red row 1 2 3 4; a red 5 and a green 5 down from the end of it.
    state = with_area({(0, 0): "1r", (0, 1): "2r", (0, 2): "3r", (0, 3): "4r"})
    placed = sixd_six.placements(state.areas[0], dice("5g 5r"), ((0, 0), (1, 0)))
    words = {p.score.words for p in placed}
    assert "row of 5 + column of 2 = 7" in words  # the red 5 ends the row, the green below
    state = with_area({(0, 0): "1r", (0, 1): "2r", (0, 2): "3r"})
    found = sixd_six.placements(state.areas[0], dice("4g 4r"), ((0, 0), (1, 0)))
    assert any(p.score.words == "row of 4 + column of 2 = 6" for p in found)


def test_a_line_extended_scores_its_whole_length() -> None:
    state = with_area({(0, 0): "1r", (0, 1): "2r", (0, 2): "3r"})
    placed = sixd_six.fit(state, dice("4r 5r"), ((0, 0), (0, 1)), ((0, 3), (0, 4)))
    assert (placed.score.total, placed.score.words) == (5, "row of 5 = 5")


def test_a_line_holding_several_new_dice_scores_once() -> None:
    state = with_area({(0, 0): "1r"})
    placed = sixd_six.fit(state, dice("2r 3r 4r"), ((0, 0), (0, 1), (0, 2)),
                          ((0, 1), (0, 2), (0, 3)))  # fmt: skip
    assert placed.score.words == "row of 4 = 4"


def test_a_line_of_six_scores_six_more() -> None:
    state = with_area({(0, c): f"{v}b" for c, v in enumerate((6, 2, 1, 4, 3))})
    placed = sixd_six.fit(state, dice("5b 5r 5g"), ((0, 0), (1, 0), (2, 0)),
                          ((0, 5), (1, 5), (2, 5)))  # fmt: skip
    assert placed.score.total == 15
    assert placed.score.words == "row of 6 + 6 for six + column of 3 = 15"


def test_the_documents_example_scores_6_plus_6_plus_3() -> None:
    from referee.games.sixd_six.text import moves

    state = play(*moves()[:-1])
    assert state.last.placement.score.words == "row of 6 + 6 for six + column of 3 = 15"
    assert [r.points for r in SIX.turn_records(state)] == [5, 2, 15]
    first, second = SIX.TEXT.example
    assert "row of 6 + 6 for six + column of 3 = 15" in second.text
    assert "Ann has <b>20</b>" in second.text
    assert second.board[0] == ("6b", "2b", "1b", "4b", "3b", "5b")
    assert [row[5] for row in second.board] == ["5b", "5r", "5g"]
    assert len(first.board) == 6 and first.board[0][:5] == (".",) * 5
    assert SIX.is_over(play(*moves())) is False


def test_pips_never_add_up() -> None:
    high = sixd_six.fit(with_area({}), dice("6r 5r"), ((0, 0), (0, 1)), ((0, 0), (0, 1)))
    low = sixd_six.fit(with_area({}), dice("1r 2r"), ((0, 0), (0, 1)), ((0, 0), (0, 1)))
    assert high.score.total == low.score.total == 2


# --- Sliding -------------------------------------------------------------------------------------


def test_a_take_without_a_gap_ends_the_turn() -> None:
    state = play(square(), take(RED_ROW, ROW0))
    assert state.phase == "take" and SIX.to_move(state) == "Bo"
    assert state.ruling == (
        "Ann took the red 1, red 2 and red 3 and placed them unturned: row of 3 = 3. Ann has "
        "3. Bo takes a set."
    )
    assert refused(square(), take(RED_ROW, ROW0), slide(S)).code == "no-slide"


def test_a_take_that_leaves_a_gap_scores_at_once_and_the_taker_slides() -> None:
    state = play(*OPENING, take(PURPLE, PURPLE_ROW))
    assert state.phase == "slide" and SIX.to_move(state) == "Ann"
    assert SIX.outcome(state).scores["Ann"] == 11  # scored before the slide
    assert sixd_six.gap_cells(state.board) == ((1, 4), (2, 4), (3, 4), (4, 4))
    assert state.ruling.endswith(
        "Ann has 11. The board has 4 gaps (row 2, column 5 and more): Ann slides the dice "
        "shut and enters the board."
    )
    assert refused(*OPENING, take(PURPLE, PURPLE_ROW), slide(SLID, player="Bo")).code == (
        "wrong-player"
    )
    after = play(*OPENING, take(PURPLE, PURPLE_ROW), slide(SLID))
    assert after.phase == "take" and SIX.to_move(after) == "Bo"
    assert after.ruling == "Ann slid the board shut. Bo takes a set (or passes, when none fits)."
    assert after.board == board(SLID)


def test_nothing_is_taken_or_passed_before_the_slide() -> None:
    moves = [*OPENING, take(PURPLE, PURPLE_ROW)]
    error = refused(*moves, take(((5, 4), (5, 5)), ((0, 0), (0, 1))))
    assert (error.code, error.message) == (
        "slide-first",
        "Ann slides the board shut before anyone takes again: it has a gap at row 2, column 5.",
    )
    assert refused(*moves, PASS).code == "slide-first"


def test_the_slid_board_holds_the_same_dice() -> None:
    moves = [*OPENING, take(PURPLE, PURPLE_ROW)]
    lost = [*SLID[:5], "5b 6b 4p 1p 3o ."]
    error = refused(*moves, slide(lost))
    assert (error.code, error.message) == (
        "not-the-same-dice",
        "Sliding keeps the same 26 dice: the orange 5 is missing.",
    )
    recoloured = [*SLID[:5], "5b 6b 4p 1p 3o 5r"]
    error = refused(*moves, slide(recoloured))
    assert error.message == (
        "Sliding keeps the same 26 dice: the orange 5 is missing; it has a red 5 the board did "
        "not have."
    )
    extra = [SLID[0].replace(". . . . . .", "1r . . . . ."), *SLID[1:]]
    assert refused(*moves, slide(extra)).code == "not-the-same-dice"


def test_the_slid_board_has_no_gap_left() -> None:
    moves = [*OPENING, take(PURPLE, PURPLE_ROW)]
    half = [SLID[0], SLID[1], "2y 3y 5y 1b . 6o", *SLID[3:]]
    error = refused(*moves, slide(half))
    assert (error.code, error.message) == (
        "gap-left",
        "The slid board still has an empty square between two dice at row 3, column 5: slide "
        "on until no row or column has a gap.",
    )


def test_which_way_the_dice_slide_is_the_tables_call() -> None:
    moves = [*OPENING, take(PURPLE, PURPLE_ROW)]
    # The other way: rows 2-5 slide right towards the last column, four dice a row.
    rightwards = [
        ". . . . . .",
        ". 5r 6g 6r 1g 4o",
        ". 2y 3y 5y 1b 6o",
        ". 6y 3y 4r 2b 1o",
        ". 3g 5g 2g 3b 2o",
        "5b 6b 4p 1p 3o 5o",
    ]
    assert play(*moves, slide(rightwards)).board == board(rightwards)
    # Any board with the same dice and no gap is accepted, even one pushed about more.
    shuffled = [". . . . . .", *SLID[1:]][::-1]
    assert play(*moves, slide(shuffled)).phase == "take"


def test_a_slid_board_may_leave_out_empty_rows_and_columns() -> None:
    moves = [*OPENING, take(PURPLE, PURPLE_ROW)]
    short = [row.rsplit(" .", 1)[0] if row.endswith(" .") else row for row in SLID[1:]]
    state = play(*moves, slide(short))
    assert (state.board.height, state.board.width) == (6, 6)
    assert len(state.board.cells()) == 26
    assert refused(*moves, slide([*SLID, "1r"])).code == "board-too-big"


def test_a_slid_board_is_a_board() -> None:
    moves = [*OPENING, take(PURPLE, PURPLE_ROW)]
    for raw in (None, "5r 6g", [], [["7r"]], [["K3"]]):
        error = refused(*moves, {"type": "slide", "board": raw})
        assert error.code in ("bad-board", "bad-die")


# --- Passing -------------------------------------------------------------------------------------


def test_a_pass_is_refused_while_the_area_is_empty() -> None:
    error = refused(square(), PASS)
    assert (error.code, error.message) == (
        "must-take",
        "Ann's area is empty, and any set fits an empty area: Ann takes a set.",
    )


def test_with_dice_in_the_area_a_pass_is_the_tables_call() -> None:
    state = play(*OPENING, PASS)
    assert SIX.to_move(state) == "Bo" and state.passes == 1
    assert state.ruling == "Ann passed. Bo takes a set (or passes, when none fits)."
    # The referee sees a set that fits, and the phone asks first.
    warning = SIX.warning(play(*OPENING), PASS)
    assert warning is not None and warning.startswith("A set still fits Ann's area: the ")
    assert warning.endswith("Pass anyway?")
    assert SIX.warning(play(*OPENING), take(RED_ROW, ROW0)) is None
    assert SIX.warning(play(square()), PASS) is None


def test_a_pass_is_written_on_the_scoresheet() -> None:
    state = play(*OPENING, PASS)
    record = SIX.turn_records(state)[-1]
    assert (record.player, record.points, record.total, record.note) == ("Ann", 0, 3, "passed")
    assert record.mark.cell == "pass" and SIX.turns_done(state) == 3


def test_every_player_passing_in_a_row_ends_the_game() -> None:
    state = play(*OPENING, PASS, PASS)
    assert SIX.is_over(state) and state.ending == "all-passed"
    assert SIX.outcome(state).winners == ["Ann", "Bo"]
    assert state.ruling == (
        "Bo passed: every player passed in a row, so the game is over. Game over: Ann and Bo "
        "share the win with 3."
    )


def test_a_take_ends_a_run_of_passes() -> None:
    # Cy takes the orange 3 5 of the bottom row; Ann and Bo pass.
    moves = [square(), take(RED_ROW, ROW0), take(FOURS, ROW0), take(((5, 4), (5, 5)), ROW0[:2]),
             PASS, PASS]  # fmt: skip
    state = play3(*moves)
    assert state.passes == 2 and SIX.to_move(state) == "Cy"
    assert state.ruling == (
        "Bo passed (2 passes in a row). Cy takes a set (or passes, when none fits)."
    )
    # Cy runs the orange 4 6 1 2 of the last column on from the orange 3 5: a line of six.
    orange = ((1, 5), (2, 5), (3, 5), (4, 5))
    state = play3(*moves, take(orange, ((0, 2), (0, 3), (0, 4), (0, 5))))
    assert state.passes == 0 and not SIX.is_over(state)
    assert state.last.placement.score.words == "row of 6 + 6 for six = 12"
    assert SIX.outcome(state).scores == {"Ann": 3, "Bo": 3, "Cy": 2 + 12}


# --- The end -------------------------------------------------------------------------------------


def test_the_game_ends_when_no_two_adjacent_dice_make_a_line() -> None:
    # A square with one pair: the red 1 and the yellow 1 at the left of the top row.
    rows = [row.split() for row in NO_SET]
    rows[0][1] = "1y"
    state = play({"type": "board", "board": rows})
    assert sixd_six.legal_sets(state.board) == (((0, 0), (0, 1)),)
    after = apply_move(SIX, state, take(((0, 0), (0, 1)), ROW0[:2]))
    assert SIX.is_over(after) and after.ending == "no-pair"
    assert after.ruling == (
        "Ann took the red 1 and yellow 1 and placed them unturned: row of 2 = 2. Ann has 2. No "
        "two dice side by side on the board make a line now: no set is left, so the game is "
        "over. Game over: Ann wins with 2."
    )
    assert SIX.to_move(after) is None


def test_the_end_is_checked_after_the_slide() -> None:
    # Two dice apart in a row: the slide brings them side by side, a pair or not.
    state = replace(play(*OPENING), board=board(["1r . 2r"]), phase="slide")
    assert not sixd_six.has_pair(state.board)
    after = apply_move(SIX, state, slide(["1r 2r"]))
    assert not SIX.is_over(after) and SIX.to_move(after) == "Bo"
    state = replace(state, board=board(["1r . 4y"]))
    after = apply_move(SIX, state, slide(["1r 4y"]))
    assert SIX.is_over(after) and after.ending == "no-pair"
    assert after.ruling.startswith("Ann slid the board shut. No two dice side by side on the ")


def test_a_take_of_the_last_dice_ends_the_game() -> None:
    state = replace(play(*OPENING), board=board(["4r 5r"]))
    after = apply_move(SIX, state, take(((0, 0), (0, 1)), ((0, 3), (0, 4))))
    assert SIX.is_over(after) and not after.board.cells()


def test_ties_share_the_win() -> None:
    state = play(*OPENING, PASS, PASS)
    assert SIX.outcome(replace(state, totals=(9, 9))).winners == ["Ann", "Bo"]
    assert SIX.outcome(replace(state, totals=(9, 10))).winners == ["Bo"]


def test_winners_are_empty_until_the_game_is_over() -> None:
    assert SIX.outcome(play(*OPENING)).winners == []


def test_players_two_to_four_and_no_options() -> None:
    assert (SIX.MIN_PLAYERS, SIX.MAX_PLAYERS, SIX.OPTIONS) == (2, 4, ())


def test_turns_go_round_the_table_from_the_first_player() -> None:
    state = play3(square(), take(RED_ROW, ROW0), take(FOURS, ROW0))
    assert SIX.to_move(state) == "Cy"
    state = play3(square(), take(RED_ROW, ROW0), take(FOURS, ROW0),
                  take(((5, 4), (5, 5)), ROW0[:2]))  # fmt: skip
    assert SIX.to_move(state) == "Ann"


# --- Every game: checked entries -----------------------------------------------------------------


def test_a_player_not_at_the_table_is_refused() -> None:
    assert refused(square(player="Dee")).code == "unknown-player"
    assert refused(square(), take(RED_ROW, ROW0, player="\x00")).code == "unknown-player"


@pytest.mark.parametrize("die", ["7r", "0r", "3x", "", "33r", "\x00", 4, 10**100, "K3"])
def test_a_die_outside_one_to_six_is_refused(die: object) -> None:
    move = square()
    move["board"][0][0] = die
    assert refused(move).code == "bad-die"


def test_an_unknown_move_is_refused_with_the_moves_of_the_game() -> None:
    error = refused({"type": "roll", "dice": ["1"]})
    assert error.code == "unknown-move"
    assert error.message == 'Six D Six has no move "roll" (moves: board, pass, slide, take).'


def test_a_refused_move_leaves_the_state_as_it_was() -> None:
    state = play(*OPENING)
    for move in (take(RED_ROW, ROW0), take(PURPLE, ((0, 0), (0, 1), (0, 2), (0, 3))),
                 take(PURPLE, ((9, 9), (9, 10), (9, 11), (9, 12))), slide(SLID), square(),
                 {"type": "take"}, take(((2, 1), (3, 1)), ((1, 0), (2, 0)))):  # fmt: skip
        support.refusal_of(SIX, state, move)


# --- Contract: moves in words, random play, the play page ----------------------------------------


def test_moves_in_words() -> None:
    assert describe_move(SIX, take(RED_ROW, ROW0, player="Ann")) == "Ann's take"
    assert describe_move(SIX, square(player="Ann")) == "Ann's rolled square"
    assert describe_move(SIX, slide(SLID, player="Bo")) == "Bo's slid board"
    assert describe_move(SIX, PASS) == "the pass"


def test_the_table_enters_the_square_and_the_slid_board() -> None:
    assert sixd_six.table_entry(play()) == BoardEntry(
        "board", "board", 36, shape=(6, 6), colours="rygbop"
    )
    assert sixd_six.table_entry(play(*OPENING)) is None
    state = play(*OPENING, take(PURPLE, PURPLE_ROW))
    entry = sixd_six.table_entry(state)
    assert isinstance(entry, SlideEntry) and (entry.type, entry.field) == ("slide", "board")
    assert entry.board == tuple(tuple(row) for row in state.board.notation())
    assert sixd_six.choices(play()) == [] and sixd_six.choices(state) == []


def test_in_an_empty_area_each_turn_of_each_set_is_a_choice() -> None:
    state = play(square())
    moves = sixd_six.choices(state)
    sets = sixd_six.legal_sets(state.board)
    assert moves[0]["cells"] == [list(c) for c in sets[0]]
    per_set: dict = {}
    for move in moves:
        per_set.setdefault(tuple(map(tuple, move["cells"])), []).append(move)
    assert set(per_set) == set(sets)
    assert all(len(found) == 4 for found in per_set.values())  # no two dice alike in a set here
    assert all(min(r for r, _ in m["place"]) == 0 == min(c for _, c in m["place"]) for m in moves)


def test_choices_offer_the_pass_only_when_no_set_fits() -> None:
    assert all(m["type"] == "take" for m in sixd_six.choices(play(*OPENING)))
    # The board's one set is a blue 1 2; Ann's area a red 3, which no blue 1 or 2 can touch.
    state = replace(play(*OPENING), board=board(["1b 2b"]))
    state = replace(state, areas=(area({(0, 0): "3r"}), state.areas[1]))
    assert sixd_six.choices(state) == [PASS]
    assert SIX.warning(state, PASS) is None


def test_the_pass_button_says_no_set_fits_only_when_none_does() -> None:
    assert SIX.view(play(*OPENING)).set_fits  # a set fits: the button says "Ann passes"
    state = replace(play(*OPENING), board=board(["1b 2b"]))
    state = replace(state, areas=(area({(0, 0): "3r"}), state.areas[1]))
    assert SIX.view(state).may_pass and not SIX.view(state).set_fits


def test_legal_sets_are_every_set_on_the_board() -> None:
    sets = sixd_six.legal_sets(board(S))
    assert RED_ROW in sets and FOURS in sets and PURPLE in sets
    assert ((1, 5), (2, 5), (3, 5), (4, 5), (5, 5)) in sets
    assert ((0, 2), (0, 3)) not in sets and ((2, 1), (3, 1)) not in sets
    assert all(sixd_six.judge_set(board(S), s) is None for s in sets)
    assert sixd_six.legal_sets(board(NO_SET)) == ()


def form(*pairs: tuple[str, str]) -> MultiDict:
    return MultiDict(list(pairs))


SQUARE_FORM = form(
    ("action", "board"),
    ("board", "/".join("".join(d[0] for d in row.split()) for row in S)),
    ("colours", "\n".join("".join(d[1] for d in row.split()) for row in S)),
)


def test_the_square_is_typed_as_numbers_then_colours() -> None:
    assert SIX.read_form(play(), SQUARE_FORM) == [square()]
    posted = form(("action", "board"), ("board", "12/34"), ("colours", "ry/g"))
    with pytest.raises(RuleViolation) as refusal:
        SIX.read_form(play(), posted)
    assert (refusal.value.code, refusal.value.message) == (
        "no-colour",
        "Row 2, column 2: tap the colour of that die.",
    )
    posted = form(("action", "board"), ("board", "10/34"), ("colours", "r./gk"))
    with pytest.raises(RuleViolation) as refusal:
        SIX.read_form(play(), posted)
    assert refusal.value.code == "no-colour"
    posted = form(("action", "board"), ("board", "10/34"), ("colours", "r-/gy"))
    assert SIX.read_form(play(), posted) == [
        {"type": "board", "board": [["1r", None], ["3g", "4y"]]}
    ]


def test_a_take_posts_the_tapped_cells_and_where_each_lands() -> None:
    posted = form(("action", "take"), ("cell", "0,0"), ("cell", "0,1"), ("cell", "1,0"),
                  ("place", "-1,3"), ("place", "0,3"), ("place", "-1, 2"))  # fmt: skip
    assert SIX.read_form(play(square()), posted) == [take(L_CELLS, ((-1, 3), (0, 3), (-1, 2)))]
    for bad in (("cell", "-1,0"), ("cell", "a,b"), ("place", "1;2"), ("place", "--1,2")):
        with pytest.raises(RuleViolation) as refusal:
            SIX.read_form(play(square()), form(("action", "take"), bad))
        assert refusal.value.code == "bad-cell"
    with pytest.raises(RuleViolation):
        SIX.read_form(play(square()), form(("action", "take"), *[("cell", "0,0")] * 101))


def test_a_slide_posts_the_slid_board_and_a_pass_nothing() -> None:
    state = play(*OPENING, take(PURPLE, PURPLE_ROW))
    posted = form(
        ("action", "slide"),
        ("board", "/".join("".join("0" if d == "." else d[0] for d in r.split()) for r in SLID)),
        ("colours", "/".join("".join("0" if d == "." else d[1] for d in r.split()) for r in SLID)),
    )
    moves = SIX.read_form(state, posted)
    assert moves == [slide(SLID)]
    assert apply_move(SIX, state, moves[0]).phase == "take"
    assert SIX.read_form(state, form(("action", "pass"))) == [PASS]


def test_the_view_before_the_square() -> None:
    view = SIX.view(play())
    assert (view.phase, view.rows, view.to_move, view.gaps, view.last) == (
        "square", (), "Ann", (), None,
    )  # fmt: skip
    assert [a.dice for a in view.areas] == [0, 0] and not view.may_pass


def test_the_view_shows_the_board_gaps_areas_and_the_last_take() -> None:
    state = play(*OPENING, take(PURPLE, PURPLE_ROW))
    view = SIX.view(state)
    assert (view.phase, view.to_move, view.may_pass) == ("slide", "Ann", False)
    assert view.gaps == ((1, 4), (2, 4), (3, 4), (4, 4))
    assert view.rows[1][4] == sixd_six.Square((1, 4), None, gap=True, taken=True)
    assert view.rows[0][0] == sixd_six.Square((0, 0), None)  # emptied by an earlier take
    assert view.rows[5][5] == sixd_six.Square((5, 5), parse_die("5o"))
    ann, bo = view.areas
    assert (ann.top, ann.left, ann.height, ann.width, ann.dice, ann.total) == (0, 0, 2, 5, 7, 11)
    assert ann.rows[0] == (*dice("1r 2r 3r"), None, None)
    assert ann.rows[1] == (None, *dice("2p 3p 5p 6p"))
    assert ann.new == PURPLE_ROW and bo.new == () and ann.to_move
    assert view.last == sixd_six.LastTake(
        "Ann", PURPLE, PURPLE_ROW, "turned a quarter anticlockwise", 8,
        "row of 4 + column of 2 + column of 2 = 8",
    )  # fmt: skip
    assert view.last_words == "row of 4 + column of 2 + column of 2 = 8"
    hash(view)
    after = SIX.view(play(*OPENING, take(PURPLE, PURPLE_ROW), slide(SLID)))
    assert after.gaps == () and after.may_pass
    assert not any(s.taken for row in after.rows for s in row)


def test_player_notes_count_the_dice_in_each_area() -> None:
    assert SIX.player_notes(play()) == {}
    assert SIX.player_notes(play(square(), take(ROW0[:2], ROW0[:2]))) == {
        "Ann": "2 dice in the area",
        "Bo": "0 dice in the area",
    }


# --- What the phone asks while a player picks --------------------------------------------------


def test_the_phone_is_told_whether_tapped_dice_are_a_set_and_where_it_fits() -> None:
    state = play(*OPENING)
    preview = sixd_six.preview_take(state, [(0, 2), (1, 2)])
    assert preview.fault == "Row 1, column 3 is empty: a set is made of dice."
    preview = sixd_six.preview_take(state, [(2, 1), (3, 1)])
    assert preview.fault.startswith("Not a set: in column 2, rows 3 to 4, it holds two yellow 3s")
    assert sixd_six.preview_take(state, [(9, 9)]).fault.startswith("There is no cell [9, 9]")
    preview = sixd_six.preview_take(state, PURPLE)
    assert preview.fault == "" and preview.placements
    best = max(preview.placements, key=lambda p: p.score.total)
    assert best.score.words == "row of 4 + column of 2 + column of 2 = 8"
    for placement in preview.placements:  # each one is a legal take
        after = apply_move(SIX, state, take(PURPLE, placement.cells))
        assert after.last.placement == placement
    assert sixd_six.preview_take(play(), RED_ROW).fault == "Nothing can be taken now."


def test_the_view_previews_ticked_dice_and_counts_the_turns_so_the_page_reads_only_it() -> None:
    state = play(*OPENING)
    view = SIX.view(state)
    assert view.preview(PURPLE) == sixd_six.preview_take(state, PURPLE)
    assert view.preview([(9, 9)]).fault.startswith("There is no cell [9, 9]")
    assert view.turns == SIX.turns_done(state) == 2
    assert SIX.view(play()).preview(RED_ROW).fault == "Nothing can be taken now."


def test_placements_touch_the_area_in_every_turn_and_shift() -> None:
    state = with_area({(0, 0): "1r"})
    found = sixd_six.placements(state.areas[0], dice("2r 3r"), ((0, 0), (0, 1)))
    cells = {p.cells for p in found}
    # The red 2 and 3 run on from the red 1 on either side, or stand on it up or down, and
    # more: every turn and shift that touches the red 1 and keeps each line a line.
    assert ((0, 1), (0, 2)) in cells and ((0, -2), (0, -1)) in cells
    assert ((1, 0), (2, 0)) in cells and ((-1, 0), (-2, 0)) in cells
    assert all(any(abs(r) + abs(c) == 1 for r, c in p.cells) for p in found)
    assert len(cells) == len(found)


def test_the_phone_checks_a_slid_board() -> None:
    state = play(*OPENING, take(PURPLE, PURPLE_ROW))
    assert sixd_six.check_slide(state, slide(SLID)["board"]) == ""
    assert sixd_six.check_slide(state, slide(S)["board"]).startswith("Sliding keeps the same")
    assert sixd_six.check_slide(state, "nonsense").startswith("A board is a list of rows")
    assert sixd_six.check_slide(play(*OPENING), slide(SLID)["board"]) == "Nothing to slide now."


# --- referee replay --json -----------------------------------------------------------------------


def test_replay_json_reports_the_totals_and_who_slides(tmp_path, capsys) -> None:
    log = {
        "format": "referee-log/1",
        "game": "sixd-six",
        "players": list(AB),
        "moves": [
            square(player="Ann"),
            take(RED_ROW, ROW0, player="Ann"),
            take(FOURS, ROW0, player="Bo"),
            take(PURPLE, PURPLE_ROW, player="Ann"),
        ],
    }
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "sixd-six",
        "over": False,
        "scores": {"Ann": 11, "Bo": 3},
        "winners": [],
        "to_move": "Ann",
        "moves_applied": 4,
        "error": None,
    }
    log["moves"].append(slide(SLID, player="Bo"))
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == {
        "move": 4,
        "code": "wrong-player",
        "message": "It is Ann's turn, not Bo's.",
    }
    log["moves"][-1] = slide(SLID, player="Ann")
    log["moves"] += [PASS, PASS]
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["over"], out["winners"], out["to_move"]) == (True, ["Ann"], None)
    log["options"] = {"rounds": 2}
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 2


def test_a_log_replays_to_the_same_state_as_the_moves() -> None:
    moves = (*OPENING, take(PURPLE, PURPLE_ROW), slide(SLID))
    assert replay(GameLog("sixd-six", AB, {}, moves)).state == play(*moves)


# --- Setup, for undo ---------------------------------------------------------------------------


def test_the_rolled_square_is_setup_and_takes_slides_and_passes_are_play() -> None:
    moves = (*OPENING, take(PURPLE, PURPLE_ROW), slide(SLID))
    assert support.setups("sixd-six", *moves) == [True, False, False, False, False]
    assert support.setups("sixd-six", *OPENING, PASS) == [True, False, False, False]
