"""10K's advice (referee.games.tenk.odds): its dynamic programming against plain recursion,
each figure against every ordered roll, the bound, the thresholds, and advice on states."""

from __future__ import annotations

import sys
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import log10

import pytest

from referee.core.dice import Die
from referee.core.moves import apply_move
from referee.core.odds import judge
from referee.games import get_game
from referee.games.tenk import odds
from referee.games.tenk.odds import ODDS, position, roll_outcomes, settled_total
from referee.games.tenk.rules import COLOUR_RUN_ORDER, DICE, best_split
from tests.calibration import within
from tests.engine import support
from tests.engine.support import aside, roll

TENK = get_game("tenk")


def play(*moves, **options):
    return support.play("tenk", *moves, **options)


# --- The dynamic programming against plain recursion ------------------------------------------


@cache
def by_recursion(dice: int, total: int, entry: int) -> Fraction:
    """The value of a position by recursion straight over ``roll_outcomes``."""
    short = total < entry
    if not short and total >= settled_total():
        return Fraction(total)
    rolling = Fraction(0)
    for ways, takes in roll_outcomes(dice):
        if takes:
            rolling += ways * max(
                by_recursion(left or DICE, total + p, entry if total + p < entry else 0)
                for p, left in takes
            )
    return max(Fraction(0 if short else total), rolling / 6**dice)


@pytest.fixture(scope="module")
def deep():
    """Room for the recursion: a turn from 0 runs to hundreds of rolls before the bound."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    yield
    sys.setrecursionlimit(limit)


@pytest.mark.parametrize("entry", [0, 500])
def test_values_match_plain_recursion(deep, entry):
    for dice in range(1, DICE + 1):
        for total in (0, 50, 300, 350, 450, 1000, 3250, 10_000, 20_950):
            pos = position(dice, total, entry)
            assert ODDS.value(pos) == by_recursion(*pos), pos


def test_expected_points_of_a_whole_turn():
    assert round(float(ODDS.value(position(DICE, 0, 0))), 3) == 676.622
    assert round(float(ODDS.value(position(DICE, 0, 500))), 3) == 662.164


# --- Each figure against every ordered roll ---------------------------------------------------


def ordered_rolls(n: int):
    """Every ordered roll of n dice, the i-th die of the i-th colour (so one is the colour run)."""
    for values in product(range(1, 7), repeat=n):
        yield [Die(v, c) for v, c in zip(values, COLOUR_RUN_ORDER, strict=False)]


def set_asides(dice):
    """Every legal set-aside of these dice (picked by position): (points, dice left)."""
    for size in range(1, len(dice) + 1):
        for picked in combinations(dice, size):
            split = best_split(picked)
            if split is not None:
                yield split.points, len(dice) - size


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
@pytest.mark.parametrize(("total", "entry"), [(50, 0), (350, 0), (2000, 0), (300, 500)])
def test_figures_match_every_ordered_roll(dice, total, entry):
    pos = position(dice, total, entry)
    busts = best_points = rolling = Fraction(0)
    for rolled in ordered_rolls(dice):
        takes = list(set_asides(rolled))
        if not takes:
            busts += 1
            continue
        best_points += max(p for p, _ in takes)
        rolling += max(ODDS.value(position(left or DICE, total + p, entry)) for p, left in takes)
    assert ODDS.bust(pos) == busts / 6**dice
    assert ODDS.one_roll(pos) == (best_points - busts * total) / 6**dice
    assert ODDS.rolling(pos) == rolling / 6**dice


def test_one_roll_gain_is_best_points_less_what_a_bust_loses():
    # 3 dice at 350: E[best points] 3,125/36, bust 5/18.
    assert ODDS.one_roll(position(3, 350, 0)) == Fraction(3125, 36) - Fraction(5, 18) * 350


# --- The bound --------------------------------------------------------------------------------


def test_settled_total_is_six_dice_gain_over_bust():
    assert settled_total() == Fraction(2_831_375, 5_832) / Fraction(5, 216)
    assert round(float(settled_total()), 1) == 20_973.1


@pytest.mark.parametrize("dice", range(1, DICE + 1))
def test_from_the_settled_total_one_roll_gains_no_more_than_a_bust_loses(dice):
    bust, gain = odds.one_roll(dice)
    assert bust * settled_total() >= gain


def test_the_bound_is_tight_best_play_rolls_six_dice_just_below_it():
    assert not ODDS.banks(position(DICE, 20_950, 0))
    assert ODDS.banks(position(DICE, 21_000, 0))


# --- Thresholds -------------------------------------------------------------------------------

BANK_FROM = {1: 350, 2: 300, 3: 450, 4: 1100, 5: 3250, 6: 21_000}
BANK_FROM_SHORT_OF_500 = {1: 500, 2: 500, 3: 500, 4: 1100, 5: 3250, 6: 21_000}


@pytest.mark.parametrize("dice", range(1, DICE + 1))
def test_best_play_banks_from_one_total_on_for_each_number_of_dice(dice):
    assert odds.runs(dice, 0) == ((BANK_FROM[dice], None),)
    assert odds.runs(dice, 500) == ((BANK_FROM_SHORT_OF_500[dice], None),)


def test_threshold_words():
    assert odds.policy(2, 0) == "most points this turn: bank from 300 with 2 dice"
    assert odds.policy(1, 0) == "most points this turn: bank from 350 with 1 die"
    assert odds.policy(None, 0) == (
        "most points this turn: bank from 350 with 1 die, 300 with 2 dice, 450 with 3 dice, "
        "1,100 with 4 dice, 3,250 with 5 dice, 21,000 with 6 dice"
    )


# --- Advice on states -------------------------------------------------------------------------


def test_at_the_turns_first_roll_the_only_choice_is_to_roll_and_the_figures_show():
    advice = TENK.advice(play())
    assert [c.key for c in advice.choices] == ["roll"]
    assert advice.choices[0].worth == ODDS.value(position(DICE, 0, 500))
    assert advice.line.startswith("2.3% to bust · ")
    assert advice.line.endswith("best: roll six dice")


def test_advice_with_three_dice_at_200_on_the_board():
    # Ann banks 1,050 and Bo busts; Ann sets aside 1 5 = 150, then 5 = 50.
    state = play(roll("1 1 1 5 2 3"), aside("1 1 1 5"), {"type": "bank"}, roll("2 2 3 3 4 6"))
    for move in (roll("1 5 2 2 3 4"), aside("1 5"), roll("5 2 3 4"), aside("5")):
        state = apply_move(TENK, state, move)
    assert (state.turn_total, TENK.dice_to_roll(state)) == (200, 3)
    advice = TENK.advice(state)
    pos = position(3, 200, 0)
    assert advice.figures[0].value == Fraction(5, 18)
    assert advice.figures[1].value == ODDS.one_roll(pos)
    worths = {c.key: c.worth for c in advice.choices}
    assert worths["bank"] == 200 and worths["roll"] == ODDS.rolling(pos)
    assert advice.best.key == "roll"
    assert advice.policy == "most points this turn: bank from 450 with 3 dice"


def test_banking_short_of_the_entry_is_worth_nothing():
    state = play(roll("1 5 2 2 3 4"), aside("1 5"))
    advice = TENK.advice(state)
    bank = next(c for c in advice.choices if c.key == "bank")
    assert bank.worth == 0
    assert bank.words == "bank 150 (scores 0: short of the 500 entry)"
    assert advice.best.key == "roll"


def test_set_aside_choices_are_worth_best_play_after_them():
    state = play(roll("1 1 5 2 3 4"))
    advice = TENK.advice(state)
    assert advice.figures == ()
    worths = {c.key: c.worth for c in advice.choices}
    assert set(worths) == {"set_aside 1", "set_aside 5", "set_aside 1,1", "set_aside 1,5",
                           "set_aside 1,1,5"}  # fmt: skip
    assert worths["set_aside 1"] == ODDS.value(position(5, 100, 500))
    assert worths["set_aside 1,1,5"] == ODDS.value(position(3, 250, 500))
    assert advice.best.worth == max(worths.values())


def test_hot_dice_roll_all_six_again():
    state = play(roll("1 1 1 5 5 5"), aside("1 1 1 5 5 5"))
    roll_choice = next(c for c in TENK.advice(state).choices if c.key == "roll")
    assert roll_choice.words == "roll all six again"
    assert roll_choice.worth == ODDS.rolling(position(DICE, 1500, 500))


def test_every_move_maps_to_its_choice():
    state = play(roll("1 1 5 2 3 4"))
    assert TENK.advice_key(state, aside("5 1")) == "set_aside 1,5"
    assert TENK.advice_key(state, aside("2")) is None  # not a legal set-aside
    state = apply_move(TENK, state, aside("1"))
    assert TENK.advice_key(state, aside("5")) == "set_aside 1,5"  # with the 1 already taken
    assert TENK.advice_key(state, {"type": "bank"}) == "bank"
    assert TENK.advice_key(state, roll("1 2 3 4 5")) == "roll"
    verdict = judge(TENK.advice(state), TENK.advice_key(state, {"type": "bank"}))
    assert verdict is not None and not verdict.followed and verdict.cost > 0


def test_final_round_notes_the_chance_to_pass_the_leader():
    advice = odds.advice_for({"dice": 3, "turn": 350, "score": 9000, "entry": 500, "beat": 9900})
    assert advice.notes == (
        "Final round: passing 9,900 needs 901 this turn; played for that alone, the chance "
        "is 18.6%. The worths count points, not the chance to pass.",
    )


@cache
def chance_by_recursion(dice: int, need: int) -> Fraction:
    """The best chance to bank ``need`` more points, by recursion over ``roll_outcomes``."""
    if need <= 0:
        return Fraction(1)
    rolling = Fraction(0)
    for ways, takes in roll_outcomes(dice):
        if takes:
            rolling += ways * max(chance_by_recursion(left or DICE, need - p) for p, left in takes)
    return rolling / 6**dice


@pytest.mark.parametrize("need", [50, 350, 901, 2000])
def test_chances_to_pass_match_plain_recursion(deep, need):
    for dice in range(1, DICE + 1):
        assert odds.PASSING.value((dice, need)) == chance_by_recursion(dice, need)


def test_no_advice_once_the_game_is_over():
    state = play(roll("1 1 1 1 1 1"), aside("1 1 1 1 1 1"), {"type": "bank"}, players=("Ann",),
                 target=4000)  # fmt: skip
    assert TENK.is_over(state) and TENK.advice(state) is None


@pytest.mark.parametrize("need", [1_050, 5_000, 11_950, 12_000, 14_000, 23_000])
def test_the_bound_on_a_chance_to_bank_holds_over_the_exact_chance(monkeypatch, need):
    """``chance_bound`` past a smaller exact limit (1,000 points) against the exact chance:
    the bound is never under it, and from twice the limit plus a roll's most it multiplies."""
    monkeypatch.setattr(odds, "EXACT_MOST", 1_000)
    odds._log_chance_at_most.cache_clear()
    try:
        for dice in range(1, DICE + 1):
            exact = odds.PASSING.value((dice, need))
            assert log10(exact) <= odds.chance_bound(dice, need)
    finally:
        odds._log_chance_at_most.cache_clear()


@pytest.mark.parametrize(
    ("beat", "words"),
    [
        (30_000, "under 1 in 1,000,000"),
        (209_000, "under 1 in 10^36"),
        (10_009_000, "under 1 in 10^1998"),
    ],
)
def test_a_final_round_far_past_the_target_bounds_the_chance_at_once(beat, words):
    advice = odds.advice_for({"dice": 3, "turn": 350, "score": 9000, "entry": 500, "beat": beat})
    asked = {"dice": 3, "turn": 350, "score": 9000, "entry": 500, "beat": beat}
    advice = within(lambda: odds.advice_for(asked), 0.05, "the advice")  # at this machine's pace
    assert f"played for that alone, the chance is {words}." in advice.notes[0]


def test_an_entry_past_the_settled_total_leaves_the_worths_out_with_a_sentence():
    advice = odds.advise(6, 0, 100_000)
    assert advice.choices == () and advice.figures  # the roll's figures stay
    assert (
        advice.policy == "most points this turn: roll on until the total reaches 100,000, then bank"
    )
    assert advice.notes == (
        "The worths are left out until the turn reaches the 100,000 entry (an entry this high "
        "is not worked out); until then rolling on is best.",
    )
    assert odds.advise(6, 0, 20_950).choices  # below the settled total: worked out
    rolled = odds.advise(None, 0, 100_000)  # a roll on the table, nothing to set aside
    assert rolled.line == rolled.policy  # the turn screen's line is never empty
