"""10K's turn screen: what it shows (``view``) and what its posts stand for (``read_form``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from referee.core import formdata
from referee.core.dice import Die, spell
from referee.core.sentences import change, say
from referee.families.pushluck import (
    CHOOSE,
    SET_ASIDE,
    SET_ASIDE_WORDS,
    Pick,
    TurnView,
    judged_picks,
    read_set_aside_form,
    turn_buttons,
    turn_view,
)
from referee.games.tenk.rules import (
    COLOUR_RUN_ORDER,
    HOT_DICE,
    TenK,
    bank_warning,
    bank_words,
    best_split,
    dice_to_roll,
    least_bank,
    moment,
    why_not_scoring,
)


def warning(state: TenK, move: Mapping[str, Any]) -> str | None:
    """A sentence the player should confirm before ``move`` is applied, if any."""
    return bank_warning(state) if move.get("type") == "bank" else None


def _dress_roll(values: Sequence[str], flags: formdata.FormData) -> list[str]:
    """Colour a 1-6 straight as the colour run when the table says the colours match."""
    if flags.get("colour_run") and sorted(values) == [str(v) for v in range(1, 7)]:
        return [f"{v}{COLOUR_RUN_ORDER[int(v) - 1]}" for v in values]
    return list(values)


ACTIONS = turn_buttons(SET_ASIDE)

MOVE_WORDS = SET_ASIDE_WORDS


def read_form(state: TenK, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the turn screen stands for (``colour_run`` colours a straight)."""

    def roll() -> formdata.Moves:
        values = formdata.rolled_values(form, dice_to_roll(state) or 0)
        return [{"type": "roll", "dice": _dress_roll(values, form)}]

    return read_set_aside_form(state, form, roll)


def player_notes(state: TenK) -> dict[str, str]:
    """A short note per player for the scoreboard: not yet on the board, last turn to come and
    what it must score to pass the leader."""
    board = state.board

    def words(seat: int) -> Iterable[str]:
        to_pass = board.to_pass(seat, least=least_bank(state, seat))
        if board.scores[seat] == 0 and state.entry > 0 and not to_pass:
            yield say("needs {points}", points=state.entry)
        if board.plays_again(seat):
            yield say("last turn")
        if to_pass:
            yield to_pass

    return board.notes(words)


def _judge_pick(state: TenK, pick: Pick) -> tuple[int, str]:
    """What the whole set-aside from this roll would score with ``pick`` added, in points and
    words; 0 and the reason when it cannot be set aside.

    Dice set aside from this roll before join the pick (docs/rulings.md, "Every game"): the words
    name the whole group and what the pick adds to it ("1 1 1 = 1,000 (with the 1 1 set
    aside: +800)").
    """
    group = state.taken + pick
    split = best_split(group)
    if split is None:
        return 0, why_not_scoring(group)
    if not state.taken:
        return split.points, say("{dice} = {points}", dice=spell(pick), points=split.points)
    return split.points, say(
        "{dice} = {points} (with the {taken} set aside: {added})",
        dice=spell(group),
        points=split.points,
        taken=spell(state.taken),
        added=change(split.points - state.taken_points),
    )


@dataclass(frozen=True)
class TenKView(TurnView):
    """The 10K turn screen: the shared turn, and what this roll set aside so far."""

    entry: int
    taken: tuple[Die, ...]
    taken_points: int
    hot_dice: bool
    bank_words: str
    bank_warning: str | None
    selections: dict[str, tuple[int, str]]
    colour_run: tuple[Die, ...]  # the colour run's dice, red 1 to purple 6, to show on the entry


def view(state: TenK) -> TenKView:
    """What the 10K turn screen shows."""
    roll_count = dice_to_roll(state)
    return turn_view(
        TenKView,
        state,
        taking=SET_ASIDE,
        roll_count=roll_count,
        may_bank=state.phase == CHOOSE,
        entry=state.entry,
        taken=state.taken,
        taken_points=state.taken_points,
        least=least_bank(state, state.board.seat),
        hot_dice=moment(state) == HOT_DICE,
        bank_words=bank_words(state),
        bank_warning=bank_warning(state),
        selections=judged_picks(state, partial(_judge_pick, state)),
        colour_run=tuple(Die(v, c) for v, c in enumerate(COLOUR_RUN_ORDER, start=1)),
    )
