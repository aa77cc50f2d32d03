"""Per-table summaries kept beside the moves, so history and player pages never replay.

A new table gets them from its replay; every later write (a move, an undo)
rewrites the seats whose figures the change altered, from the replays the view
already holds.  They are derived data: the migration that added them computed
them from the stored moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, scoped_session

from referee.core.names import fold
from referee.log import Replay
from referee.web.base.models import GameTable, Player, PlayerAlias, Seat

AnySession = Session | scoped_session[Any]
FIGURE_COLUMNS = ("score", "won", "turns", "busts", "best_turn", "turn_points",
                  "d1", "d2", "d3", "d4", "d5", "d6")  # fmt: skip
SEATS = Seat.__table__
# Makes a player's lock row when missing, in each database's own words (built once).
LOCK_ROWS = {
    "postgresql": postgresql.insert(Player).on_conflict_do_nothing(),
    "sqlite": sqlite.insert(Player).on_conflict_do_nothing(),
}
# Built once (building it costs more than running it); values bound per seat.
REWRITE_SEAT = (
    update(SEATS)
    .where(SEATS.c.table_id == bindparam("at_table"), SEATS.c.seat == bindparam("at_seat"))
    .values({column: bindparam(f"new_{column}") for column in FIGURE_COLUMNS})
)


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


def figure_values(fig: SeatFigures) -> dict[str, Any]:
    """A seat's figures as ``seat`` column values (score, win, turns, busts, dice...)."""
    values = (fig.score, fig.won, fig.turns, fig.busts, fig.best_turn, fig.turn_points, *fig.dice)
    return dict(zip(FIGURE_COLUMNS, values, strict=True))


def seat_row(table_id: int, fig: SeatFigures, player_key: str | None = None) -> dict[str, Any]:
    """A ``seat`` row as column values, for bulk inserts (migrations, benchmarks)."""
    key = player_key or fold(fig.name)
    return {"table_id": table_id, "seat": fig.seat, "name": fig.name, "player_key": key,
            **figure_values(fig)}  # fmt: skip


def canonical(session: AnySession, key: str) -> str:
    """The key a player's name counts as, after merges (read afresh: a merge may have been
    committed since the session last looked)."""
    merged = session.get(PlayerAlias, key, populate_existing=True)
    return merged.canonical if merged else key


def lock_players(session: AnySession, *keys: str) -> None:
    """Hold the rows of the players ``keys`` until the transaction ends, taken in key
    order so that two writes of the same players wait for each other, never deadlock.

    It must come before the transaction's other writes, and it is one (the rows are made when
    missing): on SQLite that takes the database's write lock, so no other write commits
    until this one ends; on PostgreSQL ``FOR UPDATE`` then locks the rows.  Every read
    after it sees whatever was committed before, so a merge or split re-checks all it
    relies on once the locks are held (what it read before proves nothing).
    """
    ordered = sorted(set(keys))
    make_rows = LOCK_ROWS[session.get_bind().dialect.name]
    session.execute(make_rows, [{"key": key} for key in ordered])
    session.execute(
        select(Player.key).where(Player.key.in_(ordered)).order_by(Player.key).with_for_update()
    )


def seat_keys(session: AnySession, names: Iterable[str]) -> dict[str, str]:
    """The key each name (folded) counts as, for new seats, with the rows of the players
    the names fold to and count as locked: no merge or split can move them before the
    seats are stored, nor miss the seats when it comes after."""
    folded = {fold(name) for name in names}
    keys = {key: canonical(session, key) for key in folded}
    while folded:  # every row locked at once, in key order
        lock_players(session, *folded, *keys.values())
        now = {key: canonical(session, key) for key in folded}
        if now == keys:  # what the held rows say: nothing can change it until commit
            return keys
        keys = now
    return keys


def refresh(session: AnySession, table: GameTable, result: Replay, move_count: int) -> None:
    """Bring a table's cached figures and seats in line with its replay."""
    table.move_count = move_count
    table.winners = list(result.outcome.winners)
    existing = {s.seat: s for s in table.seats}
    figures = seat_figures(table.players, result)
    keys = seat_keys(session, [fig.name for fig in figures if fig.seat not in existing])
    for fig in figures:
        row = existing.get(fig.seat)
        if row is None:
            row = Seat(seat=fig.seat, name=fig.name, player_key=keys[fold(fig.name)])
            table.seats.append(row)
        _fill(row, fig)


def _fill(row: Seat, fig: SeatFigures) -> None:
    for column, value in figure_values(fig).items():
        setattr(row, column, value)


def rewrite_changed(
    session: AnySession, table_id: int, players: Sequence[str], before: Replay, after: Replay
) -> None:
    """Rewrite the stored seats whose figures differ between two replays of a table.

    The seats stored are those of ``before`` (every write keeps them in line, in the
    transaction that claims the table's version), so only the seats the change touched
    are written, one plain UPDATE each, with nothing loaded first.
    """
    old = seat_figures(players, before)
    changed = [
        {"at_table": table_id, "at_seat": fig.seat}
        | {f"new_{column}": value for column, value in figure_values(fig).items()}
        for fig, was in zip(seat_figures(players, after), old, strict=True)
        if fig != was
    ]
    if changed:
        session.execute(REWRITE_SEAT, changed)


def dice_of(row: Any) -> tuple[int, ...]:
    """The six die counts of a seat row (or of an aggregate row with d1..d6)."""
    return (row.d1, row.d2, row.d3, row.d4, row.d5, row.d6)
