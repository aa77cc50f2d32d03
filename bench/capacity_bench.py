"""Capacity benchmark: how many tables, and their phones, one 2-core machine holds.

Why: a site plans its servers by how many tables one machine serves with every request
quick, and whether a second server behind a balancer adds to it.

How: ``TABLES_AT_MOST`` tables each hold the same ``MOVES``-move 10K game.  Each table in
play has ``PHONES_PER_TABLE`` phones, each with one keep-alive connection from a loopback
address of its own (so the write limits count each phone apart, as they would count
phones on a network).  Every phone polls its table as ``live.js`` does: 1.5 s after the
previous answer, with the version it shows, and when the table moved it loads the page.
A fifth phone at each table moves it every 10 s (a roll, then the undo of that roll;
each a real write through the form, with CSRF), then loads the page, as a phone does
after a post.  A step runs ``tables`` tables for ``RAMP`` s and then measures for ``WINDOW`` s:
it passes when every request answers as expected and the p99 of all requests sent in the
window (polls, moves, pages) is under ``TARGET_P99_MS``.  The search doubles the tables
from ``FIRST`` until a step fails (run ``TRIES`` times: a neighbour's burst on a shared machine
fails a short step), then halves the gap ``BISECTIONS`` times.

Two setups, each searched: one server as ``make run`` serves it (gunicorn, 2 workers of
``referee.serving.command.THREADS`` threads, SQLite, limits in memory), and two such servers on one
PostgreSQL with the limits in Redis behind HAProxy, started as the cluster test starts them
(``tests/pgserver.py``, ``tests/redisserver.py``, ``tests/balancer.py``; PostgreSQL with its
durable defaults, not the tests' fast settings), all on this same machine.  The load
generator (one asyncio loop in this process) shares the machine's cores with the servers,
so its own delays are in the figures too.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Any
from urllib.parse import urlencode

from bench import bench_game
from bench.load_bench import Connection, Seen, percentile, served_as_make_run
from bench.web_bench import ROLL, SECRET, Client, build_database, gunicorn, session_and_token
from tests import balancer, pgserver, redisserver

MOVES = 60  # a table some way into its game: 64 MiB keeps a few hundred such replays
PHONES_PER_TABLE = 4
POLL_EVERY = 1.5  # seconds from one poll's answer to the next poll (live.js)
MOVE_EVERY = 10.0  # seconds between two moves at one table
RAMP = 1.5  # seconds of load before the window
WINDOW = 5.0  # seconds measured
TARGET_P99_MS = 100.0
FIRST = 25  # tables in the first step
TABLES_AT_MOST = 1_600
BISECTIONS = 2
TRIES = 2  # runs of a step before it fails
SEED = 28


@dataclass
class Requests:
    """What one step's phones measured inside the window: latencies by kind of request."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    unexpected: dict[str, int] = field(default_factory=dict)
    seen: Seen = field(default_factory=Seen)

    def note(self, kind: str, seconds: float, ok: bool) -> None:
        """One request of ``kind`` answered in ``seconds`` (``ok``: as expected)."""
        self.latencies.setdefault(kind, []).append(seconds)
        if not ok:
            self.unexpected[kind] = self.unexpected.get(kind, 0) + 1


@dataclass
class Table:
    """A table in play: its token and its version (the writes made to it so far)."""

    token: str
    version: int = 0


@dataclass
class Step:
    """One step's figures."""

    tables: int
    requests: int
    p99_ms: float
    p99_ms_by_kind: dict[str, float]
    unexpected: dict[str, int]

    @property
    def passed(self) -> bool:
        """Every answer as expected and the p99 under the target."""
        return not self.unexpected and self.p99_ms < TARGET_P99_MS


class Phones:
    """The phones of the tables in play against one address (a server or the balancer)."""

    def __init__(self, port: int, cookie: str, token: str, base_moves: int) -> None:
        self.port, self.cookie, self.csrf, self.base = port, cookie, token, base_moves
        self.roll = {f"d{i}": ROLL[i] for i in range(bench_game(length=MOVES).next_roll)}

    async def timed(
        self, requests: Requests, window: tuple[float, float], kind: str, call: Any
    ) -> tuple[int, bytes]:
        """Await one request; note its latency when it was sent inside the window."""
        loop = asyncio.get_running_loop()
        sent_at, start = loop.time(), perf_counter()
        status, body = await call
        ok = status in (200, 302, 304)
        if window[0] <= sent_at < window[1]:
            requests.note(kind, perf_counter() - start, ok)
        return status, body

    async def phone(
        self, table: Table, source: str, window: tuple[float, float], requests: Requests
    ) -> None:
        """Poll the table every ``POLL_EVERY`` s after the last answer; load its page when
        it moved."""
        conn, shown = Connection(self.port, requests.seen, source), table.version
        loop = asyncio.get_running_loop()
        await asyncio.sleep(random.uniform(0, POLL_EVERY))
        try:
            while loop.time() < window[1]:
                poll = conn.get(f"/t/{table.token}/live?v={shown}")
                status, body = await self.timed(requests, window, "poll", poll)
                if status == 200:
                    shown = int(json.loads(body)["version"])
                    await self.timed(requests, window, "page", conn.get(f"/t/{table.token}"))
                await asyncio.sleep(POLL_EVERY)
        finally:
            conn.close()

    async def mover(
        self, table: Table, source: str, window: tuple[float, float], requests: Requests
    ) -> None:
        """Move the table every ``MOVE_EVERY`` s (a roll, then its undo), then load its page."""
        conn = Connection(self.port, requests.seen, source)
        loop = asyncio.get_running_loop()
        at = loop.time() + random.uniform(0, MOVE_EVERY)
        try:
            while at < window[1]:
                await asyncio.sleep(max(0.0, at - loop.time()))
                rolled = table.version % 2 == 1
                fields = {"csrf_token": self.csrf, "seq": str(self.base + rolled)}
                fields.update({} if rolled else {"action": "roll", **self.roll})
                path = f"/t/{table.token}/{'undo' if rolled else 'move'}"
                post = conn.post(path, urlencode(fields), self.cookie)
                status, _ = await self.timed(requests, window, "move", post)
                if status == 302:
                    table.version += 1
                await self.timed(requests, window, "page", conn.get(f"/t/{table.token}"))
                at += MOVE_EVERY
        finally:
            conn.close()

    async def crowd(self, tables: Sequence[Table], requests: Requests) -> None:
        """Every phone and mover of ``tables`` for ``RAMP`` + ``WINDOW`` seconds."""
        now = asyncio.get_running_loop().time()
        window = (now + RAMP, now + RAMP + WINDOW)
        sources = addresses()
        jobs = []
        for table in tables:
            jobs.append(self.mover(table, next(sources), window, requests))
            jobs += [
                self.phone(table, next(sources), window, requests) for _ in range(PHONES_PER_TABLE)
            ]
        await asyncio.gather(*jobs)


def addresses() -> Iterator[str]:
    """Loopback addresses, one a phone: 127.1.0.1, 127.1.0.2, ..."""
    n = 1
    while True:
        yield f"127.{1 + n // 65_536}.{n // 256 % 256}.{n % 256}"
        n += 1 + (n % 256 == 254)  # skip the .255 and .0 of each block


def step(phones: Phones, tables: Sequence[Table]) -> Step:
    """Run the load of ``tables`` once; its figures."""
    random.seed(SEED + len(tables))
    requests = Requests()
    asyncio.run(phones.crowd(tables, requests))
    every = [s for seconds in requests.latencies.values() for s in seconds]
    return Step(
        tables=len(tables),
        requests=len(every),
        p99_ms=percentile(every, 0.99) * 1e3 if every else float("inf"),
        p99_ms_by_kind={
            kind: round(percentile(seconds, 0.99) * 1e3, 1)
            for kind, seconds in sorted(requests.latencies.items())
        },
        unexpected=requests.unexpected,
    )


def search(run_step: Callable[[int], Step]) -> tuple[int, list[Step]]:
    """The most tables a step passed with: doubling from ``FIRST``, then ``BISECTIONS``
    halvings of the gap between the last pass and the first failure.  A failed step is run
    once more before it counts: a neighbour's burst on a shared machine fails a short step."""
    steps: list[Step] = []

    def holds(tables: int) -> bool:
        for _ in range(TRIES):
            steps.append(run_step(tables))
            if steps[-1].passed:
                return True
        return False

    passed, failed, tables = 0, None, FIRST
    while tables <= TABLES_AT_MOST:
        if not holds(tables):
            failed = tables
            break
        passed, tables = tables, tables * 2
    for _ in range(BISECTIONS if failed else 0):
        middle = (passed + failed) // 2
        if middle in (passed, failed):
            break
        passed, failed = (middle, failed) if holds(middle) else (passed, middle)
    return passed, steps


def searched(port: int, tokens: Sequence[str]) -> dict[str, Any]:
    """Search the capacity behind ``port``; the tables it held and every step's figures."""
    client = Client.to(port)
    cookie, csrf = session_and_token(client, tokens[0])
    client.close()
    phones = Phones(port, cookie, csrf, MOVES)
    tables = [Table(token) for token in tokens]
    most, steps = search(lambda count: step(phones, tables[:count]))
    return {
        "tables": most,
        "phones": most * PHONES_PER_TABLE,
        "moves_per_s": most / MOVE_EVERY,
        "steps": [{**vars(s), "passed": s.passed} for s in steps],
    }


def base_env(instance: Path, url: str) -> dict[str, str]:
    """The servers' environment: the bench's database and key, rate limits on."""
    env = {key: value for key, value in os.environ.items() if key != "REFEREE_RATE_LIMITS"}
    return {
        **env,
        "REFEREE_INSTANCE": str(instance),
        "DATABASE_URL": url,
        "SECRET_KEY": SECRET,
        "HOUSE_PIN": "2828",
    }


def one_server(root: Path) -> dict[str, Any]:
    """The capacity of one server as ``make run`` serves it, on SQLite."""
    instance = root / "one"
    instance.mkdir()
    url = f"sqlite:///{root / 'one.sqlite3'}"
    tokens = build_database(instance, url, bench_game(length=MOVES), TABLES_AT_MOST)
    options = served_as_make_run()
    with gunicorn(
        "referee.web:create_app()", base_env(instance, url), root / "one.log", options
    ) as port:
        return {**searched(port, tokens), "server": " ".join(options)}


def two_servers(root: Path) -> dict[str, Any]:
    """The capacity of two such servers on one PostgreSQL with the limits in Redis,
    behind HAProxy, all on this machine."""
    instance = root / "two"
    instance.mkdir()
    options = served_as_make_run()
    with ExitStack() as stack:
        postgres = pgserver.start(durable=True)
        stack.callback(postgres.stop)
        url = postgres.url(postgres.create_database())
        redis = redisserver.Redis().start()
        stack.callback(redis.remove)
        stack.callback(redis.stop)
        tokens = build_database(instance, url, bench_game(length=MOVES), TABLES_AT_MOST)
        env = {**base_env(instance, url), "REDIS_URL": redis.url, "REFEREE_PROXIES": "1"}
        ports = {
            name: stack.enter_context(
                gunicorn("referee.web:create_app()", env, root / f"{name}.log", options)
            )
            for name in ("app1", "app2")
        }
        front = balancer.HAProxy(root / "haproxy", ports, maxconn=8_000).start()
        stack.callback(front.stop)
        return {
            **searched(front.port, tokens),
            "server": f"2 x ({' '.join(options)}), PostgreSQL, Redis, HAProxy",
        }


def run() -> dict[str, Any]:
    """Search both setups; their capacities and the ratio of two servers to one."""
    with tempfile.TemporaryDirectory(prefix="referee-capacity-") as tmp:
        root = Path(tmp)
        start = perf_counter()
        one = one_server(root)
        try:
            two: dict[str, Any] | None = two_servers(root)
        except (pgserver.Unavailable, redisserver.Unavailable, balancer.Unavailable) as missing:
            print(f"Two servers not searched: {missing} (make system installs it).", flush=True)
            two = None
    return {
        "one_server": one,
        "two_servers": two,
        "ratio": two["tables"] / one["tables"] if two and one["tables"] else None,
        "phones_per_table": PHONES_PER_TABLE,
        "poll_every_s": POLL_EVERY,
        "move_every_s": MOVE_EVERY,
        "moves_per_table": MOVES,
        "target_p99_ms": TARGET_P99_MS,
        "window_s": WINDOW,
        "seconds": perf_counter() - start,
    }


def line(result: dict[str, Any]) -> str:
    """The capacity in one line for the bench's table."""
    one, two = result["one_server"], result["two_servers"]
    ratio = "n/a" if result["ratio"] is None else f"{result['ratio']:.2f}"
    behind = f"{two['tables']} tables ({two['phones']} phones)" if two else "not searched"
    return (
        f"capacity (p99 < {result['target_p99_ms']:g} ms; a table = {PHONES_PER_TABLE} phones "
        f"polling every {POLL_EVERY:g} s, one move every {MOVE_EVERY:g} s): one server "
        f"{one['tables']} tables ({one['phones']} phones), two behind HAProxy {behind}, "
        f"ratio {ratio}; {result['seconds']:.0f} s, load generator on the same cores"
    )
