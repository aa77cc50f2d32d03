"""Benchmarks for the referee: the 10K engine and the web move endpoint.

Run them all with ``make bench`` (``python -m bench``): it prints a table and
writes the figures to ``bench/results/latest.json``.  Timings use
``time.perf_counter`` over repeated runs and report the median and the best run.

Shared here: the benchmark game, a deterministic 300-move 10K game for three
players, and the summary of repeated timings.  Nothing in this package is
random at run time: the game comes from ``referee.autoplay`` with a fixed seed.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.autoplay import play_random_game
from referee.core.moves import apply_move, resolve_options
from referee.games import get_game
from referee.log import GameLog

TENK = get_game("tenk")

PLAYERS = ("Ann", "Bo", "Cy")
# A high target keeps random games going well past 300 moves.
OPTIONS = {"target": 30_000}
SEED = 10_000
LENGTH = 300
MAX_SEEDS = 1_000


@dataclass(frozen=True)
class BenchGame:
    """A 10K game cut to ``len(moves)`` moves, each stamped with its player as the web stores it."""

    players: tuple[str, ...]
    options: dict[str, int]
    seed: int
    moves: tuple[dict[str, Any], ...]
    next_roll: int

    def log(self) -> GameLog:
        """The game as a referee-log/1 log."""
        return GameLog(TENK.SLUG, self.players, dict(self.options), self.moves)


def bench_game(seed: int = SEED, length: int = LENGTH) -> BenchGame:
    """The first random game from ``seed`` on that runs past ``length`` moves, cut to ``length``.

    The cut must leave the game expecting a roll (phase "roll" or "choose"), so
    the web benchmark can post one; a seed whose cut does not is skipped.  The
    moves are stamped with the player to move, as moves posted on the site are.
    """
    for candidate in range(seed, seed + MAX_SEEDS):
        played = play_random_game(TENK, PLAYERS, OPTIONS, random.Random(candidate))
        if len(played) <= length:
            continue
        state = TENK.start(PLAYERS, resolve_options(TENK, OPTIONS))
        moves = []
        for move in played[:length]:
            moves.append({"player": TENK.to_move(state), **move})
            state = apply_move(TENK, state, moves[-1])
        count = TENK.dice_to_roll(state)
        if count is not None and state.phase in ("roll", "choose"):
            return BenchGame(PLAYERS, dict(OPTIONS), candidate, tuple(moves), count)
    raise RuntimeError(f"No seed in {seed}..{seed + MAX_SEEDS - 1} gives a {length}-move game.")


def summary(samples: Sequence[float], *, higher_is_better: bool = False) -> dict[str, float]:
    """The median and best of repeated runs (best is the lowest time or the highest rate)."""
    return {
        "median": statistics.median(samples),
        "best": max(samples) if higher_is_better else min(samples),
        "runs": len(samples),
    }
