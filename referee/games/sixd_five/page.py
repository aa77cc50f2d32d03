"""Six D Five's play page: what it shows (``view``) and what its posts stand for (``read_form``)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import formdata
from referee.core.engine import RuleViolation
from referee.core.sentences import Sentence, say, say_n
from referee.games.sixd_five.rules import (
    SixDFive,
    to_move,
)

ACTIONS = ("place", "stack", "sides")

MOVE_WORDS = {"place": say("die on the stack"), "sides": say("side totals")}


def read_form(state: SixDFive, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the play page stands for: ``place`` (one more die went on the
    stack); ``stack`` with the number of dice on the stack now in ``count``, as one
    ``place`` per die added since; or ``sides`` with each player's pips in ``side0``,
    ``side1``... by seat."""

    def sides() -> formdata.Moves:
        totals = {}
        for seat, name in enumerate(state.players):
            pips = formdata.typed_number(
                form, f"side{seat}", say("the pips on {player}'s side", player=name)
            )
            if pips is not None:
                totals[name] = pips
        return [{"type": "sides", "totals": totals}]

    def stack() -> formdata.Moves:
        return [{"type": "place"} for _ in range(_added(state, form))]

    readers = {"place": lambda: [{"type": "place"}], "stack": stack, "sides": sides}
    return formdata.by_button(form, readers)


def _dice(n: int) -> Sentence:
    return say_n("{count} die", "{count} dice", n)


def _added(state: SixDFive, form: formdata.FormData) -> int:
    """How many dice went on the stack since the last entry, from the count typed in
    ``count``: more than are on it, and no more than the game's ``dice``."""
    count = formdata.typed_number(form, "count", say("the dice on the stack"))
    if count is None:
        raise RuleViolation("no-count", say("Type how many dice are on the stack now."))
    if count > state.dice:
        raise RuleViolation(
            "too-many-dice",
            say(
                "The stack takes {dice} in all, not {count}: nothing was added.",
                dice=_dice(state.dice),
                count=count,
            ),
        )
    if count <= state.placed:
        raise RuleViolation(
            "count-not-up",
            say("The stack already holds {dice}: nothing was added.", dice=_dice(state.placed))
            if count == state.placed
            else say(
                "The stack already holds {dice}, not {count}: nothing was added (Undo takes a "
                "die back).",
                dice=_dice(state.placed),
                count=str(count),
            ),
        )
    return count - state.placed


@dataclass(frozen=True)
class FiveView:
    """What the play page needs: dice placed and left, whose move and what it is
    ("place", "sides" or "over"), the side totals once entered."""

    phase: str
    placed: int
    dice: int
    left: int
    most: int
    to_move: str | None
    players: tuple[str, ...]
    sides: tuple[int, ...]
    ruling: str


def view(state: SixDFive) -> FiveView:
    """The play page's view of the table."""
    if state.counted:
        phase = "over"
    else:
        phase = "sides" if state.placed == state.dice else "place"
    return FiveView(
        phase=phase,
        placed=state.placed,
        dice=state.dice,
        left=state.dice - state.placed,
        most=state.most,
        to_move=to_move(state),
        players=state.players,
        sides=state.totals.banked if state.counted else (),
        ruling=state.ruling,
    )
