"""A table's story, move by move: worked out once per table version and kept (issue 24).

A story replays every move and words each ruling: 0.1-0.25 s of CPU for a 5,000-move
table.  The last ``STORIES_KEPT`` stories a worker worked out are kept by table token and
version (a write moves the version on, so a kept story is never out of date), and threads
asking for the same story at once work it out once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.contract import Game
from referee.core.dice import Die, parse_die
from referee.core.engine import Outcome, RuleViolation
from referee.core.moves import MoveWords, move_words
from referee.core.sentences import say
from referee.log import GameLog, replay
from referee.web.base.deadline import REPLAY_CHUNK, check
from referee.web.base.weighed import WeighedCache

STORIES_KEPT = 4  # a 5,000-move story holds about 3 MB


@dataclass(frozen=True)
class Story:
    """Each move with the referee's ruling after it (``steps``: never changed once made),
    the score chart, the outcome at the end, and the game's ``view`` of the table then (a
    game's own part of the story draws from it: Six D One's boards of every round)."""

    steps: tuple[dict[str, Any], ...]
    series: dict[str, list[int]]  # the running totals, drawn per request (progression_svg)
    outcome: Outcome
    view: object


@dataclass(frozen=True)
class Told:
    """A move as a story tells it: its words, and its dice to draw when any has a colour
    (a code such as "6b" is for the log, not for people); else the dice stay in the words."""

    words: MoveWords
    drawn: tuple[Die, ...]


def told(game: Game, move: Mapping[str, Any]) -> Told:
    """``move`` as the story tells it (``Told``)."""
    words = move_words(game, move)
    try:
        dice = tuple(parse_die(die) for die in words.dice)
    except RuleViolation:  # a die a game of its own spells otherwise: its words as written
        return Told(words, ())
    return Told(words, dice if any(die.colour for die in dice) else ())


def story(log: GameLog) -> Story:
    """The log's story: each move with its ruling, the scores after every turn in a chart,
    and the outcome; a stored move the rules now refuse ends it, with a step saying so."""
    result = replay(log, [])
    game = result.game
    steps: list[dict[str, Any]] = []
    series: dict[str, list[int]] = {p: [] for p in log.players}
    done = 0
    for index, move in enumerate(log.moves):
        if index % REPLAY_CHUNK == 0:
            check()  # the request's time limit: a long table's story is long work
        who = move.get("player") or game.to_move(result.state)
        try:
            after = result.apply(move)
        except RuleViolation as refused:  # a stored move the rules now refuse: stop there
            steps.append({"n": index + 1, "move": told(game, move),
                          "ruling": say("Refused on replay: {refusal}", refusal=refused.message),
                          "bust": False,
                          "final": False})  # fmt: skip
            break
        result = after
        state = result.state
        ended = game.turns_done(state) > done
        records = game.turn_records(state)
        steps.append(
            {
                "n": index + 1,
                "move": told(game, {**move, "player": who} if who else move),
                "ruling": game.ruling(state),
                "bust": ended and bool(records) and records[-1].bust,
                "final": game.in_final_round(state),
            }
        )
        if ended or result.outcome.over:
            done = game.turns_done(state)
            for name, score in result.outcome.scores.items():
                series[name].append(score)
            steps[-1]["scores"] = result.outcome.scores
    return Story(tuple(steps), series, result.outcome, game.view(result.state))


class StoryCache:
    """The stories worked out last, by table token and version, thread-safe; a story asked
    for by several threads at once is worked out by one of them."""

    def __init__(self, size: int = STORIES_KEPT) -> None:
        self._kept: WeighedCache[tuple[str, int], Story] = WeighedCache(size)  # 1 a story
        self._working: dict[tuple[str, int], threading.Lock] = {}
        self._lock = threading.Lock()

    def get(self, token: str, version: int, work_out: Callable[[], Story]) -> Story:
        """The table's story at ``version``: kept, or ``work_out()`` and kept."""
        key = (token, version)
        found = self._kept.get(key)
        if found is not None:
            return found
        with self._lock:
            working = self._working.setdefault(key, threading.Lock())
        try:
            with working:
                found = self._kept.get(key)
                if found is None:
                    found = work_out()  # may be cut by the request's time limit
                    self._kept.put(key, found, 1)
        finally:
            with self._lock:
                self._working.pop(key, None)
        return found


stories = StoryCache()
