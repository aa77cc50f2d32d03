"""Lucky Sevens' turn screen: what it shows (``view``) and what its posts stand for
(``read_form``).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import formdata
from referee.core.dice import Die
from referee.core.engine import RuleViolation
from referee.core.sentences import say
from referee.families.pushluck import (
    CHOOSE,
    TurnView,
    turn_buttons,
    turn_view,
)
from referee.games.lucky7.rules import (
    GROUPS,
    SCORE,
    SEVEN_POINTS,
    START,
    Choice,
    Lucky7,
    dice_to_roll,
    finish_advice,
    finish_problems,
)

ACTIONS = (*turn_buttons(SCORE), "steal")

MOVE_WORDS = {SCORE: say("sevens")}


def read_form(state: Lucky7, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the turn screen stands for: groups come as ``g<i>`` = A-D
    (die i goes to that group) or as ``sevens`` = "3,4|2,5"."""

    def roll() -> formdata.Moves:
        return [{"type": "roll", "dice": formdata.rolled_values(form, dice_to_roll(state) or 0)}]

    def score() -> formdata.Moves:
        return [{"type": SCORE, "sevens": _grouped_sevens(state, form)}]

    buttons = formdata.roll_set_aside_bank(roll, score, SCORE)
    return formdata.by_button(form, {**buttons, "steal": lambda: [{"type": "steal"}]})


def _grouped_sevens(state: Lucky7, form: formdata.FormData) -> list[list[str]]:
    if form.get("sevens"):
        return [group.split(",") for group in str(form.get("sevens")).split("|")]
    groups: dict[str, list[str]] = {}
    for key, letter in form.items():
        if not key.startswith("g") or not letter:
            continue
        index = formdata.index_of(key[1:], len(state.on_table))
        if letter not in GROUPS or index is None:
            raise RuleViolation("die-not-rolled", say("That die is not on the table."))
        groups.setdefault(letter, []).append(str(state.on_table[index]))
    if not groups:
        raise RuleViolation("bad-move", say("Tap dice into a group (A to D) that makes seven."))
    return [groups[letter] for letter in sorted(groups)]


def player_notes(state: Lucky7) -> dict[str, str]:
    """A short note per player: how many points they still need for the exact finish."""
    return state.board.notes(
        lambda seat: [say("needs {points}", points=str(state.target - state.board.scores[seat]))]
    )


@dataclass(frozen=True)
class Lucky7View(TurnView):
    """The Lucky Sevens turn screen: the shared turn, the steal on offer, what was scored
    from this roll, and near the end every choice judged against the exact finish."""

    set_bonus: int
    stolen_from: str | None
    scored: tuple[Die, ...]
    steal: tuple[int, int] | None  # (points, dice) to take over, when a steal is allowed now
    advice: list[Choice] | None
    problems: dict[str, str]  # near the end, why a choice of sevens is refused (its key)
    need: int
    seven_points: dict[int, int]  # what a seven of each size scores, for the page's script


def view(state: Lucky7) -> Lucky7View:
    """What the Lucky Sevens turn screen shows."""
    advice = finish_advice(state)
    return turn_view(
        Lucky7View,
        state,
        taking=SCORE,
        roll_count=dice_to_roll(state),
        may_bank=state.phase == CHOOSE,
        set_bonus=state.set_bonus,
        stolen_from=state.stolen_from,
        scored=state.scored,
        steal=state.stealable if state.phase == START else None,
        advice=advice,
        problems=finish_problems(advice),
        need=state.target - state.score_before,
        seven_points=SEVEN_POINTS,
    )
