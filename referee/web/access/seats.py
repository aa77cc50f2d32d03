"""Seats at a table: a phone may say "I am Ann", stay a table phone passed round (the
default), or only watch.

A phone that joins a table (by its link, its QR code or its join code) is asked first who
it is; until it answers (``answered``: a seat choice, or the table is one this phone
started) it sees the table and may enter moves as a table phone, but never the moves of a
player whose seat another phone holds.

A seat is held in the database (``SeatClaim``: one phone per seat and one seat per phone,
both enforced by unique keys, so two phones asking at the same instant cannot both get a
seat, nor one phone two seats), the phone by a random id in its sealed session.  Every
seat choice is one transaction that locks the table's row first, as moves and deletes do.
A seated phone enters only the moves of its own seat (every move it posts names its
player), and the table's own moves while nobody is to move; a watching phone enters none.
Another phone may take a seat over only by saying so: the phone that had it becomes a
table phone.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from flask import session
from sqlalchemy import bindparam, delete, insert, select, update

from referee.core.sentences import say
from referee.web.base.extensions import db
from referee.web.base.models import SeatClaim, TableFacts, utcnow
from referee.web.storage.loading import Claims
from referee.web.storage.store import hold_table, move_on

PHONE = "phone"  # the session key of this phone's id
WATCHING = "watching"  # the session key of the tables this phone only watches
MAX_WATCHED = 20
ANSWERED = "answered"  # the session key of the tables where this phone said who it is
MAX_ANSWERED = 20


@dataclass(frozen=True)
class Seating:
    """How this phone sits at a table: in a seat (``seat`` is the player's name), only
    watching, or neither (a table phone); and the seats other phones hold."""

    seat: str | None
    watching: bool
    taken: frozenset[str]
    answered: bool = True

    def refusal(self, player: str | None) -> str | None:
        """Why this phone may not enter a move for ``player`` (None: the table's own move),
        or None when it may."""
        if not self.answered and player in self.taken:
            return say(
                "{player}’s seat is held by another phone. Say first who this phone is "
                "(at the top of the page). Nothing was changed.",
                player=player,
            )
        if self.watching:
            return say(
                "This phone only watches this table: choose a seat or make it a table phone "
                "to enter moves. Nothing was changed."
            )
        if self.seat and player and player != self.seat:
            return say(
                "This phone sits in {seat}’s seat: {player}’s move is for {player}’s "
                "phone or a table phone to enter. Nothing was changed.",
                seat=self.seat,
                player=player,
            )
        return None

    @property
    def held(self) -> list[str]:
        """The seats phones hold, this one's among them, in name order."""
        return sorted(self.taken | ({self.seat} if self.seat else set()))


def held_seats(table: TableFacts) -> list[str]:
    """The seats phones hold at ``table``, in name order (whichever phone asks)."""
    claims = db.session.execute(CLAIMS_AT_TABLE, {"at_table": table.id}).all()
    return sorted({table.players[seat] for seat, _ in claims})


def phone_id(create: bool = False) -> str | None:
    """This phone's id from its session (made on first need when ``create``)."""
    if PHONE not in session and create:
        session[PHONE] = secrets.token_hex(16)
    return session.get(PHONE)


def seating(table: TableFacts, *, others: bool = True, claims: Claims | None = None) -> Seating:
    """How this phone sits at ``table``, from its seat ``claims`` (read here when not
    given).  ``others=False``: a post needs only this phone's own seat, so a phone that
    never sat anywhere and has said who it is is answered without reading the seats."""
    me = phone_id()
    watching = table.token in session.get(WATCHING, [])
    said = watching or table.token in session.get(ANSWERED, [])
    if me is None and not others and said:
        return Seating(None, watching, frozenset())
    if claims is None:
        claims = db.session.execute(CLAIMS_AT_TABLE, {"at_table": table.id}).all()
    seat = next((table.players[s] for s, phone in claims if phone == me and me), None)
    taken = frozenset(table.players[s] for s, phone in claims if phone != me)
    return Seating(seat, watching, taken, said or bool(seat))


def answered(token: str) -> None:
    """Note that this phone said who it is at the table (or started it): it is not asked."""
    if token in session.get(ANSWERED, [])[:1]:
        return  # already first: leave the cookie as it is
    known = [t for t in session.get(ANSWERED, []) if t != token]
    session[ANSWERED] = [token, *known][:MAX_ANSWERED]


def watch(token: str, on: bool) -> None:
    """Note whether this phone only watches the table (``on``) or not."""
    watched = [t for t in session.get(WATCHING, []) if t != token]
    session[WATCHING] = ([token] if on else []) + watched[: MAX_WATCHED - 1]


CLAIMS = SeatClaim.__table__
# Built once, as the store's statements are: every table page reads the seats.
CLAIMS_AT_TABLE = select(CLAIMS.c.seat, CLAIMS.c.phone).where(
    CLAIMS.c.table_id == bindparam("at_table")
)
HOLDER = select(CLAIMS.c.phone).where(
    CLAIMS.c.table_id == bindparam("at_table"), CLAIMS.c.seat == bindparam("at_seat")
)
LEAVE = delete(CLAIMS).where(
    CLAIMS.c.table_id == bindparam("at_table"), CLAIMS.c.phone == bindparam("me")
)
TAKE_OVER = (
    update(CLAIMS)
    .where(
        CLAIMS.c.table_id == bindparam("at_table"),
        CLAIMS.c.seat == bindparam("at_seat"),
        CLAIMS.c.phone == bindparam("holder"),
    )
    .values(phone=bindparam("me"), claimed_at=bindparam("now"))
)
SIT = insert(CLAIMS)


def leave(table_id: int, me: str) -> None:
    """Give up this phone's seat at the table, if it has one (in one transaction that
    locks the table first, as every write does)."""

    def give_up() -> None:
        if db.session.execute(LEAVE, {"at_table": table_id, "me": me}).rowcount:  # type: ignore[attr-defined]
            move_on(table_id)

    hold_table(table_id, give_up)


def sit(table_id: int, seat: int, me: str, take_over: bool) -> bool:
    """Give this phone ``seat`` and no other; False when another phone holds it and this
    one did not ask to take it over.  One transaction that locks the table's row first, so
    seat choices at one table take turns; plain statements, so a holder leaving meanwhile
    is read, never a stale object.  The database keeps one phone per seat and one seat per
    phone (two unique keys) whatever happens."""
    rows = {"at_table": table_id, "at_seat": seat, "me": me}

    def claim() -> bool:
        holder = db.session.scalar(HOLDER, rows)
        if holder == me:
            return True
        if holder is not None and not take_over:
            return False
        db.session.execute(LEAVE, rows)
        if holder is None:
            db.session.execute(
                SIT, {"table_id": table_id, "seat": seat, "phone": me, "claimed_at": utcnow()}
            )
            move_on(table_id)
            return True
        taken = db.session.execute(TAKE_OVER, {**rows, "holder": holder, "now": utcnow()})
        if taken.rowcount != 1:  # type: ignore[attr-defined]
            return False
        move_on(table_id)
        return True

    return hold_table(table_id, claim)
