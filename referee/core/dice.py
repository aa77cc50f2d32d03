"""Die notation shared by every game: "5", "3g", "K4" <-> Die.

A die is written as its value 1-6, then an optional colour letter; key dice
(Keys and Base Dice) start with ``K``.  Parsing is where a value of 7 or a
stray letter is caught, so every game gets the same sentence for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from referee.core.errors import RuleViolation
from referee.core.sentences import Sentence, listed, say

COLOURS: dict[str, str] = {
    "r": say("red"),
    "y": say("yellow"),
    "g": say("green"),
    "b": say("blue"),
    "o": say("orange"),
    "p": say("purple"),
    "k": say("black"),
}


@dataclass(frozen=True, order=True)
class Die:
    """One physical die as entered: its value, optional colour letter, and key flag."""

    value: int
    colour: str | None = None
    key: bool = False

    def __str__(self) -> str:
        return f"{'K' if self.key else ''}{self.value}{self.colour or ''}"

    @property
    def colour_name(self) -> str | None:
        """The colour spelled out ("red"), or None for an uncoloured die."""
        return COLOURS[self.colour] if self.colour else None


def parse_die(text: object) -> Die:
    """Read one die in log notation; a bad value raises ``RuleViolation('bad-die')``."""
    if isinstance(text, str) and text:
        return _parse_text(text)
    raise RuleViolation(
        "bad-die", say('{text} is not a die: write its value 1-6, like "5".', text=repr(text))
    )


@lru_cache(maxsize=1024)
def _parse_text(text: str) -> Die:
    # Replays read the same few dozen spellings thousands of times.
    body = text
    key = body.startswith("K")
    if key:
        body = body[1:]
    if not body or not body[0].isdigit():
        raise RuleViolation("bad-die", _not_a_die(text))
    digits = body.rstrip("".join(COLOURS))
    colour = body[len(digits) :] or None
    # isascii: "²" passes isdigit() but int() refuses it, and "١" would read as 1.
    if not (digits.isascii() and digits.isdigit()) or (colour is not None and len(colour) != 1):
        raise RuleViolation("bad-die", _not_a_die(text))
    # One digit only: int() of thousands of digits raises ValueError instead of a ruling.
    if len(digits) > 1 or not 1 <= int(digits) <= 6:
        raise RuleViolation(
            "bad-die", say("A die shows 1 to 6; {digits} is not a die value.", digits=digits)
        )
    return Die(int(digits), colour, key)


def _not_a_die(text: str) -> Sentence:
    return say('"{text}" is not a die: write its value 1-6, like "5".', text=text)


# The most dice one move may list: a log's own size limit on a move, as ``log.MAX_MOVES`` is on
# its moves.  Far above what any table rolls at once (the whole Six D Six set is 72 dice),
# it keeps a stored move, and what its replay holds, small.
MAX_MOVE_DICE = 200


DICE_WORD = say("dice")  # what a move lists, unless it names its dice otherwise


def parse_dice(items: object, *, what: str = DICE_WORD) -> tuple[Die, ...]:
    """Read a list of dice in log notation (``["1r", "5"]``), at most ``MAX_MOVE_DICE``."""
    if not isinstance(items, list | tuple):
        raise RuleViolation("bad-move", say("The {what} must be a list of dice.", what=what))
    if len(items) > MAX_MOVE_DICE:  # counted before reading each die
        raise RuleViolation(
            "too-many-dice",
            say(
                "A move lists at most {most} dice; this one lists {count}.",
                most=MAX_MOVE_DICE,
                count=len(items),
            ),
        )
    return tuple(parse_die(item) for item in items)


def said(dice: Iterable[str]) -> str:
    """Dice in log notation said as a player says them, in their order: plain dice by their
    values ("2 2 3 4 6"), else each by name ("red 6, blue 2 and key 3"); anything that is no
    die as it was written."""
    read: list[Die | str] = []
    for text in dice:
        try:
            read.append(parse_die(text))
        except RuleViolation:
            read.append(text)
    if all(isinstance(die, Die) and die.colour is None and not die.key for die in read):
        return " ".join(str(die) for die in read)
    named = [die_name(die) if isinstance(die, Die) else die for die in read]
    if len(named) == 1:
        return named[0]
    return say("{these} and {those}", these=listed(named[:-1]), those=named[-1])


def spell(dice: Iterable[Die]) -> str:
    """The dice as a player reads them, sorted by value, keys last: "1 1 5 6 K2"."""
    return " ".join(
        f"{'K' if d.key else ''}{d.value}" for d in sorted(dice, key=lambda d: (d.key, d.value))
    )


def pick_key(dice: Iterable[Die]) -> str:
    """A pick's key whatever its order or colours: "1,1,5", or "3,3,K2" with keys."""
    return ",".join(sorted(f"{'K' if d.key else ''}{d.value}" for d in dice))


def sub_multisets(dice: Sequence[Die]) -> Iterator[tuple[Die, ...]]:
    """Every distinct non-empty pick from ``dice``, dice of one value and kind counted alike.

    Ten SB dice have 1,023 subsets but far fewer distinct picks; colours are
    ignored except that a pick of every die keeps the dice as rolled.
    """
    groups: dict[tuple[bool, int], list[Die]] = {}
    for die in dice:
        groups.setdefault((die.key, die.value), []).append(die)
    alike = list(groups.values())
    for counts in product(*(range(len(group) + 1) for group in alike)):
        if any(counts):
            yield tuple(d for group, n in zip(alike, counts, strict=True) for d in group[:n])


def value_counts(dice: Iterable[Die]) -> Counter[int]:
    """How many dice show each value."""
    return Counter(d.value for d in dice)


def take_from(
    pool: Sequence[Die], chosen: Sequence[Die]
) -> tuple[tuple[Die, ...], tuple[Die, ...]]:
    """Match ``chosen`` against the dice in ``pool``; return (taken, left over).

    A chosen die without a colour matches any die of its value (an uncoloured one
    first); a chosen die with a colour must match that colour.  A chosen die with
    no match raises ``RuleViolation('die-not-rolled')``.
    """
    left = list(pool)
    taken: list[Die] = []
    for want in sorted(chosen, key=lambda d: d.colour is None):
        candidates = [
            d
            for d in left
            if d.value == want.value
            and d.key == want.key
            and (want.colour is None or d.colour == want.colour)
        ]
        if not candidates:
            raise RuleViolation("die-not-rolled", _shortfall(pool, chosen, want))
        match = min(candidates, key=lambda d: d.colour is not None)
        left.remove(match)
        taken.append(match)
    return tuple(taken), tuple(left)


def take_more(
    roll: Sequence[Die], taken: Sequence[Die], raw: object, *, empty: str
) -> tuple[tuple[Die, ...], tuple[Die, ...]]:
    """Read a set-aside move's dice against a roll: (dice newly taken, all taken from the roll).

    ``empty`` is the sentence for a set-aside of no dice.
    """
    chosen = parse_dice(raw)
    if not chosen:
        raise RuleViolation("empty-set-aside", empty)
    new, _ = take_from(take_from(roll, taken)[1], chosen)
    return new, tuple(taken) + new


def _shortfall(pool: Sequence[Die], chosen: Sequence[Die], want: Die) -> str:
    """Why ``want`` cannot be taken, naming every die on the table."""

    def alike(d: Die) -> bool:
        return (
            d.value == want.value
            and d.key == want.key
            and (want.colour is None or d.colour == want.colour)
        )

    table = spell(pool) or say("nothing")
    have = sum(alike(d) for d in pool)
    if not have:
        return say(
            "There is no {die} to take: the dice on the table are {table}.",
            die=die_name(want),
            table=table,
        )
    asked = sum(alike(d) for d in chosen)
    return say(
        "You picked {asked} × {die}, but the table has only {have}: "
        "the dice on the table are {table}.",
        asked=asked,
        die=die_name(want),
        have=have,
        table=table,
    )


def die_name(die: Die) -> str:
    """A die as a player says it: "red 4", "key 3", "red key 3", "4"."""
    if die.colour and die.key:
        return say("{colour} key {value}", colour=COLOURS[die.colour], value=die.value)
    if die.colour:
        return say("{colour} {value}", colour=COLOURS[die.colour], value=die.value)
    if die.key:
        return say("key {value}", value=die.value)
    return str(die.value)
