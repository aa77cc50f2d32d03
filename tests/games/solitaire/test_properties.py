"""Solitaire Dice's own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from referee.autoplay import random_legal_move
from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games.solitaire import rules as solitaire
from referee.log import GameLog, replay
from tests.engine.support import draw_prefix, refusal_of, seeds
from tests.games.solitaire.random_play import SOL, fast, players, random_log

VALUES = {2: 100, 3: 70, 4: 60, 5: 50, 6: 40, 7: 30, 8: 40, 9: 50, 10: 60, 11: 70, 12: 100}


def states(log: GameLog) -> list[solitaire.Solitaire]:
    """The state before the first move and after each move."""
    state = SOL.start(log.players, {})
    found = [state]
    for move in log.moves:
        state = apply_move(SOL, state, move)
        found.append(state)
    return found


def drawn_with_a_roll(data: st.DataObject, rng: random.Random, log: GameLog) -> solitaire.Solitaire:
    """A state drawn from ``log`` short of its last move, after a random roll if it needs one."""
    _, state = draw_prefix(data, log, spare=1)
    if solitaire.dice_to_roll(state) is not None:
        state = apply_move(SOL, state, random_legal_move(SOL, state, rng))
    return state


def reference_score(marks: Counter[int]) -> int:
    """The rule sheet's scoring, written out again: -200 for 1-4 marks, value x (m-5) from 6."""
    total = 0
    for row, m in marks.items():
        if 1 <= m <= 4:
            total -= 200
        elif m >= 6:
            total += VALUES[row] * (min(m, 10) - 5)
    return total


@fast
@given(players, seeds)
def test_totals_are_the_row_scores_of_the_marks_made(table: tuple[str, ...], seed: int) -> None:
    """Replays the log by hand, free rides included, and scores it independently."""
    log = random_log(table, random.Random(seed))
    rows = {p: Counter[int]() for p in table}
    thrown = {p: Counter[int]() for p in table}
    roll: list[int] = []
    for move in log.moves:
        if move["type"] == "roll":
            roll = [int(d) for d in move["dice"]]
            continue
        who, dropped = move["player"], int(move["throwaway"])
        for pair in move["pairs"]:
            rows[who][sum(int(d) for d in pair)] += 1
        chosen = set(thrown[who])
        if len(chosen) < 3 or chosen & set(roll):
            assert len(chosen) < 3 or dropped in chosen
            thrown[who][dropped] += 1
    result = replay(log)
    for sheet in result.state.sheets:
        assert sheet.total == reference_score(rows[sheet.player])
        assert sheet.total == sum(solitaire.row_score(t, sheet.marks_for(t)) for t in range(2, 13))
        assert Counter(dict(sheet.throwaways)) == thrown[sheet.player]
        assert {t: sheet.marks_for(t) for t in range(2, 13)} == {
            t: rows[sheet.player][t] for t in range(2, 13)
        }
    assert result.outcome.scores == {s.player: s.total for s in result.state.sheets}


@fast
@given(players, seeds)
def test_a_sheet_never_has_more_than_three_throwaways(table: tuple[str, ...], seed: int) -> None:
    for state in states(random_log(table, random.Random(seed))):
        for sheet in state.sheets:
            assert len(sheet.throwaways) <= 3
            assert all(1 <= n <= 8 for _, n in sheet.throwaways)
            assert sheet.closed == any(n == 8 for _, n in sheet.throwaways)


@fast
@given(players, seeds)
def test_a_closed_sheet_never_changes(table: tuple[str, ...], seed: int) -> None:
    history = states(random_log(table, random.Random(seed)))
    final = history[-1]
    for seat in range(len(table)):
        closing = next(s.sheets[seat] for s in history if s.sheets[seat].closed)
        assert final.sheets[seat] == closing
        assert all(seat not in s.waiting for s in history if s.sheets[seat].closed)


@fast
@given(players, seeds, st.data())
def test_second_assign_for_a_sheet_is_refused(table: tuple[str, ...], seed: int, data) -> None:
    rng = random.Random(seed)
    state = drawn_with_a_roll(data, rng, random_log(table, rng))
    first = rng.choice(solitaire.choices(state))
    after = apply_move(SOL, state, first)
    again = rng.choice([m for m in solitaire.choices(state) if m["player"] == first["player"]])
    error = refusal_of(SOL, after, again)
    if SOL.outcome(after).over:
        expected = "game-over"
    elif after.sheet_of(first["player"]).closed:
        expected = "sheet-closed"
    else:
        expected = "already-assigned"
    assert error.code == expected


@fast
@given(players, seeds, st.data())
def test_every_listed_choice_is_legal(table: tuple[str, ...], seed: int, data) -> None:
    _, state = draw_prefix(data, random_log(table, random.Random(seed)))
    for move in solitaire.choices(state):
        apply_move(SOL, state, move)
        assert move["player"] in solitaire.waiting_for(state)
    listed = {m["player"] for m in solitaire.choices(state)}
    assert listed == set(solitaire.waiting_for(state))


@fast
@given(players, seeds, st.data())
def test_splits_are_exactly_the_legal_ones(table: tuple[str, ...], seed: int, data) -> None:
    rng = random.Random(seed)
    state = drawn_with_a_roll(data, rng, random_log(table, rng))
    player = rng.choice(solitaire.waiting_for(state))
    sheet = state.sheet_of(player)
    listed = solitaire.splits(sheet, state.roll)
    keys = [(s.sums, None if s.free_ride else s.throwaway) for s in listed]
    assert len(keys) == len(set(keys))
    legal = set()
    for a, b, c, d, t in set(permutations(str(die.value) for die in state.roll)):
        move = {"type": "assign", "player": player, "pairs": [[a, b], [c, d]], "throwaway": t}
        try:
            new = apply_move(SOL, state, move).sheet_of(player)
        except RuleViolation:
            continue
        sums = tuple(sorted((int(a) + int(b), int(c) + int(d))))
        legal.add((sums, None if new.throwaways == sheet.throwaways else int(t)))
    assert set(keys) == legal
    changes = [solitaire.apply_split(sheet, s).total - sheet.total for s in listed]
    assert changes == sorted(changes, reverse=True)
