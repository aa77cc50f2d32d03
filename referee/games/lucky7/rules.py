"""Lucky Sevens: eight dice, score sevens, reach exactly 100.

After each roll the player scores one or more disjoint sevens (2 to 7 dice of
this roll summing to 7; bigger sevens pay more), then banks or rolls the dice
left.  A roll with no seven busts the turn.  With one die left the next roll is
all eight; with none left the player Completed the Set, earns ``set_bonus`` and
rolls all eight.  After a bank the next player may steal: take over the turn
total and the dice left, or start fresh.  Nobody may pass ``target``; a choice
reaching it must leave no seven among the unscored dice, and reaching it wins at
once.  A roll that offers no legal choice busts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from operator import sub
from typing import Any

from referee.core.dice import Die, parse_dice, spell, take_from
from referee.core.engine import PUSH_YOUR_LUCK, Option, RuleViolation, TurnMark
from referee.core.sentences import Sentence, both, say, say_n
from referee.families.pushluck import (
    CHOOSE,
    ROLL,
    Scoreboard,
    left_on_table,
    nothing_to_bank,
    read_roll,
    roll_first,
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

SLUG = "lucky7"
TITLE = say("Lucky Sevens")
KIND = PUSH_YOUR_LUCK
MIN_PLAYERS = 1
MAX_PLAYERS = 8
DICE = 8
SEVEN = 7
OPTIONS = (
    Option(
        "target",
        100,
        say("Target"),
        say("The exact score that wins; nobody may pass it."),
        minimum=1,
        maximum=1000,
    ),
    Option(
        "set_bonus",
        5,
        say("Completed-set bonus"),
        say("Points for scoring every die; the source's table says 6."),
        choices=(5, 6),
    ),
)
SEVEN_POINTS = {2: 1, 3: 2, 4: 3, 5: 5, 6: 8, 7: 12}
START, SCORE = "start", "score"  # the phases besides ROLL and CHOOSE (see ``Lucky7``)

Counts = tuple[int, ...]  # how many dice show 1, 2, ... 6


def counts_of(values: Sequence[int]) -> Counts:
    """Dice values as counts per face."""
    return tuple(values.count(v) for v in range(1, 7))


def _partitions(total: int, largest: int) -> list[tuple[int, ...]]:
    if total == 0:
        return [()]
    return [
        (part, *rest)
        for part in range(min(total, largest), 0, -1)
        for rest in _partitions(total - part, part)
    ]


# Every way dice can make seven: the partitions of 7 into two or more faces.
SEVEN_SHAPES: tuple[Counts, ...] = tuple(
    counts_of(list(p)) for p in _partitions(SEVEN, 6) if len(p) >= 2
)


def _minus(counts: Counts, shape: Counts) -> Counts | None:
    left = tuple(map(sub, counts, shape))  # both six counts long, one per face
    return None if min(left) < 0 else left


@cache
def has_seven(counts: Counts) -> bool:
    """True when some of these dice sum to exactly 7 (kept per multiset: at most 3,003 of
    up to eight dice, asked of every roll the odds weigh)."""
    return any(_minus(counts, shape) is not None for shape in SEVEN_SHAPES)


@lru_cache(maxsize=4096)
def all_choices(counts: Counts, start: int = 0) -> tuple[tuple[Counts, ...], ...]:
    """Every non-empty collection of disjoint sevens these dice allow (shapes in order)."""
    found: list[tuple[Counts, ...]] = []
    for index in range(start, len(SEVEN_SHAPES)):
        left = _minus(counts, SEVEN_SHAPES[index])
        if left is None:
            continue
        found.append((SEVEN_SHAPES[index],))
        found.extend((SEVEN_SHAPES[index], *more) for more in all_choices(left, index))
    return tuple(found)


def seven_points(shape: Counts) -> int:
    """Points for one seven by its number of dice."""
    return SEVEN_POINTS[sum(shape)]


@dataclass(frozen=True)
class Choice:
    """A scoring choice judged against the finish: its points and whether it is allowed."""

    sevens: tuple[Counts, ...]
    points: int
    completes_set: bool
    reaches: int
    problem: str | None
    left: Counts  # the dice it leaves unscored, as counts per face

    def dice(self) -> list[list[str]]:
        """The sevens in log notation."""
        return [
            [str(v) for v, n in zip(range(1, 7), shape, strict=True) for _ in range(n)]
            for shape in self.sevens
        ]


def judge(
    sevens: Sequence[Counts], roll: Counts, score_before: int, target: int, bonus: int
) -> Choice:
    """Points of a choice of sevens from ``roll`` and why it breaks the finish rule, if it does.

    ``score_before`` is the player's banked total plus the turn so far.
    """
    left = roll
    for shape in sevens:
        left = _minus(left, shape) or left
    completes = sum(left) == 0
    pts = sum(seven_points(s) for s in sevens) + (bonus if completes else 0)
    reaches = score_before + pts
    problem = finish_problem(reaches, target, left)
    return Choice(tuple(sevens), pts, completes, reaches, problem, left)


def finish_problem(reaches: int, target: int, left: Counts) -> str | None:
    """Why a choice that takes the score to ``reaches`` and leaves the dice ``left`` unscored
    breaks the finish rule, or None when it does not.

    Scores are said as text (``str``): this game's English writes 1000, never 1,000.
    """
    if reaches > target:
        return say(
            "it would reach {reaches}, past {target}", reaches=str(reaches), target=str(target)
        )
    if reaches == target and has_seven(left):
        return say(
            "it reaches {target} but leaves a seven among the dice not scored", target=str(target)
        )
    return None


def legal_choices(roll: Counts, score_before: int, target: int, bonus: int) -> list[Choice]:
    """Every choice the finish rule allows for this roll, highest points first."""
    judged = (judge(c, roll, score_before, target, bonus) for c in all_choices(roll))
    return sorted((c for c in judged if c.problem is None), key=lambda c: -c.points)


@dataclass(frozen=True)
class Lucky7:
    """The state of a Lucky Sevens table.

    ``phase``: "start" (roll eight, or steal when ``stealable``), "roll" (must
    roll: after a steal or after scoring), "score" (a roll is on the table and a
    seven must be scored) or "choose" (scored from this roll: bank, roll on, or
    score more from the same roll).
    """

    board: Scoreboard
    target: int
    set_bonus: int
    phase: str = START
    roll: tuple[Die, ...] = ()
    scored: tuple[Die, ...] = ()
    to_roll: int = DICE
    turn_total: int = 0
    stealable: tuple[int, int] | None = None
    stolen_from: str | None = None
    ruling: str = ""

    @property
    def on_table(self) -> tuple[Die, ...]:
        """Dice of the current roll not scored yet."""
        return left_on_table(self.roll, self.scored)

    @property
    def score_before(self) -> int:
        """The player's banked total plus this turn's points so far."""
        return self.board.score + self.turn_total


BUST = TurnMark(say("bust"))
EXACT_FINISH = TurnMark(say("exact finish"))


def stolen_from(victim: str) -> TurnMark:
    """The mark of a banked turn that was stolen from ``victim``."""
    return TurnMark(
        say("stole from {victim}", victim=victim),
        cell="S {points}",
        legend=say("S: a stolen turn; its points include the total taken over"),
    )


def start(players: Sequence[str], options: Mapping[str, int]) -> Lucky7:
    """A new game: everyone on 0, the first player to roll eight dice."""
    state = Lucky7(Scoreboard.seated(players), options["target"], options["set_bonus"])
    return replace(state, ruling=say("{player} to roll eight dice.", player=state.board.player))


def dice_to_roll(state: Lucky7) -> int | None:
    """How many dice the next roll has, or None when a roll is not allowed now."""
    if state.board.over or state.phase == SCORE:
        return None
    return DICE if state.phase == START else state.to_roll


def next_roll_size(left: int) -> int:
    """How many dice the next roll has with ``left`` unscored: one or none, all eight again."""
    return DICE if left <= 1 else left


def _roll(state: Lucky7, move: Mapping[str, Any]) -> Lucky7:
    expected = dice_to_roll(state)
    if expected is None:
        raise RuleViolation(
            "score-first", say("Score at least one seven from this roll before rolling again.")
        )
    dice = read_roll(state, move, expected)
    if any(d.key for d in dice):
        raise RuleViolation("bad-die", say("Lucky Sevens has no key dice."))
    if state.phase == START:
        state = replace(state, turn_total=0, stolen_from=None)
    state = replace(state, stealable=None)
    counts = counts_of([d.value for d in dice])
    player = state.board.player
    if not has_seven(counts):
        return _bust(state, say("Bust: no seven in {dice}", dice=spell(dice)))
    if not legal_choices(counts, state.score_before, state.target, state.set_bonus):
        need = state.target - state.score_before
        if need <= 0:  # only after stealing a turn that takes the player to the target or past it
            return _bust(
                state,
                say(
                    "Bust: with the stolen points {player} is on {score}, so any seven in {dice} "
                    "would pass {target}",
                    player=player,
                    score=str(state.score_before),
                    dice=spell(dice),
                    target=str(state.target),
                ),
            )
        return _bust(
            state,
            say(
                "Bust: {player} needs exactly {need}, and no way to score {dice} stays within "
                "{target} without leaving a seven",
                player=player,
                need=str(need),
                dice=spell(dice),
                target=str(state.target),
            ),
        )
    return replace(
        state,
        phase=SCORE,
        roll=dice,
        scored=(),
        ruling=say(
            "{player} rolled {dice}: score one or more sevens.", player=player, dice=spell(dice)
        ),
    )


def _bust(state: Lucky7, words: Sentence) -> Lucky7:
    player = state.board.player
    board = state.board.end_turn(0, bust=True, mark=BUST)
    said = {"bust": words, "player": player, "lost": str(state.turn_total)}
    then = board.whats_next()
    if state.stolen_from and state.turn_total:
        ruling = say(
            "{bust} — {player} loses {lost} (stolen from {victim}). {then} Nothing to steal.",
            victim=state.stolen_from,
            then=then,
            **said,
        )
    elif state.turn_total:
        ruling = say("{bust} — {player} loses {lost}. {then} Nothing to steal.", then=then, **said)
    else:
        ruling = say("{bust}. {then} Nothing to steal.", bust=words, then=then)
    return Lucky7(board, state.target, state.set_bonus, ruling=ruling)


def read_sevens(raw: object) -> list[tuple[Die, ...]]:
    """The sevens of a score move, each a tuple of dice."""
    if not isinstance(raw, list | tuple) or not raw:
        raise RuleViolation("bad-move", say("Score at least one seven: a list of groups of dice."))
    return [parse_dice(group, what=say("seven")) for group in raw]


def _score(state: Lucky7, move: Mapping[str, Any]) -> Lucky7:
    if state.phase not in (SCORE, CHOOSE):
        raise roll_first(state, say("scoring"))
    groups = read_sevens(move.get("sevens"))
    for group in groups:
        total = sum(d.value for d in group)
        if not 2 <= len(group) <= 7 or total != SEVEN:
            raise RuleViolation(
                "not-a-seven",
                say("{dice} adds up to {total}, not 7.", dice=spell(group), total=total)
                if group and total != SEVEN
                else say("A seven is 2 to 7 dice."),
            )
    taken, left = take_from(state.on_table, [d for g in groups for d in g])
    shapes = [counts_of([d.value for d in g]) for g in groups]
    table = counts_of([d.value for d in state.on_table])
    choice = judge(shapes, table, state.score_before, state.target, state.set_bonus)
    player = state.board.player
    if choice.problem:
        raise RuleViolation(
            "past-target" if choice.reaches > state.target else "seven-left",
            say("{player} cannot score that: {problem}.", player=player, problem=choice.problem),
        )
    turn_total = state.turn_total + choice.points
    state = replace(
        state,
        phase=CHOOSE,
        scored=state.scored + taken,
        turn_total=turn_total,
        to_roll=next_roll_size(len(left)),
    )
    scored = say(
        "{player} scored {sevens}: +{points}",
        player=player,
        sevens=both([spell(g) for g in groups]),
        points=choice.points,
    )
    if choice.completes_set:
        scored = say(
            "{scored} including the Completed Set bonus of {bonus}",
            scored=scored,
            bonus=state.set_bonus,
        )
    if choice.reaches == state.target:
        board = state.board.end_turn(turn_total, mark=EXACT_FINISH).finish()
        ruling = say(
            "{scored}, exactly {target}. {result}",
            scored=scored,
            target=str(state.target),
            result=board.result(),
        )
        return Lucky7(board, state.target, state.set_bonus, ruling=ruling)
    if len(left) <= 1:
        again = say("all eight dice again")
    else:
        again = say("the {count} dice left", count=len(left))
    ruling = say(
        "{scored}; turn total {total}: bank, or roll {again}.",
        scored=scored,
        total=str(turn_total),
        again=again,
    )
    return replace(state, ruling=ruling)


def _bank(state: Lucky7, move: Mapping[str, Any]) -> Lucky7:
    if state.phase != CHOOSE:
        raise nothing_to_bank(state, say("score a seven"))
    player = state.board.player
    mark = stolen_from(state.stolen_from) if state.stolen_from else None
    board = state.board.end_turn(state.turn_total, mark=mark)
    banked = board.scores[(board.seat - 1) % len(board.players)]
    ruling = say(
        "{player} banked {gain}: total {total}.",
        player=player,
        gain=str(state.turn_total),
        total=str(banked),
    )
    if len(board.players) == 1:
        alone = say("{ruling} Roll eight dice.", ruling=ruling)
        return Lucky7(board, state.target, state.set_bonus, ruling=alone)
    ruling = say(
        "{ruling} {player} may steal {points} and roll {dice}, or start fresh with eight.",
        ruling=ruling,
        player=board.player,
        points=_points(state.turn_total),
        dice=_dice(state.to_roll),
    )
    offer = (state.turn_total, state.to_roll)
    return Lucky7(board, state.target, state.set_bonus, stealable=offer, ruling=ruling)


def _steal(state: Lucky7, move: Mapping[str, Any]) -> Lucky7:
    if state.phase != START or state.stealable is None:
        raise RuleViolation(
            "nothing-to-steal",
            say("Only a turn that was just banked can be stolen, before the next player rolls."),
        )
    total, dice = state.stealable
    victim = state.board.players[(state.board.seat - 1) % len(state.board.players)]
    player = state.board.player
    return replace(
        state,
        phase=ROLL,
        turn_total=total,
        to_roll=dice,
        stealable=None,
        stolen_from=victim,
        roll=(),
        scored=(),
        ruling=say(
            "{player} steals {victim}'s {points}: roll {dice}.",
            player=player,
            victim=victim,
            points=_points(total),
            dice=_dice(dice),
        ),
    )


def _dice(n: int) -> Sentence:
    return say_n("{count} die", "{count} dice", n)


def _points(n: int) -> Sentence:
    return say_n("{count} point", "{count} points", n)


MOVES = {"roll": _roll, SCORE: _score, "bank": _bank, "steal": _steal}
MOVE_FIELDS = {"roll": ("dice",), SCORE: ("sevens",), "bank": (), "steal": ()}
GROUPS = ("A", "B", "C", "D")


def choices(state: Lucky7) -> list[dict[str, Any]]:
    """Every legal move other than a roll: distinct scoring choices, bank, steal."""
    moves: list[dict[str, Any]] = []
    if state.phase == START and state.stealable:
        moves.append({"type": "steal"})
    if state.phase in (SCORE, CHOOSE):
        table = counts_of([d.value for d in state.on_table])
        for choice in legal_choices(table, state.score_before, state.target, state.set_bonus):
            moves.append({"type": SCORE, "sevens": choice.dice()})
    if state.phase == CHOOSE:
        moves.append({"type": "bank"})
    return moves


def finish_advice(state: Lucky7) -> list[Choice] | None:
    """Near the end, every choice for the dice on the table judged (legal or not); else None.

    The finish matters once some choice would reach or pass the target.
    """
    if state.phase not in (SCORE, CHOOSE):
        return None
    table = counts_of([d.value for d in state.on_table])
    judged = [
        judge(c, table, state.score_before, state.target, state.set_bonus)
        for c in all_choices(table)
    ]
    if all(c.reaches < state.target for c in judged):
        return None
    return sorted(judged, key=lambda c: (c.problem is not None, -c.points))


def choice_key(sevens: Sequence[Sequence[str]]) -> str:
    """A choice of sevens as the turn screen keys it, whatever the order of its groups and
    dice: "1,6|2,5" (static/games/lucky7.js builds the same key from the tapped groups)."""
    return "|".join(sorted(",".join(sorted(group)) for group in sevens))


def finish_problems(advice: Sequence[Choice] | None) -> dict[str, str]:
    """Near the end, why each choice that breaks the finish rule is refused, by
    ``choice_key``: what the turn screen flags while its groups are tapped."""
    return {choice_key(c.dice()): c.problem for c in advice or () if c.problem}
