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
# is the label; so is a visually hidden input (transparent, or clipped to nothing, still
# there for the keyboard and a screen reader) with a label drawn, such as the Photo button
# over its file input; anything not drawn (a closed fold's content, a hidden form) is left
# out.  An input drawn, or hidden with no label drawn, is measured itself.
TARGETS = """() => {
  const seen = new Set(), found = [];
  const picks = '.turn a[href], .turn button, .turn input:not([type=hidden]), .turn select, '
    + '.turn textarea, .turn summary';
  const hidden = e => {
    const style = getComputedStyle(e);
    return !e.checkVisibility({opacityProperty: true, visibilityProperty: true})
      || style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
  };
  const drawn = e => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && !hidden(e);
  };
  document.querySelectorAll(picks).forEach(e => {
    let target = e;
    if (e.type === 'checkbox' || e.type === 'radio') target = e.closest('label') || e;
    else if (e.labels && hidden(e)) target = [...e.labels].find(drawn) || e;
    if (seen.has(target)) return;
    seen.add(target);
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || !target.checkVisibility({visibilityProperty: true})) return;
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


def too_small(page) -> list[str]:
    """The tap targets of the turn card under ``TAP`` px either way, in words."""
    targets = page.evaluate(TARGETS)
    assert targets, "the turn card has something to tap"
    return [
        f"{t['what']}: {t['width']:.1f} x {t['height']:.1f}"
        for t in targets
        if t["width"] < TAP - 0.01 or t["height"] < TAP - 0.01
    ]


def assert_targets_fit(page) -> None:
    """Every tap target of the turn card is at least ``TAP`` px square, and the page is no
    wider than the phone."""
    small = too_small(page)
    assert not small, "\n".join(small)
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]


# What the check counts, on a turn card made by hand: (markup, the targets it finds too
# small).  A real control drawn at 1 px still fails, whatever label it has.
TRANSPARENT = "position:absolute;width:1px;height:1px;opacity:0"
CLIPPED = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"
BUTTON = "display:inline-block;min-height:44px;min-width:120px"
RULE_CASES = {
    "a hidden file input is tapped through its label": (
        f'<label style="display:inline-block"><span style="{BUTTON}">Photo</span>'
        f'<input type="file" style="{TRANSPARENT}"></label>',
        [],
    ),
    "a clipped input is tapped through a label naming it": (
        f'<label for="f" style="{BUTTON}">Photo</label>'
        f'<input id="f" type="file" style="{CLIPPED}">',
        [],
    ),
    "a hidden input's small label is too small": (
        f'<label style="display:inline-block;height:20px">Photo'
        f'<input type="file" style="{TRANSPARENT}"></label>',
        ["label. Photo"],
    ),
    "a hidden input with no label is too small": (
        f'<input type="file" aria-label="Photo" style="{TRANSPARENT}">',
        ["input. Photo"],
    ),
    "a hidden input in a closed fold is left out": (
        '<details><summary style="padding:12px">More</summary>'
        f'<label style="display:inline-block;height:20px">Photo'
        f'<input type="file" style="{TRANSPARENT}"></label></details>',
        [],
    ),
    "a drawn 1 px input is too small, labelled or not": (
        f'<label style="{BUTTON}">Photo'
        '<input type="file" style="width:1px;height:1px;padding:0;border:0"></label>',
        ["input. "],
    ),
    "a drawn 1 px button is too small": (
        '<button style="width:1px;height:1px;padding:0;border:0">Go</button>',
        ["button. Go"],
    ),
}


@pytest.mark.parametrize(("markup", "small"), RULE_CASES.values(), ids=RULE_CASES)
def test_a_hidden_input_is_measured_by_the_label_drawn_for_it(browser, markup, small):
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.set_content(f'<main class="turn"><a href="#">Rules of the game</a> {markup}</main>')
        page.add_style_tag(content=".turn a { display: inline-block; padding: 12px; }")
        assert [what.rpartition(":")[0] for what in too_small(page)] == small
    finally:
        context.close()
