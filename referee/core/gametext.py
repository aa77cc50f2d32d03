"""What a game says about itself: the one text its help page and its printed sheets render.

A game's text (``GameText``) lives beside its rules module, in the game's own words,
with every figure taken from the rules module so that the page, the sheet and the
referee cannot drift apart.  The help page renders it as HTML and the rule sheet as
PDF, so a rule is written once.  Inline markup is the small subset both understand:
``<b>``, ``<i>`` and ``<br/>``.

The text also says how the game is kept on paper (``pad``): a running total per player
(``RunningPad``), or a sheet of tally tracks per player (``TallyPad``) that the game
fills from a state.

Every sentence of it is said (``referee.core.sentences.say``): one message a paragraph, a
list item or a table cell, its figures (from the rules) as named placeholders and its inline
markup kept whole, so that ``pybabel`` extracts it and a translator reads a whole rule.  A
game's text is its English; ``rendered(text, words)`` gives it (or any part of it: a step, a
tally sheet) in a reader's language, for the help page and the printed sheets alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any, TypeVar, cast

from referee.core.engine import Option
from referee.core.sentences import Sentence, Words, render, say


@dataclass(frozen=True)
class ScoreRow:
    """One line of a "what scores" table, with dice to draw beside it when they help."""

    what: str
    worth: str
    dice: tuple[str, ...] = ()


Grid = tuple[tuple[str | None, ...], ...]
SQUARE = "."  # in a drawn board: an empty square of the board, drawn as its outline


@dataclass(frozen=True)
class Step:
    """One step of a worked example: groups of dice in log notation (captioned), and words.

    ``board`` draws a grid of dice instead (rows from the top, None for an empty cell,
    ``SQUARE`` for an empty square drawn as its outline, where the squares matter), for a
    game played on a board.
    """

    dice: tuple[tuple[str, ...], ...]
    captions: tuple[str, ...]
    text: str
    board: Grid = ()


@dataclass(frozen=True)
class Ruling:
    """How the referee decides one question, led by a few words in bold."""

    lead: str
    text: str


@dataclass(frozen=True)
class RunningPad:
    """A pad of running totals: a round a row, a turn cell and a total per player.

    ``rows`` is how many rounds a blank pad offers (a longer game runs onto a second
    page); ``note`` is formatted with the table's options, written as points (said with
    each placeholder filled by its own name, ``say("Target {target}", target="{target}")``,
    so that its English is the pattern and ``rendered`` gives a reader's pattern).
    ``final_round`` says whether the end gives the others one more turn (shaded);
    ``busts`` whether a turn can bust (the blank pad says how to write one).
    """

    rows: int
    note: str
    final_round: bool = True
    busts: bool = True


@dataclass(frozen=True)
class TallyRow:
    """One track of a tally sheet: its label, what it pays, its marks and its score."""

    label: str
    pays: str
    marks: int = 0
    score: str = ""


@dataclass(frozen=True)
class TallySheet:
    """One player's paper sheet of tally tracks, with a side column and the total.

    ``cap`` is the boxes a track has (marks past it are stroked beside it);
    ``side`` holds the side column's slots as (die value or "", marks), each with
    ``side_cap`` boxes.  A blank sheet has no marks and empty scores.
    """

    player: str
    head: tuple[str, ...]
    rows: tuple[TallyRow, ...]
    cap: int
    side_head: str
    side: tuple[tuple[str, int], ...]
    side_cap: int
    total: str
    note: str


@dataclass(frozen=True)
class TallyPad:
    """A sheet of tally tracks per player; ``fill(state, names)`` draws them (state None: blank)."""

    fill: Callable[[Any, Sequence[str]], tuple[TallySheet, ...]]


@dataclass(frozen=True)
class GameText:
    """Everything a game's help page and printed sheets say about it.

    ``across`` holds small tables read left to right, each row led by its heading,
    shown under the scoring table.  ``on_the_phone`` is how the play page works:
    the help page shows it, the printed sheet (for a table without a phone) does not;
    ``odds`` likewise says what the odds a table can switch on are worked out from.
    ``reminder`` is the one-line scoring summary under a scorepad; ``emblem`` the dice
    drawn in a printed page's corner.  ``result_note`` adds to a filled sheet's result
    line what the scores alone do not say; ``sheet_boards`` gives the grids a filled sheet
    draws under the scores, each with its caption (a board game's play areas).
    ``example_title`` is the example's heading after "Example: ", as it reads there ("a
    turn, roll by roll"): a page prints it as it is, in any language.
    """

    slug: str
    intro: str
    components: tuple[str, ...]
    turn: tuple[str, ...]
    scoring_head: tuple[str, str]
    scoring: tuple[ScoreRow, ...]
    scoring_notes: tuple[str, ...]
    example_title: str
    example: tuple[Step, ...]
    endgame: tuple[str, ...]
    rulings: tuple[Ruling, ...]
    pad: RunningPad | TallyPad
    reminder: str
    emblem: tuple[str, ...]
    turn_title: str = say("A turn")
    on_the_phone: tuple[str, ...] = ()
    odds: tuple[str, ...] = ()
    across: tuple[tuple[tuple[str, ...], ...], ...] = ()
    result_note: Callable[[Any], str] | None = None
    sheet_boards: Callable[[Any], tuple[tuple[str, Grid], ...]] | None = None


EVERY_GAME = (
    Ruling(
        say("Checked entries."),
        say(
            "A move by the wrong player, a die value outside 1 to 6, the wrong number of dice or "
            "a die that was not in the roll is refused with a reason; nothing on the sheet "
            "changes. “Undo last move” takes back the last entry after you confirm."
        ),
    ),
)
"""The rulings every game shares, for each game's text to end its own with."""


def defaults(game_options: tuple[Option, ...]) -> dict[str, int]:
    """A game's options at their defaults."""
    return {o.name: o.default for o in game_options}


Part = TypeVar("Part")


def rendered(part: Part, words: Words) -> Part:
    """A game's text, or any part of it (a step, a ruling, a filled tally sheet), with every
    sentence in the reader's language (``sentences.render``), for a page or a sheet that reads
    other than English.  Plain text, numbers and the text's functions (a tally pad's ``fill``,
    ``result_note``, ``sheet_boards``) are kept as they are: render what they give the same
    way.  A pad's ``note`` renders to the reader's pattern, its ``{name}`` placeholders kept
    for the table's options."""
    if isinstance(part, Sentence):
        return cast(Part, _capitals_first(part, words))
    if isinstance(part, tuple):
        return cast(Part, tuple(rendered(item, words) for item in part))
    if is_dataclass(part) and not isinstance(part, type):
        said = {f.name: rendered(getattr(part, f.name), words) for f in fields(part) if f.init}
        return cast(Part, replace(part, **said))
    return part


def figure(n: int) -> Sentence:
    """A figure on its own, such as a scoring table's worth ("1,000"), in the reader's
    format."""
    return say("{points}", points=n)


class Capital(Sentence):
    """A sentence that starts a line, its first letter a capital in English and in any
    language ``rendered`` writes it in (a rule's words that start a line elsewhere: "Split
    keys 2-5: ..."); made by ``capital``."""


def capital(said: Sentence) -> Capital:
    """``said`` starting with a capital letter, in every language."""
    made = str.__new__(Capital, said[:1].upper() + said[1:])
    made.msgid, made.plural, made.counted, made.values = (
        said.msgid,
        said.plural,
        said.counted,
        said.values,
    )
    return made


def _capitals_first(said: Sentence, words: Words) -> str:
    """``said`` rendered, each ``Capital`` in it (itself or a value) capitalised after it is
    rendered."""
    values = {
        name: _capitals_first(value, words) if isinstance(value, Sentence) else value
        for name, value in said.values.items()
    }
    text = render(Sentence(said.msgid, values, said.plural, said.counted), words)
    return text[:1].upper() + text[1:] if isinstance(said, Capital) else text
