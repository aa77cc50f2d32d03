"""The phone's session cookie, sealed: encrypted and authenticated, not only signed.

Flask's own cookie is signed, so whoever sees it (over a shoulder, in a proxy's log, in a
browser extension) reads what it holds: the links of the phone's last tables, the tables it
watches, its phone id.  Here the same JSON is compressed and sealed with Fernet (AES-128-CBC
and HMAC-SHA256, from ``cryptography``) under a key derived from ``SECRET_KEY``: the cookie
reads as noise, and one changed or older than the session's lifetime is refused like a
badly signed one (the phone starts a new session).  A cookie signed by an earlier version
of the app is read once and sealed in the reply, less its house PIN (``rights.is_house``).

A phone sends the same cookie with every request until its session changes, so each server
process keeps what its last ``KEPT_COOKIES`` cookies held (opened once: decrypting and
reading one is a twentieth of a table page).  A kept cookie is still refused once it is
older than the session's lifetime (its sealing time is in the cookie, authenticated), and
each request gets its own copy of the data.
"""

from __future__ import annotations

import time
import zlib
from base64 import urlsafe_b64encode
from functools import lru_cache
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import Flask, Request
from flask.sessions import SecureCookieSession
from itsdangerous import BadSignature

from referee.web.base.weighed import WeighedCache
from referee.web.guard.security import SessionInterface

KEY_PURPOSE = b"referee session cookie"
KEPT_COOKIES = 1024  # a few hundred bytes each
Opened = WeighedCache[str, tuple[float, str]]  # a cookie: when it was sealed, its JSON text


@lru_cache(maxsize=8)
def fernet_for(secret_key: str | bytes) -> Fernet:
    """The cookie's Fernet key, derived from a secret key (HKDF-SHA256), never the key itself:
    the same secret also signs the CSRF tokens."""
    secret = secret_key if isinstance(secret_key, bytes) else secret_key.encode()
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=KEY_PURPOSE)
    return Fernet(urlsafe_b64encode(hkdf.derive(secret)))


class Sealer:
    """Seals and opens a session's data: what Flask's cookie session asks of its signer.

    ``opened`` keeps the cookies it opened: the value, its sealing time and its data as
    JSON text (read again for each request, so no request changes another's data)."""

    def __init__(self, fernet: MultiFernet, serializer: Any, opened: Opened) -> None:
        self.fernet = fernet
        self.serializer = serializer
        self.opened = opened

    def dumps(self, data: dict[str, Any]) -> str:
        """The sealed cookie value (its base64 padding left off: the cookie stays unquoted)."""
        plain = zlib.compress(self.serializer.dumps(data).encode())
        return self.fernet.encrypt(plain).decode().rstrip("=")

    def loads(self, value: str, max_age: int) -> dict[str, Any]:
        """The data a sealed value holds; ``BadSignature`` when it is not one of ours or is
        older than ``max_age`` seconds."""
        kept = self.opened.get(value)
        if kept is not None:
            sealed_at, text = kept
            if time.time() - sealed_at > max_age:
                raise BadSignature("Not a sealed session cookie.")  # as Fernet's ttl says
            return self.serializer.loads(text)  # type: ignore[no-any-return]
        token = value + "=" * (-len(value) % 4)
        try:
            text = zlib.decompress(self.fernet.decrypt(token, ttl=max_age)).decode()
            data = self.serializer.loads(text)
            sealed_at = self.fernet.extract_timestamp(token)
        except (InvalidToken, ValueError, zlib.error) as exc:
            raise BadSignature("Not a sealed session cookie.") from exc
        if not isinstance(data, dict):
            raise BadSignature("Not a sealed session cookie.")
        self.opened.put(value, (sealed_at, text), 1)
        return data


class SealedSessionInterface(SessionInterface):
    """The HTTPS-aware cookie session, its content sealed instead of signed; the cookies
    opened are kept per set of keys (a new key opens every cookie afresh)."""

    def __init__(self) -> None:
        self.opened: dict[tuple[str, ...], Opened] = {}

    # Flask's cookie session asks its signer only for ``loads`` and ``dumps``, which the
    # sealer has; its saving of the cookie (expiry, flags, when to send it) is kept as is.
    def get_signing_serializer(self, app: Flask) -> Sealer | None:  # type: ignore[override]
        """The sealer for ``SECRET_KEY`` (opening cookies sealed under a key in
        ``SECRET_KEY_FALLBACKS`` too); None without a secret key, as Flask has it."""
        if not app.secret_key:
            return None
        keys = [app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ())]
        fernet = MultiFernet([fernet_for(key) for key in keys])
        opened = self.opened.setdefault(tuple(map(str, keys)), Opened(KEPT_COOKIES))
        return Sealer(fernet, self.serializer, opened)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """This request's session: from a sealed cookie, an earlier version's signed one, or new."""
        sealer = self.get_signing_serializer(app)
        if sealer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        try:
            return self.session_class(sealer.loads(value, max_age))
        except BadSignature:
            return self.signed_session(app, value, max_age)

    def signed_session(self, app: Flask, value: str, max_age: int) -> SecureCookieSession:
        """The session a cookie signed by an earlier version holds, marked to be sealed in
        the reply; a new session when it is not validly signed either."""
        signer = super().get_signing_serializer(app)
        try:
            data = signer.loads(value, max_age=max_age) if signer else {}
        except BadSignature:
            return self.session_class()
        session = self.session_class(data)
        # Its house PIN was a fingerprint anyone who saw the cookie could copy: not kept.
        session.pop("house", None)
        session.modified = True
        return session


def register(app: Flask) -> None:
    """Seal the app's session cookie."""
    app.session_interface = SealedSessionInterface()
