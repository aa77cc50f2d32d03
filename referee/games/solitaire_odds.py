"""Solitaire Dice's odds: each split of the roll, with its change now and a one-roll look-ahead.

The expected final total under a whole-game policy is out of reach: a sheet's state (eleven
rows of marks, up to three throwaway counts) has far too many successors to solve on each
page.  So a split is worth an exactly defined, shorter figure: the sheet's total after the
split plus the expected change of the next roll, when that roll is split for the most it
adds now.  The next roll is counted over its 252 kinds, each weighted by its ways out of
6**5; nothing after it is counted.  A split that closes the sheet is worth its final total.

The pairings, the throwaway rule and the row scores are the game's own (``pairings``,
``check_split``, ``row_score``); this module only counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from referee.dice import Die, parse_dice
from referee.engine import RuleViolation, points
from referee.games.solitaire import (
    CLOSING_MARKS,
    DICE,
    SUM_VALUES,
    THROWAWAY_LIMIT,
    Sheet,
    Split,
    apply_split,
    check_split,
    pairings,
    row_score,
    splits,
)
from referee.odds import POINTS, Advice, Choice, Figure, ranked

ROLLS = 6**DICE
POLICY = (
    "Each split is worth the sheet's expected total one roll later: its total after the "
    "split, plus what the next roll adds on average when it is split for the most points "
    "now. Only that one roll is looked at, not the rest of the game; a split that closes "
    "the sheet is worth its final total."
)

# The pair sums four dice can mark (their three pairings); each different set kept once.
Sums = tuple[tuple[int, int], ...]
# A kind of roll: its ways out of 6**5 and, per die value it may throw away, a split
# throwing that value and the index of the sums the other four dice give.
Kind = tuple[tuple[int, ...], int, tuple[tuple[Split, int], ...]]


def _ways(values: Sequence[int]) -> int:
    """How many ordered rolls show exactly these values."""
    return factorial(len(values)) // prod(factorial(c) for c in Counter(values).values())


@cache
def roll_kinds() -> tuple[tuple[Sums, ...], tuple[Kind, ...]]:
    """Every kind of roll of five dice, and the pair sums each throwaway leaves it."""
    sums: dict[Sums, int] = {}
    kinds: list[Kind] = []
    for values in combinations_with_replacement(range(1, 7), DICE):
        by_throwaway: dict[int, tuple[Split, set[tuple[int, int]]]] = {}
        for split in pairings(values):
            by_throwaway.setdefault(split.throwaway, (split, set()))[1].add(split.sums)
        options = tuple(
            (split, sums.setdefault(tuple(sorted(pairs)), len(sums)))
            for split, pairs in by_throwaway.values()
        )
        kinds.append((values, _ways(values), options))
    return tuple(sums), tuple(kinds)


roll_kinds()  # built once at import (a few ms), so that no page's advice waits for it


@cache
def _legal(chosen: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each kind of roll, the sums indices a sheet with these throwaways may mark."""
    sheet = Sheet("", throwaways=tuple((value, 1) for value in chosen))
    kinds = roll_kinds()[1]
    # Whether a throwaway is allowed turns on which values the roll shows, not how many
    # of each: one check per set of faces (63) instead of per kind of roll (252).
    allowed: dict[frozenset[int], set[int]] = {}
    for values, _, options in kinds:
        faces = frozenset(values)
        if faces not in allowed:
            allowed[faces] = {
                split.throwaway for split, _ in options if check_split(sheet, values, split) is None
            }
    return tuple(
        tuple(index for split, index in options if split.throwaway in allowed[frozenset(values)])
        for values, _, options in kinds
    )


@lru_cache(maxsize=4096)
def next_roll_gain(marks: tuple[int, ...], chosen: tuple[int, ...]) -> Fraction:
    """The expected change of the next roll, split for the most it adds now, on an open
    sheet with these marks (rows 2-12) and throwaway values (in any order)."""
    one, two = {}, {}
    for total, m in zip(SUM_VALUES, marks, strict=True):
        now = row_score(total, m)
        one[total] = row_score(total, m + 1) - now
        two[total] = row_score(total, m + 2) - now
    sums, kinds = roll_kinds()
    best = [max(two[a] if a == b else one[a] + one[b] for a, b in pairs) for pairs in sums]
    legal = _legal(tuple(sorted(chosen)))
    gained = sum(
        ways * max(best[i] for i in indices)
        for (_, ways, _), indices in zip(kinds, legal, strict=True)
    )
    return Fraction(gained, ROLLS)


def split_key(split: Split) -> str:
    """A split as the advice names it: its sums and throwaway, "7+8/5", or "7+8/free"."""
    a, b = split.sums
    return f"{a}+{b}/{'free' if split.free_ride else split.throwaway}"


def split_words(split: Split, change: int, closes: bool) -> str:
    """A split as a player reads it: "3+4 and 2+6, 5 thrown: +60 now"."""
    first, second = sorted((sorted(pair) for pair in split.pairs), key=sum)
    text = f"{first[0]}+{first[1]} and {second[0]}+{second[1]}"
    text += ", free ride" if split.free_ride else f", {split.throwaway} thrown"
    if closes:
        text += ", closes the sheet"
    return f"{text}: {'+' if change >= 0 else '−'}{points(abs(change))} now"


@lru_cache(maxsize=256)
def sheet_advice(sheet: Sheet, roll: tuple[Die, ...]) -> Advice:
    """Every legal split of ``roll`` for the open ``sheet``, best worth first (see POLICY)."""
    choices: list[Choice] = []
    ahead: dict[str, Fraction | None] = {}
    for split in splits(sheet, roll):
        after = apply_split(sheet, split)
        key = split_key(split)
        ahead[key] = (
            None if after.closed else next_roll_gain(after.marks, tuple(sorted(after.chosen)))
        )
        words = split_words(split, after.total - sheet.total, after.closed)
        choices.append(Choice(key, words, Fraction(after.total) + (ahead[key] or 0)))
    best = ranked(choices)
    further = ahead[best[0].key] if best else None
    figures = () if further is None else (Figure("expected from the next roll", further, POINTS),)
    return Advice(figures, best, POLICY)


def roll_advice(
    roll: Sequence[str],
    marks: Mapping[int, int] | None = None,
    throwaways: Mapping[int, int] | None = None,
) -> Advice:
    """The advice for a roll on a sheet written out, for the command line:
    ``roll_advice(["1", "1", "3", "5", "6"], {7: 8, 5: 7}, {1: 6, 2: 4})``.

    ``marks`` maps sums 2-12 to their marks, ``throwaways`` values 1-6 to theirs (in the
    order chosen); a sheet that no roll could reach raises ``RuleViolation``.
    """
    dice = parse_dice(list(roll))
    if len(dice) != DICE or any(d.key for d in dice):
        raise RuleViolation("wrong-dice-count", f"Solitaire Dice rolls {DICE} plain dice.")
    marks, throwaways = dict(marks or {}), dict(throwaways or {})
    if not set(marks) <= set(SUM_VALUES) or any(m < 0 for m in marks.values()):
        raise RuleViolation("bad-sheet", "Marks go on the sums 2 to 12, none below 0.")
    if (
        not set(throwaways) <= set(range(1, 7))
        or len(throwaways) > THROWAWAY_LIMIT
        or any(not 0 < m < CLOSING_MARKS for m in throwaways.values())
    ):
        raise RuleViolation(
            "bad-sheet",
            f"An open sheet has at most {THROWAWAY_LIMIT} throwaway values, "
            f"each with 1 to {CLOSING_MARKS - 1} marks.",
        )
    sheet = Sheet(
        "",
        tuple(marks.get(total, 0) for total in SUM_VALUES),
        tuple(throwaways.items()),
    )
    return sheet_advice(sheet, dice)
