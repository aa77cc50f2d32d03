"""10K's game-level advice: bank or roll on, to win a two-player game (issue 17).

The turn-level advice maximises the points a turn banks; this one maximises the chance
to win, from both players' scores, as Neller and Presser solved Farkle.  The player to
move is "me" on ``my`` points, the other player "them" on ``their``; a state within a
turn is the turn total and the dice to roll next (after hot dice, 6).

The solution is built once by ``referee.games.tenk.build`` (``make odds-table``)
into ``data/win_2p.bin`` for the default options, and this module only reads it:

- ``start[me][them]``: my chance to win when my turn starts, both players below the target;
- ``bank_from[me][them][dice]``: the smallest turn total from which banking is best at
  every larger turn total with that many dice to roll (so above it the turn is settled);
- ``chase[r][dice]``: the chance that a player's last turn, ``r`` points short of tying the
  leader, ends strictly ahead (a tie counts half);
- the roll model itself (``tenk_odds.roll_outcomes``, as points and dice left), so that
  answering needs neither the scoring code nor a second of counting.

Between ``bank_from`` and the start of the turn the turn's values are worked out again
here, exactly as the build did, from ``start`` and ``chase``: at most a few tens of
milliseconds for a pair of scores, then kept.

Rules the model follows (docs/rulings.md, 10K): all points are multiples of 50; a player on 0
banks nothing below ``entry``; banking to ``target`` or more gives the other player one
last turn, after which the higher total wins.  A tie counts as half a win: "ties share
the win", and half of it is the share each player gets.  The roll model counts the
colour run (one six-dice roll in 46,656), so it assumes a table playing with colours.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from importlib import resources
from typing import Any, NamedTuple

from referee.core.odds import percent
from referee.core.sentences import say

UNIT = 50
DICE = 6
MAX_STEP = 10_000 // UNIT  # the most one roll can add: the colour run
DATA = "data/win_2p.bin"
MAGIC = b"TKW1"
# magic, unit, target and entry in units, rows of ``chase``, length of the roll model.
HEADER = struct.Struct("<4sHHHHI")

# One kind of scoring roll: its chance, and each set-aside it allows as (points in
# units, dice to roll next).  A bust is what is left of the chances.
Options = tuple[tuple[int, int], ...]
Rolls = tuple[tuple[float, Options], ...]


@dataclass(frozen=True)
class RollModel:
    """What a roll of each number of dice can give, for the value computations."""

    bust: tuple[float, ...]  # bust[n]: the chance that n dice score nothing (bust[0] unused)
    rolls: tuple[Rolls, ...]  # rolls[n]: the scoring kinds of roll of n dice


def encode_rolls(outcomes: Sequence[Sequence[tuple[int, Sequence[tuple[int, int]]]]]) -> list[int]:
    """The roll model as integers: per n, bust ways, kinds, then per kind ways and options.

    ``outcomes[n - 1]`` is ``tenk_odds.roll_outcomes(n)``: (ways, ((points, dice left), ...)).
    Kinds with the same options are merged and sorted, so the encoding is canonical.
    """
    out: list[int] = []
    for kinds in outcomes:
        merged: dict[tuple[tuple[int, int], ...], int] = {}
        bust = 0
        for ways, takes in kinds:
            if not takes:
                bust += ways
                continue
            key = tuple(sorted((pts // UNIT, left or DICE) for pts, left in takes))
            merged[key] = merged.get(key, 0) + ways
        out += [bust, len(merged)]
        for key, ways in sorted(merged.items()):
            out += [ways, len(key)]
            for step, dice in key:
                out += [step, dice]
    return out


def decode_rolls(codes: Sequence[int]) -> RollModel:
    """The roll model from ``encode_rolls``'s integers, chances as floats."""
    bust: list[float] = [0.0]
    rolls: list[Rolls] = [()]
    at = 0
    for n in range(1, DICE + 1):
        whole = 6**n
        bust.append(codes[at] / whole)
        count = codes[at + 1]
        at += 2
        kinds = []
        for _ in range(count):
            ways, k = codes[at], codes[at + 1]
            opts = tuple((codes[at + 2 + 2 * o], codes[at + 3 + 2 * o]) for o in range(k))
            kinds.append((ways / whole, opts))
            at += 2 + 2 * k
        rolls.append(tuple(kinds))
    return RollModel(tuple(bust), tuple(rolls))


@dataclass(frozen=True, eq=False)
class WinTable:
    """The solved two-player game for one target and entry (all figures in units of 50)."""

    target: int
    entry: int
    start: array  # 'd', target * target: start[me * target + them]
    bank_from: array  # 'H', target * target * 6: [(me * target + them) * 6 + dice - 1]
    chase: array  # 'd', rows * 6: chase[r * 6 + dice - 1]
    model: RollModel

    def start_chance(self, me: int, them: int) -> float:
        """My chance to win when my turn starts on ``me`` against ``them`` (units)."""
        return self.start[me * self.target + them]

    def chased(self, short: int, dice: int) -> float:
        """The last turn's chance, ``short`` units from a tie with ``dice`` to roll."""
        if short < 0:
            return 1.0
        row = short * DICE + dice - 1
        # Past the stored rows the chance is below 1e-28 (the build stops there).
        return self.chase[row] if row < len(self.chase) else 0.0

    def banked(self, me: int, them: int, total: int) -> float:
        """My chance to win after banking up to ``total`` (units) from ``me``, ``them`` to move.

        Below the entry threshold nothing is banked; at the target the other player's
        last turn must beat ``total``.
        """
        if me == 0 and total < self.entry:
            return 1.0 - self.start_chance(them, me)
        if total < self.target:
            return 1.0 - self.start_chance(them, total)
        return 1.0 - self.chased(total - them, DICE)


def to_bytes(table: WinTable) -> bytes:
    """The table as the shipped file: a header, then the arrays, little-endian."""
    codes = array("I", _encoded(table.model))
    head = HEADER.pack(MAGIC, UNIT, table.target, table.entry, len(table.chase) // DICE, len(codes))
    parts = [head]
    for arr in (codes, table.start, table.bank_from, table.chase):
        if sys.byteorder == "big":  # pragma: no cover - the file is little-endian everywhere
            arr = array(arr.typecode, arr)
            arr.byteswap()
        parts.append(arr.tobytes())
    return b"".join(parts)


def from_bytes(data: bytes) -> WinTable:
    """Read a table written by ``to_bytes``."""
    magic, unit, target, entry, rows, ncodes = HEADER.unpack_from(data)
    if magic != MAGIC or unit != UNIT:
        raise ValueError("Not a 10K win table of this version.")
    at = HEADER.size
    arrays: list[array[Any]] = []
    for code, count in (("I", ncodes), ("d", target * target), ("H", target * target * DICE)):
        arr = array(code)
        arr.frombytes(data[at : at + count * arr.itemsize])
        at += count * arr.itemsize
        arrays.append(arr)
    chase = array("d")
    chase.frombytes(data[at : at + rows * DICE * chase.itemsize])
    if at + rows * DICE * chase.itemsize != len(data):
        raise ValueError("The 10K win table has the wrong length.")
    if sys.byteorder == "big":  # pragma: no cover
        for arr in (*arrays, chase):
            arr.byteswap()
    codes, start, bank_from = arrays
    return WinTable(target, entry, start, bank_from, chase, decode_rolls(codes))


def _encoded(model: RollModel) -> list[int]:
    out: list[int] = []
    for n in range(1, DICE + 1):
        whole = 6**n
        out += [round(model.bust[n] * whole), len(model.rolls[n])]
        for chance, opts in model.rolls[n]:
            out += [round(chance * whole), len(opts)]
            for step, dice in opts:
                out += [step, dice]
    return out


@cache
def load() -> WinTable:
    """The shipped table for the default options (read once per process)."""
    return from_bytes(resources.files("referee.games.tenk").joinpath(DATA).read_bytes())


@lru_cache(maxsize=256)
def turn_values(table: WinTable, me: int, them: int) -> list[list[float]]:
    """My chance to win at each state of my turn from ``me`` against ``them`` (units).

    ``values[dice][total - me]`` for turn totals up to the highest ``bank_from`` plus one
    roll's worth, each the better of banking and rolling on, worked out as the build did.
    """
    model = table.model
    lost = 1.0 - table.start_chance(them, me)  # a bust passes the turn with nothing banked
    base = (me * table.target + them) * DICE
    settled = [0] + [me + table.bank_from[base + d - 1] for d in range(1, DICE + 1)]
    top = max(settled)
    size = top - me + MAX_STEP + 1
    bank = [table.banked(me, them, me + k) for k in range(size)]
    values = [bank[:] for _ in range(DICE + 1)]
    for total in range(top - 1, me, -1):
        k = total - me
        for dice in range(1, DICE + 1):
            if total >= settled[dice]:
                continue
            roll = model.bust[dice] * lost
            for chance, opts in model.rolls[dice]:
                roll += chance * max(values[d][k + step] for step, d in opts)
            values[dice][k] = max(bank[k], roll)
    return values


class WinChances(NamedTuple):
    """The chance to win a two-player game after banking now, and after rolling on.

    ``bank`` is None at the start of a turn, when the dice must be rolled.
    """

    bank: float | None
    roll: float

    @property
    def best(self) -> str:
        """The better choice, "bank" or "roll" (banking when they are equal)."""
        return "bank" if self.bank is not None and self.bank >= self.roll else "roll"


def win_chances(
    my_score: int,
    their_score: int,
    turn_total: int,
    dice: int,
    *,
    table: WinTable | None = None,
) -> WinChances | None:
    """My chance to win a two-player game if I bank now and if I roll ``dice`` on.

    Scores and turn total in points (multiples of 50).  None when the game is already
    decided for me (I reached the target: I have no turn left).  ``table`` defaults to
    the shipped one (target 10,000, entry 500).
    """
    table = table or load()
    me, them, total = (_units(v) for v in (my_score, their_score, turn_total))
    if not 1 <= dice <= DICE or (total == 0 and dice != DICE):
        raise ValueError(f"{dice} dice to roll with a turn total of {turn_total} is no 10K state.")
    if me >= table.target:
        return None
    model = table.model
    if them >= table.target:
        return _last_turn(table, me, them, total, dice)
    lost = 1.0 - table.start_chance(them, me)
    values = turn_values(table, me, them)
    limit = len(values[0])

    def value(at: int, d: int) -> float:
        k = at - me
        return values[d][k] if k < limit else table.banked(me, them, at)

    at = me + total
    roll = model.bust[dice] * lost
    for chance, opts in model.rolls[dice]:
        roll += chance * max(value(at + step, d) for step, d in opts)
    bank = table.banked(me, them, at) if total else None
    return WinChances(bank, roll)


def _last_turn(table: WinTable, me: int, them: int, total: int, dice: int) -> WinChances:
    """My last turn against a leader on ``them``: end strictly ahead, a tie counting half."""
    short = them - me - total
    if me == 0 and total < table.entry:
        bank = 0.0
    else:
        bank = 1.0 if short < 0 else 0.5 if short == 0 else 0.0
    roll = 0.0
    for chance, opts in table.model.rolls[dice]:
        roll += chance * max(table.chased(short - step, d) for step, d in opts)
    return WinChances(bank if total else None, roll)


def _units(points: int) -> int:
    if points < 0 or points % UNIT:
        raise ValueError(f"{points} is not a 10K score: scores are multiples of {UNIT}.")
    return points // UNIT


def note(my_score: int, their_score: int, turn_total: int, dice: int) -> str | None:
    """The game-level view in a sentence, for ``Advice.notes``; None when there is none.

    "To win a two-player game: roll on (win chance 61.2% rolling, 57.0% banking)".
    """
    chances = win_chances(my_score, their_score, turn_total, dice)
    if chances is None:
        return None
    roll = percent(Fraction(chances.roll))
    if chances.bank is None:
        return say(
            "To win a two-player game: win chance {roll} from the start of this turn", roll=roll
        )
    bank = percent(Fraction(chances.bank))
    if chances.best == "bank":
        return say(
            "To win a two-player game: bank (win chance {bank} banking, {roll} rolling)",
            bank=bank,
            roll=roll,
        )
    return say(
        "To win a two-player game: roll on (win chance {roll} rolling, {bank} banking)",
        roll=roll,
        bank=bank,
    )
