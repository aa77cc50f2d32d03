"""Six D Three read from a photo (its ``photo_entry``): the black grid typed back row by row,
a hand dealt as each die's colour and value, and in the turn the re-roll of its one die (a
``FILL_DIE`` entry): the re-roll form comes back open with the value read ticked and the hand
die the page had chosen kept.  Nothing is stored until the table sends the filled form.  A
photo of another number of dice is a 422 with a sentence.  The photos are renders
(``tests/web/photos/make.py``)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.conftest import ONE_DATABASE
from tests.games.sixd_three.test_web import dealt, hand
from tests.web.test_photos import moves_of, send_photo, textarea, unsure_of

pytestmark = ONE_DATABASE

PHOTOS = Path(__file__).resolve().parents[2] / "web" / "photos"
DIE = (PHOTOS / "die.jpg").read_bytes()  # one green die showing 5
TWO = (PHOTOS / "two.jpg").read_bytes()  # a green 1 and a red 6
DEALT = 3  # the grid and two hands


def ticked(page: str, name: str) -> list[str]:
    """The values of the radio buttons ``name`` the page ticks, with their form."""
    return re.findall(rf'name="{name}" value="(\d)"( form="\w+")?[^>]* checked', page)


def reroll_section(page: str) -> str:
    """The page's re-roll entry, from its details to their end."""
    found = re.search(r'<details class="reroll"[^>]*>.*?</details>', page, re.S)
    assert found
    return found.group(0)


def test_the_turn_offers_one_photo_and_it_belongs_to_the_reroll(new_table):
    page = html.unescape(dealt(new_table).page())
    assert page.count('type="file" name="photo"') == 1
    section = reroll_section(page)
    assert 'Photo <span class="photo-what">of the die re-rolled</span>' in section
    assert 'name="photo" accept="image/*" capture="environment" required form="reroll-photo"' in (
        section
    )
    photo_form = re.search(r'<form [^>]*id="reroll-photo">.*?</form>', page, re.S)
    assert photo_form and 'enctype="multipart/form-data"' in photo_form.group(0)
    assert '<input type="hidden" name="action" value="reroll">' in photo_form.group(0)
    assert '<input type="hidden" name="hand" value="">' in photo_form.group(0)


def test_a_photo_of_the_die_fills_the_rerolls_value_and_stores_nothing(new_table, app):
    table = dealt(new_table)
    answer = send_photo(table, DIE, action="reroll", hand="0")
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    assert "Read from the photo: 5. Then enter it." in page
    assert '<details class="reroll" open>' in page
    section = reroll_section(page)
    assert ticked(section, "value") == [("5", ' form="reroll"')]
    assert ticked(section, "hand") == [("0", ' form="reroll"')]  # the die the page had chosen
    assert re.search(r'name="hand" value="0" data-name="green 2"[^>]*checked', page)
    assert 'class="wide reroll-enter">Enter the re-roll</button>' in section
    assert 'class="value-taps unsure"' not in section
    # Nothing stored: the same turn, the same hand, until the table sends the form.
    assert moves_of(table) == DEALT
    assert hand(html.unescape(table.page()))[0] == ("0", "green 2")
    sent = table.post(action="reroll", hand="0", value="5")
    assert sent.status_code == 302
    assert moves_of(table) == DEALT + 1
    last = table.client.get(f"{table.url}/log.json").get_json()["moves"][-1]
    assert last == {"player": "Ann", "type": "reroll", "die": "2g", "to": "5g"}
    assert 'type="file" name="photo"' not in table.page()  # one re-roll a turn


def test_without_a_die_chosen_the_photo_fills_the_value_for_the_die_tapped_after(new_table):
    table = dealt(new_table)
    answer = send_photo(table, DIE, action="reroll", hand="")
    assert answer.status_code == 200, answer.text
    section = reroll_section(html.unescape(answer.text))
    assert ticked(section, "value") == [("5", ' form="reroll"')]
    assert ticked(section, "hand") == []
    assert moves_of(table) == DEALT


def test_a_die_read_unsure_is_named_and_marked(new_table, monkeypatch):
    table = dealt(new_table)
    unsure_of(monkeypatch, 0)
    answer = send_photo(table, DIE, action="reroll", hand="1")
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    assert "Read from the photo: 5. Check the die: marked ?. Then enter it." in page
    section = reroll_section(page)
    assert '<fieldset class="value-taps unsure">' in section
    assert "It shows now ?" in section
    assert ticked(section, "hand") == [("1", ' form="reroll"')]
    assert moves_of(table) == DEALT


def test_a_photo_of_two_dice_is_refused_with_a_sentence(new_table):
    table = dealt(new_table)
    answer = send_photo(table, TWO, action="reroll", hand="2")
    assert answer.status_code == 422
    page = html.unescape(answer.text)
    assert (
        "The photo shows 2 dice, and this is a roll of 1 die: take it again with that die "
        "alone, or tap it in." in page
    )
    # The re-roll stays open on the die chosen, its faces to tap as before.
    section = reroll_section(page)
    assert '<details class="reroll" open>' in page
    assert ticked(section, "hand") == [("2", ' form="reroll"')]
    assert ticked(section, "value") == [] and "Enter the re-roll" not in section
    assert moves_of(table) == DEALT


def test_once_re_rolled_the_turn_takes_no_photo(new_table):
    table = dealt(new_table)
    assert table.post(action="reroll", hand="0", value="6").status_code == 302
    answer = send_photo(table, DIE, action="reroll", hand="1")
    assert answer.status_code == 422
    assert "There is no roll to enter now from a photo: tap it in." in answer.text
    assert moves_of(table) == DEALT + 1


def test_a_kept_field_comes_back_only_as_short_as_a_choice_and_the_reading_wins(new_table):
    table = dealt(new_table)
    answer = send_photo(table, DIE, action="reroll", hand="0" * 41, value="6")
    assert answer.status_code == 200, answer.text
    section = reroll_section(html.unescape(answer.text))
    assert ticked(section, "hand") == []  # too long for a choice: left out
    assert ticked(section, "value") == [("5", ' form="reroll"')]  # the reading, not the post


def test_a_photo_of_the_die_drawn_after_a_placement_fills_its_colour_and_value(new_table):
    table = dealt(new_table)
    assert table.post(action="place", hand="0", cell="2,3").status_code == 302  # now the draw
    assert 'type="file" name="photo"' in table.page()
    placed = moves_of(table)
    answer = send_photo(table, DIE)
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    assert "Read from the photo: green 5. Then enter the die." in page
    assert re.findall(r'name="([cd]0)" value="(\w)"[^>]*checked', page) == [
        ("c0", "g"),
        ("d0", "5"),
    ]
    assert "Enter Ann’s die</button>" in page  # checked first, not sent by a tap
    assert moves_of(table) == placed
    assert table.post(action="draw", c0="g", d0="5").status_code == 302
    assert moves_of(table) == placed + 1


def test_a_photo_of_two_dice_for_the_one_drawn_is_refused(new_table):
    table = dealt(new_table)
    table.post(action="place", hand="0", cell="2,3")
    placed = moves_of(table)
    answer = send_photo(table, TWO)
    assert answer.status_code == 422
    assert "The photo shows 2 dice" in html.unescape(answer.text)
    assert moves_of(table) == placed


def test_a_photo_of_the_black_grid_fills_it_row_by_row(new_table):
    table = new_table("sixd-three")
    answer = send_photo(table, (PHOTOS / "grid.jpg").read_bytes())
    assert answer.status_code == 200, answer.text
    numbers = textarea(answer.text, "board")
    assert numbers.split("\n")[0] == "434215" and len(numbers.split("\n")) == 6
    assert moves_of(table) == 0
    assert table.post(action="board", board=numbers).status_code == 302
    assert moves_of(table) == 1


def test_a_photo_of_a_hand_dealt_fills_each_dies_colour_and_value(new_table, monkeypatch):
    table = new_table("sixd-three")
    unsure_of(monkeypatch, 0, 2)
    grid = "\n".join(["123456", "234561", "345612", "456123", "561234", "612345"])
    assert table.post(action="board", board=grid).status_code == 302  # now the deal
    answer = send_photo(table, (PHOTOS / "hand.jpg").read_bytes())
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    taps = re.findall(r'name="([cd]\d)" value="(\w)"[^>]*checked', page)
    assert sorted(taps) == [
        ("c0", "r"),
        ("c1", "g"),
        ("c2", "b"),
        ("d0", "2"),
        ("d1", "1"),
        ("d2", "2"),
    ]
    assert (
        "Read from the photo: red 2, green 1, blue 2. Check the red 2 at top left and the "
        "blue 2 at the bottom: marked ?." in page
    )  # named by where they lie in the photo
    assert page.count('class="die-taps unsure"') == 2
    assert moves_of(table) == 1
    sent = table.post(action="draw", c0="r", d0="2", c1="g", d1="1", c2="b", d2="2")
    assert sent.status_code == 302 and moves_of(table) == 2
