"""Player statistics that need a little arithmetic: win streaks and the dice check."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.core.sentences import decimal, say

FACES = 6
# Below 10 expected per face a chi-square test says little; the page then shows counts only.
MIN_VALUES_FOR_TEST = 60


def longest_streak(results: Iterable[bool]) -> int:
    """The longest run of consecutive wins."""
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


def chi_square_uniform(counts: Sequence[int]) -> tuple[float, float]:
    """Pearson's chi-square of six face counts against a fair die, and its p-value (5 d.o.f.)."""
    total = sum(counts)
    expected = total / FACES
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    # Survival function of chi-square with 5 degrees of freedom, in closed form.
    half = statistic / 2
    p_value = math.erfc(math.sqrt(half)) + math.sqrt(2 * statistic / math.pi) * math.exp(-half) * (
        1 + statistic / 3
    )
    return statistic, min(1.0, p_value)


@dataclass(frozen=True)
class DiceCheck:
    """What the dice check shows: counts, and a test only when there are enough values."""

    counts: tuple[int, ...]
    statistic: float | None
    p_value: float | None
    verdict: str


def dice_check(counts: Sequence[int]) -> DiceCheck:
    """Counts of each face entered, with a carefully worded verdict."""
    total = sum(counts)
    if total < MIN_VALUES_FOR_TEST:
        verdict = say(
            "{total} values entered: too few to say anything about the dice "
            "(the check needs {least}).",
            total=str(total),
            least=str(MIN_VALUES_FOR_TEST),
        )
        return DiceCheck(tuple(counts), None, None, verdict)
    statistic, p = chi_square_uniform(counts)
    if p >= 0.05:
        shown = decimal(f"{p:.2f}")
        verdict = say(
            "No sign of a biased die in {total} values entered (chi-square p = {p}).",
            total=str(total),
            p=shown,
        )
    elif p >= 0.001:
        shown = decimal(f"{p:.3f}")
        verdict = say(
            "The {total} values entered are a little uneven (chi-square p = {p}): fair dice "
            "give a spread like this about once in {checks} checks, so it is "
            "not proof of a biased die.",
            total=str(total),
            p=shown,
            checks=str(max(2, round(1 / p))),
        )
    else:
        verdict = say(
            "The {total} values entered are very uneven (chi-square p < {least}). A biased die "
            "is one explanation; mistyped rolls or dice shared with other players are others.",
            total=str(total),
            least=decimal("0.001"),
        )
    return DiceCheck(tuple(counts), statistic, p, verdict)
