"""10K's roll outcomes, counted exactly: the figures issue 17 names, and a brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from referee.core.dice import Die
from referee.games.tenk.odds import roll_outcomes
from referee.games.tenk.rules import roll_scores

BUST = {
    1: Fraction(2, 3),
    2: Fraction(4, 9),
    3: Fraction(5, 18),
    4: Fraction(17, 108),
    5: Fraction(25, 324),
    6: Fraction(5, 216),
}


@pytest.mark.parametrize("n", range(1, 7))
def test_bust_chance_by_number_of_dice(n):
    outcomes = roll_outcomes(n)
    assert sum(ways for ways, _ in outcomes) == 6**n
    assert Fraction(sum(ways for ways, takes in outcomes if not takes), 6**n) == BUST[n]


@pytest.mark.parametrize("n", range(1, 6))
def test_bust_chance_matches_every_ordered_roll(n):
    busts = sum(not roll_scores([Die(v) for v in roll]) for roll in product(range(1, 7), repeat=n))
    assert Fraction(busts, 6**n) == BUST[n]


def test_the_colour_run_is_one_ordered_roll_in_six_to_the_sixth():
    best = [max(p for p, _ in takes) for ways, takes in roll_outcomes(6) if ways == 1 and takes]
    assert 10_000 in best
    assert sum(ways for ways, takes in roll_outcomes(6) if (10_000, 0) in takes) == 1
