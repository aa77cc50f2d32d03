"""10K's moments a phone may buzz for: a bust, until the next player rolls, and hot dice."""

from __future__ import annotations

from referee.games import get_game
from tests.engine.support import aside, play, roll


def test_a_10k_bust_is_the_moment_until_the_next_player_rolls():
    state = play("tenk", roll("1 2 3 4 6 6"), aside("1"), roll("2 3 4 6 6"))
    assert get_game("tenk").moment(state) == "bust"
    assert get_game("tenk").moment(play("tenk", roll("1 2 3 4 6 6"), aside("1"))) is None


def test_all_six_set_aside_is_10ks_hot_dice():
    state = play("tenk", roll("1 1 1 5 5 5"), aside("1 1 1 5 5 5"))
    assert get_game("tenk").moment(state) == "hot dice"
    assert get_game("tenk").moment(play("tenk", roll("1 1 1 5 5 5"), aside("1 1 1"))) is None
