"""Player names: which ones a stored table takes, and the key that makes spellings one player.

A name is shown on phones, sheets and player pages, and its folded key joins a player's
seats across tables and names the player's page.  So a name may not hold what cannot be
seen (control, format and bidi characters: two names would look alike, or one would
reorder the text around it), nor show nothing at all (spaces, blanks such as U+2800, or
accents with no letter under them), nor a "/", nor be dots alone (its page link would
break).
Names that read the same once case and Unicode compatibility forms are set aside ("Ann",
"ann", "Ａｎｎ"; "ﬁ" and "fi") are one player, so one table cannot seat both.

``referee replay`` reads a log as docs/gamelog.md says (names unique as written); these rules
are checked where a table is stored: the new-table form and every import.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from referee.core.errors import SetupError
from referee.core.sentences import say

KEY_LENGTH = 100  # a key is longer than its name when folding spells it out ("ß" -> "ss")

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): never shown by
# themselves.  The key leaves them out, as Unicode's NFKC_Casefold does.
IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
# Variation selectors are ignorable too, but they only pick how the character before them
# is drawn (an emoji's colour form): a name may hold them; its key drops them.
VARIATION_SELECTOR = re.compile("[\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef]")
# Control (C0, C1, DEL), format (zero-width, bidi, soft hyphen, BOM), surrogate code
# points, line and paragraph separators.
INVISIBLE_CATEGORIES = {"Cc", "Cf", "Cs", "Zl", "Zp"}
# What a name may hold but that shows nothing by itself: spaces, and marks (an accent is
# drawn on the letter before it, and alone on nothing).
UNSEEN_ALONE_CATEGORIES = {"Zs", "Mn", "Me"}
# Symbols and letters that Unicode counts as such but that draw nothing: the blank Braille
# pattern, the Hangul fillers, the musical null notehead.
BLANKS = frozenset("\u2800\u115f\u1160\u3164\uffa0\U0001d159")


def fold(name: str) -> str:
    """The key that matches a player's name across tables: Unicode's identifier caseless
    match (NFKC, case folded, NFKC again), invisible characters left out, spaces around
    trimmed, at most ``KEY_LENGTH`` characters.  Folding a key gives the key back.

    A name that is nothing but invisible characters (stored before they were refused)
    keeps its plain case-folded spelling as its key, so that every key names a page.
    """
    return spelled_out(name)[:KEY_LENGTH] or name.strip().casefold()[:KEY_LENGTH]


def spelled_out(name: str) -> str:
    """A name's key before it is cut to ``KEY_LENGTH``: "ﷺ" alone spells out 18 letters."""
    plain = IGNORABLE.sub("", name)
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", plain).casefold()).strip()


def is_invisible(char: str) -> bool:
    """Whether a character cannot be seen in a name: a control, format or separator
    character, or an ignorable one (a Hangul filler...) other than a variation selector."""
    if unicodedata.category(char) in INVISIBLE_CATEGORIES:
        return True
    return bool(IGNORABLE.match(char)) and not VARIATION_SELECTOR.match(char)


def shown(name: str) -> str:
    """A name as a refusal quotes it: each invisible character spelled as [U+XXXX]."""
    return "".join(f"[U+{ord(c):04X}]" if is_invisible(c) else c for c in name)


def shows_nothing(name: str) -> bool:
    """Whether ``name`` would show as nothing: every character a space, a blank, an
    invisible character or a mark with no letter to sit on."""
    return all(
        unicodedata.category(c) in UNSEEN_ALONE_CATEGORIES or c in BLANKS or is_invisible(c)
        for c in name
    )


def name_problem(name: str) -> str | None:
    """Why a stored table cannot take ``name`` (a sentence), or None when it can."""
    hidden = [c for c in name if is_invisible(c)]
    if hidden:
        char = hidden[0]
        control = unicodedata.category(char) == "Cc"
        what = say("a control character") if control else unicodedata.name(char, "unnamed")
        code = f"{ord(char):04X}"
        return say(
            "“{name}” holds U+{code} ({what}): a player's name may not hold invisible or "
            "control characters.",
            name=shown(name),
            code=code,
            what=what,
        )
    if shows_nothing(name):
        spelled = "".join(f"[U+{ord(c):04X}]" for c in name)
        return say(
            "“{name}” shows nothing: a player's name needs a letter, digit or sign that can "
            "be seen.",
            name=spelled,
        )
    key = spelled_out(name)
    if "/" in key:
        return say(
            "“{name}” holds a “/”: a player's name may not (it names the player's page).",
            name=name,
        )
    if not key.strip("."):
        return say(
            "“{name}” is not a name: a player's name needs something besides dots.", name=name
        )
    if len(key) > KEY_LENGTH:
        return say("“{name}” is too long once spelled out: pick a shorter name.", name=name)
    return None


def check_names(names: Sequence[str]) -> None:
    """``SetupError`` with a sentence unless every name is one a stored table takes and no
    two names are one player (the same once folded)."""
    seen: dict[str, str] = {}
    for name in names:
        if problem := name_problem(name):
            raise SetupError(problem)
        key = fold(name)
        if key in seen:
            raise SetupError(
                say(
                    "“{first}” and “{second}” would be one player: give each player a name of "
                    "their own.",
                    first=seen[key],
                    second=name,
                )
            )
        seen[key] = name
