"""Rule sheets: one or two pages, the right paper, the game's words and figures."""

from __future__ import annotations

import pytest

import printables
from referee.games import get_game
from tests.printables.support import GAMES, PAPERS, page_sizes, reader, text_of

# Words and figures each sheet must carry: scoring, the endgame and the rulings.
MUST_SAY = {
    "tenk": [
        "10K", "100", "50", "1,000", "1,250", "5,000", "10,000", "2,000 / 3,000 / 4,000",
        "1,500 / 2,500 / 3,500", "hot dice", "bust", "final round", "500", "Colour run",
        "2,100", "share the win", "Best split", "does not roll again",
    ],
    "sb": [
        "Keys and Base Dice", "Full Split", "Full Sandwich", "20", "40", "original leader",
        "60", "never keys and base dice", "lone base dice", "3 once", "32 and 40", "1 to 8",
        "strictly ahead", "Full Split between 2 and 6: 20",
    ],
    "solitaire": [
        "Solitaire Dice", "throwaway", "free ride", "-200", "500", "eighth mark", "100",
        "70", "30", "1+5", "1+6", "three different throwaway values", "groups of five",
        "no winner",
    ],
    "lucky7": [
        "Lucky Sevens", "seven", "12", "exactly", "100", "steal", "completed the set", "bust",
        "6", "past the target", "1 to 8 (the source says 2 to 8)", "3+4", "1+2+4",
    ],
    "sixd-one": [
        "Six D One", "side to side", "corner", "stands alone", "row 2, column 5", "47", "64",
        "120", "9 × 3 = 27", "12 × 4 = 48", "20 × 6 = 120", "6 black dice per player",
        "roller", "up to 3", "share the win",
    ],
    "sixd-two": [
        "Six D Two", "clear path", "table's call", "colour letter", "k for black",
        "round ends by itself", "any number of dice", "200", "up to 18 rounds", "17",
        "share the win",
    ],
    "sixd-five": [
        "Six D Five", "table's call", "0 to six times", "36", "2 to 72", "falling stack",
        "share the win", "19",
    ],
    "sixd-three": [
        "Six D Three", "6 × 6", "green chain", "= 28", "counted once", "re-roll", "skipped",
        "bag", "share the win",
    ],
    "sixd-four": [
        "Six D Four", "6 × 6", "8 × 8", "captures", "(Ann keeps it)", "back to Bo", "pass",
        "36 black", "share the win",
    ],
    "sixd-six": [
        "Six D Six", "6 × 6", "its length", "6 + 6 more", "= 15", "never flip", "mirror image",
        "slide", "table's call", "pass", "no set", "share the win",
    ],
}  # fmt: skip


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", GAMES)
def test_a_rule_sheet_is_one_or_two_pages_of_the_chosen_paper(slug, paper):
    sizes = page_sizes(printables.rule_sheet(slug, paper=paper))
    assert 1 <= len(sizes) <= 2
    assert set(sizes) == {PAPERS[paper]}


@pytest.mark.parametrize("slug", GAMES)
def test_a_rule_sheet_states_the_scoring_the_end_and_every_ruling(slug):
    text = text_of(printables.rule_sheet(slug))
    missing = [word for word in MUST_SAY[slug] if word not in text]
    assert not missing


@pytest.mark.parametrize("slug", GAMES)
def test_every_ruling_lead_of_the_game_is_printed(slug):
    text = text_of(printables.rule_sheet(slug))
    for ruling in get_game(slug).TEXT.rulings:
        assert ruling.lead.rstrip(".,;") in text


@pytest.mark.parametrize("slug", ["tenk", "sb", "lucky7"])
def test_the_options_table_lists_each_option_with_its_default(slug):
    game = get_game(slug)
    text = text_of(printables.rule_sheet(game))
    for option in game.OPTIONS:
        assert option.label in text
        assert f"{option.default:,}" in text


def test_coloured_dice_carry_their_colour_names_for_black_and_white_printing():
    text = text_of(printables.rule_sheet("tenk"))
    for colour in ("red", "yellow", "green", "blue", "orange", "purple"):
        assert colour in text


@pytest.mark.parametrize("slug", GAMES)
def test_the_same_rule_sheet_twice_gives_the_same_bytes(slug):
    assert printables.rule_sheet(slug) == printables.rule_sheet(slug)


def test_the_document_title_names_the_game():
    info = reader(printables.rule_sheet("sb")).metadata
    assert info.title == "Keys and Base Dice: rules"


def test_a_game_module_or_its_slug_gives_the_same_sheet():
    assert printables.rule_sheet(get_game("lucky7")) == printables.rule_sheet("lucky7")


def test_paper_names_are_not_case_sensitive():
    assert page_sizes(printables.rule_sheet("tenk", paper="Letter"))[0] == PAPERS["letter"]


@pytest.mark.parametrize("paper", ["a5", "legal", ""])
def test_an_unknown_paper_is_refused(paper):
    with pytest.raises(printables.PrintError, match="a4 or letter"):
        printables.rule_sheet("tenk", paper=paper)


def test_an_unknown_game_is_refused():
    with pytest.raises(printables.PrintError, match="Unknown game"):
        printables.rule_sheet("yahtzee")
