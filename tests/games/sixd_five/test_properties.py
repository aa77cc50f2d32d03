"""Six D Five properties over random legal games played by referee.autoplay."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import get_game
from referee.log import GameLog, replay
from tests.conftest import examples
from tests.engine.support import (
    assert_best_score_wins,
    assert_refusal_changes_nothing,
    assert_replay_is_deterministic,
    draw_prefix,
    random_game_log,
    seeds,
)

FIVE = get_game("sixd-five")
NAMES = ("Ann", "Bo", "Cy", "Di")

tables = st.builds(
    lambda n, dice: (NAMES[:n], {"dice": dice}),
    st.integers(2, 4),
    st.integers(2, 72),
)
fast = settings(max_examples=examples(60), deadline=None)


def random_log(table: tuple, seed: int) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    return random_game_log(FIVE, players, options, seed)


@fast
@given(tables, seeds)
def test_replay_is_deterministic(table: tuple, seed: int) -> None:
    log = random_log(table, seed)
    assert_replay_is_deterministic(log)
    assert random_log(table, seed) == log


@fast
@given(tables, seeds)
def test_random_games_place_every_die_then_score_the_sides(table: tuple, seed: int) -> None:
    players, options = table
    log = random_log(table, seed)
    *places, last = log.moves
    assert places == [{"type": "place"}] * options["dice"]
    result = replay(log)
    assert result.error is None and result.outcome.over and result.outcome.to_move is None
    assert result.outcome.scores == last["totals"]
    assert all(0 <= t <= 6 * options["dice"] for t in last["totals"].values())
    assert_best_score_wins(result.outcome)


@fast
@given(tables, seeds, st.data())
def test_turns_go_round_the_seats_from_the_first(table: tuple, seed: int, data) -> None:
    players, _ = table
    prefix, state = draw_prefix(data, random_log(table, seed))
    if not FIVE.is_over(state):
        assert FIVE.to_move(state) == players[len(prefix) % len(players)]


@fast
@given(tables, seeds, st.sampled_from(["early sides", "wrong player", "too many pips"]), st.data())
def test_a_rejected_move_changes_nothing(table: tuple, seed: int, kind: str, data) -> None:
    players, options = table
    log = random_log(table, seed)
    prefix, state = draw_prefix(data, log)
    most = 6 * options["dice"]
    if FIVE.is_over(state):
        move, codes = {"type": "place"}, {"game-over"}
    elif kind == "wrong player":
        other = next(p for p in players if p != FIVE.to_move(state))
        move, codes = {"type": "place", "player": other}, {"wrong-player"}
    elif state.placed < state.dice:
        move = {"type": "sides", "totals": dict.fromkeys(players, 0)}
        codes = {"stack-not-done"}
    else:
        move = {"type": "sides", "totals": dict.fromkeys(players, most + 1)}
        codes = {"bad-total"}
    assert_refusal_changes_nothing(FIVE, log, prefix, state, move, codes)
