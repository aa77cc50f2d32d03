"""The app's forms' base: WTForms' own messages in the phone's language, read once a process.

WTForms says a few things itself (a field's default label, a validator's error, "This field
is required."), from its own catalogues.  Flask-WTF, once Flask-Babel is there, reads and
parses the phone's language's catalogue from disk again for every request that builds a form
(``flask_wtf.i18n``): a tenth of a move's time, on every move.  ``Form`` keeps each language's
catalogue once read (the languages are the few the app offers), and says the same words.
"""

from __future__ import annotations

import threading
from typing import Any

from babel import support
from flask_babel import get_locale
from flask_wtf import FlaskForm
from wtforms.i18n import messages_path


class KeptMessages:
    """WTForms' messages in the request's language, each language's catalogue read once."""

    def __init__(self) -> None:
        self.kept: dict[str, support.NullTranslations] = {}
        self.lock = threading.Lock()

    def catalogue(self) -> support.NullTranslations:
        """The request's language's catalogue (none outside a request: the words as they
        are), read on its first use in this process."""
        locale = get_locale()
        if locale is None:
            return NONE
        key = str(locale)
        found = self.kept.get(key)
        if found is None:
            with self.lock:
                found = self.kept.get(key)
                if found is None:
                    found = support.Translations.load(messages_path(), [locale], "wtforms")
                    self.kept[key] = found
        return found

    def gettext(self, string: str) -> str:
        """``string`` in the request's language."""
        return self.catalogue().ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """``singular`` or ``plural`` for ``n``, in the request's language."""
        return self.catalogue().ungettext(singular, plural, n)


NONE = support.NullTranslations()
MESSAGES = KeptMessages()


class Form(FlaskForm):
    """A Flask-WTF form whose WTForms messages come from the catalogues kept (``MESSAGES``)."""

    class Meta:
        """WTForms' messages from the kept catalogues."""

        def get_translations(self, form: Any) -> KeptMessages:
            """The kept catalogues, whatever the form."""
            return MESSAGES
