"""Solitaire Dice's sheets page: what it shows (``view``) and what its posts stand for
(``read_form``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core import formdata
from referee.core.dice import Die
from referee.core.engine import RuleViolation
from referee.core.sentences import say
from referee.games.solitaire.rules import (
    Solitaire,
    SplitOption,
    dice_to_roll,
    row_worths,
    split_effect,
    split_field,
    splits,
    waiting_for,
)

TURN_WORD = "roll"  # a score chart counts rolls: every sheet moves on each

ACTIONS = ("roll", "assign")

MOVE_WORDS = {"assign": say("split")}


def read_form(state: Solitaire, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the sheet screen stands for: a roll, or a split posted as
    ``split`` = "1,5|1,6|3" (two pairs, then the throwaway) with the sheet's ``player``."""

    def roll() -> formdata.Moves:
        return [{"type": "roll", "dice": formdata.rolled_values(form, dice_to_roll(state) or 0)}]

    def assign() -> formdata.Moves:
        parts = str(form.get("split", "")).split("|")
        pairs = [p.split(",") for p in parts[:2]]
        if len(parts) != 3 or any(len(p) != 2 for p in pairs):
            raise RuleViolation("bad-split", say("Pick a split: two pairs and one throwaway die."))
        move: dict[str, Any] = {"type": "assign", "pairs": pairs, "throwaway": parts[2]}
        if form.get("player"):
            move["player"] = form.get("player")
        return [move]

    return formdata.by_button(form, {"roll": roll, "assign": assign})


@dataclass(frozen=True)
class SheetView:
    """One sheet as the page draws it: its rows as (sum, its value, marks, worth now)."""

    player: str
    total: int
    closed: bool
    rows: list[tuple[int, int, int, int]]
    throwaways: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class SolitaireView:
    """The sheet screen: the shared roll, the sheets, and each waiting sheet's splits."""

    roll: tuple[Die, ...]
    next_roll: int  # the number of the roll to enter next
    may_roll: bool
    shared_roll: bool  # several sheets split every roll
    waiting: list[str]
    sheets: tuple[SheetView, ...]
    splits: dict[str, list[SplitOption]]  # by player, for the sheets still to split the roll

    def sheet(self, player: str) -> SheetView:
        """The sheet of ``player``."""
        return next(s for s in self.sheets if s.player == player)


def view(state: Solitaire) -> SolitaireView:
    """What the sheet screen shows."""
    return SolitaireView(
        roll=state.roll,
        next_roll=state.rolls + 1,
        may_roll=bool(dice_to_roll(state)),
        shared_roll=len(state.sheets) > 1,
        waiting=waiting_for(state),
        sheets=tuple(
            SheetView(s.player, s.total, s.closed, row_worths(s), s.throwaways)
            for s in state.sheets
        ),
        splits={
            sheet.player: [
                SplitOption(
                    split.sums,
                    split.throwaway,
                    split.free_ride,
                    split_field(split),
                    split_effect(sheet, split),
                )
                for split in splits(sheet, state.roll)
            ]
            for sheet in (state.sheets[i] for i in state.waiting)
        },
    )
