"""Simultaneous play in browsers: three phones, each its own browser context, seated at one
Solitaire Dice table as Ann, Bob and Cat, split one roll at the same instant (all three
stored, each phone on its own sheet); a table phone refused as stale sits at the table's
address, where its sheet tabs work."""

from __future__ import annotations

import html
import os
from contextlib import ExitStack

import pytest

from tests.browser.kit import PHONE, Phone, say_who

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Bob", "Cat")
ROLL = (1, 1, 3, 5, 6)
# Each page taps its first split at the same wall-clock instant, a little ahead.
TAP_AT = "at => setTimeout(() => document.querySelector('.split-option').click(), at - Date.now())"


@pytest.fixture
def phones(browser):
    """Three phones: a context each, so each has its own cookies and session."""
    contexts = [
        browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True) for _ in PLAYERS
    ]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(10_000)
    yield pages
    for context in contexts:
        context.close()


def solitaire_table(stored, *moves) -> str:
    from referee.log import GameLog

    (token,) = stored(GameLog("solitaire", PLAYERS, {}, tuple(moves)))
    return token


def stored_moves(app, token: str) -> list[dict]:
    from referee.web.base.extensions import db
    from referee.web.storage.loading import load, table_by_token

    with app.app_context():
        loaded = load(table_by_token(token))
        assert loaded.replay.error is None
        db.session.remove()
        return loaded.moves


def sit(page, name: str) -> None:
    """Answer the question a phone that joins a table is asked first: one tap."""
    asked = page.get_by_label("Who is this phone?")
    assert asked.locator("option").first.inner_text() == "Who are you?"
    say_who(page, f"I am {name}")
    assert page.locator("form.who-is-this-phone").count() == 0
    assert f"This phone: {name}’s seat" in page.locator("details.this-phone summary").inner_text()


def shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def test_three_seated_phones_split_one_roll_at_the_same_instant(live_server, stored, app, phones):
    token = solitaire_table(stored)
    url = f"{live_server}/t/{token}"
    for page, name in zip(phones, PLAYERS, strict=True):
        page.goto(url)
        sit(page, name)

    Phone(phones[0]).roll(*ROLL)
    for page, name in zip(phones, PLAYERS, strict=True):  # the others follow without a reload
        page.locator(".split h2", has_text=f"{name}: split").wait_for()
        assert page.locator(".sheet.current").get_attribute("aria-label") == f"{name}'s sheet"
    shot(phones[2], "simultaneous-cat-split")

    at = phones[0].evaluate("Date.now() + 600")
    with ExitStack() as landed:
        for page in phones:
            landed.enter_context(page.expect_navigation())
        for page in phones:
            page.evaluate(TAP_AT, at)

    for page, name in zip(phones, PLAYERS, strict=True):
        assert page.url.split("#")[0] == url  # stored and back at the table: no refusal
        page.locator(".ruling", has_text="Roll again.").wait_for()
        assert page.locator(".sheet.current").get_attribute("aria-label") == f"{name}'s sheet"
        assert page.locator("p.error").count() == 0
        said = page.locator(".ruling p").all_inner_texts()  # its own split's ruling among them
        assert any(p.removeprefix("This phone’s move: ").startswith(name) for p in said), said
    shot(phones[2], "simultaneous-cat-after")
    splits = [m for m in stored_moves(app, token) if m["type"] == "assign"]
    assert sorted(m["player"] for m in splits) == sorted(PLAYERS)


def test_a_refused_split_sits_at_the_table_address_where_its_tabs_work(live_server, stored, phones):
    token = solitaire_table(stored, {"type": "roll", "dice": [str(v) for v in ROLL]})
    url = f"{live_server}/t/{token}"
    table_phone, other = phones[0], phones[1]
    table_phone.route("**/live?*", lambda route: route.abort())  # it does not hear the table
    table_phone.goto(url)
    other.goto(url)
    assert "Ann: split" in table_phone.locator(".split h2").inner_text()
    with other.expect_navigation():
        other.locator(".split-option").first.tap()  # Ann's split, from another phone
    with table_phone.expect_navigation():
        table_phone.locator(".split-option").first.tap()  # Ann's again: refused
    news = html.unescape(table_phone.locator("#now .flash").inner_text())  # news, not red
    assert "That is already in: Ann's split" in news
    assert table_phone.locator("p.error").count() == 0
    table_phone.wait_for_function("!location.pathname.endsWith('/move')")
    assert table_phone.url.split("#")[0] == url
    shot(table_phone, "simultaneous-refused")
    with table_phone.expect_navigation():
        table_phone.get_by_role("link", name="Cat", exact=True).tap()
    assert "Cat: split" in table_phone.locator(".split h2").inner_text()
    response = table_phone.reload()
    assert response is not None and response.status == 200


# The last face of a roll tapped at the same wall-clock instant on two phones.
LAST_FACE_AT = (
    "([at, face]) => setTimeout(() => document.querySelectorAll("
    "'form.roll .faces:not(.minus) .face-tap')[face - 1].click(), at - Date.now())"
)


def test_a_half_built_split_survives_the_others_and_a_refused_phone_goes_on(
    live_server, stored, app, phones
):
    token = solitaire_table(stored)
    url = f"{live_server}/t/{token}"
    for page, name in zip(phones, PLAYERS, strict=True):
        page.goto(url)
        sit(page, name)
    ann, bob, cat = phones

    # Ann and Cat enter the same roll at the same instant: it is stored once, and the phone
    # that came second is told the roll is already in.
    for page in (ann, cat):
        Phone(page).tap_dice(*ROLL[:-1])
    at = ann.evaluate("Date.now() + 600")
    with ann.expect_navigation(), cat.expect_navigation():
        for page in (ann, cat):
            page.evaluate(LAST_FACE_AT, [at, ROLL[-1]])
    rolls = [m for m in stored_moves(app, token) if m["type"] == "roll"]
    assert len(rolls) == 1
    told = [page for page in (ann, cat) if page.locator("#now .flash").count()]
    assert len(told) == 1, "one phone stored the roll, the other was told it is in"
    assert ann.locator("p.error").count() == cat.locator("p.error").count() == 0  # no red
    refusal = " ".join(told[0].locator("#now .flash").inner_text().split())
    assert (
        refusal.startswith("That is already in: the roll 1 1 3 5 6")
        and "nothing was doubled" in refusal
    )

    # Ann taps four dice of her split (6 + 4 would be 1+5 and 1+3); Bob's split lands
    # meanwhile: Ann's page follows the table and keeps her four taps.
    ann.locator(".split h2", has_text="Ann: split").wait_for()
    dice = ann.locator(".builder .die-button")
    for i in (0, 3, 1, 2):
        dice.nth(i).tap()
    bob.locator(".split h2", has_text="Bob: split").wait_for()
    with bob.expect_navigation():
        bob.locator(".split-option").first.tap()
    ann.locator(".live-note .live-said", has_text="The table moved on: Bob's").wait_for(
        timeout=3500
    )
    assert ann.locator(".builder .die-button.a").count() == 2
    assert ann.locator(".builder .die-button.b").count() == 2
    assert ann.locator("p.error").count() == 0
    shot(ann, "simultaneous-ann-kept")
    with ann.expect_navigation():
        ann.locator(".split-option.match").tap()
    assert ann.locator("p.error").count() == 0

    # The refused phone followed the table all along: one message, and its own split
    # goes through on the next tap.
    cat.locator(".live-note .live-said", has_text="The table moved on").wait_for(timeout=3500)
    assert cat.locator("p.error").count() == 0
    with cat.expect_navigation():
        cat.locator(".split-option").first.tap()
    assert cat.locator("p.error").count() == 0
    splits = [m for m in stored_moves(app, token) if m["type"] == "assign"]
    assert sorted(m["player"] for m in splits) == sorted(PLAYERS)
