"""The game protocol and the mechanics every game shares.

A game is a module in ``referee.games`` with constants at the top (``SLUG``,
``TITLE``, ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``OPTIONS``), a ``start(players,
options)`` that returns a frozen state, a ``MOVES`` table from move type to a
pure handler ``(state, move) -> state``, ``to_move``/``outcome``, and a ``view``
of the state for its play template.  Dice are inputs: a roll is a move, so nothing
here is random.  The whole contract is the ``Game`` protocol below.

Shared here, once: setup checks, the move envelope (game over, wrong player,
unknown move type), and the typed record of a finished turn.  The scoreboard with
turn rotation and final-round bookkeeping belongs to the push-your-luck games
(``referee.pushluck``).  The registry of games lives in ``referee.games``: the
engine never imports a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from referee.errors import RuleViolation, SetupError
from referee.grid import where

if TYPE_CHECKING:  # the text module names Option and points from here
    from referee.gametext import GameText
    from referee.odds import Advice, Flag

__all__ = [
    "BagEntry",
    "BoardEntry",
    "Entry",
    "Game",
    "Option",
    "Outcome",
    "PoolEntry",
    "RuleViolation",
    "SetupError",
    "SlideEntry",
    "TotalsEntry",
    "TurnLog",
    "TurnMark",
    "TurnRecord",
    "apply_move",
    "check_players",
    "describe_move",
    "points",
    "resolve_options",
    "score_text",
    "signed",
    "unknown_fields",
]

MAX_NAME_LENGTH = 30
ENVELOPE = ("type", "player")  # the fields every move may carry
MAX_SHOWN_CELL = 1000  # a cell row or column past this is not spelled out in a move's words

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


# The kinds of game, for what shared pages show: turns that bank or bust, sheets
# that every player fills from shared rolls, or dice laid out on the table and scored
# by the round (Six D Six: no banking, no busts, no sheets).
PUSH_YOUR_LUCK = "push-your-luck"
SHEETS = "sheets"
BOARD = "board"


# What the table enters next, when it is more than a roll of N dice: a game describes it
# (``table_entry``) and random play (``referee.autoplay``) makes one up, so the game stays
# free of randomness and autoplay free of game names.


@dataclass(frozen=True)
class BoardEntry:
    """A board of ``dice`` dice laid out on a grid, under the move's ``field``.

    ``shape`` (rows, columns) when the board is a full rectangle, else any shape in
    which every die touches another.  ``colours``: the letters the dice carry, each on
    an equal share of them ("" for values only).
    """

    type: str
    field: str
    dice: int
    shape: tuple[int, int] | None = None
    colours: str = ""


@dataclass(frozen=True)
class PoolEntry:
    """A rolled pool of coloured dice under the move's ``field``: at least one die, of the
    colours in ``colours``; at most ``per_colour`` dice of each, or (None) any number up to
    the dice a move may list (``referee.dice.MAX_MOVE_DICE``).  ``usual``: the most of one
    colour a table usually rolls, as random play makes a pool up."""

    type: str
    field: str
    colours: str
    per_colour: int | None = None
    usual: int = 6


@dataclass(frozen=True)
class TotalsEntry:
    """One whole number per player in ``names``, ``least`` to ``most``, as an object under
    the move's ``field`` ({"Ann": 23, "Bo": 19})."""

    type: str
    field: str
    names: tuple[str, ...]
    least: int
    most: int


@dataclass(frozen=True)
class BagEntry:
    """``count`` dice drawn blind from a bag, under the move's ``field``.

    ``bag`` holds (colour letter, dice of that colour left) pairs; a draw never takes more
    of a colour than the bag holds.  ``rolled``: the drawn dice are rolled and entered in
    log notation ("3r"); else only their colour letters are entered ("r").
    """

    type: str
    field: str
    bag: tuple[tuple[str, int], ...]
    count: int
    rolled: bool = True


@dataclass(frozen=True)
class SlideEntry:
    """The board ``board`` (log notation, with its gaps) once its dice are slid along rows
    and columns until no row or column has an empty cell between two dice, under the
    move's ``field``: the same dice, on a board no bigger than this one."""

    type: str
    field: str
    board: tuple[tuple[str | None, ...], ...]


Entry = BoardEntry | PoolEntry | TotalsEntry | BagEntry | SlideEntry


GameState = TypeVar("GameState")  # the frozen state a game's ``start`` makes


class Game(Protocol[GameState]):
    """What the registry expects of a game module, over the game's own state type.

    The required hooks come first.  The optional capabilities after them are filled
    in once, at registration (``referee.games``), for a game that leaves them out, so no
    caller ever asks whether a game has one.
    """

    SLUG: str
    TITLE: str
    KIND: str  # PUSH_YOUR_LUCK, SHEETS or BOARD
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    OPTIONS: tuple[Option, ...]
    MOVES: Mapping[str, Callable[[GameState, Move], GameState]]
    # Per move type, the fields a move of that type may carry besides ``type`` and
    # ``player`` (GAMELOG.md); an import refuses any other field (``unknown_fields``).
    MOVE_FIELDS: Mapping[str, tuple[str, ...]]
    ACTIONS: tuple[str, ...]  # the buttons its play page posts as ``action``
    TEXT: GameText  # its rules, rulings and example: help page and printed sheets

    def start(self, players: Sequence[str], options: Mapping[str, int]) -> GameState: ...

    def to_move(self, state: GameState) -> str | None: ...

    def is_over(self, state: GameState) -> bool: ...

    def turns_done(self, state: GameState) -> int: ...

    def outcome(self, state: GameState) -> Outcome: ...

    def read_form(self, state: GameState, form: Any) -> list[dict[str, Any]]:
        """The log moves a post of the game's play page stands for (``referee.formdata``)."""
        ...

    def ruling(self, state: GameState) -> str:
        """What the referee said after the last move, for the top of the turn screen."""
        ...

    def view(self, state: GameState) -> object:
        """What the game's play template shows, as a small frozen dataclass of the game's.

        The template reads ``view.…`` and the hooks above (``ruling``, ``player_notes``,
        ``turn_records``, the outcome), never the state's own fields, so a state can
        change shape without touching a page.
        """
        ...

    # Optional capabilities, with their defaults in ``referee.games.DEFAULTS``.
    TURN_WORD: str  # what the x axis of a score chart counts: "turn"
    MOVE_WORDS: Mapping[str, str]  # a move type in words ("set_aside": "set-aside"), if not as is
    # Where lists of games put it: a game of a set of games is listed with the set, at the
    # set's name among the titles, by its place in the set (1, 2...); "" and 0 for none.
    SERIES: str
    SERIES_PLACE: int
    # The move types different players make at the same time (Solitaire Dice's splits of a
    # shared roll; none by default).  A move of such a type for one player neither changes
    # nor depends on another player's, whichever comes first: so a phone's post of one from
    # a page that such moves of other players have since passed is judged on the table as
    # it stands (``referee.web.simultaneous``) instead of refused as stale.
    SIMULTANEOUS: frozenset[str]

    def player_notes(self, state: GameState) -> Mapping[str, str]:
        """A few words per player for the scoreboard (none by default)."""
        ...

    def next_seating(self, players: Sequence[str]) -> tuple[str, ...]:
        """The seating of a table that plays again after a game with ``players``: by
        default rotated by one, so the next player starts (a game where moving first is
        an edge passes it on); a game where nobody moves first keeps the seating."""
        ...

    def turn_records(self, state: GameState) -> Sequence[TurnRecord]:
        """Every finished turn, oldest first (none by default)."""
        ...

    def in_final_round(self, state: GameState) -> bool:
        """Whether the final round is being played (never, by default)."""
        ...

    def warning(self, state: GameState, move: Move) -> str | None:
        """A sentence the player should confirm before ``move`` is applied (none by default)."""
        ...

    def waiting_for(self, state: GameState) -> list[str] | None:
        """Sheets still to fill from the current roll (None: the game has no such sheets)."""
        ...

    def player_of(self, state: GameState, move: Move) -> str | None:
        """The player a move that names none is applied for while nobody is to move (a
        split of a shared roll goes to the first sheet still to split it); None, by
        default: the table's own move, such as the shared roll itself."""
        ...

    def is_setup(self, state: GameState, move: Move) -> bool:
        """Whether ``move``, made in ``state``, sets the table up rather than being part of
        a player's turn of play: a board or square laid out, a pool entered, dice put back
        in the box, the opening deal, a round declared over (which clears the table for the
        next).  Undo takes such a move back as a turn of its own, whoever entered it, and a
        whole-turn undo of the play after it stops short of it (never, by default)."""
        ...

    # What random play (``referee.autoplay``) asks of a game, for tests, benchmarks, seeds.
    def dice_to_roll(self, state: GameState) -> int | None:
        """How many dice the next roll has; None when no roll may be entered now."""
        ...

    def choices(self, state: GameState) -> list[dict[str, Any]]:
        """Every legal move other than a roll, in a fixed order."""
        ...

    def keys_to_roll(self, state: GameState) -> int:
        """How many key dice ("K3") the next roll adds (none by default)."""
        ...

    def at_stake(self, state: GameState) -> int:
        """The points the player to move would lose by busting now (none by default)."""
        ...

    def moment(self, state: GameState) -> str | None:
        """What the last move did that a phone may buzz for ("bust", "hot dice"); None for
        an ordinary move (always, by default).  A won game is every game's moment."""
        ...

    def advice(self, state: GameState) -> Advice | None:
        """The odds of the decision in front of the player to move (``referee.odds``); None
        when there is no decision now or the game gives no advice (the default)."""
        ...

    def facing(self, state: GameState, player: str) -> GameState | None:
        """The table as ``player`` faces it where players decide at the same time: the
        state with that player's decision first in line (a phone on its own sheet shows
        the odds of its own split), None when that player has no decision now; the state
        as it is, by default."""
        ...

    def advice_key(self, state: GameState, move: Move) -> str | None:
        """The key of the ``advice(state)`` choice that ``move`` makes, to judge it by; None
        when the move is no such choice (the default)."""
        ...

    # ``referee odds GAME --flag VALUE...``: the inputs (none by default: no such command),
    # and the advice for their values, the same figures as ``advice`` gives a state.
    ODDS_FLAGS: tuple[Flag, ...]

    def advice_for(self, values: Mapping[str, Any]) -> Advice | None:
        """The advice for the values of ``ODDS_FLAGS`` as read; ``SetupError`` with a sentence
        when they do not make a position of the game (None by default)."""
        ...

    def forced(self, state: GameState) -> dict[str, Any] | None:
        """The one move the player to move may make, when the rules leave them no choice
        (Six D Four's pass with nothing to place), so that the referee makes it for them
        and says so; None while there is a choice to make, or nothing to move (always, by
        default).  A move the table judges (a pass because no set fits) is no forced move."""
        ...

    def seat_free(self, state: GameState) -> bool:
        """Whether any phone that enters moves at the table may enter the next move,
        whichever seat it sits in: a fact the whole table sees and nobody chooses (a die
        added to Six D Five's stack).  False by default: a seated phone enters its own
        seat's moves only."""
        ...

    def table_entry(self, state: Any) -> Entry | None:
        """What the table may enter next besides a roll and ``choices``: a board, a pool,
        side totals, dice drawn from a bag, a board slid shut (None by default).  When
        ``choices`` is empty it must be entered."""
        ...


def points(n: int) -> str:
    """A score as players write it: 10250 -> "10,250" (the ASCII minus of the replay summary)."""
    return f"{n:,}"


MINUS = "\u2212"  # the typographic minus of every score a player reads


def score_text(n: int) -> str:
    """A score in a player's text, its minus the typographic one: -400 -> "−400"."""
    return points(n).replace("-", MINUS)


def signed(n: int) -> str:
    """A change in points with its sign, the typographic minus: 800 -> "+800", -400 -> "−400"."""
    return f"+{points(n)}" if n >= 0 else score_text(n)


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


def apply_move(game: Game[GameState], state: GameState, move: object) -> GameState:
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


def unknown_fields(game: Game, move: Mapping[str, Any]) -> list[str]:
    """The fields of ``move`` that a move of its type does not carry, in order; none for a
    move of a type the game does not have (``apply_move`` refuses that move itself)."""
    known = game.MOVE_FIELDS.get(str(move.get("type")))
    if known is None:
        return []
    return sorted(str(name) for name in move if name not in known and name not in ENVELOPE)


def describe_move(game: Game, move: Mapping[str, Any], *, whose: bool = True) -> str:
    """A move in words for undo and history: "Ann's roll 2 2 3 4 6".

    The move's type is named in the game's own words (``MOVE_WORDS``), else as it is;
    a move on a board cell names the cell as a player reads it ("at row 2, column 5").
    ``whose=False`` leaves out whose move it is ("roll 2 2 3 4 6"), for a list of one
    player's moves.
    """
    kind = game.MOVE_WORDS.get(str(move.get("type")), str(move.get("type")))
    who = "" if not whose else f"{move['player']}'s " if move.get("player") else "the "
    dice = move.get("dice")
    shown = " " + " ".join(str(d) for d in dice) if isinstance(dice, list) else ""
    cell = move.get("cell")
    if (
        isinstance(cell, list)
        and len(cell) == 2
        and all(type(n) is int and 0 <= n < MAX_SHOWN_CELL for n in cell)
    ):
        shown += f" at {where((cell[0], cell[1]))}"
    return f"{who}{kind}{shown}"


@dataclass(frozen=True)
class TurnMark:
    """What set a finished turn apart, beyond its points and a bust.

    ``words`` name it in the turn list and the CSV ("below entry", "stole from Ann");
    ``cell`` is how a scoresheet writes the turn, a format with ``{points}`` ("S {points}");
    ``legend`` is the line a printed sheet adds to explain that cell (none when the cell
    is the plain points).
    """

    words: str
    cell: str = "{points}"
    legend: str = ""


@dataclass(frozen=True)
class TurnRecord:
    """One finished turn on the scoresheet: what it added, and how it ended."""

    player: str
    points: int
    total: int
    bust: bool = False
    final_round: bool = False
    mark: TurnMark | None = None

    @property
    def note(self) -> str:
        """The mark in words, for the turn list and the CSV ("" for a plain turn)."""
        return self.mark.words if self.mark else ""


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
