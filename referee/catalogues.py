"""The shipped gettext catalogues (``referee/translations``, see docs/translating.md) and one
language's words as ``referee.core.sentences.render`` reads them: its catalogue's look-ups and
Babel's way of writing a whole number (10,250 / 10.250 / 10 250).  The pages (the phone's
language) and the printed documents (the language a PDF is asked in) both read them so."""

from __future__ import annotations

from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal
from babel.support import NullTranslations

CATALOGUES = Path(__file__).resolve().parent / "translations"


class CatalogueWords:
    """A language's catalogue and its numbers, for ``render``."""

    def __init__(self, catalogue: NullTranslations, locale: Locale) -> None:
        self.catalogue = catalogue
        self.locale = locale

    def gettext(self, message: str) -> str:
        """The catalogue's translation of ``message`` (itself when there is none)."""
        return self.catalogue.gettext(message)

    def ngettext(self, one: str, many: str, count: int) -> str:
        """The catalogue's translation for ``count`` in the language's plural forms."""
        return self.catalogue.ngettext(one, many, count)

    def number(self, value: int) -> str:
        """A whole number as the language writes it: 10,250 (English), 10.250 (German)."""
        return format_decimal(value, locale=self.locale)
