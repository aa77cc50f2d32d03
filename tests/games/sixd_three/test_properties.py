"""Six D Three's own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from referee.core.moves import apply_move
from referee.games.sixd_three import rules as sixd_three
from tests.engine.support import assert_refusal_changes_nothing, draw_prefix, seeds
from tests.games.sixd_three.random_play import COLOURS, THREE, fast, random_log, tables


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
