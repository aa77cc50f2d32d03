"""A game's text in a reader's language (referee/core/gametext.py, docs/translating.md): every
sentence of a GameText, or of any part of it, rendered through the reader's words; plain text,
numbers and functions kept; a capital kept in every language; a pad's note rendered to the
reader's pattern with its placeholders left for the table's options; and every game's text said
whole, its English what it always was."""

from __future__ import annotations

import dataclasses

import pytest
from babel.numbers import format_decimal

from referee.core.gametext import (
    GameText,
    Ruling,
    RunningPad,
    ScoreRow,
    Step,
    capital,
    figure,
    rendered,
)
from referee.core.sentences import Sentence, say
from referee.games import all_games


class German:
    """A reader's language made by hand: a few messages and German numbers."""

    WORDS = {
        "Each 1": "Jede 1",
        "{points}": "{points}",
        "split keys {low}-{high}: {total}": "getrennte Schlüssel {low}–{high}: {total}",
        "{text}<br/><b>{worth}</b>": "{text}<br/><b>{worth}</b>",
        "Keys 2 and 5.": "Schlüssel 2 und 5.",
        "Target {target} · entry {entry}": "Ziel {target} · Einstieg {entry}",
        "A turn": "Ein Zug",
    }

    def gettext(self, message: str) -> str:
        return self.WORDS.get(message, message)

    def ngettext(self, one: str, many: str, count: int) -> str:
        return one if count == 1 else many

    def number(self, value: int) -> str:
        return format_decimal(value, locale="de")


def a_text(**changes: object) -> GameText:
    """A small game text, its strings said."""
    text = GameText(
        slug="tiny",
        intro=say("Each 1"),
        components=(),
        turn=(),
        scoring_head=("", ""),
        scoring=(ScoreRow(say("Each 1"), figure(1000), ("1",)),),
        scoring_notes=(),
        example_title=say("Each 1"),
        example=(),
        endgame=(),
        rulings=(Ruling(say("Each 1"), "plain"),),
        pad=RunningPad(
            rows=3,
            note=say("Target {target} · entry {entry}", target="{target}", entry="{entry}"),
        ),
        reminder="plain",
        emblem=("1r",),
        result_note=str,
    )
    return dataclasses.replace(text, **changes)  # type: ignore[arg-type]


def test_every_sentence_of_a_text_is_rendered_and_the_rest_kept():
    german = rendered(a_text(), German())
    assert german.intro == "Jede 1" and type(german.intro) is str
    assert german.scoring[0] == ScoreRow("Jede 1", "1.000", ("1",))
    assert german.rulings[0] == Ruling("Jede 1", "plain")
    assert german.turn_title == "Ein Zug"  # the default title is said too
    assert german.emblem == ("1r",) and german.result_note is str and german.pad.rows == 3


def test_a_pads_note_renders_to_the_readers_pattern_for_the_options():
    text = a_text()
    assert text.pad.note == "Target {target} · entry {entry}"  # the English pattern
    note = rendered(text.pad, German()).note
    assert note.format(target="10.000", entry="500") == "Ziel 10.000 · Einstieg 500"


def test_a_capital_stays_a_capital_in_every_language_and_nested():
    worth = say("split keys {low}-{high}: {total}", low=2, high=5, total=10)
    line = say("{text}<br/><b>{worth}</b>", text=say("Keys 2 and 5."), worth=capital(worth))
    assert line == "Keys 2 and 5.<br/><b>Split keys 2-5: 10</b>"  # English, capitalised
    assert capital(worth).msgid == worth.msgid  # the rules' own message, looked up as it is
    step = rendered(Step((), (), line), German())
    assert step.text == "Schlüssel 2 und 5.<br/><b>Getrennte Schlüssel 2–5: 10</b>"
    assert rendered(capital(worth), German()) == "Getrennte Schlüssel 2–5: 10"


def unsaid(value: object, path: str) -> list[str]:
    """The strings in ``value`` with words that are not said (no message for a translator)."""
    if isinstance(value, Sentence):
        return []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [
            found
            for f in dataclasses.fields(value)
            if f.name not in ("slug", "emblem", "dice", "board", "player")
            for found in unsaid(getattr(value, f.name), f"{path}.{f.name}")
        ]
    if isinstance(value, tuple):
        return [found for i, item in enumerate(value) for found in unsaid(item, f"{path}[{i}]")]
    if isinstance(value, str) and any(c.isalpha() for c in value):
        return [f"{path}: {value!r}"]
    return []


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_every_word_of_a_games_text_is_said(game):
    text = game.TEXT
    found = unsaid(text, "TEXT")
    if hasattr(text.pad, "fill"):
        found += unsaid(text.pad.fill(None, ("Ann", "Bo")), "blank sheets")
    assert found == []


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_a_games_text_in_english_words_is_the_text_itself(game):
    class English:
        def gettext(self, message: str) -> str:
            return message

        def ngettext(self, one: str, many: str, count: int) -> str:
            return one if count == 1 else many

        def number(self, value: int) -> str:
            return f"{value:,}"

    assert rendered(game.TEXT, English()) == game.TEXT
