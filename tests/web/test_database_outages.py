"""The database restarts, hangs or stays locked under the real app (gunicorn), and no phone
gets a 500: a PostgreSQL restart costs nothing (stale pooled connections are replaced
before use), and under load no request asked once it is back is refused (a request whose
connection the restart closed runs again on a fresh one; a refused connect never makes the
others wait), nor once connections it had none of are free again; while PostgreSQL hangs,
pages answer 503 with a sentence within a few seconds, static files and health checks are
still served, and the server comes back by itself; a locked SQLite is the same 503
(``referee/web/guard/outages.py``, ``stale.py``).

PostgreSQL here is a cluster of the module's own, as it is restarted and stopped.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy.engine import make_url

from referee.web.guard.outages import AWAY, DEFAULT_TIMEOUT, PAUSE
from tests import pgserver
from tests.conftest import wait_until
from tests.realserver import (
    BUSTS,
    Gunicorn,
    Phone,
    csrf_of,
    flask_db_upgrade,
    import_table,
    pages_at_once,
    roll_fields,
)

pytestmark = [pytest.mark.race, pytest.mark.solo]

# A page's worst wait on a hung PostgreSQL: a pooled connection's first statement, then a
# new connection's connect, each bounded by DATABASE_TIMEOUT; and a margin for a busy machine.
PAGE_SECONDS = 2 * DEFAULT_TIMEOUT + 3
PAGES = 12  # more at once than the server's 2 x 4 threads


# A PostgreSQL cluster of this module's own: it is stopped, hung and restarted.
cluster = pytest.fixture(scope="module")(pgserver.own_cluster)


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


def test_after_a_postgresql_restart_the_balancers_check_says_the_database_answers(served, cluster):
    """Both workers' pooled connections are stale after a restart: a check that meets one
    asks again on a fresh one, as a page does.  It said "The database does not answer."
    once in each worker that had not yet met a stale connection, which a balancer counts
    against the server."""
    server, phone, token = served
    assert {status for status, _, _ in pages_at_once(phone, mixed_pages(token, PAGES))} == {200}
    cluster.restart()
    checks = [phone.get("/healthz/database") for _ in range(AFTER_RESTART)]
    assert checks == [(200, "The database answers.\n")] * AFTER_RESTART


def test_after_a_postgresql_restart_the_player_pages_guard_reads_on_a_fresh_connection(
    served, cluster
):
    """The player pages ask for the phone's house grant before their view, out of the
    view's retry: the first of them in each worker after a restart was a 503."""
    server, phone, token = served
    assert {status for status, _, _ in pages_at_once(phone, mixed_pages(token, PAGES))} == {200}
    cluster.restart()
    assert [phone.get("/players/")[0] for _ in range(AFTER_RESTART)] == [200] * AFTER_RESTART


AFTER_RESTART = 8  # requests after a restart, which the two workers share


class Load:
    """Phones asking for pages in a loop, and one phone posting moves, each on a thread of its
    own, until ``stop``: every answer's (when it was asked, status), kept by kind."""

    def __init__(self, phone: Phone, token: str, readers: int) -> None:
        self.phone, self.token = phone, token
        self.pages: list[tuple[float, int]] = []
        self.moves: list[tuple[float, int]] = []
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self.read, args=(n,)) for n in range(readers)]
        self.threads.append(threading.Thread(target=self.write))

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(60)

    def read(self, n: int) -> None:
        """Ask for the table, its log or the home page, one after another."""
        paths = mixed_pages(self.token, 3)
        while not self.stopping.is_set():
            asked = time.monotonic()
            self.pages.append((asked, self.phone.get(paths[n % 3])[0]))
            n += 1

    def write(self) -> None:
        """Post a roll at the table as its page stands, one after another."""
        writer = Phone(self.phone.port)
        writer.cookies = dict(self.phone.cookies)
        while not self.stopping.is_set():
            asked = time.monotonic()
            status, html = writer.get(f"/t/{self.token}")
            if status == 200:
                seq, csrf = int(SEQ.search(html)[1]), csrf_of(html)
                status = roll(writer, self.token, seq, csrf)[0]
            self.moves.append((asked, status))

    def enough_since(self, moment: float, seconds: float, count: int) -> bool:
        """Whether ``seconds`` have passed since ``moment`` and ``count`` answers came to
        requests asked after it."""
        return time.monotonic() > moment + seconds and sum(self.since(moment).values()) >= count

    def since(self, moment: float) -> Counter[int]:
        """The statuses of the pages and posts asked for after ``moment``."""
        return Counter(status for asked, status in self.pages + self.moves if asked > moment)


AFTER_SECONDS = 3 * PAUSE  # how long after a restart the load goes on
SEQ = re.compile(r'name="seq" value="(\d+)"')


def stored_moves(phone: Phone, token: str) -> int:
    """How many moves the table's log holds."""
    status, text = phone.get(f"/t/{token}/log.json")
    assert status == 200, text[:300]
    return len(json.loads(text)["moves"])


def test_after_a_postgresql_restart_under_load_no_request_is_refused(served, cluster):
    """Six phones reading and one writing while PostgreSQL restarts: once the server is up
    again (``pg_ctl restart -w`` has returned) no page and no post is a 503, none is ever a
    500, and every move acknowledged is stored once (a move cut off by the restart is tried
    again on a fresh connection only when nothing of it was committed)."""
    server, phone, token = served
    before = stored_moves(phone, token)
    with Load(phone, token, readers=6) as load:
        assert wait_until(lambda: len(load.moves) >= 5 and len(load.pages) >= 30)
        cluster.restart()
        back = time.monotonic()
        # Long enough for any pause of the outage breaker (1 s) to be over, and a good count.
        assert wait_until(lambda: load.enough_since(back, AFTER_SECONDS, 300), within=120)
    refused = [round(asked - back, 2) for asked, status in load.pages + load.moves
               if asked > back and status != 200 and status != 302]  # fmt: skip
    assert not refused, (len(refused), refused[-5:], load.since(back))
    everything = Counter(status for _, status in load.pages + load.moves)
    assert set(everything) <= {200, 302, 503}, everything  # never a 500, even meanwhile
    # Each move acknowledged is stored once; a post refused as the server went down may
    # have been stored (its commit sent, its answer lost), never twice.
    acknowledged = sum(1 for _, status in load.moves if status == 302)
    in_doubt = sum(1 for _, status in load.moves if status == 503)
    assert acknowledged <= stored_moves(phone, token) - before <= acknowledged + in_doubt


def test_connections_freed_after_postgresql_had_none_left_are_used_at_once(served, cluster):
    """Every connection PostgreSQL allows held by another program while pages are asked
    for (the server's own connections closed first: each page needs a new one, which
    PostgreSQL refuses: 503), then let go: the next 40 pages are all 200."""
    import psycopg

    server, phone, token = served
    conninfo = f"host=127.0.0.1 port={cluster.port} user=postgres dbname=postgres"
    held = []
    assert {status for status, _, _ in pages_at_once(phone, mixed_pages(token, PAGES))} == {200}
    try:
        # The server's pooled connections closed, so that its pages need new ones.
        cluster.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
        )
        while True:
            try:
                held.append(psycopg.connect(conninfo, autocommit=True))
            except psycopg.OperationalError:
                break
        during = pages_at_once(phone, mixed_pages(token, PAGES))
        assert {status for status, _, _ in during} == {503}
    finally:
        for connection in held:
            connection.close()
    after = Counter(phone.get(path)[0] for path in mixed_pages(token, 40))
    assert after == Counter({200: 40}), (after, Counter(status for status, _, _ in during))


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
