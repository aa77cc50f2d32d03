"""10K properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.core.dice import parse_die
from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.tenk import rules as tenk
from referee.log import GameLog, replay
from tests.conftest import examples
from tests.engine.support import (
    assert_best_score_wins,
    assert_refusal_changes_nothing,
    assert_replay_is_deterministic,
    assert_split_take_is_one_move,
    assert_totals_are_the_turns,
    draw_prefix,
    wrong_player_move,
)

TENK = get_game("tenk")
NAMES = ("Ann", "Bo", "Cy", "Di")

tables = st.builds(
    lambda n, target, entry: (NAMES[:n], {"target": target, "entry": entry}),
    st.integers(1, 4),
    st.sampled_from([1000, 2000, 3000]),
    st.sampled_from([0, 300, 500]),
)
fast = settings(max_examples=examples(60), deadline=None)


def random_log(table: tuple, rng: random.Random, colours: bool) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    moves = play_random_game(TENK, players, options, rng, colours=colours)
    return GameLog("tenk", players, options, tuple(moves))


@fast
@given(tables, st.randoms(use_true_random=False), st.booleans())
def test_replay_is_deterministic(table: tuple, rng: random.Random, colours: bool) -> None:
    assert_replay_is_deterministic(random_log(table, rng, colours))


@fast
@given(tables, st.randoms(use_true_random=False), st.booleans())
def test_random_games_end_with_banked_totals(table: tuple, rng: random.Random, colours: bool):
    result = replay(random_log(table, rng, colours))
    board, outcome = result.state.board, result.outcome
    assert outcome.over and outcome.to_move is None
    assert_totals_are_the_turns(board, outcome)
    assert_best_score_wins(outcome)


def illegal_move(state: tenk.TenK, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    expected = tenk.dice_to_roll(state)
    if kind == "wrong dice count":
        count = rng.choice([n for n in range(8) if n != expected])
        move = {"type": "roll", "dice": ["2"] * count}
        codes = {"wrong-dice-count", "set-aside-first"}
    elif kind == "value 7":
        move = {"type": "roll", "dice": ["7"] + ["2"] * ((expected or 6) - 1)}
        codes = {"bad-die", "set-aside-first"}
    elif kind == "die not rolled":
        ones = sum(d.value == 1 for d in state.on_table)
        move = {"type": "set_aside", "dice": ["1"] * (ones + 1)}
        codes = {"die-not-rolled", "roll-first"}
    else:
        move = wrong_player_move(TENK, state, rng)
        codes = {"wrong-player"}
    return move, codes


@fast
@given(
    tables.filter(lambda t: len(t[0]) > 1),
    st.randoms(use_true_random=False),
    st.sampled_from(["wrong dice count", "value 7", "die not rolled", "wrong player"]),
    st.data(),
)
def test_rejected_move_changes_nothing(table: tuple, rng: random.Random, kind: str, data) -> None:
    log = random_log(table, rng, colours=False)
    prefix, state = draw_prefix(data, log)
    over = TENK.outcome(state).over
    move, codes = illegal_move(state, kind, rng) if not over else ({"type": "bank"}, {"game-over"})
    assert_refusal_changes_nothing(TENK, log, prefix, state, move, codes)


@fast
@given(tables, st.randoms(use_true_random=False), st.data())
def test_every_listed_choice_is_legal(table: tuple, rng: random.Random, data) -> None:
    _, state = draw_prefix(data, random_log(table, rng, colours=True))
    for move in tenk.choices(state):
        apply_move(TENK, state, move)


@given(st.text(max_size=6))
def test_any_text_is_a_die_or_a_bad_die_ruling(text: str) -> None:
    try:
        die = parse_die(text)
    except RuleViolation as exc:
        assert exc.code == "bad-die"
    else:
        assert 1 <= die.value <= 6 and str(die) == text


@fast
@given(tables, st.randoms(use_true_random=False), st.booleans(), st.data())
def test_ruling_split_set_aside_is_one_set_aside(
    table: tuple, rng: random.Random, colours: bool, data
) -> None:
    """Several set-aside moves after one roll count as one set-aside of all their dice."""
    assert_split_take_is_one_move(TENK, data, random_log(table, rng, colours), "set_aside", "dice")
