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
from referee.core.engine import BOARD, Option, Outcome, PoolEntry, RuleViolation
from referee.core.sentences import Sentence, listed, say, say_n
from referee.families.boards import is_over as is_over
from referee.families.boards import to_move as to_move
from referee.families.grid import BLACK, SEAT_COLOURS, colour_name
from referee.families.rounds import RoundTotals, result, standing
from referee.families.rounds import listed as scores_listed
from referee.families.rounds import turn_records as turn_records
from referee.families.rounds import turns_done as turns_done

SLUG = "sixd-two"
TITLE = say("Six D Two")
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
        say("Rounds"),
        say("Dealer rounds: each round is rolled afresh and scored; totals carry over."),
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
    named = [
        say(
            "{colour} {values}",
            colour=colour_name(c),
            values=" ".join(str(v) for v in sorted(by_colour[c])),
        )
        for c in COLOURS
        if c in by_colour
    ]
    if not named:
        return ""
    joined = listed(named)
    assert isinstance(joined, Sentence)
    return joined


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDTwo:
    """A new game: the first player starts round 1."""
    state = SixDTwo(RoundTotals.seated(players), options["rounds"], collected=(0,) * len(players))
    return replace(state, ruling=_round_opens(state))


def _round_opens(state: SixDTwo) -> Sentence:
    return say(
        "Round {round} of {rounds}: roll every die onto the table; {player} takes first "
        "(enter the pool to have takes checked).",
        round=state.round + 1,
        rounds=state.rounds,
        player=state.player,
    )


def outcome(state: SixDTwo) -> Outcome:
    """Running totals (finished rounds plus the pips taken this round) and the winners."""
    scores = state.totals.scores(state.collected)
    return standing(scores, state.over, to_move(state))


def _roll(state: SixDTwo, move: Mapping[str, Any]) -> SixDTwo:
    if state.pool is not None:
        raise RuleViolation(
            "pool-entered",
            say("The pool of round {round} is already entered.", round=state.round + 1),
        )
    if state.takes:
        raise RuleViolation(
            "too-late-to-roll",
            say(
                "The pool is entered before the first take of a round: round {round} is under "
                "way without one.",
                round=state.round + 1,
            ),
        )
    dice = parse_dice(move.get("dice"))  # any number of dice, of any colour, up to a move's limit
    if not dice:
        raise RuleViolation(
            "empty-pool", say("Enter the dice that were rolled: the pool is empty.")
        )
    _check_dice(dice)
    after = replace(state, pool=dice)
    entered = say(
        "{player} entered a pool of {count}: {pool}.",
        player=state.player,
        count=say_n("{count} die", "{count} dice", len(dice)),
        pool=describe_pool(dice),
    )
    if not pairs_left(dice):
        return _end_round(after, say("{entered} No colour has two dice:", entered=entered))
    return replace(
        after,
        ruling=say("{entered} {player} takes first.", entered=entered, player=state.player),
    )


def _check_dice(dice: Sequence[Die]) -> None:
    for die in dice:
        if die.key:
            raise RuleViolation("bad-die", say("Six D Two has no key dice."))
        if die.colour is None:
            raise RuleViolation(
                "no-colour",
                say(
                    "Every die needs its colour letter, like {value}r or {value}k: the {die} has "
                    "none.",
                    value=die.value,
                    die=str(die),
                ),
            )


def _take(state: SixDTwo, move: Mapping[str, Any]) -> SixDTwo:
    dice = parse_dice(move.get("dice"))
    if len(dice) != PAIR:
        raise RuleViolation(
            "wrong-dice-count",
            say("A take is two dice of one colour, not {count}.", count=len(dice)),
        )
    _check_dice(dice)
    first, second = dice
    colour = first.colour or ""
    if second.colour != colour:
        raise RuleViolation(
            "mixed-colours",
            say(
                "The two dice of a take share one colour: the {first} is {colour}, the {second} "
                "{other}.",
                first=first.value,
                colour=colour_name(colour),
                second=second.value,
                other=colour_name(second.colour or ""),
            ),
        )
    pool = state.pool
    if pool is not None:
        pool = _take_from_pool(pool, dice)
    gained = first.value + second.value
    collected = list(state.collected)
    collected[state.seat] += gained
    after = replace(state, takes=state.takes + 1, pool=pool, collected=tuple(collected))
    took = say(
        "{player} took the {colour} {first} and {second}: {pips} pips, {points} this round.",
        player=state.player,
        colour=colour_name(colour),
        first=first.value,
        second=second.value,
        pips=gained,
        points=collected[state.seat],
    )
    if pool is not None and not pairs_left(pool):
        return _end_round(after, say("{took} No colour has two dice left:", took=took))
    return replace(after, ruling=say("{took} {player} to take.", took=took, player=after.player))


def _take_from_pool(pool: tuple[Die, ...], dice: Sequence[Die]) -> tuple[Die, ...]:
    left = list(pool)
    for die in dice:
        if die not in left:
            colour = colour_name(die.colour or "")
            same = sorted(d.value for d in left if d.colour == die.colour)
            there = (
                say("{colour} left: {values}", colour=colour, values=" ".join(map(str, same)))
                if same
                else say("no {colour} dice left", colour=colour)
            )
            raise RuleViolation(
                "die-not-rolled",
                say(
                    "There is no {colour} {die} in the pool ({there}).",
                    colour=colour,
                    die=die.value,
                    there=there,
                ),
            )
        left.remove(die)
    return tuple(left)


def _end(state: SixDTwo, move: Mapping[str, Any]) -> SixDTwo:
    return _end_round(state, say("{player} declared no pair left:", player=state.player))


def _end_round(state: SixDTwo, reason: Sentence) -> SixDTwo:
    totals = state.totals.add_round(
        state.collected, note=say("round {round}", round=state.round + 1)
    )
    scored = scores_listed(dict(zip(state.players, state.collected, strict=True)))
    after = SixDTwo(totals, state.rounds, state.round + 1, collected=(0,) * len(state.players))
    ending = result(totals.scores()) if after.over else _round_opens(after)
    ruling = say(
        "{reason} round {round} ends with {scored}. {ending}",
        reason=reason,
        round=state.round + 1,
        scored=scored,
        ending=ending,
    )
    return replace(after, ruling=ruling)


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
