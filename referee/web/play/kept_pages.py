"""Table pages rendered once and kept: a phone that reads a table's page again, or another
phone that sits as it does, gets the page rendered for the first, with its own CSRF token and
page mark put in.

A plain read of a table's page (a GET with no query, no message waiting for the phone, no
ruling of its own, no rematch) is the same HTML for every phone that sits the same way at the
same table version, asked at the same address, but for two values of its own: the session's
CSRF token and the page's mark (``forms.page_mark``).  Each kept page holds those two as
placeholders, put back for each phone.  The key (``page_key``) is everything else the page is
rendered from: the table's token and version (which every write advances), its players,
settings and odds switch, how the phone sits (its seat, watching, the seats others hold,
whether it said who it is), whether its link has closed, the house PIN, the scheme, host and
root asked at, and the phone's language.

Rendering is 40% of a table page's time in the worker; a page kept is a dictionary look-up and
two string replacements.  Pages are kept in one least-recently-used cache of ``KEPT_BYTES``
a worker (about 200 pages of a 10K table).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from flask import Flask, current_app, g, request, session

from referee.web.access.rights import grace_over, is_house
from referee.web.access.seats import Seating
from referee.web.base.languages import language
from referee.web.base.weighed import WeighedCache
from referee.web.storage.loading import Loaded

KEPT_BYTES = 8 * 1024 * 1024
TOKEN, MARK = "\x00csrf-token\x00", "\x00page-mark\x00"  # no page holds a NUL character
CACHE = "kept_pages"


def register(app: Flask) -> None:
    """Give the app its cache of kept pages."""
    app.extensions[CACHE] = WeighedCache[Hashable, str](KEPT_BYTES)


def page_key(loaded: Loaded, sitting: Seating) -> Hashable | None:
    """What a plain read of the table's page is rendered from, besides the phone's token
    and mark; None when the page may hold more (a query, a message, a rematch)."""
    table = loaded.table
    if request.method != "GET" or request.args or session.get("_flashes") or table.rematch:
        return None
    asked = request._get_current_object()  # type: ignore[attr-defined]  # the proxy's own
    return (
        table.token,
        loaded.version,
        tuple(table.players),
        repr(table.settings),
        table.show_odds,
        sitting,
        grace_over(table),
        is_house(),
        asked.scheme,
        asked.host,
        asked.root_path,
        language(),
    )


def kept_page(key: Hashable, render: Callable[[], str]) -> str:
    """The page kept under ``key`` with this phone's CSRF token and page mark, or
    ``render()``'s page, kept for the next phone with both as placeholders."""
    kept: WeighedCache[Hashable, str] = current_app.extensions[CACHE]
    found = kept.get(key)
    if found is None:
        page = render()
        here = g._get_current_object()
        token = getattr(here, current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), None)
        mark = getattr(here, "page_mark", None)
        shape = page.replace(token, TOKEN) if token else page
        shape = shape.replace(mark, MARK) if mark else shape
        kept.put(key, shape, len(shape))
        return page
    made: dict[str, Callable[[], str]] = current_app.jinja_env.globals  # type: ignore[assignment]
    if TOKEN in found:
        found = found.replace(TOKEN, made["csrf_token"]())
    if MARK in found:
        found = found.replace(MARK, made["page_mark"]())
    return found
