"""How Six D Six is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games,
the moves its rules must refuse, and what a random game's end must show."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get_game
from referee.games.sixd_six import rules as sixd_six
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, random_game_log

SIX = get_game("sixd-six")
NAMES = ("Ann", "Bo", "Cy", "Di")

tables = st.integers(2, 4).map(lambda n: NAMES[:n])
fast = settings(max_examples=examples(40), deadline=None)


def random_log(players: tuple[str, ...], seed: int) -> GameLog:
    """A finished random game as a log."""
    return random_game_log(SIX, players, {}, seed)


def illegal_move(state: sixd_six.SixDSix, kind: str, rng: random.Random):
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    if state.over:
        return {"type": "pass"}, {"game-over"}
    mover = sixd_six.to_move(state)
    if kind == "wrong player":
        other = rng.choice([p for p in state.players if p != mover])
        return {"type": "pass", "player": other}, {"wrong-player"}
    if state.phase == "square":
        return {"type": "pass"}, {"square-first"}
    if state.phase == "slide":
        if kind == "unslid":
            return {"type": "slide", "board": state.board.notation()}, {"gap-left"}
        return {"type": "pass"}, {"slide-first"}
    empty = [(r, c) for r in range(6) for c in range(6) if state.board.die_at((r, c)) is None]
    full = state.board.cells()
    if kind == "empty cell" and empty and full:
        cells = [list(rng.choice(empty)), list(rng.choice(full))]
        return {"type": "take", "cells": cells, "place": [[0, 0], [0, 1]]}, {"no-die"}
    sets = sixd_six.legal_sets(state.board)
    if kind in ("occupied", "apart", "mirror") and sets and len(state.area):
        cells = rng.choice(sets)
        spot = rng.choice(list(state.area.at))
        if kind == "occupied":
            place = [(r - cells[0][0] + spot[0], c - cells[0][1] + spot[1]) for r, c in cells]
            return _take(cells, place), {"occupied"}
        if kind == "apart":
            top, left, height, width = state.area.bounds()
            place = [(r + top + height + 2, c) for r, c in cells]
            return _take(cells, place), {"not-touching"}
        if len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1:  # not a line
            return _take(cells, [(r, -c) for r, c in cells]), {"mirrored"}
    if not len(state.area):
        return {"type": "pass"}, {"must-take"}
    return {"type": "slide", "board": state.board.notation()}, {"no-slide"}


def _take(cells, place) -> dict:
    return {"type": "take", "cells": [list(c) for c in cells], "place": [list(p) for p in place]}


def ended(players: tuple[str, ...], log: GameLog, result: Replay) -> None:
    """Each turn's running total its player's, and over for a reason: no pair left on the
    board (no two neighbours alike in exactly one of colour and number), or every player
    passed in a row."""
    state = result.state
    records = SIX.turn_records(state)
    assert [r.total for r in records] == [
        sum(r.points for r in records[: i + 1] if r.player == records[i].player)
        for i in range(len(records))
    ]
    if state.ending == sixd_six.NO_PAIR:
        board = state.board
        for cell in board.cells():
            for near in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                a, b = board.die_at(cell), board.die_at(near)
                assert b is None or (a.colour == b.colour) == (a.value == b.value)
    else:
        assert state.ending == sixd_six.ALL_PASSED
        assert all(r.note == "passed" for r in records[-len(players) :])


RANDOM_PLAY = RandomPlay(
    SIX,
    tables=tables,
    random_log=random_log,
    settings=fast,
    kinds=("wrong player", "unslid", "empty cell", "occupied", "apart", "mirror", ""),
    illegal=illegal_move,
    ended=ended,
)
