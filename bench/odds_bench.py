"""Odds benchmark (issue 17): what the advice line of a turn screen costs to compute.

Why: the line is computed for the page of any state of 10K, Keys and Base Dice, Lucky
Sevens and Solitaire Dice, and should cost under 20 ms.  Each game's tables are worked out
on first use in a process and kept, so the first advice in a process pays for them once.

What: for each game, in a fresh interpreter (nothing cached), the first advice of a new
table (the turn's first roll: the game's tables are built); then every state of ``GAMES``
random two-player games of ``referee.autoplay`` (10K's with the advice to win), each
advised once as a page would be (the first time its situation is seen, such as a new banked
score in Lucky Sevens, a new goal in a final round or a new pair of 10K scores, works out a
little more).  Reported: milliseconds for the first
advice, and the median, 99th percentile and worst over the states, with where the worst was,
in CPU time of the process (on a shared machine, wall time also counts the neighbours).

Run: ``make bench`` (or ``python -m bench.odds_bench`` alone).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

GAMES = 8
TARGET_MS = 20.0
TABLES = {
    "tenk": {"target": 10_000, "entry": 500},
    "sb": {"target": 60},
    "lucky7": {"target": 100, "set_bonus": 5},
    "solitaire": {},
}


def measure(slug: str, games: int = GAMES) -> dict[str, Any]:
    """The figures of one game, measured in this process (call it in a fresh one)."""
    import random
    from time import process_time

    from referee.autoplay import play_random_game
    from referee.core.moves import apply_move
    from referee.games import get_game

    game, players, options = get_game(slug), ("Ann", "Bo"), TABLES[slug]
    start = process_time()
    game.advice(game.start(players, options))
    first = process_time() - start
    times: list[tuple[float, str]] = []
    for seed in range(games):
        state = game.start(players, options)
        moves = play_random_game(game, players, options, random.Random(seed))
        for number, move in enumerate(moves, start=1):
            start = process_time()
            game.advice(state)
            where = f"game {seed + 1}, move {number}" + (
                ", final round" if game.in_final_round(state) else ""
            )
            times.append((process_time() - start, where))
            state = apply_move(game, state, move)
    times.sort()
    return {
        "first_ms": first * 1000,
        "states": len(times),
        "median_ms": times[len(times) // 2][0] * 1000,
        "p99_ms": times[int(len(times) * 0.99)][0] * 1000,
        "worst_ms": times[-1][0] * 1000,
        "worst_at": times[-1][1],
    }


def run(games: int = GAMES) -> dict[str, dict[str, Any]]:
    """Every game's figures, each measured in a fresh interpreter."""
    results = {}
    for slug in TABLES:
        code = (
            f"import json, bench.odds_bench as b; print(json.dumps(b.measure({slug!r}, {games})))"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, check=True, text=True
        )
        results[slug] = json.loads(out.stdout)
    return results


def lines(results: dict[str, dict[str, Any]]) -> list[str]:
    """One line a game: the first advice, and the median, p99 and worst over the states."""
    return [
        f"odds: {slug:9} first advice {r['first_ms']:4.0f} ms; {r['states']} states: median "
        f"{r['median_ms']:.2f} ms, p99 {r['p99_ms']:.1f} ms, worst {r['worst_ms']:.1f} ms "
        f"({r['worst_at']}; target {TARGET_MS:.0f} ms: "
        f"{'met' if r['worst_ms'] < TARGET_MS else 'NOT met'})"
        for slug, r in results.items()
    ]


def main() -> None:
    """Measure every game and print its line."""
    print("\n".join(lines(run())))


if __name__ == "__main__":
    main()
