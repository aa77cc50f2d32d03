"""Six D One's own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from referee.core.moves import apply_move
from referee.games.sixd_one import rules as sixd_one
from referee.log import replay
from tests.engine.support import draw_prefix, seeds
from tests.games.sixd_one.random_play import ONE, fast, random_log, tables


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
@given(tables, seeds, st.data())
def test_scores_are_finished_rounds_plus_the_groups_on_the_board(table, seed, data) -> None:
    players, _ = table
    prefix, state = draw_prefix(data, random_log(table, seed))
    finished, live = reference_rounds(players, prefix)
    assert ONE.outcome(state).scores == {p: sum(s[p] for s in finished) + live[p] for p in players}
    assert ONE.turns_done(state) == len(finished)


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
