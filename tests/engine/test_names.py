"""Player names: the names a stored table refuses, and the key that makes spellings one player."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cli import main
from referee.core.engine import SetupError
from referee.core.names import KEY_LENGTH, check_names, fold, name_problem
from referee.log import GameLog, LogError, check_storable
from tests.engine.support import EXAMPLE

# (rule, name, words of the refusal): one row per class of name a stored table refuses.
REFUSED = [
    ("slash", "Sl/ash", "holds a “/”"),
    ("fullwidth-slash", "Sl／ash", "holds a “/”"),
    ("one-dot", ".", "needs something besides dots"),
    ("two-dots", "..", "needs something besides dots"),
    ("three-dots", "...", "needs something besides dots"),
    ("ellipsis", "…", "needs something besides dots"),
    ("zero-width-space", "An\u200bn", "U+200B (ZERO WIDTH SPACE)"),
    ("zero-width-non-joiner", "An\u200cn", "U+200C (ZERO WIDTH NON-JOINER)"),
    ("zero-width-joiner", "An\u200dn", "U+200D (ZERO WIDTH JOINER)"),
    ("word-joiner", "An\u2060n", "U+2060 (WORD JOINER)"),
    ("byte-order-mark", "\ufeffAnn", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ("soft-hyphen", "An\u00adn", "U+00AD (SOFT HYPHEN)"),
    ("c0-bell", "An\x07n", "U+0007 (a control character)"),
    ("c0-escape", "An\x1bn", "U+001B (a control character)"),
    ("delete", "An\x7fn", "U+007F (a control character)"),
    ("c1-next-line", "An\x85n", "U+0085 (a control character)"),
    ("c1-control-sequence", "An\x9bn", "U+009B (a control character)"),
    ("line-separator", "An\u2028n", "U+2028 (LINE SEPARATOR)"),
    ("paragraph-separator", "An\u2029n", "U+2029 (PARAGRAPH SEPARATOR)"),
    ("right-to-left-override", "\u202eAnn", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("left-to-right-embedding", "\u202aAnn", "U+202A (LEFT-TO-RIGHT EMBEDDING)"),
    ("left-to-right-isolate", "\u2066Ann\u2069", "U+2066 (LEFT-TO-RIGHT ISOLATE)"),
    ("pop-directional-isolate", "Ann\u2069", "U+2069 (POP DIRECTIONAL ISOLATE)"),
    ("left-to-right-mark", "Ann\u200e", "U+200E (LEFT-TO-RIGHT MARK)"),
    ("right-to-left-mark", "Ann\u200f", "U+200F (RIGHT-TO-LEFT MARK)"),
    ("arabic-letter-mark", "Ann\u061c", "U+061C (ARABIC LETTER MARK)"),
    ("hangul-filler", "An\u3164n", "U+3164 (HANGUL FILLER)"),
    ("tag-character", "Ann\U000e0041", "U+E0041 (TAG LATIN CAPITAL LETTER A)"),
    ("lone-surrogate", "An\ud800n", "U+D800 (unnamed)"),
    ("too-long-spelled-out", "\ufdfa" * 6, "too long once spelled out"),
    ("braille-blank", "\u2800", "“[U+2800]” shows nothing"),
    ("braille-blanks", "\u2800\u2800\u2800", "shows nothing"),
    ("blanks-and-spaces", "\u2800 \u2800", "shows nothing"),
    ("lone-acute", "\u0301", "“[U+0301]” shows nothing"),
    ("lone-grave", "\u0300", "shows nothing"),
    ("lone-diaeresis", "\u0308", "shows nothing"),
    ("marks-alone", "\u0301\u0308\u20dd", "shows nothing"),
    ("null-notehead", "\U0001d159", "shows nothing"),
]
# Names every stored table takes, whatever their script.
ACCEPTED = ["Ann", "Łukasz", "Юля", "José", "Jose\u0301", "李雷", "علي", "דנה", "O'Brien",
            "Dr. Who", "Ann-Marie", "100%", "Ann ❤️", ".Ann", "ß" * 30, "\ufdfa" * 5]  # fmt: skip
# Pairs of names that are one player: the same key.
ONE_PLAYER = [
    ("case", "Ann", "ann"),
    ("fullwidth", "Ａnn", "Ann"),
    ("ligature", "ﬁsh", "fish"),
    ("sharp-s", "Straße", "STRASSE"),
    ("composed-accent", "José", "Jose\u0301"),
    ("final-sigma", "ΣΑΣ", "σας"),
    ("halfwidth-katakana", "ｱｲ", "アイ"),
    ("roman-numeral", "Ⅻ", "xii"),
    ("emoji-presentation", "Ann ❤️", "Ann ❤"),
    ("invisible-stored-before", "An\u200bn", "Ann"),
]
TAKEN_PAIRS = [row for row in ONE_PLAYER if name_problem(row[1]) is None]
# Pairs of names that stay two players.
TWO_PLAYERS = [("Ann", "Anne"), ("Łukasz", "Lukasz"), ("Jöran", "Joran"), ("Ann", "A nn")]


@pytest.mark.parametrize(("rule", "name", "words"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_stored_table_refuses_the_name_with_a_sentence(rule, name, words) -> None:
    problem = name_problem(name)
    assert problem is not None and words in problem
    with pytest.raises(SetupError, match="player's name|too long"):
        check_names([name, "Bo"])


def test_a_refusal_spells_out_the_invisible_characters() -> None:
    assert name_problem("An\u200bn").startswith("“An[U+200B]n” holds U+200B")


@pytest.mark.parametrize("name", ACCEPTED)
def test_names_in_any_script_are_taken(name) -> None:
    assert name_problem(name) is None
    check_names([name, "Bo"])


@pytest.mark.parametrize(("rule", "one", "other"), ONE_PLAYER, ids=[r[0] for r in ONE_PLAYER])
def test_names_differing_only_in_case_or_unicode_form_are_one_player(rule, one, other) -> None:
    assert fold(one) == fold(other)


@pytest.mark.parametrize(("rule", "one", "other"), TAKEN_PAIRS, ids=[r[0] for r in TAKEN_PAIRS])
def test_two_seats_that_are_one_player_are_refused_naming_both(rule, one, other) -> None:
    with pytest.raises(SetupError) as refused:
        check_names([one, "Bo", other])
    assert str(refused.value) == (
        f"“{one}” and “{other}” would be one player: give each player a name of their own."
    )


@pytest.mark.parametrize(("one", "other"), TWO_PLAYERS)
def test_different_letters_stay_different_players(one, other) -> None:
    assert fold(one) != fold(other)
    check_names([one, other])


def test_a_key_is_the_folded_name_within_its_column() -> None:
    assert fold("  Ann ") == "ann"
    assert fold("\ufdfa" * 30) == fold("\ufdfa" * 30)[:KEY_LENGTH]
    assert len(fold("\ufdfa" * 30)) == KEY_LENGTH
    assert fold("\u200b") == "\u200b"  # nothing visible, stored before: still a key of its own


@given(st.text(max_size=40))
def test_folding_a_key_gives_the_key_back(name) -> None:
    key = fold(name)
    assert fold(key) == key and len(key) <= KEY_LENGTH


@given(st.text(max_size=30))
def test_a_name_taken_has_a_key_with_no_slash_and_not_only_dots(name) -> None:
    if name.strip() and name_problem(name) is None:
        key = fold(name)
        assert "/" not in key and key.strip(".")
        assert not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in key)


@pytest.mark.parametrize(("rule", "name", "words"), REFUSED[:8], ids=[r[0] for r in REFUSED[:8]])
def test_an_import_refuses_the_name_as_an_unreadable_log(rule, name, words) -> None:
    with pytest.raises(LogError, match="player's name|too long"):
        check_storable(GameLog("tenk", (name, "Bo"), {}))


def test_an_import_refuses_two_players_who_fold_alike() -> None:
    with pytest.raises(LogError, match="“Ann” and “ann” would be one player"):
        check_storable(GameLog("tenk", ("Ann", "ann"), {}))


@pytest.mark.parametrize("players", [["Sl/ash", ".."], ["Ann", "ann"], ["An\u200bn", "Bo"]])
def test_replay_reads_the_names_gamelog_allows(tmp_path, capsys, players) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps({**EXAMPLE, "players": players}), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert list(json.loads(capsys.readouterr().out)["scores"]) == players
