"""Keys and Base Dice (SB) properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.sb import rules as keys_and_base
from referee.log import GameLog, replay
from tests.conftest import examples
from tests.engine.support import (
    assert_best_score_wins,
    assert_refusal_changes_nothing,
    assert_replay_is_deterministic,
    assert_split_take_is_one_move,
    assert_totals_are_the_turns,
    draw_prefix,
    seeds,
    wrong_player_move,
)

SB = get_game("sb")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")

tables = st.builds(
    lambda n, target: (NAMES[:n], {"target": target}),
    st.integers(1, 5),
    st.sampled_from([20, 40, 60]),
)
fast = settings(max_examples=examples(40), deadline=None)


def random_log(table: tuple, rng: random.Random) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    moves = play_random_game(SB, players, options, rng)
    return GameLog("sb", players, options, tuple(moves))


@fast
@given(tables, seeds)
def test_replay_is_deterministic(table: tuple, seed: int) -> None:
    assert_replay_is_deterministic(random_log(table, random.Random(seed)))


@fast
@given(tables, seeds)
def test_random_games_end_with_banked_totals(table: tuple, seed: int) -> None:
    rng = random.Random(seed)
    result = replay(random_log(table, rng))
    board, outcome = result.state.board, result.outcome
    assert outcome.over and outcome.to_move is None
    assert_totals_are_the_turns(board, outcome)
    assert all(0 <= t.points <= keys_and_base.FULL_SANDWICH for t in board.turns)
    assert_best_score_wins(outcome)


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


def illegal_move(state: keys_and_base.SB, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    base, keys = keys_and_base.dice_to_roll(state), keys_and_base.keys_to_roll(state)
    rolling = base is not None
    if kind == "wrong base count":
        count = rng.choice([n for n in range(10) if n != base])
        move = {"type": "roll", "dice": ["2"] * count + ["K2"] * keys}
        codes = {"wrong-dice-count"} if rolling else {"set-aside-first"}
    elif kind == "wrong key count":
        count = rng.choice([n for n in range(4) if n != keys])
        move = {"type": "roll", "dice": ["2"] * (base or 0) + ["K2"] * count}
        codes = {"wrong-dice-count"} if rolling else {"set-aside-first"}
    elif kind == "value 7":
        dice = ["2"] * (base or 0) + ["K2"] * keys or ["2"]
        dice[rng.randrange(len(dice))] = "K7" if rng.random() < 0.5 else "7"
        move = {"type": "roll", "dice": dice}
        codes = {"bad-die"} if rolling else {"set-aside-first"}
    elif kind == "die not rolled":
        key = rng.random() < 0.5
        shown = sum(d.key == key and d.value == 1 for d in state.on_table)
        move = {"type": "set_aside", "dice": ["K1" if key else "1"] * (shown + 1)}
        codes = {"roll-first"} if state.phase == "roll" else {"die-not-rolled"}
    elif kind == "mixed set-aside":
        # Everything left on the table, plus a die of a kind the turn's pick lacks.
        pool = state.taken + state.on_table
        dice = [str(d) for d in state.on_table]
        if not any(d.key for d in pool):
            dice.append("K1" if "K1" not in dice else "K2")
        if all(d.key for d in pool):
            dice.append("1")
        mixable = any(d.key for d in pool) and not all(d.key for d in pool)
        move = {"type": "set_aside", "dice": dice}
        if state.phase == "roll":
            codes = {"roll-first"}
        else:
            codes = {"mixed-set-aside"} if mixable else {"die-not-rolled"}
    else:
        move = wrong_player_move(SB, state, rng)
        codes = {"wrong-player"}
    return move, codes


@fast
@given(
    tables.filter(lambda t: len(t[0]) > 1),
    seeds,
    st.sampled_from(
        [
            "wrong base count",
            "wrong key count",
            "value 7",
            "die not rolled",
            "mixed set-aside",
            "wrong player",
        ]
    ),
    st.data(),
)
def test_rejected_move_changes_nothing(table: tuple, seed: int, kind: str, data) -> None:
    rng = random.Random(seed)
    log = random_log(table, rng)
    prefix, state = draw_prefix(data, log)
    over = SB.outcome(state).over
    move, codes = illegal_move(state, kind, rng) if not over else ({"type": "bank"}, {"game-over"})
    assert_refusal_changes_nothing(SB, log, prefix, state, move, codes)


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
