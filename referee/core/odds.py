"""The odds of the moment, as a table that asks for them sees them (issue 17).

A game that can advise gives, for a state with a decision in it, an ``Advice``: a few
exact figures (a chance to bust, an expected gain) and the choices open to the player,
each worth an exact expectation under a stated policy, best first.  Figures are kept
as fractions; only ``shown`` turns them into the words a page or the command line prints.

The advice is never part of the game: it reads a state and says nothing back to it, and
whether a table sees it is a table setting, not a rules option, so it never enters a log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from referee.core.sentences import Sentence, dotted, say

CHANCE = "chance"  # a probability, shown as a percentage to one decimal
POINTS = "points"  # an expectation in points, shown to one decimal


def percent(value: Fraction) -> Sentence:
    """A chance as a percentage to one decimal, rounded half up: 5/18 -> "27.8%" (said, so
    that a reader's language writes it its way: "27,8 %")."""
    tenths = int((value * 1000 + Fraction(1, 2)) // 1)
    return say("{whole}.{tenth}%", whole=str(tenths // 10), tenth=str(tenths % 10))


def decimal(value: Fraction) -> Sentence:
    """An expectation to one decimal, rounded half away from zero: 2495/6 -> "415.8" (said,
    so that a reader's language writes it its way: "415,8")."""
    tenths = int((abs(value) * 10 + Fraction(1, 2)) // 1)
    shown = say("{whole}.{tenth}", whole=tenths // 10, tenth=str(tenths % 10))
    return say("-{number}", number=shown) if value < 0 else shown


@dataclass(frozen=True)
class Figure:
    """One exact figure with what it measures: ``Figure("to bust", Fraction(5, 18))``."""

    label: str
    value: Fraction
    kind: str = CHANCE

    @property
    def shown(self) -> str:
        """The figure in words: "27.8% to bust", "+96.4 expected from one roll"."""
        if self.kind == CHANCE:
            return say("{figure} {label}", figure=percent(self.value), label=self.label)
        shown = decimal(self.value)
        figure = say("+{points}", points=shown) if self.value >= 0 else shown
        return say("{figure} {label}", figure=figure, label=self.label)


@dataclass(frozen=True)
class Choice:
    """One thing the player may do now, with what it is worth under the advice's policy.

    ``key`` names the choice the way the game's ``advice_key`` names a move ("bank",
    "roll", a split...), so that a move in the log can be judged against the advice.
    """

    key: str
    words: str
    worth: Fraction

    @property
    def shown(self) -> str:
        """The worth to one decimal: "415.8"."""
        return decimal(self.worth)


@dataclass(frozen=True)
class Advice:
    """What the referee can tell the player to move about the decision in front of them.

    ``choices`` are best first; ``policy`` says in words what the worths assume
    ("bank from 350 with 2 dice"); ``notes`` are further sentences (a game-level view);
    ``worth`` says what a worth measures ("the points it is expected to bank this turn").
    """

    figures: tuple[Figure, ...]
    choices: tuple[Choice, ...]
    policy: str
    notes: tuple[str, ...] = ()
    worth: str = say("its worth")  # what a choice's worth measures, in words

    @property
    def best(self) -> Choice | None:
        """The advised choice, or None when there is nothing to choose."""
        return self.choices[0] if self.choices else None

    @property
    def line(self) -> str:
        """The quiet line a turn screen shows: figures, then the advice (the policy when
        there are neither)."""
        parts = [f.shown for f in self.figures]
        if self.best is not None:
            parts.append(say("best: {choice}", choice=self.best.words))
        return dotted(parts) or self.policy


@dataclass(frozen=True)
class Verdict:
    """A move judged against the advice of the state it was made in."""

    followed: bool
    chosen: Choice
    best: Choice

    @property
    def cost(self) -> Fraction:
        """What the move gave up against the advice, in the advice's units (0 if followed)."""
        return self.best.worth - self.chosen.worth


def judge(advice: Advice | None, key: str | None) -> Verdict | None:
    """The verdict on the choice named ``key``, or None when there is nothing to judge.

    A choice worth as much as the best one counts as following the advice.
    """
    if advice is None or key is None or advice.best is None:
        return None
    chosen = next((c for c in advice.choices if c.key == key), None)
    if chosen is None:
        return None
    best = advice.best
    return Verdict(chosen.worth >= best.worth, chosen, best)


def ranked(choices: Sequence[Choice]) -> tuple[Choice, ...]:
    """The choices best first; ties keep the order they were given in."""
    return tuple(sorted(choices, key=lambda c: -c.worth))


@dataclass(frozen=True)
class Judged:
    """One decision of a game judged against the advice: move ``index``, by ``player``."""

    index: int
    player: str | None
    advice: Advice
    verdict: Verdict

    @property
    def words(self) -> str:
        """The decision in words: "roll 3 dice (worth 312.4) against bank 350 (worth 350.0);
        the odds then: 27.8% to bust"."""
        chosen, best = self.verdict.chosen, self.verdict.best
        against = say(
            "{chosen} (worth {chosen_worth}) against {best} (worth {best_worth})",
            chosen=chosen.words,
            chosen_worth=chosen.shown,
            best=best.words,
            best_worth=best.shown,
        )
        if not self.advice.figures:
            return against
        figures = self.advice.figures[0].shown
        for figure in self.advice.figures[1:]:
            figures = say("{these}; {those}", these=figures, those=figure.shown)
        return say("{against}; the odds then: {figures}", against=against, figures=figures)


# --- The inputs of ``referee odds GAME`` ------------------------------------------------------


@dataclass(frozen=True)
class Flag:
    """One input of ``referee odds GAME``, typed as ``--name VALUE``.

    ``read`` turns the typed text into the value the game's ``advice_for`` takes, or raises
    ``ValueError`` with a sentence saying what is wanted; ``default`` is typed text too.
    """

    name: str
    help: str
    default: str
    read: Callable[[str], object]


def number(least: int, most: int, *, step: int = 1) -> Callable[[str], int]:
    """A reader of a whole number from ``least`` to ``most`` (a multiple of ``step``)."""

    def read(text: str) -> int:
        digits = text.replace(",", "").replace("_", "")
        readable = digits.isascii() and digits.isdigit() and len(digits) <= 12
        value = int(digits) if readable else None
        if value is None or not least <= value <= most or value % step:
            multiple = f", a multiple of {step}" if step > 1 else ""
            raise ValueError(f"a whole number from {least:,} to {most:,}{multiple}, not {text!r}")
        return value

    return read


def die_values(most: int) -> Callable[[str], tuple[int, ...]]:
    """A reader of up to ``most`` die values 1-6, written with commas ("3,3,5"; "" for none)."""

    def read(text: str) -> tuple[int, ...]:
        items = [item.strip() for item in text.split(",")] if text.strip() else []
        if any(len(item) != 1 or item not in "123456" for item in items) or len(items) > most:
            raise ValueError(f"up to {most} die values 1-6 with commas, like 3,3,5, not {text!r}")
        return tuple(sorted(int(item) for item in items))

    return read


def tallies(keys: range, most: int) -> Callable[[str], dict[int, int]]:
    """A reader of counts written "key:count" with commas ("7:9,5:7"; "" for none), each
    key in ``keys`` at most once and each count from 0 to ``most``."""

    def read(text: str) -> dict[int, int]:
        found: dict[int, int] = {}
        for item in (part.strip() for part in text.split(",") if text.strip()):
            key, _, count = item.partition(":")
            fine = key.isascii() and key.isdigit() and count.isascii() and count.isdigit()
            if not fine or len(item) > 6 or int(key) not in keys or int(count) > most:
                raise ValueError(
                    f"key:count pairs with commas, keys {keys.start}-{keys.stop - 1}, counts "
                    f"0-{most}, like {keys.start}:3, not {text!r}"
                )
            if int(key) in found:
                raise ValueError(f"{key} is given twice in {text!r}")
            found[int(key)] = int(count)
        return found

    return read


def optional(read: Callable[[str], object]) -> Callable[[str], object]:
    """A reader that takes "" as None and anything else as ``read`` does."""

    def maybe(text: str) -> object:
        return None if not text.strip() else read(text)

    return maybe
