"""How Six D Four is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games
(those that end), the moves its rules must refuse, and what a random game's end must show."""

from __future__ import annotations

import random

from hypothesis import assume, settings
from hypothesis import strategies as st

from referee.games import get_game
from referee.games.sixd_four import rules as sixd_four
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, random_game_log

FOUR = get_game("sixd-four")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")

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


def ended(players: tuple[str, ...], log: GameLog, result: Replay) -> None:
    """Over by the rules: every black piece captured, or every player passed in a row; a
    turn a move."""
    state = result.state
    assert sum(state.black) == 36 or state.passes == len(players)
    assert FOUR.turns_done(state) == len(log.moves)


RANDOM_PLAY = RandomPlay(
    FOUR,
    tables=tables,
    random_log=random_log,
    settings=fast,
    kinds=("wrong player", "occupied", "pass", "off"),
    illegal=illegal_move,
    ended=ended,
)
