"""How Six D Three is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games,
the moves its rules must refuse, and what a random game's end must show."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get_game
from referee.games.sixd_three import rules as sixd_three
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, random_game_log

THREE = get_game("sixd-three")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
COLOURS = "rygbop"

tables = st.integers(2, 6).map(lambda n: NAMES[:n])
fast = settings(max_examples=examples(40), deadline=None)


def random_log(players: tuple[str, ...], seed: int) -> GameLog:
    """A finished random game as a log."""
    return random_game_log(THREE, players, {}, seed)


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


def ended(players: tuple[str, ...], log: GameLog, result: Replay) -> None:
    """Every die placed: the bag and the hands empty, the grid covered but for the dice put
    back in the box."""
    state = result.state
    assert state.in_bag == 0 and not any(state.hands)
    assert len(state.placed) == 36 - sixd_three.REMOVED.get(len(players), 0)


RANDOM_PLAY = RandomPlay(
    THREE,
    tables=tables,
    random_log=random_log,
    settings=fast,
    kinds=("wrong player", "used up", "count", "covered", "not in hand", "draw", "off"),
    illegal=illegal_move,
    ended=ended,
)
