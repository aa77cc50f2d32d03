"""10K's odds: what a roll of n dice can give, counted exactly over all 6**n outcomes, and
the advice of the policy that maximises the points banked this turn (issue 17).

The figures rest on 10K's own scoring (``best_split``); this module only counts, and the
dynamic programming is ``referee.families.turn_odds``'s.  A position is (dice to roll, turn total,
entry still needed); banking scores the total, or 0 short of the entry threshold; a bust
banks nothing.  Hot dice make totals unbounded: from ``settled_total()`` (about 20,973)
banking is provably best with any number of dice, which bounds the search.

The target does not change what a turn can bank, so the worths ignore it; in the final
round a note gives the chance to pass the best other total, played for that alone.

Every figure is worked out within a fixed budget, whatever the scores (a table can bank
200,000 in a final round): chances to bank are worked out exactly up to ``EXACT_MOST``
points, and past it bounded (``chance_bound``); with an entry threshold past the settled
total the worths of a turn still short of it are left out, with a note saying why (rolling
on is best until the threshold, banking from it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache, partial
from itertools import combinations_with_replacement
from math import ceil, factorial, floor, log10, prod
from typing import Any

from referee.core.dice import Die, spell, sub_multisets
from referee.core.errors import SetupError
from referee.core.odds import Advice, Figure, Flag, number, optional, percent
from referee.core.sentences import say
from referee.families.pushluck import ROLL, SET_ASIDE, dice_count
from referee.families.turn_odds import (
    BANK,
    BANKED_THIS_TURN,
    Part,
    Runs,
    Shape,
    Step,
    TurnOdds,
    bank_runs,
    bank_words_each,
    best_worth,
    passing_note,
    roll_figures,
    set_aside_advice_key,
    set_aside_steps,
    settled_from,
    turn_advice,
)
from referee.games.tenk import winning as tenk_winning
from referee.games.tenk.rules import COLOUR_RUN_ORDER, DICE, TenK, best_split, dice_to_roll

# One kind of outcome of a roll: how many of the 6**n ordered outcomes give it, and the
# set-asides it allows as (points, dice left), the best points for each number left.
Outcome = tuple[int, tuple[tuple[int, int], ...]]
COLOUR_RUN_DICE = tuple(Die(v, c) for v, c in zip(range(1, 7), COLOUR_RUN_ORDER, strict=True))


def _ways(values: Sequence[int]) -> int:
    """How many ordered rolls show exactly these values."""
    return factorial(len(values)) // prod(factorial(c) for c in Counter(values).values())


def _set_asides(dice: Sequence[Die]) -> tuple[tuple[int, int], ...]:
    """The best points of a set-aside from ``dice`` for each number of dice it leaves."""
    best: dict[int, int] = {}
    for picked in sub_multisets(dice):
        split = best_split(picked)
        if split is not None:
            left = len(dice) - len(picked)
            best[left] = max(best.get(left, 0), split.points)
    return tuple((points, left) for left, points in sorted(best.items()))


@cache
def roll_outcomes(n: int) -> tuple[Outcome, ...]:
    """Every kind of roll of ``n`` dice with its number of ways, out of ``6**n``.

    A straight of six splits in two: one ordered outcome in 720 is the colour run.
    An outcome with no set-aside is a bust.
    """
    found: list[Outcome] = []
    for values in combinations_with_replacement(range(1, 7), n):
        dice = tuple(Die(v) for v in values)
        ways = _ways(values)
        if dice == tuple(Die(v) for v in range(1, 7)):
            found.append((1, _set_asides(COLOUR_RUN_DICE)))
            ways -= 1
        found.append((ways, _set_asides(dice)))
    return tuple(found)


# --- The turn, as the odds read it (``referee.families.turn_odds``) ----------------------

# Where a turn stands once dice are set aside: (dice the next roll has, turn total, the entry
# threshold while the total is still short of it, else 0).  Six dice after hot dice.
Position = tuple[int, int, int]


def position(dice: int, total: int, entry: int) -> Position:
    """The position with ``dice`` to roll and ``total`` set aside, for a player who needs
    ``entry`` in one turn to get on the board (0: on the board already)."""
    return (dice, total, entry if total < entry else 0)


@cache
def _shape(n: int) -> tuple[Shape, tuple[tuple[int, int], ...]]:
    """The outcomes of a roll of ``n`` dice, with their set-asides as moves: (points, dice
    the next roll has), all six again after hot dice."""
    return Shape.of(
        (ways, [(points, left or DICE) for points, left in takes])
        for ways, takes in roll_outcomes(n)
    )


def one_roll(n: int) -> tuple[Fraction, Fraction]:
    """(chance to bust, E[best points of the set-aside, 0 on a bust]) of a roll of ``n`` dice."""
    bust = sum(ways for ways, takes in roll_outcomes(n) if not takes)
    best = sum(ways * max(p for p, _ in takes) for ways, takes in roll_outcomes(n) if takes)
    return Fraction(bust, 6**n), Fraction(best, 6**n)


@cache
def settled_total() -> Fraction:
    """The turn total from which banking is provably best with any number of dice:
    2,831,375/5,832 expected points over a 5/216 bust chance with six dice, about 20,973
    (``referee.families.turn_odds.settled_from`` says why)."""
    return settled_from(one_roll(n) for n in range(1, DICE + 1))


class Turn:
    """10K's turn for the odds: banking scores the total, or 0 short of the entry threshold."""

    def bank(self, pos: Position) -> int:
        return 0 if pos[2] else pos[1]

    def total(self, pos: Position) -> int:
        return pos[1]

    def settled(self, pos: Position) -> bool:
        return not pos[2] and pos[1] >= settled_total()

    def roll(self, pos: Position) -> tuple[Part[Position], ...]:
        dice, total, entry = pos
        shape, moves = _shape(dice)
        if entry:
            after = tuple(position(left, total + p, entry) for p, left in moves)
        else:
            after = tuple((left, total + p, 0) for p, left in moves)
        return (Part(shape, after),)


TURN = Turn()
ODDS: TurnOdds[Position] = TurnOdds(TURN)


class Passing:
    """10K's turn played only to bank some points or more: a position is (dice to roll,
    points still needed, a multiple of 50 like every total), its value the best chance to
    bank them.  Points add up, so one table serves every goal."""

    def bank(self, pos: tuple[int, int]) -> int:
        return int(pos[1] == 0)

    def total(self, pos: tuple[int, int]) -> int:
        return 0

    def settled(self, pos: tuple[int, int]) -> bool:
        return pos[1] == 0

    def roll(self, pos: tuple[int, int]) -> tuple[Part[tuple[int, int]], ...]:
        dice, need = pos
        shape, moves = _shape(dice)
        return (Part(shape, tuple((left, max(need - p, 0)) for p, left in moves)),)


PASSING: TurnOdds[tuple[int, int]] = TurnOdds(Passing())


# The most points a chance to bank is worked out for exactly (about 1 in a million for
# 20,000; 0.1 s of CPU once per process); past it a chance is bounded.
EXACT_MOST = 20_000


def _needing(step: Step[Position], goal: int) -> Step[tuple[int, int]]:
    """``step`` as a step of the passing turn, towards ``goal`` (short of the entry threshold
    a bank adds nothing, so it takes the threshold too)."""
    dice, total, entry = step.pos
    return Step(step.key, step.words, (dice, _still_needed(max(goal, entry), total)), step.kind)


@cache
def most_one_roll() -> int:
    """The most points one roll can add: 10,000, the colour run."""
    return max(p for n in range(1, DICE + 1) for _, takes in roll_outcomes(n) for p, _ in takes)


@cache
def _log_chance_at_most(dice: int) -> float:
    """log10 of the chance to bank ``EXACT_MOST`` from the turn's start with ``dice``
    (0: with any number of dice, the most of them), a hair above the exact value."""
    dice_counts = range(1, DICE + 1) if dice == 0 else (dice,)
    chance = max(PASSING.value((n, EXACT_MOST)) for n in dice_counts)
    return log10(chance) + 1e-9


def chance_bound(dice: int, need: int) -> float:
    """log10 of an upper bound on the chance to bank ``need`` (over ``EXACT_MOST``) with
    ``dice`` to roll, playing for that alone.

    Why it is sound: write q(d, n) for that chance, Q(n) for its most over d, A for
    ``EXACT_MOST`` and M for ``most_one_roll``.  A turn that banks n first gains A or more
    (chance at most q(d, A)), and at that moment has gained less than A + M, so it still
    needs more than n - A - M, from any dice (chance at most Q(n - A - M), the turn going
    on from there like a new one).  So q(d, n) <= q(d, A) Q(n - A - M), and as chances fall
    as the need grows, q(d, n) <= q(d, A) Q(A)^(k - 1) with k = 1 + (n - A) // (A + M).
    """
    times = (need - EXACT_MOST) // (EXACT_MOST + most_one_roll())
    return _log_chance_at_most(dice) + times * _log_chance_at_most(0)


def chance_words(steps: Sequence[Step[Position]], goal: int) -> str:
    """The best chance, over ``steps``, to bank ``goal`` or more this turn, in words: exact
    where every step needs at most ``EXACT_MOST``, else bounded: "under 1 in 10^41"."""
    needs = [_needing(step, goal) for step in steps]
    exact = [step for step in needs if step.pos[1] <= EXACT_MOST]
    bounded = [step.pos for step in needs if step.pos[1] > EXACT_MOST and step.kind != BANK]
    found = best_worth(PASSING, exact) if exact else Fraction(0)
    if not bounded:
        return percent(found)
    bound = max(chance_bound(dice, need) for dice, need in bounded)
    if found and log10(found) >= bound:
        return percent(found)
    places = floor(-bound)
    if places < 10:
        return say("under 1 in {number}", number=10**places)
    return say("under 1 in 10^{places}", places=str(places))


def _still_needed(goal: int, total: int) -> int:
    """What a total needs to reach ``goal``, up to a multiple of 50 (totals are such)."""
    return max(ceil((goal - total) / 50) * 50, 0)


@cache
def _warm(target: int) -> None:
    """Work out the chances to bank up to the target once, with the rest of the first advice,
    so that no final-round page pays for them (about 6.5 ms per 1,000 points)."""
    PASSING.value((DICE, _still_needed(min(target, EXACT_MOST), 0)))


def worked_out(entry: int) -> bool:
    """Whether the worths of a turn short of ``entry`` are worked out: below the settled
    total (0.15 s of CPU once per process at most).  Past it, banking is best from the
    threshold on, and scores nothing before it: rolling on until then is best play."""
    return entry < settled_total()


@cache
def runs(dice: int, entry: int) -> Runs:
    """The turn totals at which best play banks with ``dice`` to roll (multiples of 50 up to
    the settled total, and the entry threshold)."""
    top = max(entry, ceil(settled_total() / 50) * 50)
    return bank_runs(ODDS, [(t, position(dice, t, entry)) for t in range(50, top + 50, 50)])


def policy(dice: int | None, entry: int) -> str:
    """The policy the worths assume, with where it banks with ``dice`` (None: every count)."""
    if not worked_out(entry):
        return say(
            "most points this turn: roll on until the total reaches {entry}, then bank",
            entry=entry,
        )
    counts = range(1, DICE + 1) if dice is None else (dice,)
    shown = bank_words_each([(dice_count(n), runs(n, entry)) for n in counts])
    return say("most points this turn: {policy}", policy=shown)


# --- Advice -----------------------------------------------------------------------------------


def _roll_words(dice: int, total: int) -> str:
    if dice == DICE:
        return say("roll all six again") if total else say("roll six dice")
    return say("roll {dice}", dice=dice_count(dice))


def _bank_words(pos: Position, entry: int) -> str:
    if pos[2]:
        return say("bank {total} (scores 0: short of the {entry} entry)", total=pos[1], entry=entry)
    return say("bank {total}", total=pos[1])


def _then(pos: Position) -> str:
    if not worked_out(pos[2]):
        return _roll_words(pos[0], pos[1])
    return say("bank") if ODDS.banks(pos) else _roll_words(pos[0], pos[1])


def _takes(state: TenK, entry: int) -> list[Step[Position]]:
    """A step for each set-aside the dice on the table allow, with those taken already."""

    def follow(pick: tuple[Die, ...]) -> tuple[Position, str] | None:
        split = best_split(state.taken + pick)
        if split is None:
            return None
        left = len(state.roll) - len(state.taken) - len(pick)
        after = position(left or DICE, state.earlier + split.points, entry)
        return after, say(
            "set aside {dice} ({points}), then {then}",
            dice=spell(pick),
            points=split.points,
            then=_then(after),
        )

    return set_aside_steps(state, follow)


def advise(
    dice: int | None,
    total: int,
    entry: int,
    *,
    takes: Sequence[Step[Position]] = (),
    score: int = 0,
    best_other: int | None = None,
) -> Advice:
    """The advice at a turn total with ``dice`` to roll (None: a roll is on the table and
    ``takes`` are the set-asides it allows); a turn total of 0 is the turn's first roll.

    ``best_other``: in the final round, the best total of the others.
    """
    steps = list(takes)
    figures: tuple[Figure, ...] = ()
    if dice is not None:
        pos = position(dice, total, entry)
        rolling = Step(ROLL, _roll_words(dice, total), pos, ROLL)
        banking = [Step(BANK, _bank_words(pos, entry), pos, BANK)] if total else []
        steps = [*banking, rolling, *steps]
        figures = roll_figures(ODDS, pos)
    shown = policy(dice if total else None, entry)
    notes = passing_note(score, best_other, partial(chance_words, steps))
    if total < entry and not worked_out(entry):
        left_out = (
            say(
                "The worths are left out until the turn reaches the {entry} entry (an entry "
                "this high is not worked out); until then rolling on is best.",
                entry=entry,
            ),
        )
        return Advice(figures, (), shown, (*notes, *left_out), worth=BANKED_THIS_TURN)
    return turn_advice(ODDS, steps, figures=figures, policy=shown, notes=notes)


def advice(state: TenK) -> Advice | None:
    """The odds of the decision in front of the player to move: see ``advise``."""
    board = state.board
    if board.over:
        return None
    _warm(state.target)
    entry = 0 if state.entered else state.entry
    others = [s for seat, s in enumerate(board.scores) if seat != board.seat]
    best_other = max(others, default=None) if board.in_final_round else None
    takes = _takes(state, entry) if state.phase != ROLL else []
    dice = None if state.phase == SET_ASIDE else dice_to_roll(state)
    found = advise(
        dice, state.turn_total, entry, takes=takes, score=board.score, best_other=best_other
    )
    if len(board.scores) != 2 or dice is None or (state.target, state.entry) != WIN_TABLE_RULES:
        return found
    them = board.scores[1 - board.seat]
    return _with_winning(found, board.score, them, state.turn_total, dice)


WIN_TABLE_RULES = (10_000, 500)  # the target and entry the shipped win table was built for


def _with_winning(found: Advice, score: int, them: int, total: int, dice: int) -> Advice:
    """``found`` with the two-player game's advice to win (``tenk_winning``) as a note."""
    words = tenk_winning.note(score, them, total, dice)
    return replace(found, notes=(*found.notes, words)) if words else found


def advice_key(state: TenK, move: Mapping[str, Any]) -> str | None:
    """The key of the ``advice`` choice ``move`` makes: "bank", "roll", "set_aside 1,1,5"."""
    return set_aside_advice_key(state, move, lambda dice: best_split(dice) is not None)


def advice_for(values: Mapping[str, Any]) -> Advice:
    """The advice for ``referee odds``: dice to roll, turn total, score, entry, in the
    final round the best other total (``beat``), and in a two-player game to 10,000 the
    other player's total (``them``: adds the advice to win)."""
    dice, total, score, entry = values["dice"], values["turn"], values["score"], values["entry"]
    if total == 0 and dice != DICE:
        raise SetupError(f"--turn 0 is the turn's first roll, which has six dice, not {dice}.")
    need = 0 if score > 0 or entry == 0 else entry
    found = advise(dice, total, need, score=score, best_other=values.get("beat"))
    them = values.get("them")
    if them is None:
        return found
    if entry != WIN_TABLE_RULES[1]:
        raise SetupError(
            f"--them needs the entry of {WIN_TABLE_RULES[1]} the win table was built for."
        )
    return _with_winning(found, score, them, total, dice)


# The inputs of ``referee odds tenk``: ``advice_for`` reads their values.
ODDS_FLAGS = (
    Flag("dice", "dice the next roll has, 1-6", "6", number(1, DICE)),
    Flag(
        "turn",
        "points set aside this turn (0: the turn's first roll)",
        "0",
        number(0, 10**6, step=50),
    ),
    Flag(
        "score",
        "the player's banked total (0: not on the board yet)",
        "0",
        number(0, 10**7, step=50),
    ),
    Flag("entry", "points a player on 0 needs in one turn", "500", number(0, 100_000)),
    Flag(
        "beat", "in the final round: the best total of the others", "", optional(number(0, 10**7))
    ),
    Flag(
        "them",
        "in a two-player game to 10,000: the other player's total (adds the advice to win)",
        "",
        optional(number(0, 10**7, step=50)),
    ),
)
