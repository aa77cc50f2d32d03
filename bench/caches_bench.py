"""Caches benchmark: what a kept replay weighs, and what a kept PDF saves.

Why: each worker keeps the replays of the tables it served (``referee.web.storage.replays``) within
a budget of bytes, reckoning each entry's weight from its number of moves (``weight``).  That
estimate must never be below what an entry really holds, or the budget is not one; and it should not
be far above it either, or the budget keeps few tables.  PDFs take 10-150 ms of CPU to build, so
each is kept (``referee.web.history.printing``): a request for one kept must cost a small share of a
build.

What: (1) for tables of every game at the 5,000-move cap (or as long as a random game of it
runs, at its largest table and longest options), and for the worst cases found (10K and Lucky
Sevens rolls that each bust, with a colour letter on every die, so each die is its own
string), the bytes that the kept moves and replay hold, measured with ``tracemalloc`` after
a trip of every move through JSON as the database gives them back; beside it the estimate
and the estimate's ratio to it.  Players' names are 30 letters outside the Basic
Multilingual Plane (4 bytes a letter: the longest names).  (2) milliseconds to GET a rule
sheet, a scorepad and a 5,000-move table's scoresheet through the test client with nothing
kept (a build) and kept (a hit), in milliseconds of CPU, median of ``RUNS``.  Run alone with
``python -m bench.caches_bench``.
"""

from __future__ import annotations

import gc
import json
import os
import random
import tempfile
import tracemalloc
from collections.abc import Sequence
from time import process_time
from typing import Any

from bench import summary
from referee.autoplay import random_legal_move
from referee.core.contract import Game
from referee.core.moves import apply_move, check_players, resolve_options
from referee.games import all_games, get_game
from referee.log import MAX_MOVES, GameLog, replay
from referee.web.storage.replays import Kept, weight

# 30 letters, 29 of 4 bytes each (CJK ideographs outside the Basic Multilingual Plane): the
# heaviest name a player may have (30 characters at most).
LONG_NAMES = tuple(chr(0x20000 + n) * 29 + str(n) for n in range(8))
# Options that make a random game run longest: the highest target, the most rounds or dice.
LONGEST = ("target", "rounds", "rounds_per_player", "dice")
# Rolls that bust every time: one turn, so one turn record, per move.
BUSTS = {
    "tenk": ["2r", "2y", "3g", "3b", "4o", "6p"],
    "lucky7": ["6r", "6y", "6g", "6b", "6o", "6p", "6r", "6y"],
}
RUNS = 7


def long_table(game: Game, seed: int = 1, names: Sequence[str] = LONG_NAMES) -> GameLog:
    """A random game at the game's largest table and longest options, cut at ``MAX_MOVES``
    moves (it may end sooner), each move stamped with its player as the web stores it."""
    players = tuple(names[: game.MAX_PLAYERS])
    options = {o.name: o.maximum if o.name in LONGEST else o.default for o in game.OPTIONS}
    rng = random.Random(seed)
    state = game.start(check_players(game, players), resolve_options(game, options))
    moves: list[dict[str, Any]] = []
    while not game.outcome(state).over and len(moves) < MAX_MOVES:
        move = random_legal_move(game, state, rng, colours=game.SLUG == "tenk")
        who = game.to_move(state)
        state = apply_move(game, state, move)
        moves.append({**move, "player": who} if who else move)
    return GameLog(game.SLUG, players, options, tuple(moves))


def busting_table(slug: str, players: int = 2) -> GameLog:
    """``MAX_MOVES`` rolls that each bust, at a table of ``players`` with the longest names."""
    names = LONG_NAMES[:players]
    dice = BUSTS[slug]
    moves = tuple(
        {"type": "roll", "dice": list(dice), "player": names[n % players]} for n in range(MAX_MOVES)
    )
    return GameLog(slug, names, {}, moves)


def kept_bytes(log: GameLog) -> int:
    """The bytes a kept replay of ``log`` holds: its moves as read back from JSON and the
    engine's replay of them, measured with ``tracemalloc`` (the scoring caches warmed first,
    as in a running server, so that only what the entry holds is counted)."""
    texts = [json.dumps(move) for move in log.moves]
    players = json.loads(json.dumps(list(log.players)))
    replay(log)
    gc.collect()
    tracemalloc.start()
    try:
        moves = tuple(json.loads(text) for text in texts)
        kept = Kept(moves, replay(GameLog(log.game, tuple(players), dict(log.options), moves)))
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept.replay.error is None, kept.replay.error
    return held


def tables() -> dict[str, GameLog]:
    """The tables weighed: each game's long random table, and the worst cases found."""
    weighed = {game.SLUG: long_table(game) for game in all_games()}
    weighed.update({f"{slug} busts": busting_table(slug) for slug in BUSTS})
    return weighed


def replay_memory() -> list[dict[str, Any]]:
    """Measured and estimated bytes of each table's kept replay."""
    rows = []
    for name, log in tables().items():
        held, estimate = kept_bytes(log), weight(len(log.moves))
        rows.append({"table": name, "moves": len(log.moves), "measured": held,
                     "per_move": held / max(1, len(log.moves)), "estimate": estimate,
                     "ratio": estimate / held})  # fmt: skip
    return rows


def _time_get(client: Any, url: str, *, kept: bool) -> dict[str, float]:
    """Milliseconds of CPU to GET ``url`` (this process's: steadier than the wall clock on a
    shared machine): with the PDF kept, or with nothing kept (a build)."""
    from referee.web.history.printing import printouts

    client.get(url)
    budget, samples = printouts.budget, []
    for _ in range(RUNS):
        if not kept:  # drop every kept PDF
            printouts.resize(0)
            printouts.resize(budget)
        start = process_time()
        response = client.get(url)
        samples.append((process_time() - start) * 1e3)
        assert response.status_code == 200, (url, response.status_code)
    return summary(samples)


def pdf_cache() -> list[dict[str, Any]]:
    """Each PDF's GET with nothing kept and kept, through the test client."""
    from flask_migrate import upgrade

    from referee.web import create_app
    from referee.web.storage.store import import_log

    folder = tempfile.mkdtemp(prefix="referee-caches-bench-")
    os.environ["REFEREE_INSTANCE"] = folder
    os.environ["REFEREE_RATE_LIMITS"] = "off"
    url = f"sqlite:///{folder}/caches.sqlite3"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    with app.app_context():
        upgrade()
        token = import_log(long_table(get_game("tenk"), names=("Ann", "Bo", "Cy")))
    client = app.test_client()
    urls = {
        "10K rule sheet": "/print/tenk/rules.pdf",
        "Solitaire Dice scorepad, 8 players": "/print/solitaire/scorepad.pdf?players=8",
        "10K scoresheet, 5,000 moves": f"/t/{token}/sheet.pdf",
    }
    rows = []
    for name, path in urls.items():
        built, kept = _time_get(client, path, kept=False), _time_get(client, path, kept=True)
        rows.append({"document": name, "built_ms": built["median"], "kept_ms": kept["median"],
                     "share": kept["median"] / built["median"]})  # fmt: skip
    return rows


def run() -> dict[str, Any]:
    """Weigh the kept replays, time the PDFs built and kept."""
    memory = replay_memory()
    return {
        "replay_memory": memory,
        "estimate_never_below": all(row["ratio"] >= 1 for row in memory),
        "pdf": pdf_cache(),
        "runs": RUNS,
    }


def lines(result: dict[str, Any]) -> list[str]:
    """The figures as lines for the bench table."""
    out = ["kept replays (tracemalloc; 30-letter names of 4-byte letters):"]
    for row in result["replay_memory"]:
        out.append(
            f"  {row['table']:<14} {row['moves']:>5} moves {row['measured'] / 1e6:>6.2f} MB "
            f"({row['per_move']:>5.0f} B a move), estimate {row['estimate'] / 1e6:>6.2f} MB "
            f"(x{row['ratio']:.2f})"
        )
    verdict = "PASS" if result["estimate_never_below"] else "FAIL"
    out.append(f"  estimate never below the measured size: {verdict}")
    out.append(f"PDFs through the test client, ms of CPU, median of {result['runs']}:")
    for row in result["pdf"]:
        out.append(
            f"  {row['document']:<36} built {row['built_ms']:>6.1f} ms, "
            f"kept {row['kept_ms']:>5.2f} ms ({row['share']:.1%} of a build)"
        )
    return out


if __name__ == "__main__":
    print("\n".join(lines(run())))
