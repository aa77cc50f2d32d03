"""referee-log/1: the one format for storage, export, import, demo data and replay.

A log is a game's setup (game slug, players in seating order, options) plus its
ordered moves.  ``replay`` runs the moves through the engine and stops at the
first one the rules refuse.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.core.contract import Game
from referee.core.dice import parse_die
from referee.core.engine import Outcome, RuleViolation, SetupError
from referee.core.moves import apply_move, check_players, resolve_options, unknown_fields
from referee.core.names import check_names
from referee.core.sentences import said_by, say
from referee.games import get_game

FORMAT = "referee-log/1"
# The most moves a stored table keeps: a long real game has a few hundred.
MAX_MOVES = 5000


class LogError(ValueError):
    """A log that cannot be read at all: bad JSON, unknown game or option, bad players."""


TOO_DEEP = say("Not a game log: the JSON is nested too deeply.")
# What Python's JSON decoder says of text it cannot read, said, so that a phone reads it in
# its language (the English is the decoder's own words); anything else it says stays as it is.
JSON_PROBLEMS = {
    "Expecting value": say("Expecting value"),
    "Expecting property name enclosed in double quotes": say(
        "Expecting property name enclosed in double quotes"
    ),
    "Expecting ':' delimiter": say("Expecting ':' delimiter"),
    "Expecting ',' delimiter": say("Expecting ',' delimiter"),
    "Unterminated string starting at": say("Unterminated string starting at"),
    "Invalid control character at": say("Invalid control character at"),
    "Invalid \\escape": say("Invalid \\escape"),
    "Invalid \\uXXXX escape": say("Invalid \\uXXXX escape"),
    "Extra data": say("Extra data"),
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": say(
        "Unexpected UTF-8 BOM (decode using utf-8-sig)"
    ),
}


@dataclass(frozen=True)
class GameLog:
    """A game's setup and its moves, as stored and exchanged."""

    game: str
    players: tuple[str, ...]
    options: dict[str, int]
    moves: tuple[dict[str, Any], ...] = field(default=())

    def head(self) -> dict[str, Any]:
        """The log's fields but its moves, JSON-ready, in referee-log/1 layout and order."""
        return {
            "format": FORMAT,
            "game": self.game,
            "players": list(self.players),
            "options": dict(self.options),
        }

    def to_json(self) -> dict[str, Any]:
        """The log as a JSON-ready object in referee-log/1 layout."""
        return {**self.head(), "moves": [dict(m) for m in self.moves]}


@dataclass(frozen=True)
class Rejection:
    """The first move the referee refused: its index (from 0), code and message."""

    move: int
    code: str
    message: str


@dataclass(frozen=True)
class Replay:
    """The result of replaying a log: the state after the last good move.

    ``rolled`` counts, per player, the die values that player entered in rolls
    (values 1-6 in order); a shared roll with several sheets belongs to nobody.
    ``turn_starts`` are the indexes of the moves that began the last two turns as the game
    counts them (``turns_done``): (the one before, the latest), the latest being the move
    after the last one that raised the count; kept as the moves go, so that finding where
    a turn began never needs a second replay.  ``setup_at`` is the index of the last move
    that set the table up (the game's ``is_setup``), -1 before any: a turn of play never
    reaches back past it.  ``forced_run`` counts the last moves that were each the game's
    ``forced`` move where they were made (the referee made them after the move before).
    """

    game: Game
    state: Any
    moves_applied: int
    error: Rejection | None = None
    rolled: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    options: Mapping[str, int] = field(default_factory=dict)  # the table's, defaults filled
    turn_starts: tuple[int, int] = (0, 0)
    setup_at: int = -1
    forced_run: int = 0

    def apply(self, move: Mapping[str, Any]) -> Replay:
        """This replay with one more move; ``RuleViolation`` when the rules refuse it."""
        game, index = self.game, self.moves_applied
        state, rolled = _step(game, self.state, self.rolled, move)
        starts = _starts(game, game.turns_done(self.state), state, index, self.turn_starts)[0]
        setup = index if game.is_setup(self.state, move) else self.setup_at
        run = _forced_run(game, self.state, move, self.forced_run)
        return Replay(game, state, index + 1, None, rolled, self.options, starts, setup, run)

    def extended(self, moves: Sequence[Mapping[str, Any]]) -> Replay:
        """This replay with ``moves`` applied in order, stopping at the first one refused
        (noted in ``error``); a replay that has stopped already stays as it is."""
        if self.error is not None:
            return self
        game, state, rolled, starts = self.game, self.state, self.rolled, self.turn_starts
        done, setup, run = game.turns_done(state), self.setup_at, self.forced_run
        for index, move in enumerate(moves, start=self.moves_applied):
            try:
                after, rolled = _step(game, state, rolled, move)
            except RuleViolation as exc:
                rejection = Rejection(index, exc.code, exc.message)
                options = self.options
                return Replay(game, state, index, rejection, rolled, options, starts, setup, run)
            setup = index if game.is_setup(state, move) else setup
            run = _forced_run(game, state, move, run)
            state = after
            starts, done = _starts(game, done, state, index, starts)
        applied = self.moves_applied + len(moves)
        return Replay(game, state, applied, None, rolled, self.options, starts, setup, run)

    @property
    def outcome(self) -> Outcome:
        """Scores, winners and the player to move after the last good move."""
        return self.game.outcome(self.state)

    def to_json(self) -> dict[str, Any]:
        """The ``referee replay --json`` object."""
        result = self.outcome
        return {
            "game": self.game.SLUG,
            "over": result.over,
            "scores": result.scores,
            "winners": result.winners,
            "to_move": result.to_move,
            "moves_applied": self.moves_applied,
            "error": None
            if self.error is None
            else {"move": self.error.move, "code": self.error.code, "message": self.error.message},
        }


def setup(
    slug: str, players: object, options: object
) -> tuple[Game, tuple[str, ...], dict[str, int]]:
    """Check a table's setup and return (game, players, options with defaults filled in)."""
    try:
        game = get_game(slug)
    except KeyError:
        raise LogError(say("Unknown game {game}.", game=repr(slug))) from None
    try:
        return game, check_players(game, players), resolve_options(game, options)
    except SetupError as exc:
        raise LogError(said_by(exc)) from None


def check_values(data: object) -> None:
    """``LogError`` unless every text in ``data`` (keys too) is valid Unicode and every
    number is finite: a lone surrogate (JSON's "\\ud800" decodes to one) has no UTF-8, and
    NaN and Infinity are not JSON, so nothing could store or export them.  Checked by
    writing the data out as UTF-8 JSON, which refuses both, at the speed of the C encoder."""
    try:
        json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except UnicodeEncodeError:
        raise LogError(
            say(
                "The log holds text that is not valid Unicode (a lone surrogate such as "
                "{example}).",
                example="\\ud800",
            )
        ) from None
    except ValueError:
        raise LogError(say("The log holds NaN or Infinity, which are not JSON numbers.")) from None
    except RecursionError:
        raise LogError(TOO_DEEP) from None


def check_fields(game: Game, moves: Sequence[object]) -> None:
    """``LogError`` when a move carries a field its game does not know (a typo, or data
    that would be stored and exported unread): the first such move, counted from 1."""
    for number, move in enumerate(moves, start=1):
        if isinstance(move, Mapping) and (extra := unknown_fields(game, move)):
            known = ", ".join(("type", "player", *game.MOVE_FIELDS[str(move["type"])]))
            raise LogError(
                say(
                    "Move {number}: a {type} move of {game} has no field {field} (its fields: "
                    "{known}).",
                    number=str(number),
                    type=str(move["type"]),
                    game=game.TITLE,
                    field=repr(extra[0]),
                    known=known,
                )
            )


def parse_log(data: object) -> GameLog:
    """Check the envelope of a decoded log and return it as a ``GameLog``."""
    if not isinstance(data, Mapping):
        raise LogError(say("A game log is a JSON object."))
    check_values(data)
    if data.get("format") != FORMAT:
        raise LogError(
            say(
                "Not a {format} log (format is {given}).",
                format=FORMAT,
                given=repr(data.get("format")),
            )
        )
    slug = data.get("game")
    if not isinstance(slug, str):
        raise LogError(say("The log does not say which game it is."))
    game, players, options = setup(slug, data.get("players"), data.get("options", {}))
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise LogError(say("The moves must be a list."))
    given = data.get("options") or {}
    kept = {k: v for k, v in options.items() if k in given}
    return GameLog(game.SLUG, players, kept, tuple(moves))


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A decoded JSON object; ``LogError`` when a key appears twice in it (JSON leaves
    which value counts undefined: decoders disagree)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise LogError(
                    say("The key {key} appears twice in one object of the log.", key=repr(key))
                )
            seen.add(key)
    return found


def loads(text: str) -> GameLog:
    """Read a log from JSON text; ``LogError`` when it cannot be read."""
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except LogError:
        raise
    except json.JSONDecodeError as exc:
        raise LogError(
            say(
                "Not valid JSON: {problem} at line {line}.",
                problem=JSON_PROBLEMS.get(exc.msg, exc.msg),
                line=str(exc.lineno),
            )
        ) from None
    except RecursionError:
        raise LogError(TOO_DEEP) from None
    except ValueError:  # json refuses an integer of more than 4,300 digits
        raise LogError(say("Not a game log: a number in it has thousands of digits.")) from None
    return parse_log(data)


def check_storable(log: GameLog) -> None:
    """``LogError`` when a log holds more moves than a stored table keeps, a player name a
    stored table does not take (``referee.core.names``), or a move field its game does not read:
    replay itself reads all of those, as docs/gamelog.md does not forbid them."""
    check_fields(get_game(log.game), log.moves)
    if len(log.moves) > MAX_MOVES:
        raise LogError(
            say(
                "A table keeps at most {most} moves; this log has {count}.",
                most=MAX_MOVES,
                count=len(log.moves),
            )
        )
    try:
        check_names(log.players)
    except SetupError as exc:
        raise LogError(said_by(exc)) from None


# One move's line of a log file (one encoder for every move: an export writes thousands).
MOVE_LINE = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def dumps(log: GameLog) -> str:
    """The log as pretty JSON text, one move per line."""
    lines = [MOVE_LINE(m) for m in log.moves]
    body = json.dumps(log.head(), indent=2, ensure_ascii=False, allow_nan=False)[:-2]
    moves = ",\n    ".join(lines)
    return (
        f'{body},\n  "moves": [\n    {moves}\n  ]\n}}\n'
        if lines
        else f'{body},\n  "moves": []\n}}\n'
    )


def start_state(log: GameLog) -> tuple[Game, Any]:
    """The game module and its opening state for a log's setup."""
    game, players, options = setup(log.game, list(log.players), log.options)
    return game, game.start(players, options)


def _forced_run(game: Game, state: Any, move: Mapping[str, Any], run: int) -> int:
    """``run`` + 1 when ``move`` is the game's ``forced`` move in ``state`` (whoever it
    names), else 0."""
    made = game.forced(state)
    if made is None or _without_player(made) != _without_player(move):
        return 0
    return run + 1


def _without_player(move: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in move.items() if key != "player"}


def _step(
    game: Game, state: Any, rolled: Mapping[str, tuple[int, ...]], move: Mapping[str, Any]
) -> tuple[Any, Mapping[str, tuple[int, ...]]]:
    """Apply one move; count a roll's values for the player who entered it."""
    after = apply_move(game, state, move)
    if move.get("type") != "roll":
        return after, rolled
    who = game.to_move(state)
    if who is None:
        # A shared roll (Solitaire Dice) belongs to a player only when there is one.
        players = list(game.outcome(state).scores)
        who = players[0] if len(players) == 1 else None
    if who is None:
        return after, rolled
    counts = list(rolled.get(who, (0,) * 6))
    for die in move["dice"]:
        counts[parse_die(die).value - 1] += 1
    return after, {**rolled, who: tuple(counts)}


def _starts(
    game: Game, done: int, state: Any, index: int, starts: tuple[int, int]
) -> tuple[tuple[int, int], int]:
    """``turn_starts`` after move ``index`` led to ``state`` from a count of ``done``
    finished turns, and the count now: a move that raised it ends a turn."""
    now = game.turns_done(state)
    return ((starts[1], index + 1) if now > done else starts), now


def replay(log: GameLog, moves: Sequence[Mapping[str, Any]] | None = None) -> Replay:
    """Apply the log's moves (or ``moves`` instead) in order; stop at the first one refused."""
    game, state = start_state(log)
    start = Replay(game, state, 0, None, {}, resolve_options(game, log.options))
    return start.extended(log.moves if moves is None else moves)


def moves_with_states(log: GameLog) -> Iterator[tuple[Any, Mapping[str, Any]]]:
    """Each of the log's moves with the state it was made in, in order, up to the first
    move the rules refuse."""
    result = replay(log, [])
    for move in log.moves:
        try:
            after = result.apply(move)
        except RuleViolation:
            return
        yield result.state, move
        result = after
