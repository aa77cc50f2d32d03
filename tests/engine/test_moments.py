"""The moments a phone may buzz for: a bust in every push-your-luck game, nothing but the win
in the others (10K's own, hot dice too: tests/games/tenk/test_moments.py)."""

from __future__ import annotations

import random

import pytest

from referee.autoplay import play_random_game
from referee.core.engine import PUSH_YOUR_LUCK
from referee.games import all_games
from referee.log import GameLog, replay

PUSH = [g for g in all_games() if g.KIND == PUSH_YOUR_LUCK]


@pytest.mark.parametrize("game", PUSH, ids=lambda g: g.SLUG)
def test_the_bust_moment_follows_exactly_the_moves_that_bust(game):
    rng = random.Random(16)
    for _ in range(3):
        players = ("Ann", "Bo", "Cy")
        moves = play_random_game(game, players, None, rng)
        before = 0
        for cut in range(1, len(moves) + 1):
            state = replay(GameLog(game.SLUG, players, {}, tuple(moves[:cut]))).state
            turns = game.turn_records(state)
            busted = len(turns) > before and turns[-1].bust
            before = len(turns)
            assert (game.moment(state) == "bust") == busted, (cut, moves[cut - 1])


@pytest.mark.parametrize(
    "game", [g for g in all_games() if g.KIND != PUSH_YOUR_LUCK], ids=lambda g: g.SLUG
)
def test_other_games_have_no_moment_but_their_win(game):
    state = game.start(
        tuple(f"P{i}" for i in range(game.MIN_PLAYERS)), {o.name: o.default for o in game.OPTIONS}
    )
    assert game.moment(state) is None
