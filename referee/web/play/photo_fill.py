"""A photo's reading as the fields of the entry form a game asks it to fill (``PhotoEntry``):
the tap pad, a board typed row by row, a pool entered colour by colour, or one die's value.

What the reader is unsure of is named twice: in the sentence the table reads (by where the
die lies: "the 3 at top left", or a count of the dice marked ?), and in the ``UNSURE``
field, which the forms read to mark those dice ("d2 k0" on the pad, cell numbers row by row
on a board, "r1" for a pool's second red die, the field's own name for one die).  Each die
read is also given to the page with its place and size in the photo and the field it
fills (``Filled.dice``): the page draws it over the phone's own copy of the photo.

A board comes as it lies in the photo, its first row the one along the photo's top
(``upright``).  A die of a colour the game has not (a colour outside its palette, or one
the reader calls "other") keeps its value and leaves its colour for the table to pick.
A photo that shows another number of dice, or another shape, than the entry has is
refused with a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from referee.core.dice import COLOURS
from referee.core.engine import FILL_BOARD, FILL_DIE, FILL_PAD, PhotoEntry
from referee.core.moves import where
from referee.core.sentences import Sentence, Value, say, say_n
from referee.core.sentences import listed as comma_listed
from referee.vision import PhotoError, ReadDie, Reading
from referee.vision.reader import read_photo_each
from referee.vision.sureness import SURE
from referee.web.base.deadline import check

UNSURE = "photo_unsure"  # the entered field that names the dice to check
KEPT_CHARS = 40  # a field kept from the photo's post is a choice the page made, never text
LETTERS = {name: letter for letter, name in COLOURS.items()} | {"white": ""}
NAMED_AT_MOST = 2  # more doubtful dice than this are counted, not named one by one


class NotThatPhoto(ValueError):
    """A photo whose dice are not what the entry waits for; its message is the sentence."""


@dataclass(frozen=True)
class Filled:
    """The entry form's fields as read, the sentence that says what was read, and each die
    as the page outlines it on the photo (``outline``)."""

    fields: dict[str, str]
    said: Sentence
    dice: list[dict[str, object]] = field(default_factory=list)


def outline(die: ReadDie, place: str, unsure: bool, turn: float | None = None) -> dict[str, object]:
    """A die as the page draws it over the photo: its centre and side in the photo's own
    pixels, its value, whether to check it, the form's place it fills (``place``: a field,
    a board's cell number, a pool's colour and index; "" for a die left out) and, for a
    board's die, the board's turn in degrees."""
    x, y = die.center
    drawn = {"x": x, "y": y, "s": die.side, "v": die.value, "u": unsure, "f": place}
    return drawn if turn is None else drawn | {"a": turn}


def letter_of(colour: str) -> str | None:
    """The colour letter the forms write for a colour name ("" for white); None for a colour
    no game has (the reader's "other")."""
    return LETTERS.get(colour)


PLACES = {
    ("", ""): say("in the middle"),
    ("top", "left"): say("at top left"),
    ("top", "right"): say("at top right"),
    ("bottom", "left"): say("at bottom left"),
    ("bottom", "right"): say("at bottom right"),
    ("top", ""): say("at the top"),
    ("bottom", ""): say("at the bottom"),
    ("", "left"): say("at the left"),
    ("", "right"): say("at the right"),
}  # where a die lies in the photo, as ``lies`` says it


def lies(die: ReadDie, dice: Sequence[ReadDie]) -> str:
    """Where ``die`` lies among ``dice`` in the photo, as the table sees it: "at top left",
    "at the right", "in the middle" (each third of the dice's spread)."""
    centres = np.array([d.center for d in dice], float)
    low, high = centres.min(axis=0), centres.max(axis=0)
    side = max((d.side for d in dice), default=0.0) or 1.0
    bands = []
    for axis, words in ((1, ("top", "bottom")), (0, ("left", "right"))):
        span = high[axis] - low[axis]
        at = (die.center[axis] - low[axis]) / span if span > side else 0.5
        bands.append(words[0] if at < 1 / 3 else words[1] if at > 2 / 3 else "")
    return PLACES[bands[0], bands[1]]


def named(die: ReadDie, dice: Sequence[ReadDie], shown: Value) -> Value:
    """A die to check, as the table reads it: what was read and where it lies among ``dice``
    ("the red 3 at top left"; "the red 3" alone in the photo), and that the photo's edge cuts
    it when it does (the part left out may hold pips)."""
    name = (
        say("the {die} {at}", die=shown, at=lies(die, dice))
        if len(dice) > 1
        else say("the {die}", die=shown)
    )
    return say("{die}, cut by the photo's edge", die=name) if die.cut else name


def upright(rows: Sequence[Sequence[ReadDie]]) -> list[list[ReadDie]]:
    """A board's rows as it lies in the photo: turned (or turned over) so that its rows run
    most nearly along the photo's width, left to right, and its first row is the one along
    the top, whichever corner the reader started from."""
    grid = [list(row) for row in rows]
    steps = steps_of(grid)
    if steps is None:
        return grid
    across, down = steps
    if abs(down[0]) > abs(across[0]):  # the reader's columns run across the photo
        grid = [list(col) for col in zip(*grid, strict=True)]
        across, down = down, across
    if across[0] < 0:
        grid = [row[::-1] for row in grid]
    if down[1] < 0:
        grid = grid[::-1]
    return grid


def steps_of(grid: Sequence[Sequence[ReadDie]]) -> tuple[np.ndarray, np.ndarray] | None:
    """A board's mean step in the photo from a die to the next in its row, and to the next
    in its column; None for a board of one row or column, or of uneven rows."""
    if len(grid) < 2 or len(grid[0]) < 2 or any(len(row) != len(grid[0]) for row in grid):
        return None
    centres = np.array([[die.center for die in row] for row in grid], float)
    across = (centres[:, 1:] - centres[:, :-1]).mean(axis=(0, 1))
    down = (centres[1:] - centres[:-1]).mean(axis=(0, 1))
    return across, down


def turn_of(grid: Sequence[Sequence[ReadDie]]) -> float:
    """How far a board's rows are turned from the photo's width, in degrees (clockwise
    on screen), for its outlines to lie along its dice."""
    steps = steps_of(grid)
    return 0.0 if steps is None else round(float(np.degrees(np.arctan2(*steps[0][::-1]))), 1)


def dice_words(n: int) -> Sentence:
    """``n`` dice in words: "1 die", "4 dice"."""
    return say_n("{count} die", "{count} dice", n)


def listed(words: Sequence[Value]) -> Value:
    """Words as a list a player reads: "a", "a and b", "a, b and c"."""
    if len(words) == 1:
        return words[0]
    return say("{these} and {those}", these=comma_listed(words[:-1]), those=words[-1])


def die_words(die: ReadDie) -> str:
    """A die as read, in words: "red 4"; "4" for a white die, and for one whose colour the
    reader cannot name (its "other": marbled, gold), never "other 4"."""
    letter = letter_of(die.colour)
    if not letter:
        return str(die.value)
    return say("{colour} {value}", colour=COLOURS[letter], value=die.value)


def shapes(entry: PhotoEntry) -> list[tuple[int, int] | None]:
    """The board shapes to read a photo as: the entry's own, else every rectangle of its
    count of dice (two rows and columns at least), else whatever the reader finds."""
    if entry.layout != "grid" or entry.shape:
        return [entry.shape]
    if entry.count is None:
        return [None]
    sides = [(rows, entry.count // rows) for rows in range(2, entry.count // 2 + 1)]
    return [(rows, cols) for rows, cols in sides if rows * cols == entry.count] or [None]


def coloured(entry: PhotoEntry) -> bool:
    """Whether the entry takes the dice's colours (its colours, or its keys' colour): if not,
    a die is sure when its value is, whatever the reader makes of its colour."""
    return bool(entry.colours or entry.keys)


def doubtful_in(entry: PhotoEntry, die: ReadDie) -> bool:
    """Whether ``die`` is marked for the table to check, as the entry reads it."""
    return die.surety(coloured=coloured(entry)) < SURE


def surety(entry: PhotoEntry, reading: Reading) -> float:
    """A reading's mean confidence per die, as the entry reads it."""
    dice = [die for row in reading.rows for die in row] or reading.dice
    return sum(die.surety(coloured=coloured(entry)) for die in dice) / len(dice)


def read_for(entry: PhotoEntry, data: bytes) -> Reading:
    """The photo read as the entry waits for it: a board of unknown shape but known count
    is read as each rectangle of that count (the reader is surer of a board's dice than of
    its count of rows), and the surest reading is kept.  PhotoError when it cannot be read
    in any of them (the last shape's refusal).  The request's deadline is checked before
    the reading and after it (``OutOfTime``: a photo read past it is not given back)."""
    check()
    tried = read_photo_each(data, entry.layout, shapes(entry))
    check()
    readings = [reading for reading in tried if isinstance(reading, Reading)]
    if not readings:
        raise next(refused for refused in reversed(tried) if isinstance(refused, PhotoError))
    return max(readings, key=lambda reading: surety(entry, reading))


def reading_of(entry: PhotoEntry, reading: Reading) -> Filled:
    """The entry form filled from ``reading``; raises NotThatPhoto with a sentence when the
    photo does not show what the entry waits for."""
    if entry.form == FILL_BOARD:
        return board(entry, reading.rows)
    if entry.form == FILL_PAD:
        return pad(entry, reading.dice)
    if entry.form == FILL_DIE:
        return one_die(entry, reading.dice)
    return pool(entry, reading.dice)


def kept(entry: PhotoEntry, posted: Mapping[str, str]) -> dict[str, str]:
    """The fields of the photo's post the entry keeps (``keep``: which die the page had
    chosen), as posted; one that is missing or longer than a choice is left out."""
    return {
        name: posted[name]
        for name in entry.keep
        if name in posted and len(posted[name]) <= KEPT_CHARS
    }


def said(
    read: Value, unsure: Sequence[Value], then: Sentence, more: Sentence | None = None
) -> Sentence:
    """The sentence over the filled form: what was read, what to check (the doubtful dice
    named, or counted when there are more than ``NAMED_AT_MOST``), what to do."""
    sentence = say("Read from the photo: {read}.", read=read)
    if len(unsure) > NAMED_AT_MOST:
        check = say("Check the {count} dice marked ?.", count=len(unsure))
        sentence = say("{these} {those}", these=sentence, those=check)
    elif unsure:
        check = say("Check {dice}: marked ?.", dice=listed(unsure))
        sentence = say("{these} {those}", these=sentence, those=check)
    if more is not None:
        sentence = say("{these} {those}", these=sentence, those=more)
    return say("{these} {those}", these=sentence, those=then)


def pad(entry: PhotoEntry, dice: Sequence[ReadDie]) -> Filled:
    """The tap pad: base dice in ``field`` + i, keys (of the keys' colour) in ``k`` + i."""
    keys = [d for d in dice if entry.keys and d.colour == entry.key_colour]
    base = [d for d in dice if d not in keys]
    if entry.keys and len(keys) != entry.keys:
        colour = COLOURS.get(LETTERS.get(entry.key_colour) or "", entry.key_colour)
        seen = say_n("{count} {colour} die", "{count} {colour} dice", len(keys), colour=colour)
        raise NotThatPhoto(
            say_n(
                "The photo shows {seen}, and this roll has {count} key of that colour: take it "
                "again, or tap it in.",
                "The photo shows {seen}, and this roll has {count} keys of that colour: take "
                "it again, or tap it in.",
                entry.keys,
                seen=seen,
            )
        )
    if entry.count is not None and len(base) != entry.count:
        raise NotThatPhoto(
            say(
                "The photo shows {dice} besides the keys, and this roll has {count} base: "
                "take it again, or tap it in.",
                dice=dice_words(len(base)),
                count=entry.count,
            )
            if entry.keys
            else say(
                "The photo shows {dice}, and this roll has {count}: take it again, or tap it in.",
                dice=dice_words(len(base)),
                count=entry.count,
            )
        )
    fields, marks, drawn_dice = {}, [], []
    unsure: list[Value] = []
    for prefix, kind, group in ((entry.field, say("die"), base), ("k", say("key"), keys)):
        for i, die in enumerate(group):
            fields[f"{prefix}{i}"] = str(die.value)
            letter = letter_of(die.colour)
            taken = not entry.colours or bool(letter and letter in entry.colours)
            if entry.colours and taken and letter:
                fields[f"{entry.colour_field}{i}"] = letter
            doubtful = doubtful_in(entry, die) or not taken
            if doubtful:
                shown = die_words(die) if taken else str(die.value)
                unsure.append(named(die, dice, shown if len(dice) > 1 else kind))
                marks.append(f"{prefix}{i}")
            drawn_dice.append(outline(die, f"{prefix}{i}", doubtful))
    values = [str(d.value) for d in base]
    read: Value = " ".join(values)
    if entry.colours and base:
        read = comma_listed([die_words(d) for d in base])
    if keys:
        read = say("{read}, keys {keys}", read=read, keys=" ".join(str(d.value) for d in keys))
    fields[UNSURE] = " ".join(marks)
    if not entry.colours:
        then = say("Then enter the roll.")
    elif len(dice) == 1:
        then = say("Then enter the die.")
    else:
        then = say("Then enter the dice.")
    return Filled(fields, said(read, unsure, then), drawn_dice)


def board(entry: PhotoEntry, rows: Sequence[Sequence[ReadDie]]) -> Filled:
    """A board typed row by row, as it lies in the photo (``upright``): the values in
    ``field``, the colour letters in ``colour_field`` ("." for a die of a colour the game
    has not: its value kept, its colour left for the table to pick).  Refused when more than
    half of its dice are read unsure: a photo of something else read as this board."""
    rows = upright(rows)
    turn = turn_of(rows)
    count = sum(len(row) for row in rows)
    shape = (len(rows), len(rows[0]) if rows else 0)
    if entry.shape and shape != entry.shape:
        raise NotThatPhoto(
            say(
                "The photo shows a board of {rows} rows of {columns}, and this one has "
                "{entry_rows} rows of {entry_columns}: take it again, or type it in.",
                rows=shape[0],
                columns=shape[1],
                entry_rows=entry.shape[0],
                entry_columns=entry.shape[1],
            )
        )
    if entry.count is not None and count != entry.count:
        raise NotThatPhoto(
            say(
                "The photo shows a board of {dice}, and this one has {count}: take it again, "
                "or type it in.",
                dice=dice_words(count),
                count=entry.count,
            )
        )
    marks, unpainted, drawn_dice = [], 0, []
    unsure: list[Value] = []
    values, letters = [], []
    for r, row in enumerate(rows):
        values.append("".join(str(d.value) for d in row))
        line = ""
        for c, die in enumerate(row):
            letter = letter_of(die.colour)
            taken = not entry.colours or bool(letter and letter in entry.colours)
            line += letter if taken and letter else "."
            unpainted += not taken
            doubtful = doubtful_in(entry, die)
            if doubtful:
                shown = die_words(die) if taken else str(die.value)
                unsure.append(say("the {die} at {cell}", die=shown, cell=where((r, c))))
                marks.append(str(r * len(row) + c))
            drawn_dice.append(outline(die, str(r * len(row) + c), doubtful, turn))
        letters.append(line)
    if entry.count is not None and len(marks) * 2 > count:
        raise NotThatPhoto(
            say(
                "The photo does not look like this board of {dice}: {unsure} of its {count} "
                "dice read unsure. Take it again from above, the whole board in the photo, or "
                "type it in.",
                dice=dice_words(count),
                unsure=len(marks),
                count=count,
            )
        )
    fields = {entry.field: "\n".join(values), UNSURE: " ".join(marks)}
    if entry.colours:
        fields[entry.colour_field] = "\n".join(letters)
    read = say("{rows} rows of {columns}", rows=len(rows), columns=shape[1])
    more = None
    if entry.colours and unpainted:
        more = say_n(
            "{count} die of a colour this game has not: pick its colour.",
            "{count} dice of a colour this game has not: pick their colours.",
            unpainted,
        )
    then = say("Turn it to lie as on the table, then send it.")
    return Filled(fields, said(read, unsure, then, more), drawn_dice)


def one_die(entry: PhotoEntry, dice: Sequence[ReadDie]) -> Filled:
    """One die alone: its value in ``field``, which ``UNSURE`` names when it is read unsure;
    its colour is the die's own, known to the form, so it is not read."""
    if len(dice) != 1:
        raise NotThatPhoto(
            say(
                "The photo shows {dice}, and this is a roll of 1 die: take it again with that "
                "die alone, or tap it in.",
                dice=dice_words(len(dice)),
            )
        )
    die = dice[0]
    doubtful = die.surety(coloured=False) < SURE  # its colour is not read
    fields = {entry.field: str(die.value), UNSURE: entry.field if doubtful else ""}
    doubted = [named(die, dice, say("die"))] if doubtful else []
    sentence = said(str(die.value), doubted, say("Then enter it."))
    return Filled(fields, sentence, [outline(die, entry.field, doubtful)])


def pool(entry: PhotoEntry, dice: Sequence[ReadDie]) -> Filled:
    """A pool: the values of each colour of ``colours`` in ``field`` + its letter."""
    if entry.count is not None and len(dice) != entry.count:
        raise NotThatPhoto(
            say(
                "The photo shows {dice}, and this pool has {count}: take it again, or type it in.",
                dice=dice_words(len(dice)),
                count=entry.count,
            )
        )
    by_colour: dict[str, str] = {letter: "" for letter in entry.colours}
    marks, drawn_dice = [], []
    unsure: list[Value] = []
    left_out: list[Value] = []
    for die in dice:
        letter = letter_of(die.colour)
        if letter is None or letter not in by_colour:
            left_out.append(die_words(die))
            drawn_dice.append(outline(die, "", True))
            continue
        place = f"{letter}{len(by_colour[letter])}"
        doubtful = doubtful_in(entry, die)
        if doubtful:
            unsure.append(named(die, dice, die_words(die)))
            marks.append(place)
        drawn_dice.append(outline(die, place, doubtful))
        by_colour[letter] += str(die.value)
    fields = {f"{entry.field}{letter}": values for letter, values in by_colour.items()}
    fields[UNSURE] = " ".join(marks)
    colours: list[Value] = [
        say("{colour} {values}", colour=COLOURS[letter], values=" ".join(values))
        for letter, values in by_colour.items()
        if values
    ]
    read: Value = say("no dice of this game's colours")
    if colours:
        read = colours[0]
        for more in colours[1:]:
            read = say("{these}; {those}", these=read, those=more)
    if left_out:
        read = say(
            "{read} (left out, of no colour this game has: {dice})",
            read=read if colours else "",
            dice=listed(left_out),
        )
    sentence = said(read, unsure, say("Then enter it."))
    return Filled(fields, sentence, drawn_dice)
