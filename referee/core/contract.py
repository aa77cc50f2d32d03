"""The game contract: what a game's package gives, part by part, and the ``Game`` made of it.

A game is a package ``referee.games.<name>`` whose ``PARTS`` (a ``Parts``) names its
parts: the rules (a module meeting ``Rules``), the play page's adapter (``Page``), its
text (a ``referee.core.gametext.GameText``: help page and printed sheets) and, for a game that
gives odds, its advice (``Odds``).  mypy checks each part against its Protocol where the
package builds ``PARTS``.

Beyond the required members, a game may bring any of the optional hooks that ``Hooks``
declares with their types and defaults (``turn_records``, ``moment``, ``forced``...): its
package names them in ``Parts(hooks=Hooks(...))``, where mypy checks each one and a
misspelled name is an error.  The registry (``referee.games``) makes one ``Game`` of each
package's parts, once: every caller reads ``game.<member>`` on it and never asks whether a
game has a hook, the way boardgame.io fills in a game's ``playerView``.  Dice are inputs: a
roll is a move, so nothing here is random.

A game may also give ``TABLE_SETTINGS``: how a table keeps the game, never a rule (the colour
a photo of a roll tells key dice by).  A table picks them when it starts, as it picks
the options, but they are stored beside the log and never in it, and the rules never read
them: a log replays the same whatever the settings were.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Protocol

from referee.core.engine import FILL_PAD, Entry, Move, Option, Outcome, PhotoEntry, TurnRecord

if TYPE_CHECKING:
    from referee.core.gametext import GameText
    from referee.core.odds import Advice, Flag

State = Any  # each game's own frozen state: the contract reads it only through the game
Settings = Mapping[str, str]  # a table's settings by name, every one of its game's filled in


@dataclass(frozen=True)
class Setting:
    """A table setting (``TABLE_SETTINGS``): its name, what a table may pick, in words, the
    first the default, its label and what it means."""

    name: str
    choices: tuple[str, ...]
    label: str
    help: str

    @property
    def default(self) -> str:
        """The value a table has unless it picks another: the first choice."""
        return self.choices[0]

    def read(self, stored: object) -> str:
        """The choice a stored value is (as the setting says it, so a page can show it in
        its reader's words), else the default."""
        return next((c for c in self.choices if c == stored), self.default)


def table_settings(game: Game, stored: Mapping[str, object]) -> dict[str, str]:
    """Every setting of ``game`` as ``stored`` for a table, its default where the table has
    none or one the setting no longer offers (an imported log, a table older than it)."""
    return {s.name: s.read(stored.get(s.name)) for s in game.TABLE_SETTINGS}


class Rules(Protocol):
    """The rules module: setup, the moves and their handlers, who moves, who won."""

    # The data members are read-only properties here, as a module's constants are to
    # every caller: so a module whose MOVES is a dict of its own handlers meets the part.
    @property
    def SLUG(self) -> str:
        """The name logs and links use; it never changes (docs/gamelog.md)."""

    @property
    def TITLE(self) -> str:
        """The game's name as players say it."""

    @property
    def KIND(self) -> str:
        """PUSH_YOUR_LUCK, SHEETS or BOARD (``referee.core.engine``)."""

    @property
    def MIN_PLAYERS(self) -> int:
        """The fewest players a table may seat."""

    @property
    def MAX_PLAYERS(self) -> int:
        """The most players a table may seat."""

    @property
    def OPTIONS(self) -> tuple[Option, ...]:
        """The table options, with their defaults."""

    @property
    def MOVES(self) -> Mapping[str, Callable[[State, Move], State]]:
        """Per move type, its pure handler ``(state, move) -> state``."""

    @property
    def MOVE_FIELDS(self) -> Mapping[str, tuple[str, ...]]:
        """Per move type, the fields a move of that type may carry besides ``type`` and
        ``player`` (docs/gamelog.md); an import refuses any other field (``unknown_fields``)."""

    def start(self, players: Sequence[str], options: Mapping[str, int]) -> State:
        """The frozen state of a new game for ``players`` with resolved ``options``."""

    def to_move(self, state: State) -> str | None:
        """Who moves next; None when nobody does (a shared roll, a finished game)."""

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""

    def turns_done(self, state: State) -> int:
        """How many turns have been played, for the turn list and the charts."""

    def outcome(self, state: State) -> Outcome:
        """Scores, whether the game is over, who won, who moves."""

    def ruling(self, state: State) -> str:
        """What the referee said after the last move, for the top of the turn screen."""

    def dice_to_roll(self, state: State) -> int | None:
        """How many dice the next roll has; None when no roll may be entered now."""

    def choices(self, state: State) -> list[dict[str, Any]]:
        """Every legal move other than a roll, in a fixed order (random play asks this)."""


class Page(Protocol):
    """The play page's adapter: what its template shows and what its posts stand for."""

    @property
    def ACTIONS(self) -> tuple[str, ...]:
        """The buttons the play page posts as ``action``."""

    def read_form(self, state: State, form: Any) -> list[dict[str, Any]]:
        """The log moves a post of the game's play page stands for (``referee.core.formdata``)."""

    def view(self, state: State) -> object:
        """What the game's play template shows, as a small frozen dataclass of the game's.

        The template reads ``view.…`` and the game's hooks (``ruling``, ``player_notes``,
        ``turn_records``, the outcome), never the state's own fields, so a state can
        change shape without touching a page.
        """


class Odds(Protocol):
    """The advice of a push-your-luck or sheet game (``referee.core.odds``), optional."""

    @property
    def ODDS_FLAGS(self) -> tuple[Flag, ...]:
        """The inputs of ``referee odds GAME --flag VALUE...``; ``advice_for`` gives the
        advice for their values, the same figures as ``advice`` gives a state."""

    def advice(self, state: State) -> Advice | None:
        """The odds of the decision in front of the player to move; None when there is
        no decision now."""

    def advice_key(self, state: State, move: Move) -> str | None:
        """The key of the ``advice(state)`` choice that ``move`` makes, to judge it by; None
        when the move is no such choice."""

    def advice_for(self, values: Mapping[str, Any]) -> Advice | None:
        """The advice for the values of ``ODDS_FLAGS`` as read; ``SetupError`` with a sentence
        when they do not make a position of the game."""


class _NoOdds:
    """The advice of a game that gives none: no flags, no decision, no command."""

    ODDS_FLAGS: tuple[Flag, ...] = ()

    @staticmethod
    def advice(state: State) -> None:
        """No advice."""
        return None

    @staticmethod
    def advice_key(state: State, move: Move) -> None:
        """No choice of the advice."""
        return None

    @staticmethod
    def advice_for(values: Mapping[str, Any]) -> None:
        """No ``referee odds`` command."""
        return None


def _none(*args: Any) -> None:
    return None


def _never(*args: Any) -> bool:
    return False


def _nothing(state: State) -> int:
    return 0


def _no_turns(state: State) -> tuple[()]:
    return ()


def _no_notes(state: State) -> dict[str, str]:
    return {}


def _as_is(state: State, player: str) -> State:
    return state


def _rotated(players: Sequence[str]) -> tuple[str, ...]:
    return (*players[1:], *players[:1])


@dataclass(frozen=True, kw_only=True)
class Hooks:
    """The optional hooks, each declared once with its type and its default.

    A game's package fills in the ones it brings, by name, where it builds its ``Parts``
    (``hooks=Hooks(turn_records=rules.turn_records, MOVE_WORDS=page.MOVE_WORDS)``), and
    leaves the rest to their defaults.  mypy checks each one given against its type right
    there, and a misspelled name (``turn_recrods``) is a mypy error and a ``TypeError`` when
    the package is imported, never a silent default.
    """

    TURN_WORD: str = "turn"  # what a score chart's x axis counts
    # A move type in words ("set_aside": "set-aside"), where it is not as is.
    MOVE_WORDS: Mapping[str, str] = field(default_factory=dict)
    # Where lists of games put it: a game of a set is listed with the set, at the set's name
    # among the titles, by its place in the set (1, 2...); "" and 0 for none.
    SERIES: str = ""
    SERIES_PLACE: int = 0
    # The move types different players make at the same time (Solitaire Dice's splits of a
    # shared roll).  Such a move for one player neither changes nor depends on another
    # player's, so a post from a page that such moves of others have since passed is judged
    # on the table as it stands (``referee.web.play.tables``) instead of refused as stale.
    SIMULTANEOUS: frozenset[str] = frozenset()
    # How a table keeps the game (``Setting``), picked when it starts; never in the log.
    TABLE_SETTINGS: tuple[Setting, ...] = ()
    # A few words per player, for the scoreboard.
    player_notes: Callable[[State], Mapping[str, str]] = _no_notes
    # The seating of a table that plays again after a game with these players: rotated by
    # one, so the next player starts; a game where nobody moves first keeps it.
    next_seating: Callable[[Sequence[str]], tuple[str, ...]] = _rotated
    # Every finished turn, oldest first.
    turn_records: Callable[[State], Sequence[TurnRecord]] = _no_turns
    # Whether the final round is being played.
    in_final_round: Callable[[State], bool] = _never
    # What to confirm before the move is applied; None: nothing.
    warning: Callable[[State, Move], str | None] = _none
    # Sheets still to fill from the current roll (None: the game has no such sheets).
    waiting_for: Callable[[State], list[str] | None] = _none
    # The player a move that names none is applied for while nobody is to move (a split of a
    # shared roll goes to the first sheet still to split it); None: the table's own move,
    # such as the shared roll itself.
    player_of: Callable[[State, Move], str | None] = _none
    # Whether a move, made in a state, sets the table up rather than being part of a
    # player's turn: a board or square laid out, a pool entered, dice put back in the box,
    # the opening deal, a round declared over.  Undo takes such a move back as a turn of its
    # own, whoever entered it; a whole-turn undo of the play after it stops short of it.
    is_setup: Callable[[State, Move], bool] = _never
    # How many key dice ("K3") the next roll adds.
    keys_to_roll: Callable[[State], int] = _nothing
    # The points the player to move would lose by busting.
    at_stake: Callable[[State], int] = _nothing
    # What the last move did that a phone may buzz for ("bust", "hot dice"); None for an
    # ordinary move.  A won game is every game's moment.
    moment: Callable[[State], str | None] = _none
    # The table as a player faces it where players decide at the same time (the state with
    # that player's decision first in line, None when they have none now), so that a phone
    # on its own sheet shows the odds of its own split.
    facing: Callable[[State, str], State | None] = _as_is
    # The one move the player to move may make when the rules leave no choice (Six D Four's
    # pass with nothing to place), made by the referee and said; None while there is a
    # choice.  A move the table judges (a pass because no set fits) is no forced move.
    forced: Callable[[State], dict[str, Any] | None] = _none
    # Whether any phone that enters moves may enter the next move, whichever seat it sits
    # in: a fact the whole table sees and nobody chooses (a die added to Six D Five's
    # stack).  By default a seated phone enters its own seat's moves only.
    seat_free: Callable[[State], bool] = _never
    # What the table may enter next besides a roll and ``choices``: a board, a pool, side
    # totals, dice drawn from a bag, a board slid shut.  When ``choices`` is empty it must
    # be entered.
    table_entry: Callable[[State], Entry | None] = _none
    # What a photo of the dice should show now and the entry form it fills, given the
    # table's settings.  None here stands for the default, which ``Game`` makes from the
    # game's own ``dice_to_roll`` and ``keys_to_roll``: the roll of ``dice_to_roll`` dice on
    # the tap pad (None: no roll, or one with keys, which only a game that says their colour
    # can tell).
    photo_entry: Callable[[State, Settings], PhotoEntry | None] | None = None

    def given(self) -> frozenset[str]:
        """The hooks set to something other than their defaults: those the game brings.

        A hook is compared with its default by equality, so a hook given as its default
        (``SERIES=""``, ``MOVE_WORDS={}``) is no hook of the game's own: no caller could
        tell the two apart.  A function is equal to itself only, so any function given is
        the game's own.
        """
        return frozenset(f.name for f in fields(self) if getattr(self, f.name) != _default(f))


def _default(hook: Field[Any]) -> Any:
    """A hook's default, made afresh where a factory makes it."""
    return hook.default if hook.default_factory is MISSING else hook.default_factory()


@dataclass(frozen=True)
class Parts:
    """A game's parts as its package declares them (``PARTS``), and its optional hooks."""

    rules: Rules
    page: Page
    text: GameText
    odds: Odds | None = None
    hooks: Hooks = Hooks()


def _photo_of_roll(game: Game) -> Callable[[State, Settings], PhotoEntry | None]:
    """The default ``photo_entry``: a plain roll of ``game``'s ``dice_to_roll`` dice."""

    def photo_entry(state: State, settings: Settings) -> PhotoEntry | None:
        count = game.dice_to_roll(state)
        if not count or game.keys_to_roll(state):
            return None
        return PhotoEntry(form=FILL_PAD, layout="loose", count=count)

    return photo_entry


class Game:
    """A registered game: the members of its parts in one object, every hook filled in.

    The required members come from the parts that must have them, each optional hook from
    ``parts.hooks`` (``Hooks``: its type, its default) under the same name.  ``own`` names
    the hooks the game brings itself: those of its ``Hooks`` that are not their defaults
    (``Hooks.given``), and the advice when it has an ``Odds`` part.
    """

    def __init__(self, parts: Parts) -> None:
        rules, page, odds = parts.rules, parts.page, parts.odds or _NoOdds()
        self.SLUG = rules.SLUG
        self.TITLE = rules.TITLE
        self.KIND = rules.KIND
        self.MIN_PLAYERS = rules.MIN_PLAYERS
        self.MAX_PLAYERS = rules.MAX_PLAYERS
        self.OPTIONS = rules.OPTIONS
        self.MOVES = rules.MOVES
        self.MOVE_FIELDS = rules.MOVE_FIELDS
        self.start = rules.start
        self.to_move = rules.to_move
        self.is_over = rules.is_over
        self.turns_done = rules.turns_done
        self.outcome = rules.outcome
        self.ruling = rules.ruling
        self.dice_to_roll = rules.dice_to_roll
        self.choices = rules.choices
        self.ACTIONS = page.ACTIONS
        self.read_form = page.read_form
        self.view = page.view
        self.TEXT = parts.text
        self.ODDS_FLAGS = odds.ODDS_FLAGS
        self.advice = odds.advice
        self.advice_key = odds.advice_key
        self.advice_for = odds.advice_for
        hooks = parts.hooks
        self.TURN_WORD = hooks.TURN_WORD
        self.MOVE_WORDS = hooks.MOVE_WORDS
        self.SERIES = hooks.SERIES
        self.SERIES_PLACE = hooks.SERIES_PLACE
        self.SIMULTANEOUS = hooks.SIMULTANEOUS
        self.TABLE_SETTINGS = hooks.TABLE_SETTINGS
        self.player_notes = hooks.player_notes
        self.next_seating = hooks.next_seating
        self.turn_records = hooks.turn_records
        self.in_final_round = hooks.in_final_round
        self.warning = hooks.warning
        self.waiting_for = hooks.waiting_for
        self.player_of = hooks.player_of
        self.is_setup = hooks.is_setup
        self.keys_to_roll = hooks.keys_to_roll
        self.at_stake = hooks.at_stake
        self.moment = hooks.moment
        self.facing = hooks.facing
        self.forced = hooks.forced
        self.seat_free = hooks.seat_free
        self.table_entry = hooks.table_entry
        self.photo_entry = hooks.photo_entry or _photo_of_roll(self)  # it reads the above
        advice = {"advice", "advice_key", "advice_for"} if parts.odds else set()
        self.own = hooks.given() | advice  # the hooks this game brings itself

    def __repr__(self) -> str:
        return f"<Game {self.SLUG}>"
