"""The app as a phone installs it: the manifest, the icons, the service worker and the
offline page.

The manifest (``/manifest.webmanifest``) lets a phone put Referee on its home screen and
open it full screen.  The service worker (``/sw.js``, served from the root so that it looks
after every page) keeps a copy of everything in ``static/`` and of the offline page, and shows
that page when the phone cannot reach the server.  It keeps nothing else: table pages, polls
and every other answer always come from the server, and a form is never sent twice.  Its
cache is named after a digest of the files it keeps and of the templates that make it and the
offline page, so any change to them is a new worker, which replaces the old cache.

The offline page is in the phone's language: the worker is rendered for it and keeps that
language's page (``/offline?language=de``; English's is ``/offline``).  A phone that changes
language gets a new worker at its next page (the worker's script differs), which keeps that
language's page beside the others it kept: one a language.

Browsers run service workers only over HTTPS or on localhost: on a plain ``http://`` LAN
address the manifest and icons still work, the offline page does not.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, render_template, request, url_for

from referee.web.base.languages import ENGLISH, language, offered, speaking
from referee.web.base.static_files import digests_of

bp = Blueprint("shell", __name__)

NAME = "Referee"
DESCRIPTION = "Referee for dice games played with real dice: it checks each move and keeps score."
THEME_COLOUR = "#1d4d3a"  # app.css --felt, the page's top bar
BACKGROUND_COLOUR = "#f6f4ee"  # app.css --paper, the page's background
MANIFEST_TYPE = "application/manifest+json"
# (file under static/, size in pixels, purpose) of the home-screen icons.
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
)
# The templates that make the worker and the offline page it keeps: part of its version.
TEMPLATES = ("shell/sw.js", "shell/offline.html", "base.html")
EXTENSION = "referee.shell"


@dataclass(frozen=True)
class Shell:
    """What the service worker keeps: ``files`` under ``static/``, and a ``version`` that
    changes whenever one of them, or a template of the worker or offline page, changes."""

    files: tuple[str, ...]
    version: str


def find_shell(static: Path, templates: Path) -> Shell:
    """Every file in ``static`` (as paths under it) and the digest of their names and bytes
    and of the worker's and offline page's templates."""
    files = digests_of(static)  # each file's own digest, as the pages name it
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name].encode() + b"\0")
    for name in TEMPLATES:
        digest.update(
            f"templates/{name}".encode() + b"\0" + (templates / name).read_bytes() + b"\0"
        )
    return Shell(tuple(sorted(files)), digest.hexdigest()[:16])


def register(app: Flask) -> None:
    """Look the shell's files up once, when the app is built, and mount the views."""
    static, templates = app.static_folder, app.template_folder
    if static is None or templates is None:
        raise RuntimeError("The app shell needs the app's static and template folders.")
    root = Path(app.root_path)
    app.extensions[EXTENSION] = find_shell(root / static, root / templates)
    app.register_blueprint(bp)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: the name, icons and colours a phone's home screen uses."""
    home = url_for("tables.index")
    body = {
        "id": home,
        "name": NAME,
        "short_name": NAME,
        "description": DESCRIPTION,
        "lang": "en",
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": url_for("static", filename=path),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for path, size, purpose in ICONS
        ],
    }
    return Response(json.dumps(body, indent=2, allow_nan=False), mimetype=MANIFEST_TYPE)


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, its scope the whole app; a 304 while its version is unchanged."""
    shell: Shell = current_app.extensions[EXTENSION]
    spoken = language()
    script = render_template(
        "shell/sw.js",
        version=shell.version,
        shell=[url_for("static", filename=name) for name in shell.files],
        offline=offline_address(spoken),
    )
    response = Response(script, mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = url_for("tables.index")
    # Asked again at every check for an update: never an old copy from a cache on the way.
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(shell.version if spoken == ENGLISH else f"{shell.version}-{spoken}")
    response.make_conditional(request)
    return response


def offline_address(spoken: str) -> str:
    """The address of the offline page in the language ``spoken``: its language in it, so
    that each language's page is kept apart (English's is the bare address)."""
    if spoken == ENGLISH:
        return url_for("shell.offline")
    return url_for("shell.offline", language=spoken)


@bp.get("/offline")
def offline() -> str:
    """The page the service worker shows when a page cannot be reached, in the language its
    address names (an offered one), else in the phone's."""
    asked = request.args.get("language", "").replace("-", "_")
    if asked not in offered():
        return render_template("shell/offline.html")
    with speaking(asked):
        return render_template("shell/offline.html")


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The tab icon, for browsers and tools that ask for it at the root."""
    icon = Path(current_app.static_folder or "", "icons", "favicon.ico").read_bytes()
    return Response(
        icon, mimetype="image/vnd.microsoft.icon", headers={"Cache-Control": "max-age=86400"}
    )
