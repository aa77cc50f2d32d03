"""Links built once: the pages' ``url_for`` keeps the URLs it has built.

Building a URL walks werkzeug's routing rules (about 5 µs); a table page builds some
thirty, the same ones for every request at that table and the static files' for every
page.  A URL depends only on its endpoint, its values, the script root it is served
under (the routes are fixed once the app is made) and the phone's language (a blank PDF's
link names it: ``history/printing.py``), so the templates' ``url_for`` keeps
the last ``KEPT_LINKS`` it built and builds only the others.  A call with one of Flask's
own options (``_external``, ``_anchor``...), a blueprint-relative endpoint, an
unhashable value or no request goes to Flask's ``url_for`` as it is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Flask, has_request_context, request

from referee.web.base.languages import language

KEPT_LINKS = 4096  # a hundred tables' links, at a few hundred bytes each


FLASK_OPTIONS = frozenset({"_anchor", "_method", "_scheme", "_external"})


def register(app: Flask) -> None:
    """Give the app's templates a ``url_for`` that keeps the URLs it has built."""

    @lru_cache(maxsize=KEPT_LINKS)
    def built(key: tuple[Any, ...]) -> str:
        # ((script root, language), endpoint, (name, value) pairs..., their values' types...)
        values = key[2 : 2 + (len(key) - 2) // 2]
        return app.url_for(key[1], **dict(values))

    def kept_url_for(endpoint: str, **values: Any) -> str:
        """The URL of ``endpoint`` with ``values``, as Flask's ``url_for`` builds it."""
        if (
            not has_request_context()
            or endpoint.startswith(".")
            or not FLASK_OPTIONS.isdisjoint(values)
        ):
            return app.url_for(endpoint, **values)
        # one look through the request's proxy (a method of the proxy, not of Request)
        root = request._get_current_object().root_path  # type: ignore[attr-defined]
        scope = (root, language())
        try:
            # the types in the key: True and 1 are equal keys but spell different links
            return built((scope, endpoint, *values.items(), *map(type, values.values())))
        except TypeError:  # an unhashable value: nothing to keep it by
            return app.url_for(endpoint, **values)

    app.jinja_env.globals["url_for"] = kept_url_for
