"""Keys and Base Dice's turn screen: what it shows (``view``) and what its posts stand for
(``read_form``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial

from referee.core import formdata
from referee.core.contract import Setting, Settings
from referee.core.dice import spell
from referee.core.engine import FILL_PAD, PhotoEntry
from referee.core.sentences import say
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
from referee.games.sb.rules import (
    BANKABLE,
    KEYS,
    LEGAL,
    SB,
    describe_value,
    dice_to_roll,
    keys_to_roll,
    set_aside_problem,
    still_to_play,
    worth_colours,
)

ACTIONS = turn_buttons(SET_ASIDE)

# A table setting, not a rule: a photo of a roll tells the keys from the base dice by their
# colour (every die of another colour is a base die); the rules and the log never see it.
KEY_COLOUR = Setting(
    "key_colour",
    (  # each said where a page shows it, stored as its English word
        say("red"),
        say("yellow"),
        say("green"),
        say("blue"),
        say("orange"),
        say("purple"),
        say("black"),
        say("white"),
    ),
    say("Keys’ colour"),
    say(
        "The colour of the two keys: a photo of a roll tells them from the base dice by it "
        "(the base dice may be any other colour)."
    ),
)
TABLE_SETTINGS = (KEY_COLOUR,)

MOVE_WORDS = SET_ASIDE_WORDS


def read_form(state: SB, form: formdata.FormData) -> formdata.Moves:
    """The moves a post of the turn screen stands for; keys come in fields ``k0``, ``k1``."""

    def roll() -> formdata.Moves:
        base = formdata.rolled_values(form, dice_to_roll(state) or 0)
        keys = formdata.rolled_values(form, keys_to_roll(state), prefix="k", what=say("key"))
        return [{"type": "roll", "dice": base + [f"K{v}" for v in keys]}]

    moves = read_set_aside_form(state, form, roll)
    # "Set aside and bank" of every die left: the set-aside scores the turn by itself.
    if len(moves) == 2 and len(moves[0].get("dice", ())) == len(state.on_table):
        return moves[:1]
    return moves


def photo_entry(state: SB, settings: Settings) -> PhotoEntry | None:
    """A roll read from a photo: its base dice, and its keys, the dice of the colour the
    table chose for them."""
    base = dice_to_roll(state)
    if base is None:
        return None
    return PhotoEntry(
        form=FILL_PAD,
        layout="loose",
        count=base,
        keys=keys_to_roll(state),
        key_colour=settings[KEY_COLOUR.name],
    )


def _judge_pick(state: SB, pick: Pick) -> tuple[int, str]:
    """(LEGAL or BANKABLE, what the turn would then be worth) for a pick from the roll, or
    (0, why it is refused)."""
    problem = set_aside_problem(state.taken + pick)
    if problem:
        return 0, problem[1]
    keys = state.turn_keys + tuple(d.value for d in pick if d.key)
    base = state.turn_base + tuple(d.value for d in pick if not d.key)
    judged = BANKABLE if len(keys) == KEYS else LEGAL
    worth = describe_value(keys, base)
    if state.taken:
        return judged, say(
            "{dice} (with the {taken} set aside from this roll): the turn would be worth {worth}",
            dice=spell(pick),
            taken=spell(state.taken),
            worth=worth,
        )
    return judged, say("{dice}: the turn would be worth {worth}", dice=spell(pick), worth=worth)


def player_notes(state: SB) -> dict[str, str]:
    """A short note per player for the scoreboard: the original leader, turns still to come
    and, for each, what passes the leader."""
    board = state.board

    def words(seat: int) -> Iterable[str]:
        if seat == state.leader:
            yield say("original leader")
        if board.plays_again(seat):
            yield say("one more turn") if seat == state.leader else say("last turn")
        to_pass = board.to_pass(seat)
        if to_pass:
            yield to_pass

    return board.notes(words)


@dataclass(frozen=True)
class SBView(TurnView):
    """The Keys and Base Dice turn screen: the shared turn, keys to roll, and the turn's keys
    and base dice with what each base value is worth."""

    key_count: int
    still_to_play: list[str]
    turn_keys: tuple[int, ...]
    turn_base: tuple[int, ...]
    worth: dict[int, int]
    worth_words: str
    key_unset: bool
    selections: dict[str, tuple[int, str]]


def view(state: SB) -> SBView:
    """What the Keys and Base Dice turn screen shows."""
    return turn_view(
        SBView,
        state,
        taking=SET_ASIDE,
        roll_count=dice_to_roll(state),
        may_bank=state.may_bank,
        key_count=keys_to_roll(state),
        still_to_play=still_to_play(state),
        turn_keys=tuple(sorted(state.turn_keys)),
        turn_base=tuple(sorted(state.turn_base)),
        worth=worth_colours(state),
        worth_words=describe_value(state.turn_keys, state.turn_base),
        key_unset=state.phase == CHOOSE and not state.may_bank,
        selections=judged_picks(state, partial(_judge_pick, state)),
    )
