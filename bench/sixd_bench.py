"""Six D One benchmark: replaying three rounds of a six-player game, and a whole one.

Why: every page view and every move of a table replays its log.  A six-player board
has 36 dice, covered one at a time, so three rounds are 108 placements (the issue's
figure, target under 5 ms like a 300-move 10K game); the longest game of all, six
players each rolling the board three times, is 18 boards and 648 placements.

What: one game autoplayed from a fixed seed (6 players, ``rounds_per_player`` = 3).
Its log cut after the third board is covered, and the whole log, are each replayed
``RUNS`` times after a check that every move applies; median and best in ms.
"""

from __future__ import annotations

import gc
import random
from time import perf_counter
from typing import Any

from bench import summary
from referee.autoplay import play_random_game
from referee.games import get_game
from referee.log import GameLog, replay

TARGET_MS = 5.0
RUNS = 100
SEED = 6
PLAYERS = ("Ann", "Bo", "Cy", "Dee", "Eve", "Flo")


def game_log() -> GameLog:
    """The longest Six D One game: six players, each rolling the board three times."""
    game = get_game("sixd-one")
    options = {"rounds_per_player": 3}
    moves = play_random_game(game, PLAYERS, options, random.Random(SEED))
    return GameLog(game.SLUG, PLAYERS, options, tuple(moves))


def first_rounds(log: GameLog, rounds: int) -> GameLog:
    """``log`` cut after its ``rounds``-th board is covered (before the next board)."""
    boards = [i for i, move in enumerate(log.moves) if move["type"] == "board"]
    return GameLog(log.game, log.players, log.options, log.moves[: boards[rounds]])


def time_replay(log: GameLog, runs: int = RUNS) -> list[float]:
    """Milliseconds to replay ``log``, one figure per run (it must replay cleanly)."""
    check = replay(log)
    if check.error is not None:
        raise RuntimeError(f"The benchmark game does not replay: {check.error}")
    samples = []
    for _ in range(runs):
        start = perf_counter()
        replay(log)
        samples.append((perf_counter() - start) * 1e3)
    return samples


def _placements(log: GameLog) -> int:
    return sum(1 for move in log.moves if move["type"] == "place")


def run() -> dict[str, Any]:
    """Time both replays; the three-round one against the target."""
    whole = game_log()
    three = first_rounds(whole, 3)
    gc.collect()
    short = summary(time_replay(three))
    gc.collect()
    full = summary(time_replay(whole))
    return {
        "three_rounds": {**short, "placements": _placements(three), "target": TARGET_MS,
                         "pass": short["median"] < TARGET_MS},
        "whole_game": {**full, "placements": _placements(whole)},
    }  # fmt: skip


def line(figures: dict[str, Any]) -> str:
    """One line for the printed table."""
    short, full = figures["three_rounds"], figures["whole_game"]
    verdict = "PASS" if short["pass"] else "FAIL"
    return (
        f"sixd-one: replay 3 rounds of 6 players ({short['placements']} placements) "
        f"{short['median']:.2f} ms median (target < {short['target']:.0f} ms: {verdict}); "
        f"the whole 18-round game ({full['placements']} placements) {full['median']:.1f} ms"
    )
