"""The catalogues as the tests read them: what a language's catalogue lacks or words wrongly
against the English messages, and the pseudo-locale (every message marked and lengthened by a
third) that a test serves to find the words no catalogue holds (docs/translating.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from referee.web.base.languages import CATALOGUES

TEMPLATE = CATALOGUES / "messages.pot"
PSEUDO = "en_001"  # a locale Babel knows and no phone sends: the pseudo-locale's code
# What a translation must keep as it is: a rules' placeholder ({player}), a template's
# (%(title)s), an HTML tag or entity.
KEPT = re.compile(r"\{\w*\}|%\(\w+\)s|<[^>]*>|&\w+;")
PADDING_WORD = 6  # the longest run of the pseudo-locale's padding: a long word's tail
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def read(path: Path, locale: str | None = None) -> Catalog:
    """The catalogue (or template) at ``path``."""
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def placeholders(text: str) -> list[str]:
    """What of ``text`` a translation keeps as it is (placeholders, tags), each once, sorted:
    a translation may name a player once where English names them twice."""
    return sorted(set(KEPT.findall(text)))


def _forms(message: Message) -> tuple[str, ...]:
    """A message's text, or its forms (one and many) for a plural one."""
    return tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)


def faults(template: Catalog, catalogue: Catalog) -> list[str]:
    """Every way ``catalogue`` falls short of ``template``: a message missing, untranslated
    or fuzzy, a placeholder or tag its translation lacks or adds."""
    found = []
    for message in template:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        translated = catalogue.get(key, context=message.context)
        strings = () if translated is None else translated.string
        strings = (strings,) if isinstance(strings, str) else tuple(strings or ())
        if translated is None or not all(strings):
            found.append(f"untranslated: {key!r}")
        elif translated.fuzzy:
            found.append(f"fuzzy: {key!r}")
        else:
            found.extend(misworded(message, strings))
    return found


def misworded(message: Message, strings: tuple[str, ...]) -> list[str]:
    """The translations among ``strings`` of ``message`` whose placeholders or tags differ
    from the English ones."""
    english = placeholders(_forms(message)[-1])
    return [
        f"placeholders of {text!r} are {placeholders(text)}, not {english}"
        for text in strings
        if text and placeholders(text) != english
    ]


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: its letters accented, lengthened by a third, marked
    ⟦…⟧, with its placeholders, tags and entities as they are."""
    kept = KEPT.findall(text)
    parts = [part.translate(ACCENTED) for part in KEPT.split(text)]
    visible = sum(len(part) for part in parts)
    said = parts[0] + "".join(mark + part for mark, part in zip(kept, parts[1:], strict=True))
    return f"⟦{said}{padding(-(-visible // 3))}⟧"


def padding(length: int) -> str:
    """``length`` tildes as a translation lengthens a text: the first few on its last word,
    the rest as words of their own (one run would be a word no line could break)."""
    runs = ["~" * min(PADDING_WORD, length - at) for at in range(0, length, PADDING_WORD)]
    return " ".join(runs)


def write_pseudo(folder: Path) -> Path:
    """The pseudo-locale's compiled catalogue of every message of the template, written in
    ``folder`` as Flask-Babel reads it (``folder``/en_001/LC_MESSAGES/messages.mo)."""
    catalogue = Catalog(locale=PSEUDO)
    for message in read(TEMPLATE):
        if message.id:
            forms = _forms(message)
            string = tuple(pseudo(f) for f in forms) if len(forms) > 1 else pseudo(forms[0])
            catalogue.add(message.id, string, context=message.context)
    where = folder / PSEUDO / "LC_MESSAGES"
    where.mkdir(parents=True)
    with (where / "messages.mo").open("wb") as file:
        write_mo(file, catalogue)
    return folder


class _Text(HTMLParser):
    """A page's text a reader sees or hears: its text outside scripts, styles and text boxes
    (a textarea's text is its value, dice as typed, like an input's), and its ``aria-label``,
    ``title``, ``placeholder`` and ``alt`` attributes."""

    SAID = ("aria-label", "title", "placeholder", "alt")
    UNREAD = ("script", "style", "textarea")

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skipping += tag in self.UNREAD
        self.runs.extend(value for name, value in attrs if name in self.SAID and value)

    def handle_endtag(self, tag: str) -> None:
        self.skipping -= tag in self.UNREAD

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.runs.append(data)


INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")
NO_WORD = re.compile(r"[\W\d_]*")  # numbers, dice, punctuation, symbols


EXAMPLE_CODE = "3f2a 91bc"  # the join form's example of a code (templates/tables/index.html)
TABLE_LINK = re.compile(r"/t/(\w+)")


def tables_as_they_are(server: str, addresses: Iterable[str]) -> list[str]:
    """What a page shows of the tables at ``addresses`` as it is in every language: each
    table's link on ``server`` and its join code ("3f2a 91bc", its space a plain or a no-break
    one), and the join form's example code."""
    tokens = {m.group(1) for a in addresses if (m := TABLE_LINK.match(a))}
    codes = [f"{t[:4]}{space}{t[4:8]}" for t in tokens for space in (" ", "\u00a0")]
    return [*(f"{server}/t/{t}" for t in tokens), *codes, EXAMPLE_CODE]


def unmarked(html: str, names: Iterable[str] = ()) -> list[str]:
    """The words of a page served in the pseudo-locale that no catalogue message gave it:
    its text with every ⟦…⟧ taken out (innermost first: sentences nest), and the players'
    ``names``, numbers and punctuation aside."""
    reader = _Text()
    reader.feed(html)
    lines = unmarked_lines(reader.runs, names)
    return [word for line in lines for word in line.split() if not NO_WORD.fullmatch(word)]


def unmarked_lines(runs: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """What is left of a page's text ``runs`` (served in the pseudo-locale) once every ⟦…⟧
    is taken out (innermost first: sentences nest) and the players' ``names`` too: its
    pieces that hold a word (numbers, dice and punctuation aside), each as it reads."""
    text = "\n".join(runs)
    while (shorter := INNERMOST.sub("\n", text)) != text:
        text = shorter
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    pieces = (" ".join(line.split()) for line in text.splitlines())
    return [piece for piece in pieces if any(not NO_WORD.fullmatch(w) for w in piece.split())]
