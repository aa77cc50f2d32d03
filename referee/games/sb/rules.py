"""Keys and Base Dice ("SB"): eight base dice, two keys, first to 60.

Each roll the player sets aside either keys (one or both) or groups of base
dice (two or more of one value from this roll), never both kinds at once.  A
roll with nothing legal to set aside busts the turn for 0.  While a key is
still unset the player must roll again; with both keys down the player may
bank, and with all ten down the turn is scored at once.  Only set-aside base
dice score, against the keys: split keys pay 2 between, 1 outside, 0 on a key
(all eight between: 20); a key sandwich pays 4 per matching base die (all
eight: 40).  The first to bank ``target`` is the original leader: everyone
else takes one more turn, then the leader takes one more if no longer
strictly ahead.  Highest total wins; ties share the win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.core.dice import Die, parse_dice, spell
from referee.core.engine import PUSH_YOUR_LUCK, Option, RuleViolation, TurnMark
from referee.core.sentences import Sentence, listed, say, say_n
from referee.families.pushluck import (
    CHOOSE,
    ROLL,
    SET_ASIDE,
    Scoreboard,
    bust_on,
    check_bank,
    finish_first,
    left_on_table,
    set_aside_choices,
    set_aside_from_roll,
    set_aside_phase,
    started,
)

# The contract hooks every push-your-luck game shares, as this game's own.
from referee.families.pushluck import at_stake as at_stake
from referee.families.pushluck import in_final_round as in_final_round
from referee.families.pushluck import is_over as is_over
from referee.families.pushluck import moment as moment
from referee.families.pushluck import outcome as outcome
from referee.families.pushluck import ruling as ruling
from referee.families.pushluck import to_move as to_move
from referee.families.pushluck import turn_records as turn_records
from referee.families.pushluck import turns_done as turns_done

SLUG = "sb"
TITLE = say("Keys and Base Dice")
KIND = PUSH_YOUR_LUCK
MIN_PLAYERS = 1
MAX_PLAYERS = 8
BASE_DICE = 8
KEYS = 2
OPTIONS = (
    Option(
        "target",
        60,
        say("Target"),
        say("Banking this many points or more makes you the original leader and starts the end."),
        minimum=1,
        maximum=1000,
    ),
)

SPLIT_BETWEEN, SPLIT_OUTSIDE, ON_A_KEY = 2, 1, 0
SANDWICH_MATCH = 4
FULL_SPLIT, FULL_SANDWICH = 20, 40


def die_worth(keys: Sequence[int], value: int) -> int:
    """What one set-aside base die of ``value`` scores against two keys."""
    low, high = sorted(keys)
    if low == high:
        return SANDWICH_MATCH if value == low else 0
    if low < value < high:
        return SPLIT_BETWEEN
    return ON_A_KEY if value in (low, high) else SPLIT_OUTSIDE


def turn_value(keys: Sequence[int], base: Sequence[int]) -> int:
    """The score of a turn's set-aside keys and base dice (0 until both keys are down)."""
    if len(keys) < KEYS:
        return 0
    low, high = sorted(keys)
    if len(base) == BASE_DICE:
        if low == high and all(v == low for v in base):
            return FULL_SANDWICH
        if low != high and all(low < v < high for v in base):
            return FULL_SPLIT
    return sum(die_worth(keys, v) for v in base)


def describe_value(keys: Sequence[int], base: Sequence[int]) -> str:
    """The turn's worth in words: "Full Split: 20", "Key sandwich of 4s: 3 x 4 = 12"."""
    if len(keys) < KEYS:
        return say("no score until both keys are set aside")
    low, high = sorted(keys)
    total = turn_value(keys, base)
    if low == high:
        if total == FULL_SANDWICH and len(base) == BASE_DICE:
            return say("Full Sandwich of {low}s: {total}", low=low, total=total)
        return say(
            "key sandwich of {low}s: {matching} x 4 = {total}",
            low=low,
            matching=sum(v == low for v in base),
            total=total,
        )
    if total == FULL_SPLIT and len(base) == BASE_DICE:
        return say("Full Split between {low} and {high}: {total}", low=low, high=high, total=total)
    return say(
        "split keys {low}-{high}: {between} between x 2 + {outside} outside x 1 = {total}",
        low=low,
        high=high,
        between=sum(low < v < high for v in base),
        outside=sum(v < low or v > high for v in base),
        total=total,
    )


def set_aside_problem(dice: Sequence[Die]) -> tuple[str, str] | None:
    """Why these dice, all from one roll, cannot be set aside together, as (code, message).

    None when they can.
    """
    if not dice:
        return "empty-set-aside", say("Pick one or both keys, or one or more groups of base dice.")
    keys = [d for d in dice if d.key]
    if keys and len(keys) != len(dice):
        return "mixed-set-aside", say(
            "Set aside keys or base dice on one roll, never both at once."
        )
    if keys:
        return None
    counts = Counter(d.value for d in dice)
    lone = sorted(v for v, n in counts.items() if n == 1)
    if lone:
        return "lone-base-die", say(
            "Base dice go aside in groups of two or more of one value from this roll: "
            "the lone {values} cannot go alone.",
            values=listed(lone),
        )
    return None


def may_set_aside(dice: Sequence[Die]) -> bool:
    """True when these dice, all from one roll, are a legal set-aside."""
    return set_aside_problem(dice) is None


def has_legal_set_aside(dice: Iterable[Die]) -> bool:
    """True when a roll holds a key or two base dice of one value."""
    dice = list(dice)
    counts = Counter(d.value for d in dice if not d.key)
    return any(d.key for d in dice) or any(n >= 2 for n in counts.values())


@dataclass(frozen=True)
class SB:
    """The state of an SB table.

    ``phase`` is "roll" (the player must roll), "set_aside" (a roll is on the
    table and something must be set aside, or what ``taken`` holds is not a legal
    set-aside yet and more must join it) or "choose" (something is set aside
    from this roll: roll on, bank once both keys are down, or set more aside).
    ``keys`` and ``base`` are the values set aside earlier in the turn;
    ``taken`` is everything set aside from the current roll, judged as one set-aside.
    """

    board: Scoreboard
    target: int
    phase: str = ROLL
    roll: tuple[Die, ...] = ()
    taken: tuple[Die, ...] = ()
    keys: tuple[int, ...] = ()
    base: tuple[int, ...] = ()
    leader: int | None = None
    leader_extra: bool = False
    ruling: str = ""

    @property
    def turn_keys(self) -> tuple[int, ...]:
        """Key values set aside this turn, the current roll's included."""
        return self.keys + tuple(d.value for d in self.taken if d.key)

    @property
    def turn_base(self) -> tuple[int, ...]:
        """Base values set aside this turn, the current roll's included."""
        return self.base + tuple(d.value for d in self.taken if not d.key)

    @property
    def turn_total(self) -> int:
        """What the turn is worth if banked now."""
        return turn_value(self.turn_keys, self.turn_base)

    @property
    def on_table(self) -> tuple[Die, ...]:
        """Dice of the current roll that are not set aside."""
        return left_on_table(self.roll, self.taken)

    @property
    def may_bank(self) -> bool:
        """True once both keys are down and something was set aside from this roll."""
        return self.phase == CHOOSE and len(self.turn_keys) == KEYS


def start(players: Sequence[str], options: Mapping[str, int]) -> SB:
    """A new game: everyone on 0, the first player to roll all ten dice."""
    state = SB(Scoreboard.seated(players), options["target"])
    return replace(state, ruling=say("{player} to roll all ten dice.", player=state.board.player))


def _left(state: SB) -> tuple[int, int]:
    """(base dice, keys) not yet set aside this turn."""
    return BASE_DICE - len(state.turn_base), KEYS - len(state.turn_keys)


def dice_to_roll(state: SB) -> int | None:
    """How many base dice the next roll has (keys apart), or None when rolling is not allowed."""
    if state.board.over or state.phase == SET_ASIDE:
        return None
    return BASE_DICE if state.phase == ROLL else _left(state)[0]


def keys_to_roll(state: SB) -> int:
    """How many keys the next roll has."""
    return KEYS if state.phase == ROLL else _left(state)[1]


def _roll(state: SB, move: Mapping[str, Any]) -> SB:
    unfinished = finish_first(state, say("rolling"))
    if unfinished:
        raise unfinished
    if dice_to_roll(state) is None:
        raise RuleViolation(
            "set-aside-first",
            say("Set aside keys or a group of base dice from this roll before rolling again."),
        )
    if state.phase == CHOOSE:
        state = replace(state, keys=state.turn_keys, base=state.turn_base, taken=())
    base_left, keys_left = _left(state) if state.roll else (BASE_DICE, KEYS)
    dice = parse_dice(move.get("dice"))
    rolled_keys = sum(d.key for d in dice)
    if rolled_keys != keys_left or len(dice) - rolled_keys != base_left:
        raise RuleViolation(
            "wrong-dice-count",
            say(
                "{player} rolls {base} and {keys} now, but {base_entered} base and "
                "{keys_entered} were entered.",
                player=state.board.player,
                base=say_n("{count} base die", "{count} base dice", base_left),
                keys=say_n("{count} key", "{count} keys", keys_left),
                base_entered=len(dice) - rolled_keys,
                keys_entered=say_n("{count} key", "{count} keys", rolled_keys),
            ),
        )
    shown = spell(dice)
    if has_legal_set_aside(dice):
        return replace(
            state,
            phase=SET_ASIDE,
            roll=dice,
            taken=(),
            ruling=say(
                "{player} rolled {dice}: set aside keys or groups of base dice.",
                player=state.board.player,
                dice=shown,
            ),
        )
    ruling = say(
        "Bust: no key and no pair in {dice} — {player}'s turn scores 0.",
        dice=shown,
        player=state.board.player,
    )
    return _end_turn(state, 0, ruling=ruling, bust=True, mark=bust_on(dice))


def _set_aside(state: SB, move: Mapping[str, Any]) -> SB:
    taken, all_taken = set_aside_from_roll(
        state, move, empty=say("Pick one or both keys, or groups of base dice.")
    )
    problem = set_aside_problem(all_taken)
    if problem:
        if set_aside_phase(state.roll, all_taken, may_set_aside) is None:
            raise RuleViolation(*problem)
        state = replace(state, phase=SET_ASIDE, taken=all_taken)
        return replace(state, ruling=started(state))
    state = replace(state, phase=CHOOSE, taken=all_taken)
    player = state.board.player
    base_left, keys_left = _left(state)
    worth = describe_value(state.turn_keys, state.turn_base)
    if base_left == 0 and keys_left == 0:
        ruling = say(
            "All ten dice are set aside: {player} scores {worth}.", player=player, worth=worth
        )
        return _end_turn(state, state.turn_total, ruling=ruling)
    if keys_left:
        ruling = say(
            "{player} set aside {dice}; a key is still unset, so {player} must roll again.",
            player=player,
            dice=spell(taken),
        )
    else:
        ruling = say(
            "{player} set aside {dice}; the turn is worth {worth}: bank {total} or roll again.",
            player=player,
            dice=spell(taken),
            worth=worth,
            total=state.turn_total,
        )
    return replace(state, ruling=ruling)


def _bank(state: SB, move: Mapping[str, Any]) -> SB:
    check_bank(state, say("set aside keys or a group of base dice"))
    if not state.may_bank:
        raise RuleViolation(
            "key-unset",
            say(
                "{player} cannot stop yet: both keys must be set aside before banking.",
                player=state.board.player,
            ),
        )
    worth = describe_value(state.turn_keys, state.turn_base)
    ruling = say("{player} banked {worth}.", player=state.board.player, worth=worth)
    return _end_turn(state, state.turn_total, ruling=ruling)


def _end_turn(
    state: SB, gain: int, *, ruling: str, bust: bool = False, mark: TurnMark | None = None
) -> SB:
    """Score the turn, then run the original-leader endgame."""
    seat = state.board.seat
    total = state.board.score + gain
    leads = state.leader is None and total >= state.target
    board = state.board.end_turn(gain, bust=bust, mark=mark, starts_final_round=leads)
    leader, extra = (seat if leads else state.leader), state.leader_extra
    if leads:
        ruling = say("{ruling} {leads}", ruling=ruling, leads=_leads(board, seat, total))
    if board.over and leader is not None and not extra:
        extra = True
        best_other = max((s for i, s in enumerate(board.scores) if i != leader), default=None)
        name = board.players[leader]
        if best_other is not None and board.scores[leader] <= best_other:
            board = board.extend_final_round((leader,))
            behind = say(
                "{player} is no longer strictly ahead ({score} against {best}), so {player} "
                "takes one more turn.",
                player=name,
                score=str(board.scores[leader]),
                best=str(best_other),
            )
            ruling = say("{ruling} {behind}", ruling=ruling, behind=behind)
    next_state = SB(board, state.target, leader=leader, leader_extra=extra)
    return replace(
        next_state, ruling=say("{ruling} {then}", ruling=ruling, then=board.whats_next())
    )


def _leads(board: Scoreboard, seat: int, total: int) -> Sentence:
    """The sentence on ``seat`` reaching the target first: who takes one more turn.

    The total is said as the English ruling always wrote it (1000, not 1,000).
    """
    others = board.still_to_play()
    player, reached = board.players[seat], str(total)
    if not others:
        return say(
            "{player} reached {total} and is the original leader.", player=player, total=reached
        )
    if len(others) == 1:
        return say(
            "{player} reached {total} and is the original leader: {other} takes one more turn.",
            player=player,
            total=reached,
            other=others[0],
        )
    return say(
        "{player} reached {total} and is the original leader: {others} each take one more turn.",
        player=player,
        total=reached,
        others=listed(others),
    )


MOVES = {"roll": _roll, SET_ASIDE: _set_aside, "bank": _bank}
MOVE_FIELDS = {"roll": ("dice",), SET_ASIDE: ("dice",), "bank": ()}


def still_to_play(state: SB) -> list[str]:
    """Players who still have a turn in the endgame, in order (empty before it starts)."""
    return state.board.still_to_play()


# A legal pick, judged for the play page: LEGAL, or BANKABLE when it leaves both keys down,
# so that "Set aside and bank" may post it (play.js enables a button from its data-least).
# Every key not yet set aside is in each roll, so some pick of every roll is BANKABLE.
LEGAL, BANKABLE = 1, 2


def choices(state: SB) -> list[dict[str, Any]]:
    """Every legal move other than a roll: distinct set-asides, and bank when allowed."""
    return set_aside_choices(state, may_set_aside, may_bank=state.may_bank)


def worth_colours(state: SB) -> dict[int, int]:
    """What each base value set aside is worth now (for colouring dice); empty before both keys."""
    keys = state.turn_keys
    if len(keys) < KEYS:
        return {}
    return {v: die_worth(keys, v) for v in range(1, 7)}
