"""Keys and Base Dice (SB)'s own properties over random legal games played by
referee.autoplay (those every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games.sb import rules as keys_and_base
from referee.log import replay
from tests.engine.support import assert_split_take_is_one_move, draw_prefix, seeds
from tests.games.sb.random_play import SB, fast, random_log, tables


@fast
@given(tables, seeds)
def test_random_games_end_after_the_original_leaders_final_round(table: tuple, seed: int):
    rng = random.Random(seed)
    players, options = table
    result = replay(random_log(table, rng))
    turns = result.state.board.turns
    first = next(i for i, t in enumerate(turns) if t.total >= options["target"])
    leader = turns[first].player
    assert result.state.leader == players.index(leader)
    seat = players.index(leader)
    others = [players[(seat + k) % len(players)] for k in range(1, len(players))]
    after = [t.player for t in turns[first + 1 :]]
    assert after[: len(others)] == others  # everyone else, once, in seating order
    before_extra = {t.player: t.total for t in turns[: first + 1 + len(others)]}
    ahead = all(before_extra[leader] > before_extra[p] for p in others)
    assert after[len(others) :] == ([] if ahead else [leader])  # then the game is over


@fast
@given(tables, seeds, st.data())
def test_every_listed_choice_is_legal(table: tuple, seed: int, data) -> None:
    _, state = draw_prefix(data, random_log(table, random.Random(seed)))
    for move in keys_and_base.choices(state):
        apply_move(SB, state, move)


@fast
@given(tables, seeds, st.data())
def test_choices_are_exactly_the_legal_set_asides(table: tuple, seed: int, data) -> None:
    rng = random.Random(seed)
    _, state = draw_prefix(data, random_log(table, rng))
    choices = keys_and_base.choices(state)
    listed = {tuple(sorted(m["dice"])) for m in choices if m["type"] == "set_aside"}
    for size in range(1, len(state.on_table) + 1):
        pick = tuple(sorted(str(d) for d in rng.sample(state.on_table, size)))
        try:
            after = apply_move(SB, state, {"type": "set_aside", "dice": list(pick)})
        except RuleViolation:
            assert pick not in listed
        else:  # a set-aside only started (a lone 3 of two) is legal, but not listed
            started = after.phase == "set_aside" and after.board == state.board
            assert (pick in listed) != started


@fast
@given(tables, seeds, st.data())
def test_ruling_split_set_aside_is_one_set_aside(table: tuple, seed: int, data) -> None:
    """Several set-aside moves after one roll count as one set-aside of all their dice (the
    ruling words each move as entered, so it is left out of the comparison)."""
    log = random_log(table, random.Random(seed))
    assert_split_take_is_one_move(SB, data, log, "set_aside", "dice", unruled)


def unruled(state: keys_and_base.SB) -> keys_and_base.SB:
    """``state`` without the ruling on the last move."""
    return replace(state, ruling="")
