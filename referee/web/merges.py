"""Merging two player names into one, and splitting them back.

A player's key is the folded name, unless an alias says it counts as another key.
A merge points ``source`` (and every alias that pointed to it) at ``target`` and is
kept as a ``PlayerMerge`` so that it can be undone: then those aliases point back,
and every seat counted for ``target`` is counted again from its own name.
"""

from __future__ import annotations

from sqlalchemy import select, update

from referee.web.extensions import db
from referee.web.models import PlayerAlias, PlayerMerge, Seat, utcnow
from referee.web.summaries import canonical, fold


class MergeRefused(Exception):
    """A merge or split that cannot be made; the message says why."""


def merge_players(source: str, target: str) -> PlayerMerge:
    """Count ``source``'s tables as ``target``'s from now on (the caller commits)."""
    if source == target:
        raise MergeRefused("A player cannot be merged into themselves.")
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
