"""The work of a table page and of a move, counted, not timed (issue 49): the SQL statements
each sends and the template macros each calls, for a 300-move 10K table (the bench's game,
``bench.bench_game``) read and moved on by a seated phone, on SQLite and PostgreSQL.

A change that makes a page or a move do more fails here, by name, on any machine however
busy: the figures are what the page and the move do now (``docs/performance.md``); a change
that does less lowers them here knowingly.  The page is counted rendered (the first read of
a phone that sits so at this version: the replay and the page's parts kept in this process),
read again (the page kept whole, ``kept_pages``), and first read right after a move (the
replay kept, one move applied; the turn list kept as long as no turn ended); the move is a
roll from the page its phone shows, answered with the redirect to the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import jinja2.runtime
import pytest
from sqlalchemy import event

from bench import TENK, bench_game
from referee.log import replay
from tests.conftest import csrf_of

ROLL = ("1", "2", "3", "4", "6", "6")

# What each request does now: (SQL statements, macro calls).
PAGE_RENDERED = (1, 20)  # the table with its seat claims; a page that asks for a roll
PAGE_KEPT = (1, 0)  # the same read; the page rendered for the same seat at this version
PAGE_AFTER_MOVE = (1, 10)  # the first read at the new version, asking what to set aside
MOVE = (5, 0)


@dataclass
class Work:
    """What one request did: the statements it sent and the macros it called."""

    statements: list[str]
    macros: list[str]

    def figures(self) -> tuple[int, int]:
        """(statements, macro calls)."""
        return len(self.statements), len(self.macros)


@contextmanager
def counted(app) -> Iterator[Work]:
    """Count the SQL statements the app's engine sends and the macros Jinja calls meanwhile."""
    from referee.web.base.extensions import db

    work = Work([], [])
    invoke = jinja2.runtime.Macro._invoke

    def count_macro(macro, arguments, autoescape):
        work.macros.append(macro.name)
        return invoke(macro, arguments, autoescape)

    def count_statement(conn, cursor, statement, parameters, context, executemany):
        work.statements.append(" ".join(statement.split())[:120])

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count_statement)
    jinja2.runtime.Macro._invoke = count_macro  # type: ignore[method-assign]
    try:
        yield work
    finally:
        jinja2.runtime.Macro._invoke = invoke  # type: ignore[method-assign]
        event.remove(engine, "before_cursor_execute", count_statement)


@pytest.fixture
def seated(app, stored):
    """A phone seated at a stored 300-move 10K table (the bench's), its page read once: the
    client and the table's token."""
    game = bench_game()
    [token] = stored(game.log())
    phone = app.test_client()
    page = phone.get(f"/t/{token}").text
    seat = game.players.index(TENK.to_move(replay(game.log()).state))
    fields = {"as": str(seat), "csrf_token": csrf_of(page)}
    assert phone.post(f"/t/{token}/seat", data=fields).status_code == 302
    return phone, token, game


def roll_fields(phone, token: str, game) -> dict[str, str]:
    """The roll the game expects, as the page the phone shows posts it."""
    page = phone.get(f"/t/{token}").text
    fields = {"seq": str(len(game.moves)), "csrf_token": csrf_of(page), "action": "roll"}
    fields.update({f"d{i}": ROLL[i] for i in range(game.next_roll)})
    return fields


def test_a_table_page_rendered_sends_1_statement_and_calls_20_macros(app, seated) -> None:
    phone, token, _ = seated
    phone.get(f"/t/{token}")  # the seat's message: a page never kept
    with counted(app) as work:
        assert phone.get(f"/t/{token}").status_code == 200
    assert work.figures() == PAGE_RENDERED, work


def test_a_table_page_read_again_sends_1_statement_and_renders_nothing(app, seated) -> None:
    phone, token, _ = seated
    phone.get(f"/t/{token}")  # the seat's message
    phone.get(f"/t/{token}")  # rendered, and kept
    with counted(app) as work:
        assert phone.get(f"/t/{token}").status_code == 200
    assert work.figures() == PAGE_KEPT, work


def test_a_move_sends_5_statements_and_renders_nothing(app, seated) -> None:
    phone, token, game = seated
    fields = roll_fields(phone, token, game)
    with counted(app) as work:
        assert phone.post(f"/t/{token}/move", data=fields).status_code == 302
    assert work.figures() == MOVE, work


def test_the_page_after_a_move_sends_1_statement_and_calls_10_macros(app, seated) -> None:
    phone, token, game = seated
    assert phone.post(f"/t/{token}/move", data=roll_fields(phone, token, game)).status_code == 302
    with counted(app) as work:
        assert phone.get(f"/t/{token}").status_code == 200
    assert work.figures() == PAGE_AFTER_MOVE, work
