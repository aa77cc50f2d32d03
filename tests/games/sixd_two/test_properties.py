"""Six D Two properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.sixd_two import rules as sixd_two
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

TWO = get_game("sixd-two")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

tables = st.builds(
    lambda n, rounds: (NAMES[:n], {"rounds": rounds}),
    st.integers(2, 8),
    st.integers(1, 4),
)
fast = settings(max_examples=examples(40), deadline=None)


def random_log(table: tuple, seed: int) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    return random_game_log(TWO, players, options, seed)


def has_pair(pool: Counter) -> bool:
    return any(sum(n for (_, colour), n in pool.items() if colour == c) >= 2 for c in "rygbopk")


def reference(
    players: Sequence[str], moves: Sequence[dict]
) -> tuple[list[dict[str, int]], dict[str, int]]:
    """Each finished round's pips per player, and this round's so far, from the log alone:
    round k starts with seat k, each take passes the turn, a pool that has no pair left
    ends its round."""
    n = len(players)
    rounds: list[dict[str, int]] = []
    pips = dict.fromkeys(players, 0)
    takes = 0
    pool: Counter | None = None

    def close() -> None:
        nonlocal pips, takes, pool
        rounds.append(pips)
        pips, takes, pool = dict.fromkeys(players, 0), 0, None

    for move in moves:
        if move["type"] == "roll":
            assert takes == 0 and pool is None
            pool = Counter((int(d[0]), d[1]) for d in move["dice"])
            if not has_pair(pool):
                close()
        elif move["type"] == "take":
            dice = [(int(d[0]), d[1]) for d in move["dice"]]
            assert len(dice) == 2 and dice[0][1] == dice[1][1]
            pips[players[(len(rounds) + takes) % n]] += dice[0][0] + dice[1][0]
            takes += 1
            if pool is not None:
                pool.subtract(dice)
                assert min(pool.values()) >= 0
                if not has_pair(+pool):
                    close()
        else:
            close()
    return rounds, pips


@fast
@given(tables, seeds)
def test_replay_is_deterministic(table: tuple, seed: int) -> None:
    log = random_log(table, seed)
    assert_replay_is_deterministic(log)
    assert random_log(table, seed) == log


@fast
@given(tables, seeds)
def test_random_games_end_with_totals_of_the_pips_taken(table: tuple, seed: int) -> None:
    players, options = table
    log = random_log(table, seed)
    rounds, _ = reference(players, log.moves)
    result = replay(log)
    assert result.error is None and result.outcome.over and result.outcome.to_move is None
    assert len(rounds) == options["rounds"]
    assert result.outcome.scores == {p: sum(r[p] for r in rounds) for p in players}
    assert [(t.player, t.points) for t in TWO.turn_records(result.state)] == [
        (p, r[p]) for r in rounds for p in players
    ]
    assert_best_score_wins(result.outcome)


@fast
@given(tables, seeds, st.data())
def test_scores_are_finished_rounds_plus_this_rounds_pips(table: tuple, seed: int, data) -> None:
    players, _ = table
    prefix, state = draw_prefix(data, random_log(table, seed))
    rounds, pips = reference(players, prefix)
    assert TWO.outcome(state).scores == {p: sum(r[p] for r in rounds) + pips[p] for p in players}
    assert TWO.turns_done(state) == len(rounds)


def illegal_move(state: sixd_two.SixDTwo, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    if state.over:
        return {"type": "end"}, {"game-over"}
    if kind == "wrong player":
        other = rng.choice([p for p in state.players if p != state.player])
        return {"type": "end", "player": other}, {"wrong-player"}
    if kind == "mixed colours":
        return {"type": "take", "dice": ["1r", "1g"]}, {"mixed-colours"}
    if kind == "three dice":
        return {"type": "take", "dice": ["1r", "1r", "1r"]}, {"wrong-dice-count"}
    if kind == "no colour":
        return {"type": "take", "dice": ["1", "2"]}, {"no-colour"}
    if kind == "late roll":
        code = "pool-entered" if state.pool is not None else "too-late-to-roll"
        if state.pool is None and not state.takes:
            return {"type": "roll", "dice": []}, {"empty-pool"}
        return {"type": "roll", "dice": ["1r", "1r"]}, {code}
    if state.pool is None:
        return {"type": "take", "dice": ["7r", "1r"]}, {"bad-die"}
    left = Counter(str(d) for d in state.pool)
    colour = rng.choice("rygbopk")
    missing = [v for v in range(1, 7) if left[f"{v}{colour}"] == 0]
    if not missing:
        return {"type": "take", "dice": ["0r", "1r"]}, {"bad-die"}
    return {"type": "take", "dice": [f"{rng.choice(missing)}{colour}"] * 2}, {"die-not-rolled"}


@fast
@given(
    tables,
    seeds,
    st.sampled_from(
        ["wrong player", "mixed colours", "three dice", "no colour", "late roll", "not in pool"]
    ),
    st.data(),
)
def test_a_rejected_move_changes_nothing(table: tuple, seed: int, kind: str, data) -> None:
    log = random_log(table, seed)
    prefix, state = draw_prefix(data, log)
    move, codes = illegal_move(state, kind, random.Random(seed))
    assert_refusal_changes_nothing(TWO, log, prefix, state, move, codes)


@fast
@given(tables, seeds, st.data())
def test_every_listed_choice_is_legal(table: tuple, seed: int, data) -> None:
    _, state = draw_prefix(data, random_log(table, seed))
    for move in sixd_two.choices(state):
        apply_move(TWO, state, move)
