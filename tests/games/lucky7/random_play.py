"""How Lucky Sevens is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games,
the moves its rules must refuse, and what a random game's end must show."""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.games import get_game
from referee.games.lucky7 import rules as lucky7
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, wrong_player_move

L7 = get_game("lucky7")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

tables = st.builds(
    lambda n, target, bonus: (NAMES[:n], {"target": target, "set_bonus": bonus}),
    st.integers(1, 8),
    st.sampled_from([10, 30, 100]),
    st.sampled_from([5, 6]),
)
fast = settings(max_examples=examples(40), deadline=None)


def random_log(table: tuple, rng: random.Random) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    return GameLog("lucky7", players, options, tuple(play_random_game(L7, players, options, rng)))


def illegal_move(state: lucky7.Lucky7, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    count = lucky7.dice_to_roll(state)
    scoring = state.phase in ("score", "choose")
    if kind == "wrong dice count":
        n = rng.choice([n for n in range(1, 10) if n != count])
        return {"type": "roll", "dice": ["2"] * n}, {"wrong-dice-count", "score-first"}
    if kind == "value 7":
        dice = ["2"] * (count or 8)
        dice[rng.randrange(len(dice))] = "7"
        return {"type": "roll", "dice": dice}, {"score-first" if count is None else "bad-die"}
    if kind == "die not rolled":
        ones = sum(d.value == 1 for d in state.on_table)
        move = {"type": "score", "sevens": [["1", "6"]] * (ones + 1)}
        return move, {"die-not-rolled" if scoring else "roll-first"}
    if kind == "not a seven":
        move = {"type": "score", "sevens": [["6", "6"]]}
        return move, {"not-a-seven" if scoring else "roll-first"}
    if kind == "steal or bank":
        if state.phase == "start" and state.stealable:
            return {"type": "bank"}, {"nothing-to-bank"}
        if state.phase == "choose":
            return {"type": "steal"}, {"nothing-to-steal"}
        return rng.choice([{"type": "steal"}, {"type": "bank"}]), {
            "nothing-to-steal",
            "nothing-to-bank",
        }
    return wrong_player_move(L7, state, rng), {"wrong-player"}


def refused(state: lucky7.Lucky7, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now (any move once the game is over), and
    the codes that may refuse it."""
    if L7.outcome(state).over:
        return {"type": "bank"}, {"game-over"}
    return illegal_move(state, kind, rng)


def ended(table: tuple, log: GameLog, result: Replay) -> None:
    """One winner, at exactly the target, by a score move: the exact finish."""
    target = table[1]["target"]
    board, outcome = result.state.board, result.outcome
    assert len(outcome.winners) == 1
    winner = outcome.winners[0]
    assert outcome.scores[winner] == target
    assert all(s < target for p, s in outcome.scores.items() if p != winner)
    assert log.moves[-1]["type"] == "score"
    assert (board.turns[-1].player, board.turns[-1].note) == (winner, "exact finish")


RANDOM_PLAY = RandomPlay(
    L7,
    tables=tables,
    random_log=lambda table, seed: random_log(table, random.Random(seed)),
    settings=fast,
    kinds=(
        "wrong dice count",
        "value 7",
        "die not rolled",
        "not a seven",
        "steal or bank",
        "player",
    ),
    illegal=refused,
    refusal_tables=tables.filter(lambda t: len(t[0]) > 1),  # a wrong player needs two
    ended=ended,
)
