"""Six D One: one test per ruling in docs/rulings.md ("The Six D games", "Every game"),
the move formats of docs/gamelog.md, bad input, the play page's form and view, and the CLI."""

from __future__ import annotations

import json
from functools import partial

import pytest
from werkzeug.datastructures import MultiDict

from referee.cli import main
from referee.core.engine import RuleViolation, SetupError
from referee.core.moves import apply_move, describe_move, resolve_options
from referee.games import get_game
from referee.games.sixd_one import page as sixd_one_page
from referee.games.sixd_one import rules as sixd_one
from referee.log import GameLog, replay
from tests.engine import support

ONE = get_game("sixd-one")
ABC = ("Ann", "Bo", "Cy")
AB = ("Ann", "Bo")

# The seed's scoring example on a board for three players: Ann's groups 1 3 5 / 2 6 / 4 (47),
# Bo's 3 4 3 2 / 2 6 (64), Cy's 2 1 5 6 3 3 (120).
SEED_BOARD = [
    ["2", "1", "5", "6", "3", "3"],
    ["1", "3", "4", "3", "2", "2"],
    ["3", None, None, None, None, "6"],
    ["5", None, "2", "6", "4", None],
]
SEED_COVERS = {
    "Ann": [(1, 0), (2, 0), (3, 0), (1, 5), (2, 5), (3, 4)],
    "Bo": [(1, 1), (1, 2), (1, 3), (1, 4), (3, 2), (3, 3)],
    "Cy": [(0, c) for c in range(6)],
}
# A board for two players: two rows of six.
TWO_ROWS = [["1", "2", "3", "4", "5", "6"], ["6", "5", "4", "3", "2", "1"]]


def board(rows: list, **extra: object) -> dict:
    return {"type": "board", "board": rows, **extra}


def place(row: int, col: int, **extra: object) -> dict:
    return {"type": "place", "cell": [row, col], **extra}


def seed_round(takes: tuple[str, ...] = ("Bo", "Cy", "Ann")) -> list[dict]:
    """The board of the seed's example and its placements in playing order: the round's
    first, second and third placer cover the cells of the seed's ``takes[0]``, ``takes[1]``
    and ``takes[2]`` (in round 1 Bo, Cy and Ann place, so by default each gets their own)."""
    moves = [board(SEED_BOARD)]
    for n in range(6):
        moves += [place(*SEED_COVERS[name][n]) for name in takes]
    return moves


def two_row_round(first: str = "Bo") -> list[dict]:
    """A two-player round on TWO_ROWS: the first placer takes row 1, the other row 2."""
    other = "Ann" if first == "Bo" else "Bo"
    cells = {first: [(0, c) for c in range(6)], other: [(1, c) for c in range(6)]}
    moves = [board(TWO_ROWS)]
    for n in range(6):
        moves += [place(*cells[first][n]), place(*cells[other][n])]
    return moves


play = partial(support.play, "sixd-one", players=ABC)
refused = partial(support.refused, "sixd-one", players=ABC)
play2 = partial(support.play, "sixd-one", players=AB)
refused2 = partial(support.refused, "sixd-one", players=AB)


# --- The board ---------------------------------------------------------------------------------


def test_the_board_has_six_black_dice_per_player() -> None:
    state = play(board(SEED_BOARD))
    assert len(state.board.cells()) == 18
    short = [row[:] for row in SEED_BOARD]
    short[3][4] = None
    error = refused(board(short))
    assert error.code == "wrong-dice-count"
    assert error.message == (
        "The board holds 18 dice, six for each of the 3 players, but 17 were entered."
    )
    assert refused2(board(SEED_BOARD)).code == "wrong-dice-count"


def test_every_board_die_touches_another_orthogonally() -> None:
    rows = [["1", "2", "3", "4", "5", "6"], ["6", "1", "2", "3", "4", None], [None] * 5 + ["6"]]
    error = refused2(board(rows))  # the last 6 meets the 4 above it only at a corner
    assert error.code == "lone-die"
    assert error.message == "A board die must touch another: the 6 at row 3, column 6 stands alone."


def test_a_board_in_pieces_is_laid_out_when_no_die_stands_alone() -> None:
    rows = [["1", "2", None, "3", "4"], ["5", "6", None, "1", "2"], ["3", "4", None, "5", "6"]]
    assert play2(board(rows)).board is not None


def test_board_dice_are_black_entered_by_value() -> None:
    black = [[f"{d}k" for d in row] for row in TWO_ROWS]
    assert play2(board(black)).board == play2(board(TWO_ROWS)).board
    coloured = [row[:] for row in TWO_ROWS]
    coloured[1][2] = "4r"
    error = refused2(board(coloured))
    assert error.code == "black-dice-only"
    assert (
        error.message == "The board's dice are black: the 4 at row 2, column 3 is entered as red."
    )


def test_the_rounds_roller_lays_out_the_board() -> None:
    state = play()
    assert ONE.to_move(state) == "Ann"
    assert refused(board(SEED_BOARD, player="Bo")).code == "wrong-player"
    assert play(board(SEED_BOARD, player="Ann")).board is not None


def test_a_board_is_laid_out_once_a_round() -> None:
    error = refused(board(SEED_BOARD), board(SEED_BOARD))
    assert error.code == "board-laid"
    assert error.message == "The board of round 1 is already laid out: Bo to place."


# --- Covering ----------------------------------------------------------------------------------


def test_placing_starts_left_of_the_rounds_roller() -> None:
    state = play(board(SEED_BOARD))
    assert ONE.to_move(state) == "Bo"
    assert state.ruling == "Ann laid out the board of round 1: Bo places first."
    assert refused(board(SEED_BOARD), place(0, 0, player="Ann")).code == "wrong-player"


def test_players_cover_one_free_board_die_each_in_turn() -> None:
    state = play(board(SEED_BOARD), place(1, 1), place(0, 0))
    assert state.covers == (((1, 1), 1), ((0, 0), 2))
    assert ONE.to_move(state) == "Ann"
    assert state.ruling == (
        "Cy covered the 2 at row 1, column 1: a lone 2. Cy's dice score 2 this round; Ann to place."
    )


def test_a_covered_die_is_refused_naming_who_covered_it() -> None:
    error = refused(board(SEED_BOARD), place(1, 2), place(1, 2))
    assert (error.code, error.message) == ("covered", "That 4 is already covered by Bo.")


def test_the_die_placed_shows_the_board_dies_number() -> None:
    assert play(board(SEED_BOARD), place(1, 2, die="4")).covers == (((1, 2), 1),)
    assert play(board(SEED_BOARD), place(1, 2, die="4y")).covers == (((1, 2), 1),)
    error = refused(board(SEED_BOARD), place(1, 2, die="3"))
    assert error.code == "wrong-number"
    assert error.message == "The die at row 2, column 3 shows 4: Bo covers it with a 4, not 3."
    error = refused(board(SEED_BOARD), place(1, 2, die="4r"))
    assert (error.code, error.message) == ("wrong-colour", "Bo plays the yellow dice, not red.")
    assert refused(board(SEED_BOARD), place(1, 2, die="K4")).code == "wrong-number"
    assert refused(board(SEED_BOARD), place(1, 2, die="9")).code == "bad-die"
    assert refused(board(SEED_BOARD), place(1, 2, die=4)).code == "bad-die"


def test_an_empty_cell_cannot_be_covered() -> None:
    error = refused(board(SEED_BOARD), place(2, 1))
    assert (error.code, error.message) == ("no-die", "There is no board die at row 3, column 2.")


def test_placing_before_the_board_is_laid_out_is_refused() -> None:
    error = refused(place(0, 0))
    assert error.code == "board-first"
    assert error.message == "Ann lays out the board of round 1 before anyone places."


@pytest.mark.parametrize(
    ("cell", "code"),
    [
        ([4, 0], "off-board"),
        ([0, 6], "off-board"),
        ([-1, 0], "off-board"),
        ([10**100, 0], "off-board"),
        ([0], "bad-cell"),
        ([0, 0, 0], "bad-cell"),
        ([True, 0], "bad-cell"),
        ([0.0, 0], "bad-cell"),
        (["0", "0"], "bad-cell"),
        ("0,0", "bad-cell"),
        ("\x00", "bad-cell"),
        (None, "bad-cell"),
        ({"row": 0, "col": 0}, "bad-cell"),
    ],
)
def test_a_cell_that_is_not_on_the_board_is_refused(cell: object, code: str) -> None:
    error = refused(board(SEED_BOARD), {"type": "place", "cell": cell})
    assert error.code == code
    assert "\x00" not in error.message and len(error.message) < 200


# --- Scoring -----------------------------------------------------------------------------------


def test_each_group_scores_its_pips_times_its_dice() -> None:
    """The seed's example: 9 x 3 + 8 x 2 + 4 = 47; 12 x 4 + 8 x 2 = 64; 20 x 6 = 120."""
    state = play(*seed_round())
    assert ONE.outcome(state).scores == {"Ann": 47, "Bo": 64, "Cy": 120}
    assert [(r.player, r.points, r.total) for r in ONE.turn_records(state)] == [
        ("Ann", 47, 47),
        ("Bo", 64, 64),
        ("Cy", 120, 120),
    ]
    assert state.ruling.startswith(
        "Ann covered the last die, a 4. Round 1 scores Ann 47, Bo 64, Cy 120. "
        "Bo rolls 18 black dice"
    )


def test_the_seeds_groups_are_found_on_the_board() -> None:
    state = play(*seed_round()[:-1])
    covers = (*state.covers, ((3, 4), 0))
    groups = {
        name: sorted(sixd_one.player_groups(state.board, covers, seat))
        for seat, name in enumerate(ABC)
    }
    assert groups == {
        "Ann": [[1, 3, 5], [2, 6], [4]],
        "Bo": [[2, 6], [3, 4, 3, 2]],
        "Cy": [[2, 1, 5, 6, 3, 3]],
    }


def test_dice_that_meet_at_a_corner_are_separate_groups() -> None:
    # Bo takes row 1 columns 1, 3, 5 and row 2 columns 2, 4, 6: a chequerboard, no two touching.
    cells = {"Bo": [(0, 0), (1, 1), (0, 2), (1, 3), (0, 4), (1, 5)]}
    cells["Ann"] = [(r, c) for r in range(2) for c in range(6) if (r, c) not in cells["Bo"]]
    moves = [board(TWO_ROWS)]
    for n in range(6):
        moves += [place(*cells["Bo"][n]), place(*cells["Ann"][n])]
    scores = ONE.outcome(play2(*moves)).scores
    assert scores == {"Ann": 2 + 4 + 6 + 6 + 4 + 2, "Bo": 1 + 3 + 5 + 5 + 3 + 1}  # each alone


def test_scores_are_running_totals_of_finished_rounds_and_the_round_being_played() -> None:
    round_two = [*seed_round(), board(SEED_BOARD), place(0, 0), place(0, 1)]  # Cy 2, Ann 1
    assert ONE.outcome(play(*round_two)).scores == {"Ann": 47 + 1, "Bo": 64, "Cy": 120 + 2}
    state = play(*round_two, place(1, 0))  # Bo's 1 joins no die of Bo's
    assert ONE.outcome(state).scores == {"Ann": 48, "Bo": 65, "Cy": 122}
    state = play(*round_two, place(1, 0), place(0, 2))  # Cy's 5 next to Cy's 2 (not Ann's 1)
    assert ONE.outcome(state).scores["Cy"] == 120 + 2 + 5


def test_the_live_score_of_a_group_grows_with_each_die() -> None:
    state = play(board(SEED_BOARD), place(1, 1), place(3, 0), place(2, 0), place(1, 2))
    assert state.ruling == (
        "Bo covered the 4 at row 2, column 3: a group of 2 worth 7 × 2 = 14. Bo's dice score "
        "14 this round; Cy to place."
    )


# --- Rounds and the end ------------------------------------------------------------------------


def test_each_player_places_six_dice_a_round_one_at_a_time_round_the_table() -> None:
    moves = seed_round()
    state = play(moves[0])
    order = []
    for move in moves[1:-1]:
        order.append(ONE.to_move(state))
        state = apply_move(ONE, state, move)
    assert order == ["Bo", "Cy", "Ann"] * 5 + ["Bo", "Cy"]
    assert ONE.player_notes(state) == {
        "Ann": "rolled the board · 1 to place",
        "Bo": "0 to place",
        "Cy": "0 to place",
    }


def test_the_round_is_scored_when_the_board_is_full() -> None:
    moves = seed_round()
    before = play(*moves[:-1])
    assert ONE.turns_done(before) == 0 and not ONE.turn_records(before)
    after = play(*moves)
    assert ONE.turns_done(after) == 1 and after.board is None and after.round == 1


def test_each_player_rolls_the_board_once_per_game_by_default() -> None:
    rolled = []
    moves: list[dict] = []
    for first in ("Bo", "Ann"):  # round 1 rolled by Ann, round 2 by Bo
        rolled.append(ONE.to_move(play2(*moves)))
        moves += two_row_round(first)
    state = play2(*moves)
    assert rolled == ["Ann", "Bo"]
    assert ONE.is_over(state) and ONE.to_move(state) is None
    assert ONE.outcome(state).scores == {"Ann": 21 * 6 * 2, "Bo": 21 * 6 * 2}
    assert refused2(*moves, board(TWO_ROWS)).code == "game-over"


def test_rounds_per_player_runs_from_one_to_three() -> None:
    option = {o.name: o for o in ONE.OPTIONS}["rounds_per_player"]
    assert (option.default, option.minimum, option.maximum) == (1, 1, 3)
    for n in (1, 2, 3):
        assert ONE.start(AB, resolve_options(ONE, {"rounds_per_player": n})).rounds == 2 * n
    for bad in (0, 4, True, "2"):
        with pytest.raises(SetupError):
            resolve_options(ONE, {"rounds_per_player": bad})


def test_the_next_round_is_rolled_by_the_next_seat_and_placing_starts_left_of_it() -> None:
    state = play2(*two_row_round("Bo"), rounds_per_player=2)
    assert ONE.to_move(state) == "Bo"
    state = play2(*two_row_round("Bo"), board(TWO_ROWS), rounds_per_player=2)
    assert ONE.to_move(state) == "Ann"
    assert state.ruling == "Bo laid out the board of round 2: Ann places first."


def test_players_two_to_six() -> None:
    assert (ONE.MIN_PLAYERS, ONE.MAX_PLAYERS) == (2, 6)


def test_ties_share_the_win() -> None:
    state = play2(*two_row_round("Bo"), *two_row_round("Ann"))
    result = ONE.outcome(state)
    assert result.winners == ["Ann", "Bo"]
    assert state.ruling.endswith("Game over: Ann and Bo share the win with 252.")


def test_the_highest_total_wins() -> None:
    # Round 2 is placed by Cy, Ann, Bo; round 3 by Ann, Bo, Cy.
    moves = seed_round() + seed_round(("Ann", "Bo", "Cy")) + seed_round(("Cy", "Ann", "Bo"))
    assert ONE.outcome(play(*moves)).winners == ["Ann", "Bo", "Cy"]  # 231 each
    moves = seed_round() + seed_round(("Ann", "Bo", "Cy")) + seed_round(("Bo", "Ann", "Cy"))
    result = ONE.outcome(play(*moves))
    assert result.scores == {"Ann": 47 + 64 + 64, "Bo": 64 + 120 + 47, "Cy": 120 + 47 + 120}
    assert result.winners == ["Cy"]


def test_winners_are_empty_until_the_game_is_over() -> None:
    result = ONE.outcome(play(*seed_round()))
    assert not result.over and result.winners == []


# --- Every game: checked entries ---------------------------------------------------------------


def test_a_player_not_at_the_table_is_refused() -> None:
    assert refused(board(SEED_BOARD, player="Dee")).code == "unknown-player"


@pytest.mark.parametrize("die", ["7", "0", "K3", "3x", "", "33", "\x00"])
def test_a_board_die_outside_one_to_six_is_refused(die: str) -> None:
    rows = [row[:] for row in SEED_BOARD]
    rows[0][0] = die
    assert refused(board(rows)).code == "bad-die"


def test_an_unknown_move_is_refused_with_the_moves_of_the_game() -> None:
    error = refused({"type": "roll", "dice": ["1"]})
    assert error.code == "unknown-move"
    assert error.message == 'Six D One has no move "roll" (moves: board, place).'


def test_a_refused_move_leaves_the_state_as_it_was() -> None:
    state = play(board(SEED_BOARD), place(0, 0))
    for move in (place(0, 0), place(9, 9), board(SEED_BOARD), place(0, 1, die="6")):
        support.refusal_of(ONE, state, move)


# --- Contract: moves in words, random play, the play page ---------------------------------------


def test_a_placement_is_described_with_its_cell_counted_from_one() -> None:
    assert describe_move(ONE, place(1, 4, player="Bo")) == "Bo's placement at row 2, column 5"
    assert describe_move(ONE, board(SEED_BOARD, player="Ann")) == "Ann's board"
    assert describe_move(ONE, {"type": "place", "cell": [10**9, 0]}) == "the placement"


def test_the_table_enters_a_board_of_six_dice_per_player_before_any_choice() -> None:
    state = play()
    assert sixd_one.table_entry(state) == sixd_one.BoardEntry("board", "board", 18)
    assert sixd_one.choices(state) == [] and sixd_one.dice_to_roll(state) is None
    state = play(board(SEED_BOARD), place(0, 0))
    assert sixd_one.table_entry(state) is None
    free = sixd_one.choices(state)
    assert len(free) == 17 and place(0, 0) not in free and free[0] == place(0, 1)


def form(**fields: str) -> MultiDict:
    return MultiDict(fields)


def test_the_board_is_typed_row_by_row_with_0_for_an_empty_cell() -> None:
    moves = ONE.read_form(play(), form(action="board", board="215633/134322\n300006/5 0264 0"))
    assert moves == [{"type": "board", "board": SEED_BOARD}]
    assert play(*moves).board is not None


@pytest.mark.parametrize("typed", ["", "  /  ", "2157", "12a", "1²", "x" * 5000, "\x00"])
def test_a_typed_board_with_anything_but_digits_is_refused(typed: str) -> None:
    state = play()
    try:
        moves = ONE.read_form(state, form(action="board", board=typed))
    except RuleViolation as refusal:
        assert refusal.code in ("bad-board", "bad-die", "board-too-big")
    else:
        assert support.refusal_of(ONE, state, moves[0]).code == "wrong-dice-count"


def test_a_tapped_cell_posts_row_and_column() -> None:
    state = play(board(SEED_BOARD))
    assert ONE.read_form(state, form(action="place", cell="1,4")) == [place(1, 4)]
    for bad in ("", "1", "1,", "a,b", "-1,2", "1,2,3", "١,٢", "9" * 10 + ",1"):
        with pytest.raises(RuleViolation) as refusal:
            ONE.read_form(state, form(action="place", cell=bad))
        assert refusal.value.code == "bad-cell"


def test_the_view_draws_the_board_with_each_covered_die_in_its_players_colour() -> None:
    view = ONE.view(play(board(SEED_BOARD), place(1, 2), place(0, 0)))
    assert (view.phase, view.round, view.rounds, view.roller, view.to_move) == (
        "place", 1, 3, "Ann", "Ann"
    )  # fmt: skip
    assert len(view.rows) == 4 and len(view.rows[0]) == 6 and view.rows[2][1] is None
    assert view.rows[1][2] == sixd_one.Spot((1, 2), 4, "Bo", "y")
    assert view.rows[0][0] == sixd_one.Spot((0, 0), 2, "Cy", "g")
    assert view.rows[0][1] == sixd_one.Spot((0, 1), 1)
    seats = {s.name: s for s in view.seats}
    assert seats["Bo"] == sixd_one_page.SeatView("Bo", "y", 4, 4, 5, False, False)
    assert seats["Ann"].roller and seats["Ann"].to_move and seats["Ann"].to_place == 6
    hash(view)


def test_the_view_before_the_board_and_after_the_game() -> None:
    assert ONE.view(play()).phase == "board" and ONE.view(play()).rows == ()
    assert ONE.view(play()).dice_each == 6  # the board entry's dice per player
    over = ONE.view(play2(*two_row_round("Bo"), *two_row_round("Ann")))
    assert (over.phase, over.round, over.to_move) == ("over", 2, None)
    assert not any(s.roller or s.to_move for s in over.seats)


# --- referee replay --json ---------------------------------------------------------------------


def test_replay_json_reports_the_running_totals(tmp_path, capsys) -> None:
    log = {
        "format": "referee-log/1",
        "game": "sixd-one",
        "players": list(ABC),
        "moves": [*seed_round(), board(SEED_BOARD), place(0, 0), place(0, 1, player="Ann")],
    }
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "sixd-one",
        "over": False,
        "scores": {"Ann": 48, "Bo": 64, "Cy": 122},
        "winners": [],
        "to_move": "Bo",
        "moves_applied": 22,
        "error": None,
    }
    log["moves"].append(place(0, 1))
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"] == {
        "move": 22,
        "code": "covered",
        "message": "That 1 is already covered by Ann.",
    }
    log["options"] = {"rounds_per_player": 4}
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 2
    assert "between 1 and 3" in capsys.readouterr().err


def test_a_log_replays_to_the_same_state_as_the_moves() -> None:
    log = GameLog("sixd-one", ABC, {}, tuple(seed_round()))
    assert replay(log).state == play(*seed_round())


def test_the_help_texts_example_is_the_seeds_scoring() -> None:
    steps = ONE.TEXT.example[1:]  # after the drawn board
    assert [s.captions for s in steps] == [
        ("9 × 3 = 27", "8 × 2 = 16", "4 × 1 = 4"),
        ("12 × 4 = 48", "8 × 2 = 16"),
        ("20 × 6 = 120",),
    ]
    assert "<b>47</b>" in steps[0].text and "<b>64</b>" in steps[1].text
    assert steps[0].dice[0] == ("1r", "3r", "5r")


# --- Setup, for undo ---------------------------------------------------------------------------


def test_each_rounds_board_is_setup_and_the_placements_are_play() -> None:
    moves = (*two_row_round("Bo"), *two_row_round("Ann")[:2])
    found = support.setups("sixd-one", *moves, rounds_per_player=1)
    assert [n for n, setup in enumerate(found) if setup] == [0, 13]
