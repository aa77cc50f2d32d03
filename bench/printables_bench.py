"""Printables benchmark: how long each PDF takes to build.

Why: the site builds rule sheets, scorepads and scoresheets when a phone asks
for one, inside a request.  A blank scorepad should come back in well under
150 ms and a rule sheet (two pages, with vector dice) under 300 ms, so a
printout never feels slower than a page.

What: for every game with documents, milliseconds to build its A4 rule sheet
and its blank 4-player scorepad (``printables.rule_sheet`` /
``printables.scorepad``, PDF bytes in memory, nothing written), and the filled
scoresheet of each example log in ``seeds/`` (replay included, no target).
Each figure is the median of ``RUNS`` builds after one warm-up build, which
loads reportlab's fonts and the games' scoring caches.  Run alone with
``python -m bench.printables_bench``.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from pathlib import Path
from time import perf_counter
from typing import Any

import printables
from bench import summary
from referee.games import all_games
from referee.log import loads, replay

RUNS = 7
TARGETS_MS = {"rules": 300.0, "scorepad": 150.0}
SEEDS = Path(__file__).resolve().parents[1] / "seeds"


def time_build(make: Callable[[], bytes], runs: int = RUNS) -> list[float]:
    """Milliseconds per build, one figure per run, after a warm-up build."""
    make()
    gc.collect()
    samples = []
    for _ in range(runs):
        start = perf_counter()
        make()
        samples.append((perf_counter() - start) * 1e3)
    return samples


def _filled(path: Path) -> Callable[[], bytes]:
    text = path.read_text(encoding="utf-8")
    return lambda: printables.filled_sheet(
        replay(loads(text)),
        title_date="2025-01-01",
        address="http://localhost:5000/t/0123456789abcdef0123456789abcdef",
    )


def run() -> dict[str, Any]:
    """Time every document; each timed kind with a target gets a pass flag."""
    rows: list[dict[str, Any]] = []
    for game in all_games():
        for kind, make in (
            ("rules", lambda g=game: printables.rule_sheet(g)),
            ("scorepad", lambda g=game: printables.scorepad(g, players=4)),
        ):
            figures = summary(time_build(make))
            target = TARGETS_MS[kind]
            rows.append({"document": f"{game.SLUG} {kind}", "kind": kind, **figures,
                         "target": target, "pass": figures["median"] < target})  # fmt: skip
    for path in sorted(SEEDS.glob("*.json")):
        figures = summary(time_build(_filled(path)))
        rows.append({"document": f"{path.stem} sheet", "kind": "sheet", **figures})
    return {"runs": RUNS, "paper": "a4", "documents": rows,
            "pass": all(r["pass"] for r in rows if "pass" in r)}  # fmt: skip


def table(results: dict[str, Any]) -> str:
    """The figures as a fixed-width table."""
    lines = [f"{'printables (A4)':<34} {'median':>9} {'best':>9}  unit", "-" * 62]
    for row in results["documents"]:
        note = ""
        if "target" in row:
            note = f"target < {row['target']:g} ms: {'PASS' if row['pass'] else 'FAIL'}"
        line = f"{row['document']:<34} {row['median']:>9.1f} {row['best']:>9.1f}  ms     {note}"
        lines.append(line.rstrip())
    lines.append(f"median of {results['runs']} builds after one warm-up build, bytes in memory")
    return "\n".join(lines)


def main() -> dict[str, Any]:
    """Run, print the table, and return the figures (``python -m bench`` saves them)."""
    print("Running printables benchmarks...", flush=True)
    results = run()
    print(table(results), flush=True)
    return results


if __name__ == "__main__":
    sys.exit(0 if main()["pass"] else 1)
