"""Tap targets at a small phone's width (320x640) and a common one (390x844): the checks
each game's browser tests make on its turn screens (``tests/games/<package>/test_browser.py``),
every tap target at least 44 x 44 px (a finger's tap).

Two checks.  ``too_small`` measures every button, label, input, select and summary of the
page, its folds opened: a tick box or radio inside a label is measured by its label, the
whole label being what a finger taps.  ``assert_turn_card_fits`` measures the turn card
only (the page furniture the games share, the undo and seat folds and the links line under
the turn list, is the same on every game's page) as a player meets it: a box ticked through
its label is the label; so is a visually hidden input (transparent, or clipped to nothing,
still there for the keyboard and a screen reader) with a label drawn, such as the Photo
button over its file input; anything not drawn (a closed fold's content, a hidden form) is
left out.  An input drawn, or hidden with no label drawn, is measured itself.  What it
counts is ``test_tap_targets_browser.py``'s.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from referee.log import loads
from tests.browser.kit import PHONE, SMALL_PHONE

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
LEAST = 44
# A cell of a board eight cells wide on a 320 px phone: the board spans the screen, and 320 / 8
# px less the gaps is all there is (on a 390 px phone its cells are 44 px).
ON_A_WIDE_BOARD = 37
SIZES = (SMALL_PHONE, PHONE)  # 320x640 and 390x844

TOO_SMALL = """([least, wide]) => {
  const found = [];
  for (const el of document.querySelectorAll("button, label, input, select, summary, textarea")) {
    if (el.matches("input") && el.closest("label")) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const box = el.getBoundingClientRect();
    const row = el.closest(".board-row");
    const need = row && row.children.length > 6 && innerWidth < 380 ? wide : least;
    if (box.width < need || box.height < need) {
      const words = (el.innerText || el.getAttribute("aria-label") || el.name || "").trim();
      found.push(`${el.tagName.toLowerCase()}.${el.className} "${words.slice(0, 30)}" ` +
        `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return found;
}"""


def too_small(page) -> list[str]:
    """Every visible tap target on the page smaller than 44 x 44, in words."""
    # What a player may open counts too: every fold opened, in one call into the page.
    page.locator("details").evaluate_all("folds => folds.forEach(d => { d.open = true; })")
    return page.evaluate(TOO_SMALL, [LEAST, ON_A_WIDE_BOARD])


def screens(phone, live_server, table, *steps):
    """Open the table after each step (a post on the table, or None for as it is), at each
    phone size (``SIZES``), and list what is too small on each screen."""
    small = {}
    for n, step in enumerate((None, *steps)):
        if step is not None:
            assert step(table).status_code == 302
        for size in SIZES:
            phone.set_viewport_size(size)
            phone.goto(live_server + table.url)
            where = f"screen {n} at {size['width']}"
            small.update({f"{where}: {what}": True for what in too_small(phone)})
    return sorted(small)


# The turn card's tap targets, as a player meets them (see above).
TURN_CARD_TARGETS = """() => {
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
    const row = target.closest('.board-row');
    found.push({what: target.tagName.toLowerCase() + '.' + target.className + ' ' + name,
                width: box.width, height: box.height,
                wide: !!row && row.children.length > 6 && innerWidth < 380});
  });
  return found;
}"""


def turn_card_too_small(page) -> list[str]:
    """The tap targets of the turn card under ``LEAST`` px either way, in words."""
    targets = page.evaluate(TURN_CARD_TARGETS)
    assert targets, "the turn card has something to tap"
    return [
        f"{t['what']}: {t['width']:.1f} x {t['height']:.1f}"
        for t in targets
        if min(t["width"], t["height"]) < (ON_A_WIDE_BOARD if t["wide"] else LEAST) - 0.01
    ]


def assert_turn_card_fits(page) -> None:
    """Every tap target of the turn card is at least ``LEAST`` px square, and the page is no
    wider than the phone and every board seen whole (none scrolls sideways), at each phone
    size (``SIZES``)."""
    for size in SIZES:
        page.set_viewport_size(size)
        small = turn_card_too_small(page)
        assert not small, f"at {size['width']} px:\n" + "\n".join(small)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        scrolled = page.locator(".board").evaluate_all(
            "boards => boards.filter(b => b.scrollWidth > b.clientWidth + 1).length"
        )
        assert scrolled == 0, f"at {size['width']} px: {scrolled} boards scroll sideways"


def seed_position_fits(live_server, browser, stored, seed: str, kept: int | None) -> None:
    """The turn card of ``seed`` stored with ``kept`` of its moves (None: half of them) fits
    a phone of each size (``assert_turn_card_fits``)."""
    log = loads((SEEDS / f"{seed}.json").read_text(encoding="utf-8"))
    kept = len(log.moves) // 2 if kept is None else kept
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:kept]))
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/t/{token}")
        page.wait_for_load_state("load")
        assert_turn_card_fits(page)
    finally:
        context.close()
