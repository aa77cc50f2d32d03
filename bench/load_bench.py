"""Load benchmark: ten phones polling each of 100 tables every 2 s while the tables move.

Why: every open table page asks the poll whether its table moved, so a busy evening is
hundreds of polls a second against a few writes.  The poll must stay quick under that
load (p99 latency), and a move must reach every other phone soon (the update delay).

How: a temporary SQLite database holds 100 copies of the 300-move benchmark game.  The
referee runs under gunicorn with the options ``make run`` uses (two workers of sixteen
threads that read each request whole first, the access log), on a socket this process
binds to 127.0.0.1.  1,000 simulated phones (asyncio, one HTTP/1.1 keep-alive connection
each, opened again when the server has closed it) each poll one table every 2 s from a
random start within the first 2 s, with the version they last saw, as ``live.js`` does.
Meanwhile one writer thread posts, every 0.1 s and round the tables in turn, a roll or
the undo of that roll (each a real write through the form, with CSRF), so each table
moves every 10 s.  A poll's latency runs from sending its request to reading the whole
response; a phone's update delay from the writer reading the write's answer to the
phone reading a poll that shows that version (zero when the poll got there first).
Only polls sent inside the measured window count; every poll must answer 200 or 304.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Any
from urllib.parse import urlencode

from bench import bench_game
from bench.web_bench import (
    ROLL,
    SECRET,
    Client,
    build_database,
    gunicorn,
    session_and_token,
)
from referee.serving.command import gunicorn_args

TABLES = 100
PHONES_PER_TABLE = 10
POLL_EVERY = 2.0  # seconds between one phone's polls
WRITE_EVERY = 0.1  # seconds between two writes, round the tables
WARMUP = 4.0  # seconds before the measured window
WINDOW = 20.0  # seconds measured
SEED = 15
TARGET_DELAY_S = 2.5
TARGET_P99_MS = 50.0


@dataclass
class Writes:
    """When the writer read the answer to each write, by table and the version it made."""

    done: dict[tuple[str, int], float] = field(default_factory=dict)
    count: int = 0


@dataclass
class Seen:
    """What the phones measured inside the window."""

    latencies: list[float] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    reconnects: int = 0


class Connection:
    """One phone's keep-alive HTTP/1.1 connection to the server, from loopback address
    ``source`` (a server or balancer tells phones apart by it)."""

    def __init__(self, port: int, seen: Seen, source: str = "127.0.0.1") -> None:
        self.port = port
        self.seen = seen
        self.source = source
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def get(self, path: str) -> tuple[int, bytes]:
        """GET ``path``: its status and body."""
        return await self.send(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())

    async def post(self, path: str, form: str, cookie: str) -> tuple[int, bytes]:
        """POST the url-encoded ``form`` to ``path`` with the session ``cookie``."""
        body = form.encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        return await self.send(head.encode() + body)

    async def send(self, request: bytes) -> tuple[int, bytes]:
        """Send one request and read its answer; a connection the server closed meanwhile
        is opened again once."""
        for attempt in range(2):
            if self.streams is None:
                self.streams = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=(self.source, 0)
                )
                self.seen.reconnects += attempt
            reader, writer = self.streams
            try:
                writer.write(request)
                await writer.drain()
                head = await reader.readuntil(b"\r\n\r\n")
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                continue
            status, length, closing = parse_head(head)
            body = await reader.readexactly(length) if length else b""
            if closing:
                self.close()
            return status, body
        raise ConnectionError(f"{request[:60]!r}: the server closed the connection twice")

    def close(self) -> None:
        """Drop the connection (the next request opens a new one)."""
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


def parse_head(head: bytes) -> tuple[int, int, bool]:
    """A response head's status, Content-Length and whether the server closes the connection."""
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = dict(line.split(":", 1) for line in lines[1:] if ":" in line)
    headers = {name.strip().lower(): value.strip().lower() for name, value in headers.items()}
    return status, int(headers.get("content-length", "0")), headers.get("connection") == "close"


async def phone(
    port: int, table: str, start: float, window: tuple[float, float], writes: Writes, seen: Seen
) -> None:
    """Poll ``table`` every ``POLL_EVERY`` s from ``start`` until the window closes."""
    conn, version, at = Connection(port, seen), 0, start
    loop = asyncio.get_running_loop()
    try:
        while at < window[1]:
            await asyncio.sleep(max(0.0, at - loop.time()))
            sent = perf_counter()
            status, body = await conn.get(f"/t/{table}/live?v={version}")
            answered = perf_counter()
            if status == 200:
                newest = int(json.loads(body)["version"])
                if window[0] <= loop.time():
                    seen.delays.extend(
                        max(0.0, answered - writes.done.get((table, v), answered))
                        for v in range(version + 1, newest + 1)
                    )
                version = newest
            if window[0] <= loop.time() - (answered - sent):
                seen.latencies.append(answered - sent)
                seen.statuses[status] = seen.statuses.get(status, 0) + 1
            at += POLL_EVERY
    finally:
        conn.close()


def write_round(port: int, tables: Sequence[str], stop: threading.Event, writes: Writes) -> None:
    """Roll, then undo the roll, on each table in turn, one write every ``WRITE_EVERY`` s."""
    game = bench_game()
    client = Client.to(port)
    cookie, token = session_and_token(client, tables[0])
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
    versions = dict.fromkeys(tables, 0)
    base = len(game.moves)
    roll = {f"d{i}": ROLL[i] for i in range(game.next_roll)}
    next_at = time.monotonic()
    while not stop.is_set():
        table = tables[writes.count % len(tables)]
        rolled = versions[table] % 2 == 1
        fields = {"csrf_token": token, "seq": str(base + rolled)}
        fields.update({} if rolled else {"action": "roll", **roll})
        action = "undo" if rolled else "move"
        response = client.send("POST", f"/t/{table}/{action}", urlencode(fields), headers)
        if response.status != 302:
            raise RuntimeError(f"The writer's {action} on {table} answered {response.status}")
        versions[table] += 1
        writes.done[(table, versions[table])] = perf_counter()
        writes.count += 1
        next_at += WRITE_EVERY
        stop.wait(max(0.0, next_at - time.monotonic()))
    client.close()


async def crowd(port: int, tables: Sequence[str], writes: Writes, seen: Seen) -> None:
    """Every phone of every table, each starting at a random moment of the first poll period."""
    loop = asyncio.get_running_loop()
    now = loop.time()
    window = (now + WARMUP, now + WARMUP + WINDOW)
    rng = random.Random(SEED)
    await asyncio.gather(
        *(
            phone(port, table, now + rng.uniform(0, POLL_EVERY), window, writes, seen)
            for table in tables
            for _ in range(PHONES_PER_TABLE)
        )
    )


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def run(tables: int = TABLES) -> dict[str, Any]:
    """Serve the referee as ``make run`` does, poll it with 1,000 phones while it moves,
    and return the poll latencies and update delays."""
    game = bench_game()
    with tempfile.TemporaryDirectory(prefix="referee-load-") as tmp:
        root = Path(tmp)
        instance, db_file = root / "instance", root / "load.sqlite3"
        instance.mkdir()
        url = f"sqlite:///{db_file}"
        ids = build_database(instance, url, game, tables)
        env = {
            **os.environ,
            "REFEREE_INSTANCE": str(instance),
            "DATABASE_URL": url,
            "SECRET_KEY": SECRET,
            "REFEREE_RATE_LIMITS": "off",  # one writer moving every table
        }
        options = served_as_make_run()
        writes, seen, stop = Writes(), Seen(), threading.Event()
        with gunicorn("referee.web:create_app()", env, root / "load.log", options) as port:
            writer = threading.Thread(target=write_round, args=(port, ids, stop, writes))
            writer.start()
            try:
                asyncio.run(crowd(port, ids, writes, seen))
            finally:
                stop.set()
                writer.join()
    bad = {status: n for status, n in seen.statuses.items() if status not in (200, 304)}
    if bad or not seen.delays:
        raise RuntimeError(f"The load test saw answers {bad} and {len(seen.delays)} updates.")
    latency_ms = [s * 1e3 for s in seen.latencies]
    return {
        "tables": tables,
        "phones": tables * PHONES_PER_TABLE,
        "poll_every_s": POLL_EVERY,
        "window_s": WINDOW,
        "writes": writes.count,
        "polls": len(latency_ms),
        "polls_per_s": len(latency_ms) / WINDOW,
        "statuses": seen.statuses,
        "reconnects": seen.reconnects,
        "latency_ms": {
            "median": statistics.median(latency_ms),
            "p99": percentile(latency_ms, 0.99),
            "max": max(latency_ms),
        },
        "delay_s": {
            "median": statistics.median(seen.delays),
            "p90": percentile(seen.delays, 0.9),
            "max": max(seen.delays),
            "updates": len(seen.delays),
        },
        "pass": statistics.median(seen.delays) < TARGET_DELAY_S
        and percentile(latency_ms, 0.99) < TARGET_P99_MS,
        "server": " ".join(options),
    }


def served_as_make_run() -> list[str]:
    """gunicorn's options from ``referee.serving.command``, less its bind (the socket is ours)."""
    args = gunicorn_args("0")
    at = args.index("--bind")
    return args[:at] + args[at + 2 :]


def line(result: dict[str, Any]) -> str:
    """The load test in one line for the bench's table."""
    latency, delay = result["latency_ms"], result["delay_s"]
    verdict = "PASS" if result["pass"] else "FAIL"
    return (
        f"load: {result['phones']} phones on {result['tables']} tables, one poll each per "
        f"{result['poll_every_s']:g} s ({result['polls_per_s']:.0f} polls/s), a write every "
        f"{WRITE_EVERY:g} s: poll p99 {latency['p99']:.1f} ms (median {latency['median']:.2f}), "
        f"update delay median {delay['median']:.2f} s (p90 {delay['p90']:.2f}, max "
        f"{delay['max']:.2f}); targets p99 < {TARGET_P99_MS:g} ms, median < "
        f"{TARGET_DELAY_S:g} s: {verdict}"
    )
