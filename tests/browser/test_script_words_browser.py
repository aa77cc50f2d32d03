"""The page scripts speak the phone's language (docs/translating.md, "Scripts"): a German
phone's tap pad says its notes in German, the plural form picked for the count, and an
English phone's as they always were; a German phone's live note says in German what another
phone changed."""

from __future__ import annotations

import pytest
from babel.support import Translations

from referee.web.base.languages import CATALOGUES, COOKIE

pytestmark = pytest.mark.browser

ONE, MANY = "{count} die still to tap.", "{count} dice still to tap."


def pad_note(phone, live_server: str, url: str, taps: int) -> str:
    """The tap pad's note on the table's page after ``taps`` taps of the face 2."""
    phone.goto(live_server + url)
    faces = phone.locator("form.roll .pad-group[data-group=d] .faces:not(.minus) .face-tap")
    for _ in range(taps):
        faces.nth(1).tap()
    return phone.locator(".pad-note").inner_text()


def test_the_tap_pad_speaks_the_phones_language(app, live_server, phone, new_table):
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("tenk", players=("Ann", "Bo"))
    assert pad_note(phone, live_server, table.url, 0) == "6 dice still to tap."
    assert pad_note(phone, live_server, table.url, 5) == "1 die still to tap."
    german = Translations.load(str(CATALOGUES), ["de"])
    phone.context.add_cookies([{"name": COOKIE, "value": "de", "url": live_server}])
    assert pad_note(phone, live_server, table.url, 0) == german.ngettext(ONE, MANY, 6).replace(
        "{count}", "6"
    )
    assert pad_note(phone, live_server, table.url, 5) == german.ngettext(ONE, MANY, 1).replace(
        "{count}", "1"
    )
    label = phone.locator(".pad-group .pad-label").inner_text()
    assert label == german.gettext("Dice") != "Dice"


def test_the_live_note_speaks_the_phones_language(
    app, live_server, stored, tenk_log, phone, second_phone
):
    app.config["LANGUAGES"] = ("en", "de")
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    german = Translations.load(str(CATALOGUES), ["de"])
    phone.context.add_cookies([{"name": COOKIE, "value": "de", "url": live_server}])
    for page in (phone, second_phone):
        page.goto(f"{live_server}/t/{token}")
    with second_phone.expect_navigation():
        second_phone.locator("form.odds-switch button").tap()
    said = german.gettext("The table moved on: {changes}.").replace(
        "{changes}", german.gettext("the odds were switched on")
    )
    note = phone.locator(".live-note .live-said", has_text=said)
    note.wait_for(timeout=3500)
    assert note.inner_text() == said != "The table moved on: the odds were switched on."
