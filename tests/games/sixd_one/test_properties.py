"""Six D One properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.sixd_one import rules as sixd_one
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

ONE = get_game("sixd-one")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")

tables = st.builds(
    lambda n, rounds: (NAMES[:n], {"rounds_per_player": rounds}),
    st.integers(2, 6),
    st.integers(1, 2),
)
fast = settings(max_examples=examples(40), deadline=None)


def random_log(table: tuple, seed: int) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    return random_game_log(ONE, players, options, seed)


def components(cells: set[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Connected groups by union-find, written apart from referee.families.grid."""
    parent = {c: c for c in cells}

    def root(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for r, c in cells:
        for other in ((r + 1, c), (r, c + 1)):
            if other in cells:
                parent[root(other)] = root((r, c))
    found: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for c in cells:
        found.setdefault(root(c), []).append(c)
    return list(found.values())


def score(values: dict[tuple[int, int], int], owned: set[tuple[int, int]]) -> int:
    """One player's dice on a board: (sum of pips) x (dice in the group), group by group."""
    return sum(sum(values[c] for c in group) * len(group) for group in components(owned))


def reference_rounds(
    players: Sequence[str], moves: Sequence[dict]
) -> tuple[list[dict[str, int]], dict[str, int]]:
    """Each finished round's scores, and those of the round being played, worked out from
    the log alone: seats from the turn order of docs/gamelog.md, groups by union-find."""
    n = len(players)
    rounds: list[dict[str, int]] = []
    values: dict[tuple[int, int], int] = {}
    owned: dict[str, set[tuple[int, int]]] = {p: set() for p in players}
    placed = 0
    for move in moves:
        if move["type"] == "board":
            values = {
                (r, c): int(d)
                for r, row in enumerate(move["board"])
                for c, d in enumerate(row)
                if d is not None
            }
            assert len(values) == 6 * n
            assert all(
                any(nb in values for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
                for r, c in values
            )
            continue
        seat = (len(rounds) + 1 + placed) % n
        owned[players[seat]].add(tuple(move["cell"]))
        placed += 1
        if placed == 6 * n:
            rounds.append({p: score(values, owned[p]) for p in players})
            owned = {p: set() for p in players}
            placed = 0
    return rounds, {p: score(values, owned[p]) for p in players}


@fast
@given(tables, seeds)
def test_replay_is_deterministic(table: tuple, seed: int) -> None:
    log = random_log(table, seed)
    assert_replay_is_deterministic(log)
    assert random_log(table, seed) == log  # same seed, same game


@fast
@given(tables, seeds)
def test_round_scores_equal_the_group_formula_computed_independently(
    table: tuple, seed: int
) -> None:
    players, options = table
    log = random_log(table, seed)
    rounds, _ = reference_rounds(players, log.moves)
    result = replay(log)
    assert len(rounds) == len(players) * options["rounds_per_player"]
    records = list(ONE.turn_records(result.state))
    assert [(r.player, r.points) for r in records] == [
        (p, scores[p]) for scores in rounds for p in players
    ]
    assert result.outcome.scores == {p: sum(s[p] for s in rounds) for p in players}
    assert all(r.total == result.outcome.scores[r.player] for r in records[-len(players) :])


@fast
@given(tables, seeds)
def test_random_games_end_with_the_best_total_winning(table: tuple, seed: int) -> None:
    players, options = table
    log = random_log(table, seed)
    result = replay(log)
    assert result.error is None and result.moves_applied == len(log.moves)
    assert len(log.moves) == len(players) * options["rounds_per_player"] * (1 + 6 * len(players))
    assert result.outcome.over and result.outcome.to_move is None
    assert_best_score_wins(result.outcome)


@fast
@given(tables, seeds, st.data())
def test_scores_are_finished_rounds_plus_the_groups_on_the_board(table, seed, data) -> None:
    players, _ = table
    prefix, state = draw_prefix(data, random_log(table, seed))
    finished, live = reference_rounds(players, prefix)
    assert ONE.outcome(state).scores == {p: sum(s[p] for s in finished) + live[p] for p in players}
    assert ONE.turns_done(state) == len(finished)


def illegal_move(state: sixd_one.SixDOne, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    if state.over:
        return {"type": "place", "cell": [0, 0]}, {"game-over"}
    others = [p for p in state.players if p != sixd_one.to_move(state)]
    if kind == "wrong player":
        move = sixd_one.choices(state)[0] if state.board else {"type": "board", "board": [["1"]]}
        return {**move, "player": rng.choice(others)}, {"wrong-player"}
    if state.board is None:
        if kind == "lone die":
            rows = [["1"] * (state.dice - 1), [], ["3"]]  # the 3 touches nothing
            return {"type": "board", "board": rows}, {"lone-die"}
        return {"type": "place", "cell": [0, 0]}, {"board-first"}
    if kind == "covered" and state.covers:
        cell = rng.choice(state.covers)[0]
        return {"type": "place", "cell": list(cell)}, {"covered"}
    if kind == "empty cell":
        empty = [
            (r, c)
            for r in range(state.board.height)
            for c in range(state.board.width)
            if state.board.die_at((r, c)) is None
        ]
        if empty:
            return {"type": "place", "cell": list(rng.choice(empty))}, {"no-die"}
    if kind == "wrong number":
        cell = tuple(rng.choice(sixd_one.choices(state))["cell"])
        die = state.board.die_at(cell)
        assert die is not None
        wrong = rng.choice([v for v in range(1, 7) if v != die.value])
        return {"type": "place", "cell": list(cell), "die": str(wrong)}, {"wrong-number"}
    return {"type": "place", "cell": [state.board.height, 0]}, {"off-board"}


@fast
@given(
    tables,
    seeds,
    st.sampled_from(["wrong player", "lone die", "covered", "empty cell", "wrong number", "off"]),
    st.data(),
)
def test_a_rejected_move_changes_nothing(table: tuple, seed: int, kind: str, data) -> None:
    rng = random.Random(seed)
    log = random_log(table, seed)
    prefix, state = draw_prefix(data, log)
    move, codes = illegal_move(state, kind, rng)
    assert_refusal_changes_nothing(ONE, log, prefix, state, move, codes)


@fast
@given(tables, seeds, st.data())
def test_every_listed_choice_is_legal_and_covers_a_free_die(table: tuple, seed: int, data) -> None:
    _, state = draw_prefix(data, random_log(table, seed))
    listed = sixd_one.choices(state)
    for move in listed:
        after = apply_move(ONE, state, move)
        assert after.round > state.round or len(after.covers) == len(state.covers) + 1
    if state.board is not None:
        assert len(listed) == len(state.board.cells()) - len(state.covers)
