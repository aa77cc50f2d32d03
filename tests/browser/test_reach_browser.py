"""The action of the moment is on the first screen, in every game, with 2 to 8 players, on a
390x844 phone and on a 320x640 one: after every post, and on a phone that joins the table
before and after it says who it is; and what a tap brings up comes into view with it (the
join panel's QR code, the Enter roll under a photo read, Six D Six's Place it here).

A post answers with a redirect to the table's page at ``#now`` (the ruling, then the turn);
each state here is a table stored part way through a random legal game, opened at that
address as the redirect opens it.  A phone that joins opens the table's own address (its
link, QR code or join code), the question "Who is this phone?" at the top of the page; its
answer lands on ``#now`` too.  The action is the turn card's first button that sends
something (Enter roll, Set aside, Bank, Score, a placement...).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from referee.autoplay import play_random_game
from referee.games import all_games
from referee.log import GameLog, loads
from tests.browser.kit import Phone, say_who
from tests.conftest import wait_until

pytestmark = pytest.mark.browser

SCREENS = ({"width": 390, "height": 844}, {"width": 320, "height": 640})
COUNTS = (2, 4, 8)
SEED = 16
SEEDS = Path(__file__).resolve().parents[2] / "seeds"
SIX = Path(__file__).resolve().parents[1] / "vision" / "photos" / "roll6.jpg"  # 6 6 2 1 4 6


def states(game, counts=COUNTS):
    """(label, log) for a few states of random games of ``game`` at each player count."""
    rng = random.Random(SEED)
    found = []
    for count in sorted({min(max(n, game.MIN_PLAYERS), game.MAX_PLAYERS) for n in counts}):
        players = tuple(f"Player {i + 1}" for i in range(count))
        moves = play_random_game(game, players, None, rng)
        for cut in sorted({1, 2, len(moves) // 2}):
            if cut < len(moves):
                log = GameLog(game.SLUG, players, {}, tuple(moves[:cut]))
                found.append((f"{count} players, move {cut}", log))
    return found


# The turn card's first visible button that posts (visible as Playwright's ``is_visible``
# means it: drawn, ``visibility: visible``, a box of some size): its top and height in the
# viewport, and how far the page is scrolled.  One call into the page: each call costs the
# browser and its driver some 10-100 ms of CPU here, and asking button by button took
# several calls for each state.
ACTION_BOX = """() => {
  const buttons = document.querySelectorAll(
    "section.turn button[type=submit], section.turn button:not([type])");
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    const shown = button.checkVisibility() && getComputedStyle(button).visibility === "visible";
    if (shown && box.width > 0 && box.height > 0) {
      return {y: box.y, height: box.height, scrolled: window.scrollY};
    }
  }
  return null;
}"""


def action_box(page) -> dict | None:
    """Where the turn card's first visible button that posts is (``ACTION_BOX``), or None."""
    return page.evaluate(ACTION_BOX)


def in_view(box: dict | None, screen: dict) -> bool:
    """Whether ``box`` (a bounding box in the viewport) lies whole on the screen."""
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= screen["height"]


def comes_into_view(locator, screen: dict) -> bool:
    """Whether ``locator``'s element comes whole onto the screen (it may scroll there)."""
    return wait_until(lambda: in_view(locator.bounding_box(), screen), within=10)


def miss(screen: dict, label: str, box: dict) -> str:
    """A state whose action is off the first screen, in words."""
    bottom = box["y"] + box["height"]
    return (
        f"{screen['width']}x{screen['height']}, {label}: "
        f"action at {box['y']:.0f}-{bottom:.0f} (scrolled {box['scrolled']})"
    )


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_the_action_is_on_the_first_screen_after_a_post(game, live_server, stored, browser):
    cases = states(game)
    tokens = stored(*(log for _, log in cases))
    misses = []
    for screen in SCREENS:
        context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
        page = context.new_page()
        for (label, _), token in zip(cases, tokens, strict=True):
            page.goto(f"{live_server}/t/{token}#now")
            box = action_box(page)
            if box is None:
                continue  # nothing to send here (the game is over, or another phone's turn)
            if not in_view(box, screen):
                misses.append(miss(screen, label, box))
        context.close()
    assert not misses, "\n".join(misses)


def joining_cases():
    """(game, screen) pairs: every game on every screen."""
    for game in all_games():
        for screen in SCREENS:
            yield pytest.param(game, screen, id=f"{game.SLUG}-{screen['width']}")


@pytest.mark.long(15)
@pytest.mark.parametrize(("game", "screen"), list(joining_cases()))
def test_a_joining_phone_sees_the_action_before_and_after_it_says_who_it_is(
    game, screen, live_server, stored, browser
):
    cases = states(game, counts=range(2, 9))
    tokens = stored(*(log for _, log in cases))
    misses, asked = [], 0
    # One phone joins each table in turn: asked at each, since it has answered at none.
    context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
    page = context.new_page()
    for (label, _), token in zip(cases, tokens, strict=True):
        page.goto(f"{live_server}/t/{token}")
        question = page.locator("form.who-is-this-phone")
        if question.count():
            asked += 1
            height = question.bounding_box()["height"]
            assert height <= screen["height"] / 5, f"{label}: the question is {height:.0f} px"
        box = action_box(page)
        if box is not None and not in_view(box, screen):
            misses.append(miss(screen, f"{label}, before the question", box))
        if question.count():
            say_who(page, "A table phone, passed round")
            assert page.url.endswith("#now")
            box = action_box(page)
            if box is not None and not in_view(box, screen):
                misses.append(miss(screen, f"{label}, after the question", box))
    context.close()
    assert asked, "a phone that joins is asked who it is"
    assert not misses, "\n".join(misses)


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: str(s["width"]))
def test_invite_brings_the_qr_code_into_view(screen, live_server, stored, browser, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), "win", target=100))  # the game does not matter
    context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/t/{token}")
        for _ in range(2):  # a second tap, the address already at #join, brings it back
            page.get_by_role("link", name="Invite", exact=True).tap()
            qr = page.locator("#join img.qr")
            qr.wait_for(state="visible")
            assert comes_into_view(qr, screen), qr.bounding_box()
            page.evaluate("window.scrollTo(0, 0)")
    finally:
        context.close()


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: str(s["width"]))
def test_enter_roll_is_in_view_under_a_photo_read(screen, live_server, browser):
    context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        player = Phone(page)
        player.start(live_server, "tenk", "Ann", "Bo")
        with page.expect_navigation():  # a photo is sent as soon as it is chosen
            page.set_input_files("input[name='photo']", str(SIX))
        page.locator("figure.photo-seen svg").wait_for(state="visible")
        enter = page.get_by_role("button", name="Enter roll", exact=True)
        assert comes_into_view(enter, screen), enter.bounding_box()
        assert page.locator("figure.photo-seen svg").bounding_box()["y"] < screen["height"]
    finally:
        context.close()


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: str(s["width"]))
def test_place_it_here_comes_into_view_once_a_square_is_tapped(
    screen, live_server, stored, browser
):
    log = loads((SEEDS / "sixd-six-finished.json").read_text(encoding="utf-8"))
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:-2]))
    context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/t/{token}#now")
        for r, c in [(1, 2), (2, 2)]:
            page.locator(f"form.take-pick label.cell.tick[data-cell='{r},{c}']").tap()
        page.locator(".set-said", has_text="A set of 2 dice.").wait_for()
        # A square the set may cover (or, where it lies only one way, one it covers).
        page.locator(".piece .cell.fits, .piece .cell.new").first.tap()
        place = page.locator(".piece .place-it")
        place.wait_for(state="visible")
        assert place.inner_text().startswith("Place it here")
        assert comes_into_view(place, screen), place.bounding_box()
    finally:
        context.close()
