"""10K's odds: what a roll of n dice can give, counted exactly over all 6**n outcomes.

The figures rest on 10K's own scoring (``best_split``); this module only counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from referee.dice import Die, sub_multisets
from referee.games.tenk import COLOUR_RUN_ORDER, best_split

# One kind of outcome of a roll: how many of the 6**n ordered outcomes give it, and the
# set-asides it allows as (points, dice left), the best points for each number left.
Outcome = tuple[int, tuple[tuple[int, int], ...]]
COLOUR_RUN_DICE = tuple(Die(v, c) for v, c in zip(range(1, 7), COLOUR_RUN_ORDER, strict=True))


def _ways(values: Sequence[int]) -> int:
    """How many ordered rolls show exactly these values."""
    return factorial(len(values)) // prod(factorial(c) for c in Counter(values).values())


def _set_asides(dice: Sequence[Die]) -> tuple[tuple[int, int], ...]:
    """The best points of a set-aside from ``dice`` for each number of dice it leaves."""
    best: dict[int, int] = {}
    for picked in sub_multisets(dice):
        split = best_split(picked)
        if split is not None:
            left = len(dice) - len(picked)
            best[left] = max(best.get(left, 0), split.points)
    return tuple((points, left) for left, points in sorted(best.items()))


@cache
def roll_outcomes(n: int) -> tuple[Outcome, ...]:
    """Every kind of roll of ``n`` dice with its number of ways, out of ``6**n``.

    A straight of six splits in two: one ordered outcome in 720 is the colour run.
    An outcome with no set-aside is a bust.
    """
    found: list[Outcome] = []
    for values in combinations_with_replacement(range(1, 7), n):
        dice = tuple(Die(v) for v in values)
        ways = _ways(values)
        if dice == tuple(Die(v) for v in range(1, 7)):
            found.append((1, _set_asides(COLOUR_RUN_DICE)))
            ways -= 1
        found.append((ways, _set_asides(dice)))
    return tuple(found)
