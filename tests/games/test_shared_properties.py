"""The properties every game shares, over random legal games played by referee.autoplay: a
replay is deterministic, a move the rules refuse changes nothing, and a random game ends with
its totals its turns' and the best score winning.  How each game is played at random, the
moves its rules must refuse and what it checks of its own end are its
``tests/games/<package>/random_play.py``'s (``RANDOM_PLAY``); its own properties are its
``test_properties.py``'s.

Each game keeps its own number of examples (``RandomPlay.settings``), so each property runs
as a Hypothesis test of its own inside the parametrized one, keyed in the example database by
the parametrized test's id, as Hypothesis's pytest plugin keys a parametrized ``@given`` test.
"""

from __future__ import annotations

import random
from importlib import import_module

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games import all_games
from referee.log import replay
from tests.engine.support import (
    RandomPlay,
    assert_best_score_wins,
    assert_refusal_changes_nothing,
    assert_replay_is_deterministic,
    assert_totals_are_the_turns,
    draw_prefix,
    seeds,
)

# Every game registered (a game without a random_play.py stops the collection here).
PLAYS = [
    import_module(f"tests.games.{game.SLUG.replace('-', '_')}.random_play").RANDOM_PLAY
    for game in all_games()
]
each_game = pytest.mark.parametrize("play", PLAYS, ids=lambda play: play.game.SLUG)


def run(request, play: RandomPlay, test) -> None:
    """Run ``test`` (a ``@given`` property) with the game's settings, under a database key of
    this parametrized test's own."""
    test = play.settings(test)
    test.hypothesis.inner_test._hypothesis_internal_add_digest = request.node.nodeid.encode()
    test()


@pytest.mark.long(10)
@each_game
def test_replay_is_deterministic(request, play: RandomPlay) -> None:
    @given(play.tables, seeds)
    def replay_is_deterministic(table, seed: int) -> None:
        log = play.random_log(table, seed)
        assert_replay_is_deterministic(log)
        assert play.random_log(table, seed) == log  # same seed, same game

    run(request, play, replay_is_deterministic)


@each_game
def test_a_rejected_move_changes_nothing(request, play: RandomPlay) -> None:
    tables = play.tables if play.refusal_tables is None else play.refusal_tables

    @given(tables, seeds, st.sampled_from(play.kinds), st.data())
    def a_rejected_move_changes_nothing(table, seed: int, kind: str, data) -> None:
        log = play.random_log(table, seed)
        prefix, state = draw_prefix(data, log)
        move, codes = play.illegal(state, kind, random.Random(seed))
        assert_refusal_changes_nothing(play.game, log, prefix, state, move, codes)

    run(request, play, a_rejected_move_changes_nothing)


@each_game
def test_random_games_end_with_consistent_totals(request, play: RandomPlay) -> None:
    @given(play.tables, seeds)
    def random_games_end_with_consistent_totals(table, seed: int) -> None:
        log = play.random_log(table, seed)
        result = replay(log)
        outcome = result.outcome
        assert result.error is None and result.moves_applied == len(log.moves)
        assert outcome.over and outcome.to_move is None
        if play.totals_are_the_turns:
            assert_totals_are_the_turns(play.game.turn_records(result.state), outcome)
        if play.best_score_wins:
            assert_best_score_wins(outcome)
        play.ended(table, log, result)

    run(request, play, random_games_end_with_consistent_totals)
