"""Rate limits kept in Redis (``REDIS_URL``): shared by every server, and writes that go on,
counted in memory, while Redis is away, and back in Redis when it returns.  The counts live
apart from the tables, so these run on SQLite only."""

from __future__ import annotations

import logging
import time

import pytest

from referee.web import create_app
from referee.web.base.extensions import db
from referee.web.guard.limits import pdf_build_allowed
from tests.conftest import ONE_DATABASE, Table
from tests.ports import free_port

BUST = {"action": "roll", **{f"d{i}": v for i, v in enumerate("223346")}}
FALLING_BACK = "falling back to in-memory storage"
RECOVERED = "Rate limit storage recovered"


@pytest.fixture
def shared_limits(monkeypatch, redis_server):
    """Rate limits on, kept in this test's Redis (the fixture comes before ``app``)."""
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "on")
    monkeypatch.setenv("REDIS_URL", redis_server.url)
    return redis_server


def limit_keys(redis) -> list[str]:
    return [key for key in redis.keys() if key.startswith("LIMITS")]


@ONE_DATABASE
def test_write_counts_live_in_redis_and_a_new_server_keeps_them(
    shared_limits, app, client, stored, tenk_log
):
    app.config["WRITE_LIMIT_PER_TABLE"] = "3 per minute"
    (token,) = stored(tenk_log(("Ann", "Bo")))
    for _ in range(3):
        assert Table(client, token).post(**BUST).status_code == 302
    assert any("table:" in key for key in limit_keys(shared_limits))
    # A new server (here a new app: its memory starts empty) counts the same three writes.
    other = create_app({**app.config, "WRITE_LIMIT_PER_TABLE": "3 per minute"})
    other_phone = other.test_client()
    refused = Table(other_phone, token).post(**BUST)
    with other.app_context():
        db.engine.dispose()
    assert refused.status_code == 429
    assert "wait a minute" in refused.text


@ONE_DATABASE
def test_without_redis_url_the_counts_stay_in_memory(monkeypatch, app):
    assert app.config["RATELIMIT_STORAGE_URI"] == "memory://"
    assert "RATELIMIT_STORAGE_OPTIONS" not in app.config


@ONE_DATABASE
def test_when_redis_goes_away_writes_go_on_counted_in_memory_and_come_back(
    shared_limits, app, client, stored, tenk_log, caplog
):
    caplog.set_level(logging.INFO, logger="flask-limiter")
    app.config["WRITE_LIMIT_PER_TABLE"] = "4 per minute"
    first, second = stored(tenk_log(("Ann", "Bo")), tenk_log(("Ann", "Bo")))
    assert Table(client, first).post(**BUST).status_code == 302
    shared_limits.stop()
    for _ in range(4):  # counted afresh in this process's memory
        assert Table(client, first).post(**BUST).status_code == 302
    assert FALLING_BACK in caplog.text
    assert Table(client, first).post(**BUST).status_code == 429  # the limit still holds

    shared_limits.start()  # empty: it kept nothing
    deadline = time.monotonic() + 40  # Flask-Limiter looks again 1, 2, 4... 32 s apart
    while RECOVERED not in caplog.text and time.monotonic() < deadline:
        assert client.get(f"/t/{second}").status_code == 200
        time.sleep(0.2)
    assert RECOVERED in caplog.text
    assert Table(client, second).post(**BUST).status_code == 302
    assert any("table:" in key for key in limit_keys(shared_limits))


def test_pdf_builds_are_counted_in_memory_while_redis_does_not_answer(
    monkeypatch, tmp_path, sqlite_url, caplog
):
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "on")
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    dead = f"redis://127.0.0.1:{free_port()}/0"
    config = {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": sqlite_url}
    app = create_app({**config, "REDIS_URL": dead, "PDF_LIMIT": "2 per minute"})
    with app.test_request_context(environ_base={"REMOTE_ADDR": "10.9.8.7"}):
        allowed = [pdf_build_allowed() for _ in range(3)]
    assert allowed == [True, True, False]
    assert "PDF builds counted in memory" in caplog.text
