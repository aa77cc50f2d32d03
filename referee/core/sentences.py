"""Sentences a player reads, said so that each phone can read them in its own language.

The rules are pure (no Flask, no Babel): they cannot know which phone will read what they say,
and phones at one table may read different languages.  So a rule says a sentence as its
English message (the catalogue's msgid, with named placeholders) and the values that fill it
(``say``, ``say_n`` for a sentence whose words follow a count).  The sentence *is* its English
text (a ``str``), so everything that reads it as a string (the tests, the CLI, the help pages)
reads exactly the English it read before; it also keeps its message and values, so the web
layer and the printables render it in a reader's language (``render``): the message looked
up in the catalogue, the numbers in the locale's format, a nested sentence rendered the same
way, a player's name as it is.

``pybabel extract`` finds the messages by the two names (``-k say -k say_n:1,2``, see the
Makefile's ``translations``).  A sentence is never stored: the log holds moves, and a
replay says its sentences again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, Union

Value = Union[str, int, "Sentence"]


class Sentence(str):
    """A sentence's English text, which also keeps its message and values.

    ``msgid`` is the English message with ``{name}`` placeholders; ``plural`` the message
    for a count other than one and ``counted`` that count (``None`` for a plain message);
    ``values`` fill the placeholders: text (a name, as it is), a whole number (in the
    reader's format) or another ``Sentence`` (in the reader's language).
    """

    msgid: str
    plural: str | None
    counted: int | None
    values: Mapping[str, Value]

    def __new__(
        cls,
        msgid: str,
        values: Mapping[str, Value],
        plural: str | None = None,
        count: int | None = None,
    ) -> Sentence:
        english = msgid if plural is None or count == 1 else plural
        # A whole number in English: with commas (10,250).  Inline: the rules say a sentence
        # on every move, and a replay says thousands.
        shown = {k: f"{v:,}" if v.__class__ is int else v for k, v in values.items()}
        made = str.__new__(cls, english.format_map(shown))
        made.msgid, made.plural, made.counted, made.values = msgid, plural, count, values
        return made

    def __reduce__(self) -> tuple[type[Sentence], tuple[object, ...]]:
        return (Sentence, (self.msgid, dict(self.values), self.plural, self.counted))


def say(msgid: str, **values: Value) -> Sentence:
    """The sentence ``msgid`` (English, ``{name}`` placeholders) filled with ``values``."""
    return Sentence(msgid, values)


def say_n(one: str, many: str, count: int, **values: Value) -> Sentence:
    """The sentence ``one`` for a ``count`` of one, else ``many`` (in English; a language
    with other plural forms has its own), filled with ``values`` and ``{count}``."""
    return Sentence(one, {"count": count, **values}, many, count)


def both(items: Sequence[Value]) -> Value:
    """``items`` joined by "and" ("Ann and Bo", "Ann and Bo and Cy"), each in the reader's
    language; a single item as it is."""
    joined = items[0]
    for item in items[1:]:
        joined = say("{these} and {those}", these=joined, those=item)
    return joined


def listed(items: Sequence[Value]) -> Value:
    """``items`` joined by commas ("Ann, Bo, Cy"), each in the reader's language; a single
    item as it is."""
    joined = items[0]
    for item in items[1:]:
        joined = say("{these}, {those}", these=joined, those=item)
    return joined


class Words(Protocol):
    """A reader's language: its catalogue's look-ups and its way of writing numbers."""

    def gettext(self, message: str) -> str:
        """The translation of ``message`` (itself when there is none)."""

    def ngettext(self, one: str, many: str, count: int) -> str:
        """The translation of the message for ``count`` in the language's plural forms."""

    def number(self, value: int) -> str:
        """A whole number as the language writes it."""


def render(text: str, words: Words) -> str:
    """``text`` in the reader's language: a ``Sentence`` looked up and filled, nested
    sentences rendered the same way; any other text as it is."""
    if not isinstance(text, Sentence):
        return text
    values = {
        name: words.number(value) if isinstance(value, int) else render(value, words)
        for name, value in text.values.items()
    }
    if text.plural is None:
        pattern = words.gettext(text.msgid)
    else:
        assert text.counted is not None
        pattern = words.ngettext(text.msgid, text.plural, text.counted)
    return pattern.format_map(values)


def dotted(items: Sequence[Value]) -> str:
    """``items`` joined by " · " (a note's parts: "+30 · new throwaway"), each in the
    reader's language; a single item as it is, "" for none."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = say("{these} · {those}", these=joined, those=item)
    return joined if isinstance(joined, str) else str(joined)


def score(n: int) -> Value:
    """A score as a player reads it: in the reader's format, its minus the typographic one
    (−400, 10,250: ``engine.score_text``'s English)."""
    return say("\u2212{points}", points=-n) if n < 0 else n


def change(n: int) -> Sentence:
    """A change in points with its sign, the minus the typographic one (+800, −400:
    ``engine.signed``'s English)."""
    return say("+{points}", points=n) if n >= 0 else say("\u2212{points}", points=-n)


Data = str | int | dict[str, object]


def as_data(value: Value) -> Data:
    """``value`` as JSON can keep it without its words: a sentence as its message and its
    values (``{"msgid": ..., "values": {...}}``, with ``plural`` and ``count`` when it has
    them), a name or a number as it is.  ``from_data`` says it again."""
    if not isinstance(value, Sentence):
        return value
    kept: dict[str, object] = {
        "msgid": value.msgid,
        "values": {name: as_data(item) for name, item in value.values.items()},
    }
    if value.plural is not None:
        kept["plural"], kept["count"] = value.plural, value.counted
    return kept


def from_data(data: object) -> Value:
    """The value ``as_data`` kept: a sentence said again (its English as it was), a name or a
    number as it is; anything else as text."""
    if isinstance(data, str | int) and not isinstance(data, bool):
        return data
    if not isinstance(data, Mapping) or not isinstance(data.get("msgid"), str):
        return str(data)
    values = data.get("values")
    said = {str(k): from_data(v) for k, v in values.items()} if isinstance(values, Mapping) else {}
    plural, count = data.get("plural"), data.get("count")
    if isinstance(plural, str) and isinstance(count, int):
        return Sentence(data["msgid"], said, plural, count)
    return Sentence(data["msgid"], said)


def said_by(error: BaseException) -> str:
    """What ``error`` says: the sentence it was raised with (kept a ``Sentence``, so that a
    reader reads it in their language), else its text."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Sentence) else str(error)


def decimal(written: str) -> Value:
    """A decimal of no sign written in English digits ("0.05", "12.345"), said so that a
    reader's language writes it its way (0,05 in German): its whole part a whole number in the
    reader's format, its decimals as they are; a number without decimals ("12") a whole
    number."""
    whole, point, decimals = written.partition(".")
    if not point:
        return int(whole)
    return say("{whole}.{decimals}", whole=int(whole), decimals=decimals)
