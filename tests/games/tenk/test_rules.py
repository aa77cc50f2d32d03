"""10K, one test per ruling in docs/rulings.md (section tenk, and "Every game")."""

from __future__ import annotations

from functools import partial

import pytest

from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.tenk import rules as tenk
from tests.engine import support
from tests.engine.support import aside, roll

TENK = get_game("tenk")
BANK = {"type": "bank"}

# Whole turns, for games that need to get somewhere.
THOUSAND = [roll("1 1 1 2 3 4"), aside("1 1 1"), BANK]
FIFTEEN_HUNDRED = [roll("1 1 1 5 5 5"), aside("1 1 1 5 5 5"), BANK]
BUST = [roll("2 2 3 3 4 6")]

# play(*moves, players=..., **options) -> state; refused(...) -> Rejection: see support.
play = partial(support.play, "tenk")
refused = partial(support.refused, "tenk")


COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}  # the rows' ids


def of_a_kind(value: int, count: int, pts: int):
    """A table row: ``count`` dice of ``value``, filled up to six with dice that score nothing."""
    dice = " ".join([str(value)] * count)
    filler = [str(v) for v in (2, 3, 4, 6) if v != value][: 6 - count]
    roll_text = " ".join([dice, *filler])
    name = f"{COUNT_WORDS[count]} {value}s"
    return pytest.param(roll_text, dice, pts, id=name)


COMBINATIONS = [
    pytest.param("1 2 3 4 6 6", "1", 100, id="single 1"),
    pytest.param("5 2 3 4 6 6", "5", 50, id="single 5"),
    of_a_kind(1, 3, 1000),
    *(of_a_kind(n, 3, n * 100) for n in range(2, 7)),
    of_a_kind(1, 4, 2000),
    of_a_kind(1, 5, 3000),
    of_a_kind(1, 6, 4000),
    *(of_a_kind(n, 4, 1500) for n in range(2, 7)),
    *(of_a_kind(n, 5, 2500) for n in range(2, 7)),
    *(of_a_kind(n, 6, 3500) for n in range(2, 7)),
    pytest.param("2 2 3 3 4 4", "2 2 3 3 4 4", 1250, id="three pairs"),
    pytest.param("6 6 6 6 4 4", "6 6 6 6 4 4", 1250, id="four of a kind plus a pair"),
    pytest.param("4 1 6 3 5 2", "1 2 3 4 5 6", 5000, id="1-2-3-4-5-6"),
    pytest.param("3g 1r 6p 2y 5o 4b", "1r 2y 3g 4b 5o 6p", 10_000, id="colour run"),
]


@pytest.mark.parametrize(("rolled", "chosen", "pts"), COMBINATIONS)
def test_every_combination_scores_its_value(rolled: str, chosen: str, pts: int) -> None:
    state = play(roll(rolled), aside(chosen))
    assert state.turn_total == pts


@pytest.mark.parametrize(
    ("dice", "pts"),
    [
        ("1 1 1 1 5 5", 2100),  # four 1s + 5 + 5, not three pairs
        ("2 2 2 2 5 5", 1600),
        ("1 1 5 5 5 5", 1700),
        ("1 1 1 5 5 5", 1500),
        ("1 1 1 1 1 5", 3050),
        ("5 5 5 5 5 5", 3500),
        ("1 1 1 1 1 1", 4000),  # not two three 1s
        ("1 1 2 2 5 5", 1250),  # the 2s only score inside three pairs
    ],
)
def test_set_aside_scores_its_best_split(dice: str, pts: int) -> None:
    assert play(roll(dice), aside(dice)).turn_total == pts


def test_ruling_names_the_split() -> None:
    state = play(roll("1 1 1 1 5 5"), aside("1 1 1 1 5 5"))
    assert "= 2,100 (four 1s 2,000 + 5 50 + 5 50)" in state.ruling


def test_four_of_a_kind_plus_pair_counts_as_three_pairs() -> None:
    state = play(roll("3 3 3 3 4 4"), aside("3 3 3 3 4 4"))
    assert state.turn_total == 1250
    assert "three pairs 1,250" in state.ruling


def test_three_pairs_roll_is_not_a_bust() -> None:
    assert play(roll("2 2 3 3 4 4")).phase == "set_aside"


def test_dice_from_different_rolls_never_combine() -> None:
    state = play(roll("1 1 2 3 4 6"), aside("1 1"), roll("1 2 3 4"), aside("1"))
    assert state.turn_total == 300  # 200 + 100, never three 1s for 1,000


def test_set_asides_from_one_roll_merge_into_one_split() -> None:
    state = play(roll("1 1 1 2 3 4"), aside("1"), aside("1 1"))
    assert state.turn_total == 1000


def test_ruling_set_asides_after_one_roll_combine() -> None:
    """docs/rulings.md, "Every game": several set-asides after one roll are one set-aside of all
    their dice, judged and scored together, as if entered in one move."""
    state = play(roll("1 1 1 2 3 4"), aside("1 1"), aside("1"))
    assert state.turn_total == 1000 and state == play(roll("1 1 1 2 3 4"), aside("1 1 1"))
    # A die that scores only with the earlier ones: four 2s, not three 2s and a dead 2.
    state = play(roll("2 2 2 2 3 4"), aside("2 2 2"), aside("2"))
    assert state.turn_total == 1500
    # Dice that score nothing yet may start a set-aside that a later move completes ...
    started = play(roll("2 2 2 3 4 6"), aside("2 2"))
    assert (started.phase, started.turn_total) == ("set_aside", 0)
    assert started.ruling == (
        "Ann has set aside 2 2 from this roll so far, which is not a whole set-aside yet: "
        "set aside more of 2 3 4 6 to complete it before rolling or banking."
    )
    state = play(roll("2 2 2 3 4 6"), aside("2 2"), aside("2"))
    assert state == play(roll("2 2 2 3 4 6"), aside("2 2 2"))
    assert state.turn_total == 200 and tenk.dice_to_roll(state) == 3
    # ... which must come before a roll or a bank,
    for move in (roll("3 4 6"), BANK):
        error = refused(roll("2 2 2 3 4 6"), aside("2 2"), move)
        assert error.code == "set-aside-unfinished"
        assert error.message.startswith("Ann has set aside 2 2 from this roll, which is not a")
    # but not when nothing on the table could complete them.
    error = refused(roll("2 2 1 3 4 6"), aside("2 2"))
    assert error.code == "not-scoring"
    # Hot dice: all six set aside over several moves.
    state = play(roll("2 2 3 3 4 4"), aside("2 2 3 3"), aside("4 4"))
    assert (state.turn_total, tenk.dice_to_roll(state), tenk.moment(state)) == (
        1250,
        6,
        "hot dice",
    )
    # The colour run across moves, not six singles and a 1-2-3-4-5-6.
    state = play(roll("1r 2y 3g 4b 5o 6p"), aside("1r"), aside("5o"), aside("2y 3g 4b 6p"))
    assert state.turn_total == 10_000
    # The entry threshold counts the whole: 5 5 then 5 is three 5s (500), not 50 + 50 + 50.
    state = play(roll("5 5 5 2 3 4"), aside("5 5"), aside("5"), BANK)
    assert state.board.scores == (500, 0)


def test_colour_run_scores_ten_thousand_instead_of_straight() -> None:
    state = play(roll("6p 5o 4b 3g 2y 1r"), aside("1r 2y 3g 4b 5o 6p"))
    assert state.turn_total == 10_000
    assert "colour run 10,000" in state.ruling


@pytest.mark.parametrize(
    "dice",
    [
        pytest.param("1 2 3 4 5 6", id="no colours"),
        pytest.param("1r 2y 3g 4b 5o 6", id="one die without colour"),
        pytest.param("1y 2r 3g 4b 5o 6p", id="colours on the wrong values"),
    ],
)
def test_colour_run_needs_colours(dice: str) -> None:
    assert play(roll(dice), aside(dice)).turn_total == 5000


def test_coloured_and_plain_dice_may_share_a_roll() -> None:
    assert play(roll("1r 1 2 3 4 6"), aside("1r 1")).turn_total == 200
    assert play(roll("2r 2 3 3 4 4"), aside("2 2 3 3 4 4")).turn_total == 1250


def test_each_die_has_its_own_colour() -> None:
    error = refused(roll("1r 2r 3 4 5 6"))
    assert error.code == "duplicate-colour"
    assert "two dice share one" in error.message


def test_black_dice_are_refused() -> None:
    error = refused(roll("1k 2 3 4 5 6"))
    assert (error.code, error.message) == ("bad-die", "10K has no key or black dice.")


def test_set_aside_names_the_colour_rolled() -> None:
    error = refused(roll("1r 2y 3g 4b 6o 6p"), aside("1y"))
    assert error.code == "die-not-rolled"
    assert error.message.startswith("There is no yellow 1 to take")


def test_set_aside_with_non_scoring_die_is_refused() -> None:
    error = refused(roll("1 2 3 4 6 6"), aside("1 2"))
    assert error.code == "not-scoring"
    assert error.message == "Only 1s, 5s and sets score: the 2 you picked scores nothing."


def test_set_aside_of_dead_dice_names_each_value() -> None:
    error = refused(roll("1 2 3 4 6 6"), aside("2 3"))
    assert error.message == "Only 1s, 5s and sets score: the 2 and the 3 you picked score nothing."


def test_set_aside_of_two_dead_dice_of_one_value_names_both() -> None:
    """Two 4s ticked are "the two 4s", as ticked (issue 47)."""
    error = refused(roll("1 2 4 4 6 6"), aside("4 4"))
    assert error.message == "Only 1s, 5s and sets score: the two 4s you picked score nothing."
    error = refused(roll("1 2 4 4 6 6"), aside("1 2 4 4"))
    assert error.message == (
        "Only 1s, 5s and sets score: the 2 and the two 4s you picked score nothing."
    )


def test_empty_set_aside_is_refused() -> None:
    assert refused(roll("1 2 3 4 6 6"), aside("")).code == "empty-set-aside"


def test_scoring_roll_needs_a_set_aside_before_rolling_again() -> None:
    error = refused(roll("1 2 3 4 6 6"), roll("2 3 4 6 6"))
    assert error.code == "set-aside-first"
    assert error.message == (
        "Set aside at least one scoring combination from 1 2 3 4 6 6 before rolling again."
    )


def test_bank_before_setting_aside_is_refused() -> None:
    error = refused(roll("1 2 3 4 6 6"), BANK)
    assert error.code == "nothing-to-bank"
    assert error.message == "Ann must set aside a scoring combination before banking."


def test_bank_before_rolling_is_refused() -> None:
    error = refused(BANK)
    assert (error.code, error.message) == ("nothing-to-bank", "Ann must roll before banking.")


def test_set_aside_before_rolling_is_refused() -> None:
    error = refused(aside("1"))
    assert (error.code, error.message) == ("roll-first", "Ann must roll before setting dice aside.")


def test_rolling_on_takes_the_dice_left() -> None:
    state = play(roll("1 5 2 3 4 6"), aside("1 5"), roll("5 2 3 4"))
    assert state.earlier == 150
    error = refused(roll("1 5 2 3 4 6"), aside("1 5"), roll("5 2 3 4 6 6"))
    assert error.code == "wrong-dice-count"
    assert error.message == "Ann rolls 4 dice now, but 6 were entered."


def test_hot_dice_rolls_all_six_again() -> None:
    state = play(roll("1 1 1 5 5 5"), aside("1 1 1 5 5 5"))
    assert "hot dice" in state.ruling
    assert tenk.dice_to_roll(state) == 6
    state = play(roll("1 1 1 5 5 5"), aside("1 1 1 5 5 5"), roll("1 2 3 4 6 6"), aside("1"))
    assert state.turn_total == 1600


def test_hot_dice_counts_every_die_set_aside_this_turn() -> None:
    turn = [roll("1 5 2 3 4 6"), aside("1 5"), roll("1 1 1 5"), aside("1 1 1 5")]
    assert tenk.dice_to_roll(play(*turn)) == 6
    assert refused(*turn, roll("1")).code == "wrong-dice-count"


def test_player_may_bank_after_hot_dice() -> None:
    state = play(*FIFTEEN_HUNDRED)
    assert state.board.scores == (1500, 0)


def test_bust_loses_turn_total() -> None:
    state = play(*THOUSAND, roll("1 2 3 4 6 6"), aside("1"), roll("2 3 4 6 6"))
    assert state.board.scores == (1000, 0)
    assert state.board.player == "Ann"
    assert state.turn_total == 0
    assert state.board.turns[-1].bust
    assert state.ruling == "Bust: no 1, 5 or set in 2 3 4 6 6 — Bo loses 100. Ann to roll."


def test_bust_on_the_first_roll_passes_the_turn() -> None:
    state = play(*BUST)
    assert state.board.player == "Bo"
    assert state.ruling.startswith("Bust: no 1, 5 or set in 2 2 3 3 4 6")


def test_entry_threshold_banks_zero_below_500() -> None:
    state = play(roll("1 2 3 4 6 6"), aside("1"))
    assert tenk.bank_warning(state) == (
        "Ann needs 500 in one turn to get on the board: banking 100 scores 0."
    )
    state = play(roll("1 2 3 4 6 6"), aside("1"), BANK)
    assert state.board.scores == (0, 0)
    assert state.board.player == "Bo"
    assert "short of the 500 needed to get on the board: it scores 0." in state.ruling


def test_entry_threshold_counts_the_whole_turn() -> None:
    state = play(roll("5 5 2 3 4 6"), aside("5 5"), roll("1 1 1 2"), aside("1 1 1"), BANK)
    assert state.board.scores == (1100, 0)


def test_entry_threshold_is_reached_at_exactly_500() -> None:
    assert play(roll("5 5 5 2 3 4"), aside("5 5 5"), BANK).board.scores == (500, 0)


def test_entered_player_banks_any_total() -> None:
    state = play(*THOUSAND, *BUST, roll("5 2 3 4 6 6"), aside("5"), BANK)
    assert state.board.scores == (1050, 0)


def test_entry_option_zero_lets_every_bank_count() -> None:
    state = play(roll("5 2 3 4 6 6"), aside("5"), BANK, entry=0)
    assert state.board.scores == (50, 0)


def test_final_round_gives_everyone_else_one_turn() -> None:
    players = ("Ann", "Bo", "Cy")
    state = play(*BUST, *THOUSAND, players=players, target=1000)
    assert state.ruling == (
        "Final round: Bo banked 1,000; everyone else gets one more turn. Cy to roll (final round)."
    )
    state = play(*BUST, *THOUSAND, *BUST, players=players, target=1000)
    assert state.board.player == "Ann"
    assert not state.board.over
    state = play(*BUST, *THOUSAND, *BUST, *BUST, players=players, target=1000)
    assert TENK.outcome(state).winners == ["Bo"]
    assert TENK.to_move(state) is None  # Bo, who started the final round, does not play again
    assert state.ruling.endswith("Game over: Bo wins with 1,000.")


def test_bust_in_final_round_uses_up_the_last_turn() -> None:
    state = play(*THOUSAND, roll("1 2 3 4 6 6"), aside("1"), roll("2 3 4 6 6"), target=1000)
    assert state.board.over
    assert state.board.turns[-1].final_round and state.board.turns[-1].bust


def test_final_round_is_won_by_the_highest_total() -> None:
    state = play(*THOUSAND, *FIFTEEN_HUNDRED, target=1000)
    assert TENK.outcome(state).winners == ["Bo"]
    assert state.ruling.endswith("Game over: Bo wins with 1,500.")


def test_banking_past_target_in_final_round_does_not_restart_it() -> None:
    players = ("Ann", "Bo", "Cy")
    state = play(*THOUSAND, *FIFTEEN_HUNDRED, *BUST, players=players, target=1000)
    assert state.board.over
    assert [t.player for t in state.board.turns] == ["Ann", "Bo", "Cy"]


def test_ties_share_the_win() -> None:
    state = play(*THOUSAND, *THOUSAND, target=1000)
    assert TENK.outcome(state).winners == ["Ann", "Bo"]
    assert state.ruling.endswith("Game over: Ann and Bo share the win with 1,000.")


def test_solo_game_ends_when_target_is_banked() -> None:
    state = play(*THOUSAND, players=("Ann",), target=1000)
    assert TENK.outcome(state).winners == ["Ann"]


def test_winners_are_empty_until_the_game_is_over() -> None:
    assert TENK.outcome(play(*THOUSAND, target=1000)).winners == []


def test_move_after_game_over_is_refused() -> None:
    error = refused(*THOUSAND, *BUST, roll("1 2 3 4 5 6"), target=1000)
    assert error.code == "game-over"
    assert error.message == "The game is over: no more moves can be made."


def test_wrong_dice_count_is_refused() -> None:
    error = refused(roll("1 2 3 4 5"))
    assert (error.code, error.message) == (
        "wrong-dice-count",
        "Ann rolls 6 dice now, but 5 were entered.",
    )


@pytest.mark.parametrize("bad", ["7", "0", "7r", "12"])
def test_die_value_outside_one_to_six_is_refused(bad: str) -> None:
    error = refused(roll(f"1 2 3 4 5 {bad}"))
    assert error.code == "bad-die"
    assert error.message == f"A die shows 1 to 6; {bad.rstrip('r')} is not a die value."


def test_value_seven_in_a_set_aside_is_refused() -> None:
    assert refused(roll("1 2 3 4 6 6"), aside("7")).code == "bad-die"


@pytest.mark.parametrize("bad", ["x", "1z", "1rr", "K", "²", "", 5, None])
def test_text_that_is_not_a_die_is_refused(bad: object) -> None:
    error = refused({"type": "roll", "dice": ["1", "2", "3", "4", "5", bad]})
    assert error.code == "bad-die"
    assert "is not a die" in error.message


def test_dice_must_be_a_list() -> None:
    error = refused({"type": "roll", "dice": "123456"})
    assert (error.code, error.message) == ("bad-move", "The dice must be a list of dice.")


def test_die_not_in_the_roll_is_refused() -> None:
    error = refused(roll("1 2 3 4 6 6"), aside("5"))
    assert error.code == "die-not-rolled"
    assert error.message == "There is no 5 to take: the dice on the table are 1 2 3 4 6 6."


def test_die_already_set_aside_cannot_be_taken_again() -> None:
    error = refused(roll("1 2 3 4 6 6"), aside("1"), aside("1"))
    assert error.code == "die-not-rolled"
    assert error.message == "There is no 1 to take: the dice on the table are 2 3 4 6 6."


def test_wrong_player_is_refused() -> None:
    error = refused(roll("1 2 3 4 6 6", player="Bo"))
    assert (error.code, error.message) == ("wrong-player", "It is Ann's turn, not Bo's.")


def test_right_player_named_is_accepted() -> None:
    assert play(roll("1 2 3 4 6 6", player="Ann")).phase == "set_aside"


@pytest.mark.parametrize("who", ["Cy", ["Ann"], 3])
def test_player_not_at_the_table_is_refused(who: object) -> None:
    error = refused(roll("1 2 3 4 6 6", player=who))
    assert error.code == "unknown-player"
    assert "is not playing at this table" in error.message


def test_unknown_move_is_refused() -> None:
    error = refused({"type": "hold"})
    assert error.code == "unknown-move"
    assert error.message == '10K has no move "hold" (moves: bank, roll, set_aside).'


@pytest.mark.parametrize("move", [{}, {"type": 1}, "roll", ["bank"]])
def test_move_without_a_type_is_refused(move: object) -> None:
    assert refused(move).code == "bad-move"  # type: ignore[arg-type]


def test_refused_move_leaves_the_state_object_as_it_was() -> None:
    state = play(roll("1 2 3 4 6 6"))
    before = (state.phase, state.roll, state.taken, state.board)
    with pytest.raises(RuleViolation):
        apply_move(TENK, state, aside("1 2"))
    assert (state.phase, state.roll, state.taken, state.board) == before


def test_choices_list_each_distinct_set_aside_and_bank() -> None:
    state = play(roll("1 1 5 2 3 4"))
    picks = sorted(tuple(m["dice"]) for m in tenk.choices(state))
    assert picks == [("1",), ("1", "1"), ("1", "1", "5"), ("1", "5"), ("5",)]
    assert {"type": "bank"} in tenk.choices(play(roll("1 1 5 2 3 4"), aside("1")))


def test_options_default_to_the_rulings() -> None:
    state = play()
    assert (state.target, state.entry) == (10_000, 500)
    assert state.ruling == "Ann to roll six dice."
