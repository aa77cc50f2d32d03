"""Six D benchmarks: replaying Six D One, Three, Four and Six games, scoring a Three
placement and judging a Six take.

Why: every page view and every move of a table replays its log.  A six-player Six D One
board has 36 dice, covered one at a time, so three rounds are 108 placements (the issue's
figure, target under 5 ms like a 300-move 10K game); the longest game of all, six
players each rolling the board three times, is 18 boards and 648 placements.  A Six D
Three placement is scored by following chains across the grid, worst when the grid is
nearly full (target under 0.2 ms); a whole Three or Four game replays under 5 ms.

What: one Six D One game autoplayed from a fixed seed (6 players, ``rounds_per_player``
= 3); its log cut after the third board is covered, and the whole log, are each replayed
``RUNS`` times after a check that every move applies; median and best in ms.  Six D
Three: a two-player game (all 36 dice go down); its last placement scored on the grid
of the 35 before it, ``SCORE_RUNS`` times, and the whole game replayed.  Six D Four: a
two-player game (6 x 6), and the longest of ``FOUR_SEEDS`` six-player games (8 x 8),
each replayed whole.

Six D Six: a take is judged against the taker's area: the set's lines on the board, the
turn that carries it onto the area cells named, and every line through a new die in an
area that only grows (target under 1 ms against an area of 20 dice).  The take is move
``SIX_MOVE`` of the two-player game autoplayed from ``SIX_SEED``, whose taker then holds
20 dice; it is applied ``SCORE_RUNS`` times to the state before it.  Beside it, what the
phone's preview costs there: every set on the board with every placement in that area
(``choices``).  Then that game and the longest of ``FOUR_SEEDS`` four-player games are
replayed whole.
"""

from __future__ import annotations

import gc
import random
from time import perf_counter
from typing import Any

from bench import summary
from referee.autoplay import play_random_game
from referee.core.dice import parse_die
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.sixd_six import rules as sixd_six
from referee.games.sixd_three import rules as sixd_three
from referee.log import GameLog, replay

TARGET_MS = 5.0
SCORE_TARGET_MS = 0.2
RUNS = 100
SCORE_RUNS = 2000
SEED = 6
PLAYERS = ("Ann", "Bo", "Cy", "Dee", "Eve", "Flo")
FOUR_SEEDS = 10
TAKE_TARGET_MS = 1.0
SIX_SEED, SIX_MOVE = 59, 26  # a take by a player holding 20 dice in their area
CHOICE_RUNS = 20


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


def autoplayed(slug: str, players: tuple[str, ...], seed: int) -> GameLog:
    """A whole random game of ``slug`` as a log."""
    game = get_game(slug)
    moves = play_random_game(game, players, {}, random.Random(seed))
    return GameLog(slug, players, {}, tuple(moves))


def longest_four() -> GameLog:
    """The longest of ``FOUR_SEEDS`` random six-player Six D Four games."""
    logs = [autoplayed("sixd-four", PLAYERS, seed) for seed in range(FOUR_SEEDS)]
    return max(logs, key=lambda log: len(log.moves))


def time_last_score(log: GameLog, runs: int = SCORE_RUNS) -> tuple[list[float], int]:
    """Milliseconds to score the last placement of a Six D Three ``log`` on the grid as it
    stood (one figure per run), and how many dice were on the grid."""
    last = max(i for i, move in enumerate(log.moves) if move["type"] == "place")
    state = replay(log, log.moves[:last]).state
    move = log.moves[last]
    die, cell = parse_die(move["die"]), (move["cell"][0], move["cell"][1])
    samples = []
    for _ in range(runs):
        start = perf_counter()
        sixd_three.score(state.grid, state.cover, die, cell)
        samples.append((perf_counter() - start) * 1e3)
    return samples, len(state.cover.cells())


def time_take(log: GameLog, index: int, runs: int = SCORE_RUNS) -> tuple[list[float], int, int]:
    """Milliseconds to judge and apply take ``index`` of a Six D Six ``log`` (one figure per
    run), the dice in the taker's area before it, and the dice in the set."""
    state = replay(log, log.moves[:index]).state
    move = log.moves[index]
    game = get_game("sixd-six")
    samples = []
    for _ in range(runs):
        start = perf_counter()
        apply_move(game, state, move)
        samples.append((perf_counter() - start) * 1e3)
    return samples, len(state.area), len(move["cells"])


def time_choices(log: GameLog, index: int, runs: int = CHOICE_RUNS) -> tuple[list[float], int]:
    """Milliseconds to list every legal take before move ``index`` of a Six D Six ``log``
    (every set with every placement in the mover's area), and how many there are."""
    state = replay(log, log.moves[:index]).state
    samples = []
    for _ in range(runs):
        start = perf_counter()
        found = sixd_six.choices(state)
        samples.append((perf_counter() - start) * 1e3)
    return samples, len(found)


def longest_six() -> GameLog:
    """The longest of ``FOUR_SEEDS`` random four-player Six D Six games."""
    logs = [autoplayed("sixd-six", PLAYERS[:4], seed) for seed in range(FOUR_SEEDS)]
    return max(logs, key=lambda log: len(log.moves))


def _replayed(log: GameLog) -> dict[str, Any]:
    gc.collect()
    figures = summary(time_replay(log))
    return {**figures, "moves": len(log.moves), "target": TARGET_MS,
            "pass": figures["median"] < TARGET_MS}  # fmt: skip


def run() -> dict[str, Any]:
    """Time the replays and the scoring; each against its target."""
    whole = game_log()
    three = first_rounds(whole, 3)
    gc.collect()
    short = summary(time_replay(three))
    gc.collect()
    full = summary(time_replay(whole))
    chain = autoplayed("sixd-three", PLAYERS[:2], SEED)
    gc.collect()
    samples, on_grid = time_last_score(chain)
    scored = summary(samples)
    return {
        "three_rounds": {**short, "placements": _placements(three), "target": TARGET_MS,
                         "pass": short["median"] < TARGET_MS},
        "whole_game": {**full, "placements": _placements(whole)},
        "three_score": {**scored, "on_grid": on_grid, "target": SCORE_TARGET_MS,
                        "pass": scored["median"] < SCORE_TARGET_MS},
        "three_replay": _replayed(chain),
        "four_replay_two": _replayed(autoplayed("sixd-four", PLAYERS[:2], SEED)),
        "four_replay_six": _replayed(longest_four()),
        **six_figures(),
    }  # fmt: skip


def six_figures() -> dict[str, Any]:
    """Six D Six: a take against a 20-die area, the preview of every take there, replays."""
    game = autoplayed("sixd-six", PLAYERS[:2], SIX_SEED)
    gc.collect()
    samples, area, dice = time_take(game, SIX_MOVE)
    took = summary(samples)
    gc.collect()
    samples, count = time_choices(game, SIX_MOVE)
    listed = summary(samples)
    return {
        "six_take": {**took, "area": area, "dice": dice, "target": TAKE_TARGET_MS,
                     "pass": took["median"] < TAKE_TARGET_MS},
        "six_choices": {**listed, "takes": count},
        "six_replay_two": _replayed(game),
        "six_replay_four": _replayed(longest_six()),
    }  # fmt: skip


def _verdict(figures: dict[str, Any]) -> str:
    return "PASS" if figures["pass"] else "FAIL"


def line(figures: dict[str, Any]) -> str:
    """The lines for the printed table (Six D One, then Three and Four)."""
    short, full = figures["three_rounds"], figures["whole_game"]
    lines = [
        f"sixd-one: replay 3 rounds of 6 players ({short['placements']} placements) "
        f"{short['median']:.2f} ms median (target < {short['target']:.0f} ms: "
        f"{_verdict(short)}); the whole 18-round game ({full['placements']} placements) "
        f"{full['median']:.1f} ms"
    ]
    if "three_score" in figures:
        score, three = figures["three_score"], figures["three_replay"]
        two, six = figures["four_replay_two"], figures["four_replay_six"]
        lines += [
            f"sixd-three: score a placement on a grid of {score['on_grid']} dice "
            f"{score['median'] * 1000:.1f} us median (target < {score['target']} ms: "
            f"{_verdict(score)}); replay a 2-player game ({three['moves']} moves) "
            f"{three['median']:.2f} ms ({_verdict(three)})",
            f"sixd-four: replay a 2-player game ({two['moves']} moves) {two['median']:.2f} ms "
            f"({_verdict(two)}); the longest of {FOUR_SEEDS} 6-player games ({six['moves']} "
            f"moves) {six['median']:.2f} ms ({_verdict(six)})",
        ]
    if "six_take" in figures:
        took, listed = figures["six_take"], figures["six_choices"]
        two, four = figures["six_replay_two"], figures["six_replay_four"]
        lines += [
            f"sixd-six: judge a take of {took['dice']} dice into an area of {took['area']} dice "
            f"{took['median'] * 1000:.1f} us median (target < {took['target']:g} ms: "
            f"{_verdict(took)}); list all {listed['takes']} takes there "
            f"{listed['median']:.2f} ms",
            f"sixd-six: replay a 2-player game ({two['moves']} moves) {two['median']:.2f} ms "
            f"({_verdict(two)}); the longest of {FOUR_SEEDS} 4-player games ({four['moves']} "
            f"moves) {four['median']:.2f} ms ({_verdict(four)})",
        ]
    return "\n".join(lines)
