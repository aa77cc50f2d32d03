"""A roll goes in with as many taps as it has dice, in every game with a roll to enter (one
more, Enter, on a phone that prefers to send it itself): issue 16."""

from __future__ import annotations

import itertools
import json

import pytest

from referee.games import all_games

pytestmark = pytest.mark.browser

VALUES = (2, 2, 3, 3, 4, 6)  # no straight, so no game stops to ask about one


def rolling_games():
    """The games whose first move is a roll entered on the tap pad."""
    found = []
    for game in all_games():
        state = game.start(
            tuple(f"P{i}" for i in range(max(2, game.MIN_PLAYERS))),
            {o.name: o.default for o in game.OPTIONS},
        )
        if game.dice_to_roll(state):
            found.append((game, game.dice_to_roll(state), game.keys_to_roll(state)))
    return found


def taps_for(dice, keys):
    """The (group, face) taps of a roll of ``dice`` dice and ``keys`` keys."""
    faces = itertools.cycle(VALUES)
    return [("d", next(faces)) for _ in range(dice)] + [("k", next(faces)) for _ in range(keys)]


def tap(page, group, face):
    """One tap on the pad: ``face`` in the row of ``group``."""
    row = page.locator(f"form.roll .pad-group[data-group={group}] .faces:not(.minus) .face-tap")
    row.nth(face - 1).tap()


def last_roll(client, table):
    """The dice of the table's last stored move."""
    return json.loads(client.get(f"{table.url}/log.json").data)["moves"][-1]["dice"]


@pytest.mark.parametrize(
    ("game", "dice", "keys"), rolling_games(), ids=lambda x: getattr(x, "SLUG", str(x))
)
def test_a_roll_takes_one_tap_per_die(live_server, phone, new_table, client, game, dice, keys):
    players = tuple(f"P{i}" for i in range(max(2, game.MIN_PLAYERS)))
    table = new_table(game.SLUG, players)
    phone.goto(live_server + table.url)
    phone.evaluate("window.stayed = true")
    taps = taps_for(dice, keys)
    for group, face in taps[:-1]:
        tap(phone, group, face)
    assert phone.evaluate("window.stayed")  # nothing sent before the last die
    with phone.expect_navigation():
        tap(phone, *taps[-1])
    assert len(last_roll(client, table)) == dice + keys == len(taps)


@pytest.mark.parametrize(
    ("game", "dice", "keys"), rolling_games(), ids=lambda x: getattr(x, "SLUG", str(x))
)
def test_with_enter_preferred_a_roll_takes_one_tap_more(
    live_server, phone, new_table, client, game, dice, keys
):
    players = tuple(f"P{i}" for i in range(max(2, game.MIN_PLAYERS)))
    table = new_table(game.SLUG, players)
    phone.goto(live_server + table.url)
    phone.locator(".pad-auto input").uncheck()
    taps = taps_for(dice, keys)
    for group, face in taps:
        tap(phone, group, face)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Enter roll", exact=True).tap()
    assert len(last_roll(client, table)) == len(taps)
