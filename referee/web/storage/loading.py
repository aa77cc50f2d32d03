"""Reading tables: a table by its link, its moves as a game log, and their replay, kept
in memory between requests (``replays``) and caught up from the kept one when the table
has moved on; the last move and turn in words, for undo.  Views and the CLI share these;
every write is ``store``'s.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, cast

from flask import abort
from sqlalchemy import Engine, Row, bindparam, func, select
from sqlalchemy.sql import Executable

from referee.core.contract import Game
from referee.core.moves import TYPE_WORDS, describe_move
from referee.core.sentences import listed, say
from referee.log import GameLog, Replay, replay
from referee.web.base.deadline import REPLAY_CHUNK, check
from referee.web.base.extensions import db
from referee.web.base.heavy import heavy
from referee.web.base.models import (
    GameTable,
    MoveRecord,
    SeatClaim,
    TableFacts,
)
from referee.web.storage.replays import Kept, replays

# The statements of every read and write of a table, built once: building a statement
# costs more than SQLite takes to run it.  Their values are bound per call.
TABLES, MOVES = GameTable.__table__, MoveRecord.__table__


TABLE_BY_TOKEN = select(GameTable).where(GameTable.token == bindparam("token"))


CLAIMS = SeatClaim.__table__
# A page's and a move's one read: the table's row (without the ORM) with each seat claim at it.
TABLE_WITH_CLAIMS = (
    select(*TABLES.c, CLAIMS.c.seat, CLAIMS.c.phone)
    .outerjoin(CLAIMS, CLAIMS.c.table_id == TABLES.c.id)
    .where(TABLES.c.token == bindparam("token"))
)
Claims = Sequence[tuple[int, str]]  # (seat, phone id) of each seat a phone holds


MOVES_IN_ORDER = (
    select(MOVES.c.data).where(MOVES.c.table_id == bindparam("table_id")).order_by(MOVES.c.seq)
)


MOVES_WITH_ODDS = select(MOVES.c.seq).where(
    MOVES.c.table_id == bindparam("table_id"), MOVES.c.odds_shown.is_(True)
)


PAGES_FROM = (
    select(MOVES.c.page)
    .where(MOVES.c.table_id == bindparam("table_id"), MOVES.c.seq >= bindparam("from_seq"))
    .order_by(MOVES.c.seq)
)


# A replay of more moves than this goes through the worker's gate for heavy work
# (``heavy``): 1,000 moves take 20-60 ms, a table of a few hundred stays a light page.
HEAVY_REPLAY = 1_000


@dataclass(frozen=True)
class Loaded:
    """A stored table with its moves in order and the engine's replay of them."""

    table: TableFacts
    moves: list[dict[str, Any]]
    replay: Replay
    version: int
    # (seat, phone id) of each seat claim, when read in the same statement as the table
    # (a move's load); None when not read.
    claims: Claims | None = None
    # The number of stored moves: the sequence number the next move gets.
    seq: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seq", len(self.moves))

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
        forced = listed([describe_move(game, move) for move in self.moves[-size + 1 :]])
        return say("{move}, and what the referee made after it: {forced}", move=made, forced=forced)

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
        """The turn in words: "Ann's whole turn (2 moves: roll 1 1 1 2 3 4; set-aside 1 1 1)"
        (a move in words may hold commas: "placement at row 5, column 1")."""
        moves = f"{self.size} move{'s' if self.size != 1 else ''}: {'; '.join(self.moves)}"
        return f"{self.player}'s whole turn ({moves})"


def last_turn(loaded: Loaded) -> Turn:
    """The last move's turn: the trailing moves stamped with the same player as the last
    one (``judging.stamped`` stamps each move with the player to move).  A move
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
    """A move's type in the game's words ("set-aside"), else in the words every game shares
    ("roll", "steal"): said, so that a page reads it in its phone's language."""
    kind = str(move.get("type"))
    return game.MOVE_WORDS.get(kind) or TYPE_WORDS.get(kind) or kind


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


def pages_from(table_id: int, seq: int) -> list[str | None]:
    """The marks of the pages the table's moves from ``seq`` on were posted from, in order
    (None for a move posted from no page: an import, a page from before marks were kept)."""
    return list(db.session.scalars(PAGES_FROM, {"table_id": table_id, "from_seq": seq}))


def log_of(table: TableFacts, moves: Sequence[dict[str, Any]] | None = None) -> GameLog:
    """The table as a referee-log/1 game log."""
    moves = move_data(table.id) if moves is None else moves
    return GameLog(table.game, tuple(table.players), dict(table.options), tuple(moves))


def load(table: TableFacts, claims: Claims | None = None) -> Loaded:
    """A table's moves and their replay, noting the version they were read at: from the
    replays kept in memory when this version is kept, else read and replayed (and kept);
    ``claims``: its seat claims, when read with it.

    The version is read before the moves: a write that lands in between makes the
    pair look older than it is, so a write based on it is refused, never misapplied.
    """
    version = table.version
    kept = replays.get(table.token, version)
    if kept is not None:
        return Loaded(table, list(kept.moves), kept.replay, version, claims)
    moves = move_data(table.id)
    kept = replays.latest(table.token)
    work = lambda: catch_up(kept, moves) or replayed(log_of(table, moves))  # noqa: E731
    unreplayed = len(moves) - (len(kept.moves) if kept else 0)
    result = heavy(work) if unreplayed > HEAVY_REPLAY else work()
    replays.put(table.token, version, moves, result)
    return Loaded(table, moves, result, version, claims)


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


def table_by_token(token: str) -> GameTable | None:
    """The table behind a link's token, or None."""
    return db.session.scalar(TABLE_BY_TOKEN, {"token": token})


def read_alone(engine: Engine, statement: Executable, values: Mapping[str, Any]) -> list[Row[Any]]:
    """The rows of one read-only ``statement``, sent on a pooled connection of its own and
    given back at once, not in the request's session.  On PostgreSQL it is sent outside any
    transaction (autocommit): one round trip, where the session's read
    costs three (BEGIN, the read, and the ROLLBACK as the session ends).  Never a write."""
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            conn.execution_options(isolation_level="AUTOCOMMIT")
        return list(conn.execute(statement, values).all())


def table_with_claims(token: str, *, alone: bool = False) -> tuple[TableFacts, Claims] | None:
    """The table behind a link's token with its seat claims, read in one statement for a
    page or a move (the table's row as read, not an ORM object); None when no table has
    the token.  ``alone``: read outside the request's session (``read_alone``), for a page,
    which most often reads nothing else; a move reads in its session, where it writes."""
    values = {"token": token}
    rows = (
        read_alone(db.engine, TABLE_WITH_CLAIMS, values)
        if alone
        else db.session.execute(TABLE_WITH_CLAIMS, values).all()
    )
    if not rows:
        return None
    claims = [(row.seat, row.phone) for row in rows if row.seat is not None]
    return cast(TableFacts, rows[0]), claims  # a row reads its columns as attributes


def table_or_404(token: str) -> GameTable:
    """The table behind a link, or a 404 page."""
    table = table_by_token(token)
    if table is None:
        abort(404)
    return table


def replay_table(table: GameTable) -> Replay:
    """The table's state: the engine's replay of its stored moves."""
    return load(table).replay


# The tables an export reads the moves of in one statement: few statements for a house of
# thousands of tables, and never every move of every table in memory at once.
EXPORT_CHUNK = 200
EVERY_TABLE = select(*TABLES.c).order_by(TABLES.c.id)
MOVES_OF_TABLES = (
    select(MOVES.c.table_id, MOVES.c.data)
    .where(MOVES.c.table_id.in_(bindparam("ids", expanding=True)))
    .order_by(MOVES.c.table_id, MOVES.c.seq)
)


def every_log() -> Iterator[tuple[TableFacts, GameLog]]:
    """Every stored table (its row as read) with its log, oldest first: the moves of
    ``EXPORT_CHUNK`` tables read in one statement."""
    tables = db.session.execute(EVERY_TABLE).all()
    for start in range(0, len(tables), EXPORT_CHUNK):
        part = tables[start : start + EXPORT_CHUNK]
        moves: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for table_id, data in db.session.execute(MOVES_OF_TABLES, {"ids": [t.id for t in part]}):
            moves[table_id].append(data)
        for row in part:
            table: TableFacts = row  # type: ignore[assignment]  # a row reads its columns as attributes
            yield table, log_of(table, moves[row.id])


def export_log(token: str) -> GameLog | None:
    """The stored table's log, or None when there is no such table."""
    table = table_by_token(token)
    return None if table is None else log_of(table)


def table_count() -> int:
    """How many tables are stored."""
    return db.session.scalar(select(func.count()).select_from(GameTable)) or 0
