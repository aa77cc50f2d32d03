"""Keys and Base Dice's roll read from a photo: the keys told from the base dice by the
colour the table chose for them (a table setting, red by default), said on the help page and
on the photo button.  The photos are renders (``tests/web/photos/make.py``)."""

from __future__ import annotations

import html
import re

from tests.conftest import ONE_DATABASE
from tests.web.test_photos import GREEN_KEYS, KEYS, checked, moves_of, read_as, send_photo


@ONE_DATABASE  # the reading does not depend on the database
def test_keys_and_base_dice_are_told_apart_by_the_keys_colour(new_table):
    table = new_table("sb")  # the keys' colour: red, the default
    answer = send_photo(table, KEYS)
    assert answer.status_code == 200, answer.text
    assert checked(answer.text) == ["5", "4", "3", "2", "6", "2", "6", "4"]
    keys = dict(re.findall(r'name="k(\d)" value="(\d)" checked', answer.text))
    assert keys == {"0": "5", "1": "4"}
    assert "Read from the photo: 5 4 3 2 6 2 6 4, keys 5 4." in answer.text
    assert moves_of(table) == 0
    sent = table.roll(5, 4, 3, 2, 2, 6, 4, 6, k0="5", k1="4")
    assert sent.status_code == 302 and moves_of(table) == 1


@ONE_DATABASE
def test_the_keys_are_the_dice_of_the_colour_the_table_chose(new_table):
    """Green keys: the red dice of the photo are base dice, the green ones the keys."""
    table = new_table("sb", table_settings={"key_colour": "green"})
    answer = send_photo(table, GREEN_KEYS)
    assert answer.status_code == 200, answer.text
    read = read_as(GREEN_KEYS).dice
    assert checked(answer.text) == [str(d.value) for d in read if d.colour == "red"]
    keys = dict(re.findall(r'name="k(\d)" value="(\d)" checked', answer.text))
    assert keys == {
        str(i): str(d.value) for i, d in enumerate(d for d in read if d.colour == "green")
    }
    assert len(keys) == 2
    assert moves_of(table) == 0
    red = send_photo(new_table("sb"), GREEN_KEYS)  # a table of red keys: 8 red dice
    assert red.status_code == 422
    assert "The photo shows 8 red dice, and this roll has 2 keys of that colour" in red.text


@ONE_DATABASE
def test_a_photo_without_the_keys_of_the_tables_colour_says_so(new_table):
    table = new_table("sb", table_settings={"key_colour": "green"})  # the photo's keys: red
    answer = send_photo(table, KEYS)
    assert answer.status_code == 422
    assert "The photo shows 0 green dice, and this roll has 2 keys of that colour" in answer.text
    assert moves_of(table) == 0


def test_the_help_page_says_how_a_photo_tells_the_keys(client):
    page = html.unescape(client.get("/games/sb").text)
    assert "The photo tells the keys by their colour" in page
    assert "the keys’ colour is chosen when the table is started" in page


def test_the_photo_form_names_the_keys_colour_of_the_table(new_table):
    """Keys and Base Dice's page says which colour the photo takes for keys."""
    assert 'Photo <span class="photo-what">of the dice, keys red</span>' in new_table("sb").page()
    green = new_table("sb", table_settings={"key_colour": "green"})
    assert 'Photo <span class="photo-what">of the dice, keys green</span>' in green.page()
