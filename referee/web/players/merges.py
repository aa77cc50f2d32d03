"""Merging two player names into one, and splitting them back.

A player's key is the folded name, unless an alias says it counts as another key.
A merge points ``source`` (and every alias that pointed to it) at ``target`` and is
kept as a ``PlayerMerge`` so that it can be undone: then those aliases point back,
and the seats played under their names go back to ``source``.

Merges and splits race with each other (two house phones, a double tap), so each is one
transaction that first locks the rows of both players in key order (``lock_players``),
then checks everything again: an alias always points at a player who is not an alias
(never at itself, never round a loop), and a split either puts every seat back where it
was or changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy import case, distinct, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import aliased

from referee.core.names import fold
from referee.core.sentences import say
from referee.web.base.extensions import db
from referee.web.base.models import GameTable, PlayerAlias, PlayerMerge, Seat, utcnow
from referee.web.guard.outages import is_conflict
from referee.web.storage.summaries import canonical, lock_players

Made = TypeVar("Made")

NOTHING_CHANGED = say("Nothing was changed.")


class MergeRefused(Exception):
    """A merge or split that cannot be made; the message says why, ``status`` what the
    answer's HTTP status is."""

    status = 422


class PlayersBusy(MergeRefused):
    """Another write held the same players' rows (or the database) and this one lost."""

    status = 409


BUSY = say(
    "Another change to these players was being saved at the same moment. "
    "Nothing was changed. Look at the page again before you retry."
)

GONE = say("That merge does not exist or was already undone. Nothing was changed.")


@dataclass(frozen=True)
class Record:
    """A player's tables (and seats: two names folding alike can share a table),
    finished tables and wins."""

    tables: int
    seats: int
    finished: int
    won: int

    def __add__(self, other: Record) -> Record:
        return Record(
            self.tables + other.tables,
            self.seats + other.seats,
            self.finished + other.finished,
            self.won + other.won,
        )


@dataclass(frozen=True)
class MergePreview:
    """What merging ``source`` into ``target`` moves, shown before it is made: the name
    ``source`` disappears into ``target``."""

    source: str
    target: str
    source_name: str
    target_name: str
    moving: Record  # everything counted as ``source`` today
    kept: Record  # ``target``'s own, before the merge
    names: tuple[str, ...]  # every name the moving tables were played under
    shared: int  # tables where both sat: after the merge they count twice

    @property
    def after(self) -> Record:
        """``target``'s figures once merged (a table both sat at counts twice)."""
        return self.kept + self.moving


def saved(change: Callable[[], Made]) -> Made:
    """Make a merge or split (``change``) and commit it; when it is refused, or loses to
    another write at the same moment (``PlayersBusy``), roll back and raise: never a 500."""
    try:
        made = change()
        db.session.commit()
    except MergeRefused:
        db.session.rollback()
        raise
    except (IntegrityError, OperationalError) as exc:
        db.session.rollback()
        if isinstance(exc, OperationalError) and not is_conflict(exc):
            raise
        raise PlayersBusy(BUSY) from None
    return made


def display_name(key: str) -> str | None:
    """The name a player last played under, or None when no seat counts as ``key``.

    Names merged into the player are passed over while one of the player's own is left
    (whose folded spelling is the key): after merging Ned into Sid the page stays Sid's.
    """
    names = names_played(key)
    own = [name for name in names if fold(name) == key]
    return (own or names or (None,))[0]


def record_of(key: str) -> Record:
    """A player's tables, seats, finished tables and wins (finished and won)."""
    finished = GameTable.finished_at.is_not(None)
    tables, seats, done, won = db.session.execute(
        select(
            func.count(distinct(Seat.table_id)),
            func.count(),
            func.coalesce(func.sum(case((finished, 1), else_=0)), 0),
            func.coalesce(func.sum(case((finished & Seat.won, 1), else_=0)), 0),
        )
        .select_from(Seat)
        .join(GameTable, Seat.table_id == GameTable.id)
        .where(Seat.player_key == key)
    ).one()
    return Record(tables, seats, done, won)


def names_played(key: str) -> tuple[str, ...]:
    """Every name the seats counted as ``key`` were played under, latest first."""
    return tuple(
        db.session.scalars(
            select(Seat.name)
            .where(Seat.player_key == key)
            .group_by(Seat.name)
            .order_by(func.max(Seat.table_id).desc())
        )
    )


def check_merge(source: str, target: str) -> MergePreview:
    """What merging ``source`` into ``target`` would move, or ``MergeRefused`` with a
    sentence when it cannot be made (``target`` is known to exist)."""
    refuse_merged_since(target)
    target_name = display_name(target) or target
    if not source:
        raise MergeRefused(
            say(
                "Pick the other name to merge into {player}. Nothing was changed.",
                player=target_name,
            )
        )
    if source == target:
        raise MergeRefused(
            say(
                "“{player}” cannot be merged into themselves: pick another name. "
                "Nothing was changed.",
                player=target_name,
            )
        )
    if (merged := canonical(db.session, source)) != source:
        was = merged_names(merged).get(source, source)
        raise MergeRefused(
            say(
                "“{name}” already counts as {player}. Nothing was changed.",
                name=was,
                player=display_name(merged) or merged,
            )
        )
    source_name = display_name(source)
    if source_name is None:
        raise MergeRefused(
            say(
                "No player is called “{name}”: look the name up and pick it. Nothing was changed.",
                name=source,
            )
        )
    mine, theirs = aliased(Seat), aliased(Seat)
    shared = db.session.scalar(
        select(func.count(distinct(mine.table_id)))
        .select_from(mine)
        .join(theirs, theirs.table_id == mine.table_id)
        .where(mine.player_key == source, theirs.player_key == target)
    )
    return MergePreview(
        source,
        target,
        source_name,
        target_name,
        record_of(source),
        record_of(target),
        names_played(source),
        shared or 0,
    )


def refuse_merged_since(target: str) -> None:
    """``MergeRefused`` when ``target`` has been merged into another player: nothing may
    be merged into a name that is no longer a player of its own."""
    if (merged := canonical(db.session, target)) != target:
        into = display_name(merged) or merged
        raise MergeRefused(
            say(
                "“{name}” was merged into {player} already: merge into {player}. "
                "Nothing was changed.",
                name=target,
                player=into,
            )
        )


def merge_players(source: str, target: str) -> MergePreview:
    """Count ``source``'s tables as ``target``'s from now on (the caller commits), with
    both players locked: what moved, or ``MergeRefused`` when it cannot be made (merged
    into itself, into a player merged since, or a name merged already)."""
    lock_players(db.session, source, target)
    moved = check_merge(source, target)
    repointed = list(
        db.session.scalars(select(PlayerAlias.key).where(PlayerAlias.canonical == source))
    )
    db.session.execute(update(Seat).where(Seat.player_key == source).values(player_key=target))
    db.session.execute(
        update(PlayerAlias).where(PlayerAlias.canonical == source).values(canonical=target)
    )
    db.session.add(PlayerAlias(key=source, canonical=target))
    db.session.add(PlayerMerge(source=source, target=target, repointed=repointed))
    db.session.flush()
    return moved


def merged_names(target: str) -> dict[str, str]:
    """The name each key counted as ``target`` was last played under ("ned": "Ned"), for
    the merges into ``target``, whose keys are folded names."""
    rows = db.session.execute(
        select(Seat.name)
        .where(Seat.player_key == target)
        .group_by(Seat.name)
        .order_by(func.max(Seat.table_id))
    )
    return {fold(name): name for (name,) in rows}


def merges_into(target: str) -> list[PlayerMerge]:
    """The merges into ``target`` that can still be undone, newest first."""
    query = (
        select(PlayerMerge)
        .where(PlayerMerge.target == target, PlayerMerge.undone_at.is_(None))
        .order_by(PlayerMerge.id.desc())
    )
    return list(db.session.scalars(query))


def undo_merge(merge_id: int) -> PlayerMerge:
    """Split a merge back, with both players locked: ``source`` and the names merged into
    it before count as themselves again, every seat they had goes back to ``source``, and
    the merge is marked undone; or ``MergeRefused`` and nothing changes."""
    record = db.session.get(PlayerMerge, merge_id)
    if record is None:
        raise MergeRefused(GONE)
    lock_players(db.session, record.source, record.target)
    db.session.refresh(record)  # as it stands now that both players are locked
    if record.undone_at is not None:
        raise MergeRefused(GONE)
    source, target, repointed = record.source, record.target, list(record.repointed)
    alias = db.session.get(PlayerAlias, source, populate_existing=True)
    if alias is None or alias.canonical != target or canonical(db.session, target) != target:
        raise MergeRefused(
            say(
                "The names were merged again since; undo the later merge first. "
                "Nothing was changed."
            )
        )
    db.session.delete(alias)
    db.session.execute(
        update(PlayerAlias)
        .where(PlayerAlias.key.in_(repointed), PlayerAlias.canonical == target)
        .values(canonical=source)
    )
    theirs = {source, *repointed}
    names = db.session.scalars(select(Seat.name).where(Seat.player_key == target).distinct())
    going_back = [name for name in names if fold(name) in theirs]
    db.session.execute(
        update(Seat)
        .where(Seat.player_key == target, Seat.name.in_(going_back))
        .values(player_key=source)
    )
    record.undone_at = utcnow()
    db.session.flush()
    return record
