"""Properties of the advice along random legal games of the three push-your-luck games:
it changes nothing, banking is worth what banking scores, the best choice is worth the
most, and every move the players make is one of the choices it weighs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.moves import apply_move
from referee.core.odds import CHANCE, judge
from referee.games import get_game
from referee.log import replay
from tests.conftest import examples
from tests.engine.support import draw_prefix, random_game_log, seeds

TABLES = {
    "tenk": {"target": 2000, "entry": 500},
    "sb": {"target": 25},
    "lucky7": {"target": 40, "set_bonus": 5},
}
PLAYERS = ("Ann", "Bo")
few = settings(max_examples=examples(8), deadline=None)


def bank_gain(slug: str, state) -> int:
    """What banking now adds to the player's score, by the game's own rules."""
    if slug == "tenk":
        return 0 if not state.entered and state.turn_total < state.entry else state.turn_total
    return state.turn_total


def states_and_moves(slug: str, seed: int):
    """Every state of a random game with the move made in it."""
    game = get_game(slug)
    log = random_game_log(game, PLAYERS, TABLES[slug], seed)
    state = replay(log, []).state
    for move in log.moves:
        yield state, move
        state = apply_move(game, state, move)
    yield state, None


@pytest.mark.parametrize("slug", TABLES)
@few
@given(seed=seeds)
def test_advice_weighs_every_move_made_and_its_worths_agree(slug, seed):
    game = get_game(slug)
    for state, move in states_and_moves(slug, seed):
        advice = game.advice(state)
        if move is None:
            assert advice is None  # the game is over
            continue
        assert advice is not None and advice.choices
        worths = [c.worth for c in advice.choices]
        assert advice.best.worth == max(worths) and worths == sorted(worths, reverse=True)
        assert all(0 <= f.value <= 1 for f in advice.figures if f.kind == CHANCE)
        bank = [c for c in advice.choices if c.key == "bank"]
        if bank:
            assert bank[0].worth == bank_gain(slug, state)
        verdict = judge(advice, game.advice_key(state, move))
        assert verdict is not None, move
        assert verdict.cost >= 0 and verdict.followed == (verdict.cost == 0)


@pytest.mark.parametrize("slug", TABLES)
@few
@given(seed=seeds, data=st.data())
def test_advice_never_changes_the_state(slug, seed, data):
    game = get_game(slug)
    log = random_game_log(game, PLAYERS, TABLES[slug], seed)
    prefix, state = draw_prefix(data, log)
    game.advice(state)
    for move in log.moves[len(prefix) : len(prefix) + 1]:
        game.advice_key(state, move)
    assert state == replay(log, prefix).state
    assert game.ruling(state) == game.ruling(replay(log, prefix).state)
