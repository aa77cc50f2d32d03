"""Lucky Sevens' own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``).

The brute force here is independent of the engine: it looks for sevens with
``itertools.combinations`` over the dice as rolled, never through
``lucky7.SEVEN_SHAPES`` or ``lucky7.all_choices``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import random_legal_move
from referee.core.moves import apply_move, check_players, resolve_options
from referee.games.lucky7 import rules as lucky7
from tests.conftest import examples
from tests.engine.support import assert_split_take_is_one_move, seeds
from tests.games.lucky7.random_play import L7, fast, random_log, tables

POINTS = {2: 1, 3: 2, 4: 3, 5: 5, 6: 8, 7: 12}  # docs/rulings.md, restated


# --- Brute force -----------------------------------------------------------------------------

Sevens = tuple[tuple[int, ...], ...]  # a collection of sevens, each as sorted die values


@cache
def bf_has_seven(values: tuple[int, ...]) -> bool:
    """Some 2 to 7 of these dice sum to 7."""
    return any(sum(c) == 7 for k in range(2, 8) for c in combinations(values, k))


@cache
def bf_collections(values: tuple[int, ...]) -> frozenset[Sevens]:
    """Every non-empty collection of disjoint sevens among these dice, as value multisets."""
    found: set[Sevens] = set()

    def extend(free: tuple[int, ...], groups: Sevens, after: int) -> None:
        # Groups in increasing order of their first die, so each collection of dice is seen once.
        for k in range(2, 8):
            for combo in combinations(free, k):
                if combo[0] <= after or sum(values[i] for i in combo) != 7:
                    continue
                more = (*groups, tuple(sorted(values[i] for i in combo)))
                found.add(tuple(sorted(more)))
                extend(tuple(i for i in free if i not in combo), more, combo[0])

    extend(tuple(range(len(values))), (), -1)
    return frozenset(found)


@cache
def bf_legal_exists(values: tuple[int, ...], score_before: int, target: int, bonus: int) -> bool:
    """Some collection of sevens stays within ``target``, leaving no seven when it reaches it."""
    for sevens in bf_collections(values):
        left = tuple((Counter(values) - Counter(v for g in sevens for v in g)).elements())
        reaches = score_before + sum(POINTS[len(g)] for g in sevens) + (0 if left else bonus)
        if reaches < target or (reaches == target and not bf_has_seven(left)):
            return True
    return False


def engine_collections(values: list[int]) -> list[Sevens]:
    """``lucky7.all_choices`` for these dice, as value multisets."""
    return [
        tuple(
            sorted(
                tuple(v for v, n in zip(range(1, 7), shape, strict=True) for _ in range(n))
                for shape in choice
            )
        )
        for choice in lucky7.all_choices(lucky7.counts_of(values))
    ]


def listed_collections(moves: list[dict]) -> list[Sevens]:
    """The score moves of ``lucky7.choices`` as value multisets."""
    return [
        tuple(sorted(tuple(sorted(int(d) for d in g)) for g in m["sevens"]))
        for m in moves
        if m["type"] == "score"
    ]


# --- Random play -----------------------------------------------------------------------------


def start(table: tuple) -> lucky7.Lucky7:
    players, options = table
    return L7.start(check_players(L7, players), resolve_options(L7, options))


def walk(table: tuple, rng: random.Random) -> Iterator[tuple[lucky7.Lucky7, dict, lucky7.Lucky7]]:
    """Play a random game on ``table``: (state before, move, state after) for every move."""
    state = start(table)
    for _ in range(20_000):
        if L7.outcome(state).over:
            return
        move = random_legal_move(L7, state, rng)
        after = apply_move(L7, state, move)
        yield state, move, after
        state = after
    raise AssertionError("random game not over after 20,000 moves")


def score_at_roll(state: lucky7.Lucky7) -> int:
    """The total a roll made now is judged from: banked, plus the turn unless it starts now."""
    return state.board.score + (0 if state.phase == "start" else state.turn_total)


# --- Properties ------------------------------------------------------------------------------


@fast
@given(tables, seeds)
def test_bust_exactly_when_no_seven_or_no_legal_choice(table: tuple, seed: int) -> None:
    target, bonus = table[1]["target"], table[1]["set_bonus"]
    for before, move, after in walk(table, random.Random(seed)):
        busted = len(after.board.turns) > len(before.board.turns) and after.board.turns[-1].bust
        if move["type"] != "roll":
            assert not busted
            continue
        values = tuple(int(d) for d in move["dice"])
        no_seven = not bf_has_seven(values)
        stuck = not bf_legal_exists(values, score_at_roll(before), target, bonus)
        assert busted == (no_seven or stuck), (values, score_at_roll(before))
        if busted:
            assert after.board.turns[-1].points == 0 and after.phase == "start"
            assert after.stealable is None and after.ruling.startswith("Bust: ")
            assert ("no seven in" in after.ruling) == no_seven


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.integers(1, 6), min_size=8, max_size=8),
    st.integers(0, 100),
    st.sampled_from([5, 6]),
)
def test_bust_at_any_score_matches_brute_force(values: list[int], banked: int, bonus: int):
    board = start((("Ann", "Bo"), {"set_bonus": bonus}))
    state = replace(board, board=replace(board.board, scores=(banked, 0)))
    after = apply_move(L7, state, {"type": "roll", "dice": [str(v) for v in values]})
    dice = tuple(values)
    expected = not bf_has_seven(dice) or not bf_legal_exists(dice, banked, 100, bonus)
    assert (after.phase == "start") == expected
    if not expected:
        legal = listed_collections(lucky7.choices(after))
        assert legal and len(legal) == len(set(legal))


@fast
@given(tables, seeds)
def test_totals_never_pass_the_target(table: tuple, seed: int) -> None:
    target = table[1]["target"]
    for _, _, after in walk(table, random.Random(seed)):
        assert all(0 <= s <= target for s in after.board.scores)
        if after.score_before > target:
            # Only a steal can do it, and that turn can only bust.
            assert after.phase == "roll" and after.stolen_from is not None


@fast
@given(tables, seeds)
def test_every_listed_choice_is_legal(table: tuple, seed: int) -> None:
    for state, _, _ in walk(table, random.Random(seed)):
        listed = lucky7.choices(state)
        for move in listed:
            apply_move(L7, state, move)
        scores = listed_collections(listed)
        assert len(scores) == len(set(scores))
        if state.phase == "score":
            assert scores  # a roll that stands always offers a legal choice
        advice = lucky7.finish_advice(state)
        if advice is not None:
            assert (
                listed_collections(
                    [{"type": "score", "sevens": c.dice()} for c in advice if c.problem is None]
                )
                == scores
            )  # the legal ones first, in the order choices() lists them


@settings(max_examples=examples(500), deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=8))
def test_seven_finding_agrees_with_brute_force(values: list[int]) -> None:
    dice = tuple(values)
    found = engine_collections(values)
    assert len(found) == len(set(found))  # each collection listed once
    assert set(found) == bf_collections(dice)
    assert lucky7.has_seven(lucky7.counts_of(values)) == bf_has_seven(dice)
    if len(values) == 8 and bf_has_seven(dice):
        # At the start of a game nothing can pass the target: choices() lists every collection.
        state = apply_move(
            L7, start((("Ann",), {})), {"type": "roll", "dice": list(map(str, dice))}
        )
        assert set(listed_collections(lucky7.choices(state))) == bf_collections(dice)


@fast
@given(tables, seeds, st.data())
def test_ruling_split_score_is_one_score(table: tuple, seed: int, data) -> None:
    """Several score moves after one roll count as one choice of all their sevens: judged
    against the finish, the completed set and the one-die-left rule together (the ruling
    words each move as entered, so it is left out of the comparison)."""
    log = random_log(table, random.Random(seed))
    assert_split_take_is_one_move(L7, data, log, "score", "sevens", unruled)


def unruled(state: lucky7.Lucky7) -> lucky7.Lucky7:
    """``state`` without the ruling on the last move."""
    return replace(state, ruling="")
