"""A two-player Six D Three game on a phone, from the black grid to the last die: the grid
typed on the number pad, every draw a colour and a value tapped, a re-roll, every placement
a hand die and a cell with the referee's sum shown before it is confirmed."""

from __future__ import annotations

import pytest

from tests.browser.targets import seed_position_fits
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL
GRID = "513626245134364215152643631452426315"


def draw(page, player, *dice: str) -> None:
    """Tap each die's colour and value ("4g"); a draw of one die posts on the value."""
    for i, die in enumerate(dice):
        taps = page.locator(".die-taps").nth(i)
        taps.locator(f".colour-taps input[value='{die[1]}'] + .pad-chip").tap()
        face = taps.locator(".value-taps .face-tap").nth(int(die[0]) - 1)
        if len(dice) == 1:
            with page.expect_navigation():
                face.tap()
            return
        face.tap()
    player.press(f"Enter {page.locator('.turn h2').inner_text().split()[0]}’s dice")


def pick(page, die: int, row: int, col: int) -> str:
    """Tap a hand die, then a cell: what the referee would say."""
    page.locator(".hand .face-tap").nth(die).tap()
    page.locator(f"form.tap-board button.cell[value='{row},{col}']").tap()
    return page.locator(".tap-confirm output").inner_text()


def place(page, row: int, col: int) -> None:
    """Confirm the cell picked with a second tap on it."""
    with page.expect_navigation():
        page.locator(f"form.tap-board button.cell[value='{row},{col}']").tap()


@pytest.mark.long(35)
def test_two_player_sixd_three_game_to_the_end(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/sixd-three")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Ann")
    page.locator("input[name='players-1']").fill("Bo")
    player.press("Start the table")
    assert "Ann rolls the 36 black dice" in player.ruling()

    # The grid on the number pad: six to a row, the count checked as the digits come.
    digits = page.locator(".entry-digits input")
    status = page.locator(".entry-status")
    digits.type(GRID[:20])
    assert status.inner_text() == "20 of 36 dice."
    assert page.locator(".entry-grid .cell .gface").count() == 20
    digits.type(GRID[20:])
    assert status.inner_text() == "36 dice: ready."
    assert digits.input_value() == " ".join(GRID[i : i + 6] for i in range(0, 36, 6))
    player.shot("sixd-three-grid")
    player.press("Enter the grid")
    assert "The grid is entered. Ann draws three dice" in player.ruling()

    # The deal: a colour and a value a die; the faces take the colour tapped.
    first = page.locator(".die-taps").first
    first.locator("input[value='g'] + .pad-chip").tap()
    assert "c-g" in first.locator(".value-taps .gface").first.get_attribute("class")
    player.shot("sixd-three-deal")
    draw(page, player, "2g", "4r", "4g")
    assert "Ann drew a green 2, a red 4 and a green 4. Bo draws three dice" in player.ruling()
    draw(page, player, "6g", "4y", "3b")
    assert "Every hand is dealt: Ann may re-roll one die, then places one." in player.ruling()
    assert page.locator(".bag-total").inner_text() == "30 in the bag:"
    assert page.locator(".bag-colour").first.inner_text() == "red ×5"

    # A cell first: the referee asks for the hand die; then the sum, before anything is sent.
    page.locator("form.tap-board button.cell[value='1,1']").tap()
    assert page.locator(".tap-confirm output").inner_text() == (
        "Tap a die of your hand first, then the cell."
    )
    assert page.get_by_role("button", name="Place", exact=True).is_disabled()
    page.locator(".hand .face-tap").nth(2).tap()
    assert page.locator(".tap-confirm output").inner_text() == (
        "The green 4 on the black 4 at row 2, column 2: 4 + 4 on a black 4 = 8."
    )
    page.get_by_role("button", name="Cancel").tap()

    # The re-roll takes the die tapped in the hand, once a turn.
    page.locator(".hand .face-tap").first.tap()
    page.locator("details.reroll summary").tap()
    assert page.locator(".reroll-which").inner_text() == (
        "Re-roll the green 2: tap the value it shows now."
    )
    with page.expect_navigation():
        page.locator("details.reroll .value-taps button").nth(1).tap()  # it shows 2 again
    assert "Ann re-rolled the green 2: it shows 2. Ann places a die." in player.ruling()
    assert not page.locator("details.reroll").count()

    said = pick(page, 0, 2, 3)
    assert said == "The green 2 on the black 2 at row 3, column 4: 2 + 2 on a black 2 = 4."
    place(page, 2, 3)
    assert "Ann placed the green 2 at row 3, column 4: 2 + 2 on a black 2 = 4." in player.ruling()
    draw(page, player, "1p")
    # Bo's green 6 beside Ann's green 2: the chain is marked and summed.
    said = pick(page, 0, 2, 2)
    assert said == (
        "The green 6 on the black 4 at row 3, column 3: 6 + 2 through the green chain = 8."
    )
    assert page.locator(".cell.chain").count() == 1
    player.shot("sixd-three-preview")
    place(page, 2, 2)
    assert "Bo placed the green 6 at row 3, column 3: 6 + 2 through the green chain = 8." in (
        player.ruling()
    )
    assert page.locator(".cell.chain").count() == 1  # the sum's chain, until the draw
    player.shot("sixd-three-draw")

    # The rest: the first hand die on the first free cell, the first colour left in the bag.
    placed = 2
    while "Game over" not in player.ruling():
        if page.locator("form.draw").count():
            colour = page.locator(".die-taps .colour-taps input:not([disabled])").first
            draw(page, player, f"{placed % 6 + 1}{colour.get_attribute('value')}")
            continue
        cell = page.locator("form.tap-board button.cell").first
        row, col = cell.get_attribute("value").split(",")
        if page.locator("form.tap-board button.cell").count() > 1:
            assert " = " in pick(page, 0, int(row), int(col))
        place(page, int(row), int(col))
        placed += 1
        if placed == 20:
            player.shot("sixd-three-mid-game")
    assert placed == 36
    assert page.locator(".over h2").inner_text().endswith(("wins", "win"))
    assert page.locator(".over .board .cell .gface.c-k").count() == 0  # every cell covered
    assert page.locator(".turns > ol > li").count() == 12  # the last twelve placements
    player.shot("sixd-three-over")


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


# (seed, moves kept): None keeps half the moves; a number keeps that many (a setting up).
@pytest.mark.parametrize(
    ("seed", "kept"),
    [
        ("sixd-three-finished", None),
        ("sixd-three-finished", 0),  # the black grid typed in
        ("sixd-three-finished", 1),  # the deal: colours and values of three dice
    ],
    ids=str,
)
def test_every_tap_target_is_44_px_on_a_320_px_phone(live_server, browser, stored, seed, kept):
    seed_position_fits(live_server, browser, stored, seed, kept)
