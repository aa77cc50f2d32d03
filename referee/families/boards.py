"""Board games' contract hooks, written once for the Six D games.

A board game's state says whether the game is over and whose move it is; most keep each
player's total in seating order, and some count their turns and record them as they go.
Shared here: the contract hooks that only read those, as the push-your-luck games share
theirs in ``referee.families.pushluck``.  A game whose hook differs keeps its own: Six D One's
roller lays out the board, Six D Five is over once the sides are counted, and the games
scored by the round read their totals from ``referee.families.rounds``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from referee.core.engine import Outcome, TurnLog
from referee.families.rounds import standing


class OnBoard(Protocol):
    """A board game's state: the seating, whether it is over, and who moves next."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def over(self) -> bool: ...

    @property
    def player(self) -> str: ...


class Totalled(OnBoard, Protocol):
    """A board game's state keeping each player's total, in seating order."""

    @property
    def totals(self) -> tuple[int, ...]: ...


class Counted(OnBoard, Protocol):
    """A board game's state counting its turns and recording them."""

    @property
    def turns(self) -> int: ...

    @property
    def records(self) -> TurnLog: ...


def to_move(state: OnBoard) -> str | None:
    """The player to move, or None once the game is over."""
    return None if state.over else state.player


def is_over(state: OnBoard) -> bool:
    """True once the game has ended."""
    return state.over


def outcome_of(state: OnBoard, totals: Sequence[int]) -> Outcome:
    """Each player's score from ``totals`` (in seating order), the winners once over."""
    scores = dict(zip(state.players, totals, strict=True))
    return standing(scores, state.over, to_move(state))


def outcome(state: Totalled) -> Outcome:
    """Each player's total, and the winners once the game is over."""
    return outcome_of(state, state.totals)


def turns_done(state: Counted) -> int:
    """How many turns have been taken (the x axis of a score chart)."""
    return state.turns


def turn_records(state: Counted) -> TurnLog:
    """Every turn recorded, oldest first."""
    return state.records
