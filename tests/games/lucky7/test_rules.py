"""Lucky Sevens, one test per ruling in docs/rulings.md (section lucky7, and "Every game").

Several score moves from one roll are one choice of all their sevens ("Every game"): as
each is judged with the ones before it against the dice still on the table, the finish,
the completed set and the one-die-left rule come out as for the whole choice at once.
Where the source rules are silent the referee rules (docs/rulings.md says so too): the
completed-set bonus counts toward the target; a steal must be followed by a roll and never
wins by itself; a 1-player game offers nothing to steal; 1-8 players; reaching exactly the
target with a score move ends the game at once.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest

from referee.core.dice import spell
from referee.core.engine import RuleViolation, SetupError
from referee.core.moves import apply_move, check_players, resolve_options
from referee.games import get_game
from referee.games.lucky7 import page as lucky7_page
from referee.games.lucky7 import rules as lucky7
from referee.games.lucky7.rules import Lucky7
from referee.log import loads, replay
from tests.engine import support
from tests.engine.support import SEEDS, roll

L7 = get_game("lucky7")
BANK = {"type": "bank"}
STEAL = {"type": "steal"}
SEED = SEEDS / "lucky7-finished.json"


def score(*sevens: str) -> dict:
    """A score move, one string per seven: score("3 4", "2 2 3")."""
    return {"type": "score", "sevens": [s.split() for s in sevens]}


# Whole turns, for games that need to get somewhere.
FOURTEEN = [  # 8 + 1 + the Completed Set bonus of 5
    roll("1 1 1 1 1 2 3 4"),
    score("1 1 1 1 1 2", "3 4"),
    BANK,
]
ONE = [roll("3 4 2 2 2 2 2 2"), score("3 4"), BANK]  # 1 point, six dice left to steal
TWELVE = [roll("1 1 1 1 1 1 1 6"), score("1 1 1 1 1 1 1"), BANK]  # one die left
BUST = [roll("2 2 2 2 2 2 2 2")]  # all even: no seven


def ann_on(total: int) -> list[dict]:
    """Moves that leave Ann (to roll) on ``total`` and Bo on 0, nothing to steal."""
    fourteens, ones = divmod(total, 14)
    return [*(FOURTEEN + BUST) * fourteens, *(ONE + BUST) * ones]


# play(*moves, players=..., **options) -> state; refused(...) -> Rejection: see support.
play = partial(support.play, "lucky7")
refused = partial(support.refused, "lucky7")


def test_ann_on_helper_reaches_its_totals() -> None:
    for total in (0, 1, 14, 90, 98, 99):
        state = play(*ann_on(total))
        assert state.board.scores == (total, 0)
        assert (state.board.player, state.phase, state.stealable) == ("Ann", "start", None)


# --- Sevens and their points ---------------------------------------------------------------

SEVENS_BY_SIZE = [
    pytest.param("3 4", 1, id="2 dice = 1"),
    pytest.param("2 2 3", 2, id="3 dice = 2"),
    pytest.param("1 2 2 2", 3, id="4 dice = 3"),
    pytest.param("1 1 1 1 3", 5, id="5 dice = 5"),
    pytest.param("1 1 1 1 1 2", 8, id="6 dice = 8"),
    pytest.param("1 1 1 1 1 1 1", 12, id="7 dice = 12"),
]


@pytest.mark.parametrize(("seven", "worth"), SEVENS_BY_SIZE)
def test_seven_values_by_size(seven: str, worth: int) -> None:
    filler = " 6" * (8 - len(seven.split()))
    state = play(roll(seven + filler), score(seven))
    assert state.turn_total == worth
    assert state.ruling.startswith(f"Ann scored {seven}: +{worth}; turn total {worth}")
    assert lucky7.seven_points(lucky7.counts_of([int(v) for v in seven.split()])) == worth


def test_several_sevens_in_one_move_add_up() -> None:
    state = play(roll("3 4 2 2 3 6 6 6"), score("3 4", "2 2 3"))
    assert state.turn_total == 3
    assert state.ruling.startswith("Ann scored 3 4 and 2 2 3: +3")


def test_group_not_summing_to_seven_is_refused() -> None:
    error = refused(roll("3 4 2 5 6 6 6 6"), score("3 5"))
    assert (error.code, error.message) == ("not-a-seven", "3 5 adds up to 8, not 7.")
    error = refused(roll("3 4 2 5 6 6 6 6"), score("3 4", "2 5 6"))
    assert (error.code, error.message) == ("not-a-seven", "2 5 6 adds up to 13, not 7.")
    error = refused(roll("3 4 2 5 6 6 6 6"), score("6"))  # one die is never a seven
    assert error.message == "6 adds up to 6, not 7."
    error = refused(roll("3 4 2 5 6 6 6 6"), score(""))
    assert (error.code, error.message) == ("not-a-seven", "A seven is 2 to 7 dice.")


def test_sevens_must_be_disjoint_dice_of_this_roll() -> None:
    error = refused(roll("3 4 2 5 6 6 6 6"), score("3 4", "3 4"))
    assert (error.code, error.message) == (
        "die-not-rolled",
        "You picked 2 × 3, but the table has only 1: the dice on the table are 2 3 4 5 6 6 6 6.",
    )
    # Nor again in a later score move from the same roll,
    error = refused(roll("3 4 2 5 6 6 6 6"), score("3 4"), score("3 4"))
    assert error.code == "die-not-rolled"
    assert "the dice on the table are 2 5 6 6 6 6" in error.message
    # nor with dice of an earlier roll of the turn.
    error = refused(roll("3 4 2 5 6 6 6 6"), score("3 4"), roll("2 5 6 6 6 6"), score("3 4"))
    assert error.code == "die-not-rolled"
    assert error.message.startswith("There is no 3 to take")
    # A second seven from the same roll, in a second move, is fine.
    state = play(roll("3 4 2 5 6 6 6 6"), score("3 4"), score("2 5"))
    assert state.turn_total == 2 and lucky7.dice_to_roll(state) == 4


# --- Busts and what must be scored ----------------------------------------------------------


def test_roll_with_no_seven_busts_and_loses_turn_total() -> None:
    before = play(*ONE, *BUST, roll("3 4 2 2 2 2 2 2"), score("3 4"))
    assert before.turn_total == 1
    state = play(*ONE, *BUST, roll("3 4 2 2 2 2 2 2"), score("3 4"), roll("6 6 6 6 5 5"))
    assert state.board.scores == (1, 0)  # the 1 scored this turn is lost, the banked 1 stays
    assert state.board.player == "Bo" and state.phase == "start"
    assert state.turn_total == 0 and state.stealable is None
    assert state.board.turns[-1].bust and state.board.turns[-1].points == 0
    assert state.ruling == (
        "Bust: no seven in 5 5 6 6 6 6 — Ann loses 1. Bo to roll. Nothing to steal."
    )
    state = play(*BUST)
    assert state.ruling == "Bust: no seven in 2 2 2 2 2 2 2 2. Bo to roll. Nothing to steal."


def test_not_every_seven_must_be_scored() -> None:
    state = play(roll("3 4 2 5 1 6 6 6"), score("3 4"))
    assert state.turn_total == 1
    assert spell(state.on_table) == "1 2 5 6 6 6"  # 2 5 and 1 6 left unscored
    assert lucky7.dice_to_roll(state) == 6
    state = play(roll("3 4 2 5 1 6 6 6"), score("3 4"), BANK)
    assert state.board.scores == (1, 0)


def test_one_die_left_rolls_all_eight() -> None:
    state = play(roll("1 1 1 1 1 1 1 6"), score("1 1 1 1 1 1 1"))
    assert state.turn_total == 12  # no bonus: one die is still unscored
    assert lucky7.dice_to_roll(state) == 8
    assert state.ruling.endswith("turn total 12: bank, or roll all eight dice again.")
    error = refused(roll("1 1 1 1 1 1 1 6"), score("1 1 1 1 1 1 1"), roll("6"))
    assert (error.code, error.message) == (
        "wrong-dice-count",
        "Ann rolls 8 dice now, but 1 were entered.",
    )
    state = play(roll("1 1 1 1 1 1 1 6"), score("1 1 1 1 1 1 1"), roll("3 4 6 6 6 6 6 6"))
    assert state.phase == "score"


def test_completed_set_adds_bonus_and_rolls_all_eight() -> None:
    state = play(*FOURTEEN[:2])
    assert state.turn_total == 8 + 1 + 5
    assert state.ruling == (
        "Ann scored 1 1 1 1 1 2 and 3 4: +14 including the Completed Set bonus of 5; "
        "turn total 14: bank, or roll all eight dice again."
    )
    assert lucky7.dice_to_roll(state) == 8
    # The set may be completed by a second score move from the same roll ...
    state = play(roll("3 4 2 5 3 4 1 6"), score("3 4", "2 5"), score("3 4", "1 6"))
    assert state.turn_total == 2 + 2 + 5
    assert lucky7.dice_to_roll(state) == 8
    # ... or on a later roll of the turn, by scoring every die left.
    state = play(roll("1 1 1 1 1 2 3 4"), score("1 1 1 1 1 2"), roll("3 4"), score("3 4"))
    assert state.turn_total == 8 + 1 + 5
    assert "Completed Set bonus of 5" in state.ruling
    # Leaving one die is no completed set.
    state = play(roll("3 4 2 5 1 6 6 6"), score("3 4", "2 5", "1 6"))
    assert state.turn_total == 3 and "bonus" not in state.ruling


def test_set_bonus_option_six() -> None:
    state = play(*FOURTEEN[:2], set_bonus=6)
    assert state.turn_total == 8 + 1 + 6
    assert "Completed Set bonus of 6" in state.ruling
    with pytest.raises(SetupError, match="set_bonus must be 5 or 6, not 7"):
        resolve_options(L7, {"set_bonus": 7})


# --- Stealing ------------------------------------------------------------------------------


def test_steal_takes_turn_total_and_dice_left() -> None:
    state = play(*ONE)
    assert state.stealable == (1, 6)
    assert state.ruling == (
        "Ann banked 1: total 1. Bo may steal 1 point and roll 6 dice, or start fresh with eight."
    )
    assert lucky7.choices(state) == [STEAL]
    state = play(*ONE, STEAL)
    assert (state.phase, state.turn_total, state.stolen_from) == ("roll", 1, "Ann")
    assert lucky7.dice_to_roll(state) == 6
    assert state.ruling == "Bo steals Ann's 1 point: roll 6 dice."
    state = play(*ONE, STEAL, roll("3 4 2 2 2 2"), score("3 4"), BANK)
    assert state.board.scores == (1, 2)  # Bo scores on top of Ann's 1
    assert state.board.turns[-1].note == "stole from Ann"
    # One die left: the stealer rolls all eight.
    state = play(*TWELVE, STEAL)
    assert (state.turn_total, lucky7.dice_to_roll(state)) == (12, 8)
    # A completed set: all eight, and the bonus is the stealer's when the set is completed.
    state = play(*FOURTEEN, STEAL)
    assert (state.turn_total, lucky7.dice_to_roll(state)) == (14, 8)
    state = play(*ONE, STEAL, roll("3 4 2 5 1 6"), score("3 4", "2 5", "1 6"))
    assert state.turn_total == 1 + 3 + 5
    assert "Completed Set bonus of 5" in state.ruling


def test_steal_must_be_followed_by_a_roll() -> None:
    error = refused(*ONE, STEAL, BANK)
    assert (error.code, error.message) == (
        "nothing-to-bank",
        "Bo must score a seven before banking.",
    )
    error = refused(*ONE, STEAL, score("3 4"))
    assert (error.code, error.message) == ("roll-first", "Bo must roll before scoring.")
    error = refused(*ONE, STEAL, roll("3 4 2 2 2 2 2 2"))
    assert error.code == "wrong-dice-count"
    assert lucky7.choices(play(*ONE, STEAL)) == []


def test_banking_player_keeps_points_when_stolen_from() -> None:
    state = play(*FOURTEEN, STEAL, roll("3 4 2 2 2 2 2 2"), score("3 4"), BANK)
    assert state.board.scores == (14, 15)
    state = play(*FOURTEEN, STEAL, *BUST)
    assert state.board.scores == (14, 0)


def test_stealer_bust_loses_stolen_total() -> None:
    state = play(*FOURTEEN, STEAL, *BUST)
    assert state.board.scores == (14, 0)
    assert state.board.turns[-1].bust and state.board.turns[-1].points == 0
    assert state.ruling == (
        "Bust: no seven in 2 2 2 2 2 2 2 2 — Bo loses 14 (stolen from Ann). "
        "Ann to roll. Nothing to steal."
    )
    # After scoring more, the bust loses the stolen points and the new ones.
    state = play(*ONE, STEAL, roll("3 4 2 2 2 2"), score("3 4"), roll("2 2 2 2"))
    assert state.board.scores == (1, 0)
    assert "Bo loses 2 (stolen from Ann)" in state.ruling


def test_nothing_to_steal_after_a_bust() -> None:
    state = play(*BUST)
    assert state.stealable is None and lucky7.choices(state) == []
    error = refused(*BUST, STEAL)
    assert (error.code, error.message) == (
        "nothing-to-steal",
        "Only a turn that was just banked can be stolen, before the next player rolls.",
    )
    # Nor after the stealer busts: Ann cannot take back her own points.
    error = refused(*FOURTEEN, STEAL, *BUST, STEAL)
    assert error.code == "nothing-to-steal"


def test_one_player_game_offers_nothing_to_steal() -> None:
    state = play(*ONE, players=("Ann",))
    assert state.stealable is None and lucky7.choices(state) == []
    assert state.ruling == "Ann banked 1: total 1. Roll eight dice."
    assert refused(*ONE, STEAL, players=("Ann",)).code == "nothing-to-steal"


def test_start_fresh_instead_of_stealing() -> None:
    state = play(*FOURTEEN, roll("3 4 2 2 2 2 2 2"))
    assert (state.phase, state.turn_total, state.stolen_from, state.stealable) == (
        "score",
        0,
        None,
        None,
    )
    state = play(*FOURTEEN, roll("3 4 2 2 2 2 2 2"), score("3 4"), BANK)
    assert state.board.scores == (14, 1)
    assert state.board.turns[-1].note == ""
    # Starting fresh and busting loses nothing of Ann's turn.
    state = play(*FOURTEEN, *BUST)
    assert state.board.scores == (14, 0)
    assert "loses" not in state.ruling


def test_steal_only_at_start_of_turn() -> None:
    assert refused(STEAL).code == "nothing-to-steal"  # nothing banked yet
    assert refused(*ONE, roll("3 4 2 2 2 2 2 2"), STEAL).code == "nothing-to-steal"
    assert refused(*ONE, roll("3 4 2 2 2 2 2 2"), score("3 4"), STEAL).code == "nothing-to-steal"
    assert refused(*ONE, STEAL, STEAL).code == "nothing-to-steal"
    assert refused(roll("3 4 2 2 2 2 2 2"), score("3 4"), STEAL).code == "nothing-to-steal"
    # Only the next player may steal: Bo starts fresh and banks, so Ann may steal from Bo.
    state = play(*ONE, roll("3 4 2 2 2 2 2 2"), score("3 4"), BANK, STEAL)
    assert (state.board.player, state.stolen_from, state.turn_total) == ("Ann", "Bo", 1)


# --- The finish: exactly the target ---------------------------------------------------------


def test_no_choice_may_pass_target() -> None:
    error = refused(*ann_on(96), roll("1 1 1 1 3 6 6 6"), score("1 1 1 1 3"))
    assert (error.code, error.message) == (
        "past-target",
        "Ann cannot score that: it would reach 101, past 100.",
    )
    state = play(*ann_on(96), roll("1 1 1 1 3 6 6 6"), score("1 6"))
    assert state.score_before == 97
    # The turn total counts: 97 banked + 1 this turn, then 3 more would pass 100.
    turn = [roll("3 4 2 2 2 2 2 2"), score("3 4")]
    error = refused(*ann_on(97), *turn, roll("3 4 2 2 3 6"), score("3 4", "2 2 3"))
    assert error.message == "Ann cannot score that: it would reach 101, past 100."
    # Several score moves from one roll: each is judged with what came before.
    error = refused(*ann_on(98), roll("3 4 2 2 3 6 6 6"), score("3 4"), score("2 2 3"))
    assert error.code == "past-target"
    assert play(*ann_on(98), roll("3 4 2 2 3 6 6 6"), score("3 4"), BANK).board.scores == (99, 0)


def test_reaching_target_must_leave_no_seven() -> None:
    error = refused(*ann_on(98), roll("3 4 2 2 3 6 6 6"), score("2 2 3"))
    assert (error.code, error.message) == (
        "seven-left",
        "Ann cannot score that: it reaches 100 but leaves a seven among the dice not scored.",
    )
    # Only the dice of this roll count: the 2 2 3 left on the table was rolled again.
    moves = [*ann_on(98), roll("3 4 2 2 3 6 6 6"), score("3 4"), roll("1 6 2 2 2 2")]
    state = play(*moves, score("1 6"))
    assert state.board.over and state.board.scores == (100, 0)
    # A second score move from the same roll is judged on the dice still on the table:
    # 98 + 2 reaches 100 but leaves 2 5.
    moves = [*ann_on(97), roll("3 4 2 2 3 2 5 6"), score("3 4")]
    assert play(*moves).score_before == 98
    error = refused(*moves, score("2 2 3"))
    assert error.code == "seven-left"
    assert "leaves a seven among the dice not scored" in error.message
    assert play(*moves, score("2 5")).score_before == 99  # leaving a seven below 100 is fine


def test_exact_target_wins_at_once() -> None:
    state = play(*ann_on(98), roll("2 2 3 6 6 6 6 6"), score("2 2 3"))
    assert state.board.over and state.board.scores == (100, 0)
    assert state.ruling == "Ann scored 2 2 3: +2, exactly 100. Game over: Ann wins with 100."
    assert state.board.turns[-1].note == "exact finish"
    outcome = L7.outcome(state)
    assert (outcome.over, outcome.winners, outcome.to_move) == (True, ["Ann"], None)
    assert lucky7.dice_to_roll(state) is None and lucky7.choices(state) == []
    # No bank needed: the game is over.
    error = refused(*ann_on(98), roll("2 2 3 6 6 6 6 6"), score("2 2 3"), BANK)
    assert (error.code, error.message) == (
        "game-over",
        "The game is over: no more moves can be made.",
    )
    # With the second score move from one roll, at that moment.
    state = play(*ann_on(97), roll("3 4 2 2 3 6 6 6"), score("3 4"), score("2 2 3"))
    assert state.board.over and L7.outcome(state).winners == ["Ann"]


def test_ruling_set_asides_after_one_roll_combine() -> None:
    """docs/rulings.md, "Every game": several score moves after one roll are one choice of all
    their sevens, judged and scored together, as if entered in one move."""

    def alike(before: list[dict], *scores: dict) -> Lucky7:
        """The state after ``before`` and the score moves ``scores``, which must be the state
        after one score move of all their sevens (the rulings apart)."""
        split = play(*before, *scores)
        merged = {"type": "score", "sevens": [seven for move in scores for seven in move["sevens"]]}
        assert replace(split, ruling="") == replace(play(*before, merged), ruling="")
        return split

    # The completed-set bonus, once, for the whole roll scored over two moves.
    state = alike([roll("3 4 2 5 3 4 1 6")], score("3 4", "2 5"), score("3 4", "1 6"))
    assert state.turn_total == 4 + 5 and lucky7.dice_to_roll(state) == 8
    # One die left after three moves: the next roll is all eight, with no bonus.
    state = alike([roll("3 4 2 5 1 2 4 6")], score("3 4"), score("2 5"), score("1 2 4"))
    assert state.turn_total == 4 and lucky7.dice_to_roll(state) == 8
    # The finish: no choice past 100, judged on the whole choice ...
    moves = [*ann_on(97), roll("3 4 2 2 3 2 5 6")]
    error = refused(*moves, score("3 4"), score("2 2 3"))
    assert error.code == refused(*moves, score("3 4", "2 2 3")).code == "seven-left"
    error = refused(*ann_on(98), roll("3 4 2 2 3 6 6 6"), score("3 4"), score("2 2 3"))
    assert error.code == "past-target"
    # ... and one that reaches 100 leaving no seven among this roll's unscored dice wins.
    state = alike([*ann_on(97), roll("3 4 2 2 3 6 6 6")], score("3 4"), score("2 2 3"))
    assert state.board.over and state.board.scores == (100, 0)


def test_exact_finish_has_a_single_winner() -> None:
    rounds = (FOURTEEN + FOURTEEN) * 7  # Bo starts fresh each time rather than stealing
    state = play(*rounds, roll("2 2 3 6 6 6 6 6"), score("2 2 3"))
    assert state.board.scores == (100, 98)
    assert L7.outcome(state).winners == ["Ann"]
    assert state.ruling.endswith("Game over: Ann wins with 100.")


def test_roll_with_no_legal_choice_near_the_end_busts() -> None:
    # Ann on 99: each seven alone reaches 100 but leaves the other; both pass 100.
    state = play(*ann_on(99), roll("3 4 2 5 6 6 6 6"))
    assert state.board.scores == (99, 0) and state.board.player == "Bo"
    assert state.board.turns[-1].bust
    assert state.ruling == (
        "Bust: Ann needs exactly 1, and no way to score 2 3 4 5 6 6 6 6 stays within 100 "
        "without leaving a seven. Bo to roll. Nothing to steal."
    )
    # Ann on 99: the only seven is worth 2.
    state = play(*ann_on(99), roll("2 2 3 6 6 6 6 6"))
    assert state.board.turns[-1].bust
    # The turn total is lost with it.
    turn = [roll("3 4 2 2 2 2 2 2"), score("3 4")]
    state = play(*ann_on(98), *turn, roll("3 4 2 5 6 6"))
    assert state.board.scores == (98, 0)
    assert "Ann needs exactly 1" in state.ruling and "Ann loses 1" in state.ruling


def test_steal_never_wins_by_itself() -> None:
    # Bo on 86 steals Ann's 14: on exactly 100, but a steal must be followed by a roll,
    # and any seven then passes 100.
    moves = [*BUST, *(FOURTEEN + BUST) * 6, *ONE, *BUST, *ONE, *FOURTEEN]
    state = play(*moves)
    assert state.board.scores == (14, 86) and state.board.player == "Bo"
    assert lucky7.choices(state) == [STEAL]  # offered, though it can only bust
    state = play(*moves, STEAL)
    assert state.score_before == 100 and not state.board.over
    assert L7.outcome(state).winners == []
    assert refused(*moves, STEAL, BANK).code == "nothing-to-bank"
    state = play(*moves, STEAL, roll("3 4 2 2 2 2 2 2"))
    assert state.board.turns[-1].bust and state.board.scores == (14, 86)
    assert state.ruling == (
        "Bust: with the stolen points Bo is on 100, so any seven in 2 2 2 2 2 2 3 4 would "
        "pass 100 — Bo loses 14 (stolen from Ann). Ann to roll. Nothing to steal."
    )
    # Past the target, the same: Bo on 87 + 14 = 101.
    moves = [*BUST, *(FOURTEEN + BUST) * 6, *ONE, *BUST, *ONE, *BUST, *ONE, *FOURTEEN]
    state = play(*moves, STEAL, roll("3 4 2 2 2 2 2 2"))
    assert state.board.scores == (14, 87)
    assert state.ruling.startswith("Bust: with the stolen points Bo is on 101")
    # With no seven at all, the plain bust wording.
    state = play(*moves, STEAL, *BUST)
    assert state.ruling.startswith("Bust: no seven in 2 2 2 2 2 2 2 2 — Bo loses 14")


def test_bonus_counts_toward_target() -> None:
    # Ann on 90: all eight is 8 + 1 + 5 = 14 -> 104; without the bonus it would be 99.
    error = refused(*ann_on(90), roll("1 1 1 1 1 2 3 4"), score("1 1 1 1 1 2", "3 4"))
    assert (error.code, error.message) == (
        "past-target",
        "Ann cannot score that: it would reach 104, past 100.",
    )
    # Ann on 91: four 2-dice sevens are 4 points, 95; with the bonus, exactly 100.
    state = play(*ann_on(91), roll("3 4 3 4 3 4 3 4"), score("3 4", "3 4", "3 4", "3 4"))
    assert state.board.over and state.board.scores == (100, 0)
    assert state.ruling == (
        "Ann scored 3 4 and 3 4 and 3 4 and 3 4: +9 including the Completed Set bonus of 5, "
        "exactly 100. Game over: Ann wins with 100."
    )


# --- Finish advice -------------------------------------------------------------------------


def test_finish_advice_is_none_early_in_the_game() -> None:
    assert lucky7.finish_advice(play()) is None
    assert lucky7.finish_advice(play(roll("3 4 2 2 3 6 6 6"))) is None
    assert lucky7.finish_advice(play(*ann_on(80), roll("3 4 2 2 3 6 6 6"))) is None


def test_finish_advice_judges_every_choice_near_the_end_legal_first() -> None:
    state = play(*ann_on(98), roll("3 4 2 2 3 6 6 6"))
    advice = lucky7.finish_advice(state)
    assert advice is not None
    assert [(c.dice(), c.points, c.reaches, c.problem) for c in advice] == [
        ([["3", "4"]], 1, 99, None),
        ([["3", "4"], ["2", "2", "3"]], 3, 101, "it would reach 101, past 100"),
        (
            [["2", "2", "3"]],
            2,
            100,
            "it reaches 100 but leaves a seven among the dice not scored",
        ),
    ]
    legal = [c for c in advice if c.problem is None]
    assert lucky7.choices(state) == [{"type": "score", "sevens": c.dice()} for c in legal]
    # After a score move, advice covers the dice still on the table.
    state = play(*ann_on(97), roll("3 4 2 2 3 6 6 6"), score("3 4"))
    advice = lucky7.finish_advice(state)
    assert advice is not None and [c.problem for c in advice] == [None]
    assert advice[0].reaches == 100
    assert lucky7.finish_advice(play(*ann_on(98))) is None  # no roll on the table


# --- Bad input -----------------------------------------------------------------------------


def test_wrong_number_of_dice_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2"))
    assert (error.code, error.message) == (
        "wrong-dice-count",
        "Ann rolls 8 dice now, but 7 were entered.",
    )
    error = refused(roll("3 4 2 2 2 2 2 2"), score("3 4"), roll("3 4 2 2 2 2 2 2"))
    assert error.message == "Ann rolls 6 dice now, but 8 were entered."
    error = refused(*ONE, STEAL, roll("3 4 2 2 2 2 2 2"))
    assert error.message == "Bo rolls 6 dice now, but 8 were entered."


@pytest.mark.parametrize("bad", ["7", "0", "12"])
def test_die_value_outside_one_to_six_is_refused(bad: str) -> None:
    error = refused(roll(f"3 4 2 2 2 2 2 {bad}"))
    assert (error.code, error.message) == (
        "bad-die",
        f"A die shows 1 to 6; {bad} is not a die value.",
    )


def test_die_that_is_not_a_number_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2 x"))
    assert (error.code, error.message) == (
        "bad-die",
        '"x" is not a die: write its value 1-6, like "5".',
    )


def test_value_seven_in_a_seven_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2 2"), score("7"))
    assert (error.code, error.message) == ("bad-die", "A die shows 1 to 6; 7 is not a die value.")


def test_key_die_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2 K2"))
    assert (error.code, error.message) == ("bad-die", "Lucky Sevens has no key dice.")


def test_die_not_rolled_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2 2"), score("5 2"))
    assert (error.code, error.message) == (
        "die-not-rolled",
        "There is no 5 to take: the dice on the table are 2 2 2 2 2 2 3 4.",
    )
    # The order the dice are named in does not change what the message lists.
    error = refused(roll("3 4 2 2 2 2 2 2"), score("2 5"))
    assert error.message == "There is no 5 to take: the dice on the table are 2 2 2 2 2 2 3 4."


def test_sevens_not_a_list_of_groups_is_refused() -> None:
    for raw in ("3 4", [], None):
        error = refused(roll("3 4 2 2 2 2 2 2"), {"type": "score", "sevens": raw})
        assert (error.code, error.message) == (
            "bad-move",
            "Score at least one seven: a list of groups of dice.",
        )
    error = refused(roll("3 4 2 2 2 2 2 2"), {"type": "score", "sevens": ["3 4"]})
    assert (error.code, error.message) == ("bad-move", "The seven must be a list of dice.")


def test_wrong_player_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2 2", player="Bo"))
    assert (error.code, error.message) == ("wrong-player", "It is Ann's turn, not Bo's.")
    error = refused(*ONE, {**STEAL, "player": "Ann"})
    assert (error.code, error.message) == ("wrong-player", "It is Bo's turn, not Ann's.")
    error = refused(roll("3 4 2 2 2 2 2 2", player="Cy"))
    assert (error.code, error.message) == ("unknown-player", "'Cy' is not playing at this table.")


def test_moves_after_game_over_are_refused() -> None:
    finished = [*ann_on(98), roll("2 2 3 6 6 6 6 6"), score("2 2 3")]
    for move in (roll("3 4 2 2 2 2 2 2"), score("3 4"), BANK, STEAL):
        error = refused(*finished, move)
        assert (error.code, error.message) == (
            "game-over",
            "The game is over: no more moves can be made.",
        )


def test_bank_before_scoring_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2 2"), BANK)
    assert (error.code, error.message) == (
        "nothing-to-bank",
        "Ann must score a seven before banking.",
    )
    assert refused(BANK).code == "nothing-to-bank"
    # A new roll after scoring needs a new seven before the bank.
    assert refused(*ONE[:2], roll("3 4 2 2 2 2"), BANK).code == "nothing-to-bank"


def test_roll_before_scoring_is_refused() -> None:
    error = refused(roll("3 4 2 2 2 2 2 2"), roll("3 4 2 2 2 2 2 2"))
    assert (error.code, error.message) == (
        "score-first",
        "Score at least one seven from this roll before rolling again.",
    )


def test_score_before_rolling_is_refused() -> None:
    error = refused(score("3 4"))
    assert (error.code, error.message) == ("roll-first", "Ann must roll before scoring.")
    assert refused(*ONE, score("3 4")).code == "roll-first"


def test_unknown_move_is_refused() -> None:
    error = refused({"type": "set_aside", "dice": ["3", "4"]})
    assert error.code == "unknown-move"
    assert (
        error.message == 'Lucky Sevens has no move "set_aside" (moves: bank, roll, score, steal).'
    )


def test_refused_move_leaves_the_state_object_as_it_was() -> None:
    state = play(roll("3 4 2 5 6 6 6 6"), score("3 4"))
    before = (state.phase, state.roll, state.scored, state.turn_total, state.board)
    for move in (score("3 4"), score("3 5"), STEAL, roll("1 2 3 4 5 6 6 6")):
        with pytest.raises(RuleViolation):
            apply_move(L7, state, move)
    assert (state.phase, state.roll, state.scored, state.turn_total, state.board) == before


# --- Choices, setup, the seed --------------------------------------------------------------


def test_choices_list_each_distinct_scoring_choice_and_bank() -> None:
    state = play(roll("3 4 2 5 6 6 6 6"))
    assert lucky7.choices(state) == [
        {"type": "score", "sevens": [["2", "5"], ["3", "4"]]},
        {"type": "score", "sevens": [["2", "5"]]},
        {"type": "score", "sevens": [["3", "4"]]},
    ]
    state = play(roll("3 4 2 5 6 6 6 6"), score("3 4"))
    assert lucky7.choices(state) == [{"type": "score", "sevens": [["2", "5"]]}, BANK]
    assert lucky7.choices(play()) == []


def test_options_default_to_the_rulings() -> None:
    state = play()
    assert (state.target, state.set_bonus) == (100, 5)
    assert state.ruling == "Ann to roll eight dice."
    assert lucky7.dice_to_roll(state) == 8
    assert lucky7_page.player_notes(play(*ann_on(90))) == {"Ann": "needs 10", "Bo": "needs 100"}


@pytest.mark.parametrize("count", [1, 2, 8])
def test_one_to_eight_players_may_play(count: int) -> None:
    assert len(check_players(L7, [f"P{i}" for i in range(count)])) == count


@pytest.mark.parametrize("count", [0, 9])
def test_more_than_eight_players_or_none_are_refused(count: int) -> None:
    with pytest.raises(SetupError, match="takes 1 to 8 players"):
        check_players(L7, [f"P{i}" for i in range(count)])


def test_finished_seed_replays_to_a_single_exact_winner() -> None:
    result = replay(loads(SEED.read_text()))
    assert result.error is None, result.error
    outcome = result.outcome
    assert outcome.over and outcome.to_move is None
    assert len(outcome.winners) == 1
    assert outcome.scores[outcome.winners[0]] == 100
    assert all(s < 100 for p, s in outcome.scores.items() if p not in outcome.winners)
    steal = result.state.board.turns[1]  # Max stole Lou's first bank, then busted
    assert (steal.player, steal.bust, result.state.board.turns[0].total) == ("Max", True, 3)
