"""What the referee makes of a database that is away (``referee/web/guard/outages.py``), without a
real outage: which errors are an outage, which say the database cannot write
(``unwritable.py``), how one engine tries a server found away, which requests are tried
again (``stale.py``), and a database that refuses connections (the real restarts, hangs
and faults are ``test_database_outages.py``'s and ``test_unwritable_database.py``'s)."""

from __future__ import annotations

import html
import sqlite3
import time

import psycopg
import pytest
from sqlalchemy.exc import InternalError, OperationalError, ProgrammingError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from referee.web import create_app
from referee.web.base.extensions import db
from referee.web.guard import outages, stale, unwritable
from referee.web.guard.outages import AWAY, PAUSE, Away, Outage, is_unavailable
from tests.ports import free_port


def wrapped(original: Exception, kind=OperationalError) -> Exception:
    """``original`` as SQLAlchemy raises it."""
    return kind("SELECT 1", {}, original)


def sqlite_error(name: str) -> sqlite3.OperationalError:
    refusal = sqlite3.OperationalError("database is locked")
    refusal.sqlite_errorname = name
    return refusal


@pytest.mark.parametrize(
    ("error", "away"),
    [
        (wrapped(psycopg.OperationalError("server closed the connection unexpectedly")), True),
        (wrapped(psycopg.errors.AdminShutdown()), True),
        (wrapped(psycopg.errors.TooManyConnections()), True),
        (wrapped(psycopg.errors.DeadlockDetected()), False),  # a lost race: a 409
        (wrapped(psycopg.ProgrammingError("bad query"), ProgrammingError), False),  # a bug
        (wrapped(sqlite_error("SQLITE_BUSY")), True),
        (wrapped(sqlite_error("SQLITE_BUSY_SNAPSHOT")), False),  # a lost race: a 409
        (wrapped(sqlite_error("SQLITE_IOERR")), False),
        (PoolTimeout("QueuePool limit reached"), True),
        (ValueError("not the database's"), False),
    ],
    ids=[
        "closed",
        "shutdown",
        "too-many",
        "deadlock",
        "bug",
        "sqlite-busy",
        "sqlite-snapshot",
        "sqlite-io",
        "pool",
        "other",
    ],  # fmt: skip
)
def test_an_outage_is_told_from_a_lost_race_and_from_a_bug(error, away):
    assert is_unavailable(error) is away


def lost(exc: BaseException) -> bool:
    return isinstance(exc, ConnectionError)


def fail(outage: Outage) -> None:
    with pytest.raises(ConnectionError), outage.trial(lost):
        raise ConnectionError


def test_a_server_found_away_is_tried_by_one_exchange_at_a_time_once_a_pause_is_over():
    outage = Outage()
    fail(outage)
    with pytest.raises(Away):  # found away a moment ago
        with outage.trial(lost):
            pass
    outage.noticed = time.monotonic() - PAUSE  # the pause is over
    with outage.trial(lost):
        with pytest.raises(Away):  # another exchange, while this one tries
            with outage.trial(lost):
                pass
    assert outage.noticed is None  # it answered: every exchange goes through again
    with outage.trial(lost), outage.trial(lost):
        pass


def test_an_error_the_server_answered_with_is_no_outage():
    outage = Outage()
    with pytest.raises(KeyError), outage.trial(lost):
        raise KeyError
    assert outage.noticed is None


@pytest.mark.solo  # times the answer on the wall clock
@pytest.mark.parametrize("path", ["/", "/t/" + "0" * 32, "/healthz/database"])
def test_a_database_that_refuses_connections_is_a_503_with_a_sentence(monkeypatch, tmp_path, path):
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    url = f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/x"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    started = time.monotonic()
    response = app.test_client().get(path)
    assert response.status_code == 503 and time.monotonic() - started < 1.0
    if path != "/healthz/database":
        assert AWAY.split(":")[0] in " ".join(response.text.split())
        assert response.headers["Retry-After"] == str(outages.RETRY_AFTER_SECONDS)
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize(
    ("error", "fault"),
    [
        (wrapped(sqlite_error("SQLITE_READONLY")), unwritable.READ_ONLY),
        (wrapped(sqlite_error("SQLITE_READONLY_DIRECTORY")), unwritable.READ_ONLY),
        (wrapped(sqlite_error("SQLITE_CANTOPEN")), unwritable.READ_ONLY),  # no -wal, -shm
        (wrapped(sqlite_error("SQLITE_FULL")), unwritable.FULL),
        (wrapped(sqlite_error("SQLITE_BUSY")), None),  # held by another: an outage
        (wrapped(psycopg.errors.ReadOnlySqlTransaction(), InternalError), unwritable.READ_ONLY),
        (wrapped(psycopg.errors.DiskFull()), unwritable.FULL),
        (wrapped(psycopg.errors.AdminShutdown()), None),
        (ValueError("not the database's"), None),
    ],
    ids=[
        "sqlite-ro",
        "sqlite-ro-folder",
        "sqlite-cantopen",
        "sqlite-full",
        "sqlite-busy",
        "pg-ro",
        "pg-full",
        "pg-shutdown",
        "other",
    ],  # fmt: skip
)
def test_a_database_that_cannot_write_is_told_from_one_that_is_away(error, fault):
    assert unwritable.fault_of(error) is fault


def invalidated(error: Exception) -> Exception:
    """``error`` as SQLAlchemy raises it when it threw the connection away."""
    wrapped_error = wrapped(error)
    wrapped_error.connection_invalidated = True
    return wrapped_error


def test_only_a_view_that_met_a_stale_connection_before_any_commit_runs_again():
    lost = invalidated(psycopg.OperationalError("server closed the connection unexpectedly"))
    assert stale.tried_again(lost, stale.Attempt())
    assert not stale.tried_again(lost, stale.Attempt(committed=True))  # it may have landed
    assert not stale.tried_again(wrapped(psycopg.errors.DeadlockDetected()), stale.Attempt())
    assert not stale.tried_again(ValueError("not the database's"), stale.Attempt())


@pytest.mark.parametrize(
    ("error", "fault"),
    [
        (wrapped(sqlite_error("SQLITE_READONLY")), unwritable.READ_ONLY),
        (wrapped(psycopg.errors.DiskFull()), unwritable.FULL),
    ],
    ids=["read-only", "full"],
)
def test_a_write_the_database_cannot_make_is_a_503_that_says_what_to_fix(
    monkeypatch, tmp_path, sqlite_url, error, fault
):
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": sqlite_url})

    def write() -> str:
        raise error

    app.add_url_rule("/write", view_func=write)
    response = app.test_client().get("/write")
    assert response.status_code == 503
    assert fault.page in " ".join(html.unescape(response.text).split())
    assert response.headers["Retry-After"] == str(unwritable.RETRY_AFTER_SECONDS)
    with app.app_context():
        db.engine.dispose()
