"""Solitaire Dice properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import copy
import random
from collections import Counter
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game, random_legal_move
from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.solitaire import rules as solitaire
from referee.log import GameLog, replay
from tests.conftest import examples
from tests.engine.support import (
    assert_best_score_wins,
    assert_refusal_changes_nothing,
    assert_replay_is_deterministic,
    draw_prefix,
    refusal_of,
    seeds,
)

SOL = get_game("solitaire")
NAMES = ("Ann", "Bo", "Cy", "Di")
VALUES = {2: 100, 3: 70, 4: 60, 5: 50, 6: 40, 7: 30, 8: 40, 9: 50, 10: 60, 11: 70, 12: 100}

players = st.integers(1, 4).map(lambda n: NAMES[:n])
fast = settings(max_examples=examples(60), deadline=None)


def random_log(table: tuple[str, ...], rng: random.Random) -> GameLog:
    """A finished random game at ``table`` as a log."""
    moves = play_random_game(SOL, table, None, rng)
    return GameLog("solitaire", table, {}, tuple(moves))


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
def test_replay_is_deterministic(table: tuple[str, ...], seed: int) -> None:
    log = random_log(table, random.Random(seed))
    assert_replay_is_deterministic(log)
    assert random_log(table, random.Random(seed)) == log  # same seed, same game


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
@given(players, seeds)
def test_random_games_end(table: tuple[str, ...], seed: int) -> None:
    log = random_log(table, random.Random(seed))
    result = replay(log)
    outcome = result.outcome
    assert result.error is None and result.moves_applied == len(log.moves)
    assert outcome.over and outcome.to_move is None
    assert all(s.closed for s in result.state.sheets)
    if len(table) == 1:
        total = outcome.scores[table[0]]
        assert outcome.winners == ([table[0]] if total >= 500 else [])
    else:
        assert_best_score_wins(outcome)


def illegal_move(state: solitaire.Solitaire, kind: str, rng: random.Random) -> tuple[dict, str]:
    """A move of ``kind`` the rules must refuse now, and the code that must refuse it."""
    waiting = [state.sheets[i].player for i in state.waiting]
    if kind in ("wrong dice count", "value 7 in a roll"):
        if kind == "wrong dice count":
            dice = [str(rng.randint(1, 6)) for _ in range(rng.choice([0, 1, 4, 6, 10]))]
            code = "wrong-dice-count"
        else:
            dice = [str(rng.randint(1, 6)) for _ in range(5)]
            dice[rng.randrange(5)] = "7"
            code = "bad-die"
        return {"type": "roll", "dice": dice}, "assign-first" if waiting else code
    if not state.roll:
        return {"type": "assign", "pairs": [["1", "1"], ["1", "1"]], "throwaway": "1"}, "roll-first"
    if not waiting:
        open_players = [s.player for s in state.sheets if not s.closed]
        legal = {"pairs": [["1", "1"], ["1", "1"]], "throwaway": "1"}
        return {"type": "assign", "player": rng.choice(open_players), **legal}, "already-assigned"
    move = copy.deepcopy(rng.choice(solitaire.choices(state)))
    where = rng.randrange(5)
    if kind == "value 7 in a split":
        new, code = "7", "bad-die"
    else:  # a split that is not the roll: one die changed to a value it did not have
        held = [*move["pairs"][0], *move["pairs"][1], move["throwaway"]][where]
        new = str(rng.choice([v for v in range(1, 7) if str(v) != held]))
        code = "die-not-rolled"
    if where == 4:
        move["throwaway"] = new
    else:
        move["pairs"][where // 2][where % 2] = new
    return move, code


@fast
@given(
    players,
    seeds,
    st.sampled_from(
        ["wrong dice count", "value 7 in a roll", "value 7 in a split", "not the roll"]
    ),
    st.data(),
)
def test_rejected_move_changes_nothing(table: tuple[str, ...], seed: int, kind: str, data) -> None:
    rng = random.Random(seed)
    log = random_log(table, rng)
    prefix, state = draw_prefix(data, log)
    over = SOL.outcome(state).over
    move, code = illegal_move(state, kind, rng) if not over else ({"type": "roll"}, "game-over")
    assert_refusal_changes_nothing(SOL, log, prefix, state, move, {code})


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
