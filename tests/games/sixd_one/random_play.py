"""How Six D One is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games,
the moves its rules must refuse, and what a random game's end must show."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get_game
from referee.games.sixd_one import rules as sixd_one
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, random_game_log

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


def ended(table: tuple, log: GameLog, result: Replay) -> None:
    """Every round played: a board and a placement per die, each player's boards."""
    players, options = table
    assert len(log.moves) == len(players) * options["rounds_per_player"] * (1 + 6 * len(players))


RANDOM_PLAY = RandomPlay(
    ONE,
    tables=tables,
    random_log=random_log,
    settings=fast,
    kinds=("wrong player", "lone die", "covered", "empty cell", "wrong number", "off"),
    illegal=illegal_move,
    ended=ended,
)
