"""Lucky Sevens' odds: the advice of the policy that maximises the points banked this turn,
worked out exactly over every position of the turn (issue 17).

A position is (dice the next roll has, turn total, room): room is what the player may
still score before the target, target - banked score - turn total.  A roll offers every
choice of sevens the finish rule allows (``lucky7.finish_problem``: none past the target,
none reaching it with a seven left unscored) and busts when it offers none, so near the
target more rolls bust.  A choice that reaches the target exactly ends the turn and the
game (position (0, total, 0)); banking scores the turn total.  Room bounds the totals, so
the search needs no bound; each banked score has its own positions, worked out on the
first advice of the turn, and only the last ``ROOMS_KEPT`` are kept (a long game at a high
target reaches hundreds of banked scores).

The worths count this turn's points only: banking with dice left offers the next player
a steal, which they do not weigh.  Stealing (``steal``) is worth rolling from the stolen
position, against rolling eight afresh (``roll``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from referee.core.dice import take_from
from referee.core.errors import RuleViolation, SetupError
from referee.core.odds import Advice, Figure, Flag, number, optional
from referee.core.sentences import both, say
from referee.families.pushluck import dice_count
from referee.families.turn_odds import (
    BANK,
    TAKE,
    Part,
    Runs,
    Shape,
    Step,
    TurnOdds,
    bank_runs,
    bank_words_each,
    roll_figures,
    turn_advice,
)
from referee.games.lucky7.rules import (
    CHOOSE,
    DICE,
    ROLL,
    SCORE,
    SEVEN,
    START,
    Counts,
    Lucky7,
    all_choices,
    counts_of,
    finish_problem,
    judge,
    legal_choices,
    next_roll_size,
    read_sevens,
)

Position = tuple[int, int, int]  # (dice to roll, turn total, room); no dice: the game is won
STEAL = "steal"

# What a choice of sevens does: (points, the dice it leaves unscored as counts per face).
Effect = tuple[int, Counts]
# What an allowed choice leads to: (points, dice the next roll has; 0: it reaches the target).
Move = tuple[int, int]


@cache
def _effects(n: int, bonus: int) -> tuple[tuple[int, tuple[Effect, ...]], ...]:
    """Every kind of roll of ``n`` dice, alike when its choices do alike, with its ways."""
    ways_of: dict[tuple[Effect, ...], int] = {}
    for values in combinations_with_replacement(range(1, 7), n):
        counts = counts_of(list(values))
        # judged against a target of 0: only the points and the dice left are read here
        choices = (judge(sevens, counts, 0, 0, bonus) for sevens in all_choices(counts))
        key = tuple(sorted({(c.points, c.left) for c in choices}))
        ways = factorial(n) // prod(factorial(c) for c in Counter(values).values())
        ways_of[key] = ways_of.get(key, 0) + ways
    return tuple((ways, effects) for effects, ways in ways_of.items())


@cache
def _most(n: int, bonus: int) -> int:
    """The most points one roll of ``n`` dice can score."""
    return max(points for _, effects in _effects(n, bonus) for points, _ in effects)


@cache
def _moves(n: int, room: int, bonus: int) -> tuple[Shape, tuple[Move, ...]]:
    """The outcomes of a roll of ``n`` dice with ``room`` points to go, with the moves the
    choices the finish rule allows make."""
    return Shape.of(
        (
            ways,
            [
                (points, 0 if points == room else next_roll_size(sum(left)))
                for points, left in effects
                if finish_problem(points, room, left) is None
            ],
        )
        for ways, effects in _effects(n, bonus)
    )


@dataclass(frozen=True)
class Turn:
    """Lucky Sevens' turn for the odds, with a Completed Set worth ``bonus``."""

    bonus: int

    def bank(self, pos: Position) -> int:
        return pos[1]

    def total(self, pos: Position) -> int:
        return pos[1]

    def settled(self, pos: Position) -> bool:
        return False

    def roll(self, pos: Position) -> tuple[Part[Position], ...]:
        dice, total, room = pos
        if not dice:
            return ()
        # With more room than one roll can score, the target does not change what it allows.
        shape, moves = _moves(dice, min(room, _most(dice, self.bonus) + 1), self.bonus)
        return (Part(shape, tuple((m, total + p, room - p) for p, m in moves)),)


ROOMS_KEPT = 16  # turns' rooms kept: a room of 1,000 holds about 2.5 MB of positions


@lru_cache(maxsize=ROOMS_KEPT)
def odds(bonus: int, room: int) -> TurnOdds[Position]:
    """The odds of a turn whose Completed Set is worth ``bonus``, started ``room`` points short
    of the target: each of its positions has total + room = ``room`` (or has won)."""
    return TurnOdds(Turn(bonus))


# --- Policy -----------------------------------------------------------------------------------


@cache
def runs(bonus: int, room: int, dice: int) -> Runs:
    """The turn totals at which best play banks with ``dice`` to roll, for a player with
    ``room`` to go at the start of the turn."""
    family = [(t, (dice, t, room - t)) for t in range(1, room)]
    return bank_runs(odds(bonus, room), family)


def policy(bonus: int, room: int, dice: int | None) -> str:
    """The policy the worths assume, with where it banks with ``dice`` (None: every count)."""
    if room <= 1:
        return say("most points this turn: the next point reaches the target")
    counts = range(2, DICE + 1) if dice is None else (dice,)
    shown = bank_words_each([(dice_count(n), runs(bonus, room, n)) for n in counts])
    return say("most points this turn: {policy}", policy=shown)


# --- Advice -----------------------------------------------------------------------------------


def _roll_words(dice: int) -> str:
    return say("roll eight dice") if dice == DICE else say("roll {dice}", dice=dice_count(dice))


def _then(the_odds: TurnOdds[Position], pos: Position, target: int) -> str:
    if not pos[0]:
        return say("reaches {target}: wins", target=str(target))
    return say("bank") if the_odds.banks(pos) else _roll_words(pos[0])


def choice_key(points: int, left: int) -> str:
    """The key of a choice of sevens by what it does: "score 3 leaving 2"."""
    return f"{SCORE} {points} leaving {left}"


def _takes(state: Lucky7, the_odds: TurnOdds[Position]) -> list[Step[Position]]:
    """A step for each thing the allowed choices of sevens do (the first one that does it)."""
    table = counts_of([d.value for d in state.on_table])
    room = state.target - state.score_before
    steps: dict[str, Step[Position]] = {}
    for choice in legal_choices(table, state.score_before, state.target, state.set_bonus):
        left = sum(choice.left)
        key = choice_key(choice.points, left)
        if key in steps:
            continue
        if choice.reaches == state.target:
            after = (0, state.turn_total + choice.points, 0)
        else:
            after = (next_roll_size(left), state.turn_total + choice.points, room - choice.points)
        words = say(
            "score {sevens} (+{points}), then {then}",
            sevens=both([" ".join(group) for group in choice.dice()]),
            points=choice.points,
            then=_then(the_odds, after, state.target),
        )
        steps[key] = Step(key, words, after, TAKE)
    return list(steps.values())


def advise(
    bonus: int,
    target: int,
    score: int,
    *,
    dice: int | None,
    total: int,
    may_bank: bool,
    takes: Sequence[Step[Position]] = (),
    steal: tuple[int, int] | None = None,
) -> Advice:
    """The advice for a player on ``score`` with ``total`` this turn: to bank (``may_bank``)
    or roll ``dice``, or take one of ``takes`` from the roll on the table (``dice`` None);
    ``steal`` (points, dice) is a banked turn on offer at the start of a turn."""
    room = target - score
    the_odds = odds(bonus, room)
    steps = list(takes)
    figures: tuple[Figure, ...] = ()
    if dice is not None:
        pos = (dice, total, room - total)
        rolling = Step(ROLL, _roll_words(dice), pos, ROLL)
        banking = [Step(BANK, say("bank {total}", total=str(total)), pos, BANK)] if may_bank else []
        steps = [*banking, rolling, *steps]
        figures = roll_figures(the_odds, pos)
    if steal is not None:
        points, stolen_dice = steal
        stolen = (stolen_dice, points, room - points)
        words = say("steal {points} and {roll}", points=str(points), roll=_roll_words(stolen_dice))
        steps.append(Step(STEAL, words, stolen, ROLL))
        figures += (Figure(say("to bust stealing"), the_odds.bust(stolen)),)
    shown = policy(bonus, room, dice if may_bank else None)
    notes = (say("Banking offers the next player a steal; the worths count this turn only."),)
    return turn_advice(the_odds, steps, figures=figures, policy=shown, notes=notes)


def advice(state: Lucky7) -> Advice | None:
    """The odds of the decision in front of the player to move: see ``advise``."""
    if state.board.over:
        return None
    scoring = state.phase in (SCORE, CHOOSE)
    return advise(
        state.set_bonus,
        state.target,
        state.board.score,
        dice=None if state.phase == SCORE else (DICE if state.phase == START else state.to_roll),
        total=0 if state.phase == START else state.turn_total,
        may_bank=state.phase == CHOOSE,
        takes=_takes(state, odds(state.set_bonus, state.target - state.board.score))
        if scoring
        else (),
        steal=state.stealable if state.phase == START else None,
    )


def advice_key(state: Lucky7, move: Mapping[str, Any]) -> str | None:
    """The key of the ``advice`` choice ``move`` makes: "bank", "roll", "steal", or what a
    choice of sevens does ("score 3 leaving 2")."""
    kind = move.get("type")
    if kind in (BANK, ROLL, STEAL):
        return str(kind)
    if kind != SCORE or state.phase not in (SCORE, CHOOSE):
        return None
    try:
        groups = read_sevens(move.get("sevens"))
        take_from(state.on_table, [d for group in groups for d in group])
    except RuleViolation:
        return None
    if any(not 2 <= len(g) <= 7 or sum(d.value for d in g) != SEVEN for g in groups):
        return None
    table = counts_of([d.value for d in state.on_table])
    shapes = [counts_of([d.value for d in group]) for group in groups]
    choice = judge(shapes, table, state.score_before, state.target, state.set_bonus)
    if choice.problem is not None:
        return None
    return choice_key(choice.points, sum(choice.left))


def advice_for(values: Mapping[str, Any]) -> Advice:
    """The advice for ``referee odds``: dice to roll, turn total, score, target, bonus, and a
    banked turn on offer to steal (``steal``, at the start of a turn)."""
    dice, total, score, target = values["dice"], values["turn"], values["score"], values["target"]
    steal = values.get("steal")
    if score >= target:
        raise SetupError(f"A score of {score} has no room under the target of {target}.")
    if total == 0 and dice != DICE:
        raise SetupError(f"--turn 0 is the turn's first roll, which has eight dice, not {dice}.")
    if steal is not None and total:
        raise SetupError("A steal is on offer only at the start of a turn: leave out --turn.")
    if score + total >= target:
        raise SetupError(f"A turn total of {total} on {score} leaves no room under {target}.")
    return advise(
        values["set_bonus"], target, score, dice=dice, total=total, may_bank=total > 0, steal=steal
    )


# The inputs of ``referee odds lucky7``: ``advice_for`` reads their values.
def _offer(text: str) -> tuple[int, int]:
    """A banked turn on offer to steal, typed as points:dice ("12:3")."""
    points_text, _, dice_text = text.partition(":")
    try:
        offer = int(points_text), int(dice_text)
    except ValueError:
        offer = (0, 0)
    if offer[0] < 1 or not 2 <= offer[1] <= DICE:
        raise ValueError(f"points:dice of the banked turn, like 12:3 (2-8 dice), not {text!r}")
    return offer


ODDS_FLAGS = (
    Flag("dice", "dice the next roll has, 2-8", "8", number(2, DICE)),
    Flag("turn", "points scored this turn (0: the turn's first roll)", "0", number(0, 1000)),
    Flag("score", "the player's banked total", "0", number(0, 1000)),
    Flag("target", "the exact score that wins", "100", number(1, 1000)),
    Flag("set_bonus", "points for a Completed Set, 5 or 6", "5", number(5, 6)),
    Flag("steal", "a banked turn on offer to steal, as points:dice", "", optional(_offer)),
)
