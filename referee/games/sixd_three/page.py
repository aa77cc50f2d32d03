"""Six D Three's play page: what it shows (``view``) and what its posts stand for
(``read_form``).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import formdata
from referee.core.contract import Settings
from referee.core.dice import Die
from referee.core.engine import (
    FILL_BOARD,
    FILL_DIE,
    FILL_PAD,
    BagEntry,
    PhotoEntry,
    RuleViolation,
)
from referee.core.sentences import say
from referee.families.boards import to_move
from referee.families.grid import (
    colour_name,
)
from referee.games.sixd_three.rules import (
    COLOURS,
    DEAL,
    GRID,
    HAND,
    REMOVE,
    SIDE,
    TURN,
    HandPreview,
    InBag,
    Score,
    SixDThree,
    Square,
    hand_words,
    previews,
    table_entry,
    turns_done,
)

TURN_WORD = "placement"

ACTIONS = ("board", "remove", "draw", "reroll", "place")

MOVE_WORDS = {
    "board": say("black grid"),
    "remove": say("dice put back in the box"),
    "reroll": say("re-roll"),
    "place": say("placement"),
}


def may_reroll(state: SixDThree) -> bool:
    """Whether the player on a turn may still re-roll a hand die (once a turn, first)."""
    return state.phase == TURN and not state.rerolled


def photo_entry(state: SixDThree, settings: Settings) -> PhotoEntry | None:
    """While the black grid is to be entered: a photo of it read as 6 rows of 6, filling
    the numbers typed row by row (``board``).  In the deal and the draw after a placement: a
    photo of the dice drawn and rolled (a hand, or one die), each die's value and colour
    tapped in (``d0``, ``c0``...).  On a turn that may still
    re-roll: a photo of the one die re-rolled, filling the re-roll's ``value``; the re-roll
    form's ``action`` and the hand die it had chosen (``hand``) come back with it."""
    if state.phase == GRID:
        return PhotoEntry(
            form=FILL_BOARD, layout="grid", count=SIDE * SIDE, shape=(SIDE, SIDE), field="board"
        )
    drawn = table_entry(state)
    if isinstance(drawn, BagEntry) and drawn.rolled:
        return PhotoEntry(
            form=FILL_PAD, layout="loose", count=drawn.count, colours=COLOURS, colour_field="c"
        )
    if may_reroll(state):
        return PhotoEntry(
            form=FILL_DIE, layout="loose", count=1, field="value", keep=("action", "hand")
        )
    return None


def read_form(state: SixDThree, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the play page stands for.

    ``board``: the grid typed row by row in ``board`` (six digits a row, rows split by "/"
    or new lines).  ``remove``: the colour letters of the dice put back in the box, one
    ``colour`` field each.  ``draw``: each die drawn as a colour tap ``c0``, ``c1``, ``c2``
    (a letter) and a value tap ``d0``, ``d1``, ``d2``.  ``reroll``: ``hand`` (the index of
    the hand die) and ``value`` (what it shows now).  ``place``: ``hand`` and ``cell``
    ("row,col" counted from 0, the tapped cell's button).
    """

    def board() -> formdata.Moves:
        return [{"type": "board", "board": formdata.typed_board(form)}]

    def remove() -> formdata.Moves:
        return [{"type": "remove", "colours": formdata.tapped_colours(form, "colour", COLOURS)}]

    def draw() -> formdata.Moves:
        count = min(HAND if state.phase == DEAL else 1, state.in_bag) or 1
        return [{"type": "draw", "dice": formdata.coloured_dice(form, count, COLOURS)}]

    def hand_die() -> str:
        hand = state.hands[state.seat]
        index = formdata.index_of(str(form.get("hand") or ""), len(hand))
        if index is None:
            raise RuleViolation("not-in-hand", say("Tap a die of your hand first."))
        return str(hand[index])

    def reroll() -> formdata.Moves:
        die = hand_die()
        value = str(form.get("value") or "").strip()
        if len(value) != 1 or value not in formdata.FACES:
            raise RuleViolation("bad-die", say("Tap the value the re-rolled die shows, 1 to 6."))
        return [{"type": "reroll", "die": die, "to": f"{value}{die[-1]}"}]

    def place() -> formdata.Moves:
        return [{"type": "place", "die": hand_die(), "cell": formdata.tapped_cell(form)}]

    return formdata.by_button(
        form, {"board": board, "remove": remove, "draw": draw, "reroll": reroll, "place": place}
    )


def player_notes(state: SixDThree) -> dict[str, str]:
    """Per player, once the deal has begun: the dice in hand."""
    if state.over or state.phase in (GRID, REMOVE):
        return {}
    return {
        name: say("hand: {hand}", hand=hand_words(hand))
        for name, hand in zip(state.players, state.hands, strict=True)
    }


@dataclass(frozen=True)
class SeatView:
    """One player: total, hand, whether they move now."""

    name: str
    total: int
    hand: tuple[Die, ...]
    to_move: bool


@dataclass(frozen=True)
class ThreeView:
    """What the play page needs: the phase ("grid", "remove", "deal", "turn", "draw" or
    "over"), the grid (empty before it is entered), the bag by colour, the hands, the last
    placement's sum in words, and a preview of every hand die on every free cell."""

    phase: str
    to_move: str | None
    rows: tuple[tuple[Square, ...], ...]
    bag: tuple[InBag, ...]
    in_bag: int
    to_remove: int
    to_draw: int
    seats: tuple[SeatView, ...]
    may_reroll: bool
    last: Score | None
    last_by: str | None
    last_words: str
    previews: tuple[HandPreview, ...]
    ruling: str
    placed: int  # the dice placed so far
    side: int = SIDE  # the grid is side x side cells


def view(state: SixDThree) -> ThreeView:
    """The play page's view of the table."""
    owners = {p.score.cell: state.players[p.seat] for p in state.placed}
    rows: tuple[tuple[Square, ...], ...] = ()
    if state.grid is not None:
        rows = tuple(
            tuple(
                Square(
                    (r, c),
                    black.value if black else 0,
                    state.cover.die_at((r, c)),
                    owners.get((r, c)),
                )  # fmt: skip
                for c, black in enumerate(row)
            )
            for r, row in enumerate(state.grid.rows)
        )
    mover = to_move(state)
    last = state.last
    entry = table_entry(state)
    to_draw = entry.count if isinstance(entry, BagEntry) and entry.rolled else 0
    return ThreeView(
        phase=state.phase,
        to_move=mover,
        rows=rows,
        bag=tuple(
            InBag(c, colour_name(c), left, state.drawn[n], state.removed.count(c))
            for n, (c, left) in enumerate(state.bag())
        ),
        in_bag=state.in_bag,
        to_remove=state.to_remove if state.phase == REMOVE else 0,
        to_draw=to_draw,
        seats=tuple(
            SeatView(name, total, hand, name == mover)
            for name, total, hand in zip(state.players, state.totals, state.hands, strict=True)
        ),
        may_reroll=may_reroll(state),
        last=last.score if last else None,
        last_by=state.players[last.seat] if last else None,
        last_words=last.score.words if last else "",
        previews=previews(state),
        ruling=state.ruling,
        placed=turns_done(state),
    )  # fmt: skip
