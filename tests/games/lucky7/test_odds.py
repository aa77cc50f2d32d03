"""Lucky Sevens' advice (referee.games.lucky7.odds): bust chances by enumeration and by
counting subset sums, the finish rule near the target, the dynamic programming against
plain recursion, each figure against every ordered roll, and advice on states."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial, prod

import pytest

from referee.core.engine import SetupError
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.lucky7 import odds
from referee.games.lucky7.rules import DICE, counts_of, has_seven, legal_choices, next_roll_size
from tests.engine import support
from tests.engine.support import roll

LUCKY7 = get_game("lucky7")
BONUS = 5

# P(no dice of the roll add up to 7), by number of dice.
BUST = {
    1: Fraction(1),
    2: Fraction(30, 36),
    3: Fraction(111, 216),
    4: Fraction(304, 1296),
    5: Fraction(856, 7776),
    6: Fraction(2483, 46656),
    7: Fraction(7257, 279936),
    8: Fraction(21295, 1679616),
}


def play(*moves, **options):
    return support.play("lucky7", *moves, **options)


def kinds(n: int):
    """Every roll of n dice up to order, with how many ordered rolls show it."""
    for values in combinations_with_replacement(range(1, 7), n):
        yield factorial(n) // prod(factorial(c) for c in Counter(values).values()), values


# --- Bust chances, two ways -------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, DICE + 1))
def test_bust_chance_by_enumerating_every_roll(n):
    busts = sum(ways for ways, values in kinds(n) if not has_seven(counts_of(list(values))))
    assert Fraction(busts, 6**n) == BUST[n]


@pytest.mark.parametrize("n", range(1, 6))
def test_bust_chance_by_enumerating_every_ordered_roll(n):
    rolls = product(range(1, 7), repeat=n)
    busts = sum(not has_seven(counts_of(list(values))) for values in rolls)
    assert Fraction(busts, 6**n) == BUST[n]


def no_seven_by_subset_sums(n: int) -> Fraction:
    """P(no subset adds up to 7), counting ordered rolls by the set of sums (up to 7) their
    subsets reach: a die of value v adds v to every sum reached so far."""
    reach = {0b1: 1}  # bit s set: some subset adds up to s; the empty one adds up to 0
    for _ in range(n):
        grown: dict[int, int] = {}
        for sums, ways in reach.items():
            for v in range(1, 7):
                more = (sums | (sums << v)) & 0xFF
                grown[more] = grown.get(more, 0) + ways
        reach = grown
    # A single die is no seven (2 to 7 dice), but no die shows 7, so bit 7 needs two or more.
    return Fraction(sum(w for sums, w in reach.items() if not sums >> 7 & 1), 6**n)


@pytest.mark.parametrize("n", range(1, DICE + 1))
def test_bust_chance_by_counting_subset_sums(n):
    assert no_seven_by_subset_sums(n) == BUST[n]


@pytest.mark.parametrize("n", range(2, DICE + 1))
def test_the_advice_shows_the_same_bust_chance_far_from_the_target(n):
    assert odds.odds(BONUS, 100).bust((n, 0, 100)) == BUST[n]


# --- The finish rule --------------------------------------------------------------------------


def legal(counts, room: int):
    return legal_choices(counts, 0, room, BONUS)


@pytest.mark.parametrize("room", [1, 2, 3, 6, 12])
@pytest.mark.parametrize("n", [2, 5, 8])
def test_near_the_target_a_roll_busts_when_no_choice_is_allowed(n, room):
    busts = sum(ways for ways, values in kinds(n) if not legal(counts_of(list(values)), room))
    assert odds.odds(BONUS, room).bust((n, 0, room)) == Fraction(busts, 6**n)
    assert odds.odds(BONUS, 40 + room).bust((n, 40, room)) == Fraction(busts, 6**n)


def test_one_point_to_go_with_eight_dice_mostly_busts():
    assert round(float(odds.odds(BONUS, 1).bust((8, 0, 1))), 3) == 0.902


# --- The dynamic programming against plain recursion ------------------------------------------


@cache
def allowed(values: tuple[int, ...], room: int):
    """(points, dice left, reaches the target) of each choice the rules allow."""
    counts = counts_of(list(values))
    return [
        (c.points, sum(c.left), c.points == room) for c in legal_choices(counts, 0, room, BONUS)
    ]


@cache
def by_recursion(dice: int, total: int, room: int) -> Fraction:
    rolling = Fraction(0)
    for ways, values in kinds(dice):
        options = [
            Fraction(total + p) if wins else by_recursion(next_roll_size(left), total + p, room - p)
            for p, left, wins in allowed(values, room)
        ]
        rolling += ways * max(options, default=0)
    return max(Fraction(total), rolling / 6**dice)


@pytest.mark.parametrize("line", [3, 6, 9])
def test_values_match_plain_recursion(line):
    the_odds = odds.odds(BONUS, line)
    for dice in range(2, DICE + 1):
        for total in range(line):
            pos = (dice, total, line - total)
            assert the_odds.value(pos) == by_recursion(*pos), pos


@pytest.mark.parametrize("dice", [2, 3, 4])
@pytest.mark.parametrize(("total", "room"), [(0, 100), (7, 60), (3, 4), (2, 1)])
def test_figures_match_every_ordered_roll(dice, total, room):
    the_odds = odds.odds(BONUS, total + room)
    pos = (dice, total, room)
    busts = best = rolling = Fraction(0)
    for values in product(range(1, 7), repeat=dice):
        choices = allowed(tuple(sorted(values)), room)
        if not choices:
            busts += 1
            continue
        best += max(p for p, _, _ in choices)
        rolling += max(
            the_odds.value((0 if wins else next_roll_size(left), total + p, room - p))
            for p, left, wins in choices
        )
    assert the_odds.bust(pos) == busts / 6**dice
    assert the_odds.one_roll(pos) == (best - busts * total) / 6**dice
    assert the_odds.rolling(pos) == rolling / 6**dice


def test_a_choice_reaching_the_target_ends_the_turn_with_its_points():
    assert odds.odds(BONUS, 12).value((0, 12, 0)) == 12


def test_the_completed_set_bonus_changes_the_odds():
    assert odds.odds(5, 100).value((8, 0, 100)) < odds.odds(6, 100).value((8, 0, 100))


# --- Thresholds and advice --------------------------------------------------------------------


def test_threshold_words():
    assert odds.policy(BONUS, 100, 3) == "most points this turn: bank from 9 with 3 dice"
    assert odds.policy(BONUS, 1, None) == "most points this turn: the next point reaches the target"


def test_at_the_turns_first_roll_the_only_choice_is_to_roll_eight():
    advice = LUCKY7.advice(play())
    assert [(c.key, c.words) for c in advice.choices] == [("roll", "roll eight dice")]
    assert advice.line.startswith("1.3% to bust · +3.5 expected from one roll")


def test_scoring_choices_are_told_apart_by_what_they_do():
    state = play(roll("3 4 2 5 1 1 6 6"))
    advice = LUCKY7.advice(state)
    assert advice.figures == ()
    best = advice.best
    assert best.key == "score 9 leaving 0"
    assert best.words == "score 1 6 and 1 6 and 2 5 and 3 4 (+9), then roll eight dice"
    assert best.worth == odds.odds(BONUS, 100).value((8, 9, 91))
    sevens = {"type": "score", "sevens": [["6", "1"], ["1", "6"], ["5", "2"], ["4", "3"]]}
    assert LUCKY7.advice_key(state, sevens) == best.key
    assert LUCKY7.advice_key(state, {"type": "score", "sevens": [["3", "5"]]}) is None


def test_bank_or_roll_after_scoring():
    state = play(roll("3 4 2 2 2 6 6 6"), {"type": "score", "sevens": [["3", "4"]]})
    advice = LUCKY7.advice(state)
    worths = {c.key: c.worth for c in advice.choices}
    assert worths["bank"] == 1
    assert worths["roll"] == odds.odds(BONUS, 100).rolling((6, 1, 99))
    assert LUCKY7.advice_key(state, {"type": "bank"}) == "bank"


def test_a_steal_is_worth_rolling_the_stolen_dice():
    state = play(roll("3 4 2 2 2 6 6 6"), {"type": "score", "sevens": [["3", "4"]]})
    state = apply_move(LUCKY7, state, {"type": "bank"})
    advice = LUCKY7.advice(state)
    worths = {c.key: c.worth for c in advice.choices}
    assert worths["steal"] == odds.odds(BONUS, 100).rolling((6, 1, 99))
    assert worths["roll"] == odds.odds(BONUS, 100).rolling((8, 0, 100))
    assert LUCKY7.advice_key(state, {"type": "steal"}) == "steal"
    assert "to bust stealing" in advice.line


def test_advice_for_refuses_positions_past_the_target():
    values = {"dice": 3, "turn": 12, "score": 90, "target": 100, "set_bonus": 5, "steal": None}
    with pytest.raises(SetupError, match="no room"):
        odds.advice_for(values)
    with pytest.raises(SetupError, match="eight dice, not 3"):
        odds.advice_for({**values, "turn": 0})
