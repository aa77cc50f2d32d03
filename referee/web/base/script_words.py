"""The words of the page's scripts, in the phone's language (docs/translating.md, "Scripts").

A script (``static/js/*.js``, ``static/games/**``) holds no sentence of its own to show: it
says a message by its English text (``refereeWords.say``, ``sayN``; ``static/js/words.js``)
and the page gives that message in the phone's language, in one
``<script type="application/json" id="words">`` block.  The messages a script says are listed,
marked, in its words template: ``templates/words/<the script's path under static/>.html``
(``templates/words/js/grid.html`` for ``js/grid.js``), which sets ``words`` to a mapping of
each English message to its words: a text (``_()``), or a plural message's forms by CLDR
category (``plural_forms``) that the script picks with ``Intl.PluralRules``.

A template says which scripts' words its page needs where it links each script
(``{{ words_of("js/grid.js") }}``); ``words_block()``, at the foot of the page, writes the
words of those scripts and no others, so a page carries only what its scripts say.  In
English the page has no block: the scripts' messages are English already.

The data a script reads from the page's markup (``tojson``: a set-aside's worth, a
placement's preview) holds the referee's sentences in the phone's language too.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from babel import Locale
from flask import Flask, current_app, g, has_request_context
from flask_babel import get_locale, get_translations
from jinja2 import TemplateNotFound
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from referee.core.sentences import Sentence
from referee.web.base.languages import ENGLISH, language, spoken

# Counts to find a number of each plural category among (CLDR's "many" in French: a million).
SAMPLES = (*range(0, 200), 1000, 1_000_000)
FOLDER = "words"


def compact(value: object, **_: object) -> str:
    """``value`` as JSON without a byte to spare, its letters as they are."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@cache
def samples(code: str) -> tuple[tuple[str, int], ...]:
    """(category, a count of that category) for each plural category of the language."""
    rule = Locale.parse(code).plural_form
    found: dict[str, int] = {}
    for n in SAMPLES:
        found.setdefault(rule(n), n)
    return tuple(sorted(found.items()))


def plural_forms(one: str, many: str) -> dict[str, str]:
    """A plural message's forms in the phone's language, by CLDR category ("one", "few",
    "many", "other"): each the catalogue's form for a count of that category."""
    catalogue = get_translations()
    return {
        category: catalogue.ngettext(one, many, n)
        for category, n in samples(str(get_locale() or ENGLISH))
    }


def words_of(*scripts: str) -> str:
    """Note that this page links ``scripts`` (paths under ``static/``), whose words its
    words block must hold.  Writes nothing."""
    g.setdefault("script_words", {}).update(dict.fromkeys(scripts))
    return ""


def _words(script: str) -> dict[str, object]:
    """The words ``script`` says, in the phone's language (none: it has no words template)."""
    name = f"{FOLDER}/{script.removesuffix('.js')}.html"
    try:
        template = current_app.jinja_env.get_template(name)
    except TemplateNotFound:
        return {}
    words: dict[str, object] = getattr(template.make_module(), "words")  # noqa: B009
    return dict(words)  # the module made again each time: its words are the request's


def words_block() -> Markup:
    """The words of every script this page links, in its language, as the JSON block the
    scripts read (nothing in English, or when no script of the page says anything; a message
    its language writes as English does is left out: the script says the English)."""
    scripts = g.pop("script_words", {})
    if language() == ENGLISH:
        return Markup("")
    words: dict[str, object] = {}
    for script in scripts:
        words.update(_words(script))
    words = {key: text for key, text in words.items() if text != key}  # the same: left out
    if not words:
        return Markup("")
    data = htmlsafe_json_dumps(words, dumps=compact)
    return Markup('<script type="application/json" id="words">') + data + Markup("</script>")


def said(value: Any) -> Any:
    """``value`` (data for a script: a mapping, a list, a text) with every rules' sentence in
    it in the phone's language."""
    if type(value) is Sentence:
        return spoken(value)
    if isinstance(value, dict):
        return {key: said(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [said(item) for item in value]
    return value


def register(app: Flask) -> None:
    """Give the templates ``words_of``, ``words_block`` and ``plural_forms``, and make their
    ``tojson`` (the data a script reads from an attribute: a set-aside's worth, a placement's
    preview) write the rules' sentences in the phone's language, as a printed one is."""
    app.add_template_global(words_of)
    app.add_template_global(words_block)
    app.add_template_global(plural_forms)
    dumps = app.jinja_env.policies["json.dumps_function"]

    def dumps_said(value: Any, **options: Any) -> str:
        english = not has_request_context() or language() == ENGLISH
        return str(dumps(value if english else said(value), **options))

    app.jinja_env.policies["json.dumps_function"] = dumps_said
