"""How Keys and Base Dice (SB) is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games,
the moves its rules must refuse, and what a random game's end must show."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.games import get_game
from referee.games.sb import rules as keys_and_base
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, wrong_player_move

SB = get_game("sb")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")

tables = st.builds(
    lambda n, target: (NAMES[:n], {"target": target}),
    st.integers(1, 5),
    st.sampled_from([20, 40, 60]),
)
fast = settings(max_examples=examples(40), deadline=None)


def random_log(table: tuple, rng: random.Random) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    moves = play_random_game(SB, players, options, rng)
    return GameLog("sb", players, options, tuple(moves))


def illegal_move(state: keys_and_base.SB, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    base, keys = keys_and_base.dice_to_roll(state), keys_and_base.keys_to_roll(state)
    rolling = base is not None
    if kind == "wrong base count":
        count = rng.choice([n for n in range(10) if n != base])
        move = {"type": "roll", "dice": ["2"] * count + ["K2"] * keys}
        codes = {"wrong-dice-count"} if rolling else {"set-aside-first"}
    elif kind == "wrong key count":
        count = rng.choice([n for n in range(4) if n != keys])
        move = {"type": "roll", "dice": ["2"] * (base or 0) + ["K2"] * count}
        codes = {"wrong-dice-count"} if rolling else {"set-aside-first"}
    elif kind == "value 7":
        dice = ["2"] * (base or 0) + ["K2"] * keys or ["2"]
        dice[rng.randrange(len(dice))] = "K7" if rng.random() < 0.5 else "7"
        move = {"type": "roll", "dice": dice}
        codes = {"bad-die"} if rolling else {"set-aside-first"}
    elif kind == "die not rolled":
        key = rng.random() < 0.5
        shown = sum(d.key == key and d.value == 1 for d in state.on_table)
        move = {"type": "set_aside", "dice": ["K1" if key else "1"] * (shown + 1)}
        codes = {"roll-first"} if state.phase == "roll" else {"die-not-rolled"}
    elif kind == "mixed set-aside":
        # Everything left on the table, plus a die of a kind the turn's pick lacks.
        pool = state.taken + state.on_table
        dice = [str(d) for d in state.on_table]
        if not any(d.key for d in pool):
            dice.append("K1" if "K1" not in dice else "K2")
        if all(d.key for d in pool):
            dice.append("1")
        mixable = any(d.key for d in pool) and not all(d.key for d in pool)
        move = {"type": "set_aside", "dice": dice}
        if state.phase == "roll":
            codes = {"roll-first"}
        else:
            codes = {"mixed-set-aside"} if mixable else {"die-not-rolled"}
    else:
        move = wrong_player_move(SB, state, rng)
        codes = {"wrong-player"}
    return move, codes


def refused(state: keys_and_base.SB, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now (any move once the game is over), and
    the codes that may refuse it."""
    if SB.outcome(state).over:
        return {"type": "bank"}, {"game-over"}
    return illegal_move(state, kind, rng)


def ended(table: tuple, log: GameLog, result: Replay) -> None:
    """No turn scores more than a full sandwich."""
    assert all(0 <= t.points <= keys_and_base.FULL_SANDWICH for t in result.state.board.turns)


RANDOM_PLAY = RandomPlay(
    SB,
    tables=tables,
    random_log=lambda table, seed: random_log(table, random.Random(seed)),
    settings=fast,
    kinds=(
        "wrong base count",
        "wrong key count",
        "value 7",
        "die not rolled",
        "mixed set-aside",
        "wrong player",
    ),
    illegal=refused,
    refusal_tables=tables.filter(lambda t: len(t[0]) > 1),  # a wrong player needs two
    ended=ended,
)
