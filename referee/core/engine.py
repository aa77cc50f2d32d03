"""The mechanics every game shares, and the records games and callers pass around.

Shared here, once: table options, setup checks, the move envelope (game over, wrong
player, unknown move type), what the table may enter besides a roll, and the typed
record of a finished turn.  What a game gives is the contract (``referee.core.contract``); the
scoreboard with turn rotation and final-round bookkeeping belongs to the push-your-luck
games (``referee.families.pushluck``), and the registry of games to ``referee.games``: the engine
never imports a game.  Dice are inputs: a roll is a move, so nothing here is random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.errors import RuleViolation, SetupError
from referee.core.sentences import say

__all__ = [
    "BagEntry",
    "BoardEntry",
    "Entry",
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
    "points",
    "score_text",
    "signed",
]

ENVELOPE = ("type", "player")  # the fields every move may carry

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
            raise SetupError(
                say(
                    "Option {name} must be a whole number, not {value}.",
                    name=self.name,
                    value=repr(value),
                )
            )
        if self.choices and value not in self.choices:
            allowed = " or ".join(str(c) for c in self.choices)
            raise SetupError(
                say(
                    "Option {name} must be {allowed}, not {value}.",
                    name=self.name,
                    allowed=allowed,
                    value=str(value),
                )
            )
        if not self.minimum <= value <= self.maximum:
            raise SetupError(
                say(
                    "Option {name} must be between {least} and {most}, not {value}.",
                    name=self.name,
                    least=str(self.minimum),
                    most=str(self.maximum),
                    value=str(value),
                )
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
    the dice a move may list (``referee.core.dice.MAX_MOVE_DICE``).  ``usual``: the most of one
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


# What a photo of the dice should show now, and which of the shared entry forms its reading
# fills (``referee.web.play.photos``): a game says it (``photo_entry``), or it is the plain roll
# of ``dice_to_roll`` dice on the tap pad.
# The forms are the shared macros of templates/_macros.html and templates/_grid.html.
FILL_PAD, FILL_BOARD, FILL_POOL, FILL_DIE = "pad", "board", "pool", "die"


@dataclass(frozen=True)
class PhotoEntry:
    """A photo of ``count`` dice (None: any number) read as a ``layout`` ("loose" or
    "grid", a grid of ``shape`` rows and columns when known), filling the entry form ``form``.

    ``FILL_PAD``: a row of faces per die, fields ``field`` + i ("d0"), the keys ``k`` + i;
    with ``colours``, each die's colour letter in ``colour_field`` + i ("c0").
    ``FILL_BOARD``: the values row by row in the textarea ``field``, and when ``colours``
    is given their letters in the same shape in ``colour_field``.  ``FILL_POOL``: one field per
    colour letter of ``colours`` (``field`` + letter) holding that colour's values.
    ``FILL_DIE``: a photo of one die alone (``count`` 1: a die rolled again), its value in the
    one field ``field`` itself ("value"), whatever its colour.
    ``keys``: how many of the dice are keys, told apart by their colour ``key_colour`` (its
    name as the reader gives it: "red", "white"; a table setting, never the state's).
    ``keep``: fields of the photo's own post that come back in the filled form as posted: a
    choice the page made before the photo (which hand die was rolled again), which the
    game's ``read_form`` checks as ever when the form is sent.
    """

    form: str
    layout: str
    count: int | None = None
    shape: tuple[int, int] | None = None
    field: str = "d"
    colours: str = ""
    colour_field: str = ""
    keys: int = 0
    key_colour: str = ""
    keep: tuple[str, ...] = ()


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

    # the weak reference: a web page keeps the turn list it rendered by the log
    __slots__ = ("_last", "_before", "_size", "_items", "_hash", "__weakref__")

    def __init__(self, last: TurnRecord | None = None, before: TurnLog | None = None) -> None:
        self._last = last
        self._before = before
        self._size = 0 if last is None else 1 + (len(before) if before else 0)
        self._items: tuple[TurnRecord, ...] | None = None if last else ()
        self._hash: int | None = None

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
        if other is self:
            return True
        if isinstance(other, TurnLog):
            return self._size == other._size and self.items() == other.items()
        return isinstance(other, tuple) and self.items() == other

    def __hash__(self) -> int:
        if self._hash is None:  # worked out once: the log never changes
            self._hash = hash(self.items())
        return self._hash

    def __repr__(self) -> str:
        return f"TurnLog({len(self)} turns)"


NO_TURNS = TurnLog()
