"""Two app servers behind a real load balancer, set up as docs/operating.md says ("Several
app servers"): one PostgreSQL, one Redis, two gunicorn servers, HAProxy in front.

Both servers ran ``flask db upgrade`` at once before serving, and share ``SECRET_KEY``,
``HOUSE_PIN``, ``DATABASE_URL`` and ``REDIS_URL``.  Phones reach them only through HAProxy,
each from its own loopback address (HAProxy passes it on in X-Forwarded-For; the servers
believe one proxy).  The servers' access logs say which served what.  The 2 s a phone may
take to see another's move is wall-clock time, so the module is also marked solo.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from flask import Flask

from referee.web import create_app
from referee.web.base.extensions import db
from tests import balancer
from tests.conftest import started_redis, wait_until
from tests.realserver import (
    BUSTS,
    Gunicorn,
    Phone,
    bust_log,
    csrf_of,
    flask_db_upgrade,
    roll_fields,
    stored_tables,
)
from tests.redisserver import Redis

pytestmark = [pytest.mark.cluster, pytest.mark.solo]

SERVERS = ("app1", "app2")
WRITE_LIMIT = 60  # writes per phone per minute: lowered from 120 to make the test quick
SEEN_WITHIN = 2.0  # seconds a phone may take to see another phone's move
REQUEST = re.compile(r'"(GET|POST|HEAD) (\S+)" (\d{3})')


@dataclass
class Cluster:
    """The running cluster: the servers by name, the balancer, and an app in this process
    on the same database (to store tables and read them back)."""

    app: Flask
    servers: dict[str, Gunicorn]
    balancer: balancer.HAProxy
    redis: Redis

    def phone(self, address: str) -> Phone:
        """A phone at ``address`` (127.x.y.z) that talks to the balancer."""
        return Phone(self.balancer.port, address)

    def new_table(self) -> str:
        """A new 10K table for Ann and Bo; its token."""
        from referee.web.storage.store import import_log

        with self.app.app_context():
            return import_log(bust_log(0))

    def log_marks(self) -> dict[str, int]:
        """Where each server's log ends now."""
        return {name: server.log.stat().st_size for name, server in self.servers.items()}

    def served(self, marks: dict[str, int], token: str, enough) -> dict[str, list[tuple[str, str]]]:
        """The (method, status) of each request for ``token``'s table that each server has
        logged since ``marks`` (the logs show a token's first 4 digits), once ``enough``
        of them says so (30 s at most: a busy machine may be slow to flush a log), a server
        writing a request's line just after its answer."""
        deadline = time.monotonic() + 30
        while not enough(found := self.logged(marks, token)) and time.monotonic() < deadline:
            time.sleep(0.05)
        return found

    def logged(self, marks: dict[str, int], token: str) -> dict[str, list[tuple[str, str]]]:
        """What ``served`` reads, as it stands now."""
        shown = f"/t/{token[:4]}…"
        found: dict[str, list[tuple[str, str]]] = {}
        for name, server in self.servers.items():
            with server.log.open("rb") as log:
                log.seek(marks[name])
                text = log.read().decode("utf-8", "replace")
            found[name] = [
                (method, status)
                for method, path, status in REQUEST.findall(text)
                if path.startswith(shown)
            ]
        return found


@pytest.fixture(scope="module")
def cluster(postgres, tmp_path_factory):
    """PostgreSQL (a new database in the session's cluster), Redis, both servers migrated
    together and started, and HAProxy with both servers up."""
    folder = tmp_path_factory.mktemp("cluster")
    name = postgres.create_database()
    url = postgres.url(name)
    redis = started_redis()
    servers: dict[str, Gunicorn] = {}
    front = None
    try:
        upgrades = [flask_db_upgrade(url, folder / server) for server in SERVERS]
        for upgrade in upgrades:
            output, _ = upgrade.communicate(timeout=120)
            assert upgrade.returncode == 0, output
        settings = {
            "REDIS_URL": redis.url,
            "REFEREE_RATE_LIMITS": "on",
            "REFEREE_PROXIES": "1",
            "WRITE_LIMIT_PER_CLIENT": f"{WRITE_LIMIT} per minute",
        }
        servers = {s: Gunicorn(url, folder / s, settings=settings) for s in SERVERS}
        with ThreadPoolExecutor(len(servers)) as starting:
            for started in [starting.submit(s.start) for s in servers.values()]:
                started.result()
        front = balancer.HAProxy(folder / "haproxy", {n: s.port for n, s in servers.items()})
        try:
            front.start()
        except balancer.Unavailable:
            if os.geteuid() == 0:
                pytest.fail("haproxy is not installed: run `.ci/system-packages` (`make test`).")
            pytest.skip("Debian's haproxy is not installed")
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("REFEREE_INSTANCE", str(folder))
            app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
        yield Cluster(app, servers, front, redis)
        with app.app_context():
            db.engine.dispose()
    finally:
        if front is not None:
            front.stop()
        for server in servers.values():
            server.stop()
        redis.remove()
        postgres.drop_database(name)


def version_seen(phone: Phone, token: str) -> int:
    """The table's version as a phone's poll reads it."""
    status, body = phone.get(f"/t/{token}/live")
    assert status == 200, (status, body[:300])
    return int(json.loads(body)["version"])


def seen_after(phone: Phone, token: str, version: int) -> float:
    """Poll as the page does, from ``version`` on, until the table has moved: the moment
    the phone saw it (monotonic)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        status, body = phone.get(f"/t/{token}/live?v={version}")
        if status == 200:
            return time.monotonic()
        assert status == 304, (status, body[:300])
        time.sleep(0.05)
    raise AssertionError(f"the move was not seen in 10 s (version {version})")


def post_roll(phone: Phone, token: str, seq: int, csrf: str, dice) -> tuple[int, str]:
    """Post a roll at ``seq`` with the phone's CSRF token, as the play page does."""
    fields = {"seq": str(seq), "csrf_token": csrf, **roll_fields(dice)}
    return phone.send(phone.connect(), "POST", f"/t/{token}/move", fields)


def test_two_phones_play_a_table_through_the_balancer_each_seeing_the_others_move(cluster):
    token = cluster.new_table()
    marks = cluster.log_marks()
    mover, watcher = cluster.phone("127.0.0.2"), cluster.phone("127.0.0.3")
    delays = []
    for turn in range(6):
        version = version_seen(watcher, token)
        seq, csrf = mover.form(token)
        status, body = post_roll(mover, token, seq, csrf, BUSTS[turn % len(BUSTS)])
        assert status == 302, (status, body[:300])
        acknowledged = time.monotonic()
        delays.append(seen_after(watcher, token, version) - acknowledged)
        mover, watcher = watcher, mover
    assert max(delays) < SEEN_WITHIN, delays
    seqs, moves, error = stored_tables(cluster.app, [token])[token]
    assert (seqs, error) == (list(range(6)), None)
    served = cluster.served(marks, token, lambda found: all(found.values()))
    assert all(served.values()), f"a server served none of the table's requests: {served}"


def test_the_write_limit_holds_across_both_servers(cluster):
    token = cluster.new_table()
    phone = cluster.phone("127.0.0.4")
    seq, csrf = phone.form(token)
    marks = cluster.log_marks()
    statuses = [
        post_roll(phone, token, seq + n, csrf, BUSTS[n % len(BUSTS)])[0]
        for n in range(WRITE_LIMIT + 1)
    ]
    assert statuses == [302] * WRITE_LIMIT + [429]

    def posts_of(found):
        return {name: sum(method == "POST" for method, _ in got) for name, got in found.items()}

    posts = posts_of(
        cluster.served(marks, token, lambda found: sum(posts_of(found).values()) > WRITE_LIMIT)
    )
    assert sum(posts.values()) == WRITE_LIMIT + 1
    assert min(posts.values()) >= WRITE_LIMIT // 3, f"the writes were not spread: {posts}"


def test_while_redis_is_away_writes_go_on_the_logs_say_so_and_the_servers_stay_in(cluster):
    token = cluster.new_table()
    phone = cluster.phone("127.0.0.10")
    seq, csrf = phone.form(token)
    cluster.redis.stop()
    try:
        statuses = [post_roll(phone, token, seq + n, csrf, BUSTS[n % 3])[0] for n in range(4)]
        assert statuses == [302] * 4
        for server in cluster.servers.values():
            direct = Phone(server.port)
            assert direct.get("/healthz")[0] == 503
            assert direct.get("/healthz/database")[0] == 200
        assert set(cluster.balancer.states().values()) == {"UP"}
    finally:
        cluster.redis.start()
    logs = "".join(server.log.read_text(errors="replace") for server in cluster.servers.values())
    assert "Rate limit storage unreachable - falling back to in-memory storage" in logs
    deadline = time.monotonic() + 40  # each worker looks again 1, 2, 4... 32 s apart
    while "Rate limit storage recovered" not in logs and time.monotonic() < deadline:
        assert phone.get(f"/t/{token}")[0] == 200
        time.sleep(0.1)
        logs = "".join(s.log.read_text(errors="replace") for s in cluster.servers.values())
    assert "Rate limit storage recovered" in logs


def health_checks_answered(cluster: Cluster, marks: dict[str, int]) -> dict[str, int]:
    """How many of the balancer's checks each server has answered 200 since ``marks``."""
    counts = {}
    for name, server in cluster.servers.items():
        with server.log.open("rb") as log:
            log.seek(marks[name])
            found = REQUEST.findall(log.read().decode("utf-8", "replace"))
        counts[name] = sum(path == "/healthz/database" and status == "200"
                           for _, path, status in found)  # fmt: skip
    return counts


def test_while_redis_hangs_the_servers_stay_in_and_writes_go_on(cluster):
    token = cluster.new_table()
    phone = cluster.phone("127.0.0.11")
    seq, csrf = phone.form(token)
    marks, taken_out = cluster.log_marks(), cluster.balancer.times_taken_out()
    with cluster.redis.hung():
        statuses = [post_roll(phone, token, seq + n, csrf, BUSTS[n % 3])[0] for n in range(3)]
        # Four times the checks that take a server out (fall 2), each answered 200.
        assert wait_until(lambda: min(health_checks_answered(cluster, marks).values()) >= 8), (
            health_checks_answered(cluster, marks)
        )
        stats = cluster.balancer.stats()
        assert cluster.balancer.times_taken_out() == taken_out, stats
        assert all(row["status"].startswith("UP") for row in stats.values()), stats
        for server in cluster.servers.values():
            assert Phone(server.port).get("/healthz")[0] == 503
    assert statuses == [302] * 3


@dataclass
class Writer:
    """A phone posting a bust roll on its own table every 0.05 s until stopped (fewer than
    ``WRITE_LIMIT`` in the test's few seconds): the moves
    acknowledged (seq, dice), and every answer with the moment its request was sent."""

    phone: Phone
    token: str
    acked: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    answers: list[tuple[float, str]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        turn = 0
        while not self.stop.wait(0.05):
            dice = BUSTS[turn % len(BUSTS)]
            turn += 1
            sent = time.monotonic()
            try:
                status, html = self.phone.get(f"/t/{self.token}")
                if status != 200:
                    self.answers.append((sent, f"page {status}"))
                    continue
                seq = int(re.search(r'name="seq" value="(\d+)"', html).group(1))
                status, body = post_roll(self.phone, self.token, seq, csrf_of(html), dice)
            except (OSError, http.client.HTTPException) as exc:
                self.answers.append((sent, f"error {exc!r}"))
                continue
            self.answers.append((sent, f"move {status}"))
            if status == 302:
                self.acked.append((seq, dice))


def test_kill_9_of_one_server_loses_no_acknowledged_move_and_it_rejoins(cluster):
    writers = [Writer(cluster.phone(f"127.0.0.{5 + i}"), cluster.new_table()) for i in range(3)]
    threads = [threading.Thread(target=w.run, daemon=True) for w in writers]
    for thread in threads:
        thread.start()
    assert wait_until(lambda: all(len(w.acked) >= 2 for w in writers))  # all writing
    killed = cluster.servers["app1"]
    killed.kill()
    noticed = cluster.balancer.wait_for("app1", "DOWN")

    def answered_since() -> list[int]:
        return [sum(sent > noticed for sent, _ in list(w.answers)) for w in writers]

    # The phones go on, through app2 alone: each gets three answers (any answer: what
    # they were is checked below), however long a busy machine takes to give them (two
    # minutes at most: each is a page and a post, and a request may wait out a timeout).
    wait_until(lambda: min(answered_since()) >= 3, within=120)
    for writer in writers:
        writer.stop.set()
    for thread in threads:
        thread.join(30)
    assert not any(thread.is_alive() for thread in threads)

    problems = []
    stored = stored_tables(cluster.app, [w.token for w in writers])
    for writer in writers:
        after = [answer for sent, answer in writer.answers if sent > noticed]
        problems += [f"{writer.token[:4]}: after the balancer noticed, {a}" for a in after
                     if not a.endswith(" 302")]  # fmt: skip
        if len(after) < 3:
            problems.append(f"{writer.token[:4]}: only {after} after the balancer noticed")
        seqs, moves, error = stored[writer.token]
        if error is not None or seqs != list(range(len(seqs))):
            problems.append(f"{writer.token[:4]}: stored seqs {seqs}, replay error {error}")
        for seq, dice in writer.acked:
            if seq >= len(moves) or moves[seq]["dice"] != [str(v) for v in dice]:
                problems.append(f"{writer.token[:4]}: acknowledged move {seq} {dice} lost")
    assert not problems, "\n".join(problems)

    killed.start()
    cluster.balancer.wait_for("app1", "UP")
    token = writers[0].token
    marks = cluster.log_marks()
    phone = cluster.phone("127.0.0.9")
    assert {phone.get(f"/t/{token}")[0] for _ in range(6)} == {200}
    served = cluster.served(marks, token, lambda found: all(found.values()))
    assert all(served.values()), f"the restarted server did not serve again: {served}"


def test_the_servers_logs_hold_no_table_link(cluster):
    for server in cluster.servers.values():
        assert not re.search(r"[0-9a-f]{32}", Path(server.log).read_text(errors="replace"))
