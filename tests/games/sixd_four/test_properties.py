"""Six D Four properties over random legal games played by referee.autoplay."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.core.moves import apply_move
from referee.games import get_game
from referee.games.sixd_four import rules as sixd_four
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

FOUR = get_game("sixd-four")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
COLOURS = "rygbop"

tables = st.integers(2, 6).map(lambda n: NAMES[:n])
fast = settings(max_examples=examples(30), deadline=None)


LONGEST = 3_000  # random games that end do so in a few hundred moves


def random_log(players: tuple[str, ...], seed: int) -> GameLog:
    """A finished random game as a log (a seed whose game cycles for ever is passed over:
    see ``test_a_game_can_cycle_for_ever_once_the_pool_is_empty``)."""
    try:
        return random_game_log(FOUR, players, {}, seed, max_moves=LONGEST)
    except RuntimeError:
        assume(False)
        raise  # not reached: assume(False) ends the example


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
@given(tables, seeds)
def test_replay_is_deterministic(players: tuple[str, ...], seed: int) -> None:
    log = random_log(players, seed)
    assert_replay_is_deterministic(log)
    assert random_log(players, seed) == log  # same seed, same game


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
@given(tables, seeds)
def test_random_games_end_by_the_rules_with_consistent_totals(players, seed) -> None:
    log = random_log(players, seed)
    result = replay(log)
    state = result.state
    assert result.error is None and result.outcome.over and result.outcome.to_move is None
    assert sum(state.black) == 36 or state.passes == len(players)
    records = FOUR.turn_records(state)
    assert result.outcome.scores == {
        p: sum(r.points for r in records if r.player == p) for p in players
    }
    assert FOUR.turns_done(state) == len(log.moves)
    assert_best_score_wins(result.outcome)


def illegal_move(state: sixd_four.SixDFour, kind: str, rng: random.Random):
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    if state.over:
        return {"type": "pass"}, {"game-over"}
    others = [p for p in state.players if p != state.player]
    if kind == "wrong player":
        return {"type": "pass", "player": rng.choice(others)}, {"wrong-player"}
    taken = [(r, c) for r in range(state.side) for c in range(state.side) if state.squares[r][c]]
    if kind == "occupied" and taken:
        return {"type": "place", "cell": list(rng.choice(taken))}, {"occupied"}
    if kind == "pass":
        if sixd_four.may_pass(state):
            return {"type": "place", "cell": [0, 0]}, {"occupied", "nothing-to-place"}
        return {"type": "pass"}, {"must-place"}
    return {"type": "place", "cell": [rng.randint(0, 9), state.side]}, {"off-board"}


@fast
@given(tables, seeds, st.sampled_from(["wrong player", "occupied", "pass", "off"]), st.data())
def test_a_rejected_move_changes_nothing(players, seed, kind: str, data) -> None:
    rng = random.Random(seed)
    log = random_log(players, seed)
    prefix, state = draw_prefix(data, log)
    move, codes = illegal_move(state, kind, rng)
    assert_refusal_changes_nothing(FOUR, log, prefix, state, move, codes)


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
