"""What the turn card's tap-target check counts (``tests.browser.targets``), on a turn card
made by hand: a hidden input is measured by the label drawn for it, and a real control drawn
at 1 px fails whatever label it has.  Each game's turn screens are measured in its own
``tests/games/<package>/test_browser.py``.  Around the turn card every link, button, picker
and fold is at least 44 x 44 CSS px at 390x844 and 320x640 (the links line at the foot, the
home page's rules links among them), and a die drawn small on a photo is picked by a tap
within 21 px of its centre."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.kit import SMALL_PHONE
from tests.browser.targets import turn_card_too_small
from tests.conftest import wait_until

LEAST = 44  # CSS px each way: a finger's tap

pytestmark = pytest.mark.browser

TRANSPARENT = "position:absolute;width:1px;height:1px;opacity:0"
CLIPPED = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"
BUTTON = "display:inline-block;min-height:44px;min-width:120px"
# What the check counts, on a turn card made by hand: (markup, the targets it finds too
# small).  A real control drawn at 1 px still fails, whatever label it has.
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
        '<details><summary style="padding:12px;min-height:44px">More</summary>'
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
        page.add_style_tag(
            content=".turn a { display: inline-block; padding: 12px; min-height: 44px; }"
        )
        assert [what.rpartition(":")[0] for what in turn_card_too_small(page)] == small
    finally:
        context.close()


# Every link, button, picker and fold of a page outside the turn card (each game's turn card is
# measured by its own tests), its folds opened: the bar, the joining phone's question, the
# undo and seat folds, the turn list, the join panel, the links line at the foot.
FURNITURE_TOO_SMALL = """(least) => {
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  const found = [];
  for (const el of document.querySelectorAll("a[href], button, select, summary")) {
    if (el.closest("section.turn")) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const box = el.getBoundingClientRect();
    if (box.width < least - 0.01 || box.height < least - 0.01) {
      found.push(`${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 30)}" ` +
        `${box.width.toFixed(1)}x${box.height.toFixed(1)}`);
    }
  }
  return found;
}"""
SCREENS = ({"width": 390, "height": 844}, {"width": 320, "height": 640})
SIX = Path(__file__).resolve().parents[1] / "vision" / "photos" / "roll6.jpg"  # 6 6 2 1 4 6


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: str(s["width"]))
def test_every_link_and_button_around_the_turn_is_44_px_square(
    screen, live_server, stored, browser, tiny_log
):
    # A long game (the turn list folds its earlier turns, and links the history for the
    # earliest), one just begun, and the home page, each as a phone that joins sees them.
    long_game, begun = stored(
        tiny_log(("Ann", "Bo"), *["bust"] * 70, target=100), tiny_log(("Ann", "Bo"), "bust")
    )
    context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
    small = {}
    try:
        page = context.new_page()
        for address in (f"/t/{long_game}", f"/t/{begun}", "/"):
            page.goto(live_server + address)
            small[address] = page.evaluate(FURNITURE_TOO_SMALL, LEAST)
        assert page.locator("a.help").count() > 0  # the home page's rules links were measured
    finally:
        context.close()
    assert not any(small.values()), small


def settled(page) -> bool:
    """Whether the photo is at the top of the screen and stays there (no scroll under way)."""
    return page.evaluate(
        """() => new Promise(done => {
             const figure = document.querySelector("figure.photo-seen");
             figure.scrollIntoView({block: "start", behavior: "instant"});
             const top = figure.getBoundingClientRect().top;
             requestAnimationFrame(() => requestAnimationFrame(() =>
               done(Math.abs(figure.getBoundingClientRect().top - top) < 0.5)));
           })"""
    )


UNPICK = """() => document.querySelectorAll("g.seen-die.picked")
                     .forEach(box => box.classList.remove("picked"))"""
PICKED = """() => Array.from(document.querySelectorAll("figure.photo-seen g.seen-die"))
                   .findIndex(box => box.classList.contains("picked"))"""

FIELD_CENTRED = """(n) => {
  const die = JSON.parse(document.querySelector("figure.photo-seen").dataset.dice)[n];
  const box = document.querySelector(`[data-photo-field="${die.f}"]`).getBoundingClientRect();
  const page = document.scrollingElement, end = page.scrollHeight - window.innerHeight;
  const centred = Math.abs((box.top + box.bottom) / 2 - window.innerHeight / 2) < 2;
  return centred || page.scrollTop < 1 || page.scrollTop > end - 1;  // or as near as it goes
}"""


def test_a_tap_near_a_die_drawn_on_a_photo_picks_it(live_server, browser):
    """On a 320 px phone the photo's dice are drawn 14-18 px wide: a tap within 21 px of a
    die's centre (a 44 px target), nearer it than any other die, picks it, and brings its
    field to the middle of the screen."""
    from tests.browser.kit import Phone

    screen = SCREENS[1]
    # A pick brings the die's field into view, gliding unless the phone asks for reduced
    # motion. A glide on a loaded machine may begin only after the photo was measured as
    # still, and move it under the next tap; the reduced motion makes each pick's scroll
    # end with its tap.
    context = browser.new_context(
        viewport=screen, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        Phone(page).start(live_server, "tenk", "Ann", "Bo")
        with page.expect_navigation():
            page.set_input_files("input[name='photo']", str(SIX))
        dice = page.locator("figure.photo-seen g.seen-die")
        dice.first.wait_for(state="visible")
        tried = set()
        for n in range(dice.count()):
            for dx, dy in ((21, 0), (-21, 0), (0, 21), (0, -21)):
                # The photo at the top of the screen, once the last pick's scroll is over.
                assert wait_until(lambda: settled(page), within=10)
                centres = [
                    (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box["width"])
                    for box in (
                        edge.bounding_box()
                        for edge in page.locator("g.seen-die rect.seen-edge").all()
                    )
                ]
                x, y = centres[n][0] + dx, centres[n][1] + dy
                nearest = min(
                    range(len(centres)),
                    key=lambda i: (centres[i][0] - x) ** 2 + (centres[i][1] - y) ** 2,
                )
                if nearest != n:
                    continue  # nearer another die: that one's
                assert centres[n][2] < 40  # drawn smaller than a finger
                page.evaluate(UNPICK)
                page.touchscreen.tap(x, y)
                # The tap's click comes after the touch ends: wait for the pick it makes.
                assert wait_until(lambda: page.evaluate(PICKED) >= 0, within=10), (n, dx, dy)
                assert page.evaluate(PICKED) == n, (n, dx, dy)
                assert page.evaluate(FIELD_CENTRED, n), (n, dx, dy)  # centred by the tap
                tried.add(n)
        assert tried == set(range(dice.count()))
    finally:
        context.close()
