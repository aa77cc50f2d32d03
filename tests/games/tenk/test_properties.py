"""10K's own properties over random legal games played by referee.autoplay (those every game
shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from referee.core.dice import parse_die
from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games.tenk import rules as tenk
from tests.engine.support import assert_split_take_is_one_move, draw_prefix
from tests.games.tenk.random_play import TENK, fast, random_log, tables


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
