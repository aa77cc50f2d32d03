"""How often each player followed the advice, over their finished games (issue 17).

Judging a game replays it and weighs every decision (0.1-0.3 s for a 10K, Keys and Base
Dice or Lucky Sevens game, up to a minute for a 5,000-move one), so it is never done for a
player page: a game is judged once, when it ends (after the finishing move's answer has
gone to the phone), when it is imported, or when the story of a finished game stored before
is opened, each time judging only the moves the table's stored judgements
(``referee.web.storage.judgements``) do not hold yet.  Each seat keeps
its player's judgement with the table version it was made at, and counts only while the
table is still at that version: an undo moves the version on, and the game is judged
again when it ends again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flask import Response, after_this_request, current_app, has_request_context
from sqlalchemy import bindparam, func, select, update
from sqlalchemy.exc import SQLAlchemyError

from referee.core.odds import decimal
from referee.games import all_games, get_game, has_own
from referee.log import GameLog
from referee.web.base.extensions import db
from referee.web.base.models import GameTable, Seat
from referee.web.storage.judgements import Decision, judgements

SEATS = Seat.__table__
JUDGEMENT_COLUMNS = ("advice_decisions", "advice_followed", "advice_given_up")
KEEP_JUDGEMENT = (
    update(SEATS)
    .where(SEATS.c.table_id == bindparam("at_table"), SEATS.c.seat == bindparam("at_seat"))
    .values(
        {column: bindparam(f"new_{column}") for column in ("advice_version", *JUDGEMENT_COLUMNS)}
    )
)

CARRY_JUDGEMENT = (
    update(SEATS)
    .where(
        SEATS.c.table_id == bindparam("at_table"),
        SEATS.c.advice_version == bindparam("new_version") - 1,
    )
    .values(advice_version=bindparam("new_version"))
)


@dataclass(frozen=True)
class Record:
    """One player's decisions in one game's finished tables, judged against the advice."""

    title: str
    decisions: int
    followed: int
    cost: float  # expected points the other decisions gave up

    @property
    def cost_shown(self) -> str:
        """The points given up, to one decimal."""
        return decimal(Fraction(self.cost))


def seat_judgements(players: Sequence[str], judged: Sequence[Decision]) -> list[dict[str, Any]]:
    """Each seat's share of a table's judgements, in seat order, as ``seat`` column values:
    its decisions, how many followed the advice, and the expected points the rest gave up."""
    shares = []
    for name in players:
        mine = [j for j in judged if j.player == name]
        followed = sum(j.followed for j in mine)
        given_up = float(sum((j.cost for j in mine), Fraction(0)))
        shares.append(dict(zip(JUDGEMENT_COLUMNS, (len(mine), followed, given_up), strict=True)))
    return shares


def keep_judged(
    table_id: int, version: int, players: Sequence[str], judged: Sequence[Decision]
) -> None:
    """Keep each seat's share of a finished table's judgements, as made at ``version``
    (read before the moves were), on the seats, and commit."""
    rows = [
        {"at_table": table_id, "at_seat": seat, "new_advice_version": version}
        | {f"new_{column}": value for column, value in share.items()}
        for seat, share in enumerate(seat_judgements(players, judged))
    ]
    try:
        db.session.execute(KEEP_JUDGEMENT, rows)
        db.session.commit()
    except SQLAlchemyError:  # a busy database: the story judges the game again when opened
        db.session.rollback()
        current_app.logger.warning("Table %s: its judgements were not kept.", table_id)


def carry_judgements(table_id: int, version: int) -> None:
    """Carry the seats' judgements of the table's previous version to ``version``, in the
    caller's transaction, for a write that moved the version on but changed no move."""
    db.session.execute(CARRY_JUDGEMENT, {"at_table": table_id, "new_version": version})


def judged_at(table: GameTable) -> bool:
    """Whether every seat of ``table`` holds a judgement of its present version."""
    return all(seat.advice_version == table.version for seat in table.seats)


def judge(table_id: int, version: int, log: GameLog) -> None:
    """Judge a finished game's log, read at table ``version`` (the moves its stored
    judgements do not hold yet), and keep each seat's share."""
    if has_own(get_game(log.game), "advice"):
        found = judgements(table_id, log, every_move=True)
        keep_judged(table_id, version, log.players, found.decisions)


def judge_once_answered(table_id: int, version: int, log: GameLog) -> None:
    """Judge a game that has just ended: once the answer has gone to the phone when this
    is a request (the phone never waits for it), at once otherwise (the command line)."""
    if not has_request_context():
        judge(table_id, version, log)
        return
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def judge_when_sent(response: Response) -> Response:
        def later() -> None:
            with app.app_context():
                judge(table_id, version, log)

        response.call_on_close(later)
        return response

    after_this_request(judge_when_sent)


@dataclass(frozen=True)
class Standing:
    """A player's records, from ``judged`` of their ``finished`` tables of advising games."""

    records: Sequence[Record]
    judged: int
    finished: int


def standing(player_key: str) -> Standing:
    """The player's record against the advice, per game that gives advice, over their
    finished tables judged at their present version; a game with no decision is left out."""
    advising = [g.SLUG for g in all_games() if has_own(g, "advice")]
    current = Seat.advice_version == GameTable.version
    rows = db.session.execute(
        select(
            GameTable.game,
            func.count(GameTable.id.distinct()),
            func.count(GameTable.id.distinct()).filter(current),
            func.coalesce(func.sum(Seat.advice_decisions).filter(current), 0),
            func.coalesce(func.sum(Seat.advice_followed).filter(current), 0),
            func.coalesce(func.sum(Seat.advice_given_up).filter(current), 0.0),
        )
        .join(Seat, Seat.table_id == GameTable.id)
        .where(
            Seat.player_key == player_key,
            GameTable.finished_at.is_not(None),
            GameTable.game.in_(advising),
        )
        .group_by(GameTable.game)
    ).all()
    records = [
        Record(get_game(slug).TITLE, decisions, followed, given_up)
        for slug, _, _, decisions, followed, given_up in sorted(rows)
        if decisions
    ]
    return Standing(records, sum(r[2] for r in rows), sum(r[1] for r in rows))
