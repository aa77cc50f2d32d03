"""Six D Four's play page: what it shows (``view``) and what its posts stand for (``read_form``)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import formdata
from referee.core.moves import Cell
from referee.core.sentences import say
from referee.families.boards import to_move
from referee.families.grid import BLACK, colour_name, seat_colour
from referee.games.sixd_four.rules import (
    Placement,
    PlacePreview,
    SixDFour,
    Square,
    may_pass,
    placement_words,
    previews,
)

ACTIONS = ("place", "pass")

MOVE_WORDS = {"place": say("placement")}


def read_form(state: SixDFour, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the play page stands for: ``place`` with ``cell`` = "row,col"
    counted from 0 (the tapped square's button), or ``pass``."""

    def place() -> formdata.Moves:
        return [{"type": "place", "cell": formdata.tapped_cell(form)}]

    return formdata.by_button(form, {"place": place, "pass": lambda: [{"type": "pass"}]})


def player_notes(state: SixDFour) -> dict[str, str]:
    """Per player: their colour and the pieces of it in hand."""
    if state.over:
        return {}
    return {
        name: say(
            "{colour} · {count} in hand",
            colour=colour_name(seat_colour(seat)),
            count=state.hands[seat],
        )
        for seat, name in enumerate(state.players)
    }


@dataclass(frozen=True)
class SeatView:
    """One player: colour, pieces in hand and on the board, black pieces captured."""

    name: str
    colour: str
    in_hand: int
    on_board: int
    black: int
    to_move: bool


@dataclass(frozen=True)
class FourView:
    """What the play page needs: the phase ("place", "pass" or "over"), the board, the
    colour the player to move places next (own or black), whether a pass is legal, the
    pool, each player, the last placement with its captures in words, and what the next
    piece would capture on each empty square."""

    phase: str
    side: int
    rows: tuple[tuple[Square, ...], ...]
    to_move: str | None
    piece: str | None
    piece_name: str
    may_pass: bool
    pool: int
    black_on_board: int
    seats: tuple[SeatView, ...]
    last: Placement | None
    last_words: str
    captured: tuple[Cell, ...]
    ruling: str
    previews: tuple[PlacePreview, ...] = ()


def view(state: SixDFour) -> FourView:
    """The play page's view of the table."""
    owners = {seat_colour(seat): name for seat, name in enumerate(state.players)}
    mover = to_move(state)
    piece = None if state.over else state.piece()
    if state.over:
        phase = "over"
    else:
        phase = "pass" if may_pass(state) else "place"
    return FourView(
        phase=phase,
        side=state.side,
        rows=tuple(
            tuple(Square((r, c), colour, owners.get(colour or "")) for c, colour in enumerate(row))
            for r, row in enumerate(state.squares)
        ),
        to_move=mover,
        piece=piece if phase == "place" else None,
        piece_name=colour_name(piece) if piece and phase == "place" else "",
        may_pass=phase == "pass",
        pool=state.pool,
        black_on_board=state.on_board(BLACK),
        seats=tuple(
            SeatView(
                name,
                seat_colour(seat),
                state.hands[seat],
                state.on_board(seat_colour(seat)),
                state.black[seat],
                name == mover,
            )
            for seat, name in enumerate(state.players)
        ),
        last=state.last,
        last_words=placement_words(state.players, state.last) if state.last else "",
        captured=tuple(c.cell for c in state.last.captured) if state.last else (),
        ruling=state.ruling,
        previews=previews(state),
    )
