"""The page scripts' words (issue 50, docs/translating.md "Scripts"): each script says its
messages by their English text and its page gives them in the phone's language, in one JSON
block holding the words of that page's scripts only; none in English, whose pages carry no
block; plural messages by CLDR category."""

from __future__ import annotations

import html
import json
import re

import pytest
from babel.support import Translations

from referee.files import CHECKOUT
from referee.web.base.languages import CATALOGUES, COOKIE
from referee.web.base.script_words import plural_forms
from tests.catalogues import PSEUDO, pseudo, write_pseudo

STATIC = CHECKOUT / "static"
WORDS = CHECKOUT / "templates" / "words"
TEMPLATES = sorted(WORDS.rglob("*.html"))
SAID = re.compile(r"\bsay(N?)\(\s*\"((?:[^\"\\]|\\.)*)\"(?:,\s*\"((?:[^\"\\]|\\.)*)\")?")
BLOCK = re.compile(r'<script type="application/json" id="words">(.*?)</script>', re.S)


def script_of(template) -> str:
    """The script (its text) whose words ``template`` lists."""
    return (STATIC / template.relative_to(WORDS).with_suffix(".js")).read_text("utf-8")


def words_of(app, template) -> dict:
    """The words ``template`` sets, in English."""
    name = template.relative_to(WORDS.parent).as_posix()
    with app.test_request_context("/"):
        return dict(app.jinja_env.get_template(name).make_module().words)


def block(page: str) -> dict:
    """The words block of a page, read as the scripts read it."""
    found = BLOCK.search(page)
    return json.loads(found.group(1)) if found else {}


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.relative_to(WORDS).as_posix())
def test_a_script_says_what_its_words_template_lists(app, template):
    script, words = script_of(template), words_of(app, template)
    said = {m.group(2): m.group(1) for m in SAID.finditer(script)}
    assert said, "a words template for a script that says nothing"
    assert set(said) <= set(words)
    assert [key for key in words if json.dumps(key, ensure_ascii=False) not in script] == []
    plurals = {key for key, value in words.items() if isinstance(value, dict)}
    assert {key for key, n in said.items() if n} <= plurals
    assert all(
        value == {"one": key, "other": value["other"]}
        for key, value in words.items()
        if key in plurals
    )


def test_plural_forms_come_by_the_languages_categories(app):
    for code, categories in (("en", {"one", "other"}), ("fr", {"one", "many", "other"})):
        app.config["LANGUAGES"] = ("en", code)
        with app.test_request_context("/", headers={"Cookie": f"{COOKIE}={code}"}):
            assert set(plural_forms("{count} die", "{count} dice")) == categories


def test_an_english_page_has_no_words_block(new_table):
    table = new_table("tenk", players=("Ann", "Bo"))
    page = table.page()
    assert 'src="/static/js/words.js?v=' in page and 'id="words"' not in page


def test_a_page_holds_the_words_of_its_own_scripts_only(app, tmp_path, new_table):
    app.extensions["babel"].translation_directories.append(str(write_pseudo(tmp_path)))
    app.config["LANGUAGES"] = ("en", PSEUDO)
    table = new_table("tenk", players=("Ann", "Bo"))
    table.client.set_cookie(COOKIE, PSEUDO)
    words = block(table.page())
    assert words["Pick the dice to set aside."] == pseudo("Pick the dice to set aside.")
    assert words["{count} die still to tap."] == {
        "one": pseudo("{count} die still to tap."),
        "other": pseudo("{count} dice still to tap."),
    }
    assert "The table moved on." in words  # live.js
    expected = set(words_of(app, WORDS / "js/play.html")) | set(
        words_of(app, WORDS / "js/live.html")
    )
    assert set(words) == expected  # not grid.js's, nor another game's


def test_a_german_phone_reads_its_scripts_words_in_german(app, new_table):
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("sb", players=("Ann", "Bo"))
    table.client.set_cookie(COOKIE, "de")
    words = block(table.page())
    german = Translations.load(str(CATALOGUES), ["de"])
    for key in ("Pick the dice to set aside.", "Key", "Sending the roll…", "The table moved on."):
        assert words[key] == german.gettext(key) != key
    one, many = "{count} die still to tap.", "{count} dice still to tap."
    assert words[one] == {
        "one": german.ngettext(one, many, 1),
        "other": german.ngettext(one, many, 2),
    }
    assert "{count}" in words[one]["other"] and words[one]["other"] != many


def test_the_referees_sentences_a_script_reads_are_in_the_phones_language(app, new_table):
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("tenk", players=("Ann", "Bo"))
    assert table.roll(2, 3, 4, 6, 6, 1).status_code == 302

    def selections(page: str) -> dict:
        found = re.search(r"data-selections='([^']*)'", page).group(1)
        return json.loads(html.unescape(found))

    english = selections(table.page())
    table.client.set_cookie(COOKIE, "de")
    german = selections(table.page())
    assert english.keys() == german.keys()
    assert english["1"] == [100, "1 = 100"] and german["1"] == [100, "1 = 100"]
    assert english["2"][0] == german["2"][0] == 0
    assert german["2"][1] != english["2"][1]  # why a 2 alone scores nothing, in German
