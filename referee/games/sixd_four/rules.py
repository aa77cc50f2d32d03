"""Six D Four (Six D Six, game four): place pieces, capture, and collect black pieces.

Each player has six pieces of their colour (the dice of one colour; pips do not matter)
and a pool of 36 black pieces is shared.  Two players use a 6 x 6 board, more an 8 x 8
one.  In turn, starting with the first player, a player puts a piece on an empty
square: one of their own while they hold any, a black one after that.  The piece
captures every piece next to it (side to side) of another colour that already touches,
besides the new piece, a piece of a colour different from its own; all at once.  A
captured coloured piece goes back to its owner's hand, a captured black piece to the
player who placed.  A player with nothing to place passes.  The game ends when every
black piece is captured or every player passes in a row; the most black pieces wins
(ties share the win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.core.engine import BOARD, NO_TURNS, Option, Outcome, RuleViolation, TurnLog, TurnRecord
from referee.core.moves import Cell, where, where_first
from referee.core.sentences import Sentence, Value, listed, say, say_n
from referee.families.boards import is_over as is_over
from referee.families.boards import outcome_of
from referee.families.boards import to_move as to_move
from referee.families.boards import turn_records as turn_records
from referee.families.boards import turns_done as turns_done
from referee.families.grid import (
    BLACK,
    SEAT_COLOURS,
    colour_name,
    neighbours,
    parse_cell,
    seat_colour,
)
from referee.families.rounds import result

SLUG = "sixd-four"
TITLE = say("Six D Four")
SERIES = "Six D"
SERIES_PLACE = 4
KIND = BOARD
MIN_PLAYERS = 2
MAX_PLAYERS = 6
PIECES = 6  # of each player's colour
BLACK_PIECES = 36
SMALL, LARGE = 6, 8  # the board's side: two players play on a corner of the chessboard
OPTIONS: tuple[Option, ...] = ()

Squares = tuple[tuple[str | None, ...], ...]


def board_side(players: int) -> int:
    """The board's side: 6 squares for two players, 8 (a whole chessboard) for more."""
    return SMALL if players == 2 else LARGE


@dataclass(frozen=True)
class Capture:
    """A piece taken off the board: where, its colour, and the seat it goes back to
    (None for a black piece, which the capturer keeps)."""

    cell: Cell
    colour: str
    owner: int | None


@dataclass(frozen=True)
class Placement:
    """One placement: who, where, which colour, and what it captured."""

    seat: int
    cell: Cell
    colour: str
    captured: tuple[Capture, ...]

    @property
    def black(self) -> int:
        """How many black pieces it captured."""
        return sum(1 for c in self.captured if c.owner is None)


def captures(squares: Squares, cell: Cell, colour: str) -> tuple[Cell, ...]:
    """The pieces a ``colour`` piece placed on the empty ``cell`` captures, in the order
    up, left, right, down: each neighbour of another colour that touches, besides the new
    piece, a piece of a colour different from its own (judged all at once)."""
    side = len(squares)
    found = []
    for near in neighbours(cell):
        row, col = near
        if not (0 <= row < side and 0 <= col < side):
            continue
        piece = squares[row][col]
        if piece is None or piece == colour:
            continue
        for spot in neighbours(near):
            r, c = spot
            if spot != cell and 0 <= r < side and 0 <= c < side:
                other = squares[r][c]
                if other is not None and other != piece:
                    found.append(near)
                    break
    return tuple(found)


@dataclass(frozen=True)
class SixDFour:
    """The state of a Six D Four table.

    ``squares`` holds a colour letter per occupied square; ``hands`` the pieces of their
    own colour each seat holds; ``pool`` the black pieces never placed; ``black`` the
    black pieces each seat has captured; ``passes`` the passes in a row; ``turns`` every
    placement and pass so far.  The referee's sentence (``ruling``) is worked out from
    them when asked for, so a replay builds no sentences.
    """

    players: tuple[str, ...]
    squares: Squares
    hands: tuple[int, ...]
    black: tuple[int, ...]
    pool: int = BLACK_PIECES
    seat: int = 0
    passes: int = 0
    turns: int = 0
    last: Placement | None = None
    records: TurnLog = NO_TURNS

    @property
    def side(self) -> int:
        """Squares along one side of the board."""
        return len(self.squares)

    @property
    def player(self) -> str:
        """The name of the player to move."""
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        """True once every black piece is captured or every player passed in a row."""
        return sum(self.black) == BLACK_PIECES or self.passes >= len(self.players)

    def piece(self) -> str | None:
        """The colour the player to move places next: their own while they hold any,
        then black while the pool has any; None when they hold nothing to place."""
        if self.hands[self.seat]:
            return seat_colour(self.seat)
        return BLACK if self.pool else None

    def empty(self) -> tuple[Cell, ...]:
        """The empty squares, in reading order."""
        return tuple(
            (r, c) for r, row in enumerate(self.squares) for c, piece in enumerate(row) if not piece
        )

    @property
    def full(self) -> bool:
        """True when no square is empty."""
        return all(None not in row for row in self.squares)

    def on_board(self, colour: str) -> int:
        """How many pieces of ``colour`` stand on the board."""
        return sum(row.count(colour) for row in self.squares)

    @property
    def ruling(self) -> str:
        """What the referee says after the last move: the placement and its captures, or
        the pass; then who moves next with what, or how the game ended."""
        if not self.turns:
            return say("{board}. {next}", board=_a_board(self.side), next=_next_words(self))
        if self.passes:
            said = say("{player} passed.", player=self.players[self.seat - 1])
            ending = say("Every player passed in a row.")
        else:
            assert self.last is not None
            said = placement_words(self.players, self.last)
            ending = say("Every black piece is captured.")
        if self.over:
            return say(
                "{said} {ending} {result}",
                said=said,
                ending=ending,
                result=result(outcome(self).scores),
            )
        return say("{said} {next}", said=said, next=_next_words(self))


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDFour:
    """A new game: an empty board, six pieces in every hand, the first player to place."""
    side = board_side(len(players))
    return SixDFour(
        tuple(players),
        squares=((None,) * side,) * side,
        hands=(PIECES,) * len(players),
        black=(0,) * len(players),
    )


def outcome(state: SixDFour) -> Outcome:
    """Black pieces captured per player, and the winners once the game is over."""
    return outcome_of(state, state.black)


def may_pass(state: SixDFour) -> bool:
    """Whether the player to move has nothing legal: no piece to place, or no empty square."""
    return state.piece() is None or state.full


def forced(state: SixDFour) -> dict[str, Any] | None:
    """The pass, when the player to move has nothing to place (or no square to place it
    on): the referee makes it for them."""
    return {"type": "pass"} if not state.over and may_pass(state) else None


def _next_words(state: SixDFour) -> Sentence:
    """Who moves next and with what, in words."""
    piece = state.piece()
    if state.full:
        return say("The board is full: {player} passes.", player=state.player)
    if piece is None:
        return say(
            "{player} has no piece to place and the pool is empty: {player} passes.",
            player=state.player,
        )
    if piece == BLACK:
        return say(
            "{player} places a black piece ({pool} in the pool).",
            player=state.player,
            pool=state.pool,
        )
    return say(
        "{player} places a {colour} piece ({held} in hand).",
        player=state.player,
        colour=colour_name(piece),
        held=state.hands[state.seat],
    )


def _place(state: SixDFour, move: Mapping[str, Any]) -> SixDFour:
    cell = parse_cell(move.get("cell"), (state.side, state.side))
    there = state.squares[cell[0]][cell[1]]
    if there is not None:
        raise RuleViolation(
            "occupied",
            say(
                "{cell} already holds {piece}.",
                cell=where_first(cell),
                piece=_piece_words(state, there),
            ),
        )
    colour = state.piece()
    if colour is None:
        raise RuleViolation(
            "nothing-to-place",
            say(
                "{player} holds no {colour} piece and the black pool is empty: a pass is all "
                "that is left.",
                player=state.player,
                colour=colour_name(seat_colour(state.seat)),
            ),
        )
    taken = captures(state.squares, cell, colour)
    # Only the rows a placement touches are rebuilt: a replay does this once a move.
    rows = {cell[0]: list(state.squares[cell[0]])}
    rows[cell[0]][cell[1]] = colour
    hands, black = list(state.hands), list(state.black)
    if colour == BLACK:
        pool = state.pool - 1
    else:
        pool = state.pool
        hands[state.seat] -= 1
    captured = []
    for row, col in taken:
        line = rows.setdefault(row, list(state.squares[row]))
        piece = line[col]
        assert piece is not None
        line[col] = None
        if piece == BLACK:
            black[state.seat] += 1
            captured.append(Capture((row, col), piece, None))
        else:
            owner = _owner(piece)
            hands[owner] += 1
            captured.append(Capture((row, col), piece, owner))
    placed = Placement(state.seat, cell, colour, tuple(captured))
    records = state.records
    if placed.black:
        records = records.add(TurnRecord(state.player, placed.black, black[state.seat]))
    return SixDFour(
        state.players,
        squares=tuple(
            tuple(rows[r]) if r in rows else line for r, line in enumerate(state.squares)
        ),
        hands=tuple(hands),
        black=tuple(black),
        pool=pool,
        seat=(state.seat + 1) % len(state.players),
        passes=0,
        turns=state.turns + 1,
        last=placed,
        records=records,
    )


def _owner(colour: str) -> int:
    """The seat that plays ``colour``."""
    return SEAT_COLOURS.index(colour)


def _piece_words(state: SixDFour, colour: str) -> Sentence:
    if colour == BLACK:
        return say("a black piece")
    return say(
        "{player}'s {colour} piece",
        player=state.players[_owner(colour)],
        colour=colour_name(colour),
    )


def placement_words(players: Sequence[str], placed: Placement) -> Sentence:
    """A placement and its captures as the referee says them: "Ann's red piece at row 3,
    column 4 captures Bo's yellow piece at row 3, column 5 (back to Bo) and a black piece
    at row 4, column 4 (Ann keeps it)."."""
    who = players[placed.seat]
    piece = say(
        "{player}'s {colour} piece at {cell}",
        player=who,
        colour=colour_name(placed.colour),
        cell=where(placed.cell),
    )
    if not placed.captured:
        return say("{piece}: no capture.", piece=piece)
    parts: list[Value] = []
    for capture in placed.captured:
        if capture.owner is None:
            continue
        owner = players[capture.owner]
        said: dict[str, Value] = {
            "owner": owner,
            "colour": colour_name(capture.colour),
            "cell": where(capture.cell),
        }
        if capture.owner == placed.seat:
            parts.append(say("{owner}'s own {colour} piece at {cell} (back to {owner})", **said))
        else:
            parts.append(say("{owner}'s {colour} piece at {cell} (back to {owner})", **said))
    blacks = [c.cell for c in placed.captured if c.owner is None]
    if len(blacks) == 1:
        parts.append(
            say("a black piece at {cell} ({player} keeps it)", cell=where(blacks[0]), player=who)
        )
    elif blacks:
        cells = [where(c) for c in blacks]
        kept = {2: say("both"), 3: say("all three"), 4: say("all four")}.get(len(blacks)) or say(
            "all {count}", count=len(blacks)
        )
        parts.append(
            say(
                "black pieces at {cells} ({player} keeps {kept})",
                cells=say("{these} and {those}", these=listed(cells[:-1]), those=cells[-1]),
                player=who,
                kept=kept,
            )
        )
    captured = (
        parts[0]
        if len(parts) == 1
        else say("{these} and {those}", these=listed(parts[:-1]), those=parts[-1])
    )
    return say("{piece} captures {captured}.", piece=piece, captured=captured)


def _a_board(side: int) -> Sentence:
    """ "A 6 × 6 board", "An 8 × 8 board": the article as the number is said."""
    if str(side).startswith("8"):
        return say("An {side} × {side} board", side=side)
    return say("A {side} × {side} board", side=side)


def _pass(state: SixDFour, move: Mapping[str, Any]) -> SixDFour:
    if not may_pass(state):
        if state.piece() == BLACK:
            holds = say_n(
                "the black pool still holds {count} piece",
                "the black pool still holds {count} pieces",
                state.pool,
            )
        else:
            holds = say_n(
                "{player} holds {count} {colour} piece",
                "{player} holds {count} {colour} pieces",
                state.hands[state.seat],
                player=state.player,
                colour=colour_name(seat_colour(state.seat)),
            )
        raise RuleViolation(
            "must-place",
            say("A pass is only for a player with nothing to place: {holds}.", holds=holds),
        )
    return replace(
        state,
        seat=(state.seat + 1) % len(state.players),
        passes=state.passes + 1,
        turns=state.turns + 1,
    )


MOVES = {"place": _place, "pass": _pass}
MOVE_FIELDS = {"place": ("cell",), "pass": ()}


def ruling(state: SixDFour) -> str:
    """What the referee said after the last move."""
    return state.ruling


# --- Random play -------------------------------------------------------------------------------


def dice_to_roll(state: SixDFour) -> None:
    """Never: nothing is rolled."""
    return None


def choices(state: SixDFour) -> list[dict[str, Any]]:
    """Every empty square while the player has a piece to place, else the pass."""
    if state.over:
        return []
    if may_pass(state):
        return [{"type": "pass"}]
    return [{"type": "place", "cell": [r, c]} for r, c in state.empty()]


# --- What a play page draws --------------------------------------------------------------------


@dataclass(frozen=True)
class Square:
    """One square: the piece on it (a colour letter) and whose colour that is."""

    cell: Cell
    colour: str | None = None
    owner: str | None = None

    @property
    def label(self) -> str:
        """The square in words, for a screen reader and the confirm question."""
        if self.colour is None:
            return say("empty square")
        if self.colour == BLACK:
            return say("black piece")
        return say(
            "{player}’s {colour} piece", player=self.owner or "", colour=colour_name(self.colour)
        )


@dataclass(frozen=True)
class PlacePreview:
    """What the next piece would capture on one empty square, in words and cells."""

    cell: Cell
    words: str
    captured: tuple[Cell, ...]


def preview(state: SixDFour, cell: Cell) -> Placement:
    """What placing the next piece on the empty ``cell`` would capture (the play page's
    preview); a ``RuleViolation`` when the square is taken or nothing can be placed."""
    placed = _place(state, {"cell": list(cell)}).last
    assert placed is not None
    return placed


def previews(state: SixDFour) -> tuple[PlacePreview, ...]:
    """Every empty square with what the next piece would capture there, while one can be
    placed."""
    if state.over or may_pass(state):
        return ()
    found = []
    for cell in state.empty():
        placed = preview(state, cell)
        words = placement_words(state.players, placed)
        found.append(PlacePreview(cell, words, tuple(c.cell for c in placed.captured)))
    return tuple(found)
