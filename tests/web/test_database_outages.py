"""The database restarts, hangs or stays locked under the real app (gunicorn), and no phone
gets a 500: a PostgreSQL restart costs nothing (stale pooled connections are replaced
before use); while PostgreSQL hangs, pages answer 503 with a sentence within a few
seconds, static files and health checks are still served, and the server comes back by
itself; a locked SQLite is the same 503 (``referee/web/guard/outages.py``).

PostgreSQL here is a cluster of the module's own, as it is restarted and stopped.
"""

from __future__ import annotations

import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy.engine import make_url

from referee.web.guard.outages import AWAY, DEFAULT_TIMEOUT
from tests import pgserver
from tests.conftest import wait_until
from tests.realserver import (
    BUSTS,
    Gunicorn,
    Phone,
    flask_db_upgrade,
    import_table,
    pages_at_once,
    roll_fields,
)

pytestmark = [pytest.mark.race, pytest.mark.solo]

# A page's worst wait on a hung PostgreSQL: a pooled connection's ping, then a new
# connection's connect, each bounded by DATABASE_TIMEOUT; and a margin for a busy machine.
PAGE_SECONDS = 2 * DEFAULT_TIMEOUT + 3
PAGES = 12  # more at once than the server's 2 x 4 threads


@pytest.fixture(scope="module")
def cluster():
    """A PostgreSQL cluster of this module's own."""
    try:
        started = pgserver.start()
    except pgserver.Unavailable:
        pytest.skip("PostgreSQL's server binaries are not installed")
    yield started
    started.stop()


@pytest.fixture(scope="module")
def served(cluster, tmp_path_factory):
    """gunicorn on a migrated database of the cluster, a 10K table on it, and a phone that
    entered the house PIN: (server, phone, the table's token)."""
    folder = tmp_path_factory.mktemp("outages")
    url = cluster.url(cluster.create_database())
    upgrade = flask_db_upgrade(url, folder)
    output, _ = upgrade.communicate(timeout=120)
    assert upgrade.returncode == 0, output
    server = Gunicorn(url, folder).start()
    phone = Phone(server.port).enter_house_pin()
    token = import_table(url, folder)
    yield server, phone, token
    server.stop()


def roll(phone: Phone, token: str, seq: int | None = None, csrf: str = "") -> tuple[int, str]:
    """Post a bust roll on the table, at ``seq`` with ``csrf`` (by default, as the table's
    page stands now)."""
    if seq is None:
        seq, csrf = phone.form(token)
    fields = {"seq": str(seq), "csrf_token": csrf, **roll_fields(BUSTS[0])}
    return phone.send(phone.connect(), "POST", f"/t/{token}/move", fields)


def mixed_pages(token: str, count: int) -> list[str]:
    """``count`` pages that each read the database: the home page, the table, its log."""
    return [("/", f"/t/{token}", f"/t/{token}/log.json")[n % 3] for n in range(count)]


def test_a_postgresql_restart_costs_no_request_a_500(served, cluster):
    server, phone, token = served
    assert {status for status, _, _ in pages_at_once(phone, mixed_pages(token, PAGES))} == {200}
    cluster.restart()  # every pooled connection of both workers is now stale
    answers = pages_at_once(phone, mixed_pages(token, PAGES))
    answers += [(*phone.get(path), 0.0) for path in mixed_pages(token, PAGES)]
    assert [status for status, _, _ in answers] == [200] * 2 * PAGES
    assert roll(phone, token)[0] == 302


def test_while_postgresql_hangs_pages_say_so_in_seconds_and_the_server_comes_back(served, cluster):
    server, phone, token = served
    assert phone.get(f"/t/{token}")[0] == 200
    with cluster.hung():
        started = time.monotonic()
        status, said = phone.get("/healthz/database")
        assert (status, said) == (503, "The database is slow: no answer within 0.5 s.\n")
        assert time.monotonic() - started < 1.0  # HAProxy's check timeout in docs/operating.md
        with ThreadPoolExecutor(2) as others:
            pages = others.submit(pages_at_once, phone, mixed_pages(token, PAGES))
            static = others.submit(pages_at_once, phone, ["/static/css/app.css"] * 2)
            for status, text, seconds in pages.result() + static.result():
                assert seconds < PAGE_SECONDS, (status, seconds)
                assert status in (200, 503), (status, text[:300])
                assert status == 200 or AWAY.split(",")[0] in text.replace("\n", " ")
        assert {status for status, _, _ in static.result()} == {200}
        assert {status for status, _, _ in pages.result()} == {503}
        assert phone.get("/healthz")[0] == 503
    # Each worker tries the database again within a second of a refusal (outages.PAUSE).
    assert wait_until(
        lambda: (
            {status for status, _, _ in pages_at_once(phone, mixed_pages(token, PAGES))} == {200}
        )
    )
    assert roll(phone, token)[0] == 302


def test_a_locked_sqlite_database_is_a_503_that_changes_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'referee.sqlite3'}"
    upgrade = flask_db_upgrade(url, tmp_path)
    assert upgrade.communicate(timeout=120)[0] is not None and upgrade.returncode == 0
    token = import_table(url, tmp_path)
    server = Gunicorn(url, tmp_path).start()
    try:
        phone = Phone(server.port).enter_house_pin()
        seq, csrf = phone.form(token)
        holder = sqlite3.connect(make_url(url).database, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another process holds the file
        try:
            started = time.monotonic()
            status, text = roll(phone, token, seq, csrf)  # after SQLite's 5 s of waiting
            assert status == 503, text[:300]
            assert time.monotonic() - started < 10
            assert AWAY.split(",")[0] in text.replace("\n", " ")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert roll(phone, token, seq, csrf)[0] == 302
        moves = phone.get(f"/t/{token}/log.json")[1].count('"type"')
        assert moves == 3  # the two imported turns and this one, stored once
    finally:
        server.stop()
