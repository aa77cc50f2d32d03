"""Reading untrusted request values before they reach the engine or the database.

Text may not hold control characters (PostgreSQL refuses a NUL outright) and has a
length; numbers are ASCII digits of a sensible length ("²" passes ``isdigit`` but
``int`` refuses it; "١" would read as 1; thousands of digits overflow every column).
"""

from __future__ import annotations

import re
from typing import Any

from flask import abort

from referee.core.sentences import say
from referee.games import get_game

DIGITS = re.compile(r"[0-9]{1,6}")
VERSION = re.compile(r"[0-9]{1,9}")  # below 2**31: it fits every database's integer
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MAX_TEXT = 100


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character (a NUL, a newline, an escape...)."""
    return bool(CONTROL.search(text))


def plain_text(value: str | None, max_length: int = MAX_TEXT) -> str | None:
    """A filter or name from the request, stripped; None when blank; 400 when unusable."""
    text = (value or "").strip()
    if not text:
        return None
    if len(text) > max_length or has_control(text):
        abort(
            400,
            say(
                "That text is not usable here: at most {most} plain characters.",
                most=max_length,
            ),
        )
    return text


def small_number(raw: str | None) -> int | None:
    """A whole number of at most six ASCII digits, or None."""
    return int(raw) if raw is not None and DIGITS.fullmatch(raw) else None


def version_shown(raw: str | None) -> int | None:
    """The table version a page showed, as its form posts it back (``version``), or None
    when it is missing or not a version at all."""
    return int(raw) if raw is not None and VERSION.fullmatch(raw) else None


def page_number(raw: str | None, pages: int) -> int:
    """The page asked for, kept between 1 and the last page."""
    return min(max(small_number(raw) or 1, 1), pages)


def game_or_404(slug: str) -> Any:
    """The game module for ``slug``, or a 404 page."""
    try:
        return get_game(slug)
    except KeyError:
        abort(404)
