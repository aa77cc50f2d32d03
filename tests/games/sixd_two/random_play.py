"""How Six D Two is played at random for the property tests, the shared ones
(``tests/games/test_shared_properties.py``) and this folder's: its tables, its random games,
an independent reckoning of the pips each player took, the moves its rules must refuse, and
what a random game's end must show."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import settings
from hypothesis import strategies as st

from referee.games import get_game
from referee.games.sixd_two import rules as sixd_two
from referee.log import GameLog, Replay
from tests.conftest import examples
from tests.engine.support import RandomPlay, random_game_log

TWO = get_game("sixd-two")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

tables = st.builds(
    lambda n, rounds: (NAMES[:n], {"rounds": rounds}),
    st.integers(2, 8),
    st.integers(1, 4),
)
fast = settings(max_examples=examples(40), deadline=None)


def random_log(table: tuple, seed: int) -> GameLog:
    """A finished random game on ``table`` as a log."""
    players, options = table
    return random_game_log(TWO, players, options, seed)


def has_pair(pool: Counter) -> bool:
    return any(sum(n for (_, colour), n in pool.items() if colour == c) >= 2 for c in "rygbopk")


def reference(
    players: Sequence[str], moves: Sequence[dict]
) -> tuple[list[dict[str, int]], dict[str, int]]:
    """Each finished round's pips per player, and this round's so far, from the log alone:
    round k starts with seat k, each take passes the turn, a pool that has no pair left
    ends its round."""
    n = len(players)
    rounds: list[dict[str, int]] = []
    pips = dict.fromkeys(players, 0)
    takes = 0
    pool: Counter | None = None

    def close() -> None:
        nonlocal pips, takes, pool
        rounds.append(pips)
        pips, takes, pool = dict.fromkeys(players, 0), 0, None

    for move in moves:
        if move["type"] == "roll":
            assert takes == 0 and pool is None
            pool = Counter((int(d[0]), d[1]) for d in move["dice"])
            if not has_pair(pool):
                close()
        elif move["type"] == "take":
            dice = [(int(d[0]), d[1]) for d in move["dice"]]
            assert len(dice) == 2 and dice[0][1] == dice[1][1]
            pips[players[(len(rounds) + takes) % n]] += dice[0][0] + dice[1][0]
            takes += 1
            if pool is not None:
                pool.subtract(dice)
                assert min(pool.values()) >= 0
                if not has_pair(+pool):
                    close()
        else:
            close()
    return rounds, pips


def illegal_move(state: sixd_two.SixDTwo, kind: str, rng: random.Random) -> tuple[dict, set[str]]:
    """A move of ``kind`` the rules must refuse now, and the codes that may refuse it."""
    if state.over:
        return {"type": "end"}, {"game-over"}
    if kind == "wrong player":
        other = rng.choice([p for p in state.players if p != state.player])
        return {"type": "end", "player": other}, {"wrong-player"}
    if kind == "mixed colours":
        return {"type": "take", "dice": ["1r", "1g"]}, {"mixed-colours"}
    if kind == "three dice":
        return {"type": "take", "dice": ["1r", "1r", "1r"]}, {"wrong-dice-count"}
    if kind == "no colour":
        return {"type": "take", "dice": ["1", "2"]}, {"no-colour"}
    if kind == "late roll":
        code = "pool-entered" if state.pool is not None else "too-late-to-roll"
        if state.pool is None and not state.takes:
            return {"type": "roll", "dice": []}, {"empty-pool"}
        return {"type": "roll", "dice": ["1r", "1r"]}, {code}
    if state.pool is None:
        return {"type": "take", "dice": ["7r", "1r"]}, {"bad-die"}
    left = Counter(str(d) for d in state.pool)
    colour = rng.choice("rygbopk")
    missing = [v for v in range(1, 7) if left[f"{v}{colour}"] == 0]
    if not missing:
        return {"type": "take", "dice": ["0r", "1r"]}, {"bad-die"}
    return {"type": "take", "dice": [f"{rng.choice(missing)}{colour}"] * 2}, {"die-not-rolled"}


def ended(table: tuple, log: GameLog, result: Replay) -> None:
    """Every round played, each player's turns and totals the pips they took."""
    players, options = table
    rounds, _ = reference(players, log.moves)
    assert len(rounds) == options["rounds"]
    assert result.outcome.scores == {p: sum(r[p] for r in rounds) for p in players}
    assert [(t.player, t.points) for t in TWO.turn_records(result.state)] == [
        (p, r[p]) for r in rounds for p in players
    ]


RANDOM_PLAY = RandomPlay(
    TWO,
    tables=tables,
    random_log=random_log,
    settings=fast,
    kinds=("wrong player", "mixed colours", "three dice", "no colour", "late roll", "not in pool"),
    illegal=illegal_move,
    ended=ended,
)
