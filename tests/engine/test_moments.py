"""The moments a phone may buzz for: a bust (every push-your-luck game) and 10K's hot dice."""

from __future__ import annotations

import random

import pytest

from referee.autoplay import play_random_game
from referee.core.engine import PUSH_YOUR_LUCK
from referee.games import all_games, get_game
from referee.log import GameLog, replay
from tests.engine.support import aside, play, roll

PUSH = [g for g in all_games() if g.KIND == PUSH_YOUR_LUCK]


def test_a_10k_bust_is_the_moment_until_the_next_player_rolls():
    state = play("tenk", roll("1 2 3 4 6 6"), aside("1"), roll("2 3 4 6 6"))
    assert get_game("tenk").moment(state) == "bust"
    assert get_game("tenk").moment(play("tenk", roll("1 2 3 4 6 6"), aside("1"))) is None


def test_all_six_set_aside_is_10ks_hot_dice():
    state = play("tenk", roll("1 1 1 5 5 5"), aside("1 1 1 5 5 5"))
    assert get_game("tenk").moment(state) == "hot dice"
    assert get_game("tenk").moment(play("tenk", roll("1 1 1 5 5 5"), aside("1 1 1"))) is None


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
