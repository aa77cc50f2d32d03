"""Reading and writing tables as game logs; views and the CLI share these.

Every write to a table (a move, an undo, the odds switch, a delete) is one transaction
that starts by advancing the table's ``version`` from the value it was read at
(``_claim_and_commit``): of two writes that read the same version, exactly one passes
and the other is told ``TableMoved``, on SQLite and PostgreSQL alike.  A write that
leaves the version as it is (a seat choice) starts by locking the same row
(``hold_table``), so every write locks a table's rows in one order, its own row first,
and none can deadlock another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from flask import abort
from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.sql import Executable

from referee.core.contract import Game
from referee.core.moves import describe_move
from referee.log import GameLog, Replay, replay
from referee.web.base.deadline import REPLAY_CHUNK, check
from referee.web.base.extensions import db
from referee.web.base.heavy import heavy
from referee.web.base.models import (
    GameTable,
    MoveRecord,
    Seat,
    SeatClaim,
    TableFacts,
    new_token,
    utcnow,
)
from referee.web.guard.outages import is_conflict
from referee.web.storage import summaries
from referee.web.storage.advice_record import carry_judgements, judge_once_answered
from referee.web.storage.replays import Kept, replays

T = TypeVar("T")


# The statements of every read and write of a table, built once: building a statement
# costs more than SQLite takes to run it.  Their values are bound per call.
TABLES, MOVES = GameTable.__table__, MoveRecord.__table__
TABLE_BY_TOKEN = select(GameTable).where(GameTable.token == bindparam("token"))
MOVES_IN_ORDER = (
    select(MOVES.c.data).where(MOVES.c.table_id == bindparam("table_id")).order_by(MOVES.c.seq)
)
INSERT_MOVE = insert(MOVES)
MOVES_WITH_ODDS = select(MOVES.c.seq).where(
    MOVES.c.table_id == bindparam("table_id"), MOVES.c.odds_shown.is_(True)
)
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


# A replay of more moves than this goes through the worker's gate for heavy work
# (``heavy``): 1,000 moves take 20-60 ms, a table of a few hundred stays a light page.
HEAVY_REPLAY = 1_000


class TableMoved(Exception):
    """Another write reached the table first; this one changed nothing."""


@dataclass(frozen=True)
class Loaded:
    """A stored table with its moves in order and the engine's replay of them."""

    table: TableFacts
    moves: list[dict[str, Any]]
    replay: Replay
    version: int

    @property
    def seq(self) -> int:
        """The number of stored moves: the sequence number the next move gets."""
        return len(self.moves)

    @property
    def last_move(self) -> str | None:
        """The last move a player made in words ("Bo's roll 2 2 3 3 4 6"), with the forced
        moves the referee made after it (``last_step``); None before the first."""
        if not self.moves:
            return None
        game, size = self.replay.game, self.last_step
        made = describe_move(game, self.moves[-size])
        if size == 1:
            return made
        forced = ", ".join(describe_move(game, move) for move in self.moves[-size + 1 :])
        return f"{made}, and what the referee made after it: {forced}"

    @property
    def last_step(self) -> int:
        """How many moves one undo takes back: the last move a player made, with the
        forced moves the referee made after it in the same write (``forced_tail``)."""
        return 1 + self.forced_tail[0]

    @cached_property
    def forced_tail(self) -> tuple[int, Replay]:
        """(how many of the last moves the rules forced, the replay before them): the
        trailing moves each of which was the game's ``forced`` move where it was made.
        Only a game with forced moves replays for it: every other answers (0, the replay)."""
        return forced_tail(self)

    @cached_property
    def last_turn(self) -> Turn | None:
        """The turn the last move belongs to (``last_turn``), None before the first move.
        Forced moves belong to the turn that forced them: they join the turn of the move
        before them."""
        if not self.moves:
            return None
        count, before = self.forced_tail
        if not count:
            return last_turn(self)
        turn = last_turn(Loaded(self.table, self.moves[:-count], before, self.version))
        game, forced = self.replay.game, self.moves[-count:]
        return Turn(
            turn.player,
            turn.moves + tuple(describe_move(game, move) for move in forced),
            turn.kinds + tuple(_kind(game, move) for move in forced),
            True,
            count,
        )


@dataclass(frozen=True)
class Turn:
    """The stored moves that make the last move's turn, oldest first, in words without
    the player ("roll 2 2 3 3 4 6"); ``over``: the last of them ended the turn."""

    player: str | None
    moves: tuple[str, ...]
    kinds: tuple[str, ...]
    over: bool
    forced: int = 0  # of the moves at its end, those the referee made (``forced_tail``)

    @property
    def size(self) -> int:
        """How many moves the turn has."""
        return len(self.moves)

    @property
    def words(self) -> str:
        """The turn in words: "Ann's whole turn (2 moves: roll 1 1 1 2 3 4, set-aside 1 1 1)"."""
        moves = f"{self.size} move{'s' if self.size != 1 else ''}: {', '.join(self.moves)}"
        return f"{self.player}'s whole turn ({moves})"


def last_turn(loaded: Loaded) -> Turn:
    """The last move's turn: the trailing moves stamped with the same player as the last
    one (``entry.stamped`` stamps each move with the player to move).  A move
    with no player, the table's own, is a turn of one move, and so is a move that set the
    table up (the game's ``is_setup``: a board, a pool, a deal), whoever entered it: a turn
    of play after it never reaches back past it (the replay keeps where it is).

    At a one-seat table every move is that player's, so there the game's own count of
    finished turns (``turns_done``, kept by the replay as ``turn_starts``) splits them.
    With several seats the stamp alone does: the game's count may not be a turn as players
    see it (a board game counts a take before its slide).  The turn is over when the last
    move ended it: the player to move is another (or nobody: the game is over), or at one
    seat the last move raised the count.
    """
    game, moves, result = loaded.replay.game, loaded.moves, loaded.replay
    player = moves[-1].get("player")
    start = len(moves) - 1
    while player and start > 0 and moves[start - 1].get("player") == player:
        start -= 1
    over = game.to_move(result.state) != player
    if player and len(loaded.table.players) == 1 and result.moves_applied == len(moves):
        before, latest = result.turn_starts
        ended = latest == len(moves)
        start, over = max(start, before if ended else latest), over or ended
    setup = result.setup_at
    start = setup if setup == len(moves) - 1 else max(start, setup + 1)
    turn = moves[start:]
    return Turn(
        player,
        tuple(describe_move(game, move, whose=False) for move in turn),
        tuple(_kind(game, m) for m in turn),
        over,
    )


def _kind(game: Game, move: Mapping[str, Any]) -> str:
    """A move's type in the game's words ("set-aside")."""
    return game.MOVE_WORDS.get(str(move.get("type")), str(move.get("type")))


def forced_tail(loaded: Loaded) -> tuple[int, Replay]:
    """(how many of the loaded moves at the end were forced, the replay before them): the
    replay counts them as it goes (``forced_run``), and only a table that ends on forced
    moves is replayed again, without them."""
    result = loaded.replay
    run = result.forced_run if result.error is None else 0
    if not run:
        return 0, result
    return run, replayed(log_of(loaded.table, loaded.moves[:-run]))


def move_data(table_id: int) -> list[dict[str, Any]]:
    """The table's moves in order, read as plain data (no ORM objects: replays read 300+)."""
    return list(db.session.scalars(MOVES_IN_ORDER, {"table_id": table_id}))


def made_with_odds(table_id: int) -> frozenset[int]:
    """The sequence numbers of the table's moves made while it showed the odds."""
    return frozenset(db.session.scalars(MOVES_WITH_ODDS, {"table_id": table_id}))


def log_of(table: TableFacts, moves: Sequence[dict[str, Any]] | None = None) -> GameLog:
    """The table as a referee-log/1 game log."""
    moves = move_data(table.id) if moves is None else moves
    return GameLog(table.game, tuple(table.players), dict(table.options), tuple(moves))


def load(table: TableFacts) -> Loaded:
    """A table's moves and their replay, noting the version they were read at: from the
    replays kept in memory when this version is kept, else read and replayed (and kept).

    The version is read before the moves: a write that lands in between makes the
    pair look older than it is, so a write based on it is refused, never misapplied.
    """
    version = table.version
    kept = replays.get(table.token, version)
    if kept is not None:
        return Loaded(table, list(kept.moves), kept.replay, version)
    moves = move_data(table.id)
    kept = replays.latest(table.token)
    work = lambda: catch_up(kept, moves) or replayed(log_of(table, moves))  # noqa: E731
    unreplayed = len(moves) - (len(kept.moves) if kept else 0)
    result = heavy(work) if unreplayed > HEAVY_REPLAY else work()
    replays.put(table.token, version, moves, result)
    return Loaded(table, moves, result, version)


def extended(start: Replay, moves: Sequence[dict[str, Any]]) -> Replay:
    """``start.extended(moves)`` a chunk of moves at a time, checking the request's deadline
    before each chunk (``referee.web.base.deadline``): a table of 5,000 moves takes 80-300 ms."""
    for offset in range(0, len(moves), REPLAY_CHUNK):
        check()
        start = start.extended(moves[offset : offset + REPLAY_CHUNK])
    return start


def replayed(log: GameLog) -> Replay:
    """``replay(log)``, checking the request's deadline as it goes (``extended``)."""
    return extended(replay(log, []), log.moves)


def catch_up(kept: Kept | None, moves: Sequence[dict[str, Any]]) -> Replay | None:
    """The replay of ``moves`` from an older kept replay, applying only the moves after
    it; None when nothing is kept or the stored moves do not begin with the kept ones
    (an undo since), and the game must be replayed from its first move."""
    if kept is None or len(kept.moves) > len(moves) or kept.replay.error is not None:
        return None
    if list(kept.moves) != list(moves[: len(kept.moves)]):
        return None
    return extended(kept.replay, moves[len(kept.moves) :])


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


def table_by_token(token: str) -> GameTable | None:
    """The table behind a link's token, or None."""
    return db.session.scalar(TABLE_BY_TOKEN, {"token": token})


def table_or_404(token: str) -> GameTable:
    """The table behind a link, or a 404 page."""
    table = table_by_token(token)
    if table is None:
        abort(404)
    return table


def replay_table(table: GameTable) -> Replay:
    """The table's state: the engine's replay of its stored moves."""
    return load(table).replay


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


def add_moves(loaded: Loaded, moves: Sequence[dict[str, Any]], after: Replay) -> None:
    """Store ``moves`` after the loaded ones (``after`` is their replay), each noting whether
    the table showed the odds (as read at the loaded version, which a switch moves on), or
    raise ``TableMoved`` when the table is no longer at the loaded version."""
    table_id, start, shown = loaded.table.id, loaded.seq, loaded.table.show_odds
    _write(
        loaded,
        loaded.moves + list(moves),
        after,
        lambda: insert_moves(table_id, start, moves, odds_shown=shown),
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
    """Make ``change`` (to rows of the table's own, such as its seat claims) in one
    transaction that first locks the table's row without moving its version on, as a
    move locks it, and commit; ``change``'s answer.  ``TableMoved`` with nothing stored
    when the table is gone (deleted meanwhile) or the database refused a conflicting write."""
    return _claim_and_commit(HOLD_TABLE, {"at_table": table_id}, change)


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
    table_id: int, start: int, moves: Sequence[dict[str, Any]], *, odds_shown: bool | None = None
) -> None:
    """Insert moves at sequence numbers ``start``, ``start + 1``... in one statement, noting
    whether the table showed the odds when they were made (None: not known, as for an import)."""
    rows = [
        {"table_id": table_id, "seq": start + offset, "data": dict(move), "odds_shown": odds_shown}
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


def export_log(token: str) -> GameLog | None:
    """The stored table's log, or None when there is no such table."""
    table = table_by_token(token)
    return None if table is None else log_of(table)


def table_count() -> int:
    """How many tables are stored."""
    return db.session.scalar(select(func.count()).select_from(GameTable)) or 0
