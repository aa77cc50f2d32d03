"""axe-core on every kind of page, light and dark: no critical and no serious violation.
Each page is loaded once and audited in the light colour scheme, then in the dark one.

The pages: home, rules, a help page, the new-table form, history, players, a player, the
print page, every game's table at its start and every seed game (finished or under way), 10K's
colour-run question, 10K's final round with a set-aside joining one from the same roll, a
Lucky Sevens choice flagged past the target, a table's story and chart, and the big screen.
axe.min.js comes from the ``axe-playwright-python`` package (only its copy of axe-core is
used).  The app's CSP forbids inline script, so this test's own browser context bypasses the
CSP to inject it; the pages' own scripts are checked against the CSP in
``test_csp_browser.py``.  With ``-s`` the test prints every violation found, moderate and
minor ones too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.games import all_games, has_own
from referee.log import loads
from tests.browser.kit import PHONE
from tests.conftest import HOUSE_PIN
from tests.web.test_odds_web import switch

pytestmark = pytest.mark.browser
SEEDS = Path(__file__).resolve().parents[2] / "seeds"
GRAVE = ("critical", "serious")
SCHEMES = ("light", "dark")
# Each game's table at its start (every game seats three).
PLAYERS = ("Ann", "Bo", "Cy")
PAGES = (
    ("/", "home"),
    ("/games/", "rules"),
    ("/games/tenk", "help-tenk"),
    ("/games/sixd-four", "help-sixd-four"),
    ("/tables/new/sb", "new-table"),
    ("/history", "history"),
    ("/players", "players"),
    ("/players/ann", "player-ann"),
    ("/print", "print"),
)


def axe_script() -> str:
    """axe-core's script, as the test extras install it."""
    try:
        from axe_playwright_python.base import AXE_SCRIPT
    except ImportError:
        pytest.fail("axe-playwright-python is missing: run `make test` (it is in the test extras).")
    return AXE_SCRIPT


def violations(page, script: str) -> list[dict]:
    """axe's violations on the page as it stands (every rule axe runs by default); axe's
    script is added once to each page loaded."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=script)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return result["violations"]


def described(where: str, found: list[dict]) -> list[str]:
    """One line per violation: the page, the rule, its impact, the first nodes."""
    return [
        f"{where}: {v['id']} ({v['impact']}) x{len(v['nodes'])}: "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:8])
        + " | "
        + (v["nodes"][0].get("failureSummary") or "").replace("\n", " ")[:200]
        for v in found
    ]


@pytest.fixture
def axe_page(browser):
    """A phone page, its CSP bypassed for axe's script; each audit sets the colour scheme."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.mark.long(60)
def test_no_serious_or_critical_violation(live_server, axe_page, stored, new_table):
    page = axe_page
    seeds = {path.stem: loads(path.read_text()) for path in sorted(SEEDS.glob("*.json"))}
    seeded = dict(zip(seeds, stored(*seeds.values()), strict=True))
    started = {g.SLUG: new_table(g.SLUG, PLAYERS) for g in all_games()}
    script = axe_script()
    report: list[str] = []

    def audit(name: str) -> None:
        for scheme in SCHEMES:  # the page as it stands, in each colour scheme
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
            report.extend(described(f"{scheme} {name}", violations(page, script)))
            shots = os.environ.get("SCREENSHOTS")
            if shots:
                path = os.path.join(shots, f"axe-{scheme}-{name}.png")
                page.screenshot(path=path, full_page=True)

    def check(path: str, name: str) -> None:
        response = page.goto(live_server + path)
        assert response is not None and response.ok, path
        audit(name)

    page.goto(live_server + "/house?next=/")
    page.locator("input[name='pin']").fill(HOUSE_PIN)
    with page.expect_navigation():
        page.locator("input[name='pin']").press("Enter")
    for path, name in PAGES:
        check(path, name)
    for slug, table in started.items():
        check(table.url, f"{slug}-start")
    # 10K's colour-run question, shown once the six dice make 1-6.
    page.goto(live_server + started["tenk"].url)
    faces = page.locator("form.roll .pad-group[data-group=d] .faces .face-tap")
    for i in range(6):
        faces.nth(i).tap()  # a straight: the roll waits for the colour question
    assert page.locator(".colour-run").is_visible()
    audit("tenk-colour-run")
    # What issue 25 added: the final round's need to pass the leader, a set-aside joining
    # dice set aside from the same roll, a Lucky Sevens choice flagged past the target.
    final = new_table("tenk", PLAYERS, target="1000", entry="0")
    final.roll(1, 1, 1, 2, 3, 4)
    final.pick(0, 1, 2, bank=True)
    final.roll(1, 1, 1, 2, 3, 4)
    final.pick(0, 1)
    page.goto(live_server + final.url)
    page.locator("details.more-aside summary").tap()
    page.locator("form.set-aside.more label.pick").first.tap()
    audit("tenk-final-round-more")
    near = new_table("lucky7", PLAYERS, target="2")
    near.roll(3, 4, 2, 2, 3, 6, 6, 6)
    page.goto(live_server + near.url)
    for row in (2, 3, 4):
        page.locator("form.sevens fieldset.group-row").nth(row).locator(
            "label.face", has_text="B"
        ).tap()
    assert page.get_by_role("button", name="Score", exact=True).is_disabled()
    audit("lucky7-flagged")
    # The odds, switched on and opened, at the start of every game that gives advice.
    for game in all_games():
        if has_own(game, "advice"):
            switch(started[game.SLUG], "on")
            check(started[game.SLUG].url, f"{game.SLUG}-odds")
            if page.locator("details.odds").count():  # a decision to advise on already
                page.locator("details.odds summary").tap()
                audit(f"{game.SLUG}-odds-open")
    for name, token in seeded.items():
        check(f"/t/{token}", name)
    check(f"/t/{seeded['tenk-finished']}/history", "history-tenk-finished")
    check(f"/t/{seeded['sixd-one-finished']}/history", "history-sixd-one-finished")  # its boards
    check(f"/t/{seeded['sixd-four-in-progress']}/screen", "screen-sixd-four-in-progress")
    print("\n".join(report))
    grave = [line for line in report if any(f"({impact})" in line for impact in GRAVE)]
    assert not grave, "\n".join(grave)
