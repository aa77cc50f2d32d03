"""Every tap target of the Six D games' turn screens is at least 40 px square on a 360x740
phone: board cells, pool and hand dice, colour chips, buttons, fields and folds, halfway
through each finished seed game and at each game's setting up.

Only the turn card is measured: the page furniture the games share (the undo and seat
folds, the links line under the turn list) is the same on every game's page.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from referee.log import loads

pytestmark = pytest.mark.browser
SEEDS = Path(__file__).resolve().parents[2] / "seeds"
SMALL_PHONE = {"width": 360, "height": 740}
TAP = 40
SIXD = ("one", "two", "three", "four", "five", "six")
# (seed, moves kept): None keeps half the moves; a number keeps that many (a setting up).
POSITIONS = [(f"sixd-{game}-finished", None) for game in SIXD] + [
    ("sixd-one-finished", 0),  # the board typed in
    ("sixd-two-finished", 0),  # a take with no pool entered: a colour chip and two values
    ("sixd-three-finished", 0),  # the black grid typed in
    ("sixd-three-finished", 1),  # the deal: colours and values of three dice
    ("sixd-six-finished", 0),  # the rolled square: numbers, then colours painted
]
# The tap targets of the turn card as a player meets them: a box ticked through its label
# is the label; anything not drawn (a closed fold's content, a hidden form) is left out.
TARGETS = """() => {
  const seen = new Set(), found = [];
  const picks = '.turn a[href], .turn button, .turn input:not([type=hidden]), .turn select, '
    + '.turn textarea, .turn summary';
  document.querySelectorAll(picks).forEach(e => {
    const target = (e.type === 'checkbox' || e.type === 'radio') ? (e.closest('label') || e) : e;
    if (seen.has(target)) return;
    seen.add(target);
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(target).visibility === 'hidden') return;
    const name = target.getAttribute('aria-label') || target.textContent.trim().slice(0, 40);
    found.push({what: target.tagName.toLowerCase() + '.' + target.className + ' ' + name,
                width: box.width, height: box.height});
  });
  return found;
}"""


@pytest.mark.parametrize(("seed", "kept"), POSITIONS, ids=lambda x: str(x))
def test_every_tap_target_is_40_px_on_a_360_px_phone(live_server, browser, stored, seed, kept):
    log = loads((SEEDS / f"{seed}.json").read_text(encoding="utf-8"))
    kept = len(log.moves) // 2 if kept is None else kept
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:kept]))
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/t/{token}")
        page.wait_for_load_state("load")
        assert_targets_fit(page)
    finally:
        context.close()


def test_the_dice_of_a_pool_being_tapped_in_are_40_px(live_server, browser, stored):
    """Six D Two's pool pad lists the dice tapped so far, each a button that takes it out."""
    log = loads((SEEDS / "sixd-two-finished.json").read_text(encoding="utf-8"))
    (token,) = stored(dataclasses.replace(log, moves=()))
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/t/{token}")
        page.get_by_text("Enter the pool rolled").tap()
        page.locator(".colour-pad .pad-chip.c-g").tap()
        for value in (1, 2, 3, 4, 4, 5, 6, 6):
            page.get_by_role("button", name=f"Add a green {value}").tap()
        assert page.locator(".pad-pool button").count() == 8
        assert_targets_fit(page)
    finally:
        context.close()


def assert_targets_fit(page) -> None:
    """Every tap target of the turn card is at least ``TAP`` px square, and the page is no
    wider than the phone."""
    targets = page.evaluate(TARGETS)
    assert targets, "the turn card has something to tap"
    small = [t for t in targets if t["width"] < TAP - 0.01 or t["height"] < TAP - 0.01]
    assert not small, "\n".join(f"{t['what']}: {t['width']:.1f} x {t['height']:.1f}" for t in small)
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
