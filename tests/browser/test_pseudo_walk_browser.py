"""The pseudo-locale walk in the browser (issue 50, docs/translating.md): every page of every
game, served in the pseudo-locale (every catalogue message accented, lengthened by a third
and marked ⟦…⟧) to a phone at 320x640 and at 390x844, its scripts run and its folds opened,
read for text a reader sees or hears that no catalogue message gave it (players' names,
numbers, a table's link and join code aside) and for text that overflows its box or is cut.

The pages: the lists (tables, a new table, history, players, a player and a merge of two,
rules, printing, import), the house PIN page, the error pages (no such page, no such join
code), the offline page; each game's help page, its
new-table form, and its table at the start, with a refusal shown, after its first move,
halfway (each of these three also after a phone's first taps on its turn card, sending
nothing), and finished, the finished table's story and its big screen.  A table's states
are random legal games (seeded), its players named as the walk's ``NAMES``.

The test holds a strict expected failure until the marking is done (then it passes and the
mark must go).  With ``PSEUDO_WALK_REPORT`` naming a file, it writes there, per page, the
pieces of text it found unmarked and what overflows, for those who mark what is left."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from referee.autoplay import play_random_game
from referee.games import all_games
from referee.log import GameLog
from referee.web.base.languages import COOKIE, ENGLISH, language_name
from tests.browser.kit import PHONE, SMALL_PHONE
from tests.catalogues import PSEUDO, tables_as_they_are, unmarked_lines, write_pseudo
from tests.conftest import HOUSE_PIN

pytestmark = pytest.mark.browser

SIZES = (SMALL_PHONE, PHONE)
SEED = 50
NAMES = ("Ann", "Bo", "Cy")
SAID_AS_THEY_ARE = [*NAMES, language_name(ENGLISH), language_name(PSEUDO)]  # the chooser's
MISSING = "/nowhere"  # the error page
NO_SUCH_CODE = "/j?code=0000+0000"  # the error page with its own sentence
LISTS = (
    "/",
    "/tables/new",
    "/history",
    "/players/",
    "/players/ann",
    "/players/ann/merge?other=Bo",
    "/games/",
    "/print",
    "/import",
    MISSING,
    NO_SUCH_CODE,
    "/offline",
)

# The page as a reader meets it, every fold opened: its text runs (the visible text, the
# options of its visible pickers, the labels, titles, placeholders and alt texts of its
# visible elements, its title) and its faults of layout: a text wider than the block that
# holds it, a text cut by a box that hides what overflows, a page wider than the screen.
# Text placed off-screen for screen readers (.sr) is read, not measured.
READ = """() => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const name = (el) => el.tagName.toLowerCase() +
    (typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  const block = (el) => {
    while (el.parentElement && /^(inline|contents)$/.test(getComputedStyle(el).display)) {
      el = el.parentElement;
    }
    return el;
  };
  const beyond = (r, b) => r.right > b.right + 1 || r.left < b.left - 1 ||
    (r.top + r.bottom) / 2 > b.bottom || (r.top + r.bottom) / 2 < b.top;
  const runs = [document.title], faults = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.data.trim() || el.closest("script, style, template")) { continue; }
    if (el.closest("option")) {
      const picker = el.closest("select, datalist");
      if (!picker || picker.tagName === "DATALIST" || shown(picker)) { runs.push(n.data); }
      continue;
    }
    if (!shown(el)) { continue; }
    runs.push(n.data);
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
    if (!rects.length || rects.every((r) => r.right < 0)) { continue; }
    const said = n.data.trim().slice(0, 60);
    const holder = block(el);
    const horizontal = (r, b) => r.right > b.right + 1 || r.left < b.left - 1;
    if (rects.some((r) => horizontal(r, holder.getBoundingClientRect()))) {
      faults.push("over its box (" + name(holder) + "): " + said);
      continue;
    }
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (/hidden|clip/.test(style.overflowX + " " + style.overflowY) &&
          rects.some((r) => beyond(r, a.getBoundingClientRect()))) {
        faults.push("cut (" + name(a) + "): " + said);
        break;
      }
    }
  }
  document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt], input[value]")
    .forEach((el) => {
      if (!shown(el) && !el.closest(".sr")) { return; }
      ["aria-label", "title", "placeholder", "alt"].forEach((attr) => {
        if (el.getAttribute(attr)) { runs.push(el.getAttribute(attr)); }
      });
      if (el.tagName === "INPUT" && /^(submit|button|reset)$/.test(el.type)) {
        runs.push(el.value);
      }
    });
  const wide = document.documentElement.scrollWidth - window.innerWidth;
  if (wide > 1) { faults.push("the page is " + wide + " px wider than the screen"); }
  return { runs, faults };
}"""

REFUSABLE = "() => !!document.querySelector('section.turn form[method=post]')"
# A phone's first taps on a table's turn card, sending nothing: a face of the tap pad, a die
# to set aside, a die of a split, a cell of a board (then asked to confirm), a die's group, a
# colour's key, a digit typed on a board; the scripts say what they saw.  (Sending a roll as
# its last die is tapped is turned off for the walk: see NO_AUTO_SEND.)
TAP = """() => {
  const first = (selector) => Array.from(document.querySelectorAll(selector))
    .filter((el) => el.checkVisibility() || (el.labels && el.labels[0] &&
      el.labels[0].checkVisibility()))[0];
  let tapped = 0;
  ["form.roll .pad .faces:not(.minus) .face-tap", "form.set-aside input[name=pick]",
   ".builder .die-button", "form.tap-board button.cell", "form.sevens .group-row input",
   ".colour-entry .pad-keys button", "form.take-pick input[name=cell]",
   "form.take-pick input[name=pick]"]
    .forEach((selector) => {
      const el = first(selector);
      if (el) { el.click(); tapped += 1; }
    });
  const digits = first(".entry-digits input");
  if (digits) {
    digits.value = "1";
    digits.dispatchEvent(new InputEvent("input", { bubbles: true }));
    tapped += 1;
  }
  return tapped;
}"""
NO_AUTO_SEND = "localStorage.setItem('referee.sendWhenFull', '0')"

# A refusal: the turn card's first form sent as it stands, unfilled, as if the phone had no
# script to hold it back (the referee refuses it and says why).
REFUSE = """() => {
  const form = document.querySelector("section.turn form[method=post]");
  if (!form) { return false; }
  const button = form.querySelector("button[type=submit], button:not([type])");
  form.noValidate = true;
  if (button) { button.disabled = false; }
  form.requestSubmit(button || undefined);
  return true;
}"""


def players_of(game) -> tuple[str, ...]:
    """Two players, or as many as the game needs (of ``NAMES``)."""
    return NAMES[: min(max(2, game.MIN_PLAYERS), game.MAX_PLAYERS)]


def tables(stored, new_table) -> dict[str, str]:
    """Each game's table in each state, by name: its address (the refusal: the start's)."""
    found = {}
    for game in all_games():
        players = players_of(game)
        moves = play_random_game(game, players, None, random.Random(SEED))
        cuts = {"first move": moves[:1], "halfway": moves[: len(moves) // 2], "finished": moves}
        logs = [GameLog(game.SLUG, players, {}, tuple(cut)) for cut in cuts.values()]
        tokens = dict(zip(cuts, stored(*logs), strict=True))
        found[f"{game.SLUG} start"] = new_table(game.SLUG, players).url
        found.update({f"{game.SLUG} {state}": f"/t/{t}" for state, t in tokens.items()})
        finished = tokens["finished"]
        found[f"{game.SLUG} story"] = f"/t/{finished}/history"
        found[f"{game.SLUG} big screen"] = f"/t/{finished}/screen"
        found[f"{game.SLUG} help"] = f"/games/{game.SLUG}"
        found[f"{game.SLUG} new table"] = f"/tables/new/{game.SLUG}"
    return found


def as_they_are(live_server: str, addresses: dict[str, str]) -> list[str]:
    """What a page shows as it is in every language: the players' names, the chooser's
    language names, and each table's link and join code ("3f2a 91bc")."""
    return [*SAID_AS_THEY_ARE, *tables_as_they_are(live_server, addresses.values())]


def read(page, kept: list[str]) -> tuple[list[str], list[str]]:
    """The page's unmarked pieces of text (``kept`` aside) and its faults of layout."""
    seen = page.evaluate(READ)
    return unmarked_lines(seen["runs"], kept), seen["faults"]


def report(found: dict[str, dict[str, list[str]]], where: str) -> None:
    """Write what the walk found, per page and size, to the file ``where``: the time first,
    then the pieces of text found unmarked on most pages, then each page's findings."""
    pages: dict[str, set[str]] = {}
    for key, findings in found.items():
        for piece in findings["unmarked"]:
            pages.setdefault(piece, set()).add(key.rsplit(" @ ", 1)[0])
    lines = [
        f"Pseudo-locale walk, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC: "
        f"{sum(len(f['unmarked']) for f in found.values())} unmarked pieces, "
        f"{sum(len(f['faults']) for f in found.values())} layout faults, {len(found)} pages",
        "",
        "== Unmarked pieces, by the number of pages they are on",
    ]
    lines += [
        f"{len(on):4}  {piece}" for piece, on in sorted(pages.items(), key=lambda p: -len(p[1]))
    ]
    lines += ["", "== Per page (the address, the phone's size)"]
    for key, findings in found.items():
        if findings["unmarked"] or findings["faults"]:
            lines.append(f"-- {key}")
            lines += [f"   unmarked: {piece}" for piece in findings["unmarked"]]
            lines += [f"   layout: {fault}" for fault in findings["faults"]]
    Path(where).write_text("\n".join(lines) + "\n", "utf-8")


def walk_at(browser, live_server: str, size: dict, addresses: dict[str, str]) -> dict:
    """What the walk finds on every page at the phone's ``size``, by page: the house PIN
    page (then answered), the lists, each table in its states (its refusal sent from its
    start)."""
    found: dict[str, dict[str, list[str]]] = {}
    kept = as_they_are(live_server, addresses)
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": COOKIE, "value": PSEUDO, "url": live_server}])
    context.add_init_script(NO_AUTO_SEND)
    page = context.new_page()
    page.set_default_timeout(15_000)

    def visit(name: str, path: str | None) -> None:
        answer = page.goto(live_server + path) if path is not None else None
        unmarked, faults = read(page, kept)
        if answer is not None and not answer.ok and path not in (MISSING, NO_SUCH_CODE):
            faults.append(f"the page answered {answer.status}")
        where = f"{name} ({page.url.removeprefix(live_server)}) @ {size['width']}x{size['height']}"
        found[where] = {
            "unmarked": list(dict.fromkeys(unmarked)),
            "faults": list(dict.fromkeys(faults)),
        }

    try:
        visit("PIN page", "/house?next=/")
        page.locator("input[name='pin']").fill(HOUSE_PIN)
        with page.expect_navigation():
            page.locator("input[name='pin']").press("Enter")
        for path in LISTS:
            visit(path, path)
        for name, path in addresses.items():
            visit(name, path)
            if name.endswith((" start", " first move", " halfway")) and page.evaluate(TAP):
                page.wait_for_load_state()
                visit(f"{name}, tapped", None)
            if name.endswith(" start") and page.evaluate(REFUSABLE):
                with page.expect_navigation():
                    page.evaluate(REFUSE)
                visit(name.replace(" start", " refusal"), None)
    finally:
        context.close()
    return found


@pytest.mark.long(300)
def test_every_page_reads_from_the_catalogue_and_fits(
    app, live_server, browser, stored, new_table, tmp_path
):
    app.extensions["babel"].translation_directories.append(str(write_pseudo(tmp_path)))
    app.config["LANGUAGES"] = (ENGLISH, PSEUDO)
    addresses = tables(stored, new_table)
    found = {}
    for size in SIZES:
        found.update(walk_at(browser, live_server, size, addresses))
    where = os.environ.get("PSEUDO_WALK_REPORT")
    if where:
        report(found, where)
    assert {key: f for key, f in found.items() if f["unmarked"] or f["faults"]} == {}
