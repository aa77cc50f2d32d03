"""Six D Four: one test per ruling in docs/rulings.md ("The Six D games", "Every game"),
the move formats of docs/gamelog.md, bad input, the play page's form and view, and the CLI.

Tables in the middle of a game are drawn as rows of letters ("." an empty square,
r y g b o p a player's colour, k black); the pieces off the board follow from them.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import pytest
from werkzeug.datastructures import MultiDict

from referee.cli import main
from referee.core.engine import RuleViolation
from referee.core.moves import apply_move, describe_move
from referee.families.grid import seat_colour
from referee.games import get_game
from referee.games.sixd_four import page as sixd_four_page
from referee.games.sixd_four import rules as sixd_four
from referee.games.sixd_four import text as sixd_four_text
from tests.engine import support

FOUR = get_game("sixd-four")
AB = ("Ann", "Bo")
ABC = ("Ann", "Bo", "Cy")
PASS = {"type": "pass"}
EMPTY6 = ["......"] * 6


def place(row: int, col: int, **extra: object) -> dict:
    return {"type": "place", "cell": [row, col], **extra}


play = partial(support.play, "sixd-four", players=AB)
refused = partial(support.refused, "sixd-four", players=AB)

# The help page's example: twelve placements without a capture, Ann's black, Bo's black,
# then Ann's red that captures two pieces at once.
OPENING = [place(*cell) for cell in sixd_four_text.OPENING]
BLACKS = [place(*cell) for cell in sixd_four_text.BLACKS]
DOUBLE = place(*sixd_four_text.DOUBLE)


def table(
    rows: list[str],
    *,
    players: tuple[str, ...] = AB,
    seat: int = 0,
    hands: tuple[int, ...] | None = None,
    black: tuple[int, ...] | None = None,
    pool: int | None = None,
) -> sixd_four.SixDFour:
    """A table in the middle of a game: what is off the board follows from ``rows`` unless
    given (every piece of a colour not on the board in its owner's hand; black pieces
    neither on the board nor captured in the pool)."""
    on = Counter(ch for row in rows for ch in row)
    n = len(players)
    black = black or (0,) * n
    return sixd_four.SixDFour(
        players,
        squares=tuple(tuple(None if ch == "." else ch for ch in row) for row in rows),
        hands=hands or tuple(sixd_four.PIECES - on[seat_colour(s)] for s in range(n)),
        black=black,
        pool=sixd_four.BLACK_PIECES - on["k"] - sum(black) if pool is None else pool,
        seat=seat,
    )


def rows_of(state: sixd_four.SixDFour) -> list[str]:
    return ["".join(piece or "." for piece in row) for row in state.squares]


# --- The board and the pieces --------------------------------------------------------------------


def test_two_players_play_on_six_by_six_squares_more_on_eight_by_eight() -> None:
    assert play().side == 6
    for players in (ABC, ("A", "B", "C", "D", "E", "F")):
        assert support.play("sixd-four", players=players).side == 8
    assert refused(place(6, 0)).code == "off-board"
    assert support.play("sixd-four", place(7, 7), players=ABC).squares[7][7] == "r"


def test_every_player_has_six_pieces_and_the_pool_holds_thirty_six_black() -> None:
    state = play()
    assert (state.hands, state.pool, state.black) == ((6, 6), 36, (0, 0))
    assert state.ruling == "A 6 × 6 board. Ann places a red piece (6 in hand)."
    assert FOUR.ruling(support.play("sixd-four", players=ABC)).startswith("An 8 × 8 board. ")


def test_the_first_player_starts_and_play_goes_round_the_seats() -> None:
    assert [FOUR.to_move(play(*OPENING[:n])) for n in range(4)] == ["Ann", "Bo", "Ann", "Bo"]
    assert refused(place(0, 0, player="Bo")).code == "wrong-player"
    assert play(place(0, 0, player="Ann")).squares[0][0] == "r"


def test_own_pieces_are_placed_first_then_black() -> None:
    state = play(*OPENING)
    assert state.hands == (0, 0) and state.piece() == "k"
    assert state.ruling.endswith("Ann places a black piece (36 in the pool).")
    after = play(*OPENING, place(0, 0))
    assert after.squares[0][0] == "k" and after.pool == 35


def test_a_piece_goes_on_an_empty_square() -> None:
    error = refused(place(2, 1), place(2, 1))
    assert (error.code, error.message) == (
        "occupied", "Row 3, column 2 already holds Ann's red piece."
    )  # fmt: skip


# --- Captures ------------------------------------------------------------------------------------


def test_a_neighbour_of_another_colour_that_touches_another_colour_is_captured() -> None:
    state = table(["......", ".yk...", "......", "......", "......", "......"])
    after = apply_move(FOUR, state, place(2, 1))  # Ann's red below the yellow
    assert rows_of(after)[1] == "..k..."
    assert after.hands == (5, 6)
    assert after.ruling.startswith(
        "Ann's red piece at row 3, column 2 captures Bo's yellow piece at row 2, column 2 "
        "(back to Bo)."
    )


def test_a_piece_in_a_solid_line_of_its_colour_is_not_captured() -> None:
    state = table(["......", "yyy...", "......", "......", "......", "......"])
    after = apply_move(FOUR, state, place(2, 1))
    assert rows_of(after)[1] == "yyy..." and not after.last.captured
    assert after.ruling.startswith("Ann's red piece at row 3, column 2: no capture.")


def test_a_piece_that_touches_nothing_but_the_new_piece_is_not_captured() -> None:
    state = table(["......", ".y....", "......", "......", "......", "......"])
    assert not apply_move(FOUR, state, place(2, 1)).last.captured


def test_a_piece_is_never_captured_by_its_own_colour() -> None:
    own = table(["......", ".ry...", "......", "......", "......", "......"])
    assert not apply_move(FOUR, own, place(2, 1)).last.captured  # red next to red
    black = table(["k.....", "ky....", "......", "......", "......", "......"], hands=(0, 0))
    after = apply_move(FOUR, black, place(2, 0))  # black next to black touching yellow
    assert rows_of(after)[1] == "ky...." and not after.last.captured


def test_captures_of_several_pieces_at_once() -> None:
    # Three players, 8 x 8: all four neighbours of row 3, column 3 touch another colour.
    rows = ["..k.....", "..y.....", "yk.kg...", "..k.....", "..y....."] + ["........"] * 3
    state = table(rows, players=ABC)
    after = apply_move(FOUR, state, place(2, 2))
    captured = [(c.cell, c.owner) for c in after.last.captured]
    assert captured == [((1, 2), 1), ((2, 1), None), ((2, 3), None), ((3, 2), None)]
    assert rows_of(after)[:5] == ["..k.....", "........", "y.r.g...", "........", "..y....."]
    assert after.black == (3, 0, 0) and after.hands == (5, 4, 5)
    assert after.ruling.startswith(
        "Ann's red piece at row 3, column 3 captures Bo's yellow piece at row 2, column 3 "
        "(back to Bo) and black pieces at row 3, column 2, row 3, column 4 and row 4, "
        "column 3 (Ann keeps all three)."
    )
    assert [(r.player, r.points, r.total) for r in FOUR.turn_records(after)] == [("Ann", 3, 3)]


def test_the_help_pages_example_captures_a_yellow_and_a_black_at_once() -> None:
    state = play(*OPENING, *BLACKS, DOUBLE)
    assert [(c.cell, c.owner) for c in state.last.captured] == [((2, 3), 1), ((3, 2), None)]
    assert state.ruling.startswith(
        "Ann's red piece at row 3, column 3 captures Bo's yellow piece at row 3, column 4 "
        "(back to Bo) and a black piece at row 4, column 3 (Ann keeps it)."
    )
    assert "(Ann keeps it)" in FOUR.TEXT.example[1].text
    assert FOUR.TEXT.example[1].board[2][2] == "1r"


def test_captured_coloured_pieces_go_back_to_their_owner() -> None:
    state = play(*OPENING, *BLACKS, DOUBLE)
    assert state.hands == (0, 1)  # Ann placed the red she got back; Bo has his yellow
    assert FOUR.to_move(state) == "Bo" and state.piece() == "y"
    assert state.ruling.endswith("Bo places a yellow piece (1 in hand).")


def test_captured_black_pieces_are_kept_by_the_capturer() -> None:
    state = play(*OPENING, *BLACKS, DOUBLE)
    assert state.black == (1, 0) and state.pool == 34
    assert FOUR.outcome(state).scores == {"Ann": 1, "Bo": 0}
    assert [(r.player, r.points, r.total) for r in FOUR.turn_records(state)] == [("Ann", 1, 1)]


def test_a_black_piece_may_capture_its_placers_own_pieces() -> None:
    state = play(*OPENING, BLACKS[0])
    assert [(c.cell, c.colour, c.owner) for c in state.last.captured] == [((3, 1), "r", 0)]
    assert state.hands == (1, 0) and state.black == (0, 0)
    assert state.ruling.startswith(
        "Ann's black piece at row 4, column 3 captures Ann's own red piece at row 4, column 2 "
        "(back to Ann)."
    )


def test_a_captured_piece_comes_back_before_any_black() -> None:
    state = play(*OPENING, *BLACKS)
    assert state.piece() == "r"  # Ann holds the red she captured back, and places it next


# --- Passing and the end -------------------------------------------------------------------------


def test_a_pass_is_refused_while_there_is_something_to_place() -> None:
    error = refused(PASS)
    assert (error.code, error.message) == (
        "must-place", "A pass is only for a player with nothing to place: Ann holds 6 red pieces."
    )  # fmt: skip
    error = refused(*OPENING, PASS)
    assert error.message == (
        "A pass is only for a player with nothing to place: the black pool still holds 36 pieces."
    )


def test_a_player_with_no_piece_and_an_empty_pool_passes() -> None:
    state = table(["rrr...", "yyy...", "kk....", "......", "......", "rrryyy"],
                  black=(20, 14), pool=0)  # fmt: skip
    assert state.piece() is None and sixd_four.may_pass(state)
    assert sixd_four.choices(state) == [PASS]
    error = support.refusal_of(FOUR, state, place(3, 3))
    assert error.code == "nothing-to-place"
    assert error.message == (
        "Ann holds no red piece and the black pool is empty: a pass is all that is left."
    )
    after = apply_move(FOUR, state, PASS)
    assert after.passes == 1 and FOUR.to_move(after) == "Bo" and not FOUR.is_over(after)


def test_a_full_board_means_a_pass() -> None:
    full = ["ryryry", "kkkkkk", "kkkkkk", "kkkkkk", "kkkkkk", "kkkkkk"]
    state = table(full, hands=(3, 3))
    assert sixd_four.may_pass(state) and sixd_four.choices(state) == [PASS]
    assert FOUR.view(state).may_pass and FOUR.view(state).piece is None


def test_a_pass_with_nothing_to_place_is_forced_and_nothing_else_is() -> None:
    empty_handed = table(["rrr...", "yyy...", "kk....", "......", "......", "rrryyy"],
                         black=(20, 14), pool=0)  # fmt: skip
    assert FOUR.forced(empty_handed) == PASS
    full = table(["ryryry", "kkkkkk", "kkkkkk", "kkkkkk", "kkkkkk", "kkkkkk"], hands=(3, 3))
    assert FOUR.forced(full) == PASS
    assert FOUR.forced(play()) is None and FOUR.forced(play(*OPENING)) is None
    over = apply_move(FOUR, apply_move(FOUR, empty_handed, PASS), PASS)
    assert FOUR.is_over(over) and FOUR.forced(over) is None


def test_every_player_passing_in_a_row_ends_the_game() -> None:
    state = table(["rrr...", "yyy...", "kk....", "......", "......", "rrryyy"],
                  black=(20, 14), pool=0)  # fmt: skip
    state = apply_move(FOUR, state, PASS)
    state = apply_move(FOUR, state, PASS)
    assert FOUR.is_over(state) and FOUR.to_move(state) is None
    assert FOUR.outcome(state).winners == ["Ann"]
    assert state.ruling == "Bo passed. Every player passed in a row. Game over: Ann wins with 20."
    assert support.refusal_of(FOUR, state, PASS).code == "game-over"


def test_a_placement_between_passes_starts_the_count_again() -> None:
    # Ann has nothing; Bo still holds a yellow piece.
    state = table(["rrr...", "yy....", "kk....", "......", "......", "rrryyy"],
                  black=(20, 14), pool=0)  # fmt: skip
    state = apply_move(FOUR, state, PASS)
    state = apply_move(FOUR, state, place(4, 4))
    assert state.passes == 0
    state = apply_move(FOUR, state, PASS)
    state = apply_move(FOUR, state, PASS)
    assert FOUR.is_over(state)


def test_the_game_ends_when_every_black_piece_is_captured() -> None:
    state = table(["......", ".yk...", "......", "......", "......", "......"],
                  black=(20, 15), pool=0)  # fmt: skip
    after = apply_move(FOUR, state, place(1, 3))  # the last black piece
    assert after.black == (21, 15) and FOUR.is_over(after)
    assert after.ruling.endswith("Every black piece is captured. Game over: Ann wins with 21.")
    assert FOUR.outcome(after).winners == ["Ann"]


def test_most_black_pieces_wins_and_ties_share() -> None:
    state = table(["......", ".yk...", "......", "......", "......", "......"],
                  black=(17, 18), pool=0)  # fmt: skip
    after = apply_move(FOUR, state, place(1, 3))
    assert FOUR.outcome(after).winners == ["Ann", "Bo"]
    assert after.ruling.endswith("Game over: Ann and Bo share the win with 18.")


def test_winners_are_empty_until_the_game_is_over() -> None:
    assert FOUR.outcome(play(*OPENING, *BLACKS, DOUBLE)).winners == []


def test_players_two_to_six_and_no_options() -> None:
    assert (FOUR.MIN_PLAYERS, FOUR.MAX_PLAYERS, FOUR.OPTIONS) == (2, 6, ())


# --- Every game: checked entries -----------------------------------------------------------------


def test_a_player_not_at_the_table_is_refused() -> None:
    assert refused(place(0, 0, player="Dee")).code == "unknown-player"
    assert refused(place(0, 0, player=7)).code == "unknown-player"


@pytest.mark.parametrize(
    ("cell", "code"),
    [
        ([6, 0], "off-board"),
        ([-1, 0], "off-board"),
        ([10**100, 10**100], "off-board"),
        ([0], "bad-cell"),
        ([0, 0, 0], "bad-cell"),
        ([False, 0], "bad-cell"),
        ([0.5, 0], "bad-cell"),
        (["0", "0"], "bad-cell"),
        ("\x00", "bad-cell"),
        (None, "bad-cell"),
    ],
)
def test_a_square_that_is_not_on_the_board_is_refused(cell: object, code: str) -> None:
    error = refused({"type": "place", "cell": cell})
    assert error.code == code
    assert "\x00" not in error.message and len(error.message) < 200


def test_an_unknown_move_is_refused_with_the_moves_of_the_game() -> None:
    error = refused({"type": "roll", "dice": ["1"]})
    assert error.code == "unknown-move"
    assert error.message == 'Six D Four has no move "roll" (moves: pass, place).'


def test_a_refused_move_leaves_the_state_as_it_was() -> None:
    state = play(*OPENING[:3])
    for move in (place(2, 1), place(9, 9), PASS, {"type": "place"}, place(0, 0, player="Ann")):
        support.refusal_of(FOUR, state, move)


# --- Contract: moves in words, random play, the play page ----------------------------------------


def test_moves_in_words() -> None:
    assert describe_move(FOUR, place(2, 3, player="Bo")) == "Bo's placement at row 3, column 4"
    assert describe_move(FOUR, {"type": "pass", "player": "Ann"}) == "Ann's pass"


def test_choices_are_every_empty_square() -> None:
    state = play(*OPENING[:3])
    listed = sixd_four.choices(state)
    assert len(listed) == 33 and place(0, 0) in listed and place(2, 1) not in listed
    game = get_game("sixd-four")
    assert game.table_entry(state) is None and game.dice_to_roll(state) is None


def form(**fields: str) -> MultiDict:
    return MultiDict(fields)


def test_a_tapped_square_posts_row_and_column_and_pass_is_a_button() -> None:
    state = play()
    assert FOUR.read_form(state, form(action="place", cell="2,3")) == [place(2, 3)]
    assert FOUR.read_form(state, form(action="pass")) == [PASS]
    for bad in ("", "1", "a,b", "-1,2", "١,٢"):
        with pytest.raises(RuleViolation) as refusal:
            FOUR.read_form(state, form(action="place", cell=bad))
        assert refusal.value.code == "bad-cell"


def test_the_view_shows_the_board_whose_piece_is_next_and_the_captures() -> None:
    view = FOUR.view(play(*OPENING, *BLACKS, DOUBLE))
    assert (view.phase, view.side, view.to_move, view.piece, view.piece_name) == (
        "place", 6, "Bo", "y", "yellow"
    )  # fmt: skip
    assert not view.may_pass and view.pool == 34 and view.black_on_board == 1
    assert view.rows[2][2] == sixd_four.Square((2, 2), "r", "Ann")
    assert view.rows[0][0] == sixd_four.Square((0, 0))
    assert view.seats[0] == sixd_four_page.SeatView("Ann", "r", 0, 6, 1, False)
    assert view.seats[1] == sixd_four_page.SeatView("Bo", "y", 1, 5, 0, True)
    assert view.captured == ((2, 3), (3, 2))
    assert view.last_words.endswith("(Ann keeps it).")
    hash(view)


def test_the_view_previews_what_the_next_piece_captures_on_each_empty_square() -> None:
    state = play(*OPENING, *BLACKS)
    view = FOUR.view(state)
    assert [p.cell for p in view.previews] == list(state.empty())
    by_cell = {p.cell: p for p in view.previews}
    double = by_cell[sixd_four_text.DOUBLE]
    assert double.captured == ((2, 3), (3, 2)) and double.words.endswith("(Ann keeps it).")
    assert by_cell[(0, 0)] == sixd_four.PlacePreview(
        (0, 0), "Ann's red piece at row 1, column 1: no capture.", ()
    )
    assert sixd_four.preview(state, (0, 0)).colour == "r"
    assert play(*OPENING, *BLACKS) == state  # a preview changes nothing
    with pytest.raises(RuleViolation):
        sixd_four.preview(state, sixd_four_text.BLACKS[0])
    assert [sq.label for sq in view.rows[2][1:4]] == [
        "Ann’s red piece", "empty square", "Bo’s yellow piece"
    ]  # fmt: skip


def test_the_view_of_a_black_placement_and_of_the_end() -> None:
    view = FOUR.view(play(*OPENING))
    assert (view.piece, view.piece_name, view.last_words) == (
        "k", "black", "Bo's yellow piece at row 5, column 2: no capture."
    )  # fmt: skip
    state = table(["rrr...", "yyy...", "kk....", "......", "......", "rrryyy"],
                  black=(20, 14), pool=0)  # fmt: skip
    state = apply_move(FOUR, apply_move(FOUR, state, PASS), PASS)
    over = FOUR.view(state)
    assert (over.phase, over.to_move, over.piece, over.may_pass) == ("over", None, None, False)


def test_player_notes_show_each_colour_and_the_pieces_in_hand() -> None:
    assert FOUR.player_notes(play(place(0, 0))) == {
        "Ann": "red · 5 in hand",
        "Bo": "yellow · 6 in hand",
    }


# --- referee replay --json -----------------------------------------------------------------------


def test_replay_json_reports_black_captured(tmp_path, capsys) -> None:
    players = ["Ann", "Bo"]
    moves = [{**m, "player": players[i % 2]} for i, m in enumerate([*OPENING, *BLACKS, DOUBLE])]
    log = {"format": "referee-log/1", "game": "sixd-four", "players": players, "moves": moves}
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "sixd-four",
        "over": False,
        "scores": {"Ann": 1, "Bo": 0},
        "winners": [],
        "to_move": "Bo",
        "moves_applied": 15,
        "error": None,
    }
    log["moves"].append(PASS)
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == {
        "move": 15,
        "code": "must-place",
        "message": "A pass is only for a player with nothing to place: Bo holds 1 yellow piece.",
    }
