"""Run every benchmark (``make bench``): print a table, write ``bench/results/latest.json``.

The engine figures say whether replaying a long game on every request is cheap
enough; the Lucky Sevens figure, whether judging the worst roll of eight dice fits
well inside a request; the vision figures, whether a photo of a board or a roll is read
well inside one; the web figures put the referee's move POST next to a bare
Flask POST measured the same way in the same run.  See each module's docstring for
the details of what is timed.
"""

from __future__ import annotations

import json
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path
from time import perf_counter
from typing import Any

from bench import (
    bench_game,
    caches_bench,
    capacity_bench,
    engine_bench,
    history_bench,
    load_bench,
    lucky7_bench,
    move_parts,
    odds_bench,
    outage_bench,
    photo_bench,
    printables_bench,
    ratio_bench,
    sixd_bench,
    vision_bench,
    web_bench,
    worst_case_bench,
)

RESULTS = Path(__file__).with_name("results")


def machine() -> dict[str, Any]:
    """What the figures were measured on: usable CPUs (as ``nproc``), Python, platform, load."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "cpus": cpus,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "load_before": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


def met(passed: bool) -> str:
    """A target's verdict in words."""
    return "met" if passed else "NOT met"


def table(results: dict[str, Any]) -> str:
    """The figures as a small fixed-width table, plus the notes needed to read them."""
    engine, web = results["engine"], results["web"]
    move, full = engine["move_us"], engine["replay_ms"]
    referee, bare = web["referee"]["rps"], web["bare"]["rps"]
    verdict = "PASS" if full["pass"] else "FAIL"
    load = results["machine"]["load_before"]
    load = "n/a" if load is None else f"{load:.2f}"
    dice = f"{web['dice_rolled']} {'die' if web['dice_rolled'] == 1 else 'dice'}"
    rows = [
        ("engine: apply one 10K move", move["median"], move["best"], "us", ""),
        (
            f"engine: replay {engine['game']['moves']}-move game",
            full["median"],
            full["best"],
            "ms",
            f"target < {full['target']:g} ms: {verdict}",
        ),
        (
            f"web: POST roll, {web['moves_per_table']}-move table",
            referee["median"],
            referee["best"],
            "req/s",
            f"{web['referee']['ms_per_request']:.2f} ms/request",
        ),
        (
            "web: bare Flask POST",
            bare["median"],
            bare["best"],
            "req/s",
            f"{web['bare']['ms_per_request']:.2f} ms/request",
        ),
    ]
    lines = [f"{'benchmark':<34} {'median':>9} {'best':>9}  unit", "-" * 62]
    lines += [
        f"{name:<34} {med:>9.2f} {best:>9.2f}  {unit:<6} {note}".rstrip()
        for name, med, best, unit, note in rows
    ]
    lines += [
        f"{'web: referee / bare (medians)':<34} {web['ratio']:>9.4f}"
        f"{'':>12}bare is {1 / web['ratio']:.1f}x faster",
        f"{'web: same, page read first':<34} {web['ratio_after_page_read']:>9.4f}"
        f"{'':>12}({web['referee_after_page_read']['ms_per_request']:.2f} ms a request; "
        "the targets are the ratio lines' below)",
        f"{'web: bare POST + the same commit':<34} {web['floor_ratio']:>9.4f}"
        f"{'':>12}of a bare POST: the floor ({web['floor']['ms_per_request']:.2f} ms a "
        f"request); the referee's POST is {web['ratio_to_floor']:.2f} of it",
        f"{'web: unchanged poll / bare GET':<34} {web['poll_ratio']:>9.4f}"
        f"{'':>12}target 0.8: {met(web['poll_ratio'] >= 0.8)}; "
        f"{web['poll_unchanged']['ms_per_request']:.2f} ms per 304",
        f"{'web: table page after a move':<34} {web['page_ratio']:>9.4f}"
        f"{'':>12}of a bare poll; {web['page_after_move_ms']:.2f} ms a page, round trip",
        *ratio_bench.lines(results["ratios"]),
        *move_parts.lines(results["move_parts"]),
        "",
        engine_bench.long_line(engine["long_replays"]),
        lucky7_bench.line(results["lucky7"]),
        *odds_bench.lines(results["odds"]),
        sixd_bench.line(results["sixd"]),
        vision_bench.line(results["vision"]),
        photo_bench.line(results["photo"]),
        *vision_bench.real_lines(results["vision"]),
        load_bench.line(results["load"]),
        capacity_bench.line(results["capacity"]),
        *history_bench.lines(results["history"]),
        *caches_bench.lines(results["caches"]),
        *worst_case_bench.lines(results["worst_case"]),
        outage_bench.line(results["outages"]),
        f"game: 10K, {engine['game']['players']} players, options {engine['game']['options']}, "
        f"seed {engine['game']['seed']}, {engine['game']['moves']} moves",
        f"web: {web['tables']} tables x 1 roll ({dice}) per app, "
        f"{web['referee']['rps']['runs']} interleaved rounds, setup {web['setup_s']:.1f} s",
        f"     server {web['server']}",
        f"     client {web['client']}",
        f"     CSRF {web['csrf']}",
        f"machine: {results['machine']['cpus']} CPUs, {results['machine']['python']}, "
        f"{results['machine']['platform']}; 1-min load before {load}; "
        f"total {results['seconds']:.1f} s",
    ]
    return "\n".join(lines)


def main() -> int:
    """Run the engine, Lucky Sevens and web benchmarks; print and save the figures."""
    start = perf_counter()
    started = datetime.now(UTC).isoformat(timespec="seconds")
    game = bench_game()
    print("Running engine benchmarks...", flush=True)
    engine = engine_bench.run(game)
    print("Running the Lucky Sevens roll benchmark...", flush=True)
    lucky7 = lucky7_bench.run()
    print("Running the odds benchmark (each game in a fresh interpreter)...", flush=True)
    odds = odds_bench.run()
    print("Running the Six D replay and scoring benchmarks...", flush=True)
    sixd = sixd_bench.run()
    print("Timing the photo reader and measuring it on real photos...", flush=True)
    vision = vision_bench.run()
    print("Sending 12-megapixel photos through the web form...", flush=True)
    photo = photo_bench.run()
    print("Running web benchmarks (gunicorn on 127.0.0.1)...", flush=True)
    web = web_bench.run(game)
    print(
        "Timing the table page and the move against bare Flask (SQLite, PostgreSQL)...", flush=True
    )
    ratios = ratio_bench.run(game)
    print("Timing the parts of a move POST inside the app...", flush=True)
    parts = move_parts.run()
    print("Running the load test (1,000 phones polling 100 tables)...", flush=True)
    load = load_bench.run()
    print("Searching the capacity of one server and of two behind HAProxy...", flush=True)
    capacity = capacity_bench.run()
    print("Building 10,000 tables for the history benchmark...", flush=True)
    history = history_bench.run()
    print("Weighing kept replays and timing kept PDFs...", flush=True)
    caches = caches_bench.run()
    print("Timing the worst-case pages (a far final round, the longest stories)...", flush=True)
    worst_case = worst_case_bench.run()
    print("Restarting and hanging a PostgreSQL under gunicorn...", flush=True)
    outages = outage_bench.run()
    results = {
        "started": started,
        "seconds": perf_counter() - start,
        "machine": machine(),
        "engine": engine,
        "lucky7": lucky7,
        "odds": odds,
        "sixd": sixd,
        "vision": vision,
        "photo": photo,
        "web": web,
        "ratios": ratios,
        "move_parts": parts,
        "load": load,
        "capacity": capacity,
        "history": history,
        "caches": caches,
        "worst_case": worst_case,
        "outages": outages,
    }
    results["printables"] = printables_bench.main()
    print()
    print(table(results))
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / "latest.json"
    path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nWrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
