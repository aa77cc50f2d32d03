"""A table's decisions judged against the advice, stored once (issue 24).

Judging a decision asks the game's advice about the state it was made in (a millisecond
to a few hundred on a new situation), so a 5,000-move table took 8 to 78 s to judge: too
much for every view of its story.  A table's judgements are worked out once and stored in
its ``table_judgement`` row; its story and its seats' records read them from there.

The row judges the table's leading ``moves``, with digests of the moves at every ``MARK``
moves and at its end: the judgements of the moves still in place after an undo are kept,
and only the moves since are judged.  A view of the story judges for at most
``VIEW_SECONDS`` of CPU (none while another thread of the worker judges the table), stores
what it got and says how far it got (``Judgements``); the end of the game judges whatever
is left, once, after the finishing answer has gone.

A decision against the advice keeps its words as their message and values
(``referee.core.sentences.as_data``), never as text: each phone's story says them again in
its own language.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from time import thread_time
from typing import Any

from flask import current_app
from sqlalchemy import insert, update
from sqlalchemy.exc import SQLAlchemyError

from referee.core.moves import judged_moves
from referee.core.odds import Judged
from referee.core.sentences import Value, as_data, from_data
from referee.games import get_game
from referee.log import GameLog, moves_with_states
from referee.web.base.extensions import db
from referee.web.base.models import TableJudgement

MARK = 50  # moves between two digests: an undo re-judges at most this many more
VIEW_SECONDS = 0.25  # CPU a view of a story may spend judging moves not judged yet
ROWS = TableJudgement.__table__
_judging: set[int] = set()  # the tables a thread of this worker is judging now
_judging_lock = threading.Lock()


@dataclass(frozen=True)
class Decision:
    """One judged decision as stored: move ``index`` by ``player``, whether it followed the
    advice, what it gave up, and the decision in words when it went against the advice (a
    ``Sentence``, rendered in each reader's language)."""

    index: int
    player: str | None
    followed: bool
    cost: Fraction
    words: Value | None

    @classmethod
    def of(cls, judged: Judged) -> Decision:
        """The decision ``judged`` as stored."""
        verdict = judged.verdict
        words = None if verdict.followed else judged.words
        return cls(judged.index, judged.player, verdict.followed, verdict.cost, words)

    @classmethod
    def read(cls, row: Sequence[Any]) -> Decision:
        """A decision from its stored row (``stored``)."""
        index, player, followed, cost, words = row
        said = None if words is None else from_data(words)
        return cls(int(index), player, bool(followed), Fraction(cost), said)

    @property
    def stored(self) -> list[Any]:
        """The decision as a row of JSON values, its cost exact ("7/3"), its words as their
        message and values (``as_data``)."""
        words = None if self.words is None else as_data(self.words)
        return [self.index, self.player, self.followed, str(self.cost), words]


@dataclass(frozen=True)
class Judgements:
    """The judged decisions among a table's first ``moves`` moves, of ``total``."""

    moves: int
    total: int
    decisions: tuple[Decision, ...]

    @property
    def complete(self) -> bool:
        """Whether every move of the table is judged."""
        return self.moves >= self.total


def _digests(moves: Sequence[Mapping[str, Any]], at: Iterable[int]) -> dict[int, str]:
    """The digest of the first ``n`` moves for each ``n`` of ``at`` (each at most their
    number), one running hash over the moves."""
    wanted = sorted(set(at))
    found: dict[int, str] = {}
    running = hashlib.sha256()
    done = 0
    for n in wanted:
        for move in moves[done:n]:
            running.update(json.dumps(move, sort_keys=True, separators=(",", ":")).encode())
            running.update(b"\n")
        done = n
        found[n] = running.hexdigest()
    return found


def marks(moves: Sequence[Mapping[str, Any]], judged: int) -> list[list[Any]]:
    """The digests a row keeps of its first ``judged`` moves: every ``MARK`` moves and the end."""
    at = [*range(MARK, judged, MARK), judged]
    return [[n, digest] for n, digest in _digests(moves, at).items()]


def still_in_place(kept: Sequence[Sequence[Any]], moves: Sequence[Mapping[str, Any]]) -> int:
    """How many leading moves of ``kept``'s digests are still the table's ``moves``."""
    at = [int(n) for n, _ in kept if int(n) <= len(moves)]
    now = _digests(moves, at)
    return max((int(n) for n, digest in kept if now.get(int(n)) == digest), default=0)


def stored(table_id: int, moves: Sequence[Mapping[str, Any]]) -> Judgements:
    """The table's stored judgements of the moves still in place."""
    row = db.session.get(TableJudgement, table_id)
    if row is None:
        return Judgements(0, len(moves), ())
    judged = min(still_in_place(row.marks, moves), row.moves)
    decisions = (Decision.read(r) for r in row.decisions)
    return Judgements(judged, len(moves), tuple(d for d in decisions if d.index < judged))


def judged_further(log: GameLog, known: Judgements, seconds: float | None) -> Judgements:
    """``known`` with the log's moves after it judged, for ``seconds`` of this thread's CPU
    (None: all of them); at least one move is judged, so that every view gets further.  A
    move the rules refuse ends the judging: no move after it can be judged."""
    game = get_game(log.game)
    decisions = list(known.decisions)
    judged = known.moves
    stop = None if seconds is None else thread_time() + seconds
    states: Iterator[tuple[Any, Mapping[str, Any]]] = islice(
        moves_with_states(log), known.moves, None
    )
    for state, move in states:
        decisions += (Decision.of(j) for j in judged_moves(game, [(state, move)], start=judged))
        judged += 1
        if stop is not None and thread_time() > stop and judged < known.total:
            return Judgements(judged, known.total, tuple(decisions))
    return Judgements(known.total, known.total, tuple(decisions))


def keep(table_id: int, moves: Sequence[Mapping[str, Any]], found: Judgements) -> None:
    """Store ``found`` as the table's judgements, and commit; a write that loses to another
    (the table deleted, a view storing at once) is let go: the next view judges again."""
    values = {
        "moves": found.moves,
        "marks": marks(moves, found.moves),
        "decisions": [d.stored for d in found.decisions],
    }
    try:
        changed = db.session.execute(
            update(ROWS).where(ROWS.c.table_id == table_id).values(values)
        ).rowcount  # type: ignore[attr-defined]
        if not changed:
            db.session.execute(insert(ROWS).values(table_id=table_id, **values))
        db.session.commit()
    except SQLAlchemyError:
        db.session.rollback()
        current_app.logger.warning("Table %s: its judgements were not stored.", table_id)


def judgements(table_id: int, log: GameLog, *, every_move: bool = False) -> Judgements:
    """The table's judgements: the stored ones still in place, and the moves after them
    judged for ``VIEW_SECONDS`` of CPU (``every_move``: all of them), stored when any were."""
    known = stored(table_id, log.moves)
    if known.complete:
        return known
    with _judging_lock:
        if table_id in _judging and not every_move:
            return known  # another thread is at it: this view shows what is stored
        _judging.add(table_id)
    try:
        found = judged_further(log, known, None if every_move else VIEW_SECONDS)
    finally:
        with _judging_lock:
            _judging.discard(table_id)
    if found.moves > known.moves:
        keep(table_id, log.moves, found)
    return found
