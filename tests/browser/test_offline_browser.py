"""A phone that drops off the network: the service worker shows the offline page instead of
the browser's own error, for a page asked for and for a move sent, and keeps only the shell."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytestmark = pytest.mark.browser
OFFLINE = "No connection to the table's server"
KEPT_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) { urls.push(request.url); }
  }
  return urls;
}"""


def wait_for_the_worker(page) -> None:
    """Wait until the service worker looks after the page (polled from here: the page's CSP
    forbids the eval that ``wait_for_function`` needs)."""
    for _ in range(100):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(100)
    pytest.fail("The service worker never took the page over.")


def test_a_phone_off_the_network_is_told_what_to_do(live_server, phone, player, stored, tenk_log):
    (token,) = stored(tenk_log(("Ann", "Bo"), "win"))
    table = f"{live_server}/t/{token}"
    phone.goto(f"{live_server}/")
    wait_for_the_worker(phone)

    phone.context.set_offline(True)
    phone.goto(table)
    assert phone.get_by_role("heading", level=1).inner_text() == OFFLINE
    assert phone.url == table  # reloading asks for the table again
    # The page wears the app's stylesheet, kept by the worker: the felt bar, not bare HTML.
    bar = phone.locator("header.bar").evaluate("bar => getComputedStyle(bar).backgroundColor")
    assert bar == "rgb(29, 77, 58)"
    player.shot("offline")

    phone.context.set_offline(False)
    with phone.expect_navigation():
        phone.get_by_role("link", name="Reload").tap()
    assert phone.url == table
    assert "Bo" in player.ruling()  # the table, live from the server
    before = player.ruling()

    player.tap_dice(2, 2, 3, 3, 4)
    phone.context.set_offline(True)
    with phone.expect_navigation():
        player.tap_dice(6)  # the last die sends the roll
    assert phone.get_by_role("heading", level=1).inner_text() == OFFLINE
    assert phone.url == table  # back at the table's page, never at the form's address

    phone.context.set_offline(False)
    with phone.expect_navigation():
        phone.get_by_role("link", name="Reload").tap()
    assert player.ruling() == before  # the roll never reached the server, and was not resent

    kept = phone.evaluate(KEPT_URLS)
    # The style sheet is kept at the very address the page names it by (its bytes' version).
    style = phone.locator("link[rel=stylesheet][href^='/static/css/app.css?v=']").get_attribute(
        "href"
    )
    assert f"{live_server}/offline" in kept and f"{live_server}{style}" in kept
    assert all(url.startswith((f"{live_server}/static/", f"{live_server}/offline")) for url in kept)


def test_a_new_version_replaces_the_kept_files(live_server, phone, app):
    from referee.web.base.shell import EXTENSION

    phone.goto(f"{live_server}/")
    wait_for_the_worker(phone)
    first = app.extensions[EXTENSION]
    assert phone.evaluate("caches.keys()") == [f"referee-shell-{first.version}"]

    app.extensions[EXTENSION] = replace(first, version="0123456789abcdef")  # a new release
    phone.evaluate("navigator.serviceWorker.ready.then(r => r.update())")
    for _ in range(100):
        if phone.evaluate("caches.keys()") == ["referee-shell-0123456789abcdef"]:
            break
        phone.wait_for_timeout(100)
    assert phone.evaluate("caches.keys()") == ["referee-shell-0123456789abcdef"]
