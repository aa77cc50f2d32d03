"""A live server on loopback and a phone-sized Chromium page driven by Playwright: the
fixtures of every browser test, the shared ones here and each game's ``test_browser.py``
(a plugin of the root conftest).

Playwright drives Debian's /usr/bin/chromium; it never downloads a browser.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 320, "height": 640}  # where tap targets are measured
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]


class UnloggedRequests(WSGIRequestHandler):
    """The live server's requests, not logged line by line: the browser may still ask for
    something (its favicon) as the test ends, after pytest has closed the stream that
    Werkzeug's request log was first given."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log nothing for a request answered."""


@pytest.fixture
def live_server(app):
    """Serve ``app`` on a free loopback port for the length of a test."""
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=UnloggedRequests)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make test` (it installs Debian's chromium).")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser):
    """A fresh page at a phone's viewport (390x844) with touch."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    if os.environ.get("SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], "last.png"), full_page=True)
    context.close()


@pytest.fixture
def second_phone(browser):
    """Another phone at the table: its own context, so its own cookies and session."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


class Phone:
    """Taps a player makes on the turn screen."""

    def __init__(self, page) -> None:
        self.page = page

    def shot(self, name: str) -> None:
        """Save a screenshot when SCREENSHOTS names a folder (for people to look at)."""
        folder = os.environ.get("SCREENSHOTS")
        if folder:
            self.page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)

    def tap_dice(self, *values: int, group: str = "d") -> None:
        """Tap faces on the roll's tap pad (``group`` "k": a game's keys), sending nothing."""
        faces = self.page.locator(f"form.roll .pad-group[data-group={group}] .faces:not(.minus)")
        for value in values:
            faces.locator(".face-tap").nth(value - 1).tap()

    def roll(self, *values: int, keys: tuple[int, ...] = ()) -> None:
        """Tap the roll in, one face per die (then the keys); the last tap sends it."""
        taps = [("d", v) for v in values] + [("k", v) for v in keys]
        for group, value in taps[:-1]:
            self.tap_dice(value, group=group)
        with self.page.expect_navigation():
            self.tap_dice(taps[-1][1], group=taps[-1][0])

    def press(self, button: str) -> None:
        """Tap a submit button by its words and wait for the next page."""
        with self.page.expect_navigation():
            self.page.get_by_role("button", name=button, exact=True).tap()

    def pick(self, *indexes: int) -> None:
        """Tap dice on the table by position."""
        picks = self.page.locator("form.set-aside").first.locator("label.pick")
        for i in indexes:
            picks.nth(i).tap()

    def enter_pin(self) -> None:
        """Answer the house PIN page that starting a table leads to, and go on."""
        from tests.conftest import HOUSE_PIN

        self.page.wait_for_url("**/house?**")
        self.page.locator("input[name='pin']").fill(HOUSE_PIN)
        with self.page.expect_navigation():
            self.page.get_by_role("button", name="Enter", exact=True).tap()

    def start(self, live_server: str, game: str, *names: str) -> str:
        """Start a table of ``game`` for ``names`` (the house PIN answered); its address."""
        self.page.goto(f"{live_server}/tables/new/{game}")
        self.enter_pin()
        for i, name in enumerate(names):
            self.page.locator(f"input[name='players-{i}']").fill(name)
        self.press("Start the table")
        return self.page.url.split("#")[0].removeprefix(live_server)

    def ruling(self) -> str:
        """The referee's last ruling."""
        return self.page.locator(".ruling").inner_text()


def say_who(page, choice: str) -> None:
    """Answer the question a phone that joins a table is asked first ("I am Bo", "A table
    phone, passed round"): pick it, tap "This is me", wait for the table's page."""
    asked = page.locator("form.who-is-this-phone")
    asked.locator("select").select_option(label=choice)
    with page.expect_navigation():
        asked.get_by_role("button", name="This is me", exact=True).tap()


@pytest.fixture
def small_phone(phone):
    """The phone page at a small phone's viewport (320x640)."""
    phone.set_viewport_size(SMALL_PHONE)
    return phone


@pytest.fixture
def player(phone):
    """Helpers over the phone page."""
    return Phone(phone)
