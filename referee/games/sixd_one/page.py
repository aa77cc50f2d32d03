"""Six D One's play page: what it shows (``view``) and what its posts stand for (``read_form``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.core import formdata
from referee.core.contract import Settings
from referee.core.engine import FILL_BOARD, PhotoEntry
from referee.core.moves import Cell
from referee.core.sentences import dotted, say
from referee.families.grid import Board, colour_name, seat_colour
from referee.games.sixd_one.rules import (
    DICE_EACH,
    RoundBoard,
    SixDOne,
    Spot,
    group_score,
    live_points,
    player_groups,
    round_points,
    table_entry,
    to_move,
)

TURN_WORD = "round"

ACTIONS = ("board", "place")

MOVE_WORDS = {"board": say("board"), "place": say("placement")}


def photo_entry(state: SixDOne, settings: Settings) -> PhotoEntry | None:
    """While the board is to be laid out: a photo of it read in rows and columns, its dice
    counted, filling the numbers typed row by row (``board``).  The reader reads a full
    rectangle of dice: a board with empty cells is typed in."""
    entry = table_entry(state)
    if entry is None:
        return None
    return PhotoEntry(form=FILL_BOARD, layout="grid", count=entry.dice, field="board")


def read_form(state: SixDOne, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the play page stands for.

    ``action`` = "board" with ``board`` typed row by row ("0340/1226": digits 1-6 for
    dice, 0 for an empty cell, rows split by "/" or new lines); ``action`` = "place"
    with ``cell`` = "row,col" counted from 0 (the value of the tapped cell's button).
    """

    def board() -> formdata.Moves:
        return [{"type": "board", "board": formdata.typed_board(form)}]

    def place() -> formdata.Moves:
        return [{"type": "place", "cell": formdata.tapped_cell(form)}]

    return formdata.by_button(form, {"board": board, "place": place})


def player_notes(state: SixDOne) -> dict[str, str]:
    """Per player: who rolled this round's board, and the dice each still has to place."""
    if state.over:
        return {}
    placed = [0] * len(state.players)
    for _, seat in state.covers:
        placed[seat] += 1
    notes = {}
    for seat, name in enumerate(state.players):
        words = []
        if seat == state.roller:
            words.append(say("rolls the board") if state.board is None else say("rolled the board"))
        if state.board is not None:
            words.append(say("{count} to place", count=DICE_EACH - placed[seat]))
        notes[name] = dotted(words)
    return notes


@dataclass(frozen=True)
class SeatView:
    """One player on the play page: colour, totals, dice left, whether they move or rolled."""

    name: str
    colour: str
    total: int
    this_round: int
    to_place: int
    to_move: bool
    roller: bool


@dataclass(frozen=True)
class OneView:
    """What the play page needs: the board (rows of spots, None for an empty cell), the
    round, its roller, whose move and what it is ("board", "place" or "over")."""

    phase: str
    round: int
    rounds: int
    roller: str
    to_move: str | None
    dice: int
    rows: tuple[tuple[Spot | None, ...], ...]
    seats: tuple[SeatView, ...]
    ruling: str
    last: Cell | None = None  # the cell covered last this round
    free: tuple[Cell, ...] = ()  # the cells the player to move may cover
    # By seat: what each of the player's groups scores this round, and the colour in words.
    groups: tuple[tuple[int, ...], ...] = ()
    colour_names: tuple[str, ...] = ()
    finished: tuple[RoundBoard, ...] = ()  # the boards of the rounds played, round 1 first
    dice_each: int = DICE_EACH  # the dice each player places in a round


def _spot(state: SixDOne, owners: Mapping[Cell, int], cell: Cell, value: int) -> Spot:
    seat = owners.get(cell)
    if seat is None:
        return Spot(cell, value)
    return Spot(cell, value, state.players[seat], seat_colour(seat))


def _spots(
    state: SixDOne, board: Board, covers: Sequence[tuple[Cell, int]]
) -> tuple[tuple[Spot | None, ...], ...]:
    """The rows of ``board`` as the page draws them, each covered die in its owner's colour."""
    owners = dict(covers)
    return tuple(
        tuple(
            None if die is None else _spot(state, owners, (r, c), die.value)
            for c, die in enumerate(row)
        )
        for r, row in enumerate(board.rows)
    )


def _finished(state: SixDOne) -> tuple[RoundBoard, ...]:
    """The boards of the rounds played, with what each seat scored on them."""
    seats = range(len(state.players))
    return tuple(
        RoundBoard(
            number,
            _spots(state, played.board, played.covers),
            tuple(round_points(played.board, played.covers, s) for s in seats),
        )
        for number, played in enumerate(state.played, start=1)
    )


def view(state: SixDOne) -> OneView:
    """The play page's view of the table."""
    owners = state.owners()
    rows: tuple[tuple[Spot | None, ...], ...] = ()
    if state.board is not None:
        rows = _spots(state, state.board, state.covers)
    live = live_points(state)
    mover = to_move(state)
    placed = [0] * len(state.players)
    for _, seat in state.covers:
        placed[seat] += 1
    seats = tuple(
        SeatView(
            name=name,
            colour=seat_colour(seat),
            total=state.totals.banked[seat] + live[seat],
            this_round=live[seat],
            to_place=DICE_EACH - placed[seat] if state.board is not None else 0,
            to_move=name == mover,
            roller=seat == state.roller and not state.over,
        )
        for seat, name in enumerate(state.players)
    )
    return OneView(
        phase="over" if state.over else "board" if state.board is None else "place",
        round=min(state.round + 1, state.rounds),
        rounds=state.rounds,
        roller=state.players[min(state.round, state.rounds - 1) % len(state.players)],
        to_move=mover,
        dice=state.dice,
        rows=rows,
        seats=seats,
        ruling=state.ruling,
        last=state.covers[-1][0] if state.covers else None,
        free=tuple(c for c in state.board.cells() if c not in owners)
        if state.board is not None and not state.over
        else (),
        groups=tuple(
            tuple(group_score(g) for g in player_groups(state.board, state.covers, seat))
            if state.board is not None
            else ()
            for seat in range(len(state.players))
        ),
        colour_names=tuple(colour_name(seat_colour(s)) for s in range(len(state.players))),
        finished=_finished(state),
    )
