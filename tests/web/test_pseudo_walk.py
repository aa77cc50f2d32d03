"""The pseudo-locale walk (issue 50, docs/translating.md), without a browser: every example
table's page, story and big screen and the list pages, served in the pseudo-locale, read for
words that no catalogue message gave them (players' names and numbers aside).

What is marked stays marked: every page's header (the brand, the menu) comes from the
catalogue.  The whole walk fails while any page holds unmarked words, and holds a strict
expected failure until the marking is done (then it passes and the mark must go).  The
browser walk at both phone sizes, for text that overflows or is cut, comes after it."""

from __future__ import annotations

import re

import pytest

from referee.log import loads
from referee.web.base.languages import COOKIE, ENGLISH, language_name
from tests.catalogues import PSEUDO, tables_as_they_are, unmarked, write_pseudo
from tests.web.support import SEEDS

SEED_NAMES = sorted(path.stem for path in SEEDS.glob("*.json"))
NAMES = sorted({p for path in SEEDS.glob("*.json") for p in loads(path.read_text("utf-8")).players})
SAID_AS_THEY_ARE = [*NAMES, language_name(ENGLISH), language_name(PSEUDO)]  # the chooser's
LISTS = ("/", "/history", "/players/", "/games/", "/games/tenk", "/house")
HEADER = re.compile(r'<header class="bar">.*?</header>', re.S)
TABLE_TOKEN = re.compile(r"/t/([0-9a-f]{32})")


@pytest.fixture
def pseudo_client(app, client, tmp_path):
    """The house phone reading the pseudo-locale."""
    app.extensions["babel"].translation_directories.append(str(write_pseudo(tmp_path)))
    app.config["LANGUAGES"] = ("en", PSEUDO)
    client.set_cookie(COOKIE, PSEUDO)
    return client


def walk(client, stored) -> dict[str, str]:
    """Every page of the walk, by what it shows: the lists, then each example table's pages."""
    pages = {}
    for path in LISTS:
        answer = client.get(path)
        assert answer.status_code == 200, path
        pages[path] = answer.text
    for name in SEED_NAMES:
        (token,) = stored(loads((SEEDS / f"{name}.json").read_text("utf-8")))
        for path in (f"/t/{token}", f"/t/{token}/history", f"/t/{token}/screen"):
            answer = client.get(path)
            assert answer.status_code == 200, path
            pages[f"{name}: {path.removeprefix(f'/t/{token}') or 'table'}"] = answer.text
    return pages


def test_every_pages_header_comes_from_the_catalogue(pseudo_client, stored):
    headers = {
        where: HEADER.search(page).group(0) for where, page in walk(pseudo_client, stored).items()
    }
    assert {where: unmarked(header, SAID_AS_THEY_ARE) for where, header in headers.items()} == {
        where: [] for where in headers
    }


def test_no_page_holds_a_word_outside_the_catalogue(pseudo_client, stored):
    pages = walk(pseudo_client, stored)
    links = [f"/t/{token}" for token in TABLE_TOKEN.findall("\n".join(pages.values()))]
    shown = [*SAID_AS_THEY_ARE, *tables_as_they_are("http://localhost", links)]
    found = {where: unmarked(page, shown) for where, page in pages.items()}
    assert {where: words for where, words in found.items() if words} == {}
