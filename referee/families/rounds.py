"""Games scored by the round: totals of finished rounds, a record per player
per round, and the result.

A round adds each player's points at once, so there is no turn rotation to keep here:
the game says whose move it is.  Ties share the win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from referee.core.engine import NO_TURNS, Outcome, TurnLog, TurnMark, TurnRecord
from referee.core.sentences import Value, both, say
from referee.core.sentences import listed as comma_listed


@dataclass(frozen=True)
class RoundTotals:
    """Seating, the totals of finished rounds, and each player's record of each round."""

    players: tuple[str, ...]
    banked: tuple[int, ...]
    turns: TurnLog = NO_TURNS

    @classmethod
    def seated(cls, players: Sequence[str]) -> RoundTotals:
        """Everyone on 0, no round played."""
        return cls(tuple(players), (0,) * len(players))

    def add_round(self, gained: Sequence[int], note: str = "") -> RoundTotals:
        """Bank one round's points per seat, recording a turn per player in seating order.

        ``note`` names the round in the turn list and the CSV ("round 2").
        """
        mark = TurnMark(note) if note else None
        banked = tuple(a + b for a, b in zip(self.banked, gained, strict=True))
        turns = self.turns
        for name, got, total in zip(self.players, gained, banked, strict=True):
            turns = turns.add(TurnRecord(name, got, total, mark=mark))
        return RoundTotals(self.players, banked, turns)

    def scores(self, live: Sequence[int] | None = None) -> dict[str, int]:
        """Each player's total: finished rounds, plus ``live`` (the round being played)."""
        extra = live or (0,) * len(self.players)
        return {
            name: total + more
            for name, total, more in zip(self.players, self.banked, extra, strict=True)
        }


class ByRounds(Protocol):
    """A game state played in rounds: how many are scored, and their totals."""

    @property
    def round(self) -> int: ...

    @property
    def totals(self) -> RoundTotals: ...


def turns_done(state: ByRounds) -> int:
    """How many rounds have been scored (a score chart counts rounds)."""
    return state.round


def turn_records(state: ByRounds) -> TurnLog:
    """Each player's points in each finished round, round by round in seating order."""
    return state.totals.turns


def standing(scores: Mapping[str, int], over: bool, to_move: str | None) -> Outcome:
    """The outcome of a game scored by the round: ``scores`` now, the winners once ``over``."""
    return Outcome(over, dict(scores), winners(scores) if over else [], None if over else to_move)


def winners(scores: Mapping[str, int]) -> list[str]:
    """Everyone on the highest score, in seating order (ties share the win)."""
    best = max(scores.values())
    return [name for name, score in scores.items() if score == best]


def result(scores: Mapping[str, int]) -> str:
    """The result in words: "Game over: Cy wins with 120." or "... share the win with 64."."""
    won = winners(scores)
    best = max(scores.values())
    if len(won) == 1:
        return say("Game over: {player} wins with {best}.", player=won[0], best=best)
    return say("Game over: {players} share the win with {best}.", players=both(won), best=best)


def listed(scores: Mapping[str, int]) -> Value:
    """Scores as a list in words: "Ann 47, Bo 64, Cy 120"."""
    return comma_listed(
        [say("{player} {points}", player=name, points=score) for name, score in scores.items()]
    )
