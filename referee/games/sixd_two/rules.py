"""Six D Two (Six D Six, game two): take pairs of one colour from a rolled field of dice.

All the dice are rolled onto the table and left as they fall.  In turn each player
takes two dice of one colour with a clear straight path between them (the table
judges the path) and keeps their pips.  When the table finds no pair left the round
ends.  The table may enter the rolled pool first: then every take is checked against
what is left of it, and the round ends by itself when no colour has two dice left.
Round k starts with seat k mod n; after ``rounds`` rounds the most pips wins (ties
share the win).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Any

from referee.core.dice import Die, parse_dice
from referee.core.engine import BOARD, Option, Outcome, PoolEntry, RuleViolation, points
from referee.families.boards import is_over as is_over
from referee.families.boards import to_move as to_move
from referee.families.grid import BLACK, SEAT_COLOURS, colour_name
from referee.families.rounds import RoundTotals, listed, result, standing
from referee.families.rounds import turn_records as turn_records
from referee.families.rounds import turns_done as turns_done

SLUG = "sixd-two"
TITLE = "Six D Two"
SERIES = "Six D"
SERIES_PLACE = 2
KIND = BOARD
MIN_PLAYERS = 2
MAX_PLAYERS = 8
COLOURS = SEAT_COLOURS + BLACK  # the seven colours of the Six D Six set, black last
PAIR = 2
DICE_PER_COLOUR = 6  # coloured dice of each colour in the Six D Six set (black: 36)
OPTIONS = (
    Option(
        "rounds",
        1,
        "Rounds",
        "Dealer rounds: each round is rolled afresh and scored; totals carry over.",
        minimum=1,
        maximum=18,
    ),
)


@dataclass(frozen=True)
class SixDTwo:
    """The state of a Six D Two table.

    ``pool`` is what is left of the round's rolled pool, or None when the table did not
    enter one; ``collected`` the pips each seat has taken this round.
    """

    totals: RoundTotals
    rounds: int
    round: int = 0
    takes: int = 0
    pool: tuple[Die, ...] | None = None
    collected: tuple[int, ...] = ()
    ruling: str = ""

    @property
    def players(self) -> tuple[str, ...]:
        """The seating order."""
        return self.totals.players

    @property
    def over(self) -> bool:
        """True once every round has been played."""
        return self.round >= self.rounds

    @property
    def seat(self) -> int:
        """The seat to move: round k starts with seat k, then round the table."""
        return (self.round + self.takes) % len(self.players)

    @property
    def player(self) -> str:
        """The name of the player to move."""
        return self.players[self.seat]


def pairs_left(pool: Sequence[Die]) -> dict[str, int]:
    """The colours with two dice or more in ``pool``, with how many dice each has."""
    counts = Counter(d.colour or "" for d in pool)
    return {c: counts[c] for c in COLOURS if counts[c] >= PAIR}


def describe_pool(pool: Sequence[Die]) -> str:
    """A pool in words, colour by colour: "red 3 4, black 1 2 6"."""
    by_colour: dict[str, list[int]] = {}
    for die in pool:
        by_colour.setdefault(die.colour or "", []).append(die.value)
    return ", ".join(
        f"{colour_name(c)} {' '.join(str(v) for v in sorted(by_colour[c]))}"
        for c in COLOURS
        if c in by_colour
    )


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDTwo:
    """A new game: the first player starts round 1."""
    state = SixDTwo(RoundTotals.seated(players), options["rounds"], collected=(0,) * len(players))
    return replace(state, ruling=_round_opens(state))


def _round_opens(state: SixDTwo) -> str:
    return (
        f"Round {state.round + 1} of {state.rounds}: roll every die onto the table; "
        f"{state.player} takes first (enter the pool to have takes checked)."
    )


def outcome(state: SixDTwo) -> Outcome:
    """Running totals (finished rounds plus the pips taken this round) and the winners."""
    scores = state.totals.scores(state.collected)
    return standing(scores, state.over, to_move(state))


def _roll(state: SixDTwo, move: Mapping[str, Any]) -> SixDTwo:
    if state.pool is not None:
        raise RuleViolation(
            "pool-entered", f"The pool of round {state.round + 1} is already entered."
        )
    if state.takes:
        raise RuleViolation(
            "too-late-to-roll",
            f"The pool is entered before the first take of a round: round {state.round + 1} "
            "is under way without one.",
        )
    dice = parse_dice(move.get("dice"))  # any number of dice, of any colour, up to a move's limit
    if not dice:
        raise RuleViolation("empty-pool", "Enter the dice that were rolled: the pool is empty.")
    _check_dice(dice)
    after = replace(state, pool=dice)
    count = f"{len(dice)} {'die' if len(dice) == 1 else 'dice'}"
    entered = f"{state.player} entered a pool of {count}: {describe_pool(dice)}."
    if not pairs_left(dice):
        return _end_round(after, f"{entered} No colour has two dice:")
    return replace(after, ruling=f"{entered} {state.player} takes first.")


def _check_dice(dice: Sequence[Die]) -> None:
    for die in dice:
        if die.key:
            raise RuleViolation("bad-die", "Six D Two has no key dice.")
        if die.colour is None:
            raise RuleViolation(
                "no-colour",
                f"Every die needs its colour letter, like {die.value}r or {die.value}k: "
                f"the {die} has none.",
            )


def _take(state: SixDTwo, move: Mapping[str, Any]) -> SixDTwo:
    dice = parse_dice(move.get("dice"))
    if len(dice) != PAIR:
        raise RuleViolation(
            "wrong-dice-count", f"A take is two dice of one colour, not {len(dice)}."
        )
    _check_dice(dice)
    first, second = dice
    colour = first.colour or ""
    if second.colour != colour:
        raise RuleViolation(
            "mixed-colours",
            f"The two dice of a take share one colour: the {first.value} is "
            f"{colour_name(colour)}, the {second.value} {colour_name(second.colour or '')}.",
        )
    pool = state.pool
    if pool is not None:
        pool = _take_from_pool(pool, dice)
    gained = first.value + second.value
    collected = list(state.collected)
    collected[state.seat] += gained
    after = replace(state, takes=state.takes + 1, pool=pool, collected=tuple(collected))
    took = (
        f"{state.player} took the {colour_name(colour)} {first.value} and {second.value}: "
        f"{gained} pips, {points(collected[state.seat])} this round."
    )
    if pool is not None and not pairs_left(pool):
        return _end_round(after, f"{took} No colour has two dice left:")
    return replace(after, ruling=f"{took} {after.player} to take.")


def _take_from_pool(pool: tuple[Die, ...], dice: Sequence[Die]) -> tuple[Die, ...]:
    left = list(pool)
    for die in dice:
        if die not in left:
            colour = colour_name(die.colour or "")
            same = sorted(d.value for d in left if d.colour == die.colour)
            there = (
                f"{colour} left: {' '.join(map(str, same))}" if same else f"no {colour} dice left"
            )
            raise RuleViolation(
                "die-not-rolled", f"There is no {colour} {die.value} in the pool ({there})."
            )
        left.remove(die)
    return tuple(left)


def _end(state: SixDTwo, move: Mapping[str, Any]) -> SixDTwo:
    return _end_round(state, f"{state.player} declared no pair left:")


def _end_round(state: SixDTwo, reason: str) -> SixDTwo:
    totals = state.totals.add_round(state.collected, note=f"round {state.round + 1}")
    scored = listed(dict(zip(state.players, state.collected, strict=True)))
    after = SixDTwo(totals, state.rounds, state.round + 1, collected=(0,) * len(state.players))
    ending = result(totals.scores()) if after.over else _round_opens(after)
    return replace(after, ruling=f"{reason} round {state.round + 1} ends with {scored}. {ending}")


MOVES = {"roll": _roll, "take": _take, "end": _end}
MOVE_FIELDS = {"roll": ("dice",), "take": ("dice",), "end": ()}


def is_setup(state: SixDTwo, move: Mapping[str, Any]) -> bool:
    """A round's pool and the end of a round (which clears the table for the next) are
    the table's, whoever enters them: undo takes each back on its own, never with a take."""
    return move.get("type") in ("roll", "end")


def ruling(state: SixDTwo) -> str:
    """What the referee said after the last move."""
    return state.ruling


# --- Random play ---------------------------------------------------------------------------


def dice_to_roll(state: SixDTwo) -> None:
    """Never a plain roll: a pool is entered with its colours (``table_entry``)."""
    return None


def table_entry(state: SixDTwo) -> PoolEntry | None:
    """A pool of any number of dice of each colour (the dealer chooses how many are rolled;
    a set has six of each), while the round has no pool and no take."""
    if state.over or state.pool is not None or state.takes:
        return None
    return PoolEntry(type="roll", field="dice", colours=COLOURS, usual=DICE_PER_COLOUR)


def choices(state: SixDTwo) -> list[dict[str, Any]]:
    """Every distinct take (from the pool left, or of any values without a pool), then end."""
    if state.over:
        return []
    takes: list[dict[str, Any]] = []
    for colour in COLOURS:
        if state.pool is None:
            pairs: Iterable[tuple[int, ...]] = combinations_with_replacement(range(1, 7), PAIR)
        else:
            pairs = _distinct_pairs(Counter(d.value for d in state.pool if d.colour == colour))
        takes += [{"type": "take", "dice": [f"{a}{colour}", f"{b}{colour}"]} for a, b in pairs]
    return [*takes, {"type": "end"}]


def _distinct_pairs(counts: Counter[int]) -> list[tuple[int, ...]]:
    """The distinct pairs of values dice with these ``counts`` make, in order (a pool may hold
    any number of one colour, so never one pair per two dice)."""
    return [
        (a, b)
        for a, b in combinations_with_replacement(sorted(counts), PAIR)
        if a != b or counts[a] >= PAIR
    ]


# --- What a play page draws ----------------------------------------------------------------
