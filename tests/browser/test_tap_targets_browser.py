"""Tap targets at a small phone's width (360x740): every button, label, input, select and
summary on the push-your-luck and Solitaire turn screens is at least 40 x 40 px.

A tick box or radio inside a label is measured by its label: the whole label is what a
finger taps.  Each game is measured at the screens its turns go through.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 740}
LEAST = 40

TOO_SMALL = """(least) => {
  const found = [];
  for (const el of document.querySelectorAll("button, label, input, select, summary, textarea")) {
    if (el.matches("input") && el.closest("label")) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const box = el.getBoundingClientRect();
    if (box.width < least || box.height < least) {
      const words = (el.innerText || el.getAttribute("aria-label") || el.name || "").trim();
      found.push(`${el.tagName.toLowerCase()}.${el.className} "${words.slice(0, 30)}" ` +
        `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return found;
}"""


def too_small(page) -> list[str]:
    """Every visible tap target on the page smaller than 40 x 40, in words."""
    for details in page.locator("details").all():  # what a player may open counts too
        details.evaluate("d => { d.open = true; }")
    return page.evaluate(TOO_SMALL, LEAST)


def screens(phone, live_server, table, *steps):
    """Open the table after each step (a post on the table, or None for as it is) and list
    what is too small on each screen."""
    small = {}
    for n, step in enumerate((None, *steps)):
        if step is not None:
            assert step(table).status_code == 302
        phone.goto(live_server + table.url)
        small.update({f"screen {n}: {what}": True for what in too_small(phone)})
    return sorted(small)


@pytest.fixture
def small_phone(phone):
    phone.set_viewport_size(SMALL_PHONE)
    return phone


def test_tenk_tap_targets(live_server, small_phone, player, new_table):
    table = new_table("tenk", entry="0")
    assert (
        screens(
            small_phone,
            live_server,
            table,
            lambda t: t.roll(1, 1, 1, 5, 2, 6),
            lambda t: t.pick(0),
        )
        == []
    )
    small_phone.goto(live_server + new_table("tenk").url)
    player.tap_dice(1, 2, 3, 4, 5, 6)  # the straight: the colour-run question shows
    assert small_phone.locator(".colour-run").is_visible()
    assert too_small(small_phone) == []


def test_sb_tap_targets(live_server, small_phone, new_table):
    table = new_table("sb")

    def roll(t):
        fields = {f"d{i}": str(v) for i, v in enumerate((1, 1, 2, 3, 3, 4, 5, 5))}
        return t.post(action="roll", k0="2", k1="6", **fields)

    assert screens(small_phone, live_server, table, roll, lambda t: t.pick(8, 9)) == []


def test_lucky7_tap_targets(live_server, small_phone, new_table):
    table = new_table("lucky7")
    assert (
        screens(
            small_phone,
            live_server,
            table,
            lambda t: t.roll(3, 4, 2, 2, 3, 6, 6, 6),
            lambda t: t.post(action="score_bank", g0="A", g1="A"),  # Bo may steal
        )
        == []
    )


def test_solitaire_tap_targets(live_server, small_phone, new_table):
    table = new_table("solitaire", players=("Ann", "Bo"))
    assert screens(small_phone, live_server, table, lambda t: t.roll(1, 1, 3, 5, 6)) == []
