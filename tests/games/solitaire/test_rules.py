"""Solitaire Dice, one test per ruling in docs/rulings.md (section solitaire, and "Every game")."""

from __future__ import annotations

from functools import partial
from itertools import permutations

import pytest

from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.solitaire import rules as solitaire
from referee.games.solitaire.rules import Sheet, row_score
from referee.log import GameLog, loads, replay
from tests.engine import support
from tests.engine.support import SEEDS, roll

SOL = get_game("solitaire")
SOLO = SEEDS / "solitaire-solo.json"
SHARED = SEEDS / "solitaire-shared.json"
ANN, ANN_BO = ("Ann",), ("Ann", "Bo")


def assign(player: str | None, first: str, second: str, throwaway: str) -> dict:
    """An assign move: assign("Ann", "1 5", "1 6", "3"); no player when ``player`` is None."""
    move = {"type": "assign", "pairs": [first.split(), second.split()], "throwaway": throwaway}
    return move if player is None else {**move, "player": player}


# play(*moves, players=ANN) -> state; refused(...) -> Rejection: see support.
play = partial(support.play, "solitaire", players=ANN)
refused = partial(support.refused, "solitaire", players=ANN)


def marks(sheet: Sheet) -> dict[int, int]:
    """The sheet's marked rows only: {sum: marks}."""
    return {t: m for t in range(2, 13) if (m := sheet.marks_for(t))}


def throwaways(sheet: Sheet) -> dict[int, int]:
    """The sheet's throwaway column: {value: marks}."""
    return dict(sheet.throwaways)


# Ann chooses her three throwaways 1, 2 and 3 (pairs 2+2 and 2+2 each time: sum 4 twice).
THREE_CHOSEN = [
    roll("1 2 2 2 2"),
    assign("Ann", "2 2", "2 2", "1"),
    roll("2 2 2 2 2"),
    assign("Ann", "2 2", "2 2", "2"),
    roll("3 2 2 2 2"),
    assign("Ann", "2 2", "2 2", "3"),
]


def one_throwaway(count: int, dice: str = "1 1 1 1 6", *, player: str = "Ann") -> list[dict]:
    """``count`` rolls of ``dice`` (four 1s and a 6), the 6 thrown away: 2 and 2 each time."""
    return [m for _ in range(count) for m in (roll(dice), assign(player, "1 1", "1 1", "6"))]


# --- Splitting the roll --------------------------------------------------------------------


def test_pairs_mark_their_sums_and_throwaway_marks_its_value() -> None:
    state = play(roll("1 1 3 5 6"), assign("Ann", "1 5", "1 6", "3"))  # Example A
    sheet = state.sheet_of("Ann")
    assert marks(sheet) == {6: 1, 7: 1}
    assert throwaways(sheet) == {3: 1} and sheet.chosen == (3,)
    assert sheet.total == -400 and not sheet.closed
    assert (
        state.ruling
        == "Ann: 6 and 7, throw away 3 (new throwaway) — 1 of 8; −400, total −400. Roll again."
    )
    assert solitaire.dice_to_roll(state) == 5 and solitaire.waiting_for(state) == []


def test_pair_order_and_die_order_do_not_matter() -> None:
    one = play(roll("6 5 3 1 1"), assign("Ann", "1 6", "5 1", "3")).sheet_of("Ann")
    other = play(roll("1 1 3 5 6"), assign("Ann", "5 1", "6 1", "3")).sheet_of("Ann")
    assert one == other


def test_at_most_three_throwaway_values() -> None:
    state = play(*THREE_CHOSEN)
    assert state.sheet_of("Ann").chosen == (1, 2, 3)
    error = refused(*THREE_CHOSEN, roll("1 4 4 4 4"), assign("Ann", "1 4", "4 4", "4"))
    assert (error.code, error.message) == (
        "illegal-throwaway",
        "Ann already uses three throwaways (1, 2, 3) and this roll holds one: "
        "the 4 cannot be thrown away.",
    )
    state = play(*THREE_CHOSEN, roll("1 4 4 4 4"), assign("Ann", "4 4", "4 4", "1"))
    assert throwaways(state.sheet_of("Ann")) == {1: 2, 2: 1, 3: 1}


def test_throwaway_must_be_a_chosen_one_when_the_roll_holds_one() -> None:
    turn = [*THREE_CHOSEN, roll("3 4 4 5 6")]
    for thrown, first, second in (("4", "3 4", "5 6"), ("5", "3 4", "4 6"), ("6", "3 4", "4 5")):
        error = refused(*turn, assign("Ann", first, second, thrown))
        assert error.code == "illegal-throwaway"
        assert f"the {thrown} cannot be thrown away" in error.message
    state = play(*turn, assign("Ann", "4 4", "5 6", "3"))
    assert throwaways(state.sheet_of("Ann")) == {1: 1, 2: 1, 3: 2}
    choices = solitaire.splits(play(*turn).sheet_of("Ann"), play(*turn).roll)
    assert choices and {s.throwaway for s in choices} == {3}
    assert not any(s.free_ride for s in choices)


@pytest.mark.parametrize(
    ("first", "second", "dropped"),
    [("4 4", "5 5", "6"), ("4 5", "5 6", "4"), ("4 6", "4 5", "5")],
)
def test_free_ride_when_the_roll_holds_none_of_the_three(
    first: str, second: str, dropped: str
) -> None:
    turn = [*THREE_CHOSEN, roll("4 4 5 5 6")]
    before = play(*turn).sheet_of("Ann")
    state = play(*turn, assign("Ann", first, second, dropped))
    sheet = state.sheet_of("Ann")
    sums = sorted(sum(map(int, pair.split())) for pair in (first, second))
    expected = dict(marks(before))
    for total in sums:
        expected[total] = expected.get(total, 0) + 1
    assert marks(sheet) == expected  # the pairs are scored
    assert sheet.throwaways == before.throwaways  # the dropped die is not marked
    assert f"free ride (no 1, 2, 3 rolled: the {dropped} is dropped unmarked)" in state.ruling
    splits = solitaire.splits(before, play(*turn).roll)
    assert splits and all(s.free_ride for s in splits)
    # The five dice must still be the roll.
    error = refused(*turn, assign("Ann", "4 4", "5 5", "1"))
    assert error.code == "die-not-rolled"


def test_eighth_throwaway_mark_closes_the_sheet_and_pairs_still_count() -> None:
    seven = play(*one_throwaway(7))
    assert throwaways(seven.sheet_of("Ann")) == {6: 7} and not seven.sheet_of("Ann").closed
    state = play(*one_throwaway(7), roll("1 1 2 3 6"), assign("Ann", "1 2", "1 3", "6"))
    sheet = state.sheet_of("Ann")
    assert sheet.closed and throwaways(sheet) == {6: 8}
    assert marks(sheet) == {2: 14, 3: 1, 4: 1}
    assert sheet.total == 500 - 200 - 200
    assert "The 8th 6 closes Ann's sheet at 100." in state.ruling


def test_closed_sheet_is_skipped_on_later_rolls() -> None:
    # Ann throws away the 6 every time and closes on roll 8; Bo throws away the 1 seven
    # times (2 and 7), then the 6, and stays open.
    moves: list[dict] = []
    for n in range(8):
        moves += [roll("1 1 1 1 6"), assign("Ann", "1 1", "1 1", "6")]
        moves.append(assign("Bo", "1 1", "1 1", "6") if n == 7 else assign("Bo", "1 1", "1 6", "1"))
    state = play(*moves, players=ANN_BO)
    ann = state.sheet_of("Ann")
    assert ann.closed and not state.sheet_of("Bo").closed
    later = [*moves, roll("2 2 3 4 5")]
    state = play(*later, players=ANN_BO)
    assert solitaire.waiting_for(state) == ["Bo"]
    assert state.ruling == "Roll 9: 2 2 3 4 5 — split it into two pairs and a throwaway."
    assert {m["player"] for m in solitaire.choices(state)} == {"Bo"}
    error = refused(*later, assign("Ann", "2 2", "3 4", "5"), players=ANN_BO)
    assert (error.code, error.message) == (
        "sheet-closed",
        "Ann's sheet is closed: it takes no more marks.",
    )
    state = play(*later, assign("Bo", "2 2", "3 4", "5"), players=ANN_BO)
    assert state.sheet_of("Ann") == ann
    assert solitaire.dice_to_roll(state) == 5  # Bo alone was waited for


# --- Scoring -------------------------------------------------------------------------------

VALUES = [(2, 100), (3, 70), (4, 60), (5, 50), (6, 40), (7, 30)]
VALUES += [(8, 40), (9, 50), (10, 60), (11, 70), (12, 100)]


@pytest.mark.parametrize(("total", "value"), VALUES)
@pytest.mark.parametrize(
    ("count", "flat", "times"),  # a row is worth flat + value x times
    [(0, 0, 0), (1, -200, 0), (4, -200, 0), (5, 0, 0), (6, 0, 1), (10, 0, 5), (11, 0, 5)],
)
def test_row_values_at_0_1_4_5_6_10_11_marks(
    total: int, value: int, count: int, flat: int, times: int
) -> None:
    expected = flat + value * times
    assert row_score(total, count) == expected
    row = [0] * 11
    row[total - 2] = count
    assert Sheet("Ann", tuple(row)).total == expected


def test_values_are_the_rule_sheets() -> None:
    assert solitaire.SUM_VALUES == dict(VALUES)


def test_marks_two_to_four_and_seven_to_nine_score_on_the_same_scale() -> None:
    assert [row_score(7, m) for m in range(12)] == [
        0, -200, -200, -200, -200, 0, 30, 60, 90, 120, 150, 150,
    ]  # fmt: skip


EXAMPLE_B = [  # 13 rolls: 3:2, 5:7, 7:8, 8:4, 9:5 and throwaways 1:6, 2:4, 5:3
    (roll("1 2 3 4 1"), assign("Ann", "1 2", "3 4", "1")),  # 3 and 7
    (roll("2 1 1 3 4"), assign("Ann", "2 1", "3 4", "1")),  # 3 and 7
    (roll("1 4 3 4 1"), assign("Ann", "1 4", "3 4", "1")),  # 5 and 7
    (roll("2 3 1 6 1"), assign("Ann", "2 3", "1 6", "1")),  # 5 and 7
    (roll("1 4 2 5 1"), assign("Ann", "1 4", "2 5", "1")),  # 5 and 7
    (roll("3 2 5 2 1"), assign("Ann", "3 2", "5 2", "1")),  # 5 and 7
    (roll("1 4 3 4 2"), assign("Ann", "1 4", "3 4", "2")),  # 5 and 7
    (roll("2 3 3 4 2"), assign("Ann", "2 3", "3 4", "2")),  # 5 and 7
    (roll("1 4 4 5 2"), assign("Ann", "1 4", "4 5", "2")),  # 5 and 9
    (roll("3 5 4 5 2"), assign("Ann", "3 5", "4 5", "2")),  # 8 and 9
    (roll("2 6 3 6 5"), assign("Ann", "2 6", "3 6", "5")),  # 8 and 9
    (roll("4 4 4 5 5"), assign("Ann", "4 4", "4 5", "5")),  # 8 and 9
    (roll("3 5 6 3 5"), assign("Ann", "3 5", "6 3", "5")),  # 8 and 9
]
EXAMPLE_B_MOVES = [m for pair in EXAMPLE_B for m in pair]


def test_example_b_sheet_scores_minus_210() -> None:
    state = play(*EXAMPLE_B_MOVES)
    sheet = state.sheet_of("Ann")
    assert marks(sheet) == {3: 2, 5: 7, 7: 8, 8: 4, 9: 5}
    assert throwaways(sheet) == {1: 6, 2: 4, 5: 3}
    assert sheet.total == -210
    assert [row_score(t, sheet.marks_for(t)) for t in (3, 5, 7, 8, 9)] == [-200, 100, 90, -200, 0]
    assert not sheet.closed and not SOL.outcome(state).over
    # "If she uses the number 1 two more times the game will end."
    once = play(*EXAMPLE_B_MOVES, *EXAMPLE_B[0])
    assert not once.sheet_of("Ann").closed
    twice = play(*EXAMPLE_B_MOVES, *EXAMPLE_B[0], *EXAMPLE_B[0])
    assert twice.sheet_of("Ann").closed and SOL.outcome(twice).over


# --- Winning -------------------------------------------------------------------------------


def test_solo_500_or_more_wins() -> None:
    # Sixteen marks on 2: the row counts ten, 100 x 5 = 500 exactly.
    state = play(*one_throwaway(8))
    result = SOL.outcome(state)
    assert (result.over, result.scores, result.winners) == (True, {"Ann": 500}, ["Ann"])
    assert state.ruling.endswith("Game over: 500, a win.")


def test_solo_below_500_has_no_winner() -> None:
    state = play(*one_throwaway(7), roll("1 1 1 2 6"), assign("Ann", "1 1", "1 2", "6"))
    result = SOL.outcome(state)
    assert (result.over, result.scores, result.winners) == (True, {"Ann": 300}, [])
    assert state.ruling.endswith("Game over: 300, short of 500.")


def test_no_winner_before_the_sheet_closes_even_at_500() -> None:
    state = play(*one_throwaway(5))
    result = SOL.outcome(state)
    assert result.scores == {"Ann": 500}
    assert (result.over, result.winners, result.to_move) == (False, [], None)


def test_shared_roll_each_sheet_splits_independently() -> None:
    ann = assign("Ann", "1 5", "1 6", "3")
    bo = assign("Bo", "1 1", "5 6", "3")
    state = play(roll("1 1 3 5 6"), ann, bo, players=ANN_BO)
    assert marks(state.sheet_of("Ann")) == {6: 1, 7: 1}
    assert marks(state.sheet_of("Bo")) == {2: 1, 11: 1}
    assert play(roll("1 1 3 5 6"), bo, ann, players=ANN_BO).sheets == state.sheets  # any order
    assert state.ruling.endswith("Roll again.")
    state = play(roll("1 1 3 5 6"), ann, players=ANN_BO)
    assert state.ruling.endswith("Still to split: Bo.")


def test_next_roll_waits_for_every_open_sheet() -> None:
    state = play(roll("1 1 3 5 6"), players=("Ann", "Bo", "Cy"))
    assert state.ruling == "Roll 1: 1 1 3 5 6 — each sheet splits it (Ann, Bo, Cy)."
    assert solitaire.dice_to_roll(state) is None
    error = refused(
        roll("1 1 3 5 6"), assign("Bo", "1 5", "1 6", "3"), roll("2 2 2 2 2"),
        players=("Ann", "Bo", "Cy"),
    )  # fmt: skip
    assert (error.code, error.message) == (
        "assign-first",
        "Every open sheet splits this roll before the next one: waiting for Ann, Cy.",
    )


def test_waiting_for_lists_the_open_sheets_still_to_split_in_seating_order() -> None:
    players = ("Ann", "Bo", "Cy")
    assert solitaire.waiting_for(play(players=players)) == []
    state = play(roll("1 1 3 5 6"), assign("Bo", "1 5", "1 6", "3"), players=players)
    assert solitaire.waiting_for(state) == ["Ann", "Cy"]
    state = play(
        roll("1 1 3 5 6"), *(assign(p, "1 5", "1 6", "3") for p in players), players=players
    )
    assert solitaire.waiting_for(state) == []


def test_highest_total_wins_when_all_closed() -> None:
    # Ann throws away the 6 eight times (2 and 2 each roll) and closes at 500 on roll 8;
    # Bo throws away the 1 (2 and 7) seven times and the 6 once, and closes on roll 9.
    moves: list[dict] = []
    for n in range(8):
        moves += [roll("1 1 1 1 6"), assign("Ann", "1 1", "1 1", "6")]
        bo = assign("Bo", "1 1", "1 1", "6") if n == 7 else assign("Bo", "1 1", "1 6", "1")
        moves.append(bo)
    state = play(*moves, players=ANN_BO)
    result = SOL.outcome(state)
    assert state.sheet_of("Ann").closed and not result.over and result.winners == []
    assert result.scores == {"Ann": 500, "Bo": 400 + 60}  # Bo: 9 marks on 2, 7 on 7
    state = play(*moves, roll("1 1 1 1 6"), assign("Bo", "1 1", "1 6", "1"), players=ANN_BO)
    result = SOL.outcome(state)
    assert result.over and result.scores == {"Ann": 500, "Bo": 590}
    assert result.winners == ["Bo"]
    assert state.ruling.endswith("Game over: Bo wins with 590.")


def test_highest_total_wins_even_below_500() -> None:
    result = replay(loads(SHARED.read_text())).outcome
    assert result.over and max(result.scores.values()) < 500 and result.winners


def test_ties_share_the_win() -> None:
    moves = [
        m
        for _ in range(8)
        for m in (roll("1 1 1 2 6"), *(assign(p, "1 1", "1 2", "6") for p in ANN_BO))
    ]
    state = play(*moves, players=ANN_BO)
    result = SOL.outcome(state)
    assert result.over and result.scores == {"Ann": 510, "Bo": 510}
    assert result.winners == ["Ann", "Bo"]
    assert state.ruling.endswith("Game over: Ann and Bo share the win with 510.")


def test_assign_without_player_goes_to_first_waiting_sheet() -> None:
    state = play(roll("1 1 3 5 6"), assign(None, "1 5", "1 6", "3"), players=ANN_BO)
    assert marks(state.sheet_of("Ann")) == {6: 1, 7: 1} and marks(state.sheet_of("Bo")) == {}
    assert solitaire.waiting_for(state) == ["Bo"]
    state = play(
        roll("1 1 3 5 6"),
        assign("Ann", "1 5", "1 6", "3"),
        assign(None, "1 1", "5 6", "3"),
        players=ANN_BO,
    )
    assert marks(state.sheet_of("Bo")) == {2: 1, 11: 1}
    error = refused(
        roll("1 1 3 5 6"),
        assign(None, "1 5", "1 6", "3"),
        assign(None, "1 5", "1 6", "3"),
        assign(None, "1 5", "1 6", "3"),
        players=ANN_BO,
    )
    assert (error.code, error.message) == (
        "assign-first",
        "Every sheet has split this roll: roll again.",
    )


# --- Bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize("dice", ["1 2 3 4", "1 2 3 4 5 6", ""])
def test_wrong_number_of_dice_is_refused(dice: str) -> None:
    error = refused(roll(dice))
    count = len(dice.split())
    assert (error.code, error.message) == (
        "wrong-dice-count",
        f"Solitaire Dice rolls 5 dice, but {count} were entered.",
    )


@pytest.mark.parametrize("bad", ["7", "0", "12"])
def test_die_value_outside_one_to_six_is_refused(bad: str) -> None:
    error = refused(roll(f"1 2 3 4 {bad}"))
    assert (error.code, error.message) == (
        "bad-die",
        f"A die shows 1 to 6; {bad} is not a die value.",
    )


def test_value_seven_in_a_split_is_refused() -> None:
    for move in (assign("Ann", "1 6", "3 7", "5"), assign("Ann", "1 5", "1 6", "7")):
        error = refused(roll("1 1 3 5 6"), move)
        assert error.code == "bad-die"
        assert "7 is not a die value" in error.message


def test_key_dice_are_refused() -> None:
    error = refused(roll("K1 2 3 4 5"))
    assert (error.code, error.message) == ("bad-die", "Solitaire Dice has no key dice.")


@pytest.mark.parametrize(
    ("first", "second", "thrown"),
    [
        ("1 5", "1 6", "2"),  # a 2 was not rolled
        ("2 5", "1 6", "1"),  # nor here, where it comes first
        ("1 1", "1 6", "5"),  # only two 1s were rolled
        ("1 5", "1 6", "6"),  # the 3 is left out, a second 6 used
    ],
)
def test_split_using_dice_not_rolled_is_refused(first: str, second: str, thrown: str) -> None:
    error = refused(roll("1 1 3 5 6"), assign("Ann", first, second, thrown))
    assert error.code == "die-not-rolled"
    assert error.message.endswith(
        "does not match the roll 1 1 3 5 6: "
        "the two pairs and the throwaway must be the five dice rolled."
    )


def test_split_message_names_the_dice_entered() -> None:
    error = refused(roll("1 1 3 5 6"), assign("Ann", "1 5", "1 6", "2"))
    assert error.message.startswith("The split 1 1 2 5 6 does not match")


def test_coloured_die_must_match_its_colour() -> None:
    state = play(roll("1r 1y 3 5 6"), assign("Ann", "1 5", "1 6", "3"))
    assert marks(state.sheet_of("Ann")) == {6: 1, 7: 1}
    error = refused(roll("1r 1y 3 5 6"), assign("Ann", "1g 5", "1 6", "3"))
    assert error.code == "die-not-rolled"
    assert error.message.startswith("There is no green 1 to take")


def test_assigning_twice_is_refused() -> None:
    turn = [roll("1 1 3 5 6"), assign("Ann", "1 5", "1 6", "3")]
    error = refused(*turn, assign("Ann", "1 1", "5 6", "3"), players=ANN_BO)
    assert (error.code, error.message) == ("already-assigned", "Ann has already split this roll.")
    error = refused(*turn, assign("Ann", "1 1", "5 6", "3"))  # solo: roll again first
    assert error.code == "already-assigned"


def test_assigning_before_any_roll_is_refused() -> None:
    for player in ("Ann", None):
        error = refused(assign(player, "1 5", "1 6", "3"))
        assert (error.code, error.message) == (
            "roll-first",
            "Roll the five dice before splitting them.",
        )


@pytest.mark.parametrize("who", ["Cy", "", 3])
def test_unknown_player_is_refused(who: object) -> None:
    move = {**assign("Ann", "1 5", "1 6", "3"), "player": who}
    error = refused(roll("1 1 3 5 6"), move, players=ANN_BO)
    assert error.code == "unknown-player"
    assert error.message == f"{who!r} is not playing at this table."


@pytest.mark.parametrize(
    "pairs",
    [
        None,
        [],
        [["1", "5"]],
        [["1", "5"], ["1", "6"], ["3", "3"]],
        [["1", "5", "1"], ["6"]],
        [["1", "5"], ["1", "6", "3"]],
        ["15", "16"],
        "1 5 1 6",
        {"a": ["1", "5"], "b": ["1", "6"]},
    ],
)
def test_malformed_pairs_are_refused(pairs: object) -> None:
    move = {"type": "assign", "player": "Ann", "pairs": pairs, "throwaway": "3"}
    error = refused(roll("1 1 3 5 6"), move)
    assert (error.code, error.message) == (
        "bad-split",
        "A split is two pairs of two dice and one throwaway die.",
    )


def test_missing_throwaway_is_refused() -> None:
    move = {"type": "assign", "player": "Ann", "pairs": [["1", "5"], ["1", "6"]]}
    error = refused(roll("1 1 3 5 6"), move)
    assert error.code == "bad-split"
    assert "needs its throwaway die" in error.message


def test_moves_after_game_over_are_refused() -> None:
    finished = one_throwaway(8)
    for move in (
        roll("1 1 1 1 6"),
        assign("Ann", "1 1", "1 1", "6"),
        assign(None, "1 1", "1 1", "6"),
    ):
        error = refused(*finished, move)
        assert (error.code, error.message) == (
            "game-over",
            "The game is over: no more moves can be made.",
        )


def test_unknown_move_is_refused() -> None:
    error = refused({"type": "bank"})
    assert error.code == "unknown-move"
    assert error.message == 'Solitaire Dice has no move "bank" (moves: assign, roll).'


def test_refused_move_leaves_the_state_object_as_it_was() -> None:
    state = play(roll("1 1 3 5 6"), assign("Ann", "1 5", "1 6", "3"), players=ANN_BO)
    before = (state.sheets, state.roll, state.waiting, state.rolls, state.ruling)
    for move in (
        roll("1 2 3 4 5"),
        assign("Ann", "1 1", "5 6", "3"),
        assign("Bo", "1 5", "1 6", "2"),
        assign("Bo", "1 5", "1 7", "3"),
        {"type": "assign", "player": "Bo", "pairs": [["1", "5"]], "throwaway": "3"},
    ):
        with pytest.raises(RuleViolation):
            apply_move(SOL, state, move)
    assert (state.sheets, state.roll, state.waiting, state.rolls, state.ruling) == before


# --- Choices, setup, replay, seeds ---------------------------------------------------------


def effects(sheet: Sheet, dice: str) -> set[tuple[tuple[int, int], int | None]]:
    """Every legal (pair sums, marked throwaway) for this roll, by trying each order of dice."""
    state = apply_move(SOL, solitaire.Solitaire((sheet,)), roll(dice))
    found = set()
    for a, b, c, d, t in permutations(dice.split()):
        try:
            after = apply_move(SOL, state, assign("Ann", f"{a} {b}", f"{c} {d}", t))
        except RuleViolation:
            continue
        new = after.sheet_of("Ann")
        marked = next((v for v, n in new.throwaways if n != sheet.throwaway_marks(v)), None)
        sums = tuple(sorted((int(a) + int(b), int(c) + int(d))))
        found.add((sums, marked))
    return found


@pytest.mark.parametrize(
    ("steps", "dice"),
    [
        ([], "1 1 3 5 6"),
        ([], "2 2 2 2 2"),
        ([], "1 2 3 4 5"),
        (THREE_CHOSEN, "3 4 4 5 6"),  # must throw away the 3
        (THREE_CHOSEN, "1 2 4 5 6"),  # 1 or 2
        (THREE_CHOSEN, "4 4 5 5 6"),  # free ride
        (EXAMPLE_B_MOVES, "1 2 5 6 6"),
    ],
)
def test_splits_lists_each_legal_split_once_best_change_first(steps: list, dice: str) -> None:
    sheet = play(*steps).sheet_of("Ann")
    rolled = play(*steps, roll(dice)).roll
    listed = solitaire.splits(sheet, rolled)
    keys = [(s.sums, None if s.free_ride else s.throwaway) for s in listed]
    assert len(keys) == len(set(keys))  # no duplicates
    assert set(keys) == effects(sheet, dice)  # exactly the legal ones
    changes = [solitaire.apply_split(sheet, s).total - sheet.total for s in listed]
    assert changes == sorted(changes, reverse=True)
    state = play(*steps, roll(dice))
    assert solitaire.choices(state) == [solitaire.split_move("Ann", s) for s in listed]
    for move in solitaire.choices(state):
        apply_move(SOL, state, move)


def test_splits_put_the_best_change_first() -> None:
    state = play(roll("2 2 2 2 5"))
    listed = solitaire.splits(state.sheet_of("Ann"), state.roll)
    # One row marked twice costs 200, two rows 400.
    assert [(s.sums, s.throwaway) for s in listed] == [((4, 4), 5), ((4, 7), 2)]
    # Example B's sheet may throw away its 2 or its 5 from 2 3 3 5 6.
    state = play(*EXAMPLE_B_MOVES, roll("2 3 3 5 6"))
    sheet = state.sheet_of("Ann")
    listed = solitaire.splits(sheet, state.roll)
    assert [(s.sums, s.throwaway) for s in listed] == [
        ((8, 9), 2),  # 8's fifth mark lifts -200 to 0, 9's sixth adds 50: +250
        ((5, 9), 5),  # +50 and +50
        ((6, 8), 5),  # -200 and +200
        ((6, 11), 2),  # -400
    ]
    changes = [solitaire.apply_split(sheet, s).total - sheet.total for s in listed]
    assert changes == [250, 100, 0, -400]


def test_choices_are_empty_between_rolls_and_cover_every_waiting_sheet() -> None:
    assert solitaire.choices(play(players=ANN_BO)) == []
    state = play(roll("1 1 3 5 6"), players=ANN_BO)
    players = [m["player"] for m in solitaire.choices(state)]
    assert set(players) == {"Ann", "Bo"} and players == sorted(players)
    state = play(roll("1 1 3 5 6"), assign("Ann", "1 5", "1 6", "3"), players=ANN_BO)
    assert {m["player"] for m in solitaire.choices(state)} == {"Bo"}
    state = play(roll("1 1 3 5 6"), assign("Ann", "1 5", "1 6", "3"))
    assert solitaire.choices(state) == []


def test_start_waits_for_the_first_roll() -> None:
    state = play(players=ANN_BO)
    assert state.ruling == "Roll the five dice."
    assert solitaire.dice_to_roll(state) == 5 and solitaire.waiting_for(state) == []
    assert SOL.OPTIONS == ()
    assert (SOL.MIN_PLAYERS, SOL.MAX_PLAYERS) == (1, 8)


def test_replay_json_has_current_totals_and_no_player_to_move() -> None:
    log = GameLog("solitaire", ANN_BO, {}, (roll("1 1 3 5 6"), assign("Ann", "1 5", "1 6", "3")))
    out = replay(log).to_json()
    assert out == {
        "game": "solitaire",
        "over": False,
        "scores": {"Ann": -400, "Bo": 0},
        "winners": [],
        "to_move": None,
        "moves_applied": 2,
        "error": None,
    }


def test_solo_seed_replays_to_a_win() -> None:
    result = replay(loads(SOLO.read_text()))
    assert result.error is None, result.error
    out = result.to_json()
    assert out["over"] and out["to_move"] is None
    assert out["scores"]["Sid"] >= 500 and out["winners"] == ["Sid"]
    assert result.moves_applied == len(loads(SOLO.read_text()).moves)


def test_shared_seed_replays_to_a_finished_game() -> None:
    log = loads(SHARED.read_text())
    result = replay(log)
    assert result.error is None, result.error
    out = result.to_json()
    assert out["over"] and out["to_move"] is None
    assert len(log.players) > 1 and all(s.closed for s in result.state.sheets)
    best = max(out["scores"].values())
    assert out["winners"] == [p for p, s in out["scores"].items() if s == best]
    assert result.moves_applied == len(log.moves)
