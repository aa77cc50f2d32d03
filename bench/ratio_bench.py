"""The project's one method for the table page and the move (issue 49): each set against bare
Flask served the same way in the same run, on SQLite and on PostgreSQL.

What is timed:

- **the table page**: ``GET /t/<token>`` of a 300-move 10K table by the phone that reads it
  (its own session cookie), the table unchanged since its last read, against a bare Flask
  ``GET`` answering a small page;
- **the move**: ``POST /t/<token>/move`` of a roll to a 300-move 10K table whose page its
  phone read before (as a phone posts from the page it shows; one roll a table, answered
  302), against a bare Flask ``POST`` that parses the same form and answers the same
  redirect;
- **the page after a move**: the same phone's first read of its table's page right after
  its move, against the bare GET (a page rendered at the table's new version);
- **the floor** (SQLite): the bare POST plus the SQLite statements and synchronous commit a
  roll makes (``web_bench.floor_app``), on a copy of the database: what the move's ratio can
  reach at most on this machine's disk.

How: both apps run at once under gunicorn with the worker ``make run`` serves with
(``BufferingWorker``), one worker, one thread, a long keep-alive, no access log, each on a
socket bound to 127.0.0.1, the referee as ``make run`` serves it (``serving_app``); the
client keeps one ``http.client`` connection a server and sends one request at a time. A run
is ``ROUNDS`` rounds, each round the bare GET then the page (``PAGES`` requests each), then
the bare POST then the move (``MOVES`` each, to tables whose pages were read right before,
untimed); a round's ratio is the bare app's time over the referee's for the same requests,
and a run's ratio is the median of its rounds' ratios, so a burst of other work on this
shared machine moves one round, not the figure. A run starts fresh servers on a database
built once for the three runs; the figures are each run's ratios, their median and their
spread. CSRF stays on; the write limits are off (one client posts hundreds of moves a
second); PostgreSQL is a cluster of its own with its durable defaults
(``tests/pgserver.py``).
"""

from __future__ import annotations

import os
import statistics
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from time import perf_counter
from typing import Any

from bench import BenchGame, bench_game
from bench.web_bench import (
    SECRET,
    Client,
    Phone,
    build_database,
    copy_database,
    get_all,
    gunicorn,
    phone_at,
    post_rolls,
)
from tests import pgserver

RUNS = 3
ROUNDS = 20
PAGES = 40  # table page GETs a round (of the same table)
MOVES = 8  # moves a round, each to a table of its own
WORKER = (
    "--worker-class",
    "referee.serving.buffering_worker.BufferingWorker",
    "--workers",
    "1",
    "--threads",
    "1",
    "--keep-alive",
    "10",
)


def tables_needed() -> int:
    """Tables one database holds for its runs: a table read each run, and one a move."""
    return RUNS * (1 + ROUNDS * MOVES)


@contextmanager
def database(kind: str, root: Path) -> Iterator[str]:
    """The URL of a fresh database of ``kind`` (``sqlite`` or ``postgresql``), dropped after."""
    if kind == "sqlite":
        yield f"sqlite:///{root / 'ratio.sqlite3'}"
        return
    cluster = pgserver.start(durable=True)
    try:
        yield cluster.url(cluster.create_database())
    finally:
        cluster.stop()


def one_run(
    bare: Client,
    referee: Client,
    table: str,
    moved: Sequence[str],
    game: BenchGame,
    floor: Client | None = None,
) -> dict[str, Any]:
    """``ROUNDS`` rounds of the page and the move against bare Flask (and the floor's POST,
    where given); each round's seconds a request, and the run's ratios (the medians of the
    rounds' own ratios)."""
    reader = phone_at(referee, table, game)
    pages = [(f"/t/{table}", reader.cookie)] * PAGES
    bare_pages = [(f"/t/{table}", "")] * PAGES
    rounds = []
    for start in range(0, len(moved), MOVES):
        chunk = moved[start : start + MOVES]
        phones = {t: phone_at(referee, t, game) for t in chunk}  # each table's page read
        own: Callable[[str], Phone] = phones.__getitem__
        seconds = {
            "bare_get": get_all(bare, bare_pages, 200) / PAGES,
            "page": get_all(referee, pages, 200) / PAGES,
            "bare_post": post_rolls(bare, chunk, own) / MOVES,
            "floor": post_rolls(floor, chunk, own) / MOVES if floor else float("nan"),
            "move": post_rolls(referee, chunk, own) / MOVES,
            "bare_get_after": get_all(bare, [(f"/t/{t}", "") for t in chunk], 200) / MOVES,
            "after_move": get_all(referee, [(f"/t/{t}", own(t).cookie) for t in chunk], 200)
            / MOVES,
        }
        rounds.append(seconds)
    floor_ratio = (r["bare_post"] / r["floor"] for r in rounds)
    return {
        **({"floor_ratio": statistics.median(floor_ratio)} if floor else {}),
        "page_ratio": statistics.median(r["bare_get"] / r["page"] for r in rounds),
        "move_ratio": statistics.median(r["bare_post"] / r["move"] for r in rounds),
        "after_move_ratio": statistics.median(
            r["bare_get_after"] / r["after_move"] for r in rounds
        ),
        "page_ms": statistics.median(r["page"] for r in rounds) * 1e3,
        "bare_get_ms": statistics.median(r["bare_get"] for r in rounds) * 1e3,
        "move_ms": statistics.median(r["move"] for r in rounds) * 1e3,
        "bare_post_ms": statistics.median(r["bare_post"] for r in rounds) * 1e3,
    }


def spread(runs: Sequence[dict[str, Any]], name: str) -> dict[str, float]:
    """The median of the runs' ``name`` and its spread (lowest, highest)."""
    values = [run[name] for run in runs]
    return {"median": statistics.median(values), "low": min(values), "high": max(values)}


def measure(kind: str, game: BenchGame) -> dict[str, Any]:
    """``RUNS`` runs on a database of ``kind``, each with freshly started servers."""
    with tempfile.TemporaryDirectory(prefix="referee-ratio-") as tmp, ExitStack() as stack:
        root = Path(tmp)
        instance = root / "instance"
        instance.mkdir()
        url = stack.enter_context(database(kind, root))
        started = perf_counter()
        tokens = build_database(instance, url, game, tables_needed())
        setup_s = perf_counter() - started
        env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        floor_db = root / "floor.sqlite3"
        if kind == "sqlite":
            copy_database(root / "ratio.sqlite3", floor_db)
        floor_env = {**env, "FLOOR_DATABASE": str(floor_db)}
        referee_env = {
            **env,
            "REFEREE_INSTANCE": str(instance),
            "DATABASE_URL": url,
            "SECRET_KEY": SECRET,
            "REFEREE_RATE_LIMITS": "off",
            "HOUSE_PIN": "2828",
        }
        runs, per_run = [], len(tokens) // RUNS
        for n in range(RUNS):
            mine = tokens[n * per_run : (n + 1) * per_run]
            with ExitStack() as servers:
                b = servers.enter_context(
                    gunicorn("bench.web_bench:bare_app()", env, root / "bare.log", WORKER)
                )
                r = servers.enter_context(
                    gunicorn("referee.web:serving_app()", referee_env, root / "app.log", WORKER)
                )
                floor = None
                if kind == "sqlite":
                    f = servers.enter_context(
                        gunicorn("bench.web_bench:floor_app()", floor_env, root / "f.log", WORKER)
                    )
                    floor = Client.to(f)
                    servers.callback(floor.close)
                bare, referee = Client.to(b), Client.to(r)
                servers.callback(bare.close)
                servers.callback(referee.close)
                runs.append(one_run(bare, referee, mine[0], mine[1:], game, floor))
    return {
        "runs": runs,
        "page_ratio": spread(runs, "page_ratio"),
        "move_ratio": spread(runs, "move_ratio"),
        "after_move_ratio": spread(runs, "after_move_ratio"),
        **({"floor_ratio": spread(runs, "floor_ratio")} if kind == "sqlite" else {}),
        "load_after": os.getloadavg()[0],
        "setup_s": setup_s,
    }


def run(game: BenchGame | None = None) -> dict[str, Any]:
    """The page and move ratios on SQLite and on PostgreSQL (PostgreSQL left out, and said
    so, where no server is installed)."""
    game = game or bench_game()
    results: dict[str, Any] = {"load_before": os.getloadavg()[0]}
    results["sqlite"] = measure("sqlite", game)
    try:
        results["postgresql"] = measure("postgresql", game)
    except pgserver.Unavailable as missing:
        results["postgresql"] = {"missing": str(missing)}
    return results


def verdict(ratio: dict[str, float], target: float) -> str:
    """Whether the runs' median ``ratio`` meets ``target``, in words."""
    return "met" if ratio["median"] >= target else "NOT met"


def lines(results: dict[str, Any]) -> list[str]:
    """The figures in a few lines: each ratio's median over the runs and its spread."""
    out = []
    for kind in ("sqlite", "postgresql"):
        found = results[kind]
        if "missing" in found:
            out.append(f"ratio ({kind}): not measured: {found['missing']}")
            continue
        page, move, after = found["page_ratio"], found["move_ratio"], found["after_move_ratio"]
        floor = found.get("floor_ratio", {})
        ms = found["runs"]
        floor_words = (
            f"the floor (bare POST + the roll's SQLite commit) {floor['median']:.3f} "
            f"({floor['low']:.3f}-{floor['high']:.3f}); "
            if kind == "sqlite"
            else ""
        )
        out.append(
            f"ratio ({kind}): table page / bare GET {page['median']:.3f} "
            f"({page['low']:.3f}-{page['high']:.3f}, target 0.25: {verdict(page, 0.25)}), "
            f"move / bare POST {move['median']:.3f} ({move['low']:.3f}-{move['high']:.3f}, "
            f"target 0.5: {verdict(move, 0.5)}); "
            f"the page first read after the move {after['median']:.3f} "
            f"({after['low']:.3f}-{after['high']:.3f}); {floor_words}"
            f"page {statistics.median(r['page_ms'] for r in ms):.2f} ms, "
            f"move {statistics.median(r['move_ms'] for r in ms):.2f} ms, {len(ms)} runs"
        )
    return out


if __name__ == "__main__":
    import json

    measured = run()
    print(json.dumps(measured, indent=2))
    print("\n".join(lines(measured)))
