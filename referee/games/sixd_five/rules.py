"""Six D Five (Six D Six, game five): build one stack of dice; score the side you face.

Players sit round the stack, one to a side, and in turn add one die to it: every die
touches another, and where two dice touch, the touching faces show the same pips.
The table judges the stacking; the referee counts the dice placed and whose turn it
is.  After the last of ``dice`` dice the next player enters the pips showing on each
player's side (0 to 6 x ``dice``), and the most pips wins (ties share the win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.core.engine import BOARD, Option, Outcome, RuleViolation, TotalsEntry, TurnLog
from referee.core.sentences import Value, say
from referee.families.rounds import RoundTotals, listed, result, standing

SLUG = "sixd-five"
TITLE = say("Six D Five")
SERIES = "Six D"
SERIES_PLACE = 5
KIND = BOARD
MIN_PLAYERS = 2
MAX_PLAYERS = 4  # one to each side of the stack
MOST_PIPS = 6
OPTIONS = (
    Option(
        "dice",
        36,
        say("Dice"),
        say("How many dice go onto the stack before the sides are counted."),
        minimum=2,
        maximum=72,
    ),
)


@dataclass(frozen=True)
class SixDFive:
    """The state of a Six D Five table: dice placed so far; the side totals once entered."""

    totals: RoundTotals
    dice: int
    placed: int = 0
    counted: bool = False
    ruling: str = ""

    @property
    def players(self) -> tuple[str, ...]:
        """The seating order."""
        return self.totals.players

    @property
    def player(self) -> str:
        """The player to move: each places in turn; after the last die the next seat counts."""
        return self.players[self.placed % len(self.players)]

    @property
    def most(self) -> int:
        """The most pips one side can show: every die's 6."""
        return MOST_PIPS * self.dice


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDFive:
    """A new game: the first player places the first die."""
    state = SixDFive(RoundTotals.seated(players), options["dice"])
    return replace(
        state,
        ruling=say(
            "{player} places the first of {dice} dice.", player=state.player, dice=str(state.dice)
        ),
    )


def to_move(state: SixDFive) -> str | None:
    """Who places next, or who enters the sides after the last die; None when over."""
    return None if state.counted else state.player


def is_over(state: SixDFive) -> bool:
    """True once the sides are entered."""
    return state.counted


def turns_done(state: SixDFive) -> int:
    """How many dice have been placed."""
    return state.placed


def turn_records(state: SixDFive) -> TurnLog:
    """Each player's side total, once entered."""
    return state.totals.turns


def outcome(state: SixDFive) -> Outcome:
    """The side totals once entered (0 before), and the winners."""
    scores = state.totals.scores()
    return standing(scores, state.counted, to_move(state))


def _place(state: SixDFive, move: Mapping[str, Any]) -> SixDFive:
    if state.placed == state.dice:
        raise RuleViolation(
            "stack-done",
            say(
                "All {dice} dice are on the stack: {player} enters the pips on each side.",
                dice=str(state.dice),
                player=state.player,
            ),
        )
    after = replace(state, placed=state.placed + 1)
    left = after.dice - after.placed
    if left:
        said = say(
            "{player} placed die {placed} of {dice}: {left} to go; {next} to place.",
            player=state.player,
            placed=str(after.placed),
            dice=str(state.dice),
            left=str(left),
            next=after.player,
        )
    else:
        said = say(
            "{player} placed the last die, {placed} of {dice}. {next} enters the pips showing "
            "on each side.",
            player=state.player,
            placed=str(after.placed),
            dice=str(state.dice),
            next=after.player,
        )
    return replace(after, ruling=said)


def _sides(state: SixDFive, move: Mapping[str, Any]) -> SixDFive:
    if state.placed < state.dice:
        raise RuleViolation(
            "stack-not-done",
            say(
                "The sides are counted after the last die: {placed} of {dice} are on the stack.",
                placed=str(state.placed),
                dice=str(state.dice),
            ),
        )
    given = move.get("totals")
    if not isinstance(given, Mapping):
        raise RuleViolation(
            "bad-totals",
            say(
                "The sides are the pips per player, like {example}.",
                example='{"Ann": 23, "Bo": 19}',
            ),
        )
    for name in given:
        if name not in state.players:
            shown = repr(name) if isinstance(name, str) and len(name) <= 30 else say("That name")
            raise RuleViolation(
                "unknown-player", say("{player} is not playing at this table.", player=shown)
            )
    totals = []
    for name in state.players:
        if name not in given:
            raise RuleViolation(
                "missing-total", say("Enter the pips on {player}'s side.", player=name)
            )
        pips = given[name]
        if isinstance(pips, bool) or not isinstance(pips, int):
            raise RuleViolation(
                "bad-total",
                say(
                    "The pips on {player}'s side are a whole number, 0 to {most}.",
                    player=name,
                    most=str(state.most),
                ),
            )
        if not 0 <= pips <= state.most:
            said: dict[str, Value] = {"player": name, "most": state.most, "dice": str(state.dice)}
            raise RuleViolation(
                "bad-total",
                say(
                    "{player}'s side shows 0 to {most} pips with {dice} dice, not {pips}.",
                    pips=str(pips),
                    **said,
                )
                if -(10**6) < pips < 10**6
                else say("{player}'s side shows 0 to {most} pips with {dice} dice.", **said),
            )
        totals.append(pips)
    after = replace(state, totals=state.totals.add_round(totals, note=say("side")), counted=True)
    scores = after.totals.scores()
    return replace(
        after, ruling=say("Sides: {sides}. {result}", sides=listed(scores), result=result(scores))
    )


MOVES = {"place": _place, "sides": _sides}
MOVE_FIELDS = {"place": (), "sides": ("totals",)}


def seat_free(state: SixDFive) -> bool:
    """While dice go on the stack: any phone at the table may enter them (a seated one
    too), since adding a die is no player's choice; the sides are the counter's to enter."""
    return not state.counted and state.placed < state.dice


def ruling(state: SixDFive) -> str:
    """What the referee said after the last move."""
    return state.ruling


# --- Random play ---------------------------------------------------------------------------


def dice_to_roll(state: SixDFive) -> None:
    """Never: the dice are placed, not rolled."""
    return None


def table_entry(state: SixDFive) -> TotalsEntry | None:
    """The side totals, once the last die is on the stack."""
    if state.counted or state.placed < state.dice:
        return None
    return TotalsEntry(type="sides", field="totals", names=state.players, least=0, most=state.most)


def choices(state: SixDFive) -> list[dict[str, Any]]:
    """Placing a die, while dice are left."""
    return [{"type": "place"}] if state.placed < state.dice else []


# --- What a play page draws ----------------------------------------------------------------
