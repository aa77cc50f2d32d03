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

from referee.errors import RuleViolation

Moves = list[dict[str, Any]]
Reader = Callable[[], Moves]
FIELD = {"d": re.compile(r"^d(\d{1,2})$"), "k": re.compile(r"^k(\d{1,2})$")}
INDEX = re.compile(r"[0-9]{1,6}")
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
        raise RuleViolation("bad-move", "The referee did not understand that button.")
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
    form: FormData, expected: int, *, prefix: str = "d", what: str = "die"
) -> list[str]:
    """The values posted for a roll (fields d0, d1... or k0, k1... for keys), in field order.

    A blank among the expected fields gets a clear message; extra fields are passed
    on so the engine can say the count is wrong.
    """
    pattern = FIELD[prefix]
    posted = {int(m.group(1)): v.strip() for k, v in form.items() if (m := pattern.match(k))}
    blanks = [str(i + 1) for i in range(expected) if not posted.get(i)]
    if blanks:
        which = ", ".join(blanks)
        raise RuleViolation(
            "missing-die", f"Tap a value for {what} {which}: the roll needs {expected}."
        )
    return [posted[i] for i in sorted(posted)]


def picked_dice(form: FormData, on_table: tuple[Any, ...]) -> list[str]:
    """The dice tapped to set aside, by their index among the dice on the table."""
    picks = form.getlist("pick")
    dice = []
    for raw in picks:
        index = index_of(raw, len(on_table))
        if index is None:
            raise RuleViolation("die-not-rolled", "That die is not on the table.")
        dice.append(str(on_table[index]))
    if len(set(picks)) != len(picks):
        raise RuleViolation("die-not-rolled", "The same die was picked twice.")
    return dice
