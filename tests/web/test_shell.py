"""The app a phone installs: the manifest, the icons, the favicon, the service worker and
the offline page, linked from every page."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from referee.files import CHECKOUT as PROJECT
from referee.web.base.shell import find_shell
from tests.conftest import STATIC_VERSION, unversioned
from tests.tiny_game import SLUG

STATIC = PROJECT / "static"
CSS = (STATIC / "css" / "app.css").read_text(encoding="utf-8")


def colour(name: str) -> str:
    """A colour variable of app.css (``--felt``, ``--paper``)."""
    return re.search(rf"--{name}: (#[0-9a-f]{{6}})", CSS).group(1)


def image(client, url: str) -> Image.Image:
    """The image a URL answers, read back by Pillow."""
    response = client.get(url)
    data = response.data
    response.close()  # a static file is streamed from an open file
    assert response.status_code == 200, url
    return Image.open(io.BytesIO(data))


def manifest(client, **kwargs) -> dict:
    """The web app manifest, checked to be served as one."""
    response = client.get("/manifest.webmanifest", **kwargs)
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    return json.loads(response.text)


def test_the_manifest_installs_referee_full_screen_at_the_home_page(stranger):
    found = manifest(stranger)
    assert found["name"] == "Referee" and found["short_name"] == "Referee"
    assert found["start_url"] == "/" and found["scope"] == "/"
    assert found["display"] == "standalone"
    assert found["theme_color"] == colour("felt")  # the top bar
    assert found["background_color"] == colour("paper")
    page = stranger.get("/").text
    light = f'<meta name="theme-color" content="{colour("felt")}"'
    assert light + ' media="(prefers-color-scheme: light)">' in page


def test_the_manifest_icons_are_the_sizes_they_say(stranger):
    icons = manifest(stranger)["icons"]
    assert {(i["sizes"], i["purpose"]) for i in icons} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in icons:
        assert icon["type"] == "image/png"
        drawn = image(stranger, icon["src"])
        assert drawn.format == "PNG"
        assert "x".join(map(str, drawn.size)) == icon["sizes"]


def test_the_maskable_icon_keeps_the_die_inside_the_safe_zone(stranger):
    icon = next(i for i in manifest(stranger)["icons"] if i["purpose"] == "maskable")
    drawn = image(stranger, icon["src"]).convert("RGB")
    felt = tuple(int(colour("felt")[i : i + 2], 16) for i in (1, 3, 5))
    size = drawn.width
    # A launcher may cut everything outside the circle of radius 40% of the icon.
    outside = [
        drawn.getpixel((x, y))
        for x in range(0, size, 4)
        for y in range(0, size, 4)
        if (x - size / 2) ** 2 + (y - size / 2) ** 2 > (0.4 * size) ** 2
    ]
    assert set(outside) == {felt}


def test_the_apple_touch_icon_is_180_pixels_and_opaque(stranger):
    page = stranger.get("/").text
    url = re.search(r'<link rel="apple-touch-icon" href="([^"]+)"', page).group(1)
    drawn = image(stranger, url)
    assert drawn.size == (180, 180)
    assert drawn.mode == "RGB"  # iOS would fill a transparent corner with black


def test_favicon_ico_answers_at_the_root_in_three_sizes(stranger):
    response = stranger.get("/favicon.ico")
    response.close()
    assert response.status_code == 200
    assert response.mimetype in ("image/vnd.microsoft.icon", "image/x-icon")
    icon = image(stranger, "/favicon.ico")
    assert icon.format == "ICO"
    assert icon.info["sizes"] == {(16, 16), (32, 32), (48, 48)}


def test_the_service_worker_is_served_from_the_root_for_the_whole_app(stranger):
    response = stranger.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    again = stranger.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def worker_constant(script: str, name: str):
    """A constant the worker was rendered with (a JSON value)."""
    return json.loads(re.search(rf"^var {name} = (.+);$", script, re.M).group(1))


def test_the_worker_keeps_the_static_files_and_the_offline_page_only(stranger):
    script = stranger.get("/sw.js").text
    shell = worker_constant(script, "SHELL")
    every_file = {
        f"/static/{path.relative_to(STATIC).as_posix()}"
        for path in STATIC.rglob("*")
        if path.is_file()
    }
    # Each at the address the pages name it by: its path and its version.
    assert {path.partition("?v=")[0] for path in shell} == every_file
    assert all(STATIC_VERSION.search(f'{path}"') for path in shell)
    assert worker_constant(script, "OFFLINE") == "/offline"
    # It copies only at install: no answer is ever put in the cache as it passes.
    assert ".put(" not in script and "addAll(requests)" in script


def test_each_language_has_its_worker_and_its_offline_page(app, stranger):
    app.config["LANGUAGES"] = ("en", "de")
    english = stranger.get("/sw.js", headers={"Accept-Language": "en"})
    german = stranger.get("/sw.js", headers={"Accept-Language": "de"})
    assert worker_constant(english.text, "OFFLINE") == "/offline"
    assert worker_constant(german.text, "OFFLINE") == "/offline?language=de"
    assert german.headers["ETag"] != english.headers["ETag"]
    assert "Accept-Language" in german.headers["Vary"] and "Cookie" in german.headers["Vary"]
    # the German worker is a new one for a phone that turned German: no 304 for its old one
    asked = {"Accept-Language": "de", "If-None-Match": english.headers["ETag"]}
    assert stranger.get("/sw.js", headers=asked).status_code == 200
    # each page in the language its address names, whatever the phone asking for it reads
    assert '<html lang="de">' in stranger.get("/offline?language=de").text
    assert '<html lang="en">' in stranger.get("/offline").text
    assert '<html lang="en">' in stranger.get("/offline?language=xx").text


def test_a_changed_file_makes_a_new_worker_version(tmp_path):
    static, templates = tmp_path / "static", tmp_path / "templates"
    (static / "css").mkdir(parents=True)
    (templates / "shell").mkdir(parents=True)
    for name in ("shell/sw.js", "shell/offline.html", "base.html"):
        (templates / name).write_text("template")
    (static / "css" / "app.css").write_text("body { color: black; }")
    first = find_shell(static, templates)
    assert first.files == ("css/app.css",)
    assert find_shell(static, templates) == first  # nothing changed: the same worker
    versions = [first.version]
    for changed, text in [
        (static / "css" / "app.css", "body { color: green; }"),
        (static / "js-on.js", "new file"),
        (templates / "shell" / "offline.html", "a new offline page"),
        (templates / "shell" / "sw.js", "a new worker"),
    ]:
        changed.write_text(text)
        versions.append(find_shell(static, templates).version)
    assert len(set(versions)) == len(versions)


def test_behind_a_proxy_prefix_every_address_carries_it(stranger):
    base = "http://localhost/referee/"
    found = manifest(stranger, base_url=base)
    assert found["start_url"] == found["scope"] == "/referee/"
    assert all(icon["src"].startswith("/referee/static/icons/") for icon in found["icons"])
    worker = stranger.get("/sw.js", base_url=base)
    assert worker.headers["Service-Worker-Allowed"] == "/referee/"
    assert worker_constant(worker.text, "OFFLINE") == "/referee/offline"


def test_the_offline_page_says_what_to_do(stranger):
    page = stranger.get("/offline")
    assert page.status_code == 200
    assert "No connection to the table's server" in page.text
    assert "same Wi-Fi as the referee's computer" in page.text
    assert "reload this page" in page.text and '<a class="button" href="">Reload</a>' in page.text


def test_the_offline_page_leaves_another_page_its_message(stranger):
    # The worker fetches the offline page in the background while a phone plays.
    with stranger.session_transaction() as session:
        session["_flashes"] = [("message", "Roll entered.")]
    assert "Roll entered." not in stranger.get("/offline").text
    assert "Roll entered." in stranger.get("/").text


LINKS = (
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<link rel="icon" href="/static/icons/favicon.ico"',
    '<link rel="icon" href="/static/icons/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">',
    '<script src="/static/js/offline.js" data-worker="/sw.js" defer></script>',
)


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/tables/new",
        f"/tables/new/{SLUG}",
        "/games/",
        f"/games/{SLUG}",
        "/print",
        "/history",
        "/players/",
        "/import",
        "/house",
        "/offline",
        "/no/such/page",
        "TABLE",
        "TABLE/history",
        "TABLE/screen",
    ],
)
def test_every_page_links_the_manifest_icons_and_worker(client, stored, tiny_log, url):
    if url.startswith("TABLE"):
        (token,) = stored(tiny_log(("Ann", "Bo"), "win"))
        url = url.replace("TABLE", f"/t/{token}")
    page = client.get(url)
    assert page.mimetype == "text/html" and page.status_code in (200, 404), url
    for link in LINKS:
        assert link in unversioned(page.text), (url, link)


def test_every_linked_icon_exists():
    for link in LINKS:
        path = re.search(r'(?:href|src)="/static/([^"]+)"', link)
        if path:
            assert (STATIC / path.group(1)).is_file(), link
