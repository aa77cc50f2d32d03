"""The game protocol and the mechanics every game shares.

A game is a module in ``referee.games`` with constants at the top (``SLUG``,
``TITLE``, ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``OPTIONS``), a ``start(players,
options)`` that returns a frozen state, a ``MOVES`` table from move type to a
pure handler ``(state, move) -> state``, and ``to_move``/``outcome``.  Dice are
inputs: a roll is a move, so nothing here is random.

Shared here, once: setup checks, the move envelope (game over, wrong player,
unknown move type), and the scoreboard with turn rotation and final-round
bookkeeping.  The registry of games lives in ``referee.games``: the engine never
imports a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from referee.errors import RuleViolation, SetupError

if TYPE_CHECKING:  # the text module names Option and points from here
    from referee.gametext import GameText

__all__ = [
    "Game",
    "Option",
    "Outcome",
    "RuleViolation",
    "Scoreboard",
    "SetupError",
    "TurnRecord",
    "apply_move",
    "check_players",
    "describe_move",
    "points",
    "resolve_options",
]

MAX_NAME_LENGTH = 30

Move = Mapping[str, Any]


@dataclass(frozen=True)
class Option:
    """A table option: its name, default, the values a table may pick, and what it means."""

    name: str
    default: int
    label: str
    help: str
    minimum: int = 0
    maximum: int = 1_000_000
    choices: tuple[int, ...] = ()

    def check(self, value: object) -> int:
        """Return ``value`` if this option accepts it, else raise ``SetupError``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"Option {self.name} must be a whole number, not {value!r}.")
        if self.choices and value not in self.choices:
            allowed = " or ".join(str(c) for c in self.choices)
            raise SetupError(f"Option {self.name} must be {allowed}, not {value}.")
        if not self.minimum <= value <= self.maximum:
            raise SetupError(
                f"Option {self.name} must be between {self.minimum} and {self.maximum}, "
                f"not {value}."
            )
        return value


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: banked scores, whether it is over, who won, who moves."""

    over: bool
    scores: dict[str, int]
    winners: list[str]
    to_move: str | None


# The kinds of game, for what shared pages show: turns that bank or bust, or sheets
# that every player fills from shared rolls.
PUSH_YOUR_LUCK = "push-your-luck"
SHEETS = "sheets"


class Game(Protocol):
    """What the registry expects of a game module.

    The required hooks come first.  The optional capabilities after them are filled
    in once, at registration (``referee.games``), for a game that leaves them out, so no
    caller ever asks whether a game has one.
    """

    SLUG: str
    TITLE: str
    KIND: str  # PUSH_YOUR_LUCK or SHEETS
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    OPTIONS: tuple[Option, ...]
    MOVES: Mapping[str, Callable[[Any, Move], Any]]
    ACTIONS: tuple[str, ...]  # the buttons its play page posts as ``action``
    TEXT: GameText  # its rules, rulings and example: help page and printed sheets

    def start(self, players: Sequence[str], options: Mapping[str, int]) -> Any: ...

    def to_move(self, state: Any) -> str | None: ...

    def is_over(self, state: Any) -> bool: ...

    def turns_done(self, state: Any) -> int: ...

    def outcome(self, state: Any) -> Outcome: ...

    def read_form(self, state: Any, form: Any) -> list[dict[str, Any]]:
        """The log moves a post of the game's play page stands for (``referee.formdata``)."""
        ...

    def ruling(self, state: Any) -> str:
        """What the referee said after the last move, for the top of the turn screen."""
        ...

    # Optional capabilities, with their defaults in ``referee.games.DEFAULTS``.
    TURN_WORD: str  # what the x axis of a score chart counts: "turn"
    MOVE_WORDS: Mapping[str, str]  # a move type in words ("set_aside": "set-aside"), if not as is

    def player_notes(self, state: Any) -> Mapping[str, str]:
        """A few words per player for the scoreboard (none by default)."""
        ...

    def turn_records(self, state: Any) -> Sequence[TurnRecord]:
        """Every finished turn, oldest first (none by default)."""
        ...

    def in_final_round(self, state: Any) -> bool:
        """Whether the final round is being played (never, by default)."""
        ...

    def warning(self, state: Any, move: Move) -> str | None:
        """A sentence the player should confirm before ``move`` is applied (none by default)."""
        ...

    def waiting_for(self, state: Any) -> list[str] | None:
        """Sheets still to fill from the current roll (None: the game has no such sheets)."""
        ...

    # What random play (``referee.autoplay``) asks of a game, for tests, benchmarks, seeds.
    def dice_to_roll(self, state: Any) -> int | None:
        """How many dice the next roll has; None when no roll may be entered now."""
        ...

    def choices(self, state: Any) -> list[dict[str, Any]]:
        """Every legal move other than a roll, in a fixed order."""
        ...

    def keys_to_roll(self, state: Any) -> int:
        """How many key dice ("K3") the next roll adds (none by default)."""
        ...

    def at_stake(self, state: Any) -> int:
        """The points the player to move would lose by busting now (none by default)."""
        ...


def points(n: int) -> str:
    """A score as players write it: 10250 -> "10,250"."""
    return f"{n:,}"


def check_players(game: Game, players: object) -> tuple[str, ...]:
    """Validate a seating list for ``game``: names 1-30 characters, unique, count in range."""
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise SetupError("Players must be a list of names.")
    names = tuple(p.strip() for p in players)
    if not game.MIN_PLAYERS <= len(names) <= game.MAX_PLAYERS:
        raise SetupError(
            f"{game.TITLE} takes {game.MIN_PLAYERS} to {game.MAX_PLAYERS} players, "
            f"not {len(names)}."
        )
    for name in names:
        if not 1 <= len(name) <= MAX_NAME_LENGTH:
            raise SetupError(f"A player's name must be 1 to {MAX_NAME_LENGTH} characters.")
        # A NUL, tab, newline or escape: PostgreSQL refuses a NUL, and none prints on a sheet.
        if any(ord(c) < 32 or c == "\x7f" for c in name):
            raise SetupError("A player's name may not hold control characters.")
    if len(set(names)) != len(names):
        raise SetupError("Each player needs a different name.")
    return names


def resolve_options(game: Game, options: object) -> dict[str, int]:
    """Fill in defaults and check every given option; an unknown key is a ``SetupError``."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise SetupError("Options must be an object of name: value.")
    known = {o.name: o for o in game.OPTIONS}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise SetupError(f"{game.TITLE} has no option {', '.join(unknown)}.")
    return {name: opt.check(options.get(name, opt.default)) for name, opt in known.items()}


def apply_move(game: Game, state: Any, move: object) -> Any:
    """Apply one move after the checks every game shares; raise ``RuleViolation`` if illegal.

    The state passed in is never changed: a refused move leaves the game as it was.
    """
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        raise RuleViolation("bad-move", 'A move needs a type, like {"type": "roll"}.')
    if game.is_over(state):
        raise RuleViolation("game-over", "The game is over: no more moves can be made.")
    player = move.get("player")
    if player is not None:
        to_move = game.to_move(state)
        if player != to_move:
            if not isinstance(player, str) or player not in game.outcome(state).scores:
                raise RuleViolation("unknown-player", f"{player!r} is not playing at this table.")
            if to_move is not None:
                raise RuleViolation("wrong-player", f"It is {to_move}'s turn, not {player}'s.")
    handler = game.MOVES.get(move["type"])
    if handler is None:
        allowed = ", ".join(sorted(game.MOVES))
        raise RuleViolation(
            "unknown-move", f'{game.TITLE} has no move "{move["type"]}" (moves: {allowed}).'
        )
    return handler(state, move)


def describe_move(game: Game, move: Mapping[str, Any]) -> str:
    """A move in words for undo and history: "Ann's roll 2 2 3 4 6".

    The move's type is named in the game's own words (``MOVE_WORDS``), else as it is.
    """
    kind = game.MOVE_WORDS.get(str(move.get("type")), str(move.get("type")))
    who = f"{move['player']}'s " if move.get("player") else "the "
    dice = move.get("dice")
    shown = " " + " ".join(str(d) for d in dice) if isinstance(dice, list) else ""
    return f"{who}{kind}{shown}"


@dataclass(frozen=True)
class TurnRecord:
    """One finished turn on the scoresheet: what it added, and how it ended."""

    player: str
    points: int
    total: int
    bust: bool = False
    final_round: bool = False
    note: str = ""


class TurnLog(Sequence[TurnRecord]):
    """Every finished turn, in order.

    Adding a turn makes a new log that shares the earlier turns instead of copying
    them, so a replay that adds a turn per move stays linear in the number of moves
    (a tuple grown by ``+`` made it quadratic).
    """

    __slots__ = ("_last", "_before", "_size", "_items")

    def __init__(self, last: TurnRecord | None = None, before: TurnLog | None = None) -> None:
        self._last = last
        self._before = before
        self._size = 0 if last is None else 1 + (len(before) if before else 0)
        self._items: tuple[TurnRecord, ...] | None = None if last else ()

    def add(self, record: TurnRecord) -> TurnLog:
        """This log with ``record`` as its newest turn."""
        return TurnLog(record, self)

    def items(self) -> tuple[TurnRecord, ...]:
        """The turns as a tuple, oldest first (built once, then kept)."""
        if self._items is None:
            found: list[TurnRecord] = []
            node: TurnLog | None = self
            while node is not None and node._last is not None:
                found.append(node._last)
                node = node._before
            self._items = tuple(reversed(found))
        return self._items

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index):  # type: ignore[no-untyped-def, override]
        if index == -1 and self._last is not None:
            return self._last
        return self.items()[index]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TurnLog):
            return self._size == other._size and self.items() == other.items()
        return isinstance(other, tuple) and self.items() == other

    def __hash__(self) -> int:
        return hash(self.items())

    def __repr__(self) -> str:
        return f"TurnLog({len(self)} turns)"


NO_TURNS = TurnLog()


@dataclass(frozen=True)
class Scoreboard:
    """Seating, banked totals, whose turn it is, and the final round.

    ``final_queue`` is None until the final round starts; then it lists the seats
    still to play, in order.  When it empties the game is over.
    """

    players: tuple[str, ...]
    scores: tuple[int, ...]
    seat: int = 0
    final_queue: tuple[int, ...] | None = None
    over: bool = False
    turns: TurnLog = field(default=NO_TURNS, repr=False)

    @classmethod
    def seated(cls, players: Sequence[str]) -> Scoreboard:
        """A fresh board: everyone on 0, the first player to move."""
        return cls(tuple(players), (0,) * len(players))

    @property
    def player(self) -> str:
        """The name of the player whose turn it is."""
        return self.players[self.seat]

    @property
    def score(self) -> int:
        """The banked total of the player whose turn it is."""
        return self.scores[self.seat]

    @property
    def in_final_round(self) -> bool:
        """True once the final round has started."""
        return self.final_queue is not None

    def others_from(self, seat: int) -> tuple[int, ...]:
        """Every other seat, in playing order, starting left of ``seat``."""
        n = len(self.players)
        return tuple((seat + k) % n for k in range(1, n))

    def end_turn(self, gained: int, *, bust: bool = False, note: str = "") -> Scoreboard:
        """Record the current player's turn, add ``gained``, and pass to the next seat."""
        scores = list(self.scores)
        scores[self.seat] += gained
        record = TurnRecord(self.player, gained, scores[self.seat], bust, self.in_final_round, note)
        # One constructor call, not chained replace(): this runs on every turn of every replay.
        board = Scoreboard(
            self.players,
            tuple(scores),
            (self.seat + 1) % len(self.players) if self.final_queue is None else self.seat,
            self.final_queue,
            self.over,
            self.turns.add(record),
        )
        return board if board.final_queue is None else board.next_in_final_round()

    def start_final_round(self, queue: tuple[int, ...]) -> Scoreboard:
        """Begin the final round with ``queue`` still to play (empty: the game ends now)."""
        return replace(self, final_queue=queue).next_in_final_round(first=True)

    def next_in_final_round(self, *, first: bool = False) -> Scoreboard:
        """Move to the next seat of the final round, or end the game when none is left."""
        queue = self.final_queue or ()
        if not first and queue and queue[0] == self.seat:
            queue = queue[1:]
        if not queue:
            return replace(self, final_queue=(), over=True)
        return replace(self, final_queue=queue, seat=queue[0])

    def finish(self) -> Scoreboard:
        """End the game at once (a player reached an exact target)."""
        return replace(self, final_queue=(), over=True)

    def extend_final_round(self, seats: tuple[int, ...]) -> Scoreboard:
        """Add more turns to a final round that has just run out (SB's leader turn)."""
        return replace(self, final_queue=seats, over=False, seat=seats[0])

    def winners(self) -> list[str]:
        """Everyone on the highest total (ties share the win); empty until the game is over."""
        if not self.over:
            return []
        best = max(self.scores)
        return [p for p, s in zip(self.players, self.scores, strict=True) if s == best]

    def result(self) -> str:
        """The game's result in words: "Game over: Ann wins with 10,250."."""
        winners = self.winners()
        best = points(max(self.scores))
        if len(winners) == 1:
            return f"Game over: {winners[0]} wins with {best}."
        return f"Game over: {' and '.join(winners)} share the win with {best}."

    def whats_next(self) -> str:
        """The sentence after a turn: who rolls next (noting the final round), or the result."""
        if self.over:
            return self.result()
        if self.in_final_round:
            return f"{self.player} to roll (final round)."
        return f"{self.player} to roll."

    def outcome(self) -> Outcome:
        """The shared ``Outcome`` of a turn-based game."""
        return Outcome(
            over=self.over,
            scores=dict(zip(self.players, self.scores, strict=True)),
            winners=self.winners(),
            to_move=None if self.over else self.player,
        )


class OnBoard(Protocol):
    """A game state that keeps its scoreboard at ``state.board``."""

    board: Scoreboard


def board_to_move(state: OnBoard) -> str | None:
    """The player to move, or None once the game is over."""
    return None if state.board.over else state.board.player


def board_is_over(state: OnBoard) -> bool:
    """True once the game has ended."""
    return state.board.over


def board_turns_done(state: OnBoard) -> int:
    """How many turns have been played (the x axis of a score chart)."""
    return len(state.board.turns)


def board_turn_records(state: OnBoard) -> TurnLog:
    """Every finished turn on the scoreboard, oldest first."""
    return state.board.turns


def board_in_final_round(state: OnBoard) -> bool:
    """Whether the scoreboard's final round has started."""
    return state.board.in_final_round


def turn_at_stake(state: Any) -> int:
    """What a bust now would lose: the turn total of a push-your-luck state."""
    return int(state.turn_total)


def board_outcome(state: OnBoard) -> Outcome:
    """Banked scores, winners and the player to move."""
    return state.board.outcome()
