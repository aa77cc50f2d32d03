"""Six D Six (Six D Six, game six): take sets from a square of coloured dice, build them
into your own area, score the lines.

Thirty-six dice, six of each colour, are rolled and pushed into a 6 x 6 square.  In
turn, starting with the first player, a player takes a set from the square: two or more
dice joined side to side whose every line (a run of two or more of the set's dice in a
row or a column) is one colour with different numbers, or one number in different
colours.  The set goes into the player's own area the same shape, turned by a quarter,
a half or three quarters if they like but never flipped, onto free cells, touching the
dice there after the first turn, and every line through a new die must obey the same
rule.  Each line of two or more dice that holds a new die scores its length, a line of
six scores six more.  A take that leaves an empty square between two dice of a row or a
column is followed by the taker sliding the square shut.  A player who cannot place any
set passes.  At the end of a turn with no two dice side by side that make a line, or
when every player has passed in a row, the highest total wins (ties share the win); a
rolled square without such a pair ends the game at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import islice
from typing import Any

from referee.core.dice import Die
from referee.core.engine import (
    BOARD,
    NO_TURNS,
    BoardEntry,
    Option,
    RuleViolation,
    SlideEntry,
    TurnLog,
    TurnMark,
    TurnRecord,
)
from referee.core.moves import Cell, where, where_first
from referee.core.sentences import Sentence, Value, listed, say, say_n
from referee.families.boards import is_over as is_over
from referee.families.boards import outcome as outcome
from referee.families.boards import to_move as to_move
from referee.families.boards import turn_records as turn_records
from referee.families.boards import turns_done as turns_done
from referee.families.grid import (
    QUARTER_TURNS,
    SEAT_COLOURS,
    Board,
    colour_name,
    gaps,
    group_of,
    lines,
    mirrored,
    neighbours,
    parse_board,
    parse_cell,
    turned,
)
from referee.families.rounds import result

SLUG = "sixd-six"
TITLE = say("Six D Six")
SERIES = "Six D"
SERIES_PLACE = 6
KIND = BOARD
MIN_PLAYERS = 2
MAX_PLAYERS = 4
SIDE = 6  # the rolled square is SIDE x SIDE dice
COLOURS = SEAT_COLOURS  # the six colours of the dice
PER_COLOUR = 6
SMALLEST_SET = 2
LONGEST = 6  # a line holds each number or each colour once at most: six dice
SIX_BONUS = 6  # a line of LONGEST dice scores this much more
OPTIONS: tuple[Option, ...] = ()

# The phases of a table: the rolled square to enter, a take, the slide after a take that
# left a gap, and the end.
SQUARE, TAKE, SLIDE, OVER = "square", "take", "slide", "over"
# Why a game ended.
NO_PAIR, ALL_PASSED = "no-pair", "all-passed"

TURN_WORDS = {
    0: say("unturned"),
    1: say("turned a quarter clockwise"),
    2: say("turned half round"),
    3: say("turned a quarter anticlockwise"),
}
PASS_MARK = TurnMark(
    say("passed"), cell=say("pass"), legend=say("<b>pass</b>: no set fitted the area")
)

# --- Lines and sets ----------------------------------------------------------------------------


def die_name(die: Die) -> str:
    """A die in words: "red 3"."""
    if not die.colour:
        return str(die.value)
    return say("{colour} {value}", colour=colour_name(die.colour), value=die.value)


def listed_words(words: Sequence[Value]) -> Value:
    """Words listed as a sentence lists them: "a", "a and b", "a, b and c"."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return say("{these} and {those}", these=listed(words[:-1]), those=words[-1])


def pair_fault(a: Die, b: Die) -> tuple[str, str] | None:
    """Why dice ``a`` and ``b`` cannot share a line, as (code, words); None: they can.  A
    line is one colour with different numbers, or one number in different colours."""
    same_colour, same_value = a.colour == b.colour, a.value == b.value
    if same_colour != same_value:
        return None
    if same_colour:
        return "line-repeats", say(
            "it holds two {die}s, and no line may hold two dice alike", die=die_name(a)
        )
    return "line-mixed", say(
        "the {first} and the {second} share neither colour nor number",
        first=die_name(a),
        second=die_name(b),
    )


def _clash(dice: Sequence[Die]) -> tuple[Die, Die] | None:
    # Every two dice of a line share a colour or a number but not both; then all of them
    # share the same one (a colour pair and a number pair through one die leave its other
    # two dice sharing neither), so checking the pairs is checking the line.
    for i, first in enumerate(dice):
        for second in dice[i + 1 :]:
            if (first.colour == second.colour) == (first.value == second.value):
                return first, second
    return None


def _line_fault(dice: Sequence[Die]) -> tuple[str, str] | None:
    clash = _clash(dice)
    return None if clash is None else pair_fault(*clash)


def line_fault(dice: Sequence[Die]) -> str | None:
    """Why ``dice`` side by side in a row or column are not a line (None: they are)."""
    fault = _line_fault(dice)
    return fault[1] if fault else None


def _board_line(run: Sequence[Cell]) -> Sentence:
    """A run of board cells as a player finds it: "row 2, columns 3 to 5"."""
    first, last = run[0], run[-1]
    if first[0] == last[0]:
        return say(
            "row {row}, columns {first} to {last}",
            row=first[0] + 1,
            first=first[1] + 1,
            last=last[1] + 1,
        )
    return say(
        "column {column}, rows {first} to {last}",
        column=first[1] + 1,
        first=first[0] + 1,
        last=last[0] + 1,
    )


def judge_set(board: Board, cells: Sequence[Cell]) -> RuleViolation | None:
    """Why the dice on ``cells`` of ``board`` are not a set (None: they are one).

    The cells must be distinct and hold dice, at least two, joined side to side; and each
    line of the set's own cells (a die beside the set on the board does not count) must be
    one colour with different numbers or one number in different colours.
    """
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        return RuleViolation("same-cell", say("{cell} was picked twice.", cell=where_first(twice)))
    for cell in cells:
        if board.die_at(cell) is None:
            return RuleViolation(
                "no-die", say("{cell} is empty: a set is made of dice.", cell=where_first(cell))
            )
    if len(cells) < SMALLEST_SET:
        return RuleViolation(
            "set-too-small",
            say("A set is {least} dice or more, side by side in a line.", least=SMALLEST_SET),
        )
    joined = group_of(cells[0], cells)
    if len(joined) != len(cells):
        apart = next(c for c in cells if c not in joined)
        return RuleViolation(
            "not-connected",
            say(
                "The dice of a set join side to side: the {die} at {cell} is cut off from the "
                "{other} at {other_cell}.",
                die=die_name(die_at(board, apart)),
                cell=where(apart),
                other=die_name(die_at(board, cells[0])),
                other_cell=where(cells[0]),
            ),
        )
    for run in lines(cells):
        fault = _line_fault([die_at(board, c) for c in run])
        if fault:
            code, words = fault
            return RuleViolation(
                code, say("Not a set: in {line}, {fault}.", line=_board_line(run), fault=words)
            )
    return None


def die_at(board: Board, cell: Cell) -> Die:
    """The die on ``cell``, which holds one."""
    die = board.die_at(cell)
    assert die is not None
    return die


def has_pair(board: Board) -> bool:
    """Whether two dice side by side on ``board`` make a line: while they do, a set is left."""
    for r, row in enumerate(board.rows):
        for c, die in enumerate(row):
            if die is None:
                continue
            for nr, nc in ((r, c + 1), (r + 1, c)):
                other = board.die_at((nr, nc))
                if other is not None and pair_fault(die, other) is None:
                    return True
    return False


def legal_sets(board: Board) -> tuple[tuple[Cell, ...], ...]:
    """Every set on ``board``, each as its cells in reading order, smallest sets first.

    As many as there are: a random square holds under a hundred, a square whose rows are
    each one colour and whose columns each one number holds millions (every group joined
    side to side is a set), so a page never lists them; it asks ``first_take``.
    """
    return tuple(sets_by_size(board))


def _pairs(board: Board) -> list[tuple[Cell, Cell]]:
    """The sets of two dice on ``board``, in reading order."""
    found = []
    for cell in board.cells():
        for near in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
            other = board.die_at(near)
            if other is not None and pair_fault(die_at(board, cell), other) is None:
                found.append((cell, near))
    return sorted(found)


def sets_by_size(board: Board) -> Iterator[tuple[Cell, ...]]:
    """The sets on ``board`` as ``legal_sets`` orders them, given one size at a time: the
    sets of one size are worked out only once every smaller set has been taken.

    Grown one die at a time from the pairs: every set joined side to side can be, and a
    die added to a group that breaks a line can never mend it, so a broken group is
    never grown further.
    """
    level = {frozenset(pair) for pair in _pairs(board)}
    while level:
        yield from sorted(tuple(sorted(group)) for group in level)
        grown: set[frozenset[Cell]] = set()
        for group in level:
            for cell in group:
                for near in neighbours(cell):
                    if near in group or board.die_at(near) is None:
                        continue
                    bigger = group | {near}
                    if bigger not in grown and _lines_hold(board, bigger, near):
                        grown.add(bigger)
        level = grown


def _lines_hold(board: Board, cells: frozenset[Cell], new: Cell) -> bool:
    """Whether the row and the column of ``cells`` through ``new`` are lines (the group
    without ``new`` being a set already)."""
    for step in ((0, 1), (1, 0)):
        run = [new]
        for sign in (1, -1):
            cell = (new[0] + sign * step[0], new[1] + sign * step[1])
            while cell in cells:
                run.append(cell)
                cell = (cell[0] + sign * step[0], cell[1] + sign * step[1])
        if len(run) > 1 and line_fault([die_at(board, c) for c in run]):
            return False
    return True


# --- The player's area -------------------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    """The dice a player has placed, by cell.  Cells are any whole numbers: the area grows
    in every direction.  ``dice`` is kept in reading order so equal areas compare equal."""

    dice: tuple[tuple[Cell, Die], ...] = ()

    @cached_property
    def at(self) -> dict[Cell, Die]:
        """The die on each cell."""
        return dict(self.dice)

    def __len__(self) -> int:
        return len(self.dice)

    def bounds(self) -> tuple[int, int, int, int]:
        """(top, left, height, width) of the smallest rectangle round the dice; all 0 when
        the area is empty."""
        if not self.dice:
            return 0, 0, 0, 0
        rows = [cell[0] for cell, _ in self.dice]
        cols = [cell[1] for cell, _ in self.dice]
        top, left = min(rows), min(cols)
        return top, left, max(rows) - top + 1, max(cols) - left + 1

    def rows(self) -> tuple[tuple[Die | None, ...], ...]:
        """The dice within the bounds, the top row first (None: a free cell)."""
        top, left, height, width = self.bounds()
        at = self.at
        return tuple(
            tuple(at.get((top + r, left + c)) for c in range(width)) for r in range(height)
        )

    def frontier(self) -> list[Cell]:
        """The free cells beside a die of the area, in reading order."""
        at = self.at
        return sorted({n for cell in at for n in neighbours(cell) if n not in at})

    def adding(self, new: Mapping[Cell, Die]) -> Area:
        """This area with the dice of ``new`` placed too."""
        return Area(tuple(sorted({**self.at, **new}.items())))


@dataclass(frozen=True)
class Line:
    """A line of an area that a placement scores: its cells, and whether it is a row."""

    across: bool
    cells: tuple[Cell, ...]

    @property
    def points(self) -> int:
        """Its length, and SIX_BONUS more for a line of LONGEST dice."""
        return len(self.cells) + (SIX_BONUS if len(self.cells) == LONGEST else 0)

    @property
    def words(self) -> str:
        """ "row of 4", "column of 6 + 6 for six"."""
        count = len(self.cells)
        if count == LONGEST:
            if self.across:
                return say("row of {count} + {bonus} for six", count=count, bonus=SIX_BONUS)
            return say("column of {count} + {bonus} for six", count=count, bonus=SIX_BONUS)
        if self.across:
            return say("row of {count}", count=count)
        return say("column of {count}", count=count)


@dataclass(frozen=True)
class Score:
    """What a placement scores: every line of two or more dice that holds a new die."""

    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        """The placement's points."""
        return sum(line.points for line in self.lines)

    @property
    def words(self) -> str:
        """The sum as a player checks it: "row of 4 + column of 2 = 6"."""
        summed: Value = self.lines[0].words
        for line in self.lines[1:]:
            summed = say("{these} + {those}", these=summed, those=line.words)
        return say("{sum} = {total}", sum=summed, total=self.total)


@dataclass(frozen=True)
class Placement:
    """Where a set goes in an area: ``cells`` holds, in the order of the set's dice, the
    area cell each lands on; ``quarters`` the quarter turns clockwise it was given."""

    quarters: int
    cells: tuple[Cell, ...]
    score: Score

    @property
    def turn_words(self) -> str:
        """ "unturned", "turned a quarter clockwise"..."""
        return TURN_WORDS[self.quarters]


def _lines_through(at: Mapping[Cell, Die], new: Mapping[Cell, Die]) -> Iterator[Line]:
    """The lines of two or more dice through the new dice, each once, as they are found."""
    found: set[tuple[bool, Cell]] = set()
    for cell in new:
        for across, step in ((True, (0, 1)), (False, (1, 0))):
            start = cell
            while (before := (start[0] - step[0], start[1] - step[1])) in new or before in at:
                start = before
            if (across, start) in found:
                continue
            found.add((across, start))
            run = [start]
            while (nxt := (run[-1][0] + step[0], run[-1][1] + step[1])) in new or nxt in at:
                run.append(nxt)
            if len(run) > 1:
                yield Line(across, tuple(run))


def _area_lines(at: Mapping[Cell, Die], new: Mapping[Cell, Die]) -> list[Line]:
    """The lines of two or more dice through the new dice, rows then columns, each in
    reading order (a line holding several new dice once)."""
    return sorted(_lines_through(at, new), key=_reading)


def _reading(line: Line) -> tuple[bool, Cell]:
    """Rows before columns, then by the line's first cell."""
    return not line.across, line.cells[0]


@dataclass(frozen=True)
class Misfit:
    """Why dice cannot go where a placement puts them: ``code``, the dice concerned (the die
    there and the die placed; or the line's dice), whether that line is a row, and the fault."""

    code: str
    dice: tuple[Die, ...] = ()
    across: bool = True
    fault: str = ""


def _line_dice(at: Mapping[Cell, Die], new: Mapping[Cell, Die], line: Line) -> tuple[Die, ...]:
    """The dice along ``line`` once ``new`` is placed in an area holding ``at``."""
    return tuple(new.get(c) or at[c] for c in line.cells)


def _touches(at: Mapping[Cell, Die], new: Mapping[Cell, Die]) -> bool:
    """Whether a die of ``new`` is beside a die of the area (an empty area: always)."""
    return not at or any(n in at for cell in new for n in neighbours(cell))


def _fits(at: Mapping[Cell, Die], new: Mapping[Cell, Die]) -> bool:
    """Whether the dice of ``new`` may go where it puts them in an area holding ``at``
    (what ``_judge_place`` finds, without saying why not: quick, for listing placements)."""
    if any(cell in at for cell in new) or not _touches(at, new):
        return False
    return all(_clash(_line_dice(at, new, line)) is None for line in _lines_through(at, new))


def _judge_place(at: Mapping[Cell, Die], new: Mapping[Cell, Die]) -> Misfit | Score:
    """The score of the dice of ``new`` placed in an area holding ``at``, or why they cannot
    go there."""
    for cell, die in new.items():
        if cell in at:
            return Misfit("occupied", (at[cell], die))
    if not _touches(at, new):
        return Misfit("not-touching")
    lines = _area_lines(at, new)
    for line in lines:
        dice = _line_dice(at, new, line)
        fault = line_fault(dice)
        if fault:
            return Misfit("breaks-line", dice, line.across, fault)
    return Score(tuple(lines))


def _quarters(cells: Sequence[Cell], place: Sequence[Cell], flip: bool = False) -> int | None:
    """The quarter turns that carry ``cells`` onto ``place`` die for die (after a mirror
    image when ``flip``), shifted as a whole; None when no turn does."""
    shape = [mirrored(c) if flip else c for c in cells]
    for quarters in QUARTER_TURNS:
        first = turned(shape[0], quarters)
        shift = (place[0][0] - first[0], place[0][1] - first[1])
        if all(
            (t := turned(c, quarters))[0] + shift[0] == p[0] and t[1] + shift[1] == p[1]
            for c, p in zip(shape, place, strict=True)
        ):
            return quarters
    return None


def placements(area: Area, dice: Sequence[Die], cells: Sequence[Cell]) -> tuple[Placement, ...]:
    """Every way the set of ``dice`` lying on board ``cells`` fits ``area``, with its score.

    Each of the four turns of the shape, shifted onto every place where it lands on free
    cells, touches a die of the area and leaves every line through a new die a line.  An
    empty area takes a set anywhere: there each turn is given once, its top left corner
    at (0, 0).  Placements that put the same dice on the same cells are given once.
    """
    found: list[Placement] = []
    seen: set[frozenset[tuple[Cell, Die]]] = set()
    at = area.at
    frontier = area.frontier()
    for quarters in QUARTER_TURNS:
        shape = [turned(c, quarters) for c in cells]
        if at:
            shifts = sorted({(f[0] - s[0], f[1] - s[1]) for s in shape for f in frontier})
        else:
            shifts = [(-min(r for r, _ in shape), -min(c for _, c in shape))]
        for dr, dc in shifts:
            spots = tuple((r + dr, c + dc) for r, c in shape)
            new = dict(zip(spots, dice, strict=True))
            if not _fits(at, new):
                continue
            layout = frozenset(new.items())
            if layout in seen:
                continue
            seen.add(layout)
            found.append(Placement(quarters, spots, Score(tuple(_area_lines(at, new)))))
    return tuple(found)


def gap_cells(board: Board) -> tuple[Cell, ...]:
    """The empty squares of ``board`` between two dice of a row or a column."""
    return tuple(gaps(board.cells()))


def slide_fault(before: Board, after: Board) -> RuleViolation | None:
    """Why ``after`` is not ``before`` slid shut (None: it is): it must hold the same dice,
    each with its colour and number, and no row or column may have an empty square
    between two dice.  Which way the dice went is the table's call."""
    had, has = Counter(before.dice()), Counter(after.dice())
    if had != has:
        missing = sorted((had - has).elements())
        extra = sorted((has - had).elements())
        said: list[Value] = []
        if missing:
            gone = listed_words([die_name(d) for d in missing[:3]])
            said.append(
                say("the {dice} is missing", dice=gone)
                if len(missing) == 1
                else say("the {dice} are missing", dice=gone)
            )
        if extra:
            said.append(
                say(
                    "it has {dice} the board did not have",
                    dice=listed_words([_a(d) for d in extra[:3]]),
                )
            )
        problems = (
            said[0] if len(said) == 1 else say("{these}; {those}", these=said[0], those=said[1])
        )
        return RuleViolation(
            "not-the-same-dice",
            say(
                "Sliding keeps the same {count} dice: {problems}.",
                count=sum(had.values()),
                problems=problems,
            ),
        )
    left = gap_cells(after)
    if left:
        return RuleViolation(
            "gap-left",
            say(
                "The slid board still has an empty square between two dice at {cell}: slide on "
                "until no row or column has a gap.",
                cell=where(left[0]),
            ),
        )
    return None


def _a(die: Die) -> Sentence:
    name = die_name(die)
    return say("an {die}", die=name) if name[0] in "aeiou" else say("a {die}", die=name)


# --- State -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """One take: who, the board cells and their dice (in the move's order), and where
    they went in the taker's area."""

    seat: int
    cells: tuple[Cell, ...]
    dice: tuple[Die, ...]
    placement: Placement


@dataclass(frozen=True)
class SixDSix:
    """The state of a Six D Six table.

    ``board`` is the rolled square as it stands (empty until entered); ``areas`` each
    player's placed dice; ``passes`` the passes in a row; ``turns`` the takes and passes
    made; ``ending`` why the game ended (``NO_PAIR`` or ``ALL_PASSED``).
    """

    players: tuple[str, ...]
    phase: str = SQUARE
    board: Board = Board.empty(SIDE, SIDE)
    areas: tuple[Area, ...] = ()
    totals: tuple[int, ...] = ()
    seat: int = 0
    passes: int = 0
    turns: int = 0
    last: Take | None = None
    records: TurnLog = NO_TURNS
    ending: str = ""
    ruling: str = ""

    @property
    def player(self) -> str:
        """The name of the seat to move."""
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        """True once no set is left on the board or every player passed in a row."""
        return self.phase == OVER

    @property
    def area(self) -> Area:
        """The area of the player to move."""
        return self.areas[self.seat]


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDSix:
    """A new game: the first player enters the rolled square."""
    state = SixDSix(tuple(players), areas=(Area(),) * len(players), totals=(0,) * len(players))
    return replace(
        state,
        ruling=say(
            "{player} rolls the {dice} dice, pushes them into a {side} × {side} square and "
            "enters it: the numbers row by row, then the colours.",
            player=state.player,
            dice=SIDE * SIDE,
            side=SIDE,
        ),
    )


def may_pass(state: SixDSix) -> bool:
    """Whether the player to move may pass: in a take, with dice in their area (any set
    fits an empty area; whether one fits now is the table's call)."""
    return state.phase == TAKE and bool(len(state.area))


# --- Moves -------------------------------------------------------------------------------------


def _square(state: SixDSix, move: Mapping[str, Any]) -> SixDSix:
    if state.phase != SQUARE:
        raise RuleViolation("square-laid", say("The rolled square is already entered."))
    board = parse_board(move.get("board"), max_side=SIDE)
    board = _padded(board)
    empty = [(r, c) for r in range(SIDE) for c in range(SIDE) if board.die_at((r, c)) is None]
    if empty:
        raise RuleViolation(
            "wrong-dice-count",
            say(
                "The square is {side} rows of {side} dice, {dice} in all: {count} were entered "
                "({cell} is empty).",
                side=SIDE,
                dice=SIDE * SIDE,
                count=SIDE * SIDE - len(empty),
                cell=where(empty[0]),
            ),
        )
    for cell in board.cells():
        die = die_at(board, cell)
        if die.colour is None or die.colour not in COLOURS:
            had = (
                say("is entered as {colour}", colour=colour_name(die.colour))
                if die.colour
                else say("has no colour")
            )
            raise RuleViolation(
                "bad-colour",
                say(
                    "Every die of the square has one of the six colours: the {die} at {cell} "
                    "{had}.",
                    die=die.value,
                    cell=where(cell),
                    had=had,
                ),
            )
    counts = Counter(d.colour for d in board.dice())
    off = [c for c in COLOURS if counts[c] != PER_COLOUR]
    if off:
        said = listed_words(
            [say("{count} {colour}", count=counts[c], colour=colour_name(c)) for c in off]
        )
        raise RuleViolation(
            "colour-count",
            say(
                "The square holds {each} dice of each colour: {said} were entered.",
                each=PER_COLOUR,
                said=said,
            ),
        )
    after = replace(state, board=board, phase=TAKE)
    if not has_pair(board):
        return _over(
            after,
            NO_PAIR,
            say(
                "The square is entered, but no two dice side by side make a line (one colour "
                "with different numbers, or one number in different colours): no set, so the "
                "game is over at once."
            ),
        )
    return replace(after, ruling=say("The square is entered. {next}", next=_next_words(after)))


def _padded(board: Board) -> Board:
    """``board`` as SIDE full rows of SIDE cells (missing ones empty)."""
    rows = [row + (None,) * (SIDE - len(row)) for row in board.rows]
    rows += [(None,) * SIDE] * (SIDE - len(rows))
    return Board(tuple(rows))


def _over(state: SixDSix, ending: str, said: Sentence) -> SixDSix:
    over = replace(state, phase=OVER, ending=ending)
    return replace(
        over, ruling=say("{said} {result}", said=said, result=result(outcome(over).scores))
    )


def _next_words(state: SixDSix) -> Sentence:
    """Who moves next and what they may do, in words."""
    if len(state.area):
        return say("{player} takes a set (or passes, when none fits).", player=state.player)
    return say("{player} takes a set.", player=state.player)


def _in_take(state: SixDSix, doing: str) -> None:
    """Refuse a take or a pass outside a take, saying what comes first."""
    if state.phase == SQUARE:
        raise _square_first(state)
    if state.phase == SLIDE:
        raise RuleViolation(
            "slide-first",
            say(
                "{player} slides the board shut before anyone takes again: it has a gap at {cell}.",
                player=state.player,
                cell=where(gap_cells(state.board)[0]),
            )
            if doing == "takes"
            else say(
                "{player} slides the board shut before anyone passes again: it has a gap at "
                "{cell}.",
                player=state.player,
                cell=where(gap_cells(state.board)[0]),
            ),
        )


def _square_first(state: SixDSix) -> RuleViolation:
    return RuleViolation(
        "square-first",
        say(
            "{player} enters the rolled square of {dice} dice first.",
            player=state.players[0],
            dice=SIDE * SIDE,
        ),
    )


def _cells(raw: object, what: Sentence, board: Board | None) -> tuple[Cell, ...]:
    """The cells of a take: on ``board`` (the set) or anywhere (``board`` None: the area)."""
    if not isinstance(raw, list | tuple):
        raise RuleViolation(
            "bad-move",
            say(
                "The {what} is a list of cells [row, column], like {example}.",
                what=what,
                example="[[0, 1], [0, 2]]",
            ),
        )
    if len(raw) > SIDE * SIDE:
        raise RuleViolation(
            "set-too-big",
            say(
                "A set has at most {most} dice, not {count}.", most=SIDE * SIDE, count=str(len(raw))
            ),
        )
    if board is not None:
        return tuple(parse_cell(item, board) for item in raw)
    cells = []
    for item in raw:
        if (
            not isinstance(item, list | tuple)
            or len(item) != 2
            or not all(type(n) is int for n in item)
        ):
            raise RuleViolation(
                "bad-cell",
                say("A cell is [row, column], two whole numbers (any, in the area), like [1, -4]."),
            )
        cells.append((item[0], item[1]))
    return tuple(cells)


def _take(state: SixDSix, move: Mapping[str, Any]) -> SixDSix:
    _in_take(state, "takes")
    board = state.board
    cells = _cells(move.get("cells"), say("set"), board)
    fault = judge_set(board, cells)
    if fault:
        raise fault
    dice = tuple(die_at(board, c) for c in cells)
    place = _cells(move.get("place"), say("placement"), None)
    placement = fit(state, dice, cells, place)
    new_board = board
    for cell in cells:
        new_board = new_board.put(cell, None)
    totals = list(state.totals)
    totals[state.seat] += placement.score.total
    areas = list(state.areas)
    areas[state.seat] = state.area.adding(dict(zip(placement.cells, dice, strict=True)))
    took = Take(state.seat, cells, dice, placement)
    after = replace(
        state,
        board=new_board,
        areas=tuple(areas),
        totals=tuple(totals),
        passes=0,
        turns=state.turns + 1,
        last=took,
        records=state.records.add(
            TurnRecord(state.player, placement.score.total, totals[state.seat])
        ),
    )
    said_of: dict[str, Value] = {
        "player": state.player,
        "dice": listed_words([die_name(d) for d in dice]),
        "turned": placement.turn_words,
        "score": placement.score.words,
        "total": totals[state.seat],
    }
    said = (
        say(
            "{player} took the {dice} and placed them {turned}: {score}. {player} has {total}.",
            **said_of,
        )
        if len(dice) > 1
        else say(
            "{player} took the {dice} and placed it {turned}: {score}. {player} has {total}.",
            **said_of,
        )
    )
    holes = gap_cells(new_board)
    if holes:
        gaps = (
            say(
                "{said} The board has a gap ({cell}): {player} slides the dice shut and enters "
                "the board.",
                said=said,
                cell=where(holes[0]),
                player=state.player,
            )
            if len(holes) == 1
            else say(
                "{said} The board has {count} gaps ({cell} and more): {player} slides the dice "
                "shut and enters the board.",
                said=said,
                count=len(holes),
                cell=where(holes[0]),
                player=state.player,
            )
        )
        return replace(after, phase=SLIDE, ruling=gaps)
    return _end_turn(after, said)


def fit(
    state: SixDSix, dice: Sequence[Die], cells: Sequence[Cell], place: Sequence[Cell]
) -> Placement:
    """The placement of the set of ``dice`` (from board ``cells``) onto area cells ``place``
    (the same order) in the area of the player to move, or a ``RuleViolation`` saying why
    it does not fit: the same shape turned and shifted, never flipped; free cells;
    touching the area after the first take; every line through a new die a line."""
    if len(place) != len(cells):
        raise RuleViolation(
            "wrong-count",
            say_n(
                "The placement names {count} area cell for {dice} dice: one for each die, in "
                "the same order.",
                "The placement names {count} area cells for {dice} dice: one for each die, in "
                "the same order.",
                len(place),
                dice=len(cells),
            ),
        )
    quarters = _quarters(cells, place)
    if quarters is None:
        if _quarters(cells, place, flip=True) is not None:
            raise RuleViolation(
                "mirrored",
                say(
                    "That placement is the set's mirror image: a set may be turned, never "
                    "flipped over."
                ),
            )
        raise RuleViolation(
            "wrong-shape",
            say(
                "The set keeps its shape: each die must land beside the same dice as on the "
                "board, the whole set turned by a quarter, a half or three quarters at most."
            ),
        )
    who = state.player
    judged = _judge_place(state.area.at, dict(zip(place, dice, strict=True)))
    if isinstance(judged, Score):
        return Placement(quarters, tuple(place), judged)
    if judged.code == "occupied":
        there, placed = judged.dice
        raise RuleViolation(
            "occupied",
            say(
                "{player}'s area already has {there} where the {die} would go.",
                player=who,
                there=_a(there),
                die=die_name(placed),
            ),
        )
    if judged.code == "not-touching":
        raise RuleViolation(
            "not-touching",
            say(
                "After the first take a set must touch {player}'s area: at least one of its "
                "dice side by side with a die already there.",
                player=who,
            ),
        )
    raise RuleViolation(
        "breaks-line",
        say(
            "That placement breaks a line: {player}'s area would get a row of {dice}, and {fault}.",
            player=who,
            dice=listed_words([_a(d) for d in judged.dice]),
            fault=judged.fault,
        )
        if judged.across
        else say(
            "That placement breaks a line: {player}'s area would get a column of {dice}, and "
            "{fault}.",
            player=who,
            dice=listed_words([_a(d) for d in judged.dice]),
            fault=judged.fault,
        ),
    )


def _slide(state: SixDSix, move: Mapping[str, Any]) -> SixDSix:
    if state.phase == SQUARE:
        raise _square_first(state)
    if state.phase != SLIDE:
        raise RuleViolation(
            "no-slide",
            say(
                "Nothing to slide: the board has no empty square between two dice. {next}",
                next=_next_words(state),
            ),
        )
    board = _padded(parse_board(move.get("board"), max_side=SIDE))
    fault = slide_fault(state.board, board)
    if fault:
        raise fault
    return _end_turn(
        replace(state, board=board), say("{player} slid the board shut.", player=state.player)
    )


def _end_turn(state: SixDSix, said: Sentence) -> SixDSix:
    """The end of a turn: over when no two dice side by side make a line, else the next seat."""
    if not has_pair(state.board):
        return _over(
            state,
            NO_PAIR,
            say(
                "{said} No two dice side by side on the board make a line now: no set is "
                "left, so the game is over.",
                said=said,
            ),
        )
    after = replace(state, phase=TAKE, seat=(state.seat + 1) % len(state.players))
    return replace(after, ruling=say("{said} {next}", said=said, next=_next_words(after)))


def _pass(state: SixDSix, move: Mapping[str, Any]) -> SixDSix:
    _in_take(state, "passes")
    if not len(state.area):
        raise RuleViolation(
            "must-take",
            say(
                "{player}'s area is empty, and any set fits an empty area: {player} takes a set.",
                player=state.player,
            ),
        )
    passes = state.passes + 1
    after = replace(
        state,
        passes=passes,
        turns=state.turns + 1,
        records=state.records.add(
            TurnRecord(state.player, 0, state.totals[state.seat], mark=PASS_MARK)
        ),
    )
    if passes >= len(state.players):
        return _over(
            after,
            ALL_PASSED,
            say(
                "{player} passed: every player passed in a row, so the game is over.",
                player=state.player,
            ),
        )
    nxt = replace(after, seat=(state.seat + 1) % len(state.players))
    if passes > 1:
        ruling = say(
            "{player} passed ({passes} passes in a row). {next}",
            player=state.player,
            passes=passes,
            next=_next_words(nxt),
        )
    else:
        ruling = say("{player} passed. {next}", player=state.player, next=_next_words(nxt))
    return replace(nxt, ruling=ruling)


MOVES = {"board": _square, "take": _take, "slide": _slide, "pass": _pass}
MOVE_FIELDS = {"board": ("board",), "take": ("cells", "place"), "slide": ("board",), "pass": ()}


def is_setup(state: SixDSix, move: Mapping[str, Any]) -> bool:
    """The rolled square is set up by the first player: undo takes it back on its own,
    never with that player's first take."""
    return move.get("type") == "board"


def ruling(state: SixDSix) -> str:
    """What the referee said after the last move."""
    return state.ruling


# --- What the phone asks while a player picks ---------------------------------------------------


# The faults of tapped cells that more taps may mend: too few dice yet, or dice not joined
# yet.  A broken line stays broken however the set grows (see ``legal_sets``).
UNFINISHED = ("set-too-small", "not-connected")


@dataclass(frozen=True)
class TakePreview:
    """What tapped board cells make: why they are not a set (``fault``, "" when they are),
    whether more taps may still make them one (``unfinished``: a hint while a player taps,
    not yet an error), and every placement of the set in the area of the player to move,
    with its score."""

    cells: tuple[Cell, ...]
    fault: str
    placements: tuple[Placement, ...]
    unfinished: bool = False


def preview_take(state: SixDSix, cells: Sequence[Cell]) -> TakePreview:
    """Judge the set on ``cells`` of the board and list where it fits the mover's area."""
    cells = tuple(cells)
    if state.phase != TAKE:
        return TakePreview(cells, say("Nothing can be taken now."), ())
    try:
        parsed = _cells([list(c) for c in cells], say("set"), state.board)
    except RuleViolation as exc:
        return TakePreview(cells, exc.message, ())
    fault = judge_set(state.board, parsed)
    if fault:
        return TakePreview(cells, fault.message, (), fault.code in UNFINISHED)
    dice = [die_at(state.board, c) for c in parsed]
    return TakePreview(cells, "", placements(state.area, dice, parsed))


def check_slide(state: SixDSix, board: object) -> str:
    """Why ``board`` (log notation) is not the board slid shut ("" when it is)."""
    try:
        if state.phase != SLIDE:
            raise RuleViolation("no-slide", say("Nothing to slide now."))
        fault = slide_fault(state.board, _padded(parse_board(board, max_side=SIDE)))
    except RuleViolation as exc:
        return exc.message
    return fault.message if fault else ""


# --- The play page -----------------------------------------------------------------------------


# --- Random play -------------------------------------------------------------------------------


def dice_to_roll(state: SixDSix) -> None:
    """Never a plain roll: the square and the slid board are entered whole."""
    return None


def table_entry(state: SixDSix) -> BoardEntry | SlideEntry | None:
    """The rolled square (36 dice, six of each colour), or the board slid shut."""
    if state.phase == SQUARE:
        return BoardEntry(
            type="board", field="board", dice=SIDE * SIDE, shape=(SIDE, SIDE), colours=COLOURS
        )
    if state.phase == SLIDE:
        return SlideEntry(type="slide", field="board", board=tuple(
            tuple(row) for row in state.board.notation()))  # fmt: skip
    return None


def first_take(state: SixDSix) -> tuple[tuple[Cell, ...], Placement] | None:
    """The first legal take now, as ``choices`` lists them (the smallest sets first, in
    reading order, each with its placements in ``placements``' order), or None when no set
    fits the mover's area.  Found among the sets of two alone: at most 60 pairs, each
    tried in 4 turns on each free cell beside the area, so the time grows with the board
    times the area, never with the millions of sets a square may hold (``legal_sets``).

    Why a pair is enough: when a set fits, one of its pairs fits too, and the sets of two
    come first.  Say set S fits at placement P.  In an area with dice, P puts some die d
    of S beside one of them (in an empty area, any d).  S is joined side to side and has
    two dice or more, so d has a neighbour e in S.  The pair {d, e} is a set: both dice
    lie on one line of S, and the line rule holds for each two dice of a line (see
    ``_clash``).  P kept to {d, e} alone turns and shifts the pair as it did S, onto free
    cells, still beside the area's die.  Every run of area dice through d or e is then a
    stretch of a run through the same die with all of S placed, which P kept a line; and
    a stretch of a line is a line, the rule being one about each two dice.
    """
    if state.phase != TAKE:
        return None
    for cells in _pairs(state.board):
        dice = [die_at(state.board, c) for c in cells]
        found = placements(state.area, dice, cells)
        if found:
            return cells, found[0]
    return None


# How many sets random play looks through for its choices: every set of a random square
# (under a hundred), the smallest few hundred of a square that holds millions.
SETS_LISTED = 400


def choices(state: SixDSix) -> list[dict[str, Any]]:
    """In a take: the sets on the board (all of them, up to the ``SETS_LISTED`` smallest)
    with every placement in the mover's area (in an empty area, each turn of the set once,
    its top left corner at (0, 0)); when none fits, the pass (the table's call the
    referee would make)."""
    if state.phase != TAKE:
        return []
    moves: list[dict[str, Any]] = []
    for cells in islice(sets_by_size(state.board), SETS_LISTED):
        dice = [die_at(state.board, c) for c in cells]
        moves += [
            {"type": "take", "cells": [list(c) for c in cells],
             "place": [list(c) for c in placement.cells]}
            for placement in placements(state.area, dice, cells)
        ]  # fmt: skip
    # Every pair is among the sets looked through (a square has at most 60), and when no
    # pair fits no set does (see ``first_take``): no move listed is no set fitting.
    return moves or [{"type": "pass"}]


# --- What a play page draws --------------------------------------------------------------------


@dataclass(frozen=True)
class Square:
    """One square of the board: its die (None when empty), whether it is a gap to slide
    shut, and whether the last take emptied it."""

    cell: Cell
    die: Die | None
    gap: bool = False
    taken: bool = False


@dataclass(frozen=True)
class LastTake:
    """The last take: who, the board cells emptied, the area cells filled, how the set
    was turned, and its score in words ("row of 4 + column of 2 = 6")."""

    player: str
    cells: tuple[Cell, ...]
    place: tuple[Cell, ...]
    turn_words: str
    points: int
    words: str


def area_grids(state: SixDSix) -> tuple[tuple[str, tuple[tuple[str | None, ...], ...]], ...]:
    """Each player's area as a grid to draw (log notation, None for a free cell), captioned
    with the name and total: a filled scoresheet draws them."""
    return tuple(
        (say("{player}'s area · {total}", player=name, total=total),
         tuple(tuple(None if d is None else str(d) for d in row) for row in area.rows()))
        for name, total, area in zip(state.players, state.totals, state.areas, strict=True)
    )  # fmt: skip
