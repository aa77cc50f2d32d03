"""Exact odds of a push-your-luck turn: dynamic programming over the turn's positions.

A game describes its turn as a ``TurnModel``.  A position is a hashable summary of
where a turn stands once dice are set aside (dice to roll, turn total, whatever else
the rules read); the model says what banking there adds to the player's score, and
what rolling on can bring: for each kind of outcome, its number of ways and the
positions the set-asides it allows lead to (none: it busts).  ``TurnOdds`` then
answers exactly, in fractions:

- ``value``: the expected points banked this turn under the policy that maximises
  them (bank where banking is worth at least rolling on), a bust banking nothing;
- ``rolling``: the same when the player rolls now and plays best afterwards;
- ``bust``: the chance that the next roll offers nothing to set aside;
- ``one_roll``: E[turn total after one roll and the best immediate set-aside] minus
  the turn total now, a bust counting as a turn total of 0 ("expected from one roll").

Turn totals only grow, so positions never repeat and the values are found bottom
up, without recursion (a turn can run to hundreds of rolls).  Where totals have no
bound a model marks positions ``settled``: banking is provably best there, so the
search stops (see ``settled_from``).

A roll is given as ``Part``s: a ``Shape`` (the kinds of outcome with their ways, and
which of a short list of moves each allows) with the positions those moves lead to from
here.  Many positions share a shape (the same dice to roll), and the best move of each
kind only depends on the order of the moves' values, so the ways each move gets are
counted once per order and shape.  Dice of two kinds rolled together (base dice and
keys) are two parts: their outcomes are independent, and the player picks from both.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from operator import sub
from threading import Lock
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from referee.core.dice import Die, pick_key, sub_multisets
from referee.core.errors import RuleViolation
from referee.core.odds import POINTS, Advice, Choice, Figure, ranked
from referee.core.sentences import Sentence, Value, both, listed, say
from referee.families.pushluck import SET_ASIDE, SetAsideTurn, set_aside_from_roll

Pos = TypeVar("Pos", bound=Hashable)
Number = Fraction | int


class Shape:
    """The outcomes of a roll of some dice: for each kind, its number of ways (they add up
    to 6**dice) and the moves it allows, as indexes into a list of ``size`` moves (none: a
    bust).  Made once per kind of roll and shared; compared by identity."""

    __slots__ = ("kinds", "size", "ways", "busts", "_best_ways")

    def __init__(self, kinds: Iterable[tuple[int, Sequence[int]]], size: int) -> None:
        self.kinds = tuple((ways, tuple(moves)) for ways, moves in kinds)
        self.size = size
        self.ways = sum(ways for ways, _ in self.kinds)
        self.busts = sum(ways for ways, moves in self.kinds if not moves)
        self._best_ways: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}

    @classmethod
    def of(cls, outcomes: Iterable[tuple[int, Iterable[Hashable]]]) -> tuple[Shape, tuple]:
        """The shape of ``outcomes`` ((ways, the moves each allows), moves hashable), with
        its list of moves; outcomes allowing the same moves become one kind."""
        ways_of: dict[frozenset[Hashable], int] = {}
        for ways, moves in outcomes:
            key = frozenset(moves)
            ways_of[key] = ways_of.get(key, 0) + ways
        every = tuple(sorted({m for moves in ways_of for m in moves}, key=repr))
        index = {m: i for i, m in enumerate(every)}
        kinds = [(ways, sorted(index[m] for m in moves)) for moves, ways in ways_of.items()]
        return cls(kinds, len(every)), every

    def best_ways(self, order: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """With the moves ranked ``order`` (best first), each move with the ways of the kinds
        whose best move it is; busts left out."""
        found = self._best_ways.get(order)
        if found is None:
            rank = [0] * self.size
            for place, move in enumerate(order):
                rank[move] = place
            ways_of: dict[int, int] = {}
            for ways, moves in self.kinds:
                if moves:
                    best = min(moves, key=rank.__getitem__)
                    ways_of[best] = ways_of.get(best, 0) + ways
            found = self._best_ways[order] = tuple(ways_of.items())
        return found


class Part(NamedTuple, Generic[Pos]):
    """One kind of dice rolled: its shape, and the position each of its moves leads to."""

    shape: Shape
    after: tuple[Pos, ...]


class TurnModel(Protocol[Pos]):
    """A push-your-luck turn as the odds read it."""

    def bank(self, pos: Pos) -> int | None:
        """What banking at ``pos`` adds to the player's score; None when the rules forbid it."""
        ...

    def total(self, pos: Pos) -> int:
        """The turn total at ``pos``: what a bust there loses."""
        ...

    def roll(self, pos: Pos) -> tuple[Part[Pos], ...]:
        """What rolling on from ``pos`` can bring, a part per kind of die; () when no roll is
        allowed (the turn is over: ``bank`` is then what the turn scores)."""
        ...

    def settled(self, pos: Pos) -> bool:
        """True where banking is provably worth at least any play on (no search past it)."""
        ...


def expected_best(
    parts: Sequence[Part[Pos]],
    worth: Callable[[Pos], Number],
    guess: Callable[[Pos], float] | None = None,
) -> Fraction:
    """E[the best ``worth`` among the moves one roll allows], a bust counting 0.

    ``guess``: each worth as a float, to rank moves without exact comparisons when they
    are far apart.  With two parts the best move is the better of each part's best, and
    the parts are independent: P(best <= v) is the product of each part's P(its best <= v).
    """
    if len(parts) == 1:
        (part,) = parts
        values = list(map(worth, part.after))
        # Summed over a common denominator: one fraction made, not one per move.
        whole = 0
        by_denominator: dict[int, int] = {}
        for move, ways in part.shape.best_ways(_order(part.after, values, guess)):
            best = values[move]
            if type(best) is int:
                whole += ways * best
            else:
                d = best.denominator
                by_denominator[d] = by_denominator.get(d, 0) + ways * best.numerator
        if not by_denominator:
            return Fraction(whole, part.shape.ways)
        common = lcm(*by_denominator)
        numerator = whole * common + sum(n * (common // d) for d, n in by_denominator.items())
        return Fraction(numerator, common * part.shape.ways)
    bests = [_best_by_value(part, worth, guess) for part in parts]
    ranked_values = sorted({v for best in bests for v in best})
    below = [part.shape.busts for part in parts]  # ways of each part at or under the sweep
    before = _product(below)  # every part offers nothing: a bust, worth 0
    expected = Fraction(0)
    for v in ranked_values:
        below = [b + best.get(v, 0) for b, best in zip(below, bests, strict=True)]
        now = _product(below)
        expected += v * (now - before)
        before = now
    return expected / _product(part.shape.ways for part in parts)


# Floats this far apart, relative to their size, are in the order of the fractions they
# round (each is within 2**-53 of its fraction): only closer ones are compared exactly.
CLOSE = 1e-9


def _order(
    after: Sequence[Pos], values: list[Number], guess: Callable[[Pos], float] | None
) -> tuple[int, ...]:
    """The moves ranked by their values, best first (ties in any order)."""
    moves = range(len(values))
    if guess is None:
        return tuple(sorted(moves, key=values.__getitem__, reverse=True))
    guesses = list(map(guess, after))
    order = sorted(moves, key=guesses.__getitem__, reverse=True)
    ranked_guesses = [guesses[m] for m in order]
    if len(order) < 2 or min(map(sub, ranked_guesses, ranked_guesses[1:])) > CLOSE * (
        max(map(abs, ranked_guesses)) + 1.0
    ):
        return tuple(order)
    # Runs of moves whose guesses are too close to tell apart are ranked exactly.
    start = 0
    for end in range(1, len(order) + 1):
        if end < len(order):
            high, low = guesses[order[end - 1]], guesses[order[end]]
            if high - low <= CLOSE * (abs(high) + 1.0):
                continue
        if end - start > 1:
            order[start:end] = sorted(order[start:end], key=values.__getitem__, reverse=True)
        start = end
    return tuple(order)


def _best_by_value(
    part: Part[Pos], worth: Callable[[Pos], Number], guess: Callable[[Pos], float] | None
) -> dict[Number, int]:
    """The ways of a part by the worth of its best move, busts left out."""
    values = list(map(worth, part.after))
    found: dict[Number, int] = {}
    for move, ways in part.shape.best_ways(_order(part.after, values, guess)):
        found[values[move]] = found.get(values[move], 0) + ways
    return found


def _product(numbers: Iterable[int]) -> int:
    result = 1
    for n in numbers:
        result *= n
    return result


def nothing_chance(parts: Sequence[Part[Pos]]) -> Fraction:
    """The chance that a roll offers no move in any part: a bust."""
    chance = Fraction(1)
    for part in parts:
        chance *= Fraction(part.shape.busts, part.shape.ways)
    return chance


class TurnOdds(Generic[Pos]):
    """The exact odds of a model's turn, each position's value worked out once and kept.

    One is shared by every thread of a process: a position's value is published only after
    its guess (a reader that finds the value finds the guess), and one thread at a time
    works positions out (two threads asking for a new position do the work once)."""

    def __init__(self, model: TurnModel[Pos]) -> None:
        self.model = model
        self._values: dict[Pos, Number] = {}  # a bank kept as an int: quicker to add
        self._guesses: dict[Pos, float] = {}  # the values as floats, to compare quickly
        self._solving = Lock()

    def value(self, pos: Pos) -> Fraction:
        """Expected points banked this turn from ``pos`` when playing to maximise them."""
        values = self._values
        if pos not in values:
            self._solve(pos)
        return Fraction(values[pos])

    def positions(self) -> Iterable[Pos]:
        """Every position worked out so far (a snapshot: other threads may add more)."""
        return tuple(self._values)

    def rolling(self, pos: Pos) -> Fraction:
        """Expected points banked this turn when rolling now from ``pos``, then playing best."""
        parts = self.model.roll(pos)
        if not parts:
            raise ValueError(f"No roll is allowed at {pos!r}.")
        values = self._values
        for part in parts:
            for q in part.after:
                if q not in values:
                    self._solve(q)
        return expected_best(parts, values.__getitem__, self._guesses.__getitem__)

    def bust(self, pos: Pos) -> Fraction:
        """The chance that rolling now from ``pos`` busts."""
        return nothing_chance(self.model.roll(pos))

    def one_roll(self, pos: Pos) -> Fraction:
        """E[turn total after one roll and the best immediate set-aside] - the turn total now,
        a bust counting as a turn total of 0."""
        model = self.model
        return expected_best(model.roll(pos), model.total) - model.total(pos)

    def banks(self, pos: Pos) -> bool:
        """True when best play banks at ``pos`` (banking is worth at least rolling on)."""
        worth = self.model.bank(pos)
        return worth is not None and self.value(pos) == worth

    def _solve(self, start: Pos) -> None:
        """Work out ``start`` and every position after it not worked out yet, deepest first,
        one thread at a time."""
        with self._solving:
            self._solve_alone(start)

    def _solve_alone(self, start: Pos) -> None:
        model, values, guesses = self.model, self._values, self._guesses
        pending: dict[Pos, tuple[Part[Pos], ...]] = {}
        stack = [start]
        while stack:
            pos = stack[-1]
            if pos in values:
                stack.pop()
                continue
            parts = pending.get(pos)
            if parts is None:
                parts = () if model.settled(pos) else model.roll(pos)
                pending[pos] = parts
                missing = [q for part in parts for q in part.after if q not in values]
                if missing:
                    if any(q in pending for q in missing):
                        raise ValueError(f"The turn's positions repeat at {pos!r}.")
                    stack.extend(dict.fromkeys(missing))
                    continue
            stack.pop()
            del pending[pos]
            bank = model.bank(pos)
            best = expected_best(parts, values.__getitem__, guesses.__getitem__) if parts else None
            if bank is not None and (best is None or bank >= best):
                value: Number = bank
            elif best is not None:
                value = best
            else:
                raise ValueError(f"At {pos!r} the player may neither bank nor roll.")
            guesses[pos] = float(value)  # before the value: see the class
            values[pos] = value


def settled_from(rolls: Iterable[tuple[Fraction, Fraction]]) -> Fraction:
    """The least turn total from which banking is provably best, given for every number of
    dice (bust chance b, E[best immediate points, 0 on a bust]) of one roll; needs b > 0.

    Why it is sound: let T be the largest E/b.  At a total t >= T every roll has
    (1 - b) t + E <= t, so one roll and a bank is worth no more than banking.  Let w be
    the most that best play from any total t >= T can gain over banking there (finite: each
    roll busts with chance at least min b, so a turn has finitely many rolls on average,
    each gaining a bounded number of points).  Rolling from t gains at most
    (1 - b)(t + w) + E - t <= (1 - b) w, since totals only grow and stay at T or more; so
    w <= (1 - min b) w, and w = 0: banking is best everywhere from T on.  Rules that forbid
    some set-asides only raise b and lower E, so the same T holds for them.
    """
    return max(expected / bust for bust, expected in rolls)


# Runs of totals where best play banks: (first, last), last None when the run goes on to the
# highest total looked at.
Runs = tuple[tuple[int, int | None], ...]


def bank_runs(odds: TurnOdds[Pos], family: Sequence[tuple[int, Pos]]) -> Runs:
    """Where best play banks among ``family`` ((total, position) by rising total), as runs."""
    runs: list[tuple[int, int | None]] = []
    first = last = None
    for total, pos in family:
        if odds.banks(pos):
            first = total if first is None else first
            last = total
        elif first is not None:
            runs.append((first, last))
            first = None
    if first is not None:
        runs.append((first, None))
    return tuple(runs)


def bank_words(runs: Runs, dice: str) -> Sentence:
    """The runs in words: "bank from 350 with 2 dice", "bank at 3-4 and from 7 with 2 dice"."""
    if not runs:
        return say("roll on at any total with {dice}", dice=dice)
    words: list[Value] = [
        say("from {total}", total=first)
        if last is None
        else say("at {total}", total=first)
        if first == last
        else say("at {first}-{last}", first=first, last=last)
        for first, last in runs
    ]
    return say("bank {totals} with {dice}", totals=both(words), dice=dice)


def bank_words_each(families: Sequence[tuple[str, Runs]]) -> str:
    """The runs of several families in words, each named by its dice ("2 dice"): "bank from
    350 with 1 die, 300 with 2 dice" when each banks from one total on."""
    if all(len(runs) == 1 and runs[0][1] is None for _, runs in families):
        each = [say("{total} with {dice}", total=runs[0][0], dice=dice) for dice, runs in families]
        return say("bank from {totals}", totals=listed(each))
    said = bank_words(families[0][1], families[0][0])
    for dice, runs in families[1:]:
        said = say("{these}; {those}", these=said, those=bank_words(runs, dice))
    return said


# --- Advice from the odds ---------------------------------------------------------------------

BANK, ROLL, TAKE = "bank", "roll", "take"
BANKED_THIS_TURN = say("the points it is expected to bank this turn")  # what a worth measures


@dataclass(frozen=True)
class Step(Generic[Pos]):
    """One choice open to the player, by where it leads: banking or rolling at ``pos``
    (``kind`` BANK or ROLL), or a set-aside after which the turn stands at ``pos`` (TAKE)."""

    key: str
    words: str
    pos: Pos
    kind: str


def step_worth(odds: TurnOdds[Pos], step: Step[Pos]) -> Fraction:
    """What ``step`` is worth under best play afterwards, in the odds' units."""
    if step.kind == BANK:
        return Fraction(odds.model.bank(step.pos) or 0)
    if step.kind == ROLL:
        return odds.rolling(step.pos)
    return odds.value(step.pos)


def best_worth(odds: TurnOdds[Pos], steps: Iterable[Step[Pos]]) -> Fraction:
    """The most any of ``steps`` is worth."""
    return max(step_worth(odds, step) for step in steps)


def roll_figures(odds: TurnOdds[Pos], pos: Pos) -> tuple[Figure, ...]:
    """The figures of a roll from ``pos``: the chance it busts, and what one roll adds."""
    return (
        Figure(say("to bust"), odds.bust(pos)),
        Figure(say("expected from one roll"), odds.one_roll(pos), POINTS),
    )


def turn_advice(
    odds: TurnOdds[Pos],
    steps: Sequence[Step[Pos]],
    *,
    figures: tuple[Figure, ...],
    policy: str,
    notes: tuple[str, ...] = (),
) -> Advice:
    """The advice on ``steps``, each worth the expected points banked this turn under best play."""
    choices = [Choice(s.key, s.words, step_worth(odds, s)) for s in steps]
    return Advice(figures, ranked(choices), policy, notes, worth=BANKED_THIS_TURN)


def passing_note(
    score: int, best_other: int | None, chance: Callable[[int], str] | None = None
) -> tuple[str, ...]:
    """In a final round, what passing ``best_other`` from ``score`` needs this turn, and with
    ``chance(goal)`` the chance of banking that much when playing for it alone, in words
    ("18.6%", or a bound: "under 1 in 10^41")."""
    if best_other is None or best_other < score:
        return ()
    goal = best_other - score + 1
    if chance is None:
        return (
            say(
                "Final round: passing {best} needs {goal} this turn. The worths count points, "
                "not the chance to pass.",
                best=best_other,
                goal=goal,
            ),
        )
    return (
        say(
            "Final round: passing {best} needs {goal} this turn; played for that alone, the "
            "chance is {chance}. The worths count points, not the chance to pass.",
            best=best_other,
            goal=goal,
            chance=chance(goal),
        ),
    )


# --- Naming a set-aside game's moves as choices ---------------------------------------------


def set_aside_key(dice: Sequence[Die]) -> str:
    """The key of the choice to have set ``dice`` aside from this roll: "set_aside 1,1,5"."""
    return f"{SET_ASIDE} {pick_key(dice)}"


def set_aside_steps(
    state: SetAsideTurn, follow: Callable[[tuple[Die, ...]], tuple[Pos, str] | None]
) -> list[Step[Pos]]:
    """A step for each set-aside the dice on the table allow, with those taken already:
    ``follow`` gives the position after a pick and the pick in words, or None when the
    rules refuse the pick."""
    steps = []
    for pick in sub_multisets(state.on_table):
        found = follow(pick)
        if found is not None:
            after, words = found
            steps.append(Step(set_aside_key(state.taken + pick), words, after, TAKE))
    return steps


def set_aside_advice_key(
    state: SetAsideTurn, move: Mapping[str, Any], scores: Callable[[Sequence[Die]], bool]
) -> str | None:
    """The key of the advice's choice that a set-aside game's ``move`` makes: "bank",
    "roll", or the whole set-aside from this roll when the game ``scores`` it; None for
    any other move, or one the rules would refuse."""
    kind = move.get("type")
    if kind in (BANK, ROLL):
        return str(kind)
    if kind != SET_ASIDE:
        return None
    try:
        _, all_taken = set_aside_from_roll(state, move, empty="")
    except RuleViolation:
        return None
    return set_aside_key(all_taken) if scores(all_taken) else None
