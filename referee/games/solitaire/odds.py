"""Solitaire Dice's odds: each split of the roll, with its change now and the sheet's expected
final total when every later roll is split by a simple stated policy, Q.

Q looks only at the roll and the sheet's throwaways, never at the rows' marks:

- the throwaway is the roll's die of an already chosen value with the fewest marks (ties:
  the lower value); when the roll holds no chosen value, its highest die (a new throwaway,
  or with three chosen the die dropped on a free ride);
- the other four dice are paired as the pairing whose two sums are closest to 7 (the
  smallest ``|a - 7| + |b - 7|``; ties: the more even pair of sums).

Because Q is blind to the rows, the marks a row still gets before the sheet closes depend
only on the throwaways: the expected final total is the sum over the eleven rows of
``E[row_score(marks + X)]``, where ``X`` is how many marks Q adds to that row.  The
distribution of ``X`` (0 to 10, 10 standing for 10 or more, where a row's score stops)
for every row and every open state of the throwaways (7,638: up to three values with 1-7
marks each) is worked out once by ``referee.games.solitaire.build`` (``make
odds-table``) into ``data/q.bin`` as 32-bit floats, and this module only reads
it: a split is worth the sum over the rows for the throwaways it leaves (a split that
closes the sheet: its final total).  The figures are exact up to the file's float
rounding (well under a thousandth of a point).

The pairings, the throwaway rule and the row scores are the game's own (``pairings``,
``check_split``, ``row_score``); this module only counts.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from importlib import resources
from itertools import combinations, product
from typing import Any

from referee.core.dice import Die, parse_dice
from referee.core.engine import RuleViolation
from referee.core.errors import SetupError
from referee.core.odds import POINTS, Advice, Choice, Figure, Flag, die_values, ranked, tallies
from referee.core.sentences import Sentence, Value, change, say
from referee.games.solitaire.rules import (
    CLOSING_MARKS,
    DICE,
    MARK_CAP,
    SUM_VALUES,
    THROWAWAY_LIMIT,
    Sheet,
    Solitaire,
    Split,
    advised,
    apply_split,
    legal_split,
    row_score,
    splits,
)

POLICY = say(
    "Each split is worth the sheet's expected final total when every later roll is split "
    "by a simple rule that never looks at the marks: throw away the roll's die of a chosen "
    "throwaway with the fewest marks (ties: the lower), else its highest die (a new "
    "throwaway, or the die dropped on a free ride), and pair the other four dice with "
    "sums closest to 7 (ties: the more even). A split that closes the sheet is worth its "
    "final total."
)

DATA = "data/q.bin"
MAGIC = b"SDQ1"
# magic, states, rows, bins per row.
HEADER = struct.Struct("<4sHHH")
ROWS = len(SUM_VALUES)
BINS = MARK_CAP + 1  # marks added 0-10, the last standing for 10 or more
FACES = 6

# The throwaways as Q sees them: the marks of each value 1-6 (0: not chosen).
Throwaways = tuple[int, ...]
Pairs = tuple[tuple[int, int], tuple[int, int]]


def counts_of(sheet: Sheet) -> Throwaways:
    """A sheet's throwaway marks by value 1-6 (0: not chosen)."""
    return tuple(sheet.throwaway_marks(value) for value in range(1, FACES + 1))


def throw_of(counts: Throwaways, values: Sequence[int]) -> int:
    """The die Q throws away (or drops on a free ride): the chosen value in the roll with
    the fewest marks (ties: the lower value), else the roll's highest die."""
    held = [v for v in set(values) if counts[v - 1]]
    if held:
        return min(held, key=lambda v: (counts[v - 1], v))
    return max(values)


def _closeness(pairs: Pairs) -> tuple[int, int]:
    a, b = (sum(p) for p in pairs)
    return (abs(a - 7) + abs(b - 7), abs(a - b))


@cache
def pairing(four: tuple[int, ...]) -> Pairs:
    """Q's pairing of four dice: the sums closest to 7, ties to the more even sums."""
    w, x, y, z = sorted(four)
    options: tuple[Pairs, ...] = (((w, x), (y, z)), ((w, y), (x, z)), ((w, z), (x, y)))
    return min(options, key=_closeness)


def policy_split(counts: Throwaways, values: Sequence[int]) -> Split:
    """The split Q makes of a roll on a sheet with these throwaway marks (by value 1-6)."""
    throw = throw_of(counts, values)
    rest = list(values)
    rest.remove(throw)
    free = not counts[throw - 1] and sum(1 for c in counts if c) >= THROWAWAY_LIMIT
    return Split(pairing(tuple(rest)), throw, free_ride=free)


@cache
def throwaway_states() -> tuple[Throwaways, ...]:
    """Every open state of the throwaways, in the data file's order: up to three values,
    fewest first, each with 1 to 7 marks."""
    found = []
    for chosen in range(THROWAWAY_LIMIT + 1):
        for values in combinations(range(1, FACES + 1), chosen):
            for marks in product(range(1, CLOSING_MARKS), repeat=chosen):
                counts = [0] * FACES
                for value, m in zip(values, marks, strict=True):
                    counts[value - 1] = m
                found.append(tuple(counts))
    return tuple(found)


@cache
def _state_index() -> dict[Throwaways, int]:
    return {counts: i for i, counts in enumerate(throwaway_states())}


# row_score for every row and marks 0-20: a sheet's marks are capped at 10 before adding.
_SCORES = tuple(tuple(row_score(total, m) for m in range(2 * MARK_CAP + 1)) for total in SUM_VALUES)


@dataclass(frozen=True)
class FinalTable:
    """Per open state of the throwaways and per row, the chances that Q adds 0-10 marks."""

    chances: array[float]  # [state][row][marks added], flattened

    def row_chances(self, counts: Throwaways, row: int) -> array[float]:
        """The chances of 0-10 (or more) further marks on ``row`` (0 for the sum 2)."""
        at = (_state_index()[counts] * ROWS + row) * BINS
        return self.chances[at : at + BINS]

    def expected_total(self, sheet: Sheet) -> float:
        """The expected final total of ``sheet`` (its total once closed) under Q."""
        if sheet.closed:
            return float(sheet.total)
        at = _state_index()[counts_of(sheet)] * ROWS * BINS
        chances = self.chances
        total = 0.0
        for row, (scores, m) in enumerate(zip(_SCORES, sheet.marks, strict=True)):
            base, start = min(m, MARK_CAP), at + row * BINS
            total += sum(chances[start + x] * scores[base + x] for x in range(BINS))
        return total


def to_bytes(chances: Sequence[float]) -> bytes:
    """The table as the shipped file: a header, then 32-bit floats, little-endian."""
    states = len(throwaway_states())
    if len(chances) != states * ROWS * BINS:
        raise ValueError("The Solitaire table has the wrong length.")
    arr = array("f", chances)
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian everywhere
        arr.byteswap()
    return HEADER.pack(MAGIC, states, ROWS, BINS) + arr.tobytes()


def from_bytes(data: bytes) -> FinalTable:
    """Read a table written by ``to_bytes``."""
    magic, states, rows, bins = HEADER.unpack_from(data)
    if (magic, states, rows, bins) != (MAGIC, len(throwaway_states()), ROWS, BINS):
        raise ValueError("Not a Solitaire Dice table of this version.")
    chances = array("f")
    chances.frombytes(data[HEADER.size :])
    if len(chances) != states * rows * bins:
        raise ValueError("The Solitaire table has the wrong length.")
    if sys.byteorder == "big":  # pragma: no cover
        chances.byteswap()
    return FinalTable(chances)


@cache
def load() -> FinalTable:
    """The shipped table (read once per process)."""
    _state_index()
    return from_bytes(resources.files("referee.games.solitaire").joinpath(DATA).read_bytes())


def split_key(split: Split) -> str:
    """A split as the advice names it: its sums and throwaway, "7+8/5", or "7+8/free"."""
    a, b = split.sums
    return f"{a}+{b}/{'free' if split.free_ride else split.throwaway}"


def split_words(split: Split, gain: int, closes: bool) -> Sentence:
    """A split as a player reads it: "3+4 and 2+6, 5 thrown: +60 now"."""
    first, second = sorted((sorted(pair) for pair in split.pairs), key=sum)
    said: dict[str, Value] = {
        "a": f"{first[0]}+{first[1]}",
        "b": f"{second[0]}+{second[1]}",
        "change": change(gain),
    }
    if split.free_ride:
        text = say("{a} and {b}, free ride", **said)
    else:
        text = say("{a} and {b}, {die} thrown", die=split.throwaway, **said)
    if closes:
        text = say("{text}, closes the sheet", text=text)
    return say("{text}: {change} now", text=text, change=said["change"])


@lru_cache(maxsize=256)
def sheet_advice(sheet: Sheet, roll: tuple[Die, ...]) -> Advice:
    """Every legal split of ``roll`` for the open ``sheet``, best worth first (see POLICY)."""
    table = load()
    choices: list[Choice] = []
    for split in splits(sheet, roll):
        after = apply_split(sheet, split)
        words = split_words(split, after.total - sheet.total, after.closed)
        worth = Fraction(after.total) if after.closed else Fraction(table.expected_total(after))
        choices.append(Choice(split_key(split), words, worth))
    best = ranked(choices)
    figures = () if not best else (Figure(say("expected final total"), best[0].worth, POINTS),)
    return Advice(figures, best, POLICY, worth=say("the sheet's expected final total"))


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
        raise RuleViolation(
            "wrong-dice-count", say("Solitaire Dice rolls {dice} plain dice.", dice=DICE)
        )
    marks, throwaways = dict(marks or {}), dict(throwaways or {})
    if not set(marks) <= set(SUM_VALUES) or any(m < 0 for m in marks.values()):
        raise RuleViolation("bad-sheet", say("Marks go on the sums 2 to 12, none below 0."))
    if (
        not set(throwaways) <= set(range(1, 7))
        or len(throwaways) > THROWAWAY_LIMIT
        or any(not 0 < m < CLOSING_MARKS for m in throwaways.values())
    ):
        raise RuleViolation(
            "bad-sheet",
            say(
                "An open sheet has at most {limit} throwaway values, each with 1 to {most} marks.",
                limit=THROWAWAY_LIMIT,
                most=CLOSING_MARKS - 1,
            ),
        )
    sheet = Sheet(
        "",
        tuple(marks.get(total, 0) for total in SUM_VALUES),
        tuple(throwaways.items()),
    )
    return sheet_advice(sheet, dice)


def advice(state: Solitaire) -> Advice | None:
    """Each legal split of the roll for the advised sheet, best first (``solitaire_odds``)."""
    load()  # read once, even with no roll yet, so that no page waits for it
    sheet = advised(state)
    if sheet is None:
        return None
    found = sheet_advice(sheet, state.roll)
    if len(state.sheets) > 1:
        found = replace(
            found, notes=(say("For {player}'s sheet.", player=sheet.player), *found.notes)
        )
    return found


def advice_key(state: Solitaire, move: Mapping[str, Any]) -> str | None:
    """The advice's key for the split ``move`` makes; None for a roll, an illegal split,
    or a split of a sheet the advice is not for."""
    sheet = advised(state)
    if move.get("type") != "assign" or sheet is None:
        return None
    if move.get("player") not in (None, sheet.player):
        return None
    try:
        split = legal_split(sheet, move, state.roll)
    except RuleViolation:
        return None
    return split_key(split)


# The inputs of ``referee odds solitaire``: ``advice_for`` reads their values.
ODDS_FLAGS = (
    Flag("roll", "the five dice rolled, with commas", "1,1,3,5,6", die_values(DICE)),
    Flag(
        "marks",
        "the sheet's marks by sum, sum:marks with commas: 7:9,5:7",
        "",
        tallies(range(2, 13), MARK_CAP),
    ),
    Flag(
        "throwaways",
        "the throwaways' marks, value:marks with commas: 1:6,2:4",
        "",
        tallies(range(1, 7), 7),
    ),
)


def advice_for(values: Mapping[str, Any]) -> Advice:
    """The advice for ``referee odds solitaire``: a roll on a sheet written out."""
    if len(values["roll"]) != DICE:
        raise SetupError(f"--roll needs the {DICE} dice rolled, like 1,1,3,5,6.")
    try:
        return roll_advice([str(v) for v in values["roll"]], values["marks"], values["throwaways"])
    except RuleViolation as exc:
        raise SetupError(exc.message) from None
