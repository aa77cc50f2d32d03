"""Keys and Base Dice's odds: the advice of the policy that maximises the points banked this
turn, worked out exactly over every position of a turn (issue 17).

A position is what the turn has set aside: (key values, base values), each sorted.  The
next roll has the base dice and keys not set aside; it offers any non-empty choice of the
keys rolled, or of groups (two or more base dice of one value from this roll), and busts
only when it holds neither: while a key is unset a roll cannot bust.  Banking needs both
keys and scores ``turn_value``; with all ten set aside the turn scores at once.  The rules
are ``keys_and_base``'s: legal set-asides are the ones ``set_aside_problem`` lets through.

Positions that play alike share a value.  Once both keys are down only the worth of each
base value matters, so the keys become the least pair with the same worths and each base
value the least value worth the same (1 and 3 play as 4 and 6 do); before that, turning
every value v into 7 - v changes nothing.  Totals are bounded (ten dice), so the search
needs no bound.

The target does not change what a turn can bank, so the worths ignore it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from referee.core.dice import Die, spell, sub_multisets
from referee.core.errors import SetupError
from referee.core.odds import Advice, Figure, Flag, die_values, number, optional
from referee.core.sentences import Sentence, Value, both, say, say_n
from referee.families.pushluck import ROLL, SET_ASIDE
from referee.families.turn_odds import (
    BANK,
    Part,
    Runs,
    Shape,
    Step,
    TurnOdds,
    bank_runs,
    bank_words,
    passing_note,
    roll_figures,
    set_aside_advice_key,
    set_aside_steps,
    turn_advice,
)
from referee.games.sb.rules import (
    BASE_DICE,
    KEYS,
    SB,
    die_worth,
    set_aside_problem,
    turn_value,
)

Values = tuple[int, ...]
Position = tuple[Values, Values]  # (keys set aside, base dice set aside), sorted
FACES = range(1, 7)


# --- Positions that play alike ----------------------------------------------------------------


@cache
def _worths(keys: Values) -> Values:
    return tuple(sorted(die_worth(keys, v) for v in FACES))


@cache
def _alike(keys: Values) -> tuple[Values, Values]:
    """(the least key pair whose base values are worth what ``keys`` make them, the value that
    stands for each face 1-6 under it: the least one worth the same)."""
    pairs = combinations_with_replacement(FACES, KEYS)
    twin = min(pair for pair in pairs if _worths(pair) == _worths(keys))
    stand_in = tuple(
        min(u for u in FACES if die_worth(twin, u) == die_worth(keys, v)) for v in FACES
    )
    return twin, stand_in


def canonical(keys: Iterable[int], base: Iterable[int]) -> Position:
    """The position standing for every position that plays like (keys, base)."""
    keys, base = tuple(sorted(keys)), tuple(sorted(base))
    if len(keys) == KEYS:
        twin, stand_in = _alike(keys)
        return twin, tuple(sorted(stand_in[v - 1] for v in base))
    mirrored = tuple(sorted(7 - v for v in keys)), tuple(sorted(7 - v for v in base))
    return min((keys, base), mirrored)


# --- What a roll offers -----------------------------------------------------------------------


def _rolls(n: int) -> Iterable[tuple[int, Values]]:
    """Every kind of roll of ``n`` dice with its number of ways out of 6**n."""
    for values in combinations_with_replacement(FACES, n):
        yield factorial(n) // prod(factorial(c) for c in Counter(values).values()), values


@cache
def _base_takes(n: int) -> tuple[Shape, tuple[Values, ...]]:
    """What a roll of ``n`` base dice offers: each legal choice of groups, as its values."""
    return Shape.of((ways, _groups(_repeated(values))) for ways, values in _rolls(n))


def _repeated(values: Values) -> Values:
    # A value rolled once is in no group: leaving it out spares looking at its picks.
    return tuple(v for v in values if values.count(v) > 1)


@cache
def _groups(values: Values) -> tuple[Values, ...]:
    """Every legal set-aside of base dice from these values, as its values."""
    dice = [Die(v) for v in values]
    return tuple(
        tuple(d.value for d in pick)
        for pick in sub_multisets(dice)
        if set_aside_problem(pick) is None
    )


@cache
def _base_takes_alike(n: int, keys: Values) -> tuple[Shape, tuple[Values, ...]]:
    """``_base_takes`` once both keys are down: each value as the one standing for it."""
    _, stand_in = _alike(keys)
    shape, takes = _base_takes(n)
    alike = [tuple(sorted(stand_in[v - 1] for v in take)) for take in takes]
    return Shape.of((ways, [alike[m] for m in moves]) for ways, moves in shape.kinds)


@cache
def _key_takes(n: int) -> tuple[Shape, tuple[Values, ...]]:
    """What a roll of ``n`` keys offers: any one or more of them."""
    return Shape.of(
        (ways, [tuple(d.value for d in pick) for pick in sub_multisets([Die(v) for v in values])])
        for ways, values in _rolls(n)
    )


class Turn:
    """Keys and Base Dice's turn for the odds (``referee.families.turn_odds.TurnModel``)."""

    def bank(self, pos: Position) -> int | None:
        keys, base = pos
        return turn_value(keys, base) if len(keys) == KEYS else None

    def total(self, pos: Position) -> int:
        return turn_value(*pos)

    def settled(self, pos: Position) -> bool:
        return False

    def roll(self, pos: Position) -> tuple[Part[Position], ...]:
        return _roll(pos)


@lru_cache(maxsize=256)  # not every position: a turn has thousands
def _roll(pos: Position) -> tuple[Part[Position], ...]:
    keys, base = pos
    base_left, keys_left = BASE_DICE - len(base), KEYS - len(keys)
    parts: list[Part[Position]] = []
    if base_left and keys_left:
        shape, takes = _base_takes(base_left)
        parts.append(Part(shape, tuple(canonical(keys, base + take) for take in takes)))
    elif base_left:
        shape, takes = _base_takes_alike(base_left, keys)
        parts.append(Part(shape, tuple((keys, tuple(sorted(base + take))) for take in takes)))
    if keys_left:
        shape, takes = _key_takes(keys_left)
        parts.append(Part(shape, tuple(canonical(keys + take, base) for take in takes)))
    return tuple(parts)


TURN = Turn()
ODDS: TurnOdds[Position] = TurnOdds(TURN)


# --- Advice -----------------------------------------------------------------------------------

START: Position = ((), ())


def _roll_words(pos: Position) -> str:
    keys, base = pos
    base_left, keys_left = BASE_DICE - len(base), KEYS - len(keys)
    if base_left == BASE_DICE and keys_left == KEYS:
        return say("roll all ten dice")
    dice: list[Value] = []
    if base_left:
        dice.append(_base_dice(base_left))
    if keys_left:
        dice.append(say_n("{count} key", "{count} keys", keys_left))
    return say("roll {dice}", dice=both(dice) if dice else "")


def _base_dice(n: int) -> Sentence:
    return say_n("{count} base die", "{count} base dice", n)


def _then(pos: Position) -> str:
    if not TURN.roll(pos):
        return say("all ten are down: scores {total}", total=str(TURN.total(pos)))
    return say("bank") if ODDS.banks(pos) else _roll_words(pos)


def _takes(state: SB) -> list[Step[Position]]:
    """A step for each set-aside the dice on the table allow, with those taken already."""

    def follow(pick: tuple[Die, ...]) -> tuple[Position, str] | None:
        if set_aside_problem(state.taken + pick) is not None:
            return None
        keys = state.turn_keys + tuple(d.value for d in pick if d.key)
        base = state.turn_base + tuple(d.value for d in pick if not d.key)
        after = canonical(keys, base)
        return after, say("set aside {dice}, then {then}", dice=spell(pick), then=_then(after))

    return set_aside_steps(state, follow)


@cache
def runs(keys: Values, base_left: int) -> Runs:
    """With both ``keys`` down and ``base_left`` base dice to roll, the turn totals at which
    best play banks, whatever else is set aside (a total banks when every way to it does)."""
    ODDS.value(START)  # every position a turn can reach, to judge them all
    twin = canonical(keys, ())[0]
    family = sorted(
        (TURN.total(pos), pos)
        for pos in ODDS.positions()
        if pos[0] == twin and len(pos[1]) == BASE_DICE - base_left
    )
    return bank_runs(ODDS, family)


def policy(keys: Values, base_left: int) -> str:
    """The policy the worths assume, with where it banks for these keys and base dice."""
    if len(keys) < KEYS:
        return say("most points this turn: no bank until both keys are down")
    low, high = sorted(keys)
    dice = say(
        "keys {low} and {high} and {base} left", low=low, high=high, base=_base_dice(base_left)
    )
    return say(
        "most points this turn: {policy}", policy=bank_words(runs((low, high), base_left), dice)
    )


def advise(
    keys: Values,
    base: Values,
    *,
    rolling: bool,
    takes: Sequence[Step[Position]] = (),
    score: int = 0,
    best_other: int | None = None,
) -> Advice:
    """The advice with ``keys`` and ``base`` set aside this turn: to bank (both keys down)
    or roll the rest when ``rolling``, else to take one of ``takes`` from the roll on the
    table.  ``best_other``: once the end has begun, the best total of the others."""
    steps = list(takes)
    figures: tuple[Figure, ...] = ()
    if rolling:
        pos = canonical(keys, base)
        bank = say("bank {total}", total=str(TURN.total(pos)))
        banking = [Step(BANK, bank, pos, BANK)] if len(keys) == KEYS else []
        steps = [*banking, Step(ROLL, _roll_words(pos), pos, ROLL), *steps]
        figures = roll_figures(ODDS, pos)
    notes = passing_note(score, best_other)  # its chance would need a table per goal
    shown = policy(keys, BASE_DICE - len(base))
    return turn_advice(ODDS, steps, figures=figures, policy=shown, notes=notes)


def advice(state: SB) -> Advice | None:
    """The odds of the decision in front of the player to move: see ``advise``."""
    board = state.board
    if board.over:
        return None
    others = [s for seat, s in enumerate(board.scores) if seat != board.seat]
    best_other = max(others, default=None) if board.in_final_round else None
    return advise(
        state.turn_keys,
        state.turn_base,
        rolling=state.phase != SET_ASIDE,
        takes=_takes(state) if state.phase != ROLL else (),
        score=board.score,
        best_other=best_other,
    )


def advice_key(state: SB, move: Mapping[str, Any]) -> str | None:
    """The key of the ``advice`` choice ``move`` makes: "bank", "roll", "set_aside 3,3"."""
    return set_aside_advice_key(state, move, lambda dice: set_aside_problem(dice) is None)


def advice_for(values: Mapping[str, Any]) -> Advice:
    """The advice for ``referee odds``: keys and base dice set aside (none: the turn's first
    roll), and once the end has begun the best total of the others (``beat``)."""
    keys, base = values["keys"], values["base"]
    if len(keys) > KEYS:
        raise SetupError(f"A turn sets aside at most {KEYS} keys, not {len(keys)}.")
    lone = sorted(v for v in set(base) if base.count(v) == 1)
    if lone:
        raise SetupError(
            f"Base dice go aside in groups of two or more of one value: {lone[0]} is alone."
        )
    if len(keys) == KEYS and len(base) == BASE_DICE:
        raise SetupError("With all ten dice set aside the turn is already scored.")
    return advise(keys, base, rolling=True, score=values["score"], best_other=values.get("beat"))


# The inputs of ``referee odds sb``: ``advice_for`` reads their values.
ODDS_FLAGS = (
    Flag(
        "keys",
        "key values set aside this turn, like 2,5 (none: the turn's first roll)",
        "",
        die_values(KEYS),
    ),
    Flag("base", "base values set aside this turn, like 3,3,4,4", "", die_values(BASE_DICE)),
    Flag("score", "the player's banked total", "0", number(0, 10_000)),
    Flag(
        "beat",
        "once the end has begun: the best total of the others",
        "",
        optional(number(0, 10_000)),
    ),
)
