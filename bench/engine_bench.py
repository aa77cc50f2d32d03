"""Engine benchmark: the cost of one 10K move, and of replaying a 300-move game.

Why: the site stores only moves, never state.  Every page view and every posted
move replays the table's whole log (``referee.web.storage.store.replay_table``), so the
cost of a request grows with the game.  A long 10K game runs to a few hundred
moves; if replaying 300 of them stays under 5 ms, replay-on-every-request is
cheap enough that the site needs no cached state.

A table keeps at most ``MAX_MOVES`` (5,000) moves, and replay must stay linear in
the number of moves up to there: (3) replays a 10K log of 1,250, 2,500 and 5,000
bust rolls (the worst case for the turn record, one turn per move) and reports the
milliseconds and the ratio of each doubling (2.0 is linear).

What: (1) microseconds for ``referee.core.moves.apply_move`` on one move, the median
over the 300 moves of the benchmark game (each move applied to the state it was
played in); (2) milliseconds for ``referee.log.replay`` of the 300-move log,
setup checks included, as the web layer calls it.  The scoring caches are warm,
as they are in a running server.
"""

from __future__ import annotations

import gc
import statistics
from time import perf_counter
from typing import Any

from bench import BenchGame, bench_game, summary
from referee.core.moves import apply_move, resolve_options
from referee.games import get_game
from referee.log import MAX_MOVES, GameLog, replay

TENK = get_game("tenk")

REPLAY_TARGET_MS = 5.0
MOVE_RUNS = 15
MOVE_REPEATS = 10
REPLAY_RUNS = 200


def states_before(game: BenchGame) -> list[Any]:
    """The state each move of the game was played in."""
    state = TENK.start(game.players, resolve_options(TENK, game.options))
    states = []
    for move in game.moves:
        states.append(state)
        state = apply_move(TENK, state, move)
    return states


def time_moves(game: BenchGame, runs: int = MOVE_RUNS, repeats: int = MOVE_REPEATS) -> list[float]:
    """Microseconds per move, one figure per run: the median over the game's moves.

    Within a run each move is applied ``repeats`` times in a row to its own
    state (states are immutable, so every application does the same work).
    """
    pairs = list(zip(states_before(game), game.moves, strict=True))
    samples = []
    for run in range(runs + 1):
        per_move = []
        for state, move in pairs:
            start = perf_counter()
            for _ in range(repeats):
                apply_move(TENK, state, move)
            per_move.append((perf_counter() - start) / repeats * 1e6)
        if run:  # the first pass only warms the caches
            samples.append(statistics.median(per_move))
    return samples


def time_replay(game: BenchGame, runs: int = REPLAY_RUNS) -> list[float]:
    """Milliseconds to replay the whole game's log, one figure per run."""
    log = game.log()
    check = replay(log)
    if check.error is not None or check.moves_applied != len(game.moves):
        raise RuntimeError(f"The benchmark game does not replay cleanly: {check.error}")
    samples = []
    for _ in range(runs):
        start = perf_counter()
        replay(log)
        samples.append((perf_counter() - start) * 1e3)
    return samples


BUST_ROLL = {"type": "roll", "dice": ["2", "2", "3", "3", "4", "6"]}
LONG_RUNS = 7


def time_long_replays(runs: int = LONG_RUNS) -> dict[str, Any]:
    """Best-of-runs milliseconds to replay logs of 1/4, 1/2 and all of ``MAX_MOVES`` turns."""
    sizes = (MAX_MOVES // 4, MAX_MOVES // 2, MAX_MOVES)
    medians = {}
    for size in sizes:
        log = GameLog(TENK.SLUG, ("Ann", "Bo"), {}, (BUST_ROLL,) * size)
        samples = []
        for _ in range(runs):
            start = perf_counter()
            replay(log)
            samples.append((perf_counter() - start) * 1e3)
        medians[size] = min(samples)
    doublings = [medians[sizes[i + 1]] / medians[sizes[i]] for i in range(len(sizes) - 1)]
    return {"ms": medians, "doubling_ratios": doublings}


def run(game: BenchGame | None = None) -> dict[str, Any]:
    """Run the engine benchmarks and return their figures."""
    game = game or bench_game()
    gc.collect()
    move = summary(time_moves(game))
    gc.collect()
    full = summary(time_replay(game))
    return {
        "game": {
            "players": len(game.players),
            "options": game.options,
            "seed": game.seed,
            "moves": len(game.moves),
        },
        "move_us": move,
        "replay_ms": {
            **full,
            "target": REPLAY_TARGET_MS,
            "pass": full["median"] < REPLAY_TARGET_MS,
        },
        "long_replays": time_long_replays(),
    }


def long_line(figures: dict[str, Any]) -> str:
    """One line for the long replays: the milliseconds and how each doubling scaled."""
    times = ", ".join(f"{size:,} moves {ms:.0f} ms" for size, ms in figures["ms"].items())
    ratios = " and ".join(f"{r:.2f}" for r in figures["doubling_ratios"])
    return f"engine: long 10K replays: {times}; each doubling x{ratios} (2.0 is linear)"
