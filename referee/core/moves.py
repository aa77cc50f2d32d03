"""What the referee does with any game's moves, through its contract (``Game``): a
seating and options checked, a move applied after the checks every game shares, a
move's fields checked, a move in words, and the decisions among moves that the game's
advice can judge.

The records these pass around are the engine's (``referee.core.engine``), below the
contract; these functions take the contract's ``Game``, so they sit above it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.contract import Game
from referee.core.dice import said
from referee.core.engine import ENVELOPE
from referee.core.errors import RuleViolation, SetupError
from referee.core.odds import Judged, judge
from referee.core.sentences import Sentence, say

MAX_NAME_LENGTH = 30
MAX_SHOWN_CELL = 1000  # a cell row or column past this is not spelled out in a move's words
# A move's type in words where a game gives none (``MOVE_WORDS``) and the word is the type's own.
TYPE_WORDS = {
    "roll": say("roll"),
    "bank": say("bank"),
    "steal": say("steal"),
    "score": say("score"),
    "pass": say("pass"),
    "take": say("take"),
    "draw": say("draw"),
    "end": say("end"),
}

Cell = tuple[int, int]  # (row, column), counted from 0


def where(cell: Cell) -> Sentence:
    """A cell as a player reads it, counted from 1: (1, 4) -> "row 2, column 5"."""
    return say("row {row}, column {column}", row=str(cell[0] + 1), column=str(cell[1] + 1))


def where_first(cell: Cell) -> Sentence:
    """A cell as a sentence starts with it: (1, 4) -> "Row 2, column 5"."""
    return say("Row {row}, column {column}", row=str(cell[0] + 1), column=str(cell[1] + 1))


def check_players(game: Game, players: object) -> tuple[str, ...]:
    """Validate a seating list for ``game``: names 1-30 characters, unique, count in range."""
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise SetupError(say("Players must be a list of names."))
    names = tuple(p.strip() for p in players)
    if not game.MIN_PLAYERS <= len(names) <= game.MAX_PLAYERS:
        raise SetupError(
            say(
                "{game} takes {least} to {most} players, not {count}.",
                game=say(game.TITLE),
                least=game.MIN_PLAYERS,
                most=game.MAX_PLAYERS,
                count=str(len(names)),
            )
        )
    for name in names:
        if not 1 <= len(name) <= MAX_NAME_LENGTH:
            raise SetupError(
                say("A player's name must be 1 to {most} characters.", most=MAX_NAME_LENGTH)
            )
        # A NUL, tab, newline or escape: PostgreSQL refuses a NUL, and none prints on a sheet.
        if any(ord(c) < 32 or c == "\x7f" for c in name):
            raise SetupError(say("A player's name may not hold control characters."))
    if len(set(names)) != len(names):
        raise SetupError(say("Each player needs a different name."))
    return names


def resolve_options(game: Game, options: object) -> dict[str, int]:
    """Fill in defaults and check every given option; an unknown key is a ``SetupError``."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise SetupError(say("Options must be an object of name: value."))
    known = {o.name: o for o in game.OPTIONS}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise SetupError(
            say("{game} has no option {names}.", game=say(game.TITLE), names=", ".join(unknown))
        )
    return {name: opt.check(options.get(name, opt.default)) for name, opt in known.items()}


def apply_move(game: Game, state: Any, move: object) -> Any:
    """Apply one move after the checks every game shares; raise ``RuleViolation`` if illegal.

    The state passed in is never changed: a refused move leaves the game as it was.
    """
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        raise RuleViolation(
            "bad-move", say("A move needs a type, like {example}.", example='{"type": "roll"}')
        )
    if game.is_over(state):
        raise RuleViolation("game-over", say("The game is over: no more moves can be made."))
    player = move.get("player")
    if player is not None:
        to_move = game.to_move(state)
        if player != to_move:
            if not isinstance(player, str) or player not in game.outcome(state).scores:
                raise RuleViolation(
                    "unknown-player",
                    say("{player} is not playing at this table.", player=repr(player)),
                )
            if to_move is not None:
                raise RuleViolation(
                    "wrong-player",
                    say("It is {player}'s turn, not {other}'s.", player=to_move, other=player),
                )
    handler = game.MOVES.get(move["type"])
    if handler is None:
        allowed = ", ".join(sorted(game.MOVES))
        raise RuleViolation(
            "unknown-move",
            say(
                '{game} has no move "{move}" (moves: {allowed}).',
                game=say(game.TITLE),
                move=move["type"],
                allowed=allowed,
            ),
        )
    return handler(state, move)


def unknown_fields(game: Game, move: Mapping[str, Any]) -> list[str]:
    """The fields of ``move`` that a move of its type does not carry, in order; none for a
    move of a type the game does not have (``apply_move`` refuses that move itself)."""
    known = game.MOVE_FIELDS.get(str(move.get("type")))
    if known is None:
        return []
    return sorted(str(name) for name in move if name not in known and name not in ENVELOPE)


@dataclass(frozen=True)
class MoveWords:
    """A move in words, in three parts: whose move and its kind ("Ann's roll"), the dice
    it names as entered ("6b", "2": a page draws them, the words say "blue 6, 2"), and
    where on a board ("at row 2, column 5")."""

    kind: str
    dice: tuple[str, ...]
    place: str

    def __str__(self) -> str:
        return self.said

    @property
    def said(self) -> str:
        """The move in words, a ``Sentence`` each reader reads in their language: "Ann's
        roll 2 2 3 4 6"."""
        words: str = self.kind
        for part in (said(self.dice) if self.dice else "", self.place):
            if part:
                words = say("{these} {those}", these=words, those=part)
        return words


def move_words(game: Game, move: Mapping[str, Any], *, whose: bool = True) -> MoveWords:
    """``describe_move``'s words in their parts, for a page that draws the dice."""
    kind: str = str(move.get("type"))
    kind = game.MOVE_WORDS.get(kind) or TYPE_WORDS.get(kind) or kind
    if whose and move.get("player"):
        kind = say("{player}'s {move}", player=str(move["player"]), move=kind)
    elif whose:
        kind = say("the {move}", move=kind)
    dice = move.get("dice")
    cell = move.get("cell")
    place = ""
    if (
        isinstance(cell, list)
        and len(cell) == 2
        and all(type(n) is int and 0 <= n < MAX_SHOWN_CELL for n in cell)
    ):
        place = say("at {cell}", cell=where((cell[0], cell[1])))
    named = tuple(str(d) for d in dice) if isinstance(dice, list) else ()
    return MoveWords(kind, named, place)


def describe_move(game: Game, move: Mapping[str, Any], *, whose: bool = True) -> str:
    """A move in words for undo and history: "Ann's roll 2 2 3 4 6".

    The move's type is named in the game's own words (``MOVE_WORDS``), else as it is;
    a move on a board cell names the cell as a player reads it ("at row 2, column 5").
    ``whose=False`` leaves out whose move it is ("roll 2 2 3 4 6"), for a list of one
    player's moves.
    """
    return move_words(game, move, whose=whose).said


def judged_moves(
    game: Game, before: Iterable[tuple[Any, Mapping[str, Any]]], start: int = 0
) -> list[Judged]:
    """Every decision among ``before`` (each move with the state it was made in, in order,
    the first being move ``start`` of its game) that the game's advice can judge."""
    found = []
    for index, (state, move) in enumerate(before, start=start):
        advice = game.advice(state)
        verdict = judge(advice, game.advice_key(state, move) if advice else None)
        if advice is not None and verdict is not None:
            found.append(Judged(index, move.get("player") or game.to_move(state), advice, verdict))
    return found
