"""Writing tables: new tables, moves added and taken back, the odds switch, play again,
deletes and imports.

Every write to a table (a move, an undo, the odds switch, a delete) is one transaction
that starts by advancing the table's ``version`` from the value it was read at
(``_claim_and_commit``): of two writes that read the same version, exactly one passes
and the other is told ``TableMoved``, on SQLite and PostgreSQL alike.  A seat choice,
which no page is read for, starts by locking the same row (``hold_table``), so every write
locks a table's rows in one order, its own row first, and none can deadlock another; one
that changes a seat moves the version on from whatever it is (``move_on``), so every
phone's poll sees the new seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.sql import Executable

from referee.log import GameLog, Replay, replay
from referee.web.base.extensions import db
from referee.web.base.models import (
    GameTable,
    Seat,
    SeatClaim,
    new_token,
    utcnow,
)
from referee.web.guard.outages import is_conflict
from referee.web.storage import summaries
from referee.web.storage.advice_record import carry_judgements, judge_once_answered
from referee.web.storage.loading import MOVES, TABLES, Loaded
from referee.web.storage.replays import replays

T = TypeVar("T")


INSERT_MOVE = insert(MOVES)


DELETE_MOVES_FROM = delete(MOVES).where(
    MOVES.c.table_id == bindparam("at_table"), MOVES.c.seq >= bindparam("from_seq")
)


CLAIM_VERSION = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("at_table"), TABLES.c.version == bindparam("read_at"))
    .values(
        version=bindparam("new_version"),
        move_count=bindparam("new_move_count"),
        winners=bindparam("new_winners"),
        updated_at=bindparam("now"),
        finished_at=bindparam("finished"),
    )
)


class TableMoved(Exception):
    """Another write reached the table first; this one changed nothing."""


SWITCH_ODDS = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("at_table"), TABLES.c.version == bindparam("read_at"))
    .values(show_odds=bindparam("shown"), version=bindparam("new_version"))
)


CLAIM_FOR_DELETE = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("at_table"), TABLES.c.version == bindparam("read_at"))
    .values(version=bindparam("new_version"))
)


# A table's rows in the order every write locks them: the table's row, then its children.
DELETE_CHILDREN = tuple(
    delete(child).where(child.c.table_id == bindparam("at_table"))
    for child in (SeatClaim.__table__, Seat.__table__, MOVES)
)


DELETE_TABLE = delete(TABLES).where(TABLES.c.id == bindparam("at_table"))


# Takes the row's lock (SQLite's write lock) and changes nothing: version = version.
HOLD_TABLE = (
    update(TABLES).where(TABLES.c.id == bindparam("at_table")).values(version=TABLES.c.version)
)
# Moves a held row's version on from what it is.
MOVE_ON = (
    update(TABLES).where(TABLES.c.id == bindparam("at_table")).values(version=TABLES.c.version + 1)
)
VERSION_OF_ID = select(TABLES.c.version).where(TABLES.c.id == bindparam("at_table"))


def show_odds(table_id: int, read_at: int, shown: bool) -> None:
    """Switch the table's odds on or off as a claim of the version the page showed, like a
    move, so every phone's poll sees the change and of two switches (or a switch and a
    move) read at one version exactly one is stored; ``TableMoved`` for the other, and
    for a table deleted meanwhile.  The moves stay as they were, so the seats' judgements
    move on with the version."""
    claim = {"at_table": table_id, "read_at": read_at, "new_version": read_at + 1, "shown": shown}
    _claim_and_commit(SWITCH_ODDS, claim, lambda: carry_judgements(table_id, read_at + 1))


# Sets the table a finished table plays again at, once: a second press (a double tap,
# another phone) finds it set and matches no row.  The version moves on, so every phone's
# poll brings the finished page with the way to the new table.
CLAIM_REMATCH = (
    update(TABLES)
    .where(
        TABLES.c.id == bindparam("at_table"),
        TABLES.c.version == bindparam("read_at"),
        TABLES.c.finished_at.is_not(None),
        TABLES.c.rematch.is_not_distinct_from(bindparam("was")),
    )
    .values(rematch=bindparam("new_rematch"), version=bindparam("new_version"))
)


SIT_AT_START = insert(SeatClaim.__table__)


def play_again(
    table: GameTable,
    players: Sequence[str],
    options: Mapping[str, int],
    seat: tuple[int, str] | None = None,
) -> str:
    """Start the table that plays finished ``table``'s game again, with ``players`` in that
    seating, ``options`` and ``table``'s settings, and note it on ``table``, in one
    transaction that claims the version ``table`` was read at; its token.  ``seat``: (seat,
    phone id) of the phone that asked, which sits there at the new table too.  ``TableMoved``
    with nothing stored when the table changed since it was read (another press got there
    first, a move, an undo)."""
    token, table_id, version = new_token(), table.id, table.version
    claim = {"at_table": table_id, "read_at": version, "new_version": version + 1,
             "was": table.rematch, "new_rematch": token}  # fmt: skip
    slug, settings = table.game, dict(table.settings)

    def start() -> None:
        carry_judgements(table_id, version + 1)
        again = new_table(slug, players, options, settings=settings)
        again.token = token
        if seat is not None:
            db.session.flush()
            sat = {"table_id": again.id, "seat": seat[0], "phone": seat[1], "claimed_at": utcnow()}
            db.session.execute(SIT_AT_START, sat)

    _claim_and_commit(CLAIM_REMATCH, claim, start)
    return token


def delete_table(table_id: int, read_at: int) -> None:
    """Delete a table and everything of it for good, as a claim of the version the page
    showed: the table's row is locked first, as every move locks it, then its children
    go, then the row.  ``TableMoved`` when it changed (or went) since: nothing is deleted."""
    claim = {"at_table": table_id, "read_at": read_at, "new_version": read_at + 1}

    def remove() -> None:
        for statement in (*DELETE_CHILDREN, DELETE_TABLE):
            db.session.execute(statement, {"at_table": table_id})

    _claim_and_commit(CLAIM_FOR_DELETE, claim, remove)


def new_table(
    game: str,
    players: Sequence[str],
    options: Mapping[str, int],
    result: Replay | None = None,
    settings: Mapping[str, str] | None = None,
) -> GameTable:
    """Add a table to the session, its figures from ``result`` (the replay of the moves it
    will be given; none by default) and its ``settings`` (none: each at its default).  The
    caller stores the moves and commits."""
    result = result or replay(GameLog(game, tuple(players), dict(options)))
    table = GameTable(
        game=game, players=list(players), options=dict(options), settings=dict(settings or {})
    )
    table.updated_at = utcnow()
    table.finished_at = table.updated_at if result.outcome.over else None
    db.session.add(table)
    summaries.refresh(db.session, table, result, result.moves_applied)
    return table


def add_moves(
    loaded: Loaded, moves: Sequence[dict[str, Any]], after: Replay, page: str | None = None
) -> None:
    """Store ``moves`` after the loaded ones (``after`` is their replay), each noting whether
    the table showed the odds (as read at the loaded version, which a switch moves on) and
    the mark of the page that posted them (``page``), or raise ``TableMoved`` when the
    table is no longer at the loaded version."""
    table_id, start, shown = loaded.table.id, loaded.seq, loaded.table.show_odds
    _write(
        loaded,
        loaded.moves + list(moves),
        after,
        lambda: insert_moves(table_id, start, moves, odds_shown=shown, page=page),
    )


def take_back(loaded: Loaded, count: int, after: Replay) -> None:
    """Delete the table's last ``count`` moves in one write (``after`` is the replay
    without them), or raise ``TableMoved`` when the table is no longer at the loaded
    version."""
    if not 0 < count <= loaded.seq:
        raise ValueError(f"Cannot take back {count} of {loaded.seq} moves.")
    keep = loaded.seq - count
    rows = {"at_table": loaded.table.id, "from_seq": keep}
    _write(loaded, loaded.moves[:keep], after, lambda: db.session.execute(DELETE_MOVES_FROM, rows))


def _write(
    loaded: Loaded, moves: Sequence[dict[str, Any]], after: Replay, change: Callable[[], Any]
) -> None:
    """Make ``change`` to the moves of a table read at ``loaded.version`` and commit it with
    the table's new figures; keep ``moves`` and ``after`` for the next read.

    The first statement advances the table's version from the one the moves were read
    at, and sets the figures a list of tables shows: on PostgreSQL it takes the row's
    lock, on SQLite the database's write lock, and its WHERE sees any write committed
    meanwhile, so a second write for the same version matches no row and nothing of it
    is stored.  Every statement is a plain one, with no object loaded first: the seats
    are rewritten only where the change altered their figures.
    """
    table, version, outcome = loaded.table, loaded.version, after.outcome
    token, table_id, players = table.token, table.id, list(table.players)
    slug, options = table.game, dict(table.options)
    now = utcnow()
    claim = {
        "at_table": table_id,
        "read_at": version,
        "new_version": version + 1,
        "new_move_count": after.moves_applied,
        "new_winners": list(outcome.winners),
        "now": now,
        "finished": now if outcome.over else None,
    }

    def change_and_rewrite() -> None:
        change()
        summaries.rewrite_changed(db.session, table_id, players, loaded.replay, after)

    _claim_and_commit(CLAIM_VERSION, claim, change_and_rewrite)
    replays.put(token, version + 1, moves, after)
    if outcome.over:  # the game has just ended: a finished table takes no more moves
        log = GameLog(slug, tuple(players), options, tuple(moves))
        judge_once_answered(table_id, version + 1, log)


def hold_table(table_id: int, change: Callable[[], T]) -> T:
    """Make ``change`` (to rows of the table's own besides its moves: its seat claims) in
    one transaction that first locks the table's row, as a move locks it, and commit;
    ``change``'s answer.  ``change`` calls ``move_on`` when it changed what phones see.
    ``TableMoved`` with nothing stored when the table is gone (deleted meanwhile) or the
    database refused a conflicting write."""
    return _claim_and_commit(HOLD_TABLE, {"at_table": table_id}, change)


def move_on(table_id: int) -> None:
    """Inside ``hold_table``: move the held table's version on from whatever it is (a seat
    taken or left), so every phone's poll hears of it; the moves stay as they were, so the
    seats' judgements move on with the version."""
    db.session.execute(MOVE_ON, {"at_table": table_id})
    carry_judgements(
        table_id, db.session.execute(VERSION_OF_ID, {"at_table": table_id}).scalar_one()
    )


def _claim_and_commit(claim: Executable, values: Mapping[str, Any], change: Callable[[], T]) -> T:
    """Run ``claim``, an UPDATE of one table's row (that matches only at the version it
    was read at, for a write that moves the version on), then ``change``, and commit them
    as one transaction; ``change``'s answer.  Raise ``TableMoved`` with nothing stored
    when the claim matched no row (another write, or a delete, got there first) or the
    database refused a write that conflicts with another."""
    try:
        if db.session.execute(claim, values).rowcount != 1:  # type: ignore[attr-defined]
            raise TableMoved
        answer = change()
        db.session.commit()
        return answer
    except (TableMoved, IntegrityError):
        db.session.rollback()
        raise TableMoved from None
    except OperationalError as exc:
        db.session.rollback()
        if is_conflict(exc):
            raise TableMoved from None
        raise
    except BaseException:
        db.session.rollback()
        raise


def insert_moves(
    table_id: int,
    start: int,
    moves: Sequence[dict[str, Any]],
    *,
    odds_shown: bool | None = None,
    page: str | None = None,
) -> None:
    """Insert moves at sequence numbers ``start``, ``start + 1``... in one statement, noting
    whether the table showed the odds when they were made (None: not known, as for an import)
    and the mark of the page that posted them (None: none, as for an import)."""
    rows = [
        {
            "table_id": table_id,
            "seq": start + offset,
            "data": dict(move),
            "odds_shown": odds_shown,
            "page": page,
        }
        for offset, move in enumerate(moves)
    ]
    if rows:
        db.session.execute(INSERT_MOVE, rows)


def import_log(log: GameLog) -> str:
    """Store a (replay-checked) log as a new table and return its token."""
    table = new_table(log.game, log.players, log.options, replay(log))
    db.session.flush()
    insert_moves(table.id, 0, log.moves)
    db.session.commit()
    if table.finished_at:
        judge_once_answered(table.id, table.version, log)
    return table.token
