"""How Solitaire Dice is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables (one to four
sheets), its random games, the moves its rules must refuse, and what a random game's end
must show."""

from __future__ import annotations

import copy
import random

from hypothesis import settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game
from referee.games import get_game
from referee.games.solitaire import rules as solitaire
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, assert_best_score_wins

SOL = get_game("solitaire")
NAMES = ("Ann", "Bo", "Cy", "Di")

players = st.integers(1, 4).map(lambda n: NAMES[:n])
fast = settings(max_examples=examples(60), deadline=None)


def random_log(table: tuple[str, ...], rng: random.Random) -> GameLog:
    """A finished random game at ``table`` as a log."""
    moves = play_random_game(SOL, table, None, rng)
    return GameLog("solitaire", table, {}, tuple(moves))


def illegal_move(state: solitaire.Solitaire, kind: str, rng: random.Random) -> tuple[dict, str]:
    """A move of ``kind`` the rules must refuse now, and the code that must refuse it."""
    waiting = [state.sheets[i].player for i in state.waiting]
    if kind in ("wrong dice count", "value 7 in a roll"):
        if kind == "wrong dice count":
            dice = [str(rng.randint(1, 6)) for _ in range(rng.choice([0, 1, 4, 6, 10]))]
            code = "wrong-dice-count"
        else:
            dice = [str(rng.randint(1, 6)) for _ in range(5)]
            dice[rng.randrange(5)] = "7"
            code = "bad-die"
        return {"type": "roll", "dice": dice}, "assign-first" if waiting else code
    if not state.roll:
        return {"type": "assign", "pairs": [["1", "1"], ["1", "1"]], "throwaway": "1"}, "roll-first"
    if not waiting:
        open_players = [s.player for s in state.sheets if not s.closed]
        legal = {"pairs": [["1", "1"], ["1", "1"]], "throwaway": "1"}
        return {"type": "assign", "player": rng.choice(open_players), **legal}, "already-assigned"
    move = copy.deepcopy(rng.choice(solitaire.choices(state)))
    where = rng.randrange(5)
    if kind == "value 7 in a split":
        new, code = "7", "bad-die"
    else:  # a split that is not the roll: one die changed to a value it did not have
        held = [*move["pairs"][0], *move["pairs"][1], move["throwaway"]][where]
        new = str(rng.choice([v for v in range(1, 7) if str(v) != held]))
        code = "die-not-rolled"
    if where == 4:
        move["throwaway"] = new
    else:
        move["pairs"][where // 2][where % 2] = new
    return move, code


def refused(state: solitaire.Solitaire, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now (any move once the game is over), and
    the code that must refuse it."""
    if SOL.outcome(state).over:
        return {"type": "roll"}, {"game-over"}
    move, code = illegal_move(state, kind, rng)
    return move, {code}


def ended(table: tuple[str, ...], log: GameLog, result: Replay) -> None:
    """Every sheet closed; a lone player wins with 500 or more, else the best score wins.
    (A sheet's total is its rows', not its turns': test_properties.py checks it.)"""
    outcome = result.outcome
    assert all(s.closed for s in result.state.sheets)
    if len(table) == 1:
        total = outcome.scores[table[0]]
        assert outcome.winners == ([table[0]] if total >= 500 else [])
    else:
        assert_best_score_wins(outcome)


RANDOM_PLAY = RandomPlay(
    SOL,
    tables=players,
    random_log=lambda table, seed: random_log(table, random.Random(seed)),
    settings=fast,
    kinds=("wrong dice count", "value 7 in a roll", "value 7 in a split", "not the roll"),
    illegal=refused,
    ended=ended,
    totals_are_the_turns=False,
    best_score_wins=False,
)
