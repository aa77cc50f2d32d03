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

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import jinja2.runtime
import pytest
from flask_babel import Domain
from sqlalchemy import event, text

from bench import TENK, bench_game
from referee.log import replay
from referee.web.base.languages import COOKIE
from tests.conftest import csrf_of

ROLL = ("1", "2", "3", "4", "6", "6")

# What each request does now: (SQL statements, macro calls).
PAGE_RENDERED = (1, 20)  # the table with its seat claims; a page that asks for a roll
PAGE_KEPT = (1, 0)  # the same read; the page rendered for the same seat at this version
PAGE_AFTER_MOVE = (1, 10)  # the first read at the new version, asking what to set aside
MOVE = (4, 0)  # the table with its seat claims in one read, then the write's three
# Flask-Babel's catalogue look-ups (each walks the request's context) of a rendered page, by
# its language: the templates' words go through the app's own catalogues, kept once read, so
# a page that says more looks up no more (43 in English, 77 in German before).
CATALOGUE_LOOKUPS = {"en": 0, "de": 4}


@dataclass
class Work:
    """What one request did: the statements it sent, the macros it called and the files it
    opened (a catalogue read again on every request: issue 49's move)."""

    statements: list[str]
    macros: list[str]
    opened: list[str] = field(default_factory=list)
    # Each statement's connection's isolation level, as set for it (None: the engine's own).
    isolation: list[str | None] = field(default_factory=list)

    def figures(self) -> tuple[int, int]:
        """(statements, macro calls)."""
        return len(self.statements), len(self.macros)


_counting: list[Work] = []  # the work being counted, if any (``opened_file``)


def opened_file(event: str, arguments: tuple) -> None:
    """Python's audit hook: note each file opened while work is being counted."""
    if event == "open" and _counting:
        _counting[-1].opened.append(str(arguments[0]))


sys.addaudithook(opened_file)  # once a process; it notes nothing outside ``counted``


@contextmanager
def counted(app) -> Iterator[Work]:
    """Count the SQL statements the app's engine sends, the macros Jinja calls and the files
    Python opens meanwhile."""
    from referee.web.base.extensions import db

    work = Work([], [])
    invoke = jinja2.runtime.Macro._invoke

    def count_macro(macro, arguments, autoescape):
        work.macros.append(macro.name)
        return invoke(macro, arguments, autoescape)

    def count_statement(conn, cursor, statement, parameters, context, executemany):
        work.statements.append(" ".join(statement.split())[:120])
        work.isolation.append(conn.get_execution_options().get("isolation_level"))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count_statement)
    jinja2.runtime.Macro._invoke = count_macro  # type: ignore[method-assign]
    _counting.append(work)
    try:
        yield work
    finally:
        _counting.remove(work)
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


def test_a_table_page_read_again_sends_1_statement_renders_nothing_and_opens_no_file(
    app, seated
) -> None:
    phone, token, _ = seated
    phone.get(f"/t/{token}")  # the seat's message
    phone.get(f"/t/{token}")  # rendered, and kept
    with counted(app) as work:
        assert phone.get(f"/t/{token}").status_code == 200
    assert work.figures() == PAGE_KEPT, work
    assert work.opened == [], work


def test_a_move_sends_4_statements_renders_nothing_and_opens_no_file(app, seated) -> None:
    phone, token, game = seated
    fields = roll_fields(phone, token, game)
    incomplete = {name: value for name, value in fields.items() if name != "seq"}
    # A refused post builds the move form first: WTForms' catalogue is read once a process.
    assert phone.post(f"/t/{token}/move", data=incomplete).status_code == 400
    with counted(app) as work:
        assert phone.post(f"/t/{token}/move", data=fields).status_code == 302
    assert work.figures() == MOVE, work
    assert work.opened == [], work


@pytest.mark.parametrize("spoken", sorted(CATALOGUE_LOOKUPS))
def test_a_rendered_page_looks_its_catalogue_up_a_few_times_however_much_it_says(
    app, seated, spoken, monkeypatch
) -> None:
    phone, token, _ = seated
    phone.set_cookie(COOKIE, spoken)
    phone.get(f"/t/{token}")  # the seat's message: a page never kept
    lookups = []
    look_up = Domain.get_translations
    monkeypatch.setattr(Domain, "get_translations", lambda d: lookups.append(d) or look_up(d))
    page = phone.get(f"/t/{token}")
    assert page.status_code == 200 and f'<html lang="{spoken}"' in page.text
    assert len(lookups) == CATALOGUE_LOOKUPS[spoken], spoken


def test_the_page_after_a_move_sends_1_statement_and_calls_10_macros(app, seated) -> None:
    phone, token, game = seated
    assert phone.post(f"/t/{token}/move", data=roll_fields(phone, token, game)).status_code == 302
    with counted(app) as work:
        assert phone.get(f"/t/{token}").status_code == 200
    assert work.figures() == PAGE_AFTER_MOVE, work


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_on_postgresql_a_page_and_a_poll_read_outside_any_transaction(app, seated) -> None:
    """A page read again and a poll of the unchanged table send their one read in
    autocommit: no BEGIN before it, no ROLLBACK after it (two round trips of four)."""
    phone, token, _ = seated
    phone.get(f"/t/{token}")  # the seat's message
    page = phone.get(f"/t/{token}").text
    version = re.search(r'class="live-note"[^>]*data-version="(\d+)"', page).group(1)
    with counted(app) as page:
        assert phone.get(f"/t/{token}").status_code == 200
    with counted(app) as poll:
        assert phone.get(f"/t/{token}/live?v={version}").status_code == 304
    assert page.isolation == ["AUTOCOMMIT"], page
    assert poll.isolation == ["AUTOCOMMIT"], poll


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_on_sqlite_a_move_is_flushed_to_disk_before_its_answer(app) -> None:
    """WAL with synchronous=FULL: each commit flushes the WAL, so a move the phone was told
    is stored survives a power cut (the one flush a durable commit needs)."""
    from referee.web.base.extensions import db

    with app.app_context():
        modes = db.session.execute(text("PRAGMA journal_mode")).scalar()
        synchronous = db.session.execute(text("PRAGMA synchronous")).scalar()
    assert (modes, synchronous) == ("wal", 2)
