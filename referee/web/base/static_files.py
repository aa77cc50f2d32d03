"""Static files at addresses that name their bytes, kept by a phone's browser for a year.

A page names each script, style sheet and icon with a digest of its bytes (``url_for``'s
``v``, read once when the app is built), and the file asked for at its present digest is
answered as ``immutable`` for a year: a phone opening page after page asks for none of them
again, where it asked for each one on every page (``no-cache``: a round trip each, eight
or more a table page, on a phone on the table's network, where no service worker runs on
plain ``http``).  A changed file has a new address, so a phone never keeps an old one.  A
file asked for without a digest, or with another (an old page's), is answered as Flask
answers it (``no-cache``, asked again each time).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request

EXTENSION = "referee.static_digests"
VERSION = "v"  # the address's query field that names the bytes
YEAR = 365 * 24 * 3600
DIGEST_LENGTH = 12  # hex digits: 48 bits, against a few hundred files


def digests_of(static: Path) -> dict[str, str]:
    """Each file under ``static`` (its path under it) and a digest of its bytes."""
    return {
        path.relative_to(static).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[
            :DIGEST_LENGTH
        ]
        for path in static.rglob("*")
        if path.is_file()
    }


def register(app: Flask) -> None:
    """Have ``url_for("static", ...)`` name each file's digest, and answers to an address
    with the present digest kept for a year."""
    if app.static_folder is None:
        raise RuntimeError("Versioned static files need the app's static folder.")
    app.extensions[EXTENSION] = digests_of(Path(app.root_path) / app.static_folder)
    app.url_defaults(_named_by_digest)
    app.after_request(_kept_for_a_year)


def _named_by_digest(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and VERSION not in values:
        digest = current_app.extensions[EXTENSION].get(values.get("filename"))
        if digest is not None:
            values[VERSION] = digest


def _kept_for_a_year(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    name = (request.view_args or {}).get("filename")
    if request.args.get(VERSION) == current_app.extensions[EXTENSION].get(name):
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    return response
