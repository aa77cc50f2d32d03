"""How 10K is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games
with plain or coloured dice, and the moves its rules must refuse."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.games import get_game
from referee.games.tenk import rules as tenk
from referee.log import GameLog
from tests.conftest import examples
from tests.engine.support import RandomPlay, wrong_player_move

TENK = get_game("tenk")
NAMES = ("Ann", "Bo", "Cy", "Di")

tables = st.builds(
    lambda n, target, entry: (NAMES[:n], {"target": target, "entry": entry}),
    st.integers(1, 4),
    st.sampled_from([1000, 2000, 3000]),
    st.sampled_from([0, 300, 500]),
)
fast = settings(max_examples=examples(60), deadline=None)


def random_log(table: tuple, rng: random.Random, colours: bool) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    moves = play_random_game(TENK, players, options, rng, colours=colours)
    return GameLog("tenk", players, options, tuple(moves))


def illegal_move(state: tenk.TenK, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    expected = tenk.dice_to_roll(state)
    if kind == "wrong dice count":
        count = rng.choice([n for n in range(8) if n != expected])
        move = {"type": "roll", "dice": ["2"] * count}
        codes = {"wrong-dice-count", "set-aside-first"}
    elif kind == "value 7":
        move = {"type": "roll", "dice": ["7"] + ["2"] * ((expected or 6) - 1)}
        codes = {"bad-die", "set-aside-first"}
    elif kind == "die not rolled":
        ones = sum(d.value == 1 for d in state.on_table)
        move = {"type": "set_aside", "dice": ["1"] * (ones + 1)}
        codes = {"die-not-rolled", "roll-first"}
    else:
        move = wrong_player_move(TENK, state, rng)
        codes = {"wrong-player"}
    return move, codes


def refused(state: tenk.TenK, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now (any move once the game is over), and
    the codes that may refuse it."""
    if TENK.outcome(state).over:
        return {"type": "bank"}, {"game-over"}
    return illegal_move(state, kind, rng)


RANDOM_PLAY = RandomPlay(
    TENK,
    tables=st.tuples(tables, st.booleans()),  # a table, and whether its dice are coloured
    random_log=lambda table, seed: random_log(table[0], random.Random(seed), table[1]),
    settings=fast,
    kinds=("wrong dice count", "value 7", "die not rolled", "wrong player"),
    illegal=refused,
    # a wrong player needs two; an uncoloured 1 set aside is "not rolled" among plain dice only
    refusal_tables=st.tuples(tables.filter(lambda t: len(t[0]) > 1), st.just(False)),
)
