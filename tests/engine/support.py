"""Scaffolding shared by the engine tests and each game's: moves, tables replayed from moves,
refusals, logs, and how a game is played at random for the properties every game shares."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game, random_legal_move
from referee.core.contract import Game
from referee.core.engine import Outcome, RuleViolation, TurnRecord
from referee.core.moves import apply_move, check_players, resolve_options
from referee.games import get_game
from referee.log import GameLog, Rejection, Replay, dumps, loads, moves_with_states, replay

SEEDS = Path(__file__).parents[2] / "seeds"
KEBAB = re.compile(r"^[a-z]+(-[a-z]+)*$")
# A random game draws hundreds (SB: thousands) of numbers, too many for st.randoms() to shrink:
# each example is a seed instead.
seeds = st.integers(0, 2**32 - 1)

EXAMPLE = {  # the example log in docs/gamelog.md
    "format": "referee-log/1",
    "game": "tenk",
    "players": ["Ann", "Bo"],
    "options": {"target": 10000, "entry": 500},
    "moves": [
        {"type": "roll", "dice": ["1r", "1y", "1g", "5b", "2o", "6p"]},
        {"type": "set_aside", "dice": ["1r", "1y", "1g", "5b"]},
        {"type": "bank"},
    ],
}


# --- Moves and tables ------------------------------------------------------------------------


def roll(dice: str, **extra: object) -> dict:
    """A roll move from dice written with spaces: roll("1r 5 6"), roll("1 1 2 3 3 4 5 5 K2 K6")."""
    return {"type": "roll", "dice": dice.split(), **extra}


def aside(dice: str) -> dict:
    """A set-aside move from dice written with spaces."""
    return {"type": "set_aside", "dice": dice.split()}


def play(game: str, *moves: dict, players: tuple[str, ...] = ("Ann", "Bo"), **options: int) -> Any:
    """The state after replaying ``moves`` on a fresh ``game`` table; every move must be legal."""
    result = replay(GameLog(game, players, options, moves))
    assert result.error is None, result.error
    return result.state


def setups(
    game: str, *moves: dict, players: tuple[str, ...] = ("Ann", "Bo"), **options: int
) -> list[bool]:
    """Per move of a fresh ``game`` table, whether the game calls it setup (``is_setup``) in
    the state it was made in; every move must be legal."""
    log = GameLog(game, players, options, moves)
    found = [get_game(game).is_setup(state, move) for state, move in moves_with_states(log)]
    assert len(found) == len(moves)
    return found


def refused(
    game: str, *moves: dict, players: tuple[str, ...] = ("Ann", "Bo"), **options: int
) -> Rejection:
    """Replay ``moves`` of ``game``; the last must be refused and leave the state as it was."""
    result = replay(GameLog(game, players, options, moves))
    assert result.error is not None, "the last move was accepted"
    assert result.error.move == len(moves) - 1, result.error
    assert result.state == play(game, *moves[:-1], players=players, **options)
    return result.error


def refusal_of(game: Game, state: Any, move: dict) -> RuleViolation:
    """Apply ``move`` to ``state`` directly: it must be refused and leave ``state`` as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as refusal:
        apply_move(game, state, move)
    assert state == before
    return refusal.value


# --- Random games ----------------------------------------------------------------------------


def random_game_log(
    game: Game, players: Sequence[str], options: dict, seed: int, **limits: int
) -> GameLog:
    """A finished random game of ``game``, autoplayed from ``seed``, as a log."""
    moves = play_random_game(game, players, options, random.Random(seed), **limits)
    return GameLog(game.SLUG, tuple(players), options, tuple(moves))


def draw_prefix(data: st.DataObject, log: GameLog, *, spare: int = 0) -> tuple[Sequence, Any]:
    """Draw how many moves of ``log`` to keep, ``spare`` at least left out: them and their state."""
    cut = data.draw(st.integers(0, len(log.moves) - spare), label="moves kept")
    prefix = log.moves[:cut]
    return prefix, replay(log, prefix).state


def wrong_player_move(game: Game, state: Any, rng: random.Random) -> dict:
    """A random legal move, but made in the name of a player whose turn it is not."""
    player = rng.choice([p for p in state.board.players if p != state.board.player])
    return {**random_legal_move(game, state, rng), "player": player}


def assert_refusal_changes_nothing(
    game: Game, log: GameLog, prefix: Sequence, state: Any, move: dict, codes: set[str]
) -> None:
    """``move`` in ``state`` (where ``prefix`` of ``log`` leads) is refused with one of ``codes``.

    The code is kebab-case, and neither the state nor a replay of ``prefix`` plus ``move``
    (which stops at ``move``) moves on.
    """
    error = refusal_of(game, state, move)
    assert error.code in codes, error.message
    assert KEBAB.match(error.code)
    cut = len(prefix)
    result = replay(log, [*prefix, move])
    assert result.error is not None and result.error.move == cut
    assert result.moves_applied == cut
    assert result.state == state


def assert_replay_is_deterministic(log: GameLog) -> None:
    """``log`` replays without error, to the same state twice and after a trip through JSON."""
    first, second = replay(log), replay(log)
    assert first.error is None
    assert first.state == second.state
    assert replay(loads(dumps(log))).state == first.state


def assert_totals_are_the_turns(turns: Sequence[TurnRecord], outcome: Outcome) -> None:
    """Each player's total is the sum of their turns' points, and a bust scores nothing."""
    for player, total in outcome.scores.items():
        assert total == sum(t.points for t in turns if t.player == player)
    assert all(t.points == 0 for t in turns if t.bust)


def assert_best_score_wins(outcome: Outcome) -> None:
    """The winners are exactly the players with the highest score, in score-table order."""
    best = max(outcome.scores.values())
    assert outcome.winners == [p for p, s in outcome.scores.items() if s == best]


# --- How a game is played at random by the properties every game shares --------------------


def _nothing_more(table: Any, log: GameLog, result: Replay) -> None:
    """A game that checks nothing of its own at the end of a random game."""


@dataclass(frozen=True)
class RandomPlay:
    """How the properties every game shares (``tests/games/test_shared_properties.py``) play
    ``game`` at random; each game's ``tests/games/<package>/random_play.py`` has its own,
    ``RANDOM_PLAY``, which its ``test_properties.py`` plays with too.

    ``tables`` draws what a random game is played on, ``random_log(table, seed)`` plays it to
    the end, ``settings`` says how many examples each property tries.  ``illegal(state, kind,
    rng)`` is a move of one of ``kinds`` the rules must refuse in ``state``, with the codes
    that may refuse it, drawn on ``refusal_tables`` where those differ (a wrong player needs
    two).  At the end of a random game, each player's total is their turns' points unless
    ``totals_are_the_turns`` is False, the best score wins unless ``best_score_wins`` is
    False, and ``ended(table, log, result)`` checks what the game says of its own end.
    """

    game: Game
    tables: st.SearchStrategy[Any]
    random_log: Callable[[Any, int], GameLog]
    settings: settings
    kinds: tuple[str, ...]
    illegal: Callable[[Any, str, random.Random], tuple[dict, set[str]]]
    refusal_tables: st.SearchStrategy[Any] | None = None
    ended: Callable[[Any, GameLog, Replay], None] = _nothing_more
    totals_are_the_turns: bool = True
    best_score_wins: bool = True


# --- Several set-asides after one roll are one (docs/rulings.md, "Every game") --------------------


def states_of(game: Game, log: GameLog) -> Iterator[Any]:
    """Every state ``log`` passes through, from the start to its last move."""
    state = game.start(check_players(game, log.players), resolve_options(game, log.options))
    yield state
    for move in log.moves:
        state = apply_move(game, state, move)
        yield state


def split_move(move: dict, field: str, items: Sequence, cuts: Sequence[int]) -> list[dict]:
    """``move`` with ``items`` as its ``field``, cut into consecutive moves at ``cuts``."""
    bounds = [0, *sorted(cuts), len(items)]
    return [{**move, field: list(items[a:b])} for a, b in zip(bounds, bounds[1:], strict=False)]


def assert_split_take_is_one_move(
    game: Game,
    data: st.DataObject,
    log: GameLog,
    kind: str,
    field: str,
    same: Callable[[Any], Any] = lambda state: state,
) -> None:
    """A legal take (``kind`` move, its dice or sevens in ``field``) drawn from a state of
    ``log``, entered as several moves in a drawn order and cut, leaves the state one move
    leaves (as ``same`` sees it)."""
    takes = [(s, m) for s in states_of(game, log) for m in game.choices(s) if m["type"] == kind]
    if not takes:
        return
    state, move = data.draw(st.sampled_from(takes), label="state and take")
    items = data.draw(st.permutations(move[field]), label="order")
    cuts = data.draw(st.sets(st.integers(1, max(1, len(items) - 1))), label="cuts")
    whole = apply_move(game, state, {**move, field: items})
    for piece in split_move(move, field, items, [c for c in cuts if c < len(items)]):
        state = apply_move(game, state, piece)
    assert same(state) == same(whole)
