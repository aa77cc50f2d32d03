"""Six D Two's play page: what it shows (``view``) and what its posts stand for (``read_form``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core import formdata
from referee.core.contract import Settings
from referee.core.dice import Die
from referee.core.engine import FILL_POOL, PhotoEntry, RuleViolation
from referee.core.sentences import Value, listed, say
from referee.families.boards import to_move
from referee.families.grid import colour_name
from referee.games.sixd_two.rules import (
    COLOURS,
    SixDTwo,
    pairs_left,
    table_entry,
)

TURN_WORD = "round"

ACTIONS = ("roll", "take", "end")

MOVE_WORDS = {"roll": say("pool"), "end": say("end of the round")}


def photo_entry(state: SixDTwo, settings: Settings) -> PhotoEntry | None:
    """While a pool may be entered: a photo of the rolled dice lying loose, each colour's
    values filling its field (``pool_r``...), any number of dice."""
    if table_entry(state) is None:
        return None
    return PhotoEntry(form=FILL_POOL, layout="loose", field="pool_", colours=COLOURS)


def warning(state: SixDTwo, move: Mapping[str, Any]) -> str | None:
    """Ending a round while the entered pool still holds a pair is the table's call: confirm."""
    if move.get("type") != "end" or state.pool is None:
        return None
    left = pairs_left(state.pool)
    if not left:
        return None
    names: list[Value] = [colour_name(c) for c in left]
    colours = names[0]
    if len(names) > 1:
        colours = say("{these} or {those}", these=listed(names[:-1]), those=names[-1])
    return say(
        "The pool still holds a {colours} pair: end round {round} anyway?",
        colours=colours,
        round=state.round + 1,
    )


def read_form(state: SixDTwo, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the play page stands for.

    ``roll``: the pool typed colour by colour, values in ``pool_r`` ... ``pool_p`` and
    ``pool_k`` for black ("3451").  ``take``: with a pool, the two dice tapped in it
    (``pick``, their indexes in the pool left); without one, ``colour`` (a letter) and
    ``values`` (the two values, "42").  ``end``: the table declares no pair left.
    """

    def roll() -> formdata.Moves:
        dice = [
            f"{value}{colour}"
            for colour in COLOURS
            for value in formdata.typed_values(form, f"pool_{colour}", colour_name(colour))
        ]
        return [{"type": "roll", "dice": dice}]

    def take() -> formdata.Moves:
        if state.pool is not None:
            return [{"type": "take", "dice": formdata.picked_dice(form, state.pool)}]
        colour = str(form.get("colour") or "")
        if len(colour) != 1 or colour not in COLOURS:
            raise RuleViolation("no-colour", say("Pick the colour of the two dice taken."))
        values = formdata.typed_values(form, "values", say("two dice"))
        return [{"type": "take", "dice": [f"{v}{colour}" for v in values]}]

    return formdata.by_button(form, {"roll": roll, "take": take, "end": lambda: [{"type": "end"}]})


def player_notes(state: SixDTwo) -> dict[str, str]:
    """Per player: the pips taken this round, once a round has had takes."""
    if state.over or not any(state.collected):
        return {}
    return {
        name: say("{points} this round", points=pips)
        for name, pips in zip(state.players, state.collected, strict=True)
    }


@dataclass(frozen=True)
class SeatView:
    """One player on the play page: totals and this round's pips."""

    name: str
    total: int
    this_round: int
    to_move: bool


@dataclass(frozen=True)
class TwoView:
    """What the play page needs: the round, who starts it and who takes, the pool left
    (None without one) and the colours that still hold a pair."""

    over: bool
    round: int
    rounds: int
    starter: str
    to_move: str | None
    pool: tuple[Die, ...] | None
    pairs: tuple[str, ...]
    may_roll: bool
    seats: tuple[SeatView, ...]
    ruling: str
    # The colours of the set, black last: (letter, name) as the colour pickers show them.
    colours: tuple[tuple[str, str], ...] = tuple((c, colour_name(c)) for c in COLOURS)
    # The pool left colour by colour: each die with its index in ``pool`` (what ``pick`` posts).
    pool_by_colour: tuple[tuple[str, tuple[tuple[int, Die], ...]], ...] = ()


def _by_colour(pool: Sequence[Die]) -> tuple[tuple[str, tuple[tuple[int, Die], ...]], ...]:
    indexed = sorted(enumerate(pool), key=lambda item: (item[1].value, item[0]))
    return tuple(
        (colour, dice)
        for colour in COLOURS
        if (dice := tuple((i, die) for i, die in indexed if die.colour == colour))
    )


def view(state: SixDTwo) -> TwoView:
    """The play page's view of the table."""
    mover = to_move(state)
    scores = state.totals.scores(state.collected)
    return TwoView(
        over=state.over,
        round=min(state.round + 1, state.rounds),
        rounds=state.rounds,
        starter=state.players[min(state.round, state.rounds - 1) % len(state.players)],
        to_move=mover,
        pool=state.pool,
        pairs=tuple(pairs_left(state.pool)) if state.pool is not None else (),
        may_roll=table_entry(state) is not None,
        seats=tuple(
            SeatView(name, scores[name], pips, name == mover)
            for name, pips in zip(state.players, state.collected, strict=True)
        ),
        ruling=state.ruling,
        pool_by_colour=_by_colour(state.pool) if state.pool is not None else (),
    )
