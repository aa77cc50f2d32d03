"""How Six D Five is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games,
the moves its rules must refuse, and what a random game's end must show."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get_game
from referee.games.sixd_five import rules as sixd_five
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, random_game_log

FIVE = get_game("sixd-five")
NAMES = ("Ann", "Bo", "Cy", "Di")

tables = st.builds(
    lambda n, dice: (NAMES[:n], {"dice": dice}),
    st.integers(2, 4),
    st.integers(2, 72),
)
fast = settings(max_examples=examples(60), deadline=None)


def random_log(table: tuple, seed: int) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    return random_game_log(FIVE, players, options, seed)


def illegal_move(state: sixd_five.SixDFive, kind: str, rng: random.Random):
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    if FIVE.is_over(state):
        return {"type": "place"}, {"game-over"}
    if kind == "wrong player":
        other = next(p for p in state.players if p != FIVE.to_move(state))
        return {"type": "place", "player": other}, {"wrong-player"}
    if state.placed < state.dice:
        return {"type": "sides", "totals": dict.fromkeys(state.players, 0)}, {"stack-not-done"}
    most = 6 * state.dice
    return {"type": "sides", "totals": dict.fromkeys(state.players, most + 1)}, {"bad-total"}


def ended(table: tuple, log: GameLog, result: Replay) -> None:
    """Every die placed, one move each, then the sides: the totals, each at most six pips a
    die."""
    players, options = table
    *places, last = log.moves
    assert places == [{"type": "place"}] * options["dice"]
    assert result.outcome.scores == last["totals"]
    assert all(0 <= t <= 6 * options["dice"] for t in last["totals"].values())


RANDOM_PLAY = RandomPlay(
    FIVE,
    tables=tables,
    random_log=random_log,
    settings=fast,
    kinds=("early sides", "wrong player", "too many pips"),
    illegal=illegal_move,
    ended=ended,
)
