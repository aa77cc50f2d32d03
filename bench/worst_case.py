"""The worst cases a phone with only a table's link can ask for (issue 24), as game logs.

Shared by the worst-case bench (``bench.worst_case_bench``) and its test
(``tests/web/test_worst_case_pages.py``): a 10K final round 200,000 past the target, and
the longest story of each game that gives advice, eight players at a high target played at
random up to the 5,000-move cap a table keeps.  Deterministic: fixed seeds.
"""

from __future__ import annotations

import random
from typing import Any

from referee.autoplay import random_legal_move
from referee.core.moves import apply_move, resolve_options
from referee.games import get_game
from referee.log import MAX_MOVES, GameLog

EIGHT = tuple(f"Player {n}" for n in range(1, 9))
# Targets that keep eight random players going to the cap (Solitaire Dice ends by itself).
LONG_GAMES = {
    "tenk": {"target": 1_000_000},
    "sb": {"target": 1000},
    "lucky7": {"target": 1000},
    "solitaire": {},
}
PAST_TARGET = 200_000
SIX_ONES = ["1"] * 6  # 4,000 points, and hot dice: the whole six again


def long_log(slug: str, seed: int = 1, moves: int = MAX_MOVES) -> GameLog:
    """A random game of eight players at a high target, up to ``moves`` moves (or its end);
    each move stamped with its player, as the web stores it."""
    game, options = get_game(slug), LONG_GAMES[slug]
    state = game.start(EIGHT, resolve_options(game, options))
    rng = random.Random(seed)
    played: list[dict[str, Any]] = []
    while len(played) < moves and not game.outcome(state).over:
        move = random_legal_move(game, state, rng)
        who = game.to_move(state)
        played.append({"player": who, **move} if who else move)
        state = apply_move(game, state, played[-1])
    return GameLog(slug, EIGHT, dict(options), tuple(played))


def far_final_round_log() -> GameLog:
    """10K to 10,000 for two: Ann banks 200,000 past the target in one turn of hot dice,
    and Bo, in the final round, has a roll on the table to set aside from."""
    moves: list[dict[str, Any]] = []
    while len(moves) // 2 * 4000 < 10_000 + PAST_TARGET:
        moves += [
            {"player": "Ann", "type": "roll", "dice": SIX_ONES},
            {"player": "Ann", "type": "set_aside", "dice": SIX_ONES},
        ]
    moves += [
        {"player": "Ann", "type": "bank"},
        {"player": "Bo", "type": "roll", "dice": ["1", "5", "2", "2", "3", "4"]},
    ]
    return GameLog("tenk", ("Ann", "Bo"), {"target": 10_000, "entry": 500}, tuple(moves))
