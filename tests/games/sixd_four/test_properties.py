"""Six D Four's own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.core.moves import apply_move
from referee.games.sixd_four import rules as sixd_four
from tests.engine.support import draw_prefix, seeds
from tests.games.sixd_four.random_play import FOUR, LONGEST, NAMES, fast, random_log, tables

COLOURS = "rygbop"


def test_a_game_can_cycle_for_ever_once_the_pool_is_empty() -> None:
    # The rules end the game only when every black piece is captured or everyone passes
    # in a row. Here the pool is empty, black pieces stay on the board, and two players
    # capture each other's last pieces back and forth, one passing in between: no end.
    # The referee keeps refereeing; the table decides when to stop (docs/rulings.md).
    with pytest.raises(RuntimeError, match="not over"):
        play_random_game(FOUR, NAMES[:2], {}, random.Random(1164085), max_moves=LONGEST)


def reference(players: Sequence[str], moves: Sequence[dict]) -> dict:
    """The board, hands, pool and black pieces captured after ``moves``, from the log alone
    (the rules of docs/rulings.md, written apart from the engine)."""
    n = len(players)
    side = 6 if n == 2 else 8
    board: dict[tuple[int, int], str] = {}
    hands = [6] * n
    pool, black = 36, [0] * n
    seat = 0
    for move in moves:
        if move["type"] == "place":
            colour = COLOURS[seat] if hands[seat] else "k"
            cell = (move["cell"][0], move["cell"][1])
            assert cell not in board and 0 <= min(cell) and max(cell) < side
            board[cell] = colour
            if colour == "k":
                pool -= 1
            else:
                hands[seat] -= 1
            taken = []
            r, c = cell
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                piece = board.get(near)
                if piece is None or piece == colour:
                    continue
                nr, nc = near
                touching = [board.get(x) for x in ((nr - 1, nc), (nr + 1, nc), (nr, nc - 1),
                                                   (nr, nc + 1)) if x != cell]  # fmt: skip
                if any(t is not None and t != piece for t in touching):
                    taken.append(near)
            for near in taken:
                piece = board.pop(near)
                if piece == "k":
                    black[seat] += 1
                else:
                    hands[COLOURS.index(piece)] += 1
        seat = (seat + 1) % n
    return {"board": board, "hands": tuple(hands), "pool": pool, "black": tuple(black)}


@fast
@given(tables, seeds, st.data())
def test_captures_agree_with_an_independent_reading_of_the_rules(players, seed, data) -> None:
    prefix, state = draw_prefix(data, random_log(players, seed))
    expected = reference(players, prefix)
    board = {
        (r, c): piece
        for r, row in enumerate(state.squares)
        for c, piece in enumerate(row)
        if piece is not None
    }
    assert board == expected["board"]
    assert (state.hands, state.pool, state.black) == (
        expected["hands"], expected["pool"], expected["black"]
    )  # fmt: skip
    assert FOUR.outcome(state).scores == dict(zip(players, expected["black"], strict=True))


@fast
@given(tables, seeds, st.data())
def test_pieces_are_conserved(players, seed, data) -> None:
    """Each colour: on the board + in its owner's hand = 6; black: on the board + in the
    pool + captured = 36."""
    _, state = draw_prefix(data, random_log(players, seed))
    for seat in range(len(players)):
        assert state.on_board(COLOURS[seat]) + state.hands[seat] == 6
        assert state.hands[seat] >= 0
    assert state.on_board("k") + state.pool + sum(state.black) == 36
    assert all(state.on_board(c) == 0 for c in COLOURS[len(players) :])


@fast
@given(tables, seeds, st.data())
def test_every_listed_choice_is_legal_and_a_pass_is_listed_only_when_nothing_is(
    players, seed, data
) -> None:
    _, state = draw_prefix(data, random_log(players, seed))
    listed = sixd_four.choices(state)
    if state.over:
        assert listed == []
        return
    if sixd_four.may_pass(state):
        assert listed == [{"type": "pass"}]
    else:
        assert len(listed) == len(state.empty()) and {"type": "pass"} not in listed
    for move in listed[:5]:
        assert apply_move(FOUR, state, move).turns == state.turns + 1
