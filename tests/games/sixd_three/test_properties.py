"""Six D Three properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.sixd_three import rules as sixd_three
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

THREE = get_game("sixd-three")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
COLOURS = "rygbop"

tables = st.integers(2, 6).map(lambda n: NAMES[:n])
fast = settings(max_examples=examples(40), deadline=None)


def random_log(players: tuple[str, ...], seed: int) -> GameLog:
    """A finished random game as a log."""
    return random_game_log(THREE, players, {}, seed)


def flood(start: tuple[int, int], placed: dict, part: int, want: object) -> set:
    """Placed dice reached from ``start`` step by step (up, down, left, right) through
    placed dice whose ``part`` (0: pips, 1: colour) is ``want``; ``start`` not included."""
    seen = {start}
    todo = deque([start])
    while todo:
        r, c = todo.popleft()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near not in seen and near in placed and placed[near][part] == want:
                seen.add(near)
                todo.append(near)
    return seen - {start}


def next_seat(hands: list[list[str]], seat: int) -> int:
    """The next seat round the table holding a die."""
    n = len(hands)
    return next((seat + k) % n for k in range(1, n + 1) if hands[(seat + k) % n])


def reference(players: Sequence[str], moves: Sequence[dict]) -> list[tuple[str, int]]:
    """Each placement's player and points, from the log alone: the seats of docs/gamelog.md
    (the first player starts, round the table; the placer draws while the bag has dice;
    an empty hand is skipped) and the scoring of docs/rulings.md by breadth-first search."""
    n = len(players)
    bag = 36 - sum(len(m["colours"]) for m in moves if m["type"] == "remove")
    black: dict[tuple[int, int], int] = {}
    placed: dict[tuple[int, int], tuple[int, str]] = {}
    hands: list[list[str]] = [[] for _ in players]
    seat, dealt = 0, 0
    scored = []
    for move in moves:
        kind = move["type"]
        if kind == "board":
            black = {(r, c): int(d[0]) for r, row in enumerate(move["board"])
                     for c, d in enumerate(row)}  # fmt: skip
        elif kind == "draw":
            bag -= len(move["dice"])
            if dealt < n:
                hands[dealt] += move["dice"]
                dealt += 1
            else:
                hands[seat] += move["dice"]
                seat = next_seat(hands, seat)
        elif kind == "reroll":
            hands[seat][hands[seat].index(move["die"])] = move["to"]
        elif kind == "place":
            value, colour = int(move["die"][0]), move["die"][1]
            cell = (move["cell"][0], move["cell"][1])
            by_colour = flood(cell, placed, 1, colour)
            by_pips = flood(cell, placed, 0, value)
            bonus = value if black[cell] == value else 0
            scored.append(
                (players[seat], value + bonus + sum(placed[c][0] for c in by_colour | by_pips))
            )
            placed[cell] = (value, colour)
            hands[seat].remove(move["die"])
            if not bag and any(hands):
                seat = next_seat(hands, seat)
    return scored


@fast
@given(tables, seeds)
def test_replay_is_deterministic(players: tuple[str, ...], seed: int) -> None:
    log = random_log(players, seed)
    assert_replay_is_deterministic(log)
    assert random_log(players, seed) == log  # same seed, same game


@fast
@given(tables, seeds, st.data())
def test_each_placement_scores_what_an_independent_flood_fill_says(players, seed, data) -> None:
    prefix, state = draw_prefix(data, random_log(players, seed))
    expected = reference(players, prefix)
    records = THREE.turn_records(state)
    assert [(r.player, r.points) for r in records] == expected
    totals = Counter()
    for name, got in expected:
        totals[name] += got
    assert THREE.outcome(state).scores == {p: totals[p] for p in players}
    assert [r.total for r in records] == [
        sum(got for name, got in expected[: i + 1] if name == expected[i][0])
        for i in range(len(expected))
    ]


@fast
@given(tables, seeds, st.data())
def test_dice_are_conserved_colour_by_colour(players, seed, data) -> None:
    """On the grid + in hands + in the bag + back in the box = six of each colour."""
    _, state = draw_prefix(data, random_log(players, seed))
    on_grid = Counter(d.colour for d in state.cover.dice())
    in_hands = Counter(d.colour for hand in state.hands for d in hand)
    bag = dict(state.bag())
    removed = Counter(state.removed)
    for colour in COLOURS:
        assert bag[colour] >= 0
        assert on_grid[colour] + in_hands[colour] + bag[colour] + removed[colour] == 6
    assert all(len(hand) <= 3 for hand in state.hands)


@fast
@given(tables, seeds)
def test_random_games_end_with_every_die_placed_and_consistent_totals(players, seed) -> None:
    log = random_log(players, seed)
    result = replay(log)
    state = result.state
    assert result.error is None and result.outcome.over and result.outcome.to_move is None
    assert state.in_bag == 0 and not any(state.hands)
    assert len(state.placed) == 36 - sixd_three.REMOVED.get(len(players), 0)
    records = THREE.turn_records(state)
    assert result.outcome.scores == {
        p: sum(r.points for r in records if r.player == p) for p in players
    }
    assert_best_score_wins(result.outcome)


def illegal_move(state: sixd_three.SixDThree, kind: str, rng: random.Random):
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    if state.over:
        return {"type": "draw", "dice": ["1r"]}, {"game-over"}
    mover = sixd_three.to_move(state)
    others = [p for p in state.players if p != mover]
    if kind == "wrong player":
        return {"type": "board", "board": [], "player": rng.choice(others)}, {"wrong-player"}
    if state.phase == "grid":
        return {"type": "draw", "dice": ["1r", "2r", "3r"]}, {"grid-first"}
    if state.phase == "remove":
        return {"type": "place", "die": "1r", "cell": [0, 0]}, {"remove-first"}
    if state.phase in ("deal", "draw"):
        count = 3 if state.phase == "deal" else 1
        used = [c for c, left in state.bag() if left == 0]
        if kind == "used up" and used:
            return {"type": "draw", "dice": [f"1{used[0]}"] * count}, {"colour-used-up"}
        if kind == "count":
            return {"type": "draw", "dice": ["1r"] * (count + 1)}, {"wrong-dice-count"}
        return {"type": "place", "die": "1r", "cell": [0, 0]}, {"deal-first", "draw-first"}
    hand = state.hands[state.seat]
    die = str(rng.choice(hand))
    if kind == "covered" and state.placed:
        cell = rng.choice(state.placed).score.cell
        return {"type": "place", "die": die, "cell": list(cell)}, {"covered"}
    if kind == "not in hand":
        missing = next(
            f"{v}{c}" for c in COLOURS for v in range(1, 7)
            if f"{v}{c}" not in {str(d) for d in hand}
        )  # fmt: skip
        return {"type": "place", "die": missing, "cell": [0, 0]}, {"not-in-hand"}
    if kind == "draw":
        return {"type": "draw", "dice": ["1r"]}, {"no-draw"}
    return {"type": "place", "die": die, "cell": [6, rng.randint(0, 5)]}, {"off-board"}


@fast
@given(
    tables,
    seeds,
    st.sampled_from(["wrong player", "used up", "count", "covered", "not in hand", "draw", "off"]),
    st.data(),
)
def test_a_rejected_move_changes_nothing(players, seed, kind: str, data) -> None:
    rng = random.Random(seed)
    log = random_log(players, seed)
    prefix, state = draw_prefix(data, log)
    move, codes = illegal_move(state, kind, rng)
    assert_refusal_changes_nothing(THREE, log, prefix, state, move, codes)


@fast
@given(tables, seeds, st.data())
def test_a_second_re_roll_in_one_turn_changes_nothing(players, seed, data) -> None:
    log = random_log(players, seed)
    prefix, state = draw_prefix(data, log)
    if state.phase != "turn":
        return
    die = str(state.hands[state.seat][0])
    first = {"type": "reroll", "die": die, "to": die}
    if not state.rerolled:
        state = apply_move(THREE, state, first)
        prefix = [*prefix, first]
    assert_refusal_changes_nothing(THREE, log, prefix, state, first, {"rerolled-already"})


@fast
@given(tables, seeds, st.data())
def test_every_listed_choice_is_legal(players, seed, data) -> None:
    _, state = draw_prefix(data, random_log(players, seed))
    for move in sixd_three.choices(state):
        after = apply_move(THREE, state, move)
        if move["type"] == "place":
            assert len(after.placed) == len(state.placed) + 1
        else:
            assert after.rerolled
