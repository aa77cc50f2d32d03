"""Merging two player names into one, and splitting them back.

A player's key is the folded name, unless an alias says it counts as another key.
A merge points ``source`` (and every alias that pointed to it) at ``target`` and is
kept as a ``PlayerMerge`` so that it can be undone: then those aliases point back,
and every seat counted for ``target`` is counted again from its own name.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, distinct, func, select, update
from sqlalchemy.orm import aliased

from referee.web.extensions import db
from referee.web.models import GameTable, PlayerAlias, PlayerMerge, Seat, utcnow
from referee.web.summaries import canonical, fold

NOTHING_CHANGED = "Nothing was changed."


class MergeRefused(Exception):
    """A merge or split that cannot be made; the message says why."""


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
    target_name = display_name(target) or target
    if not source:
        raise MergeRefused(f"Pick the other name to merge into {target_name}. {NOTHING_CHANGED}")
    if source == target:
        raise MergeRefused(
            f"“{target_name}” cannot be merged into themselves: pick another name. "
            + NOTHING_CHANGED
        )
    source_name = display_name(source)
    if source_name is None:
        merged = canonical(db.session, source)
        if merged != source:
            was = merged_names(merged).get(source, source)
            raise MergeRefused(
                f"“{was}” already counts as {display_name(merged) or merged}. {NOTHING_CHANGED}"
            )
        raise MergeRefused(
            f"No player is called “{source}”: pick a name from the list. {NOTHING_CHANGED}"
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


def merge_players(source: str, target: str) -> PlayerMerge:
    """Count ``source``'s tables as ``target``'s from now on (the caller commits); a merge
    ``check_merge`` refuses is refused here too."""
    check_merge(source, target)
    repointed = list(
        db.session.scalars(select(PlayerAlias.key).where(PlayerAlias.canonical == source))
    )
    db.session.execute(update(Seat).where(Seat.player_key == source).values(player_key=target))
    db.session.execute(
        update(PlayerAlias).where(PlayerAlias.canonical == source).values(canonical=target)
    )
    db.session.merge(PlayerAlias(key=source, canonical=target))
    record = PlayerMerge(source=source, target=target, repointed=repointed)
    db.session.add(record)
    return record


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
    """Split a merge back: ``source`` and its aliases count as themselves again."""
    record = db.session.get(PlayerMerge, merge_id)
    if record is None or record.undone_at is not None:
        raise MergeRefused("That merge does not exist or was already undone.")
    alias = db.session.get(PlayerAlias, record.source)
    if alias is None or alias.canonical != record.target or canonical_moved(record.target):
        raise MergeRefused(
            "The names were merged again since; undo the later merge first. Nothing was changed."
        )
    db.session.delete(alias)
    db.session.execute(
        update(PlayerAlias)
        .where(PlayerAlias.key.in_(record.repointed), PlayerAlias.canonical == record.target)
        .values(canonical=record.source)
    )
    db.session.flush()
    for seat in db.session.scalars(select(Seat).where(Seat.player_key == record.target)):
        seat.player_key = canonical(db.session, fold(seat.name))
    record.undone_at = utcnow()
    return record


def canonical_moved(key: str) -> bool:
    """Whether ``key`` itself has since been merged into another player."""
    return db.session.get(PlayerAlias, key) is not None
