"""The Six D Six board notation, shared by the games that lay dice out on the table.

A board is a list of rows, row 0 at the top as the phone shows it; each row is a list
of die strings ("3", "5k", "2r") or ``None`` for an empty cell.  Rows may be shorter
than the longest one: the missing cells are empty.  A cell is ``[row, col]`` counted
from 0 in a log, and from 1 when the referee names it to a player ("row 2, column 5").
Dice touch only orthogonally: diagonal neighbours are never in one group.  Seat ``i``
plays colour ``SEAT_COLOURS[i]``; black dice are ``BLACK``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.core.dice import COLOURS, Die, parse_die
from referee.core.errors import RuleViolation
from referee.core.moves import Cell, where, where_first
from referee.core.sentences import Sentence, say

Shape = tuple[int, int]  # (rows, columns)

SEAT_COLOURS = "rygbop"
BLACK = "k"
# A cell's row or column beyond this is not worth repeating to the player.
SHOWN_LIMIT = 999


def seat_colour(seat: int) -> str:
    """The colour letter of seat ``seat`` (from 0): r, y, g, b, o, p."""
    return SEAT_COLOURS[seat]


def colour_name(letter: str) -> str:
    """A colour letter spelled out: "r" -> "red"."""
    return COLOURS[letter]


@dataclass(frozen=True)
class Board:
    """Dice laid out in rows: ``rows[r][c]`` is the die at row r, column c, or None.

    Every row has the same length (``width``); ``parse_board`` pads short rows.
    """

    rows: tuple[tuple[Die | None, ...], ...]

    @property
    def height(self) -> int:
        """How many rows the board has."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """How many columns the board has."""
        return len(self.rows[0]) if self.rows else 0

    def __contains__(self, cell: object) -> bool:
        """Whether ``cell`` lies on the board (holding a die or not)."""
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        row, col = cell
        return 0 <= row < self.height and 0 <= col < self.width

    def die_at(self, cell: Cell) -> Die | None:
        """The die on ``cell``, or None for an empty cell or one off the board."""
        row, col = cell
        if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[0]):
            return self.rows[row][col]
        return None

    def cells(self) -> tuple[Cell, ...]:
        """Every cell holding a die, row by row, left to right."""
        return tuple((r, c) for r, row in enumerate(self.rows) for c, die in enumerate(row) if die)

    def dice(self) -> tuple[Die, ...]:
        """Every die on the board, row by row."""
        return tuple(die for row in self.rows for die in row if die)

    def notation(self) -> list[list[str | None]]:
        """The board in log notation: rows of die strings and None."""
        return [[None if die is None else str(die) for die in row] for row in self.rows]

    @classmethod
    def empty(cls, height: int, width: int) -> Board:
        """A board of ``height`` rows and ``width`` columns with no die on it."""
        return cls(((None,) * width,) * height)

    def put(self, cell: Cell, die: Die | None) -> Board:
        """This board with ``die`` on ``cell`` (None: the cell emptied); the board is unchanged."""
        row, col = cell
        line = self.rows[row]
        rows = list(self.rows)
        rows[row] = (*line[:col], die, *line[col + 1 :])
        return Board(tuple(rows))


def parse_board(raw: object, *, max_side: int) -> Board:
    """Read a board in log notation, at most ``max_side`` rows and columns.

    A die that is not a die is refused naming its cell ("Row 2, column 5: ...").
    Key dice ("K3") have no place on a board.
    """
    shape = say("A board is a list of rows, each a list of dice with null for an empty cell.")
    if not isinstance(raw, list | tuple) or not raw:
        raise RuleViolation("bad-board", shape)
    if len(raw) > max_side:
        raise RuleViolation(
            "board-too-big",
            say(
                "A board has at most {most} rows; this one has {rows}.",
                most=max_side,
                rows=str(len(raw)),
            ),
        )
    if not all(isinstance(row, list | tuple) for row in raw):
        raise RuleViolation("bad-board", shape)
    width = max(len(row) for row in raw)
    if width > max_side:
        raise RuleViolation(
            "board-too-big",
            say(
                "A board has at most {most} columns; this one has {columns}.",
                most=max_side,
                columns=str(width),
            ),
        )
    rows = []
    for r, row in enumerate(raw):
        dice: list[Die | None] = []
        for c, item in enumerate(row):
            dice.append(None if item is None else _board_die(item, (r, c)))
        rows.append(tuple(dice) + (None,) * (width - len(row)))
    return Board(tuple(rows))


def _board_die(item: object, cell: Cell) -> Die:
    try:
        die = parse_die(item)
    except RuleViolation as exc:
        raise RuleViolation(
            exc.code, say("{cell}: {problem}", cell=where_first(cell), problem=exc.message)
        ) from None
    if die.key:
        raise RuleViolation(
            "bad-die", say("{cell}: a board has no key dice.", cell=where_first(cell))
        )
    return die


def parse_cell(raw: object, board: Board | Shape) -> Cell:
    """Read a cell ``[row, col]`` (counted from 0) that lies on ``board`` (a board, or the
    (rows, columns) of a board kept in another form).

    A cell is a list of two whole numbers: a bool, a float, a string or a third number
    is refused as ``bad-cell``; a cell off the board as ``off-board``.
    """
    height, width = (board.height, board.width) if isinstance(board, Board) else board
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in raw)
    ):
        raise RuleViolation(
            "bad-cell",
            say("A cell is [row, column], two whole numbers counted from 0, like [1, 4]."),
        )
    cell = (raw[0], raw[1])
    if not (0 <= cell[0] < height and 0 <= cell[1] < width):
        raise RuleViolation(
            "off-board",
            say(
                "There is no {cell} on this board: it has {rows} rows and {columns} columns.",
                cell=_shown(cell),
                rows=str(height),
                columns=str(width),
            ),
        )
    return cell


def _shown(cell: Cell) -> Sentence:
    """A cell off the board in words, without repeating a number of a thousand digits."""
    if all(-SHOWN_LIMIT <= n <= SHOWN_LIMIT for n in cell):
        return say(
            "cell [{row}, {column}] ({cell})",
            row=str(cell[0]),
            column=str(cell[1]),
            cell=where(cell),
        )
    return say("such cell")


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonal neighbours of ``cell`` (up, left, right, down), on a board or not."""
    row, col = cell
    return ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col))


def group_of(start: Cell, cells: Iterable[Cell]) -> frozenset[Cell]:
    """The cells of ``cells`` orthogonally connected to ``start`` (``start`` included)."""
    return frozenset(_flood(start, set(cells) - {start}))


def groups(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The orthogonally connected groups of ``cells``, each in reading order, in reading order."""
    left = set(cells)
    found: list[tuple[Cell, ...]] = []
    for cell in sorted(left):
        if cell in left:
            left.discard(cell)
            found.append(tuple(sorted(_flood(cell, left))))
    return found


def _flood(start: Cell, left: set[Cell]) -> list[Cell]:
    """``start`` and every cell of ``left`` connected to it, taking them out of ``left``."""
    group = [start]
    todo = [start]
    while todo:
        for near in neighbours(todo.pop()):
            if near in left:
                left.discard(near)
                group.append(near)
                todo.append(near)
    return group


def lone_cells(cells: Iterable[Cell]) -> list[Cell]:
    """The cells of ``cells`` with no orthogonal neighbour among them, in reading order."""
    within = set(cells)
    return sorted(c for c in within if not any(n in within for n in neighbours(c)))


def check_touching(board: Board) -> None:
    """Refuse a board where a die touches no other die orthogonally, naming the first one."""
    lone = lone_cells(board.cells())
    if lone:
        die = board.die_at(lone[0])
        assert die is not None
        raise RuleViolation(
            "lone-die",
            say(
                "A board die must touch another: the {die} at {cell} stands alone.",
                die=die.value,
                cell=where(lone[0]),
            ),
        )


def lines(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The maximal runs of two or more cells in one row or one column: rows first, each in
    reading order."""
    within = set(cells)
    found: list[tuple[Cell, ...]] = []
    for step in ((0, 1), (1, 0)):
        for cell in sorted(within):
            before = (cell[0] - step[0], cell[1] - step[1])
            if before in within:
                continue
            run = [cell]
            while (nxt := (run[-1][0] + step[0], run[-1][1] + step[1])) in within:
                run.append(nxt)
            if len(run) > 1:
                found.append(tuple(run))
    return found


def gaps(cells: Iterable[Cell]) -> list[Cell]:
    """The empty cells that lie between two of ``cells`` in one row or one column, in
    reading order: where dice pushed together would have to be slid shut."""
    within = set(cells)
    found: set[Cell] = set()
    for axis in (0, 1):
        lines: dict[int, list[int]] = {}
        for cell in within:
            lines.setdefault(cell[axis], []).append(cell[1 - axis])
        for fixed, spots in lines.items():
            taken = set(spots)
            for at in range(min(spots) + 1, max(spots)):
                if at not in taken:
                    found.add((fixed, at) if axis == 0 else (at, fixed))
    return sorted(found)


QUARTER_TURNS = (0, 1, 2, 3)  # clockwise, as the phone shows a board (row 0 at the top)


def turned(cell: Cell, quarters: int) -> Cell:
    """``cell`` turned about (0, 0) by ``quarters`` quarter turns clockwise: a die to the
    right of the centre goes below it, then to its left, then above it."""
    row, col = cell
    for _ in range(quarters % 4):
        row, col = col, -row
    return row, col


def mirrored(cell: Cell) -> Cell:
    """``cell`` reflected left to right about column 0 (a shape seen from behind)."""
    return cell[0], -cell[1]
