"""The catalogues (issue 50, docs/translating.md): the committed template holds every marked
message, each language's catalogue holds every message of it, an offered language's catalogue
translates every one (never half), no translation loses or adds a placeholder or a tag, and the
compiled catalogues the app reads are their catalogues' own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo

from referee.web.base.languages import CATALOGUES, ENGLISH, OFFERED
from tests.catalogues import TEMPLATE, faults, misworded, pseudo, read

CHECKOUT = Path(__file__).resolve().parents[1]
LANGUAGES = sorted(p.name for p in CATALOGUES.iterdir() if (p / "LC_MESSAGES").is_dir())


def catalogue(language: str) -> Catalog:
    """A language's committed catalogue."""
    return read(CATALOGUES / language / "LC_MESSAGES" / "messages.po", language)


def key(message: Message) -> tuple[str | None, str | tuple[str, ...]]:
    """A message's id: its context, and its text or its forms (one, many) for a plural one."""
    return message.context, message.id if isinstance(message.id, str) else tuple(message.id)


def texts(message: Message) -> tuple[str, ...]:
    """A message's translation: its text, or its forms for a plural one."""
    string = message.string
    return (string,) if isinstance(string, str) else tuple(string or ("",))


def ids(catalog: Catalog) -> set[tuple[str | None, str | tuple[str, ...]]]:
    """The messages of a catalogue, its header aside."""
    return {key(m) for m in catalog if m.id}


def test_german_french_and_spanish_have_catalogues():
    assert LANGUAGES == ["de", "es", "fr"]


def test_the_committed_template_holds_every_marked_message(tmp_path):
    fresh = tmp_path / "messages.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run(
        ["make", "-s", "pot", f"POT={fresh}", f"PYBABEL={pybabel}"], cwd=CHECKOUT, check=True
    )
    assert ids(read(fresh)) == ids(read(TEMPLATE)), "run `make translations`"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalogue_holds_the_templates_messages(language):
    assert ids(catalogue(language)) == ids(read(TEMPLATE)), "run `make translations`"


def test_an_offered_language_translates_every_message():
    offered = [code for code in OFFERED if code != ENGLISH]
    template = read(TEMPLATE)
    assert {code: faults(template, catalogue(code)) for code in offered} == {
        code: [] for code in offered
    }


def test_german_translates_every_message_marked_so_far():
    assert faults(read(TEMPLATE), catalogue("de")) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_loses_or_adds_a_placeholder(language):
    template = read(TEMPLATE)
    wrong = []
    for message in catalogue(language):
        strings = (message.string,) if isinstance(message.string, str) else message.string
        english = template.get(
            message.id if isinstance(message.id, str) else message.id[0], context=message.context
        )
        if message.id and english is not None:
            wrong.extend(misworded(english, tuple(strings or ())))
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_its_catalogues_own(language):
    folder = CATALOGUES / language / "LC_MESSAGES"
    with (folder / "messages.mo").open("rb") as file:
        compiled = read_mo(file)
    translated = {
        key(m): texts(m) for m in catalogue(language) if m.id and all(texts(m)) and not m.fuzzy
    }
    held = {key(m): texts(m) for m in compiled if m.id}
    # pybabel compiles an untranslated plural message as its English forms (English it reads)
    english = {k for k, v in held.items() if k not in translated and set(v) <= set(k)}
    assert {k: v for k, v in held.items() if k not in english} == translated, (
        "run `make translations`"
    )


def test_a_missing_message_or_a_changed_placeholder_is_a_fault():
    template = Catalog()
    template.add("Pick a die.")
    template.add("{player} banked {gain}.")
    template.add("<b>Bust</b>: {player} scores nothing.")
    template.add("Roll {count} die.")
    german = Catalog(locale="de")
    german.add("{player} banked {gain}.", "{spieler} hat {gain} aufgeschrieben.")
    german.add("<b>Bust</b>: {player} scores nothing.", "Verwürfelt: {player} bekommt nichts.")
    german.add("Roll {count} die.", "Würfle {count}.", flags=["fuzzy"])
    assert faults(template, german) == [
        "untranslated: 'Pick a die.'",
        "placeholders of '{spieler} hat {gain} aufgeschrieben.' are ['{gain}', '{spieler}'], "
        "not ['{gain}', '{player}']",
        "placeholders of 'Verwürfelt: {player} bekommt nichts.' are ['{player}'], "
        "not ['</b>', '<b>', '{player}']",
        "fuzzy: 'Roll {count} die.'",
    ]


def test_the_pseudo_locale_marks_lengthens_and_keeps_placeholders():
    assert pseudo("History") == "⟦Ĥîšţöŕý~~~⟧"
    said = pseudo("{player} banked <b>{gain}</b> &amp; more.")
    assert said.startswith("⟦{player} ƀàñķéđ <b>{gain}</b> &amp; ɱöŕé.")
    assert said.endswith("~~~~~⟧")  # 15 letters and spaces shown: 5 more
