"""The real app under gunicorn as `make run` starts it, and phones that talk to it over HTTP.

For the race and kill tests: several processes and threads writing to one database at
once, as in production.  Phones use only the standard library (``http.client``), each
with its own cookie (its session, hence its CSRF token), and never follow redirects.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest

from referee.serving.command import control_socket, gunicorn_args
from tests.conftest import HOUSE_PIN
from tests.ports import free_port

PROJECT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
TIMEOUT = 30
# Phones open their connections before a barrier and may hold them idle for seconds on a
# loaded machine (a parallel run); gunicorn (25+) closes a new connection that sends nothing
# for 5 s plus the keep-alive (2 s by default): the test servers wait a minute.
HARNESS = ("--keep-alive", "60")
# Three rolls that score nothing in 10K: each one is a whole (bust) turn, one move.
BUSTS = ((2, 2, 3, 3, 4, 6), (6, 4, 4, 3, 2, 2), (3, 6, 6, 2, 4, 4))


@dataclass
class Gunicorn:
    """A gunicorn serving ``app`` (``referee.web:create_app()``) in its own process group."""

    database_url: str
    instance: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None
    extra: tuple[str, ...] = ()  # more gunicorn options, after (so over) `make run`'s
    app: str = "referee.web:create_app()"  # `make run` serves "referee.web:serving_app()"
    settings: dict[str, str] = field(default_factory=dict)  # environment, over the harness's

    @property
    def log(self) -> Path:
        return self.instance / "gunicorn.log"

    def start(self) -> Gunicorn:
        """Start it and wait until it answers."""
        env = {
            **os.environ,
            "REFEREE_INSTANCE": str(self.instance),
            "DATABASE_URL": self.database_url,
            "SECRET_KEY": "x",
            "HOUSE_PIN": HOUSE_PIN,
            "REFEREE_RATE_LIMITS": "off",
        }
        # The options `make run` uses, on loopback, with 2 workers x 4 threads.
        env.update(WORKERS="2", THREADS="4", BIND="127.0.0.1", **self.settings)
        options = [*gunicorn_args(str(self.port), env), *HARNESS, *control_socket(self.instance)]
        options += self.extra
        command = [str(GUNICORN), *options, self.app]
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                command, cwd=PROJECT, env=env, stdout=log, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{self.log.read_text()[-3000:]}")
            try:
                if Phone(self.port).get("/games/tenk")[0] == 200:
                    return self
            # Not listening yet: refused, or (the port being a free ephemeral one) a
            # connection the kernel made to itself, which reads back its own request.
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.1)
        self.stop()  # never leave a server behind a failed start
        raise RuntimeError(f"gunicorn did not answer:\n{self.log.read_text()[-3000:]}")

    def sockets(self) -> set[str]:
        """The inodes of the sockets the server's processes (its process group) hold open."""
        assert self.process is not None
        group, held = self.process.pid, set()
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                if int((proc / "stat").read_text().rsplit(")", 1)[1].split()[2]) != group:
                    continue
                links = [str(fd.readlink()) for fd in (proc / "fd").iterdir()]
            except OSError:  # gone meanwhile
                continue
            held.update(link[8:-1] for link in links if link.startswith("socket:["))
        return held

    def taken_up(self, ports: Iterable[int]) -> bool:
        """Whether the server's workers have taken up the connections from these local ports:
        each accepted by one of its processes (a socket of theirs, no longer in the listen
        queue), and all the client sent there acknowledged and read out by the worker's loop
        into the connection's buffer, nothing left queued on either side (``/proc/net/tcp``)."""
        held = self.sockets()
        rows = {}  # established: (local port, remote port) -> (unacknowledged, unread, inode)
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            _, local, remote, state, queues, _, _, _, _, inode, *_ = line.split()
            if state == "01":
                unacked, unread = (int(n, 16) for n in queues.split(":"))
                ends = (int(local.rsplit(":", 1)[1], 16), int(remote.rsplit(":", 1)[1], 16))
                rows[ends] = (unacked, unread, inode)
        for port in ports:
            client, there = rows.get((port, self.port)), rows.get((self.port, port))
            if client is None or there is None or client[0] or there[1] or there[2] not in held:
                return False
        return True

    def kill(self) -> None:
        """``kill -9`` the master and its workers at once (the whole process group)."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(TIMEOUT)

    def stop(self) -> None:
        """Stop it gracefully, else kill it; never leave a worker behind."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(TIMEOUT)


def flask_db_upgrade(database_url: str, instance: Path) -> subprocess.Popen:
    """``flask db upgrade`` in a process of its own, as each server runs it before serving
    (its output in ``.stdout``, text)."""
    instance.mkdir(exist_ok=True)
    env = {**os.environ, "DATABASE_URL": database_url, "REFEREE_INSTANCE": str(instance)}
    env.update(SECRET_KEY="x", HOUSE_PIN=HOUSE_PIN)
    command = [str(GUNICORN.with_name("flask")), "--app", "referee.web", "db", "upgrade"]
    return subprocess.Popen(
        command, cwd=PROJECT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


class Phone:
    """One phone: its own cookies; one new connection per request, from its own address
    (``source``: any of 127.0.0.0/8, so that phones behind a balancer are told apart)."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        self.port = port
        self.source = source
        self.cookies: dict[str, str] = {}

    def connect(self) -> http.client.HTTPConnection:
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=TIMEOUT, source_address=(self.source, 0)
        )
        conn.connect()
        return conn

    def send(
        self,
        conn: http.client.HTTPConnection,
        method: str,
        path: str,
        fields: dict[str, str] | None = None,
    ) -> tuple[int, str]:
        """Send one request on an open connection; the status and body, cookies kept."""
        headers = {"Connection": "close"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, text

    def get(self, path: str) -> tuple[int, str]:
        return self.send(self.connect(), "GET", path)

    def enter_house_pin(self) -> Phone:
        """Type the house PIN into this phone, as its owner does once."""
        status, html = self.get("/house")
        assert status == 200, (status, html[:500])
        fields = {"csrf_token": csrf_of(html), "pin": HOUSE_PIN}
        assert self.send(self.connect(), "POST", "/house", fields)[0] == 302
        return self

    def form(self, token: str) -> tuple[int, str]:
        """Load the table's page: the (seq, csrf token) its forms carry."""
        status, html = self.get(f"/t/{token}")
        assert status == 200, (status, html[:500])
        seq = re.search(r'name="seq" value="(\d+)"', html)
        assert seq, html[:2000]
        return int(seq.group(1)), csrf_of(html)


def csrf_of(html: str) -> str:
    """The CSRF token a page's forms carry."""
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    assert found, html[:2000]
    return found.group(1)


def roll_fields(dice: tuple[int, ...]) -> dict[str, str]:
    """The play form's fields for entering a roll."""
    return {"action": "roll", **{f"d{i}": str(v) for i, v in enumerate(dice)}}


def bust_log(turns: int):
    """A 10K game of ``turns`` busted turns for Ann and Bo (each a single roll)."""
    from referee.log import GameLog

    moves = tuple(
        {"type": "roll", "dice": [str(v) for v in BUSTS[i % len(BUSTS)]]} for i in range(turns)
    )
    return GameLog("tenk", ("Ann", "Bo"), {"target": 1000, "entry": 0}, moves)


def stored_tables(app, tokens):
    """Each table's stored seqs and moves, and its replay's error (None when it replays)."""
    from sqlalchemy import select

    from referee.web.base.extensions import db
    from referee.web.base.models import MoveRecord
    from referee.web.storage.loading import load, table_by_token

    found = {}
    with app.app_context():
        for token in tokens:
            table = table_by_token(token)
            query = select(MoveRecord.seq).where(MoveRecord.table_id == table.id)
            seqs = list(db.session.scalars(query.order_by(MoveRecord.seq)))
            loaded = load(table)
            found[token] = (seqs, loaded.moves, loaded.replay.error)
        db.session.remove()
    return found


def import_table(url: str, folder: Path, log=None) -> str:
    """``log`` (a 10K table of two busted turns when None) stored in the database at
    ``url``; its token."""
    from referee.web import create_app
    from referee.web.base.extensions import db
    from referee.web.storage.store import import_log

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_INSTANCE", str(folder))
        app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        token = import_log(log or bust_log(2))
        db.session.remove()  # its connection back in the pool, which is then closed
        db.engine.dispose()
    return token


def pages_at_once(phone: Phone, paths: list[str]) -> list[tuple[int, str, float]]:
    """Ask for ``paths`` all at once; each answer's status, text and seconds."""

    def ask(path: str) -> tuple[int, str, float]:
        started = time.monotonic()
        status, text = phone.get(path)
        return status, text, time.monotonic() - started

    with ThreadPoolExecutor(len(paths)) as asking:
        return list(asking.map(ask, paths))
