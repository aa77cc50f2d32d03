"""Each phone's language: chosen, remembered, and used for every word and number it reads.

A phone reads the language its chooser last picked (kept in its own cookie, ``COOKIE``), else
the best of its browser's ``Accept-Language`` among the languages offered, else English.  Only
a language whose catalogue is complete is offered (``OFFERED``; ``LANGUAGES`` in the app's
config overrides it, for the tests and the pseudo-locale): a phone asking for another reads
English.  Phones at one table may read different languages.

The catalogues are gettext's, through Flask-Babel: ``_()`` in the templates, and the rules'
``Sentence``\\ s rendered in the phone's language wherever a template prints one (the Jinja
environment's ``finalize``).  The ``thousands`` and ``points`` filters write numbers as the
language does; in English they are the very functions they always were, so English pages stay
as they were byte for byte.  See docs/translating.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

from babel import Locale
from babel.dates import format_datetime
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations
from flask import Blueprint, Flask, Response, current_app, g, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import Babel, force_locale, get_locale, get_translations
from jinja2 import pass_context

from referee.catalogues import CATALOGUES, CatalogueWords
from referee.core.engine import MINUS, points, score_text
from referee.core.gametext import Part, rendered
from referee.core.sentences import Sentence, render

ENGLISH = "en"
OFFERED = (ENGLISH, "de", "fr", "es")  # a language is added when its catalogue is complete
COOKIE = "language"
COOKIE_SECONDS = 365 * 24 * 3600
READ_CATALOGUES = "referee.read_catalogues"  # the app's catalogues by language, once read

_forced: ContextVar[str | None] = ContextVar("forced_language", default=None)

bp = Blueprint("languages", __name__)


def offered() -> tuple[str, ...]:
    """The languages this app serves, English first."""
    return tuple(current_app.config.get("LANGUAGES", OFFERED))


def choose_language() -> str:
    """This phone's language: its chooser's cookie when that language is offered, else the
    best its browser asks for among those offered, else English."""
    languages = offered()
    kept = request.cookies.get(COOKIE)
    if kept in languages:
        return kept
    return request.accept_languages.best_match(languages, default=ENGLISH) or ENGLISH


def language() -> str:
    """The language of this request's page, as its ``lang`` attribute writes it ("de"):
    looked up once a request (a page asks for it at every link it builds and every word
    it says), or the one a ``speaking`` block names."""
    forced = _forced.get()
    if forced is not None:
        return forced
    if not g:  # outside the app: no phone to ask
        return ENGLISH
    chosen: str | None = g.get("phone_language")
    if chosen is None:
        chosen = g.phone_language = str(get_locale() or ENGLISH).replace("_", "-")
    return chosen


@contextmanager
def speaking(asked: str) -> Iterator[None]:
    """Within the block, this request speaks ``asked`` (an offered language) rather than
    its phone's language: Flask-Babel's ``force_locale``, and ``language`` with it."""
    token = _forced.set(asked.replace("_", "-"))
    try:
        with force_locale(asked):
            yield
    finally:
        _forced.reset(token)


def _catalogue() -> NullTranslations:
    """The catalogue of this request's language for the templates' ``_()``: Flask-Babel's
    own, kept by language once read (Flask-Babel's look-up walks the request's context
    three times a message, a fifth of a rendered page's time)."""
    spoken = language()
    read = current_app.extensions[READ_CATALOGUES]
    found: NullTranslations | None = read.get(spoken)
    if found is None:
        found = read[spoken] = get_translations()
    return found


class PhoneWords(CatalogueWords):
    """The request's language for ``render``: its catalogue and its numbers."""

    def __init__(self, locale: Locale) -> None:
        super().__init__(get_translations(), locale)


def _phone_words() -> PhoneWords | None:
    """The request's words, made once a request; None in English (nothing to look up)."""
    spoken = language()
    if spoken == ENGLISH:
        return None
    kept: tuple[str, PhoneWords] | None = g.get("phone_words")
    if kept is None or kept[0] != spoken:  # none yet, or made outside a ``speaking`` block
        kept = g.phone_words = (spoken, PhoneWords(get_locale() or Locale.parse(spoken, "-")))
    return kept[1]


def spoken(text: str) -> str:
    """``text`` as this phone reads it: a rules' sentence in its language, else as it is."""
    if type(text) is not Sentence:
        return text
    words = _phone_words()
    return text if words is None else render(text, words)


def in_phone_language(part: Part) -> Part:
    """A game's text (``gametext.GameText``, or a part of it) as this phone reads it: every
    sentence in its language (``gametext.rendered``); in English the very text."""
    words = _phone_words()
    return part if words is None else rendered(part, words)


def _values_spoken(translate: Any) -> Any:
    """A template's ``_()`` or ``ngettext()`` whose values are spoken first: a rules'
    sentence given as a value ("Undo %(move)s?") reads in the phone's language, not in the
    English its text is."""

    @pass_context
    def said(context: Any, *message: Any, **values: Any) -> Any:
        return translate(context, *message, **{k: spoken(v) for k, v in values.items()})

    return said


def _finalize(value: Any) -> Any:
    """What a template prints: a rules' sentence in the phone's language."""
    return spoken(value) if type(value) is Sentence else value


def thousands(n: int) -> str:
    """A whole number as the phone's language writes it: 10,250 (English), 10.250 (German)."""
    words = _phone_words()
    return points(n) if words is None else words.number(n)


def score(n: int) -> str:
    """A score in the phone's language with the typographic minus: −400, 10.250."""
    words = _phone_words()
    return score_text(n) if words is None else words.number(n).replace("-", MINUS)


def whole(value: float) -> str:
    """A figure rounded to a whole number as the phone's language writes it: 1,235 (English,
    as the pages always wrote it), 1.235 (German)."""
    words = _phone_words()
    if words is None:
        return f"{value:,.0f}"
    return format_decimal(value, "#,##0", locale=words.locale)


def percent(value: float) -> str:
    """A percentage (45.2 for 45.2%) rounded to a whole one as the phone's language writes
    it: 45% (English), 45 % (German)."""
    words = _phone_words()
    if words is None:
        return f"{value:.0f}%"
    return format_percent(value / 100, locale=words.locale)


def figure(written: str) -> str:
    """A figure written in English digits ("12.3", "1,234.5", "−0.4") as the phone's language
    writes it, its decimals kept: 12,3 and 1.234,5 in German; in English as it is."""
    words = _phone_words()
    if words is None:
        return written
    digits = written.replace(",", "").replace(MINUS, "-")
    decimals = len(digits.partition(".")[2])
    pattern = "#,##0." + "0" * decimals if decimals else "#,##0"
    shown = format_decimal(Decimal(digits), pattern, locale=words.locale)
    return shown.replace("-", MINUS)


def when(moment: datetime) -> str:
    """A date and time as the phone's language writes it: 2026-11-29 14:05 in English (as the
    pages always wrote it), Babel's short form elsewhere (29.11.26, 14:05)."""
    words = _phone_words()
    if words is None:
        return moment.strftime("%Y-%m-%d %H:%M")
    return format_datetime(moment, "short", locale=words.locale)


def language_name(code: str) -> str:
    """A language's name in its own words, for the chooser: "Deutsch", "français"."""
    return Locale.parse(code).get_display_name(code) or code


@bp.post("/language")
def choose() -> ResponseReturnValue:
    """The chooser: keep the picked language in this phone's cookie and go back to the page
    (a path on this site; the tables' list otherwise).  An unknown language is refused."""
    picked = request.form.get("language", "")
    if picked not in offered():
        return "That language is not offered here.", 400
    back = request.form.get("next", "")
    parts = urlsplit(back)
    if not back.startswith("/") or back.startswith("//") or parts.scheme or parts.netloc:
        back = "/"
    answer = redirect(back, 303)
    answer.set_cookie(
        COOKIE,
        picked,
        max_age=COOKIE_SECONDS,
        secure=request.is_secure,
        httponly=True,
        samesite="Lax",
    )
    return answer


def _vary(response: Response) -> Response:
    """Say that an answer depends on the phone's language (its cookie, its browser's
    ``Accept-Language``) once more than one is offered, so that no cache hands one phone's
    language to another (a static file is the same in every language)."""
    if len(offered()) > 1 and request.endpoint != "static":
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def register(app: Flask) -> None:
    """Give the app its languages: Flask-Babel with the shipped catalogues, the chooser, the
    templates' ``_()``, ``language()``, ``languages()`` and number filters, every rules'
    sentence a template prints rendered in the phone's language, and answers that say they
    vary with it."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(CATALOGUES))
    Babel(app, locale_selector=choose_language)
    app.extensions[READ_CATALOGUES] = {}
    # Flask-Babel's gettext callables, each looking its catalogue up through ``_catalogue``
    # (the method is the i18n extension's, which Flask-Babel adds)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _catalogue().ugettext(s),
        ngettext=lambda s, p, n: _catalogue().ungettext(s, p, n),
        pgettext=lambda c, s: _catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: _catalogue().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.jinja_env.finalize = _finalize
    for name in ("gettext", "ngettext"):  # installed above; ``_`` calls gettext
        app.jinja_env.globals[name] = _values_spoken(app.jinja_env.globals[name])
    app.jinja_env.globals.update(language=language, languages=offered)
    app.add_template_filter(score, "points")  # -400 as "−400", like the rulings
    app.add_template_filter(thousands, "thousands")  # 10250 as "10,250": a call, not a method's
    app.add_template_filter(language_name)
    app.add_template_filter(when)  # a table's start, a merge's moment
    app.add_template_filter(whole)  # an average
    app.add_template_filter(percent)  # a win rate
    app.add_template_filter(figure)  # points given up, to a tenth
    app.add_template_filter(spoken)  # a sentence as text, for a filter after it (capitalize)
    app.after_request(_vary)
    app.register_blueprint(bp)
