"""A rules' sentence (referee/core/sentences.py): its English text as the rules always said it,
its message and values kept for a reader's language, rendered there with the language's
words, plural forms and numbers, and kept through a pickle (the replays' caches)."""

from __future__ import annotations

import pickle

from babel.numbers import format_decimal

from referee.core.sentences import Sentence, render, say, say_n


class German:
    """A reader's language made by hand: a two-message catalogue and German numbers."""

    WORDS = {
        "{player} banked {gain}: total {total}.": "{player} schreibt {gain} auf: {total}.",
        "{player} to roll.": "{player} würfelt.",
        "{first} {then}": "{first} {then}",
    }

    def gettext(self, message: str) -> str:
        return self.WORDS.get(message, message)

    def ngettext(self, one: str, many: str, count: int) -> str:
        return (
            "noch {count} Würfel"
            if (one, many) == ("{count} die left", "{count} dice left")
            else one
        )

    def number(self, value: int) -> str:
        return format_decimal(value, locale="de")


def test_a_sentence_is_its_english_text():
    said = say("{player} banked {gain}: total {total}.", player="Ann", gain=1050, total=10250)
    assert said == "Ann banked 1,050: total 10,250." and isinstance(said, str)
    assert said.msgid == "{player} banked {gain}: total {total}."
    assert dict(said.values) == {"player": "Ann", "gain": 1050, "total": 10250}


def test_plural_forms_follow_the_count():
    assert say_n("{count} die left", "{count} dice left", 1) == "1 die left"
    assert say_n("{count} die left", "{count} dice left", 3) == "3 dice left"
    assert render(say_n("{count} die left", "{count} dice left", 3), German()) == "noch 3 Würfel"


def test_rendering_translates_nested_sentences_and_numbers_but_not_names():
    banked = say("{player} banked {gain}: total {total}.", player="Ann", gain=1050, total=10250)
    both = say("{first} {then}", first=banked, then=say("{player} to roll.", player="Bo"))
    assert both == "Ann banked 1,050: total 10,250. Bo to roll."
    assert render(both, German()) == "Ann schreibt 1.050 auf: 10.250. Bo würfelt."
    assert render("plain text", German()) == "plain text"


def test_a_sentence_survives_a_pickle():
    said = say_n("{count} die left", "{count} dice left", 2, player="Ann")
    again = pickle.loads(pickle.dumps(said))
    assert type(again) is Sentence and again == said
    assert (again.msgid, again.plural, again.counted) == (said.msgid, said.plural, said.counted)
    assert render(again, German()) == "noch 2 Würfel"
