"""Six D Six's play page: what it shows (``view``) and what its posts stand for (``read_form``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from referee.core import formdata
from referee.core.contract import Settings
from referee.core.dice import Die
from referee.core.engine import (
    FILL_BOARD,
    PhotoEntry,
)
from referee.core.moves import Cell, where
from referee.core.sentences import say, say_n
from referee.families.boards import to_move, turns_done
from referee.games.sixd_six.rules import (
    COLOURS,
    SIDE,
    SLIDE,
    SQUARE,
    LastTake,
    SixDSix,
    Square,
    TakePreview,
    die_at,
    die_name,
    first_take,
    gap_cells,
    listed_words,
    may_pass,
    preview_take,
)

ACTIONS = ("board", "take", "slide", "pass")

MOVE_WORDS = {"board": say("rolled square"), "slide": say("slid board")}


def photo_entry(state: SixDSix, settings: Settings) -> PhotoEntry | None:
    """While the square is to be entered: a photo of it read as 6 rows of 6, filling the
    numbers (``board``) and the colours (``colours``) as the square's entry takes them."""
    if state.phase != SQUARE:
        return None
    return PhotoEntry(
        form=FILL_BOARD, layout="grid", count=SIDE * SIDE, shape=(SIDE, SIDE), field="board",
        colours=COLOURS, colour_field="colours",
    )  # fmt: skip


def player_notes(state: SixDSix) -> dict[str, str]:
    """Per player, once the square is entered: the dice in their area."""
    if state.phase == SQUARE:
        return {}
    return {
        name: say_n("{count} die in the area", "{count} dice in the area", len(area))
        for name, area in zip(state.players, state.areas, strict=True)
    }


def warning(state: SixDSix, move: Mapping[str, Any]) -> str | None:
    """Before a pass while a set still fits the player's area: say which, and ask."""
    if move.get("type") != "pass" or not may_pass(state):
        return None
    take = first_take(state)
    if take is None:
        return None
    cells, placement = take
    dice = [die_name(die_at(state.board, c)) for c in cells]
    return say(
        "A set still fits {player}'s area: the {dice} from {cell} would score {points}. Pass "
        "anyway?",
        player=state.player,
        dice=listed_words(dice),
        cell=where(cells[0]),
        points=placement.score.total,
    )


def read_form(state: SixDSix, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the play page stands for.

    ``board`` (the rolled square) and ``slide`` (the board slid shut): the numbers typed
    row by row in ``board`` (0 for an empty square, rows split by "/" or new lines) and
    the colour letters in the same shape in ``colours`` ("rygbop", 0 where no die is).
    ``take``: the board cells of the set, one ``cell`` field each ("row,col" counted
    from 0, in the order tapped), and where each lands in the player's area, one
    ``place`` field each in the same order ("row,col", any whole numbers: "-1,3").
    ``pass``: nothing more.
    """

    def square() -> formdata.Moves:
        return [{"type": "board", "board": formdata.coloured_board(form, COLOURS)}]

    def take() -> formdata.Moves:
        return [
            {
                "type": "take",
                "cells": formdata.tapped_cells(form, "cell"),
                "place": formdata.tapped_cells(form, "place", signed=True),
            }
        ]

    def slide() -> formdata.Moves:
        return [{"type": "slide", "board": formdata.coloured_board(form, COLOURS)}]

    return formdata.by_button(
        form,
        {"board": square, "take": take, "slide": slide, "pass": lambda: [{"type": "pass"}]},
    )


@dataclass(frozen=True)
class AreaView:
    """One player's area: total, the dice within the bounds (``top``/``left`` the area
    cell of the first row's first square), the cells the last take put there, and
    whether this player moves now."""

    name: str
    total: int
    top: int
    left: int
    height: int
    width: int
    rows: tuple[tuple[Die | None, ...], ...]
    dice: int
    new: tuple[Cell, ...]
    to_move: bool


@dataclass(frozen=True)
class SixView:
    """What the play page needs: the phase ("square", "take", "slide" or "over"), the
    board with its gaps (empty before the square is entered), each player's area, whether
    a pass is allowed (and whether a set still fits then), the passes in a row, the turns
    played and the last take in words.

    ``preview(cells)`` judges the board cells a player ticked as a set and lists where
    it fits their area (see ``preview_take``), so the page asks the view alone."""

    phase: str
    to_move: str | None
    rows: tuple[tuple[Square, ...], ...]
    gaps: tuple[Cell, ...]
    areas: tuple[AreaView, ...]
    may_pass: bool
    set_fits: bool  # where a pass is allowed: whether a set still fits the mover's area
    passes: int
    last: LastTake | None
    last_words: str
    ruling: str
    turns: int
    preview: Callable[[Sequence[Cell]], TakePreview] = field(compare=False, repr=False)


def view(state: SixDSix) -> SixView:
    """The play page's view of the table."""
    mover = to_move(state)
    holes = gap_cells(state.board) if state.phase != SQUARE else ()
    last = state.last
    taken = set(last.cells) if last and state.phase == SLIDE else set()
    rows: tuple[tuple[Square, ...], ...] = ()
    if state.phase != SQUARE:
        rows = tuple(
            tuple(Square((r, c), die, (r, c) in holes, (r, c) in taken)
                  for c, die in enumerate(row))
            for r, row in enumerate(state.board.rows)
        )  # fmt: skip
    areas = []
    for seat, (name, area) in enumerate(zip(state.players, state.areas, strict=True)):
        top, left, height, width = area.bounds()
        new = last.placement.cells if last and last.seat == seat else ()
        areas.append(AreaView(name, state.totals[seat], top, left, height, width, area.rows(),
                              len(area), new, name == mover))  # fmt: skip
    return SixView(
        phase=state.phase,
        to_move=mover,
        rows=rows,
        gaps=tuple(holes),
        areas=tuple(areas),
        may_pass=may_pass(state),
        set_fits=may_pass(state) and first_take(state) is not None,
        passes=state.passes,
        last=None
        if last is None
        else LastTake(
            state.players[last.seat],
            last.cells,
            last.placement.cells,
            last.placement.turn_words,
            last.placement.score.total,
            last.placement.score.words,
        ),  # fmt: skip
        last_words=last.placement.score.words if last else "",
        ruling=state.ruling,
        turns=turns_done(state),
        preview=partial(preview_take, state),
    )
