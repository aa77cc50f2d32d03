"""Sid Sackson's Solitaire Dice: five dice, two pairs and a throwaway, one sheet each.

Every roll is shared: each open sheet splits the same five dice into two pairs
and one throwaway die.  Each pair's sum gets a mark on the 2-12 track, the
throwaway's value a mark in the throwaway column.  A sheet uses at most three
throwaway values; with three chosen, the throwaway must be one of them when
the roll holds one, and when it holds none the fifth die is dropped unmarked
(a free ride).  The eighth mark on a throwaway closes the sheet (that roll's
pairs still count).  A sum with 1-4 marks costs 200, 5 marks score 0, and 6-10
marks score its value for each mark past five.  Solo, 500 or more wins; with
several sheets the highest total wins when all are closed (ties share).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from referee.core.dice import Die, parse_dice, spell, take_from
from referee.core.engine import SHEETS, Option, Outcome, RuleViolation
from referee.core.sentences import Sentence, Value, both, change, dotted, listed, say, score

if TYPE_CHECKING:
    pass

SLUG = "solitaire"
TITLE = say("Solitaire Dice")
KIND = SHEETS
MIN_PLAYERS = 1
MAX_PLAYERS = 8
DICE = 5
OPTIONS: tuple[Option, ...] = ()

SUM_VALUES = {2: 100, 3: 70, 4: 60, 5: 50, 6: 40, 7: 30, 8: 40, 9: 50, 10: 60, 11: 70, 12: 100}
PENALTY = -200
PENALTY_UNTIL = 4
BREAK_EVEN = 5
MARK_CAP = 10
THROWAWAY_LIMIT = 3
CLOSING_MARKS = 8
SOLO_WIN = 500


def row_score(total: int, marks: int) -> int:
    """What one sum's row is worth with ``marks`` marks."""
    if marks == 0:
        return 0
    if marks <= PENALTY_UNTIL:
        return PENALTY
    return SUM_VALUES[total] * (min(marks, MARK_CAP) - BREAK_EVEN)


@dataclass(frozen=True)
class Sheet:
    """One player's scoresheet: marks per sum (2-12) and the chosen throwaways in order."""

    player: str
    marks: tuple[int, ...] = (0,) * 11
    throwaways: tuple[tuple[int, int], ...] = ()
    closed: bool = False

    def marks_for(self, total: int) -> int:
        """Marks on the row of ``total`` (2-12)."""
        return self.marks[total - 2]

    @property
    def total(self) -> int:
        """The sheet's score: the sum of its row scores."""
        return sum(row_score(t, m) for t, m in zip(SUM_VALUES, self.marks, strict=True))

    @property
    def chosen(self) -> tuple[int, ...]:
        """The throwaway values this sheet has used, in the order chosen."""
        return tuple(value for value, _ in self.throwaways)

    def throwaway_marks(self, value: int) -> int:
        """Marks against a throwaway value (0 if not chosen)."""
        return dict(self.throwaways).get(value, 0)


@dataclass(frozen=True)
class Split:
    """A way to use a roll: two pairs and the throwaway (on a free ride, the die dropped)."""

    pairs: tuple[tuple[int, int], tuple[int, int]]
    throwaway: int
    free_ride: bool = False

    @property
    def sums(self) -> tuple[int, int]:
        """The two pair sums, smaller first."""
        a, b = (sum(p) for p in self.pairs)
        return (min(a, b), max(a, b))


def row_worths(sheet: Sheet) -> list[tuple[int, int, int, int]]:
    """Each row of the sheet as (sum, its value, marks, what the row is worth now)."""
    return [
        (t, v, m, row_score(t, m))
        for (t, v), m in zip(SUM_VALUES.items(), sheet.marks, strict=True)
    ]


@dataclass(frozen=True)
class Solitaire:
    """Every sheet, the current shared roll and the sheets still to split it."""

    sheets: tuple[Sheet, ...]
    roll: tuple[Die, ...] = ()
    waiting: tuple[int, ...] = ()
    rolls: int = 0
    ruling: str = ""

    def sheet_of(self, player: str) -> Sheet:
        """The sheet of ``player``."""
        return next(s for s in self.sheets if s.player == player)


def start(players: Sequence[str], options: Mapping[str, int]) -> Solitaire:
    """One fresh sheet per player; the first roll is next."""
    sheets = tuple(Sheet(p) for p in players)
    return Solitaire(sheets, ruling=say("Roll the five dice."))


def is_over(state: Solitaire) -> bool:
    """True once every sheet is closed."""
    return all(s.closed for s in state.sheets)


def to_move(state: Solitaire) -> str | None:
    """Always None: the roll is shared and sheets split it in any order."""
    return None


def waiting_for(state: Solitaire) -> list[str]:
    """Players whose sheets still have to split the current roll."""
    return [state.sheets[i].player for i in state.waiting]


def player_of(state: Solitaire, move: Mapping[str, Any]) -> str | None:
    """A split naming no sheet goes to the first sheet still to split the roll (as
    ``_assign`` applies it); a roll is the table's own move."""
    if move.get("type") == "assign" and state.waiting:
        return state.sheets[state.waiting[0]].player
    return None


def next_seating(players: Sequence[str]) -> tuple[str, ...]:
    """Everyone splits the same rolls, so nobody moves first: playing again keeps the seating."""
    return tuple(players)


def outcome(state: Solitaire) -> Outcome:
    """Each sheet's current total; winners once all sheets are closed."""
    scores = {s.player: s.total for s in state.sheets}
    winners: list[str] = []
    if is_over(state):
        best = max(scores.values())
        if len(scores) > 1:
            winners = [p for p, s in scores.items() if s == best]
        elif best >= SOLO_WIN:
            winners = list(scores)
    return Outcome(is_over(state), scores, winners, None)


def turns_done(state: Solitaire) -> int:
    """How many rolls every open sheet has finished splitting."""
    return state.rolls - (1 if state.waiting else 0)


def dice_to_roll(state: Solitaire) -> int | None:
    """Five when the next roll may be entered, None while sheets still have to split."""
    return None if state.waiting or is_over(state) else DICE


def must_free_ride(sheet: Sheet, values: Sequence[int]) -> bool:
    """True when the sheet has three throwaways and the roll holds none of them."""
    return len(sheet.chosen) == THROWAWAY_LIMIT and not set(sheet.chosen) & set(values)


def check_split(sheet: Sheet, roll: Sequence[int], split: Split) -> tuple[str, Sentence] | None:
    """Why ``split`` (already the five dice of ``roll``) breaks the throwaway rule for this sheet.

    Returns (code, message), or None when the split is legal.
    """
    if must_free_ride(sheet, roll):
        return None
    if split.throwaway not in sheet.chosen and len(sheet.chosen) == THROWAWAY_LIMIT:
        return "illegal-throwaway", say(
            "{player} already uses three throwaways ({chosen}) and this roll holds one: "
            "the {die} cannot be thrown away.",
            player=sheet.player,
            chosen=listed(sheet.chosen),
            die=split.throwaway,
        )
    return None


def apply_split(sheet: Sheet, split: Split) -> Sheet:
    """Mark the two sums and the throwaway (unless it is a free ride); close on the 8th mark."""
    marks = list(sheet.marks)
    for total in split.sums:
        marks[total - 2] += 1
    if split.free_ride:
        return replace(sheet, marks=tuple(marks))
    counts = dict(sheet.throwaways)
    counts[split.throwaway] = counts.get(split.throwaway, 0) + 1
    throwaways = tuple(counts.items())
    closed = counts[split.throwaway] >= CLOSING_MARKS
    return Sheet(sheet.player, tuple(marks), throwaways, closed)


def _roll(state: Solitaire, move: Mapping[str, Any]) -> Solitaire:
    if state.waiting:
        raise RuleViolation(
            "assign-first",
            say(
                "Every open sheet splits this roll before the next one: waiting for {names}.",
                names=listed(waiting_for(state)),
            ),
        )
    dice = parse_dice(move.get("dice"))
    if any(d.key for d in dice):
        raise RuleViolation("bad-die", say("Solitaire Dice has no key dice."))
    if len(dice) != DICE:
        raise RuleViolation(
            "wrong-dice-count",
            say(
                "Solitaire Dice rolls {dice} dice, but {entered} were entered.",
                dice=DICE,
                entered=len(dice),
            ),
        )
    waiting = tuple(i for i, s in enumerate(state.sheets) if not s.closed)
    who = (
        say("split it into two pairs and a throwaway")
        if len(waiting) == 1
        else say(
            "each sheet splits it ({names})",
            names=listed([state.sheets[i].player for i in waiting]),
        )
    )
    return replace(
        state,
        roll=dice,
        waiting=waiting,
        rolls=state.rolls + 1,
        ruling=say(
            "Roll {number}: {dice} — {who}.", number=str(state.rolls + 1), dice=spell(dice), who=who
        ),
    )


def _read_split(move: Mapping[str, Any], roll: tuple[Die, ...]) -> Split:
    pairs = move.get("pairs")
    if (
        not isinstance(pairs, list | tuple)
        or len(pairs) != 2
        or not all(isinstance(p, list | tuple) and len(p) == 2 for p in pairs)
    ):
        raise RuleViolation(
            "bad-split", say("A split is two pairs of two dice and one throwaway die.")
        )
    if move.get("throwaway") is None:
        raise RuleViolation(
            "bad-split", say("A split needs its throwaway die (on a free ride, the die dropped).")
        )
    first, second = parse_dice(list(pairs[0])), parse_dice(list(pairs[1]))
    throwaway = parse_dice([move.get("throwaway")], what=say("throwaway"))
    chosen = [*first, *second, *throwaway]
    if sorted(d.value for d in chosen) != sorted(d.value for d in roll):
        # take_from would name only the dice left after matching the others.
        raise RuleViolation(
            "die-not-rolled",
            say(
                "The split {split} does not match the roll {roll}: "
                "the two pairs and the throwaway must be the five dice rolled.",
                split=spell(chosen),
                roll=spell(roll),
            ),
        )
    take_from(roll, chosen)  # colours, when given, must match too
    return Split(
        ((first[0].value, first[1].value), (second[0].value, second[1].value)),
        throwaway[0].value,
    )


def legal_split(sheet: Sheet, move: Mapping[str, Any], roll: tuple[Die, ...]) -> Split:
    """The split ``move`` makes of ``roll`` for ``sheet`` (a free ride when the rule says so);
    ``RuleViolation`` when it is no legal split."""
    split = _read_split(move, roll)
    values = [d.value for d in roll]
    problem = check_split(sheet, values, split)
    if problem:
        raise RuleViolation(*problem)
    return replace(split, free_ride=must_free_ride(sheet, values))


def _assign(state: Solitaire, move: Mapping[str, Any]) -> Solitaire:
    if not state.roll:
        raise RuleViolation("roll-first", say("Roll the five dice before splitting them."))
    player = move.get("player")
    if player is None:
        if not state.waiting:
            raise RuleViolation("assign-first", say("Every sheet has split this roll: roll again."))
        index = state.waiting[0]
    else:
        index = next(i for i, s in enumerate(state.sheets) if s.player == player)
    sheet = state.sheets[index]
    if sheet.closed:
        raise RuleViolation(
            "sheet-closed",
            say("{player}'s sheet is closed: it takes no more marks.", player=sheet.player),
        )
    if index not in state.waiting:
        raise RuleViolation(
            "already-assigned", say("{player} has already split this roll.", player=sheet.player)
        )
    split = legal_split(sheet, move, state.roll)
    new_sheet = apply_split(sheet, split)
    sheets = state.sheets[:index] + (new_sheet,) + state.sheets[index + 1 :]
    waiting = tuple(i for i in state.waiting if i != index)
    ruling = describe_split(sheet, new_sheet, split)
    after = replace(state, sheets=sheets, waiting=waiting)
    if is_over(after):
        ruling = say("{ruling} {result}", ruling=ruling, result=_result(after))
    elif waiting:
        ruling = say(
            "{ruling} Still to split: {names}.", ruling=ruling, names=listed(waiting_for(after))
        )
    else:
        ruling = say("{ruling} Roll again.", ruling=ruling)
    return replace(after, ruling=ruling)


def describe_split(before: Sheet, after: Sheet, split: Split) -> Sentence:
    """The referee's words for one sheet's split."""
    a, b = split.sums
    said: dict[str, Value] = {
        "player": before.player,
        "a": a,
        "b": b,
        "die": split.throwaway,
        "change": change(after.total - before.total),
        "total": score(after.total),
    }
    if split.free_ride:
        text = say(
            "{player}: {a} and {b}, free ride (no {chosen} rolled: the {die} is dropped "
            "unmarked); {change}, total {total}.",
            chosen=listed(before.chosen),
            **said,
        )
    elif split.throwaway in before.chosen:
        text = say(
            "{player}: {a} and {b}, throw away {die} — {marks} of {closing}; {change}, "
            "total {total}.",
            marks=after.throwaway_marks(split.throwaway),
            closing=CLOSING_MARKS,
            **said,
        )
    else:
        text = say(
            "{player}: {a} and {b}, throw away {die} (new throwaway) — {marks} of {closing}; "
            "{change}, total {total}.",
            marks=after.throwaway_marks(split.throwaway),
            closing=CLOSING_MARKS,
            **said,
        )
    if after.closed:
        text = say(
            "{text} The 8th {die} closes {player}'s sheet at {total}.",
            text=text,
            die=split.throwaway,
            player=before.player,
            total=score(after.total),
        )
    return text


def _result(state: Solitaire) -> Sentence:
    result = outcome(state)
    if len(state.sheets) == 1:
        total = state.sheets[0].total
        if total >= SOLO_WIN:
            return say("Game over: {total}, a win.", total=score(total))
        return say("Game over: {total}, short of {win}.", total=score(total), win=SOLO_WIN)
    best = score(max(result.scores.values()))
    if len(result.winners) == 1:
        return say("Game over: {player} wins with {best}.", player=result.winners[0], best=best)
    return say(
        "Game over: {players} share the win with {best}.", players=both(result.winners), best=best
    )


MOVES = {"roll": _roll, "assign": _assign}
MOVE_FIELDS = {"roll": ("dice",), "assign": ("pairs", "throwaway")}
SIMULTANEOUS = frozenset({"assign"})  # every open sheet splits the shared roll at once


def pairings(values: Sequence[int]) -> list[Split]:
    """The fifteen ways to split five dice into two pairs and a throwaway, legal or not
    (repeats included when dice repeat)."""
    found = []
    for t in range(DICE):
        rest = [*values[:t], *values[t + 1 :]]
        for partner in (1, 2, 3):
            others = [rest[i] for i in (1, 2, 3) if i != partner]
            found.append(Split(((rest[0], rest[partner]), (others[0], others[1])), values[t]))
    return found


def splits(sheet: Sheet, roll: Sequence[Die]) -> list[Split]:
    """Every distinct legal split of the roll for this sheet, best change in score first."""
    values = [d.value for d in roll]
    free = must_free_ride(sheet, values)
    found: dict[tuple[tuple[int, int], int], Split] = {}
    for split in pairings(values):
        if check_split(sheet, values, split) is None:
            split = replace(split, free_ride=free)
            found.setdefault((split.sums, 0 if free else split.throwaway), split)
    return sorted(
        found.values(),
        key=lambda s: (-(apply_split(sheet, s).total - sheet.total), s.sums, s.throwaway),
    )


def split_field(split: Split) -> str:
    """A split as the play page posts it: "1,5|1,6|3"."""
    (a, b), (c, d) = split.pairs
    return f"{a},{b}|{c},{d}|{split.throwaway}"


def split_effect(sheet: Sheet, split: Split) -> str:
    """What a split does to the sheet, in a few words: "+30 · new throwaway"."""
    after = apply_split(sheet, split)
    words = [change(after.total - sheet.total)]
    if split.free_ride:
        words.append(say("free ride"))
    elif split.throwaway not in sheet.chosen:
        words.append(say("new throwaway"))
    if after.closed:
        words.append(say("closes the sheet at {total}", total=score(after.total)))
    return dotted(words)


def split_move(player: str, split: Split) -> dict[str, Any]:
    """The log's assign move for a split."""
    return {
        "type": "assign",
        "player": player,
        "pairs": [[str(v) for v in pair] for pair in split.pairs],
        "throwaway": str(split.throwaway),
    }


def choices(state: Solitaire) -> list[dict[str, Any]]:
    """Every legal assign for the sheets still to split the current roll."""
    return [
        split_move(state.sheets[i].player, split)
        for i in state.waiting
        for split in splits(state.sheets[i], state.roll)
    ]


def advised(state: Solitaire) -> Sheet | None:
    """The sheet the advice is for: the first still to split the roll, the one an assign
    without a player goes to (the only one in solo play)."""
    return state.sheets[state.waiting[0]] if state.waiting else None


def facing(state: Solitaire, player: str) -> Solitaire | None:
    """The table with ``player``'s sheet first in line to split the roll, so that the advice
    (and a split naming nobody) is for it; None when that sheet has no split to make."""
    mine = [i for i in state.waiting if state.sheets[i].player == player]
    if not mine:
        return None
    return replace(state, waiting=(*mine, *(i for i in state.waiting if i not in mine)))


def ruling(state: Any) -> str:
    """What the referee said after the last move."""
    return state.ruling


@dataclass(frozen=True)
class SplitOption:
    """A legal split of the roll as a button: what it posts and what it does to the sheet."""

    sums: tuple[int, int]
    throwaway: int
    free_ride: bool
    posted: str
    effect: str
