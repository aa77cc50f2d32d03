"""10K properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import copy
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game, random_legal_move
from referee.dice import parse_die
from referee.engine import RuleViolation, apply_move, get_game
from referee.games import tenk
from referee.log import GameLog, dumps, loads, replay

TENK = get_game("tenk")
NAMES = ("Ann", "Bo", "Cy", "Di")
KEBAB = re.compile(r"^[a-z]+(-[a-z]+)*$")

tables = st.builds(
    lambda n, target, entry: (NAMES[:n], {"target": target, "entry": entry}),
    st.integers(1, 4),
    st.sampled_from([1000, 2000, 3000]),
    st.sampled_from([0, 300, 500]),
)
fast = settings(max_examples=60, deadline=None)


def random_log(table: tuple, rng: random.Random, colours: bool) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    moves = play_random_game(TENK, players, options, rng, colours=colours)
    return GameLog("tenk", players, options, tuple(moves))


@fast
@given(tables, st.randoms(use_true_random=False), st.booleans())
def test_replay_is_deterministic(table: tuple, rng: random.Random, colours: bool) -> None:
    log = random_log(table, rng, colours)
    first, second = replay(log), replay(log)
    assert first.error is None
    assert first.state == second.state
    assert replay(loads(dumps(log))).state == first.state


@fast
@given(tables, st.randoms(use_true_random=False), st.booleans())
def test_random_games_end_with_banked_totals(table: tuple, rng: random.Random, colours: bool):
    result = replay(random_log(table, rng, colours))
    board, outcome = result.state.board, result.outcome
    assert outcome.over and outcome.to_move is None
    for player, total in outcome.scores.items():
        assert total == sum(t.points for t in board.turns if t.player == player)
    assert all(t.points == 0 for t in board.turns if t.bust)
    best = max(outcome.scores.values())
    assert outcome.winners == [p for p, s in outcome.scores.items() if s == best]


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
        player = rng.choice([p for p in state.board.players if p != state.board.player])
        move = {**random_legal_move(TENK, state, rng), "player": player}
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
    cut = data.draw(st.integers(0, len(log.moves)), label="moves kept")
    prefix = log.moves[:cut]
    state = replay(log, prefix).state
    before = copy.deepcopy(state)
    over = TENK.outcome(state).over
    move, codes = illegal_move(state, kind, rng) if not over else ({"type": "bank"}, set())
    with pytest.raises(RuleViolation) as refusal:
        apply_move(TENK, state, move)
    assert refusal.value.code in (codes or {"game-over"})
    assert KEBAB.match(refusal.value.code)
    assert state == before
    result = replay(log, [*prefix, move])
    assert result.error is not None and result.error.move == cut
    assert result.moves_applied == cut
    assert result.state == state


@fast
@given(tables, st.randoms(use_true_random=False), st.data())
def test_every_listed_choice_is_legal(table: tuple, rng: random.Random, data) -> None:
    log = random_log(table, rng, colours=True)
    cut = data.draw(st.integers(0, len(log.moves)), label="moves kept")
    state = replay(log, log.moves[:cut]).state
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
