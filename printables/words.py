"""The language a printed document is written in: its catalogue and its numbers.

A PDF is made in the language of the phone that asks for it, passed down by name ("de"):
the printables get no request.  ``words_for`` gives that language as ``render`` reads it
(``referee.core.sentences.Words``): the shipped gettext catalogue (``referee/translations``,
the same the pages read) and Babel's way of writing a number (10,250 / 10.250 / 10 250).
Calling it says a text in that language: a ``Sentence`` (the printables' own words, said
with ``say``, and the games' texts) rendered, any other text (a player's name) as it is.
In English nothing is looked up and numbers are written as ``points`` writes them, so the
English documents read exactly as they always did.
"""

from __future__ import annotations

from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.support import Translations

from referee.catalogues import CATALOGUES, CatalogueWords
from referee.core.gametext import rendered

ENGLISH = "en"


class UnknownLanguage(ValueError):
    """A language name Babel does not know."""


class PaperWords(CatalogueWords):
    """One language for the printed documents: look-ups, numbers, and texts said in it."""

    def __init__(self, language: str) -> None:
        code = language.replace("-", "_")
        try:
            locale = Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            raise UnknownLanguage(language) from None
        super().__init__(Translations.load(str(CATALOGUES), [code]), locale)
        self.language = code

    def __call__(self, text: str) -> str:
        """``text`` in this language: a sentence rendered (a game text's capital kept:
        ``gametext.rendered``), any other text as it is."""
        return rendered(text, self)


@lru_cache(maxsize=16)
def words_for(language: str = ENGLISH) -> PaperWords:
    """The words of ``language`` ("de", "en"), made once a process (``UnknownLanguage`` for
    a name Babel does not know)."""
    return PaperWords(language)


ENGLISH_WORDS = words_for(ENGLISH)
