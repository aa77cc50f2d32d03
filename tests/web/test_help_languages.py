"""Each game's help page in the phone's language (issue 50, docs/translating.md): a German
phone reads the game's text (rules, scoring, worked example, rulings) in German, with German
numbers, and not one of its English sentences; an English phone reads the page as it always
was."""

from __future__ import annotations

import dataclasses
import html
import re
from functools import cache

import pytest
from babel.support import NullTranslations, Translations

from referee.core.sentences import Sentence
from referee.games import all_games
from referee.web.base.languages import CATALOGUES

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture
def offering_german(app):
    """The app offering German beside English."""
    app.config["LANGUAGES"] = ("en", "de")
    return app


def said(value: object) -> list[Sentence]:
    """Every sentence of a game's text (or a part of it), outermost first."""
    if isinstance(value, Sentence):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [s for f in dataclasses.fields(value) for s in said(getattr(value, f.name))]
    if isinstance(value, tuple):
        return [s for item in value for s in said(item)]
    return []


@cache
def german() -> NullTranslations:
    """The shipped German catalogue."""
    return Translations.load(str(CATALOGUES), ["de"])


def english_only(sentence: Sentence) -> bool:
    """Whether ``sentence`` reads differently in German: a message of words, not figures."""
    words = re.sub(r"\{\w+\}|<[^>]+>", "", sentence.msgid)
    return len(re.findall(r"[A-Za-z]{3,}", words)) >= 2 and german().gettext(sentence.msgid) != (
        sentence.msgid
    )


def text_of(page: str) -> str:
    """A page's article as its reader sees it: tags out, entities read, spaces joined."""
    article = page[page.index("<article") : page.index("</article>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article)).split())


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_a_german_phone_reads_a_games_help_in_german(offering_german, client, game):
    page = client.get(f"/games/{game.SLUG}", headers=GERMAN)
    assert page.status_code == 200
    read = text_of(page.text)
    english = [
        str.__str__(s) for s in said(game.TEXT) if english_only(s) and s.values == {}
    ]  # a sentence without values reads in English exactly as its message
    assert english, game.SLUG
    assert [s for s in english if " ".join(s.split()) in read] == []


def test_the_german_help_writes_german_numbers_and_words(offering_german, client):
    read = text_of(client.get("/games/tenk", headers=GERMAN).text)
    assert "Wer als Erster 10.000 aufschreibt, leitet die Schlussrunde ein." in read
    assert "Jetzt 1.050 aufschreiben" in read
    assert "1 1 1 1 5 5 = 2.100 als vier Einsen und zwei Fünfen" in read
    sb = text_of(client.get("/games/sb", headers=GERMAN).text)
    assert "Getrennte Schlüssel 2–5: 4 dazwischen" in sb  # the rules' worth, capitalised
    one = text_of(client.get("/games/sixd-one", headers=GERMAN).text)
    assert "Die Würfel von Cy (grün) bilden eine Gruppe: 120 für die Runde." in one


def test_an_english_phone_reads_the_help_as_it_was(offering_german, client):
    page = client.get("/games/tenk", headers={"Accept-Language": "en"}).text
    assert "The first to bank 10,000 starts the final round." in page
    assert "<h2>Example: a turn, roll by roll</h2>" in page
