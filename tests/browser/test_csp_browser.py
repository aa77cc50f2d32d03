"""Every page works under the strict Content-Security-Policy: Chromium reports no violation."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.log import loads
from tests.conftest import HOUSE_PIN

pytestmark = pytest.mark.browser
SEEDS = Path(__file__).resolve().parents[2] / "seeds"
WATCH = """
document.addEventListener("securitypolicyviolation", function (e) {
  (window.__csp = window.__csp || []).push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_no_page_breaks_the_content_security_policy(live_server, phone, stored):
    tokens = stored(*(loads(path.read_text()) for path in sorted(SEEDS.glob("*.json"))))
    console: list[str] = []
    phone.on("console", lambda message: console.append(message.text))
    phone.add_init_script(WATCH)

    def visit(path: str) -> None:
        phone.goto(live_server + path)
        assert phone.evaluate("document.documentElement.classList.contains('js')"), path
        assert phone.evaluate("window.__csp || []") == [], path

    visit("/house?next=/history")
    phone.locator("input[name='pin']").fill(HOUSE_PIN)
    with phone.expect_navigation():
        phone.locator("input[name='pin']").press("Enter")
    assert phone.url.endswith("/history")
    for path in ("/", "/tables/new", "/tables/new/tenk", "/games/", "/games/tenk", "/print"):
        visit(path)
    for path in ("/history", "/players", "/import", "/no/such/page"):
        visit(path)
    for token in tokens:
        visit(f"/t/{token}")
        for pick in phone.locator("label.pick, label.face, .die-button").all()[:4]:
            if pick.is_visible():
                pick.tap()
        assert phone.evaluate("window.__csp || []") == [], token
        visit(f"/t/{token}/history")
    assert not [text for text in console if "Content Security Policy" in text], console
