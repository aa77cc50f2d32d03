"""Reading a play page's posted fields into log moves: the pieces every game's ``read_form`` uses.

The page posts plain fields so it works without JavaScript: ``action`` for the button,
``d0``..``d9`` for the dice of a roll (``k0``.. for keys), ``pick`` for the indexes of dice
tapped on the table.  Each game reads its own buttons; whether the move is legal is the
engine's call.  Pure: a form is anything with ``get``, ``getlist`` and ``items``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from referee.core.errors import RuleViolation
from referee.core.sentences import listed, say

Moves = list[dict[str, Any]]
Reader = Callable[[], Moves]
FIELD = {"d": re.compile(r"^d(\d{1,2})$"), "k": re.compile(r"^k(\d{1,2})$")}
INDEX = re.compile(r"[0-9]{1,6}")
DIE_WORD = say("die")  # what a tapped roll's value is for, unless it names it otherwise
BANK: dict[str, Any] = {"type": "bank"}


class FormData(Protocol):
    """A posted form: werkzeug's ``MultiDict`` or anything that answers the same three calls."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def getlist(self, key: str) -> list[str]: ...

    def items(self) -> Iterable[tuple[str, str]]: ...


def index_of(raw: str | None, count: int) -> int | None:
    """An index below ``count`` written in ASCII digits ("²" and "١" are not), or None."""
    if raw is None or not INDEX.fullmatch(raw) or int(raw) >= count:
        return None
    return int(raw)


def by_button(form: FormData, readers: Mapping[str, Reader]) -> Moves:
    """The moves of the button that was pressed; a button this game does not have is refused."""
    reader = readers.get(str(form.get("action", "")))
    if reader is None:
        raise RuleViolation("bad-move", say("The referee did not understand that button."))
    return reader()


def roll_set_aside_bank(roll: Reader, take: Reader, take_word: str) -> dict[str, Reader]:
    """The buttons of a push-your-luck turn: roll, take dice (and bank at once), bank."""
    return {
        "roll": roll,
        take_word: take,
        f"{take_word}_bank": lambda: [*take(), dict(BANK)],
        "bank": lambda: [dict(BANK)],
    }


def rolled_values(
    form: FormData, expected: int, *, prefix: str = "d", what: str = DIE_WORD
) -> list[str]:
    """The values posted for a roll (fields d0, d1... or k0, k1... for keys), in field order.

    A blank among the expected fields gets a clear message; extra fields are passed
    on so the engine can say the count is wrong.
    """
    pattern = FIELD[prefix]
    posted = {int(m.group(1)): v.strip() for k, v in form.items() if (m := pattern.match(k))}
    blanks = [i + 1 for i in range(expected) if not posted.get(i)]
    if blanks:
        raise RuleViolation(
            "missing-die",
            say(
                "Tap a value for {what} {which}: the roll needs {expected}.",
                what=what,
                which=listed(blanks),
                expected=expected,
            ),
        )
    return [posted[i] for i in sorted(posted)]


def picked_dice(form: FormData, on_table: tuple[Any, ...]) -> list[str]:
    """The dice tapped to set aside, by their index among the dice on the table."""
    picks = form.getlist("pick")
    dice = []
    for raw in picks:
        index = index_of(raw, len(on_table))
        if index is None:
            raise RuleViolation("die-not-rolled", say("That die is not on the table."))
        dice.append(str(on_table[index]))
    if len(set(picks)) != len(picks):
        raise RuleViolation("die-not-rolled", say("The same die was picked twice."))
    return dice


# --- Boards and numbers typed on a grid page (Six D Six) --------------------------------------

FACES = "123456"
EMPTY_MARKS = "0.-_"  # an empty cell typed on a number pad ("0") or a keyboard
ROW_BREAK = re.compile(r"[/\r\n]+")
CELL = re.compile(r"([0-9]{1,3}),([0-9]{1,3})")
NUMBER = re.compile(r"[0-9]{1,6}")
MAX_TYPED = 2000  # characters: a board of 36 dice in a line, with room to spare


def typed_board(form: FormData, field: str = "board") -> list[list[str | None]]:
    """A board typed row by row, in log notation: rows split by "/" or new lines, each digit
    1-6 a die, 0 (or ".", "-", "_") an empty cell, spaces ignored.

    "0340/1226" -> [[None, "3", "4", None], ["1", "2", "2", "6"]].
    """
    text = str(form.get(field) or "")
    if len(text) > MAX_TYPED:
        raise RuleViolation(
            "board-too-big", say("That board is far too big to be a board of dice.")
        )
    rows = [line for part in ROW_BREAK.split(text) if (line := "".join(part.split()))]
    if not rows:
        raise RuleViolation(
            "bad-board", say("Type the board row by row: 1 to 6 for a die, 0 for an empty cell.")
        )
    board: list[list[str | None]] = []
    for number, row in enumerate(rows, start=1):
        if any(ch not in FACES + EMPTY_MARKS for ch in row):
            raise RuleViolation(
                "bad-die",
                say(
                    "Row {number}: type 1 to 6 for a die and 0 for an empty cell.",
                    number=str(number),
                ),
            )
        board.append([ch if ch in FACES else None for ch in row])
    return board


def typed_values(form: FormData, field: str, what: str) -> list[str]:
    """Die values typed in one field ("3451", spaces ignored), as log notation: ["3", "4", ...]."""
    text = "".join(str(form.get(field) or "").split())
    if len(text) > MAX_TYPED or any(ch not in FACES for ch in text):
        raise RuleViolation("bad-die", say("Type the {what} as values 1 to 6.", what=what))
    return list(text)


def tapped_cell(form: FormData, field: str = "cell") -> list[int]:
    """The board cell a button posted as "row,col" (counted from 0): "1,4" -> [1, 4]."""
    match = CELL.fullmatch(str(form.get(field) or "").replace(" ", ""))
    if match is None:
        raise RuleViolation("bad-cell", say("Tap a cell of the board."))
    return [int(match.group(1)), int(match.group(2))]


def typed_number(form: FormData, field: str, what: str) -> int | None:
    """A whole number typed in ``field`` (ASCII digits), or None when it was left blank."""
    text = str(form.get(field) or "").strip()
    if not text:
        return None
    if not NUMBER.fullmatch(text):
        raise RuleViolation("bad-number", say("Type {what} as a whole number.", what=what))
    return int(text)


def tapped_colours(form: FormData, field: str, colours: str) -> list[str]:
    """The colour letters tapped, one ``field`` each, in order: ["r", "g"].

    A letter outside ``colours`` is refused; how many are needed is the engine's call.
    """
    taps = [str(t).strip() for t in form.getlist(field)]
    if any(len(t) != 1 or t not in colours for t in taps):
        raise RuleViolation("bad-colour", say("Tap a colour for each die."))
    return taps


def coloured_dice(form: FormData, expected: int, colours: str) -> list[str]:
    """Dice entered as a colour tap and a value tap each (``c0`` and ``d0``, ``c1`` and
    ``d1``...), in log notation: ["3r", "5g"].  A die missing its colour or value is named."""
    values = rolled_values(form, expected)
    dice = []
    for n, value in enumerate(values):
        colour = str(form.get(f"c{n}") or "").strip()
        if len(colour) != 1 or colour not in colours:
            raise RuleViolation("no-colour", say("Tap the colour of die {number}.", number=n + 1))
        dice.append(f"{value}{colour}")
    return dice


SIGNED_CELL = re.compile(r"(-?[0-9]{1,6}),(-?[0-9]{1,6})")
MAX_CELLS = 100  # tapped cells in one post: far more than any set of dice


def tapped_cells(form: FormData, field: str = "cell", *, signed: bool = False) -> list[list[int]]:
    """Every cell posted under ``field`` (one "row,col" each), in the order tapped:
    ["1,4", "2,4"] -> [[1, 4], [2, 4]].  ``signed``: cells of a play area that grows in
    every direction, so "-1,3" is a cell too."""
    pattern = SIGNED_CELL if signed else CELL
    taps = form.getlist(field)
    if len(taps) > MAX_CELLS:
        raise RuleViolation("bad-cell", say("Far too many cells were tapped."))
    cells = []
    for tap in taps:
        match = pattern.fullmatch(str(tap).replace(" ", ""))
        if match is None:
            raise RuleViolation("bad-cell", say("Tap a cell of the board."))
        cells.append([int(match.group(1)), int(match.group(2))])
    return cells


def coloured_board(
    form: FormData, colours: str, field: str = "board", colours_field: str = "colours"
) -> list[list[str | None]]:
    """A board of coloured dice typed as two grids of the same shape: the values row by row
    in ``field`` (as ``typed_board`` reads them) and the colour letters row by row in
    ``colours_field`` (one of ``colours`` per die; "0", ".", "-" or "_" where no die is).

    "30/12" with "r0/gb" -> [["3r", None], ["1g", "2b"]].
    """
    values = typed_board(form, field)
    text = str(form.get(colours_field) or "")
    if len(text) > MAX_TYPED:
        raise RuleViolation(
            "bad-colour", say("Those colours are far too many for a board of dice.")
        )
    rows = [line for part in ROW_BREAK.split(text) if (line := "".join(part.split()))]
    board: list[list[str | None]] = []
    for number, row in enumerate(values, start=1):
        letters = rows[number - 1] if number <= len(rows) else ""
        dice: list[str | None] = []
        for column, value in enumerate(row, start=1):
            letter = letters[column - 1] if column <= len(letters) else ""
            if value is None:
                dice.append(None)
            elif len(letter) != 1 or letter not in colours:
                raise RuleViolation(
                    "no-colour",
                    say(
                        "Row {number}, column {column}: tap the colour of that die.",
                        number=str(number),
                        column=str(column),
                    ),
                )
            else:
                dice.append(f"{value}{letter}")
        board.append(dice)
    return board
