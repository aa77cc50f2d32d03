"""Keeping the app safe to leave on a network.

Security headers on every response (a strict Content-Security-Policy: no inline script or
style anywhere), a session cookie marked ``Secure`` whenever the request came over HTTPS,
the proxy headers trusted only when ``REFEREE_PROXIES`` says how many proxies sit in front,
CSV cells a spreadsheet cannot run as formulas, and private (0600) files and folders.
"""

from __future__ import annotations

import csv
import os
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask, Request, Response, request
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy.engine import make_url
from werkzeug.exceptions import BadRequest
from werkzeug.formparser import FormDataParser
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wsgi import get_host

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        # the photo just read, drawn from the phone's own copy (static/js/photo-seen.js)
        "img-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Table links are capabilities: a referrer must never carry one to another site.
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
}
# The same headers, each with its name as HTTP compares it (without case), for
# ``security_headers``: werkzeug's own ``setdefault`` lower-cases every header it passes.
NAMED_HEADERS = [(name.lower(), name, value) for name, value in HEADERS.items()]
BAD_HOST = "The Host header does not name a usable host: nothing was done."
# A spreadsheet reads a cell starting with one of these as a formula (or strips it first).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def private_file(path: Path, make_content: Callable[[], str]) -> str:
    """The stripped content of ``path``, created once with mode 0600 from ``make_content``.

    The file is never readable by others, not even for a moment: it is created 0600
    (``O_EXCL``, so of two processes starting at once only one writes it; the other waits
    for the content).  A file left with looser permissions is tightened to 0600.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return _written(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(make_content())
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path.read_text(encoding="utf-8").strip()


def unshared(app: Flask, setting: str, path: Path) -> None:
    """Warn in the log that ``setting`` comes from this server's own ``path`` while the
    database is a shared one (not SQLite): other servers on it will not share the value, so
    a phone's cookie or PIN from one would not work on another."""
    if make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name() == "sqlite":
        return
    app.logger.warning(
        "%s is not set: this server keeps its own in %s, which other servers on the same "
        "database will not share. Set %s in the environment of every server.",
        setting,
        path,
        setting,
    )


def _written(path: Path, wait: float = 5.0) -> str:
    """An existing private file's content, once whoever created it has written it."""
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(0o600)
    deadline = time.monotonic() + wait
    while not (content := path.read_text(encoding="utf-8").strip()):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{path} is empty: delete it and start again.")
        time.sleep(0.05)
    return content


def private_dir(path: Path) -> None:
    """Create the folder (and its parents) if needed, only its owner may open it (0700)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        try:
            path.chmod(0o700)
        except OSError:  # not ours to change: leave it as the owner set it
            pass


def precreate_sqlite(uri: str, instance: Path) -> None:
    """Create an SQLite database file that does not exist yet as an empty 0600 file.

    SQLite then writes the database into it, and gives its ``-wal`` and ``-shm`` files the
    same mode; left to itself it would create them all readable by everyone (umask 022).
    """
    url = make_url(uri)
    name = url.database
    if url.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return
    if name.startswith("file:") or url.query.get("uri"):
        return  # SQLite URI filenames: left as given
    path = Path(name) if Path(name).is_absolute() else instance / name
    if path.parent.is_dir():
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            pass


class SessionInterface(SecureCookieSessionInterface):
    """The signed-cookie session, its cookie marked ``Secure`` when the request came over
    HTTPS (directly, or through a trusted proxy), or when ``SESSION_COOKIE_SECURE`` says so."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """``Secure`` over HTTPS; plain HTTP on a home network keeps a working cookie."""
        return bool(super().get_cookie_secure(app) or request.is_secure)


class NamedFieldsParser(FormDataParser):
    """The form parser, refusing a multipart part sent without a name (no browser does):
    it would reach the views, and Flask-WTF's CSRF check, as a ``None`` key and a 500."""

    def parse(self, *args: Any, **kwargs: Any) -> Any:
        """The parsed ``(stream, form, files)``; a 400 when a field or file has no name."""
        stream, form, files = super().parse(*args, **kwargs)
        if None in form or None in files:
            for _, upload in files.items(multi=True):
                upload.close()
            raise BadRequest("A form field without a name: nothing was changed.")
        return stream, form, files


class NamedFieldsRequest(Request):
    """Flask's request, its form read by ``NamedFieldsParser``."""

    form_data_parser_class = NamedFieldsParser


def security_headers(response: Response) -> Response:
    """Add the security headers to a response (a header a view set itself is kept)."""
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    for lowered, name, value in NAMED_HEADERS:
        if lowered not in present:
            headers.add(name, value)
    return response


def trusted_proxies(app: Flask) -> int:
    """How many proxies in front of the app to believe: ``REFEREE_PROXIES``, else none."""
    value = app.config.get("REFEREE_PROXIES", os.environ.get("REFEREE_PROXIES", 0))
    try:
        return max(int(value or 0), 0)
    except ValueError as exc:
        raise ValueError(f"REFEREE_PROXIES must be a number of proxies, not {value!r}") from exc


def usable_host(environ: WSGIEnvironment) -> bool:
    """Whether URLs can be built for the request's host (the Host header, or a trusted
    proxy's).  Werkzeug encodes it to IDNA to build links, which refuses an empty label
    ("a..b") or one of more than 63 letters, and decodes it to read the request's URL, which
    refuses a broken "xn--" label: every page, the error pages too, would fail."""
    name = get_host(environ).lower().partition(":")[0]
    try:
        name.encode("idna").decode("idna")  # and back, as the request's URL is read
    except UnicodeError:
        return False
    return True


def refuse_unusable_hosts(wsgi_app: WSGIApplication) -> WSGIApplication:
    """``wsgi_app`` behind a check of the host: a host no URL can be built for gets a 400
    with a sentence and the security headers, before Flask tries to route it."""

    def checked(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if usable_host(environ):
            return wsgi_app(environ, start_response)
        response = BadRequest(BAD_HOST).get_response(environ)
        response.headers.update(HEADERS)
        return response(environ, start_response)

    return checked


def register(app: Flask) -> None:
    """Headers on every response, the HTTPS-aware session cookie, form fields that have a
    name, hosts that URLs can be built for, and ProxyFix if configured (outside the host
    check, so that a trusted proxy's host is the one checked)."""
    app.session_interface = SessionInterface()
    app.request_class = NamedFieldsRequest
    app.after_request(security_headers)
    app.wsgi_app = refuse_unusable_hosts(app.wsgi_app)  # type: ignore[method-assign, assignment]
    if proxies := trusted_proxies(app):
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies
        )


def spreadsheet_safe(cell: Any) -> Any:
    """A CSV cell that a spreadsheet will not run as a formula: text starting with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``; numbers stay."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


class SpreadsheetWriter:
    """A ``csv.writer`` whose every cell has been through ``spreadsheet_safe``."""

    def __init__(self, out: Any, **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        """Write one row, its text cells made safe."""
        return self._writer.writerow([spreadsheet_safe(cell) for cell in row])
