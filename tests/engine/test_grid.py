"""The Six D Six board notation (referee.families.grid): boards, cells, neighbours, groups,
lines."""

from __future__ import annotations

import pytest

from referee.core.dice import Die
from referee.core.errors import RuleViolation
from referee.core.moves import where
from referee.families.grid import (
    BLACK,
    QUARTER_TURNS,
    SEAT_COLOURS,
    Board,
    check_touching,
    gaps,
    group_of,
    groups,
    lines,
    lone_cells,
    mirrored,
    neighbours,
    parse_board,
    parse_cell,
    seat_colour,
    turned,
)

ROWS = [["2", "1", None], ["3k", None, "6"]]


def board(rows=ROWS, max_side: int = 6) -> Board:
    return parse_board(rows, max_side=max_side)


def refusal(call, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        call(*args, **kwargs)
    return refused.value


# --- Boards ------------------------------------------------------------------------------------


def test_a_board_reads_rows_top_first_with_null_for_an_empty_cell() -> None:
    b = board()
    assert (b.height, b.width) == (2, 3)
    assert b.die_at((0, 0)) == Die(2) and b.die_at((1, 0)) == Die(3, "k")
    assert b.die_at((0, 2)) is None
    assert b.cells() == ((0, 0), (0, 1), (1, 0), (1, 2))
    assert [str(d) for d in b.dice()] == ["2", "1", "3k", "6"]
    assert b.notation() == ROWS


def test_short_rows_are_padded_with_empty_cells() -> None:
    b = board([["1", "2", "3"], ["4"]])
    assert b.width == 3 and b.rows[1] == (Die(4), None, None)
    assert (1, 2) in b and b.die_at((1, 2)) is None


def test_cells_off_the_board_hold_no_die() -> None:
    b = board()
    assert b.die_at((2, 0)) is None and b.die_at((0, -1)) is None
    assert (2, 0) not in b and (-1, 0) not in b and "cell" not in b


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (None, "bad-board"),
        ([], "bad-board"),
        ("1 2 3", "bad-board"),
        ({"rows": []}, "bad-board"),
        ([["1"], "2"], "bad-board"),
        ([["1"], None], "bad-board"),
        ([["1"]] * 7, "board-too-big"),
        ([["1"] * 7], "board-too-big"),
        ([["1", "7"]], "bad-die"),
        ([["1", 3]], "bad-die"),
        ([["1", True]], "bad-die"),
        ([["1", ""]], "bad-die"),
        ([["1", "K3"]], "bad-die"),
        ([["1", "3\x00"]], "bad-die"),
        ([["1", "3x"]], "bad-die"),
    ],
)
def test_a_malformed_board_is_refused(raw: object, code: str) -> None:
    assert refusal(parse_board, raw, max_side=6).code == code


def test_a_bad_die_is_named_by_its_cell_counted_from_one() -> None:
    error = refusal(parse_board, [["1", "2"], ["3", "9"]], max_side=6)
    assert error.message.startswith("Row 2, column 2: ")


def test_a_huge_board_is_refused_before_its_dice_are_read() -> None:
    error = refusal(parse_board, [[None] * 10_000], max_side=36)
    assert error.message == "A board has at most 36 columns; this one has 10000."


# --- Cells -------------------------------------------------------------------------------------


def test_a_cell_is_row_and_column_from_zero() -> None:
    assert parse_cell([1, 2], board()) == (1, 2)
    assert parse_cell((0, 0), board()) == (0, 0)


@pytest.mark.parametrize(
    "raw",
    [None, 3, "1,2", [1], [1, 2, 3], [1.0, 2], [True, 0], [0, False], ["1", "2"], [None, 1], {}],
)
def test_a_cell_that_is_not_two_whole_numbers_is_refused(raw: object) -> None:
    error = refusal(parse_cell, raw, board())
    assert error.code == "bad-cell"
    assert "two whole numbers" in error.message


@pytest.mark.parametrize("raw", [[2, 0], [0, 3], [-1, 0], [0, -1]])
def test_a_cell_off_the_board_is_refused_naming_the_board(raw: list[int]) -> None:
    error = refusal(parse_cell, raw, board())
    assert error.code == "off-board"
    assert error.message.endswith("this board: it has 2 rows and 3 columns.")
    assert f"[{raw[0]}, {raw[1]}]" in error.message


def test_a_huge_cell_is_refused_without_spelling_the_number() -> None:
    error = refusal(parse_cell, [10**5000, 0], board())
    assert error.code == "off-board"
    assert error.message.startswith("There is no such cell on this board")


def test_a_cell_may_be_read_against_a_board_kept_as_rows_and_columns() -> None:
    assert parse_cell([7, 7], (8, 8)) == (7, 7)
    with pytest.raises(RuleViolation) as refusal:
        parse_cell([6, 0], (6, 6))
    assert refusal.value.code == "off-board"
    assert refusal.value.message == (
        "There is no cell [6, 0] (row 7, column 1) on this board: it has 6 rows and 6 columns."
    )


def test_an_empty_board_holds_no_die_and_a_die_put_on_it_leaves_it_as_it_was() -> None:
    empty = Board.empty(2, 3)
    assert (empty.height, empty.width, empty.cells()) == (2, 3, ())
    after = empty.put((1, 2), Die(4, "g"))
    assert after.cells() == ((1, 2),) and after.die_at((1, 2)) == Die(4, "g")
    assert empty.cells() == () and after.put((1, 2), None) == empty


def test_cells_are_read_to_players_counted_from_one() -> None:
    assert where((1, 4)) == "row 2, column 5"


# --- Geometry ----------------------------------------------------------------------------------


def test_neighbours_are_orthogonal_only() -> None:
    assert set(neighbours((3, 3))) == {(2, 3), (4, 3), (3, 2), (3, 4)}


def test_diagonal_cells_are_separate_groups() -> None:
    assert groups([(0, 0), (1, 1)]) == [((0, 0),), ((1, 1),)]


def test_groups_are_connected_side_to_side_in_reading_order() -> None:
    cells = [(2, 2), (0, 0), (0, 1), (1, 1), (2, 1), (0, 3)]
    assert groups(cells) == [((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)), ((0, 3),)]
    assert group_of((2, 2), cells) == {(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)}
    assert group_of((5, 5), cells) == {(5, 5)}


def test_lone_cells_touch_nothing() -> None:
    assert lone_cells([(0, 0), (0, 1), (1, 2), (3, 3)]) == [(1, 2), (3, 3)]


def test_a_lone_board_die_is_named_by_row_and_column_counted_from_one() -> None:
    b = board([["1", "2", None, None, None], [None, None, None, None, "3"]])
    error = refusal(check_touching, b)
    assert error.code == "lone-die"
    assert error.message == "A board die must touch another: the 3 at row 2, column 5 stands alone."


def test_a_board_in_two_pieces_passes_when_no_die_is_alone() -> None:
    check_touching(board([["1", "2", None, "3"], [None, None, None, "4"]]))


def test_lines_are_maximal_runs_of_two_or_more_in_a_row_or_column() -> None:
    cells = [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 2)]
    assert lines(cells) == [((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0))]
    assert lines([(0, 0)]) == []


def test_seats_play_red_yellow_green_blue_orange_purple_and_black_is_k() -> None:
    assert [seat_colour(i) for i in range(6)] == list(SEAT_COLOURS) == list("rygbop")
    assert BLACK == "k"


def test_gaps_are_empty_cells_between_two_cells_of_a_row_or_column() -> None:
    # Row 0: 0 _ 2 _ _ 5; column 0: rows 0 and 2; the cell below (2, 0) is beyond, no gap.
    cells = [(0, 0), (0, 2), (0, 5), (2, 0), (1, 5)]
    assert gaps(cells) == [(0, 1), (0, 3), (0, 4), (1, 0)]
    assert gaps([(0, 0), (1, 1)]) == [] and gaps([]) == []


def test_a_quarter_turn_clockwise_takes_right_to_down_to_left_to_up() -> None:
    assert [turned((0, 1), q) for q in QUARTER_TURNS] == [(0, 1), (1, 0), (0, -1), (-1, 0)]
    assert turned((2, 3), 4) == (2, 3) and turned((2, 3), -1) == turned((2, 3), 3)
    assert mirrored((2, 3)) == (2, -3)
