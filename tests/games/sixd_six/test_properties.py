"""Six D Six's own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import random_board, random_shape
from referee.core.dice import parse_die
from referee.core.engine import BoardEntry
from referee.core.moves import apply_move
from referee.families.grid import parse_board
from referee.games.sixd_six import rules as sixd_six
from tests.conftest import examples
from tests.engine.support import draw_prefix, seeds
from tests.games.sixd_six.random_play import SIX, fast, random_log, tables

Cell = tuple[int, int]


def has_gap(cells: set[Cell]) -> bool:
    """Whether a row or a column of ``cells`` has an empty cell between two of them."""
    for axis in (0, 1):
        lines: dict[int, list[int]] = {}
        for cell in cells:
            lines.setdefault(cell[axis], []).append(cell[1 - axis])
        if any(max(s) - min(s) + 1 != len(s) for s in lines.values()):
            return True
    return False


def run_through(cells: set[Cell], cell: Cell, step: Cell) -> frozenset[Cell]:
    """The cells of ``cells`` in an unbroken run with ``cell`` along ``step``, both ways."""
    run = {cell}
    for sign in (1, -1):
        at = (cell[0] + sign * step[0], cell[1] + sign * step[1])
        while at in cells:
            run.add(at)
            at = (at[0] + sign * step[0], at[1] + sign * step[1])
    return frozenset(run)


def line_points(area: set[Cell], new: Sequence[Cell]) -> int:
    """docs/rulings.md: each line (a run of two or more) holding a new die scores its length; a line
    of six scores six more.  A line is counted once however many new dice it holds."""
    lines = {
        (step, run_through(area, cell, step)) for cell in new for step in ((0, 1), (1, 0))
    }  # fmt: skip
    return sum(len(run) + (6 if len(run) == 6 else 0) for _, run in lines if len(run) > 1)


def reference(players: Sequence[str], moves: Sequence[dict]) -> list[tuple[str, int]]:
    """Each turn's player and points from the log alone: the first player starts, round the
    table; after a take that leaves a gap the taker slides; a pass scores 0."""
    board: dict[Cell, str] = {}
    areas: list[dict[Cell, str]] = [{} for _ in players]
    seat, scored = 0, []
    for move in moves:
        kind = move["type"]
        if kind == "board":
            board = {(r, c): d for r, row in enumerate(move["board"]) for c, d in enumerate(row)}
        elif kind == "take":
            new = [(p[0], p[1]) for p in move["place"]]
            for cell, spot in zip(move["cells"], new, strict=True):
                areas[seat][spot] = board.pop((cell[0], cell[1]))
            scored.append((players[seat], line_points(set(areas[seat]), new)))
            if not has_gap(set(board)):
                seat = (seat + 1) % len(players)
        elif kind == "slide":
            board = {(r, c): d for r, row in enumerate(move["board"])
                     for c, d in enumerate(row) if d is not None}  # fmt: skip
            seat = (seat + 1) % len(players)
        elif kind == "pass":
            scored.append((players[seat], 0))
            seat = (seat + 1) % len(players)
    return scored


@fast
@given(tables, seeds, st.data())
def test_each_take_scores_what_an_independent_line_count_says(players, seed, data) -> None:
    prefix, state = draw_prefix(data, random_log(players, seed))
    expected = reference(players, prefix)
    records = SIX.turn_records(state)
    assert [(r.player, r.points) for r in records] == expected
    totals: Counter[str] = Counter()
    for name, got in expected:
        totals[name] += got
    assert SIX.outcome(state).scores == {p: totals[p] for p in players}


@fast
@given(tables, seeds, st.data())
def test_dice_are_conserved_between_the_board_and_the_areas(players, seed, data) -> None:
    log = random_log(players, seed)
    prefix, state = draw_prefix(data, log)
    if not prefix:
        return
    rolled = Counter(parse_die(d) for row in log.moves[0]["board"] for d in row)
    held = Counter(state.board.dice())
    for area in state.areas:
        held.update(die for _, die in area.dice)
    assert held == rolled
    assert sum(len(a) for a in state.areas) == 36 - len(state.board.cells())


def independent_set(board, cells: list[Cell]) -> bool:
    """Connected, and each run of the cells in a row or column one colour with different
    numbers or one number in different colours."""
    within = set(cells)
    if len(within) < 2 or len(within) != len(cells):
        return False
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in within and near not in seen:
                seen.add(near)
                todo.append(near)
    if seen != within:
        return False
    for cell in cells:
        for step in ((0, 1), (1, 0)):
            run = run_through(within, cell, step)
            if len(run) < 2:
                continue
            dice = [board.die_at(c) for c in run]
            colours, values = {d.colour for d in dice}, {d.value for d in dice}
            one_colour = len(colours) == 1 and len(values) == len(dice)
            one_value = len(values) == 1 and len(colours) == len(dice)
            if not (one_colour or one_value):
                return False
    return True


@settings(max_examples=examples(150), deadline=None)
@given(seeds, st.integers(2, 6), st.integers(0, 5), st.integers(0, 5))
def test_a_group_of_board_dice_is_a_set_exactly_when_every_line_obeys(seed, size, dr, dc) -> None:
    rng = random.Random(seed)
    entry = BoardEntry("board", "board", 36, shape=(6, 6), colours="rygbop")
    board = parse_board(random_board(entry, rng), max_side=6)
    cells = [(r + dr, c + dc) for r, c in random_shape(size, rng)]
    cells = [c for c in cells if c in board]
    legal = independent_set(board, cells)
    assert (sixd_six.judge_set(board, cells) is None) == legal
    assert (tuple(sorted(cells)) in sixd_six.legal_sets(board)) == legal


@fast
@given(tables, seeds, st.data())
def test_every_placement_offered_scores_an_independent_line_count(players, seed, data) -> None:
    _, state = draw_prefix(data, random_log(players, seed))
    if state.phase != "take":
        return
    sets = sixd_six.legal_sets(state.board)
    cells = data.draw(st.sampled_from(sets), label="set") if sets else ()
    preview = sixd_six.preview_take(state, cells)
    area = set(state.area.at)
    for placement in preview.placements:
        assert not area & set(placement.cells)
        after = area | set(placement.cells)
        assert placement.score.total == line_points(after, placement.cells)


@fast
@given(tables, seeds, st.data())
def test_every_listed_choice_is_legal(players, seed, data) -> None:
    _, state = draw_prefix(data, random_log(players, seed))
    moves = sixd_six.choices(state)
    for move in random.Random(seed).sample(moves, min(len(moves), 10)):
        after = apply_move(SIX, state, move)
        assert sixd_six.turns_done(after) == sixd_six.turns_done(state) + 1
