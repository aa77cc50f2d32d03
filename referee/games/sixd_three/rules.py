"""Six D Three (Six D Six, game three): place coloured dice on a black grid; chains score.

Thirty-six black dice make a 6 x 6 grid.  Thirty-six coloured dice, six of each colour,
go in a bag (with four players two of them go back in the box unseen, with five one).
Every player draws three and rolls them: their hand.  In turn, starting with the first
player, a player may re-roll one hand die, must place one hand die on a free cell of the
grid, scores it, and draws one die while the bag has any.  A placement scores its pips,
its pips again when the black die under it shows the same number, and the pips of every
die joined to it through dice of its colour or through dice of its pips (each die
counted once).  A player with an empty hand is skipped; when every hand and the bag are
empty the highest total wins (ties share the win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.core.dice import Die, parse_die
from referee.core.engine import (
    BOARD,
    NO_TURNS,
    BagEntry,
    BoardEntry,
    Option,
    RuleViolation,
    TurnLog,
    TurnRecord,
    points,
)
from referee.core.moves import Cell, where
from referee.families.boards import is_over as is_over
from referee.families.boards import outcome as outcome
from referee.families.boards import to_move as to_move
from referee.families.grid import (
    BLACK,
    SEAT_COLOURS,
    Board,
    colour_name,
    group_of,
    parse_board,
    parse_cell,
)
from referee.families.rounds import result

SLUG = "sixd-three"
TITLE = "Six D Three"
SERIES = "Six D"
SERIES_PLACE = 3
KIND = BOARD
MIN_PLAYERS = 2
MAX_PLAYERS = 6
SIDE = 6  # the grid is SIDE x SIDE black dice
COLOURS = SEAT_COLOURS  # the bag's six colours
PER_COLOUR = 6
HAND = 3
# Dice put back in the box unseen before the deal, by number of players (none otherwise).
REMOVED = {4: 2, 5: 1}
OPTIONS: tuple[Option, ...] = ()
COUNT_WORDS = {0: "no", 1: "one", 2: "two", 3: "three"}

# The phases of a table, in the order they come: the grid, the dice removed (4 or 5
# players), the opening draws seat by seat, then turns, each followed by a draw while the
# bag has dice.
GRID, REMOVE, DEAL, TURN, DRAW, OVER = "grid", "remove", "deal", "turn", "draw", "over"


# --- Scoring -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """What placing ``die`` on ``cell`` scores, and why.

    ``black`` is the black die under it; ``bonus`` its pips again when that matches.
    ``by_colour`` are the other dice joined to it through dice of its colour, ``by_pips``
    those joined through dice of its pips that the colour chain has not counted, and
    ``both`` the dice of ``by_colour`` that the pip chain reaches too (counted once).
    """

    die: Die
    cell: Cell
    black: int
    bonus: int
    by_colour: tuple[Cell, ...]
    colour_pips: int
    by_pips: tuple[Cell, ...]
    pip_pips: int
    both: tuple[Cell, ...]

    @property
    def total(self) -> int:
        """The placement's points."""
        return self.die.value + self.bonus + self.colour_pips + self.pip_pips

    @property
    def chain(self) -> tuple[Cell, ...]:
        """Every other die the placement counts, in reading order."""
        return tuple(sorted(self.by_colour + self.by_pips))

    @property
    def words(self) -> str:
        """The sum as a player checks it: "4 + 4 on a black 4 + 12 through the green chain
        + 8 through the 4s (the green 4 joins both ways, counted once) = 28"."""
        value = self.die.value
        parts = [str(value)]
        if self.bonus:
            parts.append(f"{value} on a black {value}")
        if self.by_colour:
            parts.append(f"{self.colour_pips} through the {_colour(self.die)} chain")
        if self.by_pips:
            parts.append(f"{self.pip_pips} through the {value}s")
        if len(parts) == 1:
            return f"{value} (nothing joins it) = {value}"
        sum_words = " + ".join(parts)
        if self.both:
            which = (
                f"the {_colour(self.die)} {value} joins"
                if len(self.both) == 1
                else f"{len(self.both)} {_colour(self.die)} {value}s join"
            )
            sum_words += f" ({which} both ways, counted once)"
        return f"{sum_words} = {points(self.total)}"


def _colour(die: Die) -> str:
    return colour_name(die.colour or "")


def score(grid: Board, cover: Board, die: Die, cell: Cell) -> Score:
    """What ``die`` scores on the free ``cell``: its pips, again on a black die of its
    number, and the pips of the dice of ``cover`` joined to it through dice of its colour
    or of its pips, each counted once (the black grid never joins a chain)."""
    under = grid.die_at(cell)
    black = under.value if under else 0
    same_colour, same_pips = [], []
    for spot in cover.cells():
        placed = cover.rows[spot[0]][spot[1]]
        assert placed is not None
        if placed.colour == die.colour:
            same_colour.append(spot)
        if placed.value == die.value:
            same_pips.append(spot)
    by_colour = group_of(cell, same_colour) - {cell}
    reached = group_of(cell, same_pips) - {cell}
    by_pips = reached - by_colour
    return Score(
        die=die,
        cell=cell,
        black=black,
        bonus=die.value if black == die.value else 0,
        by_colour=tuple(sorted(by_colour)),
        colour_pips=sum(_pips(cover, c) for c in by_colour),
        by_pips=tuple(sorted(by_pips)),
        pip_pips=die.value * len(by_pips),
        both=tuple(sorted(by_colour & reached)),
    )


def _pips(cover: Board, cell: Cell) -> int:
    die = cover.rows[cell[0]][cell[1]]
    assert die is not None
    return die.value


# --- State -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """One placement: the die, where, by whom, and its score."""

    seat: int
    score: Score


@dataclass(frozen=True)
class SixDThree:
    """The state of a Six D Three table.

    ``grid`` holds the black dice (None until entered); ``cover`` the coloured dice placed
    on it; ``removed`` the colours put back in the box (None until entered, when any are);
    ``drawn`` how many dice of each colour of ``COLOURS`` have left the bag; ``seat`` the
    seat to move (in the deal: to draw).
    """

    players: tuple[str, ...]
    phase: str = GRID
    grid: Board | None = None
    cover: Board = Board.empty(SIDE, SIDE)
    removed: tuple[str, ...] = ()
    drawn: tuple[int, ...] = (0,) * len(COLOURS)
    hands: tuple[tuple[Die, ...], ...] = ()
    seat: int = 0
    rerolled: bool = False
    totals: tuple[int, ...] = ()
    placed: tuple[Placed, ...] = ()
    turns: TurnLog = NO_TURNS
    ruling: str = ""

    @property
    def player(self) -> str:
        """The name of the seat to move."""
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        """True once every hand and the bag are empty."""
        return self.phase == OVER

    @property
    def to_remove(self) -> int:
        """How many dice go back in the box unseen with this many players."""
        return REMOVED.get(len(self.players), 0)

    def bag(self) -> tuple[tuple[str, int], ...]:
        """Each colour with the dice of it still in the bag."""
        return tuple(
            (colour, PER_COLOUR - self.removed.count(colour) - self.drawn[n])
            for n, colour in enumerate(COLOURS)
        )

    @property
    def in_bag(self) -> int:
        """How many dice are left in the bag."""
        return sum(left for _, left in self.bag())

    @property
    def last(self) -> Placed | None:
        """The last placement, if any."""
        return self.placed[-1] if self.placed else None


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDThree:
    """A new game: the first player enters the black grid."""
    state = SixDThree(tuple(players), hands=((),) * len(players), totals=(0,) * len(players))
    return replace(
        state,
        ruling=f"{state.player} rolls the {SIDE * SIDE} black dice, pushes them into a "
        f"{SIDE} × {SIDE} grid and enters it row by row.",
    )


def turns_done(state: SixDThree) -> int:
    """How many dice have been placed (a score chart counts placements)."""
    return len(state.placed)


def turn_records(state: SixDThree) -> TurnLog:
    """Every placement: its points and the player's new total."""
    return state.turns


# --- Setting up --------------------------------------------------------------------------------


def _grid(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    if state.phase != GRID:
        raise RuleViolation("grid-laid", "The black grid is already entered.")
    grid = parse_board(move.get("board"), max_side=SIDE)
    empty = [(r, c) for r in range(SIDE) for c in range(SIDE) if grid.die_at((r, c)) is None]
    if empty:
        raise RuleViolation(
            "wrong-dice-count",
            f"The grid is {SIDE} rows of {SIDE} black dice, {SIDE * SIDE} in all: "
            f"{SIDE * SIDE - len(empty)} were entered ({where(empty[0])} is empty).",
        )
    for cell in grid.cells():
        die = grid.die_at(cell)
        if die is not None and die.colour not in (None, BLACK):
            raise RuleViolation(
                "black-dice-only",
                f"The grid's dice are black: the {die.value} at {where(cell)} is entered "
                f"as {colour_name(die.colour)}.",
            )
    plain = Board(tuple(tuple(d and replace(d, colour=None) for d in row) for row in grid.rows))
    after = replace(state, grid=plain)
    if state.to_remove:
        return replace(
            after,
            phase=REMOVE,
            ruling=f"The grid is entered. With {len(state.players)} players "
            f"{_dice(state.to_remove)} {_go(state.to_remove)} back in the box unseen: "
            f"{state.player} enters "
            f"{'their colours' if state.to_remove > 1 else 'its colour'}.",
        )
    return _deal_next(replace(after, phase=DEAL), "The grid is entered.")


def _dice(n: int) -> str:
    return f"{COUNT_WORDS.get(n, n)} {'die' if n == 1 else 'dice'}"


def _go(n: int) -> str:
    return "goes" if n == 1 else "go"


def _remove(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    if state.phase == GRID:
        raise _grid_first(state)
    if state.phase != REMOVE:
        raise RuleViolation(
            "no-remove",
            f"With {len(state.players)} players no dice go back in the box."
            if not state.to_remove
            else "The dice that go back in the box are already entered.",
        )
    raw = move.get("colours")
    if not isinstance(raw, list | tuple):
        raise RuleViolation(
            "bad-move", 'The dice removed are a list of colour letters, like ["r", "g"].'
        )
    if len(raw) != state.to_remove:
        raise RuleViolation(
            "wrong-dice-count",
            f"With {len(state.players)} players exactly {_dice(state.to_remove)} "
            f"{_go(state.to_remove)} back in "
            f"the box, not {len(raw)}.",
        )
    for letter in raw:
        if not isinstance(letter, str) or letter not in COLOURS:
            raise RuleViolation(
                "bad-colour",
                "A die removed is named by its colour letter: r, y, g, b, o or p "
                "(the bag holds no black dice).",
            )
    removed = tuple(raw)
    names = " and ".join(colour_name(c) for c in removed)
    after = replace(state, phase=DEAL, removed=removed)
    return _deal_next(after, f"Back in the box, unseen: {names}.")


def _grid_first(state: SixDThree) -> RuleViolation:
    return RuleViolation(
        "grid-first", f"{state.players[0]} enters the {SIDE * SIDE} black dice of the grid first."
    )


def _deal_next(state: SixDThree, said: str) -> SixDThree:
    return replace(
        state,
        ruling=f"{said} {state.player} draws {_dice(HAND)} from the bag and rolls them.",
    )


def _draw(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    if state.phase == GRID:
        raise _grid_first(state)
    if state.phase == REMOVE:
        raise _remove_first(state)
    if state.phase not in (DEAL, DRAW):
        raise RuleViolation(
            "no-draw",
            f"Nobody draws now: {state.player} places a die (a draw follows a placement).",
        )
    count = min(HAND if state.phase == DEAL else 1, state.in_bag)
    dice = _bag_dice(state, move.get("dice"), count)
    hands = list(state.hands)
    hands[state.seat] = (*hands[state.seat], *dice)
    drawn = list(state.drawn)
    for die in dice:
        drawn[COLOURS.index(die.colour or "")] += 1
    after = replace(state, hands=tuple(hands), drawn=tuple(drawn))
    took = f"{state.player} drew {_list(dice)}"
    if state.phase == DEAL:
        if state.seat + 1 < len(state.players):
            return _deal_next(replace(after, seat=state.seat + 1), f"{took}.")
        return _turn(replace(after, seat=0), f"{took}. Every hand is dealt:")
    return _next_turn(after, f"{took}.")


def _remove_first(state: SixDThree) -> RuleViolation:
    return RuleViolation(
        "remove-first",
        f"With {len(state.players)} players {_dice(state.to_remove)} {_go(state.to_remove)} "
        "back in the box "
        f"before the deal: {state.players[0]} enters "
        f"{'their colours' if state.to_remove > 1 else 'its colour'}.",
    )


def _bag_dice(state: SixDThree, raw: object, count: int) -> tuple[Die, ...]:
    """The dice of a draw: ``count`` coloured dice, each of a colour still in the bag."""
    what = f"{state.player} draws {_dice(count)}"
    if not isinstance(raw, list | tuple):
        raise RuleViolation("bad-move", f'{what}: a draw is a list of dice, like ["3r"].')
    if len(raw) != count:  # counted before reading each die
        raise RuleViolation("wrong-dice-count", f"{what}, not {len(raw)}.")
    dice = tuple(parse_die(item) for item in raw)
    left = dict(state.bag())
    for die in dice:
        if die.key:
            raise RuleViolation("bad-die", "Six D Three has no key dice.")
        if die.colour is None:
            raise RuleViolation(
                "no-colour",
                f"Every die drawn needs its colour letter, like {die.value}r: the {die} has none.",
            )
        if die.colour == BLACK:
            raise RuleViolation(
                "not-in-bag", "The bag holds no black dice: they are all on the grid."
            )
        if left[die.colour] == 0:
            earlier = sum(1 for d in dice[: dice.index(die)] if d.colour == die.colour)
            raise RuleViolation("colour-used-up", _used_up(state, die.colour, earlier))
        left[die.colour] -= 1
    return dice


def _used_up(state: SixDThree, colour: str, earlier: int) -> str:
    """Why the bag has no die of ``colour`` left, with the counts (``earlier``: dice of it
    already in the draw being entered)."""
    drawn = state.drawn[COLOURS.index(colour)]
    removed = state.removed.count(colour)
    how = f"{drawn} drawn" + (f" and {removed} put back in the box" if removed else "")
    also = f", and this draw already holds {earlier}" if earlier else ""
    return f"The bag has no {colour_name(colour)} die left: of the {PER_COLOUR}, {how}{also}."


def _list(dice: Sequence[Die]) -> str:
    names = [f"{_a(_colour(d))} {d.value}" for d in dice]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _a(word: str) -> str:
    """``word`` with its article: "a red", "an orange"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


# --- Turns -------------------------------------------------------------------------------------


def _turn(state: SixDThree, said: str) -> SixDThree:
    """The turn of ``state.seat``, announced after ``said``."""
    return replace(
        state,
        phase=TURN,
        rerolled=False,
        ruling=f"{said} {state.player} may re-roll one die, then places one.",
    )


def _next_turn(state: SixDThree, said: str) -> SixDThree:
    """The next seat round the table with a die in hand takes a turn; none: the game ends."""
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (state.seat + step) % n
        if state.hands[seat]:
            return _turn(replace(state, seat=seat), said)
    over = replace(state, phase=OVER)
    return replace(over, ruling=f"{said} Every die is placed. {result(outcome(over).scores)}")


def _in_turn(state: SixDThree, doing: str) -> None:
    """Refuse a re-roll or a placement outside the player's turn, saying what comes first."""
    if state.phase == GRID:
        raise _grid_first(state)
    if state.phase == REMOVE:
        raise _remove_first(state)
    if state.phase == DEAL:
        raise RuleViolation(
            "deal-first",
            f"Everyone draws {_dice(HAND)} before the first turn: {state.player} draws next.",
        )
    if state.phase == DRAW:
        raise RuleViolation(
            "draw-first",
            f"{state.player} draws a die from the bag before anyone {doing}s again.",
        )


def _hand_die(state: SixDThree, raw: object, role: str) -> Die:
    """The hand die a move names (colour letter needed: it tells two 4s apart)."""
    die = parse_die(raw)
    if die.key or die.colour is None or die.colour == BLACK:
        raise RuleViolation(
            "no-colour",
            f"Name the {role} with its value and colour letter, like {die.value}r.",
        )
    hand = state.hands[state.seat]
    if die not in hand:
        raise RuleViolation(
            "not-in-hand",
            f"{state.player} holds no {_colour(die)} {die.value}: the hand is {hand_words(hand)}.",
        )
    return die


def hand_words(hand: Sequence[Die]) -> str:
    return ", ".join(f"{_colour(d)} {d.value}" for d in hand) or "empty"


def _reroll(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    _in_turn(state, "re-roll")
    if state.rerolled:
        raise RuleViolation(
            "rerolled-already", f"{state.player} has re-rolled a die this turn: one re-roll a turn."
        )
    die = _hand_die(state, move.get("die"), "die re-rolled")
    now = parse_die(move.get("to"))
    if now.key:
        raise RuleViolation("bad-die", "Six D Three has no key dice.")
    if now.colour not in (None, die.colour):
        raise RuleViolation(
            "wrong-colour",
            f"A re-rolled die keeps its colour: the {_colour(die)} {die.value} cannot come up "
            f"{colour_name(now.colour or '')}.",
        )
    now = replace(now, colour=die.colour)
    hand = list(state.hands[state.seat])
    hand[hand.index(die)] = now
    hands = list(state.hands)
    hands[state.seat] = tuple(hand)
    return replace(
        state,
        hands=tuple(hands),
        rerolled=True,
        ruling=f"{state.player} re-rolled the {_colour(die)} {die.value}: it shows {now.value}. "
        f"{state.player} places a die.",
    )


def _place(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    _in_turn(state, "place")
    grid = state.grid
    assert grid is not None
    die = _hand_die(state, move.get("die"), "die placed")
    cell = parse_cell(move.get("cell"), grid)
    there = state.cover.die_at(cell)
    if there is not None:
        raise RuleViolation(
            "covered",
            f"{where(cell).capitalize()} already holds {_a(_colour(there))} {there.value}.",
        )
    worth = score(grid, state.cover, die, cell)
    hand = list(state.hands[state.seat])
    hand.remove(die)
    hands = list(state.hands)
    hands[state.seat] = tuple(hand)
    totals = list(state.totals)
    totals[state.seat] += worth.total
    after = replace(
        state,
        cover=state.cover.put(cell, die),
        hands=tuple(hands),
        totals=tuple(totals),
        placed=(*state.placed, Placed(state.seat, worth)),
        turns=state.turns.add(TurnRecord(state.player, worth.total, totals[state.seat])),
    )
    said = (
        f"{state.player} placed the {_colour(die)} {die.value} at {where(cell)}: {worth.words}. "
        f"{state.player} has {points(totals[state.seat])}."
    )
    if after.in_bag:
        left = after.in_bag
        return replace(
            after,
            phase=DRAW,
            ruling=f"{said} {state.player} draws a die ({left} in the bag).",
        )
    return _next_turn(after, said)


MOVES = {
    "board": _grid,
    "remove": _remove,
    "draw": _draw,
    "reroll": _reroll,
    "place": _place,
}
MOVE_FIELDS = {
    "board": ("board",),
    "remove": ("colours",),
    "draw": ("dice",),
    "reroll": ("die", "to"),
    "place": ("die", "cell"),
}


def is_setup(state: SixDThree, move: Mapping[str, Any]) -> bool:
    """The black grid, the dice put back in the box and each hand of the opening deal set
    the table up: undo takes each back on its own (a deal draw is its drawer's, one hand at
    a time).  The draw after a placement is part of the placer's turn."""
    kind = move.get("type")
    return kind in ("board", "remove") or (kind == "draw" and state.phase == DEAL)


def preview(state: SixDThree, die: Die, cell: Cell) -> Score:
    """What ``die`` would score on the free ``cell`` now (the play page's preview); a
    ``RuleViolation`` when the cell is taken or off the grid."""
    if state.grid is None:
        raise _grid_first(state)
    parse_cell(list(cell), state.grid)
    if state.cover.die_at(cell) is not None:
        raise RuleViolation("covered", f"{where(cell).capitalize()} already holds a die.")
    return score(state.grid, state.cover, die, cell)


# --- The play page -----------------------------------------------------------------------------


def ruling(state: SixDThree) -> str:
    """What the referee said after the last move."""
    return state.ruling


# --- Random play -------------------------------------------------------------------------------


def dice_to_roll(state: SixDThree) -> None:
    """Never a plain roll: the grid and the draws are entered with what they hold."""
    return None


def table_entry(state: SixDThree) -> BoardEntry | BagEntry | None:
    """The black grid, the colours put back in the box, or a draw from what the bag holds."""
    if state.phase == GRID:
        return BoardEntry(type="board", field="board", dice=SIDE * SIDE, shape=(SIDE, SIDE))
    if state.phase == REMOVE:
        return BagEntry(
            type="remove", field="colours", bag=state.bag(), count=state.to_remove, rolled=False
        )
    if state.phase in (DEAL, DRAW):
        count = HAND if state.phase == DEAL else 1
        return BagEntry(type="draw", field="dice", bag=state.bag(), count=count)
    return None


def choices(state: SixDThree) -> list[dict[str, Any]]:
    """In a turn: every re-roll (while none was made), then every placement."""
    if state.phase != TURN or state.grid is None:
        return []
    hand = list(dict.fromkeys(state.hands[state.seat]))
    moves: list[dict[str, Any]] = []
    if not state.rerolled:
        moves += [
            {"type": "reroll", "die": str(die), "to": f"{value}{die.colour}"}
            for die in hand
            for value in range(1, 7)
        ]
    free = [(r, c) for r in range(SIDE) for c in range(SIDE) if state.cover.die_at((r, c)) is None]
    moves += [{"type": "place", "die": str(die), "cell": [r, c]} for die in hand for r, c in free]
    return moves


# --- What a play page draws --------------------------------------------------------------------


@dataclass(frozen=True)
class Square:
    """One cell of the grid: its black die, the coloured die on it and who placed it."""

    cell: Cell
    black: int
    die: Die | None = None
    owner: str | None = None

    @property
    def value(self) -> int:
        """The pips the cell shows: the coloured die's once one is placed, else the black's."""
        return self.die.value if self.die else self.black

    @property
    def colour(self) -> str | None:
        """The colour letter of the die placed here, None while the black die shows."""
        return self.die.colour if self.die else None

    @property
    def label(self) -> str:
        """The cell's die in words, for a screen reader and the confirm question."""
        if self.die is None:
            return f"black {self.black}"
        return f"{self.owner}’s {_colour(self.die)} {self.die.value}"


@dataclass(frozen=True)
class InBag:
    """One colour of the bag: dice left, drawn and put back in the box."""

    colour: str
    name: str
    left: int
    drawn: int
    removed: int


@dataclass(frozen=True)
class Preview:
    """What a hand die would score on one free cell, and why."""

    cell: Cell
    points: int
    words: str


@dataclass(frozen=True)
class HandPreview:
    """A hand die of the player to move, and what it would score on each free cell."""

    index: int
    die: Die
    cells: tuple[Preview, ...]


def previews(state: SixDThree) -> tuple[HandPreview, ...]:
    """Every hand die of the player to move on every free cell, during their turn."""
    if state.phase != TURN or state.grid is None:
        return ()
    grid, cover = state.grid, state.cover
    free = [(r, c) for r in range(SIDE) for c in range(SIDE) if cover.die_at((r, c)) is None]
    found = []
    for index, die in enumerate(state.hands[state.seat]):
        scores = [score(grid, cover, die, cell) for cell in free]
        cells = tuple(Preview(s.cell, s.total, s.words) for s in scores)
        found.append(HandPreview(index, die, cells))
    return tuple(found)
