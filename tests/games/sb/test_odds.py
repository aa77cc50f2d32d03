"""Keys and Base Dice's advice (referee.games.sb.odds): its dynamic programming
against plain recursion over every ordered roll (no positions merged), the bust chances,
the thresholds, and advice on states."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import perm

import pytest

from referee.core.dice import Die
from referee.core.engine import SetupError
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.sb import odds
from referee.games.sb.odds import ODDS, START, canonical
from referee.games.sb.rules import BASE_DICE, KEYS, set_aside_problem, turn_value
from tests.engine import support
from tests.engine.support import aside, roll

SB = get_game("sb")


def play(*moves):
    return support.play("sb", *moves)


# --- Against plain recursion over every ordered roll ------------------------------------------


def rolled(keys: tuple[int, ...], base: tuple[int, ...]):
    """Every ordered roll of the dice not set aside, as dice."""
    base_left, keys_left = BASE_DICE - len(base), KEYS - len(keys)
    for values in product(range(1, 7), repeat=base_left + keys_left):
        yield [Die(v) for v in values[:base_left]] + [Die(v, key=True) for v in values[base_left:]]


def set_asides(dice):
    """Every legal set-aside from a roll, picked by position: (key values, base values)."""
    for size in range(1, len(dice) + 1):
        for picked in combinations(dice, size):
            if set_aside_problem(picked) is None:
                yield (
                    tuple(d.value for d in picked if d.key),
                    tuple(d.value for d in picked if not d.key),
                )


def after(keys, base, take):
    return tuple(sorted(keys + take[0])), tuple(sorted(base + take[1]))


@cache
def by_recursion(keys: tuple[int, ...], base: tuple[int, ...]) -> Fraction:
    if len(keys) == KEYS and len(base) == BASE_DICE:
        return Fraction(turn_value(keys, base))
    rolling = Fraction(0)
    count = 0
    for dice in rolled(keys, base):
        count += 1
        rolling += max((by_recursion(*after(keys, base, t)) for t in set_asides(dice)), default=0)
    rolling /= count
    return max(rolling, Fraction(turn_value(keys, base))) if len(keys) == KEYS else rolling


SMALL = [  # positions with at most four dice to roll
    ((2, 5), (3, 3, 4, 4)),
    ((4, 6), (1, 1, 2, 2)),  # the mirror of the split above, with 1 and 3 swapped for 5 and 6
    ((1, 6), (2, 2, 2, 3, 3, 5)),
    ((4, 4), (1, 1, 4, 4, 4)),
    ((2, 5), (1, 1, 1, 1, 1, 1, 1)),
    ((3,), (1, 1, 5, 5, 6)),
    ((6,), (1, 1, 1, 2, 2, 2, 2)),
    ((), (2, 2, 6, 6, 6, 6)),
]


@pytest.mark.parametrize(("keys", "base"), SMALL)
def test_values_and_figures_match_every_ordered_roll(keys, base):
    pos = canonical(keys, base)
    assert ODDS.value(pos) == by_recursion(keys, base)
    busts = best_total = rolling = Fraction(0)
    count = 0
    for dice in rolled(keys, base):
        count += 1
        takes = list(set_asides(dice))
        busts += not takes
        best_total += max((turn_value(*after(keys, base, t)) for t in takes), default=0)
        rolling += max((by_recursion(*after(keys, base, t)) for t in takes), default=0)
    assert ODDS.bust(pos) == busts / count
    assert ODDS.one_roll(pos) == best_total / count - turn_value(keys, base)
    assert ODDS.rolling(pos) == rolling / count


def test_positions_that_play_alike_are_merged():
    assert canonical((2, 5), (3, 3, 4, 4)) == canonical((1, 4), (2, 2, 3, 3))
    assert canonical((4, 6), (1, 1, 2, 2)) == canonical((1, 3), (5, 5, 6, 6))
    assert canonical((3,), (1, 1)) == canonical((4,), (6, 6))


def test_expected_points_of_a_whole_turn():
    assert round(float(ODDS.value(START)), 4) == 8.3177


# --- Bust chances -----------------------------------------------------------------------------


@pytest.mark.parametrize("base_left", range(1, BASE_DICE + 1))
def test_with_both_keys_down_a_roll_busts_when_no_two_base_dice_match(base_left):
    pos = canonical((2, 5), (1,) * (BASE_DICE - base_left))
    assert ODDS.bust(pos) == Fraction(perm(6, base_left), 6**base_left)


@pytest.mark.parametrize("keys", [(), (3,)])
def test_while_a_key_is_unset_a_roll_cannot_bust(keys):
    assert ODDS.bust(canonical(keys, (1, 1))) == 0


# --- Thresholds and advice --------------------------------------------------------------------


def test_threshold_words():
    assert odds.runs((2, 5), 4) == ((8, None),)
    assert odds.policy((2, 5), 4) == (
        "most points this turn: bank from 8 with keys 2 and 5 and 4 base dice left"
    )
    assert odds.policy((3,), 4) == "most points this turn: no bank until both keys are down"


def test_at_the_turns_first_roll_the_only_choice_is_to_roll():
    advice = SB.advice(play())
    assert [(c.key, c.words) for c in advice.choices] == [("roll", "roll all ten dice")]
    assert advice.line == "0.0% to bust · +0.0 expected from one roll · best: roll all ten dice"


def test_with_both_keys_down_banking_is_worth_the_turn():
    moves = [roll("3 3 3 3 1 2 5 6 K1 K1"), aside("3 3 3 3"), roll("1 2 3 4 K2 K5")]
    state = play(*moves, aside("K2 K5"))
    advice = SB.advice(state)
    worths = {c.key: c.worth for c in advice.choices}
    pos = canonical((2, 5), (3, 3, 3, 3))
    assert worths["bank"] == 8 and worths["roll"] == ODDS.rolling(pos) < 8
    assert advice.line == "27.8% to bust · -0.5 expected from one roll · best: bank 8"


def test_set_aside_choices_name_what_follows():
    state = play(roll("3 3 3 3 4 4 4 4 K1 K1"))
    advice = SB.advice(state)
    best = advice.best
    assert best.key == "set_aside 3,3,3,3,4,4,4,4"
    assert best.words == "set aside 3 3 3 3 4 4 4 4, then roll 2 keys"
    assert best.worth == ODDS.value(canonical((), (3, 3, 3, 3, 4, 4, 4, 4)))
    assert SB.advice_key(state, aside("4 3 3 4 3 3 4 4")) == best.key
    assert SB.advice_key(state, aside("3")) is None  # a lone base die is no set-aside


def test_the_last_key_down_scores_at_once():
    state = play(roll("3 3 3 3 4 4 4 4 K1 K1"), aside("3 3 3 3 4 4 4 4"), roll("K2 K6"))
    words = {c.key: c.words for c in SB.advice(state).choices}
    assert words["set_aside K2,K6"] == "set aside K2 K6, then all ten are down: scores 20"


def test_advice_for_refuses_a_lone_base_value_and_a_finished_turn():
    values = {"keys": (2,), "base": (3, 3, 4), "score": 0, "beat": None}
    with pytest.raises(SetupError, match="4 is alone"):
        odds.advice_for(values)
    with pytest.raises(SetupError, match="already scored"):
        odds.advice_for({**values, "keys": (2, 5), "base": (3,) * 8})


def test_once_the_end_has_begun_a_note_says_what_passing_needs():
    values = {"keys": (2, 5), "base": (3, 3, 3, 3), "score": 50, "beat": 58}
    assert odds.advice_for(values).notes == (
        "Final round: passing 58 needs 9 this turn. "
        "The worths count points, not the chance to pass.",
    )


def test_advice_never_changes_the_state():
    state = play(roll("3 3 3 3 4 4 4 4 K1 K1"))
    before = repr(state)
    SB.advice(state)
    SB.advice_key(state, aside("3 3"))
    assert repr(state) == before
    assert apply_move(SB, state, aside("3 3")).phase == "choose"
