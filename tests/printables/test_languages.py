"""The PDFs in a phone's language: a German rule sheet, scorepad and filled sheet read back with
no English sentence left in them, numbers in the locale's format, English as it always was,
and a font with every letter German, French and Spanish need (docs/translating.md)."""

from __future__ import annotations

import re

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

import printables
from printables import styles
from printables.layout import paragraph
from printables.words import words_for
from tests.printables.support import GAMES, reader, seed_replay, text_of

DATE, ADDRESS = "2025-03-14", "http://localhost:5000/tables/7"
FINISHED = [f"{game}-finished" for game in GAMES if game not in ("sb", "solitaire")] + [
    "sb-anna-and-barry",
    "solitaire-shared",
]
# Every letter the three languages write, their quotes and dashes, and the narrow no-break
# space French groups thousands with (Babel writes 10 000 with it).
LETTERS = "äöüÄÖÜßẞéèêëàâçîïôœûùÿÉÈÊËÀÂÇÎÏÔŒÛÙŸáíóúñÁÍÓÚÑ¿¡„“”‘’‚«»‹›–—…·×−\u00a0\u202f"
WORD = re.compile(r"[A-Za-z’']+")


def english_phrases(text: str) -> set[str]:
    """Every run of three or more words of English letters in ``text``: the sentences and
    headings a document prints, less names and figures."""
    phrases = set()
    for run in re.split(r"[^A-Za-z’'\s]+", text):
        words = WORD.findall(run)
        if len(words) >= 3:
            phrases.add(" ".join(words))
    return phrases


# The games' names German players use as they are (docs/translating.md's glossary).
KEPT_NAMES = {"Solitaire Dice"} | {
    f"Six D {n}" for n in ("One", "Two", "Three", "Four", "Five", "Six")
}


def left_in_english(english: str, other: str) -> list[str]:
    """The English document's phrases that the other one still prints (the names the
    glossary keeps aside)."""
    runs = " | ".join(" ".join(WORD.findall(run)) for run in re.split(r"[^A-Za-z’'\s]+", other))
    left = (p for p in english_phrases(english) if f" {p} " in f" {runs} ")
    return sorted(p for p in left if p not in KEPT_NAMES)


def filled(name: str, language: str) -> bytes:
    return printables.filled_sheet(
        seed_replay(name), title_date=DATE, address=ADDRESS, language=language
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_german_rule_sheet_has_no_english_sentence(game):
    english = text_of(printables.rule_sheet(game))
    german = text_of(printables.rule_sheet(game, language="de"))
    assert left_in_english(english, german) == []
    assert "Spielregeln" in german and "Seite 1" in german


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_a_german_rule_sheet_keeps_to_two_pages(game, paper):
    # German runs longer than English: set a little tighter, it still takes two pages.
    assert len(reader(printables.rule_sheet(game, paper, language="de")).pages) <= 2


@pytest.mark.parametrize("game", GAMES)
def test_a_german_scorepad_has_no_english_sentence(game):
    english = text_of(printables.scorepad(game, players=3))
    german = text_of(printables.scorepad(game, players=3, language="de"))
    assert left_in_english(english, german) == []


@pytest.mark.parametrize("name", FINISHED)
def test_a_german_filled_sheet_has_no_english_sentence(name):
    english, german = text_of(filled(name, "en")), text_of(filled(name, "de"))
    assert left_in_english(english, german) == []
    assert "Spielzettel" in german and f"Begonnen {DATE}" in german


def test_the_phrase_check_finds_english_left_in_a_document():
    english = "Example: a turn, roll by roll. Bank 300 or roll again."
    german = "Beispiel: ein Zug, roll by roll. Schreib 300 auf oder würfle weiter."
    assert left_in_english(english, german) == ["roll by roll"]
    assert left_in_english(english, "Beispiel: ein Zug, Wurf für Wurf.") == []


def test_a_german_sheet_writes_numbers_as_germans_do():
    german = text_of(filled("tenk-finished", "de"))
    assert "12.200" in german and "12,200" not in german
    assert "Sieg: Cy mit 12.200." in german
    pad = text_of(printables.scorepad("tenk", language="de"))
    assert "10.000" in pad


def test_a_french_number_groups_its_thousands_with_a_narrow_no_break_space():
    # French has no catalogue yet: its words are English, its numbers French.
    assert words_for("fr").number(10000) == "10\u202f000"
    sheet = filled("tenk-finished", "fr")
    raw = "".join(page.extract_text() for page in reader(sheet).pages)  # spaces as they are
    assert "12\u202f200" in raw  # the totals' cells, drawn as they are


def test_a_paragraph_never_breaks_a_number_at_its_thousands():
    # reportlab breaks lines at U+202F (and draws a plain space there): a paragraph
    # writes it as a no-break space, which it keeps inside the word.
    text = paragraph("Target 10\u202f000 points", styles.BODY)
    text.wrap(stringWidth("Target 10", styles.FONT, styles.BODY.fontSize) + 2, 1000)
    assert [words for _, words in text.blPara.lines] == [["Target"], ["10\u00a0000"], ["points"]]


def test_english_is_the_default_and_reads_as_it_always_did():
    assert printables.rule_sheet("tenk") == printables.rule_sheet("tenk", language="en")
    assert text_of(filled("tenk-finished", "en")).count("Winner: Cy with 12,200.") == 1


def test_an_unknown_language_is_refused_with_a_sentence():
    with pytest.raises(printables.PrintError, match="Unknown language 'xx-nowhere'"):
        printables.rule_sheet("tenk", language="xx-nowhere")


@pytest.mark.parametrize("file", list(styles.EMBEDDED.values()))
def test_the_shipped_font_has_every_letter_the_languages_need(file):
    font = TTFont("check", str(styles.FONT_DIR / file))
    missing = [f"U+{ord(c):04X}" for c in LETTERS if ord(c) not in font.face.charToGlyph]
    assert missing == []


def test_the_font_travels_with_the_package_and_its_licence():
    assert styles.FONT_DIR.parent.name == "printables"
    assert all((styles.FONT_DIR / file).is_file() for file in styles.EMBEDDED.values())
    assert "Bitstream Vera" in (styles.FONT_DIR / "LICENSE").read_text(encoding="utf-8")
