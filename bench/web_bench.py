"""Web benchmark: the move POST, the poll and the table page, each next to bare Flask.

Why: every ``POST /t/<token>/move`` loads the table's stored moves, replays them (or
takes the replay kept from the page's read), applies the new move and commits, so a
long game could make every tap slower.  Set against a bare Flask endpoint (parse the
same form, answer the same redirect) served the same way on the same machine in the same
run, the ratio shows how much of a request is the referee's own work rather than HTTP
and Flask overhead, independently of how fast the machine is.  The floor is a third
app: the bare POST plus the same SQLite statements and synchronous commit a roll makes
(``floor_app``), so the bench shows what the commit alone costs.

How: a temporary instance folder and SQLite file, the schema built by
``flask_migrate.upgrade()``, then tables bulk-inserted, each holding the same 300-move
benchmark game, whose next move is a roll (the floor gets a copy of the database).
Each app runs in gunicorn (the server ``referee.serving.command`` uses) as a subprocess: gthread
worker, one worker, one thread, keep-alive, listening on a socket this process binds to
127.0.0.1 on an ephemeral port; the three are up at once and measured in interleaved
rounds (a round of each measurement, then the next round), so a neighbour's burst on this
shared machine lands on all of them alike.  The page and the poll are set against the bare
GET timed right before them in the same round, and their ratio is the median of the
rounds' own ratios: a burst that slows one round moves that round's ratio, not the
figure.  The client is ``http.client`` on one keep-alive connection a server, one request
at a time, loopback only.  CSRF protection
stays on.  A table read before its move has a phone of its own, as at a real table: one
GET of its page gives that phone's session cookie (which lists the table first, so reading
the page again leaves the cookie alone) and CSRF token.  The tables posted to cold share
one phone, whose cookie a POST never changes.  Each timed table gets exactly one roll and
must answer 302; afterwards the database must hold that move on every table.
"""

from __future__ import annotations

import http.client
import json
import logging
import os
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from time import perf_counter
from typing import Any
from urllib.parse import urlencode

from flask import Flask, redirect, request
from werkzeug.wrappers import Response

from bench import BenchGame, bench_game, summary

PROJECT = Path(__file__).resolve().parents[1]
TABLES = 300
WARMUP = 10
ROUNDS = 10
ROLL = ("1", "2", "3", "4", "6", "6")
SECRET = "bench"
START_TIMEOUT = 30.0
CSRF_FIELD = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


BARE_PAGE = "<!doctype html><title>Table</title><p>A table of 300 moves.</p>"


def bare_app() -> Flask:
    """A tiny Flask app with the referee's routes at their barest: a GET that answers a small
    page, a POST shaped like the move route (parse the form, redirect) and the poll."""
    app = Flask("bare")

    @app.get("/t/<table_id>")
    def page(table_id: str) -> Response:
        """A small fixed page."""
        return Response(BARE_PAGE, mimetype="text/html")

    @app.post("/t/<table_id>/move")
    def move(table_id: str) -> Response:
        """Read the posted fields, as the referee's route does, and redirect to the table."""
        form = request.form
        if not form.get("action") or int(form.get("seq", "-1")) < 0:
            return Response("incomplete form", status=400)
        return redirect(f"/t/{table_id}")

    @app.get("/t/<table_id>/live")
    def poll(table_id: str) -> Response:
        """Read the cursor, as the referee's poll does, and say nothing changed."""
        if not request.args.get("v", "").isdigit():
            return Response("bad cursor", status=400)
        return Response(status=304, headers={"ETag": '"v0"'})

    return app


# A roll's commit as the referee's trace shows it: find the table, claim its version with
# its new figures, insert the move, rewrite the seat whose figures changed; then commit.
FLOOR_STATEMENTS = (
    "SELECT id, version, move_count FROM game_table WHERE token = ?",
    "UPDATE game_table SET version = ?, updated_at = ?, finished_at = NULL, move_count = ?, "
    "winners = '[]' WHERE id = ? AND version = ?",
    "INSERT INTO move (table_id, seq, data, created_at, odds_shown) VALUES (?, ?, ?, ?, 0)",
    "UPDATE seat SET score = score, turns = turns + 1 WHERE table_id = ? AND seat = 0",
)


def floor_app() -> Flask:
    """The bare POST plus the same SQLite commit a roll makes (``FLOOR_STATEMENTS``), on the
    database of ``FLOOR_DATABASE`` with the referee's pragmas (WAL, foreign keys, SQLite's
    default synchronous commit): the floor of a move on this machine, with no ORM, no form
    library, no session and no engine."""
    app = Flask("floor")
    connections = threading.local()
    database = os.environ["FLOOR_DATABASE"]

    def connection() -> sqlite3.Connection:
        if not hasattr(connections, "conn"):
            conn = sqlite3.connect(database)
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA journal_mode=WAL")
            connections.conn = conn
        return connections.conn  # type: ignore[no-any-return]

    @app.post("/t/<table_id>/move")
    def move(table_id: str) -> Response:
        """Parse the form as the bare route does, then write and commit the roll."""
        form = request.form
        if not form.get("action") or int(form.get("seq", "-1")) < 0:
            return Response("incomplete form", status=400)
        find, claim, insert_move, rewrite_seat = FLOOR_STATEMENTS
        conn, now = connection(), datetime.now(UTC).isoformat(" ")
        with conn:  # one transaction, committed (fsync'd) before the answer
            found = conn.execute(find, (table_id,)).fetchone()
            if found is None:
                return Response("no such table", status=404)
            row, version, count = found
            if conn.execute(claim, (version + 1, now, count + 1, row, version)).rowcount != 1:
                return Response("moved", status=409)
            data = json.dumps({"player": "Ann", "type": "roll", "dice": list(form.getlist("d0"))})
            conn.execute(insert_move, (row, count, data, now))
            conn.execute(rewrite_seat, (row,))
        return redirect(f"/t/{table_id}")

    return app


@contextmanager
def patched_env(**values: str) -> Iterator[None]:
    """Set environment variables for the duration of the block, then put them back."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, old in saved.items():
            if old is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = old


def build_database(instance: Path, url: str, game: BenchGame, count: int) -> list[str]:
    """Migrate a fresh database and insert ``count`` tables holding the game; return their tokens.

    The moves and the per-seat summaries go in as bulk inserts (the same rows
    ``store.import_log`` would write, without replaying each table), so every
    timed POST is an ordinary write to a table in play; one table is then read
    back through the store and replayed to check it stands where expected.
    """
    from flask_migrate import upgrade
    from sqlalchemy import insert

    from referee.games.tenk import rules as tenk
    from referee.log import GameLog, replay
    from referee.web import create_app
    from referee.web.base.extensions import db
    from referee.web.base.models import GameTable, MoveRecord, Seat, utcnow
    from referee.web.storage.loading import replay_table
    from referee.web.storage.summaries import seat_figures, seat_row

    with patched_env(REFEREE_INSTANCE=str(instance)):
        app = create_app({"SECRET_KEY": SECRET, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        logging.disable(logging.INFO)  # alembic's "Running upgrade" lines
        try:
            upgrade()
        finally:
            logging.disable(logging.NOTSET)
        now = utcnow()
        result = replay(GameLog(tenk.SLUG, tuple(game.players), dict(game.options), game.moves))
        figures = seat_figures(game.players, result)
        tables = [
            GameTable(
                game=tenk.SLUG,
                players=list(game.players),
                options=dict(game.options),
                created_at=now,
                updated_at=now,
                move_count=len(game.moves),
                winners=[],
            )
            for _ in range(count)
        ]
        db.session.add_all(tables)
        db.session.flush()
        rows = [
            {"table_id": table.id, "seq": seq, "data": dict(move), "created_at": now}
            for table in tables
            for seq, move in enumerate(game.moves)
        ]
        db.session.execute(insert(MoveRecord), rows)
        seats = [seat_row(table.id, f) for table in tables for f in figures]
        db.session.execute(insert(Seat), seats)
        db.session.commit()
        ids = [table.token for table in tables]
        db.session.expire_all()
        current = replay_table(tables[-1])
        if current.error is not None or current.moves_applied != len(game.moves):
            raise RuntimeError(f"A stored benchmark table does not replay: {current.error}")
        if tenk.dice_to_roll(current.state) != game.next_roll:
            raise RuntimeError("A stored benchmark table does not expect the benchmark's roll.")
        db.session.remove()
        db.engine.dispose()
    return ids


def listening_socket() -> socket.socket:
    """A TCP socket bound to 127.0.0.1 on a port the kernel picks, already listening."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(1024)  # a thousand phones may connect within a second
    return sock


# One worker, one thread, long keep-alive: the client's requests one after another.
SEQUENTIAL = ("--worker-class", "gthread", "--workers", "1", "--threads", "1", "--keep-alive", "10")


@contextmanager
def gunicorn(
    app_spec: str, env: dict[str, str], log_path: Path, options: Sequence[str] = SEQUENTIAL
) -> Iterator[int]:
    """Serve ``app_spec`` with gunicorn and ``options`` on a loopback socket; yield the port,
    then stop it.

    The socket is bound here and handed over by file descriptor, so the server
    can only ever listen on 127.0.0.1.
    """
    sock = listening_socket()
    port = sock.getsockname()[1]
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--bind",
        f"fd://{sock.fileno()}",
        *options,
        "--log-level",
        "warning",
        app_spec,
    ]
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            command,
            cwd=PROJECT,
            env=env,
            pass_fds=(sock.fileno(),),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    sock.close()
    try:
        wait_until_serving(port, server, log_path)
        yield port
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def wait_until_serving(port: int, server: subprocess.Popen[bytes], log_path: Path) -> None:
    """Return once the server answers a GET; fail early if it exits or takes too long."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited ({server.returncode}):\n{log_path.read_text()}")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
        try:
            conn.request("GET", "/")
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.05)
        finally:
            conn.close()
    raise RuntimeError(f"gunicorn did not answer within {START_TIMEOUT} s:\n{log_path.read_text()}")


@dataclass
class Client:
    """One keep-alive HTTP connection to the server; counts the TCP connections it opened."""

    conn: http.client.HTTPConnection
    connects: int = 0

    @classmethod
    def to(cls, port: int) -> Client:
        """A client for the server on 127.0.0.1:``port``."""
        return cls(http.client.HTTPConnection("127.0.0.1", port, timeout=30))

    def send(
        self, method: str, path: str, body: str | None = None, headers: dict[str, str] | None = None
    ) -> http.client.HTTPResponse:
        """Send one request and read the whole response (its body is left in ``.data``)."""
        if self.conn.sock is None:
            self.connects += 1
        self.conn.request(method, path, body, headers or {})
        response = self.conn.getresponse()
        response.data = response.read()  # type: ignore[attr-defined]
        return response

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


def session_and_token(client: Client, table_id: str) -> tuple[str, str]:
    """Load a table's page as a phone would: its session cookie and the form's CSRF token."""
    page = client.send("GET", f"/t/{table_id}")
    cookie = page.getheader("Set-Cookie") or ""
    found = CSRF_FIELD.search(page.data.decode())  # type: ignore[attr-defined]
    if page.status != 200 or not cookie or found is None:
        raise RuntimeError(f"The play page gave no session or CSRF token (status {page.status}).")
    return cookie.split(";", 1)[0], found.group(1)


def roll_form(game: BenchGame, token: str) -> str:
    """The play form's fields for rolling the dice the game expects next."""
    fields = {"seq": str(len(game.moves)), "csrf_token": token, "action": "roll"}
    fields.update({f"d{i}": ROLL[i] for i in range(game.next_roll)})
    return urlencode(fields)


@dataclass(frozen=True)
class Phone:
    """A phone's session cookie and the roll form it posts (with its CSRF token)."""

    cookie: str
    body: str


Phones = Callable[[str], Phone]  # the phone at a table


def phone_at(client: Client, table_id: str, game: BenchGame) -> Phone:
    """A new phone that opened the table's page: its cookie and its roll form."""
    cookie, token = session_and_token(client, table_id)
    return Phone(cookie, roll_form(game, token))


def post_rolls(client: Client, table_ids: Sequence[str], phones: Phones) -> float:
    """POST the roll to each table in turn from its phone; check each answers 302 to its
    table; return seconds."""
    start = perf_counter()
    for table_id in table_ids:
        phone = phones(table_id)
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": phone.cookie}
        response = client.send("POST", f"/t/{table_id}/move", phone.body, headers)
        location = response.getheader("Location") or ""
        if response.status != 302 or not location.startswith(f"/t/{table_id}"):
            raise RuntimeError(
                f"POST to table {table_id} answered {response.status} {location!r}, not a redirect"
            )
    return perf_counter() - start


def rounds_of(ids: Sequence[str], rounds: int) -> list[Sequence[str]]:
    """Split ``ids`` into ``rounds`` runs of (nearly) equal length."""
    size, extra = divmod(len(ids), rounds)
    chunks, start = [], 0
    for k in range(rounds):
        end = start + size + (1 if k < extra else 0)
        chunks.append(ids[start:end])
        start = end
    return chunks


def get_all(client: Client, paths: Sequence[tuple[str, str]], status: int) -> float:
    """GET each path with its cookie in turn; check each answers ``status``; return seconds."""
    start = perf_counter()
    for path, cookie in paths:
        response = client.send("GET", path, headers={"Cookie": cookie})
        if response.status != status:
            raise RuntimeError(f"GET {path} answered {response.status}, not {status}")
    return perf_counter() - start


def polls(ids: Sequence[str], phones: Phones) -> list[tuple[str, str]]:
    """The poll of each table at the version it was built with (nothing changed: 304), from
    its phone."""
    return [(f"/t/{table_id}/live?v=0", phones(table_id).cookie) for table_id in ids]


def rolls_stored(db_file: Path, seq: int) -> int:
    """How many tables hold a move at position ``seq`` (read straight from SQLite)."""
    with sqlite3.connect(db_file) as conn:
        return conn.execute("SELECT COUNT(*) FROM move WHERE seq = ?", (seq,)).fetchone()[0]


def copy_database(source: Path, target: Path) -> None:
    """A copy of a SQLite database, through SQLite's backup (whatever its WAL holds)."""
    with sqlite3.connect(source) as original, sqlite3.connect(target) as copy:
        original.backup(copy)
    copy.close()


@dataclass
class Servers:
    """The three servers' clients, side by side: bare Flask, the bare POST plus the same
    commit (the floor), and the referee; with the phones that post and read."""

    bare: Client
    floor: Client
    referee: Client
    shared: Phone  # the tables posted to cold, and the bare servers' requests
    own: dict[str, Phone]  # a phone for each table read before its move

    def phone(self, table_id: str) -> Phone:
        """The phone at the table."""
        return self.own.get(table_id, self.shared)

    def sharing(self, table_id: str) -> Phone:
        """The shared phone, whatever the table (the bare servers ignore cookies)."""
        return self.shared

    def close(self) -> None:
        """Close every connection."""
        for client in (self.bare, self.floor, self.referee):
            client.close()


def pages(ids: Sequence[str], phones: Phones) -> list[tuple[str, str]]:
    """The play page of each table, read by its phone."""
    return [(f"/t/{table_id}", phones(table_id).cookie) for table_id in ids]


def timed_round(servers: Servers, cold: Sequence[str], warm: Sequence[str]) -> dict[str, float]:
    """One round of every measurement, one after the other (seconds a request each): the
    bare POST, the floor's POST, the bare GET and right after it the referee's poll of the
    ``warm`` tables, its POST to the ``cold`` ones (no page read first), the page read of the
    ``warm`` ones (a replay), its POST to them, and the bare GET again right before the page
    after that move."""
    bare, floor, referee = servers.bare, servers.floor, servers.referee
    shared, own = servers.sharing, servers.phone
    seconds = {
        "bare": post_rolls(bare, cold, shared) / len(cold),
        "floor": post_rolls(floor, cold, shared) / len(cold),
        "bare_get": get_all(bare, polls(warm, shared), 304) / len(warm),
        "poll": get_all(referee, polls(warm, own), 304) / len(warm),
        "cold": post_rolls(referee, cold, own) / len(cold),
    }
    get_all(referee, pages(warm, own), 200)
    seconds["warm"] = post_rolls(referee, warm, own) / len(warm)
    seconds["bare_get_by_page"] = get_all(bare, polls(warm, shared), 304) / len(warm)
    seconds["page"] = get_all(referee, pages(warm, own), 200) / len(warm)
    return seconds


def figures(samples: Sequence[float]) -> dict[str, Any]:
    """Seconds a request, one sample a round: requests/s per round (median, best) and the
    mean ms a request."""
    return {
        "rps": summary([1 / s for s in samples], higher_is_better=True),
        "ms_per_request": sum(samples) / len(samples) * 1e3,
    }


def run(game: BenchGame | None = None, tables: int = TABLES) -> dict[str, Any]:
    """Time the referee's move POST, poll and page next to the bare endpoints and the floor
    (bare POST plus the same commit), round by round, all servers up at once."""
    game = game or bench_game()
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        root = Path(tmp)
        instance, db_file = root / "instance", root / "bench.sqlite3"
        instance.mkdir()
        url = f"sqlite:///{db_file}"
        start = perf_counter()
        ids = build_database(instance, url, game, WARMUP + tables)
        copy_database(db_file, root / "floor.sqlite3")
        setup_s = perf_counter() - start
        warmup, timed = ids[:WARMUP], ids[WARMUP:]
        env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        floor_env = {**env, "FLOOR_DATABASE": str(root / "floor.sqlite3")}
        referee_env = {
            **env,
            "REFEREE_INSTANCE": str(instance),
            "DATABASE_URL": url,
            "SECRET_KEY": SECRET,
            "REFEREE_RATE_LIMITS": "off",  # one client posting hundreds of moves a second
        }
        with (
            gunicorn("bench.web_bench:bare_app()", env, root / "bare.log") as bare_port,
            gunicorn("bench.web_bench:floor_app()", floor_env, root / "floor.log") as floor_port,
            gunicorn("referee.web:create_app()", referee_env, root / "referee.log") as port,
        ):
            referee = Client.to(port)
            half = len(warmup) // 2
            cold, warm = timed[: len(timed) // 2], timed[len(timed) // 2 :]
            own = {table_id: phone_at(referee, table_id, game) for table_id in warmup[half:]}
            own.update({table_id: phone_at(referee, table_id, game) for table_id in warm})
            shared = phone_at(referee, warmup[0], game)
            servers = Servers(Client.to(bare_port), Client.to(floor_port), referee, shared, own)
            timed_round(servers, warmup[:half], warmup[half:])
            rounds = [
                timed_round(servers, cold_chunk, warm_chunk)
                for cold_chunk, warm_chunk in zip(
                    rounds_of(cold, ROUNDS), rounds_of(warm, ROUNDS), strict=True
                )
            ]
            servers.close()

        stored = rolls_stored(db_file, len(game.moves))
        if stored != len(ids):
            raise RuntimeError(f"{stored} of {len(ids)} tables hold the posted roll.")
        if rolls_stored(root / "floor.sqlite3", len(game.moves)) != half + len(cold):
            raise RuntimeError("The floor did not store a roll on each table it was sent.")

    measured = {name: figures([r[name] for r in rounds]) for name in rounds[0]}

    def ratio(name: str, base: str) -> float:
        return measured[name]["rps"]["median"] / measured[base]["rps"]["median"]

    def paired(name: str, base: str) -> float:
        """The median of each round's own ratio (``base`` timed right before ``name``)."""
        return statistics.median(r[base] / r[name] for r in rounds)

    return {
        "tables": tables,
        "moves_per_table": len(game.moves),
        "dice_rolled": game.next_roll,
        "setup_s": setup_s,
        "server": "gunicorn gthread, 1 worker x 1 thread, keep-alive, 127.0.0.1",
        "client": "http.client, one keep-alive connection a server, sequential, "
        f"the servers' rounds interleaved ({ROUNDS} rounds)",
        "csrf": "on (each phone's token and session cookie from one GET of its table's page)",
        "referee": measured["cold"],
        "bare": measured["bare"],
        "ratio": ratio("cold", "bare"),
        "referee_after_page_read": measured["warm"],
        "ratio_after_page_read": ratio("warm", "bare"),
        "floor": measured["floor"],
        "floor_ratio": ratio("floor", "bare"),
        "ratio_to_floor": ratio("warm", "floor"),
        "poll_unchanged": measured["poll"],
        "bare_get": measured["bare_get"],
        "poll_ratio": paired("poll", "bare_get"),
        "page": measured["page"],
        "page_ratio": paired("page", "bare_get_by_page"),
        "page_after_move_ms": measured["page"]["ms_per_request"],
    }
