"""A roll goes in with as many taps as it has dice, in every game with a roll to enter (one
more, Enter, on a phone that prefers to send it itself): issue 16.  A short scripted turn of
every game takes no more taps than the table in docs/playing.md says: issue 25."""

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


# --- How many taps a short scripted turn takes, game by game (issue 25) ---------------------
#
# A tap is one touch on the screen; a typed field is one tap to focus it and one per key.
# Each script plays a short turn (a whole game where one is short) the quickest way the page
# offers; the figures go in docs/playing.md ("Tap counts").  SB_EACH and FIVE_EACH are the
# same turns tapped die by die, as before issue 25 (Six D Four's two passes were two taps more).


class Taps:
    """Counts the taps a script makes on a phone page."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def tap(self, locator) -> None:
        """One tap."""
        self.count += 1
        locator.tap()

    def send(self, locator) -> None:
        """One tap that sends a form; waits for the next page."""
        self.count += 1
        with self.page.expect_navigation():
            locator.tap()

    def button(self, name: str) -> None:
        """A tap on the submit button named ``name``."""
        self.send(self.page.get_by_role("button", name=name, exact=True))

    def type(self, locator, text: str) -> None:
        """A tap on the field, then one per key."""
        self.count += 1 + len(text)
        locator.tap()
        locator.type(text)

    def roll(self, *values: int, keys: tuple[int, ...] = ()) -> None:
        """A roll on the tap pad: a tap per die; the last one sends it."""
        pad = [("d", v) for v in values] + [("k", v) for v in keys]
        for group, value in pad[:-1]:
            self.tap(self._face(group, value))
        self.send(self._face(*pad[-1]))

    def _face(self, group: str, value: int):
        row = self.page.locator(f"form.roll .pad-group[data-group={group}] .faces:not(.minus)")
        return row.locator(".face-tap").nth(value - 1)

    def picks(self, *indexes: int) -> None:
        """Dice tapped on the table by position."""
        for i in indexes:
            self.tap(self.page.locator("form.set-aside").first.locator("label.pick").nth(i))


def tenk_turn(taps: Taps) -> None:
    taps.roll(1, 1, 1, 2, 3, 4)
    taps.picks(0, 1, 2)
    taps.button("Set aside and bank")


def sb_turn(taps: Taps) -> None:
    """Keys 2 and 5 first (one tap for both), then three 3s between them, banked at once."""
    taps.roll(3, 3, 3, 3, 1, 2, 5, 6, keys=(2, 5))
    taps.tap(taps.page.get_by_role("button", name="Both keys"))
    taps.button("Set aside")
    taps.roll(3, 3, 3, 1, 1, 2, 5, 6)
    taps.tap(taps.page.get_by_role("button", name="All 3s (3)"))
    taps.button("Set aside and bank")
    assert "banked split keys 2-5: 3 between x 2" in taps.page.locator(".ruling").inner_text()


def sb_each(taps: Taps) -> None:
    """The same turn die by die, then Set aside and Bank: the taps before issue 25."""
    taps.roll(3, 3, 3, 3, 1, 2, 5, 6, keys=(2, 5))
    taps.picks(8, 9)
    taps.button("Set aside")
    taps.roll(3, 3, 3, 1, 1, 2, 5, 6)
    taps.picks(0, 1, 2)
    taps.button("Set aside")
    taps.button("Bank 6")


def lucky7_turn(taps: Taps) -> None:
    taps.roll(3, 4, 6, 6, 6, 6, 6, 6)
    rows = taps.page.locator("form.sevens fieldset.group-row")
    for die in (0, 1):
        taps.tap(rows.nth(die).locator("label.face", has_text="A"))
    taps.button("Score and bank")


def solitaire_turn(taps: Taps) -> None:
    taps.roll(3, 4, 3, 4, 6)
    for i in (0, 1, 2, 3):
        taps.tap(taps.page.locator(".builder .die-button").nth(i))
    taps.send(taps.page.locator(".split-option.match"))


def sixd_one_turn(taps: Taps) -> None:
    """The board laid out, then the first die placed (a tap to pick, a tap to place)."""
    taps.type(taps.page.locator(".entry-digits input"), "123456654321")
    taps.button("Lay out the board")
    cell = taps.page.locator("form.tap-board button.cell").first
    taps.tap(cell)
    taps.send(cell)


def sixd_two_turn(taps: Taps) -> None:
    taps.tap(taps.page.locator("form.take-typed .pad-chip.c-r"))
    taps.type(taps.page.locator("input[name=values]"), "56")
    taps.button("Take the pair")
    taps.button("No pair left: end round 1")


def sixd_three_turn(taps: Taps) -> None:
    """The grid, both hands dealt, the first die placed."""
    taps.type(taps.page.locator(".entry-digits input"), "513626245134364215152643631452426315")
    taps.button("Enter the grid")
    for name, hand in (("Ann", ("2g", "4r", "4g")), ("Bo", ("6g", "4y", "3b"))):
        for i, die in enumerate(hand):
            row = taps.page.locator(".die-taps").nth(i)
            taps.tap(row.locator(f".colour-taps input[value='{die[1]}'] + .pad-chip"))
            taps.tap(row.locator(".value-taps .face-tap").nth(int(die[0]) - 1))
        taps.button(f"Enter {name}’s dice")
    taps.tap(taps.page.locator(".hand .face-tap").nth(2))
    cell = taps.page.locator("form.tap-board button.cell[value='1,1']")
    taps.tap(cell)
    taps.send(cell)


def sixd_four_game(taps: Taps) -> None:
    """A whole game: fifty placements fill the board; the referee passes for both."""
    from tests.games.sixd_four.test_web import FULL_BOARD

    for row, col in FULL_BOARD:
        cell = taps.page.locator(f"form.tap-board button.cell[value='{row},{col}']")
        if taps.page.locator("form.tap-board button.cell").count() > 1:
            taps.tap(cell)
        taps.send(cell)
    assert "Game over: Ann wins with 2." in taps.page.locator(".ruling").inner_text()


def sixd_five_game(taps: Taps) -> None:
    """A whole game of 36 dice: the stack entered once, as a count, then the sides."""
    taps.type(taps.page.locator("input[name=count]"), "36")
    taps.button("Enter the stack")
    sides(taps)


def sixd_five_each(taps: Taps) -> None:
    """The same game a tap per die: the taps before issue 25."""
    for _ in range(36):
        taps.send(taps.page.locator("button[value=place]"))
    sides(taps)


def sides(taps: Taps) -> None:
    taps.type(taps.page.locator("input[name=side0]"), "99")
    taps.type(taps.page.locator("input[name=side1]"), "98")
    taps.button("Enter the sides")
    assert "Game over: Ann wins with 99." in taps.page.locator(".ruling").inner_text()


def sixd_six_turn(taps: Taps) -> None:
    """The rolled square: the values typed, each colour picked and its dice tapped."""
    from tests.games.sixd_six.test_browser import seed_moves

    board = seed_moves()[0]["board"]
    taps.type(taps.page.locator(".entry-digits input"), "".join(d[0] for row in board for d in row))
    for letter in "rygbop":
        taps.tap(taps.page.locator(f".paint-colour[data-colour='{letter}']"))
        for r, row in enumerate(board):
            for c, die in enumerate(row):
                if die[1] == letter:
                    grid = taps.page.locator(".paint-grid .board-row").nth(r)
                    taps.tap(grid.locator(".cell").nth(c))
    taps.button("Enter the square")


# (game, players, options, script, most taps allowed): the figures docs/playing.md gives.
SCRIPTS = [
    ("tenk", 2, {}, tenk_turn, 10),
    ("sb", 2, {}, sb_turn, 22),
    ("sb", 2, {}, sb_each, 26),
    ("solitaire", 1, {}, solitaire_turn, 10),
    ("lucky7", 2, {}, lucky7_turn, 11),
    ("sixd-one", 2, {}, sixd_one_turn, 16),
    ("sixd-two", 2, {}, sixd_two_turn, 6),
    ("sixd-three", 2, {}, sixd_three_turn, 55),
    ("sixd-four", 2, {}, sixd_four_game, 99),
    ("sixd-five", 2, {}, sixd_five_game, 11),
    ("sixd-five", 2, {}, sixd_five_each, 43),
    ("sixd-six", 3, {}, sixd_six_turn, 80),
]


@pytest.mark.parametrize(
    ("slug", "seats", "options", "script", "most"),
    SCRIPTS,
    ids=[f"{s[0]}-{s[3].__name__}" for s in SCRIPTS],
)
def test_taps_of_a_short_scripted_turn(
    live_server, phone, new_table, slug, seats, options, script, most
):
    table = new_table(slug, ("Ann", "Bo", "Cy")[:seats], **options)
    phone.goto(live_server + table.url)
    taps = Taps(phone)
    script(taps)
    print(f"\ntaps {slug} {script.__name__}: {taps.count}")
    assert taps.count <= most
