"""10K: six coloured dice, push your luck to 10,000.

A turn is a run of rolls.  After each roll that scores the player sets aside at
least one combination from that roll (dice from different rolls never combine),
then banks the turn total or rolls the dice that are left.  When all six have
been set aside the player may roll all six again.  A roll that scores nothing
busts the turn.  A player on 0 needs ``entry`` points in one turn to get on the
board.  Banking to ``target`` or more starts the final round: everyone else gets
exactly one more turn, then the highest total wins (ties share the win).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from referee.core.dice import Die, spell
from referee.core.engine import PUSH_YOUR_LUCK, Option, RuleViolation, TurnMark, points
from referee.core.sentences import Sentence, Value, both, say
from referee.families.pushluck import (
    CHOOSE,
    ROLL,
    SET_ASIDE,
    Scoreboard,
    bust_on,
    check_bank,
    finish_first,
    left_on_table,
    read_roll,
    set_aside_choices,
    set_aside_from_roll,
    set_aside_phase,
    started,
)

# The contract hooks every push-your-luck game shares, as this game's own.
from referee.families.pushluck import at_stake as at_stake
from referee.families.pushluck import in_final_round as in_final_round
from referee.families.pushluck import is_over as is_over
from referee.families.pushluck import (
    moment as shared_moment,
)
from referee.families.pushluck import outcome as outcome
from referee.families.pushluck import ruling as ruling
from referee.families.pushluck import to_move as to_move
from referee.families.pushluck import turn_records as turn_records
from referee.families.pushluck import turns_done as turns_done

SLUG = "tenk"
TITLE = say("10K")
KIND = PUSH_YOUR_LUCK
MIN_PLAYERS = 1
MAX_PLAYERS = 8
DICE = 6
OPTIONS = (
    Option(
        "target",
        10_000,
        say("Target"),
        say("Banking this many points or more starts the final round."),
        minimum=1,
        maximum=1_000_000,
    ),
    Option(
        "entry",
        500,
        say("Entry threshold"),
        say("Points a player on 0 must score in one turn to get on the board."),
        minimum=0,
        maximum=100_000,
    ),
)

SINGLE = {1: 100, 5: 50}
THREE_OF = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
MANY_OF = {4: 1500, 5: 2500, 6: 3500}
MANY_ONES = {4: 2000, 5: 3000, 6: 4000}
THREE_PAIRS = 1250
STRAIGHT = 5000
COLOUR_RUN = 10_000
COLOUR_RUN_ORDER = ("r", "y", "g", "b", "o", "p")


@dataclass(frozen=True)
class Combo:
    """One scoring combination within a set-aside."""

    name: str
    values: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class Split:
    """The best way to score a set of dice: its combinations and their total."""

    combos: tuple[Combo, ...]

    @property
    def points(self) -> int:
        """Total points of the split."""
        return sum(c.points for c in self.combos)

    def describe(self) -> str:
        """The split in words: "three 1s 1,000 + 5 50"."""
        first = self.combos[0]
        said = say("{name} {points}", name=first.name, points=first.points)
        for combo in self.combos[1:]:
            each = say("{name} {points}", name=combo.name, points=combo.points)
            said = say("{these} + {those}", these=said, those=each)
        return said


def _kind_points(value: int, count: int) -> int:
    if count == 3:
        return THREE_OF[value]
    return (MANY_ONES if value == 1 else MANY_OF)[count]


def _kind_name(value: int, count: int) -> Sentence:
    """A set of one value in words: "three 1s"."""
    return {
        3: say("three {value}s", value=value),
        4: say("four {value}s", value=value),
        5: say("five {value}s", value=value),
        6: say("six {value}s", value=value),
    }[count]


@cache
def _best_of_value(value: int, count: int) -> tuple[Combo, ...] | None:
    """Best way to score ``count`` dice of one value, or None if some die must be left over."""
    if count == 0:
        return ()
    options: list[tuple[Combo, ...]] = []
    if value in SINGLE:
        rest = _best_of_value(value, count - 1)
        if rest is not None:
            options.append((Combo(str(value), (value,), SINGLE[value]),) + rest)
    for size in range(3, count + 1):
        rest = _best_of_value(value, count - size)
        if rest is not None:
            kind = Combo(_kind_name(value, size), (value,) * size, _kind_points(value, size))
            options.append((kind,) + rest)
    if not options:
        return None
    return max(options, key=lambda combos: sum(c.points for c in combos))


@cache
def _best_split_of_values(values: tuple[int, ...], colour_run: bool) -> Split | None:
    candidates: list[Split] = []
    if len(values) == DICE:
        if values == (1, 2, 3, 4, 5, 6):
            if colour_run:
                candidates.append(Split((Combo(say("colour run"), values, COLOUR_RUN),)))
            else:
                candidates.append(Split((Combo("1-2-3-4-5-6", values, STRAIGHT),)))
        counts = [values.count(v) for v in set(values)]
        if all(c % 2 == 0 for c in counts):
            candidates.append(Split((Combo(say("three pairs"), values, THREE_PAIRS),)))
    per_value: list[Combo] = []
    for value in sorted(set(values)):
        best = _best_of_value(value, values.count(value))
        if best is None:
            per_value = []
            break
        per_value.extend(best)
    else:
        if values:
            candidates.append(Split(tuple(per_value)))
    if not candidates:
        return None
    return max(candidates, key=lambda s: s.points)


def is_colour_run(dice: Sequence[Die]) -> bool:
    """True when the dice are red 1, yellow 2, green 3, blue 4, orange 5 and purple 6."""
    # "" stands in for no colour: a roll may mix coloured and plain dice, and None < "r" fails.
    return sorted((d.value, d.colour or "") for d in dice) == list(
        zip(range(1, 7), COLOUR_RUN_ORDER, strict=True)
    )


def best_split(dice: Sequence[Die]) -> Split | None:
    """Score exactly these dice as their best split into combinations.

    None when some die belongs to no combination.
    """
    values = tuple(sorted(d.value for d in dice))
    return _best_split_of_values(values, is_colour_run(dice))


def why_not_scoring(dice: Sequence[Die]) -> str:
    """A sentence saying why a selection of dice cannot be set aside as it is."""
    if not dice:
        return say("Pick at least one scoring die.")
    values = sorted(d.value for d in dice)
    dead = sorted({v for v in values if v not in SINGLE and values.count(v) < 3})
    if dead:
        listed = both([_the(value, values.count(value)) for value in dead])
        if len(dead) == 1 and values.count(dead[0]) == 1:
            return say(
                "Only 1s, 5s and sets score: {listed} you picked scores nothing.", listed=listed
            )
        return say("Only 1s, 5s and sets score: {listed} you picked score nothing.", listed=listed)
    return say("{dice} does not split into scoring combinations.", dice=spell(dice))


def _the(value: int, count: int) -> str:
    """Dice of one value as they were picked: "the 4", "the two 4s"."""
    if count == 1:
        return say("the {value}", value=value)
    return say("the two {value}s", value=value)


def scores(dice: Sequence[Die]) -> bool:
    """True when exactly these dice split into scoring combinations (a legal set-aside)."""
    return best_split(dice) is not None


def roll_scores(dice: Sequence[Die]) -> bool:
    """True when some combination can be set aside from this roll."""
    values = [d.value for d in dice]
    if any(v in SINGLE for v in values) or any(values.count(v) >= 3 for v in values):
        return True
    return scores(dice)


@dataclass(frozen=True)
class TenK:
    """The state of a 10K table.

    ``phase`` is "roll" (the player must roll), "set_aside" (a scoring roll is on
    the table and something must be set aside, or what ``taken`` holds does not score
    yet and more must join it) or "choose" (something is set aside: bank, roll on, or
    set more aside from the same roll).  ``taken`` is everything set aside from this
    roll, judged as one set-aside; ``taken_points`` what it scored when last whole.
    """

    board: Scoreboard
    target: int
    entry: int
    phase: str = ROLL
    roll: tuple[Die, ...] = ()
    taken: tuple[Die, ...] = ()
    taken_points: int = 0
    earlier: int = 0
    ruling: str = ""

    @property
    def turn_total(self) -> int:
        """Points set aside so far this turn."""
        return self.earlier + self.taken_points

    @property
    def on_table(self) -> tuple[Die, ...]:
        """Dice of the current roll that are not set aside."""
        return left_on_table(self.roll, self.taken)

    @property
    def entered(self) -> bool:
        """True when the player to move already has points on the board."""
        return self.board.score > 0 or self.entry == 0


BELOW_ENTRY = TurnMark(
    say("below entry"),
    cell="{points}*",
    legend=say("* banked below the entry threshold: scores 0"),
)


def start(players: Sequence[str], options: Mapping[str, int]) -> TenK:
    """A new game: everyone on 0, the first player to roll six dice."""
    state = TenK(Scoreboard.seated(players), options["target"], options["entry"])
    return replace(state, ruling=say("{player} to roll six dice.", player=state.board.player))


def dice_to_roll(state: TenK) -> int | None:
    """How many dice the next roll must have, or None when rolling is not allowed now."""
    if state.board.over or state.phase == SET_ASIDE:
        return None
    if state.phase == ROLL:
        return DICE
    return len(state.roll) - len(state.taken) or DICE


HOT_DICE = "hot dice"  # the moment all six dice are set aside


def moment(state: TenK) -> str | None:
    """Hot dice once all six are set aside (roll six again or bank), else the shared bust."""
    if state.phase == CHOOSE and dice_to_roll(state) == DICE:
        return HOT_DICE
    return shared_moment(state)


def bank_gain(state: TenK) -> int:
    """What banking now adds to the player's total (0 below the entry threshold)."""
    if not state.entered and state.turn_total < state.entry:
        return 0
    return state.turn_total


def bank_words(state: TenK) -> str:
    """What the bank button says banking does: "Bank 1,050", or "Bank: scores 0 (500 to
    enter)" below the entry threshold."""
    if bank_gain(state) == 0 and state.turn_total > 0:
        return say("Bank: scores 0 ({entry} to enter)", entry=state.entry)
    return say("Bank {gain}", gain=bank_gain(state))


def least_bank(state: TenK, seat: int) -> int:
    """The fewest points a bank adds for ``seat``: the entry threshold while on 0."""
    return state.entry if state.board.scores[seat] == 0 else 0


def bank_warning(state: TenK) -> str | None:
    """A sentence to confirm before banking, when the bank would score nothing."""
    if state.phase == CHOOSE and bank_gain(state) == 0 and state.turn_total > 0:
        return say(
            "{player} needs {entry} in one turn to get on the board: banking {total} scores 0.",
            player=state.board.player,
            entry=state.entry,
            total=state.turn_total,
        )
    return None


def _roll(state: TenK, move: Mapping[str, Any]) -> TenK:
    expected = dice_to_roll(state)
    unfinished = finish_first(state, say("rolling"))
    if unfinished:
        raise unfinished
    if expected is None:
        raise RuleViolation(
            "set-aside-first",
            say(
                "Set aside at least one scoring combination from {dice} before rolling again.",
                dice=spell(state.roll),
            ),
        )
    dice = read_roll(state, move, expected)
    colours = [d.colour for d in dice if d.colour]
    if len(set(colours)) != len(colours):
        raise RuleViolation(
            "duplicate-colour", say("Each 10K die has its own colour: two dice share one.")
        )
    if any(d.key or d.colour == "k" for d in dice):
        raise RuleViolation("bad-die", say("10K has no key or black dice."))
    earlier = state.turn_total if state.phase == CHOOSE else 0
    if roll_scores(dice):
        return replace(
            state,
            phase=SET_ASIDE,
            roll=dice,
            taken=(),
            taken_points=0,
            earlier=earlier,
            ruling=say(
                "{player} rolled {dice}: set aside at least one scoring combination.",
                player=state.board.player,
                dice=spell(dice),
            ),
        )
    player = state.board.player
    if earlier:
        lost = say("{player} loses {points}", player=player, points=earlier)
    else:
        lost = say("{player} scores nothing this turn", player=player)
    ruling = say("Bust: no 1, 5 or set in {dice} — {lost}.", dice=spell(dice), lost=lost)
    return _pass_turn(state, 0, bust=True, ruling=ruling, mark=bust_on(dice))


def _set_aside(state: TenK, move: Mapping[str, Any]) -> TenK:
    taken, all_taken = set_aside_from_roll(
        state, move, empty=say("Pick at least one scoring die to set aside.")
    )
    split = best_split(all_taken)
    if split is None:
        if set_aside_phase(state.roll, all_taken, scores) is None:
            raise RuleViolation("not-scoring", why_not_scoring(all_taken if state.taken else taken))
        state = replace(state, phase=SET_ASIDE, taken=all_taken)
        return replace(state, ruling=started(state))
    left = len(state.roll) - len(all_taken)
    if left == 0:
        next_roll = say("hot dice: roll all six again or bank")
    else:
        next_roll = say("roll {left} or bank", left=left)
    single = len(split.combos) == 1 and len(split.combos[0].values) == 1
    said: dict[str, Value] = {
        "player": state.board.player,
        "dice": spell(all_taken),
        "points": split.points,
        "total": state.earlier + split.points,
        "next": next_roll,
    }
    if single:
        ruling = say("{player} set aside {dice} = {points}; turn total {total}: {next}.", **said)
    else:
        ruling = say(
            "{player} set aside {dice} = {points} ({split}); turn total {total}: {next}.",
            split=split.describe(),
            **said,
        )
    return replace(state, phase=CHOOSE, taken=all_taken, taken_points=split.points, ruling=ruling)


def _bank(state: TenK, move: Mapping[str, Any]) -> TenK:
    check_bank(state, say("set aside a scoring combination"))
    player = state.board.player
    gain = bank_gain(state)
    if gain == 0:
        ruling = say(
            "{player} banked {total}, short of the {entry} needed to get on the board: "
            "it scores 0.",
            player=player,
            total=state.turn_total,
            entry=state.entry,
        )
        return _pass_turn(state, 0, ruling=ruling, mark=BELOW_ENTRY)
    total = state.board.score + gain
    ruling = say("{player} banked {gain}: total {total}.", player=player, gain=gain, total=total)
    triggers = total >= state.target and not state.board.in_final_round
    if triggers and len(state.board.players) > 1:
        ruling = say(
            "Final round: {player} banked {total}; everyone else gets one more turn.",
            player=player,
            total=total,
        )
    elif triggers:
        ruling = say(
            "{player} banked {total} and reached {target}.",
            player=player,
            total=total,
            target=state.target,
        )
    return _pass_turn(state, gain, ruling=ruling, starts_final_round=triggers)


def _pass_turn(
    state: TenK,
    gain: int,
    *,
    ruling: str,
    bust: bool = False,
    mark: TurnMark | None = None,
    starts_final_round: bool = False,
) -> TenK:
    board = state.board.end_turn(gain, bust=bust, mark=mark, starts_final_round=starts_final_round)
    then = board.whats_next()
    return TenK(
        board, state.target, state.entry, ruling=say("{ruling} {then}", ruling=ruling, then=then)
    )


MOVES = {"roll": _roll, SET_ASIDE: _set_aside, "bank": _bank}
MOVE_FIELDS = {"roll": ("dice",), SET_ASIDE: ("dice",), "bank": ()}


def choices(state: TenK) -> list[dict[str, Any]]:
    """Every legal move other than a roll: distinct set-asides, and bank when allowed."""
    return set_aside_choices(state, scores, may_bank=state.phase == CHOOSE)


def scoring_summary(values: Iterable[int]) -> str:
    """Words for a set of values, used by help pages: "1 1 1 5 = 1,050"."""
    dice = [Die(v) for v in values]
    split = best_split(dice)
    return f"{spell(dice)} = {points(split.points)}" if split else why_not_scoring(dice)
