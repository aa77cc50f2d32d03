"""Per-table summaries kept beside the moves, so history and player pages never replay.

Every write (a move, an undo, an import) refreshes them from the replay the
view already holds.  They are derived data: `rebuild_all` recomputes them from
the stored moves, and the migration that added them runs it once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session, scoped_session

from referee.log import Replay
from referee.web.models import GameTable, PlayerAlias, Seat

AnySession = Session | scoped_session[Any]


@dataclass(frozen=True)
class SeatFigures:
    """One player's figures at one table."""

    seat: int
    name: str
    score: int
    won: bool
    turns: int
    busts: int
    best_turn: int | None
    turn_points: int
    dice: tuple[int, ...]


def fold(name: str) -> str:
    """The key that matches a player's name across tables."""
    return name.strip().casefold()


def seat_figures(players: Iterable[str], result: Replay) -> list[SeatFigures]:
    """Each player's figures from a replay: score, win, turns, busts, best turn, dice entered."""
    outcome = result.outcome
    turns = result.game.turn_records(result.state)
    figures = []
    for seat, name in enumerate(players):
        mine = [t for t in turns if t.player == name]
        scored = [t.points for t in mine if not t.bust]
        figures.append(
            SeatFigures(
                seat=seat,
                name=name,
                score=outcome.scores.get(name, 0),
                won=name in outcome.winners,
                turns=len(mine),
                busts=sum(t.bust for t in mine),
                best_turn=max(scored) if scored else None,
                turn_points=sum(scored),
                dice=tuple(result.rolled.get(name, (0,) * 6)),
            )
        )
    return figures


def seat_row(table_id: int, fig: SeatFigures, player_key: str | None = None) -> dict[str, Any]:
    """A ``seat`` row as column values, for bulk inserts (migrations, benchmarks)."""
    return {
        "table_id": table_id, "seat": fig.seat, "name": fig.name,
        "player_key": player_key or fold(fig.name), "score": fig.score, "won": fig.won,
        "turns": fig.turns, "busts": fig.busts, "best_turn": fig.best_turn,
        "turn_points": fig.turn_points, **{f"d{v + 1}": n for v, n in enumerate(fig.dice)},
    }  # fmt: skip


def canonical(session: AnySession, key: str) -> str:
    """The key a player's name counts as, after merges."""
    merged = session.get(PlayerAlias, key)
    return merged.canonical if merged else key


def refresh(session: AnySession, table: GameTable, result: Replay, move_count: int) -> None:
    """Bring a table's cached figures and seats in line with its replay."""
    table.move_count = move_count
    table.winners = list(result.outcome.winners)
    existing = {s.seat: s for s in table.seats}
    for fig in seat_figures(table.players, result):
        row = existing.get(fig.seat)
        if row is None:
            row = Seat(seat=fig.seat, name=fig.name, player_key=canonical(session, fold(fig.name)))
            table.seats.append(row)
        _fill(row, fig)


def _fill(row: Seat, fig: SeatFigures) -> None:
    row.score, row.won, row.turns, row.busts = fig.score, fig.won, fig.turns, fig.busts
    row.best_turn, row.turn_points = fig.best_turn, fig.turn_points
    row.d1, row.d2, row.d3, row.d4, row.d5, row.d6 = fig.dice


def dice_of(row: Any) -> tuple[int, ...]:
    """The six die counts of a seat row (or of an aggregate row with d1..d6)."""
    return (row.d1, row.d2, row.d3, row.d4, row.d5, row.d6)
